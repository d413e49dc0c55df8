"""Sufficient statistics of a run, merged exactly from batches.

A run is a set of *arms* (a variant played by some bots) that all play the same game
indices, game i of every arm starting from the same shuffle. Every statistic of
`stats.py` is computed from these sums, never from a table of games, so memory does not
grow with the number of games and a run gives the same numbers whatever its batches,
workers or machines:

* per arm and metric (`metrics.py`: R = sum x / sum n): the integer sums of x, n, x², n²
  and x·n over games; the histogram of deals per game (the length distribution); the
  pips left at a fish; the scores by deal number; каждый сам за себя: each seat's place;
* for a sweep (`sweep.py`), the Gram matrix of a few per-game columns of every arm (all
  cross products over games), from which the covariance of every arm's estimate with every
  other follows, so any linear contrast of arms (a main effect, an interaction) gets an
  exact paired interval;
* per compared pair of arms (a, b) and metric: the integer cross sums x_a·x_b, x_a·n_b,
  n_a·x_b and n_a·n_b, which make every paired interval exact; the number of games where
  the two differ; and, while fewer than SPARSE_PAIRS games differ (only then is the exact
  test used), the histogram of the per-game differences (x_a - x_b, n_a - n_b).

All sums are integers (int64 within a batch, merged as int64: far from overflow for any
feasible run), so merging is exact and order-free: a batch computed on a Dask worker,
another process or this one adds up to the same bits.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

import numpy as np

from ..text import (
    stats_texts,  # noqa: F401  (importing it declares the sentences this module says)
)
from ..text.errors import keyed
from .metrics import METRICS, game_numbers, goat_bits

FISH_SUM_BINS = 169
SPARSE_PAIRS = 200  # fewer differing games than this: the exact sign-flip test decides (stats.py)
MAX_BY_DEAL = 200  # deal numbers tracked for the score-by-deal curves
BY_DEAL_COLS = 3  # games still going, sum of the eventual loser's score, of the winner's


def read_sums(out: object, data: dict, names: tuple[str, ...]) -> None:
    """The integer sums `names` of a statistics file into `out`, each of the shape `out` has for it."""
    for name in names:
        value = np.asarray(data[name], dtype=np.int64)
        if value.shape != getattr(out, name).shape:
            raise keyed(
                ValueError,
                "moments.field_shape_expected",
                name=name,
                value_shape=value.shape,
                expected=getattr(out, name).shape,
            )
        setattr(out, name, value)


@dataclass
class ArmStats:
    """Sums of one arm's games."""

    games: int = 0
    sx: np.ndarray = field(default_factory=lambda: np.zeros(len(METRICS), np.int64))
    sn: np.ndarray = field(default_factory=lambda: np.zeros(len(METRICS), np.int64))
    sxx: np.ndarray = field(default_factory=lambda: np.zeros(len(METRICS), np.int64))
    snn: np.ndarray = field(default_factory=lambda: np.zeros(len(METRICS), np.int64))
    sxn: np.ndarray = field(default_factory=lambda: np.zeros(len(METRICS), np.int64))
    deals_hist: Counter = field(default_factory=Counter)  # deals per game -> games
    fish_sums: np.ndarray = field(default_factory=lambda: np.zeros(FISH_SUM_BINS, np.int64))
    by_deal: np.ndarray = field(default_factory=lambda: np.zeros((MAX_BY_DEAL, BY_DEAL_COLS), np.int64))
    places: np.ndarray = field(default_factory=lambda: np.zeros((4, 4), np.int64))  # seat x place (solo)
    placed_games: int = 0

    def add(self, other: ArmStats) -> None:
        self.games += other.games
        for name in ("sx", "sn", "sxx", "snn", "sxn", "fish_sums", "by_deal", "places"):
            getattr(self, name).__iadd__(getattr(other, name))
        self.deals_hist.update(other.deals_hist)
        self.placed_games += other.placed_games

    def to_json(self) -> dict:
        return {
            "games": self.games,
            "sx": self.sx.tolist(),
            "sn": self.sn.tolist(),
            "sxx": self.sxx.tolist(),
            "snn": self.snn.tolist(),
            "sxn": self.sxn.tolist(),
            "deals_hist": {str(k): v for k, v in sorted(self.deals_hist.items())},
            "fish_sums": self.fish_sums.tolist(),
            "by_deal": self.by_deal.tolist(),
            "places": self.places.tolist(),
            "placed_games": self.placed_games,
        }

    @classmethod
    def from_json(cls, data: dict) -> ArmStats:
        out = cls(games=int(data["games"]), placed_games=int(data["placed_games"]))
        read_sums(out, data, ("sx", "sn", "sxx", "snn", "sxn", "fish_sums", "by_deal", "places"))
        out.deals_hist = Counter({int(k): int(v) for k, v in data["deals_hist"].items()})
        return out


