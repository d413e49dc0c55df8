"""`kozel-stats atlas` (issue 30): a small atlas is built for real (a few questions, two levels, a few thousand
games), its pages hold the results folders' answers, plotly.js is there once and shared, every link resolves,
a question page stays small, bad input is one paragraph and exit 2 with nothing overwritten, and every page
draws in a real browser at 390 and 1280 px without a script error or horizontal scrolling."""

import json
import re
from pathlib import Path

import pytest
from test_report import ARTIFACTS, CHROMIUM, FRAME, body_data, chromium, needs_chromium, visible_text
from typer.testing import CliRunner

from kozel_stats.cli.commands import app
from kozel_stats.site import atlas

runner = CliRunner()
QUESTIONS = "fish-to-fisherman,threshold-25,osel"
LEVELS = ("beginner", "player")
GAMES = 600  # 3 questions x 2 levels x 2 variants x 600 = 7,200 games


def build(out: Path, *args: str):
    return runner.invoke(app, ["atlas", "--out", str(out), "--workers", "1", *args])


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    out = tmp_path_factory.mktemp("atlas") / "site"
    # the chat cards' pictures are drawn by Chromium, seconds each: test_chat_cards draws one
    result = build(out, "--games", str(GAMES), "--levels", ",".join(LEVELS), "--only", QUESTIONS, "--no-cards")
    assert result.exit_code == 0, result.output
    return out


def pages(site: Path) -> list[Path]:
    return sorted(site.rglob("*.html"))


def test_every_question_at_every_level_is_a_results_folder(site):
    for variant in QUESTIONS.split(","):
        for level in LEVELS:
            folder = site / "data" / variant / level
            stats = json.loads((folder / "stats.json").read_text())
            assert stats["complete"] and stats["stats"]["games"] == GAMES
            summary = json.loads((folder / "summary.json").read_text())
            assert [v["name"] for v in summary["meta"]["variants"]] == ["default", variant]
            bots = {"beginner": "random", "player": "counter"}[level]
            assert summary["meta"]["bots"] == [bots]


def test_the_pages_of_both_languages(site):
    names = {p.relative_to(site).as_posix() for p in pages(site)}
    for prefix in ("", "en/"):
        for page in ("index", "skill", "matters", "yard"):
            assert f"{prefix}{page}.html" in names
        for variant in QUESTIONS.split(","):
            assert f"{prefix}q/{variant}.html" in names
    ru = (site / "index.html").read_text(encoding="utf-8")
    en = (site / "en/index.html").read_text(encoding="utf-8")
    assert "Споры двора" in ru and "Рыба рыбаку — партии длиннее?" in ru and 'lang="ru"' in ru
    assert "Yard arguments" in en and "Fish to the fisherman — longer games?" in en
    # the switch: each page links to the same page in the other language
    assert "href='en/index.html'" in ru and "href='../index.html'" in en
    page = (site / "q/threshold-25.html").read_text(encoding="utf-8")
    assert "href='../en/q/threshold-25.html'" in page


def test_the_answer_is_the_folders_answer(site):
    """The page's cards state each level's verdicts, the ones `kozel-stats report` states for the folder."""
    from kozel_stats.rules.levels import LEVELS as ALL

    found = atlas.load_question(site, atlas.QUESTION_BY_VARIANT["threshold-25"], [ALL[x] for x in LEVELS])
    assert set(found) == set(LEVELS)
    page = (site / "q/threshold-25.html").read_text(encoding="utf-8")
    from kozel_stats.present.level_verdict import mark_words
    from kozel_stats.site.pages import also_line, answer_line, asked_answer, level_verdict_of

    question = atlas.QUESTION_BY_VARIANT["threshold-25"]
    assert question.metric == "naked_rate" and question.asks == 1
    # the page starts with the asked metric's answer at the player level, then names the level, then the mark
    asked = re.search(r'id="asked-answer" data-metric="naked_rate">(.*?)</p>', page).group(1)
    assert asked == asked_answer(question, found["player"], "ru") and asked.startswith("Да: голых козлов")
    assert page.index('id="asked-answer"') < page.index('id="answer-level"') < page.index('id="level-mark"')
    assert "Играют игроки, которые считают кости." in page
    verdict = level_verdict_of(found, "threshold-25", "naked_rate")
    assert verdict.mark == "every level" and f"data-mark='every level'>{mark_words(verdict, 'naked_rate', 'ru')}" in (
        page.replace("&#x27;", "'")
    )
    assert "зависит от уровня" not in page
    # the chat card: the player level's headline, and under it how each finding fares at the other levels
    card = re.search(r'id="card-text">(.*?)</pre>', page, re.S).group(1)
    assert "Проверено на уровнях игры: новичок, игрок" in card and "\n  ↳ " in card
    # then what else changes: each level's headline, as `kozel-stats report` states it
    for data in found.values():
        assert answer_line(data, "threshold-25", "ru") in page
    also = also_line(question, found["player"], "en")
    assert also_line(question, found["player"], "ru") in page and "naked" not in also  # the asked metric: above
    # a 25 threshold leaves far more naked goats at both levels: a finding no sample of 600 games misses
    for data in found.values():
        naked = next(c for c in data.analysis.comparisons if c.variant == "threshold-25" and c.metric == "naked_rate")
        assert naked.significant and naked.diff > 0


def test_plotly_once_and_small_pages(site):
    bundle = site / "assets/plotly.min.js"
    assert bundle.stat().st_size > 500_000
    for page in pages(site):
        text = page.read_text(encoding="utf-8")
        assert "Plotly.register" not in text and len(text.encode()) < 300_000, page  # the bundle is not inlined
        if "/q/" in page.as_posix() or page.parent.name == "q":
            assert "plotly.min.js'" in text
    total = sum(p.stat().st_size for p in site.rglob("*") if p.is_file())
    assert total < 15_000_000


