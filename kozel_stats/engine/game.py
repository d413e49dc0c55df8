"""The rules engine: dealing, legal moves, play, scoring, game end, in numba.

One implementation serves the fast Monte Carlo runs, the readable game log and
the replay checker: `play_game` either lets bots choose the moves or reads them
from a record (`BOT_SCRIPT`) and checks each against the legal moves it
generates itself. State lives in small int64 arrays; hands and suits are 28-bit
masks (bit t = tile t of `codes`), so legality is a handful of ANDs.

Randomness: every game has its own 63-bit seed. Deal k (redeal r) of a game is
shuffled from a stream seeded by (game seed, k, r) and the bots draw from a
second stream seeded by (game seed, k), so two variants run with the same game
seeds see the same shuffles for as long as both games last (common random
numbers).
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from .bots import (
    BOT_COUNTER,
    BOT_HEAVY,
    BOT_RANDOM,
    F_HORIZON,
    F_MODEL,
    F_WORK_SIZE,
    N_HORIZON,
    N_MODEL,
    W_SIZE,
    choose_heavy,
    choose_move,
    counter_choice,
    horizon_weights,
    model_weights,
    set_game_context,
)
from .codes import (
    ALL_TILES,
    BOT_SCRIPT,
    CHUNK_PROFILE,
    CYCLE_11_TO_66,
    CYCLE_DAYS,
    CYCLE_NONE,
    D_BAZAAR,
    D_BURNED,
    D_DRAWS,
    D_EARLY_CLOSURE,
    D_EGGS,
    D_END,
    D_EV_END,
    D_EV_START,
    D_EXTRA,
    D_FAST,
    D_FISH_SUM,
    D_HAND,
    D_KNOCKS,
    D_LAST,
    D_LEAD,
    D_LEADER,
    D_LOSERS,
    D_MOVES,
    D_OUT_TILES,
    D_REDEALS,
    D_SCORE,
    D_VANISHED,
    D_WRITTEN,
    DOUBLE_TILE,
    DOUBLES_MASK,
    E_KIND,
    E_NTILES,
    E_SEAT,
    E_STRIDE,
    E_TILES,
    END_FISH,
    END_OUT,
    ERR_BAD_DRAW,
    ERR_BAD_HANDS,
    ERR_DEAL_UNFINISHED,
    ERR_EVENTS_AFTER_END,
    ERR_GAME_UNFINISHED,
    ERR_ILLEGAL_MOVE,
    ERR_KNOCK_WITH_MOVE,
    ERR_MISSED_REDEAL,
    ERR_NONE,
    ERR_TOO_MANY_DEALS,
    ERR_WRONG_LEADER,
    ERR_WRONG_SEAT,
    EV_DRAW,
    EV_KNOCK,
    EV_PLAY,
    FIRST_LEAD_DOUBLE,
    FIRST_LEAD_DOUBLE_11_UPWARD,
    FIRST_LEAD_LOWEST_DOUBLE,
    FIRST_LEAD_LOWEST_DOUBLE_OR_HEAVIEST,
    KERNEL_FLAGS,
    LEAD_EXTRA_LEADER,
    LEAD_FAST,
    LEAD_FIRST,
    LEAD_FIRST_AGAIN,
    LEAD_NEXT,
    LEAD_REPLAY,
    LOSER_DRAW,
    MAX_BAZAAR,
    N_DEAL_COLS,
    N_EVENT_COLS,
    N_RESULT,
    NEXT_LEAD_FIRST_LEAD,
    NEXT_LEAD_FISH_WINNER,
    NEXT_LEAD_ROUND_ROBIN,
    NEXT_LEAD_WINNERS_CHOOSE,
    P_BAZAAR,
    P_CLOSED_BEFORE_HOUSE,
    P_CROSS,
    P_DRAW_LAST,
    P_EXTRA_LEAD,
    P_FIRST_LEAD,
    P_FIRST_LEAD_CYCLE,
    P_FIRST_LEAD_DOUBLE,
    P_KEPT_00_GOAT,
    P_KEPT_66_WRITES,
    P_LEAD_REPEATS,
    P_MATCH_DEALS,
    P_MAX_DEALS,
    P_N_SIDES,
    P_NEXT_LEAD,
    P_OUT_66_WRITES,
    P_PLAYERS,
    P_REDEAL_DOUBLES,
    P_REDEAL_SUIT,
    P_SEAT_SIDE,
    P_SOLO_FISH,
    P_TILES_EACH,
    P_TWO_DOUBLES,
    P_VOLUNTARY_FAST,
    R_DEALS,
    R_ERROR,
    R_ERROR_DEAL,
    R_ERROR_EVENT,
    R_GOATS,
    R_LOSER,
    R_OVERFLOW,
    R_TITLES,
    SUIT_MASK,
    T00,
    T66,
    TILE_HI,
    TILE_LO,
    Layout,
    kernel_flavour,
)
from .codes import D_CARRY as D_CARRY
from .codes import D_LOSER as D_LOSER
from .codes import D_MEMORY as D_MEMORY
from .core import (
    _GOLDEN,
    FORCED_EXTRA,
    HIST_DRAW,
    HIST_KNOCK,
    HIST_PLAY,
    MAX_MOVES,
    N_CORE,
    N_STATE,
    ST_BAZAAR_POS,
    ST_CROSS_FLAG,
    ST_DRAWS,
    ST_END,
    ST_END_KIND,
    ST_ERROR,
    ST_ERROR_EVENT,
    ST_EV_N,
    ST_FAST_OK,
    ST_FORCED,
    ST_HAND,
    ST_HOUSE,
    ST_KNOCKS,
    ST_LACKS,
    ST_LAST,
    ST_LEAD_TILE,
    ST_MOVES,
    ST_N_ENDS,
    ST_OPEN,
    ST_ORDER,
    ST_OUT_TILES,
    ST_OVERFLOW,
    ST_SCRIPT_POS,
    apply_move,
    attach_value,
    draw_next,
    fish_draws,
    hot,
    is_fish,
    jit,
    legal_moves,
    loop,
    may_draw,
    out_tile_bits,
    placement,
    popcount,
    random_chain_move,
    random_chain_rest,
    random_cross_move,
    random_cross_rest,
    remember,
    rng_below,
    splitmix64,
)
from .scoring import GS_CARRY as GS_CARRY
from .scoring import (
    GS_EXTRA,
    GS_FAST,
    GS_GOATS,
    GS_SCORE,
    GS_TITLES,
    GS_WROTE,
    N_GAME_STATE,
    counts_toward_match,
    game_over,
    mark_lead,
    no_fishing,
    score_deal,
)
from .scoring import GS_HANGING as GS_HANGING
from .scoring import GS_MEMORY as GS_MEMORY
from .scoring import GS_OPENED as GS_OPENED
from .scoring import carry_eggs as carry_eggs
from .scoring import eggs_receiver as eggs_receiver
from .scoring import kept_side as kept_side
from .scoring import top_side as top_side
from .scoring import write_general as write_general
from .scoring import write_loss as write_loss

# --- per-game summary row -------------------------------------------------------------
_G = Layout("game row")
G_DEALS = _G.field()
G_LOSER = _G.field()
G_TITLES = _G.field()
G_SCORE = _G.field(4)
G_REDEALS = _G.field()
G_FISHES = _G.field()
G_EGGS = _G.field()
G_MOVES = _G.field()
G_VANISHED = _G.field()
G_KNOCKS = _G.field()
G_WRITTEN = _G.field()
G_LOST_DEALS = _G.field()
G_VANISHED_DEALS = _G.field()
G_FISHERMAN_WINS = _G.field()
G_FIRST_LEADER = _G.field()
G_SEED = _G.field()
G_DRAWS = _G.field()
G_EARLY_CLOSURES = _G.field()  # Осёл
G_OUT_66 = _G.field()  # Морской: outs on 66 that cost the losers a fixed sum
G_BURNS = _G.field()  # Морской: scores burned
G_BURNED_POINTS = _G.field()
G_SWAPPED = _G.field()  # the bots of seats 0/2 and 1/3 changed places for this game
G_LEADER_WINS = _G.field()  # deals with a loser that the side of the deal's leader did not lose
G_LAST_DECIDED = _G.field()  # a match (match_deals): its last deal changed who loses (or made a draw)
G_GOATS = _G.field()  # bit mask of the goats' sides (goats: every may make several; 0 when none)
G_EXTRA_GOATS = _G.field()  # extra leads someone lost: «внеочередные козлы» (R-004-morskoy-extra)
G_DECIDED_FISHES = _G.field()  # fishes with a loser: neither eggs nor replayed (the fisherman's share's base)
N_GAME_COLS = _G.size

# --- what a game carries from one deal to the next --------------------------------------------
_GP = Layout("game progress")
GP_LEADER = _GP.field()  # the leader of the deal being played
GP_FORCED = _GP.field()  # its forced first tile, -1 when the leader chooses
GP_LEAD_KIND = _GP.field()  # why he leads (LEAD_*)
GP_REDEALS = _GP.field()  # the redeals before the deal
GP_FAST = _GP.field()  # the deal is a fast lead forced by lead_repeats
GP_LIKE_FIRST = _GP.field()  # it is led like the first deal
GP_UNWRITTEN = _GP.field()  # nobody has written yet (lead_repeats)
GP_PREV_END = _GP.field()  # how the deal before ended, its last mover, its losers (next_lead)
GP_PREV_LAST = _GP.field()
GP_PREV_LOSERS = _GP.field()
GP_COUNTED = _GP.field()  # deals that count towards a match (a replayed fish does not)
GP_REPLAY_TILE = _GP.field()  # a fast or extra lead ended in a fish: its tile, kept by its leader, -1
GP_REPLAY_LEADER = _GP.field()
GP_REPLAY_KIND = _GP.field()
GP_EXTRA_LEADER = _GP.field()  # R-004-morskoy-extra: the leader of an extra lead leads the next deal too
GP_EVENTS = _GP.field()  # event rows written so far
GP_FIRST_DOUBLE = _GP.field()  # the game's first-lead double (first_lead_cycle)
N_PROGRESS = _GP.size

#: the expert's model of an expert's moves, as shipped (bots.MODEL_FILE)
MODEL_WEIGHTS = model_weights()
#: ... and the learned value at the horizon's (bots.HORIZON_FILE)
HORIZON_WEIGHTS = horizon_weights()

# --- a game's workspace (allocated by the caller: play_game allocates nothing) -------------------
_I = Layout("game workspace")
I_STATE = _I.field(N_STATE)
I_GAME = _I.field(N_GAME_STATE)
I_PERM = _I.field(28)
I_HANDS = _I.field(4)
I_MOVES = _I.field(MAX_MOVES)
I_BOTS = _I.field(W_SIZE)
I_KEY = _I.field(8)  # a deal's DEAL_KEY and PLAY_KEY, to look it up among the shared deals
I_PROGRESS = _I.field(N_PROGRESS)
I_SIZE = _I.size


# The groups of arrays the kernels take travel as named tuples: numba compiles them as plain tuples (the same
# code, unpacked alike), and the code reads `script.offsets[deal]`, not `script[2][deal]`. A kernel is
# compiled per argument type, so the Python side always passes these types (run_game wraps what it is given).
class Workspace(NamedTuple):
    """A game's scratch (`workspace()`): the whole game allocates nothing, so it runs without numba's
    reference counting."""

    ints: np.ndarray  # the I_* slots: the deal's state, the game's, the hands, the bots' scratch (W_*)
    rng: np.ndarray  # the two xorshift streams: the deal's shuffles (0) and the bots' choices (1)
    floats: np.ndarray  # the bots' float scratch (F_*), with the expert's model and its learned value


class GameOut(NamedTuple):
    """What play_game writes."""

    deals: np.ndarray  # (max_deals, N_DEAL_COLS) deal rows
    events: np.ndarray  # (cap, N_EVENT_COLS) event rows, or no rows when no record is wanted
    result: np.ndarray  # the R_* slots


class Script(NamedTuple):
    """A record being replayed (`trace.script_arrays`), or no rows."""

    hands: np.ndarray  # (deals, 5 + MAX_BAZAAR): each deal's four hands, its redeals and its bazaar's order
    events: np.ndarray  # (events, N_EVENT_COLS): every deal's events, one after another
    offsets: np.ndarray  # (deals + 1,): where each deal's events start


class SharedDeals(NamedTuple):
    """The deals a game has had under the other arms of its batch (`deal_memo`); no rows: every deal is played."""

    memo: np.ndarray  # (rows, M_SIZE): a deal as dealt and led, with its end state
    heads: np.ndarray  # (max_deals + 1,): the rows in use, then each deal number's first row (-1: none)


class BatchScratch(NamedTuple):
    """play_batch's scratch (`batch_scratch`): a game's arrays, reused game after game and arm after arm."""

    deals: np.ndarray  # the deal rows of the game being played
    events: np.ndarray  # no record: no rows
    script_hands: np.ndarray  # no script: no rows
    script_offsets: np.ndarray
    result: np.ndarray
    ints: np.ndarray  # the game's Workspace
    rng: np.ndarray
    floats: np.ndarray
    swapped_bots: np.ndarray  # the bots one seat on, for swapped games


#: play_deal's `tight`: None plays every move in the move loop (records, replays, run_game); TIGHT_LOOPS lets the
#: random bot's tight loops play a deal that needs no record (play_batch). Two kernels, by the flag's type.
EVERY_MOVE = None
TIGHT_LOOPS = True


def workspace() -> Workspace:
    """The scratch arrays play_game works in (its floats hold the expert's model, bots.F_MODEL, and the learned
    value at the horizon, bots.F_HORIZON)."""
    fw = np.zeros(F_WORK_SIZE, dtype=np.float64)
    fw[F_MODEL : F_MODEL + N_MODEL] = MODEL_WEIGHTS
    fw[F_HORIZON : F_HORIZON + N_HORIZON] = HORIZON_WEIGHTS
    return Workspace(np.zeros(I_SIZE, dtype=np.int64), np.zeros(2, dtype=np.uint64), fw)


# --- one deal played once for several arms -------------------------------------------------------------
# The arms of a compare or a sweep play the same games (the same seeds), and most of them differ only in
# how a deal is scored: such arms deal every deal alike, and when it is led alike they play it alike. So
# a batch plays a deal once for all of them and gives the others its end state; the scoring stays each
# arm's own. The results are the same as playing every arm on its own, to the bit
# (tests/test_shared_play.py, knob by knob); only the time changes.

#: The rule parameters that dealing and playing a deal read, beyond what `play_game` hands them (the deal's
#: number, how it opens, its leader, its forced tile; `DEAL_KEY`, `PLAY_KEY`), with random or heavy bots:
#: arms that agree on these, on their bots and on their seats share their deals (`play_key`).
PLAY_PARAMS = (
    P_PLAYERS,
    P_TILES_EACH,
    P_BAZAAR,
    P_REDEAL_DOUBLES,
    P_REDEAL_SUIT,
    P_FIRST_LEAD,  # read while dealing with a bazaar (R-lead-in-bazaar)
    P_FIRST_LEAD_DOUBLE,
    P_TWO_DOUBLES,
    P_CROSS,
    P_CLOSED_BEFORE_HOUSE,
    P_SOLO_FISH,
    P_DRAW_LAST,
    P_EXTRA_LEAD,
    P_VOLUNTARY_FAST,
    P_KEPT_66_WRITES,  # the heavy bot sheds a costly 66 or 00 first
    P_KEPT_00_GOAT,
)

_M = Layout("shared deal")
M_DEAL = _M.field()  # the deal's number in its game; DEAL_KEY: how it was dealt
M_FAST = _M.field()
M_LIKE_FIRST = _M.field()
M_KEEP_TILE = _M.field()
M_KEEP_SEAT = _M.field()
M_FIRST_DOUBLE = _M.field()
M_LEADER = _M.field()  # PLAY_KEY: how it was led
M_FORCED = _M.field()
M_FAST_OK = _M.field()
M_NEXT = _M.field()  # the next row of the same deal, -1 at the last
M_REDEALS = _M.field()
M_HANDS = _M.field(4)
M_PERM = _M.field(28)
M_STATE = _M.field(N_STATE)  # the state at the deal's end
M_SIZE = _M.size
#: Rows of a game's shared deals (every arm's distinct deals of one game; more are played, not kept).
MEMO_ROWS = 512


def play_key(params: np.ndarray) -> tuple[int, ...]:
    """What arms must share, in their rule parameters, to share their deals (with the same bots and seats)."""
    return tuple(int(params[i]) for i in PLAY_PARAMS)


def deal_memo(arms: int, max_deals: int) -> SharedDeals:
    """(rows, heads) of a batch's shared deals: no rows for one arm (every deal is played). heads[0]
    counts the rows in use, heads[1 + k] is the first row of deal k (-1: none)."""
    rows = MEMO_ROWS if arms > 1 else 0
    return SharedDeals(np.zeros((rows, M_SIZE), dtype=np.int64), np.full(max_deals + 1, -1, dtype=np.int64))


@loop
def memo_clear(memo, heads):
    """A new game: no deal of it is known yet."""
    for r in range(heads[0]):
        heads[1 + memo[r, M_DEAL]] = -1
    heads[0] = 0


@loop
def memo_find(memo, heads, deal, dealt, led):
    """The row of deal `deal` dealt as `dealt` (the DEAL_KEY fields after M_DEAL) and, unless `led` is
    empty, led as `led` (the PLAY_KEY fields); -1 if none."""
    r = heads[1 + deal]
    while r >= 0:
        row = memo[r]
        same = True
        for i in range(dealt.shape[0]):
            if row[M_FAST + i] != dealt[i]:
                same = False
        for i in range(led.shape[0]):
            if row[M_LEADER + i] != led[i]:
                same = False
        if same:
            return r
        r = row[M_NEXT]
    return -1


@loop
def memo_keep(memo, heads, deal, dealt, led, redeals, hands, perm, st):
    """Keep a deal just played, for the next arms (nothing when the rows are full)."""
    r = heads[0]
    if r >= memo.shape[0]:
        return
    row = memo[r]
    row[M_DEAL] = deal
    for i in range(dealt.shape[0]):
        row[M_FAST + i] = dealt[i]
    for i in range(led.shape[0]):
        row[M_LEADER + i] = led[i]
    row[M_REDEALS] = redeals
    for i in range(4):
        row[M_HANDS + i] = hands[i]
    for i in range(28):
        row[M_PERM + i] = perm[i]
    for i in range(N_STATE):
        row[M_STATE + i] = st[i]
    row[M_NEXT] = heads[1 + deal]
    heads[1 + deal] = r
    heads[0] = r + 1


# --- aggregates by deal number (index k = after deal k+1) ------------------------------
_B = Layout("by-deal aggregate")
B_GAMES = _B.field()  # games with a loser that played at least k+1 deals
B_LOSER_SCORE = _B.field()  # sum of the eventual loser's score after deal k+1
B_WINNER_SCORE = _B.field()
N_BY_DEAL_COLS = _B.size
FISH_SUM_BINS = 169

_U64 = np.uint64
_DEAL_SALT = _U64(0xD1B54A32D192ED03)
_BOT_SALT = _U64(0x8CB92BA72F3D8DD7)
_SEED_MASK = _U64(0x7FFFFFFFFFFFFFFF)


@jit
def game_seed(run_seed, game_index):
    """The 63-bit seed of game `game_index` of a run: replays that game alone."""
    x = splitmix64(_U64(run_seed) ^ splitmix64(_U64(game_index) * _GOLDEN + _U64(1)))
    return np.int64(x & _SEED_MASK)


@jit
def _stream_seed(seed, salt, a, b):
    x = splitmix64(_U64(seed) ^ splitmix64(salt * (_U64(a) + _U64(1)) + _U64(b)))
    if x == _U64(0):
        x = _GOLDEN
    return x


# R-deal-redeal
@jit
def needs_redeal(p, hands):
    max_doubles = p[P_REDEAL_DOUBLES]
    max_suit = p[P_REDEAL_SUIT]
    for seat in range(p[P_PLAYERS]):
        hand = hands[seat]
        profile = (
            CHUNK_PROFILE[0, hand & 127]
            + CHUNK_PROFILE[1, (hand >> 7) & 127]
            + CHUNK_PROFILE[2, (hand >> 14) & 127]
            + CHUNK_PROFILE[3, (hand >> 21) & 127]
        )
        if max_doubles > 0 and (profile >> 21) & 7 >= max_doubles:
            return True
        if max_suit > 0:
            for v in range(7):
                if (profile >> (3 * v)) & 7 >= max_suit:
                    return True
    return False


@jit
def shuffle_hands(p, rng, perm, hands):
    for i in range(28):
        perm[i] = i
    for i in range(27, 0, -1):
        j = rng_below(rng, 0, i + 1)
        perm[i], perm[j] = perm[j], perm[i]
    hands_from_perm(p, perm, hands)


@hot
def hands_from_perm(p, perm, hands):
    """The hands as dealt from the shuffled tile order: tiles_each tiles per seat, in seat order."""
    size = p[P_TILES_EACH]
    for seat in range(p[P_PLAYERS]):
        h = 0
        for k in range(size):
            h |= 1 << perm[size * seat + k]
        hands[seat] = h


# --- events ------------------------------------------------------------------------------------
@hot
def record_event(st, ev, seat, kind, move):
    i = st[ST_EV_N]
    if i >= ev.shape[0]:
        st[ST_OVERFLOW] = 1
        return
    ev[i, E_SEAT] = seat
    ev[i, E_KIND] = kind
    if kind == EV_DRAW:
        ev[i, E_NTILES] = 1
        ev[i, E_TILES] = move  # the tile drawn
        st[ST_EV_N] = i + 1
        return
    count = move & 7 if kind == EV_PLAY else 0
    ev[i, E_NTILES] = count
    for k in range(count):
        pl = placement(move, k)
        ev[i, E_TILES + E_STRIDE * k] = pl & 31
        ev[i, E_TILES + E_STRIDE * k + 1] = attach_value(st, (pl >> 5) & 7)
        ev[i, E_TILES + E_STRIDE * k + 2] = (pl >> 8) & 1
    st[ST_EV_N] = i + 1


@jit
def match_scripted_move(st, moves, n, row):
    """Index of the legal move equal to a recorded play, or -1: the same tiles on the same end
    values, closed alike; the order of the tiles of a move does not matter, except that in
    Осёл the first double laid open becomes the house (R-osel-house)."""
    count = row[E_NTILES]
    house_pending = st[ST_CROSS_FLAG] and st[ST_HOUSE] == 0 and st[ST_N_ENDS] > 0 and count > 1
    recorded_house = -1
    if house_pending:
        for j in range(count):
            if row[E_TILES + E_STRIDE * j + 2] == 0:
                recorded_house = row[E_TILES + E_STRIDE * j]
                break
    for i in range(n):
        m = moves[i]
        if (m & 7) != count:
            continue
        if house_pending:
            house = -1
            for k in range(count):
                if not (placement(m, k) >> 8) & 1:
                    house = placement(m, k) & 31
                    break
            if house != recorded_house:
                continue
        ok = True
        for k in range(count):
            pl = placement(m, k)
            t = pl & 31
            at = attach_value(st, (pl >> 5) & 7)
            closed = (pl >> 8) & 1
            found = False
            for j in range(count):
                base = E_TILES + E_STRIDE * j
                if row[base] == t and row[base + 1] == at and row[base + 2] == closed:
                    found = True
            if not found:
                ok = False
        if ok:
            return i
    return -1


@jit
def choose_thoughtful(bot, p, st, seat, moves, n, rng, work, fwork, thoughtful):
    """The scripted bots beyond random and heavy, behind one ordinary (not inlined) call,
    so that their code does not weigh on the move loop of the two fast bots."""
    return choose_move(bot, p, st, seat, moves, n, rng, work, fwork, thoughtful)


def thoughtful_flag(bots):
    """The `thoughtful` argument of the kernels, whose numba type picks the kernel: codes.KERNEL_FLAGS by
    codes.kernel_flavour (the three kernels are cached on disk separately)."""
    return KERNEL_FLAGS[kernel_flavour(bots)]


# --- a deal -----------------------------------------------------------------------------------------
@jit
def scripted_choice(st, moves, n, must_draw, script, seat):
    """Replay: check the record's next event against the rules at this turn. Returns the index
    of the recorded move among the legal `moves` (-1 for a draw or a knock); on a problem it
    sets ST_ERROR / ST_ERROR_EVENT and returns -1."""
    pos = st[ST_SCRIPT_POS]
    if pos >= script.shape[0]:
        st[ST_ERROR] = ERR_DEAL_UNFINISHED
        st[ST_ERROR_EVENT] = pos
        return -1
    row = script[pos]
    error = ERR_NONE
    choice = -1
    if row[E_SEAT] != seat:
        error = ERR_WRONG_SEAT
    elif must_draw or row[E_KIND] == EV_DRAW:
        if not (must_draw and row[E_KIND] == EV_DRAW and row[E_TILES] == st[ST_ORDER + st[ST_BAZAAR_POS]]):
            error = ERR_BAD_DRAW
    elif row[E_KIND] == EV_KNOCK:
        if n > 0:
            error = ERR_KNOCK_WITH_MOVE
    else:
        choice = match_scripted_move(st, moves, n, row)
        if choice < 0:
            error = ERR_ILLEGAL_MOVE
    if error != ERR_NONE:
        st[ST_ERROR] = error
        st[ST_ERROR_EVENT] = pos
        return -1
    st[ST_SCRIPT_POS] = pos + 1
    return choice


@hot
def draw_tile(st, seat, ev, recording):
    """Каждый сам за себя: the seat takes the next bazaar tile."""
    t = draw_next(st, seat)
    if recording:
        record_event(st, ev, seat, EV_DRAW, t)


# R-move-must
@hot
def knock(st, seat, ev, recording):
    """The seat passes; everyone now knows it lacks every open end value."""
    if recording:
        record_event(st, ev, seat, EV_KNOCK, 0)
    st[ST_KNOCKS] += 1
    for i in range(st[ST_N_ENDS]):
        if st[ST_OPEN] >> i & 1:
            st[ST_LACKS + seat] |= 1 << st[ST_END + i]


@hot
def note(st, kind, seat, move, thoughtful):
    """The deal's public record (core.remember), for the bots that read it: kept in the kernels of the thinking
    bots (`thoughtful` not None), left out of the fast one."""
    if thoughtful is not None:
        remember(st, kind, seat, move)


@hot
def every_seat(p, bots, bot):
    """Every seat plays `bot` (every seat random, nothing recorded: after the lead, the rest of the deal
    is one tight loop)."""
    for s in range(p[P_PLAYERS]):
        if bots[s] != bot:
            return False
    return True


@hot
def bot_choice(bot, p, st, seat, moves, n, rng, thoughtful, work, fwork):
    """The index of the move the seat's bot chooses among the `n` legal `moves`."""
    if n == 1:
        return 0
    if bot == BOT_HEAVY:
        return choose_heavy(p, moves, n, rng)
    if bot == BOT_RANDOM or thoughtful is None:
        return rng_below(rng, 1, n)
    if bot == BOT_COUNTER:
        return counter_choice(p, st, seat, moves, n, rng, fwork)
    return choose_thoughtful(bot, p, st, seat, moves, n, rng, work, fwork, thoughtful)


