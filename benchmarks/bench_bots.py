"""Bot speed and strength on one core: games per second per bot, the ratio to random's
speed (measured in the same run, interleaved round by round), and a duel table of each
bot against random.

    python benchmarks/bench_bots.py                   # default rules, 1 s x 3 rounds per bot
    python benchmarks/bench_bots.py --duel-games 4000 --sampler sampler:8
    python benchmarks/bench_bots.py --no-duel --json
    python benchmarks/bench_bots.py --expert 1,2,4,8 --expert-pairs 400   # the expert's curve (issue 26)
    python benchmarks/bench_bots.py --ceiling 1000   # the expert against the ceiling (issue 37)
    python benchmarks/bench_bots.py --settings 300 --expert-seconds 8   # the expert's settings curve (issue 37)
    python benchmarks/bench_bots.py --pools 2000 --pool-seeds 2,3   # the reading's pool sizes (issue 37)
    python benchmarks/bench_bots.py --pool-ess 24,63   # how even the read deals' weights are (issue 37)
    python benchmarks/bench_bots.py --knobs 2000 --pool-seeds 2,3,4,5,6,7,8,9,10,11   # the reading's knobs, paired

Speed: each bot plays all four seats. The target for the scripted bots other than the
sampler is at least a third of random's games per second. Compilation is excluded (a
warm-up batch first). Games per second also depend on how many deals a game lasts
with that bot (column deals/game).

Duel: bot X on side A (seats 0, 2) against random on side B for half of the games, and
the sides swapped on the same game seeds for the other half; the loss rate of X's side
over the games that ended (a game cut off by max_deals has no loser), with a 95% Wilson
interval. 50% is random's level; lower is stronger.

Expert (--expert N1,N2,...): for each N, games/s with expert:N on all four seats (one core, process
time), scaled to a core where benchmarks/c_baseline.c plays 1.88 M deals/s (bench_c.py, measured in
the same run, in its CPU time as the games are), and the duplicate duel (kozel_stats.answers.duel, one
worker) of expert:N against counter and, for the first N given with --expert-vs-sampler, against
sampler: the share of game pairs won with its 95% interval.

Ceiling (--ceiling PAIRS): in one run, duplicate pairs and first-deal points of the expert against counter,
sampler and expert-classic (issue 26's expert), of expert-classic against counter, and of the cheater against
counter: the expert's search run on the true deal, every hand and the bazaar's order open (a measuring
device, never a player: no name reads it); the expert's first-deal edge over counter as a fraction of the
cheater's; games/s with the expert on all four seats (scaled as above, round by round: --expert-seconds split
into five rounds, each after its own run of the C baseline, the median of the rounds' scaled figures) and its
process seconds a game in the two-player games with a bazaar (chechevae-2, osel-solo-2).

Settings (--settings PAIRS): the curve of the expert's settings tried in issue 37 (expert_settings): for each,
duplicate pairs and first-deal points against counter and games/s on all four seats, scaled as above.

Pools (--pools PAIRS): the size of the pool of candidate deals the expert weighs once a decision (--pool-sizes,
N = 8; and N = 16 with the largest pool), each against counter on every seed of --pool-seeds (not seed 1, the
benchmark's own, so as not to tune on it), the pairs pooled over the seeds (their 95% interval from the seeds'
own), the first-deal points as a share of the cheater's edge (--cheater-edge: the --ceiling run's), and
games/s on all four seats, scaled as above.

Knobs (--knobs PAIRS): each of knob_settings (the default expert and one knob of its reading or search changed)
against counter on every seed of --pool-seeds; per setting the mean over the seeds of the pairs won and of the
first-deal points, and its paired difference from the default's on the same seeds (the seeds' deals are the
same for every setting: the mean of the per-seed differences, with the standard error from their spread).

Effective size (--pool-ess SIZES): over 400 decisions of counter's deals (play.positions.counter_positions, seed
3), the pool of read deals the expert weighs (bots.fill_pool, the default reading) for each size, and its
effective sample size (sum of the weights)^2 / (sum of their squares), by how many events of the deal were seen.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
import time
from pathlib import Path

import numpy as np
from bench_c import C_REFERENCE, c_deals_per_cpu_second  # next to this file

ROOT = Path(__file__).resolve().parent.parent
SCRIPTED = ["random", "heavy", "doubles", "partner", "counter"]


def wilson(k: int, n: int, z: float = 1.959964) -> tuple[float, float]:
    if n == 0:
        return (float("nan"), float("nan"))
    phat = k / n
    denom = 1 + z * z / n
    centre = (phat + z * z / (2 * n)) / denom
    half = z * math.sqrt(phat * (1 - phat) / n + z * z / (4 * n * n)) / denom
    return centre - half, centre + half


def speed(params: np.ndarray, bots: list[str], seconds: float, rounds: int, seed: int) -> list[dict]:
    """Interleave the bots round by round; median games/s over the rounds."""
    from kozel_stats.engine import game as E
    from kozel_stats.engine.bots import parse_bot
    from kozel_stats.play.runner import play_range

    ids = {b: np.full(4, parse_bot(b), dtype=np.int64) for b in bots}
    for b in bots:
        play_range(params, seed, 0, 2, ids[b])  # compile / load the cache
    rates: dict[str, list[float]] = {b: [] for b in bots}
    deals: dict[str, list[float]] = {b: [] for b in bots}
    next_game = {b: 0 for b in bots}
    for _ in range(rounds):
        for b in bots:
            chunk = 2 if b.startswith("sampler") else 500
            n_games = n_deals = 0
            start = time.process_time()
            while time.process_time() - start < seconds:
                games = play_range(params, seed, next_game[b], chunk, ids[b]).games
                next_game[b] += chunk
                n_games += chunk
                n_deals += int(games[:, E.G_DEALS].sum())
            elapsed = time.process_time() - start
            rates[b].append(n_games / elapsed)
            deals[b].append(n_deals / n_games)
    base = statistics.median(rates["random"]) if "random" in rates else float("nan")
    rows = []
    for b in bots:
        gps = statistics.median(rates[b])
        rows.append(
            {"bot": b, "games_per_s": gps, "deals_per_game": statistics.fmean(deals[b]), "vs_random": gps / base}
        )
    return rows


def duel(params: np.ndarray, bot: str, games: int, seed: int) -> dict:
    """Bot on side A against random on side B for games/2 seeds, then the sides swapped."""
    from kozel_stats.engine import game as E
    from kozel_stats.engine.bots import parse_bot
    from kozel_stats.play.runner import play_range

    x, r = parse_bot(bot), parse_bot("random")
    half = games // 2
    a = play_range(params, seed, 0, half, np.array([x, r, x, r], dtype=np.int64)).games[:, E.G_LOSER]
    b = play_range(params, seed, 0, half, np.array([r, x, r, x], dtype=np.int64)).games[:, E.G_LOSER]
    lost = int((a == 0).sum() + (b == 1).sum())
    ended = int((a >= 0).sum() + (b >= 0).sum())
    lo, hi = wilson(lost, ended)
    return {
        "bot": bot,
        "games": 2 * half,
        "ended": ended,
        "lost": lost,
        "loss_rate": lost / ended if ended else float("nan"),
        "ci_low": lo,
        "ci_high": hi,
    }


def four_seat_rate(params: np.ndarray, bot: int, seconds: float, seed: int) -> tuple[float, float]:
    """(games per process-second, deals per game) with `bot` on all four seats, games from number 1000 on,
    `seconds` of process time after one game that compiles or loads the kernel."""
    from kozel_stats.engine import game as E
    from kozel_stats.play.runner import play_range

    ids = np.full(4, bot, dtype=np.int64)
    play_range(params, seed, 0, 1, ids)
    games = deals = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        deals += int(play_range(params, seed, 1000 + games, 4, ids).games[:, E.G_DEALS].sum())
        games += 4
    return games / (time.process_time() - start), deals / games


def expert_curve(variant_name: str, ns: list[int], pairs: int, sampler_pairs: int, seconds: float, seed: int) -> dict:
    """Speed and duplicate strength of expert:N for each N (module docstring)."""
    from kozel_stats.answers.duel import run_duel
    from kozel_stats.engine.bots import parse_bot
    from kozel_stats.engine.codes import compile_rules
    from kozel_stats.rules.variants import load_variant

    variant = load_variant(variant_name)
    params = compile_rules(variant.rule_dict)
    c_rate = c_deals_per_cpu_second()
    scale = C_REFERENCE / c_rate if c_rate else float("nan")
    rows = []
    for n in ns:
        bot = f"expert:{n}"
        gps, deals_per_game = four_seat_rate(params, parse_bot(bot), seconds, seed)
        r = run_duel(variant, bot, "counter", pairs, seed=seed, workers=1)
        row = {
            "bot": bot,
            "games_per_s": gps,
            "games_per_s_scaled": gps * scale,
            "deals_per_game": deals_per_game,
            "vs_counter": r.win_rate,
            "vs_counter_low": r.low,
            "vs_counter_high": r.high,
            "pairs": r.pairs,
        }
        rows.append(row)
    vs_sampler = None
    if sampler_pairs > 0:
        r = run_duel(variant, f"expert:{ns[0]}", "sampler", sampler_pairs, seed=seed, workers=1)
        vs_sampler = {"bot": f"expert:{ns[0]}", "pairs": r.pairs, "win": r.win_rate, "low": r.low, "high": r.high}
    return {"c_deals_per_s": c_rate, "scale": scale, "curve": rows, "vs_sampler": vs_sampler}


def duplicate(variant_name: str, bot_a: int, bot_b: int, pairs: int, seed: int) -> dict:
    """Duplicate pairs of bot A against bot B (ids: the measurements' settings have no names): each deal
    sequence played twice, the bots' seats swapped. The share of pairs A's side won (a game with no loser
    counts half) with its 95% interval, and the first-deal points: on the first deal of each game (dealt
    alike in both seatings) the points written against B's side minus those against A's, averaged over
    the pairs, with its 95% interval."""
    from kozel_stats.engine import game as E
    from kozel_stats.engine.codes import D_WRITTEN, compile_rules
    from kozel_stats.play.runner import play_range
    from kozel_stats.rules.variants import load_variant

    params = compile_rules(load_variant(variant_name).rule_dict)
    start = time.process_time()
    runs = [
        play_range(params, seed, 0, pairs, np.array(ids, dtype=np.int64), keep_deals=True)
        for ids in ([bot_a, bot_b, bot_a, bot_b], [bot_b, bot_a, bot_b, bot_a])
    ]
    cpu = time.process_time() - start
    wins, points = [], []
    for side_a, run in enumerate(runs):  # A on side 0 in the first run, on side 1 in the second
        loser = run.games[:, E.G_LOSER]
        wins.append(np.where(loser < 0, 0.5, (loser == 1 - side_a).astype(float)))
        starts = np.r_[0, np.flatnonzero(np.diff(run.deal_game)) + 1]
        first = run.deals[starts]
        points.append(first[:, D_WRITTEN + 1 - side_a] - first[:, D_WRITTEN + side_a])
    per_pair = (wins[0] + wins[1]) / 2
    per_deal = (points[0] + points[1]) / 2
    z = 1.959964
    win, win_se = float(per_pair.mean()), float(per_pair.std(ddof=1)) / math.sqrt(pairs)
    fd, fd_se = float(per_deal.mean()), float(per_deal.std(ddof=1)) / math.sqrt(pairs)
    return {
        "pairs": pairs,
        "win": win,
        "win_low": win - z * win_se,
        "win_high": win + z * win_se,
        "first_deal_points": fd,
        "first_deal_low": fd - z * fd_se,
        "first_deal_high": fd + z * fd_se,
        "games_per_cpu_s": 2 * pairs / cpu,
    }


def seconds_per_game(variant_name: str, bot: int, games: int, seed: int) -> float:
    """Process seconds a game with `bot` on every seat (compilation excluded)."""
    from kozel_stats.engine.codes import compile_rules
    from kozel_stats.play.runner import play_range
    from kozel_stats.rules.variants import load_variant

    variant = load_variant(variant_name)
    params = compile_rules(variant.rule_dict)
    ids = np.full(4, bot, dtype=np.int64)
    play_range(params, seed, 0, 1, ids)  # compile / load the cache
    start = time.process_time()
    play_range(params, seed, 1, games, ids)
    return (time.process_time() - start) / games


def ceiling(variant_name: str, pairs: int, seconds: float, bazaar_games: int, seed: int) -> dict:
    """The expert against counter, sampler and expert-classic (issue 26's expert), the cheater's edge over
    counter and the expert's fraction of it, the expert's speed on every seat (scaled as expert_curve) and
    its seconds a game in the two-player bazaar games (module docstring, --ceiling)."""
    from kozel_stats.engine.bots import HORIZON_PLAYOUT, expert_id, parse_bot
    from kozel_stats.engine.codes import compile_rules
    from kozel_stats.rules.variants import load_variant

    expert, counter = parse_bot("expert"), parse_bot("counter")
    # a measuring device: the expert's search on the true deal, with counter's play-outs at the horizon (the
    # ceiling as issue 37 measured it from outside)
    cheater = expert_id(1, open_hands=1, horizon=HORIZON_PLAYOUT)
    rows = {
        "expert vs counter": duplicate(variant_name, expert, counter, pairs, seed),
        "expert vs sampler": duplicate(variant_name, expert, parse_bot("sampler"), pairs, seed),
        "expert vs expert-classic": duplicate(variant_name, expert, parse_bot("expert-classic"), pairs, seed),
        "expert-classic vs counter": duplicate(variant_name, parse_bot("expert-classic"), counter, pairs, seed),
        "cheater vs counter": duplicate(variant_name, cheater, counter, pairs, seed),
    }
    edge = rows["cheater vs counter"]["first_deal_points"]
    params = compile_rules(load_variant(variant_name).rule_dict)
    rates = scaled_rates(params, {"expert": expert}, seconds, seed)
    bazaar = {name: seconds_per_game(name, expert, bazaar_games, seed) for name in ("chechevae-2", "osel-solo-2")}
    return {
        "duels": rows,
        "cheater_edge": edge,
        "expert_fraction": rows["expert vs counter"]["first_deal_points"] / edge,
        "classic_fraction": rows["expert-classic vs counter"]["first_deal_points"] / edge,
        **rates["bots"]["expert"],
        "c_deals_per_s": rates["c_deals_per_s"],
        "rounds": rates["rounds"],
        "seconds_per_game": bazaar,
    }


def expert_settings() -> dict[str, int]:
    """The settings of the expert's curve (issue 37, --settings): name -> bot id."""
    from kozel_stats.engine.bots import (
        DRAW_INDEPENDENT,
        HORIZON_PLAYOUT,
        READ_MIXED,
        REPLY_MINIMAX,
        expert_id,
        parse_bot,
    )

    # the steps before stop 34 keep their z = 1 (index 2) and minimax replies, those before stop 47 their
    # independent draws from the pool, and those before stop 48 their mixed reading of the opponents and their
    # pool of 4 N, so that their rows stay theirs
    old = {"z": 2, "reply": REPLY_MINIMAX, "draw": DRAW_INDEPENDENT, "read": READ_MIXED}
    mixed = {"pool": 32, "read": READ_MIXED}
    return {
        "expert-classic (issue 26)": parse_bot("expert-classic"),
        "reading, a pick of 8 per deal, play-outs (issue 37's first default)": expert_id(
            8, pool=1, horizon=HORIZON_PLAYOUT, **old
        ),
        "... the learned value at the horizon": expert_id(8, pool=1, **old),
        "... pool of 8 (1 N)": expert_id(8, pool=8, **old),
        "... pool of 16 (2 N)": expert_id(8, pool=16, **old),
        "... pool of 24 (3 N, the default until stop 33)": expert_id(8, pool=24, **old),
        "... pool of 32 (4 N, the default of stop 33)": expert_id(8, pool=32, **old),
        "... z = 2": expert_id(8, reply=REPLY_MINIMAX, draw=DRAW_INDEPENDENT, **mixed),
        "... the model's replies (stop 34's expert)": expert_id(8, draw=DRAW_INDEPENDENT, **mixed),
        "... the deals drawn evenly spread (stop 47's expert)": expert_id(8, **mixed),
        "... the opponents by counter alone, a pool of 40 (5 N): expert": parse_bot("expert"),
        "pool of 24, play-outs": expert_id(8, pool=24, horizon=HORIZON_PLAYOUT, **old),
        "expert, depth 3": expert_id(8, depth=3),
        "expert:4 (pool 20)": parse_bot("expert:4"),
        "expert:16 (pool 63)": parse_bot("expert:16"),
    }


def settings_curve(variant_name: str, pairs: int, seconds: float, seed: int) -> dict:
    """For each of expert_settings: duplicate pairs and first-deal points against counter, and games/s with it
    on all four seats (`seconds` process-seconds in scaled_rates' interleaved rounds), scaled as expert_curve."""
    from kozel_stats.engine.bots import parse_bot
    from kozel_stats.engine.codes import compile_rules
    from kozel_stats.rules.variants import load_variant

    settings = expert_settings()
    params = compile_rules(load_variant(variant_name).rule_dict)
    rows = {name: duplicate(variant_name, bot, parse_bot("counter"), pairs, seed) for name, bot in settings.items()}
    return {**add_four_seat_rates(params, settings, rows, seconds, seed), "rows": rows}


def add_four_seat_rates(params, bots: dict[str, int], rows: dict[str, dict], seconds: float, seed: int) -> dict:
    """Each bot's games/s on all four seats into its row, scaled as expert_curve (scaled_rates: interleaved rounds
    with the C baseline, `seconds` process-seconds a bot in all); returns the C baseline's rate and the scale."""
    rates = scaled_rates(params, bots, seconds, seed)
    for name in bots:
        rows[name].update(rates["bots"][name])
    return {"c_deals_per_s": rates["c_deals_per_s"], "scale": rates["scale"], "rounds": rates["rounds"]}


#: scaled_rates' rounds: the C baseline, then every bot, again and again
SPEED_ROUNDS = 5


def scaled_rates(params, bots: dict[str, int], seconds: float, seed: int, rounds: int = SPEED_ROUNDS) -> dict:
    """Games/s with each bot on all four seats, scaled to a core where benchmarks/c_baseline.c plays 1.88 M deals/s,
    in `rounds` interleaved rounds: the C baseline (its CPU time), then each bot for seconds / rounds process-
    seconds. Each round's games/s is scaled by that round's baseline, so that what slows the machine for a while
    (another job, another tenant of the host) slows both sides of the ratio; a bot's figure is the median of its
    rounds (with the lowest and highest), not the one best or worst window."""
    per_round = seconds / rounds
    c_rates: list[float] = []
    raw: dict[str, list[float]] = {name: [] for name in bots}
    scaled: dict[str, list[float]] = {name: [] for name in bots}
    for _ in range(rounds):
        c_rate = c_deals_per_cpu_second(1.0)
        scale = C_REFERENCE / c_rate if c_rate else float("nan")
        c_rates.append(c_rate or float("nan"))
        for name, bot in bots.items():
            gps = four_seat_rate(params, bot, per_round, seed)[0]
            raw[name].append(gps)
            scaled[name].append(gps * scale)
    c_median = float(np.median(c_rates))
    out = {}
    for name in bots:
        out[name] = {
            "games_per_s": float(np.median(raw[name])),
            "games_per_s_scaled": float(np.median(scaled[name])),
            "games_per_s_scaled_low": min(scaled[name]),
            "games_per_s_scaled_high": max(scaled[name]),
        }
    return {"bots": out, "c_deals_per_s": c_median, "scale": C_REFERENCE / c_median, "rounds": rounds}


def pool_curve(variant_name: str, pairs: int, seeds: list[int], sizes: list[int], seconds: float, edge: float) -> dict:
    """For each pool size (N = 8; the largest also with N = 16): duplicate pairs against counter on each seed,
    pooled (the mean of the seeds' means, its standard error from theirs), the first-deal points' share of the
    cheater's `edge`, and games/s on all four seats (`seconds` in scaled_rates' interleaved rounds), scaled."""
    from kozel_stats.engine.bots import expert_id, parse_bot
    from kozel_stats.engine.codes import compile_rules
    from kozel_stats.rules.variants import load_variant

    bots = {f"pool {size}": expert_id(8, pool=size) for size in sizes}
    bots[f"pool {max(sizes)}, N = 16"] = expert_id(16, pool=max(sizes))
    z = 1.959964
    rows: dict[str, dict] = {}
    for name, bot in bots.items():
        runs = [duplicate(variant_name, bot, parse_bot("counter"), pairs, seed) for seed in seeds]
        row = {"pairs": pairs * len(seeds), "seeds": seeds}
        for key in ("win", "first_deal"):
            mean_key = "win" if key == "win" else "first_deal_points"
            means = [r[mean_key] for r in runs]
            ses = [(r[f"{key}_high"] - r[f"{key}_low"]) / (2 * z) for r in runs]
            mean, se = sum(means) / len(means), math.sqrt(sum(x * x for x in ses)) / len(ses)
            row[mean_key], row[f"{key}_low"], row[f"{key}_high"] = mean, mean - z * se, mean + z * se
        row["share"] = row["first_deal_points"] / edge
        rows[name] = row
    params = compile_rules(load_variant(variant_name).rule_dict)
    return {**add_four_seat_rates(params, bots, rows, seconds, seeds[0]), "edge": edge, "rows": rows}


def knob_settings() -> dict[str, tuple[int, float]]:
    """The --knobs sweep: name -> (bot id, the scale of the model of the expert's moves)."""
    from kozel_stats.engine.bots import (
        DRAW_INDEPENDENT,
        READ_MIXED,
        READ_MODEL_ALL,
        REPLY_MINIMAX,
        expert_id,
        parse_bot,
    )

    return {
        "expert (the default: pool 40, the opponents by counter, z = 2, the model's replies, evenly spread draws)": (
            parse_bot("expert"),
            1.0,
        ),
        "the opponents half by counter, half by the model, pool 32 (stop 47's expert)": (
            expert_id(8, pool=32, read=READ_MIXED),
            1.0,
        ),
        "... and independent draws (stop 34's expert)": (
            expert_id(8, pool=32, read=READ_MIXED, draw=DRAW_INDEPENDENT),
            1.0,
        ),
        "the opponents half by counter, half by the model, pool 40": (expert_id(8, read=READ_MIXED), 1.0),
        "the minimax reply": (expert_id(8, reply=REPLY_MINIMAX), 1.0),
        "pool 32 (the default until stop 48)": (expert_id(8, pool=32), 1.0),
        "pool 48": (expert_id(8, pool=48), 1.0),
        "N = 10 (pool 50)": (expert_id(10), 1.0),
        "z = 1 (with the model's replies)": (expert_id(8, z=2), 1.0),
        "z = 0.5": (expert_id(8, z=1), 1.0),
        "miss 0.1": (expert_id(8, miss=1), 1.0),
        "miss 0.5": (expert_id(8, miss=3), 1.0),
        "everyone by the model": (expert_id(8, read=READ_MODEL_ALL), 1.0),
        "the model's weights x 0.6": (parse_bot("expert"), 0.6),
        "the model's weights x 1.5": (parse_bot("expert"), 1.5),
    }


def knob_sweep(variant_name: str, pairs: int, seeds: list[int]) -> dict[str, dict]:
    """knob_settings against counter on each seed: the means over the seeds and the paired difference of the
    first-deal points and of the pairs won from the first setting's (the default)."""
    from kozel_stats.engine import game as E
    from kozel_stats.engine.bots import parse_bot

    shipped = E.MODEL_WEIGHTS.copy()
    runs: dict[str, list[dict]] = {}
    try:
        for name, (bot, scale) in knob_settings().items():
            E.MODEL_WEIGHTS[:] = shipped * scale
            runs[name] = [duplicate(variant_name, bot, parse_bot("counter"), pairs, seed) for seed in seeds]
    finally:
        E.MODEL_WEIGHTS[:] = shipped
    base = next(iter(runs.values()))
    rows = {}
    for name, rs in runs.items():
        row: dict[str, float] = {"pairs": pairs * len(seeds)}
        for key in ("win", "first_deal_points"):
            diffs = [r[key] - b[key] for r, b in zip(rs, base, strict=True)]
            row[key] = statistics.fmean(r[key] for r in rs)
            row[f"{key}_diff"] = statistics.fmean(diffs)
            row[f"{key}_diff_se"] = statistics.stdev(diffs) / math.sqrt(len(diffs)) if len(diffs) > 1 else 0.0
        rows[name] = row
    return rows


def print_knobs(rows: dict[str, dict], edge: float) -> None:
    print(
        f"| setting | pairs | pairs won vs counter | paired difference | first-deal points | share of +{edge:.2f} "
        "| paired difference (± s.e.) |"
    )
    print("|---|---:|---:|---:|---:|---:|---:|")
    for name, r in rows.items():
        print(
            f"| {name} | {r['pairs']} | {r['win']:.2%} | {100 * r['win_diff']:+.2f} pp "
            f"| {r['first_deal_points']:+.2f} | {r['first_deal_points'] / edge:.1%} "
            f"| {r['first_deal_points_diff']:+.2f} ± {r['first_deal_points_diff_se']:.2f} |"
        )


def print_pools(out: dict) -> None:
    print(f"c_baseline {out['c_deals_per_s']:,.0f} deals/s here (x{out['scale']:.2f} to a 1.88 M deals/s core)\n")
    print(
        f"| pool | pairs | pairs won vs counter (95%) | first-deal points (95%) | share of +{out['edge']:.2f} "
        "| games/s | scaled |"
    )
    print("|---|---:|---|---|---:|---:|---:|")
    for name, r in out["rows"].items():
        print(
            f"| {name} | {r['pairs']} | {r['win']:.2%} ({r['win_low']:.2%} - {r['win_high']:.2%}) "
            f"| {r['first_deal_points']:+.2f} ({r['first_deal_low']:+.2f} to {r['first_deal_high']:+.2f}) "
            f"| {r['share']:.1%} | {r['games_per_s']:.1f} | {r['games_per_s_scaled']:.0f} |"
        )


def pool_ess(variant_name: str, sizes: list[int], decisions: int = 400) -> dict[int, dict[str, float]]:
    """For each pool size, the median effective sample size of the read deals' weights over `decisions` positions
    of counter's deals, by the events seen (EVENT_BANDS)."""
    from kozel_stats.engine import bots as B
    from kozel_stats.engine import core as C
    from kozel_stats.engine.codes import compile_rules
    from kozel_stats.engine.game import workspace
    from kozel_stats.play.positions import counter_positions
    from kozel_stats.rules.variants import load_variant

    params = compile_rules(load_variant(variant_name).rule_dict)
    positions = counter_positions(params, decisions, 3)
    work = np.zeros(B.W_SIZE, dtype=np.int64)
    fwork = workspace()[2]
    read, miss = B.EXPERT_READ, B.EXPERT_MISS
    out: dict[int, dict[str, float]] = {}
    for size in sizes:
        rng = np.array([1, 12345], dtype=np.uint64)
        by_band: dict[str, list[float]] = {band: [] for band, _, _ in EVENT_BANDS}
        for st, seat in positions:
            B.fill_pool(params, st, seat, size, rng, work, fwork, read, miss)
            weights = np.diff(np.r_[0.0, fwork[B.F_POOL_SUM : B.F_POOL_SUM + size]])
            for band, low, high in EVENT_BANDS:
                if low <= st[C.ST_HIST_N] < high:
                    by_band[band].append(weights.sum() ** 2 / (weights**2).sum())
        out[size] = {band: float(np.median(v)) if v else float("nan") for band, v in by_band.items()}
    return out


#: the deal's events seen when the expert decides, in bands (pool_ess)
EVENT_BANDS = (("0-5 events", 0, 6), ("6-11", 6, 12), ("12-19", 12, 20), ("20 or more", 20, 1000))


def print_settings(out: dict) -> None:
    print(f"c_baseline {out['c_deals_per_s']:,.0f} deals/s here (x{out['scale']:.2f} to a 1.88 M deals/s core)\n")
    print("| setting | pairs won vs counter (95%) | first-deal points (95%) | games/s | scaled |")
    print("|---|---|---|---:|---:|")
    for name, r in out["rows"].items():
        print(
            f"| {name} | {r['win']:.2%} ({r['win_low']:.2%} - {r['win_high']:.2%}) "
            f"| {r['first_deal_points']:+.2f} ({r['first_deal_low']:+.2f} to {r['first_deal_high']:+.2f}) "
            f"| {r['games_per_s']:.1f} | {r['games_per_s_scaled']:.0f} |"
        )


def print_ceiling(out: dict, variant_name: str) -> None:
    print(f"variant {variant_name}, one core; c_baseline {out['c_deals_per_s']:,.0f} deals/s here\n")
    print("| A vs B | pairs | pairs won by A (95%) | first-deal points, B minus A (95%) | games/cpu-s |")
    print("|---|---:|---|---|---:|")
    for name, r in out["duels"].items():
        print(
            f"| {name} | {r['pairs']} | {r['win']:.2%} ({r['win_low']:.2%} - {r['win_high']:.2%}) "
            f"| {r['first_deal_points']:+.2f} ({r['first_deal_low']:+.2f} to {r['first_deal_high']:+.2f}) "
            f"| {r['games_per_cpu_s']:.0f} |"
        )
    print(
        f"\nthe expert's first-deal edge over counter: {out['expert_fraction']:.1%} of the cheater's "
        f"(+{out['cheater_edge']:.2f}); expert-classic's: {out['classic_fraction']:.1%}"
    )
    print(
        f"expert on all four seats: {out['games_per_s']:.1f} games/s, {out['games_per_s_scaled']:.1f} scaled "
        f"(the median of {out['rounds']} rounds, each scaled by its own baseline: "
        f"{out['games_per_s_scaled_low']:.1f} to {out['games_per_s_scaled_high']:.1f})"
    )
    for name, sec in out["seconds_per_game"].items():
        print(f"{name}, expert on every seat: {sec:.3f} s a game")


def emit(out: dict, as_json: bool, printer) -> None:
    """A measurement's result as JSON (--json) or as its table."""
    if as_json:
        print(json.dumps(out, indent=2))
    else:
        printer(out)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--variant", default="default")
    parser.add_argument("--seconds", type=float, default=1.0, help="time per bot per round")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--sampler", default="sampler", help="sampler bot name to include ('' to skip)")
    parser.add_argument("--duel-games", type=int, default=2000)
    parser.add_argument("--sampler-duel-games", type=int, default=200)
    parser.add_argument("--no-duel", action="store_true")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--expert", default="", help="the expert's curve for these N (e.g. 1,2,4,8) instead")
    parser.add_argument("--expert-pairs", type=int, default=400, help="duplicate pairs per N against counter")
    parser.add_argument("--expert-vs-sampler", type=int, default=0, help="pairs of the first N against sampler")
    parser.add_argument("--expert-seconds", type=float, default=20.0, help="speed: process seconds per N")
    parser.add_argument("--ceiling", type=int, default=0, help="pairs: the expert against the ceiling (issue 37)")
    parser.add_argument("--bazaar-games", type=int, default=10, help="--ceiling: games per two-player variant")
    parser.add_argument("--settings", type=int, default=0, help="pairs: the expert's settings curve (issue 37)")
    parser.add_argument("--pools", type=int, default=0, help="pairs per seed: the reading's pool sizes (issue 37)")
    parser.add_argument("--pool-seeds", default="2,3", help="--pools, --knobs: the seeds")
    parser.add_argument("--pool-sizes", default="24,32,40,63", help="--pools: the pool sizes (N = 8)")
    parser.add_argument("--cheater-edge", type=float, default=23.07, help="--pools: the cheater's first-deal edge")
    parser.add_argument("--knobs", type=int, default=0, help="pairs per seed: the reading's knobs, paired")
    parser.add_argument("--pool-ess", default="", help="pool sizes: the read deals' effective sample size")
    args = parser.parse_args()
    if args.pool_ess:
        ess = pool_ess(args.variant, [int(x) for x in args.pool_ess.split(",")])
        print("| pool | " + " | ".join(band for band, _, _ in EVENT_BANDS) + " |")
        print("|---:|" + "---:|" * len(EVENT_BANDS))
        for size, row in ess.items():
            print(f"| {size} | " + " | ".join(f"{row[band]:.1f}" for band, _, _ in EVENT_BANDS) + " |")
        return
    seeds = [int(x) for x in args.pool_seeds.split(",")]
    if args.knobs:
        rows = knob_sweep(args.variant, args.knobs, seeds)
        return emit(rows, args.json, lambda rows: print_knobs(rows, args.cheater_edge))
    if args.pools:
        sizes = [int(x) for x in args.pool_sizes.split(",")]
        out = pool_curve(args.variant, args.pools, seeds, sizes, args.expert_seconds, args.cheater_edge)
        return emit(out, args.json, print_pools)
    if args.settings:
        out = settings_curve(args.variant, args.settings, args.expert_seconds, args.seed)
        return emit(out, args.json, print_settings)
    if args.ceiling:
        out = ceiling(args.variant, args.ceiling, args.expert_seconds, args.bazaar_games, args.seed)
        return emit(out, args.json, lambda out: print_ceiling(out, args.variant))
    if args.expert:
        ns = [int(x) for x in args.expert.split(",")]
        out = expert_curve(args.variant, ns, args.expert_pairs, args.expert_vs_sampler, args.expert_seconds, args.seed)
        if args.json:
            print(json.dumps(out, indent=2))
            return
        print(f"variant {args.variant}, one core; c_baseline {out['c_deals_per_s']:,.0f} deals/s here")
        print(f"(scale to a 1.88 M deals/s core: x{out['scale']:.2f})\n")
        print("| bot | games/s | games/s scaled | deals/game | pairs won vs counter | 95% interval | pairs |")
        print("|---|---:|---:|---:|---:|---|---:|")
        for r in out["curve"]:
            print(
                f"| {r['bot']} | {r['games_per_s']:.1f} | {r['games_per_s_scaled']:.1f} | {r['deals_per_game']:.2f} "
                f"| {r['vs_counter']:.3f} | {r['vs_counter_low']:.3f} - {r['vs_counter_high']:.3f} | {r['pairs']} |"
            )
        if out["vs_sampler"]:
            v = out["vs_sampler"]
            print(f"\n{v['bot']} vs sampler: {v['win']:.3f} of {v['pairs']} pairs ({v['low']:.3f} - {v['high']:.3f})")
        return

    from kozel_stats.engine.codes import compile_rules
    from kozel_stats.rules.variants import load_variant

    params = compile_rules(load_variant(args.variant).rule_dict)
    bots = SCRIPTED + ([args.sampler] if args.sampler else [])
    rows = speed(params, bots, args.seconds, args.rounds, args.seed)
    duels = []
    if not args.no_duel:
        for b in bots[1:]:
            n = args.sampler_duel_games if b.startswith("sampler") else args.duel_games
            duels.append(duel(params, b, n, args.seed))
    if args.json:
        print(json.dumps({"speed": rows, "duel": duels}, indent=2))
        return
    print(f"variant {args.variant}, one core, {args.rounds} rounds x {args.seconds:g} s per bot\n")
    print("| bot | games/s | deals/game | speed vs random |")
    print("|---|---:|---:|---:|")
    for r in rows:
        print(f"| {r['bot']} | {r['games_per_s']:,.1f} | {r['deals_per_game']:.2f} | {r['vs_random']:.3f} |")
    if duels:
        print("\nDuel against random (X's side: seats 0, 2 for half the games, 1, 3 for the other half)\n")
        print("| bot X | games | X's side lost | loss rate | 95% Wilson |")
        print("|---|---:|---:|---:|---|")
        for d in duels:
            print(
                f"| {d['bot']} | {d['games']} | {d['lost']} / {d['ended']} | {d['loss_rate']:.3f} | "
                f"{d['ci_low']:.3f} - {d['ci_high']:.3f} |"
            )


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    main()
