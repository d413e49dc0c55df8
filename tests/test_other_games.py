"""Каждый сам за себя, Морской козёл and Осёл: one constructed-deal test per special rule."""

import numpy as np
import pytest
from helpers import Game, Position, mask, out_by, params

from kozel_stats.engine import core as C
from kozel_stats.engine import game as E
from kozel_stats.engine.codes import (
    BOT_SCRIPT,
    DOUBLE_TILE,
    E_KIND,
    E_NTILES,
    E_SEAT,
    E_TILES,
    END_FISH,
    EV_DRAW,
    EV_KNOCK,
    EV_PLAY,
    N_EVENT_COLS,
    TILE_INDEX,
    TITLE_BALD,
    tile_from_name,
    tile_name,
)
from kozel_stats.records.trace import record_game, replay_record
from kozel_stats.rules.variants import load_variant

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
    st[C.ST_BOARD] &= ~mask(bazaar)
    return p, position


def workspace():
    from kozel_stats.engine import bots as B

    return np.zeros(B.W_SIZE, dtype=np.int64), np.zeros(B.F_WORK_SIZE)


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
    E.play_deal(p, st, seat, bots, rng, moves, ev, ev[:0], E.thoughtful_flag(bots), *workspace())
    return ev[: st[C.ST_EV_N]]


# --- каждый сам за себя ------------------------------------------------------------------------
# R-solo-draw
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


def test_solo_fish_is_what_the_table_shows():
    """R-fish-visible: «Если после хода ни у кого нет подходящей кости, наступает рыба» is judged
    from the table alone: while a 6 is off the table (in a hand or anywhere in the bazaar,
    its last tile too) nobody can know there is a fish."""
    p, pos = solo_position(["01", "23", "14"], "56 44", (6, 6))
    assert not C.is_fish(p, pos.st)  # 56 can still be drawn
    p, pos = solo_position(["01", "23", "14"], "44 56", (6, 6))
    assert not C.is_fish(p, pos.st)  # 56 is the bazaar's last tile: hidden, not a fish yet
    p, pos = solo_position(["01", "23", "14"], "44 15", (6, 6))
    assert C.is_fish(p, pos.st)  # every 6 is on the table


# R-solo-lead
def test_solo_lead_lowest_double_or_heaviest_tile():
    p = params(**SOLO3)
    hands = np.array(
        [mask("01 02 03 04 05 06 12"), mask("33 13 14 15 16 23 24"), mask("25 26 34 35 36 45 46"), 0], dtype=np.int64
    )
    assert E.first_lead_tile(p, hands) == DOUBLE_TILE[3]
    no_doubles = np.array(
        [mask("01 02 03 04 05 06 12"), mask("13 14 15 16 23 24 25"), mask("26 34 35 36 45 46 56"), 0], dtype=np.int64
    )
    assert E.first_lead_tile(p, no_doubles) == TILE_INDEX[5, 6]  # the heaviest tile, 11 pips
    ties = np.array(
        [mask("01 02 03 04 05 06 12"), mask("13 14 15 16 23 24 25"), mask("26 34 35 36 45 14"), 0], dtype=np.int64
    )
    ties[2] = mask("26 34 35 36 45")
    assert E.first_lead_tile(p, ties) == TILE_INDEX[3, 6]  # 36 and 45 both 9: the higher half wins


# R-solo-score, R-solo-sides
def test_solo_scoring_every_loser_writes_his_own_hand():
    g = Game(**SOLO3)
    result = g.deal(Position(["", "56 34", "01"]).end("out", 0))
    assert result["written"] == [0, 18]  # P1 writes 18; P2's 1 vanishes under the threshold
    assert g.gs[E.GS_SCORE + 1] == 18 and g.gs[E.GS_SCORE + 2] == 0
    tied = Game(**SOLO3).deal(Position(["12", "03", "56 44"], ends=(5, 5)).end("fish", 2))
    assert tied["losers"] == 0b100 and tied["written"] == [0, 0]  # P0 and P1 tie at 3: both win


# R-solo-end
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


