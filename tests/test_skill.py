"""Skill or luck (`compare --skill STRONG/WEAK`, issue 15): the skill edge in duplicate play, how often the
deal alone decides, the leader's advantage per deal; their per-game columns, intervals, pairing between
variants, words, the command line and its refusals."""

from __future__ import annotations

import json
import math

import numpy as np
import pytest
from helpers import run_cli

from kozel_stats.answers.compare import run_compare
from kozel_stats.engine import game as E
from kozel_stats.engine.codes import D_LEADER, D_LOSERS, P_SEAT_SIDE, compile_rules
from kozel_stats.play.runner import play_range
from kozel_stats.present import words
from kozel_stats.records.trace import bot_array
from kozel_stats.rules.variants import load_variant
from kozel_stats.stats.comparison import Comparison
from kozel_stats.stats.metrics import deal_columns, skill_columns


def estimates(outcome, metric: str) -> dict:
    return {name: e for name, es in outcome.analysis.estimates.items() for e in es if e.metric == metric}


def comparison(outcome, variant: str, metric: str) -> Comparison:
    return next(c for c in outcome.analysis.comparisons if c.variant == variant and c.metric == metric)


# --- the per-game columns -------------------------------------------------------------------------------------
def test_skill_columns_count_the_strong_sides_wins_in_both_plays():
    # game 0: STRONG on A wins (B lost), STRONG on B wins (A lost); game 1: A loses both times; game 2: the
    # first play cut off (-1), STRONG on B loses; game 3: STRONG on A wins, the second play cut off
    cols = skill_columns(np.array([1, 0, -1, 1]), np.array([0, 0, 1, -1]))
    assert cols["skill_wins"].tolist() == [2, 1, 0, 1]
    assert cols["skill_games"].tolist() == [2, 2, 1, 1]


def test_deal_columns_count_the_same_loser_among_games_decided_twice():
    cols = deal_columns(np.array([1, 0, -1, 1, 2]), np.array([1, 1, 0, -1, 2]))
    assert cols["decided_twice"].tolist() == [1, 1, 0, 0, 1]
    assert cols["same_loser"].tolist() == [1, 0, 0, 0, 1]


# --- the engine's counter: deals won by the leader's side -----------------------------------------------------
@pytest.mark.parametrize("name", ["default", "next-lead-round-robin", "solo-3", "osel"])
def test_leader_wins_is_the_deals_won_by_the_side_that_led_them(name):
    """G_LEADER_WINS recounted from the deal rows: a deal with a loser whose losers do not include the
    side (solo: the seat) of its leader."""
    variant = load_variant(name)
    p = compile_rules(variant.rule_dict)
    batch = play_range(p, 11, 0, 300, bot_array(["random"] * variant["players"]), keep_deals=True)
    expected = np.zeros(300, dtype=np.int64)
    for row, game in zip(batch.deals, batch.deal_game, strict=True):
        losers = int(row[D_LOSERS])
        if losers and not (losers >> int(p[P_SEAT_SIDE + int(row[D_LEADER])]) & 1):
            expected[game] += 1
    assert (batch.games[:, E.G_LEADER_WINS] == expected).all()
    assert 0 < expected.sum() < batch.games[:, E.G_LOST_DEALS].sum()


# --- the three metrics in a run ---------------------------------------------------------------------------------
def test_the_skill_edge_is_one_half_when_strong_equals_weak():
    """The same bot on both sides: the two duplicate plays of a game are the same game with the sides'
    names swapped, so the 'strong' side wins exactly one of them."""
    variants = [load_variant("default"), load_variant("fish-to-fisherman")]
    outcome = run_compare(variants, 600, seed=5, bots=["random"], workers=1, skill=("heavy", "heavy"))
    for e in estimates(outcome, "skill_edge").values():
        assert e.value == 0.5 and e.low <= 0.5 <= e.high and e.n == 600
    c = comparison(outcome, "fish-to-fisherman", "skill_edge")
    assert c.diff == 0 and c.differing == 0 and not c.significant


def test_counter_against_random_is_far_from_one_half_and_the_sides_are_not_mixed_up():
    variants = [load_variant("default"), load_variant("fish-to-fisherman")]
    strong = run_compare(variants, 200, seed=2, bots=["random"], workers=1, skill=("counter", "random"))
    weak = run_compare(variants, 200, seed=2, bots=["random"], workers=1, skill=("random", "counter"))
    for name in ("default", "fish-to-fisherman"):
        s, w = estimates(strong, "skill_edge")[name], estimates(weak, "skill_edge")[name]
        assert s.low > 0.75, s  # counter's side wins about 9 games in 10 (README, bots)
        assert w.high < 0.25, w
        assert s.value + w.value == pytest.approx(1.0)  # the same plays, the roles named the other way
    c = comparison(strong, "fish-to-fisherman", "skill_edge")
    assert c.paired and c.differing > 0 and c.family == "secondary" and c.level == 0.95
    assert math.isfinite(c.low) and c.low <= c.diff <= c.high


