"""Table primitives shared by the engine and the bots: state layout, randomness,
tile masks, legal moves, applying a move, fish detection and hand values.

Everything here is compiled by numba; the small functions of the move loop are
inlined at numba IR level (calls that pass arrays would otherwise pay atomic
reference counting on every call).
"""

from __future__ import annotations

import numpy as np
from llvmlite import ir as llvm_ir
from numba import njit, types
from numba.core import cgutils
from numba.cpython.unsafe.numbers import trailing_zeros
from numba.extending import intrinsic

from .codes import (
    ALL_TILES,
    AT_GAP,
    AT_NONE,
    CHUNK_PIPS,
    CHUNK_VALUES,
    CLOSED_NEVER,
    CLOSED_PAIR_ONLY,
    DOUBLE_TILE,
    DOUBLES_MASK,
    END_FISH,
    END_OUT,
    FISH_WINNER_FISHERMAN,
    FISH_WINNER_REPLAYED,
    FISH_WRITES_ALL,
    FISH_WRITES_DIFFERENCE,
    P_BAZAAR,
    P_BOTH_00_66,
    P_CLOSED_BEFORE_HOUSE,
    P_CROSS,
    P_DRAW_LAST,
    P_EXTRA_LEAD,
    P_FISH_WINNER,
    P_FISH_WRITES,
    P_LONE_00,
    P_LONE_66,
    P_N_SIDES,
    P_OUT_66_WRITES,
    P_PLAYERS,
    P_SEAT_SIDE,
    P_SOLO_FISH,
    P_SOLO_LOSER,
    P_SOLO_WRITES,
    P_SPECIALS,
    P_TWO_DOUBLES,
    P_VOLUNTARY_FAST,
    SOLO_FISH_DRAW_DOWN,
    SOLO_FISH_TAKE_ALL,
    SOLO_LOSER_MOST,
    SOLO_WRITES_ALL_HANDS,
    SPECIALS_PER_PAIR,
    SPECIALS_PLAIN,
    SUIT_MASK,
    T00,
    T06,
    T66,
    TILE_HI,
    TILE_LO,
    VALUES_BOTH,
    VALUES_SUITS,
    Layout,
)
from .precompiled import seed

# --- deal state: one int64 array ------------------------------------------------
# Everything a deal needs, so that one array is passed around and copied (the sampler's
# worlds). Fields marked hidden are never read by a bot for another seat (bots.py).
_ST = Layout("deal state")
ST_HAND = _ST.field(4)  # hand masks (hidden, but for the bot's own seat)
ST_END = _ST.field(4)  # open end values: two on a chain, up to four on the cross
ST_N_ENDS = _ST.field()  # 0 before the first tile
ST_OPEN = _ST.field()  # bit mask of the open arms (ends) among ST_END's four slots
ST_END_MASK = _ST.field()  # suits of the open ends, kept up to date by apply_move
ST_BOARD = _ST.field()  # mask of tiles on the table
ST_FORCED = _ST.field()  # tile the first move must play, or -1
ST_HOUSE = _ST.field()  # Осёл: the house (first double) has been laid
ST_CROSS_FLAG = _ST.field()  # copy of the layout knob, so apply_move needs no parameters
ST_END_KIND = _ST.field()  # END_OUT / END_FISH once the deal is over
ST_LAST = _ST.field()  # seat that made the last move
ST_OUT_TILES = _ST.field()  # bit 0: the out move held 00, bit 1: 66
ST_MOVES = _ST.field()
ST_KNOCKS = _ST.field()
ST_DRAWS = _ST.field()
ST_LACKS = _ST.field(4)  # end values each seat is known to lack (it knocked on them)
ST_FED = _ST.field(4)  # end values each seat has created (fed) this deal
ST_BAZAAR_POS = _ST.field()  # index in ST_ORDER of the next bazaar tile to draw
ST_ORDER = _ST.field(28)  # the shuffled tiles: hands first, then the bazaar in draw order (hidden)
ST_EV_N = _ST.field()  # events recorded so far
ST_SCRIPT_POS = _ST.field()  # replay: the next event row of the record
ST_ERROR = _ST.field()
ST_ERROR_EVENT = _ST.field()
ST_OVERFLOW = _ST.field()  # the event buffer was full
ST_FAST_OK = _ST.field()  # voluntary_fast: the leader may open with 66 or 00 (every other player has a record)
ST_LEAD_TILE = _ST.field()  # the deal's first tile (FORCED_EXTRA: the extra lead's 66 and 00)
ST_EXTRA = _ST.field()  # extra lead (R-004-morskoy-extra): bit 0 the gap is open, bit 1 two tiles a move
# The deal's public record, as the table sees it (R-solo-draw, R-move-must): what every seat did, in order.
ST_DREW = _ST.field(4)  # the tiles that fitted the table when each seat last began to draw: he held none of them
ST_HIST_N = _ST.field()  # events in ST_HIST
N_CORE = _ST.size  # the fields before the record's events: what a copy of the position needs
ST_HIST = _ST.field(144)  # one event a row: kind | seat << 2 | move << 4 (HIST_PLAY, HIST_KNOCK, HIST_DRAW)
N_STATE = _ST.size
HIST_SIZE = N_STATE - ST_HIST  # at most 28 plays, 28 draws and (28 + 1) x 3 knocks in a deal
HIST_PLAY = 0
HIST_KNOCK = 1
HIST_DRAW = 2

# R-004-morskoy-extra: the extra lead's pseudo-end between its 66 and its 00 (only 60 fits it), as the
# slot of a placement; and ST_FORCED's value when the replay of an extra lead must lead both tiles again
SLOT_GAP = 7
FORCED_EXTRA = 28
EXTRA_GAP = 1
EXTRA_PAIRS = 2


