"""End-to-end timing of `compare` over every shipped variant, and of `kozel-stats --help`.

    python benchmarks/bench_compare.py --games 1000000     # the README's target: < 3 minutes on 2 cores
    python benchmarks/bench_compare.py --games 100000      # a quicker look

Prints the wall time of the whole comparison (play + statistics), games per second,
and the start-up time of `kozel-stats --help` (median of 5).
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def help_time() -> float:
    times = []
    for _ in range(5):
        start = time.perf_counter()
        subprocess.run([sys.executable, "-m", "kozel_stats", "--help"], capture_output=True, check=True)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=100_000)
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    args = parser.parse_args()
    sys.path.insert(0, str(ROOT))
    from kozel_stats.answers.compare import run_compare
    from kozel_stats.rules.variants import load_variants, shipped_dir

    variants = load_variants([str(shipped_dir())])
    start = time.perf_counter()
    outcome = run_compare(variants, args.games, seed=1, bots=["random"], workers=args.workers)
    played = time.perf_counter() - start
    total_games = args.games * len(variants)
    print(
        f"compare of {len(variants)} variants x {args.games:,} games, {args.workers} workers: "
        f"{played:.1f} s wall ({total_games / played:,.0f} games/s, statistics included; "
        f"{len(outcome.analysis.comparisons)} comparisons)"
    )
    print(f"kozel-stats --help: {help_time() * 1000:.0f} ms (median of 5)")


if __name__ == "__main__":
    main()