@dataclass
class PairStats:
    """Cross sums of two arms over the same games (a, b: indices of arms)."""

    sxx: np.ndarray = field(default_factory=lambda: np.zeros(len(METRICS), np.int64))  # x_a x_b
    sxn: np.ndarray = field(default_factory=lambda: np.zeros(len(METRICS), np.int64))  # x_a n_b
    snx: np.ndarray = field(default_factory=lambda: np.zeros(len(METRICS), np.int64))  # n_a x_b
    snn: np.ndarray = field(default_factory=lambda: np.zeros(len(METRICS), np.int64))  # n_a n_b
    differing: np.ndarray = field(default_factory=lambda: np.zeros(len(METRICS), np.int64))  # games that differ
    # (dx, dn) -> games, over the differing games; None once SPARSE_PAIRS games differ (the exact
    # test is then not used, and the histogram would only grow)
    differences: list[Counter | None] = field(default_factory=lambda: [Counter() for _ in METRICS])

    def add(self, other: PairStats) -> None:
        for name in ("sxx", "sxn", "snx", "snn", "differing"):
            getattr(self, name).__iadd__(getattr(other, name))
        for j, theirs in enumerate(other.differences):
            mine = self.differences[j]
            if mine is None or theirs is None or self.differing[j] >= SPARSE_PAIRS:
                self.differences[j] = None
            else:
                mine.update(theirs)

    def to_json(self) -> dict:
        return {
            "sxx": self.sxx.tolist(),
            "sxn": self.sxn.tolist(),
            "snx": self.snx.tolist(),
            "snn": self.snn.tolist(),
            "differing": self.differing.tolist(),
            "differences": [
                None if h is None else [[dx, dn, c] for (dx, dn), c in sorted(h.items())] for h in self.differences
            ],
        }

    @classmethod
    def from_json(cls, data: dict) -> PairStats:
        out = cls()
        read_sums(out, data, ("sxx", "sxn", "snx", "snn", "differing"))
        if len(data["differences"]) != len(METRICS):
            raise keyed(ValueError, "moments.field_differences_wrong_number")
        out.differences = [
            None if h is None else Counter({(int(dx), int(dn)): int(c) for dx, dn, c in h}) for h in data["differences"]
        ]
        return out


#: A contrast's per-game values are kept as a histogram while they take at most this many values.
MAX_CONTRAST_VALUES = 512
#: Beyond this many arms x columns the Gram matrix (its square) would outgrow a task's payload.
MAX_GRAM_SIZE = 4096
_EXACT_FLOAT = 2.0**53  # integers up to this add exactly in float64 (BLAS), so the Gram stays exact


@dataclass(frozen=True)
class GramSpec:
    """What a sweep's batches sum besides the arms and pairs: the per-game columns of its metrics
    (their Gram matrix over every two arms), and for each contrast of arms (its weights, one per
    arm) and metric, the games where the contrast of the per-game numbers is not zero: the games
    its estimate rests on."""

    columns: tuple[str, ...]
    metrics: tuple[str, ...] = ()
    contrasts: tuple[tuple[float, ...], ...] = ()