MAX_MOVES = 128

seed()  # before the first compiled function: where numba files the package's code
# numpy error model: no zero-division checks on the hot path (no divisor here can be zero).
jit = njit(cache=True, nogil=True, error_model="numpy")
hot = njit(cache=True, nogil=True, error_model="numpy", inline="always")
# The move loop allocates nothing, so it runs without numba's reference counting: every array
# passed to an inlined helper would otherwise cost two atomic operations per call (a third of
# the engine's time, measured with perf).
# (`_nrt` is numba's own private flag: its stubs do not declare it)
loop = njit(cache=True, nogil=True, error_model="numpy", _nrt=False)  # type: ignore[call-overload]

_U64 = np.uint64
_GOLDEN = _U64(0x9E3779B97F4A7C15)
_MIX1 = _U64(0xBF58476D1CE4E5B9)
_MIX2 = _U64(0x94D049BB133111EB)
_XS_MULT = _U64(0x2545F4914F6CDD1D)
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
def xorshift(x):
    """The next state of xorshift64* (fast, and plenty for shuffles and tie-breaks)."""
    x ^= x >> _S12
    x ^= x << _S25
    x ^= x >> _S27
    return x


@hot
def below(x, n):
    """Uniform integer in [0, n) from the state x, by Lemire's multiply-shift on the generator's
    output x * _XS_MULT (bias below n / 2**32). A loop that keeps the state in a local variable
    draws with `x = xorshift(x)` then `below(x, n)`, exactly as rng_below."""
    return np.int64((((x * _XS_MULT) >> _S32) * _U64(n)) >> _S32)


@hot
def rng_below(rng, k, n):
    """Uniform integer in [0, n) from stream rng[k]."""
    x = xorshift(rng[k])
    rng[k] = x
    return below(x, n)


# --- masks ---------------------------------------------------------------------------------
@intrinsic
def _ctpop(_typingctx, x):
    """LLVM's population count (one POPCNT instruction where the CPU has it)."""
    if not isinstance(x, types.Integer):
        return None

    def codegen(context, builder, signature, args):
        value = context.cast(builder, args[0], signature.args[0], types.int64)
        fn = cgutils.get_or_insert_function(
            builder.module, llvm_ir.FunctionType(llvm_ir.IntType(64), [llvm_ir.IntType(64)]), "llvm.ctpop.i64"
        )
        return builder.call(fn, [value])

    return types.int64(x), codegen


@hot
def popcount(m):
    """Number of set bits of a tile mask (or any non-negative int64)."""
    return _ctpop(m)  # type: ignore[call-arg]  # an intrinsic: numba passes its typing context


@hot
def pips(m):
    return (
        CHUNK_PIPS[0, m & 127]
        + CHUNK_PIPS[1, (m >> 7) & 127]
        + CHUNK_PIPS[2, (m >> 14) & 127]
        + CHUNK_PIPS[3, (m >> 21) & 127]
    )


@hot
def values_of(m):
    """The end values carried by the tiles of mask m (a 7-bit mask)."""
    return (
        CHUNK_VALUES[0, m & 127]
        | CHUNK_VALUES[1, (m >> 7) & 127]
        | CHUNK_VALUES[2, (m >> 14) & 127]
        | CHUNK_VALUES[3, (m >> 21) & 127]
    )


@hot
def lowest_bit_index(low):
    """Index of the lowest set bit of `low` (> 0): LLVM's count of trailing zeros."""
    return np.int64(trailing_zeros(low))  # type: ignore[call-arg]  # an intrinsic, as _ctpop


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


#: R-004-morskoy-extra: the extra lead, 66 then 00 (its ends: 6 on slot 0, 0 on slot 1)
EXTRA_LEAD_MOVE = 2 | (T66 << 3) | (T00 << 12) | (1 << 17)


@hot
def nth_bit_index(m, k):
    """Index of the k-th lowest set bit of m (k < popcount(m))."""
    for _ in range(k):
        m &= m - 1
    return lowest_bit_index(m & -m)


@hot
def chain_moves(p, st, hand):
    """The legal moves on a chain (after its first tile), as masks: (tiles that go on end
    slot 0, tiles that go on slot 1, 1 if the two-doubles move is legal). A tile matching
    both ends is two moves when the ends differ; with equal ends the two ends are one place.
    The one definition of what may be played on a chain: `legal_moves` lists these moves,
    `random_chain_move` picks one without listing them, `random_chain_rest` plays them."""
    return chain_move_masks(p[P_TWO_DOUBLES], st[ST_END], st[ST_END + 1], hand)


@hot
def chain_move_masks(two_doubles, e0, e1, hand):
    """chain_moves from the ends' values e0, e1 (two_doubles: the knob)."""
    m0 = hand & SUIT_MASK[e0]
    m1 = 0
    two = 0
    if e1 != e0:
        m1 = hand & SUIT_MASK[e1]
        if two_doubles and (hand >> DOUBLE_TILE[e0] & 1) and (hand >> DOUBLE_TILE[e1] & 1):
            two = 1
    return m0, m1, two


@hot
def nth_chain_move(st, m0, m1, k):
    """The k-th of the moves `chain_moves` describes, in `legal_moves`' order: slot 0's tiles
    in tile order, then slot 1's, then the two doubles."""
    c0 = popcount(m0)
    if k < c0:
        return one_tile_move(nth_bit_index(m0, k), 0)
    k -= c0
    if k < popcount(m1):
        return one_tile_move(nth_bit_index(m1, k), 1)
    return two_tile_move(DOUBLE_TILE[st[ST_END]], 0, DOUBLE_TILE[st[ST_END + 1]], 1)


