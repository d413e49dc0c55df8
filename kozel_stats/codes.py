"""Shared integer codes of the engine: tiles, compiled rule parameters, output columns.

Light on purpose (numpy only): the CLI, the trace writer and the rules compiler
read these without importing numba.
"""

from __future__ import annotations

import numpy as np

# --- tiles -----------------------------------------------------------------
# Tile index i <-> (lo, hi) with lo <= hi, ordered 00, 01, ..., 06, 11, ..., 66.
N_TILES = 28
TILE_LO = np.zeros(N_TILES, dtype=np.int64)
TILE_HI = np.zeros(N_TILES, dtype=np.int64)
TILE_INDEX = np.full((7, 7), -1, dtype=np.int64)
_i = 0
for _lo in range(7):
    for _hi in range(_lo, 7):
        TILE_LO[_i], TILE_HI[_i] = _lo, _hi
        TILE_INDEX[_lo, _hi] = TILE_INDEX[_hi, _lo] = _i
        _i += 1
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
T11 = int(TILE_INDEX[1, 1])
T66 = int(TILE_INDEX[6, 6])

# Per 7-bit chunk of a hand mask: popcount and pip sum, so a whole hand takes 4 lookups.
CHUNK_POP = np.array([bin(m).count("1") for m in range(128)], dtype=np.int64)
CHUNK_PIPS = np.zeros((4, 128), dtype=np.int64)
for _c in range(4):
    for _m in range(128):
        CHUNK_PIPS[_c, _m] = sum(int(TILE_PIPS[7 * _c + b]) for b in range(7) if _m >> b & 1)


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


def tile_name(t: int) -> str:
    return f"{TILE_LO[t]}{TILE_HI[t]}"


def tile_from_name(name: str) -> int:
    """'35' -> tile index; raises ValueError on anything else."""
    if not isinstance(name, str) or len(name) != 2 or not name.isdigit():
        raise ValueError(f"not a tile: {name!r}")
    a, b = int(name[0]), int(name[1])
    if a > 6 or b > 6 or a > b:
        raise ValueError(f"not a tile: {name!r} (digits 0..6, smaller first)")
    return int(TILE_INDEX[a, b])


def mask_tiles(mask: int) -> list[int]:
    return [t for t in range(N_TILES) if mask >> t & 1]


def mask_names(mask: int) -> list[str]:
    return [tile_name(t) for t in mask_tiles(mask)]


# --- compiled rule parameters (index into the int64 parameter array) --------
P_PLAYERS = 0
P_N_SIDES = 1
P_SEAT_SIDE = 2  # 4 slots: side of each seat
P_REDEAL_DOUBLES = 6
P_REDEAL_SUIT = 7
P_FIRST_LEAD = 8
P_FIRST_LEAD_DOUBLE = 9
P_NEXT_LEAD = 10
P_TWO_DOUBLES = 11
P_FISH_WINNER = 12
P_FISH_WRITES = 13
P_THRESHOLD = 14
P_THRESHOLD_VALUE = 15
P_SPECIALS = 16
P_LONE_00 = 17
P_LONE_66 = 18
P_BOTH_00_66 = 19
P_EGGS = 20
P_TARGET = 21
P_GENERAL = 22
P_MAX_DEALS = 23
P_SHARED_SCORE = 24
P_OUT_66_WRITES = 25
P_OUT_00_ENDS_GAME = 26
P_SOLO = 27  # каждый сам за себя: every seat is its own side
P_BAZAAR = 28  # undealt tiles (28 - 7 x players)
P_CROSS = 29  # Осёл: the first double is a house open on four sides; doubles may be closed
P_MEMORY = 30  # Осёл: sub-threshold points are remembered and added to the side's next loss
N_PARAMS = 31

