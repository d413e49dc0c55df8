"""The words of the system and of the libraries under the package, in Russian: the system's OSError texts
(strerror, `os_error`), Python's and the JSON and YAML readers' complaints, the command line parser's usage errors
(an unknown option, a missing argument), a library exception's text nested in a message of ours. They are English
as the library writes them; say.error_text, cli.fail and messages.Foreign (a library's reason inside a sentence)
say them in Russian through this table. Also, for now, the engine's few raise sites (kozel_stats/engine/bots.py,
codes.py: the precompiled archives are built from those sources, so they change with the next rebuild).

The package's own sentences are NOT here: every error and notice of the package is raised by key, its English and
Russian side by side in the message table (kozel_stats/text/messages.py, `KozelError.keyed`; docs/development.md).
A new sentence goes there, never here: tests/test_russian.py fails on a raise site that writes its own sentence.

A replacement names the groups of its pattern: \\1 as it is (a path, an option, a value the user typed), \\T1
translated in turn (a library's reason nested in its own message). What no pattern matches stays as it is; the
detail a library gives in parentheses after its exception's name stays as the library wrote it.
"""

from __future__ import annotations

import errno
import os
import re
from collections.abc import Callable

Replacement = str | Callable[["re.Match[str]"], str]


# --- what the system and the libraries say ---------------------------------------------------------------------------
#: errno -> the system's complaint in Russian (the English one is os.strerror's, and the C library's)
STRERROR_RU = {
    errno.ENOENT: "нет такого файла или папки",
    errno.EACCES: "нет прав доступа",
    errno.EPERM: "операция не разрешена",
    errno.ENOSPC: "на диске нет места",
    errno.EISDIR: "это папка",
    errno.ENOTDIR: "это не папка",
    errno.EROFS: "файловая система только для чтения",
    errno.EEXIST: "файл уже существует",
    errno.ENOTEMPTY: "папка не пуста",
    errno.EMFILE: "открыто слишком много файлов",
    errno.ENFILE: "в системе открыто слишком много файлов",
    errno.ENAMETOOLONG: "слишком длинное имя файла",
    errno.EDQUOT: "дисковая квота исчерпана",
    errno.EIO: "ошибка ввода-вывода",
    errno.EBUSY: "устройство или ресурс заняты",
    errno.ELOOP: "слишком много символических ссылок",
    errno.EXDEV: "нельзя переместить между разными файловыми системами",
    errno.EFBIG: "файл слишком велик",
    errno.ENOMEM: "не хватает памяти",
    errno.EINVAL: "недопустимый аргумент",
    errno.EAGAIN: "ресурс временно недоступен",
    errno.EPIPE: "канал закрыт",
    errno.ECONNREFUSED: "в соединении отказано",
    errno.ECONNRESET: "соединение сброшено",
    errno.ETIMEDOUT: "время ожидания соединения истекло",
    errno.EHOSTUNREACH: "узел недоступен",
    errno.ENETUNREACH: "сеть недоступна",
    errno.EADDRNOTAVAIL: "адрес недоступен",
}

#: what the libraries say in words of their own: the resolver's, the socket's timeout, JSON's, libyaml's
_LIBRARY_RU = {
    "Name or service not known": "такого имени узла нет",
    "Temporary failure in name resolution": "имя узла сейчас не находится (временный сбой)",
    "No address associated with hostname": "у имени узла нет адреса",
    "timed out": "время ожидания истекло",
    "Expecting value": "ожидалось значение",
    "Expecting ',' delimiter": "ожидалась запятая",
    "Expecting ':' delimiter": "ожидалось двоеточие",
    "Expecting property name enclosed in double quotes": "ожидалось имя поля в двойных кавычках",
    "Unterminated string starting at": "строка не закрыта",
    "Invalid control character at": "недопустимый управляющий символ",
    "Invalid \\escape": "недопустимая последовательность с обратной косой чертой",
    "Invalid \\uXXXX escape": "недопустимая последовательность \\uXXXX",
    "Extra data": "лишние данные после конца",
    "Illegal trailing comma before end of object": "лишняя запятая перед концом объекта",
    "Illegal trailing comma before end of array": "лишняя запятая перед концом списка",
    "did not find expected node content": "не найдено ожидаемое значение",
    "mapping values are not allowed in this context": "здесь нельзя писать «ключ: значение»",
    "mapping values are not allowed here": "здесь нельзя писать «ключ: значение»",
    "found character that cannot start any token": "символ, с которого ничто не может начинаться (табуляция?)",
    "found undefined alias": "ссылка на неизвестный якорь",
    "found unexpected end of stream": "файл кончился раньше времени",
    "found unknown escape character": "неизвестная последовательность с обратной косой чертой",
    "did not find expected key": "не найден ожидаемый ключ",
    "could not find expected ':'": "не найдено ожидаемое ':'",
    "second occurrence": "якорь повторён",
    "maximum recursion depth exceeded": "вложенность слишком глубока",
    "maximum recursion depth exceeded while decoding a JSON array from a unicode string": (
        "вложенность слишком глубока"
    ),
    "maximum recursion depth exceeded while decoding a JSON object from a unicode string": (
        "вложенность слишком глубока"
    ),
}

#: the command line's arguments, named by the parser after their parameters
ARGUMENTS_RU = {
    "variant": "вариант",
    "name": "имя варианта",
    "records": "файл записей партий",
    "bot_a": "бот пары A",
    "bot_b": "бот пары B",
    "folder": "папка с результатами",
}