@hot
def random_chain_move(p, st, seat, rng):
    """The random bot on a chain: (number of legal moves, a uniformly chosen one or -1). Draws
    from the bot stream exactly as choosing among `legal_moves`' list would (no draw when
    there is one move), so both ways play the same game. Not for a deal of an extra lead (its
    gap and two-tile moves are in the list only)."""
    m0, m1, two = chain_moves(p, st, st[ST_HAND + seat])
    n = popcount(m0) + popcount(m1) + two
    if n == 0:
        return 0, -1
    k = 0 if n == 1 else rng_below(rng, 1, n)
    return n, nth_chain_move(st, m0, m1, k)


@hot
def pick(x, n):
    """The random bot's choice among n moves from the generator's state x: (the new state, the move's
    index), drawn as rng_below; no draw when there is one move."""
    if n > 1:
        x = xorshift(x)
        return x, below(x, n)
    return x, 0


# R-solo-draw
@hot
def drew(st, seat, hand, allowed, bazaar_pos):
    """A seat without a move takes the bazaar's next tile (at `bazaar_pos`) when he may (`allowed`),
    then moves again; returns whether he drew."""
    if allowed:
        st[ST_HAND + seat] = hand | (1 << st[ST_ORDER + bazaar_pos])
    return allowed


# R-move-must
@hot
def knocked(st, seat, lacks, round_of_knocks, last_mover):
    """A seat knocks: he is known to lack the open end values `lacks`. After a round of knocks the
    deal is a fish the table did not show (with a bazaar), the last mover its fisherman: returns
    True then."""
    st[ST_LACKS + seat] |= lacks
    if round_of_knocks:
        st[ST_END_KIND] = END_FISH
        st[ST_LAST] = last_mover
    return round_of_knocks


@hot
def deal_counters(st):
    """What the random bot's tight loops keep in local variables: the table, the suits of the open
    ends, the bazaar's next tile, and the counts of moves, knocks and draws."""
    return st[ST_BOARD], st[ST_END_MASK], st[ST_BAZAAR_POS], st[ST_MOVES], st[ST_KNOCKS], st[ST_DRAWS]


@hot
def store_deal_counters(st, board, end_mask, bazaar_pos, moves_made, knocks, draws):
    """deal_counters written back into the deal's state."""
    st[ST_BOARD] = board
    st[ST_END_MASK] = end_mask
    st[ST_BAZAAR_POS] = bazaar_pos
    st[ST_MOVES] = moves_made
    st[ST_KNOCKS] = knocks
    st[ST_DRAWS] = draws


# R-fish-visible, R-solo-fish
@hot
def end_in_fish(p, st, seat, turn, bazaar_pos, draws):
    """The table shows a fish after `seat`'s move: the player to move (`turn`) takes what solo_fish
    asks of him, and the deal ends. Returns the bazaar's position and the draws after it."""
    st[ST_BAZAAR_POS] = bazaar_pos
    st[ST_DRAWS] = draws
    for _ in range(fish_draws(p, st)):  # draw-down / take-all
        draw_next(st, turn)
    st[ST_END_KIND] = END_FISH
    st[ST_LAST] = seat
    return st[ST_BAZAAR_POS], st[ST_DRAWS]


@hot
def random_chain_rest(p, st, turn, last_mover, rng):
    """The rest of a chain deal when every seat plays the random bot, from the move after the lead to
    the out or the fish: the moves, knocks, draws and end state of play_deal's loop, drawing the same
    random numbers, with the ends, the table and the generator in local variables instead of the
    state array (the loop's loads and stores through it were most of a move's time). Not for an extra
    lead's deal, a record or a replay."""
    players = p[P_PLAYERS]
    has_bazaar = p[P_BAZAAR] > 0
    two_doubles = p[P_TWO_DOUBLES] != 0
    min_left = 0 if p[P_DRAW_LAST] else 1
    e0 = st[ST_END]
    e1 = st[ST_END + 1]
    board, end_mask, bazaar_pos, moves_made, knocks, draws = deal_counters(st)
    x = rng[1]
    knocks_in_a_row = 0
    while True:
        seat = turn
        turn = seat + 1 if seat + 1 < players else 0
        hand = st[ST_HAND + seat]
        m0, m1, two = chain_move_masks(two_doubles, e0, e1, hand)
        c0 = popcount(m0)
        n = c0 + popcount(m1) + two
        if n == 0:
            if drew(st, seat, hand, has_bazaar and 28 - bazaar_pos > min_left, bazaar_pos):
                bazaar_pos += 1
                draws += 1
                knocks_in_a_row = 0
                turn = seat
                continue
            knocks += 1
            knocks_in_a_row += 1
            if knocked(st, seat, (1 << e0) | (1 << e1), knocks_in_a_row == players, last_mover):
                break
            continue
        x, k = pick(x, n)
        if k < c0:
            t = nth_bit_index(m0, k)
            hand &= ~(1 << t)
            board |= 1 << t
            e0 = TILE_LO[t] + TILE_HI[t] - e0
            st[ST_FED + seat] |= 1 << e0
            out_tiles = tile_out_bits(t)
        elif k - c0 < popcount(m1):
            t = nth_bit_index(m1, k - c0)
            hand &= ~(1 << t)
            board |= 1 << t
            e1 = TILE_LO[t] + TILE_HI[t] - e1
            st[ST_FED + seat] |= 1 << e1
            out_tiles = tile_out_bits(t)
        else:  # R-move-two-doubles: both ends keep their values
            d0 = DOUBLE_TILE[e0]
            d1 = DOUBLE_TILE[e1]
            hand &= ~((1 << d0) | (1 << d1))
            board |= (1 << d0) | (1 << d1)
            st[ST_FED + seat] |= (1 << e0) | (1 << e1)
            out_tiles = tile_out_bits(d0) | tile_out_bits(d1)
        st[ST_HAND + seat] = hand
        end_mask = SUIT_MASK[e0] | SUIT_MASK[e1]
        moves_made += 1
        knocks_in_a_row = 0
        last_mover = seat
        if hand == 0:
            st[ST_END_KIND] = END_OUT
            st[ST_LAST] = seat
            st[ST_OUT_TILES] = out_tiles
            break
        if (ALL_TILES & ~board & end_mask) == 0:  # R-fish-visible
            bazaar_pos, draws = end_in_fish(p, st, seat, turn, bazaar_pos, draws)
            break
    st[ST_END] = e0
    st[ST_END + 1] = e1
    store_deal_counters(st, board, end_mask, bazaar_pos, moves_made, knocks, draws)
    rng[1] = x


