"""Shared integer codes of the engine: tiles, compiled rule parameters, output columns.

Light on purpose (numpy only): the CLI, the trace writer and the rules compiler
read these without importing numba.
"""

from __future__ import annotations

import numpy as np

from ..rules.knobs import KNOB_BY_NAME, KNOBS
from ..rules.roster import BOTS
from ..rules.tiles import N_TILES, TILE_HI, TILE_INDEX, TILE_LO
from ..text import engine_texts  # noqa: F401  (declares the sentences raised here)
from ..text.errors import keyed

# --- tiles -----------------------------------------------------------------
# Tile index i <-> (lo, hi) with lo <= hi, ordered 00, 01, ..., 06, 11, ..., 66 (rules/tiles.py declares it).
TILE_PIPS = TILE_LO + TILE_HI
SUIT_MASK = np.zeros(7, dtype=np.int64)  # tiles carrying value v
SUIT_TILES = np.zeros((7, 7), dtype=np.int64)  # the 7 tile indices of suit v
for _v in range(7):
    _k = 0
    for _t in range(N_TILES):
        if TILE_LO[_t] == _v or TILE_HI[_t] == _v:
            SUIT_MASK[_v] |= 1 << _t
            SUIT_TILES[_v, _k] = _t
            _k += 1
DOUBLE_TILE = np.array([TILE_INDEX[v, v] for v in range(7)], dtype=np.int64)
DOUBLES_MASK = int(sum(1 << int(t) for t in DOUBLE_TILE))
ALL_TILES = (1 << N_TILES) - 1
T00 = int(TILE_INDEX[0, 0])
T66 = int(TILE_INDEX[6, 6])
T06 = int(TILE_INDEX[0, 6])  # the tile that fits the gap of an extra lead (R-004-morskoy-extra)

# Per set of open end values (a 7-bit mask, Осёл's cross): the tiles that carry any of them (what may
# go on an open end), and the non-double tiles that carry two of them (a move on either end), so the
# random bot counts its moves with two popcounts (core.random_cross_rest).
VALUES_SUITS = np.zeros(128, dtype=np.int64)
VALUES_BOTH = np.zeros(128, dtype=np.int64)
for _m in range(128):
    for _t in range(N_TILES):
        _lo_in, _hi_in = _m >> int(TILE_LO[_t]) & 1, _m >> int(TILE_HI[_t]) & 1
        if _lo_in or _hi_in:
            VALUES_SUITS[_m] |= 1 << _t
        if _lo_in and _hi_in and TILE_LO[_t] != TILE_HI[_t]:
            VALUES_BOTH[_m] |= 1 << _t

# Per 7-bit chunk of a hand mask: popcount and pip sum, so a whole hand takes 4 lookups.
CHUNK_POP = np.array([bin(m).count("1") for m in range(128)], dtype=np.int64)
CHUNK_PIPS = np.zeros((4, 128), dtype=np.int64)
for _c in range(4):
    for _m in range(128):
        CHUNK_PIPS[_c, _m] = sum(int(TILE_PIPS[7 * _c + b]) for b in range(7) if _m >> b & 1)
# CHUNK_VALUES[c, m]: the 7-bit mask of the end values carried by the tiles of 7-bit chunk c of a hand mask
CHUNK_VALUES = np.zeros((4, 128), dtype=np.int64)
for _c in range(4):
    for _m in range(128):
        for _b in range(7):
            if _m >> _b & 1:
                CHUNK_VALUES[_c, _m] |= (1 << int(TILE_LO[7 * _c + _b])) | (1 << int(TILE_HI[7 * _c + _b]))


# Per 7-bit chunk of a hand: the count of tiles of each suit v in bits 3v..3v+2 and the
# count of doubles in bits 21..23. A hand holds 7 tiles, so the four chunks' values add up
# without one field spilling into the next: a hand's suit profile is 4 lookups and 3 adds.
CHUNK_PROFILE = np.zeros((4, 128), dtype=np.int64)
for _c in range(4):
    for _m in range(128):
        for _b in range(7):
            if _m >> _b & 1:
                _t = 7 * _c + _b
                CHUNK_PROFILE[_c, _m] += 1 << (3 * TILE_LO[_t])
                if TILE_HI[_t] != TILE_LO[_t]:
                    CHUNK_PROFILE[_c, _m] += 1 << (3 * TILE_HI[_t])
                else:
                    CHUNK_PROFILE[_c, _m] += 1 << 21