@dataclass
class GramStats:
    """sum over games of z_u * z_v for every two per-game columns u, v of every two arms (the
    variables ordered arm-major: index = arm * len(columns) + column), and the differing games
    of each contrast per metric."""

    columns: tuple[str, ...]
    arms: int
    matrix: np.ndarray  # (arms * len(columns))², int64, symmetric
    metrics: tuple[str, ...] = ()
    contrasts: tuple[tuple[float, ...], ...] = ()
    differing: np.ndarray = field(default_factory=lambda: np.zeros((0, 0), np.int64))  # contrasts x metrics
    # [contrast][metric]: (dx, dn) -> games over the games where the contrast is not zero, kept while
    # it has at most MAX_CONTRAST_VALUES distinct values (then a few rare values may carry most of the
    # variance, and the interval must know it), else None (values spread widely: the normal holds)
    values: list[list[Counter | None]] = field(default_factory=list)

    @classmethod
    def empty(cls, spec: GramSpec, arms: int) -> GramStats:
        size = arms * len(spec.columns)
        return cls(
            tuple(spec.columns),
            arms,
            np.zeros((size, size), dtype=np.int64),
            tuple(spec.metrics),
            tuple(tuple(c) for c in spec.contrasts),
            np.zeros((len(spec.contrasts), len(spec.metrics)), dtype=np.int64),
            [[Counter() for _ in spec.metrics] for _ in spec.contrasts],
        )

    @property
    def spec(self) -> GramSpec:
        return GramSpec(self.columns, self.metrics, self.contrasts)

    def index(self, arm: int, column: str) -> int:
        return arm * len(self.columns) + self.columns.index(column)

    def add(self, other: GramStats) -> None:
        if other.spec != self.spec or other.arms != self.arms:
            raise keyed(ValueError, "moments.cannot_merge_gram_matrices")
        self.matrix += other.matrix
        self.differing += other.differing
        for k, row in enumerate(other.values):
            for j, theirs in enumerate(row):
                mine = self.values[k][j]
                if mine is None or theirs is None:
                    self.values[k][j] = None
                else:
                    mine.update(theirs)
                    if len(mine) > MAX_CONTRAST_VALUES:
                        self.values[k][j] = None

    def to_json(self) -> dict:
        upper = self.matrix[np.triu_indices(self.matrix.shape[0])]
        return {
            "columns": list(self.columns),
            "arms": self.arms,
            "upper": upper.tolist(),
            "metrics": list(self.metrics),
            "contrasts": [list(c) for c in self.contrasts],
            "differing": self.differing.tolist(),
            "values": [
                [None if h is None else [[dx, dn, c] for (dx, dn), c in sorted(h.items())] for h in row]
                for row in self.values
            ],
        }

    @classmethod
    def from_json(cls, data: dict) -> GramStats:
        spec = GramSpec(
            tuple(str(c) for c in data["columns"]),
            tuple(str(m) for m in data.get("metrics", [])),
            tuple(tuple(float(w) for w in c) for c in data.get("contrasts", [])),
        )
        out = cls.empty(spec, int(data["arms"]))
        rows, cols = np.triu_indices(out.matrix.shape[0])
        upper = np.asarray(data["upper"], dtype=np.int64)
        if upper.shape != rows.shape:
            raise keyed(ValueError, "moments.field_gram_upper_values", upper_size=upper.size, rows_size=rows.size)
        out.matrix[rows, cols] = upper
        out.matrix[cols, rows] = upper
        differing = np.asarray(data.get("differing", []), dtype=np.int64).reshape(out.differing.shape)
        out.differing = differing
        values = data.get("values", [])
        if len(values) != len(spec.contrasts) or any(len(row) != len(spec.metrics) for row in values):
            raise keyed(ValueError, "moments.field_gram_values_does")
        out.values = [
            [None if h is None else Counter({(float(dx), float(dn)): int(c) for dx, dn, c in h}) for h in row]
            for row in values
        ]
        if any(len(c) != out.arms for c in spec.contrasts):
            raise keyed(ValueError, "moments.field_gram_contrasts_contrast")
        return out


def gram_stats(spec: GramSpec, blocks: list[np.ndarray]) -> GramStats:
    """One batch's GramStats from each arm's (games x columns) block of per-game numbers."""
    from .metrics import METRIC_BY_NAME, variables

    out = GramStats.empty(spec, len(blocks))
    out.matrix = gram(blocks)
    if spec.contrasts and blocks:
        weights = np.asarray(spec.contrasts, dtype=np.float64).T  # arms x contrasts
        for j, name in enumerate(spec.metrics):
            cx, cn = (spec.columns.index(c) for c in variables(METRIC_BY_NAME[name]))
            x = np.stack([b[:, cx] for b in blocks], axis=1).astype(np.float64) @ weights  # games x contrasts
            n = np.stack([b[:, cn] for b in blocks], axis=1).astype(np.float64) @ weights
            nonzero = (np.abs(x) > 1e-9) | (np.abs(n) > 1e-9)
            out.differing[:, j] = nonzero.sum(axis=0)
            for k in range(weights.shape[1]):
                rows = nonzero[:, k]
                pairs = zip(np.round(x[rows, k], 9).tolist(), np.round(n[rows, k], 9).tolist(), strict=True)
                found = Counter(pairs)
                out.values[k][j] = found if len(found) <= MAX_CONTRAST_VALUES else None
    return out


def gram(blocks: list[np.ndarray]) -> np.ndarray:
    """The exact Gram matrix Z'Z of the (games x columns) integer blocks of every arm, side by
    side. BLAS in float64 when every partial sum is an integer below 2**53 (then it is exact),
    else integer arithmetic."""
    z = np.concatenate(blocks, axis=1) if blocks else np.zeros((0, 0), np.int64)
    if z.size == 0:
        return np.zeros((z.shape[1], z.shape[1]), dtype=np.int64)
    largest = float(np.abs(z).max())
    if largest * largest * z.shape[0] < _EXACT_FLOAT:
        zf = z.astype(np.float64)
        return np.rint(zf.T @ zf).astype(np.int64)
    return z.T @ z