def test_every_link_resolves(site):
    for page in pages(site):
        text = page.read_text(encoding="utf-8")
        links = re.findall(r"""(?:href|src)=['"]([^'"#]+)['"]""", text)
        assert links, page
        for link in links:
            if link.startswith("data:"):  # the yard form's download, written in the page
                continue
            assert not re.match(r"^[a-z]+:", link), f"{page}: an absolute link {link}"
            assert (page.parent / link).resolve().is_file(), f"{page}: {link} does not resolve"


def test_render_only_rebuilds_from_the_folders_without_playing(site):
    before = (site / "data/osel/player/stats.json").stat().st_mtime_ns
    page = site / "q/osel.html"
    text = page.read_text(encoding="utf-8")
    page.unlink()
    result = build(site, "--render-only", "--levels", ",".join(LEVELS), "--only", QUESTIONS, "--no-cards")
    assert result.exit_code == 0, result.output
    assert page.read_text(encoding="utf-8") == text
    assert (site / "data/osel/player/stats.json").stat().st_mtime_ns == before


@pytest.mark.parametrize("folder", ["fish-to-fisherman/beginner", "skill", "sweep"])
def test_a_folder_renders_with_report(site, tmp_path, folder):
    out = tmp_path / "r.html"
    result = runner.invoke(app, ["report", str(site / "data" / folder), "-o", str(out)])
    assert result.exit_code == 0, result.output
    assert out.stat().st_size > 100_000


def test_skill_and_what_matters_most(site):
    """The skill page holds the section-13 questions of the atlas and the baseline; the sweep page ranks the
    section-13 knobs for every headline metric, with the sweep's own sentences."""
    skill = json.loads((site / "data/skill/summary.json").read_text())
    assert [v["name"] for v in skill["meta"]["variants"]] == ["default", "fish-to-fisherman", "threshold-25"]
    assert skill["skill"]["strong"] == "counter" and skill["skill"]["weak"] == "random"
    page = (site / "skill.html").read_text(encoding="utf-8")
    assert "Везение или мастерство" in page and "data-skill='skill_edge'" in page
    matters = (site / "en/matters.html").read_text(encoding="utf-8")
    assert matters.count("class='rank'") == 4 and "id='tornado-naked_rate'" in matters
    plan = json.loads((site / "data/sweep/stats.json").read_text())
    assert plan["kind"] == "sweep" and plan["complete"]


def test_resume_plays_only_what_is_missing(tmp_path):
    out = tmp_path / "site"
    args = ["--levels", "beginner", "--only", "no-threshold", "--no-extras", "--no-cards"]
    assert build(out, "--games", "300", *args).exit_code == 0
    result = build(out, "--games", "300", *args)
    assert result.exit_code == 2 and "--resume" in result.output  # never a silent overwrite
    stats = out / "data/no-threshold/beginner/stats.json"
    mtime = stats.stat().st_mtime_ns
    result = build(out, "--games", "300", *args, "--resume")
    assert result.exit_code == 0, result.output
    assert stats.stat().st_mtime_ns == mtime  # complete: not played again
    result = build(out, "--games", "500", *args, "--resume")
    assert result.exit_code == 0, result.output
    assert json.loads(stats.read_text())["stats"]["games"] == 500


def test_the_expert_plays_the_cross_too_with_the_slow_count(tmp_path):
    """Осёл and Чечевэ are laid on the cross; the expert plays them as every other question, but there it plays
    every searched position out (its learned value was fitted to pairs on a chain), so they play
    --slow-expert-games while a question on the chain plays --expert-games; the index says both counts."""
    out = tmp_path / "site"
    args = ["--levels", "player,expert", "--games", "200", "--expert-games", "6", "--slow-expert-games", "4"]
    result = build(out, *args, "--only", "osel,chechevae-4,target-100", "--no-extras", "--no-cards", "--lang", "en")
    assert result.exit_code == 0 and "not played" not in result.output, result.output
    for variant, games in (("osel", 4), ("chechevae-4", 4), ("target-100", 6)):
        stats = json.loads((out / f"data/{variant}/expert/stats.json").read_text())
        assert stats["complete"] and stats["stats"]["games"] == games, variant
        assert "level «expert»" in (out / f"q/{variant}.html").read_text(encoding="utf-8")
    assert "the expert: 6; 4 in the games where it plays every position out" in (out / "index.html").read_text()
    assert json.loads((out / "data/atlas.json").read_text())["slow_expert_games"] == 4
    # the index says the counts played: a build of chain questions only has no slow count to name
    chain = tmp_path / "chain"
    result = build(chain, *args, "--only", "target-100", "--no-extras", "--no-cards", "--lang", "en")
    assert result.exit_code == 0, result.output
    index = (chain / "index.html").read_text()
    assert "(the expert: 6)" in index and "plays every position out" not in index


@pytest.mark.parametrize(
    "question, slow",
    [("fish-to-fisherman", False), ("morskoy", False), ("osel", True), ("solo-4", True), ("generals", True)],
)
def test_the_expert_is_slow_where_its_learned_value_does_not_apply(question, slow):
    """Pairs on a chain with every tile dealt (Морской козёл too) use the learned value; the cross, каждый сам
    за себя and Генерал play out (engine.expert.learned_fits, read here without compiling it)."""
    assert atlas.expert_is_slow(atlas.QUESTION_BY_VARIANT[question]) is slow