#: Each tile's name ('00' … '66') by its index: formatted once (the records name every tile they hold)
TILE_NAMES = tuple(f"{int(lo)}{int(hi)}" for lo, hi in zip(TILE_LO, TILE_HI, strict=True))


def tile_name(t: int) -> str:
    return TILE_NAMES[t]


def tile_from_name(name: str) -> int:
    """'35' -> tile index; raises ValueError on anything else."""
    if not isinstance(name, str) or len(name) != 2 or not name.isdigit():
        raise keyed(ValueError, "tiles.not_a_tile", name=name)
    a, b = int(name[0]), int(name[1])
    if a > 6 or b > 6 or a > b:
        raise keyed(ValueError, "tiles.not_a_tile_digits", name=name)
    return int(TILE_INDEX[a, b])


def mask_tiles(mask: int) -> list[int]:
    return [t for t in range(N_TILES) if mask >> t & 1]


def mask_names(mask: int) -> list[str]:
    return [tile_name(t) for t in mask_tiles(mask)]


# --- integer layouts ----------------------------------------------------------
class Layout:
    """An int64 array's slots, declared once in order: `X = layout.field(size)` gives X the
    next free offset, so no two fields can overlap and inserting one moves the others
    (the way OpenSpiel's observers derive tensor offsets). Numba reads the resulting module
    constants as compile-time integers."""

    def __init__(self, name: str):
        self.name = name
        self.size = 0
        self.fields: list[tuple[int, int]] = []  # (offset, size), in declaration order

    def field(self, size: int = 1) -> int:
        offset = self.size
        self.fields.append((offset, size))
        self.size += size
        return offset


class Bits:
    """An integer's bit fields, declared once in order, like Layout's slots: `SHIFT, MASK = bits.field(width)`
    gives the field's lowest bit and its mask (after the shift), so no two fields overlap and the id cannot
    outgrow an int64."""

    def __init__(self, name: str, limit: int = 63):
        self.name = name
        self.used = 0
        self.limit = limit
        self.fields: list[tuple[int, int]] = []  # (shift, width), in declaration order

    def field(self, width: int) -> tuple[int, int]:
        shift = self.used
        self.used += width
        assert self.used <= self.limit, f"{self.name}: {self.used} bits"
        self.fields.append((shift, width))
        return shift, (1 << width) - 1


