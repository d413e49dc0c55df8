"""The `expert` bot's perfect-information search: the rest of a deal with every hand open.

`bots.choose_expert` samples hidden deals consistent with what its seat saw (bots.sample_world) and
asks this module, on each, the value of every legal move; it plays the best average (docs/expert.md).

The search (`search`) is alpha-beta over the engine's own state array: core.legal_moves makes the
moves, core.apply_move plays them, draws and knocks follow play_deal's order (a player without a
move draws while he may, knocks otherwise; a round of knocks is a fish; a visible fish ends the deal
after solo_fish's draws). The sides are max and min: the seat's side maximises its value, every other
side minimises it (каждый сам за себя: the paranoid reading, the others as one coalition). A
transposition table keyed on a hash of the hands, the ends, the turn, the run of knocks and the
bazaar's position keeps values with their bound (exact, lower, upper) and their best move.

The value of a finished deal is the game's (`leaf_value`): the engine's score_deal and game_over
(scoring.py) run on a copy of the game state the deal started from, so the threshold, lone 00/66,
eggs, fish rules, Морской's shared score and every other scoring knob are the engine's own. The
value for side s is sum over the other sides of min(score, target) minus (sides - 1) times
min(score_s, target), plus WIN per goat the game's end makes (minus (sides - 1) WIN when s is one):
a side at 95 of 101 weighs a deal differently from one at 0.

Exact when few tiles are left in the hands (`exact_tiles`); otherwise depth-limited, and a node at
the horizon is valued by playing the deal out with every seat playing like `counter` (X_POLICY =
LEAF_COUNTER, the default: each seat reads only its own hand and the table, as real players do) or
greedily (LEAF_GREEDY: the heaviest move, doubles first; cheaper, weaker), and scoring the end as
above: a real outcome of the deal, never a proxy of the scoring.
"""

from __future__ import annotations

from .codes import (
    DOUBLES_MASK,
    END_FISH,
    END_OUT,
    LOSER_DRAW,
    MAX_BAZAAR,
    N_DEAL_COLS,
    P_BAZAAR,
    P_CROSS,
    P_MATCH_DEALS,
    P_N_SIDES,
    P_PLAYERS,
    P_SCORING,
    P_SEAT_SIDE,
    P_TARGET,
    SCORING_GENERALS,
    Layout,
)
from .core import (
    MAX_MOVES,
    N_STATE,
    ST_BAZAAR_POS,
    ST_END,
    ST_END_KIND,
    ST_END_MASK,
    ST_EXTRA,
    ST_FORCED,
    ST_HAND,
    ST_HOUSE,
    ST_LACKS,
    ST_LAST,
    ST_LEAD_TILE,
    ST_N_ENDS,
    ST_OPEN,
    ST_OUT_TILES,
    apply_move,
    draw_next,
    fish_draws,
    hot,
    is_fish,
    jit,
    legal_moves,
    may_draw,
    move_pips,
    out_tile_bits,
    placement,
    popcount,
    splitmix64,
    values_of,
)
from .core import (
    pips as hand_pips,
)
from .scoring import GS_GOATS, GS_SCORE, N_GAME_STATE, counts_toward_match, game_over, mark_lead, score_deal

#: Deepest search: a deal has at most 28 moves (draws and knocks are not plies).
MAX_PLY = 32
#: The state fields a move, a draw or the end of a deal change: ST_HAND ... ST_BAZAAR_POS (one block of
#: the layout), plus ST_LEAD_TILE and ST_EXTRA; saved before a move and put back after its subtree.
SAVED = ST_BAZAAR_POS + 1
TT_BITS = 13
TT_SIZE = 1 << TT_BITS
#: A game's end against the side, in points of the value (far above any deal's points; 4 targets when more).
WIN = 1000

#: X_POLICY: the play-out at the horizon, every seat like `counter` (the default) or greedy (cheaper), or
#: no play-out: the learned value of the position (learned_value)
LEAF_COUNTER = 0
LEAF_GREEDY = 1
LEAF_LEARNED = 2

