"""Scripted bots, compiled into the engine's move loop.

A bot sees what a player at the table sees: its own hand (st[ST_HAND + seat]),
the tiles on the table (ST_BOARD), the open ends (ST_END, ST_N_ENDS, ST_OPEN),
who knocked on which ends (ST_LACKS), which end values each player created
(ST_FED), how many tiles each other player holds (popcount of their hands, never
the tiles) and how many tiles are left in the bazaar. It never reads another hand's
tiles nor the order of the deal or of the bazaar (ST_ORDER); the one exception is
`general-signal`, which learns whether its partner holds 00 and 66 (Генерал's signals). `choose_move` returns
an index into the legal moves.

Bots draw random numbers from stream 1 of `rng` only, so games stay reproducible.

Bot ids (roster.BOTS declares each bot's kind: random 0, ..., sampler 5, ..., expert 9). The low 4 bits of an id are
the bot, the rest its parameter: the sampler's number of sampled worlds per decision
("sampler:N" -> 5 + 16 * N; 0 is the default budget), the expert's least number of sampled
deals ("expert:N" -> 9 + 16 * N). `parse_bot` / `bot_name` convert names and ids.

Every bot plays every variant: chain or cross (Осёл) layout, pairs or каждый сам за
себя with 2 to 4 players, with or without a bazaar. "Partner" means the other
player of the same side (none when every player is his own side).
"""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
from numba import types
from numba.extending import overload

from ..rules.roster import (  # the bots that take a parameter (`name:N`), its largest value; settings
    PARAMETRIC,
    SETTINGS,
)
from ..text import engine_texts  # noqa: F401  (declares the sentences raised here)
from ..text.errors import keyed
from .codes import (
    ALL_TILES,
    BOT_ID,
    BOT_IDS,
    BOT_KIND_MASK,
    BOT_KIND_SHIFT,
    BOT_PARAM_SHIFT,
    CHUNK_POP,
    DOUBLES_MASK,
    EXTRA_LEAD_NONE,
    FISH_WINNER_FISHERMAN,
    FISH_WINNER_REPLAYED,
    P_BAZAAR,
    P_EXTRA_LEAD,
    P_FISH_WINNER,
    P_KEPT_00_GOAT,
    P_KEPT_66_WRITES,
    P_N_SIDES,
    P_PLAYERS,
    P_SEAT_SIDE,
    SUIT_MASK,
    T00,
    T06,
    T66,
    TILE_HI,
    TILE_LO,
    Layout,
)
from .core import (
    EXTRA_GAP,
    FORCED_EXTRA,
    HIST_DRAW,
    HIST_KNOCK,
    HIST_PLAY,
    MAX_MOVES,
    N_CORE,
    N_STATE,
    SLOT_GAP,
    ST_BAZAAR_POS,
    ST_BOARD,
    ST_CROSS_FLAG,
    ST_DREW,
    ST_END,
    ST_END_MASK,
    ST_EXTRA,
    ST_FED,
    ST_HAND,
    ST_HIST,
    ST_HIST_N,
    ST_HOUSE,
    ST_LACKS,
    ST_LEAD_TILE,
    ST_N_ENDS,
    ST_OPEN,
    ST_ORDER,
    apply_move,
    bazaar_left,
    deal_losers,
    draw_next,
    fish_draws,
    hot,
    is_fish,
    jit,
    legal_moves,
    losing_base,
    lowest_bit_index,
    may_draw,
    move_pips,
    out_tile_bits,
    pips,
    placement,
    popcount,
    rng_below,
    values_of,
)
from .expert import F_HORIZON as EXPERT_F_HORIZON
from .expert import (
    HORIZON_FEATURES,
    LEAF_COUNTER,
    LEAF_GREEDY,
    LEAF_LEARNED,
    N_HORIZON,
    X_COUNTED,
    X_CTX,
    X_MOVES,
    X_POLICY,
    X_SIZE,
    leaf_value,
    learned_fits,
    move_value,
    new_search,
    play_one,
    restore_state,
    save_state,
    search,
    tiles_in_hands,
    to_move,
    use_counter_policy,
)
from .scoring import N_GAME_STATE

# the kinds as the kernels' constants (codes.BOTS declares them)
BOT_RANDOM = BOT_IDS["random"]
BOT_HEAVY = BOT_IDS["heavy"]
BOT_DOUBLES = BOT_IDS["doubles"]
BOT_PARTNER = BOT_IDS["partner"]
BOT_COUNTER = BOT_IDS["counter"]
BOT_SAMPLER = BOT_IDS["sampler"]
BOT_FIRST = BOT_IDS["first"]  # deterministic: the first legal move, no random number drawn
BOT_GENERAL = BOT_IDS["general"]  # Генерал: keeps 00 / 66 for the out
BOT_GENERAL_SIGNAL = BOT_IDS["general-signal"]  # ... and reads its partner's signals about 00 / 66
BOT_EXPERT = BOT_IDS["expert"]  # determinized search (expert.py): sampled deals, each searched with the hands open
SAMPLER_DEFAULT_WORLDS = 24
#: expert: sampled deals per decision by default (`expert:N` for N; chosen from the strength/speed curve of
#: docs/expert.md), plies searched before the play-out at the horizon, and the tiles left in the hands from
#: which the search is exact
EXPERT_DEFAULT_DEALS = 8
EXPERT_DEPTH = 2
EXPERT_EXACT_TILES = 10
#: ... with a bazaar (issue 37): exact from 6 tiles in the hands, as the draws of a large bazaar make the exact
#: search of 10 tiles the whole cost (Чечевэ for two: 7 s a game, 0.02 s from 6 tiles; docs/expert.md)
EXPERT_EXACT_BAZAAR = 6
#: ... a close decision samples more deals, up to EXPERT_EXTEND times N: it stops once the leading move
#: leads the next by more than EXPERT_Z standard errors (docs/expert.md, "iterative N"). 2 since stop 34 (1
#: before): over 40,000 paired pairs of seeds 2-21, +0.27 +- 0.12 first-deal points and +1.0 point of pairs
#: against counter, at 0.96 of the speed (docs/expert.md); expert-classic keeps issue 26's 1 (EXPERT_Z_CLASSIC)
EXPERT_EXTEND = 3
EXPERT_Z = 2.0
EXPERT_Z_CLASSIC = 1.0
#: the z values an id may ask for (expert_id's z: 1, 2, 3; 0 is EXPERT_Z, or EXPERT_Z_CLASSIC for expert-classic)
EXPERT_Z_CHOICES = (EXPERT_Z, 0.5, 1.0, 2.0)
#: Inference from the play (docs/expert.md): per deal searched, EXPERT_CANDIDATES deals are sampled and one
#: is kept with probability proportional to how likely the other seats' recorded moves were under a model of
#: their play (counter's policy): a move the model would have made weighs 1, any other EXPERT_MISS (soft:
#: never 0). EXPERT_READ: whose moves are read (READ_NOBODY, READ_OPPONENTS, READ_ALL: the partner too).
EXPERT_CANDIDATES = 8
EXPERT_MISS = 0.25
READ_NOBODY = 1
READ_OPPONENTS = 2  # the opponents, by counter's policy
READ_ALL = 3  # ... and the partner, by counter's policy too
READ_PARTNER_MODEL = 4  # the opponents by counter's, the partner by the expert's fitted model (MODEL_FILE)
READ_MODEL_ALL = 5  # everyone by the fitted model
READ_MIXED = 6  # the partner by the model, the opponents by half counter's likelihood, half the model's
#: READ_PARTNER_MODEL since stop 48 (READ_MIXED before): the mixture costs a third of the reading and read no
#: better against counter (pool 40: +0.27 against +0.28 first-deal points over seeds 2-21), so its time went
#: to a larger pool (EXPERT_POOL_PER_DEAL; docs/expert.md, "The opponents by counter, a pool of 40")
EXPERT_READ = READ_PARTNER_MODEL
#: the misses an id may ask for (expert_id's miss: 1, 2, 3; 0 is EXPERT_MISS)
EXPERT_MISS_CHOICES = (EXPERT_MISS, 0.1, 0.25, 0.5)
#: `expert-classic`: the expert of issue 26 (no inference, the draws not read), kept for the benchmarks
EXPERT_CLASSIC = SETTINGS[0].name
#: Above the expert's N in its id: its search depth, exact threshold, play-out at the horizon, extension
#: and z, for the benchmarks' curves only (`expert_id`; no name reads them: `expert:N` keeps the defaults)
EXPERT_DEALS_SHIFT, EXPERT_DEALS_MASK = BOT_ID.field(14)
EXPERT_DEPTH_SHIFT, EXPERT_DEPTH_MASK = BOT_ID.field(5)
EXPERT_EXACT_SHIFT, EXPERT_EXACT_MASK = BOT_ID.field(5)
EXPERT_LEAF_SHIFT, EXPERT_LEAF_MASK = BOT_ID.field(1)
EXPERT_EXTEND_SHIFT, EXPERT_EXTEND_MASK = BOT_ID.field(4)
EXPERT_Z_SHIFT, EXPERT_Z_MASK = BOT_ID.field(2)  # an index of EXPERT_Z_CHOICES
EXPERT_CLASSIC_SHIFT, EXPERT_CLASSIC_MASK = BOT_ID.field(1)  # 1: expert-classic
EXPERT_CAND_SHIFT, EXPERT_CAND_MASK = BOT_ID.field(6)  # candidates per deal searched (0: EXPERT_CANDIDATES)
EXPERT_READ_SHIFT, EXPERT_READ_MASK = BOT_ID.field(3)  # whose moves are read (0: EXPERT_READ)
EXPERT_MISS_SHIFT, EXPERT_MISS_MASK = BOT_ID.field(2)  # an index of EXPERT_MISS_CHOICES
#: 1: the benchmarks' cheater, the expert's search on the true deal (every hand, the bazaar's order): it sees
#: what no player sees, so no name reads it and no level plays it (benchmarks/bench_bots.py --ceiling only)
EXPERT_OPEN_SHIFT, EXPERT_OPEN_MASK = BOT_ID.field(1)
#: How the read deals are drawn: 1, for each deal searched, a weighted pick among EXPERT_CANDIDATES fresh
#: candidates (the first version); P >= 2, one pool of P candidates per decision, weighed once, each deal
#: searched drawn from it by weight, a candidate drawn again reusing its search; 0: the default,
#: EXPERT_POOL_PER_DEAL times N (at most POOL_MAX) with the learned value at the horizon, 1 with play-outs
#: (where the pool lost strength: a deal drawn again reuses one play-out's luck). Chosen by measurement
#: (docs/expert.md)
EXPERT_POOL_SHIFT, EXPERT_POOL_MASK = BOT_ID.field(6)
POOL_MAX = EXPERT_POOL_MASK
#: 3 until stop 33 (4 N read +0.54 +- 0.19 first-deal points over seeds 2-11), 4 until stop 48; 5 N with the
#: opponents read by counter alone: +0.19 +- 0.08 first-deal points over 80,000 pairs of seeds 2-41 at the
#: same speed (docs/expert.md)
EXPERT_POOL_PER_DEAL = 5
#: What values a node at the search's horizon (0: EXPERT_HORIZON): the learned value of the position
#: (expert.LEAF_LEARNED, issue 37 §2) or a play-out (counter's, or greedy with the leaf bit)
EXPERT_HORIZON_SHIFT, EXPERT_HORIZON_MASK = BOT_ID.field(2)
HORIZON_LEARNED = 1
HORIZON_PLAYOUT = 2
EXPERT_HORIZON = HORIZON_LEARNED
#: How the search values the first reply to a move (0: EXPERT_REPLY): REPLY_MODEL, the reply's moves weighed
#: by the model of a player who sees only his own hand (model_reply_value: the replying player cannot see the
#: hand he replies to, so he does not always find the reply an open-hand search would), or REPLY_MINIMAX, the
#: best reply for his side as if every hand were open (alpha-beta all the way, issue 26's search). The model's
#: expectation applies where the horizon is the learned value, from 2 plies deep; the cheater and
#: expert-classic keep minimax. Chosen by measurement (docs/expert.md, stop 34)
EXPERT_REPLY_SHIFT, EXPERT_REPLY_MASK = BOT_ID.field(2)
REPLY_MODEL = 1
REPLY_MINIMAX = 2
EXPERT_REPLY = REPLY_MODEL
#: How the deals searched are drawn from the pool (0: EXPERT_DRAW): DRAW_SPREAD, at evenly spread points of
#: the pool's running weight sums (a golden-ratio sequence from one random start, spread_pooled), so that each
#: candidate is drawn about as often as its weight says; or DRAW_INDEPENDENT, each deal an independent draw by
#: weight (pick_pooled; stop 34 and before), whose chance repeats and misses are noise in the decision. Chosen
#: by measurement (docs/expert.md, stop 47)
EXPERT_DRAW_SHIFT, EXPERT_DRAW_MASK = BOT_ID.field(2)
DRAW_SPREAD = 1
DRAW_INDEPENDENT = 2
EXPERT_DRAW = DRAW_SPREAD
#: the bits of an expert id beyond its N (expert-classic's flag and the measurements' settings)
EXPERT_SETTINGS = ~((EXPERT_DEALS_MASK << EXPERT_DEALS_SHIFT) | (BOT_KIND_MASK << BOT_KIND_SHIFT))


