"""The full atlas built and timed in one run: the README's and docs/atlas.md's figures (its wall and CPU time, its
size, its pages and results folders).

    python benchmarks/bench_atlas.py                    # the default build (every question, three levels, ru, en)
    python benchmarks/bench_atlas.py --no-cards --json  # any of `kozel-stats atlas`'s options, passed on

Builds into a new temporary folder (removed afterwards unless --keep DIR), with nothing else running, and prints
the wall seconds, the CPU seconds of the build and its workers, the size in decimal MB and the counts.
"""

from __future__ import annotations

import argparse
import json
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def measure(options: list[str], out: Path) -> dict:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.monotonic()
    subprocess.run([sys.executable, "-m", "kozel_stats", "atlas", "--out", str(out), *options], check=True)
    wall = time.monotonic() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    files = [p for p in out.rglob("*") if p.is_file()]
    return {
        "wall_s": round(wall, 1),
        "cpu_s": round((after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime), 1),
        "size_mb": round(sum(p.stat().st_size for p in files) / 1e6, 2),
        "pages": sum(1 for p in files if p.suffix == ".html"),
        "results_folders": sum(1 for p in (out / "data").rglob("stats.json")),
        "options": options,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument("--keep", type=Path, help="build into this folder and keep it")
    args, options = parser.parse_known_args()
    folder = args.keep or Path(tempfile.mkdtemp(prefix="kozel-atlas-")) / "site"
    try:
        figures = measure(options, folder)
    finally:
        if args.keep is None:
            shutil.rmtree(folder.parent, ignore_errors=True)
    if args.json:
        print(json.dumps(figures))
    else:
        print(
            f"atlas {' '.join(options) or '(defaults)'}: {figures['wall_s']:,} s by the wall clock, "
            f"{figures['cpu_s']:,} s of CPU, {figures['size_mb']} MB, {figures['pages']} pages, "
            f"{figures['results_folders']} results folders"
        )


if __name__ == "__main__":
    main()
