"""One focused test per rule and knob, on constructed deals."""

import numpy as np
import pytest
from helpers import Game, Position, mask, out_by, params

from kozel_stats.engine import core as C
from kozel_stats.engine import game as E
from kozel_stats.engine.codes import (
    DOUBLE_TILE,
    END_FISH,
    END_OUT,
    TITLE_BALD,
    TITLE_GENERAL,
    TITLE_NAKED,
)
from kozel_stats.records.trace import record_game
from kozel_stats.rules.variants import load_variant

A, B = 0, 1
HEAVY_FISH = ["66 55", "01", "56", "02"]  # A holds 12+10+11 = 33, B holds 1+2 = 3


def fish(hands=HEAVY_FISH, fisherman=1):
    return Position(hands, ends=(3, 3)).end("fish", fisherman)


# --- dealing ------------------------------------------------------------------------------------
def hands_array(*hands):
    return np.array([mask(h) for h in hands] + [0] * (4 - len(hands)), dtype=np.int64)


# R-deal-redeal, R-lead-after-redeal
def test_redeal_doubles():
    five_doubles = hands_array("00 11 22 33 44 01 02")
    assert E.needs_redeal(params(), five_doubles)
    assert not E.needs_redeal(params(redeal_doubles=6), five_doubles)
    assert not E.needs_redeal(params(redeal_doubles=0), five_doubles)
    four_doubles = hands_array("00 11 22 33 45 01 02")
    assert not E.needs_redeal(params(), four_doubles)


# R-deal-redeal
def test_redeal_suit():
    six_threes = hands_array("03 13 23 33 34 35 00")
    assert E.needs_redeal(params(), six_threes)
    assert not E.needs_redeal(params(redeal_suit=7), six_threes)
    assert not E.needs_redeal(params(redeal_suit=0), six_threes)
    five_threes = hands_array("03 13 23 33 34 56 00")
    assert not E.needs_redeal(params(), five_threes)


# --- leads ---------------------------------------------------------------------------------------
# R-lead-first, R-lead-00-66
@pytest.mark.parametrize("knob, double", [("double-11", 1), ("double-66", 6), ("lowest-double", 0)])
def test_first_lead(knob, double):
    hands = hands_array("00 01 02 03 04 05 06", "11 12 13 14 15 16 22", "23 24 25 26 33 34 35", "36 44 45 46 55 56 66")
    p = params(first_lead=knob)
    tile = E.first_lead_tile(p, hands)
    assert tile == DOUBLE_TILE[double]
    variant = load_variant("default") if knob == "double-11" else None
    if variant is not None:
        record = record_game(variant, 5, ["random"] * 4)
        first = record["deals"][0]
        assert first["events"][0] == {"p": first["leader"], "play": ["11"], "at": [None]}
        assert "11" in first["hands"][first["leader"]]


# R-lead-00-66
def test_first_lead_66_in_play():
    record = record_game(load_variant("lead-66"), 9, ["heavy"] * 4)
    first = record["deals"][0]
    assert first["events"][0]["play"] == ["66"] and "66" in first["hands"][first["leader"]]


# R-lead-next
def test_next_lead_last_mover():
    p = params()
    assert E.next_leader(p, 2, END_OUT, 3, 1 << A) == 3
    assert E.next_leader(p, 2, END_FISH, 1, 1 << B) == 1  # the fisherman, even when his side lost


# R-lead-next
def test_next_lead_fish_winner():
    p = params(next_lead="fish-winner")
    assert E.next_leader(p, 2, END_OUT, 3, 1 << A) == 3
    assert E.next_leader(p, 2, END_FISH, 1, 1 << A) == 1  # fisherman's side won
    assert E.next_leader(p, 2, END_FISH, 1, 1 << B) == 2  # next winner clockwise of the fisherman
    assert E.next_leader(p, 2, END_FISH, 3, 0) == 3  # eggs: the fisherman


# R-lead-next
def test_next_lead_round_robin():
    p = params(next_lead="round-robin")
    assert E.next_leader(p, 2, END_OUT, 0, 1 << B) == 3
    assert E.next_leader(p, 3, END_FISH, 1, 1 << A) == 0


# R-001-winners-choose
def test_next_lead_winners_choose():
    p = params(next_lead="winners-choose")
    assert E.next_leader(p, 2, END_OUT, 0, 1 << B) == -2  # chosen after the deal
    assert E.next_leader(p, 2, END_FISH, 1, 1 << A) == 1
    long_suit = mask("01 02 03 04 15 26 36")
    doubles = mask("00 11 22 33 45 56 16")
    assert E.lead_rating(long_suit) > E.lead_rating(doubles)


# --- moves ---------------------------------------------------------------------------------------
# R-move-two-doubles, R-003-house
def test_two_doubles():
    position = Position(["33 66 01", "", "", ""], ends=(3, 6))
    assert [("33", 3), ("66", 6)] in position.legal(params(), 0)
    assert [("33", 3), ("66", 6)] not in position.legal(params(two_doubles=False), 0)
    assert position.legal(params(two_doubles=False), 0) == [[("33", 3)], [("66", 6)]]