def expert_id(
    deals: int,
    depth: int = 0,
    exact_tiles: int = 0,
    leaf: int = 0,
    extend: int = 0,
    z: int = 0,
    classic: int = 0,
    candidates: int = 0,
    read: int = 0,
    miss: int = 0,
    open_hands: int = 0,
    pool: int = 0,
    horizon: int = 0,
    reply: int = 0,
    draw: int = 0,
) -> int:
    """The id of an expert with N sampled deals and (for measurements) another depth or exact threshold
    (0: the default; at most 31 each), play-out at the horizon (expert.X_POLICY's values), extension (up to
    `extend` times N deals; 1: none; 0: the default), z (an index of EXPERT_Z_CHOICES), `classic` (1: the
    expert of issue 26), candidate deals per deal searched (0: the default, at most 63), whose moves are read
    (READ_*; 0: the default) and the miss (an index of EXPERT_MISS_CHOICES); `open_hands` 1: the cheater
    (EXPERT_OPEN_SHIFT), a benchmark device, never a player; `pool` (EXPERT_POOL_SHIFT; 0: the default);
    `horizon` (HORIZON_LEARNED, HORIZON_PLAYOUT; 0: EXPERT_HORIZON); `reply` (REPLY_MODEL, REPLY_MINIMAX; 0:
    EXPERT_REPLY); `draw` (DRAW_SPREAD, DRAW_INDEPENDENT; 0: EXPERT_DRAW)."""
    assert 1 <= deals <= PARAMETRIC["expert"] and horizon < 3 and reply < 3 and draw < 3
    fields = (
        (deals, EXPERT_DEALS_SHIFT, EXPERT_DEALS_MASK),
        (depth, EXPERT_DEPTH_SHIFT, EXPERT_DEPTH_MASK),
        (exact_tiles, EXPERT_EXACT_SHIFT, EXPERT_EXACT_MASK),
        (leaf, EXPERT_LEAF_SHIFT, EXPERT_LEAF_MASK),
        (extend, EXPERT_EXTEND_SHIFT, EXPERT_EXTEND_MASK),
        (z, EXPERT_Z_SHIFT, EXPERT_Z_MASK),
        (classic, EXPERT_CLASSIC_SHIFT, EXPERT_CLASSIC_MASK),
        (candidates, EXPERT_CAND_SHIFT, EXPERT_CAND_MASK),
        (read, EXPERT_READ_SHIFT, EXPERT_READ_MASK),
        (miss, EXPERT_MISS_SHIFT, EXPERT_MISS_MASK),
        (open_hands, EXPERT_OPEN_SHIFT, EXPERT_OPEN_MASK),
        (pool, EXPERT_POOL_SHIFT, EXPERT_POOL_MASK),
        (horizon, EXPERT_HORIZON_SHIFT, EXPERT_HORIZON_MASK),
        (reply, EXPERT_REPLY_SHIFT, EXPERT_REPLY_MASK),
        (draw, EXPERT_DRAW_SHIFT, EXPERT_DRAW_MASK),
    )
    bot = BOT_EXPERT
    for value, shift, mask in fields:
        assert 0 <= value <= mask, (value, shift)
        bot |= value << shift
    return bot


#: pool_weight's hash table of a seat's kept hands: slots per seat (a power of two, over twice POOL_MAX)
KEPT_SLOTS = 128
#: ... and its hash's multiplier (odd, below 2^63: the product wraps in int64)
KEPT_HASH = 0x2545F4914F6CDD1D

# --- the bots' scratch, allocated once per game by the engine -------------------------------------------
_W = Layout("bot workspace")
W_WORLD = _W.field(N_STATE)  # the sampler's sampled world
W_SIM = _W.field(N_STATE)  # ... and the playout played in it
W_BUF = _W.field(MAX_MOVES)  # legal moves inside a playout
W_SAMPLE = _W.field(30)  # sample_world's scratch
W_CAND = _W.field(N_CORE)  # the expert's candidate deal (inference from the play)
W_READ = _W.field(4)  # ... from which event of the record each seat's moves are read
W_SUMS = _W.field(4)  # deal_value's side sums
W_TOTAL = _W.field(MAX_MOVES)  # the sampler's (and the expert's) total per candidate move
W_EXPERT = _W.field(X_SIZE)  # the expert's search (expert.py's layout; its X_CTX: the game so far)
W_POOL = _W.field(POOL_MAX * N_CORE)  # the expert's pool of read deals (EXPERT_POOL_SHIFT)
W_POOL_DONE = _W.field(POOL_MAX)  # ... 1 once a pooled deal is searched (its values in F_POOL_VALUE)
W_KEPT_HANDS = _W.field(4 * POOL_MAX)  # ... per seat, the hands whose moves' likelihoods are kept (pool_weight)
W_KEPT_COUNT = _W.field(4)  # ... per seat, how many
W_KEPT_ENTRY = _W.field(4)  # ... per seat, the entry of the candidate being weighed
W_KEPT_NEW = _W.field(4)  # ... per seat, 1 if that entry is being computed
W_KEPT_AT = _W.field(4)  # ... per seat, the moves of that entry written so far
W_KEPT_SLOTS = _W.field(4 * KEPT_SLOTS)  # ... per seat, a hash table of those hands: (decision << 8) | entry
W_KEPT_DECISION = _W.field()  # ... the decision the slots are of (fill_pool counts them: no slot is cleared)
W_LAID = _W.field(4)  # record_start: the tiles each seat has laid in the deal
W_DRAWS = _W.field()  # ... and the draws
W_SIZE = _W.size
assert KEPT_SLOTS >= 2 * POOL_MAX and POOL_MAX < 256  # kept_entry: a free slot always, an entry in 8 bits
_F = Layout("bot float workspace")
F_HORIZON = _F.field(2 * N_HORIZON)  # the learned value's weights, then its features' scratch (expert.F_HORIZON)
assert F_HORIZON == EXPERT_F_HORIZON
F_COUNTS = _F.field(5)  # estimate_pips: tiles per holder (4 seats, the bazaar)
F_WEIGHT = _F.field(5 * 28)  # ... tile x holder probabilities
F_VALUE = _F.field(28)  # ... pips of each unseen tile
F_DEALT = _F.field(MAX_MOVES)  # the expert: each move's value in the sampled deal just searched
F_SPREAD = _F.field(MAX_MOVES)  # ... and the sum of its squared deviations from the deal's mean over moves
F_POOL_SUM = _F.field(POOL_MAX)  # the pool's running sum of weights (EXPERT_POOL_SHIFT)
F_POOL_VALUE = _F.field(POOL_MAX * MAX_MOVES)  # ... each searched pooled deal's move values
#: the likelihoods of a seat's moves kept per hand (pool_weight): one per move of the seat read, in order
KEPT_FACTORS = 12
F_KEPT = _F.field(4 * POOL_MAX * KEPT_FACTORS)
#: the expert's model of an expert's moves: a softmax over MODEL_FEATURES, its weights fitted to the expert's
#: own moves by benchmarks/fit_expert_model.py and shipped in MODEL_FILE; engine.workspace() loads them here
MODEL_FEATURES = (
    "pips",
    "doubles",
    "out",
    "ends the next player lacks",
    "ends the previous player lacks",
    "ends the partner lacks",
    "the next player blocked",
    "a sure move",
    "own tiles fitting the ends after",
    "ends the partner fed",
    "unseen tiles fitting the ends after",
)
N_MODEL = len(MODEL_FEATURES)
F_MODEL = _F.field(N_MODEL)
F_REPLY = _F.field(MAX_MOVES)  # model_reply_value: the model's probability of each reply
F_REPLY_FEATURES = _F.field(N_MODEL)  # ... and the features' scratch
F_WORK_SIZE = _F.size


# --- names <-> ids (pure Python, cheap) ------------------------------------------------------------
def parse_bot(name: str) -> int:
    """'random', 'heavy', ..., 'sampler' or 'sampler:N', 'expert' or 'expert:N' -> bot id."""
    text = name.strip() if isinstance(name, str) else name
    if text == EXPERT_CLASSIC:
        return expert_id(EXPERT_DEFAULT_DEALS, classic=1)
    if isinstance(text, str) and text in BOT_IDS:
        return BOT_IDS[text]
    if isinstance(text, str) and ":" in text and text.split(":", 1)[0] in (*PARAMETRIC, EXPERT_CLASSIC):
        kind, arg = text.split(":", 1)
        top = PARAMETRIC["expert" if kind == EXPERT_CLASSIC else kind]
        if arg.isdigit() and 1 <= int(arg) <= top and kind == EXPERT_CLASSIC:
            return expert_id(int(arg), classic=1)
        if arg.isdigit() and 1 <= int(arg) <= top:
            return BOT_IDS[kind] | (int(arg) << BOT_PARAM_SHIFT)
        key = "bots.unknown_worlds" if kind == "sampler" else "bots.unknown_deals"
        raise keyed(ValueError, key, name=name, kind=kind, top=top)
    raise keyed(ValueError, "bots.unknown", name=name, allowed=", ".join(BOT_IDS))