@dataclass
class RunStats:
    """The sums of a whole run (or of one batch): every arm, every compared pair (and, in a
    sweep, the Gram matrix of every arm with every other)."""

    arms: list[ArmStats]
    pairs: dict[tuple[int, int], PairStats]
    games: int = 0  # games per arm
    ranges: list[tuple[int, int]] = field(default_factory=list)  # the game ranges [first, end) it holds
    gram: GramStats | None = None

    @classmethod
    def empty(cls, n_arms: int, pairs: list[tuple[int, int]], gram: GramSpec | None = None) -> RunStats:
        sums = GramStats.empty(gram, n_arms) if gram is not None else None
        return cls([ArmStats() for _ in range(n_arms)], {p: PairStats() for p in pairs}, gram=sums)

    def add(self, other: RunStats) -> None:
        if len(other.arms) != len(self.arms) or set(other.pairs) != set(self.pairs):
            raise keyed(ValueError, "moments.cannot_merge_statistics_two")
        if (self.gram is None) != (other.gram is None):
            raise keyed(ValueError, "moments.cannot_merge_sweep_statistics")
        for mine, theirs in zip(self.arms, other.arms, strict=True):
            mine.add(theirs)
        for key, pair in other.pairs.items():
            self.pairs[key].add(pair)
        if self.gram is not None and other.gram is not None:
            self.gram.add(other.gram)
        self.games += other.games
        self.ranges = merge_ranges(self.ranges + other.ranges)

    def to_json(self) -> dict:
        return {
            "games": self.games,
            "ranges": [list(r) for r in self.ranges],
            "metrics": [m.name for m in METRICS],
            "arms": [a.to_json() for a in self.arms],
            "pairs": [{"a": a, "b": b, **p.to_json()} for (a, b), p in sorted(self.pairs.items())],
            **({"gram": self.gram.to_json()} if self.gram is not None else {}),
        }

    @classmethod
    def from_json(cls, data: dict) -> RunStats:
        if data.get("metrics") != [m.name for m in METRICS]:
            raise keyed(ValueError, "moments.metrics_version_recompute_summarize")
        arms = [ArmStats.from_json(a) for a in data["arms"]]
        pairs = {(int(p["a"]), int(p["b"])): PairStats.from_json(p) for p in data["pairs"]}
        gram = GramStats.from_json(data["gram"]) if data.get("gram") is not None else None
        if gram is not None and gram.arms != len(arms):
            raise keyed(ValueError, "moments.gram_matrix_arms_but", gram_arms=gram.arms, n_arms=len(arms))
        return cls(arms, pairs, int(data["games"]), [(int(a), int(b)) for a, b in data["ranges"]], gram)


def merge_ranges(ranges: list[tuple[int, int]]) -> list[tuple[int, int]]:
    out: list[tuple[int, int]] = []
    for first, end in sorted(ranges):
        if out and first <= out[-1][1]:
            if first < out[-1][1]:
                raise keyed(ValueError, "moments.games_counted_twice", first=first, last=min(end, out[-1][1]) - 1)
            out[-1] = (out[-1][0], max(out[-1][1], end))
        else:
            out.append((first, end))
    return out


# --- from one batch's per-game numbers ---------------------------------------------------------------------
def arm_stats(
    x: np.ndarray,
    n: np.ndarray,
    deals: np.ndarray,
    places: np.ndarray | None = None,
    fish_sums: np.ndarray | None = None,
    by_deal: np.ndarray | None = None,
) -> ArmStats:
    """The sums of one arm over one batch: x, n from `metrics.game_numbers`; deals per game;
    places (games x seats, 1 = best) for каждый сам за себя; the engine's fish-sum histogram
    and by-deal aggregates of the batch."""
    from ..engine.sums import ARM_SN, ARM_SNN, ARM_SX, ARM_SXN, ARM_SXX, arm_sums, by_metric

    out = ArmStats(games=int(x.shape[0]))
    sums = np.zeros((5, x.shape[1]), dtype=np.int64)
    arm_sums(by_metric(x), by_metric(n), sums)
    out.sx, out.sn, out.sxx, out.snn, out.sxn = (sums[r] for r in (ARM_SX, ARM_SN, ARM_SXX, ARM_SNN, ARM_SXN))
    values, counts = np.unique(deals, return_counts=True)
    out.deals_hist = Counter({int(v): int(c) for v, c in zip(values, counts, strict=True)})
    if fish_sums is not None:
        out.fish_sums = fish_sums.astype(np.int64).copy()
    if by_deal is not None:
        out.by_deal = by_deal.astype(np.int64).copy()
    if places is not None and places.size:
        for seat in range(places.shape[1]):
            for k in range(1, places.shape[1] + 1):
                out.places[seat, k - 1] = int(np.count_nonzero(places[:, seat] == k))
        out.placed_games = int(places.shape[0])
    return out


