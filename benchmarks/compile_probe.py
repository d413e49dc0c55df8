"""Where the first run's time goes: compile the thinking bots' `play_batch` kernel (the quick start's)
in an empty numba cache, in CPU seconds, then time `counter` and `random` games on one core.

    python benchmarks/compile_probe.py                      # a fresh cache in a temporary folder
    NUMBA_OPT=0 python benchmarks/compile_probe.py          # without LLVM's optimisation
    PYTHONPATH=/path/to/other/checkout python benchmarks/compile_probe.py   # another build of the engine

The figures of docs/performance.md ("Where the compile time goes") were made with it, one build of the
engine per checkout (inlining changed by hand), each in its own empty cache.
"""

from __future__ import annotations

import argparse
import os
import tempfile
import time


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--cache", help="the numba cache folder (default: a new temporary one, so empty)")
    parser.add_argument("--games", type=int, default=20_000, help="counter games per timing (random: twice)")
    args = parser.parse_args()
    os.environ["NUMBA_CACHE_DIR"] = args.cache or tempfile.mkdtemp(prefix="kozel-probe-")

    import numpy as np

    import kozel_stats
    from kozel_stats.engine.codes import KERNEL_FAST, KERNEL_THINKING, compile_rules
    from kozel_stats.play import warmup
    from kozel_stats.play.batches import play_range
    from kozel_stats.records.trace import bot_array
    from kozel_stats.rules.variants import DEFAULTS

    print(f"engine from {kozel_stats.__file__}, cache {os.environ['NUMBA_CACHE_DIR']}", flush=True)
    params = compile_rules(dict(DEFAULTS))
    for bot, flavour, n in (("counter", KERNEL_THINKING, args.games), ("random", KERNEL_FAST, 2 * args.games)):
        start = time.process_time()
        warmup.prepare("play_batch", flavour)
        print(f"compile {warmup.KERNEL_NAMES[flavour]}: {time.process_time() - start:.1f} s CPU", flush=True)
        bots = np.asarray(bot_array([bot] * 4), dtype=np.int64)
        best = float("inf")
        for r in range(3):
            start = time.process_time()
            play_range(params, 1, 1000 + r * n, n, bots)
            best = min(best, time.process_time() - start)
        print(f"{bot}: {n / best:,.0f} games/s", flush=True)


if __name__ == "__main__":
    main()
