"""The games of text 004 (Спортивное домино, Генерал, Морской) against the independent auditor (tests/audit.py).

Engine records of `sport`, `generals`, `generals-both` and `morskoy-004` pass the audit with several
bots, and the auditor reports every corruption of such a record that breaks R-004-match, R-004-sport,
R-004-general-scoring, R-004-general-lead, R-004-general-fish, R-004-morskoy-lead, R-004-morskoy-fast
or R-004-morskoy-66.
"""

from __future__ import annotations

import copy
import functools

import pytest
from audit import audit_game, score_deal, settle, wiped

from kozel_stats.records.trace import play_records
from kozel_stats.rules.variants import load_variant, with_rules

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


def assert_deal_2_must_be_led_like_the_first(rec: dict, name: str) -> None:
    """Deal 2 of `rec` is opened like the first (by the holder of the game's first double, with it: 11, or
    the rotation's, R-004-morskoy-day); any other leader, or a leader who no longer holds it after swapping
    hands, is caught by the audit under `name`'s rules."""
    deal = rec["deals"][2]
    tile = rec["deals"][0]["events"][0]["play"][0]
    holder = next(s for s in range(4) if tile in deal["hands"][s])
    assert deal["leader"] == holder and deal["events"][0] == {"p": holder, "play": [tile], "at": [None]}
    for other in {0, 1, 2, 3} - {holder}:
        bad = copy.deepcopy(rec)
        bad["deals"][2]["leader"] = other
        found = problems(bad, name)
        assert any(p.startswith(f"deal 2: leader is seat {other}, must be {holder}") for p in found), found
    # the holder swaps hands with another seat: the leader no longer holds the double
    bad = copy.deepcopy(rec)
    hands = bad["deals"][2]["hands"]
    other = (holder + 1) % 4
    hands[holder], hands[other] = hands[other], hands[holder]
    found = problems(bad, name)
    assert any(p.startswith(f"deal 2: leader is seat {holder}, must be {other}") for p in found), found


def test_a_record_under_first_lead_whose_deal_2_is_led_by_someone_else_is_caught():
    assert_deal_2_must_be_led_like_the_first(find("generals", lambda r: len(r["deals"]) > 2), "generals")


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


# --- Морской козёл by the encyclopedic rules of text 004 (R-004-morskoy-*) ----------------------------

MORSKOY_BOTS = ("random", "counter", "heavy")
SIDE = [0, 1, 0, 1]  # the side of a seat


@functools.cache
def morskoy_records(bot: str) -> tuple:
    variant = morskoy_variant()
    return tuple(play_records(variant, 4040 + MORSKOY_BOTS.index(bot), 300, [bot] * 4))


def nobody_wrote(rec: dict, k: int) -> bool:
    """No side wrote a point before deal k (the auditor's own reading, restated for the tests)."""
    return not any(sum(d["written"]) for d in rec["deals"][:k])


@functools.cache
def morskoy_variant():
    return load_variant("morskoy-004")


def fast(rec: dict, k: int) -> bool:
    """Deal k is a fast lead on 66 forced by lead_repeats (nobody wrote before it), by the engine's own
    helper (to find the deals to corrupt); the leads on 66 / 00 a leader chose are tested below."""
    return rec["deals"][k]["fast"] is not None and nobody_wrote(rec, k)


def on_66(d: dict) -> bool:
    """An out whose move holds 66 and no 00 (R-morskoy-66, R-004-morskoy-66)."""
    return d["end"] == "out" and "66" in out_move(d) and "00" not in out_move(d)


def real_wipe(rec: dict, k: int) -> bool:
    """Deal k is an out on 66 by a side that had points before it: the wipe changes a score."""
    d = rec["deals"][k]
    return k > 0 and on_66(d) and rec["deals"][k - 1]["score"][SIDE[d["last"]]] > 0


def morskoy_find(pred, bot: str = "random") -> tuple[dict, int]:
    """A deep copy of the first record (bot's 300) with a deal k satisfying pred(rec, k), and k."""
    for rec in morskoy_records(bot):
        k = next((k for k in range(len(rec["deals"])) if pred(rec, k)), None)
        if k is not None:
            assert audit_game(rec, rules_of("morskoy-004")) == []
            return copy.deepcopy(rec), k
    raise AssertionError(f"no morskoy-004 record of {bot} has such a deal; play more")


