"""Чечевэ (text 004, «Чечевэ»): one focused test per rule of its 00 and 66 and of its goats, each on a
constructed deal and quoting its sentence; then whole games of the shipped chechevae-2/3/4 (every tile
accounted for, records that replay and pass the independent auditor, its metrics and places)."""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np
import pytest
from helpers import Position, params

from kozel_stats.engine import game as E
from kozel_stats.engine.codes import TITLE_BALD, TITLE_KEPT_00, TITLE_NAKED, compile_rules
from kozel_stats.play.runner import play_range
from kozel_stats.records.playlog import format_game
from kozel_stats.records.trace import bot_array, parse_bots, play_records, record_game, replay_record
from kozel_stats.rules.variants import VariantError, load_variant, with_rules
from kozel_stats.stats.metrics import applies, columns_from_engine, goat_counts
from kozel_stats.stats.moments import places_from_scores

sys.path.insert(0, str(Path(__file__).parent))
from audit import audit_game  # noqa: E402

CHECHEVAE = load_variant("chechevae-4").rule_dict


def chechevae(**knobs) -> np.ndarray:
    return params(**(CHECHEVAE | knobs))


class Table:
    """Deals of a game каждый сам за себя scored one after another by the engine's scoring and end of game."""

    def __init__(self, p: np.ndarray, scores: tuple[int, ...] = (0, 0, 0, 0)):
        self.p = p
        self.gs = np.zeros(E.N_GAME_STATE, dtype=np.int64)
        for side, value in enumerate(scores):
            self.gs[E.GS_SCORE + side] = value
            self.gs[E.GS_OPENED + side] = int(value > 0)
            self.gs[E.GS_WROTE + side] = int(value > 0)

    def deal(self, hands: list[str], kind: str, last: int, out_move: str = "") -> dict:
        position = Position(hands).end(kind, last, out_move)
        row = np.zeros(E.N_DEAL_COLS, dtype=np.int64)
        losers = int(E.score_deal(self.p, position.st, self.gs, row))
        goat = int(E.game_over(self.p, self.gs, position.st, losers, 1))
        n = int(self.p[E.P_N_SIDES])
        goats = int(self.gs[E.GS_GOATS]) if goat >= 0 else 0
        return {
            "written": [int(row[E.D_WRITTEN + s]) for s in range(n)],
            "score": [int(row[E.D_SCORE + s]) for s in range(n)],
            "goat": goat,
            "goats": [s for s in range(n) if goats >> s & 1],
            "titles": int(self.gs[E.GS_TITLES]) if goat >= 0 else 0,
        }


# --- the rules, each on a constructed deal ----------------------------------------------------------------
# R-004-chechevae-goats: «Если игрок заканчивает голым дублем (0-0), то все, кроме него, становятся «козлами»»
def test_an_out_on_00_makes_every_other_player_a_goat():
    result = Table(chechevae(), (10, 40, 0, 20)).deal(["", "12", "34", "56"], "out", 0, out_move="00")
    assert result["goats"] == [1, 2, 3]
    assert result["goat"] == 1  # the goat named first: the most points
    assert result["written"] == [0, 0, 0, 0]  # the game is over at once: nothing written for the deal
    assert result["titles"] & TITLE_BALD


# R-004-chechevae-kept: nothing is written after an out on 00 that ends the game, a 66 left in hand neither
def test_a_66_left_in_hand_is_not_written_when_the_out_on_00_ends_the_game():
    result = Table(chechevae()).deal(["", "66 12", "34", "56"], "out", 0, out_move="00")
    assert result["written"] == [0, 0, 0, 0] and result["goats"] == [1, 2, 3]
    # with goats: one and the most pips shared the out on 00 is eggs and ends nothing: the 66 is written
    shared = Table(chechevae(goats="one")).deal(["", "66", "55 02", "01"], "out", 0, out_move="00")
    assert shared["goat"] == -1 and shared["written"] == [0, 50, 0, 0]


# R-004-chechevae-goats: with goats: one (Морской каждый сам за себя) the out on 00 has one goat: the deal's loser
def test_with_one_goat_the_out_on_00_names_the_deals_loser_only():
    result = Table(chechevae(goats="one"), (10, 40, 0, 20)).deal(["", "12", "34", "56"], "out", 0, out_move="00")
    assert result["goats"] == [3] and result["goat"] == 3  # 11 pips: the most left in hand


