"""A Russian yard player's first hour (issue 27): every command speaks Russian under --lang ru (and under a
Russian locale), English under --lang en; nothing the user reads under --lang ru is English except the ids
and the values the user typed; «вы имели в виду …?»; a yard's own file; plural forms; the glossary's
numbers from the run."""

import json
import re

import pytest
from helpers import run_cli as run

from kozel_stats import say, words
from kozel_stats.knobs import KNOBS
from kozel_stats.metrics import METRICS
from kozel_stats.rules import load_variant, shipped_names

# --- what may stay Latin in a Russian text: ids, and values the user typed ------------------------------------------
IDS = (
    set(shipped_names())
    | {k.name for k in KNOBS}
    | {str(c) for k in KNOBS for c in k.choices}
    | {m.name for m in METRICS}
    | {"random", "heavy", "doubles", "partner", "counter", "sampler", "first", "general", "general-signal"}
    | {"sampler:N", "expert", "expert:N", "true", "false"}
    | {"kozel", "stats", "kozel-stats", "yaml", "json", "Ctrl-C", "SIGTERM", "KOZEL_DEBUG", "default", "sweep"}
    | {"name", "description", "source", "title", "extends", "game", "rules", "kozel", "variant", "written"}
)


def english_words(text: str, typed: tuple[str, ...] = ()) -> set[str]:
    """The Latin words of `text` that are neither ids nor what the user typed: options (--lang), commands in
    backticks, quoted ids ('x'), paths, BASE+knob=value names and the players' seats (P0, A, B) aside."""
    for value in typed:
        text = text.replace(str(value), " ")
    text = re.sub(r"\b[0-9a-f]{16}\b", " ", text)  # a variant's hash
    for value in sorted(IDS, key=len, reverse=True):  # ids with digits and hyphens (00-or-66, double-11)
        if re.search(r"[\d-]", value):
            text = re.sub(rf"(?<![\w-]){re.escape(value)}(?![\w-])", " ", text)
    text = re.sub(r"\bdouble-([0-6])\1\b", " ", text)
    text = re.sub(r"`[^`]*`", " ", text)
    text = re.sub(r"'[^']*'", " ", text)
    text = re.sub(r"(?<![\w-])--?[\w-]+", " ", text)
    text = re.sub(r"\S*[/\\]\S*", " ", text)  # paths
    tokens = re.findall(r"[A-Za-z][A-Za-z0-9_:.+=-]*", text)
    found = set()
    for token in tokens:
        token = token.rstrip(".:-")
        if len(re.sub(r"[^A-Za-z]", "", token)) < 2 or token in IDS or "=" in token or "_" in token:
            continue
        if re.fullmatch(r"[A-Z]\d*|P\d+|\d+\w*|[\w-]+\.(json|jsonl|parquet|csv|yaml|html|txt|png)", token):
            continue
        found.add(token)
    return found


def speaks_russian(out: str, *typed: object) -> None:
    assert re.search("[а-яё]", out, re.I), out
    leftover = english_words(out, tuple(str(x) for x in typed))
    assert not leftover, f"English under --lang ru: {sorted(leftover)}\n{out}"


# --- every command, both languages ------------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def played(tmp_path_factory):
    """A small comparison and a small sweep saved in Russian, with their records and reports."""
    base = tmp_path_factory.mktemp("ru")
    out = {}
    code, said = run(
        "compare", "default", "threshold-25", "--games", 600, "--workers", 1, "--out", base / "cmp", "--lang", "ru"
    )
    assert code == 0, said
    out["compare"] = said
    code, said = run(
        "sweep",
        "default",
        "--vary",
        "threshold=once,every-deal",
        "--vary",
        "fish_winner=lower-sum,fisherman",
        "--games",
        400,
        "--workers",
        1,
        "--out",
        base / "sweep",
        "--lang",
        "ru",
    )
    assert code == 0, said
    out["sweep"] = said
    return base, out