#: The learned value at the horizon (issue 37 §2): a linear function of these features of the open position,
#: for the side it values (`horizon_features`), its weights fitted by benchmarks/fit_horizon_value.py to the
#: outcome of counter's play-outs from the engine's own positions and shipped in horizon_model.json. The
#: weights sit at the start of the bots' float workspace (F_HORIZON: bots.py declares that layout and checks
#: it), so the search reads them from the scratch it is handed, as the play-outs read counter's.
HORIZON_FEATURES = (
    "bias",
    "pips in the side's hands",
    "pips in the other hands",
    "tiles in the side's hands",
    "tiles in the other hands",
    "fewest tiles in a hand of the side",
    "fewest tiles in another hand",
    "the side moves",
    "the side's tiles fitting the ends",
    "the other tiles fitting the ends",
    "doubles in the side's hands",
    "doubles in the other hands",
    "the side's suits the other hands lack",
)
N_HORIZON = len(HORIZON_FEATURES)
F_HORIZON = 0

TT_EXACT = 0
TT_LOWER = 1
TT_UPPER = 2
#: depth stored for an exact (not depth-limited) value
DEPTH_EXACT = 63
#: The exact nodes the search of one sampled deal may visit, all its moves together (from `new_search`): past
#: them the rest is valued at the horizon, as a position with more tiles would be. Exact "whatever the draws
#: add to the hands" has no bound with a large bazaar: one deal of Осёл for two (osel-solo-2, seed 1, game 455,
#: its fourth deal) searched for more than ten minutes. A move's exact search visits a few nodes (the median),
#: under 2,000 in 99 cases of 100, and up to 260,000 in the two-player games with a bazaar (docs/expert.md).
EXACT_NODES = 1 << 15

# --- the search's scratch (one slice of the bots' workspace) -----------------------------------------
_X = Layout("expert workspace")
X_CTX = _X.field(N_GAME_STATE)  # the game state the deal started from (the engine's copy)
X_COUNTED = _X.field()  # ... and the deals counted so far towards a match (R-004-match)
X_GS = _X.field(N_GAME_STATE)  # a leaf's game state
X_ROW = _X.field(N_DEAL_COLS)  # a leaf's deal row
X_GEN = _X.field()  # the transposition table's generation: a new one for every search
X_NODES = _X.field()  # nodes visited (the benchmarks' count)
X_EXACT_LEFT = _X.field()  # the exact nodes the sampled deal's search may still visit (EXACT_NODES)
X_POLICY = _X.field()  # how a node at the horizon is valued: LEAF_COUNTER or LEAF_GREEDY
X_SAVE = _X.field(MAX_PLY * (SAVED + 2))
X_MOVES = _X.field(MAX_PLY * MAX_MOVES)
X_TT = _X.field(3 * TT_SIZE)  # key, generation, packed entry


# --- the value of a finished deal ----------------------------------------------------------------------
@hot
def clip_score(p, score):
    """A score as far as it matters: at the target the game is over (no cap in a match of deals)."""
    if p[P_MATCH_DEALS] > 0 or p[P_TARGET] <= 0:
        return score
    return min(score, p[P_TARGET])


@jit
def leaf_value(p, st, side, work):
    """The value of the finished deal `st` for `side` (module docstring), from the engine's scoring of
    it on a copy of the game state it started from (work[X_CTX]). `work`: the expert's scratch."""
    gs = work[X_GS : X_GS + N_GAME_STATE]
    row = work[X_ROW : X_ROW + N_DEAL_COLS]
    for i in range(N_GAME_STATE):
        gs[i] = work[X_CTX + i]
    mark_lead(p, st, gs, st[ST_FORCED])
    losers = score_deal(p, st, gs, row)
    counted = work[X_COUNTED] + counts_toward_match(p, st, gs)
    goat = game_over(p, gs, st, losers, counted)
    n_sides = p[P_N_SIDES]
    if goat == LOSER_DRAW:
        return 0
    if goat >= 0:
        goats = gs[GS_GOATS]
        win = max(WIN, 4 * p[P_TARGET])
        if goats >> side & 1:
            return -(n_sides - 1) * win
        return win * popcount(goats)
    value = 0
    for s in range(n_sides):
        v = clip_score(p, gs[GS_SCORE + s]) - clip_score(p, work[X_CTX + GS_SCORE + s])
        value += -(n_sides - 1) * v if s == side else v
    return value


# --- the deal's rules in the order play_deal applies them ----------------------------------------------
@hot
def save_state(st, work, ply):
    at = X_SAVE + ply * (SAVED + 2)
    for i in range(SAVED):
        work[at + i] = st[i]
    work[at + SAVED] = st[ST_LEAD_TILE]
    work[at + SAVED + 1] = st[ST_EXTRA]


@hot
def restore_state(st, work, ply):
    at = X_SAVE + ply * (SAVED + 2)
    for i in range(SAVED):
        st[i] = work[at + i]
    st[ST_LEAD_TILE] = work[at + SAVED]
    st[ST_EXTRA] = work[at + SAVED + 1]


