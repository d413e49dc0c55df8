"""`kozel-stats sweep`: the grid, the effects and their intervals against known truths, agreement with
`compare`, reproducibility whatever the batches, the command line and its results folder."""

from __future__ import annotations

import json
import math

import pytest
from helpers import run_cli

from kozel_stats.answers import sweep as S
from kozel_stats.answers.compare import run_compare
from kozel_stats.present import words
from kozel_stats.rules.variants import load_variant
from kozel_stats.stats.metrics import METRIC_BY_NAME
from kozel_stats.stats.moments import RunStats
from kozel_stats.stats.redeal import exact_redeal_probability

DEFAULT = load_variant("default")
REDEAL_GRID = ["redeal_doubles=5,6", "threshold=once,none", "target=101,125"]


def grid(vary, base=DEFAULT, cells=None, seed=1):
    return S.build_grid(base, S.parse_vary(vary, base), cells, seed)


def sweep(vary, games, seed=1, metrics=None, workers=1, batch_size=None, base=DEFAULT):
    chosen = S.choose_metrics(metrics) if metrics else None
    return S.run_sweep(
        grid(vary, base), games, seed, ["random"], metrics=chosen, workers=workers, batch_size=batch_size
    )


# --- the grid --------------------------------------------------------------------------------------------------------
def test_grid_names_cells_by_their_changes_and_puts_the_reference_first():
    g = grid(["threshold=none,once", "target=101,125"])
    names = [c.name for c in g.cells]
    # the reference value is the base's (once), wherever it is listed
    assert names[0] == "default" and g.factors[0].reference == "once"
    both = "default+threshold=none+target=125"
    assert set(names) == {"default", "default+target=125", "default+threshold=none", both}
    for cell in g.cells:  # every cell's name loads the same rules again (`variants show` resolves it)
        assert load_variant(cell.name).content_hash == cell.variant.content_hash
    assert g.total == 4 and not g.sampled and not g.skipped


def test_impossible_combinations_are_named_and_skipped():
    g = grid(["layout=chain,cross", "closed_before_house=any,closing-pair-only", "players=4,3"])
    skipped = dict(g.skipped)
    chain_closing = "default+closed_before_house=closing-pair-only"  # closed doubles need the cross
    assert chain_closing in skipped and "layout: cross" in skipped[chain_closing]
    assert "default+players=3" in skipped and "pairs" in skipped["default+players=3"]  # pairs need 4 players
    assert all(n not in skipped for n in (c.name for c in g.cells))
    assert len(g.cells) + len(g.skipped) == g.total == 8


def test_a_subset_of_cells_is_seeded_and_said():
    vary = ["threshold=once,every-deal,none", "target=101,111,125", "fish_winner=lower-sum,fisherman"]
    a, b, c = grid(vary, cells=7, seed=3), grid(vary, cells=7, seed=3), grid(vary, cells=7, seed=4)
    assert [x.name for x in a.cells] == [x.name for x in b.cells] != [x.name for x in c.cells]
    assert a.sampled and a.total == 18 and len(a.cells) == 7 and a.cells[0].name == "default"
    out = S.run_sweep(a, 300, 1, ["random"], workers=1)
    said = [words.note(n, "en") for n in out.analysis.notes]
    assert any("7 of the grid's 18 cells" in n for n in said), said


@pytest.mark.parametrize(
    "vary, message",
    [
        ([], "--vary"),
        (["nosuch=1,2"], "knob"),
        (["target=101"], "at least two"),
        (["target=101,abc"], "bad value"),
        (["target=101,125", "target=111,125"], "twice"),
    ],
)
def test_bad_vary_is_refused_with_its_reason(vary, message):
    with pytest.raises(ValueError, match=message):
        S.parse_vary(vary, DEFAULT)


