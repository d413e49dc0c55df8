"""Compiling the game engine once, and saying so before it happens.

numba compiles the engine's kernels on first use and keeps the machine code in its
cache folder (set in `kozel_stats/__init__.py`, keyed by the engine's sources). The
first run on a machine therefore spends some seconds compiling; this module makes
that visible: `prepare` compiles (or loads) the kernel a command needs *before* any
game is timed or any progress bar starts, and tells the user at once when it has to
compile. A small marker file per kernel in the cache folder records that the kernel
was compiled there, so later runs say nothing. numba files its cache under the path of
the sources, so a second clone (or a moved one) compiles again: the marker names the
package's folder too.

Kernels: `play_game` (the play / replay / record path) and `play_batch` (the fast
path of compare, duel and the benchmarks, which reuses play_game's code), each in two
flavours: the random and heavy bots only (`fast`), or every bot (`thoughtful`).
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import threading
import time
from collections.abc import Callable
from pathlib import Path

from .codes import thoughtful as thoughtful  # which kernel a set of bots needs (decided with the bot ids)

#: CPU seconds the first compile of each kernel took on the 2-core development machine
#: (benchmarks/bench_compile.py measures them); play_batch's figure includes play_game's.
COMPILE_SECONDS = {
    ("play_game", False): 13,
    ("play_game", True): 31,
    ("play_batch", False): 17,
    ("play_batch", True): 35,
}


NOTICE_AFTER = 1.0  # seconds: loading compiled code from the cache takes less


def _marker(entry: str, thoughtful: bool) -> Path | None:
    folder = os.environ.get("NUMBA_CACHE_DIR")
    if not folder:
        return None
    here = hashlib.sha1(str(Path(__file__).resolve().parent).encode()).hexdigest()[:12]
    return Path(folder) / f"compiled-{entry}-{'thoughtful' if thoughtful else 'fast'}-{here}.ok"


def is_compiled(entry: str, thoughtful: bool) -> bool:
    marker = _marker(entry, thoughtful)
    return marker is not None and marker.is_file()


def _compile(entry: str, thoughtful: bool) -> None:
    import numpy as np

    from .codes import compile_rules
    from .rules import DEFAULTS

    params = compile_rules(dict(DEFAULTS))
    bots = np.full(4, 4 if thoughtful else 0, dtype=np.int64)  # counter stands for every thoughtful bot
    if entry == "play_game":
        from .rules import default_variant
        from .trace import record_game

        record_game(default_variant(), 1, ["counter" if thoughtful else "random"] * 4)
    else:
        from .runner import play_range
        from .sums import compile_now

        play_range(params, 1, 0, 1, bots)
        compile_now()  # the statistics' sums, which every batch of a compare or a sweep runs


def prepare(entry: str, thoughtful: bool, notice: Callable[[str], None] | None = None) -> float:
    """Compile (or load from the cache) one kernel; return the CPU seconds it took to compile
    (0.0 when it was already compiled). `notice` gets one line when a compile starts (a second
    into it, so that loading from numba's cache says nothing)."""
    if is_compiled(entry, thoughtful):
        return 0.0
    estimate = COMPILE_SECONDS[(entry, thoughtful)]
    if is_compiled("play_game", thoughtful) and entry == "play_batch":
        estimate = max(2, estimate - COMPILE_SECONDS[("play_game", thoughtful)])
    # numba may still find the code in its cache (compiled by a test, say): the notice is only
    # printed if loading has not finished within a second
    timer = None
    if notice is not None:
        line = f"compiling the game engine once (about {estimate} s of CPU; later runs start at once)…"
        timer = threading.Timer(NOTICE_AFTER, notice, [line])
        timer.daemon = True
        timer.start()
    start = time.process_time()
    try:
        _compile(entry, thoughtful)
    finally:
        if timer is not None:
            timer.cancel()
    spent = time.process_time() - start
    marker = _marker(entry, thoughtful)
    if marker is not None:
        with contextlib.suppress(OSError):  # a read-only cache only costs the notice next time
            marker.write_text(f"{spent:.1f}\n")
    return spent


def main() -> None:
    """`python -m kozel_stats.warmup`: compile every kernel now (CI does this before the tests,
    so that test timeouts measure tests, not compilation)."""
    import sys

    for entry in ("play_game", "play_batch"):
        for flavour in (False, True):
            spent = prepare(entry, flavour, lambda line: print(line, file=sys.stderr, flush=True))
            kind = "every bot" if flavour else "random and heavy bots"
            print(
                f"{entry} ({kind}): " + (f"compiled in {spent:.1f} s of CPU" if spent else "already compiled"),
                file=sys.stderr,
            )


if __name__ == "__main__":
    main()
