"""The statistics: exact merging of the sufficient statistics, estimates and paired comparisons
against textbook formulas on per-game data, the decision rule (a verdict never contradicts its
interval), the exact sign-flip test for sparse differences, and, in the real regime on the
engine, the null rejection rate, the coverage of a known truth and the --precision rule."""

from __future__ import annotations

import math
from collections import Counter

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy import stats as sps

from kozel_stats.answers.compare import analyse, run_compare
from kozel_stats.play.runner import Runner, make_arm
from kozel_stats.present import words
from kozel_stats.rules.variants import load_variant
from kozel_stats.stats import comparison as S
from kozel_stats.stats import redeal as RD
from kozel_stats.stats.metrics import METRIC_BY_NAME, METRICS
from kozel_stats.stats.moments import RunStats, batch_stats

C28_7 = math.comb(28, 7)


# --- the exact redeal probability (the known truth of several tests) -------------------------------------------
def test_exact_redeal_hand_countable_cases():
    # Only one hand can hold all 7 doubles: 4 hands x 1 bad hand, no overlaps.
    assert RD.exact_redeal_probability(7, 0) == pytest.approx(4 / C28_7, rel=1e-12)
    # A whole suit: 7 bad hands; two whole suits share a tile, so no two hands are bad.
    assert RD.exact_redeal_probability(0, 7) == pytest.approx(28 / C28_7, rel=1e-12)
    assert RD.exact_redeal_probability(7, 7) == pytest.approx(32 / C28_7, rel=1e-12)
    # >= 6 doubles: C(7,6) * 21 + 1 = 148 hands, never two at once.
    assert RD.exact_redeal_probability(6, 0) == pytest.approx(4 * 148 / C28_7, rel=1e-12)
    assert RD.exact_redeal_probability(0, 0) == 0.0
    assert RD.exact_redeal_probability(2, 0) == 1.0 and RD.exact_redeal_probability(0, 2) == 1.0  # pigeonhole
    with pytest.raises(ValueError, match="too many"):
        RD.exact_redeal_probability(3, 6)


def test_exact_redeal_defaults_and_ordering():
    p = RD.exact_redeal_probability()
    assert p == pytest.approx(0.0188335, abs=2e-7)
    assert RD.exact_redeal_probability(6, 6) < p
    assert RD.exact_redeal_probability(5, 0) < RD.exact_redeal_probability(5, 7) < p


def test_redeal_tuple_counts_match_brute_force():
    """The orbit shortcut against plain enumeration of disjoint bad pairs and triples."""
    md, ms = 6, 6
    bad = RD._bad_hands(md, ms)
    assert bad.size == 1184 and np.all(RD._bad_hand(bad, md, ms))
    disjoint = (bad[:, None] & bad[None, :]) == 0
    n2 = int(disjoint.sum())
    ia, ib = np.nonzero(disjoint)
    uniq, mult = np.unique(bad[ia] | bad[ib], return_counts=True)
    n3 = int(sum(m * np.count_nonzero((bad & int(u)) == 0) for u, m in zip(uniq.tolist(), mult.tolist())))
    assert RD._redeal_tuple_counts(md, ms) == (1184, n2, n3, 0)


# --- synthetic per-game columns ---------------------------------------------------------------------------------
def columns(rng, n, deals=None, fishes=None, naked=None):
    """Per-game columns of docs/results.md with plausible values (or the given ones)."""
    deals = rng.integers(3, 12, n) if deals is None else deals
    fishes = rng.binomial(deals, 0.26) if fishes is None else fishes
    eggs = rng.binomial(fishes, 0.05)
    loser = rng.integers(0, 2, n)
    return {
        "deals": deals,
        "redeals": rng.binomial(deals, 0.02),
        "fishes": fishes,
        "eggs": eggs,
        "fisherman_wins": rng.binomial(fishes - eggs, 0.6),
        "moves": deals * 22 + rng.integers(-5, 5, n),
        "written": rng.integers(100, 200, n),
        "lost_deals": deals - eggs,
        "vanished_deals": rng.binomial(deals, 0.05),
        "naked": rng.random(n) < 0.2 if naked is None else naked,
        "bald": rng.random(n) < 0.02,
        "general": np.zeros(n, bool),
        "hanging": np.zeros(n, bool),
        "kept_00": np.zeros(n, bool),
        "goats": np.ones(n, np.int64),
        "extra_goats": np.zeros(n, np.int64),
        "decided_fishes": fishes - eggs,
        "loser": loser,
        "first_leader_side": rng.integers(0, 2, n),
        "draws": np.zeros(n, np.int64),
        "early_closures": np.zeros(n, np.int64),
        "out_66": np.zeros(n, np.int64),
        "burns": np.zeros(n, np.int64),
        "leader_wins": rng.binomial(deals - eggs, 0.58),
        "last_deal_decided": np.zeros(n, np.int64),
        "score_a": rng.integers(0, 130, n),
        "score_b": rng.integers(0, 130, n),
    }


