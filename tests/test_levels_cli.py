"""`compare --level/--levels` and `sweep --level/--levels` through the command line: the default level, the bots each
level plays, the level in every saved file and headline, and the mistakes refused with exit code 2."""

import json
import re

import pytest
from helpers import run_cli as run

from kozel_stats.present import level_verdict
from kozel_stats.results import schema
from kozel_stats.rules import levels
from kozel_stats.text.errors import ResultsError


def summary_of(folder):
    return json.loads((folder / "summary.json").read_text(encoding="utf-8"))


def stats_of(folder):
    return json.loads((folder / "stats.json").read_text(encoding="utf-8"))


def test_compare_plays_at_the_player_level_by_default(tmp_path):
    code, out = run("compare", "default", "threshold-25", "--games", 300, "--workers", 1, "--out", tmp_path / "r")
    assert code == 0, out
    meta = summary_of(tmp_path / "r")["meta"]
    assert meta["bots"] == ["counter"] and meta["level"] == "player"
    assert meta["level_words"] == {"ru": "игроки, которые считают кости", "en": "players who count tiles"}
    assert stats_of(tmp_path / "r")["level"] == "player"
    assert "Summary — played by players who count tiles" in out
    assert "--bots counter" in meta["command"]  # the command to play it again names its bots


def test_a_level_plays_its_bot_and_says_so_in_russian(tmp_path):
    report = tmp_path / "r.html"
    card = tmp_path / "card.txt"
    args = ["compare", "default", "threshold-25", "--games", 300, "--workers", 1, "--level", "beginner"]
    code, out = run(*args, "--out", tmp_path / "r", "--report", report, "--card", card, "--lang", "ru")
    assert code == 0, out
    meta = summary_of(tmp_path / "r")["meta"]
    assert meta["bots"] == ["random"] and meta["level"] == "beginner"
    assert "Главное — играют новички, которые ходят наугад" in out
    assert "Главное — играют новички, которые ходят наугад" in report.read_text(encoding="utf-8")
    assert "Играют новички, которые ходят наугад." in card.read_text(encoding="utf-8")


def test_the_same_bots_give_the_same_numbers_as_the_level(tmp_path):
    """A level is only a name for its bot: --level beginner and --bots random play the same games."""
    common = ["compare", "default", "threshold-25", "--games", 200, "--workers", 1, "--seed", 5]
    assert run(*common, "--level", "beginner", "--out", tmp_path / "a")[0] == 0
    assert run(*common, "--bots", "random", "--out", tmp_path / "b")[0] == 0
    assert stats_of(tmp_path / "a")["stats"] == stats_of(tmp_path / "b")["stats"]
    assert summary_of(tmp_path / "b")["meta"]["level"] == "beginner"


def test_a_mix_of_bots_has_no_level(tmp_path):
    code, out = run(
        "compare", "default", "--games", 100, "--workers", 1, "--bots", "A=counter,B=random", "--out", tmp_path / "r"
    )
    assert code == 0, out
    meta = summary_of(tmp_path / "r")["meta"]
    assert meta["level"] is None and meta["level_words"] is None
    assert "played by" not in out


def test_levels_says_of_every_verdict_where_it_holds(tmp_path):
    args = ["compare", "default", "threshold-25", "--games", 400, "--workers", 1, "--levels", "beginner,player"]
    card = tmp_path / "card.txt"
    code, out = run(*args, "--out", tmp_path / "r", "--report", tmp_path / "m.html", "--card", card, "--lang", "ru")
    assert code == 0, out
    # the card: the run kept in full (the player level), each verdict with where it holds
    lines = card.read_text(encoding="utf-8").splitlines()
    assert "карточка записана в" in out
    assert "Играют игроки, которые считают кости." in lines
    assert "Проверено на уровнях игры: новичок, игрок (↳ — держится ли вывод)." in lines
    item = next(i for i, line in enumerate(lines) if line.startswith("• Порог 25:"))
    assert lines[item + 1].startswith("  ↳ ") and "держится на всех уровнях" in lines[item + 1]
    assert set(re.findall(r"[A-Za-z][\w-]*", "\n".join(lines))) <= {"kozel-stats"}  # Russian, ids aside
    assert "Держится ли вывод на каждом уровне игры?" in out and "новичок («случайный»)" in out
    summary = summary_of(tmp_path / "r")
    matrix = summary["matrix"]
    assert matrix["bots"] == ["random", "counter"] and matrix["levels"] == ["beginner", "player"]
    assert summary["meta"]["level"] == "player"  # the run kept in full is the default level's
    assert {row["across_levels"] for row in matrix["rows"]} <= set(level_verdict.MARKS)
    # threshold 25 makes many more naked goats whoever plays
    goats = [r for r in matrix["rows"] if r["variant"] == "threshold-25" and r["metric"] == "naked_rate"]
    assert goats and goats[0]["across_levels"] == "every level"
    saved = level_verdict.LevelVerdict.from_json(goats[0]["level_verdict"])
    assert [d.level for d in saved.levels] == ["beginner", "player"] and len(saved.gaps) == 1
    for d in saved.levels:  # each level's interval is its own run's comparison
        assert (d.diff, d.low, d.high) == pytest.approx(
            tuple(goats[0]["by_mix"][levels.LEVELS[d.level].bot][k] for k in ("diff", "low", "high"))
        )
    assert "держится на всех уровнях" in out
    page = (tmp_path / "m.html").read_text(encoding="utf-8")
    assert "новичок («случайный»)" in page and "держится на всех уровнях" in page
    # the report written later from the folder holds the same level verdicts (summary.json's matrix)
    code, said = run("report", tmp_path / "r", "-o", tmp_path / "again.html", "--lang", "ru")
    assert code == 0, said
    again = (tmp_path / "again.html").read_text(encoding="utf-8")
    assert "новичок («случайный»)" in again and "держится на всех уровнях" in again