def pair_stats(xa: np.ndarray, na: np.ndarray, xb: np.ndarray, nb: np.ndarray) -> PairStats:
    """Cross sums of two arms' numbers for the same games (rows aligned by game index)."""
    from ..engine.sums import PAIR_DIFFERING, PAIR_SNN, PAIR_SNX, PAIR_SXN, PAIR_SXX, by_metric, pair_sums

    out = PairStats()
    sums = np.zeros((5, xa.shape[1]), dtype=np.int64)
    pair_sums(by_metric(xa), by_metric(na), by_metric(xb), by_metric(nb), sums)
    out.sxx, out.sxn, out.snx, out.snn, out.differing = (
        sums[r] for r in (PAIR_SXX, PAIR_SXN, PAIR_SNX, PAIR_SNN, PAIR_DIFFERING)
    )
    few = (out.differing > 0) & (out.differing < SPARSE_PAIRS)  # only these histograms can ever be used
    for j in np.flatnonzero(out.differing >= SPARSE_PAIRS):
        out.differences[j] = None
    if np.any(few):
        columns = np.flatnonzero(few)
        dx = (xa[:, columns] - xb[:, columns]).T  # the few metrics x games
        dn = (na[:, columns] - nb[:, columns]).T
        keep = (dx != 0) | (dn != 0)
        # one int64 key per (metric, dx, dn), one sort for all metrics
        metric = np.broadcast_to(columns[:, None], dx.shape)[keep]
        key = (metric << 42) | ((dx[keep] + _KEY_OFFSET) << 21) | (dn[keep] + _KEY_OFFSET)
        keys, counts = np.unique(key, return_counts=True)
        for k, c in zip(keys.tolist(), counts.tolist(), strict=True):
            out.differences[k >> 42][((k >> 21) & _KEY_MASK) - _KEY_OFFSET, (k & _KEY_MASK) - _KEY_OFFSET] = c
    return out


_KEY_OFFSET = 1 << 20  # |per-game difference| < 2**20 (a game holds at most 100,000 deals of < 200 points)
_KEY_MASK = (1 << 21) - 1


def places_from_scores(scores: np.ndarray, loser: np.ndarray, goats: np.ndarray | None = None) -> np.ndarray:
    """Каждый сам за себя (R-solo-end): each seat's place per game (1 = best): the goat is
    last; the others by ascending points, equal points sharing the better place. Several goats
    (`goats`: bit masks of the goats' seats, R-004-chechevae-goats) take the last places,
    among themselves by ascending points. Games cut off (loser -1) are left out."""
    decided = loser >= 0
    scores = scores[decided].astype(np.int64)
    goat = loser[decided]
    ranked = scores.copy()
    if goats is None:
        ranked[np.arange(len(goat)), goat] = np.iinfo(np.int64).max  # the goat is last whatever the score
    else:
        is_goat = goat_bits(np.asarray(goats)[decided], scores.shape[1])
        is_goat[np.arange(len(goat)), goat] = True
        ranked[is_goat] += 1 << 40  # every goat below every other player, in order of points
    return 1 + (ranked[:, None, :] < ranked[:, :, None]).sum(axis=2)


def batch_stats(
    arm_columns: list[dict[str, np.ndarray]],
    pairs: list[tuple[int, int]],
    extras: list[dict] | None = None,
    first_game: int = 0,
) -> RunStats:
    """The sums of one batch: `arm_columns[a]` are arm a's stored per-game columns (the
    same games, in the same order, for every arm); extras[a] may hold `fish_sums`,
    `by_deal`, `places`."""
    numbers = [game_numbers(c) for c in arm_columns]
    arms = []
    for a, (x, n) in enumerate(numbers):
        extra = extras[a] if extras else {}
        arms.append(
            arm_stats(
                x,
                n,
                np.asarray(arm_columns[a]["deals"]),
                extra.get("places"),
                extra.get("fish_sums"),
                extra.get("by_deal"),
            )
        )
    pair_sums = {(a, b): pair_stats(*numbers[a], *numbers[b]) for a, b in pairs}
    size = int(numbers[0][0].shape[0]) if numbers else 0
    return RunStats(arms, pair_sums, size, [(first_game, first_game + size)] if size else [])