# R-solo-fish
@hot
def fish_ends_deal(p, st, seat, turn, bots, moves, ev, script, recording):
    """A fish: the draws solo_fish asks of the next player (draw-down, take-all; a record's draws checked),
    then the deal ends with `seat` the fisherman."""
    for _ in range(fish_draws(p, st)):
        if bots[turn] == BOT_SCRIPT:
            scripted_choice(st, moves, 0, True, script, turn)
            if st[ST_ERROR] != ERR_NONE:
                return
        draw_tile(st, turn, ev, recording)
    st[ST_END_KIND] = END_FISH
    st[ST_LAST] = seat


# R-end-out, R-fish-visible
@hot
def deal_ended(p, st, seat, turn, move, bots, moves, ev, script, recording):
    """After `seat` laid `move`: an out, or a fish the table shows (fish_ends_deal). True when the deal ended."""
    if st[ST_HAND + seat] == 0:
        st[ST_END_KIND] = END_OUT
        st[ST_LAST] = seat
        st[ST_OUT_TILES] = out_tile_bits(move)
        return True
    if is_fish(p, st):
        fish_ends_deal(p, st, seat, turn, bots, moves, ev, script, recording)
        return True
    return False


# R-end-out, R-move-must, R-solo-draw, R-solo-fish, R-fish-visible
@loop
def play_deal(p, st, leader, bots, rng, moves, ev, script, thoughtful, work, fwork, tight=EVERY_MOVE):
    """Play from the leader until an out or a fish; sets ST_END_KIND and ST_LAST.

    A fish ends the deal when the table shows it (R-fish-visible), after the draws the
    solo_fish knob asks of the player to move, or when every player has knocked in turn
    (with a bazaar: a block the table did not show). With scripted bots the moves come
    from `script` rows starting at ST_SCRIPT_POS; a mismatch sets ST_ERROR and returns.
    `thoughtful`: the kernel's flag (codes.KERNEL_FLAGS): FAST_KERNEL_FLAG when every seat plays random or
    heavy, and the other bots are then not compiled into this kernel. `work`, `fwork`: the bots' scratch (bots.W_SIZE,
    bots.F_WORK_SIZE); this loop allocates nothing and runs without reference counting.
    `tight`: EVERY_MOVE (records, replays) plays every move here; TIGHT_LOOPS lets the random bot's tight
    loops play the rest of a deal when every seat is random and nothing is recorded (numba leaves them
    out of the kernels that pass EVERY_MOVE, a None).
    """
    players = p[P_PLAYERS]
    recording = ev.shape[0] > 0
    has_bazaar = p[P_BAZAAR] > 0
    chain = p[P_CROSS] == 0
    turn = leader
    knocks_in_a_row = 0
    last_mover = leader
    # the random bot picks without listing the moves once the lead is on the table, except in a deal of an
    # extra lead (its gap and two-tile moves need the list; R-004-morskoy-extra). A local flag, not a read
    # of the state on every move.
    listless = False
    all_random = not recording and every_seat(p, bots, BOT_RANDOM)
    while True:
        seat = turn
        turn = seat + 1 if seat + 1 < players else 0
        bot = bots[seat]
        move = -1
        n = -1
        if bot == BOT_RANDOM and listless:  # the common case: no list of moves
            if chain:
                n, move = random_chain_move(p, st, seat, rng)
            else:
                n, move = random_cross_move(st, seat, rng)
        if n < 0:
            n = legal_moves(p, st, seat, moves)
        # R-solo-draw, R-004-chechevae-draw: without a move, a player draws while he may (may_draw)
        must_draw = n == 0 and has_bazaar and may_draw(p, st)
        if bot == BOT_SCRIPT:
            choice = scripted_choice(st, moves, n, must_draw, script, seat)
            if st[ST_ERROR] != ERR_NONE:
                return
            if choice >= 0:
                move = moves[choice]
        if must_draw:
            note(st, HIST_DRAW, seat, 0, thoughtful)
            draw_tile(st, seat, ev, recording)
            knocks_in_a_row = 0
            turn = seat  # he goes on drawing, then plays or knocks
            continue
        if n == 0:
            note(st, HIST_KNOCK, seat, 0, thoughtful)
            knock(st, seat, ev, recording)
            knocks_in_a_row += 1
            if knocks_in_a_row == players:  # a round of knocks: a fish the table did not show
                st[ST_END_KIND] = END_FISH
                st[ST_LAST] = last_mover
                return
            continue
        if move < 0:
            move = moves[bot_choice(bot, p, st, seat, moves, n, rng, thoughtful, work, fwork)]
        if recording:
            record_event(st, ev, seat, EV_PLAY, move)
        note(st, HIST_PLAY, seat, move, thoughtful)
        apply_move(st, seat, move)
        if not listless:
            listless = st[ST_LEAD_TILE] != FORCED_EXTRA
        knocks_in_a_row = 0
        last_mover = seat
        if deal_ended(p, st, seat, turn, move, bots, moves, ev, script, recording):
            return
        if tight is not None and all_random and listless:
            if chain:
                random_chain_rest(p, st, turn, seat, rng)
            else:
                random_cross_rest(p, st, turn, seat, rng, moves)
            return


