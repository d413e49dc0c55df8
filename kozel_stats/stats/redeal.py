"""The exact probability of a redeal (передача), for checking the engine and the statistics.

`exact_redeal_probability` computes the chance that a shuffle needs a redeal, exactly, by
inclusion-exclusion over the four hands; the tests hold the engine's redeal rate and the
intervals of `stats.py` against it (a known truth).
"""

from __future__ import annotations

import itertools
import math
from fractions import Fraction
from functools import lru_cache

import numpy as np

# --- the exact redeal probability ---------------------------------------------------------------
_MAX_FAMILY = 60_000  # 7-tile hands enumerated at most; beyond, the thresholds are degenerate
_MAX_PAIR_WORK = 4_000_000_000


def _tile_tables():
    from ..engine.codes import DOUBLES_MASK, N_TILES, SUIT_MASK, TILE_HI, TILE_INDEX, TILE_LO

    return DOUBLES_MASK, N_TILES, SUIT_MASK, TILE_HI, TILE_INDEX, TILE_LO


def _popcount(x: np.ndarray) -> np.ndarray:
    return np.bitwise_count(np.asarray(x, dtype=np.int64).view(np.uint64)).astype(np.int64)


def _bad_hand(masks: np.ndarray, max_doubles: int, max_suit: int) -> np.ndarray:
    """Which 7-tile hands (bit masks) force a redeal."""
    doubles_mask, _, suit_mask, *_ = _tile_tables()
    masks = np.asarray(masks, dtype=np.int64)
    bad = np.zeros(masks.shape, dtype=bool)
    if max_doubles > 0:
        bad |= _popcount(masks & doubles_mask) >= max_doubles
    if max_suit > 0:
        for v in range(7):
            bad |= _popcount(masks & int(suit_mask[v])) >= max_suit
    return bad


def _subsets(tiles: np.ndarray, k: int) -> np.ndarray:
    if k < 0 or k > len(tiles):
        return np.zeros(0, dtype=np.int64)
    if k == 0:
        return np.zeros(1, dtype=np.int64)
    c = np.array(list(itertools.combinations(tiles.tolist(), k)), dtype=np.int64)
    return np.bitwise_or.reduce(np.int64(1) << c, axis=1)


def _bad_hands(max_doubles: int, max_suit: int) -> np.ndarray:
    """All 7-tile hands that force a redeal, as sorted unique bit masks."""
    _, n_tiles, _, tile_hi, tile_index, tile_lo = _tile_tables()
    groups = []
    if max_doubles > 0:
        groups.append((np.array([tile_index[v, v] for v in range(7)]), max_doubles))
    if max_suit > 0:
        for v in range(7):
            groups.append((np.flatnonzero((tile_lo == v) | (tile_hi == v)), max_suit))
    parts = []
    for tiles, at_least in groups:
        rest = np.setdiff1d(np.arange(n_tiles), tiles)
        for j in range(at_least, len(tiles) + 1):
            a, b = _subsets(tiles, j), _subsets(rest, 7 - j)
            if a.size and b.size:
                parts.append((a[:, None] | b[None, :]).ravel())
    return np.unique(np.concatenate(parts)) if parts else np.zeros(0, dtype=np.int64)


def _canonical_forms(masks: np.ndarray) -> np.ndarray:
    """Smallest image of each tile set under the 5040 relabellings of the values 0..6."""
    _, _, _, tile_hi, tile_index, tile_lo = _tile_tables()
    perms = np.array(list(itertools.permutations(range(7))), dtype=np.int64)
    lo, hi = perms[:, tile_lo], perms[:, tile_hi]
    bits = np.int64(1) << tile_index[np.minimum(lo, hi), np.maximum(lo, hi)]  # (5040, 28)
    sel = ((np.arange(128)[:, None] >> np.arange(7)) & 1).astype(bool)  # (128, 7)
    tables = [np.where(sel[None], bits[:, None, 7 * c : 7 * c + 7], 0).sum(axis=2) for c in range(4)]
    out = np.empty(masks.size, dtype=np.int64)
    for i in range(0, masks.size, 256):
        m = masks[i : i + 256]
        img = (
            tables[0][:, m & 127]
            | tables[1][:, (m >> 7) & 127]
            | tables[2][:, (m >> 14) & 127]
            | tables[3][:, (m >> 21) & 127]
        )
        out[i : i + 256] = img.min(axis=0)
    return out