def morskoy_find_any(pred) -> tuple[dict, int]:
    """morskoy_find over the records of every bot in turn: the first that has such a deal."""
    for bot in MORSKOY_BOTS:
        for rec in morskoy_records(bot):
            if any(pred(rec, k) for k in range(len(rec["deals"]))):
                return morskoy_find(pred, bot)
    raise AssertionError("no morskoy-004 record of any bot has such a deal; play more")


def set_written(rec: dict, k: int, written: list[int]) -> None:
    """Deal k writes `written`; its score and every later score (and final_score) follow."""
    for side in (0, 1):
        shift_scores(rec, k, side, written[side] - rec["deals"][k]["written"][side])


@pytest.mark.parametrize("bot", MORSKOY_BOTS)
def test_300_engine_games_of_morskoy_004_pass_the_audit(bot):
    rules = rules_of("morskoy-004")
    records = morskoy_records(bot)
    assert len(records) == 300
    for record in records:
        found = audit_game(record, rules)
        assert found == [], (bot, record["seed"], record["game"], found[:3])
    # the records exercise the new rules (else the audit above proves little)
    fast_deals = [(r, k) for r in records for k in range(len(r["deals"])) if fast(r, k)]
    assert len(fast_deals) >= 10, len(fast_deals)
    for r, k in fast_deals:
        d = r["deals"][k]
        assert nobody_wrote(r, k) and k >= 3
        assert d["events"][0] == {"p": d["leader"], "play": ["66"], "at": [None]}
        pot = r["deals"][k - 1]["carry"]
        if is_fish(d):  # replayed: nothing written, the pot stays
            assert d["written"] == [0, 0] and d["carry"] == pot
        elif "00" in out_move(d):  # an out on 00 ends the game, nothing written
            assert d["written"] == [0, 0] and k == len(r["deals"]) - 1
        else:  # the losers write fast_writes and the pot
            assert d["written"][1 - SIDE[d["last"]]] == 50 + pot and d["carry"] == 0
    assert any(r["deals"][k]["end"] == "fish" for r, k in fast_deals)  # replayed fish
    assert any(sum(r["deals"][k]["written"]) >= 50 for r, k in fast_deals)  # a fast deal's 50 written
    repeated = [(r, k) for r in records for k in (1, 2) if k < len(r["deals"]) and nobody_wrote(r, k)]
    assert len(repeated) >= 50, len(repeated)
    # the first lead, repeated: the game's double of the 11 … 66 rotation (R-004-morskoy-day)
    rotation = ["11", "22", "33", "44", "55", "66"]
    assert all(r["deals"][k]["events"][0]["play"] == [rotation[r["game"] % 6]] for r, k in repeated)
    wipes = [(r, k) for r in records for k in range(len(r["deals"])) if real_wipe(r, k)]
    assert wipes, "no out on 66 wiped a score"
    assert all(r["deals"][k]["score"][SIDE[r["deals"][k]["last"]]] == 0 for r, k in wipes)
    # after the repeats, with someone written, the leads are last-mover's, with any tile
    assert any(
        nobody_wrote(r, 1) and not nobody_wrote(r, k) and r["deals"][k]["events"][0]["play"] not in (["11"], ["66"])
        for r in records
        for k in range(1, len(r["deals"]))
    )


def test_morskoy_004_records_fail_without_the_new_knobs():
    """The same records read without lead_repeats, fast_writes or out_66_wipes break the rules."""
    rec, _ = morskoy_find(lambda r, k: fast(r, k) and r["deals"][k]["end"] == "out" and sum(r["deals"][k]["written"]))
    assert problems(rec, "morskoy-004") == []
    assert problems(rec, "morskoy-004", lead_repeats=0, fast_writes=0)  # fast leads on 66 by the wrong leader
    found = problems(rec, "morskoy-004", fast_writes=0)  # the fast deal scored on the hands
    assert any("written" in p for p in found), found
    rec, k = morskoy_find(real_wipe)
    found = problems(rec, "morskoy-004", out_66_wipes=False)
    assert any(p.startswith(f"deal {k}: score") for p in found), found


