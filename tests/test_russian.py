"""A Russian yard player's first hour (issue 27): every command speaks Russian under --lang ru (and under a
Russian locale), English under --lang en; nothing the user reads under --lang ru is English except the ids
and the values the user typed; «вы имели в виду …?»; a yard's own file; plural forms; the glossary's
numbers from the run."""

import ast
import errno
import json
import os
import re
from pathlib import Path

import pytest
from helpers import run_cli as run

import kozel_stats
from kozel_stats.cli.commands import REPORT_WHOLE, RUN_WHOLE, after_finished
from kozel_stats.present import words
from kozel_stats.results import schema
from kozel_stats.rules import variants as rules
from kozel_stats.rules.knobs import KNOBS
from kozel_stats.rules.variants import load_variant, shipped_names
from kozel_stats.stats.metrics import METRICS
from kozel_stats.system.files import disk_error
from kozel_stats.text import say
from kozel_stats.text.errors import ResultsError, VariantError
from kozel_stats.text.messages import Sentence
from kozel_stats.text.phrasebook import STRERROR_RU, os_error

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
    code, said = run("variants", "show", "threshold-25", "--lang", "ru", "--all")
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
    code, said = run("play", "sport", "--games", 70, "--brief", "--trace", trace, "--lang", "ru")
    assert code == 0, said
    draw = [line for line in said.splitlines() if line.startswith("партия 68:")][0]
    assert "ничья" in draw and "оборвана" not in draw, draw  # a drawn match is a draw, not cut off
    assert "70 записей партий записано" in said
    speaks_russian(said, trace)
    code, said = run("play", "sport", "--games", 70, "--brief")
    assert "a draw" in said and "cut off" not in said
    code, said = run("replay", trace, "--lang", "ru")
    assert code == 0 and "70 партий переиграно: верно 70" in said and "строка 1, партия 0: верно (8 сдач)" in said
    speaks_russian(said, trace)
    record = json.loads(trace.read_text().splitlines()[0])
    record["deals"][0]["written"] = [999, 0]
    (tmp_path / "wrong.jsonl").write_text(json.dumps(record) + "\n")
    code, said = run("replay", tmp_path / "wrong.jsonl", "--lang", "ru")
    assert code == 1 and "сдача 1: запись 'written' — [999, 0], а по правилам" in said, said
    speaks_russian(said, tmp_path / "wrong.jsonl")


def test_duel_in_russian():
    code, said = run("duel", "counter", "random", "--games", 2000, "--workers", 1, "--lang", "ru")
    assert code == 0, said
    assert "бот «счётчик» (A) против бота «случайный» (B)" in said and "Эло" in said and "сдач за партию: " in said
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


# --- every error message of the package has its Russian ---------------------------------------------------------------
PACKAGE = Path(kozel_stats.__file__).resolve().parent

#: what builds an error message: an exception of the package or Python's (…Error), cli.fail
BUILDERS = re.compile(r"^(?!OSError$|NotImplementedError$)\w*Error$|^fail$")

#: messages no user reads: errors caught where they are raised, or a bug's (then shown as an internal error)
INTERNAL = {
    ("bots.py", "bot_name"): "a bot code the package wrote itself",
    ("redeal.py", "_redeal_tuple_counts"): "the exact redeal probability is the tests' known truth, not the CLI's",
    ("redeal.py", "exact_redeal_probability"): "as above",
    ("runner.py", "__init__"): "a resumed run's statistics are checked before it starts",
    ("sweep.py", "effect"): "an effect the program itself asks for (KeyError)",
    ("precompiled.py", "build"): "the developers' command that packs the compiled code, not a user's",
    ("messages.py", "add"): "a key declared twice is the developers' mistake, found at import",
    ("__init__.py", "__getattr__"): "a name the public face does not have: Python's own AttributeError, for code",
}

COMMANDS = ("play", "compare", "sweep", "duel", "replay", "summarize", "report", "variants", "show", "atlas")

#: the words a library says that reach a message as they are: its detail after its exception's name
LIBRARY = ("parquet: File out of specification", "parquet: os error 5", "Stream is closed")


