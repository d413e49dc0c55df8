"""The games of text 004 (Спортивное домино, Генерал) against the independent auditor (tests/audit.py).

Engine records of `sport`, `generals` and `generals-both` pass the audit with several bots, and
the auditor reports every corruption of such a record that breaks R-004-match, R-004-sport,
R-004-general-scoring, R-004-general-lead or R-004-general-fish.
"""

from __future__ import annotations

import copy
import functools

import pytest
from audit import audit_game

from kozel_stats.rules import load_variant
from kozel_stats.trace import play_records

VARIANTS_004 = ("sport", "generals", "generals-both")
BOTS_004 = ("random", "general", "general-signal", "counter")


@functools.cache
def rules_of(name: str) -> dict:
    return load_variant(name).rule_dict


def find(name: str, pred, run_seed: int = 4, games: int = 300, bot: str = "random") -> dict:
    """The first engine record of `name` (run seed, bot) satisfying `pred`; it passes the audit untouched,
    so every problem found after a corruption comes from the corruption."""
    variant = load_variant(name)
    rec = next((r for r in play_records(variant, run_seed, games, [bot] * variant["players"]) if pred(r)), None)
    assert rec is not None, f"no {name} record fits among {games} games; play more"
    assert audit_game(rec, rules_of(name)) == [], (name, rec["game"])
    return rec


def problems(rec: dict, name: str, **knobs) -> list[str]:
    return audit_game(rec, {**rules_of(name), **knobs})


def shift_scores(rec: dict, k: int, side: int, by: int) -> None:
    """Make deal k write `by` more against `side`, keeping the later scores and final_score consistent."""
    rec["deals"][k]["written"][side] += by
    for d in rec["deals"][k:]:
        d["score"][side] += by
    rec["final_score"] = list(rec["deals"][-1]["score"])


def is_fish(d: dict) -> bool:
    return d["end"] == "fish"


def out_move(d: dict) -> set[str]:
    return set(d["events"][-1]["play"]) if d["end"] == "out" else set()


# --- (1) engine records pass the audit ----------------------------------------------------------------


@pytest.mark.parametrize("bot", BOTS_004)
@pytest.mark.parametrize("name", VARIANTS_004)
def test_300_engine_games_of_text_004_pass_the_audit(name, bot):
    variant = load_variant(name)
    rules = variant.rule_dict
    seed = 400 + 10 * VARIANTS_004.index(name) + BOTS_004.index(bot)
    records = list(play_records(variant, seed, 300, [bot] * variant["players"]))
    for record in records:
        found = audit_game(record, rules)
        assert found == [], (name, bot, record["game"], found[:3])
    # the records exercise the new rules (else the audit above proves little)
    for record in records:
        counted = [d for d in record["deals"] if not (is_fish(d) and rules["fish_winner"] == "replayed")]
        assert len(counted) == rules["match_deals"], (name, record["game"])
    deals = [d for r in records for d in r["deals"]]
    if rules["scoring"] == "generals":
        assert any(is_fish(d) for d in deals)  # replayed fish
        assert any(sum(d["written"]) == 1 for d in deals)  # generals written
        assert any(r["loser"] is None and r["titles"] == ["draw"] for r in records)
        assert all(d["events"][0]["play"] == ["11"] for d in deals)  # first-lead
    else:
        assert any(max(d["score"]) >= rules["target"] for r in records for d in r["deals"][:-1])  # no target


@pytest.mark.slow
@pytest.mark.parametrize("name", VARIANTS_004)
def test_1000_mixed_bot_games_of_text_004_pass_the_audit(name):
    variant = load_variant(name)
    for record in play_records(variant, 4004, 1000, ["general-signal", "random", "general", "counter"]):
        found = audit_game(record, variant.rule_dict)
        assert found == [], (name, record["game"], found[:3])


# --- (2) mutations: the auditor catches each error ---------------------------------------------------


@pytest.mark.parametrize("name", VARIANTS_004)
def test_a_wrong_loser_at_a_match_end_is_caught(name):
    rec = find(name, lambda r: r["loser"] is not None)
    rec["loser"] = 1 - rec["loser"]
    assert any("loser is" in p for p in problems(rec, name))


def test_the_most_points_against_loses_the_match_not_the_target():
    """R-004-match: `target` ends nothing; after 8 deals the side with the most against it loses."""
    rec = find("sport", lambda r: r["loser"] is not None and max(r["final_score"]) >= 101)
    assert problems(rec, "sport") == []
    found = problems(rec, "sport", match_deals=0)  # as Козёл, the game would have ended at the target
    assert any("the game is over after this deal" in p for p in found), found