def test_compare_and_sweep_in_russian(played):
    base, out = played
    speaks_russian(out["compare"], base)
    assert "вариант(" not in out["compare"] and "2 варианта" in out["compare"]
    speaks_russian(out["sweep"], base)
    assert "в каждой сдаче" in out["sweep"] and "рыбак" in out["sweep"]  # knob values in words
    assert "every-deal" not in out["sweep"] and "fisherman" not in out["sweep"]
    assert not re.search(r"\d\.\d с\b", out["sweep"])  # the decimal comma: «1,5 с», never «1.5 с»


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_summarize_and_report(played, tmp_path, lang):
    base, _ = played
    code, said = run("summarize", base / "cmp", "--lang", lang)
    assert code == 0, said
    if lang == "ru":
        speaks_russian(said, base)
        assert "p (попр.)" not in said and "зерно случайности" in said
    else:
        assert "per variant" in said and not re.search("[а-яё]{4,} [а-яё]{4,}", said.split("\n")[0])
    code, said = run("summarize", base / "sweep", "--lang", lang)
    assert code == 0 and (("в каждой сдаче" in said) if lang == "ru" else ("every-deal" in said)), said
    code, said = run("report", base / "cmp", "-o", tmp_path / "r.html", "--lang", lang)
    assert code == 0 and (("отчёт записан" in said) if lang == "ru" else ("report written" in said)), said
    html = (tmp_path / "r.html").read_text(encoding="utf-8")
    assert f'<html lang="{lang}">' in html


def test_report_follows_the_locale(played, tmp_path, monkeypatch):
    """One rule for the default language: `report` follows the locale like every other command."""
    base, _ = played
    for locale, lang in (("ru_RU.UTF-8", "ru"), ("C.UTF-8", "en")):
        monkeypatch.setenv("LC_ALL", locale)
        code, said = run("report", base / "cmp", "-o", tmp_path / f"{lang}.html")
        assert code == 0, said
        assert f'<html lang="{lang}">' in (tmp_path / f"{lang}.html").read_text(encoding="utf-8")


def test_every_command_takes_lang_and_states_the_rule():
    for command in (["compare"], ["sweep"], ["play"], ["replay"], ["duel"], ["summarize"], ["report"], ["variants"]):
        code, said = run(*command, "--help")
        assert code == 0 and "--lang" in said and "locale" in said, command
    code, said = run("variants", "show", "--help")
    assert "--lang" in said
    code, said = run("--help")
    assert "locale" in said


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_variants_fit_80_columns(lang):
    code, said = run("variants", "--lang", lang)
    assert code == 0
    lines = said.splitlines()
    assert max(len(line) for line in lines) <= 80
    assert len([x for x in lines if not x.startswith(" ")]) == len(shipped_names())
    if lang == "ru":
        speaks_russian(said)
        assert "fish-to-fisherman — Рыба рыбаку" in said
    else:
        assert "An article's house rules — An article's" not in said  # the title is not repeated


def test_variants_show_in_russian():
    code, said = run("variants", "show", "threshold-25", "--lang", "ru")
    assert code == 0 and "источник:" in said and "Порог 25" in said and "порог как настройка" not in said
    assert "в каждой сдаче" not in said and "один раз" in said  # threshold once, in words
    speaks_russian(said)
    for name in ("morskoy-004", "osel", "solo-3", "generals", "chechevae-4"):
        code, said = run("variants", "show", name, "--lang", "ru")
        assert code == 0
        speaks_russian(said)
    code, said = run("variants", "--lang", "ru", "show", "Рыба рыбаку")  # a Russian title is a name
    assert code == 0 and said.startswith("fish-to-fisherman — Рыба рыбаку")


def test_play_replay_and_a_draw(tmp_path):
    trace = tmp_path / "games.jsonl"
    code, said = run("play", "sport", "--games", 70, "-q", "--trace", trace, "--lang", "ru")
    assert code == 0, said
    draw = [line for line in said.splitlines() if line.startswith("партия 68:")][0]
    assert "ничья" in draw and "оборвана" not in draw, draw  # a drawn match is a draw, not cut off
    assert "70 записей партий записано" in said
    speaks_russian(said, trace)
    code, said = run("play", "sport", "--games", 70, "-q")
    assert "a draw" in said and "cut off" not in said
    code, said = run("replay", trace, "--lang", "ru")
    assert code == 0 and "70 партий переиграно: верно 70" in said and "строка 1, партия 0: верно (8 сдач)" in said
    speaks_russian(said, trace)
    record = json.loads(trace.read_text().splitlines()[0])
    record["deals"][0]["written"] = [999, 0]
    (tmp_path / "wrong.jsonl").write_text(json.dumps(record) + "\n")
    code, said = run("replay", tmp_path / "wrong.jsonl", "--lang", "ru")
    assert code == 1 and "сдача 1: written — [999, 0], а по правилам" in said, said


def test_duel_in_russian():
    code, said = run("duel", "counter", "random", "--games", 2000, "--workers", 1, "--lang", "ru")
    assert code == 0, said
    assert "«счётчик» (A) против «случайный» (B)" in said and "Эло" in said and "сдач за партию: " in said
    assert re.search(r"\d,\d\d\u00a0%", said)  # a decimal comma, the % joined to its number
    speaks_russian(said)