FIRST_LEAD_DOUBLE, FIRST_LEAD_LOWEST_DOUBLE, FIRST_LEAD_LOWEST_DOUBLE_OR_HEAVIEST = 0, 1, 2
NEXT_LEAD_LAST_MOVER, NEXT_LEAD_FISH_WINNER, NEXT_LEAD_ROUND_ROBIN, NEXT_LEAD_WINNERS_CHOOSE = 0, 1, 2, 3
FISH_WINNER_LOWER_SUM, FISH_WINNER_FISHERMAN = 0, 1
FISH_WRITES_OWN, FISH_WRITES_ALL, FISH_WRITES_DIFFERENCE = 0, 1, 2
THRESHOLD_ONCE, THRESHOLD_EVERY_DEAL, THRESHOLD_NONE = 0, 1, 2
SPECIALS_PER_PLAYER, SPECIALS_PER_PAIR, SPECIALS_PLAIN = 0, 1, 2
EGGS_ONE_SIDE, EGGS_BOTH_SIDES, EGGS_NONE = 0, 1, 2

ENUMS = {
    "next_lead": {"last-mover": 0, "fish-winner": 1, "round-robin": 2, "winners-choose": 3},
    "fish_winner": {"lower-sum": 0, "fisherman": 1},
    "fish_writes": {"own": 0, "all": 1, "difference": 2},
    "threshold": {"once": 0, "every-deal": 1, "none": 2},
    "specials": {"per-player": 0, "per-pair": 1, "plain": 2},
    "eggs": {"one-side": 0, "both-sides": 1, "none": 2},
}

# --- bots ----------------------------------------------------------------------
BOT_SCRIPT = -1  # replay: moves come from a record, checked against the rules
BOT_IDS = {"random": 0, "heavy": 1, "doubles": 2, "partner": 3, "counter": 4, "sampler": 5}
BOT_DOCS = {
    "random": "uniform over the distinct legal moves",
    "heavy": "sheds the most pips (both tiles of a two-doubles move count); ties at random",
    "doubles": "gets rid of doubles first (the heaviest double first, two at once if it can), then the "
               "heaviest tile; ties at random",
    "partner": "keeps open the end values its partner fed and away from those he knocked on; leads from its "
               "longest suit; otherwise heavy; ties at random (without a partner: heavy, and the lead rule)",
    "counter": "counts tiles, knocks and hand sizes, never sees a hidden tile: goes out; makes a fish when its "
               "side is likely lighter, never when likely heavier; keeps an end only it can answer («сидит на "
               "конце»); makes ends the opponents cannot answer (the next player first); otherwise doubles "
               "first, then the heaviest tile; ties at random",
    "sampler": "reference player: deals the unseen tiles at random consistently with hand sizes and knocks "
               "(24 worlds per decision; sampler:N for N) and plays each legal move out to the end of the deal "
               "with everyone playing like counter; picks the best average deal result for its side; slow",
}

# --- per-deal output row --------------------------------------------------------
D_REDEALS = 0
D_HAND = 1  # 4 columns: hand masks as dealt
D_LEADER = 5
D_END = 6  # END_OUT / END_FISH
D_LAST = 7
D_SUM = 8  # 4 columns: plain hand sums per side
D_WRITTEN = 12  # 4 columns
D_SCORE = 16  # 4 columns
D_CARRY = 20
D_MEMORY = 21  # 4 columns (reserved for Осёл; zeros here)
D_LOSER = 25  # losing side, -1 for eggs
D_MOVES = 26
D_KNOCKS = 27
D_VANISHED = 28  # points lost under the threshold
D_OUT_TILES = 29  # bit 0: the out move held 00, bit 1: 66
D_EV_START = 30
D_EV_END = 31
D_EGGS = 32
D_FISH_SUM = 33  # all tiles left in hands at a fish (0 after an out)
D_LOSERS = 34  # bit mask of the sides that lost the deal (0 for eggs)
D_DRAWS = 35  # tiles drawn from the bazaar
D_BAZAAR = 36  # 14 columns: the bazaar in draw order, -1 after its end
D_EARLY_CLOSURE = 50  # Осёл: the deal ended with no open end left
D_BURNED = 51  # Морской: points of the score that burned
N_DEAL_COLS = 52
MAX_BAZAAR = 14
END_OUT, END_FISH = 0, 1