def error_sites():
    """(file, function, message node, Russian node or None) of every error message built in the package."""
    for path in sorted(PACKAGE.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for func in [n for n in ast.walk(tree) if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))]:
            assigned = {
                t.id: n.value
                for n in ast.walk(func)
                if isinstance(n, ast.Assign) and isinstance(n.value, (ast.JoinedStr, ast.Constant))
                for t in n.targets
                if isinstance(t, ast.Name)
            }
            inner = {
                id(n) for f in ast.walk(func) if f is not func and isinstance(f, ast.FunctionDef) for n in ast.walk(f)
            }
            for call in ast.walk(func):
                if id(call) in inner or not isinstance(call, ast.Call) or not call.args:
                    continue
                builder = ast.unparse(call.func).split(".")[-1]
                if not BUILDERS.match(builder):
                    continue
                message = call.args[0]
                if isinstance(message, ast.Name):
                    message = assigned.get(message.id, message)
                if not isinstance(message, (ast.Constant, ast.JoinedStr, ast.BinOp, ast.IfExp)):
                    continue  # a message made elsewhere (str(exc), a helper's): checked where it is made
                if isinstance(message, ast.Constant) and not isinstance(message.value, str):
                    continue
                ru = next((k.value for k in call.keywords if k.arg == "ru"), None)
                if isinstance(message, ast.IfExp):  # `fail(RUSSIAN if ru else ENGLISH, lang)`
                    ru, message = message.body, message.orelse
                yield path.name, func.name, call.lineno, message, ru


def _russian(text: str) -> set[str]:
    """The English words left in `text` (a Russian message): ids, options, paths, quoted values, a library's
    detail and exception names aside."""
    for detail in LIBRARY:
        text = text.replace(detail, " ")
    text = re.sub(r"\b\w+(Error|Exception)\b", " ", text)
    text = re.sub(r"\b(0x[0-9a-f]+|[0-9a-f]*\d[0-9a-f]*[a-f][0-9a-f]*)\b", " ", text)  # bytes, digests
    text = re.sub(r"(?<![\w-])\.(txt|png|yaml|jsonl|json|html)\b", " ", text)  # a kind of file
    for word in (
        "Dask",
        "Chromium",
        "PNG",
        "JSON",
        "YAML",
        "UTF-8",
        "Parquet",
        "CSV",
        "null",
        "NaN",  # a float's own name for what is not a number (schema.nan: «не число (NaN)»)
        "STRONG",
        "WEAK",
        "local:N",
    ):
        text = text.replace(word, " ")
    for word in ("ru", "en", "beginner", "player", "expert", *COMMANDS):  # languages, levels, commands: ids
        text = re.sub(rf"(?<![\w-]){word}(?![\w-])", " ", text)
    return english_words(text) if re.search("[а-яё]", text, re.I) else {"(no Russian at all)"}


def test_every_error_is_raised_by_key():
    """Every raise site whose message is a sentence of the package names a key of the message table
    (`XError.keyed("area.what", ...)`, `errors.keyed(ValueError, ...)`): its English and Russian are side by side
    in a messages.add block. A message written at the raise site fails here (re-raises of another error's
    text, `str(exc)`, are not sentences of their own and are not read)."""
    written, internal = [], 0
    for module, function, line, message, _ in error_sites():
        if (module, function) in INTERNAL:
            internal += 1
            continue
        written.append(f"{module}:{line} ({function}): {ast.unparse(message)[:100]}")
    assert internal >= 4, internal  # the scan still finds messages (the developers' own)
    assert not written, f"{len(written)} messages written at the raise site, not by key:\n" + "\n".join(written)


#: calls that name a sentence of the message table: (what is called, where its key is among the arguments)
KEY_AT = {"keyed": 1, "fail_key": 1, "Sentence": 0, "messages.Sentence": 0}


def keyed_calls():
    """(file, line, key or key prefix, whether the key is whole, the keyword names given) of every call naming a
    sentence by key: XError.keyed(key, ...), errors.keyed(cls, key, ...), fail_key(lang, key, ...), Sentence."""
    for path in sorted(PACKAGE.rglob("*.py")):
        for call in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(call, ast.Call):
                continue
            name = ast.unparse(call.func)
            at = 0 if name.endswith(".keyed") else KEY_AT.get(name)
            if at is None or len(call.args) <= at:
                continue
            if any(k.arg is None for k in call.keywords):
                continue  # **fields
            given = {k.arg for k in call.keywords}
            node = call.args[at]
            options = [node.body, node.orelse] if isinstance(node, ast.IfExp) else [node]
            while any(isinstance(o, ast.IfExp) for o in options):
                options = [x for o in options for x in ([o.body, o.orelse] if isinstance(o, ast.IfExp) else [o])]
            for option in options:
                if isinstance(option, ast.Constant) and isinstance(option.value, str):
                    yield path.name, call.lineno, option.value, True, given
                elif isinstance(option, ast.BinOp) and isinstance(option.left, ast.Constant):
                    yield path.name, call.lineno, option.left.value, False, given  # "area.what" + a suffix


