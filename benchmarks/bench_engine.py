"""Engine throughput: deals and games per second, one core and all cores, per bot.

    python benchmarks/bench_engine.py                  # this checkout
    python benchmarks/bench_engine.py --against HEAD~3 # ratio to another git revision

Machines here are noisy, so a comparison of two versions runs both in the same
session, interleaved round by round, and reports the ratio of their medians.
Compilation is excluded (one warm-up batch first).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _batch(args: tuple[str, int, int, str, float]) -> tuple[int, int, float]:
    """Play batches of games for about `seconds`; return (games, deals, elapsed)."""
    variant_name, seed, chunk, bot, seconds = args
    import numpy as np

    from kozel_stats import engine as E
    from kozel_stats.codes import BOT_IDS, compile_rules
    from kozel_stats.rules import load_variant
    from kozel_stats.runner import play_range

    p = compile_rules(load_variant(variant_name).rule_dict)
    bots = np.full(4, BOT_IDS[bot], dtype=np.int64)
    play_range(p, seed, 0, 10, bots)  # compile / load the cache
    n_games = n_deals = 0
    start = time.perf_counter()
    first = 0
    while time.perf_counter() - start < seconds:
        games = play_range(p, seed, first, chunk, bots).games
        n_games += chunk
        n_deals += int(games[:, E.G_DEALS].sum())
        first += chunk
    return n_games, n_deals, time.perf_counter() - start


def measure(variant: str, bot: str, workers: int, seconds: float) -> dict:
    if workers == 1:
        results = [_batch((variant, 1, 5000, bot, seconds))]
    else:
        with ProcessPoolExecutor(workers) as pool:
            pool.submit(_batch, (variant, 0, 10, bot, 0.0)).result()  # warm the workers
            results = list(pool.map(_batch, [(variant, 1 + w, 5000, bot, seconds) for w in range(workers)]))
    games = sum(r[0] for r in results)
    deals = sum(r[1] for r in results)
    elapsed = max(r[2] for r in results)
    return {"variant": variant, "bot": bot, "workers": workers, "games_per_s": games / elapsed,
            "deals_per_s": deals / elapsed, "deals_per_game": deals / games}


def run_suite(variant: str, seconds: float) -> list[dict]:
    rows = []
    cores = os.cpu_count() or 1
    # the other bots are measured by bench_bots.py (the sampler is far too slow for this loop)
    for bot in ("random", "heavy"):
        rows.append(measure(variant, bot, 1, seconds))
        if cores > 1:
            rows.append(measure(variant, bot, cores, seconds))
    return rows


def compare(ref: str, variant: str, seconds: float, rounds: int) -> dict:
    """Interleave this checkout and git revision `ref`; ratio of median single-core deals/s."""
    with tempfile.TemporaryDirectory() as tmp:
        archive = subprocess.run(["git", "-C", str(ROOT), "archive", ref], capture_output=True, check=True).stdout
        subprocess.run(["tar", "-x", "-C", tmp], input=archive, check=True)
        cmd = [sys.executable, "-c",
               "import sys, json; sys.path.insert(0, sys.argv[1]); sys.path.insert(1, sys.argv[2]);"
               "from bench_engine import _batch;"
               "g, d, t = _batch((sys.argv[3], 1, 5000, 'random', float(sys.argv[4]))); print(json.dumps(d / t))"]
        here, there = [], []
        for _ in range(rounds):
            for root, sink in ((ROOT, here), (Path(tmp), there)):
                out = subprocess.run(cmd + [str(root), str(ROOT / "benchmarks"), variant, str(seconds)],
                                     capture_output=True, text=True, check=True, cwd=tmp)
                sink.append(float(out.stdout.strip().splitlines()[-1]))
    return {"ref": ref, "this_deals_per_s": statistics.median(here), "ref_deals_per_s": statistics.median(there),
            "ratio": statistics.median(here) / statistics.median(there)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--variant", default="default")
    parser.add_argument("--seconds", type=float, default=3.0, help="time per measurement")
    parser.add_argument("--against", metavar="GIT_REF", help="compare with another revision (ratio)")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    if args.against:
        result = compare(args.against, args.variant, args.seconds, args.rounds)
        print(json.dumps(result, indent=2) if args.json else
              f"this checkout / {result['ref']}: {result['ratio']:.3f} "
              f"({result['this_deals_per_s']:,.0f} vs {result['ref_deals_per_s']:,.0f} deals/s, one core)")
        return
    rows = run_suite(args.variant, args.seconds)
    if args.json:
        print(json.dumps(rows, indent=2))
        return
    print(f"variant {args.variant}, {os.cpu_count()} cores, {args.seconds:g} s per measurement\n")
    print("| bot | workers | games/s | deals/s | deals/game |")
    print("|---|---:|---:|---:|---:|")
    for r in rows:
        print(f"| {r['bot']} | {r['workers']} | {r['games_per_s']:,.0f} | {r['deals_per_s']:,.0f} | "
              f"{r['deals_per_game']:.2f} |")


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    main()