def test_a_site_built_before_the_slow_count_keeps_its_one_count_on_resume(tmp_path):
    """A site whose atlas.json has no slow_expert_games played the expert's --expert-games on every question: a
    resume keeps that count there instead of the new default (never fewer games than a folder holds)."""
    out = tmp_path / "site"
    (out / "data").mkdir(parents=True)
    mark = {"format": atlas.FORMAT, "games": 200, "expert_games": 300, "seed": 1, "levels": ["beginner"]}
    (out / "data/atlas.json").write_text(json.dumps(mark))
    req = atlas.AtlasRequest(out=out, resume=True)
    atlas.settle(req, mark)
    assert (req.expert_games, req.slow_expert_games) == (300, 300)
    fresh = atlas.AtlasRequest(out=tmp_path / "new")
    atlas.settle(fresh, None)
    assert (fresh.expert_games, fresh.slow_expert_games) == (2000, 500)


def test_a_rule_within_another_game_is_asked_against_that_game(tmp_path):
    """The shipped variants that vary another game (a player count, a rule of Осёл, Чечевэ, Морской 004,
    Генерал, каждый сам за себя втроём) are questions too, each compared with its own game, not with Козёл."""
    within = [q for q in atlas.QUESTIONS if q.group == "within"]
    assert len(within) == 12 and all(q.baseline != "default" for q in within)
    shipped = {p.stem for p in (Path(atlas.__file__).parents[2] / "variants").glob("*.yaml")}
    assert shipped - {"default"} == set(atlas.QUESTION_BY_VARIANT)  # every shipped variant is a question
    out = tmp_path / "site"
    args = ["--levels", "beginner", "--games", "300", "--only", "solo-3-eggs", "--no-extras", "--no-cards"]
    result = build(out, *args, "--lang", "en")
    assert result.exit_code == 0, result.output
    summary = json.loads((out / "data/solo-3-eggs/beginner/summary.json").read_text())
    assert [v["name"] for v in summary["meta"]["variants"]] == ["solo-3", "solo-3-eggs"]
    assert "How the other games change" in (out / "index.html").read_text(encoding="utf-8")
    page = (out / "q/solo-3-eggs.html").read_text(encoding="utf-8")
    assert "minus «Each for himself, 3 players»" in page


def test_the_expert_plays_every_question_the_cross_for_two_too(tmp_path):
    """Since issue 37 the expert plays Осёл and Чечевэ for two in hundredths of a second a game (docs/expert.md):
    every question is played at every level, those two included, and their page shows the expert's card."""
    out = tmp_path / "site"
    args = ["--levels", "beginner,expert", "--games", "40", "--slow-expert-games", "6"]
    args += ["--only", "osel-solo-2,chechevae-2"]
    result = build(out, *args, "--no-extras", "--no-cards", "--lang", "en")
    assert result.exit_code == 0 and "not played" not in result.output, result.output
    for variant in ("osel-solo-2", "chechevae-2"):
        assert (out / f"data/{variant}/expert/stats.json").exists()
        page = (out / f"q/{variant}.html").read_text(encoding="utf-8")
        assert "not played" not in page and "does not play" not in page


def one_paragraph(result) -> str:
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    return result.output


@pytest.mark.parametrize(
    "args, words",
    [
        (["--levels", "beginner,grandmaster"], ["--levels", "grandmaster"]),
        (["--lang", "ru,de"], ["--lang", "de"]),
        (["--only", "fish-to-fisherman,nope"], ["--only", "nope"]),
        (["--games", "0"], ["--games"]),
        (["--slow-expert-games", "0"], ["--slow-expert-games"]),
        (["--resume", "--render-only"], ["--resume", "--render-only"]),
        (["--scheduler", "localhost"], ["--scheduler", "tcp://"]),
        (["--cluster", "local:x"], ["--cluster", "local:N"]),
        (["--cluster", "local:2", "--scheduler", "tcp://127.0.0.1:8786"], ["--scheduler", "--cluster"]),
        (["--render-only", "--cluster", "local:2"], ["--render-only", "--cluster"]),
        (["--connect-timeout", "5"], ["--connect-timeout", "--scheduler"]),
    ],
)
def test_bad_options(tmp_path, args, words):
    text = one_paragraph(build(tmp_path / "site", *args))
    assert all(w in text for w in words), text
    assert not (tmp_path / "site").exists()


def test_bad_folders(tmp_path):
    a_file = tmp_path / "file"
    a_file.write_text("x")
    assert str(a_file) in one_paragraph(build(a_file))
    other = tmp_path / "other"
    other.mkdir()
    (other / "mine.txt").write_text("keep me")
    assert "not empty" in one_paragraph(build(other, "--lang", "en"))
    assert sorted(p.name for p in other.iterdir()) == ["mine.txt"]
    assert "no atlas" in one_paragraph(build(tmp_path / "new", "--render-only", "--lang", "en"))
    missing = tmp_path / "no" / "such" / "site"
    assert str(missing.parent) in one_paragraph(build(missing))


def test_a_damaged_folder_is_named(tmp_path):
    out = tmp_path / "site"
    assert (
        build(
            out, "--games", "200", "--levels", "beginner", "--only", "eggs-none", "--no-extras", "--no-cards"
        ).exit_code
        == 0
    )
    stats = out / "data/eggs-none/beginner/stats.json"
    stats.write_text("{ not json")
    text = one_paragraph(
        build(out, "--render-only", "--levels", "beginner", "--only", "eggs-none", "--lang", "en", "--no-cards")
    )
    assert "stats.json" in text and "eggs-none" in text