def test_engine_records_without_fast_leads_fail_under_lead_repeats():
    """morskoy-004 played by the engine with lead_repeats 0 (the next leads by last-mover, any tile): where
    four deals pass without a point written, the auditor of morskoy-004 wants a fast lead on 66."""
    no_fast = {"lead_repeats": 0, "fast_writes": 0, "voluntary_fast": False, "fast_writes_00": 0}
    variant = with_rules(load_variant("morskoy-004"), no_fast)
    rules = variant.rule_dict
    hits = 0
    for rec in play_records(variant, 41, 300, ["counter"] * 4):
        assert audit_game(rec, rules) == [], rec["game"]
        if len(rec["deals"]) > 3 and nobody_wrote(rec, 3) and rec["deals"][3]["events"][0]["play"] != ["66"]:
            found = problems(rec, "morskoy-004")
            assert any(p.startswith("deal 3") for p in found), (rec["game"], found)
            hits += 1
    assert hits >= 3, hits


def test_a_fast_deal_whose_loser_writes_its_hands_is_caught():
    def fast_out(r, k):
        d = r["deals"][k]
        return fast(r, k) and d["end"] == "out" and sum(d["written"]) >= 50 and d["hand_sums"][1 - SIDE[d["last"]]]

    rec, k = morskoy_find(fast_out)
    d = rec["deals"][k]
    loser = 1 - SIDE[d["last"]]
    pot = rec["deals"][k - 1]["carry"]
    assert d["written"][loser] == 50 + pot  # fast_writes, plus the pot
    hands = d["hand_sums"][loser] + pot
    assert hands != 50 + pot
    written = [0, 0]
    written[loser] = hands if hands >= 25 else 0  # the hands' value, as in a deal that is not fast
    set_written(rec, k, written)
    found = problems(rec, "morskoy-004")
    assert any(p.startswith(f"deal {k}: written is") and "must be" in p for p in found), found


def test_a_fast_deal_without_its_pot_is_caught():
    """The eggs pot goes on top of fast_writes (R-004-morskoy-fast: «plus any eggs pot»)."""

    def pot_paid(r, k):
        d = r["deals"][k]
        return fast(r, k) and d["end"] == "out" and sum(d["written"]) > 50 and r["deals"][k - 1]["carry"] > 0

    rec, k = morskoy_find_any(pot_paid)
    loser = 1 - SIDE[rec["deals"][k]["last"]]
    written = [0, 0]
    written[loser] = 50
    set_written(rec, k, written)
    assert any(p.startswith(f"deal {k}: written") for p in problems(rec, "morskoy-004"))


@pytest.mark.parametrize("bot", ["counter", "heavy"])
def test_a_fast_fish_that_writes_is_caught(bot):
    rec, k = morskoy_find(lambda r, k: fast(r, k) and is_fish(r["deals"][k]), bot)
    d = rec["deals"][k]
    assert d["written"] == [0, 0] and d["carry"] == rec["deals"][k - 1]["carry"]
    sums = d["hand_sums"]
    heavier = 0 if sums[0] > sums[1] else 1
    for points in (50, max(sums[heavier], 25)):  # fast_writes, or the hands as in an ordinary fish
        bad = copy.deepcopy(rec)
        written = [0, 0]
        written[heavier] = points
        set_written(bad, k, written)
        found = problems(bad, "morskoy-004")
        assert any(p.startswith(f"deal {k}: written") for p in found), (points, found)
    grown = copy.deepcopy(rec)
    for later in grown["deals"][k:]:
        later["carry"] += sum(sums)  # the fish grows a pot as eggs would
    assert any(p.startswith(f"deal {k}: carry") for p in problems(grown, "morskoy-004"))


def test_a_fast_fish_does_not_count_in_a_match():
    """R-004-morskoy-fast: a fish on a fast lead does not count towards match_deals."""
    rec, _ = morskoy_find(lambda r, k: fast(r, k) and is_fish(r["deals"][k]), "counter")
    deals = rec["deals"]
    replayed = sum(1 for k in range(len(deals)) if fast(rec, k) and is_fish(deals[k]))
    assert problems(rec, "morskoy-004", match_deals=len(deals) - replayed) == []
    found = problems(rec, "morskoy-004", match_deals=len(deals) - replayed, fast_writes=0)
    assert any("the game is over after this deal" in p for p in found), found