def test_the_deal_decides_everything_with_deterministic_bots():
    """`first` on every seat: the replay with other bot random numbers is the same game, so the same side
    loses both times in every game: 100%. With random bots the replay really differs: far below."""
    variants = [load_variant("default"), load_variant("threshold-25"), load_variant("solo-3")]
    fixed = run_compare(variants, 400, seed=3, bots=["first"], workers=1, skill=("first", "first"))
    for name, e in estimates(fixed, "deal_decides").items():
        assert e.value == 1.0 and e.n == 400, name
    assert estimates(fixed, "skill_edge")["default"].value == 0.5
    assert "skill_edge" in fixed.analysis.not_applicable["solo-3"]  # a duel of two pairs only
    c = comparison(fixed, "threshold-25", "deal_decides")
    assert c.diff == 0 and not c.significant
    assert not comparison(fixed, "solo-3", "deal_decides").comparable  # 1/3 against 1/2 by chance
    noisy = run_compare(variants[:1], 400, seed=3, bots=["random"], workers=1, skill=("first", "first"))
    e = estimates(noisy, "deal_decides")["default"]
    assert 0.4 < e.value < 0.75 and e.high < 0.8


def test_the_first_bot_needs_no_random_numbers():
    p = compile_rules(load_variant("default").rule_dict)
    first = bot_array(["first"] * 4)
    a = play_range(p, 9, 0, 50, first).games
    b = play_range(p, 9, 0, 50, first, bot_salt=123456789).games
    assert (a == b).all()
    r1 = play_range(p, 9, 0, 50, bot_array(["random"] * 4)).games
    r2 = play_range(p, 9, 0, 50, bot_array(["random"] * 4), bot_salt=123456789).games
    assert (r1[:, E.G_DEALS] != r2[:, E.G_DEALS]).any()  # the salt does change random players


def test_skill_statistics_are_the_same_bits_whatever_the_workers_and_batches():
    variants = [load_variant("default"), load_variant("no-threshold")]
    kw = dict(seed=4, bots=["random"], skill=("heavy", "random"))
    one = run_compare(variants, 1500, workers=1, batch_size=1500, **kw)
    two = run_compare(variants, 1500, workers=2, batch_size=400, **kw)
    assert one.result.stats.to_json() == two.result.stats.to_json()
    assert one.summary["skill"]["variants"] == two.summary["skill"]["variants"]


# --- words ----------------------------------------------------------------------------------------------------------
def verdict_of(diff: float, low: float, high: float, significant: bool, metric: str = "skill_edge") -> Comparison:
    return Comparison(
        "fish-to-fisherman",
        "default",
        metric,
        0.88 + diff,
        0.88,
        diff,
        low,
        high,
        0.95,
        0.01,
        0.01,
        "paired z",
        "paired",
        True,
        "secondary",
        significant,
        differing=500,
        mde=0.012,
    )


def test_the_verdicts_in_plain_words():
    more = verdict_of(0.03, 0.012, 0.048, True)
    assert words.skill_phrase(more, "ru") == (
        "мастерство значит больше: сильная пара выигрывает 91,0\u00a0% партий вместо 88,0\u00a0%, разница "
        "+3,0\u00a0п.п. (95\u00a0% ДИ +1,2…+4,8\u00a0п.п.)"
    )
    assert words.skill_phrase(more, "en").startswith(
        "skill counts for more: the strong side wins 91.0% of games instead of 88.0%, a difference of +3.0"
    )
    same = verdict_of(0.002, -0.006, 0.010, False, "deal_decides")
    ru = words.skill_phrase(same, "ru")
    assert ru.startswith("сдача решает столько же: одна и та же пара проигрывает оба раза")
    assert "разницы больше ±1,2\u00a0п.п. не найдено" in ru
    solo = words.skill_phrase(verdict_of(-0.05, -0.07, -0.03, True, "leader_win_share"), "ru", solo=True)
    assert solo.startswith("у заходящего преимущество меньше: заходящий выигрывает")


# --- the command line -----------------------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def skill_run(tmp_path_factory):
    out = tmp_path_factory.mktemp("skill") / "run"
    code, text = run_cli(
        "compare",
        "default",
        "fish-to-fisherman",
        "--skill",
        "counter/random",
        "--level",
        "beginner",  # the deal-decides replays: four random players, as below
        "--games",
        300,
        "--seed",
        6,
        "--workers",
        1,
        "--out",
        out,
        "--games-table",
    )
    assert code == 0, text
    return out, text