def _redeal_tuple_counts(max_doubles: int, max_suit: int) -> tuple[int, int, int, int]:
    """N_k, k = 1..4: ordered k-tuples of pairwise disjoint 7-tile hands that all force a
    redeal (N_4: such tuples covering all 28 tiles)."""
    md, ms = max_doubles, max_suit
    bad = _bad_hands(md, ms)
    if bad.size == 0:
        return 0, 0, 0, 0
    if bad.size > _MAX_FAMILY:
        raise ValueError(
            f"exact redeal probability for redeal_doubles={md}, redeal_suit={ms}: "
            f"{bad.size} redeal hands is too many to enumerate; estimate it from the run"
        )
    full = (1 << 28) - 1
    # The count of tuples that start with a given hand only depends on the hand's orbit
    # under the 7! relabellings of the pip values: one representative stands for its orbit.
    canon = _canonical_forms(bad)
    _, first, sizes = np.unique(canon, return_index=True, return_counts=True)
    reps = bad[first]
    rest_sets = [bad[(bad & int(r)) == 0] for r in reps]
    if sum(float(f.size) ** 2 for f in rest_sets) > _MAX_PAIR_WORK:
        raise ValueError(
            f"exact redeal probability for redeal_doubles={md}, redeal_suit={ms} "
            "takes too long; estimate it from the run"
        )
    n2 = n3 = n4 = 0
    for rep, size, f in zip(reps.tolist(), sizes.tolist(), rest_sets, strict=True):
        # f: bad hands disjoint from rep. Ordered disjoint pairs (a, b) within f give the
        # triples (rep, a, b); those whose leftover 7 tiles are bad too, the quadruples.
        n2 += size * int(f.size)
        pairs = quads = 0
        for i in range(0, f.size, 512):
            a = f[i : i + 512]
            ia, ib = np.nonzero((a[:, None] & f[None, :]) == 0)
            pairs += int(ia.size)
            if ia.size:
                quads += int(np.count_nonzero(_bad_hand(full ^ rep ^ a[ia] ^ f[ib], md, ms)))
        n3 += size * pairs
        n4 += size * quads
    return int(bad.size), n2, n3, n4


@lru_cache(maxsize=64)
def _exact_redeal_fraction(max_doubles: int, max_suit: int) -> Fraction:
    # Pigeonhole: 7 doubles (and the 7 tiles of a suit) among 4 hands put 2 in some hand.
    if 0 < max_doubles <= 2 or 0 < max_suit <= 2:
        return Fraction(1)
    n1, n2, n3, n4 = _redeal_tuple_counts(max_doubles, max_suit)
    # P(hands 1..k all bad) = N_k / (C(28,7) C(21,7) ...), k factors; hand 4 is the rest.
    c1 = math.comb(28, 7)
    c2 = c1 * math.comb(21, 7)
    c3 = c2 * math.comb(14, 7)
    return Fraction(4 * n1, c1) - Fraction(6 * n2, c2) + Fraction(4 * n3, c3) - Fraction(n4, c3)


def exact_redeal_probability(max_doubles: int = 5, max_suit: int = 6) -> float:
    """Exact probability that a shuffle of the 28 tiles, dealt 7 each to 4 players, needs a
    redeal: some hand holds >= `max_doubles` doubles or >= `max_suit` tiles of one suit (a
    double counts once, in its own suit; 0 disables that test).

    Inclusion-exclusion over the four hands: P = 4 P(A1) - 6 P(A1 A2) + 4 P(A1 A2 A3)
    - P(A1 A2 A3 A4), A_i = "hand i is bad". The bad 7-tile hands are generated explicitly
    (5594 of the C(28,7) = 1,184,040 for the defaults), the ordered tuples of disjoint bad
    hands are counted exactly with bit masks, using the symmetry of the 7 pip values (the
    count of tuples that start with a hand depends only on its orbit), and the sum is taken
    in fractions. Defaults: 0.018834 (under a second). Thresholds of 1-2 are certain
    redeals (pigeonhole); very low thresholds (redeal_doubles <= 3, redeal_suit <= 4, ...)
    raise ValueError: too many bad hands to enumerate.
    """
    md, ms = int(max_doubles), int(max_suit)
    if md < 0 or ms < 0:
        raise ValueError("redeal thresholds must be >= 0")
    return float(_exact_redeal_fraction(md, ms))
