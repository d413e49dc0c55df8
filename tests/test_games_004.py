"""Спортивное домино and Генерал (text 004): one focused test per new rule and knob, on constructed
deals, then whole games of the shipped variants (every tile accounted for, only legal moves, the
records replay), and the bots of Генерал."""

from __future__ import annotations

import json

import numpy as np
import pytest
from helpers import Game, Position, mask, out_by, params, run_cli

from kozel_stats.engine import bots as BT
from kozel_stats.engine import core as C
from kozel_stats.engine import game as E
from kozel_stats.engine.bots import parse_bot
from kozel_stats.engine.codes import (
    END_FISH,
    END_OUT,
    LOSER_DRAW,
    SEARCHING_KERNEL_FLAG,
    TITLE_BALD,
    TITLE_GENERAL,
    TITLE_HANGING,
    TITLE_NAKED,
    compile_rules,
)
from kozel_stats.play.runner import play_range
from kozel_stats.records.playlog import format_game
from kozel_stats.records.trace import record_game, replay_record
from kozel_stats.rules.variants import VariantError, load_variant, with_rules
from kozel_stats.stats.metrics import columns_from_engine

A, B = 0, 1
HEAVY_FISH = ["66 55", "01", "56", "02"]  # A holds 33, B holds 3


def fish(hands=HEAVY_FISH, fisherman=1):
    return Position(hands, ends=(3, 3)).end("fish", fisherman)


# --- R-004-match --------------------------------------------------------------------------------
# R-004-match: «Играется определённое количество раздач (замесов)»
def test_a_match_ends_after_its_deals_not_at_the_target():
    g = Game(match_deals=3)
    g.set_score(200, 0)  # far past the target: a match goes on
    assert g.deal(out_by(1, ("04", "01")))["goat"] == -1
    assert g.deal(out_by(0, ("56", "36")))["goat"] == -1
    result = g.deal(out_by(1, ("56", "03")))
    assert result["goat"] == A and result["score"] == [219, 20]


# R-004-match: «Побеждает пара, записавшая больше очков на соперника»: fewer points against it wins
def test_the_side_with_fewer_points_against_it_wins_the_match():
    g = Game(match_deals=2)
    g.deal(out_by(0, ("56", "36")))  # B: 20
    result = g.deal(out_by(1, ("56", "03")))  # A: 14
    assert result["score"] == [14, 20] and result["goat"] == B


# R-004-match: equal scores are a draw
def test_a_level_match_is_a_draw():
    g = Game(match_deals=2)
    g.deal(out_by(0, ("56", "36")))  # B: 20
    result = g.deal(out_by(1, ("56", "36")))  # A: 20
    assert result["score"] == [20, 20] and result["goat"] == LOSER_DRAW


# R-004-match: eggs count as a deal of the match; the pot left at the end is never written
def test_eggs_count_as_a_deal_of_a_match():
    g = Game(match_deals=2)
    g.deal(out_by(0, ("56", "36")))
    equal = ["46 11", "44 04", "26", "34 01"]
    result = g.deal(fish(equal))
    assert result["carry"] > 0 and result["goat"] == B and result["score"] == [0, 20]


# R-004-match: the standing before the last deal against the result
def test_the_last_deal_decides_column():
    p = params(match_deals=2)
    deals = np.zeros((2, E.N_DEAL_COLS), dtype=np.int64)
    deals[0, E.D_SCORE : E.D_SCORE + 2] = (20, 0)
    deals[1, E.D_SCORE : E.D_SCORE + 2] = (20, 30)
    out = np.zeros(E.N_GAME_COLS, dtype=np.int64)
    out[E.G_LOSER] = B
    E.summarize_game(p, deals, 2, out, np.zeros(E.FISH_SUM_BINS, dtype=np.int64))
    assert out[E.G_LAST_DECIDED] == 1  # B was ahead (fewer against it) before the last deal, and lost
    deals[1, E.D_SCORE : E.D_SCORE + 2] = (40, 0)
    out[:] = 0
    out[E.G_LOSER] = A
    E.summarize_game(p, deals, 2, out, np.zeros(E.FISH_SUM_BINS, dtype=np.int64))
    assert out[E.G_LAST_DECIDED] == 0  # A was behind before it and lost
    assert int(E.standing(p, deals, 0)) == LOSER_DRAW  # before any deal: level


# --- R-004-general-* ------------------------------------------------------------------------------
GENERALS = {"scoring": "generals"}


# R-004-general-scoring: «При окончании игры костяшками 0х0 и/или 6х6 проигравший объявляется «Генералом»»
@pytest.mark.parametrize(
    "out_move, general_out, written",
    [
        ("00", "00-or-66", 1),
        ("66", "00-or-66", 1),
        ("00 66", "00-or-66", 1),
        ("12", "00-or-66", 0),
        ("00", "00-and-66", 0),
        ("66", "00-and-66", 0),
        ("00 66", "00-and-66", 1),
    ],
)
def test_a_general_is_written_against_the_side_after_the_out(out_move, general_out, written):
    g = Game(scoring="generals", general_out=general_out, match_deals=5)
    result = g.deal(out_by(1, ("56", "03"), out_move=out_move))
    # «Проигравший — тот, чей ход по очереди следующий после закончившего»: seat 2, side A
    assert result["written"] == [written, 0] and result["score"] == [written, 0]
    assert result["vanished"] == 0  # no points, nothing vanishes