@pytest.mark.parametrize("name", ["sport", "generals"])
def test_a_draw_reported_as_a_loss_is_caught(name):
    rec = find(name, lambda r: r["loser"] is None, run_seed=11)
    assert rec["titles"] == ["draw"] and rec["final_score"][0] == rec["final_score"][1]
    for loser in (0, 1):
        bad = copy.deepcopy(rec)
        bad["loser"], bad["titles"] = loser, []
        found = problems(bad, name)
        assert any("loser is" in p for p in found) and any("titles" in p for p in found), found


def test_a_loss_reported_as_a_draw_and_a_draw_without_its_title_are_caught():
    rec = find("generals", lambda r: r["loser"] is not None)
    rec["loser"], rec["titles"] = None, ["draw"]
    assert any("loser is None" in p for p in problems(rec, "generals"))
    rec = find("generals", lambda r: r["loser"] is None)
    rec["titles"] = []
    assert any("titles are [], must be ['draw']" in p for p in problems(rec, "generals"))


def test_a_level_score_that_is_not_a_draw_is_caught():
    """Make the last deal of a won generals match write the general on the other side: the level
    count it leaves is a draw, so the record's loser is wrong; and the written number too."""
    rec = find("generals", lambda r: r["final_score"] in ([1, 0], [0, 1]) and sum(r["deals"][-1]["written"]) == 0)
    side = rec["loser"]
    shift_scores(rec, len(rec["deals"]) - 1, 1 - side, 1)  # now 1:1, but the record keeps its loser
    found = problems(rec, "generals")
    assert any("written" in p for p in found) and any("must be None" in p for p in found), found


@pytest.mark.parametrize("name", ["generals", "generals-both"])
def test_a_general_written_for_an_out_without_00_66_is_caught(name):
    def plain_out(r):
        return any(d["end"] == "out" and not out_move(d) & {"00", "66"} for d in r["deals"])

    rec = find(name, plain_out)
    k = next(k for k, d in enumerate(rec["deals"]) if d["end"] == "out" and not out_move(d) & {"00", "66"})
    loser_side = 1 - [0, 1, 0, 1][rec["deals"][k]["last"]]
    shift_scores(rec, k, loser_side, 1)
    assert any(f"deal {k}: written" in p for p in problems(rec, name))


def test_a_general_for_one_of_00_66_under_00_and_66_is_caught():
    """general_out 00-and-66: an out on 00 alone (or 66 alone) writes nothing."""

    def single(d):
        return len(out_move(d) & {"00", "66"}) == 1

    rec = find("generals", lambda r: any(single(d) for d in r["deals"]))
    k = next(k for k, d in enumerate(rec["deals"]) if single(d))
    assert sum(rec["deals"][k]["written"]) == 1  # a general under 00-or-66 ...
    assert problems(rec, "generals") == []
    assert any(f"deal {k}: written" in p for p in problems(rec, "generals", general_out="00-and-66"))  # ... not here


@pytest.mark.parametrize("name", ["generals", "generals-both"])
def test_a_missing_general_is_caught(name):
    rec = find(name, lambda r: any(sum(d["written"]) == 1 for d in r["deals"]))
    k = next(k for k, d in enumerate(rec["deals"]) if sum(d["written"]) == 1)
    side = rec["deals"][k]["written"].index(1)
    assert {"00", "66"} & out_move(rec["deals"][k])
    shift_scores(rec, k, side, -1)
    assert any(f"deal {k}: written" in p for p in problems(rec, name))


def test_a_general_on_the_wrong_side_is_caught():
    rec = find("generals", lambda r: any(sum(d["written"]) == 1 for d in r["deals"]))
    k = next(k for k, d in enumerate(rec["deals"]) if sum(d["written"]) == 1)
    side = rec["deals"][k]["written"].index(1)
    shift_scores(rec, k, side, -1)
    shift_scores(rec, k, 1 - side, 1)  # written on the side that went out
    assert any(f"deal {k}: written" in p for p in problems(rec, "generals"))


def test_generals_are_not_points():
    """Under scoring generals nothing is written in points; the same record under points scoring is wrong."""
    rec = find("generals", lambda r: True)
    assert any("written" in p for p in problems(rec, "generals", scoring="points"))


@pytest.mark.parametrize("name", ["generals", "generals-both"])
def test_a_replayed_fish_that_writes_is_caught(name):
    rec = find(name, lambda r: any(is_fish(d) for d in r["deals"]))
    k = next(k for k, d in enumerate(rec["deals"]) if is_fish(d))
    sums = rec["deals"][k]["hand_sums"]
    side = 0 if sums[0] > sums[1] else 1
    points = copy.deepcopy(rec)
    shift_scores(points, k, side, sums[side])  # the fish writes the heavier side's pips
    assert any(f"deal {k}: written" in p for p in problems(points, name))
    general = copy.deepcopy(rec)
    shift_scores(general, k, side, 1)  # the fish counted as a general
    assert any(f"deal {k}: written" in p for p in problems(general, name))
    grown = copy.deepcopy(rec)
    for d in grown["deals"][k:]:
        d["carry"] += sum(sums)  # the fish grows a pot
    assert any(f"deal {k}: carry" in p for p in problems(grown, name))