# --- in a browser -------------------------------------------------------------------------------------------------
def check_page(page: Path, width: int, tmp_path: Path) -> dict[str, str]:
    """A page at `width` CSS px (a phone: an iframe of exactly that width, device scale 2): what it says about
    itself once drawn."""
    scale = "2" if width < 600 else "1"
    if width < 600:
        frame = page.with_name(f"frame-{width}-{page.stem}.html")
        frame.write_text(FRAME.replace("REPORT", page.name).replace("WIDTH", str(width)), encoding="utf-8")
        args = ["--allow-file-access-from-files", "--window-size=600,900", f"--force-device-scale-factor={scale}"]
        dom = chromium([*args, "--dump-dom", frame.as_uri()], tmp_path / f"p-{page.stem}-{width}")
        frame.unlink()
        data = body_data(dom.stdout)
        assert data.get("done") == "1", dom.stdout[-2000:]
    else:
        dom = chromium(
            [f"--window-size={width},900", "--enable-logging=stderr", "--dump-dom", page.as_uri()],
            tmp_path / f"p-{page.stem}-{width}",
        )
        data = body_data(dom.stdout)
        console = [line for line in dom.stderr.splitlines() if "CONSOLE" in line and "error" in line.lower()]
        assert not console, console
        if page.parent.name != "en" and "/en/" not in page.as_posix():
            latin = set(re.findall(r"[A-Za-z]{2,}", visible_text(dom.stdout))) - {"kozel", "stats", "English", "YAML"}
            assert not latin, f"English words on the Russian page {page}: {sorted(latin)}"
    assert data["js-errors"] == "[]", (page, data)
    assert data["charts-drawn"] == data["charts-total"], (page, data)
    assert int(data["scroll-width"]) <= int(data["viewport-width"]), f"horizontal scrolling at {width} px: {page}"
    assert data["too-wide"] == "[]", (page, data)
    # issue 38: no table cut without a visible cue; the og: tags of a link preview; the level named; a question
    # page starts with the answer on the metric it asks about
    assert data["cut-tables"] == "0", (page, data)
    assert {"og:title", "og:type"} <= set(json.loads(data["og"])), (page, data)
    assert data["level-named"], (page, data)
    if page.parent.name == "q":
        assert data["asked-first"] == "1" and "og:description" in data["og"], (page, data)
    return data


@pytest.mark.slow
@needs_chromium
@pytest.mark.parametrize("width", [1280, 390])
def test_every_page_in_a_browser(site, tmp_path, width):
    assert CHROMIUM
    drawn = 0
    for page in pages(site):
        data = check_page(page, width, tmp_path)
        drawn += int(data["charts-drawn"])
    assert drawn >= 4 * 2 * len(QUESTIONS.split(","))  # every question page draws its four headline charts
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    for page in (site / "index.html", site / "q/threshold-25.html"):
        shot = ARTIFACTS / f"atlas-{page.stem}-{width}.png"
        scale = "2" if width < 600 else "1"
        chromium(
            [
                f"--window-size={width},1400",
                f"--force-device-scale-factor={scale}",
                f"--screenshot={shot}",
                page.as_uri(),
            ],
            tmp_path / f"s-{page.stem}-{width}",
        )
        assert shot.is_file()


@pytest.mark.slow
@needs_chromium
@pytest.mark.parametrize("lang", ["ru", "en"])
def test_the_yard_form_writes_a_file_variants_show_loads(site, tmp_path, lang):
    """The form's state is the page's address (#knob=value&…): the YAML it writes loads in `variants show` with
    exactly the knobs chosen, and the estimate of the sweep's model is shown for them."""
    from kozel_stats.rules.variants import default_variant, load_variant

    page = site / ("yard.html" if lang == "ru" else "en/yard.html")
    chosen = {"fish_winner": "fisherman", "target": "125", "threshold": "none", "lone_66": "30", "two_doubles": "False"}
    address = page.as_uri() + "#" + "&".join(f"{k}={v}" for k, v in chosen.items()) + "&name=nash-dvor"
    dom = chromium(["--window-size=390,900", "--dump-dom", address], tmp_path / "yard")
    data = body_data(dom.stdout)
    assert data["js-errors"] == "[]", data
    yaml_file = tmp_path / "nash-dvor.yaml"
    yaml_file.write_text(data["yaml"], encoding="utf-8")
    result = runner.invoke(app, ["variants", "show", str(yaml_file), "--lang", lang])
    assert result.exit_code == 0, result.output
    rules, base = load_variant(yaml_file).rule_dict, default_variant().rule_dict
    changed = {k: v for k, v in rules.items() if base[k] != v}
    assert changed == {
        "fish_winner": "fisherman",
        "target": 125,
        "threshold": "none",
        "lone_66": 30,
        "two_doubles": False,
    }
    estimate = re.search(r"<tbody>(.*?)</tbody>", dom.stdout, re.S).group(1)
    assert estimate.count("<tr>") == 4
    ci = "95 % ДИ" if lang == "ru" else "95% CI"
    if data["played"] == "1":  # a combination the sweep played: measured, with its interval
        assert ("измерено" if lang == "ru" else "measured") in estimate and ci in estimate and "≈" not in estimate
    else:  # an estimate of the model, whose interval is not checked: none shown
        assert "≈" in estimate and ci not in estimate
        assert ("не проверено — сыграйте" if lang == "ru" else "not checked — play it") in estimate
    sweep_knobs = {k: v for k, v in chosen.items() if k in ("fish_winner", "target", "threshold")}
    check_estimate(site, data, sweep_knobs)