# --- compiled rule parameters (slots of the int64 parameter array) -------------
_P = Layout("parameters")
P_PLAYERS = _P.field()
P_N_SIDES = _P.field()
P_SEAT_SIDE = _P.field(4)  # side of each seat
P_REDEAL_DOUBLES = _P.field()
P_REDEAL_SUIT = _P.field()
P_FIRST_LEAD = _P.field()
P_FIRST_LEAD_DOUBLE = _P.field()  # with first_lead double-NN: N
P_NEXT_LEAD = _P.field()
P_TWO_DOUBLES = _P.field()
P_FISH_WINNER = _P.field()
P_FISH_WRITES = _P.field()
P_THRESHOLD = _P.field()
P_THRESHOLD_VALUE = _P.field()
P_SPECIALS = _P.field()
P_LONE_00 = _P.field()
P_LONE_66 = _P.field()
P_BOTH_00_66 = _P.field()
P_EGGS = _P.field()
P_TARGET = _P.field()
P_GENERAL = _P.field()
P_MAX_DEALS = _P.field()
P_SHARED_SCORE = _P.field()
P_OUT_66_WRITES = _P.field()
P_OUT_00_ENDS_GAME = _P.field()
P_SOLO = _P.field()  # каждый сам за себя: every seat is its own side
P_BAZAAR = _P.field()  # undealt tiles (28 - tiles_each x players)
P_CROSS = _P.field()  # Осёл: the first double is a house open on four sides; doubles may be closed
P_MEMORY = _P.field()  # Осёл: sub-threshold points are remembered and added to the side's next loss
P_CLOSED_BEFORE_HOUSE = _P.field()
P_SOLO_FISH = _P.field()
P_SOLO_EGGS = _P.field()
P_OUT_00_WRITES = _P.field()
P_MATCH_DEALS = _P.field()  # Спортивное домино / Генерал: a match of this many deals (0: to the target)
P_SCORING = _P.field()
P_GENERAL_OUT = _P.field()
P_OUT_66_WIPES = _P.field()  # Морской of text 004
P_LEAD_REPEATS = _P.field()
P_FAST_WRITES = _P.field()
P_VOLUNTARY_FAST = _P.field()
P_FAST_WRITES_00 = _P.field()
P_FAST_OUT_66 = _P.field()
P_TILES_EACH = _P.field()  # tiles dealt to each player (Чечевэ: 6 with four players)
P_DRAW_LAST = _P.field()  # the bazaar's last tile may be drawn (Чечевэ)
P_SOLO_WRITES = _P.field()  # Чечевэ: the loser writes every hand left
P_SOLO_LOSER = _P.field()  # Морской of text 004 каждый сам за себя: only the most pips loses
P_GOATS = _P.field()  # Чечевэ: every player at the target (or all but the one out on 00) is a goat
P_OUT_66_WRITERS = _P.field()  # Чечевэ: every player but the one out on 66 writes out_66_writes
P_KEPT_00_GOAT = _P.field()  # Чечевэ: a 00 left in hand makes its holder a goat
P_KEPT_66_WRITES = _P.field()  # Чечевэ: a 66 left in hand writes this on top
P_FIRST_LEAD_CYCLE = _P.field()  # Морской of text 004: the first-lead double by the day of the week
P_EXTRA_LEAD = _P.field()  # Морской of text 004: the extra lead on 00 and 66 at once
N_PARAMS = _P.size

#: The knobs the engine reads as they are, and their slots: a bool as 0/1, an int as itself,
#: a choice as its index in the knob's `choices` (so the integer codes below follow KNOBS).
#: Derived from the names: a knob `foo` with a slot `P_FOO` above is read as it is; the other
#: knobs (pairs, layout, first_lead) make the derived slots of `compile_rules`.
DERIVED_KNOBS = ("pairs", "layout", "first_lead")
KNOB_SLOTS = {
    k.name: globals()[f"P_{k.name.upper()}"]
    for k in KNOBS
    if k.name not in DERIVED_KNOBS and f"P_{k.name.upper()}" in globals()
}


def choice_code(knob: str, choice: str) -> int:
    """The integer the engine uses for one choice of a knob: its index in KNOBS' `choices`."""
    return KNOB_BY_NAME[knob].choices.index(choice)