@hot
def cross_singles(st, hand):
    """Осёл: the open end values as a 7-bit mask, the slot of each (4-bit fields, 0 = none, as
    in legal_moves_cross) and the doubles in hand that fit an open end."""
    open_arms = st[ST_OPEN]
    slot_of = 0
    values = 0
    for i in range(st[ST_N_ENDS]):
        v = st[ST_END + i]
        if open_arms >> i & 1 and not (values >> v & 1):
            values |= 1 << v
            slot_of |= (i + 1) << (4 * v)
    doubles = 0
    for v in range(7):
        if values >> v & 1:
            doubles |= hand & (1 << DOUBLE_TILE[v])
    return values, slot_of, doubles


@hot
def packed_ends(st, n_ends):
    """The cross's end values, 3 bits each in one integer (slot i at bit 3i)."""
    ends = 0
    for i in range(n_ends):
        ends |= st[ST_END + i] << (3 * i)
    return ends


@hot
def open_values(ends, n_ends, open_arms):
    """The open end values of the packed ends as a 7-bit mask, and the first open slot of each value
    (4-bit fields, slot + 1, 0 = none, as in legal_moves_cross)."""
    values = 0
    slot_of = 0
    for i in range(n_ends):
        v = (ends >> (3 * i)) & 7
        if open_arms >> i & 1 and not (values >> v & 1):
            values |= 1 << v
            slot_of |= (i + 1) << (4 * v)
    return values, slot_of


@hot
def load_cross(st):
    """The cross as random_cross_rest keeps it in local variables: the number of ends, the open arms,
    the house, the ends packed 3 bits each, and the open values with the first open slot of each."""
    n_ends = st[ST_N_ENDS]
    open_arms = st[ST_OPEN]
    ends = packed_ends(st, n_ends)
    values, slot_of = open_values(ends, n_ends, open_arms)
    return n_ends, open_arms, st[ST_HOUSE], ends, values, slot_of


@hot
def store_cross(st, n_ends, open_arms, house, ends):
    """load_cross's variables written back into the deal's state."""
    st[ST_N_ENDS] = n_ends
    st[ST_OPEN] = open_arms
    st[ST_HOUSE] = house
    for i in range(n_ends):
        st[ST_END + i] = (ends >> (3 * i)) & 7


@hot
def listed_cross_move(p, st, seat, hand, rng, x, moves, n_ends, open_arms, house, ends, board, end_mask, moves_made):
    """A turn on which two doubles or more fit (up to four moves at once), played as play_deal plays it:
    the local state written back, a move drawn from legal_moves_cross's list and applied. Returns the
    move and the generator's state; the caller reads the deal's state again."""
    store_cross(st, n_ends, open_arms, house, ends)
    st[ST_BOARD] = board
    st[ST_END_MASK] = end_mask
    st[ST_MOVES] = moves_made
    rng[1] = x
    n = legal_moves_cross(p, st, hand, moves)
    move = moves[rng_below(rng, 1, n)]  # never a single move: each double alone is one
    apply_move(st, seat, move)
    return move, rng[1]


@hot
def double_moves(doubles, slot_of, house, open_arms, never, pair_only):
    """The one fitting double's end (the first open slot of its number) and its number of moves: laid
    open, and laid closed unless closed_before_house forbids it."""
    v = TILE_LO[lowest_bit_index(doubles)]
    double_slot = ((slot_of >> (4 * v)) & 15) - 1
    # R-osel-closing-pair: before the house, a lone double laid closed only as the early closure;
    # R-004-chechevae-first-double: never
    closed_ok = not (house == 0 and (never or (pair_only and open_arms & ~(1 << double_slot))))
    return double_slot, 2 if closed_ok else 1


@hot
def lay_single(st, seat, singles, values, slot_of, ends, k):
    """The k-th fitting single tile, counted through the open values in ascending order, laid on the
    first open end of its value: returns the tile and the packed ends after it."""
    unseen = values
    while unseen:
        v = lowest_bit_index(unseen)
        m = singles & SUIT_MASK[v]
        c = popcount(m)
        if k < c:
            slot = ((slot_of >> (4 * v)) & 15) - 1
            t = nth_bit_index(m, k)
            value = TILE_LO[t] + TILE_HI[t] - v
            st[ST_FED + seat] |= 1 << value
            return t, (ends & ~(7 << (3 * slot))) | (value << (3 * slot))
        k -= c
        unseen &= unseen - 1
    return -1, ends  # k is below the count of fitting singles: never reached