def _every_module() -> None:
    """Import every module of the package: each declares its sentences (messages.add) when imported."""
    import importlib
    import pkgutil

    for module in pkgutil.walk_packages(kozel_stats.__path__, "kozel_stats."):
        if not module.name.endswith("__main__"):
            importlib.import_module(module.name)


def test_every_key_raised_is_a_sentence_with_its_fields():
    """A key named at a raise site is in the table, and the call gives every field of its sentence (a field
    left out would fail only when the error happens)."""
    from kozel_stats.text.messages import MESSAGES, fields_of

    _every_module()
    problems, seen = [], 0
    for module, line, key, whole, given in keyed_calls():
        seen += 1
        keys = [key] if whole else [k for k in MESSAGES if k.startswith(key)]
        if not keys or any(k not in MESSAGES for k in keys):
            problems.append(f"{module}:{line}: no sentence {key!r}")
            continue
        for k in keys:
            needed = {f for pair in MESSAGES[k] for f in fields_of(pair)}
            if needed - given:
                problems.append(f"{module}:{line}: {k!r} needs {sorted(needed - given)}")
    assert seen > 250, seen
    assert not problems, "\n".join(problems)


def test_every_keyed_error_speaks_russian():
    """The Russian of every sentence raised by key is Russian (its fields aside): no English left in it."""
    from kozel_stats.text.messages import MESSAGES

    _every_module()
    keys = {key for _, _, key, whole, _ in keyed_calls() if whole}
    english = {}
    for key in sorted(keys & set(MESSAGES)):
        ru = re.sub(r"\{[^{}]*\}", " ", MESSAGES[key][1])
        if not re.search("[а-яё]", ru, re.I) and not re.search("[A-Za-z]", ru):
            continue  # a sentence of fields and punctuation only ('{where}: {reason}.')
        left = _russian(ru)
        if left:
            english[key] = sorted(left)
    assert not english, english


SCHEMA_PROBES = [
    (schema.Int(0, 1000), "many"),
    (schema.Int(0), -1),
    (schema.Int(), 2**70),
    (schema.Num(), float("inf")),
    (schema.Str(), 5),
    (schema.Bool(), 3),
    (schema.Opt(schema.Int(1)), "x"),
    (schema.List(schema.Int(), 3), [1]),
    (schema.List(schema.Str(), least=1), []),
    (schema.List(schema.Int()), {"a": 1}),
    (schema.Map(schema.Int(0), lambda k: k.isdigit(), "schema.deal_counts"), {"x": 1}),
    (schema.Obj({"name": schema.Str()}), {}),
    (schema.Obj({}), [1, 2]),
    (schema.OneOf(lambda: ["beginner", "player", "expert"]), "god"),
]


@pytest.mark.parametrize("spec, value", SCHEMA_PROBES, ids=[type(s).__name__ for s, _ in SCHEMA_PROBES])
def test_a_results_files_fields_are_named_in_russian(spec, value, monkeypatch, tmp_path):
    """What schema.check says of each kind of field (made of parts, not one f-string the scan above reads)."""
    monkeypatch.setitem(schema._schemas, "probe", schema.Obj({"field": spec}))
    for data in ({"field": value}, [1, 2, 3]):
        with pytest.raises(ResultsError) as caught:
            schema.check(data, "probe", tmp_path / "stats.json")
        said = say.error_text(caught.value, "ru")
        assert not _russian(said), (str(caught.value), said)


def test_every_system_error_in_russian():
    """The OSError texts the system gives (strerror) in Russian; a rarer one by its symbol, never English."""
    for code, russian in STRERROR_RU.items():
        assert os_error(OSError(code, os.strerror(code), "/tmp/yard/x")) == f"/tmp/yard/x: {russian}"
        written = disk_error(OSError(code, os.strerror(code)), Path("/tmp/yard/x"))
        assert say.error_text(written, "ru").endswith(f"({russian}).") or code == errno.ENOSPC, written
    assert os_error(OSError(errno.ENOTTY, os.strerror(errno.ENOTTY))) == "системная ошибка ENOTTY"
    assert os_error(OSError(errno.ENOENT, os.strerror(errno.ENOENT), "a"), "en") == f"a: {os.strerror(errno.ENOENT)}"