def test_compare_with_skill_prints_saves_and_reproduces(skill_run):
    out, text = skill_run
    assert "Skill or luck" in text and "strong wins (Δ)" in text
    assert "«Default game»: the strong side (counter against random) wins" in " ".join(text.split())
    assert "«Fish to the fisherman»: skill counts" in " ".join(text.split())
    summary = json.loads((out / "summary.json").read_text())
    skill = summary["skill"]
    assert skill["strong"] == "counter" and skill["weak"] == "random" and skill["bots"] == ["random"] * 4
    assert set(skill["variants"]["default"]) == {"skill_edge", "deal_decides", "leader_win_share"}
    edge = skill["variants"]["default"]["skill_edge"]
    assert edge["low"] <= edge["value"] <= edge["high"] and edge["value"] > 0.75 and edge["chance"] == 0.5
    assert len(skill["verdicts"]["ru"]) == 2 and skill["verdicts"]["ru"][1].startswith("«Рыба рыбаку»: мастерство")
    assert "--skill counter/random" in summary["meta"]["command"] and summary["meta"]["skill"] == ["counter", "random"]
    assert any(c["metric"] == "skill_edge" and c["paired"] for c in summary["comparisons"])
    # the per-game numbers behind the metrics, in the games table
    import polars as pl

    games = pl.read_parquet(out / "games" / "*.parquet")
    default = games.filter(pl.col("variant") == "default")
    assert default["skill_wins"].sum() / default["skill_games"].sum() == pytest.approx(edge["value"])
    assert default["same_loser"].sum() / default["decided_twice"].sum() == pytest.approx(
        skill["variants"]["default"]["deal_decides"]["value"]
    )


def test_summarize_and_report_of_a_skill_run(skill_run, tmp_path):
    out, text = skill_run
    code, again = run_cli("summarize", out, "--lang", "ru")
    assert code == 0, again
    assert "Мастерство или везение" in again and "сильные (Δ)" in again
    report = tmp_path / "skill.html"
    code, said = run_cli("report", out, "-o", report, "--lang", "ru")
    assert code == 0, said
    html = report.read_text(encoding="utf-8")
    assert "Мастерство или везение" in html and "id='chart-skill'" in html and "id='chart-deal'" in html
    assert "«счётчик»" in html and "data-skill='skill_edge' data-of='default'" in html


@pytest.mark.parametrize(
    "skill, words_",
    [
        ("counter", "give two bots as STRONG/WEAK"),
        ("counter/", "give two bots as STRONG/WEAK"),
        ("counter/random/heavy", "give two bots as STRONG/WEAK"),
        ("counter/genius", "the WEAK bot: unknown bot 'genius'"),
        ("A=counter/random", "STRONG is one bot for a whole side"),
    ],
)
def test_bad_skill_is_one_clear_paragraph(skill, words_):
    code, text = run_cli("compare", "default", "--skill", skill, "--games", 100)
    assert code == 2 and words_ in text and "Traceback" not in text
    lines = set(text.strip().splitlines())  # (the test runner may show stderr twice)
    assert len(lines) == 1 and text.startswith("kozel-stats: error: --skill")  # one paragraph


def test_skill_refuses_the_bots_matrix_and_resume(tmp_path):
    code, text = run_cli("compare", "default", "--skill", "counter/random", "--bots-matrix", "random,heavy")
    assert code == 2 and "without --bots-matrix" in text
    code, text = run_cli("compare", "--resume", tmp_path, "--skill", "counter/random")
    assert code == 2 and "drop --skill" in text


def test_a_skill_run_resumes_to_the_same_bits(tmp_path):
    common = ["default", "target-125", "--skill", "heavy/random", "--seed", 8, "--workers", 1, "--batch-size", 300]
    code, text = run_cli("compare", *common, "--games", 900, "--out", tmp_path / "whole")
    assert code == 0, text
    code, text = run_cli("compare", *common, "--games", 300, "--out", tmp_path / "part")
    assert code == 0, text
    code, text = run_cli("compare", "--resume", tmp_path / "part", "--games", 900)
    assert code == 0 and "Skill or luck" in text, text
    whole = json.loads((tmp_path / "whole" / "stats.json").read_text())
    part = json.loads((tmp_path / "part" / "stats.json").read_text())
    assert whole["stats"] == part["stats"] and part["arms"][0]["skill"] == ["heavy", "random"]