# R-osel-moves, R-osel-house
@hot
def lay_double(t, closed, double_slot, n_ends, open_arms, house, ends):
    """The lone fitting double laid open or closed: returns the cross's n_ends, open arms, house, ends."""
    v = TILE_LO[t]
    if closed:
        open_arms &= ~(1 << double_slot)  # this end is dead for good
    elif house == 0:
        house = 1  # the first double laid open: two more ends of its number
        ends = (ends & 63) | (v << 6) | (v << 9)
        n_ends = 4
        open_arms |= 12
    return n_ends, open_arms, house, ends


@loop
def random_cross_rest(p, st, turn, last_mover, rng, moves):
    """random_chain_rest on Осёл's cross: the rest of a deal after the lead when every seat plays the
    random bot, from local variables (the four ends packed 3 bits each, the open end values as a
    7-bit mask). The moves are drawn in legal_moves_cross's order: the single tiles value by value,
    each on the first open end of its value, then a double that fits laid open, then closed (when
    closed_before_house allows it). A turn on which two or more doubles fit goes through the list of
    moves and apply_move, as in play_deal, with the state written back first and read again after."""
    players = p[P_PLAYERS]
    has_bazaar = p[P_BAZAAR] > 0
    min_left = 0 if p[P_DRAW_LAST] else 1
    pair_only = p[P_CLOSED_BEFORE_HOUSE] == CLOSED_PAIR_ONLY
    never = p[P_CLOSED_BEFORE_HOUSE] == CLOSED_NEVER
    n_ends, open_arms, house, ends, values, slot_of = load_cross(st)
    board, end_mask, bazaar_pos, moves_made, knocks, draws = deal_counters(st)
    x = rng[1]
    knocks_in_a_row = 0
    while True:
        seat = turn
        turn = seat + 1 if seat + 1 < players else 0
        hand = st[ST_HAND + seat]
        fits = hand & end_mask
        doubles = fits & DOUBLES_MASK
        out_tiles = 0
        if doubles & (doubles - 1):
            move, x = listed_cross_move(
                p, st, seat, hand, rng, x, moves, n_ends, open_arms, house, ends, board, end_mask, moves_made
            )
            n_ends, open_arms, house, ends, values, slot_of = load_cross(st)
            board, end_mask, moves_made = st[ST_BOARD], st[ST_END_MASK], st[ST_MOVES]
            hand = st[ST_HAND + seat]
            out_tiles = out_tile_bits(move)
        else:
            singles = fits & ~DOUBLES_MASK
            n_singles = popcount(singles) + popcount(hand & VALUES_BOTH[values])
            n = n_singles
            double_slot = -1
            if doubles:
                double_slot, n_double = double_moves(doubles, slot_of, house, open_arms, never, pair_only)
                n += n_double
            if n == 0:
                if drew(st, seat, hand, has_bazaar and 28 - bazaar_pos > min_left, bazaar_pos):
                    bazaar_pos += 1
                    draws += 1
                    knocks_in_a_row = 0
                    turn = seat
                    continue
                knocks += 1
                knocks_in_a_row += 1
                if knocked(st, seat, values, knocks_in_a_row == players, last_mover):
                    break
                continue
            x, k = pick(x, n)
            if k < n_singles:
                t, ends = lay_single(st, seat, singles, values, slot_of, ends, k)
            else:  # the double, laid open (k == n_singles) or closed
                t = lowest_bit_index(doubles)
                n_ends, open_arms, house, ends = lay_double(
                    t, k > n_singles, double_slot, n_ends, open_arms, house, ends
                )
                out_tiles = tile_out_bits(t)
            hand &= ~(1 << t)
            board |= 1 << t
            st[ST_HAND + seat] = hand
            values, slot_of = open_values(ends, n_ends, open_arms)
            end_mask = VALUES_SUITS[values]
            moves_made += 1
        knocks_in_a_row = 0
        last_mover = seat
        if hand == 0:
            st[ST_END_KIND] = END_OUT
            st[ST_LAST] = seat
            st[ST_OUT_TILES] = out_tiles
            break
        if (ALL_TILES & ~board & end_mask) == 0:  # R-fish-visible, R-osel-closure
            bazaar_pos, draws = end_in_fish(p, st, seat, turn, bazaar_pos, draws)
            break
    store_cross(st, n_ends, open_arms, house, ends)
    store_deal_counters(st, board, end_mask, bazaar_pos, moves_made, knocks, draws)
    rng[1] = x


@hot
def random_cross_move(st, seat, rng):
    """The random bot on the cross when no double in hand fits (most turns): (number of legal
    moves, a uniformly chosen one), drawing as choosing among legal_moves_cross's list would
    (its single tiles come first, value by value). (-1, -1) when a double fits: then the
    list is needed."""
    hand = st[ST_HAND + seat]
    values, slot_of, doubles = cross_singles(st, hand)
    if doubles:
        return -1, -1
    n = 0
    for v in range(7):
        if values >> v & 1:
            n += popcount(hand & SUIT_MASK[v] & ~DOUBLES_MASK)
    if n == 0:
        return 0, -1
    k = 0 if n == 1 else rng_below(rng, 1, n)
    for v in range(7):
        if values >> v & 1:
            m = hand & SUIT_MASK[v] & ~DOUBLES_MASK
            c = popcount(m)
            if k < c:
                return n, one_tile_move(nth_bit_index(m, k), ((slot_of >> (4 * v)) & 15) - 1)
            k -= c
    return n, -1