# R-004-chechevae-66: «Если игрок заканчивает дублем 6-6, то всем кроме него записывается 50 очков»
def test_an_out_on_66_writes_50_to_every_other_player():
    result = Table(chechevae()).deal(["", "12", "34", "15"], "out", 0, out_move="66")
    assert result["written"] == [0, 50, 50, 50]
    assert result["goat"] == -1
    losers_only = Table(chechevae(out_66_writers="losers")).deal(["", "12", "34", "15"], "out", 0, out_move="66")
    assert losers_only["written"] == [0, 0, 50, 0]  # Морской's reading: the one loser (the most pips, 7)


# R-004-chechevae-kept: «Если у игрока остался на руках голый дубль (0-0) и он не был разыгран игроком, то
# игрок автоматом становится «козлом»»
def test_a_00_left_in_hand_makes_its_holder_a_goat_at_once():
    result = Table(chechevae()).deal(["", "00 12", "34", "56"], "out", 0)
    assert result["goats"] == [1] and result["goat"] == 1
    assert result["titles"] & TITLE_KEPT_00
    # P3 wrote the deal (he held the most pips), P1 did not: not naked, the others wrote
    assert result["written"] == [0, 0, 0, 3 + 7 + 11] and not result["titles"] & TITLE_NAKED
    without = Table(chechevae(kept_00_goat=False)).deal(["", "00 12", "34", "56"], "out", 0)
    assert without["goat"] == -1


# R-004-chechevae-kept: «Если у игрока остался на руках дубль 6-6 и он не был разыгран игроком, то игроку
# зачисляется 50 очков»: on top of what he writes, and also when he does not lose the deal
def test_a_66_left_in_hand_writes_50_more_to_its_holder():
    holder_loses = Table(chechevae()).deal(["", "66", "01", "02"], "out", 0)
    assert holder_loses["written"] == [0, 12 + 1 + 2 + 50, 0, 0]
    holder_wins = Table(chechevae()).deal(["", "56 44", "66", "01"], "out", 0)  # P1 holds the most: 19
    assert holder_wins["written"] == [0, 19 + 12 + 1, 50, 0]
    off = Table(chechevae(kept_66_writes=0)).deal(["", "66", "01", "02"], "out", 0)
    assert off["written"] == [0, 15, 0, 0]


# R-004-chechevae-kept: a 66 left in hand is written also when the deal is eggs (two share the most pips)
def test_a_66_left_in_hand_is_written_in_eggs_too():
    result = Table(chechevae()).deal(["", "66", "56", "01"], "out", 0)  # 12 and 11: P1 the most
    assert result["written"] == [0, 12 + 11 + 1 + 50, 0, 0]
    eggs = Table(chechevae()).deal(["", "66", "55 02", "01"], "out", 0)  # 12 and 12: eggs
    assert eggs["written"] == [0, 50, 0, 0]


# R-004-chechevae-goats: «Звание «козла» получает тот игрок у которого набрано больше 101 очка» (target 102)
def test_the_goat_has_more_than_101():
    at_101 = Table(chechevae(), (0, 90, 0, 0)).deal(["", "56", "", ""], "out", 0)  # 90 + 11 = 101
    assert at_101["score"][1] == 101 and at_101["goat"] == -1
    at_102 = Table(chechevae(), (0, 91, 0, 0)).deal(["", "56", "", ""], "out", 0)
    assert at_102["goat"] == 1 and at_102["goats"] == [1]


# R-004-chechevae-goats: every player over 101 at once is a goat (the out on 66 writes to all others)
def test_every_player_over_the_target_is_a_goat():
    result = Table(chechevae(), (0, 60, 70, 30)).deal(["", "12", "34", "15"], "out", 0, out_move="66")
    assert result["score"] == [0, 110, 120, 80]
    assert result["goats"] == [1, 2] and result["goat"] == 2
    one = Table(chechevae(goats="one"), (0, 60, 70, 30)).deal(["", "12", "34", "15"], "out", 0, out_move="66")
    assert one["goats"] == [2] and one["goat"] == 2


# R-004-chechevae-goats: the places of a game with several goats: the goats last, among them by points
def test_several_goats_take_the_last_places():
    scores = np.array([[100, 5, 10, 0], [5, 0, 200, 30]])
    loser = np.array([2, 2])
    goats = np.array([0b1110, 0b0100])  # game 0: P1, P2 and P3 are goats (an out on 00 by P0)
    assert places_from_scores(scores, loser, goats).tolist() == [[1, 3, 4, 2], [2, 1, 4, 3]]
    assert places_from_scores(scores, loser).tolist() == [[3, 2, 4, 1], [2, 1, 4, 3]]  # one goat: P2 last only
    assert goat_counts(goats).tolist() == [3, 1]


