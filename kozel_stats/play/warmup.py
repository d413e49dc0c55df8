"""Compiling the game engine once, and saying so before it happens.

numba compiles the engine's kernels on first use and keeps the machine code in its
cache folder (set in `kozel_stats/__init__.py`, keyed by the engine's sources). The
first run on a machine therefore spends some seconds compiling; this module makes
that visible: `prepare` compiles (or loads) the kernel a command needs *before* any
game is timed or any progress bar starts, and tells the user at once when it has to
compile. A small marker file per kernel in the cache folder records that the kernel
was compiled there, so later runs say nothing. The marker names the package's folder too:
where numba's cache is not portable (kozel_stats/engine/precompiled.py: other than x86-64 Linux, or a
user's own locator), numba files its cache under the path of the sources and a second clone
(or a moved one) compiles again; where it is portable, a second clone only loads the code once
more, in less than the second after which the notice would be printed.

Kernels: `play_game` (the play / replay / record path) and `play_batch` (the fast
path of compare, duel and the benchmarks, which reuses play_game's code), each in three
flavours (codes.kernel_flavour): the random and heavy bots only (`fast`), the thinking bots
without the search (`thoughtful`: counter, the `player` level), or every bot (`searching`:
sampler and expert too, whose search is most of that kernel's compile time).
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import threading
import time
from collections.abc import Callable, Iterable
from pathlib import Path

from ..engine.codes import KERNEL_FAST, KERNEL_NAMES, KERNEL_SEARCHING, KERNEL_THINKING
from ..engine.codes import kernel_flavour as kernel_flavour
from ..text.notice_texts import COMPILE_NOTICE as NOTICE_TEXT

NOTICE_AFTER = 1.0  # seconds: loading compiled code from the cache takes less
NOTICE_EVERY = 15.0  # seconds between the lines that count the compile's time
_notice_lang = ["en"]


def use_language(lang: str) -> None:
    """The language of the compile notice (ru or en)."""
    _notice_lang[0] = lang if lang in NOTICE_TEXT else "en"


def _announce(notice: Callable[[str], None], stop: threading.Event) -> None:
    """After NOTICE_AFTER seconds one line, then one every NOTICE_EVERY seconds with the time so far."""
    first, later = NOTICE_TEXT[_notice_lang[0]]
    start = time.monotonic()
    if stop.wait(NOTICE_AFTER):
        return
    from ..engine import precompiled

    why = precompiled.why_compiling(_notice_lang[0])
    notice(f"{first} ({why})" if why else first)
    while not stop.wait(NOTICE_EVERY):
        notice(later.format(s=round(time.monotonic() - start)))


#: The bot that stands for every bot of a kernel flavour when it is compiled
_STANDS_FOR = {KERNEL_FAST: "random", KERNEL_THINKING: "counter", KERNEL_SEARCHING: "expert"}


def _marker(entry: str, flavour: int) -> Path | None:
    folder = os.environ.get("NUMBA_CACHE_DIR")
    if not folder:
        return None
    here = hashlib.sha1(str(Path(__file__).resolve().parent).encode()).hexdigest()[:12]
    return Path(folder) / f"compiled-{entry}-{KERNEL_NAMES[flavour]}-{here}.ok"


def is_compiled(entry: str, flavour: int) -> bool:
    marker = _marker(entry, flavour)
    return marker is not None and marker.is_file()


def _compile(entry: str, flavour: int) -> None:
    import numpy as np

    from ..engine.codes import compile_rules
    from ..records.trace import bot_array
    from ..rules.variants import DEFAULTS

    params = compile_rules(dict(DEFAULTS))
    bot = _STANDS_FOR[flavour]
    bots = np.asarray(bot_array([bot] * 4), dtype=np.int64)
    if entry == "play_game":
        from ..records.trace import record_game
        from ..rules.variants import default_variant

        record_game(default_variant(), 1, [bot] * 4)
    else:
        from ..engine.sums import compile_now
        from .batches import play_range

        play_range(params, 1, 0, 1, bots)
        compile_now()  # the statistics' sums, which every batch of a compare or a sweep runs


def prepare(entry: str, flavour: int, notice: Callable[[str], None] | None = None) -> float:
    """Compile (or load from the cache) one kernel (`flavour`: codes.kernel_flavour); return the CPU seconds
    it took to compile (0.0 when it was already compiled). `notice` gets one line when a compile starts (a
    second into it, so that loading from numba's cache says nothing)."""
    flavour = int(flavour)
    if is_compiled(entry, flavour):
        return 0.0
    # numba may still find the code in its cache (compiled by a test, say): the notice is only
    # printed if loading has not finished within a second
    stop = threading.Event()
    if notice is not None:
        threading.Thread(target=_announce, args=(notice, stop), daemon=True).start()
    start = time.process_time()
    try:
        _compile(entry, flavour)
    finally:
        stop.set()
    spent = time.process_time() - start
    marker = _marker(entry, flavour)
    if marker is not None:
        try:  # a read-only or full cache only costs the notice next time
            marker.write_text(f"{spent:.1f}\n")
        except OSError:
            with contextlib.suppress(OSError):  # never an empty marker left by a full disk
                marker.unlink()
    return spent


def _prepare_quietly(task: tuple[str, int]) -> float:
    return prepare(*task)


def main() -> None:
    """`python -m kozel_stats.play.warmup`: compile every kernel now (CI does this before the tests,
    so that test timeouts measure tests, not compilation), one process per core: the kernels are
    compiled independently and numba writes each cache file whole (a temporary file, renamed)."""
    import multiprocessing
    import sys
    from concurrent.futures import ProcessPoolExecutor

    kinds = {KERNEL_FAST: "random and heavy bots", KERNEL_THINKING: "thinking bots", KERNEL_SEARCHING: "every bot"}
    # the dearest first, so that two cores finish together
    tasks = [
        (entry, flavour)
        for flavour in (KERNEL_SEARCHING, KERNEL_THINKING, KERNEL_FAST)
        for entry in ("play_batch", "play_game")
    ]
    # (seconds where the shipped code fits this machine: engine/precompiled.py; minutes where numba compiles)
    print(f"loading or compiling {len(tasks)} kernels…", file=sys.stderr, flush=True)
    # --serial: one after another in this process (precompiled.build: every entry in numba's index files)
    workers = 1 if "--serial" in sys.argv[1:] else max(1, min(len(tasks), os.cpu_count() or 1))
    with contextlib.ExitStack() as stack:
        results: Iterable[float]
        if workers == 1:
            results = map(_prepare_quietly, tasks)
        else:
            pool = stack.enter_context(ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("spawn")))
            results = pool.map(_prepare_quietly, tasks)
        for (entry, flavour), spent in zip(tasks, results, strict=True):
            print(
                f"{entry} ({kinds[flavour]}): " + (f"ready in {spent:.1f} s of CPU" if spent else "ready already"),
                file=sys.stderr,
                flush=True,
            )


if __name__ == "__main__":
    main()
