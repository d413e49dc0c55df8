"""The command line as a player and a scripter expect it (issue 40): help in the user's language, the same
options on every command, shell completion, --json, play -q's one summary, rules that fit the terminal."""

from __future__ import annotations

import json
import re

import pytest
import typer.main
from helpers import as_if_in_bash
from helpers import run_cli as run
from test_russian import speaks_russian
from typer.testing import CliRunner

from kozel_stats.cli.commands import app
from kozel_stats.rules.levels import LEVELS
from kozel_stats.rules.roster import BOTS
from kozel_stats.text import messages
from kozel_stats.text.help_texts import option_key

COMMANDS = [[], ["play"], ["replay"], ["compare"], ["sweep"], ["duel"], ["summarize"], ["report"], ["atlas"]]
COMMANDS += [["variants"], ["variants", "show"]]
#: the ids a Russian help keeps (formats, programs, option values)
HELP_IDS = ("JSON Lines", "JSON", "HTML", "CSV", "Dask", "LocalCluster", "Chromium", "plotly.js", "Monte", "Tab")
HELP_IDS += ("OPTIONS", "COMMAND", "ARGS", "STRONG", "WEAK", "MARGIN", "FILE.txt", "FILE.png", "HOST", "PORT")
HELP_IDS += ("LC_ALL", "LC_MESSAGES", "LANG", "OUT", "tcp", "pip install", "kozel-stats", "kozel-trace", "dask")


def tree():
    """Every command of the command line with its path in the message table (app, play, variants.show)."""
    root = typer.main.get_command(app)
    found = [("app", root)]
    for name, sub in root.commands.items():
        found.append((name, sub))
        found += [(f"{name}.{n}", s) for n, s in getattr(sub, "commands", {}).items()]
    return found


def test_every_command_and_option_has_its_help_in_the_message_table():
    for path, command in tree():
        assert f"help.cmd.{path}" in messages.MESSAGES, path
        for param in command.params:
            assert option_key(path, param.name) is not None, f"{path} {param.name}: no help in text/help_texts.py"


@pytest.mark.parametrize("command", COMMANDS, ids=lambda c: " ".join(c) or "kozel-stats")
def test_help_in_russian_under_lang_ru_and_a_russian_locale(command, monkeypatch):
    code, said = run(*command, "--help", "--lang", "ru")
    assert code == 0, said
    names = {name for path, cmd in tree() for name in [path.split(".")[-1], *(p.name for p in cmd.params)]}
    names |= {*HELP_IDS, *LEVELS, *(bot.name for bot in BOTS), "root", "local:N", "ru", "en"}
    ids = "|".join(re.escape(name) for name in sorted(names, key=len, reverse=True))
    joined = re.sub(r"-\n\s+", "-", said)  # a bot id wrapped at its hyphen (general-signal)
    speaks_russian(re.sub(rf"(?<![\w/-])({ids})(?![\w/]|\.\w)", " ", joined))
    assert "Использование:" in said and "Показать эту справку и выйти." in said
    monkeypatch.setenv("LC_ALL", "ru_RU.UTF-8")
    code, by_locale = run(*command, "--help")
    assert code == 0 and by_locale == said
    monkeypatch.setenv("LC_ALL", "C.UTF-8")
    code, english = run(*command, "--help")
    assert code == 0 and "Usage:" in english and "Показать" not in english


