"""What is measured: the metric catalogue and each game's numbers behind it.

Every metric is a ratio of sums over games, R = sum(x_i) / sum(n_i), where x_i and n_i are
integers of game i: a mean per game (n_i = 1: deals per game), a share of games (x_i is 0 or
1: naked goats), or a rate per deal (x_i fishes over n_i deals). One form for all of them
means one set of sufficient statistics (`moments.py`) serves every metric, and statistics
merge exactly from batches whatever their number or order.

`game_numbers` turns the engine's per-game rows (or a games table read from disk) into the
(x, n) integer matrices of all metrics at once. Light: numpy only.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np


@dataclass(frozen=True)
class Metric:
    """One statistic of a variant.

    kind: ``mean`` (x per game, n = 1), ``game-rate`` (x is 0/1 per game; with a
    denominator, among games where it is 1) or ``deal-ratio`` (a rate or an average per
    deal, or per some other count). unit: ``pp`` for shares (values are fractions, shown in
    percentage points), else the unit of the value. headline: one of the four numbers that
    decide a verdict (README, "What decides a verdict"); the others are secondary.
    only: the games the metric applies to (``pairs``, ``solo``, or a rule: ``general``,
    ``bazaar``, ``cross``, ``out_66``, ``shared_score``); None: every game.
    """

    name: str
    label: str
    kind: str
    unit: str
    headline: bool
    numerator: str
    denominator: str | None = None
    description: str = ""
    only: str | None = None

    @property
    def is_rate(self) -> bool:
        return self.unit == "pp"

    @property
    def scale(self) -> float:
        """Factor from stored value to shown value (100 for percentage points)."""
        return 100.0 if self.is_rate else 1.0


METRICS: tuple[Metric, ...] = (
    Metric(
        "deals_per_game",
        "deals per game",
        "mean",
        "deals",
        True,
        "deals",
        description="deals played per game (redeals not counted)",
    ),
    Metric(
        "naked_rate",
        "naked-goat rate",
        "game-rate",
        "pp",
        True,
        "naked",
        description="games lost as голые козлы (the winners never wrote)",
    ),
    Metric(
        "fish_rate",
        "fish rate",
        "deal-ratio",
        "pp",
        True,
        "fishes",
        "deals",
        description="deals ended by a fish (eggs included)",
    ),
    Metric(
        "written_per_deal",
        "points written per deal",
        "deal-ratio",
        "points",
        True,
        "written",
        "deals",
        description="points written by all sides per deal",
    ),
    Metric(
        "bald_rate",
        "bald-goat rate",
        "game-rate",
        "pp",
        False,
        "bald",
        description="games lost as лысые козлы (the last deal ended by an out on 00)",
    ),
    Metric(
        "general_rate",
        "general rate",
        "game-rate",
        "pp",
        False,
        "general",
        description="games ended by a генерал (an out on 00 and 66 at once)",
        only="general",
    ),
    Metric(
        "first_lead_loss_rate",
        "first leader's side loses",
        "game-rate",
        "pp",
        False,
        "first_lead_lost",
        "decided",
        description="games lost by the side that led the first deal, among games with a loser; "
        "chance is one over the number of sides",
    ),
    Metric(
        "eggs_rate",
        "egg rate",
        "deal-ratio",
        "pp",
        False,
        "eggs",
        "deals",
        description="deals ended by a fish with equal sums",
    ),
    Metric(
        "redeal_rate",
        "redeal rate",
        "deal-ratio",
        "pp",
        False,
        "redeals",
        "shuffles",
        description="shuffles that needed a redeal (передача): redeals / (deals + redeals)",
    ),
    Metric(
        "fisherman_share",
        "fisherman's share of fish wins",
        "deal-ratio",
        "pp",
        False,
        "fisherman_wins",
        "decided_fishes",
        description="fishes (not eggs) won by the fisherman's side",
    ),
    Metric(
        "moves_per_deal",
        "moves per deal",
        "deal-ratio",
        "moves",
        False,
        "moves",
        "deals",
        description="moves per deal (a move of several doubles is one move)",
    ),
    Metric(
        "vanished_share",
        "losses vanished under the threshold",
        "deal-ratio",
        "pp",
        False,
        "vanished_deals",
        "lost_deals",
        description="lost deals whose points all vanished under the threshold",
    ),
    Metric(
        "draws_per_deal",
        "bazaar draws per deal",
        "deal-ratio",
        "draws",
        False,
        "draws",
        "deals",
        description="tiles drawn from the bazaar per deal (каждый сам за себя)",
        only="bazaar",
    ),
    Metric(
        "early_closure_rate",
        "early-closure rate",
        "deal-ratio",
        "pp",
        False,
        "early_closures",
        "deals",
        description="deals ended by closing every end (Осёл)",
        only="cross",
    ),
    Metric(
        "out66_rate",
        "100-point out rate",
        "deal-ratio",
        "pp",
        False,
        "out_66",
        "deals",
        description="deals ended by an out on 66 that makes the losers write a fixed sum (Морской)",
        only="out_66",
    ),
    Metric(
        "burn_rate",
        "burned-score rate",
        "deal-ratio",
        "pp",
        False,
        "burns",
        "deals",
        description="deals whose writing burned the other side's score (Морской)",
        only="shared_score",
    ),
)
METRIC_BY_NAME: dict[str, Metric] = {m.name: m for m in METRICS}
HEADLINE = tuple(m.name for m in METRICS if m.headline)

#: Columns derived from the stored ones (games table or engine row).
DERIVED = {
    "decided": "loser >= 0 (the game was not cut off)",
    "first_lead_lost": "loser == first_leader_side",
    "shuffles": "deals + redeals",
    "decided_fishes": "fishes - eggs",
}

#: The stored per-game columns the metrics need (names of docs/results.md's games table).
STORED = (
    "deals",
    "redeals",
    "fishes",
    "eggs",
    "fisherman_wins",
    "moves",
    "written",
    "lost_deals",
    "vanished_deals",
    "naked",
    "bald",
    "general",
    "loser",
    "first_leader_side",
    "draws",
    "early_closures",
    "out_66",
    "burns",
)


def applies(metric: Metric, rules: dict) -> bool:
    """Whether a metric means anything under these rules (a variant's resolved knobs)."""
    only = metric.only
    if only is None:
        return True
    if only == "general":
        return bool(rules.get("general"))
    if only == "bazaar":
        return not rules.get("pairs", True) and rules.get("players", 4) < 4
    if only == "cross":
        return rules.get("layout") == "cross"
    if only == "out_66":
        return rules.get("out_66_writes", 0) > 0
    if only == "shared_score":
        return bool(rules.get("shared_score"))
    return True


def columns_from_engine(games: np.ndarray) -> dict[str, np.ndarray]:
    """The stored columns from the engine's per-game rows (engine.G_* layout)."""
    from . import engine as E
    from .codes import TITLE_BALD, TITLE_GENERAL, TITLE_NAKED

    titles = games[:, E.G_TITLES]
    return {
        "deals": games[:, E.G_DEALS],
        "redeals": games[:, E.G_REDEALS],
        "fishes": games[:, E.G_FISHES],
        "eggs": games[:, E.G_EGGS],
        "fisherman_wins": games[:, E.G_FISHERMAN_WINS],
        "moves": games[:, E.G_MOVES],
        "written": games[:, E.G_WRITTEN],
        "lost_deals": games[:, E.G_LOST_DEALS],
        "vanished_deals": games[:, E.G_VANISHED_DEALS],
        "naked": (titles & TITLE_NAKED) != 0,
        "bald": (titles & TITLE_BALD) != 0,
        "general": (titles & TITLE_GENERAL) != 0,
        "loser": games[:, E.G_LOSER],
        "first_leader_side": games[:, E.G_FIRST_LEADER],
        "draws": games[:, E.G_DRAWS],
        "early_closures": games[:, E.G_EARLY_CLOSURES],
        "out_66": games[:, E.G_OUT_66],
        "burns": games[:, E.G_BURNS],
    }


def column(columns: dict[str, np.ndarray], name: str) -> np.ndarray:
    """One per-game integer column: a stored one, a `DERIVED` one, or ``one`` (1 for every game)."""
    if name == "one":
        return np.ones(len(columns["deals"]), dtype=np.int64)
    if name == "decided":
        return (columns["loser"] >= 0).astype(np.int64)
    if name == "first_lead_lost":
        return (columns["loser"] == columns["first_leader_side"]).astype(np.int64)
    if name == "shuffles":
        return columns["deals"].astype(np.int64) + columns["redeals"]
    if name == "decided_fishes":
        return columns["fishes"].astype(np.int64) - columns["eggs"]
    return np.asarray(columns[name]).astype(np.int64)


def variables(metric: Metric) -> tuple[str, str]:
    """The per-game columns of a metric's x and n (``one`` when n is 1 for every game)."""
    return metric.numerator, metric.denominator or "one"


def game_numbers(
    columns: dict[str, np.ndarray], metrics: tuple[Metric, ...] = METRICS
) -> tuple[np.ndarray, np.ndarray]:
    """(x, n): two (games x metrics) int64 matrices, metric j's x_i and n_i for game i."""
    size = len(next(iter(columns.values())))
    x = np.empty((size, len(metrics)), dtype=np.int64)
    n = np.empty((size, len(metrics)), dtype=np.int64)
    for j, m in enumerate(metrics):
        x[:, j] = column(columns, m.numerator)
        n[:, j] = 1 if m.denominator is None else column(columns, m.denominator)
    return x, n