# R-004-general-scoring: «Счёт очков не ведётся»: no points at a fish either, and no naked title
def test_generals_write_no_points_and_give_no_naked_title():
    g = Game(scoring="generals", match_deals=1)
    result = g.deal(fish())
    assert result["written"] == [0, 0] and result["goat"] == LOSER_DRAW
    g = Game(scoring="generals", match_deals=1)
    result = g.deal(out_by(1, ("56", "03"), out_move="00"))
    assert result["goat"] == A and result["titles"] == TITLE_BALD  # not TITLE_NAKED
    g = Game(match_deals=1)
    assert g.deal(out_by(1, ("56", "03"), out_move="12"))["titles"] == TITLE_NAKED  # points: naked as usual


# R-004-general-fish: «раунд, закончившийся „рыбой“, не засчитывается»
def test_a_replayed_fish_writes_nothing_and_does_not_count():
    g = Game(fish_winner="replayed", match_deals=1)
    result = g.deal(fish())
    assert result["losers"] == 0 and result["written"] == [0, 0] and result["carry"] == 0
    assert result["goat"] == -1  # the match of one deal has not had its deal yet
    result = g.deal(out_by(0, ("56", "36")))
    assert result["goat"] == B


# R-004-general-lead: «В любом случае игра начинается с 1х1»
def test_every_deal_opens_with_11_under_first_lead():
    variant = load_variant("generals")
    for seed in range(5):
        record = record_game(variant, seed, ["random"] * 4)
        for deal in record["deals"]:
            holder = next(s for s, hand in enumerate(deal["hands"]) if "11" in hand)
            assert deal["leader"] == holder and deal["events"][0]["play"] == ["11"]
    assert E.next_leader(params(next_lead="first-lead"), 2, END_OUT, 3, 1 << A) == -3


# knob combinations that cannot be played are refused with the reason
def test_generals_need_pairs_and_general_out_needs_generals():
    with pytest.raises(VariantError, match="pairs"):
        with_rules(load_variant("solo-3"), {"scoring": "generals"})
    with pytest.raises(VariantError, match="scoring: generals"):
        with_rules(load_variant("default"), {"general_out": "00-and-66"})


# --- whole games ------------------------------------------------------------------------------------
@pytest.mark.parametrize("name", ["sport", "generals", "generals-both"])
@pytest.mark.parametrize("bot", ["random", "counter", "general", "general-signal"])
def test_shipped_games_play_1000_games(name, bot):
    variant = load_variant(name)
    p = compile_rules(variant.rule_dict)
    games = play_range(p, 7, 0, 1000, np.full(4, parse_bot(bot), dtype=np.int64)).games
    match = variant["match_deals"]
    lost = games[:, E.G_LOST_DEALS]
    if variant["fish_winner"] == "replayed":  # the counted deals: every out
        assert (lost == match).all()
        assert (games[:, E.G_DEALS] == match + games[:, E.G_FISHES]).all()
    else:
        assert (games[:, E.G_DEALS] == match).all()
    assert np.isin(games[:, E.G_LOSER], (A, B, LOSER_DRAW)).all()
    scores = games[:, E.G_SCORE : E.G_SCORE + 2]
    draws = games[:, E.G_LOSER] == LOSER_DRAW
    assert (scores[draws, 0] == scores[draws, 1]).all()
    decided = ~draws
    assert (scores[decided, games[decided, E.G_LOSER]] > scores[decided, 1 - games[decided, E.G_LOSER]]).all()
    if variant["scoring"] == "generals":
        assert (scores.sum(axis=1) == games[:, E.G_WRITTEN]).all() and (scores <= lost[:, None]).all()
        assert not (games[:, E.G_TITLES] & TITLE_NAKED).any()


@pytest.mark.parametrize("name", ["sport", "generals"])
def test_records_replay_and_read(name):
    variant = load_variant(name)
    for g in range(20):
        record = record_game(variant, 100 + g, ["general-signal", "random", "general", "counter"], game=g)
        assert replay_record(record, variant) == []
        tiles = [sorted(t for hand in deal["hands"] for t in hand) for deal in record["deals"]]
        assert all(len(t) == len(set(t)) == 28 for t in tiles)  # every tile dealt once
        if record["loser"] is None:
            assert record["titles"] == ["draw"] and "a draw" in format_game(record, variant)


# --- the bots of Генерал ------------------------------------------------------------------------------
def bot_move(bot: str, pos: Position, p, seed: int = 1) -> list[tuple[str, int]]:

    moves = np.zeros(C.MAX_MOVES, dtype=np.int64)
    n = int(C.legal_moves(p, pos.st, 0, moves))
    rng = np.array([1, (seed * 0x9E3779B97F4A7C15 + 1) % 2**64], dtype=np.uint64)
    work = (np.zeros(BT.W_SIZE, dtype=np.int64), np.zeros(BT.F_WORK_SIZE))
    i = int(E.choose_thoughtful(parse_bot(bot), p, pos.st, 0, moves, n, rng, *work, SEARCHING_KERNEL_FLAG))
    return pos.legal(p, 0)[i]


# R-004-general-signals: the bot keeps 00 / 66 for its out
def test_the_general_bot_goes_out_on_a_double_and_never_lays_it_early():
    p = params(**GENERALS, match_deals=16)
    for seed in range(6):
        # seat 0 holds 66 and 56 with ends 6 and 5: 66 waits, 56 is played
        pos = Position(["66 56", "01 02", "03 04", "05 13"], ends=(6, 5))
        assert bot_move("general", pos, p, seed)[0][0] == "56"
        # 66 is the last tile and a 6 end is open: out on it
        pos = Position(["66", "01 02", "03 04", "05 13"], ends=(6, 5))
        assert bot_move("general", pos, p, seed) == [("66", 6)]