def test_the_new_knobs_are_refused_where_they_mean_nothing():
    with pytest.raises(VariantError, match="goats"):
        with_rules(load_variant("default"), {"goats": "every"})
    with pytest.raises(VariantError, match="out_66_writers"):
        with_rules(load_variant("solo-3"), {"out_66_writers": "all-others"})
    with pytest.raises(VariantError, match="kept_66_writes"):
        with_rules(load_variant("generals"), {"kept_66_writes": 50})
    # an out on 00 that ends the game каждый сам за себя needs one loser, or every other player a goat
    with pytest.raises(VariantError, match="goats: every"):
        with_rules(load_variant("chechevae-4"), {"goats": "one", "solo_loser": "every"})


# --- whole games ---------------------------------------------------------------------------------------------
@pytest.mark.parametrize("name", ["chechevae-2", "chechevae-3", "chechevae-4"])
@pytest.mark.parametrize("bot", ["random", "heavy", "counter"])
def test_chechevae_games_account_for_every_tile_replay_and_pass_the_audit(name, bot):
    variant = load_variant(name)
    players = variant["players"]
    games = 1000 if bot != "counter" else 150
    p = compile_rules(variant.rule_dict)
    batch = play_range(p, 5, 0, games, bot_array(parse_bots(bot, players)))
    assert (batch.games[:, E.G_LOSER] >= 0).all()  # every game ends with a goat
    assert (goat_counts(batch.games[:, E.G_GOATS]) >= 1).all()
    for rec in play_records(variant, 5, 40, [bot] * players):
        assert audit_game(rec, variant.rule_dict) == []
        assert replay_record(rec, variant) == []
        for deal in rec["deals"]:
            dealt = [t for h in deal["hands"] for t in h] + deal["bazaar"]
            assert len(dealt) == 28 and len(set(dealt)) == 28
        assert rec["loser"] in rec["goats"]


def test_the_record_and_log_name_every_goat():
    variant = load_variant("chechevae-4")
    records = [record_game(variant, 1000 + g, ["random"] * 4, game=g) for g in range(200)]
    several = next(rec for rec in records if len(rec["goats"]) > 1)
    log = format_game(several, variant)
    names = " and ".join(f"P{g}" for g in several["goats"])
    assert f"{names} are the goats (козлы)" in log
    kept = next(rec for rec in records if "kept-00" in rec["titles"])
    assert "is left holding 00: a goat at once" in format_game(kept, variant)
    # a record whose goats were changed fails the replay
    wrong = several | {"goats": several["goats"][:1]}
    assert any("goats are" in str(p) for p in replay_record(wrong, variant))
    assert any("goats are" in p for p in audit_game(wrong, variant.rule_dict))


def test_chechevae_metrics_apply_only_to_its_rules():
    rules, default = load_variant("chechevae-4").rule_dict, load_variant("default").rule_dict
    from kozel_stats.stats.metrics import METRIC_BY_NAME

    for name in ("several_goats_rate", "kept_00_rate"):
        assert applies(METRIC_BY_NAME[name], rules) and not applies(METRIC_BY_NAME[name], default)
    variant = load_variant("chechevae-4")
    batch = play_range(compile_rules(variant.rule_dict), 3, 0, 2000, bot_array(parse_bots("random", 4)))
    columns = columns_from_engine(batch.games)
    several = float(np.mean(columns["goats"] > 1))
    kept = float(np.mean(columns["kept_00"]))
    assert 0.01 < several < 0.5 and 0.2 < kept < 0.9  # both happen, neither always


def test_chechevae_plays_and_compares_from_the_command_line(tmp_path):
    """The CLI: a game log of Чечевэ, and a compare whose table and Russian report name its own metrics."""
    from helpers import run_cli

    code, log = run_cli("play", "chechevae-3", "--seed", "4")
    assert code == 0, log
    assert "Each for himself" in log and ("is the goat (козёл)" in log or "are the goats (козлы)" in log)
    report = tmp_path / "chechevae.html"
    code, text = run_cli(
        "compare", "chechevae-4", "chechevae-2", "--games", "3000", "--workers", "1", "--report", report, "--lang", "en"
    )
    assert code == 0, text
    assert "several-goats rate" in text and "00-left-in-hand rate" in text
    code, text = run_cli(
        "compare",
        "chechevae-4",
        "chechevae-2",
        "--games",
        "3000",
        "--workers",
        "1",
        "--report",
        report,
        "--force",
        "--lang",
        "ru",
    )
    assert code == 0, text
    html = report.read_text(encoding="utf-8")
    assert "несколько козлов сразу" in html and "козёл с 0:0 на руках" in html