# R-004-morskoy-voluntary
@hot
def others_have_records(p, gs, leader):
    """«если у всех остальных игроков уже есть запись»: every player but the leader has points (in
    pairs, the partner's record is the leader's side's: both sides)."""
    for seat in range(p[P_PLAYERS]):
        if seat != leader and gs[GS_SCORE + p[P_SEAT_SIDE + seat]] <= 0:
            return 0
    return 1


# R-004-morskoy-lead
@hot
def nobody_wrote(p, gs):
    """No side has written a point yet in this game («пока не пойдёт запись»)."""
    wrote = 0
    for s in range(p[P_N_SIDES]):
        wrote += gs[GS_WROTE + s]
    return wrote == 0


@jit
def holder_of(p, hands, tile):
    for seat in range(p[P_PLAYERS]):
        if hands[seat] >> tile & 1:
            return seat
    return -1


# R-lead-first, R-lead-00-66, R-solo-lead
@jit
def first_lead_tile(p, hands, first_double=-1):
    """The tile that must open a game. Solo without any double in hand: the heaviest tile
    (most pips, then the higher half). `first_double`: with first_lead double-NN, this game's
    double (first_lead_cycle, R-004-morskoy-day); -1: NN."""
    rule = p[P_FIRST_LEAD]
    if rule == FIRST_LEAD_DOUBLE_11_UPWARD:
        # R-004-chechevae-lead: «у кого на руках дубль 1-1, если такого нет - то 2-2 и так далее до 0-0»
        dealt = 0
        for seat in range(p[P_PLAYERS]):
            dealt |= hands[seat]
        for k in range(7):
            v = k + 1 if k < 6 else 0
            if dealt >> DOUBLE_TILE[v] & 1:
                return DOUBLE_TILE[v]
        return -1
    if rule == FIRST_LEAD_LOWEST_DOUBLE or rule == FIRST_LEAD_LOWEST_DOUBLE_OR_HEAVIEST:
        dealt = 0
        for seat in range(p[P_PLAYERS]):
            dealt |= hands[seat]
        for v in range(7):
            if dealt >> DOUBLE_TILE[v] & 1:
                return DOUBLE_TILE[v]
        if rule == FIRST_LEAD_LOWEST_DOUBLE:
            return -1
        best = -1
        for t in range(28):
            if dealt >> t & 1 and (
                best < 0
                or TILE_LO[t] + TILE_HI[t] > TILE_LO[best] + TILE_HI[best]
                or (TILE_LO[t] + TILE_HI[t] == TILE_LO[best] + TILE_HI[best] and TILE_HI[t] > TILE_HI[best])
            ):
                best = t
        return best
    return DOUBLE_TILE[p[P_FIRST_LEAD_DOUBLE] if first_double < 0 else first_double]