# R-004-general-signals: with signals, an opponent's 66 (not with us, not on the table) is forced out
def test_the_signal_bot_opens_the_end_an_opponents_double_waits_for():
    p = params(**GENERALS, match_deals=16)
    # ends 4 and 1; seat 0 may play 45 on 4 (9 pips, leaves a 5) or 16 on 1 (7 pips, leaves a 6); 66 is with
    # seat 1, an opponent: the plain bot sheds the heavier 45, the signalled one opens the 6 end
    pos = Position(["45 16 02", "66 03", "04 05", "12 13"], ends=(4, 1))
    assert all(bot_move("general", pos, p, s)[0][0] == "45" for s in range(6))
    assert all(bot_move("general-signal", pos, p, s)[0][0] == "16" for s in range(6))
    # 66 with the partner (seat 2): the signalled bot now starves the 6 end
    pos = Position(["45 16 02", "04 03", "66 05", "12 13"], ends=(4, 1))
    assert all(bot_move("general-signal", pos, p, s)[0][0] == "45" for s in range(6))


# R-004-general-signals: signals are worth something, measured on the same deals
def test_signals_are_worth_something():
    p = compile_rules(load_variant("generals").rule_dict)
    signal, plain = parse_bot("general-signal"), parse_bot("general")
    games = play_range(p, 5, 0, 3000, np.array([signal, plain, signal, plain], dtype=np.int64)).games
    swapped = play_range(p, 5, 0, 3000, np.array([plain, signal, plain, signal], dtype=np.int64)).games
    signal_lost = (games[:, E.G_LOSER] == A).sum() + (swapped[:, E.G_LOSER] == B).sum()
    plain_lost = (games[:, E.G_LOSER] == B).sum() + (swapped[:, E.G_LOSER] == A).sum()
    assert signal_lost < plain_lost * 0.9, (signal_lost, plain_lost)


def test_end_constants():
    assert END_FISH != END_OUT


# --- Морской козёл by the encyclopedic rules (text 004) ----------------------------------------------------------
# R-004-morskoy-66: «у закончившего на 6:6 все очки списываются до 0»
def test_an_out_on_66_wipes_the_score_of_the_side_that_went_out():
    g = Game(out_66_writes=100, out_66_wipes=True, threshold_value=25)
    g.set_score(40, 30)
    result = g.deal(out_by(1, ("56", "03"), out_move="66"))  # B goes out on 66
    assert result["written"] == [100, 0] and result["score"] == [140, 0]
    g = Game(out_66_writes=100, out_66_wipes=True)
    g.set_score(40, 30)
    assert g.deal(out_by(1, ("56", "03"), out_move="00 66"))["score"] == [54, 30]  # 00 too: no wipe
    g = Game(out_66_writes=100)
    g.set_score(40, 30)
    assert g.deal(out_by(1, ("56", "03"), out_move="66"))["score"] == [140, 30]  # the knob off


# R-004-morskoy-66: the wiped side must open again (its threshold)
def test_a_wiped_side_opens_again():
    g = Game(out_66_writes=100, out_66_wipes=True, threshold_value=25)
    g.set_score(40, 30)
    g.deal(out_by(1, ("56", "03"), out_move="66"))
    assert g.deal(out_by(0, ("03", "02")))["written"] == [0, 0]  # 5 < 25: B is not open any more


def fast_game(**knobs):
    g = Game(**knobs)
    g.gs[E.GS_FAST] = 1
    return g


# R-004-morskoy-fast: «Заход на 6:6 - проигравшему записывается 50 очков»
def test_the_loser_of_a_fast_deal_writes_the_fixed_sum():
    result = fast_game(fast_writes=50, lead_repeats=3).deal(out_by(1, ("01", "02")))
    assert result["written"] == [50, 0]
    result = Game(fast_writes=50, lead_repeats=3).deal(out_by(1, ("56", "03")))  # not a fast deal
    assert result["written"] == [14, 0]


# R-004-morskoy-fast: «рыбачить не допускается … заход переигрывается»
def test_a_fish_on_a_fast_lead_is_replayed():
    g = fast_game(fast_writes=50, lead_repeats=3, match_deals=1)
    result = g.deal(fish())
    assert result["losers"] == 0 and result["written"] == [0, 0] and result["carry"] == 0


# R-004-morskoy-lead: «До тех пор, пока не пойдет запись, заход повторяется, но не более 3-х раз»,
# then a fast lead on 66
def test_the_first_lead_repeats_then_a_fast_lead_on_66():
    variant = load_variant("morskoy-004")
    seen_repeat = seen_fast = 0
    for seed in range(300):
        record = record_game(variant, seed, ["random"] * 4)
        wrote = False
        for d, deal in enumerate(record["deals"]):
            first = deal["events"][0]["play"]
            if d > 0 and not wrote:
                tile = "11" if d < 3 else "66"
                assert tile in first and tile in deal["hands"][deal["leader"]]
                seen_repeat += d < 3
                seen_fast += d >= 3
                if d >= 3 and deal["end"] == "fish":
                    assert deal["written"] == [0, 0]
                elif d >= 3:
                    assert max(deal["written"]) >= 50  # the fixed 50 (plus any eggs pot)
            wrote = wrote or any(deal["written"])
        assert replay_record(record, variant) == []
    assert seen_repeat > 50 and seen_fast > 5


def test_fast_writes_needs_lead_repeats():
    with pytest.raises(VariantError, match="lead_repeats"):
        with_rules(load_variant("default"), {"fast_writes": 50})


