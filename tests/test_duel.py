"""`duel` (duplicate play) and `compare --bots-matrix`."""

import json

import pytest
from typer.testing import CliRunner

from kozel_stats.answers.duel import elo, robustness, run_duel
from kozel_stats.cli.commands import app
from kozel_stats.rules.variants import load_variant
from kozel_stats.stats.comparison import Comparison

runner = CliRunner()


def test_duel_heavy_beats_random_and_a_bot_ties_itself():
    strong = run_duel(load_variant("default"), "heavy", "random", 3000, seed=2, workers=1)
    assert strong.low > 0.5 and strong.elo > 0
    mirror = run_duel(load_variant("default"), "random", "random", 3000, seed=2, workers=1)
    # duplicate play: the same bot on both sides wins exactly half of each pair of games
    assert mirror.win_rate == pytest.approx(0.5) and mirror.low <= 0.5 <= mirror.high


def test_elo():
    assert elo(0.5) == 0 and elo(0.75) == pytest.approx(190.85, abs=0.01) and elo(0.25) < 0


def test_duel_cli_and_bad_input():
    result = runner.invoke(app, ["duel", "counter", "random", "--games", "2000", "--workers", "1"])
    assert result.exit_code == 0, result.output
    assert "counter's side wins" in result.output and "Elo" in result.output and "naked goats" in result.output
    for args, words in (
        (["duel", "genius", "random"], "unknown bot"),
        (["duel", "heavy", "random", "--variant", "solo-3", "--games", "10"], "pair games"),
    ):
        result = runner.invoke(app, args)
        assert result.exit_code == 2 and words in result.output


def comparison(variant, metric, diff, significant):
    return Comparison(
        variant,
        "default",
        metric,
        0.0,
        0.0,
        diff,
        diff - 1,
        diff + 1,
        0.95,
        0.01,
        0.01,
        "t",
        "t",
        True,
        "headline",
        significant,
    )


def test_robustness_words():
    rows = robustness(
        {
            "random": [
                comparison("v", "m", 1.0, True),
                comparison("v", "k", 1.0, True),
                comparison("v", "z", 0, False),
            ],
            "heavy": [
                comparison("v", "m", 2.0, True),
                comparison("v", "k", -1.0, True),
                comparison("v", "z", 0, False),
            ],
        }
    )
    verdicts = {r["metric"]: r["verdict"] for r in rows}
    assert verdicts == {"m": "robust", "k": "depends on bots", "z": "no effect"}


def test_bots_matrix_cli(tmp_path):
    result = runner.invoke(
        app,
        [
            "compare",
            "default",
            "no-threshold",
            "--games",
            "2000",
            "--workers",
            "1",
            "--bots-matrix",
            "random,heavy",
            "--out",
            str(tmp_path / "run"),
            "--report",
            str(tmp_path / "matrix.html"),
            "--lang",
            "ru",
        ],
    )
    assert result.exit_code == 0, result.output
    assert "Держится ли вывод при других ботах?" in result.output and "держится" in result.output
    matrix = json.loads((tmp_path / "run" / "summary.json").read_text())["matrix"]
    assert matrix["bots"] == ["random", "heavy"] and matrix["rows"]
    page = (tmp_path / "matrix.html").read_text(encoding="utf-8")
    assert "Зависит ли вывод от игроков?" in page and "держится при всех ботах" in page