def bot_name(code: int) -> str:
    """Bot id -> the name `parse_bot` reads back."""
    code = int(code)
    kind, arg = code & BOT_KIND_MASK, code >> BOT_PARAM_SHIFT
    if code >= 0 and kind == BOT_EXPERT and code & EXPERT_SETTINGS == 1 << EXPERT_CLASSIC_SHIFT:
        deals = arg & EXPERT_DEALS_MASK
        return EXPERT_CLASSIC if deals == EXPERT_DEFAULT_DEALS else f"{EXPERT_CLASSIC}:{deals}"
    if code >= 0:
        for name, k in BOT_IDS.items():
            if k == kind and arg == 0:
                return name
            if k == kind and name in PARAMETRIC and arg <= PARAMETRIC[name]:
                return f"{name}:{arg}"
    raise ValueError(f"not a bot id: {code}")


# --- what a seat knows -----------------------------------------------------------------------------
# SUITS_OF[values]: the tiles carrying any value of the 7-bit mask `values`
SUITS_OF = np.zeros(128, dtype=np.int64)
for _values in range(128):
    for _v in range(7):
        if _values >> _v & 1:
            SUITS_OF[_values] |= int(SUIT_MASK[_v])


@hot
def forbidden_tiles(lacks):
    """Tiles a seat cannot hold: those carrying a value it knocked on. (A knock comes only
    when the bazaar cannot be drawn from, so the seat never gets such a tile later.)"""
    return SUITS_OF[lacks & 127]


@hot
def unseen_tiles(st, seat):
    """Tiles the seat has not seen: in the other hands or in the bazaar."""
    return ALL_TILES & ~st[ST_BOARD] & ~st[ST_HAND + seat]


@hot
def partner_of(p, seat):
    """The other player of the seat's side, or -1 (каждый сам за себя)."""
    players = p[P_PLAYERS]
    if players == 4:
        other = (seat + 2) & 3
        if p[P_SEAT_SIDE + other] == p[P_SEAT_SIDE + seat]:
            return other
    return -1


@hot
def effective_lacks(st, s, unseen):
    """End values seat s certainly cannot answer now: its knocks, plus values none of whose
    unseen tiles it can hold (all on the table, in our hand, or ruled out by its knocks)."""
    lacks = st[ST_LACKS + s]
    return lacks | (127 & ~values_of(unseen & ~forbidden_tiles(lacks)))


# --- moves -----------------------------------------------------------------------------------------
@hot
def move_tiles(move):
    """Mask of the tiles a move puts on the table."""
    m = 0
    for k in range(move & 7):
        m |= 1 << (placement(move, k) & 31)
    return m


@hot
def add_end(ends, e):
    """Add an open end of value e to a multiset of end values (see `ends_after`)."""
    m1, m2, m3, m4 = ends
    bit = 1 << e
    if m3 & bit:
        m4 |= bit
    elif m2 & bit:
        m3 |= bit
    elif m1 & bit:
        m2 |= bit
    else:
        m1 |= bit
    return m1, m2, m3, m4


@hot
def ends_after(st, move):
    """The open ends after `move`, as a multiset of values: (m1, m2, m3, m4), mk = the 7-bit
    mask of the values shown by at least k open ends. st is not changed.

    Follows core.apply_move: on a chain a tile turns the end it is laid on into its other
    value; on the cross (Осёл) the first double is the house (two more ends of its value)
    and a double laid closed closes its end.
    """
    n_ends = st[ST_N_ENDS]
    cross = st[ST_CROSS_FLAG]
    e0 = st[ST_END]
    e1 = st[ST_END + 1]
    if not cross:
        # the chain: one tile, two doubles (each leaves its end as it was), or after an extra lead two
        # tiles, one per end (R-004-morskoy-extra); the extra lead itself shows 6 and 0; 60 in its gap
        # changes no end
        for k in range(move & 7):
            pl = placement(move, k)
            t = pl & 31
            slot = (pl >> 5) & 7
            if n_ends == 0:
                if k == 0:
                    e0 = TILE_LO[t]
                    e1 = TILE_HI[t]
                else:
                    e1 = TILE_LO[t]
            elif slot == 0:
                e0 = TILE_LO[t] + TILE_HI[t] - e0
            elif slot == 1:
                e1 = TILE_LO[t] + TILE_HI[t] - e1
        return (1 << e0) | (1 << e1), (1 << e0) if e0 == e1 else 0, 0, 0
    arms = st[ST_OPEN]
    house = st[ST_HOUSE]
    e2 = st[ST_END + 2]
    e3 = st[ST_END + 3]
    for k in range(move & 7):
        pl = placement(move, k)
        t = pl & 31
        slot = (pl >> 5) & 7
        closed = (pl >> 8) & 1
        lo = TILE_LO[t]
        hi = TILE_HI[t]
        if n_ends == 0:
            e0 = lo
            e1 = hi
            n_ends = 2
            arms = 3
            if lo == hi and cross:
                e2 = lo
                e3 = lo
                n_ends = 4
                arms = 15
                house = 1
        elif lo == hi and cross:
            if closed:
                arms &= ~(1 << slot)
            elif house == 0:  # the first double laid open is the house
                house = 1
                e2 = lo
                e3 = lo
                n_ends = 4
                arms |= 12
        elif slot == 0:
            e0 = lo + hi - e0
        elif slot == 1:
            e1 = lo + hi - e1
        elif slot == 2:
            e2 = lo + hi - e2
        else:
            e3 = lo + hi - e3
    ends = (0, 0, 0, 0)
    if n_ends > 0 and arms & 1:
        ends = add_end(ends, e0)
    if n_ends > 1 and arms & 2:
        ends = add_end(ends, e1)
    if n_ends > 2 and arms & 4:
        ends = add_end(ends, e2)
    if n_ends > 3 and arms & 8:
        ends = add_end(ends, e3)
    return ends


@hot
def count_ends_in(ends, values):
    """How many open ends show a value of the 7-bit mask `values`."""
    return (
        CHUNK_POP[ends[0] & values]
        + CHUNK_POP[ends[1] & values]
        + CHUNK_POP[ends[2] & values]
        + CHUNK_POP[ends[3] & values]
    )


# --- heavy (1) -------------------------------------------------------------------------------------
@hot
def keep_best(w, i, best, best_count, choice, rng):
    """One step of an argmax with ties broken uniformly at random (reservoir sampling):
    returns the new (best weight, number of moves tied at it, chosen index)."""
    if w > best:
        return w, 1, i
    if w == best:
        best_count += 1
        if rng_below(rng, 1, best_count) == 0:
            choice = i
    return best, best_count, choice


#: What a 00 left in hand weighs for the bots when it makes its holder a goat (kept_00_goat): above
#: the pips and doubles weights (at most 74), below counter's blocking (128 per end).
KEPT_00_WEIGHT = 100


# R-004-chechevae-kept
@hot
def kept_cost(p, move):
    """What the move's tiles would cost left in hand beyond their pips (Чечевэ: 66 writes kept_66_writes
    more, 00 makes a goat), so the bots shed them like heavy tiles; 0 under every other rule."""
    return kept_cost_of(p, move_tiles(move))


@hot
def kept_cost_of(p, tiles):
    """`kept_cost` of a move whose tile mask is known (the counter has it already)."""
    w = 0
    if tiles >> T66 & 1:
        w += p[P_KEPT_66_WRITES]
    if p[P_KEPT_00_GOAT] and tiles >> T00 & 1:
        w += KEPT_00_WEIGHT
    return w


@hot
def choose_heavy(p, moves, n, rng):
    """The move shedding the most pips (and Чечевэ's costly 66 and 00); ties uniformly at random
    (reservoir sampling)."""
    best = -1
    best_count = 0
    choice = 0
    for i in range(n):
        w = move_pips(moves[i]) + kept_cost(p, moves[i])
        best, best_count, choice = keep_best(w, i, best, best_count, choice, rng)
    return choice


# --- doubles (2) -----------------------------------------------------------------------------------
@hot
def doubles_weight(move):
    """Pips shed, plus 100 per double: doubles first, the heaviest double first."""
    w = 0
    for k in range(move & 7):
        t = placement(move, k) & 31
        w += TILE_LO[t] + TILE_HI[t]
        if TILE_LO[t] == TILE_HI[t]:
            w += 100
    return w


@jit
def choose_doubles(p, moves, n, rng):
    """Doubles first (most doubles in the move, heaviest double first, Чечевэ's costly 00 and 66
    before them), then the heaviest tile."""
    best = -1
    best_count = 0
    choice = 0
    for i in range(n):
        w = doubles_weight(moves[i]) + kept_cost(p, moves[i])
        best, best_count, choice = keep_best(w, i, best, best_count, choice, rng)
    return choice


# --- partner (3) -----------------------------------------------------------------------------------
@jit
def choose_partner(p, st, seat, moves, n, rng):
    """Keep the ends the partner fed open, keep away from ends he knocked on; lead the longest suit."""
    hand = st[ST_HAND + seat]
    partner = partner_of(p, seat)
    fed = st[ST_FED + partner] if partner >= 0 else 0
    lacks = st[ST_LACKS + partner] if partner >= 0 else 0
    lead = st[ST_N_ENDS] == 0
    best = -(1 << 62)
    best_count = 0
    choice = 0
    for i in range(n):
        m = moves[i]
        w = move_pips(m) + kept_cost(p, m)
        if lead:
            t = placement(m, 0) & 31
            a = popcount(hand & SUIT_MASK[TILE_LO[t]])
            b = popcount(hand & SUIT_MASK[TILE_HI[t]])
            w += 1000 * max(a, b) + 30 * min(a, b)
        elif partner >= 0:
            ends = ends_after(st, m)
            w += 100 * count_ends_in(ends, fed) - 30 * count_ends_in(ends, lacks)
        best, best_count, choice = keep_best(w, i, best, best_count, choice, rng)
    return choice


# --- counter (4) -----------------------------------------------------------------------------------
@jit
def fit_holders(weight, counts, n):
    """Iterative proportional fitting of `weight` (n unseen tiles by 5 holders), in place: six rounds, each
    but the first scaling every column to its holder's count, then every row to 1 (each tile is somewhere)."""
    for it in range(6):
        if it > 0:
            for h in range(5):
                col = 0.0
                for i in range(n):
                    col += weight[i * 5 + h]
                if col > 0:
                    f = counts[h] / col
                    for i in range(n):
                        weight[i * 5 + h] *= f
        for i in range(n):
            row = weight[i * 5] + weight[i * 5 + 1] + weight[i * 5 + 2] + weight[i * 5 + 3] + weight[i * 5 + 4]
            if row > 0:
                for h in range(5):
                    weight[i * 5 + h] /= row