# play_one and to_move are compiled once, not inlined: inlined, each of their callers took its own copy of
# apply_move and legal_moves, and the engine's kernels (which hold the expert) compiled for minutes longer.
@jit
def play_one(p, st, seat, move):
    """`seat` plays `move` (core.apply_move); returns 1 if the deal is over (an out, or a fish the table
    shows, after the draws solo_fish asks of the next player, as play_deal), else 0."""
    apply_move(st, seat, move)
    if st[ST_HAND + seat] == 0:
        st[ST_END_KIND] = END_OUT
        st[ST_LAST] = seat
        st[ST_OUT_TILES] = out_tile_bits(move)
        return 1
    if is_fish(p, st):
        nxt = seat + 1 if seat + 1 < p[P_PLAYERS] else 0
        for _ in range(fish_draws(p, st)):  # R-solo-fish
            draw_next(st, nxt)
        st[ST_END_KIND] = END_FISH
        st[ST_LAST] = seat
        return 1
    return 0


@jit
def to_move(p, st, turn, last_mover, moves):
    """From `turn`: draws while the player may (R-solo-draw), knocks otherwise (R-move-must), until
    somebody has a move. Returns (seat to move, number of moves in `moves`); (-1, 0) when a round of
    knocks ends the deal in a fish the table did not show (its fisherman: `last_mover`)."""
    players = p[P_PLAYERS]
    knocks = 0
    while True:
        n = legal_moves(p, st, turn, moves)
        if n > 0:
            return turn, n
        if may_draw(p, st):
            draw_next(st, turn)
            knocks = 0
            continue
        for i in range(st[ST_N_ENDS]):  # R-move-must: the table learns what he lacks (counter reads it)
            if st[ST_OPEN] >> i & 1:
                st[ST_LACKS + turn] |= 1 << st[ST_END + i]
        knocks += 1
        if knocks == players:
            st[ST_END_KIND] = END_FISH
            st[ST_LAST] = last_mover
            return -1, 0
        turn = turn + 1 if turn + 1 < players else 0


@hot
def tiles_in_hands(p, st):
    n = 0
    for s in range(p[P_PLAYERS]):
        n += popcount(st[ST_HAND + s])
    return n


# --- the evaluation at the horizon -----------------------------------------------------------------
@hot
def greedy_index(moves, n):
    """The heaviest move, doubles first (25 a double), the first of equals: no random number."""
    best = -1
    choice = 0
    for i in range(n):
        m = moves[i]
        w = move_pips(m)
        for k in range(m & 7):
            if DOUBLES_MASK >> (placement(m, k) & 31) & 1:
                w += 25
        if w > best:
            best = w
            choice = i
    return choice


@jit
def greedy_playout(p, st, turn, last_mover, side, work, ply):
    """Play the deal out from `turn` with every seat greedy (greedy_index) and value its end for `side`.
    Changes st (the caller restores it); uses the move buffer of `ply`."""
    moves = work[X_MOVES + ply * MAX_MOVES : X_MOVES + (ply + 1) * MAX_MOVES]
    players = p[P_PLAYERS]
    while True:
        seat, n = to_move(p, st, turn, last_mover, moves)
        if seat < 0:
            return leaf_value(p, st, side, work)
        if play_one(p, st, seat, moves[greedy_index(moves, n)]):
            return leaf_value(p, st, side, work)
        last_mover = seat
        turn = seat + 1 if seat + 1 < players else 0


#: bots.counter_choice (inlined here), handed over by bots.py when it is imported (use_counter_policy): bots
#: imports this module for the search, so this module cannot import bots (no import cycle). numba reads it
#: when it compiles counter_playout, which is only ever called after bots is imported (every path to the
#: search goes through bots).
choose_counter = None


def use_counter_policy(policy):
    """The play-outs at the horizon play `policy` (bots.counter_choice; see choose_counter above)."""
    global choose_counter
    choose_counter = policy


