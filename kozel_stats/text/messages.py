"""The tool's sentences by key, English and Russian side by side: errors, notices, notes stored in results
folders, help. A sentence is written once, here; the code names its key and its fields, and the sentence is
rendered in the user's language where it is shown (an error keeps its key and fields: `KozelError.keyed`).

Fields are str.format fields. Two format specs of our own:
- ``{n:count}``: a count in the language's way (30,000 / 30 000; a value that is not a whole number, e.g. what
  the user typed, as it is);
- ``{n:plural:game|games}`` (en) and ``{n:plural:партия|партии|партий}`` (ru): the noun form after n (only the
  noun: write ``{n:count} {n:plural:…}`` for both).

A field may itself be said in two languages (a nested reason: the error inside '… (ValueError: …)'): its value
is then rendered in the sentence's language by `said` (an error raised by key: its sentence in that language; a
`Both` pair; any other exception, or a `Foreign` text, is the words of the system or of a library: as written in
English, through the phrasebook in Russian).

tests/test_messages.py checks that every key has both languages with the same fields, and renders each.

Light on purpose (no numpy): the error paths import it.
"""

from __future__ import annotations

import string
from collections.abc import Mapping
from typing import Any

NBSP = "\u00a0"
MINUS = "\u2212"

#: key -> (English, Russian)
MESSAGES: dict[str, tuple[str, str]] = {}


def add(table: Mapping[str, tuple[str, str]]) -> None:
    """Declare a block of messages (an area's, in its kozel_stats/text/ module): a key said twice is
    a mistake, found at import."""
    for key, pair in table.items():
        if key in MESSAGES and MESSAGES[key] != pair:
            raise ValueError(f"message {key!r} declared twice")
        MESSAGES[key] = pair


class Both:
    """A field's value in both languages (a place, a reason the package words itself)."""

    def __init__(self, en: object, ru: object):
        self.en, self.ru = en, ru

    def __str__(self) -> str:
        return str(self.en)

    def __repr__(self) -> str:
        return f"Both({self.en!r}, {self.ru!r})"


class Foreign:
    """A text of the system or of a library (an exception's detail cut to length): English as it is, Russian by
    the phrasebook (kozel_stats/text/phrasebook.py)."""

    def __init__(self, text: object):
        self.text = str(text)

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"Foreign({self.text!r})"


class Sentence:
    """A sentence of the table as a field of another (a part the package words itself: who holds a lock, what
    kind of file is in the way): rendered in the outer sentence's language."""

    def __init__(self, key: str, /, **fields: Any):
        self.key, self.fields = key, fields

    def __str__(self) -> str:
        return text(self.key, "en", **self.fields)

    def __repr__(self) -> str:
        return f"Sentence({self.key!r}, **{self.fields!r})"


def foreign(text: object) -> Foreign:
    """A library's or the system's words as a field (see `Foreign`)."""
    return Foreign(text)


def cut(exc: BaseException, most: int, first_line: bool = False) -> Any:
    """An exception as the reason inside a message, at most `most` characters of it (of its first line):
    one of the package's (raised by key) whole and in the reader's language, a library's cut (ru: by the
    phrasebook)."""
    if getattr(exc, "key", None) in MESSAGES:
        return exc
    words = str(exc)
    return Foreign((words.splitlines() or [""])[0][:most] if first_line else words[:most])


def said(value: Any, lang: str) -> Any:
    """A field's value in `lang`: a keyed error (its key and fields: `errors.keyed`) in that language, a `Both`
    pair's half, an exception or a `Foreign` text as the library wrote it (ru: through the phrasebook); any
    other value as it is."""
    if isinstance(value, Both):
        return said(value.ru if lang == "ru" else value.en, lang)
    if isinstance(value, Sentence):
        return text(value.key, lang, **value.fields)
    if isinstance(value, BaseException):
        key = getattr(value, "key", None)
        if key in MESSAGES:
            return text(key, lang, **getattr(value, "fields", {}))
        own = getattr(value, "ru", None)
        if lang == "ru" and own:
            return own
        value = Foreign(value)
    if isinstance(value, Foreign):
        if lang != "ru":
            return value.text
        from .phrasebook import translate

        return translate(value.text)
    return value


#: a type's name in a sentence ('must be int'), in Russian as what a value must be («целым числом»)
_TYPE_AS = {"int": "целым числом", "str": "строкой", "list": "списком", "dict": "объектом", "bool": "true или false"}


def type_as(kind: Any) -> Both:
    """A type (or a tuple of them) named in a sentence: 'int' / «целым числом» (another one by its name)."""
    name = str(getattr(kind, "__name__", kind))
    return Both(name, _TYPE_AS.get(name, repr(name)))


#: a type's name in a sentence as what a value is ('not list' / «а не список»)
_TYPE_IS = {
    "int": "целое число",
    "str": "строка",
    "list": "список",
    "dict": "объект",
    "bool": "true или false",
    "float": "дробное число",
    "NoneType": "пустое значение",
}