@jit
def estimate_pips(p, st, seat, unseen, fwork):
    """Expected pips of every other hand (a tuple by seat; 0 for `seat`).

    Only public information: the unseen tiles (not on the table, not ours), how many
    tiles each hand and the bazaar hold, and the knocks. Without knocks on unseen tiles
    every holder gets its share of the unseen pips. Otherwise the tile-to-holder
    probabilities are fitted by iterative proportional fitting: each unseen tile is
    somewhere (rows sum to 1), each holder has its count (columns sum to the counts),
    and a seat never holds a tile of a value it knocked on. Holder 4 is the bazaar.
    `fwork`: float scratch (F_WORK_SIZE): the engine's move loop allocates nothing.
    """
    players = p[P_PLAYERS]
    total = bazaar_left(p, st)
    constrained = False
    for s in range(players):
        if s != seat:
            c = popcount(st[ST_HAND + s])
            total += c
            if c > 0 and unseen & forbidden_tiles(st[ST_LACKS + s]):
                constrained = True
    if not constrained or total == 0:
        share = pips(unseen) / total if total > 0 else 0.0
        c0 = popcount(st[ST_HAND]) * share if seat != 0 else 0.0
        c1 = popcount(st[ST_HAND + 1]) * share if seat != 1 else 0.0
        c2 = popcount(st[ST_HAND + 2]) * share if seat != 2 else 0.0
        c3 = popcount(st[ST_HAND + 3]) * share if seat != 3 else 0.0
        return c0, c1, c2, c3
    counts = fwork[F_COUNTS : F_COUNTS + 5]
    allowed0 = allowed1 = allowed2 = allowed3 = 0
    for h in range(5):
        counts[h] = 0.0
    for s in range(players):
        if s != seat:
            counts[s] = popcount(st[ST_HAND + s])
            mask = unseen & ~forbidden_tiles(st[ST_LACKS + s])
            if s == 0:
                allowed0 = mask
            elif s == 1:
                allowed1 = mask
            elif s == 2:
                allowed2 = mask
            else:
                allowed3 = mask
    counts[4] = bazaar_left(p, st)
    n = popcount(unseen)
    weight = fwork[F_WEIGHT : F_WEIGHT + 5 * 28]  # row i (an unseen tile), column h (a holder): i * 5 + h
    value = fwork[F_VALUE : F_VALUE + 28]
    m = unseen
    i = 0
    while m:
        low = m & -m
        m ^= low
        t = lowest_bit_index(low)
        value[i] = TILE_LO[t] + TILE_HI[t]
        any_holder = False
        for h in range(5):
            allowed = (
                allowed0 if h == 0 else allowed1 if h == 1 else allowed2 if h == 2 else allowed3 if h == 3 else unseen
            )
            weight[i * 5 + h] = 0.0
            if counts[h] > 0 and allowed >> t & 1:
                weight[i * 5 + h] = counts[h]
                any_holder = True
        if not any_holder:  # not in a real deal: anyone may hold it
            for h in range(5):
                weight[i * 5 + h] = counts[h]
        i += 1
    fit_holders(weight, counts, n)
    e0 = e1 = e2 = e3 = 0.0
    for i in range(n):
        e0 += value[i] * weight[i * 5]
        e1 += value[i] * weight[i * 5 + 1]
        e2 += value[i] * weight[i * 5 + 2]
        e3 += value[i] * weight[i * 5 + 3]
    return (0.0 if seat == 0 else e0, 0.0 if seat == 1 else e1, 0.0 if seat == 2 else e2, 0.0 if seat == 3 else e3)


# R-004-morskoy-extra
@hot
def open_gap_after(st, move):
    """The tile mask {60} if an extra lead's gap is still open after `move` (it did not fill it), else 0."""
    if not st[ST_EXTRA] & EXTRA_GAP:
        return 0
    if (move & 7) == 1 and (placement(move, 0) >> 5) & 7 == SLOT_GAP:
        return 0
    return 1 << T06


@hot
def fish_outlook(p, seat, est, own_left):
    """+1 if a fish now likely wins for the seat's side, -1 if it likely loses, 0 if even:
    its own hand exact (`own_left` pips after the move), the others' expected (`est`)."""
    if p[P_FISH_WINNER] == FISH_WINNER_FISHERMAN:
        return 1
    if p[P_FISH_WINNER] == FISH_WINNER_REPLAYED:
        return 0  # a fish is replayed: nobody wins it
    my_side = p[P_SEAT_SIDE + seat]
    mine = 0.0
    low = 1e9
    for side in range(p[P_N_SIDES]):
        total = 0.0
        for s in range(p[P_PLAYERS]):
            if p[P_SEAT_SIDE + s] == side:
                total += own_left if s == seat else est[s]
        if side == my_side:
            mine = total
        else:
            low = min(low, total)
    if mine < low - 0.5:
        return 1
    if mine > low + 0.5:
        return -1
    return 0


@jit
def choose_counter(p, st, seat, moves, n, rng, fwork):
    """The counter's choice behind an ordinary call (the sampler's play-outs, `choose_move`)."""
    return counter_choice(p, st, seat, moves, n, rng, fwork)


# The default level's bot: inlined into the engine's move loop as well (engine.bot_choice), where no array
# is reference-counted; behind choose_thoughtful's two calls it ran at half the speed (bench_bots.py).
@hot
def counter_context(p, st, seat):
    """What counter reads once a decision: its hand, the unseen tiles, the end values the next and the
    previous opponent and the partner certainly lack, and the values nobody else holds."""
    players = p[P_PLAYERS]
    hand = st[ST_HAND + seat]
    unseen = unseen_tiles(st, seat)
    nxt = seat + 1 if seat + 1 < players else 0
    prv = seat - 1 if seat > 0 else players - 1
    partner = partner_of(p, seat)
    my_side = p[P_SEAT_SIDE + seat]
    lack_next = effective_lacks(st, nxt, unseen) if p[P_SEAT_SIDE + nxt] != my_side else 0
    lack_prev = effective_lacks(st, prv, unseen) if prv != nxt and p[P_SEAT_SIDE + prv] != my_side else 0
    lack_partner = effective_lacks(st, partner, unseen) if partner >= 0 else 0
    dead = 127 & ~values_of(unseen)  # values nobody else holds
    return hand, unseen, lack_next, lack_prev, lack_partner, dead


@hot
def counter_weight(p, st, seat, m, ctx, est, have_est, fwork):
    """Counter's weight of move m (counter_choice); the others' expected pips `est` are estimated the first
    time a move makes a fish (have_est). Returns (weight, est, have_est)."""
    hand, unseen, lack_next, lack_prev, lack_partner, dead = ctx
    tiles = move_tiles(m)
    left = hand & ~tiles
    w = move_pips(m) + 25 * popcount(tiles & DOUBLES_MASK) + kept_cost_of(p, tiles)  # doubles first, then heavy
    if left == 0:
        w += 1 << 40
    else:
        ends = ends_after(st, m)
        if st[ST_N_ENDS] > 0 and ((unseen | left) & (SUITS_OF[ends[0]] | open_gap_after(st, m))) == 0:
            # this move makes a fish: no tile anywhere matches an open end (or an extra lead's open gap)
            if not have_est:
                est = estimate_pips(p, st, seat, unseen, fwork)
                have_est = True
            if st[ST_LEAD_TILE] != FORCED_EXTRA:  # an extra lead's fish is replayed: nobody wins it
                w += fish_outlook(p, seat, est, pips(left)) << 30
        if left & SUITS_OF[ends[0] & dead]:
            w += 1 << 20  # a sure move: an end only this hand can answer
        block = (
            2 * count_ends_in(ends, lack_next) + count_ends_in(ends, lack_prev) - 2 * count_ends_in(ends, lack_partner)
        )
        if ends[0] != 0 and (ends[0] & ~lack_next) == 0:
            block += 4  # the next opponent cannot move
        w += 128 * block  # above any doubles-and-pips weight (at most 74)
    return w, est, have_est


@hot
def counter_choice(p, st, seat, moves, n, rng, fwork):
    """Counts the tiles. In order: an out; a fish when its side is likely lighter (never one
    when likely heavier); keep a sure move (an end only it can answer, «сидит на конце»);
    block (make ends the opponents cannot answer, the next player first); doubles first,
    then the heaviest move (counter_weight)."""
    ctx = counter_context(p, st, seat)
    have_est = False
    est = (0.0, 0.0, 0.0, 0.0)
    best = -(1 << 62)
    best_count = 0
    choice = 0
    for i in range(n):
        w, est, have_est = counter_weight(p, st, seat, moves[i], ctx, est, have_est, fwork)
        best, best_count, choice = keep_best(w, i, best, best_count, choice, rng)
    return choice


@hot
def counter_likelihood(p, st, seat, moves, n, move, miss, fwork):
    """How likely counter was to play `move` among the n legal `moves`: 1 / ties when it is among the moves
    of counter's best weight (it picks among them at random), else `miss` (soft: never 0)."""
    return counter_likelihood_in(p, st, seat, moves, n, move, miss, fwork, counter_context(p, st, seat))


@hot
def counter_likelihood_in(p, st, seat, moves, n, move, miss, fwork, ctx):
    """counter_likelihood, given the seat's counter_context `ctx` (the reading's mixture computes it once for
    both of its models)."""
    # The recorded move's weight first, then the others until one outweighs it: most moves of a wrong hand are
    # not counter's best, and the weights that are not needed are not computed (the same number: a weight
    # depends on the position only, the estimate of the other hands too, whenever it is first needed).
    j = -1
    for i in range(n):
        if moves[i] == move:
            j = i
            break
    if j < 0:
        return miss
    est = (0.0, 0.0, 0.0, 0.0)
    mine, est, have_est = counter_weight(p, st, seat, move, ctx, est, False, fwork)
    ties = 1
    for i in range(n):
        if i == j:
            continue
        w, est, have_est = counter_weight(p, st, seat, moves[i], ctx, est, have_est, fwork)
        if w > mine:
            return miss
        if w == mine:
            ties += 1
    return 1.0 / ties


# the expert's play-outs at the horizon play like counter (expert.counter_playout), inlined there (as in the
# engine's move loop: behind a call, its arrays reference-counted, a play-out ran slower)
use_counter_policy(counter_choice)