def test_merged_batches_are_the_same_bits_as_one_batch():
    """Integer sums: any partition of the games into batches, merged in any order, gives the
    identical statistics (so workers, batch sizes and Dask cannot change a number)."""
    rng = np.random.default_rng(1)
    a, b = columns(rng, 3000), columns(rng, 3000)
    whole = batch_stats([a, b], [(1, 0)])
    cut = [0, 7, 1000, 1001, 2500, 3000]
    parts = [
        batch_stats([{k: v[i:j] for k, v in a.items()}, {k: v[i:j] for k, v in b.items()}], [(1, 0)], first_game=i)
        for i, j in zip(cut, cut[1:])
    ]
    merged = RunStats.empty(2, [(1, 0)])
    for part in reversed(parts):
        merged.add(part)
    assert merged.to_json() == whole.to_json()
    assert RunStats.from_json(merged.to_json()).to_json() == whole.to_json()  # the JSON round trip too


@settings(max_examples=60, deadline=None)
@given(
    games=st.integers(0, 400),
    share=st.sampled_from([0.0, 0.002, 0.05, 0.6]),
    seed=st.integers(0, 2**32 - 1),
    layout=st.sampled_from(["C", "F"]),
)
def test_compiled_sums_are_the_plain_sums(games, share, seed, layout):
    """The sums of an arm and of a pair (kozel_stats/engine/sums.py, one compiled pass) are numpy's plain
    per-metric sums, and the histogram of differences is that of the differing games, kept only
    while fewer than SPARSE_PAIRS differ: any layout of the numbers, few or many differences."""
    from kozel_stats.stats.moments import SPARSE_PAIRS, arm_stats, pair_stats

    rng = np.random.default_rng(seed)
    m = len(METRICS)
    xa = np.asarray(rng.integers(-5, 200, (games, m)), order=layout)
    na = np.asarray(rng.integers(0, 4, (games, m)), order=layout)
    xb, nb = xa.copy(), na.copy()
    flip = rng.random((games, m)) < share
    xb[flip] += rng.integers(1, 9, int(flip.sum()))
    nb[flip & (rng.random((games, m)) < 0.5)] += 1
    arm = arm_stats(xa, na, np.zeros(games, dtype=np.int64))
    for got, want in ((arm.sx, xa), (arm.sn, na), (arm.sxx, xa * xa), (arm.snn, na * na), (arm.sxn, xa * na)):
        assert got.tolist() == want.sum(axis=0).tolist()
    pair = pair_stats(xa, na, xb, nb)
    for got, want in ((pair.sxx, xa * xb), (pair.sxn, xa * nb), (pair.snx, na * xb), (pair.snn, na * nb)):
        assert got.tolist() == want.sum(axis=0).tolist()
    differ = (xa != xb) | (na != nb)
    assert pair.differing.tolist() == differ.sum(axis=0).tolist()
    for j in range(m):
        rows = np.flatnonzero(differ[:, j])
        if len(rows) >= SPARSE_PAIRS:
            assert pair.differences[j] is None
        else:
            pairs = zip((xa - xb)[rows, j].tolist(), (na - nb)[rows, j].tolist(), strict=True)
            assert pair.differences[j] == Counter(pairs)


def test_estimates_match_the_textbook_formulas():
    rng = np.random.default_rng(2)
    cols = columns(rng, 5000)
    run = batch_stats([cols], [])
    arm = run.arms[0]
    # mean: the t interval
    e = S.estimate(arm, METRIC_BY_NAME["deals_per_game"], "v")
    x = cols["deals"].astype(float)
    half = sps.t.ppf(0.975, x.size - 1) * x.std(ddof=1) / math.sqrt(x.size)
    assert e.value == pytest.approx(x.mean()) and e.high - e.value == pytest.approx(half, rel=1e-9)
    # a share of games: Wilson
    e = S.estimate(arm, METRIC_BY_NAME["naked_rate"], "v")
    k = int(cols["naked"].sum())
    assert (e.low, e.high) == pytest.approx(S.wilson_interval(k, 5000), rel=1e-12)
    # a rate per deal: the delta method with games as clusters
    e = S.estimate(arm, METRIC_BY_NAME["fish_rate"], "v")
    xs, ns = cols["fishes"].astype(float), cols["deals"].astype(float)
    r = xs.sum() / ns.sum()
    u = (xs - r * ns) / ns.mean()
    assert e.value == pytest.approx(r) and e.high - e.value == pytest.approx(
        1.959964 * u.std(ddof=1) / math.sqrt(5000), rel=1e-5
    )