# R-lead-first (the forced first tile), R-lead-any-tile, R-move-chain, R-move-must
@hot
def legal_moves(p, st, seat, moves):
    """Fill `moves` with the distinct legal moves of `seat`; return how many."""
    hand = st[ST_HAND + seat]
    n = 0
    if p[P_CROSS] and st[ST_N_ENDS] != 0:
        return legal_moves_cross(p, st, hand, moves)
    if st[ST_N_ENDS] == 0:
        forced = st[ST_FORCED]
        both = (1 << T00) | (1 << T66)
        if forced == FORCED_EXTRA:  # R-004-morskoy-replay: the replay of an extra lead leads both again
            if (hand & both) == both:
                moves[0] = EXTRA_LEAD_MOVE
                return 1
            return 0
        if forced >= 0:
            if hand >> forced & 1:
                moves[0] = one_tile_move(forced, 0)
                return 1
            return 0
        extra = p[P_EXTRA_LEAD] != 0 and p[P_CROSS] == 0 and (hand & both) == both
        if p[P_VOLUNTARY_FAST] and not st[ST_FAST_OK]:
            hand &= ~both  # R-004-morskoy-voluntary: a lead on 66 / 00 is a fast lead
        for t in range(28):
            if hand >> t & 1:
                moves[n] = one_tile_move(t, 0)
                n += 1
        if extra:
            moves[n] = EXTRA_LEAD_MOVE  # R-004-morskoy-extra: «заходом одновременно на 0:0 и 6:6»
            n += 1
        return n
    if st[ST_EXTRA]:
        return extra_moves(p, st, hand, moves)
    return list_chain_moves(p, st, hand, moves)


@hot
def list_chain_moves(p, st, hand, moves):
    """Fill `moves` with the chain's moves (`chain_moves`); return how many."""
    n = 0
    m0, m1, two = chain_moves(p, st, hand)
    # walk the set bits only: a bit test per suit tile would be an unpredictable branch
    while m0:
        low = m0 & -m0
        moves[n] = one_tile_move(lowest_bit_index(low), 0)
        n += 1
        m0 ^= low
    while m1:
        low = m1 & -m1
        moves[n] = one_tile_move(lowest_bit_index(low), 1)
        n += 1
        m1 ^= low
    if two:
        moves[n] = two_tile_move(DOUBLE_TILE[st[ST_END]], 0, DOUBLE_TILE[st[ST_END + 1]], 1)
        n += 1
    return n


# R-004-morskoy-extra
@jit
def extra_moves(p, st, hand, moves):
    """The moves of a deal opened by an extra lead (00 and 66 at once). Two tiles a move, one on each
    end, for each player who can («обязан поставить 2 камня - по одному с каждой стороны»); the first
    who cannot ends that for good («дальнейшие ходы идут как обычно - по 1 камню»): the two-tile flag
    is cleared here, for the player to move (the engine and the bots' playouts ask for his moves
    before he moves, draws or knocks). On any move 60 may fill the gap between the 66 and the 00 (a
    move of its own) while it is open («камень 6:0 можно поставить на любом ходу»)."""
    n = 0
    m0 = hand & SUIT_MASK[st[ST_END]]
    m1 = hand & SUIT_MASK[st[ST_END + 1]]
    if st[ST_EXTRA] & EXTRA_PAIRS:
        same = st[ST_END] == st[ST_END + 1]
        a_tiles = m0
        while a_tiles:
            a = lowest_bit_index(a_tiles & -a_tiles)
            a_tiles &= a_tiles - 1
            b_tiles = m1 & ~(1 << a)
            if same:
                b_tiles &= ~((2 << a) - 1)  # equal ends are one place: each pair once
            while b_tiles:
                b = lowest_bit_index(b_tiles & -b_tiles)
                b_tiles &= b_tiles - 1
                moves[n] = two_tile_move(a, 0, b, 1)
                n += 1
        if n == 0:
            st[ST_EXTRA] &= ~EXTRA_PAIRS
    if n == 0:
        n = list_chain_moves(p, st, hand, moves)
    if st[ST_EXTRA] & EXTRA_GAP and hand >> T06 & 1:
        moves[n] = one_tile_move(T06, SLOT_GAP)
        n += 1
    return n


@hot
def out_tile_bits(move):
    """Bit 0: the move holds 00; bit 1: it holds 66 (for the outs on 00 / 66)."""
    bits = 0
    for k in range(move & 7):
        bits |= tile_out_bits(placement(move, k) & 31)
    return bits


@hot
def tile_out_bits(t):
    """out_tile_bits of one tile: 1 for 00, 2 for 66, else 0."""
    return 1 if t == T00 else 2 if t == T66 else 0


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
    if slot == SLOT_GAP:
        return AT_GAP
    return st[ST_END + slot]


