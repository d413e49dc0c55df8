"""Каждый сам за себя, Морской козёл and Осёл: one constructed-deal test per special rule."""

import numpy as np
from conftest import Game, Position, mask, out_by, params

from kozel_stats import core as C
from kozel_stats import engine as E
from kozel_stats.codes import DOUBLE_TILE, TILE_INDEX, TITLE_BALD, tile_from_name
from kozel_stats.rules import load_variant
from kozel_stats.trace import record_game, replay_record

SOLO3 = dict(players=3, pairs=False, first_lead="lowest-double-or-heaviest")
CROSS = dict(layout="cross", threshold="every-deal", memory=True)


def solo_position(hands, bazaar, ends, **knobs):
    """A solo deal: hands, the bazaar in draw order (tiles not in hands, bazaar or listed
    ends are on the table)."""
    p = params(**{**SOLO3, **knobs})
    position = Position(hands + [""] * (4 - len(hands)), ends=ends)
    st = position.st
    names = bazaar.split()
    start = 28 - len(names)  # the bazaar ends the shuffled order; the rest of it is on the table
    for k, name in enumerate(names):
        st[C.ST_ORDER + start + k] = tile_from_name(name)
    st[C.ST_BAZAAR_POS] = start
    st[C.ST_UNDRAWABLE] = 1 << tile_from_name(names[-1]) if names else 0
    st[C.ST_BOARD] &= ~mask(bazaar)
    return p, position


def play_turn(p, position, seat, bot=0):
    """Let `seat` act once through the engine's deal loop: returns the recorded events."""
    ev = np.zeros((64, 15), dtype=np.int64)
    st = position.st
    # a one-turn script of nothing: play with a bot and stop after the seat's move
    rng = np.zeros(2, dtype=np.uint64)
    rng[1] = np.uint64(12345)
    moves = np.zeros(C.MAX_MOVES, dtype=np.int64)
    bots = np.full(4, bot, dtype=np.int64)
    st[C.ST_EV_N] = 0
    E.play_deal(p, st, seat, bots, rng, moves, ev, ev[:0], E.thoughtful_flag(bots))
    return ev[:st[C.ST_EV_N]]


# --- каждый сам за себя ------------------------------------------------------------------------
def test_solo_draws_until_a_tile_fits_and_never_the_last():
    # ends 6 and 6; P0 has no 6; the bazaar gives 01, 02, then 56 (fits), then 36, 44
    p, pos = solo_position(["01 12 13", "23 24", "14 15"], "00 02 56 36 44", (6, 6))
    ev = play_turn(p, pos, 0)
    kinds = [(int(r[0]), int(r[1])) for r in ev[:4]]
    assert kinds == [(0, 2), (0, 2), (0, 2), (0, 0)]  # three draws, then a play
    assert [int(r[3]) for r in ev[:3]] == [tile_from_name(t) for t in ("00", "02", "56")]
    assert int(ev[3][3]) == tile_from_name("56")
    # with a single tile left in the bazaar a player knocks instead of drawing
    p, pos = solo_position(["01", "23", "14"], "44", (6, 6))
    moves = np.zeros(C.MAX_MOVES, dtype=np.int64)
    assert C.legal_moves(p, pos.st, 0, moves) == 0 and C.bazaar_left(p, pos.st) == 1


def test_solo_fish_counts_the_drawable_bazaar():
    p, pos = solo_position(["01", "23", "14"], "56 44", (6, 6))
    assert not C.is_fish(p, pos.st)  # 56 can still be drawn
    p, pos = solo_position(["01", "23", "14"], "44 56", (6, 6))
    assert C.is_fish(p, pos.st)  # 56 is the last bazaar tile: never drawn