FIRST_LEAD_DOUBLE = 0  # double-NN (the knob's pattern); the named choices follow
FIRST_LEAD_LOWEST_DOUBLE = 1 + choice_code("first_lead", "lowest-double")
FIRST_LEAD_LOWEST_DOUBLE_OR_HEAVIEST = 1 + choice_code("first_lead", "lowest-double-or-heaviest")
FIRST_LEAD_DOUBLE_11_UPWARD = 1 + choice_code("first_lead", "double-11-upward")
NEXT_LEAD_LAST_MOVER = choice_code("next_lead", "last-mover")
NEXT_LEAD_FISH_WINNER = choice_code("next_lead", "fish-winner")
NEXT_LEAD_ROUND_ROBIN = choice_code("next_lead", "round-robin")
NEXT_LEAD_WINNERS_CHOOSE = choice_code("next_lead", "winners-choose")
NEXT_LEAD_FIRST_LEAD = choice_code("next_lead", "first-lead")
FISH_WINNER_LOWER_SUM = choice_code("fish_winner", "lower-sum")
FISH_WINNER_FISHERMAN = choice_code("fish_winner", "fisherman")
FISH_WINNER_REPLAYED = choice_code("fish_winner", "replayed")
SCORING_POINTS = choice_code("scoring", "points")
SCORING_GENERALS = choice_code("scoring", "generals")
GENERAL_OUT_EITHER = choice_code("general_out", "00-or-66")
GENERAL_OUT_BOTH = choice_code("general_out", "00-and-66")
FISH_WRITES_OWN = choice_code("fish_writes", "own")
FISH_WRITES_ALL = choice_code("fish_writes", "all")
FISH_WRITES_DIFFERENCE = choice_code("fish_writes", "difference")
THRESHOLD_ONCE = choice_code("threshold", "once")
THRESHOLD_EVERY_DEAL = choice_code("threshold", "every-deal")
THRESHOLD_NONE = choice_code("threshold", "none")
SPECIALS_PER_PLAYER = choice_code("specials", "per-player")
SPECIALS_PER_PAIR = choice_code("specials", "per-pair")
SPECIALS_PLAIN = choice_code("specials", "plain")
EGGS_ONE_SIDE = choice_code("eggs", "one-side")
EGGS_BOTH_SIDES = choice_code("eggs", "both-sides")
EGGS_NONE = choice_code("eggs", "none")
CLOSED_ANY = choice_code("closed_before_house", "any")
CLOSED_PAIR_ONLY = choice_code("closed_before_house", "closing-pair-only")
CLOSED_NEVER = choice_code("closed_before_house", "never")
FAST_OUT_66_OUT_66 = choice_code("fast_out_66", "out-66")
SOLO_FISH_VISIBLE = choice_code("solo_fish", "visible")
SOLO_FISH_DRAW_DOWN = choice_code("solo_fish", "draw-down")
SOLO_FISH_TAKE_ALL = choice_code("solo_fish", "take-all")
SOLO_EGGS_NONE = choice_code("solo_eggs", "none")
SOLO_EGGS_ONE_HAND = choice_code("solo_eggs", "one-hand")
SOLO_EGGS_ALL_HANDS = choice_code("solo_eggs", "all-hands")
SOLO_LOSER_EVERY = choice_code("solo_loser", "every")
SOLO_LOSER_MOST = choice_code("solo_loser", "most")
SOLO_WRITES_ALL_HANDS = choice_code("solo_writes", "all-hands")
GOATS_EVERY = choice_code("goats", "every")
CYCLE_NONE = choice_code("first_lead_cycle", "none")
CYCLE_DAYS = choice_code("first_lead_cycle", "days")
CYCLE_11_TO_66 = choice_code("first_lead_cycle", "11-to-66")
CYCLE_RANDOM_DAY = choice_code("first_lead_cycle", "random-day")
OUT_66_ALL_OTHERS = choice_code("out_66_writers", "all-others")
EXTRA_LEAD_NONE = choice_code("extra_lead", "none")
EXTRA_LEAD_ENDS_GAME = choice_code("extra_lead", "ends-game")


def decode_params(p) -> dict:
    """The knob values a parameter array was compiled from (the inverse of compile_rules)."""
    rules: dict = {}
    for name, slot in KNOB_SLOTS.items():
        knob = KNOB_BY_NAME[name]
        value = int(p[slot])
        rules[name] = bool(value) if knob.kind is bool else value if knob.kind is int else knob.choices[value]
    rules["pairs"] = not bool(p[P_SOLO])
    rules["layout"] = "cross" if p[P_CROSS] else "chain"
    lead = int(p[P_FIRST_LEAD])
    first = KNOB_BY_NAME["first_lead"]
    rules["first_lead"] = (
        f"double-{int(p[P_FIRST_LEAD_DOUBLE])}{int(p[P_FIRST_LEAD_DOUBLE])}"
        if lead == FIRST_LEAD_DOUBLE
        else first.choices[lead - 1]
    )
    return rules


