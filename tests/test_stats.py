"""The statistics module: exact redeal probability, intervals' coverage on synthetic data
with a known truth, paired vs unpaired, Holm, verdicts, edge cases."""

from __future__ import annotations

import math

import numpy as np
import polars as pl
import pytest
from scipy.special import erfinv
from scipy.stats import poisson

from kozel_stats import stats as S

C28_7 = math.comb(28, 7)
BY_NAME = S.METRIC_BY_NAME


# --- the exact redeal probability ---------------------------------------------------------------
def test_exact_redeal_hand_countable_cases():
    # Only one hand can hold all 7 doubles: 4 hands x 1 bad hand, no overlaps.
    assert S.exact_redeal_probability(7, 0) == pytest.approx(4 / C28_7, rel=1e-12)
    # A whole suit: 7 bad hands; two whole suits share a tile, so no two hands are bad.
    assert S.exact_redeal_probability(0, 7) == pytest.approx(28 / C28_7, rel=1e-12)
    assert S.exact_redeal_probability(7, 7) == pytest.approx(32 / C28_7, rel=1e-12)
    # >= 6 doubles: C(7,6) * 21 + 1 = 148 hands, never two at once.
    assert S.exact_redeal_probability(6, 0) == pytest.approx(4 * 148 / C28_7, rel=1e-12)
    assert S.exact_redeal_probability(0, 0) == 0.0
    # Pigeonhole: some hand always holds 2 doubles / 2 tiles of a suit.
    assert S.exact_redeal_probability(2, 0) == 1.0
    assert S.exact_redeal_probability(0, 2) == 1.0
    with pytest.raises(ValueError, match="too many"):  # nearly every hand would redeal
        S.exact_redeal_probability(3, 6)


def test_exact_redeal_defaults_and_ordering():
    p = S.exact_redeal_probability()
    assert p == pytest.approx(0.0188335, abs=2e-7)
    assert S.exact_redeal_probability(6, 6) < p
    assert S.exact_redeal_probability(5, 0) < S.exact_redeal_probability(5, 7) < p
    assert S.exact_redeal_probability(5, 0) < p and S.exact_redeal_probability(0, 6) < p


def test_redeal_tuple_counts_match_brute_force():
    """The orbit shortcut against plain enumeration of disjoint bad pairs and triples."""
    md, ms = 6, 6
    bad = S._bad_hands(md, ms)
    assert bad.size == 1184 and np.all(S._bad_hand(bad, md, ms))
    assert np.all(S._popcount(bad) == 7)
    disjoint = (bad[:, None] & bad[None, :]) == 0
    n2 = int(disjoint.sum())
    ia, ib = np.nonzero(disjoint)
    union = bad[ia] | bad[ib]
    uniq, mult = np.unique(union, return_counts=True)
    n3 = int(sum(m * np.count_nonzero((bad & int(u)) == 0) for u, m in zip(uniq.tolist(), mult.tolist())))
    assert S._redeal_tuple_counts(md, ms) == (1184, n2, n3, 0)


def _play_default_games(n: int, seed: int) -> np.ndarray:
    from kozel_stats import engine as E
    from kozel_stats.codes import compile_rules
    from kozel_stats.rules import load_variant
    from kozel_stats.runner import play_range

    p = compile_rules(load_variant("default").rule_dict)
    games = play_range(p, seed, 0, n, np.zeros(4, dtype=np.int64)).games
    return np.column_stack([games[:, E.G_DEALS], games[:, E.G_REDEALS]])


def test_engine_redeal_rate_matches_exact_probability():
    g = _play_default_games(100_000, 20240611)
    deals, redeals = g[:, 0], g[:, 1]
    exact = S.exact_redeal_probability(5, 6)
    # Every shuffle is an independent trial: Wilson on redeals / shuffles.
    low, high = S.wilson_interval(int(redeals.sum()), int((deals + redeals).sum()))
    assert low < exact < high
    assert high - low < 0.001
    # The module's own (cluster-robust) estimate covers it too.
    frame = pl.DataFrame({"variant": "default", "deals": deals, "redeals": redeals})
    (est,) = S.summarize(frame, [BY_NAME["redeal_rate"]])
    assert est.low < exact < est.high and est.n == 100_000