# R-move-chain
def test_moves_are_distinct_and_both_ends_count():
    # a tile matching two different ends gives two moves; equal ends give one
    assert Position(["35", "", "", ""], ends=(3, 5)).legal(params(), 0) == [[("35", 3)], [("35", 5)]]
    assert Position(["35", "", "", ""], ends=(3, 3)).legal(params(), 0) == [[("35", 3)]]
    assert Position(["12", "", "", ""], ends=(3, 5)).legal(params(), 0) == []


# R-lead-first, R-lead-any-tile
def test_forced_first_tile_and_free_leads():
    position = Position(["11 12 13", "", "", ""])
    position.st[C.ST_FORCED] = int(DOUBLE_TILE[1])
    assert position.legal(params(), 0) == [[("11", 7)]]
    position.st[C.ST_FORCED] = -1
    assert len(position.legal(params(), 0)) == 3  # later deals: any tile


# R-fish-visible
def test_fish_detection():
    # both ends 5 and all sevens fives on the table: nobody can move
    assert C.is_fish(params(), Position(["01", "02", "03", "04"], ends=(5, 5)).st)
    assert not C.is_fish(params(), Position(["01", "02", "03", "04"], ends=(5, 1)).st)


# --- fish ----------------------------------------------------------------------------------------
# R-fish-winner
def test_fish_winner_lower_sum():
    result = Game().deal(fish())
    assert result["loser"] == A and result["written"] == [33, 0]


# R-fish-winner
def test_fish_winner_fisherman():
    # the fisherman (seat 0, side A) wins although his side is heavier
    result = Game(fish_winner="fisherman").deal(fish(fisherman=0))
    assert result["loser"] == B and result["written"] == [0, 0]  # 3 is under the threshold
    result = Game(fish_winner="fisherman", threshold="none").deal(fish(fisherman=0))
    assert result["written"] == [0, 3]
    equal = ["46 11", "44 04", "26", "34 01"]
    assert Game(fish_winner="fisherman").deal(fish(equal, fisherman=1))["loser"] == A  # no eggs


# R-fish-writes
@pytest.mark.parametrize("mode, written", [("own", 33), ("all", 36), ("difference", 30)])
def test_fish_writes(mode, written):
    assert Game(fish_writes=mode).deal(fish())["written"] == [written, 0]


# --- threshold -----------------------------------------------------------------------------------
# R-threshold
def test_threshold_once():
    g = Game()
    assert g.deal(out_by(1, ("34", "04")))["written"] == [0, 0]  # 11 < 13: lost
    assert g.deal(out_by(1, ("56", "04")))["written"] == [15, 0]  # opens
    assert g.deal(out_by(1, ("03", "02")))["written"] == [5, 0]  # open: any sum


# R-threshold
def test_threshold_every_deal():
    g = Game(threshold="every-deal")
    assert g.deal(out_by(1, ("56", "04")))["written"] == [15, 0]
    result = g.deal(out_by(1, ("03", "02")))
    assert result["written"] == [0, 0] and result["vanished"] == 5


# R-threshold
def test_threshold_none():
    assert Game(threshold="none").deal(out_by(1, ("03", "02")))["written"] == [5, 0]


# R-threshold
def test_threshold_value():
    assert Game(threshold_value=25).deal(out_by(1, ("56", "45")))["written"] == [0, 0]  # 20 < 25
    assert Game(threshold_value=25).deal(out_by(1, ("56 45", "33")))["written"] == [26, 0]


# R-threshold, R-table-seats
def test_threshold_applies_per_side():
    g = Game()
    g.deal(out_by(1, ("56", "04")))  # A opens
    assert g.deal(out_by(0, ("03", "02")))["written"] == [0, 0]  # B has not opened


# --- 00 and 66 -------------------------------------------------------------------------------------
# R-score-specials
@pytest.mark.parametrize("hand, value", [("00", 25), ("66", 50), ("00 66", 75), ("00 01", 1), ("66 01", 13)])
def test_specials_per_player(hand, value):
    assert Game(threshold="none").deal(out_by(1, (hand, "")))["written"] == [value, 0]


# R-score-specials, R-001-olympic
def test_specials_values_configurable():
    g = Game(threshold="none", lone_00=10, lone_66=12, both_00_66=12)
    assert g.deal(out_by(1, ("00", "")))["written"] == [10, 0]


# R-score-specials, R-003-house
def test_specials_plain():
    assert Game(threshold="none", specials="plain").deal(out_by(1, ("00", "66")))["written"] == [12, 0]


# R-score-specials
def test_specials_per_pair():
    # per player: {00} and {66} in two hands = 25 + 50; per pair: the pair holds {00, 66} = 75
    assert Game(threshold="none").deal(out_by(1, ("00", "66")))["written"] == [75, 0]
    assert Game(threshold="none", specials="per-pair").deal(out_by(1, ("00", "66")))["written"] == [75, 0]
    # a lone 00 beside another hand: per player 25 + 3, per pair plain 3
    assert Game(threshold="none").deal(out_by(1, ("00", "12")))["written"] == [28, 0]
    assert Game(threshold="none", specials="per-pair").deal(out_by(1, ("00", "12")))["written"] == [3, 0]


