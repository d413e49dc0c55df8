"""Errors that mean bad input: the CLI prints their message and exits with code 2."""


class KozelError(Exception):
    """Bad input; the message names what and where. `ru`: the same message in Russian (the command line
    shows it under --lang ru; say.error_text)."""

    def __init__(self, message: str = "", ru: str | None = None):
        super().__init__(message)
        self.ru = ru


class VariantError(KozelError, ValueError):
    """A variant file or name that cannot be used: names the file, the key and what is allowed (also a
    ValueError: a bad knob value given on the command line is bad input like any other)."""


class TraceError(KozelError):
    """A game record that cannot be read: names the line and the field."""


class ResultsError(KozelError):
    """A results folder that cannot be written or read."""