def test_a_repeated_first_lead_by_someone_else_is_caught():
    """Deal 2 with nobody written yet is opened like the first: by the holder of the game's double, with it."""
    rec, _ = morskoy_find(lambda r, k: k == 2 and nobody_wrote(r, 2))
    assert_deal_2_must_be_led_like_the_first(rec, "morskoy-004")


def test_a_repeated_first_lead_opened_with_another_tile_is_caught():
    rec, _ = morskoy_find(lambda r, k: k == 2 and nobody_wrote(r, 2))
    deal = rec["deals"][2]
    tile = rec["deals"][0]["events"][0]["play"][0]
    other = next(t for t in sorted(deal["hands"][deal["leader"]]) if t != tile)
    deal["events"][0]["play"] = [other]
    found = problems(rec, "morskoy-004")
    assert any(p.startswith("deal 2 event 0") and f"must be the double {tile}" in p for p in found), found


def test_a_lead_after_someone_wrote_is_not_repeated():
    """Once a side has written, deal 1 or 2 is led by next_lead: a record read with more repeats fails."""
    rec, k = morskoy_find(
        lambda r, k: k in (1, 2) and not nobody_wrote(r, k) and r["deals"][k]["events"][0]["play"] != ["11"]
    )
    assert problems(rec, "morskoy-004") == []
    bad = copy.deepcopy(rec)
    for d in bad["deals"][:k]:  # pretend nobody wrote before deal k
        d["written"] = [0, 0]
    found = problems(bad, "morskoy-004")
    assert any(p.startswith(f"deal {k}") and ("leader" in p or "must be the double 11" in p) for p in found), found


def test_a_fast_deal_not_opened_with_66_is_caught():
    rec, k = morskoy_find(lambda r, k: fast(r, k))
    deal = rec["deals"][k]
    holder = next(s for s in range(4) if "66" in deal["hands"][s])
    assert deal["leader"] == holder
    other = next(t for t in sorted(deal["hands"][holder]) if t != "66")
    bad = copy.deepcopy(rec)
    bad["deals"][k]["events"][0]["play"] = [other]
    found = problems(bad, "morskoy-004")
    assert any(p.startswith(f"deal {k} event 0") and "must be the double 66" in p for p in found), found
    # led by the holder of 11 (as in the repeats), or by another seat: the leader is wrong
    for seat in {0, 1, 2, 3} - {holder}:
        bad = copy.deepcopy(rec)
        bad["deals"][k]["leader"] = seat
        found = problems(bad, "morskoy-004")
        assert any(p.startswith(f"deal {k}: leader is seat {seat}, must be {holder}") for p in found), found
    # one repeat more (lead_repeats 4): deal 3 must then be a first lead on 11, not a fast one
    rec3, _ = morskoy_find(lambda r, k: k == 3 and fast(r, k))
    found = problems(rec3, "morskoy-004", lead_repeats=4)
    assert any(p.startswith("deal 3") for p in found), found


def test_a_missing_wipe_is_caught():
    rec, k = morskoy_find(real_wipe)
    d = rec["deals"][k]
    side = SIDE[d["last"]]
    before = rec["deals"][k - 1]["score"][side]
    assert d["score"][side] == 0 and d["written"][side] == 0
    for later in rec["deals"][k:]:  # the side keeps its points
        later["score"][side] += before
    rec["final_score"] = list(rec["deals"][-1]["score"])
    found = problems(rec, "morskoy-004")
    assert any(p.startswith(f"deal {k}: score is") for p in found), found


def test_a_wiped_side_must_open_again():
    """After a wipe the side's score is 0: its next writing under 25 is lost (R-004-morskoy-66)."""

    def reopened(r, k):
        if not real_wipe(r, k):
            return False
        side = SIDE[r["deals"][k]["last"]]
        return any(d["written"][side] for d in r["deals"][k + 1 :])

    rec, k = morskoy_find_any(reopened)
    side = SIDE[rec["deals"][k]["last"]]
    j = next(j for j in range(k + 1, len(rec["deals"])) if rec["deals"][j]["written"][side])
    assert rec["deals"][j]["written"][side] >= 25
    # read without the wipe, the same side was still open: the record's scores from deal k on are wrong
    found = problems(rec, "morskoy-004", out_66_wipes=False)
    assert any(p.startswith(f"deal {k}: score") for p in found), found


