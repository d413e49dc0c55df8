"""What is measured: the metric catalogue and each game's numbers behind it.

Every metric is a ratio of sums over games, R = sum(x_i) / sum(n_i), where x_i and n_i are
integers of game i: a mean per game (n_i = 1: deals per game), a share of games (x_i is 0 or
1: naked goats), or a rate per deal (x_i fishes over n_i deals). One form for all of them
means one set of sufficient statistics (`moments.py`) serves every metric, and statistics
merge exactly from batches whatever their number or order.

`game_numbers` turns the engine's per-game rows (or a games table read from disk) into the
(x, n) integer matrices of all metrics at once. Light: numpy only.

Skill or luck (`compare --skill STRONG/WEAK`): two metrics rest on *two plays* of each game of
a variant, so their x_i and n_i come from a pair of plays of game i (`skill_columns`,
`deal_columns`), computed in the batch where both plays' rows exist and then summed like any
other column. They are still per-game ratios, so a variant's value is paired with the
baseline's by game index like every other metric.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from ..rules.variants import holds


@dataclass(frozen=True)
class Metric:
    """One statistic of a variant.

    kind: ``mean`` (x per game, n = 1), ``game-rate`` (x is 0/1 per game; with a
    denominator, among games where it is 1) or ``deal-ratio`` (a rate or an average per
    deal, or per some other count). unit: ``pp`` for shares (values are fractions, shown in
    percentage points), else the unit of the value. headline: one of the four numbers that
    decide a verdict (README, "What decides a verdict"); the others are secondary.
    only: the games the metric applies to: a condition on the rules (rules.CONDITIONS: ``bazaar``, ``cross``,
    ``match``, ...); ``skill``: pair games of a run with ``--skill``; ``twice``: any game of a run with
    ``--skill``; None: every game. per: what a
    share is a share of, in words (``games`` or ``deals``); by default games for a
    ``game-rate``, deals otherwise. restated_by: the knobs that decide the metric by definition: when a variant
    changes one of them, the change of the metric restates the rule (fish to the fisherman: the fisherman's side
    wins every fish) and is not a finding (words.restates).
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
    per: str | None = None
    restated_by: tuple[str, ...] = ()

    @property
    def per_unit(self) -> str:
        """What a share is a share of: ``games``, ``matches``, ``deals``, ``shuffles`` (a redeal's share of
        the dealings) or ``fishes``: `per`, else what the denominator counts (PER_DENOMINATOR)."""
        if self.per:
            return self.per
        if self.denominator is None:
            return "games"
        return PER_DENOMINATOR.get(self.denominator, "deals")

    @property
    def is_rate(self) -> bool:
        return self.unit == "pp"

    @property
    def scale(self) -> float:
        """Factor from stored value to shown value (100 for percentage points)."""
        return 100.0 if self.is_rate else 1.0


