"""Errors that mean bad input: the CLI prints their message and exits with code 2."""


class KozelError(Exception):
    """Bad input; the message names what and where."""


class VariantError(KozelError):
    """A variant file or name that cannot be used: names the file, the key and what is allowed."""


class TraceError(KozelError):
    """A game record that cannot be read: names the line and the field."""


class ResultsError(KozelError):
    """A results folder that cannot be written or read."""
