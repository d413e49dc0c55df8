"""Table primitives shared by the engine and the bots: state layout, randomness,
tile masks, legal moves, applying a move, fish detection and hand values.

Everything here is compiled by numba; the small functions of the move loop are
inlined at numba IR level (calls that pass arrays would otherwise pay atomic
reference counting on every call).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from .codes import (
    ALL_TILES,
    AT_NONE,
    CHUNK_PIPS,
    CHUNK_POP,
    DOUBLE_TILE,
    P_BOTH_00_66,
    P_LONE_00,
    P_LONE_66,
    P_PLAYERS,
    P_SEAT_SIDE,
    P_SPECIALS,
    P_TWO_DOUBLES,
    SPECIALS_PER_PAIR,
    SPECIALS_PLAIN,
    SUIT_MASK,
    T00,
    T66,
    TILE_HI,
    TILE_LO,
)

# --- deal state: one int64 array ------------------------------------------------
ST_HAND = 0  # 4 hand masks
ST_END = 4  # up to 4 open end values
ST_N_ENDS = 8
ST_BOARD = 9  # mask of tiles on the table
ST_FORCED = 10  # tile the first move must play, or -1
ST_END_KIND = 11
ST_LAST = 12
ST_OUT_TILES = 13
ST_MOVES = 14
ST_KNOCKS = 15
ST_LACKS = 16  # 4 masks of end values each seat is known to lack (it knocked on them)
ST_EV_N = 20  # events recorded so far
ST_SCRIPT_POS = 21
ST_ERROR = 22
ST_ERROR_EVENT = 23
ST_OVERFLOW = 24
ST_FED = 25  # 4 masks of end values each seat has created (fed) this deal
N_STATE = 29


MAX_MOVES = 32

# numpy error model: no zero-division checks on the hot path (no divisor here can be zero).
jit = njit(cache=True, nogil=True, error_model="numpy")
hot = njit(cache=True, nogil=True, error_model="numpy", inline="always")

_U64 = np.uint64
_GOLDEN = _U64(0x9E3779B97F4A7C15)
_MIX1 = _U64(0xBF58476D1CE4E5B9)
_MIX2 = _U64(0x94D049BB133111EB)
_XS_MULT = _U64(0x2545F4914F6CDD1D)
_DEAL_SALT = _U64(0xD1B54A32D192ED03)
_BOT_SALT = _U64(0x8CB92BA72F3D8DD7)
_S12, _S25, _S27, _S30, _S31, _S32 = _U64(12), _U64(25), _U64(27), _U64(30), _U64(31), _U64(32)
_SEED_MASK = _U64(0x7FFFFFFFFFFFFFFF)


# --- randomness ------------------------------------------------------------------------
@jit
def splitmix64(x):
    z = x + _GOLDEN
    z = (z ^ (z >> _S30)) * _MIX1
    z = (z ^ (z >> _S27)) * _MIX2
    return z ^ (z >> _S31)


@hot
def rng_next(rng, k):
    """xorshift64*: fast, and plenty for shuffles and tie-breaks."""
    x = rng[k]
    x ^= x >> _S12
    x ^= x << _S25
    x ^= x >> _S27
    rng[k] = x
    return x * _XS_MULT


@hot
def rng_below(rng, k, n):
    """Uniform integer in [0, n) by Lemire's multiply-shift (bias below n / 2**32)."""
    return np.int64(((rng_next(rng, k) >> _S32) * _U64(n)) >> _S32)


# --- masks ---------------------------------------------------------------------------------
@hot
def popcount(m):
    return (CHUNK_POP[m & 127] + CHUNK_POP[(m >> 7) & 127]
            + CHUNK_POP[(m >> 14) & 127] + CHUNK_POP[(m >> 21) & 127])


@hot
def pips(m):
    return (CHUNK_PIPS[0, m & 127] + CHUNK_PIPS[1, (m >> 7) & 127]
            + CHUNK_PIPS[2, (m >> 14) & 127] + CHUNK_PIPS[3, (m >> 21) & 127])


_DEBRUIJN = 0x077CB531
_DEBRUIJN_INDEX = np.zeros(32, dtype=np.int64)
for _i in range(32):
    _DEBRUIJN_INDEX[((1 << _i) * _DEBRUIJN & 0xFFFFFFFF) >> 27] = _i


@hot
def lowest_bit_index(low):
    """Index of the single set bit of `low` (< 2**32), by a de Bruijn multiplication."""
    return _DEBRUIJN_INDEX[((low * _DEBRUIJN) & 0xFFFFFFFF) >> 27]