def general_record(only_00: bool = False) -> tuple[dict, int]:
    """An engine record of morskoy-004 ending with an out on 00 and 66 together (or on 00 alone), by a
    side that had points before it (found with the fast kernel, then recorded)."""
    import numpy as np

    from kozel_stats.engine import game as E
    from kozel_stats.engine.codes import TITLE_BALD, TITLE_GENERAL, compile_rules
    from kozel_stats.play.runner import play_range
    from kozel_stats.records.trace import record_game, run_seed_game

    variant = load_variant("morskoy-004")
    games = play_range(compile_rules(variant.rule_dict), 77, 0, 20000, np.zeros(4, dtype=np.int64)).games
    titles = games[:, E.G_TITLES]
    hit = (titles & TITLE_BALD) & ~(titles & TITLE_GENERAL) if only_00 else titles & TITLE_GENERAL
    for g in np.flatnonzero(hit):
        rec = record_game(variant, run_seed_game(77, int(g)), ["random"] * 4, game=int(g))
        k = len(rec["deals"]) - 1
        d = rec["deals"][k]
        if k and rec["deals"][k - 1]["score"][SIDE[d["last"]]] > 0:
            assert ({"00", "66"} <= out_move(d)) != only_00 and "00" in out_move(d)
            assert audit_game(rec, rules_of("morskoy-004")) == [], rec["game"]
            return rec, k
    raise AssertionError("no such game among 20000; play more")


@pytest.mark.parametrize("only_00", [False, True], ids=["00+66", "00"])
def test_a_wipe_after_an_out_on_00_is_caught(only_00):
    """An out on 00 and 66 together (адмирал) or on 00 alone ends the game and wipes nothing."""
    rec, k = general_record(only_00)
    d = rec["deals"][k]
    side = SIDE[d["last"]]
    assert d["written"] == [0, 0] and d["score"] == rec["deals"][k - 1]["score"]
    assert "bald" in rec["titles"] and ("general" in rec["titles"]) != only_00
    d["score"][side] = 0  # wiped as if on 66
    rec["final_score"] = list(d["score"])
    found = problems(rec, "morskoy-004")
    assert any(p.startswith(f"deal {k}: score is") for p in found), found


def test_fast_scoring_by_hand():
    """settle() with fast (R-004-morskoy-fast): fast_writes instead of the hands, plus the pot, threshold as usual;
    a fast fish writes nothing, keeps the pot and has no winner; fast_writes 0 scores as usual."""
    rules = rules_of("morskoy-004")
    left = [[], ["55", "44"], [], ["01"]]
    assert settle(rules, "out", 0, left, 0, [False, False], ["12"], fast=True) == ([0, 19], [0, 50], 0, 0)
    assert settle(rules, "out", 0, left, 12, [False, False], ["12"], fast=True) == ([0, 19], [0, 62], 0, 0)
    assert settle(rules, "out", 0, left, 0, [False, False], ["12"]) == ([0, 19], [0, 0], 0, 0)  # 19 < 25
    fish = [["56"], ["55"], ["46"], ["33"]]
    assert settle(rules, "fish", 0, fish, 7, [False, False], ["35"], fast=True) == ([21, 16], [0, 0], 7, None)
    assert settle({**rules, "fast_writes": 0}, "fish", 0, fish, 7, [False, False], ["35"], fast=True) == (
        [21, 16],
        [28, 0],
        0,
        1,
    )
    low = {**rules, "fast_writes": 10}  # under the threshold of a side not open: lost
    assert settle(low, "out", 0, left, 0, [False, False], ["12"], fast=True)[1] == [0, 0]
    assert settle(low, "out", 0, left, 0, [False, True], ["12"], fast=True)[1] == [0, 10]


def test_wipes_by_hand():
    rules = rules_of("morskoy-004")
    assert wiped(rules, [40, 100], "out", 0, ["66"]) == [0, 100]
    assert wiped(rules, [40, 100], "out", 1, ["66"]) == [40, 0]
    assert wiped(rules, [40, 100], "out", 0, ["00", "66"]) == [40, 100]  # адмирал: no wipe
    assert wiped(rules, [40, 100], "out", 0, ["00"]) == [40, 100]
    assert wiped(rules, [40, 100], "fish", 0, ["66"]) == [40, 100]
    assert wiped({**rules, "out_66_wipes": False}, [40, 100], "out", 0, ["66"]) == [40, 100]