def test_lang_before_the_command_is_accepted_and_rules_the_command():
    code, said = run("--lang", "ru", "--help")
    assert code == 0 and "Команды:" in said
    code, alone = run("--lang", "ru")  # no command: the help, as with no argument at all
    assert code == 0 and alone.strip() == said.strip()
    code, said = run("--lang", "ru", "play", "default", "--games", 2, "-q")
    assert code == 0 and "2 партии по правилам default" in said, said
    code, said = run("--lang", "ru", "play", "default", "--games", 2, "-q", "--lang", "en")  # its own wins
    assert code == 0 and "2 games of default" in said
    code, said = run("--lang", "xx", "variants")
    assert code == 2 and "--lang must be ru or en" in said


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_play_and_duel_take_the_levels_of_compare(lang):
    code, said = run("play", "default", "--games", 3, "-q", "--level", "знаток", "--lang", lang)
    assert code == 0, said
    code, said = run("play", "default", "--games", 3, "-q", "--level", "player", "--bots", "random", "--lang", lang)
    assert code == 2 and ("нужно что-то одно" if lang == "ru" else "not both") in said
    code, said = run("play", "default", "--help", "--lang", lang)
    assert ("по умолчанию beginner" if lang == "ru" else "Default here beginner") in " ".join(said.split())
    code, said = run("duel", "игрок", "новичок", "--games", 20, "--workers", 1, "--json", "--lang", lang)
    assert code == 0, said
    duel = json.loads(said)
    assert (duel["bot_a"], duel["bot_b"], duel["pairs"]) == ("counter", "random", 20)


def test_the_russian_level_names_are_accepted_by_compare_and_refused_with_them_offered():
    code, said = run("compare", "default", "threshold-25", "--games", 20, "--workers", 1, "--level", "Новичок")
    assert code == 0, said
    code, said = run("compare", "default", "--level", "знат", "--lang", "ru")
    assert code == 2 and "знаток" in said and "Traceback" not in said


def complete(words: str) -> list[str]:
    """What the shell completion offers for the command line `words` (its last word being completed)."""
    env = {"_KOZEL_STATS_COMPLETE": "complete_bash", "COMP_WORDS": words, "COMP_CWORD": str(len(words.split()) - 1)}
    if words.endswith(" "):
        env["COMP_CWORD"] = str(len(words.split()))
    result = CliRunner().invoke(app, [], prog_name="kozel-stats", env=env)
    assert result.exit_code == 0, result.output
    return result.output.split()


def test_shell_completion_names_variants_knobs_and_values(monkeypatch):
    assert "fish-to-fisherman" in complete("kozel-stats compare default fish")
    assert complete("kozel-stats compare default+threshold=") == [
        "default+threshold=once",
        "default+threshold=every-deal",
        "default+threshold=none",
    ]
    assert "default+threshold_value=" in complete("kozel-stats variants show default+thr")
    assert complete("kozel-stats sweep default --vary fish_winner=lower-sum,") == [
        "fish_winner=lower-sum,fisherman",
        "fish_winner=lower-sum,replayed",
    ]
    assert "знаток" in complete("kozel-stats play default --level ")
    assert "counter" in complete("kozel-stats duel cou")
    as_if_in_bash(monkeypatch)
    result = CliRunner().invoke(app, ["--show-completion", "bash"], prog_name="kozel-stats")
    assert result.exit_code == 0 and "_KOZEL_STATS_COMPLETE=complete_bash" in result.output


def test_json_on_variants_summarize_and_duel(tmp_path):
    code, said = run("variants", "--json")
    listed = json.loads(said)
    assert code == 0 and {"name": "osel"}.items() <= next(v for v in listed if v["name"] == "osel").items()
    assert next(v for v in listed if v["name"] == "fish-to-fisherman")["title"]["ru"] == "Рыба рыбаку"
    code, said = run("compare", "default", "threshold-25", "--games", 200, "--workers", 1, "--out", tmp_path / "c")
    assert code == 0, said
    code, said = run("summarize", tmp_path / "c", "--json")
    summary = json.loads(said)
    assert code == 0 and summary["meta"]["games_per_variant"] == 200 and summary["comparisons"]
    saved = json.loads((tmp_path / "c" / "summary.json").read_text())
    assert [c["metric"] for c in summary["comparisons"]] == [c["metric"] for c in saved["comparisons"]]
    code, said = run("summarize", tmp_path / "c", "--json", "--details", "--lang", "ru")
    assert code == 2 and said.startswith("kozel-stats: ошибка: --json печатает всю статистику")
    code, said = run("summarize", tmp_path / "absent", "--json")
    assert code == 2 and said.startswith("kozel-stats: error:") and "Traceback" not in said
    code, said = run("duel", "counter", "random", "--games", 1, "--json")
    assert code == 2 and said.startswith("kozel-stats: error: --games")


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_quiet_play_prints_one_summary_and_brief_a_line_per_game(lang):
    code, said = run("play", "default", "--games", 300, "-q", "--lang", lang)
    assert code == 0, said
    lines = said.strip().splitlines()
    assert len(lines) == 3, said  # the games, the losers, the titles
    assert lines[0].startswith("300 партий" if lang == "ru" else "300 games")
    code, said = run("play", "default", "--games", 30, "--brief", "--lang", lang)
    assert code == 0 and len(said.strip().splitlines()) == 30
    code, said = run("play", "default", "-q", "--brief", "--lang", lang)
    assert code == 2 and "--brief" in said