@pytest.mark.parametrize("bot", ["random", "counter", "heavy"])
def test_morskoy_004_plays_1000_games(bot):
    variant = load_variant("morskoy-004")
    p = compile_rules(variant.rule_dict)
    games = play_range(p, 9, 0, 1000, np.full(4, parse_bot(bot), dtype=np.int64)).games
    assert np.isin(games[:, E.G_LOSER], (A, B)).all()
    lost = games[np.arange(1000), E.G_SCORE + games[:, E.G_LOSER]]
    sudden = games[:, E.G_TITLES] & (TITLE_BALD | TITLE_GENERAL) != 0
    assert ((lost >= 125) | sudden).all()
    assert (games[:, E.G_BURNS] > 0).any()  # wipes happened (counted as burns)


# --- Осёл for 2-4 players each for himself (R-004-osel-solo) -----------------------------------------
SOLO_CROSS = dict(
    layout="cross", pairs=False, players=3, threshold="every-deal", memory=True, closed_before_house="closing-pair-only"
)


def score_solo(p, gs, hands: list[str], kind: str, last: int, open_arms: int | None = None) -> np.ndarray:
    """Score one deal of a game каждый сам за себя; returns the deal's row."""
    position = Position(hands).end(kind, last)
    if open_arms is not None:
        position.st[E.ST_OPEN] = open_arms
    row = np.zeros(E.N_DEAL_COLS, dtype=np.int64)
    E.score_deal(p, position.st, gs, row)
    return row


def per_seat(row: np.ndarray, column: int, players: int = 3) -> list[int]:
    return [int(v) for v in row[column : column + players]]


# R-004-osel-solo: «всё что меньше 13 - «запоминается» и сбрасывается, только если в следующий
# розыгрыш на этого игрока ничего не записано и не запомнено»: the memory is each player's own
def test_solo_osel_remembers_per_player_and_forgets_on_a_won_deal():
    p = params(**SOLO_CROSS)
    gs = np.zeros(E.N_GAME_STATE, dtype=np.int64)
    row = score_solo(p, gs, ["", "34", "56 46"], "out", 0)  # P1 7 < 13: remembered; P2 21 written
    assert per_seat(row, E.D_WRITTEN) == [0, 0, 21] and per_seat(row, E.D_MEMORY) == [0, 7, 0]
    row = score_solo(p, gs, ["55", "12", ""], "out", 2)  # P0 10 remembered; P1 3 + 7 = 10 remembered
    assert per_seat(row, E.D_WRITTEN) == [0, 0, 0] and per_seat(row, E.D_MEMORY) == [10, 10, 0]
    row = score_solo(p, gs, ["03", "", "14"], "out", 1)  # P1 won: forgets; P0 3 + 10 = 13 is written
    assert per_seat(row, E.D_WRITTEN) == [13, 0, 0] and per_seat(row, E.D_MEMORY) == [0, 0, 5]
    assert per_seat(row, E.D_SCORE) == [13, 0, 21]


# R-004-osel-solo, R-osel-closure: «Розыгрыш на этом заканчивается и происходит обычный подсчёт
# очков»: the early closure is a fish, won by the smallest hand (R-solo-score), not by the closer
def test_solo_osel_early_closure_is_won_by_the_smallest_hand():
    p = params(**(SOLO_CROSS | {"threshold": "none", "memory": False}))
    gs = np.zeros(E.N_GAME_STATE, dtype=np.int64)
    row = score_solo(p, gs, ["56 45", "01", "34 12"], "fish", 0, open_arms=0)
    assert row[E.D_EARLY_CLOSURE] == 1
    assert per_seat(row, E.D_WRITTEN) == [20, 0, 10]


# R-004-osel-solo: the cross каждый сам за себя with a bazaar: draws, closed doubles, audited records
@pytest.mark.parametrize("name", ["osel-solo-2", "osel-solo-3", "osel-solo-4"])
def test_solo_osel_records_draw_close_and_replay(name):
    variant = load_variant(name)
    assert variant["layout"] == "cross" and not variant["pairs"]
    draws = closed = 0
    for g in range(30):
        record = record_game(variant, 300 + g, ["random"] * variant["players"], game=g)
        assert replay_record(record, variant) == []
        assert record["sides"] == [[seat] for seat in range(variant["players"])]
        for deal in record["deals"]:
            dealt = [t for hand in deal["hands"] for t in hand] + deal.get("bazaar", [])
            assert sorted(dealt) == sorted(f"{a}{b}" for a in range(7) for b in range(a, 7))
            draws += sum("draw" in e for e in deal["events"])
            closed += sum(any(e.get("closed", [])) for e in deal["events"])
    assert closed > 0
    assert (draws > 0) == (variant["players"] < 4)  # a bazaar with two or three players only


# --- Морской of text 004 каждый сам за себя (R-004-morskoy-solo, R-lead-in-bazaar) ---------------------------
MORSKOY_SOLO = dict(pairs=False, players=3, solo_loser="most", solo_eggs="all-hands", threshold="none")