# --- synthetic paired runs with a known truth ---------------------------------------------------
def _frames(rng: np.random.Generator, n: int, lam: tuple[float, float], q: tuple[float, float],
            p: tuple[float, float], rho: float) -> tuple[pl.DataFrame, pl.DataFrame]:
    """Baseline and variant tables over games 0..n-1. True differences (variant minus
    baseline): mean deals per game lam[1]-lam[0], naked rate q[1]-q[0], fish rate p[1]-p[0].
    Each game of the variant reuses the baseline's random numbers with probability rho
    (common random numbers: positively correlated pairs); rho=0 makes the two tables
    independent samples."""
    shared = rng.random((4, n))
    shared_fish = rng.random((n, 64))  # one uniform per deal slot
    out = []
    for k, name in enumerate(("base", "var")):
        u, uf = shared, shared_fish
        if k:
            same = rng.random(n) < rho
            u = np.where(same, shared, rng.random((4, n)))
            uf = np.where(same[:, None], shared_fish, rng.random((n, 64)))
        z = np.sqrt(2) * erfinv(2 * u[0] - 1)  # standard normal game effect
        mu = (lam[k] - 1) * np.exp(0.4 * z - 0.08)  # E[mu] = lam - 1, so E[deals] = lam
        deals = 1 + poisson.ppf(u[1], mu).astype(np.int64)
        pf = p[k] + 0.2 * (u[2] - 0.5)  # per-game fish probability, mean p, independent of length
        assert deals.max() <= 64
        fishes = ((uf < pf[:, None]) & (np.arange(64) < deals[:, None])).sum(axis=1)  # Bin(deals, pf)
        eggs = rng.binomial(fishes, 0.05)
        lost = deals - eggs
        out.append(pl.DataFrame({
            "variant": name, "game": np.arange(n), "deals": deals,
            "redeals": rng.poisson(0.02 * deals), "fishes": fishes, "eggs": eggs,
            "fisherman_wins": rng.binomial(fishes - eggs, 0.6), "moves": 22 * deals,
            "written": rng.poisson(27 * deals), "lost_deals": lost,
            "vanished_deals": rng.binomial(lost, 0.05),
            # a few games cut off at max_deals (-1)
            "loser": np.where(rng.random(n) < 0.02, -1, rng.integers(0, 2, n)).astype(np.int8),
            "naked": u[3] < q[k], "bald": rng.random(n) < 0.02, "general": rng.random(n) < 0.001,
            "first_leader_side": rng.integers(0, 2, n).astype(np.int8),
        }))
    return out[0], out[1]


KEY = [BY_NAME["deals_per_game"], BY_NAME["naked_rate"], BY_NAME["fish_rate"]]
TRUE_BASE = (6.0, 0.20, 0.26)
TRUE_VAR = (6.3, 0.23, 0.27)


def _replicates(reps: int, n: int, var: tuple[float, float, float], seed: int, rho: float):
    lam, q, p = zip(TRUE_BASE, var)
    for r in range(reps):
        yield _frames(np.random.default_rng([seed, r]), n, lam, q, p, rho)


@pytest.mark.slow
@pytest.mark.parametrize("paired", [True, False])
def test_intervals_cover_known_differences(paired):
    """Paired runs (common random numbers) analysed paired, independent runs unpaired."""
    reps, n = 300, 1500
    truth = [v - b for v, b in zip(TRUE_VAR, TRUE_BASE)]
    hits, est_hits = np.zeros(3), np.zeros(3)
    for base, var in _replicates(reps, n, TRUE_VAR, 1, rho=0.7 if paired else 0.0):
        comps = S.compare(var, base, metrics=KEY, paired=None if paired else False)
        assert all(c.paired is paired for c in comps)
        hits += [c.low <= t <= c.high for c, t in zip(comps, truth)]
        est = S.summarize(var, KEY)
        est_hits += [e.low <= t <= e.high for e, t in zip(est, TRUE_VAR)]
    for coverage in (hits / reps, est_hits / reps):
        assert np.all((coverage >= 0.91) & (coverage <= 0.99)), coverage


@pytest.mark.slow
@pytest.mark.parametrize("paired", [True, False])
def test_zero_difference_gives_uniform_p_values(paired):
    reps, n = 300, 1500
    p = []
    for base, var in _replicates(reps, n, TRUE_BASE, 2, rho=0.7 if paired else 0.0):
        p.append([c.p_value for c in S.compare(var, base, metrics=KEY, paired=paired)])
    p = np.array(p)
    assert np.all((p >= 0) & (p <= 1))
    rejected = (p < 0.05).mean(axis=0)
    assert np.all((rejected >= 0.01) & (rejected <= 0.10)), rejected
    # roughly uniform: the deciles are all populated near 10%
    deciles = np.stack([np.histogram(col, bins=10, range=(0, 1))[0] for col in p.T]) / reps
    assert np.all((deciles > 0.04) & (deciles < 0.17)), deciles


