"""Errors that mean bad input: the CLI prints their message and exits with code 2."""

from __future__ import annotations

from typing import Any, TypeVar

E = TypeVar("E", bound="KozelError")
X = TypeVar("X", bound=BaseException)


def keyed(cls: type[X], key: str, /, **fields: Any) -> X:
    """An exception of any class (ValueError too: a request checked by the layer below the CLI) whose
    sentence is `key` in the message table: its English is its str(), and it carries `ru`, `key` and `fields`
    (a field may be an exception or a messages.Both pair: said in each language)."""
    from .messages import both

    en, ru = both(key, **fields)
    error = cls(en)
    error.ru = ru  # type: ignore[attr-defined]
    error.key = key  # type: ignore[attr-defined]
    error.fields = fields  # type: ignore[attr-defined]
    return error


def again(cls: type[X], exc: BaseException) -> X:
    """`exc`'s sentence raised as another class (its key and fields when it has them, so both languages)."""
    key = getattr(exc, "key", None)
    if key is not None:
        return keyed(cls, key, **getattr(exc, "fields", {}))
    error = cls(str(exc))
    error.ru = getattr(exc, "ru", None)  # type: ignore[attr-defined]
    return error


class KozelError(Exception):
    """Bad input; the message names what and where. `ru`: the same message in Russian (the command line
    shows it under --lang ru; say.error_text). Raised by key (`keyed`), it keeps its key and fields: the
    message table (kozel_stats/text/messages.py) holds both languages."""

    def __init__(self, message: str = "", ru: str | None = None):
        super().__init__(message)
        self.ru = ru
        self.key: str | None = None
        self.fields: dict[str, Any] = {}

    @classmethod
    def keyed(cls: type[E], key: str, /, **fields: Any) -> E:
        """The error whose sentence is `key` in the message table, with its fields."""
        return keyed(cls, key, **fields)

    @classmethod
    def because(cls: type[E], key: str, exc: BaseException, most: int, /, **fields: Any) -> E:
        """The error `key` caused by `exc`: its fields `error_type` (the exception's class) and `reason` (its
        words, at most `most` characters: messages.cut) besides the others."""
        from .messages import cut

        return keyed(cls, key, error_type=type(exc).__name__, reason=cut(exc, most), **fields)


class VariantError(KozelError, ValueError):
    """A variant file or name that cannot be used: names the file, the key and what is allowed (also a
    ValueError: a bad knob value given on the command line is bad input like any other)."""


class TraceError(KozelError):
    """A game record that cannot be read: names the line and the field."""


class ResultsError(KozelError):
    """A results folder that cannot be written or read."""