# R-004-morskoy-solo: «Проигравшим заход считается игрок, у которого на руках осталось больше очков на
# камнях. Только ему идет запись очков. Остальные игроки свои очки не записывают»
def test_only_the_most_pips_left_writes():
    p = params(**MORSKOY_SOLO)
    gs = np.zeros(E.N_GAME_STATE, dtype=np.int64)
    row = score_solo(p, gs, ["", "34", "56 46"], "out", 0)
    assert per_seat(row, E.D_WRITTEN) == [0, 0, 21] and row[E.D_LOSER] == 2
    row = score_solo(p, gs, ["01", "34", "56 46"], "fish", 0)  # a fish: the most pips too, not every loser
    assert per_seat(row, E.D_WRITTEN) == [0, 0, 21]
    every = params(**(MORSKOY_SOLO | {"solo_loser": "every"}))
    row = score_solo(every, np.zeros(E.N_GAME_STATE, dtype=np.int64), ["", "34", "56 46"], "out", 0)
    assert per_seat(row, E.D_WRITTEN) == [0, 7, 21]  # каждый сам за себя of text 000: every loser writes


# R-004-morskoy-solo: «Если у игроков остается на руках одинаковое количество очков (т.н. "яйца"), они
# суммируются и записываются проигравшему в следующем заходе»
@pytest.mark.parametrize("solo_eggs, pot", [("all-hands", 14), ("one-hand", 7), ("none", 0)])
def test_equal_most_pips_are_eggs_for_the_next_loser(solo_eggs, pot):
    p = params(**(MORSKOY_SOLO | {"solo_eggs": solo_eggs}))
    gs = np.zeros(E.N_GAME_STATE, dtype=np.int64)
    row = score_solo(p, gs, ["", "34", "25"], "out", 0)
    assert per_seat(row, E.D_WRITTEN) == [0, 0, 0] and row[E.D_EGGS] == 1 and row[E.D_CARRY] == pot
    row = score_solo(p, gs, ["12", "", "04"], "out", 1)  # P2 loses with 4 and takes the pot
    assert per_seat(row, E.D_WRITTEN) == [0, 0, 4 + pot] and row[E.D_CARRY] == 0


# R-004-morskoy-solo: «Заход заканчивается на 0:0 … проигравший (с бóльшим числом очков на камнях)
# получает звание "Сопливого козла", вне зависимости от имеющихся очков в его записи»
def test_an_out_on_00_makes_the_most_pips_the_goat():
    p = params(**(MORSKOY_SOLO | {"out_00_ends_game": True}))
    gs = np.zeros(E.N_GAME_STATE, dtype=np.int64)
    gs[E.GS_SCORE : E.GS_SCORE + 3] = (90, 10, 0)
    position = Position(["", "34", "56"]).end("out", 0, out_move="00")
    losers = E.score_deal(p, position.st, gs, np.zeros(E.N_DEAL_COLS, dtype=np.int64))
    assert losers == 1 << 2
    assert E.game_over(p, gs, position.st, losers, 1) == 2  # P2, not P0 with 90 points
    assert gs[E.GS_TITLES] & TITLE_BALD
    tie = Position(["", "34", "25"]).end("out", 0, out_move="00")  # equal most: eggs, no loser, play on
    losers = E.score_deal(p, tie.st, gs, np.zeros(E.N_DEAL_COLS, dtype=np.int64))
    assert losers == 0 and E.game_over(p, gs, tie.st, losers, 2) == -1


# R-004-morskoy-66 with R-004-morskoy-solo: the player who went out on 66 is wiped, also on eggs
def test_an_out_on_66_wipes_the_player_who_went_out():
    p = params(**(MORSKOY_SOLO | {"out_66_writes": 100, "out_66_wipes": True}))
    gs = np.zeros(E.N_GAME_STATE, dtype=np.int64)
    gs[E.GS_SCORE : E.GS_SCORE + 3] = (40, 30, 20)
    position = Position(["12", "", "56"]).end("out", 1, out_move="66")
    row = np.zeros(E.N_DEAL_COLS, dtype=np.int64)
    E.score_deal(p, position.st, gs, row)
    assert per_seat(row, E.D_WRITTEN) == [0, 0, 100] and per_seat(row, E.D_SCORE) == [40, 0, 120]
    position = Position(["34", "", "25"]).end("out", 1, out_move="66")  # equal most: eggs, still wiped
    gs[E.GS_SCORE + 1] = 30
    row = np.zeros(E.N_DEAL_COLS, dtype=np.int64)
    E.score_deal(p, position.st, gs, row)
    assert row[E.D_EGGS] == 1 and per_seat(row, E.D_SCORE) == [40, 0, 120]


# R-lead-in-bazaar: a deal that must open with a tile is dealt again while that tile is in the bazaar
@pytest.mark.parametrize("players", [2, 3])
def test_the_lead_tile_is_never_left_in_the_bazaar(players):
    iw, rng, _ = E.workspace()
    perm = np.zeros(28, dtype=np.int64)
    hands = np.zeros(4, dtype=np.int64)
    for knobs, fast, tile in (({"first_lead": "double-11"}, False, "11"), ({}, True, "66")):
        p = params(pairs=False, players=players, **knobs)
        redealt = 0
        for deal in range(200):
            redealt += E.deal_tiles(p, 7, deal, rng, perm, hands, fast, not fast)
            assert E.holder_of(p, hands, mask(tile).bit_length() - 1) >= 0
        assert redealt > 20  # the bazaar holds it in a half or a quarter of the shuffles


# R-004-morskoy-solo: whole games: fast leads, eggs on equal most, one writer per deal, audited records
@pytest.mark.parametrize("players", [2, 3, 4])
def test_solo_morskoy_records(players):
    variant = load_variant(f"morskoy-004-solo-{players}")
    eggs = fast = sudden = 0
    for g in range(60):
        record = record_game(variant, 500 + g, ["random"] * players, game=g)
        assert replay_record(record, variant) == []
        for deal in record["deals"]:
            assert sum(w > 0 for w in deal["written"]) <= 1  # only the loser writes
            eggs += deal["end"] == "out" and deal["carry"] > 0
            fast += "66" in deal["events"][0].get("play", []) and deal["leader"] is not None
        sudden += bool({"bald", "general"} & set(record["titles"]))
    assert fast > 0 and sudden > 0
    assert (eggs > 0) == (players > 2)  # two players: after an out only one player is left to lose


