"""Instructions the engine executes for a run of games, two versions of the code side by side.

Seconds on these machines move by 5-10% from one run to the next; instructions do not. This counts them with
valgrind's callgrind for games with one bot on every seat, in a checkout of each version (a git revision and
the working tree), each with the machine code its archive ships (kozel_stats/engine/archives/, unpacked into an
empty cache of its own; where a version ships none for this Python, numba compiles it first, as the archives'
build does: minutes). The count of the games alone is the count of `--games` games minus that of the first
`--skip` of them (what the process does besides the games, imports and loading, is in both).

    python benchmarks/bench_instructions.py --base 344e5a5                 # the expert, stop 48 against now
    python benchmarks/bench_instructions.py --base HEAD~3 --bot counter --games 2000

Needs valgrind (Debian's package) and git; prints a line per version and the ratio of the counts.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

#: what a child process plays: bot on every seat of the variant, games [1000, 1000 + n) of seed 1
PLAY = """
import sys
import numpy as np
from kozel_stats.engine.bots import parse_bot
from kozel_stats.engine.codes import compile_rules
from kozel_stats.play.runner import play_range
from kozel_stats.rules.variants import load_variant
params = compile_rules(load_variant(sys.argv[3]).rule_dict)
ids = np.full(4, parse_bot(sys.argv[1]), dtype=np.int64)
play_range(params, 1, 0, 1, ids)
play_range(params, 1, 1000, int(sys.argv[2]), ids)
"""


def checkout(rev: str | None, into: Path) -> Path:
    """The package and the variants of `rev` (None: the working tree) in a folder of their own."""
    into.mkdir(parents=True)
    if rev is None:
        for name in ("kozel_stats", "variants"):
            shutil.copytree(ROOT / name, into / name, ignore=shutil.ignore_patterns("__pycache__"))
        return into
    archive = subprocess.run(
        ["git", "-C", str(ROOT), "archive", rev, "kozel_stats", "variants"], capture_output=True, check=True
    ).stdout
    subprocess.run(["tar", "-x", "-C", str(into)], input=archive, check=True)
    return into


def environment(tree: Path, cache: Path) -> dict[str, str]:
    env = dict(os.environ, PYTHONPATH=str(tree), NUMBA_CACHE_DIR=str(cache))
    env.pop("KOZEL_STATS_PRECOMPILED", None)
    return env


def prepare(tree: Path, cache: Path, bot: str, variant: str) -> None:
    """Load (or compile) the version's kernel once, outside valgrind; check that the version's package plays."""
    where = subprocess.run(
        [sys.executable, "-c", "import kozel_stats; print(kozel_stats.__file__)"],
        env=environment(tree, cache),
        cwd=tree,
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    if not Path(where).resolve().is_relative_to(tree.resolve()):
        raise RuntimeError(f"{tree}: the package imported is {where}, not the version's")
    subprocess.run([sys.executable, "-c", PLAY, bot, "1", variant], env=environment(tree, cache), cwd=tree, check=True)


def instructions(tree: Path, cache: Path, bot: str, games: int, variant: str) -> int:
    """The instructions (callgrind's Ir) of a whole process that plays `games` games."""
    run = subprocess.run(
        ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable, "-c", PLAY, bot]
        + [str(games), variant],
        env=environment(tree, cache),
        cwd=tree,  # `python -c` puts its folder first on the path: the version's own package, not this checkout's
        capture_output=True,
        text=True,
        check=True,
    )
    found = re.search(r"Collected\s*:\s*(\d+)", run.stderr)
    if not found:
        raise RuntimeError(f"callgrind printed no count:\n{run.stderr[-2000:]}")
    return int(found.group(1))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--base", required=True, help="the git revision to compare the working tree with")
    parser.add_argument("--bot", default="expert")
    parser.add_argument("--variant", default="default")
    parser.add_argument("--games", type=int, default=220)
    parser.add_argument("--skip", type=int, default=20, help="the games whose count is taken away")
    args = parser.parse_args()
    if shutil.which("valgrind") is None:
        print("valgrind is not installed (apt-get install valgrind): nothing measured")
        return 0
    with tempfile.TemporaryDirectory(prefix="kozel-instructions-") as scratch:
        versions: dict[str, int] = {}
        trees = {
            args.base: checkout(args.base, Path(scratch) / "base"),
            "working tree": checkout(None, Path(scratch) / "now"),
        }
        caches = {name: Path(scratch) / f"cache-{i}" for i, name in enumerate(trees)}
        for name, tree in trees.items():
            prepare(tree, caches[name], args.bot, args.variant)
        jobs = [(name, n) for name in trees for n in (args.skip, args.games)]

        def count(job: tuple[str, int]) -> int:
            name, games = job
            return instructions(trees[name], caches[name], args.bot, games, args.variant)

        with ThreadPoolExecutor(max_workers=os.cpu_count() or 1) as pool:
            counts = dict(zip(jobs, pool.map(count, jobs), strict=True))
        played = args.games - args.skip
        for name in trees:
            versions[name] = counts[(name, args.games)] - counts[(name, args.skip)]
            print(f"{name}: {versions[name] / 1e9:.3f} G instructions for {played} games ({args.bot}, {args.variant})")
        base, now = versions[args.base], versions["working tree"]
        print(f"working tree / {args.base}: {now / base:.3f} ({(now / base - 1) * 100:+.1f}%)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