@jit
def counter_playout(p, st, turn, last_mover, side, work, ply, rng, fwork):
    """Play the deal out from `turn` with every seat playing like `counter` (bots.counter_choice: each
    seat reads only its own hand and what the table shows, so the play-out models players who do not see
    the others' tiles) and value its end for `side`. Changes st (the caller restores it); draws the
    counter's tie-breaks from the bots' stream; uses the move buffer of `ply`."""
    moves = work[X_MOVES + ply * MAX_MOVES : X_MOVES + (ply + 1) * MAX_MOVES]
    players = p[P_PLAYERS]
    while True:
        seat, n = to_move(p, st, turn, last_mover, moves)
        if seat < 0:
            return leaf_value(p, st, side, work)
        i = choose_counter(p, st, seat, moves, n, rng, fwork) if n > 1 else 0
        if play_one(p, st, seat, moves[i]):
            return leaf_value(p, st, side, work)
        last_mover = seat
        turn = seat + 1 if seat + 1 < players else 0


@hot
def horizon_features(p, st, seat, side, out):
    """HORIZON_FEATURES of the open position `st` with `seat` to move, for `side`, into `out`."""
    for i in range(N_HORIZON):
        out[i] = 0.0
    out[0] = 1.0
    own_min = 8
    other_min = 8
    own_tiles = 0
    other_tiles = 0
    ends = st[ST_END_MASK]
    for s in range(p[P_PLAYERS]):
        hand = st[ST_HAND + s]
        tiles = popcount(hand)
        pips = hand_pips(hand)
        fits = popcount(hand & ends)
        doubles = popcount(hand & DOUBLES_MASK)
        if p[P_SEAT_SIDE + s] == side:
            out[1] += pips
            out[3] += tiles
            own_min = min(own_min, tiles)
            out[8] += fits
            out[10] += doubles
            own_tiles |= hand
        else:
            out[2] += pips
            out[4] += tiles
            other_min = min(other_min, tiles)
            out[9] += fits
            out[11] += doubles
            other_tiles |= hand
    out[5] = own_min
    out[6] = other_min
    out[7] = 1.0 if p[P_SEAT_SIDE + seat] == side else 0.0
    out[12] = popcount(values_of(own_tiles) & ~values_of(other_tiles) & 127)


@hot
def learned_fits(p):
    """Whether the learned value was fitted to deals like these: four players in pairs on a chain, every tile
    dealt, a deal's points written (the default rules' deals, benchmarks/fit_horizon_value.py). Elsewhere the
    play-out stays: Генерал writes no points (measured: there the learned value lost 60% of pairs to the
    play-out; docs/expert.md)."""
    layout = p[P_PLAYERS] == 4 and p[P_N_SIDES] == 2 and p[P_CROSS] == 0 and p[P_BAZAAR] == 0
    return layout and p[P_SCORING] != SCORING_GENERALS


@jit
def learned_value(p, st, seat, side, fwork):
    """The learned value for `side` of the open position `st` with `seat` to move (HORIZON_FEATURES'
    weights at fwork[F_HORIZON]), in the value's points, as a play-out's end would be."""
    f = fwork[F_HORIZON + N_HORIZON : F_HORIZON + 2 * N_HORIZON]  # the features' scratch, after the weights
    horizon_features(p, st, seat, side, f)
    v = 0.0
    for i in range(N_HORIZON):
        v += fwork[F_HORIZON + i] * f[i]
    return int(round(v))


@jit
def horizon_sample(p, st, seat, side, playouts, rng, work, fwork, features):
    """Training data for the learned value (benchmarks/fit_horizon_value.py): the HORIZON_FEATURES of the
    open position `st` (`seat` to move) for `side` into `features`, and the mean value of `playouts` of
    counter's play-outs from it (what LEAF_COUNTER values it at). `work`: the expert's scratch, its X_CTX
    the game's state; st is left as it was."""
    horizon_features(p, st, seat, side, features)
    total = 0
    for _ in range(playouts):
        save_state(st, work, 0)
        total += counter_playout(p, st, seat, st[ST_LAST], side, work, 0, rng, fwork)
        restore_state(st, work, 0)
    return total / playouts


# --- the transposition table ---------------------------------------------------------------------------
@hot
def state_key(p, st, turn, last_mover):
    """A 64-bit hash of everything the rest of the deal depends on (for a given bazaar order): the hands,
    the open ends, the house, an extra lead's flags, the turn, who moved last, the bazaar's position."""
    a = st[ST_HAND] | (st[ST_HAND + 1] << 28)
    b = st[ST_HAND + 2] | (st[ST_HAND + 3] << 28)
    c = (
        st[ST_END]
        | (st[ST_END + 1] << 3)
        | (st[ST_END + 2] << 6)
        | (st[ST_END + 3] << 9)
        | (st[ST_OPEN] << 12)
        | (st[ST_N_ENDS] << 16)
        | (st[ST_HOUSE] << 19)
        | (st[ST_EXTRA] << 20)
        | (turn << 23)
        | (last_mover << 26)
        | (st[ST_BAZAAR_POS] << 29)
    )
    h = splitmix64(splitmix64(splitmix64(c) ^ b) ^ a)
    return h