def test_paired_comparisons_match_per_game_computation():
    """The paired interval from the cross sums equals the one computed from the games."""
    rng = np.random.default_rng(3)
    a = columns(rng, 4000)
    b = dict(a, deals=a["deals"] + rng.integers(0, 2, 4000), fishes=a["fishes"] + rng.integers(0, 2, 4000))
    run = batch_stats([a, b], [(1, 0)])
    headline = [m for m in METRICS if m.headline]
    comps = {c.metric: c for c in S.compare_arms(run.arms[1], run.arms[0], run.pairs[(1, 0)], "b", "a", headline)}
    d = (b["deals"] - a["deals"]).astype(float)
    q = sps.t.ppf(1 - 0.05 / 4 / 2, d.size - 1)
    c = comps["deals_per_game"]
    assert c.diff == pytest.approx(d.mean()) and c.high - c.diff == pytest.approx(q * d.std(ddof=1) / math.sqrt(d.size))
    assert c.p_value == pytest.approx(sps.ttest_rel(b["deals"], a["deals"]).pvalue, rel=1e-6)  # the paired t test
    xa, na, xb, nb = (v.astype(float) for v in (a["fishes"], a["deals"], b["fishes"], b["deals"]))
    ua = (xa - xa.sum() / na.sum() * na) / na.mean()
    ub = (xb - xb.sum() / nb.sum() * nb) / nb.mean()
    se = (ub - ua).std(ddof=1) / math.sqrt(ua.size)
    c = comps["fish_rate"]
    assert c.half_width == pytest.approx(sps.norm.ppf(1 - 0.05 / 8) * se, rel=1e-9)
    assert c.level == pytest.approx(1 - 0.05 / 4) and c.family == "headline"


def test_a_verdict_never_contradicts_its_interval():
    rng = np.random.default_rng(4)
    for trial in range(40):
        a = columns(rng, 500)
        shift = rng.integers(0, 2, 500) * (trial % 3)
        b = dict(a, deals=a["deals"] + shift, naked=np.where(rng.random(500) < 0.05, ~a["naked"], a["naked"]))
        run = batch_stats([a, b], [(1, 0)])
        for c in S.compare_arms(run.arms[1], run.arms[0], run.pairs[(1, 0)], "b", "a", list(METRICS)):
            if not c.comparable or math.isnan(c.low):
                continue
            excludes_zero = c.low > 0 or c.high < 0
            assert c.significant == excludes_zero, c
            assert c.significant == (c.p_adjusted < 0.05), c
            assert ("CI" in c.verdict) and (f"{S.level_text(c.level)} CI" in c.verdict)


# --- sparse differences: the exact sign-flip test ----------------------------------------------------------------
def test_sign_flip_distribution_exact_small_case():
    """Three games differ by +1 deal, one by -1: |T| takes 0, 2, 4 with 6/16, 8/16, 2/16."""
    p, accept_max = S._sign_flip(Counter({(1, 0): 3, (-1, 0): 1}), S.Fraction(0), 2.0, 0.05)
    assert p == pytest.approx(10 / 16)
    assert accept_max == 4.0  # even |T| = 4 has probability 1/8 > 5%: nothing is rejected


def test_sparse_null_rejects_at_most_alpha():
    """Rare events that differ in a handful of games (common random numbers): the exact test
    keeps its level where the delta-method z test did not (issue 10: 14% at 5%)."""
    rng = np.random.default_rng(5)
    rejections = 0
    trials = 400
    for _ in range(trials):
        a = columns(rng, 3000)
        eggs = a["eggs"].copy()
        flip = rng.random(3000) < 0.002  # ~6 games differ, by +-1, symmetric: no true difference
        b = dict(a, eggs=np.where(flip, np.maximum(eggs + rng.choice([-1, 1], 3000), 0), eggs))
        run = batch_stats([a, b], [(1, 0)])
        c = S.compare_metric(METRIC_BY_NAME["eggs_rate"], run.arms[1], run.arms[0], run.pairs[(1, 0)], "b", "a")
        assert c.test == "exact sign-flip" and c.differing < S.SPARSE_PAIRS
        rejections += c.significant
    assert rejections / trials <= 0.05 + 2 * math.sqrt(0.05 * 0.95 / trials)