# --- sampler (5) -----------------------------------------------------------------------------------
@jit
def pass_along(work, t):
    """Give tile t to a possible holder when every possible holder is full (sample_world's scratch
    `work`): find a chain h0 -> h1 -> ... -> hk (hk has room) where a tile of h_j may move to h_j+1,
    shift along it and give t to h0 (always possible for a real deal; otherwise t goes to anyone
    with room)."""
    queue = 0  # holders to expand
    for h in range(5):
        work[20 + h] = -2  # unvisited
        if work[h] > 0 and not (work[10 + h] >> t & 1):
            work[20 + h] = -1
            queue |= 1 << h
    found = -1
    while queue and found < 0:
        u = lowest_bit_index(queue & -queue)
        queue &= ~(1 << u)
        for v in range(5):
            if work[v] == 0 or work[20 + v] != -2:
                continue
            movable = work[15 + u] & ~work[10 + v]
            if movable:
                work[20 + v] = u
                work[25 + v] = lowest_bit_index(movable & -movable)
                if work[5 + v] > 0:
                    found = v
                    break
                queue |= 1 << v
    if found < 0:  # not in a real deal: give it to anyone with room
        for h in range(5):
            if work[5 + h] > 0:
                work[15 + h] |= 1 << t
                work[5 + h] -= 1
                break
        return
    work[5 + found] -= 1
    v = found
    while work[20 + v] >= 0:
        u = work[20 + v]
        x = work[25 + v]
        work[15 + u] &= ~(1 << x)
        work[15 + v] |= 1 << x
        v = u
    work[15 + v] |= 1 << t


@jit
def deal_unseen(unseen, rng, work):
    """Deal the unseen tiles to the holders of sample_world's scratch `work` (sizes, free room and
    forbidden tiles set): tiles with fewer possible holders first (then by tile), each to a possible holder
    with probability proportional to its free room."""
    # Which holders may take a tile does not change while dealing (sizes and forbidden tiles are fixed; only
    # the free room shrinks), so the tiles are sorted by their number of possible holders once, not re-counted
    # for every number (the same tiles in the same order, the same random numbers: the same deals).
    by0 = by1 = by2 = by3 = by4 = by5 = 0
    m = unseen
    while m:
        low = m & -m
        m ^= low
        t = lowest_bit_index(low)
        holders = 0
        for h in range(5):
            if work[h] > 0 and not (work[10 + h] >> t & 1):
                holders += 1
        if holders == 0:
            by0 |= low
        elif holders == 1:
            by1 |= low
        elif holders == 2:
            by2 |= low
        elif holders == 3:
            by3 |= low
        elif holders == 4:
            by4 |= low
        else:
            by5 |= low
    for want in range(6):  # tiles with `want` possible holders first (0 = impossible: anyone)
        m = (by0, by1, by2, by3, by4, by5)[want]
        while m:
            low = m & -m
            m ^= low
            t = lowest_bit_index(low)
            room = 0
            for h in range(5):
                if want == 0 or not (work[10 + h] >> t & 1):
                    room += work[5 + h]
            if room == 0:
                pass_along(work, t)
                continue
            r = rng_below(rng, 1, room)
            for h in range(5):
                if want == 0 or not (work[10 + h] >> t & 1):
                    if r < work[5 + h]:
                        work[15 + h] |= 1 << t
                        work[5 + h] -= 1
                        break
                    r -= work[5 + h]


@jit
def sample_world(p, st, seat, world, rng, work):
    """sample_deal with the draws read (the sampler's and the expert's deals)."""
    sample_deal(p, st, seat, world, rng, work, True)


@jit
def sample_deal(p, st, seat, world, rng, work, draws):
    """Copy st into `world` (its position: not the record's events) and deal the unseen tiles to the other
    hands and the bazaar.

    Consistent with what the seat saw: each hand gets as many tiles as it holds and
    never a tile carrying a value it knocked on, nor (with `draws`) one that fitted the table when it last
    began to draw (ST_DREW: it drew because it held none, R-solo-draw; the tiles it drew then that did not
    fit did not either, and the one that fitted it laid); the bazaar gets as many as it holds,
    in a random draw order. Tiles with fewer possible holders go first, each to a
    possible holder with probability proportional to its free room (uniform when nobody
    knocked); when every possible holder is full, tiles are passed along a chain of
    holders to make room (pass_along). The record of how the tiles were dealt (ST_ORDER
    before the bazaar) is blanked. `work`: scratch, 30 ints or more.
    """
    players = p[P_PLAYERS]
    for i in range(N_CORE):
        world[i] = st[i]
    unseen = unseen_tiles(st, seat)
    n_bazaar = bazaar_left(p, st)
    # holders 0-3: the seats, 4: the bazaar. work[0:5] size, work[5:10] free room,
    # work[10:15] forbidden tiles, work[15:20] tiles dealt, work[20:25] BFS parent,
    # work[25:30] the tile moved along the chain
    for h in range(5):
        work[h] = 0
        work[10 + h] = 0
        work[15 + h] = 0
    for s in range(players):
        if s != seat:
            work[s] = popcount(st[ST_HAND + s])
            work[10 + s] = forbidden_tiles(st[ST_LACKS + s])
            if draws:
                work[10 + s] |= st[ST_DREW + s]
    work[4] = n_bazaar
    for h in range(5):
        work[5 + h] = work[h]
    deal_unseen(unseen, rng, work)
    for s in range(players):
        if s != seat:
            world[ST_HAND + s] = work[15 + s]
    pos = st[ST_BAZAAR_POS] if p[P_BAZAAR] > 0 else 28
    for i in range(pos):
        world[ST_ORDER + i] = 0  # hidden: how the tiles were dealt
    if n_bazaar > 0:  # the bazaar in a random draw order
        b = work[19]
        k = 0
        while b:
            low = b & -b
            b ^= low
            world[ST_ORDER + pos + k] = lowest_bit_index(low)
            k += 1
        for i in range(n_bazaar - 1, 0, -1):
            j = rng_below(rng, 1, i + 1)
            x = world[ST_ORDER + pos + i]
            world[ST_ORDER + pos + i] = world[ST_ORDER + pos + j]
            world[ST_ORDER + pos + j] = x


@jit
def deal_value(p, sim, last, out_tiles, side, sums):
    """A finished deal's points for `side`: what the other sides write (averaged over them)
    minus what `side` writes. One deal alone: no threshold, eggs pot or memory. `sums`:
    scratch for the four side sums. An extra lead's fish is replayed: worth nothing to anyone."""
    players = p[P_PLAYERS]
    n_sides = p[P_N_SIDES]
    out = sim[ST_HAND + last] == 0
    if not out and sim[ST_LEAD_TILE] == FORCED_EXTRA:
        return 0
    for s in range(4):
        sums[s] = 0
    for s in range(players):
        sums[p[P_SEAT_SIDE + s]] += pips(sim[ST_HAND + s])
    losers = deal_losers(p, sums, 0, not out, p[P_SEAT_SIDE + last])
    winners_plain = 0
    for s in range(n_sides):
        if not (losers >> s & 1):
            winners_plain += sums[s]
    others = 0
    own = 0
    for s in range(n_sides):
        if not (losers >> s & 1):
            continue
        base = losing_base(p, sim, s, not out, out_tiles, winners_plain)
        if s == side:
            own = base
        else:
            others += base
    return others - (n_sides - 1) * own


@jit
def playout(p, sim, seat, move, rng, buf, sums, fwork):
    """Play `move` for `seat` in the private state `sim`, then everyone plays like the
    counter bot to the end of the deal (drawing from the bazaar, knocking, a fish when the
    table shows it or after a round of knocks, as the engine does); return the deal's value
    for the seat's side (`deal_value`)."""
    players = p[P_PLAYERS]
    side = p[P_SEAT_SIDE + seat]
    turn = seat
    m = move
    while True:
        m_seat = turn
        apply_move(sim, turn, m)
        if sim[ST_HAND + turn] == 0:
            return deal_value(p, sim, turn, out_tile_bits(m), side, sums)
        turn = turn + 1 if turn + 1 < players else 0
        if is_fish(p, sim):
            for _ in range(fish_draws(p, sim)):
                draw_next(sim, turn)
            return deal_value(p, sim, m_seat, 0, side, sums)
        k = legal_moves(p, sim, turn, buf)
        knocks = 0
        while k == 0:  # draw or knock until somebody can move, or everyone has knocked
            if may_draw(p, sim):
                draw_next(sim, turn)
            else:
                for i in range(sim[ST_N_ENDS]):
                    if sim[ST_OPEN] >> i & 1:
                        sim[ST_LACKS + turn] |= 1 << sim[ST_END + i]
                turn = turn + 1 if turn + 1 < players else 0
                knocks += 1
                if knocks == players:  # a round of knocks: a fish the table did not show
                    return deal_value(p, sim, m_seat, 0, side, sums)
            k = legal_moves(p, sim, turn, buf)
        m = buf[counter_choice(p, sim, turn, buf, k, rng, fwork) if k > 1 else 0]


@jit
def choose_sampler(bot, p, st, seat, moves, n, rng, work, fwork):
    """For each of W sampled worlds (hidden hands and bazaar consistent with the counts and
    knocks) play every candidate move out to the end of the deal, everyone playing like
    the counter bot; pick the move with the best total (`deal_value`)."""
    worlds = bot >> BOT_PARAM_SHIFT
    if worlds <= 0:
        worlds = SAMPLER_DEFAULT_WORLDS
    world = work[W_WORLD : W_WORLD + N_STATE]
    sim = work[W_SIM : W_SIM + N_STATE]
    buf = work[W_BUF : W_BUF + MAX_MOVES]
    sample = work[W_SAMPLE : W_SAMPLE + 30]
    sums = work[W_SUMS : W_SUMS + 4]
    total = work[W_TOTAL : W_TOTAL + MAX_MOVES]
    for i in range(n):
        total[i] = 0
    for _ in range(worlds):
        sample_world(p, st, seat, world, rng, sample)
        for i in range(n):
            for j in range(N_CORE):
                sim[j] = world[j]
            total[i] += playout(p, sim, seat, moves[i], rng, buf, sums, fwork)
    best = -(1 << 62)
    best_count = 0
    choice = 0
    for i in range(n):
        w = total[i]
        best, best_count, choice = keep_best(w, i, best, best_count, choice, rng)
    return choice


# --- general (7) and general-signal (8): Генерал, text 004 ------------------------------------------------
GENERAL_TILES = (1 << 0) | (1 << 27)  # 00 and 66 (tile ids of `codes`)


@hot
def general_values(tiles):
    """The end values that 00 / 66 among `tiles` wait for: bit 0 for 00, bit 6 for 66."""
    return (1 if tiles & 1 else 0) | (64 if tiles >> 27 & 1 else 0)