# --- paired vs unpaired -------------------------------------------------------------------------
def test_paired_intervals_are_narrower_with_correlated_pairs():
    rng = np.random.default_rng(7)
    base, var = _frames(rng, 20_000, (6.0, 6.2), (0.2, 0.21), (0.26, 0.265), rho=0.9)
    paired = S.compare(var, base, metrics=KEY)
    unpaired = S.compare(var, base, paired=False, metrics=KEY)
    for a, b in zip(paired, unpaired):
        assert a.paired and not b.paired
        assert a.diff == pytest.approx(b.diff)
        assert a.half_width < 0.8 * b.half_width, a.metric
    assert [c.test for c in paired] == ["Wilcoxon signed-rank", "McNemar chi-square", "paired delta-method z"]
    assert [c.test for c in unpaired] == ["Mann-Whitney U", "two-proportion z", "delta-method z"]


def test_pairing_is_chosen_only_when_game_sets_match():
    rng = np.random.default_rng(8)
    base, var = _frames(rng, 500, (6.0, 6.0), (0.2, 0.2), (0.26, 0.26), rho=0.5)
    assert all(c.paired for c in S.compare(var, base))
    # row order does not matter: pairs are matched on `game`
    shuffled = var.sample(fraction=1.0, shuffle=True, seed=3)
    assert S.compare(shuffled, base) == S.compare(var, base)
    other = var.with_columns(pl.col("game") + 500)
    assert not any(c.paired for c in S.compare(other, base))
    assert not any(c.paired for c in S.compare(var.head(499), base))
    with pytest.raises(ValueError, match="cannot pair"):
        S.compare(other, base, paired=True)


def test_compare_all_holm_over_the_whole_run():
    rng = np.random.default_rng(9)
    base, var = _frames(rng, 3000, (6.0, 6.5), (0.2, 0.25), (0.26, 0.3), rho=0.6)
    _, var2 = _frames(rng, 3000, (6.0, 6.0), (0.2, 0.2), (0.26, 0.26), rho=0.6)
    run = pl.concat([base, var, var2.with_columns(pl.lit("var2").alias("variant"))])
    comps = S.compare_all(run, "base")
    assert len(comps) == 2 * len(S.available_metrics(run))
    assert {c.variant for c in comps} == {"var", "var2"} and {c.baseline for c in comps} == {"base"}
    assert comps == S.holm(S.compare(var, base) + S.compare(var2.with_columns(pl.lit("var2").alias("variant")), base))
    by = {(c.variant, c.metric): c for c in comps}
    assert by["var", "deals_per_game"].significant and by["var", "naked_rate"].significant
    assert not by["var2", "deals_per_game"].significant
    with pytest.raises(ValueError):
        S.compare_all(run, "nope")


# --- Holm and verdicts --------------------------------------------------------------------------
def _comparison(metric: str, diff: float, low: float, high: float, p: float) -> S.Comparison:
    return S.Comparison("v", "b", metric, 0.5 + diff, 0.5, diff, low, high, p, p, "test", True, False, "")


def test_holm_against_manual_computation():
    p = [0.01, 0.04, 0.03, 0.005, math.nan]
    comps = S.holm([_comparison("fish_rate", 0.01, 0.0, 0.02, x) for x in p], alpha=0.05)
    # m = 4 defined p-values. Sorted: 0.005*4 = 0.02, 0.01*3 = 0.03, 0.03*2 = 0.06,
    # 0.04*1 = 0.04 -> max(0.06, 0.04) = 0.06 (step-down keeps them monotone).
    adjusted = [c.p_adjusted for c in comps]
    assert adjusted[:4] == pytest.approx([0.03, 0.06, 0.06, 0.02])
    assert math.isnan(adjusted[4])
    assert [c.significant for c in comps] == [True, False, False, True, False]
    assert [c.p_value for c in comps][:4] == p[:4]
    assert S.holm([_comparison("fish_rate", 0, 0, 0, 0.8)] * 3)[0].p_adjusted == 1.0