def type_is(kind: Any) -> Both:
    """A value's type named in a sentence: 'list' / «список» (another one by its name, quoted in Russian)."""
    name = str(getattr(kind, "__name__", kind))
    return Both(name, _TYPE_IS.get(name, repr(name)))


class _Formatter(string.Formatter):
    def __init__(self, lang: str):
        self.lang = lang

    def get_field(self, field_name: str, args: Any, kwargs: Any) -> Any:
        value, first = super().get_field(field_name, args, kwargs)
        return said(value, self.lang), first

    def format_field(self, value: Any, format_spec: str) -> str:
        if format_spec == "count":
            whole = str(value).replace(",", "").lstrip("-")
            if isinstance(value, bool) or not (isinstance(value, int) or whole.isdigit()):
                return str(value)
            return count(int(str(value).replace(",", "")), self.lang)
        if format_spec.startswith("plural:"):
            forms = format_spec[len("plural:") :].split("|")
            return _plural(value, forms, self.lang)
        return super().format_field(value, format_spec)


def _plural(n: Any, forms: list[str], lang: str) -> str:
    if lang == "ru":
        one, few, many = (forms + forms[-1:] * 2)[:3]
        return plural_ru(n, one, few, many)
    return forms[0] if n == 1 else forms[-1]


def plural_ru(n: float, one: str, few: str, many: str, fraction: str | None = None) -> str:
    """The Russian noun form after a number: 1 партия, 2 партии, 5 партий; a fraction takes the
    genitive singular (0,2 сдачи)."""
    if isinstance(n, float) and not float(n).is_integer():
        return fraction or few
    n = abs(int(n))
    if n % 10 == 1 and n % 100 != 11:
        return one
    if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
        return few
    return many


def count(n: int, lang: str) -> str:
    """30 000 (ru: a non-breaking space from five digits on) / 30,000 (en)."""
    n = int(n)
    if lang != "ru":
        return f"{n:,}"
    text = f"{abs(n):,}".replace(",", NBSP) if abs(n) >= 10_000 else str(abs(n))
    return (MINUS if n < 0 else "") + text


def fields_of(text: str) -> list[str]:
    """The names of a sentence's fields, sorted ('{path}: {n:count}' -> ['n', 'path']); positional fields
    ('{}', '{0}') by their place ('#0', '#1', ...); `nbsp` (a non-breaking space any sentence may use) is not one."""
    names, place = [], 0
    for _, name, _, _ in string.Formatter().parse(text):
        if name is None:
            continue
        if name == "" or name.isdigit():
            names.append(f"#{place if name == '' else name}")
            place += 1
        else:
            names.append(name.split(".")[0].split("[")[0])
    return sorted(set(names) - {"nbsp"})


def text(key: str, lang: str, /, *args: Any, **fields: Any) -> str:
    """The sentence `key` in `lang` (ru or en) with its fields filled in."""
    en, ru = MESSAGES[key]
    return _Formatter(lang).format(ru if lang == "ru" else en, *args, nbsp=NBSP, **fields)


def both(key: str, /, **fields: Any) -> tuple[str, str]:
    """The sentence in English and in Russian."""
    return text(key, "en", **fields), text(key, "ru", **fields)


def stored(key: str, /, **fields: Any) -> dict[str, Any]:
    """A sentence as a results folder keeps it (JSON): its key and fields, rendered when read, in the reader's
    language (`render_stored`; words.note). A field said in two languages is kept as {"en": …, "ru": …}, a
    `Sentence` field as a stored sentence of its own, any other value that is not a number or a string as its
    text."""
    return {"key": key, "fields": {name: _keepable(value) for name, value in fields.items()}}


def _keepable(value: Any) -> Any:
    if isinstance(value, Both):
        return {"en": _keepable(value.en), "ru": _keepable(value.ru)}
    if isinstance(value, Sentence):
        return stored(value.key, **value.fields)
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    return str(value)


def is_stored(entry: Any) -> bool:
    """Whether `entry` is a stored sentence (`stored`), not a text (a note written before notes had keys)."""
    return isinstance(entry, Mapping) and isinstance(entry.get("key"), str)


def render_stored(entry: Mapping[str, Any], lang: str, /, **shown: Any) -> str:
    """A stored sentence (see `stored`) in `lang`; `shown`: fields given as they are to be shown instead
    (a variant's title for its name)."""
    fields = {name: _kept(value, lang) for name, value in dict(entry.get("fields") or {}).items()}
    return text(str(entry["key"]), lang, **{**fields, **shown})


def _kept(value: Any, lang: str) -> Any:
    if isinstance(value, Mapping) and set(value) == {"en", "ru"}:
        return _kept(value["ru" if lang == "ru" else "en"], lang)
    if is_stored(value) and value["key"] in MESSAGES:
        return render_stored(value, lang)
    return value