# --- event rows (recorded by play, read back by replay) --------------------------
E_SEAT = 0
E_KIND = 1  # EV_PLAY / EV_KNOCK
E_NTILES = 2
E_TILES = 3  # then (tile, at, closed) triples, up to 4
E_STRIDE = 3
N_EVENT_COLS = 3 + 4 * E_STRIDE
EV_PLAY, EV_KNOCK, EV_DRAW = 0, 1, 2
AT_NONE = 7  # "at": null, the first tile of a deal

# --- game results --------------------------------------------------------------
TITLE_NAKED, TITLE_BALD, TITLE_GENERAL = 1, 2, 4
TITLE_NAMES = {TITLE_NAKED: "naked", TITLE_BALD: "bald", TITLE_GENERAL: "general"}

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
ERROR_TEXT = {
    ERR_BAD_HANDS: "the hands are not 4 x 7 distinct tiles of the set",
    ERR_MISSED_REDEAL: "a hand as dealt required a redeal (передача)",
    ERR_WRONG_SEAT: "the event's seat is not the seat whose turn it is",
    ERR_ILLEGAL_MOVE: "illegal move",
    ERR_KNOCK_WITH_MOVE: "knock while holding a legal move",
    ERR_EVENTS_AFTER_END: "events after the deal had ended",
    ERR_DEAL_UNFINISHED: "the events stop before the deal ends (no out and no fish)",
    ERR_TOO_MANY_DEALS: "deals recorded after the game had ended",
    ERR_GAME_UNFINISHED: "the record stops before any side reached the target",
    ERR_WRONG_LEADER: "the wrong player led the deal",
    ERR_BAD_DRAW: "a draw that the rules do not allow here (a playable tile in hand, the last bazaar tile, "
    "or not the next bazaar tile), or a missing draw",
}


def compile_rules(rules: dict) -> np.ndarray:
    """Turn resolved knob values into the engine's int64 parameter array."""
    p = np.zeros(N_PARAMS, dtype=np.int64)
    players = rules["players"]
    solo = not rules["pairs"]
    p[P_PLAYERS] = players
    p[P_SOLO] = int(solo)
    p[P_N_SIDES] = players if solo else 2
    for seat in range(4):
        p[P_SEAT_SIDE + seat] = seat if solo else seat % 2
    p[P_BAZAAR] = 28 - 7 * players
    p[P_CROSS] = int(rules["layout"] == "cross")
    p[P_MEMORY] = int(rules["memory"])
    p[P_REDEAL_DOUBLES] = rules["redeal_doubles"]
    p[P_REDEAL_SUIT] = rules["redeal_suit"]
    lead = rules["first_lead"]
    if lead == "lowest-double":
        p[P_FIRST_LEAD] = FIRST_LEAD_LOWEST_DOUBLE
    elif lead == "lowest-double-or-heaviest":
        p[P_FIRST_LEAD] = FIRST_LEAD_LOWEST_DOUBLE_OR_HEAVIEST
    else:
        p[P_FIRST_LEAD] = FIRST_LEAD_DOUBLE
        p[P_FIRST_LEAD_DOUBLE] = int(lead[-1])
    for knob, index in (
        ("next_lead", P_NEXT_LEAD), ("fish_winner", P_FISH_WINNER), ("fish_writes", P_FISH_WRITES),
        ("threshold", P_THRESHOLD), ("specials", P_SPECIALS), ("eggs", P_EGGS),
    ):
        p[index] = ENUMS[knob][rules[knob]]
    p[P_TWO_DOUBLES] = int(rules["two_doubles"])
    p[P_THRESHOLD_VALUE] = rules["threshold_value"]
    p[P_LONE_00] = rules["lone_00"]
    p[P_LONE_66] = rules["lone_66"]
    p[P_BOTH_00_66] = rules["both_00_66"]
    p[P_TARGET] = rules["target"]
    p[P_GENERAL] = int(rules["general"])
    p[P_MAX_DEALS] = rules["max_deals"]
    p[P_SHARED_SCORE] = int(rules["shared_score"])
    p[P_OUT_66_WRITES] = rules["out_66_writes"]
    p[P_OUT_00_ENDS_GAME] = int(rules["out_00_ends_game"])
    return p