def test_verdict_strings():
    sig = S.holm([_comparison("fish_rate", 0.021, 0.018, 0.024, 1e-6)])[0]
    assert sig.verdict == "2.1 pp higher (95% CI 1.8 to 2.4 pp), p < 0.001"
    lower = S.holm([_comparison("fish_rate", -0.021, -0.024, -0.018, 1e-6)])[0]
    assert lower.verdict == "2.1 pp lower (95% CI 1.8 to 2.4 pp), p < 0.001"
    longer = S.holm([_comparison("deals_per_game", 0.8, 0.7, 0.9, 0.03)])[0]
    assert longer.verdict == "games 0.8 deals longer (95% CI 0.7 to 0.9), p = 0.03"
    shorter = S.holm([_comparison("deals_per_game", -0.25, -0.3, -0.2, 0.004)])[0]
    assert shorter.verdict == "games 0.25 deals shorter (95% CI 0.20 to 0.30), p = 0.004"
    none = S.holm([_comparison("fish_rate", 0.001, -0.002, 0.004, 0.4)])[0]
    assert not none.significant and none.verdict == "no detectable difference (±0.3 pp)"
    assert S.format_p(0.0004) == "p < 0.001" and S.format_p(0.031) == "p = 0.03"


# --- estimates, precision, lengths --------------------------------------------------------------
def test_summarize_values_and_methods():
    rng = np.random.default_rng(11)
    base, _ = _frames(rng, 2000, (6.0, 6.0), (0.2, 0.2), (0.26, 0.26), rho=0.5)
    est = {e.metric: e for e in S.summarize(base)}
    assert list(est) == [m.name for m in S.available_metrics(base)]
    assert est["deals_per_game"].value == pytest.approx(base["deals"].mean())
    assert est["fish_rate"].value == pytest.approx(base["fishes"].sum() / base["deals"].sum())
    decided = base.filter(pl.col("loser") >= 0)
    assert est["first_lead_loss_rate"].value == pytest.approx(
        (decided["loser"] == decided["first_leader_side"]).mean())
    assert est["redeal_rate"].value == pytest.approx(
        base["redeals"].sum() / (base["deals"].sum() + base["redeals"].sum()))
    assert est["fisherman_share"].value == pytest.approx(
        base["fisherman_wins"].sum() / (base["fishes"].sum() - base["eggs"].sum()))
    for e in est.values():
        assert e.low <= e.value <= e.high and e.variant == "base"
        assert e.n == (decided.height if e.metric == "first_lead_loss_rate" else 2000)
    assert "clusters" in est["fish_rate"].method and est["naked_rate"].method == "Wilson score"
    with pytest.raises(ValueError):
        S.summarize(pl.concat([base, base.with_columns(pl.lit("x").alias("variant"))]))


def test_precision_reached_absolute_for_rates_relative_otherwise():
    def est(metric, value, half):
        return S.Estimate("v", metric, value, value - half, value + half, 1000, "m")

    ok = [est("deals_per_game", 6.0, 0.029), est("naked_rate", 0.2, 0.0049),
          est("first_lead_loss_rate", 0.5, 0.004), est("fish_rate", 0.26, 0.001),
          est("eggs_rate", 0.01, 0.5)]  # not a headline metric: ignored
    assert S.precision_reached(ok, 0.005)
    assert not S.precision_reached(ok[:1] + [est("naked_rate", 0.2, 0.0051)], 0.005)
    assert not S.precision_reached([est("deals_per_game", 6.0, 0.031)], 0.005)  # > 0.5% of 6
    assert not S.precision_reached([est("deals_per_game", 6.0, math.nan)], 0.005)
    assert S.precision_reached(ok + [est("fish_rate", math.nan, math.nan)], 0.005)  # undefined: skipped
    assert not S.precision_reached([], 0.005)


def test_length_distribution():
    frame = pl.DataFrame({"deals": [1, 2, 2, 3, 3, 3, 4, 4, 4, 4]})
    d = S.length_distribution(frame)
    assert d["n"] == 10 and d["mean"] == 3.0 and d["median"] == 3.0 and d["max"] == 4
    assert d["q1"] == 2.25 and d["q3"] == 4.0 and d["p90"] == 4.0
    assert d["histogram"] == {1: 1, 2: 2, 3: 3, 4: 4}
    assert S.length_distribution(frame.head(0))["n"] == 0