def test_solo_lead_lowest_double_or_heaviest_tile():
    p = params(**SOLO3)
    hands = np.array([mask("01 02 03 04 05 06 12"), mask("33 13 14 15 16 23 24"), mask("25 26 34 35 36 45 46"),
                      0], dtype=np.int64)
    assert E.first_lead_tile(p, hands) == DOUBLE_TILE[3]
    no_doubles = np.array([mask("01 02 03 04 05 06 12"), mask("13 14 15 16 23 24 25"),
                           mask("26 34 35 36 45 46 56"), 0], dtype=np.int64)
    assert E.first_lead_tile(p, no_doubles) == TILE_INDEX[5, 6]  # the heaviest tile, 11 pips
    ties = np.array([mask("01 02 03 04 05 06 12"), mask("13 14 15 16 23 24 25"), mask("26 34 35 36 45 14"),
                     0], dtype=np.int64)
    ties[2] = mask("26 34 35 36 45")
    assert E.first_lead_tile(p, ties) == TILE_INDEX[3, 6]  # 36 and 45 both 9: the higher half wins


def test_solo_scoring_every_loser_writes_his_own_hand():
    g = Game(**SOLO3)
    result = g.deal(Position(["", "56 34", "01"]).end("out", 0))
    assert result["written"] == [0, 18]  # P1 writes 18; P2's 1 vanishes under the threshold
    assert g.gs[E.GS_SCORE + 1] == 18 and g.gs[E.GS_SCORE + 2] == 0
    tied = Game(**SOLO3).deal(Position(["12", "03", "56 44"], ends=(5, 5)).end("fish", 2))
    assert tied["losers"] == 0b100 and tied["written"] == [0, 0]  # P0 and P1 tie at 3: both win


def test_solo_goat_is_the_one_with_more_points():
    g = Game(**SOLO3)
    for side, value in ((0, 95), (1, 97), (2, 10)):
        g.gs[E.GS_SCORE + side] = value
        g.gs[E.GS_OPENED + side] = 1
        g.gs[E.GS_WROTE + side] = 1
    result = g.deal(Position(["56 33", "56 44"[:2] + " 14", ""]).end("out", 2))
    assert result["goat"] == 1  # both over 101: 97 + 16 = 113 beats 95 + 17 = 112


def test_solo_records_replay_and_keep_the_bazaar_order():
    variant = load_variant("solo-2")
    record = record_game(variant, 99, ["heavy", "random"])
    assert record["players"] == 2 and record["sides"] == [[0], [1]] and len(record["deals"][0]["bazaar"]) == 14
    assert any("draw" in e for d in record["deals"] for e in d["events"])
    assert replay_record(record, variant) == []
    bad = __import__("copy").deepcopy(record)
    deal = next(d for d in bad["deals"] if any("draw" in e for e in d["events"]))
    i = next(i for i, e in enumerate(deal["events"]) if "draw" in e)
    deal["events"][i]["draw"] = deal["bazaar"][-1]
    problems = replay_record(bad, variant)
    assert problems and "draw" in problems[0].text


# --- Морской козёл -------------------------------------------------------------------------------
SEA = dict(threshold_value=25, shared_score=True, target=125, out_00_ends_game=True, out_66_writes=100)


def test_morskoy_burning_and_reopening():
    g = Game(**SEA)
    assert g.deal(out_by(1, ("66 56 55", "34")))["score"] == [40, 0]
    result = g.deal(out_by(0, ("56 45", "55")))
    assert result["score"] == [0, 30]
    assert g.deal(out_by(1, ("56", "45")))["score"] == [0, 30]  # A must reach 25 again


def test_morskoy_out_on_00_ends_the_game_and_on_66_costs_100():
    g = Game(**SEA)
    g.set_score(0, 120)
    result = g.deal(out_by(1, ("56", "03"), out_move="00"))
    assert result["goat"] == 0 and result["titles"] & TITLE_BALD  # B went out on 00: A lose at once
    g = Game(**SEA)
    assert g.deal(out_by(1, ("56", "03"), out_move="00 66"))["goat"] == 0  # 00 and 66 together: the same
    g = Game(**SEA)
    result = g.deal(out_by(1, ("56", "03"), out_move="66"))
    assert result["written"] == [100, 0] and result["goat"] == -1


# --- Осёл ----------------------------------------------------------------------------------------
def cross_position(hands, first=None, plays=()):
    """Play `first` then each (seat, tiles, closed flags) through the engine's legal moves."""
    p = params(**CROSS)
    position = Position(hands)
    st = position.st
    st[C.ST_CROSS_FLAG] = 1
    for seat, tiles, closed in plays:
        moves = np.zeros(C.MAX_MOVES, dtype=np.int64)
        n = C.legal_moves(p, st, seat, moves)
        wanted = [(tile_from_name(t), c) for t, c in zip(tiles, closed)]
        found = None
        for m in moves[:n]:
            got = [(int(C.placement(m, k)) & 31, (int(C.placement(m, k)) >> 8) & 1) for k in range(int(m) & 7)]
            if got == wanted:
                found = m
        assert found is not None, (seat, tiles, closed)
        C.apply_move(st, seat, found)
    return p, position