#: what a ratio's denominator counts, in the unit words of "N of 100 ..." (words.per_words)
PER_DENOMINATOR = {
    "deals": "deals",
    "lost_deals": "deals",
    "shuffles": "shuffles",
    "decided_fishes": "fishes",
    "decided": "games",
    "decided_twice": "games",
    "skill_games": "games",
}

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
        restated_by=("out_00_ends_game",),
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
        restated_by=("general",),
    ),
    Metric(
        "hanging_rate",
        "hanging-goat rate",
        "game-rate",
        "pp",
        False,
        "hanging",
        description="games lost as подвесной козёл (at target - 1 when the last deal began as a fast lead)",
        only="fast",
    ),
    Metric(
        "several_goats_rate",
        "several-goats rate",
        "game-rate",
        "pp",
        False,
        "several_goats",
        "decided",
        description="decided games with more than one goat (Чечевэ: an out on 00, or several at the target at once)",
        only="goats-every",
        restated_by=("goats",),
    ),
    Metric(
        "kept_00_rate",
        "00-left-in-hand rate",
        "game-rate",
        "pp",
        False,
        "kept_00",
        description="games ended by a player left holding 00 (Чечевэ: he is a goat at once)",
        only="kept-00",
        restated_by=("kept_00_goat",),
    ),
    Metric(
        "extra_goat_rate",
        "extra-goat rate",
        "game-rate",
        "pp",
        False,
        "extra_goat",
        description="games with an extra goat («внеочередной козёл»: the loser of an extra lead on 00 and 66 at "
        "once; with extra_lead: ends-game, games ended by one)",
        only="extra-lead",
        restated_by=("extra_lead",),
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
        description="deals ended as eggs: nobody loses and the pot carries (a fish with equal sums; каждый сам "
        "за себя with solo_loser: most also an out whose most pips left are shared)",
        restated_by=("fish_winner", "solo_eggs"),
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
        restated_by=("redeal_doubles", "redeal_suit", "players", "pairs"),
    ),
    Metric(
        "fisherman_share",
        "fisherman's share of fish wins",
        "deal-ratio",
        "pp",
        False,
        "fisherman_wins",
        "decided_fishes",
        description="fishes someone lost (not eggs, not a replayed fish) won by the fisherman's side",
        restated_by=("fish_winner",),
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
        restated_by=("threshold", "threshold_value", "memory"),
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
        restated_by=("solo_fish",),
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
        restated_by=("closed_before_house",),
    ),
    Metric(
        "out66_rate",
        "fixed-sum out-on-66 rate",
        "deal-ratio",
        "pp",
        False,
        "out_66",
        "deals",
        description="deals ended by an out on 66 that makes the losers write a fixed sum (Морской: 100; Чечевэ: "
        "50 to each other player)",
        only="out_66",
        restated_by=("out_66_writes",),
    ),
    Metric(
        "burn_rate",
        "burned-score rate",
        "deal-ratio",
        "pp",
        False,
        "burns",
        "deals",
        description="deals whose writing burned the other side's score, or whose out on 66 wiped the winners' "
        "(Морской)",
        only="shared_score",
        restated_by=("shared_score", "out_66_wipes"),
    ),
    Metric(
        "leader_win_share",
        "the deal's leader's side wins it",
        "deal-ratio",
        "pp",
        False,
        "leader_wins",
        "lost_deals",
        description="deals won by the side (each for himself: the player) that led them, among deals someone "
        "lost (eggs excluded); chance is about one over the number of sides",
    ),
    Metric(
        "draw_rate",
        "match drawn",
        "game-rate",
        "pp",
        False,
        "drawn",
        description="matches of match_deals deals that ended with equal scores (Спортивное домино, Генерал)",
        only="match",
        per="matches",
        restated_by=("match_deals",),
    ),
    Metric(
        "margin",
        "final margin",
        "mean",
        "points",
        False,
        "margin",
        description="the difference of the two sides' scores when the match ends (Генерал: of their generals)",
        only="match-pairs",
    ),
    Metric(
        "last_deal_rate",
        "decided by the last deal",
        "game-rate",
        "pp",
        False,
        "last_deal_decided",
        description="matches whose last deal changed the result: who was behind (or level) before it is not "
        "who lost the match, or it made a draw",
        only="match",
        per="matches",
    ),
    Metric(
        "generals_rate",
        "generals per 100 deals",
        "deal-ratio",
        "pp",
        False,
        "written",
        "lost_deals",
        description="Генерал: deals (fishes, which are replayed, not counted) that made a генерал",
        only="generals",
        restated_by=("general_out",),
    ),
    Metric(
        "generals_a_rate",
        "generals against side A per 100 deals",
        "deal-ratio",
        "pp",
        False,
        "score_a",
        "lost_deals",
        description="Генерал: generals written against side A (seats 0 and 2) per 100 counted deals",
        only="generals",
        restated_by=("general_out",),
    ),
    Metric(
        "generals_b_rate",
        "generals against side B per 100 deals",
        "deal-ratio",
        "pp",
        False,
        "score_b",
        "lost_deals",
        description="Генерал: generals written against side B (seats 1 and 3) per 100 counted deals",
        only="generals",
        restated_by=("general_out",),
    ),
    Metric(
        "skill_edge",
        "skill edge: the strong side wins",
        "deal-ratio",
        "pp",
        False,
        "skill_wins",
        "skill_games",
        description="--skill STRONG/WEAK: every game is played twice from the same deals, STRONG on side A "
        "and WEAK on side B, then seats swapped; the share of those games (with a loser) won by the STRONG "
        "side; 50% when STRONG plays no better than WEAK",
        only="skill",
        per="games",
    ),
    Metric(
        "deal_decides",
        "deal decides: the same side loses both plays",
        "game-rate",
        "pp",
        False,
        "same_loser",
        "decided_twice",
        description="--skill: every game is played a second time from the same deals by the same bots with "
        "independent random decisions; among games with a loser both times, the share where the same side "
        "(each for himself: the same player) lost both times; a coin gives one over the number of sides, "
        "100% means the deal alone decides",
        only="twice",
    ),
)
METRIC_BY_NAME: dict[str, Metric] = {m.name: m for m in METRICS}
HEADLINE = tuple(m.name for m in METRICS if m.headline)