def encode_knob(name: str, value) -> int:
    """One knob's value as the engine's integer."""
    knob = KNOB_BY_NAME[name]
    if knob.kind is bool:
        return int(bool(value))
    if knob.kind is int:
        return int(value)
    return knob.choices.index(value)


# --- bots ----------------------------------------------------------------------
BOT_SCRIPT = -1  # replay: moves come from a record, checked against the rules
#: A bot's id: its kind (roster.BOTS' `kind`) in the low bits, then its parameter (sampler:N's worlds; the
#: expert's deals and its measurement settings, declared on this layout in bots.py)
BOT_ID = Bits("bot id")
BOT_KIND_SHIFT, BOT_KIND_MASK = BOT_ID.field(4)
BOT_PARAM_SHIFT = BOT_ID.used  # a parametric bot's N: every bit above its kind (the expert's: its deals field)


BOT_IDS = {bot.name: bot.kind for bot in BOTS}
BOT_DOCS = {bot.name: bot.doc for bot in BOTS}


def thoughtful(bot_ids) -> bool:
    """Whether any seat plays a bot other than random and heavy (or a record): those two are
    compiled into the engine's fast kernel; every other bot needs a thoughtful one."""
    return any(int(b) not in (BOT_SCRIPT, BOT_IDS["random"], BOT_IDS["heavy"]) for b in bot_ids)


#: The bots that search (their ids' low 4 bits; the rest of an id is the bot's parameter, bots.py)
SEARCHING_BOTS = (BOT_IDS["sampler"], BOT_IDS["expert"])
#: The three kernels a set of bots can need, from the cheapest to compile to the dearest
KERNEL_FAST, KERNEL_THINKING, KERNEL_SEARCHING = 0, 1, 2
KERNEL_NAMES = ("fast", "thoughtful", "searching")
#: The kernels' `thoughtful` argument, by kernel (game.thoughtful_flag): numba compiles a kernel per argument
#: type, and the type picks the bots compiled into it. None: numba prunes every thoughtful bot's branch (random
#: and heavy only); an integer: the thinking bots without the search (bots.searching_choice compiles no
#: search for an integer); a boolean: the search too (sampler, expert).
FAST_KERNEL_FLAG = None
THINKING_KERNEL_FLAG = 1
SEARCHING_KERNEL_FLAG = True
KERNEL_FLAGS = (FAST_KERNEL_FLAG, THINKING_KERNEL_FLAG, SEARCHING_KERNEL_FLAG)  # by KERNEL_FAST, ... (their index)


def kernel_flavour(bot_ids) -> int:
    """Which kernel a set of bots needs: random and heavy only (KERNEL_FAST); the scripted thinking bots,
    counter and the like (KERNEL_THINKING); or a searching bot, sampler or expert (KERNEL_SEARCHING), whose
    search is most of the compile time and is left out of the other two (the `player` level compiles no search)."""
    if any(int(b) >= 0 and int(b) & BOT_KIND_MASK in SEARCHING_BOTS for b in bot_ids):
        return KERNEL_SEARCHING
    return KERNEL_THINKING if thoughtful(bot_ids) else KERNEL_FAST


