"""The figures of docs/scale.md: what a batch of a sweep costs and carries, and what Dask adds.

    python benchmarks/bench_scale.py                   # everything below, about 5 minutes on 2 cores
    python benchmarks/bench_scale.py --skip-dask

1. Play and statistics per batch, one core: the seconds to play a batch of every cell, the
   seconds to reduce it to its sufficient statistics (the Gram matrix of a sweep grows as the
   square of the cells), and the bytes a task sends back (pickled, as Dask sends it), for a
   comparison of 2 variants and sweeps of 12, 144 and 480 cells.
2. Throughput of the same sweep on the local process pool and on a Dask LocalCluster of as many
   workers (127.0.0.1), measured in one run (this machine is noisy: compare them as a ratio).
"""

from __future__ import annotations

import argparse
import os
import pickle
import time

import numpy as np


def batch_costs(games: int) -> list[dict]:
    from kozel_stats.answers import sweep as S
    from kozel_stats.engine.codes import compile_rules
    from kozel_stats.play.runner import play_batch_stats, play_range
    from kozel_stats.play.warmup import prepare
    from kozel_stats.records.trace import bot_array
    from kozel_stats.rules.variants import load_variant
    from kozel_stats.stats.metrics import column, columns_from_engine
    from kozel_stats.stats.moments import gram_stats

    prepare("play_batch", False)
    base = load_variant("default")
    grids = {
        "compare, 2 variants": ["target=101,125"],
        "sweep, small": ["threshold=once,every-deal,none", "fish_winner=lower-sum,fisherman", "target=101,125"],
        "sweep, medium": [
            "threshold=once,every-deal,none",
            "fish_winner=lower-sum,fisherman",
            "target=101,111,125,150",
            "eggs=one-side,both-sides,none",
            "specials=per-player,plain",
        ],
        "sweep, large": [
            "threshold=once,every-deal,none",
            "fish_winner=lower-sum,fisherman",
            "target=101,111,125,150",
            "eggs=one-side,none",
            "lone_00=0,5,10,15,20,25,30,35,40,50",
        ],
    }
    rows = []
    for label, vary in grids.items():
        grid = S.build_grid(base, S.parse_vary(vary, base))
        arms, pairs, spec = S.plan(grid, ["random"], S.choose_metrics(None))
        work = [a.work() for a in arms]
        if label.startswith("compare"):
            spec = None
        start = time.perf_counter()
        blocks = []
        for arm in arms:  # the engine alone
            params, bot_ids = compile_rules(arm.variant.rule_dict), bot_array(list(arm.bots))
            batch = play_range(params, 1, 0, games, bot_ids, False, arm.swap, arm.bot_salt)
            if spec is not None:
                cols = columns_from_engine(batch.games)
                blocks.append(np.stack([column(cols, n) for n in spec.columns], axis=1))
        play = time.perf_counter() - start
        start = time.perf_counter()
        if spec is not None:
            gram_stats(spec, blocks)
        gram_seconds = time.perf_counter() - start
        start = time.perf_counter()
        result = play_batch_stats(work, pairs, 1, 0, games, gram=spec)
        whole = time.perf_counter() - start
        payload = len(pickle.dumps(result, protocol=pickle.HIGHEST_PROTOCOL))
        rows.append(
            {
                "what": label if label.startswith("compare") else f"sweep, {len(arms)} cells",
                "cells": len(arms),
                "games": games,
                "play_s": play,
                "gram_s": gram_seconds,
                "batch_s": whole,
                "payload_bytes": payload,
                "games_per_s": games * len(arms) / whole,
            }
        )
    return rows


def dask_ratio(games: int, workers: int) -> dict:
    from kozel_stats.answers import sweep as S
    from kozel_stats.play.cluster import backend
    from kozel_stats.rules.variants import load_variant

    base = load_variant("default")
    grid = S.build_grid(
        base,
        S.parse_vary(["threshold=once,every-deal,none", "fish_winner=lower-sum,fisherman", "target=101,125"], base),
    )
    batch = S.default_batch_size(games, workers, len(grid.cells))
    times = {}
    for where in ("local", "dask"):
        if where == "local":
            local = S.run_sweep(grid, games, 2, ["random"], workers=workers, batch_size=batch)
            times[where] = local.result.duration
        else:
            with backend(cluster=f"local:{workers}") as chosen:
                remote = S.run_sweep(
                    grid, games, 2, ["random"], workers=chosen.workers, batch_size=batch, executor=chosen.executor
                )
            times[where] = remote.result.duration
    assert local.result.stats.to_json() == remote.result.stats.to_json()  # the same bits
    cells_games = games * len(grid.cells)
    return {
        "games": cells_games,
        "local_games_per_s": cells_games / times["local"],
        "dask_games_per_s": cells_games / times["dask"],
        "ratio": times["local"] / times["dask"],
        "batch": batch,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--batch-games", type=int, default=2000, help="games per cell in one batch (part 1)")
    parser.add_argument("--games", type=int, default=200_000, help="games per cell for the throughput (part 2)")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--skip-dask", action="store_true")
    args = parser.parse_args()
    print(f"1. one batch of {args.batch_games:,} games per cell, one core")
    print(f"{'':22} {'cells':>6} {'alone s':>8} {'stats s':>8} {'batch s':>8} {'payload':>10} {'games/s':>10}")
    for r in batch_costs(args.batch_games):
        payload = r["payload_bytes"]
        size = f"{payload / 1e6:.2f} MB" if payload >= 1e6 else f"{payload / 1e3:.1f} KB"
        print(
            f"{r['what']:22} {r['cells']:>6} {r['play_s']:>8.2f} {r['gram_s']:>8.3f} {r['batch_s']:>8.2f} "
            f"{size:>10} {r['games_per_s']:>10,.0f}"
        )
    if not args.skip_dask:
        r = dask_ratio(args.games, args.workers)
        print(
            f"\n2. a 12-cell sweep of {args.games:,} games per cell ({r['games']:,} games), {args.workers} workers, "
            f"batches of {r['batch']:,} games per cell\n"
            f"   local pool {r['local_games_per_s']:,.0f} games/s, Dask LocalCluster {r['dask_games_per_s']:,.0f} "
            f"games/s: Dask / local = {r['ratio']:.2f} (bit-identical results)"
        )


if __name__ == "__main__":
    main()