# R-osel-layout, R-osel-house
def test_cross_house_first_tile_opens_four_ends():
    p, pos = cross_position(["11 12", "13", "14", "15"], plays=[(0, ["11"], [0])])
    assert open_ends(pos.st) == [1, 1, 1, 1]


def test_cross_house_later_opens_two_more_and_other_doubles_change_nothing():
    p, pos = cross_position(["12 44", "22 26", "33", "15"], plays=[(0, ["12"], [0]), (1, ["22"], [0])])
    assert open_ends(pos.st) == [1, 2, 2, 2]  # 22 is the house on the 2 end
    p, pos = cross_position(
        ["12 44", "22 26", "11 25", "15"], plays=[(0, ["12"], [0]), (1, ["22"], [0]), (2, ["11"], [0])]
    )
    assert open_ends(pos.st) == [1, 2, 2, 2]  # 11 is an ordinary double


# R-osel-moves
def test_cross_multi_double_moves_and_closing():
    p, pos = cross_position(["12 55", "22 11 26", "33", "15"], plays=[(0, ["12"], [0])])
    moves = np.zeros(C.MAX_MOVES, dtype=np.int64)
    n = C.legal_moves(p, pos.st, 1, moves)
    shapes = {
        tuple((int(C.placement(m, k)) & 31, (int(C.placement(m, k)) >> 8) & 1) for k in range(int(m) & 7))
        for m in moves[:n]
    }
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


# R-osel-closure
def test_cross_early_closure_is_a_fish():
    p, pos = cross_position(["24 56", "22 44 01", "33", "15"], plays=[(0, ["24"], [0]), (1, ["22", "44"], [1, 1])])
    assert open_ends(pos.st) == [] and C.is_fish(p, pos.st)


# R-osel-memory
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


# --- the readings of issue 9 (R-osel-house, R-osel-closing-pair, R-solo-fish, R-solo-eggs, R-morskoy-00) ---
def cross_moves(p, st, seat):
    moves = np.zeros(C.MAX_MOVES, dtype=np.int64)
    n = C.legal_moves(p, st, seat, moves)
    return {
        tuple((tile_name(int(C.placement(m, k)) & 31), (int(C.placement(m, k)) >> 8) & 1) for k in range(int(m) & 7))
        for m in moves[:n]
    }


def test_osel_house_is_the_first_double_laid_open():
    """R-osel-house, the reproduction of `play osel --game-seed 5527432318084236692`, its fifth deal:
    «Первый выложенный в сдаче дубль ... открыт со всех четырёх сторон» - a double laid closed
    cannot be open on four sides, so 66, laid open after 22 was laid closed, is the house."""
    hands = ["00 02 06 15 35 36 56", "13 16 23 24 26 33 34", "01 05 11 14 22 44 46", "03 04 12 25 45 55 66"]
    p, pos = cross_position(hands, plays=[(1, ["26"], [0]), (2, ["22"], [1]), (3, ["66"], [0])])
    assert open_ends(pos.st) == [6, 6, 6]  # the 2 end is dead; the house opens two more 6 ends
    p, pos = cross_position(hands, plays=[(1, ["26"], [0]), (2, ["22"], [1]), (3, ["66"], [0]), (0, ["56"], [0])])
    assert open_ends(pos.st) == [5, 6, 6]
    assert (("16", 0),) in cross_moves(p, pos.st, 1)  # P1 plays 16 on a house end instead of knocking


def test_osel_first_open_double_of_a_move_is_the_house():
    """R-osel-moves: with no house yet the first double of a move laid open becomes the house;
    which open double that is makes distinct moves, the order of the closed ones does not."""
    p, pos = cross_position(["24 56", "22 44 01", "33", "15"], plays=[(0, ["24"], [0])])
    shapes = cross_moves(p, pos.st, 1)
    assert (("22", 0), ("44", 0)) in shapes and (("44", 0), ("22", 0)) in shapes  # either is the house
    assert (("22", 0), ("44", 1)) in shapes and (("44", 1), ("22", 0)) not in shapes  # the open one first
    p, pos = cross_position(["24 56", "22 44 01", "33", "15"], plays=[(0, ["24"], [0]), (1, ["22", "44"], [0, 1])])
    assert open_ends(pos.st) == [2, 2, 2]  # 22 is the house; the 4 end is closed


