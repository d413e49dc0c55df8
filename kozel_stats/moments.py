"""Sufficient statistics of a run, merged exactly from batches.

A run is a set of *arms* (a variant played by some bots) that all play the same game
indices, game i of every arm starting from the same shuffle. Every statistic of
`stats.py` is computed from these sums, never from a table of games, so memory does not
grow with the number of games and a run gives the same numbers whatever its batches,
workers or machines:

* per arm and metric (`metrics.py`: R = sum x / sum n): the integer sums of x, n, x², n²
  and x·n over games; the histogram of deals per game (the length distribution); the
  pips left at a fish; the scores by deal number; каждый сам за себя: each seat's place;
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

from .metrics import METRICS, game_numbers

FISH_SUM_BINS = 169
SPARSE_PAIRS = 200  # fewer differing games than this: the exact sign-flip test decides (stats.py)
MAX_BY_DEAL = 200  # deal numbers tracked for the score-by-deal curves
BY_DEAL_COLS = 3  # games still going, sum of the eventual loser's score, of the winner's


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
        for name in ("sx", "sn", "sxx", "snn", "sxn", "fish_sums", "by_deal", "places"):
            value = np.asarray(data[name], dtype=np.int64)
            if value.shape != getattr(out, name).shape:
                raise ValueError(f"field {name!r} has shape {value.shape}, expected {getattr(out, name).shape}")
            setattr(out, name, value)
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
        for name in ("sxx", "sxn", "snx", "snn", "differing"):
            value = np.asarray(data[name], dtype=np.int64)
            if value.shape != getattr(out, name).shape:
                raise ValueError(f"field {name!r} has shape {value.shape}, expected {getattr(out, name).shape}")
            setattr(out, name, value)
        if len(data["differences"]) != len(METRICS):
            raise ValueError("field 'differences' has the wrong number of metrics")
        out.differences = [
            None if h is None else Counter({(int(dx), int(dn)): int(c) for dx, dn, c in h}) for h in data["differences"]
        ]
        return out


@dataclass
class RunStats:
    """The sums of a whole run (or of one batch): every arm, every compared pair."""

    arms: list[ArmStats]
    pairs: dict[tuple[int, int], PairStats]
    games: int = 0  # games per arm
    ranges: list[tuple[int, int]] = field(default_factory=list)  # the game ranges [first, end) it holds

    @classmethod
    def empty(cls, n_arms: int, pairs: list[tuple[int, int]]) -> RunStats:
        return cls([ArmStats() for _ in range(n_arms)], {p: PairStats() for p in pairs})

    def add(self, other: RunStats) -> None:
        if len(other.arms) != len(self.arms) or set(other.pairs) != set(self.pairs):
            raise ValueError("cannot merge the statistics of two different runs")
        for mine, theirs in zip(self.arms, other.arms, strict=True):
            mine.add(theirs)
        for key, pair in other.pairs.items():
            self.pairs[key].add(pair)
        self.games += other.games
        self.ranges = merge_ranges(self.ranges + other.ranges)

    def to_json(self) -> dict:
        return {
            "games": self.games,
            "ranges": [list(r) for r in self.ranges],
            "metrics": [m.name for m in METRICS],
            "arms": [a.to_json() for a in self.arms],
            "pairs": [{"a": a, "b": b, **p.to_json()} for (a, b), p in sorted(self.pairs.items())],
        }

    @classmethod
    def from_json(cls, data: dict) -> RunStats:
        if data.get("metrics") != [m.name for m in METRICS]:
            raise ValueError("its metrics are not this version's (recompute with `summarize` from a games table)")
        arms = [ArmStats.from_json(a) for a in data["arms"]]
        pairs = {(int(p["a"]), int(p["b"])): PairStats.from_json(p) for p in data["pairs"]}
        return cls(arms, pairs, int(data["games"]), [(int(a), int(b)) for a, b in data["ranges"]])


def merge_ranges(ranges: list[tuple[int, int]]) -> list[tuple[int, int]]:
    out: list[tuple[int, int]] = []
    for first, end in sorted(ranges):
        if out and first <= out[-1][1]:
            if first < out[-1][1]:
                raise ValueError(f"games {first}..{min(end, out[-1][1]) - 1} counted twice")
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
    out = ArmStats(games=int(x.shape[0]))
    out.sx = x.sum(axis=0)
    out.sn = n.sum(axis=0)
    out.sxx = (x * x).sum(axis=0)
    out.snn = (n * n).sum(axis=0)
    out.sxn = (x * n).sum(axis=0)
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
    out = PairStats()
    out.sxx = (xa * xb).sum(axis=0)
    out.sxn = (xa * nb).sum(axis=0)
    out.snx = (na * xb).sum(axis=0)
    out.snn = (na * nb).sum(axis=0)
    dx = (xa - xb).T  # metrics x games
    dn = (na - nb).T
    keep = (dx != 0) | (dn != 0)
    out.differing = keep.sum(axis=1).astype(np.int64)
    few = out.differing < SPARSE_PAIRS  # only these histograms can ever be used
    for j in np.flatnonzero(~few):
        out.differences[j] = None
    keep &= few[:, None]
    if np.any(keep):
        # one int64 key per (metric, dx, dn), one sort for all metrics
        metric = np.broadcast_to(np.arange(dx.shape[0])[:, None], dx.shape)[keep]
        key = (metric << 42) | ((dx[keep] + _KEY_OFFSET) << 21) | (dn[keep] + _KEY_OFFSET)
        keys, counts = np.unique(key, return_counts=True)
        for k, c in zip(keys.tolist(), counts.tolist(), strict=True):
            out.differences[k >> 42][((k >> 21) & _KEY_MASK) - _KEY_OFFSET, (k & _KEY_MASK) - _KEY_OFFSET] = c
    return out


_KEY_OFFSET = 1 << 20  # |per-game difference| < 2**20 (a game holds at most 100,000 deals of < 200 points)
_KEY_MASK = (1 << 21) - 1


def places_from_scores(scores: np.ndarray, loser: np.ndarray) -> np.ndarray:
    """Каждый сам за себя (R-solo-end): each seat's place per game (1 = best): the goat is
    last; the others by ascending points, equal points sharing the better place. Games cut
    off (loser -1) are left out."""
    decided = loser >= 0
    scores = scores[decided].astype(np.int64)
    goat = loser[decided]
    ranked = scores.copy()
    ranked[np.arange(len(goat)), goat] = np.iinfo(np.int64).max  # the goat is last whatever the score
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