def os_error(exc: OSError, lang: str = "ru") -> str:
    """An OSError in one paragraph: 'PATH: нет такого файла или папки' (ru; the path as the system gave it),
    'PATH: No such file or directory' (en, the system's words)."""
    words = STRERROR_RU.get(exc.errno) if exc.errno is not None and lang == "ru" else None
    if lang != "ru":
        words = exc.strerror or str(exc)
    elif words is None:
        words = translate(exc.strerror) if exc.strerror else translate(str(exc))
        if words == exc.strerror and exc.errno is not None:  # a rarer one: its symbol, not the English words
            words = f"системная ошибка {errno.errorcode.get(exc.errno, exc.errno)}"
    where = " → ".join(str(f) for f in (exc.filename, exc.filename2) if f)
    return f"{where}: {words}" if where else words


def _errno_text(m: re.Match[str]) -> str:
    """'[Errno 2] No such file or directory: 'x'' (str() of an OSError) in Russian."""
    exc = OSError(int(m[1]), m[2])
    words = os_error(exc)
    return f"{m[3]}: {words}" if m[3] else words


def _missing(m: re.Match[str]) -> str:
    name = m[1]
    known = ARGUMENTS_RU.get(name.strip("'"))
    return f"не хватает аргумента {name}" + (f" ({known})" if known else "") + "."


# --- the libraries' sentences ----------------------------------------------------------------------------------------
_RULES: list[tuple[str, Replacement]] = [
    # the system's and Python's words: a JSON reader's place, a byte that is not UTF-8, an OSError's str(),
    # Python's digit limit
    (r"^(.+?): line (\d+) column (\d+) \(char (\d+)\)$", r"\T1: строка \2, столбец \3 (символ \4)"),
    (
        r"^'utf-8' codec can't decode bytes? (.+?) in position (\d+)(?:-\d+)?: (.+)$",
        r"не UTF-8: байт \1 на позиции \2",
    ),
    (r"^\[Errno (-?\d+)\] (.+?)(?:: '(.*)')?$", _errno_text),
    (r"^Exceeds the limit \((\d+) digits\) for integer string conversion.*$", r"целое число длиннее \1 цифр"),
    # the command line parser (usage errors: typer's own copy of click)
    (r"^No such option: (\S+) \(Possible options: (.+)\)$", r"параметра \1 нет. Вы имели в виду \2?"),
    (r"^No such option: (\S+)$", r"параметра \1 нет."),
    (r"^No such option '(.+?)'\.$", r"параметра '\1' нет."),
    (r"^No such command '(.+?)'\. Did you mean (.+)\?$", r"команды '\1' нет. Вы имели в виду \2?"),
    (r"^No such command '(.+?)'\.$", r"команды '\1' нет."),
    (r"^Missing argument ('.+?')\.$", _missing),
    (r"^Missing option ('.+?'(?: / '.+?')*)\.$", r"не хватает параметра \1."),
    (r"^Missing command\.$", "не указана команда."),
    (r"^Invalid value for ('.+?'(?: / '.+?')*): (.+)$", r"недопустимое значение \1: \T2"),
    (r"^Input should be a valid integer.*$", "нужно целое число"),
    (r"^Input should be a valid number.*$", "нужно число"),
    (r"^Input should be a valid boolean.*$", "нужно true или false"),
    (r"^'(.*?)' is not a valid integer( range)?\.?$", r"'\1' — не целое число"),
    (r"^'(.*?)' is not a valid float( range)?\.?$", r"'\1' — не число"),
    (r"^Option '(.+?)' requires an argument\.$", r"параметру '\1' нужно значение."),
    (r"^Option '(.+?)' requires (\d+) arguments\.$", r"параметру '\1' нужны значения: \2."),
    (r"^Option '(.+?)' does not take a value\.$", r"параметр '\1' не принимает значения."),
    (r"^Got unexpected extra argument(?:\(s\)|s)? \((.+)\)$", r"лишние аргументы: \1."),
    (r"^Argument '(.+?)' takes (\d+) values\.$", r"аргументу '\1' нужны значения: \2."),
    (r"^Aborted!$", "прервано."),
]

RULES: list[tuple[re.Pattern[str], Replacement]] = [(re.compile(p), r) for p, r in _RULES]
_LIBRARY = {**{os.strerror(code): words for code, words in STRERROR_RU.items()}, **_LIBRARY_RU}


def _expand(repl: Replacement, found: re.Match[str]) -> str:
    """A replacement with its groups: \\1 as matched, \\T1 translated."""
    if callable(repl):
        return repl(found)

    def group(token: re.Match[str]) -> str:
        value = found[int(token[2])] or ""
        return translate(value) if token[1] == "T" else value

    return re.sub(r"\\(T?)(\d+)", group, repl)


def translate(text: str) -> str:
    """A library's English words in Russian: the first rule that matches, the library's words, else the part
    after 'WHERE: ' translated (the place kept), else the text as it was."""
    for pattern, repl in RULES:
        found = pattern.search(text)
        if found:
            return text[: found.start()] + _expand(repl, found) + text[found.end() :]
    words = _LIBRARY.get(text)
    if words is not None:
        return words
    if text.endswith(".") and len(text) > 1:  # a reason that ends a sentence: 'PATH: No such file or directory.'
        said = translate(text[:-1])
        if said != text[:-1]:
            return said if said.endswith(".") else said + "."
    head, sep, tail = text.partition(": ")  # "PATH: [Errno 13] …", "x.yaml: …": the words after the place
    if sep and tail:
        said = translate(tail)
        if said != tail:
            return f"{head}: {said}"
    return text