# --- the effects against known truths -------------------------------------------------------------------------------
def test_a_main_effect_known_exactly_is_recovered_within_its_interval():
    """The redeal rate depends on redeal_doubles only: the main effect of 6 against 5 is
    p(6) - p(5), by combinatorics (R-deal-redeal); the other knobs' effects on it are exactly 0."""
    out = sweep(REDEAL_GRID, 20_000, seed=12, metrics=["redeal_rate", "deals_per_game"], workers=2)
    a = out.analysis
    truth = exact_redeal_probability(6, 6) - exact_redeal_probability(5, 6)
    effect = a.effect("redeal_doubles=6", "redeal_rate")
    assert effect.low <= truth <= effect.high and effect.significant
    assert effect.half_width < abs(truth) / 5  # sharp: common random numbers
    for label in ("threshold=none", "target=125"):
        null = a.effect(label, "redeal_rate")
        assert null.low <= 0 <= null.high
    # the reference is the base value; the family of a main effect is its headline metrics
    assert effect.family == "secondary" and a.effect("target=125", "deals_per_game").family == "headline"
    assert a.ranking["deals_per_game"][0]["knob"] == "target"  # a longer game to 125, by far


@pytest.mark.slow  # 60 sweeps: a long statistical test
def test_knobs_that_cannot_interact_show_interactions_at_the_nominal_rate_only():
    """On the redeal rate no knob interacts with another (and threshold and target have no effect): over
    many seeds, the 95% intervals of those null contrasts exclude 0 about 5% of the time, not more, and
    the interval of the known main effect covers it about 95% of the time. Under common random numbers
    most games give a contrast of exactly 0 and a few rare ones carry its variance:
    without the effective degrees of freedom these intervals undercover (about 90%)."""
    rejected = tested = covered = 0
    truth = exact_redeal_probability(6, 6) - exact_redeal_probability(5, 6)
    seeds = range(1000, 1060)
    for seed in seeds:
        a = sweep(REDEAL_GRID, 1500, seed=seed, metrics=["redeal_rate"]).analysis
        nulls = [e.comparison for e in a.interactions] + [
            a.effect("threshold=none", "redeal_rate"),
            a.effect("target=125", "redeal_rate"),
        ]
        tested += len(nulls)
        rejected += sum(c.significant for c in nulls)
        known = a.effect("redeal_doubles=6", "redeal_rate")
        covered += known.low <= truth <= known.high
    # 300 tests at 5% (15 expected): P(more than 26 rejections) < 0.5% under a correct level (binomial)
    assert tested == 300 and 1 <= rejected <= 26, rejected
    assert covered >= 52, covered  # of 60 at 95%: P(fewer than 52) < 1%


def test_a_two_cell_sweep_is_exactly_a_paired_comparison():
    """One knob with two values: its main effect is the difference of the two cells, and its interval is
    compare's paired delta-method interval, to rounding."""
    out = sweep(["target=101,125"], 4000, seed=5)
    a = out.analysis
    pair = {c.metric: c for c in a.cells.comparisons}
    for metric in ("deals_per_game", "naked_rate", "fish_rate", "written_per_deal"):
        effect, c = a.effect("target=125", metric), pair[metric]
        assert c.differing >= 200  # the delta method decides (not the exact sign-flip)
        assert effect.diff == pytest.approx(c.diff, rel=1e-12, abs=1e-15) and effect.level == c.level
        if "effective degrees of freedom" in effect.test:  # a few games carry the variance: wider, by t
            assert effect.low < c.low and effect.high > c.high
        else:
            assert effect.low == pytest.approx(c.low, rel=1e-7) and effect.high == pytest.approx(c.high, rel=1e-7)
            assert effect.significant == c.significant


def test_sweep_and_compare_agree_on_the_cells_they_share():
    out = sweep(["threshold=once,none", "target=101,125"], 3000, seed=9)
    variants = [load_variant("default"), load_variant("default+threshold=none+target=125")]
    compared = run_compare(variants, 3000, 9, ["random"], workers=1).analysis
    cells = out.analysis.cells
    for name in ("default", "default+threshold=none+target=125"):
        assert cells.estimates[name] == compared.estimates[name]
    mine = [c for c in cells.comparisons if c.variant == "default+threshold=none+target=125"]
    assert mine == compared.comparisons