# --- per-deal output row --------------------------------------------------------
_D = Layout("deal row")
D_REDEALS = _D.field()
D_HAND = _D.field(4)  # hand masks as dealt
D_LEADER = _D.field()
D_END = _D.field()  # END_OUT / END_FISH
D_LAST = _D.field()
D_SUM = _D.field(4)  # plain hand sums per side
D_WRITTEN = _D.field(4)
D_SCORE = _D.field(4)
D_CARRY = _D.field()
D_MEMORY = _D.field(4)  # Осёл's remembered points per side
D_LOSER = _D.field()  # losing side, -1 for eggs, -2 when several players lost (solo)
D_MOVES = _D.field()
D_KNOCKS = _D.field()
D_VANISHED = _D.field()  # points lost under the threshold
D_OUT_TILES = _D.field()  # bit 0: the out move held 00, bit 1: 66
D_EV_START = _D.field()
D_EV_END = _D.field()
D_EGGS = _D.field()
D_FISH_SUM = _D.field()  # all tiles left in hands at a fish (0 after an out)
D_LOSERS = _D.field()  # bit mask of the sides that lost the deal (0 for eggs)
D_DRAWS = _D.field()  # tiles drawn from the bazaar
MAX_BAZAAR = 14
D_BAZAAR = _D.field(MAX_BAZAAR)  # the bazaar in draw order, -1 after its end
D_EARLY_CLOSURE = _D.field()  # Осёл: the deal ended with no open end left
D_BURNED = _D.field()  # Морской: points of the score that burned
D_EXTRA = _D.field()  # the deal opened with the extra lead on 00 and 66 (R-004-morskoy-extra)
# What the engine decided, for the record and the play log (which print it and never decide a rule again):
D_VANISHED_SIDE = _D.field(4)  # per side, the points that stayed under the threshold and vanished
D_LEAD = _D.field()  # why the leader leads: LEAD_*
D_FAST = _D.field()  # the deal was a fast lead: 1 on 66, 2 on 00 (R-004-morskoy-fast, -voluntary), else 0
D_APPLIED = _D.field()  # bit mask of the special rules the scoring applied: APPLIED_*
N_DEAL_COLS = _D.size
END_OUT, END_FISH = 0, 1

# Why a deal's leader leads (D_LEAD)
LEAD_NEXT = 0  # by the next_lead rule, from the deal before
LEAD_FIRST = 1  # like the first deal (first_lead): the first deal, or next_lead: first-lead
LEAD_FIRST_AGAIN = 2  # like the first deal again: nobody has written yet (lead_repeats, R-004-morskoy-lead)
LEAD_FAST = 3  # a fast lead on 66 forced by lead_repeats (R-004-morskoy-fast)
LEAD_REPLAY = 4  # the fast or extra lead of the deal before ended in a fish: it is led again (R-004-morskoy-replay)
LEAD_EXTRA_LEADER = 5  # the leader of the extra lead before leads again (R-004-morskoy-extra, rule 7д)
LEAD_NAMES = ("next", "first", "first-again", "fast", "replay", "extra-leader")

# The special rules a deal's scoring applied (D_APPLIED bits), named in records as APPLIED_NAMES
APPLIED_FISH_REPLAYED = 1  # fish_winner: replayed: the fish counts for nothing
APPLIED_NO_FISHING = 2  # a fish on a fast or extra lead: nothing written, the lead is replayed
APPLIED_FAST_COST = 4  # a fast lead's loser writes its fixed cost (fast_writes / fast_writes_00)
APPLIED_OUT_66_ALL = 8  # the out on 66: every other player writes out_66_writes (R-004-chechevae-66)
APPLIED_KEPT_66 = 16  # a player left holding 66 writes kept_66_writes (R-004-chechevae-kept)
APPLIED_OUT_00_ENDS = 32  # the out on 00 ends the game with nothing written (R-morskoy-00)
APPLIED_WIPE_66 = 64  # the out on 66 wiped its side's score (R-004-morskoy-66)
APPLIED_SHARED_BURN = 128  # opening a score burned the other side's (one score for both, R-morskoy-shared)
APPLIED_GENERAL = 256  # a генерал was written (scoring: generals)
APPLIED_EXTRA = 512  # the deal opened with the extra lead on 66 and 00 (R-004-morskoy-extra)
APPLIED_NAMES = {
    APPLIED_FISH_REPLAYED: "fish-replayed",
    APPLIED_NO_FISHING: "no-fishing",
    APPLIED_FAST_COST: "fast-cost",
    APPLIED_OUT_66_ALL: "out-66-all-others",
    APPLIED_KEPT_66: "kept-66",
    APPLIED_OUT_00_ENDS: "out-00-ends-game",
    APPLIED_WIPE_66: "out-66-wipes",
    APPLIED_SHARED_BURN: "shared-burn",
    APPLIED_GENERAL: "general",
    APPLIED_EXTRA: "extra-lead",
}