# --- rules you can read in a terminal, and each stage says what it does ---------------------------------------------
@pytest.mark.parametrize("lang", ["ru", "en"])
def test_variants_show_fits_80_columns_and_shows_what_differs_first(lang, monkeypatch):
    monkeypatch.setenv("COLUMNS", "80")
    code, said = run("variants", "show", "morskoy", "--lang", lang)
    assert code == 0, said
    lines = said.splitlines()
    assert max(len(line) for line in lines) <= 80, said
    title = "Морской козёл" if lang == "ru" else "Sea goat"
    assert said.count(title) <= 1 or lang == "en"  # the title once, not again at the description's start
    assert lines[0].startswith("morskoy — ")
    assert ("текст 000, раздел 10" if lang == "ru" else "text 000, section 10") in said
    assert "000_17673d241f9d41ef.txt" not in said
    changed = [line.split(" = ")[0].strip() for line in lines if re.match(r"^  \w+ = ", line)]
    assert changed == ["threshold_value", "target", "shared_score", "out_66_writes", "out_00_ends_game"]
    assert "--all" in lines[-1]
    code, every = run("variants", "show", "morskoy", "--lang", lang, "--all")
    knobs = [line for line in every.splitlines() if re.match(r"^  \w+ = ", line)]
    from kozel_stats.rules.knobs import KNOBS

    assert len(knobs) == len(KNOBS) and max(len(line) for line in every.splitlines()) <= 80
    assert [k.split(" = ")[0].strip() for k in knobs[:5]] == changed  # what differs first, then the rest


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_duel_header_fits_80_columns(lang):
    code, said = run("duel", "counter", "random", "--games", 20, "--workers", 1, "--lang", lang)
    assert code == 0 and max(len(line) for line in said.splitlines()) <= 80, said


