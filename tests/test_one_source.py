"""Facts declared once (issue 29): the bots in roster.BOTS, the conditions on a variant's rules in
rules.CONDITIONS (read by the knobs that need one and by the metrics limited to one), what decides a metric
by definition on the metric, and the games table's columns in metrics.GAME_COLUMNS. Each place that used to
hold its own copy reads the declaration; these tests fail when one goes its own way again."""

from __future__ import annotations

import numpy as np
import polars as pl

from kozel_stats.cli.commands import BOT_CHOICES
from kozel_stats.engine import bots, codes
from kozel_stats.present import words
from kozel_stats.rules import roster
from kozel_stats.rules.knobs import KNOB_BY_NAME
from kozel_stats.rules.variants import CONDITIONS, KNOB_NEEDS, load_variant
from kozel_stats.stats.metrics import (
    GAME_COLUMNS,
    METRIC_BY_NAME,
    METRICS,
    OPTIONAL,
    STORED,
    applies,
    columns_from_engine,
    engine_columns,
)
from kozel_stats.text import messages


# --- the bots -------------------------------------------------------------------------------------------------------
def test_every_place_that_names_the_bots_reads_the_roster():
    names = [bot.name for bot in roster.BOTS]
    assert len(set(names)) == len(names) and len({bot.kind for bot in roster.BOTS}) == len(names)
    assert list(codes.BOT_IDS) == names and list(codes.BOT_DOCS) == names
    assert [words.bot_name(name, "ru") for name in names] == [f"«{bot.ru}»" for bot in roster.BOTS]
    assert [words.bot_name(name, "en") for name in names] == [bot.en for bot in roster.BOTS]
    bots_help = messages.text("help.opt.bots", "en", choices=BOT_CHOICES)
    for bot in roster.BOTS:
        assert bot.name in bots_help and bots.parse_bot(bot.name) == bot.kind
        if bot.most:
            assert f"{bot.name}:N" in bots_help
            assert bots.parse_bot(f"{bot.name}:{bot.most}") >> bots.BOT_PARAM_SHIFT == bot.most
    # the kernels' constants are the roster's kinds
    assert tuple(codes.BOT_IDS[name] for name in ("random", "heavy", "sampler", "expert")) == (
        bots.BOT_RANDOM,
        bots.BOT_HEAVY,
        bots.BOT_SAMPLER,
        bots.BOT_EXPERT,
    )


# --- conditions on the rules ----------------------------------------------------------------------------------------
def test_every_metric_is_limited_by_a_declared_condition():
    limited = {m.name: m.only for m in METRICS if m.only is not None}
    assert limited
    assert {only for only in limited.values() if only not in CONDITIONS} <= {"skill", "twice"}


def test_a_knob_and_a_metric_read_the_same_condition():
    needs = {knob: allowed for knob, _, allowed, _ in KNOB_NEEDS}
    assert needs["closed_before_house"] is CONDITIONS["cross"]
    assert needs["solo_fish"] is CONDITIONS["bazaar"] and needs["draw_last"] is CONDITIONS["bazaar"]
    assert METRIC_BY_NAME["draws_per_deal"].only == "bazaar"
    assert METRIC_BY_NAME["early_closure_rate"].only == "cross"


def test_a_bazaar_of_four_players_dealt_six_each_has_draws():
    # four players each for himself dealt 6 tiles leave 4 in the bazaar: the draws mean something there (the
    # metric's own test of a bazaar once said 'fewer than 4 players' and missed this variant)
    rules = load_variant("chechevae-4").rule_dict
    assert CONDITIONS["bazaar"](rules)
    assert applies(METRIC_BY_NAME["draws_per_deal"], rules)
    assert not applies(METRIC_BY_NAME["draws_per_deal"], load_variant("default").rule_dict)


def test_what_restates_a_rule_is_declared_on_the_metric():
    assert {m.name: m.restated_by for m in METRICS if m.restated_by} == words.RESTATES
    assert words.RESTATES["fisherman_share"] == ("fish_winner",)
    for knobs in words.RESTATES.values():
        assert all(knob in KNOB_BY_NAME for knob in knobs)


# --- the games table ------------------------------------------------------------------------------------------------
def test_the_games_table_is_declared_once():
    names = [c.name for c in GAME_COLUMNS]
    assert len(set(names)) == len(names)
    assert set(OPTIONAL) <= set(STORED) <= set(names)
    assert all(isinstance(getattr(pl, c.dtype)(), pl.DataType) for c in GAME_COLUMNS)


def test_the_engine_fills_every_declared_column():
    from kozel_stats.engine import game as E

    games = np.zeros((3, E.N_GAME_COLS), dtype=np.int64)
    games[:, E.G_DEALS] = [1, 2, 3]
    games[:, E.G_SCORE + 1] = 7
    columns = engine_columns(games)
    made_by_the_runner = {"variant", "game", "bots"}
    assert set(columns) == {c.name for c in GAME_COLUMNS} - made_by_the_runner
    assert list(columns_from_engine(games)) == list(STORED)
    assert columns["deals"].tolist() == [1, 2, 3] and columns["score_b"].tolist() == [7, 7, 7]


def test_the_bot_table_of_the_docs_is_generated_from_the_roster():
    from pathlib import Path

    page = (Path(__file__).resolve().parent.parent / "docs" / "bots.md").read_text(encoding="utf-8")
    assert roster.markdown_table() in page, (
        "run `python -m kozel_stats.rules.roster` and paste the table into docs/bots.md"
    )
