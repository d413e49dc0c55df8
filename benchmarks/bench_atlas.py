"""The full atlas built and timed in one run: the README's and docs/atlas.md's figures (its wall and CPU time, its
size, its pages and results folders).

    python benchmarks/bench_atlas.py                    # the default build (every question, three levels, ru, en)
    python benchmarks/bench_atlas.py --no-cards --json  # any of `kozel-stats atlas`'s options, passed on

Builds into a new temporary folder (removed afterwards unless --keep DIR), with nothing else running, and prints
the wall seconds, the CPU seconds of the build and its workers, the size in decimal MB and the counts, and the
level verdict of every question's asked metric (how many questions carry each mark; those marked «too few games
at a level» by name: issue 38's "enough games at every level").

    python benchmarks/bench_atlas.py --marks site/      # only the marks of a site already built
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


def asked_marks(site: Path) -> dict[str, list[str]]:
    """{mark: the questions (their variants) whose asked metric has that level verdict} of a built site."""
    from kozel_stats.site import atlas
    from kozel_stats.site.pages import level_verdict_of

    plan = atlas.prepare(atlas.AtlasRequest(out=site, render_only=True))
    marks: dict[str, list[str]] = {}
    for question in plan.questions:
        found = atlas.load_question(site, question, plan.levels)
        mark = level_verdict_of(found, question.variant, question.metric).mark if len(found) > 1 else "one level"
        marks.setdefault(mark, []).append(question.variant)
    return marks


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument("--keep", type=Path, help="build into this folder and keep it")
    parser.add_argument("--marks", type=Path, help="print the asked metrics' level verdicts of this built site only")
    args, options = parser.parse_known_args()
    if args.marks:
        print_marks(asked_marks(args.marks))
        return
    folder = args.keep or Path(tempfile.mkdtemp(prefix="kozel-atlas-")) / "site"
    try:
        figures = measure(options, folder)
        figures["marks"] = asked_marks(folder)
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
        print_marks(figures["marks"])


def print_marks(marks: dict[str, list[str]]) -> None:
    total = sum(len(v) for v in marks.values())
    print(f"the asked metric's level verdict, {total} questions:")
    for mark, variants in sorted(marks.items(), key=lambda kv: -len(kv[1])):
        named = f": {', '.join(variants)}" if mark == "too few" else ""
        print(f"  {mark}: {len(variants)}{named}")


if __name__ == "__main__":
    main()