#: The doubles of the days of the week, Monday first (R-004-morskoy-day: «Пн - 1:1, Вт - 2:2 … и т.д.»)
WEEK = np.array([1, 2, 3, 4, 5, 6, 0], dtype=np.int64)
_DAY_SALT = _U64(0x9E6C63D0676A9A99)


# R-004-morskoy-day
@jit
def game_first_double(p, seed, game_index, rng):
    """The double (its value) that opens game `game_index` of a run under first_lead_cycle, or -1
    (first_lead's own double, or not a double-NN rule)."""
    cycle = p[P_FIRST_LEAD_CYCLE]
    if cycle == CYCLE_NONE or p[P_FIRST_LEAD] != FIRST_LEAD_DOUBLE:
        return -1
    start = p[P_FIRST_LEAD_DOUBLE]
    if cycle == CYCLE_11_TO_66:
        return 1 + (start - 1 + game_index) % 6  # «розыгрыш с 1:1 и до 6:6», start 11 … 66
    if cycle == CYCLE_DAYS:
        day = (start + 6) % 7  # Monday (11) is day 0, Sunday (00) day 6
        return WEEK[(day + game_index) % 7]
    rng[0] = _stream_seed(seed, _DAY_SALT, 0, 0)  # random-day: its own stream, the shuffles stay as they are
    return WEEK[rng_below(rng, 0, 7)]