# --- moves -------------------------------------------------------------------------------------
# A move packs up to 4 placements: bits 0-2 the count, then 9 bits each from bit 3:
# tile (5 bits), slot of the open end it goes on (3 bits), closed flag (1 bit).
@hot
def placement(move, k):
    return (move >> (3 + 9 * k)) & 511


@hot
def one_tile_move(tile, slot):
    return 1 | (tile << 3) | (slot << 8)


@hot
def two_tile_move(t0, s0, t1, s1):
    return 2 | (t0 << 3) | (s0 << 8) | (t1 << 12) | (s1 << 17)


@hot
def legal_moves(p, st, seat, moves):
    """Fill `moves` with the distinct legal moves of `seat`; return how many."""
    hand = st[ST_HAND + seat]
    n = 0
    if st[ST_N_ENDS] == 0:
        forced = st[ST_FORCED]
        if forced >= 0:
            if hand >> forced & 1:
                moves[0] = one_tile_move(forced, 0)
                return 1
            return 0
        for t in range(28):
            if hand >> t & 1:
                moves[n] = one_tile_move(t, 0)
                n += 1
        return n
    e0 = st[ST_END]
    e1 = st[ST_END + 1]
    # walk the set bits only: a bit test per suit tile would be an unpredictable branch
    m = hand & SUIT_MASK[e0]
    while m:
        low = m & -m
        moves[n] = one_tile_move(lowest_bit_index(low), 0)
        n += 1
        m ^= low
    if e1 != e0:
        m = hand & SUIT_MASK[e1]
        while m:
            low = m & -m
            moves[n] = one_tile_move(lowest_bit_index(low), 1)
            n += 1
            m ^= low
        if p[P_TWO_DOUBLES]:
            d0 = DOUBLE_TILE[e0]
            d1 = DOUBLE_TILE[e1]
            if (hand >> d0 & 1) and (hand >> d1 & 1):
                moves[n] = two_tile_move(d0, 0, d1, 1)
                n += 1
    return n


@hot
def move_pips(move):
    total = 0
    for k in range(move & 7):
        t = placement(move, k) & 31
        total += TILE_LO[t] + TILE_HI[t]
    return total


@hot
def attach_value(st, slot):
    """The open-end value a placement on `slot` attaches to (AT_NONE for the first tile)."""
    if st[ST_N_ENDS] == 0:
        return AT_NONE
    return st[ST_END + slot]


@hot
def apply_move(st, seat, move):
    for k in range(move & 7):
        pl = placement(move, k)
        t = pl & 31
        slot = (pl >> 5) & 7
        st[ST_HAND + seat] &= ~(1 << t)
        st[ST_BOARD] |= 1 << t
        if st[ST_N_ENDS] == 0:
            st[ST_END] = TILE_LO[t]
            st[ST_END + 1] = TILE_HI[t]
            st[ST_N_ENDS] = 2
        else:
            st[ST_END + slot] = TILE_LO[t] + TILE_HI[t] - st[ST_END + slot]
            st[ST_FED + seat] |= 1 << st[ST_END + slot]
    st[ST_MOVES] += 1


@hot
def open_end_mask(st):
    m = 0
    for i in range(st[ST_N_ENDS]):
        m |= SUIT_MASK[st[ST_END + i]]
    return m


@hot
def is_fish(p, st):
    # every tile not on the table is in a hand (no bazaar with four players)
    return (ALL_TILES & ~st[ST_BOARD] & open_end_mask(st)) == 0


@jit
def side_value(p, st, side):
    """What a losing side's hands are worth, with the 00/66 specials."""
    mode = p[P_SPECIALS]
    total = 0
    union = 0
    for seat in range(p[P_PLAYERS]):
        if p[P_SEAT_SIDE + seat] != side:
            continue
        hand = st[ST_HAND + seat]
        union |= hand
        if mode == SPECIALS_PLAIN or mode == SPECIALS_PER_PAIR:
            total += pips(hand)
        else:
            total += special_value(p, hand)
    if mode == SPECIALS_PER_PAIR:
        return special_value(p, union) if union != 0 else 0
    return total


@jit
def special_value(p, hand):
    if hand == (1 << T00):
        return p[P_LONE_00]
    if hand == (1 << T66):
        return p[P_LONE_66]
    if hand == ((1 << T00) | (1 << T66)):
        return p[P_BOTH_00_66]
    return pips(hand)


