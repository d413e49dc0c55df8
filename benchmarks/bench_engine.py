"""Engine throughput: deals and games per second, one core and all cores, per bot.

    python benchmarks/bench_engine.py                    # this checkout, then the ratio to C
    python benchmarks/bench_engine.py --against HEAD~3   # ratio to another git revision
    python benchmarks/bench_engine.py --vs-c             # only the ratio to the C baseline
    python benchmarks/bench_engine.py --vs-c-variants --min-ratio 0.3   # every shipped variant
    python benchmarks/bench_engine.py --vs-native        # the shipped x86-64-v2 code / this CPU's own code

Machines here are noisy, so a comparison of two versions runs both in the same
session, interleaved round by round, and reports the ratio of their medians.
Compilation is excluded (one warm-up batch first).

The C baseline (c_baseline.c, see bench_c.py) plays random 4-player block deals
of the default rules with plain bit masks and nothing else (no scoring, no game
state); engine / C is the engine's single-core deals/s with random bots over the
C program's, both measured in this run, interleaved. Without a C compiler that
part is skipped with a message.
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
C_EVERY = 6  # in the all-variants mode the C baseline is measured again after every C_EVERY variants


def _batch(args: tuple[str, int, int, str, float]) -> tuple[int, int, float]:
    """Play batches of games for about `seconds`; return (games, deals, elapsed)."""
    variant_name, seed, chunk, bot, seconds = args
    import numpy as np

    from kozel_stats.engine import game as E
    from kozel_stats.engine.codes import BOT_IDS, compile_rules
    from kozel_stats.play.runner import play_range
    from kozel_stats.rules.variants import load_variant

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
    return {
        "variant": variant,
        "bot": bot,
        "workers": workers,
        "games_per_s": games / elapsed,
        "deals_per_s": deals / elapsed,
        "deals_per_game": deals / games,
    }


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
        cmd = [
            sys.executable,
            "-c",
            "import sys, json; sys.path.insert(0, sys.argv[1]); sys.path.insert(1, sys.argv[2]);"
            "from bench_engine import _batch;"
            "g, d, t = _batch((sys.argv[3], 1, 5000, 'random', float(sys.argv[4]))); print(json.dumps(d / t))",
        ]
        here, there = [], []
        for _ in range(rounds):
            for root, sink in ((ROOT, here), (Path(tmp), there)):
                out = subprocess.run(
                    cmd + [str(root), str(ROOT / "benchmarks"), variant, str(seconds)],
                    capture_output=True,
                    text=True,
                    check=True,
                    cwd=tmp,
                )
                sink.append(float(out.stdout.strip().splitlines()[-1]))
    return {
        "ref": ref,
        "this_deals_per_s": statistics.median(here),
        "ref_deals_per_s": statistics.median(there),
        "ratio": statistics.median(here) / statistics.median(there),
    }


def vs_native(variant: str, seconds: float, rounds: int) -> dict:
    """The code the package ships, for the x86-64-v2 level (kozel_stats/engine/precompiled.py), against code for this
    machine's own CPU (NUMBA_CPU_NAME set to its name: numba then compiles for it and its features),
    each in processes of its own, interleaved round by round, random and counter bots on one core:
    the ratio of the medians of games/s, per bot (below 1: the portable code is slower)."""
    import llvmlite.binding as ll

    host = ll.get_host_cpu_name()
    base = {k: v for k, v in os.environ.items() if k not in ("NUMBA_CPU_NAME", "NUMBA_CPU_FEATURES")}
    envs = {"x86-64-v2": base, host: {**base, "NUMBA_CPU_NAME": host}}
    cmd = [
        sys.executable,
        "-c",
        "import sys, json; sys.path.insert(0, sys.argv[1]); from bench_engine import _batch;"
        "g, d, t = _batch((sys.argv[2], 1, 2000, sys.argv[3], float(sys.argv[4]))); print(json.dumps(g / t))",
    ]

    def games_per_s(level: str, bot: str, secs: float) -> float:
        out = subprocess.run(
            cmd + [str(ROOT / "benchmarks"), variant, bot, str(secs)],
            env=envs[level],
            capture_output=True,
            text=True,
            check=True,
            cwd=ROOT,
        )
        return float(out.stdout.strip().splitlines()[-1])

    bots = ("random", "counter")
    for level in envs:  # compile (or load) each level's kernels before the first round
        for bot in bots:
            games_per_s(level, bot, 0.0)
    runs: dict[tuple[str, str], list[float]] = {(level, bot): [] for level in envs for bot in bots}
    for r in range(rounds):
        for level in list(envs) if r % 2 == 0 else list(envs)[::-1]:
            for bot in bots:
                runs[level, bot].append(games_per_s(level, bot, seconds))
    rows = [
        {
            "bot": bot,
            "portable_games_per_s": statistics.median(runs["x86-64-v2", bot]),
            "native_games_per_s": statistics.median(runs[host, bot]),
            "ratio": statistics.median(runs["x86-64-v2", bot]) / statistics.median(runs[host, bot]),
        }
        for bot in bots
    ]
    return {"host_cpu": host, "variant": variant, "rounds": rounds, "seconds": seconds, "bots": rows}


def _c_module():
    sys.path.insert(0, str(ROOT / "benchmarks"))
    import bench_c

    return bench_c


def _engine_deals_per_s(variant: str, seconds: float) -> float:
    """Single-core deals/s with random bots, in this process (warm-up excluded by _batch)."""
    _, deals, elapsed = _batch((variant, 1, 5000, "random", seconds))
    return deals / elapsed


def vs_c(variant: str, seconds: float, rounds: int) -> dict | None:
    """Engine (one core, random bots) and the C baseline interleaved round by round; ratio of medians.

    The order alternates (engine, C / C, engine / ...) so that a slow drift of the machine
    weighs on both alike. None without a C compiler."""
    bench_c = _c_module()
    if bench_c.binary() is None:
        return None
    _engine_deals_per_s(variant, 0.0)  # compile / load the cache before the first round
    bench_c.c_deals_per_second(0.2)  # size the C runs
    engine, c = [], []
    for r in range(rounds):
        steps = [
            lambda: engine.append(_engine_deals_per_s(variant, seconds)),
            lambda r=r: c.append(bench_c.c_deals_per_second(seconds, seed=1 + r)),
        ]
        for step in steps if r % 2 == 0 else reversed(steps):
            step()
    e_med, c_med = statistics.median(engine), statistics.median(c)
    return {
        "variant": variant,
        "engine_deals_per_s": e_med,
        "c_deals_per_s": c_med,
        "ratio": e_med / c_med,
        "engine_rounds": engine,
        "c_rounds": c,
        "seconds": seconds,
    }


def vs_c_variants(variants: list[str], seconds: float, rounds: int) -> dict | None:
    """Every variant's single-core deals/s (random bots) over the C baseline's, all in one run.

    Each round measures every variant once (the order rotates from round to round) and the C
    baseline before every C_EVERY variants; each ratio is the variant's median over the
    median of all C runs. None without a C compiler."""
    bench_c = _c_module()
    if bench_c.binary() is None:
        return None
    for v in variants:
        _engine_deals_per_s(v, 0.0)  # the first call of each parameter set compiles or loads
    bench_c.c_deals_per_second(0.2)
    engine: dict[str, list[float]] = {v: [] for v in variants}
    c: list[float] = []
    for r in range(rounds):
        shift = r * len(variants) // rounds
        order = variants[shift:] + variants[:shift]
        for i, v in enumerate(order):
            if i % C_EVERY == 0:
                c.append(bench_c.c_deals_per_second(seconds, seed=1 + len(c)))
            engine[v].append(_engine_deals_per_s(v, seconds))
    c_med = statistics.median(c)
    rows = [
        {
            "variant": v,
            "engine_deals_per_s": statistics.median(engine[v]),
            "ratio": statistics.median(engine[v]) / c_med,
        }
        for v in variants
    ]
    return {"c_deals_per_s": c_med, "c_rounds": c, "seconds": seconds, "rounds": rounds, "variants": rows}


def _print_vs_c(result: dict) -> None:
    spread = f"{min(result['engine_rounds']):,.0f}-{max(result['engine_rounds']):,.0f}"
    c_spread = f"{min(result['c_rounds']):,.0f}-{max(result['c_rounds']):,.0f}"
    print(
        f"engine / C: {result['ratio']:.3f} (variant {result['variant']}, random bots, one core, "
        f"medians of {len(result['engine_rounds'])} interleaved rounds of {result['seconds']:g} s)"
    )
    print(f"  engine {result['engine_deals_per_s']:,.0f} deals/s (rounds {spread})")
    print(f"  C      {result['c_deals_per_s']:,.0f} deals/s (rounds {c_spread})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--variant", default="default")
    parser.add_argument(
        "--seconds", type=float, help="time per measurement (default 3; 2 with --vs-c, 1 with --vs-c-variants)"
    )
    parser.add_argument("--against", metavar="GIT_REF", help="compare with another revision (ratio)")
    parser.add_argument("--vs-c", action="store_true", help="only the ratio to the C baseline (interleaved)")
    parser.add_argument(
        "--vs-c-variants", action="store_true", help="the ratio to the C baseline of every shipped variant"
    )
    parser.add_argument(
        "--min-ratio", type=float, help="with --vs-c / --vs-c-variants: exit with status 1 when a ratio is below this"
    )
    parser.add_argument(
        "--vs-native", action="store_true", help="the shipped x86-64-v2 code against this CPU's own (ratio)"
    )
    parser.add_argument("--no-c", action="store_true", help="leave the C comparison out of the default output")
    parser.add_argument("--rounds", type=int, help="interleaved rounds (default 5; 3 with --vs-c-variants)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    if args.vs_c_variants:
        from kozel_stats.rules.variants import shipped_names

        result = vs_c_variants(shipped_names(), args.seconds or 1.0, args.rounds or 3)
        if result is None:
            return
        if args.json:
            print(json.dumps(result, indent=2))
        else:
            print(
                f"C baseline {result['c_deals_per_s']:,.0f} deals/s (median of {len(result['c_rounds'])} runs); "
                f"random bots, one core, {result['rounds']} interleaved rounds of {result['seconds']:g} s\n"
            )
            print("| variant | deals/s | engine / C |")
            print("|---|---:|---:|")
            for r in sorted(result["variants"], key=lambda r: r["ratio"]):
                print(f"| {r['variant']} | {r['engine_deals_per_s']:,.0f} | {r['ratio']:.3f} |")
        worst = min(r["ratio"] for r in result["variants"])
        if args.min_ratio is not None and worst < args.min_ratio:
            print(f"slowest variant at {worst:.3f} of C, below {args.min_ratio:g}", file=sys.stderr)
            sys.exit(1)
        return
    if args.vs_c:
        result = vs_c(args.variant, args.seconds or 2.0, args.rounds or 5)
        if result is None:
            return
        if args.json:
            print(json.dumps(result, indent=2))
        else:
            _print_vs_c(result)
        if args.min_ratio is not None and result["ratio"] < args.min_ratio:
            print(f"engine at {result['ratio']:.3f} of C, below {args.min_ratio:g}", file=sys.stderr)
            sys.exit(1)
        return
    args.rounds = args.rounds or 5
    args.seconds = args.seconds or 3.0
    if args.vs_native:
        result = vs_native(args.variant, args.seconds, args.rounds)
        if args.json:
            print(json.dumps(result, indent=2))
            return
        print(
            f"x86-64-v2 (shipped) / {result['host_cpu']} (this CPU's own code), variant {args.variant}, one core, "
            f"medians of {args.rounds} interleaved rounds of {args.seconds:g} s:"
        )
        for r in result["bots"]:
            print(
                f"  {r['bot']:<8} {r['ratio']:.3f}  ({r['portable_games_per_s']:,.0f} vs "
                f"{r['native_games_per_s']:,.0f} games/s)"
            )
        return
    if args.against:
        result = compare(args.against, args.variant, args.seconds, args.rounds)
        print(
            json.dumps(result, indent=2)
            if args.json
            else f"this checkout / {result['ref']}: {result['ratio']:.3f} "
            f"({result['this_deals_per_s']:,.0f} vs {result['ref_deals_per_s']:,.0f} deals/s, one core)"
        )
        return
    rows = run_suite(args.variant, args.seconds)
    c_result = None if args.no_c else vs_c(args.variant, args.seconds, args.rounds)
    if args.json:
        print(json.dumps(rows if args.no_c else {"suite": rows, "vs_c": c_result}, indent=2))
        return
    print(f"variant {args.variant}, {os.cpu_count()} cores, {args.seconds:g} s per measurement\n")
    print("| bot | workers | games/s | deals/s | deals/game |")
    print("|---|---:|---:|---:|---:|")
    for r in rows:
        print(
            f"| {r['bot']} | {r['workers']} | {r['games_per_s']:,.0f} | {r['deals_per_s']:,.0f} | "
            f"{r['deals_per_game']:.2f} |"
        )
    if c_result is not None:
        print()
        _print_vs_c(c_result)


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    main()
