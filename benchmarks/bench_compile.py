"""First-run cost: CPU seconds of a command with an empty numba cache (compilation included).

    python benchmarks/bench_compile.py            # the README's figures
    python benchmarks/bench_compile.py --json
    python benchmarks/bench_compile.py --only first-hour
    python benchmarks/bench_compile.py --compile     # numba compiles: the shipped code left unused

Each command runs in a fresh process with its own empty NUMBA_CACHE_DIR, as on a new machine: where
the package ships compiled code for the machine (kozel_stats/engine/precompiled.py: x86-64 Linux, the
archive's Python and numba), it is unpacked into that cache and loaded; `--compile` (or another
machine) makes numba compile every kernel, as a machine without that code does.

The CPU time is that of the process and all its children (the compare's workers). CPU seconds, not
wall seconds: on a loaded machine the wall time grows but the CPU time does not.

Machine-independent figures: the C baseline (c_baseline.c, bench_c.py) runs in the same
session, before and after the commands, timed in its own CPU time as the commands are, and every
CPU figure is also printed scaled to a core where it plays 1.88 M deals/s (the README's machine):
scaled = measured x (C rate here / 1.88 M). The faster of the two C runs is taken.

The user's first hour is one row: the README's quick start, then `play`, `compare --skill`
and a small `sweep`, one after the other in ONE empty cache (what a new user's machine does).
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

from bench_c import C_REFERENCE, c_deals_per_cpu_second

QUICK_START = ["compare", "default", "fish-to-fisherman", "threshold-25", "--games", "20000"]
COMMANDS = {
    "quick start: compare of three variants, 20,000 games": QUICK_START,
    "play default --seed 1": ["play", "default", "--seed", "1", "-q"],
    "compare of two variants, 20,000 games": ["compare", "default", "fish-to-fisherman", "--games", "20000"],
    "play default --bots counter": ["play", "default", "--seed", "1", "-q", "--bots", "counter"],
}
#: A new user's first hour, in one cache: the quick start, then what the README shows next
FIRST_HOUR = [
    QUICK_START,
    ["play", "default", "--seed", "1", "-q"],
    ["compare", "default", "fish-to-fisherman", "--games", "2000", "--skill", "counter/random"],
    [
        "sweep",
        "default",
        "--vary",
        "threshold=once,every-deal",
        "--vary",
        "fish_winner=lower-sum,fisherman",
        "--games",
        "2000",
    ],
]


#: The environment of the commands: --compile adds KOZEL_STATS_PRECOMPILED=0
ENV = dict(os.environ)


def cpu_seconds(args: list[str], cache: str | None, cwd: str | None = None) -> tuple[float, float]:
    """(CPU seconds, wall seconds) of one `kozel-stats` command; cache=None: a fresh empty cache."""
    env = dict(ENV)
    with tempfile.TemporaryDirectory() as fresh:
        env["NUMBA_CACHE_DIR"] = cache or fresh
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        subprocess.run(
            [sys.executable, "-m", "kozel_stats", *args],
            env=env,
            cwd=cwd,
            check=True,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        wall = time.perf_counter() - start
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return cpu, wall


def first_hour() -> tuple[float, float]:
    """CPU and wall seconds of FIRST_HOUR's commands run one after the other in one empty cache."""
    cpu = wall = 0.0
    with tempfile.TemporaryDirectory() as cache, tempfile.TemporaryDirectory() as work:
        for command in FIRST_HOUR:
            c, w = cpu_seconds(command, cache, cwd=work)
            cpu, wall = cpu + c, wall + w
    return cpu, wall


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--only", choices=["first-hour", "commands"], help="one part of the table")
    parser.add_argument("--compile", action="store_true", help="leave the shipped compiled code unused")
    args = parser.parse_args()
    if args.compile:
        ENV["KOZEL_STATS_PRECOMPILED"] = "0"
    c_before = c_deals_per_cpu_second() or float("nan")
    rows = []
    if args.only != "first-hour":
        for label, command in COMMANDS.items():
            cold_cpu, cold_wall = cpu_seconds(command, None)
            with tempfile.TemporaryDirectory() as cache:
                cpu_seconds(command, cache)  # fill this cache
                warm_cpu, warm_wall = cpu_seconds(command, cache)
            rows.append(row("kozel-stats " + " ".join(command), label, cold_cpu, cold_wall, warm_cpu, warm_wall))
    if args.only != "commands":
        cpu, wall = first_hour()
        commands = " && ".join("kozel-stats " + " ".join(c) for c in FIRST_HOUR)
        rows.append(row(commands, "the first hour: quick start, play, compare --skill, sweep", cpu, wall, None, None))
    c_after = c_deals_per_cpu_second() or float("nan")
    c_rate = max(c_before, c_after)
    scale = c_rate / C_REFERENCE
    for r in rows:
        r["cold_cpu_scaled_s"] = round(r["cold_cpu_s"] * scale, 1)
    if args.json:
        print(json.dumps({"c_deals_per_s": round(c_rate), "scale": round(scale, 3), "rows": rows}, indent=1))
        return
    print(f"c_baseline here: {c_rate / 1e6:.2f} M deals/s (scaled to 1.88 M: x {scale:.2f})")
    print(f"{'':58} {'empty cache':>31} {'compiled':>20}")
    print(f"{'':58} {'CPU s':>9} {'scaled':>9} {'wall s':>10} {'CPU s':>9} {'wall s':>10}")
    for r in rows:
        warm = "" if r["warm_cpu_s"] is None else f"{r['warm_cpu_s']:>9.1f} {r['warm_wall_s']:>10.1f}"
        print(
            f"{r['what']:<58} {r['cold_cpu_s']:>9.1f} {r['cold_cpu_scaled_s']:>9.1f} {r['cold_wall_s']:>10.1f} {warm}"
        )


def row(command: str, what: str, cold_cpu, cold_wall, warm_cpu, warm_wall) -> dict:
    def rounded(x):
        return None if x is None else round(x, 1)

    return {
        "command": command,
        "what": what,
        "cold_cpu_s": rounded(cold_cpu),
        "cold_wall_s": rounded(cold_wall),
        "warm_cpu_s": rounded(warm_cpu),
        "warm_wall_s": rounded(warm_wall),
    }


if __name__ == "__main__":
    main()
