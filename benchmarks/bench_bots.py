"""Bot speed and strength on one core: games per second per bot, the ratio to random's
speed (measured in the same run, interleaved round by round), and a duel table of each
bot against random.

    python benchmarks/bench_bots.py                   # default rules, 1 s x 3 rounds per bot
    python benchmarks/bench_bots.py --duel-games 4000 --sampler sampler:8
    python benchmarks/bench_bots.py --no-duel --json

Speed: each bot plays all four seats. The target for the scripted bots other than the
sampler is at least a third of random's games per second. Compilation is excluded (a
warm-up batch first). Games per second also depend on how many deals a game lasts
with that bot (column deals/game).

Duel: bot X on side A (seats 0, 2) against random on side B for half of the games, and
the sides swapped on the same game seeds for the other half; the loss rate of X's side
over the games that ended (a game cut off by max_deals has no loser), with a 95% Wilson
interval. 50% is random's level; lower is stronger.
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
    from kozel_stats import engine as E
    from kozel_stats.bots import parse_bot
    from kozel_stats.runner import play_range

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
    from kozel_stats import engine as E
    from kozel_stats.bots import parse_bot
    from kozel_stats.runner import play_range

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
    args = parser.parse_args()

    from kozel_stats.codes import compile_rules
    from kozel_stats.rules import load_variant

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