# R-004-general-signals
@jit
def choose_general(p, st, seat, moves, n, rng, signals):
    """Генерал: go out on 00 / 66 if it can (a генерал against the next player); else go out; never
    lay 00 / 66 before the out; keep open the ends its own 00 / 66 wait for. With `signals` (the
    wink for 00, the puffed cheek for 66, «подмигнуть … надуть щёки») it knows whether its partner
    still holds 00 and 66, and so whether one neither on the table nor with its side is an
    opponent's: it starves the ends its partner's double waits for (so that he is never forced to
    lay it before his out) and opens those an opponent's waits for (to force it out early, when it
    makes no генерал). The signal is the only thing it learns of another hand. Then the heaviest
    tile; ties at random. (The signs were chosen by measurement: see the README's Генерал section.)"""
    hand = st[ST_HAND + seat]
    partner = partner_of(p, seat)
    theirs = st[ST_HAND + partner] & GENERAL_TILES if signals and partner >= 0 else 0
    # with signals, a 00 / 66 neither on the table nor with us is an opponent's
    rivals = GENERAL_TILES & ~st[ST_BOARD] & ~hand & ~theirs if signals and partner >= 0 else 0
    best = -(1 << 62)
    best_count = 0
    choice = 0
    for i in range(n):
        m = moves[i]
        tiles = move_tiles(m)
        left = hand & ~tiles
        w = move_pips(m)
        if left == 0:
            w += 100000 if tiles & GENERAL_TILES else 10000
        else:
            if tiles & GENERAL_TILES:
                w -= 5000  # a 00 / 66 laid before the out can no longer make a генерал
            ends = ends_after(st, m)
            w += 300 * count_ends_in(ends, general_values(left)) - 200 * count_ends_in(ends, general_values(theirs))
            w += 250 * count_ends_in(ends, general_values(rivals))
        best, best_count, choice = keep_best(w, i, best, best_count, choice, rng)
    return choice


# --- expert (9) ---------------------------------------------------------------------------------------
@hot
def set_game_context(work, gs, counted):
    """The engine tells the expert, before each deal, the game state the deal starts from (public: the
    scores on the board) and the deals counted so far towards a match: its search scores the ends of the
    deal as the engine will."""
    for i in range(N_GAME_STATE):
        work[W_EXPERT + X_CTX + i] = gs[i]
    work[W_EXPERT + X_COUNTED] = counted


@hot
def expert_settled(total, spread, means, n, k, z):
    """After k sampled deals: does the leading move lead the next by more than z standard errors? A move's
    noise is the variance over the deals of its value minus the deal's mean over moves (`spread`: the sum
    of its squares; `means`: the sum of the deals' means), so what a deal does to every move alike (a good
    or a bad deal) is not counted as noise."""
    a = 0
    for i in range(1, n):
        if total[i] > total[a]:
            a = i
    b = 1 if a == 0 else 0
    for i in range(n):
        if i != a and total[i] > total[b]:
            b = i
    lead = (total[a] - total[b]) / k
    da = (total[a] - means) / k
    db = (total[b] - means) / k
    noise = (max(spread[a] / k - da * da, 0.0) + max(spread[b] / k - db * db, 0.0)) / k
    return lead * lead > z * z * noise


MODEL_FILE = Path(__file__).with_name("expert_model.json")


def model_weights() -> np.ndarray:
    """The shipped weights of the expert's model (MODEL_FILE), in MODEL_FEATURES' order."""
    data = json.loads(MODEL_FILE.read_text(encoding="utf-8"))
    assert tuple(data["features"]) == MODEL_FEATURES, f"{MODEL_FILE}: not the features of bots.MODEL_FEATURES"
    return np.array(data["weights"], dtype=np.float64)


HORIZON_FILE = Path(__file__).with_name("horizon_model.json")


def horizon_weights() -> np.ndarray:
    """The shipped weights of the learned value at the horizon (HORIZON_FILE), in expert.HORIZON_FEATURES'
    order."""
    data = json.loads(HORIZON_FILE.read_text(encoding="utf-8"))
    assert tuple(data["features"]) == HORIZON_FEATURES, f"{HORIZON_FILE}: not expert.HORIZON_FEATURES"
    return np.array(data["weights"], dtype=np.float64)


@hot
def model_features(p, st, seat, m, ctx, fed, out):
    """MODEL_FEATURES of move m for `seat` (what it sees only: its hand, the table, the knocks) into `out`."""
    hand, unseen, lack_next, lack_prev, lack_partner, dead = ctx
    tiles = move_tiles(m)
    left = hand & ~tiles
    ends = ends_after(st, m)
    e0 = ends[0]
    out[0] = move_pips(m)
    out[1] = popcount(tiles & DOUBLES_MASK)
    out[2] = 1.0 if left == 0 else 0.0
    out[3] = count_ends_in(ends, lack_next)
    out[4] = count_ends_in(ends, lack_prev)
    out[5] = count_ends_in(ends, lack_partner)
    out[6] = 1.0 if e0 != 0 and (e0 & ~lack_next) == 0 else 0.0
    out[7] = 1.0 if left & SUITS_OF[e0 & dead] else 0.0
    out[8] = popcount(left & SUITS_OF[e0])
    out[9] = count_ends_in(ends, fed)
    out[10] = popcount(unseen & SUITS_OF[e0])


@hot
def model_score(p, st, seat, m, ctx, fed, f, fwork):
    """The model's score of move m for `seat` (its softmax's exponent): MODEL_FEATURES, computed into the
    scratch `f`, dotted with the weights at fwork[F_MODEL]."""
    model_features(p, st, seat, m, ctx, fed, f)
    z = 0.0
    for j in range(N_MODEL):
        z += fwork[F_MODEL + j] * f[j]
    return z


@hot
def model_likelihood(p, st, seat, moves, n, move, fwork):
    """How likely the fitted model (a softmax over model_features, weights fwork[F_MODEL]) makes `seat` play
    `move` among the n legal `moves`: never 0."""
    return model_likelihood_in(p, st, seat, moves, n, move, fwork, counter_context(p, st, seat))


@hot
def model_likelihood_in(p, st, seat, moves, n, move, fwork, ctx):
    """model_likelihood, given the seat's counter_context `ctx`."""
    partner = partner_of(p, seat)
    fed = st[ST_FED + partner] if partner >= 0 else 0
    f = fwork[F_DEALT : F_DEALT + N_MODEL]  # scratch: F_DEALT is the search's, written after the sampling
    top = 0.0
    total = 0.0
    mine = 0.0
    for i in range(n):
        z = model_score(p, st, seat, moves[i], ctx, fed, f, fwork)
        if moves[i] == move:
            mine = z
        if i == 0:  # the running sum starts at the first move's term (no exp of a huge negative number)
            total = 1.0
            top = z
        elif z > top:
            total = total * np.exp(top - z) + 1.0
            top = z
        else:
            total += np.exp(z - top)
    return np.exp(mine - top) / total


@hot
def reads_seat(p, seat, other, read):
    """Whether the expert at `seat` reads the moves of `other` (EXPERT_READ's values)."""
    if other == seat or read == READ_NOBODY:
        return False
    return read != READ_OPPONENTS or p[P_SEAT_SIDE + other] != p[P_SEAT_SIDE + seat]


@hot
def move_likelihood(p, st, seat, other, moves, n, move, read, miss, fwork):
    """How likely `other`'s recorded `move` was under the model `read` gives it (EXPERT_READ's values)."""
    partner = p[P_SEAT_SIDE + other] == p[P_SEAT_SIDE + seat]
    ctx = counter_context(p, st, other)
    if read == READ_MODEL_ALL or (partner and (read == READ_PARTNER_MODEL or read == READ_MIXED)):  # noqa: SIM109
        return model_likelihood_in(p, st, other, moves, n, move, fwork, ctx)
    if read == READ_MIXED:
        by_counter = counter_likelihood_in(p, st, other, moves, n, move, miss, fwork, ctx)
        return 0.5 * by_counter + 0.5 * model_likelihood_in(p, st, other, moves, n, move, fwork, ctx)
    return counter_likelihood_in(p, st, other, moves, n, move, miss, fwork, ctx)


@jit
def history_weight(p, st, seat, world, work, fwork, read, miss):
    """How likely the recorded moves (st's ST_HIST) of the seats `seat` reads were, had the hidden hands been
    the sampled deal `world`'s, under counter's policy: the product over those moves of counter_likelihood
    (1 / ties when the recorded move is among counter's best in the position replayed from the deal's start,
    else `miss`). The hands at the start are the world's plus what each seat has laid since; a seat's moves
    before its last draw are not read (the tiles it drew then are not known). Uses work's W_SIM (the
    replay), W_BUF and record_start's fields."""
    record_start(st, work)
    return replay_record(p, st, seat, world, work, fwork, read, miss, False)


@jit
def record_start(st, work):
    """What a replay of the record needs, the same for every candidate deal of a decision: from which event each
    seat's moves are read (after its last draw: W_READ), the tiles each seat has laid (W_LAID: its hand as dealt is
    its hand now plus these) and the number of draws (W_DRAWS)."""
    draws = 0
    for s in range(4):
        work[W_READ + s] = 0
        work[W_LAID + s] = 0
    for e in range(st[ST_HIST_N]):
        ev = st[ST_HIST + e]
        s = (ev >> 2) & 3
        if ev & 3 == HIST_PLAY:
            work[W_LAID + s] |= move_tiles(ev >> 4)
        elif ev & 3 == HIST_DRAW:
            work[W_READ + s] = e + 1
            draws += 1
    work[W_DRAWS] = draws


@jit
def replay_record(p, st, seat, world, work, fwork, read, miss, keep):
    """history_weight's replay of the record, after record_start of the same record (once for all the candidate
    deals of a decision); with `keep` (pool_weight), the likelihoods of the moves of the seats whose entry is
    new (W_KEPT_NEW) go to their entries in F_KEPT instead of into the product."""
    sim = work[W_SIM : W_SIM + N_CORE]
    buf = work[W_BUF : W_BUF + MAX_MOVES]
    read_from = work[W_READ : W_READ + 4]
    for i in range(N_CORE):
        sim[i] = world[i]
    for s in range(4):
        sim[ST_HAND + s] |= work[W_LAID + s]  # the hands as dealt
        work[W_KEPT_AT + s] = 0
    events = st[ST_HIST_N]
    sim[ST_BOARD] = 0  # the table as the deal started
    for i in range(4):
        sim[ST_END + i] = 0
        sim[ST_LACKS + i] = 0
        sim[ST_FED + i] = 0
    sim[ST_N_ENDS] = 0
    sim[ST_OPEN] = 0
    sim[ST_END_MASK] = 0
    sim[ST_HOUSE] = 0
    sim[ST_EXTRA] = 0
    sim[ST_LEAD_TILE] = 0
    sim[ST_BAZAAR_POS] -= work[W_DRAWS]
    weight = 1.0
    for e in range(events):
        ev = st[ST_HIST + e]
        s = (ev >> 2) & 3
        kind = ev & 3
        if kind == HIST_DRAW:
            sim[ST_BAZAAR_POS] += 1
            continue
        read_here = kind == HIST_PLAY and e >= read_from[s] and reads_seat(p, seat, s, read)
        k = 0
        # the moves are listed where a move is read, and wherever the engine's listing changes the deal: after an
        # extra lead, listing a player's moves may end the two-tile rule (core.extra_moves), as in the engine
        computed = read_here and (not keep or work[W_KEPT_NEW + s])
        if computed or sim[ST_EXTRA]:
            k = legal_moves(p, sim, s, buf)
        if kind == HIST_KNOCK:
            for i in range(sim[ST_N_ENDS]):
                if sim[ST_OPEN] >> i & 1:
                    sim[ST_LACKS + s] |= 1 << sim[ST_END + i]
            continue
        move = ev >> 4
        if computed:  # one place that inlines the likelihood (it is large), whichever way it is used
            f = move_likelihood(p, sim, seat, s, buf, k, move, read, miss, fwork) if k > 1 else 1.0
            if keep:  # pool_weight keeps it (1 where the seat had one move: a product's no-op)
                fwork[kept_at(work, s) + work[W_KEPT_AT + s]] = f
                work[W_KEPT_AT + s] += 1
            elif k > 1:
                weight *= f
        apply_move(sim, s, move)
    return weight