@hot
def tt_pack(value, best, depth, flag):
    return (value << 16) | (best << 8) | (depth << 2) | flag


# --- alpha-beta ------------------------------------------------------------------------------------------
# Iterative, over an explicit stack of frames (numba's cache cannot link a recursive function called from
# another compiled function). Frame fields, one frame per ply:
FR_SEAT = 0  # the seat to move (after its draws)
FR_N = 1  # its number of moves (in the move buffer of the ply)
FR_K = 2  # children taken so far
FR_I = 3  # the move of the child being searched
FR_BEST = 4
FR_BEST_I = 5
FR_ALPHA = 6
FR_BETA = 7
FR_A0 = 8  # the window the node was entered with
FR_B0 = 9
FR_MAX = 10  # 1: the seat's side maximises
FR_KEY = 11
FR_NEED = 12  # the depth its table entry is good for (DEPTH_EXACT: exact)
FR_FIRST = 13  # the table's best move, tried first (-1: none)
FR_DEPTH = 14
FR_EXACT = 15  # exact_tiles for the children
FRAME = 16
X_FRAMES = _X.field(MAX_PLY * FRAME)
X_SIZE = _X.size


@jit
def enter(p, st, turn, last_mover, side, alpha, beta, depth, exact_tiles, ply, work, rng, fwork):
    """A node: (1, its value) when it is settled at once (the deal ends in knocks, the horizon, the table),
    else (0, 0) with its frame set up at `ply`."""
    work[X_NODES] += 1
    moves = work[X_MOVES + ply * MAX_MOVES : X_MOVES + (ply + 1) * MAX_MOVES]
    exact = tiles_in_hands(p, st) <= exact_tiles  # counted before this turn's draws
    if exact:
        work[X_EXACT_LEFT] -= 1
        exact = work[X_EXACT_LEFT] >= 0  # past the budget: valued at the horizon (EXACT_NODES)
    if exact:
        exact_tiles = 28  # exact below too, whatever the draws add to the hands
    seat, n = to_move(p, st, turn, last_mover, moves)
    if seat < 0:
        return 1, leaf_value(p, st, side, work)
    if not exact and (depth <= 0 or ply >= MAX_PLY - 1):
        if work[X_POLICY] == LEAF_COUNTER:
            return 1, counter_playout(p, st, seat, last_mover, side, work, ply, rng, fwork)
        if work[X_POLICY] == LEAF_LEARNED:
            return 1, learned_value(p, st, seat, side, fwork)
        return 1, greedy_playout(p, st, seat, last_mover, side, work, ply)
    need = DEPTH_EXACT if exact else depth
    key = state_key(p, st, seat, last_mover)
    slot = X_TT + 3 * (key & (TT_SIZE - 1))
    first = -1
    if work[slot] == key and work[slot + 1] == work[X_GEN]:
        entry = work[slot + 2]
        value = entry >> 16
        flag = entry & 3
        if ((entry >> 2) & 63) >= need:
            if flag == TT_EXACT:
                return 1, value
            if flag == TT_LOWER and value >= beta:
                return 1, value
            if flag == TT_UPPER and value <= alpha:
                return 1, value
        first = (entry >> 8) & 127
        if first >= n:
            first = -1
    f = X_FRAMES + ply * FRAME
    maximize = p[P_SEAT_SIDE + seat] == side
    work[f + FR_SEAT] = seat
    work[f + FR_N] = n
    work[f + FR_K] = 0
    work[f + FR_I] = 0
    work[f + FR_BEST] = -(1 << 40) if maximize else 1 << 40
    work[f + FR_BEST_I] = 0
    work[f + FR_ALPHA] = alpha
    work[f + FR_BETA] = beta
    work[f + FR_A0] = alpha
    work[f + FR_B0] = beta
    work[f + FR_MAX] = 1 if maximize else 0
    work[f + FR_KEY] = key
    work[f + FR_NEED] = need
    work[f + FR_FIRST] = first
    work[f + FR_DEPTH] = depth
    work[f + FR_EXACT] = exact_tiles
    return 0, 0