def open_ends(st):
    return sorted(int(st[C.ST_END + i]) for i in range(int(st[C.ST_N_ENDS])) if st[C.ST_OPEN] >> i & 1)


def test_cross_house_first_tile_opens_four_ends():
    p, pos = cross_position(["11 12", "13", "14", "15"], plays=[(0, ["11"], [0])])
    assert open_ends(pos.st) == [1, 1, 1, 1]


def test_cross_house_later_opens_two_more_and_other_doubles_change_nothing():
    p, pos = cross_position(["12 44", "22 26", "33", "15"], plays=[(0, ["12"], [0]), (1, ["22"], [0])])
    assert open_ends(pos.st) == [1, 2, 2, 2]  # 22 is the house on the 2 end
    p, pos = cross_position(["12 44", "22 26", "11 25", "15"],
                            plays=[(0, ["12"], [0]), (1, ["22"], [0]), (2, ["11"], [0])])
    assert open_ends(pos.st) == [1, 2, 2, 2]  # 11 is an ordinary double


def test_cross_multi_double_moves_and_closing():
    p, pos = cross_position(["12 55", "22 11 26", "33", "15"], plays=[(0, ["12"], [0])])
    moves = np.zeros(C.MAX_MOVES, dtype=np.int64)
    n = C.legal_moves(p, pos.st, 1, moves)
    shapes = {tuple((int(C.placement(m, k)) & 31, (int(C.placement(m, k)) >> 8) & 1)
                    for k in range(int(m) & 7)) for m in moves[:n]}
    t11, t22 = tile_from_name("11"), tile_from_name("22")
    assert ((t22, 0), (t11, 1)) in shapes and ((t11, 0), (t22, 0)) in shapes  # two doubles, either first
    assert ((t22, 1),) in shapes  # one double, closed
    # a closed double kills its end for good
    p, pos = cross_position(["12 55", "22 11 26", "33", "15"], plays=[(0, ["12"], [0]), (1, ["22"], [1])])
    assert open_ends(pos.st) == [1]
    # the first tile of a deal is never closed
    p, pos = cross_position(["11 12", "13", "14", "15"])
    n = C.legal_moves(p, pos.st, 0, moves)
    assert all((int(C.placement(m, 0)) >> 8) & 1 == 0 for m in moves[:n])


def test_cross_early_closure_is_a_fish():
    p, pos = cross_position(["24 56", "22 44 01", "33", "15"], plays=[(0, ["24"], [0]), (1, ["22", "44"], [1, 1])])
    assert open_ends(pos.st) == [] and C.is_fish(p, pos.st)


def test_cross_memory_carries_and_resets():
    g = Game(**CROSS)
    first = g.deal(out_by(1, ("34", "04")))  # A loses 11 < 13: remembered
    assert first["written"] == [0, 0] and first["memory"] == [11, 0] and first["vanished"] == 0
    second = g.deal(Position(["46 11", "44 04", "26", "34 01"], ends=(5, 5)).end("fish", 0))  # eggs keep it
    assert second["memory"] == [11, 0]
    third = g.deal(out_by(1, ("03", "00 01")))  # A loses 4 + 20 eggs + 11 remembered = 35
    assert third["written"] == [35, 0] and third["memory"] == [0, 0]
    g = Game(**CROSS)
    g.deal(out_by(1, ("34", "04")))  # A remembers 11
    assert g.deal(out_by(0, ("56", "45")))["memory"] == [0, 0]  # A did not lose: forgotten


def test_cross_records_replay_with_closed_flags():
    variant = load_variant("osel")
    for seed in range(5):
        record = record_game(variant, seed, ["random"] * 4)
        assert all("closed" in e for d in record["deals"] for e in d["events"] if "play" in e)
        assert replay_record(record, variant) == []