def test_a_replayed_fish_counted_in_the_match_is_caught():
    """16 deals that count: with a fish among them the record must hold 17 deals or more."""
    rec = find("generals", lambda r: any(is_fish(d) for d in r["deals"]))
    assert len(rec["deals"]) > 16
    found = problems(rec, "generals", fish_winner="lower-sum")  # as if the fish counted
    assert any("the game is over after this deal" in p for p in found), found


def test_a_record_under_first_lead_whose_deal_2_is_led_by_someone_else_is_caught():
    rec = find("generals", lambda r: len(r["deals"]) > 2)
    deal = rec["deals"][2]
    holder = next(s for s in range(4) if "11" in deal["hands"][s])
    assert deal["leader"] == holder and deal["events"][0] == {"p": holder, "play": ["11"], "at": [None]}
    for other in {0, 1, 2, 3} - {holder}:
        bad = copy.deepcopy(rec)
        bad["deals"][2]["leader"] = other
        assert any(f"deal 2: leader is seat {other}, must be {holder}" in p for p in problems(bad, "generals"))
    # the holder swaps hands with another seat: the leader no longer holds 11
    bad = copy.deepcopy(rec)
    hands = bad["deals"][2]["hands"]
    other = (holder + 1) % 4
    hands[holder], hands[other] = hands[other], hands[holder]
    found = problems(bad, "generals")
    assert any(f"deal 2: leader is seat {holder}, must be {other}" in p for p in found), found


def test_first_lead_forces_the_first_tile_of_every_deal():
    """A sport record (round-robin) read under first-lead: its later leaders are wrong, and where a
    leader happens to hold 11 but opened with another tile, that opening is wrong."""
    rec = find("sport", lambda r: True)
    found = problems(rec, "sport", next_lead="first-lead")
    assert any(p.startswith("deal 1: leader") or p.startswith("deal 2: leader") for p in found), found

    def holds_but_skips(d):
        return "11" in d["hands"][d["leader"]] and d["events"][0]["play"] != ["11"]

    rec = find("sport", lambda r: any(holds_but_skips(d) for d in r["deals"][1:]))
    k = next(k for k, d in enumerate(rec["deals"]) if k and holds_but_skips(d))
    found = problems(rec, "sport", next_lead="first-lead")
    assert any(f"deal {k} event 0" in p and "must be the double 11" in p for p in found), found
    assert not any(p.startswith(f"deal {k}: leader") for p in found)


def test_generals_records_fail_under_other_lead_rules():
    rec = find("generals", lambda r: len({d["leader"] for d in r["deals"]}) > 1)
    for rule in ("round-robin", "last-mover"):
        assert any("leader" in p for p in problems(rec, "generals", next_lead=rule)), rule


@pytest.mark.parametrize("name", VARIANTS_004)
def test_a_match_with_a_deal_too_many_is_caught(name):
    rec = find(name, lambda r: True)
    rec["deals"].append(copy.deepcopy(rec["deals"][-1]))
    found = problems(rec, name)
    assert any("the game is over after this deal, but 1 more deal(s) follow" in p for p in found), found


@pytest.mark.parametrize("name", VARIANTS_004)
def test_a_match_with_a_deal_too_few_is_caught(name):
    rec = find(name, lambda r: not is_fish(r["deals"][-2]))  # the last but one deal counts
    del rec["deals"][-1]
    rec["final_score"] = list(rec["deals"][-1]["score"])
    found = problems(rec, name)
    assert any("the record stops after" in p for p in found), found


def test_a_match_length_differs_from_match_deals_is_caught():
    rec = find("sport", lambda r: True)
    assert len(rec["deals"]) == 8
    assert any("stops after 8 deal" in p for p in problems(rec, "sport", match_deals=9))
    assert any("the game is over after this deal" in p for p in problems(rec, "sport", match_deals=7))


def test_naked_and_bald_in_matches():
    """No `naked` in Генерал; in a sport match `naked` follows the winners' score."""
    rec = find("generals", lambda r: r["loser"] is not None and r["final_score"][1 - r["loser"]] == 0)
    rec["titles"] = sorted(set(rec["titles"]) | {"naked"})
    assert any("titles" in p for p in problems(rec, "generals"))
    rec = find("sport", lambda r: "naked" in r["titles"])
    rec["titles"].remove("naked")
    assert any("titles" in p for p in problems(rec, "sport"))