def expected_estimate(site: Path, chosen: dict[str, str]) -> tuple[dict[str, tuple[float, float]], bool]:
    """The yard form's estimate computed another way: the least-squares fit, to the played cells' estimates R, of
    the model with a constant, every knob's non-reference value and every pair of them (the design built here,
    not the sweep's), at the chosen combination x: its value x·β and variance w·V·w with w = x·X⁺ the fit's
    weights over the cells and V their covariance (`sweep.cell_covariance`); and whether the sweep played the
    combination."""
    import itertools

    import numpy as np

    from kozel_stats.answers import sweep as S
    from kozel_stats.rules.variants import format_knob_value
    from kozel_stats.stats.metrics import HEADLINE, METRIC_BY_NAME

    saved = S.load_sweep(site / "data/sweep")
    grid = saved.grid
    values = [(f.knob, format_knob_value(v)) for f in grid.factors for v in f.levels if v != f.reference]
    columns = [(v,) for v in values] + [(a, b) for a, b in itertools.combinations(values, 2) if a[0] != b[0]]

    def row(levels: dict[str, str]) -> np.ndarray:
        return np.array([1.0] + [float(all(levels[k] == v for k, v in column)) for column in columns])

    design = np.array([row({f.knob: format_knob_value(v) for f, v in zip(grid.factors, c.levels)}) for c in grid.cells])
    assert np.linalg.matrix_rank(design) == design.shape[1]  # the atlas's 64 cells estimate every pair
    levels = {f.knob: chosen.get(f.knob, format_knob_value(f.reference)) for f in grid.factors}
    w = row(levels) @ np.linalg.pinv(design)
    found = {}
    for name in HEADLINE:
        ratio, cov = S.cell_covariance(saved.stats, METRIC_BY_NAME[name])
        beta = np.linalg.lstsq(design, ratio, rcond=None)[0]
        found[name] = (float(row(levels) @ beta), float(np.sqrt(w @ cov @ w)))
    played = any([format_knob_value(v) for v in cell.levels] == list(levels.values()) for cell in grid.cells)
    return found, played


def shipped_estimate(est: dict, chosen: dict[str, str]) -> dict[str, tuple[float, float]]:
    """The estimate from the JSON the yard page ships, as its script computes it: z the constant, each chosen
    value's coefficient and each pair of them; z·coef and sqrt(z·cov·z) per metric."""
    import math

    mains = sorted(est["knobs"][k][v] for k, v in chosen.items() if est["knobs"][k][v])
    z = [0, *mains] + [est["pairs"][f"{a},{b}"] for i, a in enumerate(mains) for b in mains[i + 1 :]]
    return {
        m["name"]: (
            sum(m["coef"][i] for i in z),
            math.sqrt(max(0.0, sum(m["cov"][i][j] for i in z for j in z))),
        )
        for m in est["metrics"]
    }


def check_estimate(site: Path, data: dict[str, str], chosen: dict[str, str], off_model: bool = False) -> None:
    """The page's estimate and interval (data-estimate, computed in the browser from the shipped model) are the
    contrast's, computed in Python from the cells' covariance; its sentence says whether the sweep played it
    (never when a knob of the sweep is at a value it did not play: `off_model`)."""
    expected, played = expected_estimate(site, chosen)
    played = played and not off_model
    shown = {row["metric"]: row for row in json.loads(data["estimate"])}
    assert set(shown) == set(expected)
    for name, (value, se) in expected.items():
        row = shown[name]
        assert row["value"] == pytest.approx(value, rel=1e-7, abs=1e-12), name
        assert row["se"] == pytest.approx(se, rel=1e-6), name
        assert se > 0 and row["low"] == pytest.approx(value - 1.959964 * se, rel=1e-6, abs=1e-9)
    assert data["played"] == ("1" if played else "0")


def test_the_estimate_is_the_sweep_s_fit_with_interactions(site):
    """The few numbers the yard form ships per metric (the coefficients of the sweep's model with every two-way
    interaction and their covariance) give, for every combination of two knobs and for 30 drawn combinations of
    all nine, the value and the variance of the least-squares fit with interactions computed independently from
    the cells' estimates and covariance; the pairs' coefficients are the interactions the sweep reports."""
    import itertools

    import numpy as np

    from kozel_stats.site.pages import sweep_estimates

    summary, analysis = atlas.load_sweep_folder(site / "data/sweep")
    est = sweep_estimates((summary, analysis), "en")
    assert est is not None and len(est["factors"]) == 9 and len(est["played"]) == atlas.SWEEP_CELLS
    assert est["interactions"] == len(est["pairs"]) == 36 and est["left_out"] == []
    changes = [(k, v) for k, values in est["knobs"].items() for v, i in values.items() if i]
    assert len(changes) == 9
    rng = np.random.default_rng(3)
    drawn = [[c for c in changes if rng.random() < 0.5] for _ in range(30)]
    for combination in [*itertools.combinations(changes, 2), *drawn]:
        chosen = dict(combination)
        expected, _ = expected_estimate(site, chosen)
        shipped = shipped_estimate(est, chosen)
        for name, (value, se) in expected.items():
            assert shipped[name][0] == pytest.approx(value, rel=1e-7, abs=1e-9), (chosen, name)
            assert shipped[name][1] == pytest.approx(se, rel=1e-6), (chosen, name)
    index = {(k, v): i for k, v in changes for i in [est["knobs"][k][v]]}
    for (a, b), (c, d) in itertools.combinations(changes, 2):
        pair = est["pairs"][f"{min(index[a, b], index[c, d])},{max(index[a, b], index[c, d])}"]
        for m in est["metrics"]:
            reported = analysis.effect(f"{a}={b} × {c}={d}", m["name"])
            assert m["coef"][pair] == pytest.approx(reported.diff, rel=1e-7, abs=1e-9)