# --- Осёл каждый сам за себя (R-004-osel-solo) --------------------------------------------------------
def has_memory(rec: dict) -> bool:
    return any(any(d.get("memory", [])) for d in rec["deals"])


@pytest.mark.parametrize("name", ["osel-solo-2", "osel-solo-3", "osel-solo-4"])
def test_a_lost_memory_of_a_solo_osel_player_is_caught(name):
    rec = copy.deepcopy(find(name, has_memory))
    k = next(k for k, d in enumerate(rec["deals"]) if any(d["memory"]))
    seat = next(s for s, m in enumerate(rec["deals"][k]["memory"]) if m)
    rec["deals"][k]["memory"][seat] = 0
    assert any(f"deal {k}" in p for p in problems(rec, name)), problems(rec, name)


def test_a_closed_double_before_the_house_is_caught_in_solo_osel():
    """osel-solo-3 records played under closed_before_house: any, audited under text 004's closing pair."""
    lenient = with_rules(load_variant("osel-solo-3"), {"closed_before_house": "any"})
    strict = rules_of("osel-solo-3")
    caught = 0
    for rec in play_records(lenient, 5, 200, ["random"] * 3):
        assert audit_game(rec, lenient.rule_dict) == []
        caught += bool(audit_game(rec, strict))
    assert caught > 0


# --- Морской каждый сам за себя (R-004-morskoy-solo) ----------------------------------------------------
def first_deal(rec: dict, pred) -> int | None:
    return next((k for k, d in enumerate(rec["deals"]) if pred(d)), None)


def two_losers_in_hand(d: dict) -> bool:
    """A deal with one writer and another player who still holds pips (he would write under solo_loser: every)."""
    writers = [s for s, w in enumerate(d["written"]) if w]
    return len(writers) == 1 and sum(1 for s, h in enumerate(d["hand_sums"]) if h and s not in writers) > 0


def test_a_second_writer_in_solo_morskoy_is_caught():
    rec = copy.deepcopy(find("morskoy-004-solo-3", lambda r: first_deal(r, two_losers_in_hand) is not None))
    k = first_deal(rec, two_losers_in_hand)
    d = rec["deals"][k]
    other = next(s for s, h in enumerate(d["hand_sums"]) if h and not d["written"][s])
    shift_scores(rec, k, other, d["hand_sums"][other])  # as if every loser wrote (каждый сам за себя of text 000)
    assert any(p.startswith(f"deal {k}: written is") for p in problems(rec, "morskoy-004-solo-3"))
    assert audit_game(rec, {**rules_of("morskoy-004-solo-3"), "solo_loser": "every"}) != []


def top_tie_eggs(d: dict) -> bool:
    return d["end"] == "out" and not any(d["written"]) and d["carry"] > 0


def test_equal_most_pips_written_instead_of_eggs_is_caught():
    rec = copy.deepcopy(find("morskoy-004-solo-3", lambda r: first_deal(r, top_tie_eggs) is not None, games=600))
    k = first_deal(rec, top_tie_eggs)
    d = rec["deals"][k]
    top = max(d["hand_sums"])
    seat = d["hand_sums"].index(top)
    d["carry"] = 0
    shift_scores(rec, k, seat, top)  # the lower seat of the tie written as the loser
    found = problems(rec, "morskoy-004-solo-3")
    assert any(p.startswith(f"deal {k}: written is") for p in found) and any(f"deal {k}: carry" in p for p in found)


def sudden(rec: dict) -> bool:
    return bool({"bald", "general"} & set(rec["titles"]))


@pytest.mark.parametrize("name", ["morskoy-004-solo-3", "morskoy-004-solo-4"])
def test_a_sudden_end_with_the_wrong_goat_is_caught(name):
    rec = copy.deepcopy(find(name, sudden, games=600))
    rec["loser"] = (rec["loser"] + 1) % len(rec["sides"])
    assert any(p.startswith("loser is") for p in problems(rec, name))


def solo_wipe(d: dict) -> bool:
    return d["end"] == "out" and "66" in out_move(d) and "00" not in out_move(d)


