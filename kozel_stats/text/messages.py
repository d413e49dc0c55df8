"""The tool's sentences by key, English and Russian side by side: errors, notices, notes stored in results
folders, help. A sentence is written once, here; the code names its key and its fields, and the sentence is
rendered in the user's language where it is shown (an error keeps its key and fields: `KozelError.keyed`).

Fields are str.format fields. Two format specs of our own:
- ``{n:count}``: a count in the language's way (30,000 / 30 000);
- ``{n:plural:game|games}`` (en) and ``{n:plural:партия|партии|партий}`` (ru): the noun form after n (only the
  noun: write ``{n:count} {n:plural:…}`` for both).

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
    """Declare a block of messages (a module's own, kept beside the code that says them): a key said twice is
    a mistake, found at import."""
    for key, pair in table.items():
        if key in MESSAGES and MESSAGES[key] != pair:
            raise ValueError(f"message {key!r} declared twice")
        MESSAGES[key] = pair


class _Formatter(string.Formatter):
    def __init__(self, lang: str):
        self.lang = lang

    def format_field(self, value: Any, format_spec: str) -> str:
        if format_spec == "count":
            return count(int(value), self.lang)
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
    """A sentence as a results folder keeps it: its key and fields (rendered when read, in the reader's
    language; words.note renders it)."""
    return {"key": key, "fields": dict(fields)}


def render_stored(entry: Mapping[str, Any], lang: str) -> str:
    """A stored sentence (see `stored`) in `lang`."""
    return text(str(entry["key"]), lang, **dict(entry.get("fields") or {}))
