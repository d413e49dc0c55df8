"""First-run cost: CPU seconds of a command with an empty numba cache (compilation included).

    python benchmarks/bench_compile.py            # the README's figures
    python benchmarks/bench_compile.py --json

Each command runs in a fresh process with its own empty NUMBA_CACHE_DIR; the CPU time
is that of the process and all its children (the compare's workers). CPU seconds, not
wall seconds: on a loaded machine the wall time grows but the CPU time does not.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import time

COMMANDS = {
    "play default --seed 1 (first run)": ["play", "default", "--seed", "1", "-q"],
    "compare of two variants, 20,000 games (first run)": [
        "compare",
        "default",
        "fish-to-fisherman",
        "--games",
        "20000",
    ],
    "play default --bots counter (first run with a thinking bot)": [
        "play",
        "default",
        "--seed",
        "1",
        "-q",
        "--bots",
        "counter",
    ],
}


def cpu_seconds(args: list[str], cache: str | None) -> tuple[float, float]:
    """(CPU seconds, wall seconds) of one `kozel-stats` command; cache=None: a fresh empty cache."""
    env = dict(os.environ)
    with tempfile.TemporaryDirectory() as fresh:
        env["NUMBA_CACHE_DIR"] = cache or fresh
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        subprocess.run(
            [sys.executable, "-m", "kozel_stats", *args],
            env=env,
            check=True,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        wall = time.perf_counter() - start
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return cpu, wall


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    rows = []
    for label, command in COMMANDS.items():
        cold_cpu, cold_wall = cpu_seconds(command, None)
        with tempfile.TemporaryDirectory() as cache:
            cpu_seconds(command, cache)  # fill this cache
            warm_cpu, warm_wall = cpu_seconds(command, cache)
        rows.append(
            {
                "command": "kozel-stats " + " ".join(command),
                "what": label,
                "cold_cpu_s": round(cold_cpu, 1),
                "cold_wall_s": round(cold_wall, 1),
                "warm_cpu_s": round(warm_cpu, 1),
                "warm_wall_s": round(warm_wall, 1),
            }
        )
    if args.json:
        print(json.dumps(rows, indent=1))
        return
    print(f"{'':58} {'empty cache':>20} {'compiled':>20}")
    print(f"{'':58} {'CPU s':>9} {'wall s':>10} {'CPU s':>9} {'wall s':>10}")
    for r in rows:
        print(
            f"{r['what']:<58} {r['cold_cpu_s']:>9.1f} {r['cold_wall_s']:>10.1f} {r['warm_cpu_s']:>9.1f} "
            f"{r['warm_wall_s']:>10.1f}"
        )


if __name__ == "__main__":
    main()