def test_a_missing_wipe_of_a_solo_player_is_caught():
    def wiped_points(rec: dict) -> int | None:
        return next(
            (
                k
                for k, d in enumerate(rec["deals"])
                if k and solo_wipe(d) and rec["deals"][k - 1]["score"][d["last"]] > 0
            ),
            None,
        )

    rec = copy.deepcopy(find("morskoy-004-solo-3", lambda r: wiped_points(r) is not None, games=600))
    k = wiped_points(rec)
    seat = rec["deals"][k]["last"]
    before = rec["deals"][k - 1]["score"][seat]
    for later in rec["deals"][k:]:
        later["score"][seat] += before
    rec["final_score"] = list(rec["deals"][-1]["score"])
    assert any(p.startswith(f"deal {k}: score is") for p in problems(rec, "morskoy-004-solo-3"))


def test_solo_morskoy_scoring_by_hand():
    """The auditor's own score_deal under solo_loser: most (R-004-morskoy-solo), worked by hand."""
    rules = {**rules_of("morskoy-004-solo-3"), "threshold": "none"}
    sides = [[0], [1], [2]]

    def score(end, last, left, carry=0, move=("12",)):
        return score_deal(rules, sides, end, last, left, carry, [True] * 3, [0] * 3, list(move))

    r = score("out", 0, [[], ["34"], ["56", "46"]])  # only the most pips (21) writes, not the 7
    assert r["written"] == [0, 0, 21] and r["winners"] == {0, 1}
    r = score("out", 0, [[], ["34"], ["25"]], carry=5)  # 7 and 7: eggs, both sums added to the pot
    assert r["written"] == [0, 0, 0] and r["carry"] == 19 and r["winners"] is None
    assert (
        score_deal(
            {**rules, "solo_eggs": "one-hand"}, sides, "out", 0, [[], ["34"], ["25"]], 0, [True] * 3, [0] * 3, ["12"]
        )["carry"]
        == 7
    )
    r = score("fish", 1, [["01"], ["34"], ["56"]])  # a fish: the smallest wins, the most pips writes
    assert r["written"] == [0, 0, 11] and r["winners"] == {0, 1}
    r = score("out", 1, [["12"], [], ["56"]], move=("66",))  # an out on 66: the one loser writes 100
    assert r["written"] == [0, 0, 100]
    assert wiped(rules, [40, 30, 20], "out", 1, ["66"], sides) == [40, 0, 20]
    every = {**rules, "solo_loser": "every"}
    assert score_deal(every, sides, "out", 0, [[], ["34"], ["56", "46"]], 0, [True] * 3, [0] * 3, ["12"])[
        "written"
    ] == [0, 7, 21]


# --- Морской of text 004: fast leads by choice, подвесной (R-004-morskoy-voluntary, R-004-morskoy-hanging) ---
def test_a_chosen_fast_lead_before_everyone_has_a_record_is_caught():
    """morskoy-004 records played without the rule (66 / 00 led freely, as ordinary leads) fail its audit."""
    free = with_rules(load_variant("morskoy-004"), {"voluntary_fast": False, "fast_writes_00": 0})
    caught = 0
    for rec in play_records(free, 6, 300, ["random"] * 4):
        assert audit_game(rec, free.rule_dict) == []
        found = audit_game(rec, rules_of("morskoy-004"))
        caught += any("though not every other player has a record" in p for p in found)
    assert caught > 0


def test_a_fast_lead_on_00_with_the_wrong_cost_is_caught():
    def on_00(rec: dict) -> bool:
        return any(
            rec["deals"][d]["fast"] is not None
            and d
            and rec["deals"][d]["events"][0]["play"] == ["00"]
            and any(x["written"] for x in rec["deals"][:d])
            and rec["deals"][d]["end"] == "out"
            for d in range(len(rec["deals"]))
        )

    rec = find("morskoy-004", on_00, games=1000)
    assert problems(rec, "morskoy-004", fast_writes_00=80) != []


def test_an_unearned_hanging_title_is_caught():
    rec = copy.deepcopy(find("morskoy-004", lambda r: r["loser"] is not None))
    rec["titles"] = sorted(set(rec["titles"]) | {"hanging"})
    assert any(p.startswith("titles are") for p in problems(rec, "morskoy-004"))


# --- toward Чечевэ (R-004-chechevae-deal, -draw, -lead) -------------------------------------------------------
CHECHEVAE_DEAL = {"tiles_each": 6, "draw_last": True, "first_lead": "double-11-upward"}


