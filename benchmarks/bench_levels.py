"""What the level of play costs: CPU seconds of the README's quick start at each level, the engine compiled.

    python benchmarks/bench_levels.py              # the README's level table (beginner 5.7 s, player 7.7 s)
    python benchmarks/bench_levels.py --json

The quick start (`compare default fish-to-fisherman threshold-25 --games 20000`) runs once to load the engine
into this run's numba cache, then once per level with `--workers 1`, so that the CPU time of the process and
its children counts every second of play; the figure is the best of `--repeat` runs (a shared machine only
ever adds time). CPU seconds, not wall seconds: they hold on a loaded machine.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile

QUICK_START = ["compare", "default", "fish-to-fisherman", "threshold-25", "--games", "20000", "--workers", "1"]
LEVELS = ("beginner", "player")


def cpu_seconds(args: list[str], env: dict[str, str]) -> float:
    """The CPU seconds (user + system) of `kozel-stats ARGS` and its children."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run([sys.executable, "-m", "kozel_stats", *args], env=env, check=True, capture_output=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=2, help="runs per level; the fastest is kept")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as cache:
        env = {**os.environ, "NUMBA_CACHE_DIR": cache}
        cpu_seconds([*QUICK_START, "--games", "200"], env)  # loads (or compiles) the engine's kernels once
        for level in LEVELS:
            cpu_seconds([*QUICK_START, "--games", "200", "--level", level], env)
        found = {
            level: min(cpu_seconds([*QUICK_START, "--level", level], env) for _ in range(args.repeat))
            for level in LEVELS
        }
    if args.json:
        print(json.dumps({"cpu_seconds": found, "ratio": found["player"] / found["beginner"]}))
        return
    for level, seconds in found.items():
        print(f"{level:<9} {seconds:5.1f} s of CPU")
    print(f"player / beginner: {found['player'] / found['beginner']:.2f}x")


if __name__ == "__main__":
    main()