#: Columns derived from the stored ones (games table or engine row), by name: how each is computed.
DERIVED: dict[str, Callable[[dict[str, np.ndarray]], np.ndarray]] = {
    "decided": lambda c: c["loser"] >= 0,  # the game was not cut off
    "first_lead_lost": lambda c: c["loser"] == c["first_leader_side"],
    "shuffles": lambda c: c["deals"].astype(np.int64) + c["redeals"],
    "several_goats": lambda c: np.asarray(c["goats"]) > 1,  # one game made several players goats at once
    "extra_goat": lambda c: np.asarray(c["extra_goats"]) > 0,  # someone lost an extra lead in the game
    "drawn": lambda c: c["loser"] == -2,  # a match ended level
    "margin": lambda c: np.abs(np.asarray(c["score_a"]).astype(np.int64) - c["score_b"]),
}

#: Per-game columns that come from a second play of each game (`compare --skill`): present only in
#: the runs that played it; elsewhere every game counts 0 (x = n = 0: the metric has no data).
TWICE = {
    "skill_wins": "games won by the STRONG side, of the game's two duplicate plays (0, 1 or 2)",
    "skill_games": "duplicate plays of the game with a loser (0, 1 or 2)",
    "same_loser": "1 when the game and its replay (same deals, other bot decisions) both have a loser, the same",
    "decided_twice": "1 when the game and its replay both have a loser",
}


@dataclass(frozen=True)
class GameColumn:
    """One column of the games table (docs/results.md), declared once: the runner writes it, the statistics read
    it, a results folder's table is checked against it."""

    name: str
    dtype: str  # its polars type in the table
    source: str  # the engine's G_* column it copies, a title bit (codes.TITLE_*), or what engine_columns makes
    stored: bool = True  # the metrics read it (STORED)
    optional: bool = False  # folders written before it existed lack it (their metrics then have no data)