# R-001-winners-choose
@jit
def lead_rating(hand):
    """Text 001: a long suit, few doubles and many different suits make a good leader."""
    longest = 0
    suits = 0
    for v in range(7):
        c = popcount(hand & SUIT_MASK[v])
        if c > longest:
            longest = c
        if c > 0:
            suits += 1
    return 3 * longest - 2 * popcount(hand & DOUBLES_MASK) + suits


# R-lead-next
@jit
def next_leader(p, previous_leader, end_kind, last, losers):
    """Leader of the next deal by `next_lead` (losers: bit mask of the sides that lost the
    previous deal, 0 for eggs); -2 means the winners choose after dealing, -3 that the deal is
    opened like the first (first_lead)."""
    rule = p[P_NEXT_LEAD]
    players = p[P_PLAYERS]
    if rule == NEXT_LEAD_FIRST_LEAD:
        return -3  # R-004-general-lead: by the first-lead rule, like the first deal
    if rule == NEXT_LEAD_ROUND_ROBIN:
        return (previous_leader + 1) % players
    if rule == NEXT_LEAD_FISH_WINNER and end_kind == END_FISH and losers != 0:
        seat = last
        for _ in range(players):
            if not (losers >> p[P_SEAT_SIDE + seat] & 1):
                return seat
            seat = (seat + 1) % players
    if rule == NEXT_LEAD_WINNERS_CHOOSE and end_kind == END_OUT:
        return -2
    return last


# --- a game ----------------------------------------------------------------------------------------------
# R-deal-redeal, R-lead-after-redeal (the leader is chosen after the final deal)
@jit
def deal_tiles(p, seed, deal, rng, perm, hands, fast, like_first, keep_tile=-1, keep_seat=-1, first_double=-1):
    """Shuffle and deal deal `deal` of a game, again while a hand needs a redeal (передача) or
    the tile that must open it lies in the bazaar (R-lead-in-bazaar); return the number of
    redeals. `keep_tile` >= 0: that tile is not shuffled but kept by `keep_seat` (the replay of
    a fast lead, R-004-morskoy-replay). `first_double`: this game's first-lead double (-1: the
    first_lead knob's). Deal k, redeal r is shuffled from its own stream, so two
    variants see the same shuffles for as long as both games last."""
    redeals = 0
    while True:
        rng[0] = _stream_seed(seed, _DEAL_SALT, deal, redeals)
        shuffle_hands(p, rng, perm, hands)
        if keep_tile >= 0:
            keep_in_hand(p, perm, hands, keep_tile, keep_seat)
        if not needs_redeal(p, hands) and lead_tile_dealt(p, hands, fast, like_first, first_double):
            return redeals
        redeals += 1


# R-004-morskoy-replay
@jit
def keep_in_hand(p, perm, hands, tile, seat):
    """Put `tile` in the first slot of `seat`'s hand (FORCED_EXTRA: 66 and 00 in the first two); the
    tile it displaces takes its place. The other tiles stay as shuffled, so the seat holds the tile
    and six (tiles_each - 1) random others."""
    size = p[P_TILES_EACH]
    if tile == FORCED_EXTRA:  # the replay of an extra lead: its leader keeps both 66 and 00
        put_in_slot(perm, T66, size * seat)
        put_in_slot(perm, T00, size * seat + 1)
    else:
        put_in_slot(perm, tile, size * seat)
    hands_from_perm(p, perm, hands)


@hot
def put_in_slot(perm, tile, slot):
    """Swap `tile` into position `slot` of the shuffled order."""
    at = 0
    for i in range(28):
        if perm[i] == tile:
            at = i
    perm[at] = perm[slot]
    perm[slot] = tile


# R-lead-in-bazaar
@jit
def lead_tile_dealt(p, hands, fast, like_first, first_double=-1):
    """With a bazaar, a deal that must open with a given tile (a fast lead's 66, a fixed first-lead
    double, the lowest double) needs it in a hand: nobody could lead it from the bazaar."""
    if p[P_BAZAAR] == 0:
        return True
    if fast:
        return holder_of(p, hands, DOUBLE_TILE[6]) >= 0
    if like_first:
        tile = first_lead_tile(p, hands, first_double)
        return tile >= 0 and holder_of(p, hands, tile) >= 0
    return True


@jit
def load_scripted_deal(p, script_hands, deal, perm, hands):
    """Replay: the recorded hands and bazaar of deal `deal` into `hands` / `perm`; returns an
    ERR_* code: the tiles must be the whole set, each once, and need no redeal."""
    players = p[P_PLAYERS]
    size = p[P_TILES_EACH]
    union = 0
    count = 0
    for seat in range(players):
        hands[seat] = script_hands[deal, seat]
        perm[size * seat : size * seat + size] = -1
        k = size * seat
        for t in range(28):
            if hands[seat] >> t & 1 and k < size * seat + size:
                perm[k] = t
                k += 1
        if popcount(hands[seat]) != size or union & hands[seat]:
            count = -100
        count += size
        union |= hands[seat]
    for k in range(p[P_BAZAAR]):
        t = script_hands[deal, 5 + k]
        perm[size * players + k] = t
        if t < 0 or union >> t & 1:
            count = -100
        else:
            union |= 1 << t
            count += 1
    if count != 28 or union != ALL_TILES:
        return ERR_BAD_HANDS
    if needs_redeal(p, hands):
        return ERR_MISSED_REDEAL
    return ERR_NONE