def test_identical_games_show_no_difference_at_all():
    rng = np.random.default_rng(6)
    a = columns(rng, 1000)
    run = batch_stats([a, dict(a)], [(1, 0)])
    for c in S.compare_arms(run.arms[1], run.arms[0], run.pairs[(1, 0)], "b", "a", list(METRICS)):
        if c.comparable and not math.isnan(c.diff):
            assert c.diff == 0 and not c.significant and c.differing == 0
            assert "every game gave the same numbers" in c.verdict


def test_mde_and_equivalence_margin():
    rng = np.random.default_rng(7)
    a = columns(rng, 20000)
    run = batch_stats([a, dict(a, deals=a["deals"] + (rng.random(20000) < 0.5) * rng.choice([-1, 1], 20000))], [(1, 0)])
    c = S.compare_metric(
        METRIC_BY_NAME["deals_per_game"],
        run.arms[1],
        run.arms[0],
        run.pairs[(1, 0)],
        "b",
        "a",
        family="headline",
        family_size=4,
        margin=0.05,
    )
    assert not c.significant and c.equivalent  # no difference, and within 5% of 7 deals
    assert c.mde > c.half_width  # 80% power needs more than the half-width
    assert "no difference bigger than" in c.verdict and "the same within ±5%" in c.verdict


# --- the real regime: the engine --------------------------------------------------------------------------------------
def engine_null_runs(replicates, games, seed0):
    """Pairs of arms that play the same variant on the same shuffles with independent bot
    decisions (bot_salt): every difference is luck of the bots, the truth is 0."""
    v = load_variant("default")
    arms = [make_arm(v, ["random"]), make_arm(v, ["random"], name="default-again", bot_salt=1)]
    for r in range(replicates):
        runner = Runner(arms, [(1, 0)], seed0 + r, workers=1, batch_size=games)
        runner.play(games)
        yield analyse(arms, runner.stats)


@pytest.mark.slow
def test_engine_null_rejects_at_the_nominal_rate():
    """(a) Same shuffles, independent bot streams, 200 replicates: each metric is rejected about
    5% of the time, and a variant's headline family at most 5% (Bonferroni)."""
    replicates = 200
    per_metric: Counter = Counter()
    family = 0
    for analysis in engine_null_runs(replicates, 1500, 1000):
        headline_hit = False
        for c in analysis.comparisons:
            if c.comparable and not math.isnan(c.low):
                per_metric[c.metric] += c.significant
                headline_hit |= c.significant and c.family == "headline"
        family += headline_hit
    margin = 3 * math.sqrt(0.05 * 0.95 / replicates)
    for metric, hits in per_metric.items():
        level = 0.05 / 4 if METRIC_BY_NAME[metric].headline else 0.05
        assert hits / replicates <= level + margin, (metric, hits)
    assert family / replicates <= 0.05 + margin


@pytest.mark.slow
def test_redeal_difference_is_covered_at_the_nominal_rate():
    """(b) A known truth: redeal_doubles 5 vs 6 changes the redeal rate by an exactly computable
    amount (inclusion-exclusion); its 95% interval covers it in about 95% of 200 runs."""
    truth = RD.exact_redeal_probability(6, 6) - RD.exact_redeal_probability(5, 6)
    base = load_variant("default")
    from kozel_stats.rules.variants import Variant

    six = Variant("redeal-6", "d", "s", "kozel", tuple((k, 6 if k == "redeal_doubles" else v) for k, v in base.rules))
    arms = [make_arm(base, ["random"]), make_arm(six, ["random"])]
    covered = 0
    replicates = 200
    for r in range(replicates):
        runner = Runner(arms, [(1, 0)], 5000 + r, workers=1, batch_size=3000)
        runner.play(3000)
        c = next(c for c in analyse(arms, runner.stats).comparisons if c.metric == "redeal_rate")
        covered += c.low <= truth <= c.high
    rate = covered / replicates
    assert abs(rate - 0.95) <= 3 * math.sqrt(0.05 * 0.95 / replicates), rate


def test_engine_redeal_rate_matches_exact_probability():
    v = load_variant("default")
    arms = [make_arm(v, ["random"])]
    runner = Runner(arms, [], 20240611, workers=1, batch_size=50000)
    runner.play(100_000)
    e = next(e for e in analyse(arms, runner.stats).estimates["default"] if e.metric == "redeal_rate")
    assert e.low < RD.exact_redeal_probability(5, 6) < e.high and e.high - e.low < 0.001