@pytest.mark.parametrize(
    "matrix, lang, head, word",
    [
        (
            ["--levels", "beginner,player"],
            "en",
            "Checked at the levels of play: beginner, player (↳: does the verdict hold).",
            "holds at every level",
        ),
        (
            ["--bots-matrix", "random,heavy"],
            "ru",
            "Проверено с ботами: «случайный», «тяжеловес» (↳ — держится ли вывод).",
            "держится при всех ботах",
        ),
        (
            ["--bots-matrix", "random,heavy"],
            "en",
            "Checked with the bots: random, heavy (↳: does the verdict hold).",
            "holds under every bot",
        ),
    ],
    ids=["levels-en", "bots-matrix-ru", "bots-matrix-en"],
)
def test_the_card_of_a_matrix_says_where_each_verdict_holds(tmp_path, matrix, lang, head, word):
    """`compare --card` with --levels or --bots-matrix: the card of the run kept in full, and under each
    verdict whether it holds at the other levels (or under the other bots)."""
    card = tmp_path / "card.txt"
    args = ["compare", "default", "threshold-25", "--games", 600, "--workers", 1, *matrix]
    code, out = run(*args, "--card", card, "--lang", lang)
    assert code == 0, out
    lines = card.read_text(encoding="utf-8").splitlines()
    assert head in lines and lines[0].startswith("Козёл: ")
    item = next(i for i, line in enumerate(lines) if line.startswith("• "))
    assert lines[item + 1].startswith("  ↳ ") and word in lines[item + 1], lines


def test_sweep_takes_a_level(tmp_path):
    code, out = run(
        "sweep",
        "default",
        "--vary",
        "threshold=once,none",
        "--games",
        200,
        "--workers",
        1,
        "--level",
        "beginner",
        "--out",
        tmp_path / "s",
    )
    assert code == 0, out
    meta = summary_of(tmp_path / "s")["meta"]
    assert meta["bots"] == ["random"] and meta["level"] == "beginner"
    assert "Played by beginners who move at random." in out