def test_osel_closing_pair_only():
    """R-osel-closing-pair, text 004: «до первого открытого дубля можно закрытой выставить только
    пару дублей» - before the house, a closed double only in the early closure or after an open
    double of the same move."""
    strict = dict(closed_before_house="closing-pair-only")
    p, pos = cross_position(["24 56", "22 44 01", "33", "15"], plays=[(0, ["24"], [0])])
    any_closed = cross_moves(p, pos.st, 1)
    p2 = params(**{**CROSS, **strict})
    only_pair = cross_moves(p2, pos.st, 1)
    assert (("22", 1),) in any_closed and (("22", 1),) not in only_pair  # one closed double: refused
    assert (("22", 1), ("44", 1)) in only_pair  # the early closure
    assert (("22", 0), ("44", 1)) in only_pair and (("22", 0),) in only_pair  # an open double first
    # once the house stands, any double may be closed
    p, pos = cross_position(["24 56", "22 01", "44 33", "15"], plays=[(0, ["24"], [0]), (1, ["22"], [0])])
    assert (("44", 1),) in cross_moves(p2, pos.st, 2)


def test_osel_closed_before_house_never():
    """R-004-chechevae-first-double (`closed_before_house: never`): Чечевэ's «Первый дубль не может быть
    закрыт» read literally: the first double laid is the house and is laid open; a move that lays it open
    may close the others after it."""
    never = params(**{**CROSS, "closed_before_house": "never"})
    p, pos = cross_position(["24 56", "22 44 01", "33", "15"], plays=[(0, ["24"], [0])])
    moves = cross_moves(never, pos.st, 1)
    assert (("22", 1),) in cross_moves(p, pos.st, 1)  # `any` lets a lone double be laid closed
    assert (("22", 1),) not in moves and (("22", 1), ("44", 1)) not in moves  # not even the early closure
    assert (("22", 0),) in moves and (("22", 0), ("44", 1)) in moves  # the house open, then one closed
    assert not any(closed for (tile, closed), *_ in moves if tile[0] == tile[1])  # no double led closed
    # once the house stands, any double may be closed
    p, pos = cross_position(["24 56", "22 01", "44 33", "15"], plays=[(0, ["24"], [0]), (1, ["22"], [0])])
    assert (("44", 1),) in cross_moves(never, pos.st, 2)


def solo_deal_events(p, pos, leader, bots, script=()):
    """Play a solo deal from `leader` through the engine's deal loop; the events as (seat, kind, tile)."""
    ev = np.zeros((256, N_EVENT_COLS), dtype=np.int64)
    rows = np.zeros((max(len(script), 1), N_EVENT_COLS), dtype=np.int64)
    for i, (seat, kind, tile, at) in enumerate(script):
        rows[i, E_SEAT], rows[i, E_KIND] = seat, kind
        if kind == EV_PLAY:
            rows[i, E_NTILES], rows[i, E_TILES], rows[i, E_TILES + 1] = 1, tile_from_name(tile), at
    st = pos.st
    st[C.ST_EV_N] = 0
    st[C.ST_SCRIPT_POS] = 0
    rng = np.array([1, 12345], dtype=np.uint64)
    moves = np.zeros(C.MAX_MOVES, dtype=np.int64)
    E.play_deal(
        p,
        st,
        leader,
        np.array(bots, dtype=np.int64),
        rng,
        moves,
        ev,
        rows[: len(script)],
        E.thoughtful_flag(np.array(bots)),
        *workspace(),
    )
    assert st[C.ST_ERROR] == 0
    kinds = {EV_PLAY: "play", EV_KNOCK: "knock", EV_DRAW: "draw"}
    return [
        (int(r[E_SEAT]), kinds[int(r[E_KIND])], tile_name(int(r[E_TILES])) if r[E_KIND] != EV_KNOCK else "")
        for r in ev[: st[C.ST_EV_N]]
    ]