@hot
def child_value(work, ply, v):
    """A child of the frame at `ply` is worth v: the frame's best, window and cut-off."""
    f = X_FRAMES + ply * FRAME
    if work[f + FR_MAX]:
        if v > work[f + FR_BEST]:
            work[f + FR_BEST] = v
            work[f + FR_BEST_I] = work[f + FR_I]
        if work[f + FR_BEST] > work[f + FR_ALPHA]:
            work[f + FR_ALPHA] = work[f + FR_BEST]
    else:
        if v < work[f + FR_BEST]:
            work[f + FR_BEST] = v
            work[f + FR_BEST_I] = work[f + FR_I]
        if work[f + FR_BEST] < work[f + FR_BETA]:
            work[f + FR_BETA] = work[f + FR_BEST]
    if work[f + FR_ALPHA] >= work[f + FR_BETA]:
        work[f + FR_K] = work[f + FR_N]  # a cut-off: no more children


@hot
def leave(work, ply):
    """The frame at `ply` is searched: its value, kept in the table with its bound."""
    f = X_FRAMES + ply * FRAME
    best = work[f + FR_BEST]
    flag = TT_EXACT
    if best <= work[f + FR_A0]:
        flag = TT_UPPER
    elif best >= work[f + FR_B0]:
        flag = TT_LOWER
    key = work[f + FR_KEY]
    slot = X_TT + 3 * (key & (TT_SIZE - 1))
    work[slot] = key
    work[slot + 1] = work[X_GEN]
    work[slot + 2] = tt_pack(best, work[f + FR_BEST_I], work[f + FR_NEED], flag)
    return best


@jit
def search(p, st, turn, last_mover, side, alpha, beta, depth, exact_tiles, ply, work, rng, fwork):
    """The value for `side` of the deal `st` (not over) with `turn` to move (he may have to draw or knock
    first), searched with the window (alpha, beta); `depth`: plies left before the horizon (ignored once
    at most `exact_tiles` tiles are left in the hands: then exact to the end, draws included). Fail-soft
    alpha-beta with the table, the table's best move first. Changes st (draws, knocks): the caller
    restores it."""
    done, v = enter(p, st, turn, last_mover, side, alpha, beta, depth, exact_tiles, ply, work, rng, fwork)
    if done:
        return v
    top = ply
    players = p[P_PLAYERS]
    while True:
        f = X_FRAMES + ply * FRAME
        k = work[f + FR_K]
        n = work[f + FR_N]
        if k < n:
            first = work[f + FR_FIRST]
            if first < 0:
                i = k
            elif k == 0:
                i = first
            elif k <= first:
                i = k - 1
            else:
                i = k
            work[f + FR_K] = k + 1
            work[f + FR_I] = i
            seat = work[f + FR_SEAT]
            save_state(st, work, ply)
            if play_one(p, st, seat, work[X_MOVES + ply * MAX_MOVES + i]):
                v = leaf_value(p, st, side, work)
                restore_state(st, work, ply)
                child_value(work, ply, v)
                continue
            nxt = seat + 1 if seat + 1 < players else 0
            done, v = enter(
                p,
                st,
                nxt,
                seat,
                side,
                work[f + FR_ALPHA],
                work[f + FR_BETA],
                work[f + FR_DEPTH] - 1,
                work[f + FR_EXACT],
                ply + 1,
                work,
                rng,
                fwork,
            )
            if done:
                restore_state(st, work, ply)
                child_value(work, ply, v)
            else:
                ply += 1
            continue
        v = leave(work, ply)
        if ply == top:
            return v
        ply -= 1
        restore_state(st, work, ply)
        child_value(work, ply, v)


@jit
def move_value(p, st, seat, move, depth, exact_tiles, work, rng, fwork):
    """The value for `seat`'s side of playing `move` in the open deal `st` (every hand and the bazaar's
    order as in st), the rest searched (`search`, full window). st is left as it was."""
    side = p[P_SEAT_SIDE + seat]
    save_state(st, work, 0)
    if play_one(p, st, seat, move):
        v = leaf_value(p, st, side, work)
    else:
        nxt = seat + 1 if seat + 1 < p[P_PLAYERS] else 0
        v = search(p, st, nxt, seat, side, -(1 << 40), 1 << 40, depth - 1, exact_tiles, 1, work, rng, fwork)
    restore_state(st, work, 0)
    return v


@jit
def new_search(work):
    """A new sampled deal to search: forget the transposition table (a new generation: the old entries no longer
    match) and give it its budget of exact nodes."""
    work[X_GEN] += 1
    work[X_EXACT_LEFT] = EXACT_NODES


assert MAX_BAZAAR <= 28 and N_STATE > SAVED