# --- edge cases ---------------------------------------------------------------------------------
def test_zero_fishes_gives_nan_not_a_crash():
    rng = np.random.default_rng(12)
    base, var = _frames(rng, 200, (6.0, 6.0), (0.2, 0.2), (0.26, 0.26), rho=0.5)
    zero = {"fishes": 0, "eggs": 0, "fisherman_wins": 0}
    base = base.with_columns(pl.lit(0, pl.Int64).alias(c) for c in zero)
    var = var.with_columns(pl.lit(0, pl.Int64).alias(c) for c in zero)
    est = {e.metric: e for e in S.summarize(base)}
    share = est["fisherman_share"]
    assert math.isnan(share.value) and math.isnan(share.low) and math.isnan(share.high)
    assert est["fish_rate"].value == 0.0 and est["fish_rate"].low == 0.0
    for paired in (True, False):
        comps = {c.metric: c for c in S.compare(var, base, paired=paired)}
        c = comps["fisherman_share"]
        assert math.isnan(c.diff) and math.isnan(c.p_value) and math.isnan(c.p_adjusted)
        assert not c.significant and c.verdict.startswith("not estimable")
        assert comps["fish_rate"].p_value == 1.0 and not comps["fish_rate"].significant


def test_identical_variants_show_no_difference():
    rng = np.random.default_rng(13)
    base, _ = _frames(rng, 1000, (6.0, 6.0), (0.2, 0.2), (0.26, 0.26), rho=0.5)
    same = base.with_columns(pl.lit("same").alias("variant"))
    for c in S.compare(same, base):
        assert c.paired and c.diff == 0 and c.p_value == 1.0 and c.p_adjusted == 1.0
        assert c.low <= 0 <= c.high and c.half_width < 0.01 and not c.significant
        assert c.verdict.startswith("no detectable difference")


@pytest.mark.parametrize("n", [0, 1, 2, 5])
def test_tiny_runs_do_not_crash(n):
    rng = np.random.default_rng(14)
    base, var = _frames(rng, 5, (6.0, 6.5), (0.2, 0.3), (0.26, 0.3), rho=0.5)
    base, var = base.head(n), var.head(n)
    est = S.summarize(base, variant_label="base")
    assert len(est) == len(S.available_metrics(base))
    assert not S.precision_reached(est, 0.5) or n >= 2
    for paired in (True, False):
        comps = S.compare(var, base, "var", paired=paired, baseline_label="base")
        assert len(comps) == len(S.available_metrics(base))
        for c in comps:
            assert isinstance(c.verdict, str) and c.verdict
            assert math.isnan(c.p_value) or 0 <= c.p_value <= 1
    S.length_distribution(base)


def test_small_count_tests_against_hand_computation():
    naked = [BY_NAME["naked_rate"]]
    # 100 paired games: 5 naked in both, 3 only in the variant, 10 only in the baseline.
    var_naked = np.array([1] * 5 + [1] * 3 + [0] * 10 + [0] * 82, dtype=bool)
    base_naked = np.array([1] * 5 + [0] * 3 + [1] * 10 + [0] * 82, dtype=bool)
    frame = pl.DataFrame({"variant": "b", "game": np.arange(100), "naked": base_naked})
    (c,) = S.compare(frame.with_columns(pl.Series("naked", var_naked), pl.lit("v").alias("variant")),
                     frame, metrics=naked)
    assert c.test == "McNemar exact binomial" and c.paired
    # two-sided exact: 2 * P(Bin(13, 1/2) <= 3) = 2 * (1 + 13 + 78 + 286) / 2**13
    assert c.p_value == pytest.approx(2 * 378 / 2**13)
    assert c.diff == pytest.approx(-0.07) and c.low < -0.07 < c.high < 0.01
    # independent samples with few events: Fisher's exact test
    other = frame.with_columns(pl.col("game") + 100, pl.Series("naked", np.arange(100) < 1),
                               pl.lit("v").alias("variant"))
    (u,) = S.compare(other, frame.with_columns(pl.Series("naked", np.arange(100) < 7)), metrics=naked)
    from scipy.stats import fisher_exact

    assert u.test == "Fisher exact" and not u.paired
    assert u.p_value == pytest.approx(fisher_exact([[1, 99], [7, 93]]).pvalue)
    assert u.diff == pytest.approx(-0.06) and u.low < -0.06 < u.high