USAGE = [
    (("compare", "--frob"), "параметра --frob нет", "No such option: --frob"),
    (("compare", "--gams", 5), "Вы имели в виду --games", "Possible options: --games"),
    (("play",), "не хватает аргумента 'variant' (вариант)", "Missing argument 'variant'"),
    (("play", "default", "--games", "abc"), "недопустимое значение '--games': нужно целое число", "Invalid value"),
    (("play", "default", "--games"), "параметру '--games' нужно значение", "requires an argument"),
    (("frob",), "команды 'frob' нет", "No such command 'frob'"),
    (("play", "default", "extra"), "лишние аргументы: extra", "unexpected extra argument"),
    (("report", "somewhere"), "не хватает параметра '-o' / '--output'", "Missing option"),
    (("variants", "show"), "не хватает аргумента 'name' (имя варианта)", "Missing argument 'name'"),
]


@pytest.mark.parametrize("args, ru, en", USAGE, ids=[" ".join(map(str, u[0])) for u in USAGE])
def test_usage_errors_in_both_languages(args, ru, en, monkeypatch):
    """The parser's own errors (before any command runs): one Russian paragraph under --lang ru or a Russian
    locale, exit code 2; English as the parser says it."""
    command, rest = args[0], args[1:]  # --lang right after the command: `--games --lang` reads --lang as a number
    code, said = run(command, "--lang", "ru", *rest)
    assert code == 2 and said.startswith("kozel-stats: ошибка:") and ru in said, said
    assert len(set(said.strip().splitlines())) == 1  # one paragraph
    assert "Справка: `" in said or "--games" in args  # the command's help, when the parser knows the command
    speaks_russian(said, *args)
    code, said = run(command, "--lang", "en", *rest)
    assert code == 2 and en in said, said
    monkeypatch.setenv("LC_ALL", "ru_RU.UTF-8")
    code, said = run(*args)
    assert code == 2 and ru in said, said


def test_rare_errors_and_system_errors_in_russian(tmp_path, monkeypatch):
    """Rarer errors and the system's (a file where a folder must be, a missing file, a damaged results file,
    an OSError no message of the package names): one Russian paragraph, exit code 2, no traceback."""
    (tmp_path / "file.txt").write_text("a file")
    (tmp_path / "run").mkdir()
    (tmp_path / "run" / "stats.json").write_text("{oops")
    cases = [
        (("compare", "default", "--out", tmp_path / "file.txt" / "sub"), "туда нельзя писать (это не папка)"),
        (("compare", "default", "--out", tmp_path / "file.txt"), "это файл, а не папка"),
        (("summarize", tmp_path / "file.txt"), "это не папка"),
        (("summarize", tmp_path / "run"), "это не JSON (ожидалось имя поля в двойных кавычках: строка 1"),
        (("variants", "show", tmp_path / "file.txt" / "x.yaml"), "не читается"),
        (("compare", "default", "--card", tmp_path / "c.pdf"), "нужен файл .txt (текст) или .png (картинка)"),
        (("compare", "default", "--skill", "counter"), "дайте двух ботов как СИЛЬНЫЙ/СЛАБЫЙ"),
        (("sweep", "default", "--vary", "target=50,50"), "значение '50' у 'target' указано дважды"),
        (("compare", "default", "--levels", "beginner,grandmaster"), "уровня игры 'grandmaster' нет"),
    ]
    for args, expected in cases:
        code, said = run(*args, "--lang", "ru")
        assert code == 2 and said.startswith("kozel-stats: ошибка:") and expected in said, (args, said)
        assert "Traceback" not in said and len(set(said.strip().splitlines())) == 1, said
        assert not _russian(said), said

    def refuse(error):
        def load(*args, **kwargs):
            raise error

        return load

    monkeypatch.setattr(rules, "load_variant", refuse(OSError(errno.EROFS, os.strerror(errno.EROFS), "/mnt/yard")))
    code, said = run("variants", "show", "default", "--lang", "ru")
    assert code == 2 and set(said.split("\n")) - {""} == {
        "kozel-stats: ошибка: /mnt/yard: файловая система только для чтения"
    }
    code, said = run("variants", "show", "default", "--lang", "en")
    assert code == 2 and set(said.split("\n")) - {""} == {f"kozel-stats: error: /mnt/yard: {os.strerror(errno.EROFS)}"}
    monkeypatch.setattr(rules, "load_variant", refuse(KeyboardInterrupt()))  # Ctrl-C in the middle of a command
    code, said = run("variants", "show", "default", "--lang", "ru")
    assert code == 2 and "прервано (Ctrl-C); все файлы, записанные до этого, целы." in said, said