@pytest.mark.slow
def test_every_verdict_of_all_shipped_variants_agrees_with_its_interval(tmp_path):
    """(c) A compare of every shipped variant: in summary.json each verdict agrees with its interval."""
    import json

    from kozel_stats.answers.compare import CompareRequest, execute, prepare_request
    from kozel_stats.rules.variants import shipped_dir

    out = tmp_path / "all"
    execute(prepare_request(CompareRequest([str(shipped_dir())], 3000, 7, workers=1, out=out)))
    summary = json.loads((out / "summary.json").read_text())
    checked = 0
    for c in summary["comparisons"]:
        if not c["comparable"] or c["low"] is None:
            continue
        assert c["significant"] == (c["low"] > 0 or c["high"] < 0), c
        assert c["significant"] == (c["p_adjusted"] < 0.05), c
        level = f"{c['level'] * 100:.4g}% CI"
        assert level in c["verdict"], c
        checked += 1
    assert checked > 200


def test_precision_stops_as_soon_as_met_and_says_so():
    variants = [load_variant("default"), load_variant("target-125")]
    outcome = run_compare(variants, 1000, seed=1, bots=["random"], workers=1, precision=0.015, max_games=64000)
    info = outcome.analysis.precision
    assert info["met"] and info["short"] == [] and info["games"] == outcome.analysis.games_per_variant > 1000
    # with half the games it was not met: it stopped as soon as it was
    half = run_compare(variants, info["games"] // 2, seed=1, bots=["random"], workers=1)
    assert S.precision_shortfalls(
        [e for es in half.analysis.estimates.values() for e in es], half.analysis.comparisons, 0.015
    )
    # a cap too low: not met, named
    capped = run_compare(variants, 1000, seed=1, bots=["random"], workers=1, precision=0.001, max_games=2000)
    assert capped.analysis.precision["met"] is False and capped.analysis.precision["short"]
    assert capped.analysis.games_per_variant == 2000


def test_precision_without_max_games_adds_games():
    """Issue 10: --precision alone used to add no games."""
    variants = [load_variant("default"), load_variant("target-125")]
    outcome = run_compare(variants, 500, seed=2, bots=["random"], workers=1, precision=0.02)
    assert outcome.analysis.games_per_variant > 500 and outcome.analysis.precision["met"]


@pytest.mark.slow
def test_precision_doubling_keeps_coverage():
    """Stopping when the interval is narrow enough (doubling the games) keeps the coverage of a
    known truth: the exact redeal-rate difference, 100 sequential runs."""
    truth = RD.exact_redeal_probability(6, 6) - RD.exact_redeal_probability(5, 6)
    base = load_variant("default")
    from kozel_stats.rules.variants import Variant

    six = Variant("redeal-6", "d", "s", "kozel", tuple((k, 6 if k == "redeal_doubles" else v) for k, v in base.rules))
    covered = 0
    for r in range(100):
        outcome = run_compare(
            [base, six], 500, seed=9000 + r, bots=["random"], workers=1, precision=0.06, max_games=16000
        )
        c = next(c for c in outcome.analysis.comparisons if c.metric == "redeal_rate")
        covered += c.low <= truth <= c.high
    assert covered >= 89  # 95% nominal, 3 standard errors below


def test_solo_games_read_against_chance_and_are_not_compared_across_player_counts():
    outcome = run_compare([load_variant("solo-3"), load_variant("solo-4")], 3000, seed=3, bots=["random"], workers=1)
    a = outcome.analysis
    assert a.chance == {"solo-3": pytest.approx(1 / 3), "solo-4": pytest.approx(1 / 4)}
    lead = next(c for c in a.comparisons if c.metric == "first_lead_loss_rate")
    assert not lead.comparable and "1/" in lead.note and "not compared" in lead.verdict
    assert any("different games" in words.note(note, "en") for note in a.notes)
    for name, players in (("solo-3", 3), ("solo-4", 4)):
        table = a.placings[name]
        assert table["chance"] == pytest.approx(1 / players) and len(table["seats"]) == players
        for seat in table["seats"].values():
            assert sum(p["share"] for p in seat["places"].values()) == pytest.approx(1.0)


def test_length_distribution_from_the_histogram_matches_numpy():
    rng = np.random.default_rng(8)
    deals = rng.integers(3, 15, 2001)
    run = batch_stats([columns(rng, 2001, deals=deals)], [])
    dist = S.length_distribution(run.arms[0])
    q = np.quantile(deals, [0.25, 0.5, 0.75, 0.9])
    assert [dist["q1"], dist["median"], dist["q3"], dist["p90"]] == pytest.approx(q.tolist())
    assert dist["mean"] == pytest.approx(deals.mean()) and dist["n"] == 2001