# R-lead-next, R-001-winners-choose
@jit
def later_leader(p, leader, prev_end, prev_last, prev_losers, hands, scripted, script_events, first_event, end_event):
    """The leader of a deal after the first, by `next_lead`. When the winners choose, the
    engine's own choice is the better lead hand (text 001's advice); a record may show
    either winner leading."""
    choice = next_leader(p, leader, prev_end, prev_last, prev_losers)
    if choice != -2:
        return choice  # -3 (first-lead) is resolved by the caller, which knows the forced tile
    players = p[P_PLAYERS]
    other = prev_last + 2 if prev_last + 2 < players else prev_last + 2 - players
    leader = prev_last
    if lead_rating(hands[other]) > lead_rating(hands[prev_last]):
        leader = other
    if scripted and first_event < end_event:
        s = script_events[first_event, E_SEAT]
        if s >= 0 and s < players and p[P_SEAT_SIDE + s] == p[P_SEAT_SIDE + prev_last]:
            leader = s
    return leader


@hot
def start_deal(p, st, hands, perm, forced, n_events, script_pos):
    """A fresh deal state: the hands, the tile order (for the bazaar), the forced first tile."""
    players = p[P_PLAYERS]
    for i in range(N_CORE):  # the record's events past ST_HIST_N (now 0) are never read
        st[i] = 0
    for seat in range(players):
        st[ST_HAND + seat] = hands[seat]
    st[ST_FORCED] = forced
    st[ST_CROSS_FLAG] = p[P_CROSS]
    st[ST_BAZAAR_POS] = p[P_TILES_EACH] * players
    for k in range(28):
        st[ST_ORDER + k] = perm[k]
    st[ST_EV_N] = n_events
    st[ST_SCRIPT_POS] = script_pos


@hot
def record_deal(p, st, row, redeals, hands, perm, leader, n_events):
    """The deal's row: how it was dealt and played (its scoring follows in score_deal)."""
    players = p[P_PLAYERS]
    row[D_REDEALS] = redeals
    for seat in range(4):
        row[D_HAND + seat] = hands[seat]
    row[D_LEADER] = leader
    row[D_END] = st[ST_END_KIND]
    row[D_LAST] = st[ST_LAST]
    row[D_MOVES] = st[ST_MOVES]
    row[D_KNOCKS] = st[ST_KNOCKS]
    row[D_OUT_TILES] = st[ST_OUT_TILES] if st[ST_END_KIND] == END_OUT else 0
    row[D_DRAWS] = st[ST_DRAWS]
    for k in range(MAX_BAZAAR):
        row[D_BAZAAR + k] = perm[p[P_TILES_EACH] * players + k] if k < p[P_BAZAAR] else -1
    row[D_EV_START] = n_events
    row[D_EV_END] = st[ST_EV_N]


@hot
def fail(result, error, deal, event):
    result[R_ERROR] = error
    result[R_ERROR_DEAL] = deal
    result[R_ERROR_EVENT] = event


# R-game-cutoff
@loop
def play_game(p, seed, bots, thoughtful, bot_salt, out, script, scratch, shared_deals, game_index=0, tight=EVERY_MOVE):
    """Play (or, with scripted bots, replay and check) one game. Python calls it through `run_game`.

    bots: a bot id per seat, or BOT_SCRIPT to replay `script`. thoughtful: the kernel's flag
    (`thoughtful_flag`: codes.KERNEL_FLAGS). bot_salt: 0 for the game's own bot stream; another value gives the
    bots independent random numbers on the same shuffles (the "deal decides" measure). out: a GameOut (the
    R_* slots of its result: deals played, losing side or -1, titles, the first replay error with its deal and
    event, event overflow). script: a Script, the record being replayed (no rows otherwise). scratch: the
    game's Workspace. shared_deals: SharedDeals. game_index: the game's index in its run (the first-lead double
    of first_lead_cycle, R-004-morskoy-day). tight: play_deal's (EVERY_MOVE, or TIGHT_LOOPS from play_batch).
    """
    deals, ev, result = out
    script_hands = script.hands
    iw, rng, fw = scratch
    memo = shared_deals.memo
    scripted = bots[0] == BOT_SCRIPT
    # a record is replayed or written move by move; the thoughtful bots may remember across deals
    shared = memo.shape[0] > 0 and not scripted and ev.shape[0] == 0 and thoughtful is None
    st = iw[I_STATE : I_STATE + N_STATE]
    gs = iw[I_GAME : I_GAME + N_GAME_STATE]
    gp = iw[I_PROGRESS : I_PROGRESS + N_PROGRESS]
    start_game(gs, gp, result)
    gp[GP_FIRST_DOUBLE] = game_first_double(p, seed, game_index, rng)
    max_deals = min(p[P_MAX_DEALS], deals.shape[0])
    for deal in range(max_deals):
        row = deals[deal]
        for c in range(N_DEAL_COLS):
            row[c] = 0
        open_deal(p, deal, gp, gs)
        error = deal_hands(p, seed, deal, gp, scripted, script_hands, shared_deals, shared, iw, rng)
        if error == ERR_NONE:
            rng[1] = _stream_seed(seed, _BOT_SALT, deal, bot_salt)
            error = lead_deal(p, deal, gp, gs, iw[I_HANDS : I_HANDS + 4], scripted, script)
        if error != ERR_NONE:
            fail(result, error, deal, 0)
            return
        play_and_record(p, deal, gp, gs, bots, thoughtful, out, script, scratch, shared_deals, shared, tight)
        if st[ST_ERROR] != ERR_NONE:
            fail(result, st[ST_ERROR], deal, st[ST_ERROR_EVENT] - (script.offsets[deal] if scripted else 0))
            return
        result[R_DEALS] = deal + 1
        if score_and_go_on(p, gp, gs, st, row, result) == 0:
            if scripted and deal + 1 < script_hands.shape[0]:
                fail(result, ERR_TOO_MANY_DEALS, deal + 1, 0)
            return
    if scripted and script_hands.shape[0] > max_deals:
        fail(result, ERR_TOO_MANY_DEALS, max_deals, 0)


@hot
def start_game(gs, gp, result):
    """A new game: the game state, its progress between deals and its result, cleared."""
    for i in range(N_GAME_STATE):
        gs[i] = 0
    for i in range(result.shape[0]):
        result[i] = 0
    result[R_LOSER] = -1
    for i in range(N_PROGRESS):
        gp[i] = 0
    gp[GP_LEADER] = -1
    gp[GP_PREV_END] = END_OUT
    gp[GP_PREV_LAST] = -1
    gp[GP_REPLAY_TILE] = -1
    gp[GP_REPLAY_LEADER] = -1
    gp[GP_EXTRA_LEADER] = -1


@hot
def open_deal(p, deal, gp, gs):
    """How deal `deal` opens: the replay of a fast or extra lead that ended in a fish, a fast lead on 66
    (nobody has written in lead_repeats deals, R-004-morskoy-fast), like the first deal, or by next_lead."""
    replay = gp[GP_REPLAY_TILE] >= 0
    repeats = p[P_LEAD_REPEATS]
    unwritten = repeats > 0 and nobody_wrote(p, gs)
    fast = not replay and unwritten and deal >= repeats
    gp[GP_UNWRITTEN] = unwritten
    gp[GP_FAST] = fast
    gp[GP_LIKE_FIRST] = not replay and not fast and (deal == 0 or p[P_NEXT_LEAD] == NEXT_LEAD_FIRST_LEAD or unwritten)


