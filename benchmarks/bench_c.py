"""The C yardstick: random 4-player block deals per second of a plain bit-mask C program.

    python benchmarks/bench_c.py                 # deals/s for about 2 s on one core
    python benchmarks/bench_c.py --seconds 5 --json

c_baseline.c (next to this file) is compiled with `cc -O2` into the temp folder, once
per version of its source (the binary's name holds the source hash). Without a C
compiler the baseline is skipped with a message and the functions return None.
bench_engine.py --vs-c divides the engine's deals/s by this figure.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

SOURCE = Path(__file__).resolve().parent / "c_baseline.c"
NO_COMPILER = "no C compiler (cc): the C baseline is skipped"
_CALIBRATION_DEALS = 200_000  # a first short run (~0.1 s) sizes the timed run
_rate_guess: dict[Path, float] = {}


def binary() -> Path | None:
    """The compiled baseline, built on first use; None (with a message) without `cc`."""
    cc = shutil.which("cc")
    if cc is None:
        print(NO_COMPILER, file=sys.stderr)
        return None
    digest = hashlib.sha256(SOURCE.read_bytes()).hexdigest()[:16]
    folder = Path(tempfile.gettempdir()) / "kozel-stats-bench"
    folder.mkdir(exist_ok=True)
    exe = folder / f"c_baseline-{digest}"
    if not exe.exists():
        partial = folder / f"{exe.name}.{os.getpid()}.tmp"  # then renamed: a parallel run never sees half a file
        subprocess.run([cc, "-O2", "-o", str(partial), str(SOURCE)], check=True)
        partial.replace(exe)
    return exe


def run(n_deals: int, seed: int = 1, exe: Path | None = None) -> dict | None:
    """Play n_deals deals in the C program; its JSON summary (deals, moves, knocks, fishes,
    redeals, checksum, seconds, deals_per_s), or None without a compiler."""
    exe = exe or binary()
    if exe is None:
        return None
    out = subprocess.run([str(exe), str(n_deals), str(seed)], capture_output=True, text=True, check=True)
    return json.loads(out.stdout)


def c_run(seconds: float = 2.0, seed: int = 1) -> dict | None:
    """One timed run of about `seconds` (the deal count is sized from an earlier or a short run)."""
    exe = binary()
    if exe is None:
        return None
    rate = _rate_guess.get(exe)
    if rate is None:
        rate = run(_CALIBRATION_DEALS, seed, exe)["deals_per_s"]
        _rate_guess[exe] = rate
    result = run(max(1000, int(rate * seconds)), seed, exe)
    _rate_guess[exe] = result["deals_per_s"]
    return result


def c_deals_per_second(seconds: float = 2.0, seed: int = 1) -> float | None:
    """Deals per second of the C baseline on one core, or None without a C compiler."""
    result = c_run(seconds, seed)
    return None if result is None else result["deals_per_s"]


C_REFERENCE = 1.88e6  # deals/s of c_baseline.c on the README's machine


def c_deals_per_cpu_second(seconds: float = 2.0) -> float | None:
    """The C baseline's deals per second of its own CPU time. The program times itself by the wall
    clock, which a loaded machine stretches while the bots' games/s here are process time: the two
    must be measured alike for their ratio to mean anything (on an idle core they agree)."""
    import resource

    if c_run(0.2) is None:  # builds the program and sizes the timed run, outside the measured time
        return None
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    result = c_run(seconds)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return result["deals"] / cpu if result and cpu > 0 else None


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=float, default=2.0)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true", help="the C program's whole summary")
    args = parser.parse_args()
    result = c_run(args.seconds, args.seed)
    if result is None:
        return
    if args.json:
        print(json.dumps(result, indent=2))
        return
    deals = result["deals"]
    print(
        f"C baseline: {result['deals_per_s']:,.0f} deals/s on one core "
        f"({deals:,} deals in {result['seconds']:.2f} s; "
        f"{result['moves'] / deals:.2f} moves, {result['knocks'] / deals:.2f} knocks, "
        f"{result['fishes'] / deals:.3f} fishes, {result['redeals'] / deals:.4f} redeals per deal)"
    )


if __name__ == "__main__":
    main()