# R-move-chain, R-osel-layout, R-osel-house
@hot
def apply_move(st, seat, move):
    for k in range(move & 7):
        pl = placement(move, k)
        t = pl & 31
        slot = (pl >> 5) & 7
        st[ST_HAND + seat] &= ~(1 << t)
        st[ST_BOARD] |= 1 << t
        lo = TILE_LO[t]
        hi = TILE_HI[t]
        if st[ST_N_ENDS] == 0:
            st[ST_LEAD_TILE] = t
            st[ST_END] = lo
            st[ST_END + 1] = hi
            st[ST_N_ENDS] = 2
            st[ST_OPEN] = 3
            if (move & 7) == 2 and not st[ST_CROSS_FLAG]:
                # R-004-morskoy-extra: 66 and 00 led at once, apart, a gap between them: the end of slot 1
                # is the 00's (its placement, next, lays it there and leaves it 0)
                st[ST_END + 1] = TILE_LO[placement(move, 1) & 31]
                st[ST_EXTRA] = EXTRA_GAP | EXTRA_PAIRS
                st[ST_LEAD_TILE] = FORCED_EXTRA  # both tiles, as the replay of a fish must lead them
            if lo == hi and st[ST_CROSS_FLAG]:
                # Осёл: a first double is the house, four ends at once
                st[ST_END + 2] = lo
                st[ST_END + 3] = lo
                st[ST_N_ENDS] = 4
                st[ST_OPEN] = 15
                st[ST_HOUSE] = 1
        elif lo == hi and st[ST_CROSS_FLAG]:
            if (pl >> 8) & 1:
                st[ST_OPEN] &= ~(1 << slot)  # laid closed: this end is dead for good
            elif st[ST_HOUSE] == 0:
                # R-osel-house: the house is the first double laid open (a closed one cannot be
                # open on four sides): its end stays open and two more of its number open
                st[ST_HOUSE] = 1
                st[ST_END + 2] = lo
                st[ST_END + 3] = lo
                st[ST_N_ENDS] = 4
                st[ST_OPEN] |= 12
        elif slot == SLOT_GAP:
            st[ST_EXTRA] &= ~EXTRA_GAP  # R-004-morskoy-extra: 60 fills the gap; no end changes
        else:
            st[ST_END + slot] = lo + hi - st[ST_END + slot]
            st[ST_FED + seat] |= 1 << st[ST_END + slot]
    if st[ST_CROSS_FLAG]:
        st[ST_END_MASK] = open_end_mask(st)
    else:
        # an open gap keeps 60 among the tiles that could still be laid (a fish needs it on the table)
        st[ST_END_MASK] = SUIT_MASK[st[ST_END]] | SUIT_MASK[st[ST_END + 1]] | (st[ST_EXTRA] & EXTRA_GAP) << T06
    st[ST_MOVES] += 1


@hot
def open_end_mask(st):
    if st[ST_OPEN] == 3:  # the chain's two ends (and any layout before a closure)
        return SUIT_MASK[st[ST_END]] | SUIT_MASK[st[ST_END + 1]]
    m = 0
    open_arms = st[ST_OPEN]
    for i in range(st[ST_N_ENDS]):
        if open_arms >> i & 1:
            m |= SUIT_MASK[st[ST_END + i]]
    return m


# R-fish-visible, R-osel-closure
@hot
def is_fish(p, st):
    """R-fish-visible: the table shows a fish: every tile carrying an open end value is on the
    table (with no open end left, too). Never decided from hidden tiles: with a bazaar, a
    block the table does not show is played out (draws, knocks) until a round of knocks.
    Kept to two ANDs: this runs after every move."""
    return (ALL_TILES & ~st[ST_BOARD] & st[ST_END_MASK]) == 0


@hot
def fish_draws(p, st):
    """How many bazaar tiles the player to move takes when the table shows a fish (R-solo-fish):
    none (visible), all but the last (draw-down) or all (take-all)."""
    if p[P_BAZAAR] == 0:
        return 0
    left = 28 - st[ST_BAZAAR_POS]
    mode = p[P_SOLO_FISH]
    if mode == SOLO_FISH_DRAW_DOWN:
        return max(left - 1, 0)
    if mode == SOLO_FISH_TAKE_ALL:
        return left
    return 0


@hot
def draw_next(st, seat):
    """The seat takes the next bazaar tile; returns it."""
    t = st[ST_ORDER + st[ST_BAZAAR_POS]]
    st[ST_BAZAAR_POS] += 1
    st[ST_HAND + seat] |= 1 << t
    st[ST_DRAWS] += 1
    return t


@hot
def remember(st, kind, seat, move):
    """Add an event to the deal's public record (ST_HIST): a play (its move), a knock or a draw (move 0: the
    tile drawn is the drawer's secret). A draw also notes the tiles that fitted the table (ST_END_MASK): the
    drawer held none of them (R-solo-draw: he draws only when he has no move)."""
    i = st[ST_HIST_N]
    if kind == HIST_DRAW:
        st[ST_DREW + seat] = st[ST_END_MASK]
    if i < HIST_SIZE:
        st[ST_HIST + i] = kind | (seat << 2) | (move << 4)
        st[ST_HIST_N] = i + 1


@hot
def bazaar_left(p, st):
    return 28 - st[ST_BAZAAR_POS] if p[P_BAZAAR] > 0 else 0


# R-solo-draw, R-004-chechevae-draw
@hot
def may_draw(p, st):
    """A player without a move may draw: while more than one tile is left in the bazaar (the last
    is never drawn), or with draw_last (Чечевэ) while any is left."""
    return bazaar_left(p, st) > (0 if p[P_DRAW_LAST] else 1)