def test_the_same_seed_gives_the_same_bits_whatever_the_workers_and_batches():
    one = sweep(REDEAL_GRID, 2000, seed=3, workers=1, batch_size=300).result.stats
    two = sweep(REDEAL_GRID, 2000, seed=3, workers=2, batch_size=700).result.stats
    assert one.to_json() == two.to_json()
    assert one.gram is not None and one.gram.matrix.shape == (8 * 5, 8 * 5)
    again = RunStats.from_json(json.loads(json.dumps(one.to_json())))
    assert again.to_json() == one.to_json()


def test_cell_covariance_matches_the_single_cell_interval():
    """The diagonal of the cells' covariance is each cell's own variance (stats.estimate's, delta method)."""
    out = sweep(["threshold=once,none"], 3000, seed=2)
    metric = METRIC_BY_NAME["fish_rate"]
    ratio, cov = S.cell_covariance(out.result.stats, metric)
    for c, cell in enumerate(out.grid.cells):
        e = next(x for x in out.analysis.cells.estimates[cell.name] if x.metric == "fish_rate")
        assert ratio[c] == pytest.approx(e.value, rel=1e-12)
        assert 1.959964 * math.sqrt(cov[c, c]) == pytest.approx(e.high - e.value, rel=1e-6)


# --- the command line ----------------------------------------------------------------------------------------------
def test_cli_sweep_prints_the_ranking_and_writes_a_results_folder_and_a_report(tmp_path):
    out, report = tmp_path / "sw", tmp_path / "sw.html"
    args = ["sweep", "default", "--vary", "threshold=once,none", "--vary", "target=101,125", "--games", "600"]
    code, text = run_cli(*args, "--workers", "1", "--out", out, "--report", report, "--lang", "en", "--csv")
    assert code == 0, text
    assert "What changes “deals per game” most: target" in text
    for name in ("stats.json", "summary.json", "effects.parquet", "cells.parquet", "effects.csv", "cells.csv"):
        assert (out / name).is_file(), name
    summary = json.loads((out / "summary.json").read_text())
    assert summary["meta"]["kind"] == "sweep" and summary["meta"]["games_per_cell"] == 600
    assert summary["meta"]["command"].startswith("kozel-stats sweep default --vary threshold=once,none")
    assert {e["term"] for e in summary["effects"]} == {"threshold=none", "target=125"}
    page = report.read_text(encoding="utf-8")
    assert "tornado-deals_per_game" in page
    # each rule's effect is against its own baseline: the report says what the number before each arrow is
    said = " ".join(text.split())  # the terminal wraps at its width
    assert "so each rule has its own baseline" in page and "so each rule has its own baseline" in said
    # never a silent overwrite
    code, text = run_cli(*args, "--workers", "1", "--out", out)
    assert code == 2 and "already holds a run" in text
    # the folder reads back: summarize and report recompute the same sweep
    code, again = run_cli("summarize", out, "--lang", "en")
    assert code == 0 and "What changes “deals per game” most: target" in again
    code, text = run_cli("report", out, "-o", tmp_path / "again.html", "--lang", "ru")
    assert code == 0 and "какое правило важнее" in (tmp_path / "again.html").read_text(encoding="utf-8")
    code, text = run_cli("compare", "--resume", out)
    assert code == 2 and "holds a sweep" in text


def test_cli_resume_continues_a_sweep_to_the_same_bits(tmp_path):
    vary = ["--vary", "threshold=once,none", "--vary", "target=101,125"]
    code, text = run_cli("sweep", "default", *vary, "--games", "400", "--workers", "1", "--out", tmp_path / "a")
    assert code == 0, text
    code, text = run_cli("sweep", "--resume", tmp_path / "a", "--games", "900", "--workers", "1")
    assert code == 0, text
    code, text = run_cli("sweep", "default", *vary, "--games", "900", "--workers", "1", "--out", tmp_path / "b")
    assert code == 0, text
    a = json.loads((tmp_path / "a" / "stats.json").read_text())["stats"]
    b = json.loads((tmp_path / "b" / "stats.json").read_text())["stats"]
    assert a == b