# --- errors ---------------------------------------------------------------------------------------------------------
ERRORS = [
    (("play", "морской"), "Вы имели в виду morskoy («Морской козёл»)", "Did you mean morskoy"),
    (("play", "defualt"), "Вы имели в виду default", "Did you mean default"),
    (("compare", "default", "default+treshold=none"), "Вы имели в виду threshold", "Did you mean threshold"),
    (("sweep", "default", "--vary", "thresold=once,none"), "Вы имели в виду threshold", "Did you mean threshold"),
    (("play", "default", "--games", 0), "--games у play — от 1 до 1\u00a0000\u00a0000", "must be from 1"),
    (("duel", "genius", "random"), "бот пары A", "the bot of side A"),
    (("duel", "counter", "random", "--games", 1), "--games — от 2", "must be from 2"),
    (("summarize", "no-such-folder"), "такой папки с результатами нет", "no such results folder"),
    (("compare",), "назовите варианты для сравнения", "give the variants to compare"),
]


@pytest.mark.parametrize("args, ru, en", ERRORS, ids=[" ".join(map(str, e[0])) for e in ERRORS])
def test_errors_in_both_languages(args, ru, en, monkeypatch):
    code, said = run(*args, "--lang", "ru")
    assert code == 2 and said.startswith("kozel-stats: ошибка:") and ru in said, said
    assert "Traceback" not in said and len(set(said.strip().splitlines())) == 1  # one paragraph
    speaks_russian(said, *args)
    code, said = run(*args, "--lang", "en")
    assert code == 2 and said.startswith("kozel-stats: error:") and en in said, said
    monkeypatch.setenv("LC_ALL", "ru_RU.UTF-8")  # a Russian locale without --lang
    code, said = run(*args)
    assert code == 2 and ru in said, said


def test_a_russian_title_is_a_name_where_unambiguous():
    assert load_variant("рыба рыбаку").name == "fish-to-fisherman"
    assert load_variant("Обычный козёл").name == "default"
    assert load_variant("олимпийские правила").name == "olympic"
    with pytest.raises(ValueError, match="Did you mean morskoy"):
        load_variant("морской")


def test_a_yard_file_gets_every_missing_key_in_one_error(tmp_path):
    yard = tmp_path / "our-yard.yaml"
    yard.write_text("colour: red\nrules:\n  target: 125\n", encoding="utf-8")
    code, said = run("variants", "show", yard, "--lang", "ru")
    assert code == 2 and "нет ключей 'name', 'description', 'source'; лишний ключ 'colour'" in said, said
    code, said = run("variants", "show", yard, "--lang", "en")
    assert "missing keys 'name', 'description', 'source'; unknown key 'colour'" in said, said


def test_compare_help_shows_the_changed_variant_form():
    code, said = run("compare", "--help")
    assert "BASE+knob=value" in said and "default+threshold=none" in said


# --- words ----------------------------------------------------------------------------------------------------------
def test_one_plural_helper():
    assert [say.plural(n, "вариант", "варианта", "вариантов") for n in (1, 2, 5, 11, 12, 21, 22, 25, 101)] == [
        "вариант",
        "варианта",
        "вариантов",
        "вариантов",
        "вариантов",
        "вариант",
        "варианта",
        "вариантов",
        "вариант",
    ]
    assert words.plural_ru is say.plural_ru


def test_the_terminal_never_splits_a_number_from_its_percent():
    assert say.join_percent("22,1\u00a0% и 5 %") == "22,1% и 5%"


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_the_glossary_numbers_are_the_runs(lang):
    def glossary(*names):
        return " ".join(text for _, text in words.glossary(lang, [load_variant(n).rule_dict for n in names]))

    default = glossary("default")
    assert "101" in default and "(13)" in default and ("Генерал" not in default)
    assert "125" in glossary("morskoy") and "101" not in glossary("morskoy") and "(25)" in glossary("morskoy")
    assert "(13 " in glossary("default", "threshold-25") and " 25)" in glossary("default", "threshold-25")
    assert "(13)" not in glossary("no-threshold")  # no threshold in the run: no threshold entry
    assert "Генерал" in glossary("default", "generals")


@pytest.mark.parametrize(
    "args",
    [
        ("default", "fish-to-fisherman", "--skill", "counter/random", "--games", 300),
        ("default", "osel", "--games", 500, "--bots-matrix", "random,heavy"),
        ("solo-3", "solo-4", "--games", 500),
    ],
    ids=["skill", "bots-matrix", "solo"],
)
def test_other_comparisons_in_russian(args):
    code, said = run("compare", *args, "--workers", 1, "--lang", "ru")
    assert code == 0, said
    speaks_russian(said)
