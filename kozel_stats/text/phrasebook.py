"""The error messages in Russian: every English sentence the package can stop with, as a regular expression and
its Russian (say.error_text and cli.fail read it under --lang ru). Also the words of the libraries under it that
reach the user: the system's OSError texts (strerror), the command line parser's usage errors (an unknown option,
a missing argument), the JSON and YAML readers' complaints.

An error raised with `KozelError(..., ru=...)` carries its own Russian and never comes here. The rest is English
in the code (one text to grep for, and the English user reads it as written) and Russian here; the test
tests/test_russian.py::test_every_error_message_has_its_russian reads every raise site of the package and fails
when a message has neither.

A replacement names the groups of its pattern: \\1 as it is (a path, an option, a value the user typed), \\T1
translated in turn (a reason nested in a message: '(ValueError: field … has …)'), \\N1 a count written the
English way (1,000,000) in the Russian way (1 000 000). What no pattern matches stays as it is; the detail a
library gives in parentheses after its exception's name stays as the library wrote it.
"""

from __future__ import annotations

import errno
import os
import re
from collections.abc import Callable

NBSP = "\u00a0"

Replacement = str | Callable[["re.Match[str]"], str]


def _number(text: str) -> str:
    """1,000,000 -> 1 000 000 (a non-breaking space from five digits on, as say.count writes it)."""
    digits = text.replace(",", "")
    if not digits.lstrip("-").isdigit():
        return text
    n = int(digits)
    return f"{n:,}".replace(",", NBSP) if abs(n) >= 10_000 else str(n)


def _path(en: str, ru: str) -> tuple[str, str]:
    """A message about a file or a folder, 'PATH: sentence.': the sentence's pattern and its Russian, with the
    path (group 1) kept in front; the sentence's own groups are numbered from 2."""
    return rf"^(.+?): {en}$", rf"\1: {ru}"


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