# --- event rows (recorded by play, read back by replay) --------------------------
E_STRIDE = 3  # per tile of a move: (tile, the end value it attaches to, closed)
_E = Layout("event row")
E_SEAT = _E.field()
E_KIND = _E.field()  # EV_PLAY / EV_KNOCK / EV_DRAW
E_NTILES = _E.field()
E_TILES = _E.field(4 * E_STRIDE)
N_EVENT_COLS = _E.size
EV_PLAY, EV_KNOCK, EV_DRAW = 0, 1, 2
AT_NONE = 7  # "at": null, the first tile of a deal
AT_GAP = 8  # "at": "gap", the 60 laid between the 66 and the 00 of an extra lead (R-004-morskoy-extra)

# --- what play_game returns (slots of its `result` array) -------------------------
_R = Layout("game result")
R_DEALS = _R.field()  # deals played
R_LOSER = _R.field()  # the losing side, -1 (cut off) or LOSER_DRAW
R_TITLES = _R.field()
R_ERROR = _R.field()  # replay: ERR_* of the first problem, else ERR_NONE
R_ERROR_DEAL = _R.field()
R_ERROR_EVENT = _R.field()
R_OVERFLOW = _R.field()  # the event buffer was too small: record again with a larger one
R_GOATS = _R.field()  # bit mask of the goats' sides (goats: every may make several)
N_RESULT = _R.size
LOSER_DRAW = -2  # a match of match_deals deals ended with equal scores (R-004-match)

# --- game results --------------------------------------------------------------
TITLE_NAKED, TITLE_BALD, TITLE_GENERAL, TITLE_HANGING, TITLE_KEPT_00, TITLE_EXTRA = 1, 2, 4, 8, 16, 32
TITLE_NAMES = {
    TITLE_NAKED: "naked",
    TITLE_BALD: "bald",
    TITLE_GENERAL: "general",
    TITLE_HANGING: "hanging",
    TITLE_KEPT_00: "kept-00",
    TITLE_EXTRA: "extra-goat",
}

# replay errors, located by (deal, event)
ERR_NONE = 0
ERR_BAD_HANDS = 1
ERR_MISSED_REDEAL = 2
ERR_WRONG_SEAT = 3
ERR_ILLEGAL_MOVE = 4
ERR_KNOCK_WITH_MOVE = 5
ERR_EVENTS_AFTER_END = 6
ERR_DEAL_UNFINISHED = 7
ERR_TOO_MANY_DEALS = 8
ERR_GAME_UNFINISHED = 9
ERR_WRONG_LEADER = 10
ERR_BAD_DRAW = 11
#: each replay error's name, by its code: the key of its sentence (text/record_texts.py: replay.NAME)
ERROR_NAMES = {
    code: name.removeprefix("ERR_").lower()
    for name, code in list(globals().items())
    if name.startswith("ERR_") and code
}


# R-table-seats, R-solo-sides, R-lead-first
def compile_rules(rules: dict) -> np.ndarray:
    """Turn resolved knob values into the engine's int64 parameter array: the knobs of
    `KNOB_SLOTS` as they are, then the slots derived from several knobs."""
    p = np.zeros(N_PARAMS, dtype=np.int64)
    for name, slot in KNOB_SLOTS.items():
        p[slot] = encode_knob(name, rules[name])
    players = rules["players"]
    solo = not rules["pairs"]
    p[P_SOLO] = int(solo)
    p[P_N_SIDES] = players if solo else 2
    for seat in range(4):
        p[P_SEAT_SIDE + seat] = seat if solo else seat % 2
    p[P_BAZAAR] = 28 - rules["tiles_each"] * players
    p[P_CROSS] = int(rules["layout"] == "cross")
    lead = rules["first_lead"]
    if lead in KNOB_BY_NAME["first_lead"].choices:
        p[P_FIRST_LEAD] = 1 + choice_code("first_lead", lead)
    else:
        p[P_FIRST_LEAD] = FIRST_LEAD_DOUBLE
        p[P_FIRST_LEAD_DOUBLE] = int(lead[-1])
    return p