def test_solo_hidden_fish_is_played_out():
    """R-solo-fish, the reproduction of `play solo-3 --game-seed 1124894374030827890`, its fourth
    deal: after 06 both ends are 6 and the only 6 off the table is 66, the bazaar's last tile.
    Nobody at the table knows it: P0 draws six tiles (§9: «берёт по одной кости, пока не
    получит подходящую ... Последнюю кость базара брать нельзя»), everyone knocks, and only
    the round of knocks is the fish, P2 (who laid 06) the fisherman."""
    p, pos = solo_position(["34 35 55", "13 33", "03 06 22"], "25 04 15 05 02 00 66", (6, 0))
    script = [(2, EV_PLAY, "06", 0), (2, EV_KNOCK, "", 0)]
    events = solo_deal_events(p, pos, 2, [0, 0, BOT_SCRIPT, 0], script)
    assert events == [
        (2, "play", "06"),
        *[(0, "draw", t) for t in ("25", "04", "15", "05", "02", "00")],
        (0, "knock", ""),
        (1, "knock", ""),
        (2, "knock", ""),
    ]
    assert pos.st[C.ST_END_KIND] == END_FISH and pos.st[C.ST_LAST] == 2


@pytest.mark.parametrize(
    "mode, draws", [("visible", ()), ("draw-down", ("44", "23")), ("take-all", ("44", "23", "01"))]
)
def test_solo_fish_the_table_shows(mode, draws):
    """R-solo-fish: when the table shows the fish (every 5 on the table), `visible` ends the deal at
    once; `draw-down` makes the player to move draw the bazaar down to its last tile first;
    `take-all` (text 004: «обязуется забрать весь базар») makes him take it all."""
    p = params(**{**SOLO3, "solo_fish": mode})
    _, pos = solo_position(["13 26", "35 12", "14 16"], "44 23 01", (5, 3), solo_fish=mode)
    events = solo_deal_events(p, pos, 1, [0, BOT_SCRIPT, 0, 0], [(1, EV_PLAY, "35", 3)])
    assert events[0] == (1, "play", "35") and events[1:] == [(2, "draw", t) for t in draws]
    assert pos.st[C.ST_END_KIND] == END_FISH and pos.st[C.ST_LAST] == 1
    assert C.popcount(int(pos.st[C.ST_HAND + 2])) == 2 + len(draws)


def test_solo_eggs_carry_to_the_loser_with_most_pips():
    """R-solo-eggs, text 004: «При «рыбе» в случае равного количества очков ... объявляются «яйца».
    Приписываются проигравшему в следующем раунде»."""
    for mode, pot in (("none", 0), ("one-hand", 6), ("all-hands", 18)):
        g = Game(**SOLO3, solo_eggs=mode)
        eggs = g.deal(Position(["15", "24", "33"], ends=(0, 0)).end("fish", 0))
        assert eggs["losers"] == 0 and eggs["written"] == [0, 0] and g.gs[E.GS_CARRY] == pot
        after = g.deal(Position(["", "56 34", "01"]).end("out", 0))  # P1 (18) and P2 (1) lose
        assert after["written"] == [0, 18 + pot] and g.gs[E.GS_CARRY] == 0  # the pot to P1, the heavier


def test_morskoy_out_on_00_writes_nothing_unless_asked():
    """R-morskoy-00: «партия сразу заканчивается» - the deal is not written (no burn, no eggs used)."""
    for writes, expected in ((False, [0, 0]), (True, [0, 0])):
        g = Game(**SEA, out_00_writes=writes)
        g.set_score(40, 0)
        g.gs[E.GS_CARRY] = 10
        result = g.deal(out_by(0, ("56 45", "55"), out_move="00"))
        assert result["goat"] == 1
        if writes:  # B writes 20 + 10 + 10 eggs = 40 >= 25: A's 40 burns
            assert result["written"] == [0, 40] and result["score"] == [0, 40] and result["carry"] == 0
        else:
            assert result["written"] == expected and result["score"] == [40, 0] and result["carry"] == 10