def test_the_live_bar_fits_80_columns_with_whole_names_and_says_when_it_computes():
    import io

    from rich.console import Console

    from kozel_stats.present.progress import GamesProgress

    for lang, computing in (("ru", "считаю статистику…"), ("en", "computing the statistics…")):
        buf = io.StringIO()
        console = Console(file=buf, force_terminal=True, width=80, color_system=None)
        with GamesProgress(console, ["default", "fish-to-fisherman", "threshold-25"], lang=lang) as progress:
            progress(0, 20000)
            progress.bar.refresh()
            progress(20000, 20000)
            progress.bar.refresh()
        shown = [re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", line) for line in re.split(r"[\r\n]", buf.getvalue())]
        shown = [line for line in shown if line.strip()]
        assert shown and max(len(line) for line in shown) <= 80, shown
        assert "…" not in shown[0] and ("3 варианта" if lang == "ru" else "3 variants") in shown[0]  # no cut name
        assert shown[-1].startswith(computing), shown


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_compare_says_it_computes_after_the_last_game(lang):
    code, said = run("compare", "default", "threshold-25", "--games", 100, "--workers", 1, "--lang", lang)
    assert code == 0 and ("считаю статистику…" if lang == "ru" else "computing the statistics…") in said


def test_the_sweep_bullets_hang(tmp_path, monkeypatch):
    monkeypatch.setenv("COLUMNS", "80")
    code, said = run(
        "sweep", "default", "--vary", "threshold=once,none", "--games", 100, "--workers", 1, "--lang", "ru"
    )
    assert code == 0, said
    lines = said.splitlines()
    bullets = [i for i, line in enumerate(lines) if re.match(r"^  [* ] \S", line)]
    assert bullets
    wrapped = [lines[i + 1] for i in bullets if lines[i + 1].strip() and not lines[i + 1].startswith("  ")]
    assert wrapped == [], wrapped  # a bullet's continuation starts under its text, not at the margin
    assert any(lines[i + 1].startswith("    ") and lines[i + 1][4] != " " for i in bullets)
    assert max(len(line) for line in lines) <= 80 and not any(line.endswith(" ") for line in lines)


# --- words that explain, in correct Russian --------------------------------------------------------------------------
def test_no_title_declined_after_a_preposition():
    """«против «случайный»», «Разница с «Обычный козёл»»: a title keeps its form; the sentence names what it is
    («против варианта «Обычный козёл»», «против бота «случайный»»)."""
    code, said = run("compare", "default", "threshold-25", "osel", "--games", 200, "--workers", 1, "--lang", "ru")
    assert code == 0, said
    assert "Разница с вариантом «Обычный козёл»" in said
    assert not re.search(r"(?<!\w)(против|с|у|в|чем у) «", said), said
    code, said = run("duel", "counter", "random", "--games", 20, "--workers", 1, "--lang", "ru")
    assert "против бота «случайный»" in said and not re.search(r"(?<!\w)против «", said)


def test_a_changed_variants_title_says_its_values_as_the_sweep_does():
    from kozel_stats.rules.variants import load_variant

    v = load_variant("default+threshold=none+fish_winner=fisherman")
    assert v.title("ru") == "Обычный козёл, но порог: нет; кто выигрывает рыбу: рыбак"
    assert "none" not in v.title("ru") and "=" not in v.describe("ru")


def test_the_deals_leader_is_the_leader_not_a_beginner():
    """«начинающий» reads as the beginner level («новичок»): the deal's leader is «заходящий» everywhere."""
    from pathlib import Path

    import kozel_stats

    for path in Path(kozel_stats.__file__).parent.glob("**/*.py"):
        text = path.read_text(encoding="utf-8")
        assert "начинающ" not in text and "начавш" not in text, path


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_a_yaml_key_typo_is_quoted_once_and_a_bot_typo_gets_did_you_mean(lang, tmp_path):
    yard = tmp_path / "yard.yaml"
    yard.write_text("name: yard\ndescription: x\nsource: x\nextends: default\nrules:\n  fish_winer: fisherman\n")
    code, said = run("variants", "show", yard, "--lang", lang)
    assert (
        code == 2 and ("настройки 'rules.fish_winer' нет" if lang == "ru" else "unknown key 'rules.fish_winer'") in said
    )
    assert "\"'" not in said and ("fish_winner" in said)
    for command in (["play", "default", "--bots", "counterr"], ["duel", "counterr", "random"]):
        code, said = run(*command, "--lang", lang)
        assert code == 2 and ("Вы имели в виду counter?" if lang == "ru" else "Did you mean counter?") in said, said


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_the_sweep_says_what_each_baseline_is(lang):
    code, said = run(
        "sweep",
        "default",
        "--vary",
        "threshold=once,none",
        "--vary",
        "fish_winner=lower-sum,fisherman",
        "--games",
        100,
        "--workers",
        1,
        "--lang",
        lang,
    )
    assert code == 0, said
    joined = " ".join(said.split())
    assert ("поэтому у каждого правила своя основа" if lang == "ru" else "so each rule has its own baseline") in joined