# --- Морской of text 004: fast leads by choice, подвесной козёл (R-004-morskoy-voluntary, -hanging) ---------
VOLUNTARY = dict(voluntary_fast=True, fast_writes=50, fast_writes_00=75, lead_repeats=3, target=125)


# R-004-morskoy-voluntary: «Заходящий имеет право зайти на 6:6 или 0:0 (быстрый заход), если у всех
# остальных игроков уже есть запись»
def test_66_and_00_may_be_led_only_when_every_other_player_has_a_record():
    p = params(**VOLUNTARY)
    position = Position(["00 66 12 13 14 15 16", "", "", ""])
    position.st[E.ST_FORCED] = -1
    firsts = {move[0][0] for move in position.legal(p, 0)}
    assert firsts == {"12", "13", "14", "15", "16"}
    position.st[E.ST_FAST_OK] = 1
    assert {move[0][0] for move in position.legal(p, 0)} == {"00", "66", "12", "13", "14", "15", "16"}
    gs = np.zeros(E.N_GAME_STATE, dtype=np.int64)
    gs[E.GS_SCORE : E.GS_SCORE + 2] = (10, 0)
    assert E.others_have_records(p, gs, 0) == 0  # in pairs the other side too must have a record
    gs[E.GS_SCORE + 1] = 5
    assert E.others_have_records(p, gs, 0) == 1
    solo = params(**VOLUNTARY, pairs=False, players=3)
    gs[E.GS_SCORE : E.GS_SCORE + 3] = (0, 5, 7)
    assert E.others_have_records(solo, gs, 0) == 1 and E.others_have_records(solo, gs, 1) == 0


# R-004-morskoy-voluntary: «Заход на 6:6 - проигравшему записывается 50 очков. Заход на 0:0 - … 75 очков»
@pytest.mark.parametrize("fast, written", [(1, 50), (2, 75)])
def test_a_fast_lead_on_00_costs_75(fast, written):
    g = Game(**VOLUNTARY)
    g.gs[E.GS_FAST] = fast
    assert g.deal(out_by(1, ("01", "02")))["written"] == [written, 0]


# R-004-morskoy-fast-66: rule 6 «Заход на 0:0 - проигравшему записывается 75 очков» and rule 9 «Заход
# заканчивается на 6:6 - проигравшему записывается 100 очков, у закончившего на 6:6 все очки списываются до 0»
@pytest.mark.parametrize("choice, written", [("fast-cost", 75), ("out-66", 100)])
def test_a_fast_lead_on_00_ended_on_66(choice, written):
    g = Game(**VOLUNTARY, out_66_writes=100, out_66_wipes=True, fast_out_66=choice)
    g.set_score(30, 40)
    g.gs[E.GS_FAST] = 2
    result = g.deal(out_by(1, ("01", "02"), out_move="66"))
    assert result["written"] == [written, 0]
    assert result["score"] == [30 + written, 0]  # the out on 66 wipes B's 40 under either reading


# R-004-morskoy-hanging: «Если у одного из игроков в записи 124 очка, заход был на 0:0 или 6:6, и этот
# игрок проигрывает, то ему присваивается звание "Подвесного козла"»
@pytest.mark.parametrize("score, fast, hanging", [(124, 1, True), (124, 2, True), (123, 1, False), (124, 0, False)])
def test_the_hanging_goat(score, fast, hanging):
    g = Game(**VOLUNTARY)
    g.set_score(score, 30)
    g.gs[E.GS_FAST] = fast
    result = g.deal(out_by(1, ("56", "45")))  # A loses: 50 / 75 on a fast lead, 20 otherwise
    assert result["goat"] == A
    assert bool(result["titles"] & TITLE_HANGING) == hanging


# R-004-morskoy-voluntary: whole games: a chosen lead on 66 / 00 only when every other player has a record
def test_morskoy_004_records_choose_fast_leads_only_when_allowed():
    variant = load_variant("morskoy-004")
    chosen = 0
    for seed in range(300):
        record = record_game(variant, seed, ["random"] * 4)
        for d, deal in enumerate(record["deals"]):
            if (
                record["deals"][d]["fast"] is not None
                and d >= 1
                and any(any(x["written"]) for x in record["deals"][:d])
            ):
                before = record["deals"][d - 1]["score"]
                assert min(before) > 0 and deal["events"][0]["play"][0] in ("66", "00")
                chosen += 1
        assert replay_record(record, variant) == []
    assert chosen > 10


# --- toward Чечевэ: the deal, the market, the first lead (R-004-chechevae-*) ---------------------------------
# R-004-chechevae-deal: «Игроки берут по 7 костей если их меньше четырёх, по шесть если их четверо.
# Оставшиеся кости - «рынок»»
def test_six_tiles_each_leave_a_bazaar_of_four():
    p = params(pairs=False, players=4, tiles_each=6)
    assert p[E.P_BAZAAR] == 4
    iw, rng, _ = E.workspace()
    perm = np.zeros(28, dtype=np.int64)
    hands = np.zeros(4, dtype=np.int64)
    for deal in range(50):
        E.deal_tiles(p, 11, deal, rng, perm, hands, False, False)
        assert [bin(int(h)).count("1") for h in hands] == [6, 6, 6, 6]
        bazaar = set(int(t) for t in perm[24:28])
        assert len(bazaar) == 4 and not any(int(h) >> t & 1 for h in hands for t in bazaar)