@hot
def deal_hands(p, seed, deal, gp, scripted, script_hands, shared_deals, shared, iw, rng):
    """The hands of deal `deal` (iw's I_HANDS and I_PERM, gp's GP_REDEALS): read from the record being
    replayed, taken from the deal another arm of the batch dealt alike, or shuffled. Returns an ERR_*."""
    memo, heads = shared_deals
    perm = iw[I_PERM : I_PERM + 28]
    hands = iw[I_HANDS : I_HANDS + 4]
    if scripted:
        if deal >= script_hands.shape[0]:
            return ERR_GAME_UNFINISHED
        gp[GP_REDEALS] = script_hands[deal, 4]
        return load_scripted_deal(p, script_hands, deal, perm, hands)
    dealt = iw[I_KEY : I_KEY + 5]
    dealt[0] = gp[GP_FAST]
    dealt[1] = gp[GP_LIKE_FIRST]
    dealt[2] = gp[GP_REPLAY_TILE]
    dealt[3] = gp[GP_REPLAY_LEADER]
    dealt[4] = gp[GP_FIRST_DOUBLE]
    known = memo_find(memo, heads, deal, dealt, iw[I_KEY + 5 : I_KEY + 5]) if shared else -1
    if known >= 0:
        gp[GP_REDEALS] = memo[known, M_REDEALS]
        for i in range(4):
            hands[i] = memo[known, M_HANDS + i]
        for i in range(28):
            perm[i] = memo[known, M_PERM + i]
    else:
        gp[GP_REDEALS] = deal_tiles(
            p,
            seed,
            deal,
            rng,
            perm,
            hands,
            gp[GP_FAST],
            gp[GP_LIKE_FIRST],
            gp[GP_REPLAY_TILE],
            gp[GP_REPLAY_LEADER],
            gp[GP_FIRST_DOUBLE],
        )
    return ERR_NONE


@hot
def lead_deal(p, deal, gp, gs, hands, scripted, script):
    """Who leads deal `deal`, with which forced tile (-1: his choice) and why (gp's GP_LEADER, GP_FORCED,
    GP_LEAD_KIND); a replayed record must show that leader. Returns an ERR_*."""
    script_events, offsets = script.events, script.offsets
    first_event = offsets[deal] if scripted else 0
    end_event = offsets[deal + 1] if scripted else 0
    leader = gp[GP_LEADER]
    if deal > 0:
        leader = later_leader(
            p,
            leader,
            gp[GP_PREV_END],
            gp[GP_PREV_LAST],
            gp[GP_PREV_LOSERS],
            hands,
            scripted,
            script_events,
            first_event,
            end_event,
        )
    kind = LEAD_NEXT if deal > 0 else LEAD_FIRST
    forced = -1
    if gp[GP_EXTRA_LEADER] >= 0:
        leader = gp[GP_EXTRA_LEADER]  # «Заходящий остается старым (тот, кто должен был заходить очередной кон)»
        kind = LEAD_EXTRA_LEADER
    gs[GS_FAST] = 0
    gs[GS_EXTRA] = 0
    if gp[GP_REPLAY_TILE] >= 0:
        # R-004-morskoy-replay: «заход переигрывается. При этом заходной камень … забирается заходящим»
        forced = gp[GP_REPLAY_TILE]
        leader = gp[GP_REPLAY_LEADER]
        gs[GS_FAST] = gp[GP_REPLAY_KIND]
        kind = LEAD_REPLAY
    elif gp[GP_FAST]:
        forced = DOUBLE_TILE[6]  # R-004-morskoy-fast: a fast lead on 66
        leader = holder_of(p, hands, forced)
        gs[GS_FAST] = 1
        kind = LEAD_FAST
    elif gp[GP_LIKE_FIRST]:
        forced = first_lead_tile(p, hands, gp[GP_FIRST_DOUBLE])
        leader = holder_of(p, hands, forced)
        again = deal > 0 and gp[GP_UNWRITTEN] and p[P_NEXT_LEAD] != NEXT_LEAD_FIRST_LEAD
        kind = LEAD_FIRST_AGAIN if again else LEAD_FIRST
    gp[GP_LEADER] = leader
    gp[GP_FORCED] = forced
    gp[GP_LEAD_KIND] = kind
    if scripted and first_event < end_event and script_events[first_event, E_SEAT] != leader:
        return ERR_WRONG_LEADER
    return ERR_NONE


@hot
def play_and_record(p, deal, gp, gs, bots, thoughtful, out, script, scratch, shared_deals, shared, tight):
    """Play deal `deal` from its leader (or take the end state of the deal another arm of the batch dealt
    and led alike) and write its row: how it was dealt and played. On a replay error ST_ERROR is set and
    the row is left as it is."""
    deals, ev, result = out
    iw, rng, fw = scratch
    memo, heads = shared_deals
    scripted = bots[0] == BOT_SCRIPT
    st = iw[I_STATE : I_STATE + N_STATE]
    perm = iw[I_PERM : I_PERM + 28]
    hands = iw[I_HANDS : I_HANDS + 4]
    led = iw[I_KEY + 5 : I_KEY + 8]
    leader = gp[GP_LEADER]
    forced = gp[GP_FORCED]
    fast_ok = others_have_records(p, gs, leader) if p[P_VOLUNTARY_FAST] and forced < 0 else 0
    known = -1
    if shared:
        led[0] = leader
        led[1] = forced
        led[2] = fast_ok
        known = memo_find(memo, heads, deal, iw[I_KEY : I_KEY + 5], led)
    if known >= 0:
        for i in range(N_STATE):
            st[i] = memo[known, M_STATE + i]
    else:
        first_event = script.offsets[deal] if scripted else 0
        start_deal(p, st, hands, perm, forced, gp[GP_EVENTS], first_event)
        st[ST_FAST_OK] = fast_ok
        moves = script.events[: script.offsets[deal + 1]] if scripted else script.events
        work = iw[I_BOTS : I_BOTS + W_SIZE]
        if thoughtful is not None:
            set_game_context(work, gs, gp[GP_COUNTED])  # the expert scores its search's leaves in the game
        play_deal(p, st, leader, bots, rng, iw[I_MOVES : I_MOVES + MAX_MOVES], ev, moves, thoughtful, work, fw, tight)
        if shared:
            memo_keep(memo, heads, deal, iw[I_KEY : I_KEY + 5], led, gp[GP_REDEALS], hands, perm, st)
    if st[ST_ERROR] != ERR_NONE:
        return
    if scripted and st[ST_SCRIPT_POS] != script.offsets[deal + 1]:
        st[ST_ERROR] = ERR_EVENTS_AFTER_END
        st[ST_ERROR_EVENT] = st[ST_SCRIPT_POS]
        return
    mark_lead(p, st, gs, forced)  # R-004-morskoy-extra, R-004-morskoy-voluntary
    if st[ST_OVERFLOW]:
        result[R_OVERFLOW] = 1
    row = deals[deal]
    record_deal(p, st, row, gp[GP_REDEALS], hands, perm, leader, gp[GP_EVENTS])
    row[D_EXTRA] = gs[GS_EXTRA]
    row[D_LEAD] = gp[GP_LEAD_KIND]
    row[D_FAST] = gs[GS_FAST]
    gp[GP_EVENTS] = st[ST_EV_N]


@hot
def score_and_go_on(p, gp, gs, st, row, result):
    """Score the deal just played into its row; 0 when the game is over (its loser, titles and goats in
    `result`), else 1, with what the next deal needs to know of this one in gp."""
    losers = score_deal(p, st, gs, row)
    gp[GP_COUNTED] += counts_toward_match(p, st, gs)
    goat = game_over(p, gs, st, losers, gp[GP_COUNTED])
    if goat != -1:
        result[R_LOSER] = goat
        result[R_TITLES] = gs[GS_TITLES]
        result[R_GOATS] = gs[GS_GOATS]
        return 0
    gp[GP_PREV_END] = st[ST_END_KIND]
    gp[GP_PREV_LAST] = st[ST_LAST]
    gp[GP_PREV_LOSERS] = losers
    gp[GP_REPLAY_TILE] = -1
    gp[GP_EXTRA_LEADER] = gp[GP_LEADER] if gs[GS_EXTRA] != 0 else -1
    if st[ST_END_KIND] == END_FISH and no_fishing(p, gs):
        gp[GP_REPLAY_TILE] = st[ST_LEAD_TILE]  # R-004-morskoy-replay: the same leader leads the same tile(s) again
        gp[GP_REPLAY_LEADER] = gp[GP_LEADER]
        gp[GP_REPLAY_KIND] = gs[GS_FAST]
    return 1