@pytest.mark.parametrize(
    "args, message",
    [
        (["default"], "--vary"),
        (["default", "--vary", "nosuch=1,2"], "knob"),
        (["nosuch", "--vary", "target=101,125"], "unknown variant"),
        (["default", "--vary", "target=101,125", "--cells", "1"], "--cells"),
        (["default", "--vary", "target=101,125", "--metrics", "nosuch"], "unknown metric"),
        (["default", "--vary", "target=101,125", "--scheduler", "nonsense"], "--scheduler"),
        (["default", "--vary", "target=101,125", "--cluster", "remote:3"], "local:N"),
        (["default", "--vary", "target=101,125", "--games", "0"], "--games"),
        (["--resume", "/nonexistent/folder"], "no such results folder"),
    ],
)
def test_cli_bad_input_is_one_clear_error(args, message):
    code, text = run_cli("sweep", *args)
    assert code == 2 and message in text and "Traceback" not in text, text


def test_variants_show_resolves_a_cell_name():
    code, text = run_cli("variants", "show", "default+threshold=none+target=125")
    assert code == 0 and "125" in text, text
    code, text = run_cli("variants", "show", "default+target=oops")
    assert code == 2 and "target" in text


# --- the report in a real browser -------------------------------------------------------------------------------------
@pytest.mark.slow
@pytest.mark.parametrize("lang", ["ru", "en"])
def test_sweep_report_in_a_browser_on_a_laptop_and_a_phone(tmp_path, lang):
    """Drawn charts, no script error, no horizontal scrolling at 1280 and 390 px, no legend with an inner
    scroll bar and no chart text under 11 px; in Russian no English word outside the ids and the values typed
    on the command line (code), the charts included."""
    import re

    from test_report import CHROMIUM, FRAME, body_data, chromium, visible_text

    if CHROMIUM is None:
        pytest.skip("Debian's chromium is not installed (apt-get install chromium)")
    report = tmp_path / f"sweep-{lang}.html"
    args = ["sweep", "default", "--vary", "threshold=once,every-deal,none", "--vary", "fish_winner=lower-sum,fisherman"]
    code, text = run_cli(*args, "--vary", "target=101,125", "--games", "1500", "--workers", "1", "--report", report)
    assert code == 0, text
    code, text = run_cli(
        *args,
        "--vary",
        "target=101,125",
        "--games",
        "1500",
        "--workers",
        "1",
        "--lang",
        lang,
        "--report",
        report,
        "--force",
    )
    assert code == 0, text
    for width in (1280, 390):
        if width < 600:  # a headless window is at least 500 px wide: the phone is an iframe of exactly 390 px
            frame = tmp_path / f"frame-{lang}.html"
            frame.write_text(FRAME.replace("REPORT", report.name).replace("WIDTH", "390"), encoding="utf-8")
            dom = chromium(
                ["--allow-file-access-from-files", "--window-size=600,900", "--dump-dom", frame.as_uri()],
                tmp_path / f"p{width}",
            )
        else:
            dom = chromium(["--window-size=1280,900", "--dump-dom", report.as_uri()], tmp_path / f"p{width}")
        data = body_data(dom.stdout)
        assert data.get("js-errors") == "[]", data
        assert int(data["charts-total"]) == 8 and data["charts-drawn"] == data["charts-total"], data
        assert int(data["scroll-width"]) <= int(data["viewport-width"]), f"horizontal scrolling at {width} px: {data}"
        assert data["too-wide"] == "[]", data
        assert data["legend-scroll"] == "0" and float(data["min-font"]) >= 11, data  # readable on a phone
        assert data["bare-summaries"] == "[]", data  # every folded section titled in words
        if lang == "ru" and width == 1280:  # the charts too: knob values in words (issue 27)
            latin = set(re.findall(r"[A-Za-z]{2,}", visible_text(dom.stdout))) - {"kozel", "stats"}
            assert not latin, f"English words in the Russian report: {sorted(latin)}"