# R-score-specials, R-fish-winner
def test_specials_never_decide_a_fish():
    # A: lone 66 (plain 12) vs B: 13 plain. A is lighter and wins though its special value is 50.
    result = Game().deal(Position(["66", "14", "", "35"], ends=(2, 2)).end("fish", 1))
    assert result["loser"] == B and result["written"] == [0, 13]


# --- eggs --------------------------------------------------------------------------------------------
EQUAL = ["46 11", "44 04", "26", "34 01"]  # 20 : 20


# R-eggs
@pytest.mark.parametrize("mode, carry", [("one-side", 20), ("both-sides", 40), ("none", 0)])
def test_eggs(mode, carry):
    g = Game(eggs=mode)
    assert g.deal(fish(EQUAL))["carry"] == carry
    assert g.deal(out_by(0, ("56", "36")))["written"] == [0, 20 + carry]


# R-eggs, R-eggs-pot
def test_eggs_accumulate_and_threshold_applies_to_total():
    g = Game()
    g.deal(fish(EQUAL))
    assert g.deal(fish(EQUAL))["carry"] == 40
    result = g.deal(out_by(0, ("01", "02")))
    assert result["written"] == [0, 43]  # 3 + 40 >= 13
    assert result["carry"] == 0
    g = Game(threshold_value=30)
    assert g.deal(fish(["02", "11", "", ""]))["carry"] == 2  # eggs of 2 each
    result = g.deal(out_by(0, ("01", "03")))
    assert result["written"] == [0, 0] and result["vanished"] == 6 and result["carry"] == 0


# --- end of game ------------------------------------------------------------------------------------
# R-game-target
def test_target():
    for target, over in ((101, False), (100, True)):
        g = Game(target=target)
        g.set_score(95, 0)
        result = g.deal(out_by(1, ("04", "01")))
        assert result["score"] == [100, 0]
        assert (result["titles"] >= 0) == over


# R-title-naked, R-title-bald
def test_titles():
    g = Game()
    g.set_score(95, 20)
    result = g.deal(out_by(1, ("56", "03"), out_move="00"))
    assert result["titles"] == TITLE_BALD  # B wrote before: not naked; out on 00: bald
    g = Game()
    g.set_score(95, 0)
    assert g.deal(out_by(1, ("56", "03"), out_move="12"))["titles"] == TITLE_NAKED


# R-game-general
def test_general():
    for knob, ends in ((True, True), (False, False)):
        g = Game(general=knob)
        result = g.deal(out_by(1, ("56", "03"), out_move="00 66"))
        assert result["score"] == [14, 0]
        assert (result["titles"] >= 0) == ends
        if ends:
            assert result["titles"] & TITLE_GENERAL and result["loser"] == A


# R-morskoy-00
def test_out_00_ends_game():
    g = Game(out_00_ends_game=True)
    g.set_score(0, 40)
    result = g.deal(out_by(1, ("56", "03"), out_move="00"))
    assert result["loser"] == A and result["titles"] >= 0 and result["titles"] & TITLE_BALD
    assert Game().deal(out_by(1, ("56", "03"), out_move="00"))["titles"] == -1


# R-morskoy-66
def test_out_66_writes():
    assert Game(out_66_writes=100).deal(out_by(1, ("56", "03"), out_move="66"))["written"] == [100, 0]
    assert Game(out_66_writes=100).deal(out_by(1, ("56", "03"), out_move="00 66"))["written"] == [14, 0]
    assert Game().deal(out_by(1, ("56", "03"), out_move="66"))["written"] == [14, 0]


# R-morskoy-shared
def test_shared_score_burns():
    g = Game(shared_score=True)
    g.deal(out_by(1, ("56", "45")))  # A opens with 20
    result = g.deal(out_by(0, ("56", "03")))  # B opens with 14: A's score burns
    assert result["score"] == [0, 14]
    result = g.deal(out_by(1, ("03", "02")))  # A must open again: 5 is lost
    assert result["score"] == [0, 14]
    assert Game().deal(out_by(0, ("56", "03")))["score"] == [0, 14]


# R-game-cutoff
def test_max_deals_cuts_the_game_off():
    import dataclasses

    variant = load_variant("default")
    short = dataclasses.replace(variant, rules=tuple((k, 1 if k == "max_deals" else v) for k, v in variant.rules))
    record = record_game(short, 3, ["random"] * 4)
    assert len(record["deals"]) == 1 and record["loser"] is None


def test_every_text_choice_has_its_russian_words():
    """A sweep in Russian shows knob values as words («порог: в каждой сдаче», issue 27): each choice of each text
    knob has them in its own declaration (knobs.Knob.words_ru), so a new choice cannot come without them."""
    from kozel_stats.rules.knobs import KNOBS, value_word

    missing = [(k.name, c) for k in KNOBS if k.kind is str for c in k.choices if c not in k.words_ru]
    assert missing == []
    assert value_word("closed_before_house", "never", "ru") == "никакие"
    assert value_word("threshold", "every-deal", "en") == "every-deal"