SCORE_COLUMNS = ("score_a", "score_b", "score_c", "score_d")  # per side; c and d only for 3-4 solo players
#: The games table's columns, in order; variant, game and bots are the runner's (the arm and the game's number)
GAME_COLUMNS = (
    GameColumn("variant", "Categorical", "", stored=False),
    GameColumn("game", "Int64", "", stored=False),
    GameColumn("seed", "Int64", "G_SEED", stored=False),
    GameColumn("bots", "Categorical", "", stored=False),
    GameColumn("deals", "Int32", "G_DEALS"),
    GameColumn("redeals", "Int32", "G_REDEALS"),
    GameColumn("fishes", "Int32", "G_FISHES"),
    GameColumn("eggs", "Int32", "G_EGGS"),
    GameColumn("fisherman_wins", "Int32", "G_FISHERMAN_WINS"),
    GameColumn("decided_fishes", "Int32", "G_DECIDED_FISHES", optional=True),
    GameColumn("moves", "Int32", "G_MOVES"),
    GameColumn("knocks", "Int32", "G_KNOCKS", stored=False),
    GameColumn("written", "Int32", "G_WRITTEN"),
    GameColumn("lost_deals", "Int32", "G_LOST_DEALS"),
    GameColumn("vanished_deals", "Int32", "G_VANISHED_DEALS"),
    GameColumn("vanished", "Int32", "G_VANISHED", stored=False),
    GameColumn("loser", "Int8", "G_LOSER"),
    GameColumn("naked", "Boolean", "TITLE_NAKED"),
    GameColumn("bald", "Boolean", "TITLE_BALD"),
    GameColumn("general", "Boolean", "TITLE_GENERAL"),
    GameColumn("hanging", "Boolean", "TITLE_HANGING"),
    GameColumn("kept_00", "Boolean", "TITLE_KEPT_00", optional=True),
    GameColumn("goats", "Int8", "goat_counts", optional=True),
    GameColumn("extra_goats", "Int16", "G_EXTRA_GOATS", optional=True),
    *(GameColumn(name, "Int32", "G_SCORE", stored=s < 2) for s, name in enumerate(SCORE_COLUMNS)),
    GameColumn("first_leader_side", "Int8", "G_FIRST_LEADER"),
    GameColumn("draws", "Int32", "G_DRAWS"),
    GameColumn("early_closures", "Int32", "G_EARLY_CLOSURES"),
    GameColumn("out_66", "Int32", "G_OUT_66"),
    GameColumn("burns", "Int32", "G_BURNS"),
    GameColumn("leader_wins", "Int32", "G_LEADER_WINS", optional=True),
    GameColumn("last_deal_decided", "Int8", "G_LAST_DECIDED", optional=True),
)
#: The stored per-game columns the metrics need
STORED = tuple(c.name for c in GAME_COLUMNS if c.stored)
#: Stored columns that folders written before they existed lack (their metrics then have no data).
OPTIONAL = tuple(c.name for c in GAME_COLUMNS if c.optional)


#: Metrics of points, which mean nothing when no points are written (scoring: generals).
POINTS_ONLY = ("naked_rate", "written_per_deal", "eggs_rate", "fisherman_share", "vanished_share")


def applies(metric: Metric, rules: dict, skill: bool = False) -> bool:
    """Whether a metric means anything under these rules (a variant's resolved knobs); `skill`: the
    run played the second plays of `compare --skill` (the ``skill`` and ``twice`` metrics)."""
    if rules.get("scoring") == "generals" and metric.name in POINTS_ONLY:
        return False  # Генерал keeps no points (R-004-general-scoring)
    if metric.name == "first_lead_loss_rate" and rules.get("goats") == "every":
        return False  # several goats at once: who lost is not one side, and the chance is not 1 / sides
    only = metric.only
    if only is None:
        return True
    if only == "skill":
        return skill and bool(rules.get("pairs", True)) and rules.get("players", 4) == 4
    if only == "twice":
        return skill
    return holds(only, rules)


def engine_columns(games: np.ndarray) -> dict[str, np.ndarray]:
    """Every games-table column the engine's per-game rows (engine.G_* layout) hold, as GAME_COLUMNS says."""
    from ..engine import codes
    from ..engine import game as E

    titles = games[:, E.G_TITLES]
    columns = {}
    for s, name in enumerate(SCORE_COLUMNS):
        columns[name] = games[:, E.G_SCORE + s]
    for c in GAME_COLUMNS:
        if c.source.startswith("TITLE_"):
            columns[c.name] = (titles & getattr(codes, c.source)) != 0
        elif c.source.startswith("G_") and c.source != "G_SCORE":
            columns[c.name] = games[:, getattr(E, c.source)]
    columns["goats"] = goat_counts(games[:, E.G_GOATS])
    return columns