# R-004-chechevae-draw: «Если у игрока нет подходящей кости и «рынок» пуст, он «стучит»»: the last tile
# of the market is drawn too
@pytest.mark.parametrize(
    "draw_last, left, may", [(False, 2, True), (False, 1, False), (True, 1, True), (True, 0, False)]
)
def test_the_last_market_tile_is_drawn_only_with_draw_last(draw_last, left, may):
    p = params(pairs=False, players=3, draw_last=draw_last)
    st = np.zeros(E.N_STATE, dtype=np.int64)
    st[E.ST_BAZAAR_POS] = 28 - left
    assert bool(C.may_draw(p, st)) == may


# R-004-chechevae-lead: «Начинает игру тот игрок, у которого на руках дубль 1-1, если такого нет - то 2-2 и
# так далее до 0-0»
@pytest.mark.parametrize(
    "hands, tile",
    [(["11 00", "22", "", ""], "11"), (["00 05", "33 22", "", ""], "22"), (["00 05", "01", "", ""], "00")],
)
def test_the_first_lead_goes_from_11_upward_and_00_last(hands, tile):
    p = params(first_lead="double-11-upward")
    masks = np.array([mask(h) if h else 0 for h in hands], dtype=np.int64)
    assert E.first_lead_tile(p, masks) == mask(tile).bit_length() - 1


def test_tiles_each_and_draw_last_are_refused_where_they_mean_nothing():
    with pytest.raises(VariantError, match="pairs are dealt 7 each"):
        with_rules(load_variant("default"), {"tiles_each": 6})
    with pytest.raises(VariantError, match="bazaar"):
        with_rules(load_variant("solo-4"), {"draw_last": True})


# R-004-chechevae-deal, -draw, -lead together: the cross каждый сам за себя, as Чечевэ deals and draws
def test_chechevae_deal_records_replay():
    variant = with_rules(
        load_variant("osel-solo-4"), {"tiles_each": 6, "draw_last": True, "first_lead": "double-11-upward"}
    )
    drew_last = 0
    for g in range(30):
        record = record_game(variant, 700 + g, ["random"] * 4, game=g)
        assert replay_record(record, variant) == []
        for deal in record["deals"]:
            assert all(len(h) == 6 for h in deal["hands"]) and len(deal["bazaar"]) == 4
            drew_last += sum("draw" in e for e in deal["events"]) == 4
    assert drew_last > 0


# R-004-chechevae-writes: «Подсчёт очков идёт в сторону игрока, у которого большее количество очков. Пример:
# у Васи 23 очка, у Алёны 25, на выходе Алёне записывают 25+23=48 очков»
def test_the_most_pips_writes_every_hand_left():
    p = params(pairs=False, players=3, solo_loser="most", solo_writes="all-hands", threshold="none")
    gs = np.zeros(E.N_GAME_STATE, dtype=np.int64)
    vasya, alyona = "66 56", "55 46 14"  # 23 and 25 pips
    row = score_solo(p, gs, ["", vasya, alyona], "out", 0)
    assert per_seat(row, E.D_WRITTEN) == [0, 0, 48]
    own = params(pairs=False, players=3, solo_loser="most", threshold="none")
    row = score_solo(own, np.zeros(E.N_GAME_STATE, dtype=np.int64), ["", vasya, alyona], "out", 0)
    assert per_seat(row, E.D_WRITTEN) == [0, 0, 25]


# R-004-morskoy-replay: «Если в итоге "быстрого" … захода все равно получилась "рыба" - заход переигрывается.
# При этом заходной камень (6:6, 0:0 …) в перемешивании домино не участвует, а забирается заходящим»
def test_the_replayed_lead_tile_stays_with_its_leader():
    p = params(pairs=False, players=3)
    iw, rng, _ = E.workspace()
    perm = np.zeros(28, dtype=np.int64)
    hands = np.zeros(4, dtype=np.int64)
    t66 = mask("66").bit_length() - 1
    for deal in range(100):
        E.deal_tiles(p, 5, deal, rng, perm, hands, False, False, t66, deal % 3)
        assert int(hands[deal % 3]) >> t66 & 1
        assert sorted(int(t) for t in perm) == list(range(28))  # every tile once


def test_a_fast_lead_ended_in_a_fish_is_led_again_by_the_same_player():
    variant = load_variant("morskoy-004")
    replays = 0
    for seed in range(400):
        record = record_game(variant, seed, ["random"] * 4)
        deals = record["deals"]
        for d in range(1, len(deals)):
            if deals[d - 1]["end"] == "fish" and record["deals"][d - 1]["fast"] is not None:
                tile = deals[d - 1]["events"][0]["play"][0]
                assert deals[d]["leader"] == deals[d - 1]["leader"]
                assert deals[d]["events"][0]["play"] == [tile] and tile in deals[d]["hands"][deals[d]["leader"]]
                assert record["deals"][d]["fast"] is not None
                replays += 1
        assert replay_record(record, variant) == []
    assert replays > 5