@pytest.mark.slow
@needs_chromium
@pytest.mark.parametrize(
    "address, chosen, off_model",
    [
        ("", {}, False),  # the default rules: the sweep's reference cell, always played
        ("threshold_value=20&target=125", {"target": "125"}, True),  # 20: a value the sweep never played
    ],
)
def test_the_yard_estimate_in_a_browser(site, tmp_path, address, chosen, off_model):
    page = site / "en/yard.html"
    dom = chromium(["--window-size=390,900", "--dump-dom", page.as_uri() + "#" + address], tmp_path / "yard")
    data = body_data(dom.stdout)
    assert data["js-errors"] == "[]", data
    check_estimate(site, data, chosen, off_model)
    if data["played"] == "1":  # the reference cell: the sweep's own measurement of it
        measured = json.loads(data["measured"])
        saved = atlas.load_sweep_folder(site / "data/sweep")[1]
        reference = {e.metric: e for e in saved.cells.estimates[saved.grid.cells[0].variant.name]}
        for (value, low, high), m in zip(measured, saved.metrics, strict=True):
            assert (value, low, high) == pytest.approx((reference[m].value, reference[m].low, reference[m].high))
    said = re.search(r"<p id=\"yard-played\">(.*?)</p>", dom.stdout, re.S).group(1)
    assert ("did not play" in said) == (data["played"] == "0"), said
    if off_model:
        assert "threshold" in re.search(r"id=\"yard-outside\">(.*?)</p>", dom.stdout, re.S).group(1).lower()


@pytest.mark.slow
@needs_chromium
def test_chat_cards(site, tmp_path):
    import shutil

    copy = tmp_path / "site"
    shutil.copytree(site, copy)
    # the site was built --no-cards: --render-only keeps its settings unless told (--cards)
    args = ["--render-only", "--levels", ",".join(LEVELS), "--only", "threshold-25", "--lang", "ru", "--cards"]
    result = build(copy, *args, "--site-url", "https://example.org/dvor/")
    assert result.exit_code == 0, result.output
    assert "рисую карточки 1/1" in result.output + (result.stderr if result.stderr_bytes is not None else "")
    card = copy / "cards/threshold-25.ru.png"
    assert card.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and card.stat().st_size > 5_000
    page = (copy / "q/threshold-25.html").read_text(encoding="utf-8")
    assert "src='../cards/threshold-25.ru.png'" in page
    # the link preview: the card as og:image, absolute under --site-url (relative without it)
    assert "<meta property='og:image' content='https://example.org/dvor/cards/threshold-25.ru.png'>" in page
    assert "<meta property='og:url' content='https://example.org/dvor/q/threshold-25.html'>" in page
    assert build(copy, *args, "--no-cards").exit_code == 0
    page = (copy / "q/threshold-25.html").read_text(encoding="utf-8")
    assert "og:url" not in page and "og:image" not in page  # no card drawn, no address given


# --- nothing lost or mixed (issue 39) -----------------------------------------------------------------------------
SMALL = ["--only", "no-threshold,eggs-none", "--levels", "beginner", "--games", "200"]


def test_resume_continues_with_every_setting_the_build_started_with(tmp_path):
    out = tmp_path / "site"
    result = build(out, *SMALL, "--seed", "7", "--no-extras", "--no-cards", "--lang", "en")
    assert result.exit_code == 0, result.output
    folder = out / "data/eggs-none/beginner"
    for child in folder.iterdir():  # as if the build had been stopped before this folder
        child.unlink()
    result = build(out, "--resume")
    assert result.exit_code == 0, result.output
    assert json.loads((folder / "stats.json").read_text())["seed"] == 7
    mark = json.loads((out / "data/atlas.json").read_text())
    assert (mark["seed"], mark["extras"], mark["cards"], mark["langs"]) == (7, False, False, ["en"])
    assert not (out / "data/skill").exists() and not (out / "cards").exists() and not (out / "en").exists()
    before = {p: p.read_bytes() for p in out.rglob("*") if p.is_file()}
    for args, words in (
        (["--seed", "1"], ["--seed 1", "--seed 7"]),
        (["--extras"], ["--extras", "--no-extras"]),
        (["--cards"], ["--cards", "--no-cards"]),
        (["--lang", "ru,en"], ["--lang ru,en", "--lang en"]),
        (["--only", "eggs-none"], ["--only eggs-none"]),
        (["--levels", "beginner,player"], ["--levels beginner,player"]),
        (["--games", "100"], ["--games 100", "200"]),
        (["--slow-expert-games", "100"], ["--slow-expert-games 100", "500"]),
    ):
        text = one_paragraph(build(out, "--resume", *args))
        assert all(w in text for w in words) and "atlas.json" in text, text
    assert {p: p.read_bytes() for p in out.rglob("*") if p.is_file()} == before


def test_resume_plays_a_folder_that_holds_nothing_yet(tmp_path):
    """kill -9 before a folder's first checkpoint leaves only its lock file; a full disk, a write test."""
    out = tmp_path / "site"
    assert build(out, *SMALL, "--no-extras", "--no-cards", "--lang", "en").exit_code == 0
    folder = out / "data/eggs-none/beginner"
    for child in folder.iterdir():
        child.unlink()
    (folder / ".kozel-stats.lock").write_text(json.dumps({"pid": 2**22 + 1, "host": "elsewhere"}))
    (folder / ".kozel-stats-write-test").write_bytes(b"")
    result = build(out, "--resume")
    assert result.exit_code == 0, result.output
    assert json.loads((folder / "stats.json").read_text())["complete"]
    assert sorted(p.name for p in folder.iterdir()) == sorted(
        ["by_deal.parquet", "fish_sums.parquet", "stats.json", "summary.json"]
    )