@jit
def inferred_world(p, st, seat, world, rng, work, fwork, candidates, read, miss):
    """A deal sampled consistently with what the seat saw (sample_world), then weighed by the play: of
    `candidates` such deals, one kept with probability proportional to its history_weight."""
    if candidates <= 1 or read == READ_NOBODY or st[ST_HIST_N] == 0:
        sample_world(p, st, seat, world, rng, work[W_SAMPLE : W_SAMPLE + 30])
        return
    cand = work[W_CAND : W_CAND + N_CORE]
    total = 0.0
    record_start(st, work)  # history_weight's first step, the same for every candidate
    for c in range(candidates):
        sample_world(p, st, seat, cand, rng, work[W_SAMPLE : W_SAMPLE + 30])
        w = replay_record(p, st, seat, cand, work, fwork, read, miss, False)
        total += w
        if c == 0 or rng_below(rng, 1, 1 << 30) * total < w * (1 << 30):
            for i in range(N_CORE):
                world[i] = cand[i]


@jit
def fill_pool(p, st, seat, pool, rng, work, fwork, read, miss):
    """The pool of read deals of one decision (EXPERT_POOL_SHIFT): `pool` deals sampled consistently with
    what the seat saw, each weighed by the play (pool_weight: history_weight's number, each seat's likelihoods
    kept per hand for the decision); their running weight sums in fwork[F_POOL_SUM], none searched yet."""
    total = 0.0
    for s in range(4):
        work[W_KEPT_COUNT + s] = 0
    work[W_KEPT_DECISION] += 1  # the kept hands' slots of earlier decisions no longer count
    keep = kept_fits(p, st, seat, read, work)  # of the record alone, with its record_start: once for the pool
    for c in range(pool):
        cand = work[W_POOL + c * N_CORE : W_POOL + (c + 1) * N_CORE]
        sample_world(p, st, seat, cand, rng, work[W_SAMPLE : W_SAMPLE + 30])
        if keep:
            total += pool_weight(p, st, seat, cand, work, fwork, read, miss)
        else:  # history_weight, its record_start done
            total += replay_record(p, st, seat, cand, work, fwork, read, miss, False)
        fwork[F_POOL_SUM + c] = total
        work[W_POOL_DONE + c] = 0


@hot
def kept_entry(work, s, hand):
    """The entry of `hand` among seat s's kept hands of this decision, or -1 - the free slot where it goes
    (W_KEPT_SLOTS: open addressing, the next slot after a taken one; never full, a pool has at most POOL_MAX
    hands). The entries are numbered as the hands first come, as a list searched in order would number them."""
    decision = work[W_KEPT_DECISION]
    h = ((hand * KEPT_HASH) >> 40) & (KEPT_SLOTS - 1)
    while True:
        slot = work[W_KEPT_SLOTS + s * KEPT_SLOTS + h]
        if slot >> 8 != decision:
            return -1 - h
        entry = slot & 255
        if work[W_KEPT_HANDS + s * POOL_MAX + entry] == hand:
            return entry
        h = (h + 1) & (KEPT_SLOTS - 1)


@hot
def kept_at(work, s):
    """Where in F_KEPT the likelihoods of seat s's entry W_KEPT_ENTRY begin."""
    return F_KEPT + (s * POOL_MAX + work[W_KEPT_ENTRY + s]) * KEPT_FACTORS


@jit
def kept_fits(p, st, seat, read, work):
    """Whether pool_weight may keep the likelihoods of this record: no extra lead (there, listing a player's
    moves may change the deal: core.extra_moves) and at most KEPT_FACTORS moves read of any seat. It does
    record_start first, for every replay of the decision's pool, whatever it answers."""
    record_start(st, work)
    if p[P_EXTRA_LEAD] != EXTRA_LEAD_NONE:
        return False
    read_from = work[W_READ : W_READ + 4]
    plays = work[W_KEPT_AT : W_KEPT_AT + 4]
    for s in range(4):
        plays[s] = 0
    for e in range(st[ST_HIST_N]):
        ev = st[ST_HIST + e]
        s = (ev >> 2) & 3
        if ev & 3 == HIST_PLAY and e >= read_from[s] and reads_seat(p, seat, s, read):
            plays[s] += 1
            if plays[s] > KEPT_FACTORS:
                return False
    return True


@jit
def pool_weight(p, st, seat, world, work, fwork, read, miss):
    """history_weight of a pool's candidate, the same number for less work: a seat's recorded moves are weighed
    by what it saw when it moved (its hand then, which is its hand now plus what it laid since, and the table),
    so two candidates that give a seat the same hand give its moves the same likelihoods. They are kept per
    seat and hand for the decision (W_KEPT_*, F_KEPT; fill_pool empties them; kept_entry finds a hand) and
    multiplied in the record's order, as history_weight multiplies them; the record is replayed only for a hand
    not seen yet. Only where kept_fits says yes (fill_pool asks it once: it also does record_start, whose fields
    this and the replay read)."""
    fresh = False
    for s in range(4):
        work[W_KEPT_ENTRY + s] = 0
        work[W_KEPT_NEW + s] = 0
        if s >= p[P_PLAYERS] or not reads_seat(p, seat, s, read):
            continue
        hand = world[ST_HAND + s]
        entry = kept_entry(work, s, hand)
        if entry < 0:  # a hand not seen yet: the next entry, in the free slot kept_entry found
            free = -1 - entry
            entry = work[W_KEPT_COUNT + s]
            work[W_KEPT_HANDS + s * POOL_MAX + entry] = hand
            work[W_KEPT_SLOTS + s * KEPT_SLOTS + free] = (work[W_KEPT_DECISION] << 8) | entry
            work[W_KEPT_COUNT + s] = entry + 1
            work[W_KEPT_NEW + s] = 1
            fresh = True
        work[W_KEPT_ENTRY + s] = entry
    if fresh:
        replay_record(p, st, seat, world, work, fwork, read, miss, True)
    read_from = work[W_READ : W_READ + 4]  # written by kept_fits (and again, the same, by a replay)
    weight = 1.0
    for s in range(4):
        work[W_KEPT_AT + s] = 0
    for e in range(st[ST_HIST_N]):
        ev = st[ST_HIST + e]
        s = (ev >> 2) & 3
        if ev & 3 == HIST_PLAY and e >= read_from[s] and reads_seat(p, seat, s, read):
            weight *= fwork[kept_at(work, s) + work[W_KEPT_AT + s]]
            work[W_KEPT_AT + s] += 1
    return weight


@hot
def pick_pooled(pool, rng, fwork):
    """A deal of the pool drawn with probability proportional to its weight (DRAW_INDEPENDENT)."""
    return pooled_at(pool, rng_below(rng, 1, 1 << 30) / (1 << 30), fwork)


@hot
def spread_pooled(pool, start, k, fwork):
    """The k-th deal of a decision drawn from the pool (DRAW_SPREAD): at the point start + k (sqrt 5 - 1) / 2,
    modulo 1, of the pool's running weight sums. The golden ratio's multiples spread any first k points
    evenly over [0, 1), so a candidate is drawn about as often as its weight says, where independent draws
    repeat some and miss others by chance."""
    u = start + k * GOLDEN_STEP
    return pooled_at(pool, u - np.floor(u), fwork)


#: (sqrt 5 - 1) / 2: spread_pooled's step
GOLDEN_STEP = 0.6180339887498949


@hot
def pooled_at(pool, u, fwork):
    """The deal of the pool at the fraction u of its running weight sum."""
    v = u * fwork[F_POOL_SUM + pool - 1]
    for c in range(pool - 1):
        if v < fwork[F_POOL_SUM + c]:
            return c
    return pool - 1


@hot
def expert_reading(bot, p, st, deals, classic, open_hands):
    """How the expert of id `bot` reads the play (expert_id's fields; 0: the defaults): the candidates of a pick
    per deal, whose moves are read, the miss, the horizon (HORIZON_LEARNED or HORIZON_PLAYOUT), the pool
    (1: a pick per deal) and how the first reply is valued (REPLY_MODEL or REPLY_MINIMAX)."""
    candidates = (bot >> EXPERT_CAND_SHIFT) & EXPERT_CAND_MASK
    if candidates == 0:
        candidates = EXPERT_CANDIDATES
    read = (bot >> EXPERT_READ_SHIFT) & EXPERT_READ_MASK
    if read == 0:
        read = EXPERT_READ
    miss = EXPERT_MISS_CHOICES[(bot >> EXPERT_MISS_SHIFT) & EXPERT_MISS_MASK]
    horizon = (bot >> EXPERT_HORIZON_SHIFT) & EXPERT_HORIZON_MASK
    if horizon == 0:
        horizon = EXPERT_HORIZON
    if classic or not learned_fits(p):  # issue 26's expert, or deals the learned value was not fitted to
        horizon = HORIZON_PLAYOUT
    pool = (bot >> EXPERT_POOL_SHIFT) & EXPERT_POOL_MASK
    if pool == 0:  # the pool with the learned value; with play-outs a pick per deal (docs/expert.md: measured)
        pool = min(POOL_MAX, EXPERT_POOL_PER_DEAL * deals) if horizon == HORIZON_LEARNED else 1
    if open_hands or classic or read == READ_NOBODY or st[ST_HIST_N] == 0:
        pool = 1
    reply = (bot >> EXPERT_REPLY_SHIFT) & EXPERT_REPLY_MASK
    if reply == 0:
        reply = EXPERT_REPLY
    if open_hands or classic or horizon != HORIZON_LEARNED:  # measured with the learned value only
        reply = REPLY_MINIMAX
    return candidates, read, miss, horizon, pool, reply


@jit
def reply_probabilities(p, st, seat, moves, n, fwork):
    """The probability of each of `seat`'s n legal `moves` under the model of the expert's moves (the softmax of
    model_likelihood, from what that seat sees of the deal `st`: its own hand and the table) into fwork[F_REPLY]."""
    prob = fwork[F_REPLY : F_REPLY + MAX_MOVES]
    f = fwork[F_REPLY_FEATURES : F_REPLY_FEATURES + N_MODEL]
    ctx = counter_context(p, st, seat)
    partner = partner_of(p, seat)
    fed = st[ST_FED + partner] if partner >= 0 else 0
    top = 0.0
    for i in range(n):
        z = model_score(p, st, seat, moves[i], ctx, fed, f, fwork)
        prob[i] = z
        if i == 0 or z > top:
            top = z
    total = 0.0
    for i in range(n):
        prob[i] = np.exp(prob[i] - top)
        total += prob[i]
    for i in range(n):
        prob[i] /= total