@hot
def legal_moves_cross(p, st, hand, moves):
    """Осёл: single tiles on any open end; one to four doubles at once, each on its own end
    (ends of equal value are the same place), each open or closed (R-osel-moves).

    With no house yet, the first double of the move laid open becomes the house (R-osel-house):
    moves differing only in which open double that is are distinct, the order of the rest
    is not. closed_before_house: closing-pair-only allows a closed double before the house
    only in a move whose first double is laid open, or in the early closure (every double
    closed, no open end left) (R-osel-closing-pair).

    Small tables are packed into integers (no allocation per call): the slot of each value
    in 4-bit fields (0 = no open end), the doubles in hand as (tile | slot << 5) in 9-bit
    fields."""
    n = 0
    open_arms = st[ST_OPEN]
    slot_of = 0
    for i in range(st[ST_N_ENDS]):
        v = st[ST_END + i]
        if open_arms >> i & 1 and (slot_of >> (4 * v)) & 15 == 0:
            slot_of |= (i + 1) << (4 * v)
    doubles = 0
    n_doubles = 0
    for v in range(7):
        slot = ((slot_of >> (4 * v)) & 15) - 1
        if slot < 0:
            continue
        m = hand & SUIT_MASK[v] & ~DOUBLES_MASK
        while m:
            low = m & -m
            moves[n] = one_tile_move(lowest_bit_index(low), slot)
            n += 1
            m ^= low
        if hand >> DOUBLE_TILE[v] & 1:
            doubles |= (DOUBLE_TILE[v] | (slot << 5)) << (9 * n_doubles)
            n_doubles += 1
    no_house = st[ST_HOUSE] == 0
    pair_only = p[P_CLOSED_BEFORE_HOUSE] == CLOSED_PAIR_ONLY
    never = p[P_CLOSED_BEFORE_HOUSE] == CLOSED_NEVER
    for subset in range(1, 1 << n_doubles):
        size = popcount(subset)
        lowest = lowest_bit_index(subset & -subset)
        for closed in range(1 << n_doubles):
            if closed & ~subset:
                continue
            laid_open = subset & ~closed
            if no_house and laid_open == 0 and never:
                continue  # R-004-chechevae-first-double: the first double laid is the open house
            if no_house and laid_open == 0 and pair_only:
                shut = 0  # the arms this all-closed move closes
                for j in range(n_doubles):
                    if subset >> j & 1:
                        shut |= 1 << ((doubles >> (9 * j + 5)) & 7)
                if open_arms & ~shut:
                    continue  # not the early closure
            for first in range(n_doubles):
                if no_house and laid_open != 0:
                    if not (laid_open >> first & 1):
                        continue  # the first double laid is the house: one of the open ones
                elif first != lowest:
                    continue  # a house already, or none laid open: the order does not matter
                move = size | ((((doubles >> (9 * first)) & 255) | (((closed >> first) & 1) << 8)) << 3)
                k = 1
                for j in range(n_doubles):
                    if j != first and subset >> j & 1:
                        pl = ((doubles >> (9 * j)) & 255) | (((closed >> j) & 1) << 8)
                        move |= pl << (3 + 9 * k)
                        k += 1
                moves[n] = move
                n += 1
    return n


# --- who lost a deal and what a losing side writes (the engine's scoring and the sampler's playouts) ---
# R-004-morskoy-solo
@hot
def deal_losers(p, sums, at, fish, last_side):
    """Bit mask of the sides that lost a deal, 0 for eggs; `sums[at + side]` are the plain sums
    left in hand. solo_loser: most (Морской of text 004, «Проигравшим заход считается игрок, у
    которого на руках осталось больше очков»): of those, only the one with the most pips loses;
    several sharing the most are eggs («одинаковое количество очков … "яйца"»)."""
    losers = not_winners(p, sums, at, fish, last_side)
    if p[P_SOLO_LOSER] != SOLO_LOSER_MOST or losers == 0:
        return losers
    top = most_pips(p, sums, at, losers)
    return top if popcount(top) == 1 else 0


@hot
def most_pips(p, sums, at, among):
    """The sides of the bit mask `among` that hold the most pips."""
    top = -1
    for s in range(p[P_N_SIDES]):
        if among >> s & 1 and sums[at + s] > top:
            top = sums[at + s]
    mask = 0
    for s in range(p[P_N_SIDES]):
        if among >> s & 1 and sums[at + s] == top:
            mask |= 1 << s
    return mask


# R-score-out, R-fish-winner, R-solo-score, R-004-general-fish
@hot
def not_winners(p, sums, at, fish, last_side):
    """Bit mask of the sides that did not win a deal, 0 for eggs; `sums[at + side]` are the plain
    sums left in hand. After an out every side but the one that went out; after a fish the
    fisherman's side wins (fish_winner: fisherman) or every side above the lowest sum loses
    (sides tied for the lowest all win; all tied: eggs)."""
    n_sides = p[P_N_SIDES]
    if not fish or p[P_FISH_WINNER] == FISH_WINNER_FISHERMAN:
        return ((1 << n_sides) - 1) & ~(1 << last_side)
    if p[P_FISH_WINNER] == FISH_WINNER_REPLAYED:
        return 0  # R-004-general-fish: nobody wins a fish, the deal is dealt again
    low = sums[at]
    for s in range(1, n_sides):
        low = min(low, sums[at + s])
    losers = 0
    for s in range(n_sides):
        if sums[at + s] > low:
            losers |= 1 << s
    return losers


# R-fish-writes, R-morskoy-66
@hot
def losing_base(p, st, side, fish, out_tiles, winners_plain):
    """What losing side `side` writes for the deal itself, before eggs, memory and threshold:
    the fixed sum of an out on 66 (out_66_writes), else its hands with the 00/66 specials,
    plus the winners' plain sum (a fish that writes all hands) or as the difference of the
    two (a fish that writes the difference)."""
    if not fish and p[P_OUT_66_WRITES] > 0 and out_tiles == 2:
        return p[P_OUT_66_WRITES]
    if p[P_SOLO_WRITES] == SOLO_WRITES_ALL_HANDS:
        # R-004-chechevae-writes: «у Васи 23 очка, у Алёны 25, на выходе Алёне записывают 25+23=48»
        total = 0
        for seat in range(p[P_PLAYERS]):
            total += pips(st[ST_HAND + seat])
        return total
    base = side_value(p, st, side)
    if fish and p[P_FISH_WRITES] == FISH_WRITES_ALL:
        base += winners_plain
    elif fish and p[P_FISH_WRITES] == FISH_WRITES_DIFFERENCE:
        base = abs(base - winners_plain)
    return base


# R-score-specials
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


# R-score-specials
@jit
def special_value(p, hand):
    if hand == (1 << T00):
        return p[P_LONE_00]
    if hand == (1 << T66):
        return p[P_LONE_66]
    if hand == ((1 << T00) | (1 << T66)):
        return p[P_BOTH_00_66]
    return pips(hand)