def run_game(
    params: np.ndarray,
    seed: int,
    bots: np.ndarray,
    deals: np.ndarray,
    *,
    events: np.ndarray | None = None,
    script: Script | tuple[np.ndarray, np.ndarray, np.ndarray] | None = None,
    game_index: int = 0,
    bot_salt: int = 0,
    shared_deals: SharedDeals | tuple[np.ndarray, np.ndarray] | None = None,
    tight: bool | None = EVERY_MOVE,
) -> np.ndarray:
    """Play one game from Python (the log, records, replay, tests): the deal rows go to `deals`, the events
    to `events` when given, a record's script (`trace.script_arrays`) is replayed when given. Returns the
    result slots (R_*)."""
    no_script = Script(
        np.zeros((0, 5 + MAX_BAZAAR), dtype=np.int64),
        np.zeros((0, N_EVENT_COLS), dtype=np.int64),
        np.zeros(1, dtype=np.int64),
    )
    result = np.zeros(N_RESULT, dtype=np.int64)
    ev = events if events is not None else np.zeros((0, N_EVENT_COLS), dtype=np.int64)
    play_game(
        params,
        np.int64(seed),
        bots,
        thoughtful_flag(bots),
        bot_salt,
        GameOut(deals, ev, result),
        Script(*script) if script is not None else no_script,
        workspace(),
        SharedDeals(*shared_deals) if shared_deals is not None else deal_memo(1, 0),
        game_index,
        tight,
    )
    return result


@hot
def summarize_game(p, deals, n, out, fish_sums):
    """Add up a game's deal rows into its summary row `out` (and the fish-sum histogram)."""
    for d in range(n):
        row = deals[d]
        out[G_REDEALS] += row[D_REDEALS]
        out[G_MOVES] += row[D_MOVES]
        out[G_KNOCKS] += row[D_KNOCKS]
        out[G_VANISHED] += row[D_VANISHED]
        out[G_EGGS] += row[D_EGGS]
        written = 0
        for s in range(4):
            written += row[D_WRITTEN + s]
        out[G_WRITTEN] += written
        out[G_DRAWS] += row[D_DRAWS]
        out[G_EARLY_CLOSURES] += row[D_EARLY_CLOSURE]
        if row[D_BURNED] > 0:
            out[G_BURNS] += 1
            out[G_BURNED_POINTS] += row[D_BURNED]
        if row[D_LOSERS] != 0:
            out[G_LOST_DEALS] += 1
            if written == 0 and row[D_VANISHED] > 0:
                out[G_VANISHED_DEALS] += 1
            if not (row[D_LOSERS] >> p[P_SEAT_SIDE + row[D_LEADER]] & 1):
                out[G_LEADER_WINS] += 1  # the leader's side won the deal (каждый сам за себя: the leader)
        if row[D_END] == END_FISH:
            out[G_FISHES] += 1
            fish_sums[min(row[D_FISH_SUM], FISH_SUM_BINS - 1)] += 1
            if row[D_LOSERS] != 0:
                out[G_DECIDED_FISHES] += 1
                if not (row[D_LOSERS] >> p[P_SEAT_SIDE + row[D_LAST]] & 1):
                    out[G_FISHERMAN_WINS] += 1
        elif p[P_OUT_66_WRITES] > 0 and row[D_OUT_TILES] == 2:
            out[G_OUT_66] += 1
        if row[D_EXTRA] and row[D_LOSERS] != 0:
            out[G_EXTRA_GOATS] += 1
    for s in range(4):
        out[G_SCORE + s] = deals[n - 1, D_SCORE + s] if n > 0 else 0
    if p[P_MATCH_DEALS] > 0 and out[G_LOSER] != -1:
        out[G_LAST_DECIDED] = standing(p, deals, n - 1) != out[G_LOSER]


# R-004-match
@hot
def standing(p, deals, n):
    """Who would lose a match stopped after its first `n` deals: the side with the most written
    against it, LOSER_DRAW when the top is shared (also before any deal)."""
    top = 0
    level = False
    for s in range(1, p[P_N_SIDES]):
        a = deals[n - 1, D_SCORE + s] if n > 0 else 0
        b = deals[n - 1, D_SCORE + top] if n > 0 else 0
        if a > b:
            top = s
            level = False
        elif a == b:
            level = True
    return LOSER_DRAW if level else top


@hot
def add_score_curves(p, deals, n, loser, out, by_deal):
    """The eventual loser's and winner's score after each deal (for the by-deal curves): the
    winner is the other side, or (solo) the player who finished best."""
    n_sides = p[P_N_SIDES]
    best = 1 - loser if n_sides == 2 else -1
    for s in range(n_sides):
        if n_sides > 2 and s != loser and (best < 0 or out[G_SCORE + s] < out[G_SCORE + best]):
            best = s
    for d in range(min(n, by_deal.shape[0])):
        by_deal[d, B_GAMES] += 1
        by_deal[d, B_LOSER_SCORE] += deals[d, D_SCORE + loser]
        by_deal[d, B_WINNER_SCORE] += deals[d, D_SCORE + best]


def batch_scratch(params: np.ndarray, bots: np.ndarray) -> BatchScratch:
    """The scratch arrays of play_batch (made by the caller: play_batch allocates nothing, so it runs
    without reference counting, whose atomic operations the rows and views it takes per game and arm
    would otherwise cost)."""
    max_deals = int(params[:, P_MAX_DEALS].max())
    return BatchScratch(
        np.zeros((max_deals, N_DEAL_COLS), dtype=np.int64),
        np.zeros((0, N_EVENT_COLS), dtype=np.int64),
        np.zeros((0, 5 + MAX_BAZAAR), dtype=np.int64),
        np.zeros(1, dtype=np.int64),
        np.zeros(N_RESULT, dtype=np.int64),
        *workspace(),
        np.empty_like(bots),
    )


@loop
def play_batch(
    params,
    run_seed,
    first_game,
    n_games,
    bots,
    games_out,
    deals_out,
    deal_game,
    by_deal,
    fish_sums,
    swap_seats,
    thoughtful,
    bot_salt,
    memo,
    heads,
    scratch,
):
    """Play games first_game .. first_game+n_games-1 of a run without records, for one arm or for
    several that share `play_key`, their bots and their seats (each deal they deal and lead alike
    is played once: memo, heads from `deal_memo`; scratch: a BatchScratch from `batch_scratch`).

    params: (arms, N_PARAMS), a row per arm. games_out: (arms, n_games, N_GAME_COLS) per-game
    summaries. deals_out: per-deal rows of the first arm's games, appended while they fit (pass
    zero rows to skip); deal_game: the game index of each row. by_deal (arms, max_deals,
    N_BY_DEAL_COLS) and fish_sums (arms, FISH_SUM_BINS) are added to. swap_seats: in odd games
    the bots move one seat clockwise, so that with different bots per side neither side keeps a
    seat advantage. Returns the number of deal rows written.
    """
    deals, ev, result, swapped_bots = scratch.deals, scratch.events, scratch.result, scratch.swapped_bots
    record = GameOut(deals, ev, result)
    no_script = Script(scratch.script_hands, ev, scratch.script_offsets)
    work = Workspace(scratch.ints, scratch.rng, scratch.floats)
    shared_deals = SharedDeals(memo, heads)
    arms = params.shape[0]
    n_rows = 0
    players = params[0, P_PLAYERS]
    for s in range(players):
        swapped_bots[s] = bots[(s + players - 1) % players]
    for g in range(n_games):
        seed = game_seed(run_seed, first_game + g)
        swapped = swap_seats != 0 and (first_game + g) % 2 == 1
        memo_clear(memo, heads)
        for a in range(arms):
            p = params[a]
            play_game(
                p,
                seed,
                swapped_bots if swapped else bots,
                thoughtful,
                bot_salt,
                record,
                no_script,
                work,
                shared_deals,
                first_game + g,
                TIGHT_LOOPS,
            )
            out = games_out[a, g]
            for c in range(N_GAME_COLS):
                out[c] = 0
            n = result[R_DEALS]
            loser = result[R_LOSER]
            out[G_DEALS] = n
            out[G_LOSER] = loser
            out[G_TITLES] = result[R_TITLES]
            out[G_GOATS] = result[R_GOATS]
            out[G_SEED] = seed
            out[G_SWAPPED] = swapped
            out[G_FIRST_LEADER] = p[P_SEAT_SIDE + deals[0, D_LEADER]]
            summarize_game(p, deals, n, out, fish_sums[a])
            for d in range(n if a == 0 else 0):
                if n_rows < deals_out.shape[0]:
                    for c in range(N_DEAL_COLS):
                        deals_out[n_rows, c] = deals[d, c]
                    deal_game[n_rows] = first_game + g
                    n_rows += 1
            if loser >= 0:
                add_score_curves(p, deals, n, loser, out, by_deal[a])
    return n_rows
