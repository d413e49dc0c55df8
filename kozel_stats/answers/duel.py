"""Bot against bot, and whether a verdict survives a change of bots.

`run_duel`: side A with one bot, side B with the other, in duplicate: every deal
sequence (game seed) is played twice, the second time with the bots' seats swapped,
so the luck of the deal cancels out. The unit of the statistics is the pair of games.

`robustness`: given the comparisons of the same variants under several bot mixes,
says per variant and metric whether the verdict keeps its sign and significance.
"""

from __future__ import annotations

import math
import os
from dataclasses import dataclass

import numpy as np

from ..engine.codes import TITLE_NAKED, compile_rules
from ..play.runner import map_on_pool, play_range
from ..rules.variants import Variant
from ..stats.comparison import Comparison, two_sided_z
from ..text import (
    answer_texts,  # noqa: F401  (importing it declares the sentences this module says)
)
from ..text.errors import keyed


@dataclass(frozen=True)
class DuelResult:
    variant: str
    bot_a: str
    bot_b: str
    pairs: int  # deal sequences, each played twice
    win_rate: float  # share of games won by bot A's side
    low: float
    high: float
    elo: float  # Elo-style difference (A - B) implied by the win rate
    elo_low: float
    elo_high: float
    deals_per_game: float
    naked_a: float  # share of games in which A's side were naked goats
    naked_b: float
    seed: int


def elo(p: float) -> float:
    if p <= 0:
        return -math.inf
    if p >= 1:
        return math.inf
    return 400 * math.log10(p / (1 - p))


def _play(args):
    params, seed, first, n, bots = args
    return first, play_range(params, seed, first, n, bots).games


def run_duel(
    variant: Variant,
    bot_a: str,
    bot_b: str,
    games: int,
    *,
    seed: int = 1,
    workers: int | None = None,
    batch_size: int = 5000,
) -> DuelResult:
    """Duplicate duel of two bots over `games` deal sequences (2 x games games)."""
    from ..engine import game as E
    from ..records.trace import bot_array, parse_bots

    if games < 2:
        raise keyed(ValueError, "duel.games_least", games=games)
    if variant["players"] != 4 or not variant["pairs"]:
        raise keyed(ValueError, "duel.duel_plays_pair_games", variant_name=variant.name)
    params = compile_rules(variant.rule_dict)
    a_first = bot_array(parse_bots([bot_a, bot_b, bot_a, bot_b]))
    b_first = bot_array(parse_bots([bot_b, bot_a, bot_b, bot_a]))
    tasks = []
    for first in range(0, games, batch_size):
        n = min(batch_size, games - first)
        tasks += [(params, seed, first, n, a_first), (params, seed, first, n, b_first)]
    workers = workers or os.cpu_count() or 1
    results = [_play(t) for t in tasks] if workers == 1 else map_on_pool(_play, tasks, workers)
    straight = np.concatenate([g for i, (_, g) in enumerate(results) if i % 2 == 0])
    swapped = np.concatenate([g for i, (_, g) in enumerate(results) if i % 2 == 1])
    # A sits on side 0 in the straight games and on side 1 in the swapped ones
    win_straight = np.where(straight[:, E.G_LOSER] < 0, 0.5, (straight[:, E.G_LOSER] == 1).astype(float))
    win_swapped = np.where(swapped[:, E.G_LOSER] < 0, 0.5, (swapped[:, E.G_LOSER] == 0).astype(float))
    per_pair = (win_straight + win_swapped) / 2
    n = len(per_pair)
    p = float(per_pair.mean())
    se = float(per_pair.std(ddof=1)) / math.sqrt(n) if n > 1 else math.nan
    z = two_sided_z(0.95)
    low, high = max(0.0, p - z * se), min(1.0, p + z * se)
    naked_s = (straight[:, E.G_TITLES] & TITLE_NAKED) != 0
    naked_w = (swapped[:, E.G_TITLES] & TITLE_NAKED) != 0
    naked_a = float(
        ((naked_s & (straight[:, E.G_LOSER] == 0)).sum() + (naked_w & (swapped[:, E.G_LOSER] == 1)).sum()) / (2 * n)
    )
    naked_b = float(
        ((naked_s & (straight[:, E.G_LOSER] == 1)).sum() + (naked_w & (swapped[:, E.G_LOSER] == 0)).sum()) / (2 * n)
    )
    deals = float(np.concatenate([straight[:, E.G_DEALS], swapped[:, E.G_DEALS]]).mean())
    return DuelResult(
        variant.name, bot_a, bot_b, n, p, low, high, elo(p), elo(low), elo(high), deals, naked_a, naked_b, seed
    )


def robustness(per_mix: dict[str, list]) -> list[dict]:
    """Per (variant, metric): the difference and significance under each bot mix, and a verdict:
    'robust' (significant with the same sign under every mix), 'depends on bots' (significant
    under some mixes, or with opposite signs), 'no effect' (significant under none)."""
    keys: dict[tuple[str, str], dict[str, Comparison]] = {}
    for mix, comparisons in per_mix.items():
        for c in comparisons:
            keys.setdefault((c.variant, c.metric), {})[mix] = c
    rows = []
    for (variant, metric), by_mix in keys.items():
        significant = [c for c in by_mix.values() if c.significant]
        signs = {math.copysign(1, c.diff) for c in significant}
        if len(significant) == len(per_mix) and len(signs) == 1:
            word = "robust"
        elif significant:
            word = "depends on bots"
        else:
            word = "no effect"
        rows.append(
            {
                "variant": variant,
                "metric": metric,
                "verdict": word,
                "by_mix": {
                    mix: {
                        "diff": c.diff,
                        "low": c.low,
                        "high": c.high,
                        "p_adjusted": c.p_adjusted,
                        "significant": c.significant,
                    }
                    for mix, c in by_mix.items()
                },
            }
        )
    return rows