def test_a_build_owns_its_folder_from_the_first_byte(tmp_path):
    """A second build into a folder another build holds stops at once: nothing of it is written."""
    import subprocess
    import sys

    out = tmp_path / "site"
    out.mkdir()
    holder = subprocess.Popen(
        [
            sys.executable,
            "-c",
            "import fcntl, os, sys\n"
            f"fd = os.open({str(out / '.kozel-stats.lock')!r}, os.O_RDWR | os.O_CREAT)\n"
            "fcntl.flock(fd, fcntl.LOCK_EX)\n"
            'os.write(fd, b\'{"pid": %d, "host": "here"}\' % os.getpid())\n'
            "print('locked', flush=True)\n"
            "sys.stdin.read()\n",
        ],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert holder.stdout.readline() == "locked\n"
        text = one_paragraph(build(out, *SMALL, "--no-extras", "--no-cards", "--lang", "en"))
        assert "another kozel-stats run is writing" in text and f"pid {holder.pid}" in text, text
        assert sorted(p.name for p in out.iterdir()) == [".kozel-stats.lock"]
    finally:
        holder.communicate("", timeout=60)
    result = build(out, *SMALL, "--no-extras", "--no-cards", "--lang", "en")  # the folder is free again
    assert result.exit_code == 0, result.output
    assert not (out / ".kozel-stats.lock").exists()


@pytest.mark.parametrize(
    "edit, words",
    [
        ({"levels": 5}, ["field 'levels'", "must be a list"]),
        ({"games": "many"}, ["field 'games'", "integer"]),
        ({"seed": "seven"}, ["field 'seed'"]),
        ({"questions": ["no-such-question"]}, ["field 'questions[0]'"]),
        ({"cards": "yes"}, ["field 'cards'", "true or false"]),
    ],
)
def test_atlas_json_is_read_through_a_schema(tmp_path, edit, words):
    out = tmp_path / "site"
    assert build(out, *SMALL, "--no-extras", "--no-cards", "--lang", "en").exit_code == 0
    mark = out / "data/atlas.json"
    mark.write_text(json.dumps({**json.loads(mark.read_text()), **edit}))
    for args in (["--render-only"], ["--resume"]):
        text = one_paragraph(build(out, *args, "--lang", "en") if args == ["--render-only"] else build(out, *args))
        assert str(mark) in text and all(w in text for w in words), text


def test_a_failing_chromium_costs_the_cards_only(tmp_path, monkeypatch):
    """Chromium that draws nothing: the site is built (its pages show the text cards), the cards not drawn are
    named, with what to do; the played data is kept."""
    from kozel_stats.present import report

    fake = tmp_path / "chromium"
    fake.write_text("#!/bin/sh\nexit 1\n")
    fake.chmod(0o755)
    monkeypatch.setattr(report, "chromium", lambda: str(fake))
    out = tmp_path / "site"
    result = build(out, *SMALL, "--no-extras", "--lang", "en")
    assert result.exit_code == 0, result.output
    assert "Chromium did not draw 2 chat cards" in result.output and "--no-cards" in result.output
    assert "cards/no-threshold.en.png" in result.output and "--card " not in result.output
    assert (out / "data/eggs-none/beginner/stats.json").exists()
    assert "card-text" in (out / "q/eggs-none.html").read_text(encoding="utf-8")


@pytest.mark.slow
def test_the_model_interval_s_coverage(site):
    """The builder's estimate for a combination the sweep did not play: 20 such combinations are played at the
    sweep's level (another seed), and the 95% interval of the model with interactions (widened by the
    measurement's own error) is checked against each headline metric measured. The page states that interval
    only if it covers at about its rate (MODEL_INTERVAL_CHECKED): "about" is a one-sided binomial test at 1%
    against 95%, on the 80 checks together (at least 71 covered) and on each metric's 20 (at least 16); else the
    page says «не проверено — сыграйте». The test fails whenever the flag and the measured coverage disagree."""
    import math

    import numpy as np
    from scipy.stats import binomtest

    from kozel_stats.answers.compare import run_compare
    from kozel_stats.rules.variants import default_variant, format_knob_value, with_rules
    from kozel_stats.site.pages import MODEL_INTERVAL_CHECKED, sweep_estimates

    summary, analysis = atlas.load_sweep_folder(site / "data/sweep")
    est = sweep_estimates((summary, analysis), "en")
    assert est is not None and est["checked"] is MODEL_INTERVAL_CHECKED
    grid = analysis.grid
    rng = np.random.default_rng(38)
    played = set(est["played"])
    combos: dict[str, object] = {}
    while len(combos) < 20:
        values = [f.levels[int(rng.integers(len(f.levels)))] for f in grid.factors]
        key = "|".join(format_knob_value(v) for v in values)
        if key in played or key in combos:
            continue
        try:
            variant = with_rules(default_variant(), [(f.knob, v) for f, v in zip(grid.factors, values, strict=True)])
        except Exception:  # a combination the engine refuses: not a yard's
            continue
        combos[key] = variant
    games = summary["meta"]["games_per_cell"]
    bots = summary["meta"]["bots"]
    covered = {m["name"]: 0 for m in est["metrics"]}
    for key, variant in combos.items():
        outcome = run_compare([default_variant(), variant], games, 9_038, bots, workers=1)
        measured = {e.metric: e for e in outcome.analysis.estimates[variant.name]}
        chosen = {f[0]: v for f, v in zip(est["factors"], key.split("|"), strict=True)}
        for name, (value, se) in shipped_estimate(est, chosen).items():
            e = measured[name]
            se_measured = (e.high - e.low) / (2 * 1.959964)
            covered[name] += abs(value - e.value) <= 1.959964 * math.hypot(se, se_measured)
    checks = 20 * len(covered)
    tests = [binomtest(sum(covered.values()), checks, 0.95, alternative="less")]
    tests += [binomtest(n, 20, 0.95, alternative="less") for n in covered.values()]
    about_its_rate = all(t.pvalue >= 0.01 for t in tests)
    print(f"the model's interval covered {sum(covered.values())} of {checks}: {covered}")
    assert about_its_rate == MODEL_INTERVAL_CHECKED, f"the model's interval covered {covered} ({checks} checks)"


def test_the_extra_pages_play_at_the_player_level_and_say_so(site):
    """«Везение или мастерство», «Что важнее всего» and the builder's figures are played by players who count
    tiles (the level every question's answer leads with) and say it; the skill page opens with one line to
    quote, the sweep page with its ranking as charts."""
    for folder in ("skill", "sweep"):
        meta = json.loads((site / "data" / folder / "summary.json").read_text())["meta"]
        assert meta["bots"] == ["counter"], folder
    said = "Играют игроки, которые считают кости — тот же уровень, что в ответах на вопросы."
    for page in ("skill.html", "matters.html", "yard.html", "index.html"):
        text = (site / page).read_text(encoding="utf-8")
        assert "id='page-level'" in text and ("Играют игроки, которые считают кости" in text), page
    skill = (site / "skill.html").read_text(encoding="utf-8")
    quote = re.search(r"<p class='answer' id='quote'>(.*?)</p>", skill).group(1)
    assert re.fullmatch(r"Пара, которая считает кости, выигрывает \d+ парти[юий] из 100 у новичков.*", quote)
    assert skill.index("id='quote'") < skill.index("id='lead'") and said in skill
    matters = (site / "matters.html").read_text(encoding="utf-8")
    assert matters.index("class='chart'") < matters.index("class='rank'") < matters.index("id='lead'")


def test_every_question_declares_a_headline_metric_and_its_words():
    """Every atlas question names the metric it asks about (a headline metric, compared in every game) and a
    direction; each such metric has its «no» words in both languages (text/site_texts.ASKED_WORDS)."""
    from kozel_stats.stats.metrics import HEADLINE
    from kozel_stats.text import messages
    from kozel_stats.text.site_texts import ASKED_WORDS

    assert set(atlas.ASKED) <= set(atlas.QUESTION_BY_VARIANT)
    for q in atlas.QUESTIONS:
        assert q.metric in HEADLINE and q.metric in ASKED_WORDS and q.asks in (-1, 0, 1), q
        for kind in ("up", "down", "same"):
            en, ru = messages.both(f"atlas.asked.{q.metric}.{kind}")
            assert en and ru and en != ru
    assert atlas.QUESTION_BY_VARIANT["threshold-25"].metric == "naked_rate"
    assert atlas.QUESTION_BY_VARIANT["fish-to-fisherman"].asks == 1  # «партии длиннее?»


def test_each_question_page_opens_with_yes_no_or_how_much(site):
    """A yes/no question's answer opens «Да», «Нет», «Нет, наоборот» or «Пока не ясно»; the answer and the
    index card agree, and the index names the level its answers lead with."""
    index = (site / "index.html").read_text(encoding="utf-8")
    assert "Играют игроки, которые считают кости." in index
    for variant in QUESTIONS.split(","):
        q = atlas.QUESTION_BY_VARIANT[variant]
        page = (site / f"q/{variant}.html").read_text(encoding="utf-8")
        asked = re.search(r'id="asked-answer" data-metric="[a-z_]+">(.*?)</p>', page).group(1)
        if q.asks:
            assert re.match(r"(Да: |Нет: |Нет, наоборот: |Пока не ясно: )", asked), asked
        card = re.search(rf"<li data-variant='{variant}'.*?<b class='asked'>(.*?)</b>", index, re.S).group(1)
        assert card == asked


def test_a_folder_of_another_build_is_never_continued_into_the_site(tmp_path):
    """A question folder played with another seed (a site from before the build recorded its settings, or a
    folder copied in) is named, with nothing played: a site never mixes two seeds."""
    out = tmp_path / "site"
    assert build(out, *SMALL, "--seed", "3", "--no-extras", "--no-cards", "--lang", "en").exit_code == 0
    folder = out / "data/eggs-none/beginner"
    stats = json.loads((folder / "stats.json").read_text())
    stats["seed"], stats["complete"] = 4, False
    (folder / "stats.json").write_text(json.dumps(stats))
    text = one_paragraph(build(out, "--resume"))
    assert str(folder) in text and "--seed 4" in text and "--seed 3" in text, text


def test_an_interrupted_build_says_how_to_continue(tmp_path, monkeypatch):
    import os
    import signal

    from kozel_stats.system import signals

    original = atlas.write_mark

    def then_signal(plan):
        original(plan)
        os.kill(os.getpid(), signal.SIGINT)

    monkeypatch.setattr(atlas, "write_mark", then_signal)
    old = signal.getsignal(signal.SIGINT), signal.getsignal(signal.SIGTERM)
    signals.install()
    try:
        out = tmp_path / "site"
        text = one_paragraph(build(out, *SMALL, "--seed", "5", "--no-extras", "--no-cards", "--lang", "en"))
    finally:
        signals.clear()
        signals._installed = False
        signal.signal(signal.SIGINT, old[0])
        signal.signal(signal.SIGTERM, old[1])
    assert "interrupted (Ctrl-C)" in text and f"kozel-stats atlas --out {out} --resume" in text, text
    monkeypatch.setattr(atlas, "write_mark", original)
    result = build(out, "--resume")  # continued with the build's own settings
    assert result.exit_code == 0, result.output
    assert json.loads((out / "data/eggs-none/beginner/stats.json").read_text())["seed"] == 5


def test_half_written_pages_of_a_killed_build_are_removed_by_the_next(tmp_path):
    out = tmp_path / "site"
    assert build(out, *SMALL, "--no-extras", "--no-cards", "--lang", "en").exit_code == 0
    left = [
        out / ".index.html.999999.partial",
        out / "q/.eggs-none.html.999999.partial",
        out / "data/.atlas.json.7.partial",
    ]
    for path in left:
        path.write_text("half")
    mine = out / "data/eggs-none/beginner/.stats.json.999999.partial"  # a results folder's: its owner's to clean
    mine.write_text("half")
    result = build(out, "--render-only")
    assert result.exit_code == 0, result.output
    assert not any(p.exists() for p in left) and mine.exists()