@pytest.mark.parametrize(
    "played, audited, words",
    [
        ({}, {"draw_last": False}, "the last bazaar tile is never drawn"),  # R-004-chechevae-draw
        ({}, {"tiles_each": 7}, "is not 7 distinct valid tiles"),  # R-004-chechevae-deal
        ({"first_lead": "lowest-double"}, {}, "must be the double"),  # R-004-chechevae-lead: 11 before 00
    ],
)
def test_chechevae_deal_rules_are_audited(played, audited, words):
    variant = with_rules(load_variant("osel-solo-4"), {**CHECHEVAE_DEAL, **played})
    rules = {**variant.rule_dict, **CHECHEVAE_DEAL, **audited}
    caught = 0
    for rec in play_records(variant, 8, 100, ["random"] * 4):
        assert audit_game(rec, variant.rule_dict) == []
        caught += any(words in p for p in audit_game(rec, rules))
    assert caught > 0


def test_writing_every_hand_left_is_audited():
    """R-004-chechevae-writes: records where the most pips writes every hand left pass; read as `own` they fail."""
    variant = with_rules(load_variant("osel-solo-3"), {"solo_loser": "most", "solo_writes": "all-hands"})
    caught = 0
    for rec in play_records(variant, 9, 100, ["random"] * 3):
        assert audit_game(rec, variant.rule_dict) == []
        caught += any("written is" in p for p in audit_game(rec, {**variant.rule_dict, "solo_writes": "own"}))
    assert caught > 0


def test_a_replay_led_by_another_player_is_caught():
    """R-004-morskoy-replay: the deal after a fast lead's fish is led by the same player with the same tile."""

    def replay_at(rec: dict, k: int) -> bool:
        return k > 0 and rec["deals"][k - 1]["end"] == "fish" and fast(rec, k - 1)

    rec, k = morskoy_find(replay_at)
    assert rec["deals"][k]["leader"] == rec["deals"][k - 1]["leader"]
    bad = copy.deepcopy(rec)
    bad["deals"][k]["leader"] = (rec["deals"][k]["leader"] + 1) % 4
    found = problems(bad, "morskoy-004")
    assert any(p.startswith(f"deal {k}: leader is seat") and "the replay of a fast lead" in p for p in found), found


def test_the_first_lead_cycle_is_audited():
    """R-004-morskoy-day: game i opens with its day's (or rotation's) double; read without the cycle it fails.
    The auditor cannot draw random-day's day itself (it accepts any double, the same for the whole game);
    the engine's replay checks the drawn day (test_games_004)."""
    for cycle in ("days", "11-to-66", "random-day"):
        variant = with_rules(load_variant("morskoy-004"), {"first_lead_cycle": cycle})
        caught = 0
        for rec in play_records(variant, 21, 14, ["random"] * 4):
            assert audit_game(rec, variant.rule_dict) == []
            fixed = {**variant.rule_dict, "first_lead_cycle": "none"}
            caught += any("lead" in p for p in audit_game(rec, fixed))
        assert caught > 0


# R-004-morskoy-fast-66: a fast lead on 00 ended by an out on 66, under both readings
def fast_00_ended_on_66(d: dict) -> bool:
    return d["fast"] == "00" and d["end"] == "out" and "66" in out_move(d) and "00" not in out_move(d)


@pytest.mark.parametrize("choice, cost", [("fast-cost", 75), ("out-66", 100)])
def test_a_fast_lead_on_00_ended_on_66_passes_the_audit_under_both_readings(choice, cost):
    variant = with_rules(load_variant("morskoy-004"), {"fast_out_66": choice})
    rules = variant.rule_dict
    other = {**rules, "fast_out_66": "out-66" if choice == "fast-cost" else "fast-cost"}
    found = [r for r in play_records(variant, 66, 3000, ["random"] * 4) if any(map(fast_00_ended_on_66, r["deals"]))]
    assert len(found) >= 3
    for rec in found[:3]:
        assert audit_game(rec, rules) == [], rec["game"]
        assert audit_game(rec, other) != []  # the auditor tells the readings apart
        assert all(
            cost in d["written"] and "out-66-wipes" in d["applied"] for d in rec["deals"] if fast_00_ended_on_66(d)
        )
