"""Writing a file whole or not at all: under this process's own temporary name beside it, then renamed;
a full disk or another failure is one clear error naming the file, and the old file is kept. The lowest
layer: records, the runner's tables, results folders and reports all write through it."""

from __future__ import annotations

import errno
import os
from pathlib import Path

from ..text import (
    messages,
    system_texts,  # noqa: F401  (importing it declares the sentences this module says)
)
from ..text.errors import ResultsError


def disk_error(exc: OSError, path: Path) -> ResultsError:
    if exc.errno == errno.ENOSPC:
        return ResultsError.keyed("files.space_left_device_files", path=path)
    return ResultsError.keyed("files.cannot_written", path=path, reason=messages.foreign(exc.strerror or exc))


def _disk_full(path: Path) -> bool:
    """Whether the file system of `path` is (nearly) full: less than 1 MiB free."""
    try:
        st = os.statvfs(path.parent)
    except OSError:
        return False
    return st.f_bavail * st.f_frsize < 1 << 20


def write_atomic(path: Path, write) -> None:
    """Write a file under a temporary name beside it, then rename: never half a file under the
    real name; on a failure (a full disk) the temporary file is removed and the old file kept."""
    # this process's own temporary name: two commands writing the same file never write into one temporary
    # file (the last complete one wins, whole)
    tmp = path.with_name(f".{path.name}.{os.getpid()}.partial")
    try:
        tmp.unlink(missing_ok=True)  # our own name: never write through a link someone left there
        write(tmp)
        os.replace(tmp, path)
    except OSError as exc:
        tmp.unlink(missing_ok=True)
        raise disk_error(exc, path) from None
    except BaseException as exc:
        tmp.unlink(missing_ok=True)
        text = str(exc)
        # polars reports a full disk as its own error ("os error 28", or only "transport error")
        if "No space left" in text or "os error 28" in text or (isinstance(exc, Exception) and _disk_full(path)):
            raise disk_error(OSError(errno.ENOSPC, "No space left on device"), path) from None
        if type(exc).__module__.startswith("polars"):
            raise ResultsError.keyed(
                "files.cannot_written_2", path=path, error_type=type(exc).__name__, reason=messages.foreign(text[:160])
            ) from None
        raise


def write_text_atomic(path: Path, text: str) -> None:
    write_atomic(path, lambda tmp: tmp.write_text(text, encoding="utf-8"))