def test_a_signal_after_everything_is_saved_is_told_in_russian():
    said: list[str] = []
    for told in (RUN_WHOLE, REPORT_WHOLE):
        with after_finished([True], said.append, "ru", told):
            raise KeyboardInterrupt
    assert said == [
        "Ctrl-C получен, когда прогон уже закончен: его результаты целы, продолжать нечего.",
        "Ctrl-C получен, когда отчёт уже записан: он цел.",
    ]


NOTICES = [
    ("results.csv_again", {"folder": "/tmp/x"}),
    (
        "results.lock_taken_over",
        {
            "folder": "/tmp/x",
            "owner": Sentence(
                "results.owner.command",
                pid=12,
                host="host",
                started="2026-12-01 22:07:00 UTC",
                command="kozel-stats compare default",
            ),
        },
    ),
    ("results.writing_now", {"folder": "/tmp/x", "owner": Sentence("results.owner", pid=12, host="host", started="1")}),
    (
        "results.rules_unloadable",
        {
            "name": "fish",
            "spec": "fish.yaml",
            "where": "/tmp/x/stats.json",
            "reason": VariantError.keyed("variants.such_variant_file", path="fish.yaml"),
        },
    ),
    (
        "results.rules_changed",
        {"name": "fish", "spec": "fish.yaml", "changed": "target 101 -> 125", "where": "/tmp/x/stats.json"},
    ),
    (
        "variants.renamed",
        {"name": "lead-00-66", "new": "lead-66", "why": Sentence("variants.renamed.lead_00_66"), "until": "0.3"},
    ),
]


@pytest.mark.parametrize("key, fields", NOTICES, ids=[k for k, _ in NOTICES])
def test_every_notice_in_russian(key, fields, capsys):
    """A notice (the run goes on) speaks the command's language like an error does."""
    notice = Sentence(key, **fields)
    say.speak("ru")
    try:
        say.note(notice)
    finally:
        say.speak("en")
    err = capsys.readouterr().err
    assert err.startswith("kozel-stats: замечание: ")
    speaks_russian(err, "fish", "fish.yaml", "target 101 -> 125", "host", "UTC", "CSV")
    say.note(notice)
    assert capsys.readouterr().err == f"kozel-stats: note: {str(notice)}\n"


def test_every_notice_goes_through_say_note():
    """No module prints its own "kozel-stats: note:" line (it would stay English under --lang ru)."""
    package = Path(say.__file__).parent.parent
    found = [
        f"{path.name}:{i}"
        for path in sorted(package.rglob("*.py"))
        if path.name != "say.py"
        for i, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if "kozel-stats: note" in line
    ]
    assert not found, found


def test_a_renamed_variant_is_noted_in_russian(capsys):
    from kozel_stats.rules.variants import load_variant

    code, out = run("variants", "show", "lead-00-66", "--lang", "ru")
    assert code == 0, out
    assert "kozel-stats: замечание: вариант 'lead-00-66' теперь называется 'lead-66'" in out
    assert load_variant("lead-66").name == "lead-66"


def test_a_comparisons_notes_are_kept_by_key(tmp_path):
    """summary.json keeps the analysis's notes by key and fields (docs/results.md), the terminal says them in the
    command's language; the same folder read with old English notes in place still summarizes."""
    code, said = run(
        "compare", "solo-3", "solo-4", "--games", 200, "--workers", 1, "--out", tmp_path / "r", "--lang", "ru"
    )
    assert code == 0, said
    assert re.search(r"разные\s+игры", said), said  # (the terminal wraps the line)
    summary = json.loads((tmp_path / "r" / "summary.json").read_text(encoding="utf-8"))
    assert summary["notes"] and all(isinstance(n, dict) and n["key"].startswith("notes.") for n in summary["notes"])
    summary["notes"] = [words.note(n, "en") for n in summary["notes"]]  # as a summary.json before keys held them
    (tmp_path / "r" / "summary.json").write_text(json.dumps(summary), encoding="utf-8")
    code, said = run("summarize", tmp_path / "r", "--lang", "ru")
    assert code == 0 and re.search(r"разные\s+игры", said), said
