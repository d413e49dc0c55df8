"""Peak memory of `compare` against the number of games: it must not grow.

    python benchmarks/bench_memory.py                 # 10^5, 10^6, 10^7 games of default
    python benchmarks/bench_memory.py --games 100000000

Each run is a fresh `kozel-stats compare default --games N` process; the figure is the
largest resident set of the parent and of any worker (getrusage of the children), in MB.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import time

# A fresh process per run measures it: the largest resident set among its descendants (the
# compare process and its workers) is what getrusage(RUSAGE_CHILDREN) reports on Linux.
_MEASURE = (
    "import resource, subprocess, sys; "
    "subprocess.run(sys.argv[1:], check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL); "
    "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)"
)


def peak_mb(games: int, workers: int | None) -> tuple[float, float]:
    """(peak resident MB of the largest process, wall seconds) of one compare run."""
    command = [sys.executable, "-m", "kozel_stats", "compare", "default", "--games", str(games)]
    if workers:
        command += ["--workers", str(workers)]
    start = time.perf_counter()
    out = subprocess.run([sys.executable, "-c", _MEASURE, *command], check=True, capture_output=True, text=True)
    wall = time.perf_counter() - start
    return int(out.stdout.strip()) / 1024, wall  # KB on Linux


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, nargs="*", default=[100_000, 1_000_000, 10_000_000])
    parser.add_argument("--workers", type=int, default=None)
    args = parser.parse_args()
    print(f"{'games':>14} {'peak MB':>9} {'seconds':>9}")
    for games in args.games:
        mb, wall = peak_mb(games, args.workers)
        print(f"{games:>14,} {mb:>9.0f} {wall:>9.1f}", flush=True)


if __name__ == "__main__":
    main()