#: a type's name in a message: 'must be int' -> «должно быть целым числом», 'not list' -> «а не список»
TYPE_AS = {"int": "целым числом", "str": "строкой", "list": "списком", "dict": "объектом", "bool": "true или false"}
TYPE_IS = {
    "int": "целое число",
    "str": "строка",
    "list": "список",
    "dict": "объект",
    "bool": "true или false",
    "float": "дробное число",
    "NoneType": "пустое значение",
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


def _list(m: re.Match[str], group: int, sep: str = "; ") -> str:
    """Items 'NAME: reason' joined by `sep`, each translated (a sweep's cells that cannot be played)."""
    return sep.join(translate(item) for item in m[group].split(sep))


def _place(text: str) -> str:
    """Where in a records file: 'games.jsonl, line 3, deal 2, event 5' -> '…, строка 3, сдача 2, событие 5'."""
    text = re.sub(r", line (\d+)", r", строка \1", text)
    text = re.sub(r", deal (\d+)", r", сдача \1", text)
    return re.sub(r", event (\d+)", r", событие \1", text)


def _allowed(text: str) -> str:
    """What a knob allows (rules._allowed_text), as a noun: «целое число от 1 до 10 000», «одно из: …»."""
    found = re.fullmatch(r"an integer from (\S+) to (\S+)", text)
    if found:
        return f"целое число от {_number(found[1])} до {_number(found[2])}"
    if text == "true or false":
        return "true или false"
    double = "one of double-NN (NN one of 00, 11, ..., 66), "
    if text.startswith(double):
        return f"double-NN (NN — одно из 00, 11, …, 66) или одно из: {text[len(double) :]}"
    return re.sub(r"^one of ", "одно из: ", text)


def _missing(m: re.Match[str]) -> str:
    name = m[1]
    known = ARGUMENTS_RU.get(name.strip("'"))
    return f"не хватает аргумента {name}" + (f" ({known})" if known else "") + "."


# --- the sentences ----------------------------------------------------------------------------------------------------
_RULES: list[tuple[str, Replacement]] = [
    # an option's value out of its range (said the same way by every command)
    (
        r"(--[\w-]+) must be from (\S+) to (\S+) seconds, not (.+?)\.$",
        r"\1 должно быть от \2 до \3 с, а не \4.",
    ),
    (r"(--[\w-]+) must be from (\S+) to (\S+) games, not (.+?)\.$", r"\1 — от \N2 до \N3 партий, а не \N4."),
    (
        r"^--max-games must be from --games \((\S+)\) to (\S+), not (\S+)\.$",
        r"--max-games должно быть от --games (\N1) до \N2, а не \N3.",
    ),
    (r"(--[\w-]+) must be from (.+?) to (.+?), not (.+?)\.$", r"\1 должно быть от \N2 до \N3, а не \N4."),
    (r"(--[\w-]+) must be at least (\S+), not (.+?)\.$", r"\1 должно быть не меньше \2, а не \3."),
    (r"(--[\w-]+) must fit in 64 bits, not (.+?)\.$", r"\1 должно помещаться в 64 бита, а не \2."),
    (r"(--[\w-]+) must be ru or en, not (.+?)\.$", r"\1 — это ru или en, а не \2."),
    (r"(--[\w-]+) must be one of (.+?), not (.+?)\.$", r"\1 — одно из: \2, а не \3."),
    (
        r"^--games (\S+) is more than any machine could play; at most (\S+)\.$",
        r"--games \N1 — больше, чем сыграет любая машина; самое большее \N2.",
    ),
    (
        r"^--games (\S+) is fewer than the (\S+) games already played\.$",
        r"--games \N1 — меньше, чем уже сыграно (\N2).",
    ),
    # files and folders
    _path(
        r"the file exists; nothing was done\. Give another name or add --force\.",
        "такой файл уже есть; ничего не сделано. Дайте другое имя или добавьте --force.",
    ),
    _path(r"is a folder; give a file name\.", "это папка; нужно имя файла."),
    _path(r"the folder (.+) does not exist\.", r"папки \2 нет."),
    _path(r"cannot write in (.+)\.", r"в \2 нельзя писать."),
    _path(r"cannot write there \((.+)\)\.", r"туда нельзя писать (\T2)."),
    _path(r"is a file, not a folder\.", "это файл, а не папка."),
    _path(
        r"is a file, not a folder; give a folder for the site\.",
        "это файл, а не папка; для сайта нужна папка.",
    ),
    (
        r"^--out (.+?): the folder already holds a run's results; nothing was played and nothing was changed\. "
        r"Choose another folder, continue that run with --resume, or replace it with --force\.$",
        r"--out \1: в папке уже лежат результаты прогона; ничего не сыграно и не изменено. Выберите другую "
        r"папку, продолжите тот прогон с --resume или замените его с --force.",
    ),
    (
        r"^--out (.+?): --force replaces a kozel-stats results folder, but (.+) there were not written by "
        r"kozel-stats \(or are damaged\); nothing was removed\. Choose another folder, or remove them yourself\.$",
        r"--out \1: --force заменяет папку результатов kozel-stats, но \2 там записала не kozel-stats (или они "
        r"повреждены); ничего не удалено. Выберите другую папку или удалите их сами.",
    ),
    (
        r"^--out (.+?): (.+) is (a symbolic link|not a regular folder|not a regular file); --force only removes "
        r"the files a run wrote\. Nothing was removed\.$",
        r"--out \1: \2 — \T3; --force удаляет только файлы, записанные прогоном. Ничего не удалено.",
    ),
    (r"^a symbolic link$", "символическая ссылка"),
    (r"^a device$", "устройство"),
    (r"^not a regular folder$", "не обычная папка"),
    (r"^not a regular file$", "не обычный файл"),
    _path(
        r"is (a symbolic link|a device|not a regular file); --force only replaces a regular file\. Nothing was "
        r"done; give another name\.",
        r"это \T2; --force заменяет только обычный файл. Ничего не сделано; дайте другое имя.",
    ),
    _path(
        r"is a file of the results folder (.+?); a report, a card or a record never replaces a run's results "
        r"\(not even with --force\)\. Give a name outside its run files\.",
        r"это файл папки результатов \2; отчёт, карточка или запись партий никогда не заменяют результаты "
        r"прогона (даже с --force). Дайте имя вне его файлов.",
    ),
    _path(r"no such results folder\.", "такой папки с результатами нет."),
    _path(r"no such file\.", "такого файла нет."),
    _path(r"no such variant file\.", "такого файла варианта нет."),
    _path(r"is a folder, not a (.+?)\.", "это папка, а не файл."),
    _path(r"cannot be read \((.+)\)\.", r"не читается (\T2)."),
    _path(r"cannot be written \((\w+(?:Error|Exception)): (.*)\)\.", r"не записывается (\2: \T3)."),
    _path(r"cannot be written \((.+)\)\.", r"не записывается (\T2)."),
    (
        r"^no space left on the device for (.+?); the files written before are unchanged\.$",
        r"на диске нет места для \1; файлы, записанные раньше, не изменены.",
    ),
    _path(r"not valid JSON \((.+) at column (\d+)\)\.", r"это не JSON (\T2, столбец \3)."),
    _path(r"not valid JSON \((.+)\)\.", r"это не JSON (\T2)."),
    _path(r"not a UTF-8 text file\.", "это не текстовый файл в UTF-8."),
    (r"^(.+?): line (\d+) column (\d+) \(char (\d+)\)$", r"\T1: строка \2, столбец \3 (символ \4)"),
    (
        r"^'utf-8' codec can't decode bytes? (.+?) in position (\d+)(?:-\d+)?: (.+)$",
        r"не UTF-8: байт \1 на позиции \2",
    ),
    (r"^\[Errno (-?\d+)\] (.+?)(?:: '(.*)')?$", _errno_text),
    (r"^Exceeds the limit \((\d+) digits\) for integer string conversion.*$", r"целое число длиннее \1 цифр"),
    _path(r"holds no game records\.", "в файле нет записей партий."),
    _path(r"holds no games\.", "в нём нет партий."),
    _path(r"holds no finished games\.", "в нём нет доигранных партий."),
    _path(r"folder holds no variant files \(\*\.yaml\)\.", "в папке нет файлов вариантов (*.yaml)."),
    # the lock of a results folder
    (
        r"^(\S+) (.+?): cannot create its lock file (.+) \((.+)\)\.$",
        r"\1 \2: не удаётся создать файл блокировки \3 (\T4).",
    ),
    (
        r"^(\S+) (.+?): another kozel-stats run is writing into this folder \((.+)\); nothing was played and "
        r"nothing was changed\. Wait until it ends, or choose another folder\.$",
        r"\1 \2: в эту папку пишет другой прогон kozel-stats (\T3); ничего не сыграно и не изменено. Дождитесь "
        r"его конца или выберите другую папку.",
    ),
    (
        r"^(\S+) (.+?): another kozel-stats run is writing into this folder \((.+)\); nothing was played and "
        r"nothing was changed\. Wait until it ends, or, if that run is gone, remove (.+)\.$",
        r"\1 \2: в эту папку пишет другой прогон kozel-stats (\T3); ничего не сыграно и не изменено. Дождитесь "
        r"его конца или, если того прогона уже нет, удалите \4.",
    ),
    # notices (say.note): the run goes on
    (
        r"^(.+) holds CSV copies of its tables; they are written again\.$",
        r"в \1 есть CSV-копии таблиц; они записываются заново.",
    ),
    (
        r"^(.+) was locked by a run that is no longer running \((.+)\); this run takes the folder over\.$",
        r"папку \1 заняла программа, которой больше нет (\T2); этот прогон забирает папку себе.",
    ),
    (
        r"^a run is writing into (.+) now \((.+)\); these are the games of its last checkpoint\.$",
        r"в \1 сейчас пишет другой прогон (\T2); здесь партии, сохранённые им в последний раз.",
    ),
    (
        r"^variant (\S+): (.+) cannot be loaded now \((.+)\); the run continues with the rules saved in (.+), "
        r"as it was played\.$",
        r"вариант \1: \2 сейчас не загрузить (\T3); прогон продолжается с правилами, сохранёнными в \4, — "
        r"как он и игрался.",
    ),
    (
        r"^variant (\S+): (.+) has changed since the run began \((.+)\); the run continues with the rules saved "
        r"in (.+), as it was played\. To play the new rules, start a new run\.$",
        r"вариант \1: \2 изменился с начала прогона (\3); прогон продолжается с правилами, сохранёнными в \4, — "
        r"как он и игрался. Чтобы сыграть новые правила, начните новый прогон.",
    ),
    (
        r"^the variant ('.+?') is now called ('.+?') \((.+)\); the old name works until version (\S+)\.$",
        r"вариант \1 теперь называется \2 (\T3); старое имя работает до версии \4.",
    ),
    (
        r"^it opens every game with 66; 00 is lead-lowest-double$",
        "в нём каждая партия начинается с 66; с 00 — это lead-lowest-double",
    ),
    (
        r"^pid (\S+) on (\S+), since (.+?)(?:: (.*))?$",
        lambda m: f"процесс {m[1]} на узле '{m[2]}', с {m[3]}" + (f": `{m[4]}`" if m[4] else ""),
    ),
    (
        r"^(\S+) (.+?): its lock file (.+) keeps changing; is another run starting there\?$",
        r"\1 \2: его файл блокировки \3 всё время меняется; не запускается ли там другой прогон?",
    ),
    # results folders
    _path(
        r"not a folder; give the folder written by `compare --out`\.",
        "это не папка; нужна папка, которую записал `compare --out`.",
    ),
    _path(
        r"missing; a results folder from `kozel-stats compare --out` holds it\.",
        "файла нет; он есть в папке результатов `kozel-stats compare --out`.",
    ),
    _path(
        r"field '(.+?)' is missing; not a kozel-stats results file\.",
        r"нет поля '\2'; это не файл результатов kozel-stats.",
    ),
    (r"^(.+?): field '(.+?)' must be (\w+), not (.+)\.$", lambda m: _must_be(m, "поле")),
    _path(r"format (.+?) is not (.+?)\.", r"формат \2, а нужен \3."),
    _path(r"(\d+) arms but statistics for (\d+)\.", r"вариантов \2, а статистика — для \3."),
    _path(r"missing columns (.+) \(docs/results\.md\)\.", r"нет столбцов \2 (docs/results.md)."),
    _path(r"column 'deals' holds games with no deal\.", "в столбце 'deals' есть партии без сдач."),
    _path(
        r"column (.+?) has type (.+?), expected integers \(docs/results\.md\)\.",
        r"у столбца \2 тип '\3', а нужны целые числа (docs/results.md).",
    ),
    _path(r"column (.+?) has (\S+) missing values\.", r"в столбце \2 пропущено значений: \N3."),
    _path(r"the statistics are damaged \((\w+): (.*)\)\.", r"статистика повреждена (\2: \T3)."),
    _path(r"not a readable Parquet file \((\w+): (.*)\)\.", r"это не читаемый файл Parquet (\2: \T3)."),
    _path(r"damaged \((\w+): (.*)\)\.", r"файл повреждён (\2: \T3)."),
    _path(
        r"saved by kozel-stats (\S+) with other metrics than this version's \((.+)\)\. It is not damaged: read it "
        r"with the version that wrote it, or play the run again with this one \(`compare --resume` cannot "
        r"continue it\)\.",
        r"сохранено kozel-stats \2 с другими показателями, чем у этой версии (\T3). Файл не повреждён: читайте "
        r"его той версией, что его записала, или сыграйте прогон заново этой (`compare --resume` его не "
        r"продолжит).",
    ),
    (r"^another order$", "другой порядок"),
    (
        r"^new here: (.+?)(?:; not here: (.+))?$",
        lambda m: "новые здесь: " + m[1] + ("; нет здесь: " + m[2] if m[2] else ""),
    ),
    (r"^not here: (.+)$", r"нет здесь: \1"),
    (
        r"^(.+?): arm (.+?) has an unknown knob (.+?)\.$",
        r"\1: у варианта \2 неизвестная настройка \3.",
    ),
    (
        r"^(.+?): arm (.+?) has a damaged 'skill' \(two bot names expected\)\.$",
        r"\1: у варианта \2 повреждено поле 'skill' (нужны имена двух ботов).",
    ),
    (r"^(.+?), arm (.+?): (.+)$", r"\1, вариант \2: \T3"),
    _path(
        r"field '(.+?)' (.+); the file is damaged or not a kozel-stats results file\.",
        r"поле '\2' \T3; файл повреждён или это не файл результатов kozel-stats.",
    ),
    _path(
        r"must be a JSON object, not (.+); not a kozel-stats results file\.",
        r"файл должен быть объектом JSON, а не \T2; это не файл результатов kozel-stats.",
    ),
    _path(
        r"holds a comparison, not a sweep; use `compare --resume` or `report`\.",
        "здесь сравнение, а не перебор; используйте `compare --resume` или `report`.",
    ),
    _path(
        r"the sweep's Gram matrix is missing or does not match its cells and metrics\.",
        "матрицы Грама перебора нет, или она не соответствует его клеткам и показателям.",
    ),
    _path(r"the sweep's plan is damaged \((\w+): (.*)\)\.", r"план перебора повреждён (\2: \T3)."),
    # a results file's fields (schema.py): what a field must be
    (r"^is missing$", "отсутствует"),
    (r"^must be a list of (\d+) values, not of (\d+)$", r"должно быть списком из \1 значений, а не из \2"),
    (r"^must hold at least (\d+) values, not (\d+)$", r"должно содержать не меньше \1 значений, а не \2"),
    (
        r"^has the key (.+); its keys must be deal counts written as integers$",
        r"содержит ключ \1; ключи должны быть числами сдач, записанными целыми",
    ),
    (r"^must be (.+), not (.+)$", r"должно быть \T1, а не \T2"),
    (r"^must be a JSON object$", "должно быть объектом JSON"),
    (r"^(.+) or null$", r"\T1 или null"),
    (r"^any value$", "любым значением"),
    (r"^an integer from (\S+) to (\S+)$", r"целым числом от \N1 до \N2"),
    (r"^an integer of at least (\d+)$", r"целым числом не меньше \1"),
    (r"^an integer \(64 bits\)$", "целым числом (64 бита)"),
    (r"^an integer of about (\S+) digits$", r"целое число примерно из \N1 цифр"),
    (r"^an integer of (\S+) digits$", r"целое число из \N1 цифр"),
    (r"^a finite number$", "конечным числом"),
    (r"^a string$", "строкой"),
    (r"^true or false$", "true или false"),
    (r"^a list of (\d+) values$", r"списком из \1 значений"),
    (r"^a list$", "списком"),
    (r"^an object$", "объектом"),
    (r"^a list of (\d+)$", r"список из \1"),
    (r"^an object of (\d+)$", r"объект из \1"),
    (r"^None$", "null"),
    # statistics read back (moments.py, sweep.py): the reason inside '(ValueError: …)'
    (r"^field '(.+?)' has the wrong number of metrics$", r"в поле '\1' не то число показателей"),
    (r"^field '(.+?)' has (\d+) values, expected (\d+)$", r"в поле '\1' значений \2, а нужно \3"),
    (r"^field '(.+?)' has shape (.+), expected (.+)$", r"у поля '\1' размеры \2, а нужны \3"),
    (
        r"^field '(.+?)' does not match the contrasts and metrics$",
        r"поле '\1' не соответствует контрастам и показателям",
    ),
    (r"^field '(.+?)' has a contrast of the wrong length$", r"в поле '\1' контраст не той длины"),
    (
        r"^cannot merge the Gram matrices of two different sweeps$",
        "нельзя объединить матрицы Грама двух разных переборов",
    ),
    (r"^cannot merge the statistics of two different runs$", "нельзя объединить статистику двух разных прогонов"),
    (r"^cannot merge a sweep's statistics with a comparison's$", "нельзя объединить статистику перебора и сравнения"),
    (
        r"^its metrics are not this version's \(recompute with `summarize` from a games table\)$",
        "его показатели — не этой версии (пересчитайте их `summarize` из таблицы партий)",
    ),
    (r"^its Gram matrix is for (\d+) arms, but it holds (\d+)$", r"его матрица Грама — для \1 вариантов, а в нём \2"),
    (r"^games (\d+)\.\.(\d+) counted twice$", r"партии \1..\2 посчитаны дважды"),
    (
        r"^these statistics hold no Gram matrix \(they are not a sweep's\)$",
        "в этой статистике нет матрицы Грама (это не перебор)",
    ),
    (r"^factor (.+?) is damaged$", r"фактор \1 повреждён"),
    (r"^the cells do not match the arms$", "клетки не соответствуют вариантам"),
    # variant files
    _path(
        r"YAML syntax error at line (\d+), column (\d+): (.+)\.",
        r"ошибка YAML в строке \2, столбце \3: \T4.",
    ),
    _path(r"YAML syntax error: (.+)\.", r"ошибка YAML: \T2."),
    _path(r"a value cannot be read \((.+)\)\.", r"значение не читается (\T2)."),
    _path(
        r"a variant file must be a mapping with keys (.+)\.",
        r"файл варианта должен быть словарём с ключами \2.",
    ),
    _path(
        r"(\S+) bytes is far too large for a variant file \(at most (\S+)\)\.",
        r"файл слишком велик для варианта (\N2 Б, самое большее \N3 Б).",
    ),
    _path(
        r"the YAML expands to more than (\S+) values in (.+?) \(anchors and aliases repeated within each other\); "
        r"a variant file is a short mapping\.",
        r"YAML разворачивается больше чем в \N2 значений в \3 (якоря и ссылки, повторённые друг в друге); файл "
        r"варианта — короткий словарь.",
    ),
    _path(
        r"the YAML expands to more than (\S+) values \(anchors and aliases repeated within each other\); "
        r"a variant file is a short mapping\.",
        r"YAML разворачивается больше чем в \N2 значений (якоря и ссылки, повторённые друг в друге); файл "
        r"варианта — короткий словарь.",
    ),
    (r"^the key (.+?) is given twice, at lines (\d+) and (\d+)$", r"ключ \1 указан дважды, в строках \2 и \3"),
    (
        r"^key (.+?) at line (\d+): its value cannot be read \((.+)\)$",
        r"ключ \1 в строке \2: значение не читается (\T3)",
    ),
    (r"^an integer far too large$", "слишком большое целое число"),
    _path(
        r"key 'extends' names the unknown variant (.+?); allowed: a variant file in (.+?) or a shipped variant "
        r"\((.+)\)\.",
        r"ключ 'extends' называет неизвестный вариант \2; можно: файл варианта в \3 или готовый вариант (\4).",
    ),
    _path(r"key 'extends' makes a cycle: (.+)\.", r"ключ 'extends' замыкает круг: \2."),
    _path(r"key 'extends' must be a variant name, not (.+)\.", r"ключ 'extends' должен быть именем варианта, а не \2."),
    _path(
        r"key 'name' is (.+?) but must equal the file name (.+)\.",
        r"ключ 'name' — \2, а должен совпадать с именем файла \3.",
    ),
    _path(
        r"key '(.+?)' must be a non-empty string or a mapping of languages \((.+?)\) to non-empty strings, not "
        r"(.+)\.",
        r"ключ '\2' должен быть непустой строкой или словарём язык → непустая строка (языки: \3), а не \4.",
    ),
    _path(r"key '(.+?)' must be a non-empty string, not (.+)\.", r"ключ '\2' должен быть непустой строкой, а не \3."),
    (
        r"^(.+?): key 'rules' must be a mapping of knob: value, not (\w+)\.$",
        lambda m: (
            f"{m[1]}: ключ 'rules' должен быть словарём «настройка: значение», а не {TYPE_IS.get(m[2], repr(m[2]))}."
        ),
    ),
    (
        r"^(.+?): key '(.+?)' has the bad value (.+?); allowed: (.+)\.$",
        lambda m: f"{m[1]}: у ключа '{m[2]}' недопустимое значение {m[3]}; можно: {_allowed(m[4])}.",
    ),
    (r"^one of (.+)$", r"одним из: \1"),
    (r"^-?inf$", "бесконечность"),
    (r"^nan$", "не число (NaN)"),
    _path(
        r"key 'tiles_each' is (\d+), but pairs are dealt 7 each; set 'pairs: false' for a game каждый сам за "
        r"себя with a bazaar\.",
        r"ключ 'tiles_each' — \2, но в парной игре сдают по 7 костей; для игры «каждый сам за себя» с базаром "
        r"поставьте 'pairs: false'.",
    ),
    _path(
        r"key 'players' is (\d+) but 'pairs: true' needs 4 players; set 'pairs: false' for каждый сам за себя\.",
        r"ключ 'players' — \2, а для 'pairs: true' нужны 4 игрока; для игры «каждый сам за себя» поставьте "
        r"'pairs: false'.",
    ),
    _path(
        r"key 'shared_score' is (.+?), but it is implemented for pair games only \(pairs: true\)\.",
        r"ключ 'shared_score' — \2, но он есть только в парной игре (pairs: true).",
    ),
    _path(
        r"keys 'redeal_doubles' \((\d+)\) and 'redeal_suit' \((\d+)\) ask a redeal of every deal of (\d+) tiles "
        r"to (\d+) players: none of (\S+) random deals could be played\. Raise them \(a hand holds 7 tiles; 0 "
        r"means never redeal\)\.",
        r"ключи 'redeal_doubles' (\2) и 'redeal_suit' (\3) требуют передачи при каждой раздаче (игроков: \5, "
        r"костей на руку: \4): ни одну из \N6 случайных раздач нельзя сыграть. Увеличьте их (в руке 7 костей; "
        r"0 — никогда не передавать).",
    ),
    _path(
        r"key '(.+?)' is (.+?), but the game it ends needs one loser: play in pairs \(pairs: true\), with "
        r"'solo_loser: most', or with 'goats: every' \(every other player a goat\)\.",
        r"ключ '\2' — \3, но конец игры, который он задаёт, требует одного проигравшего: играйте парами "
        r"(pairs: true), с 'solo_loser: most' или с 'goats: every' (козлы — все остальные игроки).",
    ),
    _path(r"key '(.+?)' is (.+?), but it (.+)\.", r"ключ '\2' — \3, но \T4."),
    # why a knob does nothing here (rules.KNOB_NEEDS)
    (
        r"^applies to Осёл's cross layout only \(layout: cross\)$",
        "он действует только при крестовой раскладке Осла (layout: cross)",
    ),
    (
        r"^applies only when there is a bazaar \(pairs: false with 2 or 3 players\)$",
        "он действует только при базаре (pairs: false с 2 или 3 игроками)",
    ),
    (
        r"^applies only when there is a bazaar \(fewer tiles dealt than the 28 of the set\)$",
        "он действует только при базаре (сдано меньше костей, чем 28 в наборе)",
    ),
    (
        r"^applies to каждый сам за себя only \(pairs: false\)$",
        "он действует только в игре «каждый сам за себя» (pairs: false)",
    ),
    (
        r"^applies to каждый сам за себя only \(pairs: false\): in pairs the goats are one side$",
        "он действует только в игре «каждый сам за себя» (pairs: false): в парной игре козлы — одна пара",
    ),
    (
        r"^only matters when an out on 00 ends the game \(out_00_ends_game: true\)$",
        "он важен, только когда выход на 0:0 кончает игру (out_00_ends_game: true)",
    ),
    (
        r"^only matters when there are fast leads \(lead_repeats > 0 or voluntary_fast: true\)$",
        "он важен, только когда есть быстрые заходы (lead_repeats > 0 или voluntary_fast: true)",
    ),
    (
        r"^makes fast leads on 66 and 00, which need what their loser writes \(fast_writes > 0 and "
        r"fast_writes_00 > 0\)$",
        "он вводит быстрые заходы с 6:6 и 0:0, а им нужно то, что записывает проигравший (fast_writes > 0 и "
        "fast_writes_00 > 0)",
    ),
    (
        r"^only matters when a leader may choose a fast lead on 00 \(voluntary_fast: true\)$",
        "он важен, только когда заходящий может выбрать быстрый заход с 0:0 (voluntary_fast: true)",
    ),
    (
        r"^only matters when a fast lead on 00 has a cost \(voluntary_fast: true, fast_writes_00 > 0\) and an out "
        r"on 66 writes a sum of its own \(out_66_writes > 0\)$",
        "он важен, только когда быстрый заход с 0:0 чего-то стоит (voluntary_fast: true, fast_writes_00 > 0), а "
        "выход на 6:6 записывает свою сумму (out_66_writes > 0)",
    ),
    (
        r"^changes the double of 'first_lead: double-NN' from game to game \(11 … 66 for '11-to-66'\)$",
        "он меняет дубль из 'first_lead: double-NN' от партии к партии (11 … 66 при '11-to-66')",
    ),
    (
        r"^only matters when an out on 66 costs a fixed sum \(out_66_writes > 0\)$",
        "он важен, только когда выход на 6:6 стоит заданную сумму (out_66_writes > 0)",
    ),
    (
        r"^writes points, and Генерал's scoring keeps none \(scoring: generals\)$",
        "он записывает очки, а в счёте Генерала очков нет (scoring: generals)",
    ),
    (
        r"^is not implemented with the memory of points \(memory: true\): the 66's points would mix with the "
        r"remembered ones$",
        "он не сделан вместе с памятью очков (memory: true): очки 6:6 смешались бы с запомненными",
    ),
    (
        r"^ends the game, and a match \(match_deals > 0\) ends after its deals$",
        "он кончает игру, а матч (match_deals > 0) кончается после своих сдач",
    ),
    (
        r"^lays 00 and 66 apart on a chain with a gap between them; the cross \(layout: cross\) has no such lead$",
        "он кладёт 0:0 и 6:6 порознь в цепочку с разрывом между ними; у креста (layout: cross) такого захода нет",
    ),
    (
        r"^applies to Генерал's scoring only \(scoring: generals\)$",
        "он действует только в счёте Генерала (scoring: generals)",
    ),
    (
        r"^is implemented for pair games only \(pairs: true\): the loser is the side after the one who went out$",
        "он сделан только для парной игры (pairs: true): проигравшие — пара после вышедшего",
    ),
    # variant names on the command line
    (
        r"^(.+?): no base variant before the first '\+'; write BASE\+knob=value \(e\.g\. default\+threshold=none\)\.$",
        r"\1: перед первым '+' нет основного варианта; пишите ОСНОВА+настройка=значение (например, "
        r"default+threshold=none).",
    ),
    (
        r"^(.+?): (.+?) is not knob=value; a changed variant is written BASE\+knob=value\+knob=value \(e\.g\. "
        r"default\+threshold=none\), knobs: (.+)\.$",
        r"\1: \2 — не настройка=значение; изменённый вариант пишется ОСНОВА+настройка=значение+настройка=значение "
        r"(например, default+threshold=none), настройки: \3.",
    ),
    (
        r"^(.+?): the knob (.+?) is given twice; give each knob once\.$",
        r"\1: настройка \2 указана дважды; каждую настройку — один раз.",
    ),
    (
        r"^an empty variant name; give a variant name or a \.yaml file\.$",
        "пустое имя варианта; назовите вариант или файл .yaml.",
    ),
    (
        r"^two different variants are both named (.+?) \((.+) and (.+)\)\.$",
        r"два разных варианта названы одинаково, \1 (\2 и \3).",
    ),
    (r"^(.+?), field 'variant': (.+)$", lambda m: f"{_place(m[1])}, поле 'variant': {translate(m[2])}"),
    _path(r"field 'variant' missing; pass --variant\.", "нет поля 'variant'; укажите --variant."),
    # what the command lines ask for
    (
        r"^give the variants to compare \(names, \.yaml files or folders\), or --resume DIR\.$",
        "назовите варианты для сравнения (имена, файлы .yaml или папки) или --resume ПАПКА.",
    ),
    (
        r"^give the base variant \(a name or a \.yaml file\) and --vary knob=value,value\.$",
        "назовите основной вариант (имя или файл .yaml) и --vary настройка=значение,значение.",
    ),
    (
        r"^give at least one --vary knob=value,value \(e\.g\. --vary threshold=once,none\)\.$",
        "нужна хотя бы одна --vary настройка=значение,значение (например, --vary threshold=once,none).",
    ),
    (
        r"^--vary '(.+?)': give at least two different values of '(.+?)'\.$",
        r"--vary '\1': нужны хотя бы два разных значения '\2'.",
    ),
    (
        r"^--vary (.+?): write knob=value,value,\.\.\. with a knob from: (.+)\.$",
        r"--vary \1: пишите настройка=значение,значение,… с настройкой из: \2.",
    ),
    (
        r"^--vary (.+?): the knob (.+?) is varied twice; give all its values in one --vary\.$",
        r"--vary \1: настройка \2 меняется дважды; дайте все её значения в одной --vary.",
    ),
    (
        r"^--vary (.+?): an empty value \(two commas, or a comma at an end\); give the values of (.+?) separated "
        r"by single commas\.$",
        r"--vary \1: пустое значение (две запятые подряд или запятая в конце); дайте значения \2 через одну "
        r"запятую.",
    ),
    (
        r"^--vary (.+?): the value (.+?) of (.+?) is given twice; give each value once\.$",
        r"--vary \1: значение \2 у \3 указано дважды; каждое значение — один раз.",
    ),
    (
        r"^the grid has (\S+) cells, more than (\S+); vary fewer knobs or values\.$",
        r"в сетке клеток: \N1 — больше \N2; меняйте меньше настроек или значений.",
    ),
    (
        r"^the grid has (\S+) playable cells, more than (\d+) in one sweep; play a random subset with --cells "
        r"(\d+) \(or fewer\)\.$",
        r"в сетке клеток, которые можно сыграть: \N1 — больше \2 за один перебор; сыграйте случайную часть с "
        r"--cells \3 (или меньше).",
    ),
    (r"^the reference cell (.+?) cannot be played: (.+)$", r"опорную клетку \1 сыграть нельзя: \T2"),
    (
        r"^only one cell of the grid can be played: there is nothing to compare\. The others cannot be played: "
        r"(.+?)( \.\.\.)?$",
        lambda m: (
            "сыграть можно только одну клетку сетки: сравнивать нечего. Остальные сыграть нельзя: "
            + _list(m, 1)
            + (" …" if m[2] else "")
        ),
    ),
    (
        r"^only one cell of the grid can be played: there is nothing to compare\.$",
        "сыграть можно только одну клетку сетки: сравнивать нечего.",
    ),
    (
        r"^(\d+) cells × (\d+) columns of the metrics is more than the sweep's statistics hold \((\d+)\); play "
        r"fewer cells \(--cells\) or fewer --metrics\.$",
        r"клетки × столбцы показателей (\1 × \2) — больше, чем вмещает статистика перебора (\3); сыграйте "
        r"меньше клеток (--cells) или возьмите меньше --metrics.",
    ),
    (
        r"^--baseline '(.+?)' is not among the compared variants \((.+)\)\.$",
        r"--baseline '\1' нет среди вариантов (\2).",
    ),
    (r"^--metrics: unknown metric '(.+?)'; known: (.+)\.$", r"--metrics: показателя '\1' нет; есть: \2."),
    (
        r"^--bots: give one bot for all seats or one per seat \((\d+)\), not (\d+)\.$",
        r"--bots: один бот на все места или по одному на место (\1), а не \2.",
    ),
    (r"^unknown bot '(.+?)'; allowed: (.+?)\.?$", r"бота '\1' нет; есть: \2."),
    (
        r"^unknown bot '(.+?)': (\w+):N needs a whole number of worlds N, 1\.\.(\d+)\.$",
        r"бота '\1' нет: \2:N — это целое число миров N, от 1 до \3.",
    ),
    (
        r"^unknown bot '(.+?)': ([\w-]+):N needs a whole number of sampled deals N, 1\.\.(\d+)\.$",
        r"бота '\1' нет: \2:N — это целое число разыгранных раскладов N, от 1 до \3.",
    ),
    (r"^not a tile: (.+?) \(digits 0\.\.6, smaller first\)(\.?)$", r"это не кость: \1 (цифры 0..6, меньшая первой)\2"),
    (r"^not a tile: (.+?)(\.?)$", r"это не кость: \1\2"),
    (
        r"^--skill (.+?): give two bots as STRONG/WEAK, the strong side's bot, a slash and the weak side's, e\.g\. "
        r"--skill counter/random\.$",
        r"--skill \1: дайте двух ботов как СИЛЬНЫЙ/СЛАБЫЙ — бот сильной пары, косая черта и бот слабой, например "
        r"--skill counter/random.",
    ),
    (
        r"^--skill (.+?): (STRONG|WEAK) is one bot for a whole side, e\.g\. counter, not (.+?)\.$",
        lambda m: f"--skill {m[1]}: {_ROLE_RU[m[2]]} — это один бот на всю пару, например counter, а не {m[3]}.",
    ),
    (
        r"^--skill (.+?): the (STRONG|WEAK) bot: (.+)$",
        lambda m: f"--skill {m[1]}: {_ROLE_RU[m[2]]}: {translate(m[3])}",
    ),
    (
        r"^(--[\w-]+): (.+?) is not a level of play; choose one of (.+)\.$",
        r"\1: уровня игры \2 нет; есть: \3 (новичок, игрок, знаток).",
    ),
    (r"^--levels: give at least one of (.+)\.$", r"--levels: назовите хотя бы один уровень из \1."),
    (
        r"^--levels (.+?): name at least two levels, e\.g\. beginner,player,expert\.$",
        r"--levels \1: нужны хотя бы два уровня, например beginner,player,expert.",
    ),
    (
        r"^give --level (.+?) or --bots (.+?), not both: a level is every seat playing one bot \((.+)\); "
        r"--bots is for any other mix\.$",
        r"нужно что-то одно: --level \1 или --bots \2. Уровень — это один бот на всех местах (\3); --bots — "
        r"для любого другого набора ботов.",
    ),
    (
        r"^--levels plays every level it names: drop --level / --bots\.$",
        "--levels играет на каждом названном уровне: уберите --level / --bots.",
    ),
    (
        r"^--levels is a bots matrix of its own: run it without --bots-matrix and --skill\.$",
        "--levels — это уже матрица ботов: запускайте без --bots-matrix и --skill.",
    ),
    (
        r"^(--levels|--bots-matrix) runs on this machine only; drop --scheduler / --cluster\.$",
        r"\1 работает только на этой машине; уберите --scheduler / --cluster.",
    ),
    (
        r"^--bots-matrix needs at least two bots, e\.g\. random,heavy,counter\.$",
        "--bots-matrix — это хотя бы два бота, например random,heavy,counter.",
    ),
    (
        r"^--skill plays its own STRONG and WEAK bots; run it without --bots-matrix\.$",
        "--skill играет своими ботами, сильным и слабым; запускайте его без --bots-matrix.",
    ),
    (
        r"^--resume DIR continues the (run|sweep) with the bots it was planned with: drop (.+)\.$",
        r"--resume ПАПКА продолжает прогон с теми ботами, с которыми он начат: уберите \2.",
    ),
    (
        r"^--resume DIR continues the run as it was planned \(with or without --skill\): drop --skill\.$",
        "--resume ПАПКА продолжает прогон таким, каким он был задуман (с --skill или без): уберите --skill.",
    ),
    (r"^--resume does not continue a --bots-matrix run\.$", "--resume не продолжает прогон с --bots-matrix."),
    (
        r"^--resume (.+?): holds a sweep; continue it with `kozel-stats sweep --resume`\.$",
        r"--resume \1: здесь перебор правил; продолжайте его командой `kozel-stats sweep --resume`.",
    ),
    (
        r"^--resume (.+?): that (run|sweep) is complete \((\S+) games per (variant|cell)\); ask for more with "
        r"--games\.$",
        lambda m: (
            f"--resume {m[1]}: этот {'прогон' if m[2] == 'run' else 'перебор'} закончен (партий на "
            f"{'вариант' if m[4] == 'variant' else 'клетку'}: {_number(m[3])}); больше партий — с --games."
        ),
    ),
    (
        r"^--resume (.+?): (.+?) is not a part this tool writes \(part-GAME-VARIANT\)\.$",
        r"--resume \1: \2 — не файл, который пишет эта программа (`part-GAME-VARIANT`).",
    ),
    (
        r"^--resume (.+?): (.+?) is damaged \((\w+): (.*)\); nothing was played and nothing was changed\. The run "
        r"cannot be continued with its games table whole: play it again into a new folder\.$",
        r"--resume \1: \2 повреждён (\3: \T4); ничего не сыграно и не изменено. Продолжить прогон с целой "
        r"таблицей партий нельзя: сыграйте его заново в новую папку.",
    ),
    (
        r"^--card (.+?): give a \.txt \(text\) or a \.png \(picture\) file\.$",
        r"--card \1: нужен файл .txt (текст) или .png (картинка).",
    ),
    (
        r"^--card (.+?): a PNG card is drawn by Chromium, which is not installed(?: \(apt-get install chromium\))?; "
        r"(?:give|use) a \.txt card\.$",
        r"--card \1: картинку PNG рисует Chromium, а он не установлен (`apt-get install chromium`); возьмите "
        r"карточку .txt.",
    ),
    (
        r"^--card (.+?): Chromium did not draw the card; use a \.txt card\.$",
        r"--card \1: Chromium не нарисовал карточку; возьмите карточку .txt.",
    ),
    _path(
        r"holds a sweep: its reference cell is fixed, so --baseline does not apply\.",
        "здесь перебор правил (sweep): опорная клетка задана, --baseline неприменим.",
    ),
    (
        r"^(.+?) holds a sweep: its reference cell is fixed, so --baseline does not apply\.$",
        r"\1 — это перебор правил (sweep): опорная клетка задана, --baseline неприменим.",
    ),
    (
        r"^--baseline '(.+?)' is not in (.+?) \(variants: (.+)\)\.$",
        r"--baseline '\1' нет в \2 (варианты: \3).",
    ),
    (
        r"^--game-seed needs --game with (\S+): its first lead changes from game to game "
        r"\(first_lead_cycle: (\S+)\); give the record's 'game' field\.$",
        r"--game-seed с «\1» требует --game: первый заход меняется от партии к партии (first_lead_cycle: \2); "
        r"укажите поле 'game' записи.",
    ),
    (
        r"^duel plays pair games; (.+?) is каждый сам за себя\.$",
        r"`duel` играет только в парной игре, а \1 — «каждый сам за себя».",
    ),
    (
        r"^--csv, --deals and --games-table write into the --out folder; give --out DIR\.$",
        "--csv, --deals и --games-table пишут в папку --out; укажите --out ПАПКА.",
    ),
    (r"^--csv writes into the --out folder; give --out DIR\.$", "--csv пишет в папку --out; укажите --out ПАПКА."),
    (r"^--max-games only applies with --precision\.$", "--max-games работает только вместе с --precision."),
    (
        r"^(--margin) is a share of the (?:baseline|reference) value, from 0 \(excluded\) to 1, not (.+)\.$",
        r"\1 — доля от опорного значения, больше 0 и не больше 1, а не \2.",
    ),
    (
        r"^--resume DIR continues the (?:run|sweep) saved in DIR: give no (.+?) with it\.$",
        "--resume ПАПКА продолжает прогон из этой папки: больше ничего (вариантов, --vary) не указывают.",
    ),
    (
        r"^--resume DIR continues the sweep saved in DIR: give no base, --vary, --cells or --metrics\.$",
        "--resume ПАПКА продолжает перебор из этой папки: основной вариант, --vary, --cells и --metrics не указывают.",
    ),
    (r"^--resume DIR writes into DIR: --out is not needed\.$", "--resume ПАПКА пишет в эту папку: --out не нужен."),
    (
        r"^sides A= and B= exist only in pair games; give one bot per seat\.$",
        "пары A= и B= бывают только в парной игре; дайте по боту на каждое место.",
    ),
    (r"^give both sides, e\.g\. A=counter,B=random\.$", "нужны обе пары, например A=counter,B=random."),
    (
        r"^'(.+?)' is not SIDE=BOT with SIDE A \(seats 0, 2\) or B \(seats 1, 3\)\.$",
        r"'\1' — не ПАРА=БОТ, где ПАРА — A (места 0, 2) или B (места 1, 3).",
    ),
    # a cluster
    (
        r"^--scheduler (.+?): cannot connect to a Dask scheduler there within (\S+) s \((\w+): (.*)\); is `dask "
        r"scheduler` running, and is the address and port right\?$",
        r"--scheduler \1: за \2 с не удалось подключиться к планировщику Dask (\3: \T4); запущен ли "
        r"`dask scheduler`, верны ли адрес и порт?",
    ),
    (
        r"^is `dask scheduler` running, and is the address and port right\?$",
        "запущен ли `dask scheduler`, верны ли адрес и порт?",
    ),
    (
        r"^Is `dask scheduler` running, and is the address and port right\?$",
        "Запущен ли `dask scheduler`, верны ли адрес и порт?",
    ),
    (
        r"^--scheduler (.+?): cannot reach the Dask scheduler there \((.+)\); (.+)$",
        r"--scheduler \1: планировщик Dask там недоступен (\T2); \T3",
    ),
    (
        r"^--scheduler (.+?): the server there closed the connection without a Dask handshake; it is not a Dask "
        r"scheduler \((.+)\)$",
        r"--scheduler \1: сервер там закрыл соединение, не поздоровавшись по-даскски; это не планировщик Dask (\T2)",
    ),
    (
        r"^--scheduler (.+?): something accepts connections there but sent no Dask handshake within (\S+) s "
        r"\(--connect-timeout\); it is not a Dask scheduler, or it is hung\. (.+)$",
        r"--scheduler \1: там что-то принимает соединения, но за \2 с не поздоровалось по-даскски "
        r"(--connect-timeout); это не планировщик Dask, или он завис. \T3",
    ),
    (
        r"^--scheduler (.+?): the connection failed \((.+)\); (.+)$",
        r"--scheduler \1: соединение оборвалось (\T2); \T3",
    ),
    (
        r"^--scheduler (.+?): the server there answers in another protocol \(its first bytes: (.+)\); it is not a "
        r"Dask scheduler \((.+)\)$",
        r"--scheduler \1: сервер там говорит на другом протоколе (его первые байты: \2); это не планировщик Dask "
        r"(\T3)",
    ),
    (
        r"^--scheduler (.+?): the Dask scheduler has no worker, and none came within (\S+) s \(--connect-timeout\); "
        r"start some with `dask worker ADDRESS`\.$",
        r"--scheduler \1: у планировщика Dask нет рабочих процессов, и за \2 с ни один не пришёл (--connect-timeout); "
        r"запустите их командой `dask worker АДРЕС`.",
    ),
    (
        r"^the Dask worker (.+?) runs kozel-stats (\S+) with engine (\S+), this machine (\S+) with engine (\S+): "
        r"their games would differ; install the same version on every worker\.$",
        r"рабочий процесс Dask \1 запущен с kozel-stats \2 (движок \3), а эта машина — с \4 (движок \5): партии "
        r"различались бы; установите одну и ту же версию на каждом рабочем узле.",
    ),
    (
        r"^the Dask cluster at (.+?) was lost during the run \((\w+)(?:: (.*))?; the client is (\w+)\)\. With "
        r"--out, the games of its last checkpoint \(every 10 s\) are saved there: continue with --resume DIR once "
        r"the cluster is back, or on this machine without --scheduler \(the same games, the same bits\)\.$",
        lambda m: (
            f"кластер Dask по адресу {m[1]} потерян во время прогона ({m[2]}"
            + (f": {translate(m[3])}" if m[3] else "")
            + f"; состояние клиента: '{m[4]}'). С --out партии последней контрольной точки (каждые 10 с) "
            "сохранены там: продолжите с --resume ПАПКА, когда кластер вернётся, или на этой машине без "
            "--scheduler (те же партии, те же биты)."
        ),
    ),
    # game records
    (
        r"^(.+?, line \d+(?:, deal \d+)?(?:, event \d+)?): (.+)$",
        lambda m: f"{_place(m[1])}: {translate(m[2])}",
    ),
    (r"^missing field '(.+?)'\.$", r"нет поля '\1'."),
    (r"^field '(.+?)' must be (\w+), not (.+)\.$", lambda m: _must_be(m, "поле", 0)),
    (r"^field '(.+?)' must be from (\S+) to (\S+), not (.+)\.$", r"поле '\1' должно быть от \2 до \3, а не \4."),
    (r"^field 'format' must be (.+?), not (.+)\.$", r"поле 'format' должно быть \1, а не \2."),
    (
        r"^field 'players' is (\d+), but the variant has (\d+) players\.$",
        r"в поле 'players' — \1, а в варианте игроков: \2.",
    ),
    (
        r"^(\S+) deals is more than a game can have \(at most (\S+)\)\.$",
        r"сдач \N1 — больше, чем бывает в партии (самое большее \N2).",
    ),
    (r"^(\S+) events is more than a deal can have\.$", r"событий \N1 — больше, чем бывает в сдаче."),
    (r"^an event must be a JSON object\.$", "событие должно быть объектом JSON."),
    (r"^a deal must be a JSON object\.$", "сдача должна быть объектом JSON."),
    (r"^a record line must be a JSON object \(one game\)\.$", "строка записи должна быть объектом JSON (одна партия)."),
    (
        r"^field 'hands' must be (\d+) lists of tiles\.$",
        r"в поле 'hands' должно быть по списку костей на каждого из \1 игроков.",
    ),
    (
        r"^field 'bazaar' must hold (\d+) tiles with (\d+) players of (\d+) tiles\.$",
        r"в поле 'bazaar' должно быть костей: \1 (игроков: \2, костей на руку: \3).",
    ),
    (
        r"^'play' needs 1 to 4 tiles and 'at' one value per tile\.$",
        "в 'play' нужно от 1 до 4 костей, а в 'at' — по значению на кость.",
    ),
    (r"^'closed' must be one true/false per tile\.$", "в 'closed' нужно по одному true или false на кость."),
    (
        r"^'at' values must be 0\.\.6, \"gap\" or null, not (.+)\.$",
        r"значения 'at' — это 0..6, 'gap' или null, а не \1.",
    ),
    (r"^an event needs 'play', 'knock' or 'draw'\.$", "в событии нужно 'play', 'knock' или 'draw'."),
    (
        r"^holds an integer of (\S+) digits; no field of a game record is anywhere near that long\.$",
        r"в строке целое число из \N1 цифр; ни одно поле записи партии и близко не бывает такой длины.",
    ),
    (r"^nested too deeply to be a game record\.$", "вложенность слишком глубока для записи партии."),
    (r"^not JSON \((.+)\)\.?$", r"это не JSON (\T1)."),
    (
        r"^--trace (.+?): the file exists \(another command created it just now\); nothing was written\. Give "
        r"another name or add --force\.$",
        r"--trace \1: файл уже есть (его только что создала другая команда); ничего не записано. Дайте другое "
        r"имя или добавьте --force.",
    ),
    (
        r"^--trace (.+?): another command is writing its records there; nothing was written\. Give another name, "
        r"or wait until it ends\.$",
        r"--trace \1: туда пишет записи другая команда; ничего не записано. Дайте другое имя или дождитесь её "
        r"конца.",
    ),
    # a signal
    (
        r"^interrupted \((.+?)\) before any batch of games finished; nothing to keep\.$",
        r"прервано (\1) до конца первой пачки партий; сохранять нечего.",
    ),
    (
        r"^interrupted \((.+?)\) before two games of every cell finished; nothing to keep\.$",
        r"прервано (\1), пока в каждой клетке не сыграно и двух партий; сохранять нечего.",
    ),
    (
        r"^interrupted \((.+?)\); every file written before it is complete\.$",
        r"прервано (\1); все файлы, записанные до этого, целы.",
    ),
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

_ROLE_RU: dict[str, str] = {"STRONG": "сильная пара (STRONG)", "WEAK": "слабая пара (WEAK)"}

RULES: list[tuple[re.Pattern[str], Replacement]] = [(re.compile(p), r) for p, r in _RULES]
_LIBRARY = {**{os.strerror(code): words for code, words in STRERROR_RU.items()}, **_LIBRARY_RU}


def _must_be(m: re.Match[str], what: str, shift: int = 1) -> str:
    """'PATH: field 'k' must be int, not 'x'.' -> «PATH: поле 'k' должно быть целым числом, а не 'x'.»
    (`shift`: 1 when the pattern has the path in group 1)."""
    head = f"{m[1]}: " if shift else ""
    key, kind, value = m[1 + shift], m[2 + shift], m[3 + shift]
    return f"{head}{what} '{key}' должно быть {TYPE_AS.get(kind, repr(kind))}, а не {value}."


def _expand(repl: Replacement, found: re.Match[str]) -> str:
    """A replacement with its groups: \\1 as matched, \\T1 translated, \\N1 a count in the Russian way."""
    if callable(repl):
        return repl(found)

    def group(token: re.Match[str]) -> str:
        value = found[int(token[2])] or ""
        if token[1] == "T":
            return translate(value)
        if token[1] == "N":
            return _number(value)
        return value

    return re.sub(r"\\([TN]?)(\d+)", group, repl)


def translate(text: str) -> str:
    """An English message in Russian: the first sentence of the phrasebook that matches, the library's words,
    else the part after 'WHERE: ' translated (the place kept), else the text as it was."""
    said = _said(text)
    return _place(said) if said != text else text  # 'games.jsonl, line 3' wherever a rule kept it


def _said(text: str) -> str:
    for pattern, repl in RULES:
        found = pattern.search(text)
        if found:
            return text[: found.start()] + _expand(repl, found) + text[found.end() :]
    words = _LIBRARY.get(text)
    if words is not None:
        return words
    if text.endswith(".") and len(text) > 1:  # a reason that ends a sentence: 'PATH: not a tile: '77'.'
        said = translate(text[:-1])
        if said != text[:-1]:
            return said if said.endswith(".") else said + "."
    head, sep, tail = text.partition(": ")  # "--bots: unknown bot …", "file.yaml: …": the message after it
    if sep and tail:
        said = translate(tail)
        if said != tail:
            return f"{head}: {said}"
    return text