def test_sweep_levels_says_of_every_effect_where_it_holds(tmp_path):
    """`sweep --levels`: the sweep at each level on the same deals; the player level kept in full, with every
    level's effects, in the folder, the report and `summarize`."""
    args = ["sweep", "default", "--vary", "threshold=once,none", "--vary", "target=101,125", "--games", 300]
    args += ["--workers", 1, "--levels", "beginner,player", "--lang", "ru"]
    code, out = run(*args, "--out", tmp_path / "s", "--report", tmp_path / "s.html")
    assert code == 0, out
    summary = summary_of(tmp_path / "s")
    assert summary["meta"]["level"] == "player" and summary["meta"]["bots"] == ["counter"]
    block = summary["levels"]
    assert block["levels"] == ["beginner", "player"]
    assert block["games_per_cell"] == {"beginner": 300, "player": 300}
    terms = {(row["term"], row["metric"]) for row in block["rows"]}
    assert ("threshold=none", "deals_per_game") in terms and ("target=125", "naked_rate") in terms
    assert {row["across_levels"] for row in block["rows"]} <= set(level_verdict.MARKS)
    for row in block["rows"]:  # the player's column is the saved sweep's own effect
        mine = next(e for e in summary["effects"] if e["term"] == row["term"] and e["metric"] == row["metric"])
        assert row["by_level"]["player"]["diff"] == pytest.approx(mine["diff"])
    # the longer game is longer among beginners and players alike, with thousands of paired games
    target = next(r for r in block["rows"] if r["term"] == "target=125" and r["metric"] == "deals_per_game")
    assert target["across_levels"] == "every level" and target["by_level"]["beginner"]["diff"] > 0
    assert "Держится ли влияние правила на каждом уровне игры?" in out
    assert "держится на всех уровнях" in out and "у новичков — " in out
    assert "id='levels'" in (tmp_path / "s.html").read_text(encoding="utf-8")
    code, again = run("summarize", tmp_path / "s", "--lang", "ru")
    assert code == 0 and "Держится ли влияние правила на каждом уровне игры?" in again
    # the beginner level's effects are those of a sweep at that level alone: the same deals
    code, alone = run(*args[:-4], "--workers", 1, "--level", "beginner", "--out", tmp_path / "b")
    assert code == 0, alone
    beginner = {(e["term"], e["metric"]): e["diff"] for e in summary_of(tmp_path / "b")["effects"]}
    for row in block["rows"]:
        assert row["by_level"]["beginner"]["diff"] == pytest.approx(beginner[(row["term"], row["metric"])])


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["compare", "default", "--level", "master"], "--level: 'master' is not a level of play"),
        (["compare", "default", "--level", "player", "--bots", "random"], "give --level player or --bots random"),
        (["compare", "default", "--levels", "beginner,pro"], "--levels: 'pro' is not a level of play"),
        (["compare", "default", "--levels", "player"], "name at least two levels"),
        (["compare", "default", "--levels", "beginner,player", "--expert-games", 5], "name expert in --levels"),
        (["compare", "default", "--levels", "player,expert", "--expert-games", 0], "from 1 to 100,000,000, not 0"),
        (["compare", "default", "--levels", "beginner,player", "--bots", "random"], "drop --level / --bots"),
        (["compare", "default", "--levels", "beginner,player", "--bots-matrix", "random,heavy"], "--levels is a"),
        (["sweep", "default", "--vary", "threshold=once,none", "--level", "pro"], "'pro' is not a level"),
        (["sweep", "default", "--vary", "threshold=once,none", "--levels", "player"], "name at least two levels"),
        (
            ["sweep", "default", "--vary", "threshold=once,none", "--levels", "beginner,player", "--level", "player"],
            "drop",
        ),
        (["sweep", "--resume", "nowhere", "--levels", "beginner,player"], "drop --bots / --level / --levels"),
        (["sweep", "default", "--vary", "threshold=once,none", "--level", "expert", "--bots", "random"], "not both"),
    ],
)
def test_level_mistakes_exit_2_with_one_paragraph(args, words):
    code, out = run(*args)
    assert code == 2, out
    assert words in out and "Traceback" not in out


def test_level_mistakes_in_russian():
    code, out = run("compare", "default", "--level", "player", "--bots", "random", "--lang", "ru")
    assert code == 2 and "нужно что-то одно: --level player или --bots random" in out
    code, out = run("compare", "default", "--levels", "beginner,pro", "--lang", "ru")
    assert code == 2 and "уровня игры 'pro' нет" in out


def test_the_schema_checks_the_level(tmp_path):
    schema.check({"meta": {"level": "expert", "level_words": {"ru": "знатоки", "en": "experts"}}}, "summary", tmp_path)
    schema.check({"meta": {"level": None}}, "summary", tmp_path)
    with pytest.raises(ResultsError, match="field 'meta.level' must be one of beginner, player, expert"):
        schema.check({"meta": {"level": "master"}}, "summary", tmp_path)
    with pytest.raises(ResultsError, match="meta.level_words.en"):
        schema.check({"meta": {"level": "player", "level_words": {"ru": "игроки"}}}, "summary", tmp_path)


def test_the_old_level_words_still_read():
    """summary.json folders written before level_verdict keep their `across_levels` word: still shown."""
    for key in levels.ACROSS:
        assert levels.across_words(key, "ru") != levels.across_words(key, "en")
        assert level_verdict.row_words({"metric": "naked_rate", "across_levels": key}, "en") == levels.ACROSS[key][1]


@pytest.mark.parametrize("columns", ["80", "120"])
def test_levels_in_the_terminal_has_a_summary_and_stacks_when_narrow(monkeypatch, columns):
    """`compare --levels`: «Главное», one line per variant with its level verdict under it; below 100 columns
    the table stacks (a line per metric, its verdict under it) instead of squeezing its columns."""
    monkeypatch.setenv("COLUMNS", columns)
    args = ["compare", "default", "threshold-25", "--games", 400, "--workers", 1, "--levels", "beginner,player"]
    code, out = run(*args, "--lang", "ru")
    assert code == 0, out
    summary = [x.rstrip() for x in out[out.index("Главное — играют игроки, которые считают кости") :].splitlines()]
    assert summary[1].startswith("• Порог 25: голых козлов")
    below = next(x for x in summary[2:] if not x.startswith("  ") or x.startswith("  ↳ "))
    assert below.startswith("  ↳ держится на всех уровнях")  # wrapped lines hang under their marker
    stacked = "  голые козлы: новичок +" in out
    assert stacked == (columns == "80")
    if stacked:
        line = next(i for i, x in enumerate(out.splitlines()) if x.startswith("  голые козлы: новичок +"))
        assert out.splitlines()[line + 1].startswith("    → держится на всех уровнях (+")
    assert all(len(x.rstrip()) <= int(columns) for x in out.splitlines())