@jit
def model_reply_value(p, st, seat, move, depth, exact_tiles, work, rng, fwork):
    """The value for `seat`'s side of `move` in the open deal `st` (REPLY_MODEL): as expert.move_value, but the
    first reply, when the deal after the move is not searched exactly, is not the replying side's best: each
    of the replier's moves (after his draws or the table's knocks, as the rules play them) weighs by its
    probability under the model of a player who sees only his own hand (reply_probabilities), and the rest
    of the deal after it is searched as before (depth - 2 plies, then the horizon). A player who cannot see
    the hand he answers does not always find the answer an open-hand search finds. st is left as it was."""
    xw = work[W_EXPERT : W_EXPERT + X_SIZE]
    if depth < 2 or tiles_in_hands(p, st) - popcount(move_tiles(move)) <= exact_tiles:
        return float(move_value(p, st, seat, move, depth, exact_tiles, xw, rng, fwork))
    side = p[P_SEAT_SIDE + seat]
    players = p[P_PLAYERS]
    nxt = seat + 1 if seat + 1 < players else 0
    save_state(st, xw, 0)
    if play_one(p, st, seat, move):
        value = float(leaf_value(p, st, side, xw))
    else:
        replies = xw[X_MOVES + MAX_MOVES : X_MOVES + 2 * MAX_MOVES]  # the move buffer of ply 1
        replier, k = to_move(p, st, nxt, seat, replies)
        if replier < 0:  # a round of knocks: the deal ends in a fish
            value = float(leaf_value(p, st, side, xw))
        else:
            reply_probabilities(p, st, replier, replies, k, fwork)
            after = replier + 1 if replier + 1 < players else 0
            value = 0.0
            for i in range(k):
                save_state(st, xw, 1)
                if play_one(p, st, replier, replies[i]):
                    v = leaf_value(p, st, side, xw)
                else:
                    v = search(
                        p, st, after, replier, side, -(1 << 40), 1 << 40, depth - 2, exact_tiles, 2, xw, rng, fwork
                    )
                restore_state(st, xw, 1)
                value += fwork[F_REPLY + i] * v
    restore_state(st, xw, 0)
    return value


@hot
def expert_search(bot, p):
    """How the expert of id `bot` searches (expert_id's fields; 0: the defaults): N, the depth, the exact
    threshold, the extension, z, whether it is expert-classic and whether it is the cheater (one deal: the
    true one)."""
    deals = (bot >> EXPERT_DEALS_SHIFT) & EXPERT_DEALS_MASK
    if deals <= 0:
        deals = EXPERT_DEFAULT_DEALS
    depth = (bot >> EXPERT_DEPTH_SHIFT) & EXPERT_DEPTH_MASK  # the measurements' settings (expert_id); 0: the defaults
    if depth == 0:
        depth = EXPERT_DEPTH
    exact = (bot >> EXPERT_EXACT_SHIFT) & EXPERT_EXACT_MASK
    classic = (bot >> EXPERT_CLASSIC_SHIFT) & EXPERT_CLASSIC_MASK
    if exact == 0:
        exact = EXPERT_EXACT_BAZAAR if p[P_BAZAAR] > 0 and not classic else EXPERT_EXACT_TILES
    extend = (bot >> EXPERT_EXTEND_SHIFT) & EXPERT_EXTEND_MASK
    if extend == 0:
        extend = EXPERT_EXTEND
    z_index = (bot >> EXPERT_Z_SHIFT) & EXPERT_Z_MASK
    z = EXPERT_Z_CLASSIC if classic and z_index == 0 else EXPERT_Z_CHOICES[z_index]
    open_hands = (bot >> EXPERT_OPEN_SHIFT) & EXPERT_OPEN_MASK
    if open_hands:  # the cheater: one deal, the true one
        deals = 1
        extend = 1
    return deals, depth, exact, extend, z, classic, open_hands


@hot
def deal_move_value(p, world, seat, move, depth, exact, reply, work, rng, fwork):
    """The value of `move` in the sampled deal `world`, the first reply as `reply` says (REPLY_MODEL:
    model_reply_value; else expert.move_value, minimax)."""
    if reply == REPLY_MODEL:
        return model_reply_value(p, world, seat, move, depth, exact, work, rng, fwork)
    return float(move_value(p, world, seat, move, depth, exact, work[W_EXPERT : W_EXPERT + X_SIZE], rng, fwork))


@hot
def expert_draw(bot):
    """How the expert of id `bot` draws the deals it searches from its pool (DRAW_SPREAD or DRAW_INDEPENDENT)."""
    draw = (bot >> EXPERT_DRAW_SHIFT) & EXPERT_DRAW_MASK
    return EXPERT_DRAW if draw == 0 else draw


@jit
def choose_expert(bot, p, st, seat, moves, n, rng, work, fwork):
    """Determinized search (docs/expert.md): for each of N deals sampled consistently with what the seat
    saw (sample_world: hand sizes, knocks, the bazaar in a random order), the value of every legal move
    with the hands open (expert.move_value: alpha-beta, exact near the end, the engine's scoring of the
    deal in the game's context; model_reply_value where the next player's reply is weighed by the model of a
    player's moves, EXPERT_REPLY); more deals while the decision is close (expert_settled, up to
    EXPERT_EXTEND times N); the move with the best total, ties at random."""
    deals, depth, exact, extend, z, classic, open_hands = expert_search(bot, p)
    world = work[W_WORLD : W_WORLD + N_STATE]
    sample = work[W_SAMPLE : W_SAMPLE + 30]
    total = work[W_TOTAL : W_TOTAL + MAX_MOVES]
    dealt = fwork[F_DEALT : F_DEALT + MAX_MOVES]
    spread = fwork[F_SPREAD : F_SPREAD + MAX_MOVES]
    xw = work[W_EXPERT : W_EXPERT + X_SIZE]
    candidates, read, miss, horizon, pool, reply = expert_reading(bot, p, st, deals, classic, open_hands)
    greedy = (bot >> EXPERT_LEAF_SHIFT) & EXPERT_LEAF_MASK
    xw[X_POLICY] = LEAF_LEARNED if horizon == HORIZON_LEARNED else (LEAF_GREEDY if greedy else LEAF_COUNTER)
    for i in range(n):
        total[i] = 0
        spread[i] = 0.0
    spread_start = -1.0  # DRAW_SPREAD's random start; -1: independent draws
    if pool > 1:
        fill_pool(p, st, seat, pool, rng, work, fwork, read, miss)
        if expert_draw(bot) == DRAW_SPREAD:
            spread_start = rng_below(rng, 1, 1 << 30) / (1 << 30)
    k = 0
    means = 0.0
    while k < deals * extend:
        c = -1
        if pool > 1:
            c = spread_pooled(pool, spread_start, k, fwork) if spread_start >= 0 else pick_pooled(pool, rng, fwork)
        if c >= 0 and work[W_POOL_DONE + c]:  # drawn again: its search is known
            for i in range(n):
                dealt[i] = fwork[F_POOL_VALUE + c * MAX_MOVES + i]
        else:
            if c >= 0:
                for i in range(N_CORE):
                    world[i] = work[W_POOL + c * N_CORE + i]
            elif open_hands:
                for i in range(N_CORE):
                    world[i] = st[i]
            elif classic:  # issue 26's expert: neither the draws nor the play read
                sample_deal(p, st, seat, world, rng, sample, False)
            else:
                inferred_world(p, st, seat, world, rng, work, fwork, candidates, read, miss)
            new_search(xw)
            for i in range(n):
                dealt[i] = deal_move_value(p, world, seat, moves[i], depth, exact, reply, work, rng, fwork)
            if c >= 0:
                work[W_POOL_DONE + c] = 1
                for i in range(n):
                    fwork[F_POOL_VALUE + c * MAX_MOVES + i] = dealt[i]
        mean = 0.0
        for i in range(n):
            total[i] += int(round(dealt[i]))  # a model's expectation is not a whole number
            mean += dealt[i]
        mean /= n
        means += mean
        for i in range(n):
            spread[i] += (dealt[i] - mean) ** 2
        k += 1
        if k >= deals and expert_settled(total, spread, means, n, k, z):
            break
    best = -(1 << 62)
    best_count = 0
    choice = 0
    for i in range(n):
        best, best_count, choice = keep_best(total[i], i, best, best_count, choice, rng)
    return choice


# --- dispatch --------------------------------------------------------------------------------------
def searching_choice(searching, bot, p, st, seat, moves, n, rng, work, fwork):
    """The searching bots' move (sampler, expert), in the kernel whose flag says a seat searches."""
    raise NotImplementedError("compiled only: numba picks the implementation by the flag's type")


@overload(searching_choice, jit_options={"nogil": True, "error_model": "numpy"})
def _searching_choice(searching, bot, p, st, seat, moves, n, rng, work, fwork):
    # Chosen by the flag's numba type while the kernel is typed, so the kernel of the thinking bots
    # (an integer flag, engine.thoughtful_flag) never types nor compiles the search: most of the compile
    # time of the kernel with every bot, which the default level of play (counter) would pay for nothing.
    if isinstance(searching, types.Boolean):

        def search(searching, bot, p, st, seat, moves, n, rng, work, fwork):
            if bot & BOT_KIND_MASK == BOT_SAMPLER:
                return choose_sampler(bot, p, st, seat, moves, n, rng, work, fwork)
            return choose_expert(bot, p, st, seat, moves, n, rng, work, fwork)

        return search

    def counter_instead(searching, bot, p, st, seat, moves, n, rng, work, fwork):
        # unreachable: a seat that searches always gets the searching kernel (codes.kernel_flavour)
        return choose_counter(p, st, seat, moves, n, rng, fwork)

    return counter_instead


@jit
def choose_move(bot, p, st, seat, moves, n, rng, work, fwork, searching):
    """Index into `moves` (n >= 1 legal moves) of the bot's choice; `work` / `fwork`: the
    bots' int and float scratch (W_SIZE, F_WORK_SIZE; the move loop allocates nothing);
    `searching`: the kernel's flag (engine.thoughtful_flag), True where the search is compiled."""
    if n == 1 or bot == BOT_FIRST:  # first: the first legal move, without a random number
        return 0
    if bot == BOT_HEAVY:
        return choose_heavy(p, moves, n, rng)
    if bot == BOT_DOUBLES:
        return choose_doubles(p, moves, n, rng)
    if bot == BOT_PARTNER:
        return choose_partner(p, st, seat, moves, n, rng)
    if bot == BOT_COUNTER:
        return choose_counter(p, st, seat, moves, n, rng, fwork)
    if bot in (BOT_GENERAL, BOT_GENERAL_SIGNAL):
        return choose_general(p, st, seat, moves, n, rng, bot == BOT_GENERAL_SIGNAL)
    if bot >= 0 and (bot & BOT_KIND_MASK == BOT_SAMPLER or bot & BOT_KIND_MASK == BOT_EXPERT):
        return searching_choice(searching, bot, p, st, seat, moves, n, rng, work, fwork)
    return rng_below(rng, 1, n)
