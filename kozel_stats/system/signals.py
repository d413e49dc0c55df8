"""Ctrl-C and SIGTERM: stop what is playing, never what is being saved.

The command line installs `install()`; from then on SIGINT and SIGTERM raise
KeyboardInterrupt, except inside a `protected()` block (writing results, saving a record,
cleaning up after an interruption), where the signal is remembered and raised when the
block ends, after the write is complete. `interruptible()` re-opens a window inside a
protected block (the games being played). A second Ctrl-C is handled like the first: it
never cuts a write in half. Without `install()` (library use) nothing changes: Python's
own KeyboardInterrupt applies.
"""

from __future__ import annotations

import signal
from collections.abc import Iterator
from contextlib import contextmanager

_modes: list[bool] = []  # stack: True = interruptible, False = protected
_pending: list[int] = []
_installed = False

NAMES = {int(signal.SIGINT): "Ctrl-C", int(signal.SIGTERM): "SIGTERM"}


def _may_raise() -> bool:
    return not _modes or _modes[-1]


def rearm() -> None:
    """Put our handlers back at the C level. LLVM (numba's compiler) registers its own SIGINT handler to
    clean up its files and, when a Ctrl-C reaches it, leaves the default action behind while Python still
    believes its handler is set: a second Ctrl-C then killed the process (exit code 130)."""
    if _installed:
        signal.signal(signal.SIGINT, _handler)
        signal.signal(signal.SIGTERM, _handler)


def _handler(signum, frame) -> None:
    _pending.append(signum)
    rearm()
    if _may_raise():
        raise KeyboardInterrupt


def install() -> None:
    """SIGINT (also when the shell started us with it ignored) and SIGTERM stop the command."""
    global _installed
    signal.signal(signal.SIGINT, _handler)
    signal.signal(signal.SIGTERM, _handler)
    _installed = True


def hold() -> None:
    """Until `release()`, a signal is only remembered, never raised: the command is already stopping (a
    second Ctrl-C while it says so must not cut it short)."""
    _modes.append(False)
    rearm()


def release() -> None:
    """End a `hold()`, forgetting what came meanwhile (the command has said it was interrupted)."""
    if _modes and _modes[-1] is False:
        _modes.pop()
    _pending.clear()


def ignore_interrupts() -> None:
    """The command has ended and set its exit code: Ctrl-C is ignored while Python shuts down (the worker
    pool's clean-up). Python's finalization resets a handler of ours to the default action, which a late
    Ctrl-C turned into a death by SIGINT (exit code 130); an ignored signal stays ignored."""
    _modes.append(False)
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def received() -> str | None:
    """The name of the first signal received, if any."""
    return NAMES.get(_pending[0], f"signal {_pending[0]}") if _pending else None


def clear() -> None:
    """Forget the signals received (the command has reported them)."""
    _pending.clear()
    rearm()


def _enter(mode: bool) -> None:
    _modes.append(mode)
    if mode and _pending and _installed:
        raise KeyboardInterrupt  # a signal came while protected: stop now that it is allowed


def _leave() -> None:
    _modes.pop()
    if _pending and _installed and _may_raise():
        raise KeyboardInterrupt


@contextmanager
def protected() -> Iterator[None]:
    """Signals wait until the block is over (then KeyboardInterrupt, if one came)."""
    _modes.append(False)
    try:
        yield
    finally:
        _leave()


@contextmanager
def interruptible() -> Iterator[None]:
    """Signals stop the block at once (KeyboardInterrupt), also inside a protected block."""
    _enter(True)
    try:
        yield
    finally:
        _modes.pop()