# --- R-004-morskoy-day ------------------------------------------------------------------------------------
# R-004-morskoy-day: «Первый заход в игре производится по текущему дню недели: Пн - 1:1, Вт - 2:2, Ср - 3:3,
# Чт - 4:4 и т.д. … следующая игра начинается с камня, соответствующего очередному "дню недели"»
@pytest.mark.parametrize(
    ("cycle", "lead", "games", "doubles"),
    [
        ("days", "double-11", range(9), [1, 2, 3, 4, 5, 6, 0, 1, 2]),
        ("days", "double-33", range(6), [3, 4, 5, 6, 0, 1]),
        # «Но чаще производится розыгрыш с 1:1 и до 6:6, независимо от дня недели»
        ("11-to-66", "double-11", range(8), [1, 2, 3, 4, 5, 6, 1, 2]),
        ("11-to-66", "double-55", range(4), [5, 6, 1, 2]),
        ("none", "double-44", range(3), [-1, -1, -1]),
    ],
)
def test_the_first_lead_double_follows_the_game_index(cycle, lead, games, doubles):
    p = params(first_lead=lead, first_lead_cycle=cycle)
    rng = np.zeros(2, dtype=np.uint64)
    assert [int(E.game_first_double(p, 12345, g, rng)) for g in games] == doubles


def test_a_random_day_is_drawn_per_game_from_its_seed():
    p = params(first_lead="double-11", first_lead_cycle="random-day")
    rng = np.zeros(2, dtype=np.uint64)
    days = [int(E.game_first_double(p, seed, 0, rng)) for seed in range(700)]
    assert sorted(set(days)) == [0, 1, 2, 3, 4, 5, 6]
    assert all(70 <= days.count(d) <= 130 for d in range(7))
    assert days == [int(E.game_first_double(p, seed, 5, rng)) for seed in range(700)]  # the seed decides


def test_games_of_a_run_open_with_their_double_and_the_records_replay():
    variant = with_rules(load_variant("morskoy-004"), {"first_lead_cycle": "days"})
    for g in range(8):
        rec = record_game(variant, 100 + g, ["random"] * 4, game=g)
        want = ["11", "22", "33", "44", "55", "66", "00", "11"][g]
        first_plays = [deal["events"][0]["play"] for deal in rec["deals"]]
        assert first_plays[0] == [want]
        assert replay_record(rec, variant) == []
        # a repeated first lead repeats the game's double («игра опять начинается с нужного "дня недели"»)
        unwritten = 0
        while unwritten + 1 < len(rec["deals"]) and not any(rec["deals"][unwritten]["written"]) and unwritten < 2:
            unwritten += 1
            assert first_plays[unwritten] == [want]
        if g % 7:  # read with the wrong game index, the lead is wrong
            assert replay_record(rec | {"game": 0}, variant) != []


def test_the_shipped_morskoy_004_rotates_11_to_66_and_play_replays_a_game_by_its_index(tmp_path):
    variant = load_variant("morskoy-004")
    assert variant["first_lead_cycle"] == "11-to-66"
    trace = tmp_path / "games.jsonl"
    code, output = run_cli("play", "morskoy-004", "--games", "8", "--quiet", "--trace", str(trace))
    assert code == 0, output
    records = [json.loads(line) for line in trace.read_text().splitlines()]
    assert [r["deals"][0]["events"][0]["play"][0] for r in records] == ["11", "22", "33", "44", "55", "66", "11", "22"]
    again = tmp_path / "again.jsonl"
    game = records[4]
    code, output = run_cli(
        "play", "morskoy-004", "--game-seed", str(game["seed"]), "--game", "4", "--quiet", "--trace", str(again)
    )
    assert code == 0, output
    assert json.loads(again.read_text()) == game


def test_replaying_a_rotated_game_by_its_seed_needs_its_index():
    code, output = run_cli("play", "morskoy-004", "--game-seed", "123", "--quiet")
    assert code == 2 and "--game-seed needs --game" in output and "Traceback" not in output


def test_a_random_day_record_replays_only_with_its_own_seed():
    variant = with_rules(load_variant("morskoy-004"), {"first_lead_cycle": "random-day"})
    records = [record_game(variant, 500 + g, ["random"] * 4, game=g) for g in range(12)]
    assert all(replay_record(rec, variant) == [] for rec in records)
    moved = [rec | {"seed": rec["seed"] + 1} for rec in records]
    assert any(replay_record(rec, variant) != [] for rec in moved)  # another seed draws another day


def test_a_first_lead_cycle_needs_a_double_nn():
    with pytest.raises(VariantError, match="first_lead_cycle"):
        with_rules(load_variant("solo-3"), {"first_lead_cycle": "days"})  # solo-3 opens with the lowest double
    with pytest.raises(VariantError, match="first_lead_cycle"):
        with_rules(load_variant("default"), {"first_lead": "double-00", "first_lead_cycle": "11-to-66"})
    assert with_rules(load_variant("default"), {"first_lead": "double-00", "first_lead_cycle": "days"})


# The fisherman's share is a share of the fishes someone lost: under solo_loser: most an out can be eggs
# (the most pips shared), and a fast lead's fish is replayed; neither is a fish anyone won (it read 101%)
@pytest.mark.parametrize("name", ["morskoy-004-solo-4", "morskoy-004", "chechevae-3"])
def test_the_fishermans_share_counts_only_the_fishes_someone_lost(name):
    p = compile_rules(load_variant(name).rule_dict)
    players = int(p[E.P_PLAYERS])
    columns = columns_from_engine(play_range(p, 1, 0, 3000, np.zeros(players, dtype=np.int64)).games)
    wins, decided = columns["fisherman_wins"], columns["decided_fishes"]
    assert (wins <= decided).all() and (decided <= columns["fishes"]).all()
    assert 0 < wins.sum() < decided.sum()
    # the old base, fishes - eggs, is wrong both ways here: eggs on an out, replayed fishes
    assert (columns["fishes"] - columns["eggs"] != decided).any()