def columns_from_engine(games: np.ndarray) -> dict[str, np.ndarray]:
    """The stored columns from the engine's per-game rows."""
    columns = engine_columns(games)
    return {name: columns[name] for name in STORED}


def goat_bits(masks: np.ndarray, sides: int = 4) -> np.ndarray:
    """(games x sides) booleans: the sides each bit mask of goats names."""
    return ((np.asarray(masks, dtype=np.int64)[:, None] >> np.arange(sides)) & 1).astype(bool)


def goat_counts(masks: np.ndarray) -> np.ndarray:
    """How many sides each bit mask of goats names (at most four sides)."""
    return goat_bits(masks).sum(axis=1).astype(np.int64)


def skill_columns(strong_a_loser: np.ndarray, strong_b_loser: np.ndarray) -> dict[str, np.ndarray]:
    """Duplicate play (`compare --skill STRONG/WEAK`): game i played with STRONG on side A (seats 0
    and 2: loser side index 0) and WEAK on side B, and again from the same deals with the sides'
    bots swapped. Per game: `skill_wins` = [A-play lost by side 1] + [B-play lost by side 0], the
    STRONG side's wins; `skill_games` = the plays with a loser (a game cut off, loser -1, counts in
    neither). Their ratio of sums is the share of games won by the STRONG side."""
    a = np.asarray(strong_a_loser)
    b = np.asarray(strong_b_loser)
    wins = (a == 1).astype(np.int64) + (b == 0).astype(np.int64)
    games = (a >= 0).astype(np.int64) + (b >= 0).astype(np.int64)
    return {"skill_wins": wins, "skill_games": games}


def deal_columns(first_loser: np.ndarray, second_loser: np.ndarray) -> dict[str, np.ndarray]:
    """The same game played twice from the same deals with independent bot decisions (`bot_salt`):
    `decided_twice` = both plays have a loser; `same_loser` = and it is the same side (each for
    himself: the same seat)."""
    a = np.asarray(first_loser)
    b = np.asarray(second_loser)
    twice = (a >= 0) & (b >= 0)
    return {"same_loser": (twice & (a == b)).astype(np.int64), "decided_twice": twice.astype(np.int64)}


def column(columns: dict[str, np.ndarray], name: str) -> np.ndarray:
    """One per-game integer column: a stored one, a `DERIVED` one, or ``one`` (1 for every game)."""
    if name == "one":
        return np.ones(len(columns["deals"]), dtype=np.int64)
    if name in DERIVED:
        return np.asarray(DERIVED[name](columns)).astype(np.int64)
    if name in TWICE and name not in columns:  # this run did not play the games twice
        return np.zeros(len(columns["deals"]), dtype=np.int64)
    return np.asarray(columns[name], dtype=np.int64)  # a view when it is int64 already: the caller copies it


def variables(metric: Metric) -> tuple[str, str]:
    """The per-game columns of a metric's x and n (``one`` when n is 1 for every game)."""
    return metric.numerator, metric.denominator or "one"


def game_numbers(
    columns: dict[str, np.ndarray], metrics: tuple[Metric, ...] = METRICS
) -> tuple[np.ndarray, np.ndarray]:
    """(x, n): two (games x metrics) int64 matrices, metric j's x_i and n_i for game i."""
    size = len(next(iter(columns.values())))
    # column-major: each metric's games lie together, for filling and for the per-metric sums
    x = np.empty((len(metrics), size), dtype=np.int64).T
    n = np.empty((len(metrics), size), dtype=np.int64).T
    for j, m in enumerate(metrics):
        x[:, j] = column(columns, m.numerator)
        n[:, j] = 1 if m.denominator is None else column(columns, m.denominator)
    return x, n
