"""Statistics of a run, from its sufficient statistics (`moments.py`): per-variant estimates
with intervals, and comparisons of a variant with the baseline whose verdict can never
contradict its own interval.

Estimates, per variant (every metric is R = sum x / sum n over games, `metrics.py`):

* ``game-rate`` (a yes/no per game): Wilson score interval;
* ``mean`` (deals per game): t interval;
* ``deal-ratio`` (a rate per deal): delta method with games as clusters — the deals of
  a game are not independent trials.

Comparisons, variant a minus baseline b, on the same games (common random numbers: game
i of both starts from the same shuffle), by the linearized per-game difference
e_i = (x_ai - R_a n_ai)/mean(n_a) - (x_bi - R_b n_bi)/mean(n_b), whose sums come exactly
from the integer moments (for a mean this is the paired t; for a share, the paired
difference of proportions):

* the interval is D +- q * SE(e) and the test is D / SE(e) with the same q's distribution
  (t with games - 1 degrees of freedom for means, normal otherwise): the test rejects
  exactly when the interval excludes 0;
* when few games differ between the two (`SPARSE_PAIRS`; common random numbers make most
  games identical, so a rare event such as eggs may differ in a handful of games and the
  normal approximation fails), the test is the exact sign-flip (randomization) test of
  the differing games, under the null that the two rules are exchangeable within each
  game, and the interval is that test inverted around the estimate;
* the number of differing games is always reported.

What decides a verdict: the four headline metrics of `metrics.HEADLINE` (game length,
naked goats, fish rate, points per deal) of one variant against the baseline are one
family: each is tested at 5% / m (Bonferroni, m = the headline metrics compared) and
shown with its (1 - 5%/m) interval, so the family-wise error of a variant's verdict is at
most 5% whatever else is in the run, and "significant" is exactly "the interval shown
excludes 0". The other metrics are secondary: each with its own 95% interval, no
correction, and labelled so.

Without a difference, the result says how large a difference the run could have seen
(`mde`: 80% power at the test's level), and `margin` asks for an equivalence verdict by
two one-sided tests ("the same within +-margin", margin relative to the baseline value).
"""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Any

import numpy as np

from .metrics import METRIC_BY_NAME, METRICS, Metric
from .moments import SPARSE_PAIRS, ArmStats, PairStats

ALPHA = 0.05
POWER = 0.80
_SIGN_FLIP_STATES = 20_000  # exact enumeration up to this much work, else seeded sampling
_SIGN_FLIP_SAMPLES = 20_000
METRIC_INDEX = {m.name: j for j, m in enumerate(METRICS)}


# --- results ---------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Estimate:
    """A statistic of one variant with its 95% interval [low, high] (rates as fractions).
    n: games (for a share with a denominator: the games that count)."""

    variant: str
    metric: str
    value: float
    low: float
    high: float
    n: int
    method: str

    @property
    def half_width(self) -> float:
        return (self.high - self.low) / 2.0


@dataclass(frozen=True)
class Comparison:
    """variant - baseline for one metric.

    diff, low, high: the difference and its interval at `level` (fractions for rates).
    family: ``headline`` (decides the verdict; Bonferroni within the variant's headline
    metrics) or ``secondary``. significant: the interval excludes 0 — always the same as
    p_adjusted < 5%. p_value: the test's own; p_adjusted: times the family size (headline)
    or as is. differing: games whose numbers differ between the two (paired only).
    mde: the smallest difference the run would have found with 80% power. relative:
    diff / baseline_value. equivalent: with a margin, whether the two are the same within
    it (two one-sided tests at the same level). comparable: False when the metric means
    different things in the two (e.g. a different number of players); then nothing is tested.
    """

    variant: str
    baseline: str
    metric: str
    value: float
    baseline_value: float
    diff: float
    low: float
    high: float
    level: float
    p_value: float
    p_adjusted: float
    test: str
    interval: str
    paired: bool
    family: str
    significant: bool
    n: int = 0
    differing: int | None = None
    mde: float = math.nan
    relative: float = math.nan
    margin: float | None = None
    equivalent: bool | None = None
    comparable: bool = True
    note: str = ""
    verdict: str = ""

    @property
    def half_width(self) -> float:
        return (self.high - self.low) / 2.0


# --- distributions --------------------------------------------------------------------------------------------
def _norm_ppf(p: float) -> float:
    from scipy.special import ndtri

    return float(ndtri(p))


def two_sided_z(level: float = 0.95) -> float:
    """The normal quantile of a two-sided interval at `level` (1.96 at 95 %)."""
    return _norm_ppf(0.5 + level / 2)


def _quantile(p: float, df: float | None) -> float:
    """Upper quantile of the normal (df None) or t distribution."""
    if df is None or df > 1e7:
        return _norm_ppf(p)
    from scipy.stats import t

    return float(t.ppf(p, df))


def _two_sided_p(stat: float, df: float | None) -> float:
    if math.isnan(stat):
        return math.nan
    if df is None or df > 1e7:
        from scipy.special import ndtr

        return float(2.0 * ndtr(-abs(stat)))
    from scipy.stats import t

    return float(2.0 * t.sf(abs(stat), df))


def wilson_interval(k: float, n: float, level: float = 0.95) -> tuple[float, float]:
    """Wilson score interval for k successes in n independent trials (NaN when n == 0)."""
    if n <= 0:
        return math.nan, math.nan
    z = two_sided_z(level)
    p = k / n
    z2 = z * z
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = z * math.sqrt(max(p * (1 - p) / n + z2 / (4 * n * n), 0.0)) / (1 + z2 / n)
    return max(0.0, centre - half), min(1.0, centre + half)


# --- one arm ------------------------------------------------------------------------------------------------------
def _ratio(sx: int, sn: int) -> Fraction | None:
    return None if sn == 0 else Fraction(int(sx), int(sn))


def _sum_sq_linearized(arm: ArmStats, j: int) -> Fraction | None:
    """Sum over games of (x_i - R n_i)^2, exactly."""
    r = _ratio(arm.sx[j], arm.sn[j])
    if r is None:
        return None
    return int(arm.sxx[j]) - 2 * r * int(arm.sxn[j]) + r * r * int(arm.snn[j])


def estimate(arm: ArmStats, metric: Metric, variant: str) -> Estimate:
    """One metric of one arm with its 95% interval."""
    j = METRIC_INDEX[metric.name]
    g = arm.games
    sx, sn = int(arm.sx[j]), int(arm.sn[j])
    nan = math.nan
    if metric.kind == "game-rate":
        low, high = wilson_interval(sx, sn)
        return Estimate(variant, metric.name, sx / sn if sn else nan, low, high, sn, "Wilson score")
    if sn == 0:
        return Estimate(variant, metric.name, nan, nan, nan, g, "no data")
    value = sx / sn
    if g < 2:
        return Estimate(variant, metric.name, value, nan, nan, g, "too few games")
    ss = _sum_sq_linearized(arm, j)
    assert ss is not None  # sn > 0 here
    if metric.kind == "mean":
        half = _quantile(0.975, g - 1) * math.sqrt(float(ss) / (g - 1) / g)
        return Estimate(variant, metric.name, value, value - half, value + half, g, "t interval")
    mean_n = sn / g
    se = math.sqrt(float(ss) / (g - 1) / g) / mean_n
    low, high = value - _quantile(0.975, None) * se, value + _quantile(0.975, None) * se
    if metric.is_rate:
        low, high = max(0.0, low), min(1.0, high)
    return Estimate(variant, metric.name, value, low, high, g, "ratio of sums, delta method with games as clusters")


def length_distribution(arm: ArmStats) -> dict:
    """Game length in deals from the histogram: n, mean, min, q1, median, q3, p90, max
    (quantiles by linear interpolation, numpy's default) and the histogram {deals: games}."""
    hist = sorted(arm.deals_hist.items())
    n = sum(c for _, c in hist)
    nan = math.nan
    if n == 0:
        return {
            "n": 0,
            "mean": nan,
            "min": nan,
            "q1": nan,
            "median": nan,
            "q3": nan,
            "p90": nan,
            "max": nan,
            "histogram": {},
        }
    values = np.array([v for v, _ in hist], dtype=np.float64)
    ends = np.cumsum([c for _, c in hist])  # order statistics 0..ends[i]-1 have value values[i]

    def order_stat(i: int) -> float:
        return float(values[np.searchsorted(ends, i, side="right")])

    def quantile(q: float) -> float:
        h = (n - 1) * q
        lo = math.floor(h)
        a, b = order_stat(lo), order_stat(min(lo + 1, n - 1))
        return a + (h - lo) * (b - a)

    mean = sum(v * c for v, c in hist) / n
    return {
        "n": n,
        "mean": mean,
        "min": int(values[0]),
        "q1": quantile(0.25),
        "median": quantile(0.5),
        "q3": quantile(0.75),
        "p90": quantile(0.9),
        "max": int(values[-1]),
        "histogram": {int(v): int(c) for v, c in hist},
    }


def placings(arm: ArmStats, players: int) -> dict:
    """Каждый сам за себя: per seat, the share of decided games in each place (1 = best) with a
    95% Wilson interval, the mean place, and the chance level 1/players of each place."""
    n = arm.placed_games
    if n == 0 or players < 2:
        return {}
    table: dict = {"games": n, "chance": 1 / players, "seats": {}}
    for seat in range(players):
        shares = {}
        for k in range(1, players + 1):
            count = int(arm.places[seat, k - 1])
            low, high = wilson_interval(count, n)
            shares[str(k)] = {"share": count / n, "low": low, "high": high}
        mean_place = sum(k * int(arm.places[seat, k - 1]) for k in range(1, players + 1)) / n
        table["seats"][str(seat)] = {"mean_place": mean_place, "places": shares}
    return table


# --- the exact sign-flip test ----------------------------------------------------------------------------------------
def _sign_flip_null(diffs: Counter, r0: Fraction) -> tuple[np.ndarray, np.ndarray]:
    """Null distribution of T = sum of s_i (dx_i - r0 dn_i) over the differing games, each sign
    s_i = +-1 with probability 1/2 (the two rules exchangeable within a game): the distinct
    values of |T| and their probabilities. Exact (partial sums of the integer pairs) while it
    stays small, else 20,000 seeded samples, so the answer is the same on every run."""
    from scipy.stats import binom

    states: dict[tuple[int, int], float] = {(0, 0): 1.0}
    exact = True
    for (dx, dn), count in sorted(diffs.items()):
        weights = binom.pmf(np.arange(count + 1), count, 0.5)
        steps = [((2 * k - count) * dx, (2 * k - count) * dn, w) for k, w in enumerate(weights) if w > 0]
        if len(states) * len(steps) > _SIGN_FLIP_STATES:
            exact = False
            break
        new: dict[tuple[int, int], float] = {}
        for (sx, sn), p in states.items():
            for ax, an, w in steps:
                key = (sx + ax, sn + an)
                new[key] = new.get(key, 0.0) + p * w
        states = new
    rf = float(r0)
    if exact:
        values = np.array([abs(sx - rf * sn) for sx, sn in states], dtype=np.float64)
        probs = np.array(list(states.values()), dtype=np.float64)
    else:
        rng = np.random.default_rng(20240611)
        vec = np.array([dx - rf * dn for (dx, dn), c in sorted(diffs.items()) for _ in range(c)], dtype=np.float64)
        total = np.zeros(_SIGN_FLIP_SAMPLES)
        for start in range(0, vec.size, 64):
            part = vec[start : start + 64]
            signs = rng.integers(0, 2, size=(_SIGN_FLIP_SAMPLES, part.size), dtype=np.int8).astype(np.float64)
            total += (2 * signs - 1) @ part
        values = np.abs(total)
        probs = np.full(values.size, 1.0 / values.size)
    order = np.argsort(values)
    return values[order], probs[order]


def _sign_flip(diffs: Counter, r0: Fraction, t_obs: float, alpha: float) -> tuple[float, float]:
    """(p-value: P(|T| >= |t_obs|), the largest |T| the test accepts at level alpha). The test
    rejects exactly when |t_obs| exceeds the second number."""
    values, probs = _sign_flip_null(diffs, r0)
    tol = 1e-9 * max(1.0, abs(t_obs))
    p = float(probs[values >= abs(t_obs) - tol].sum())
    tail = np.cumsum(probs[::-1])[::-1]  # P(|T| >= values[i])
    accepted = np.flatnonzero(tail > alpha + 1e-15)
    accept_max = float(values[accepted[-1]]) if accepted.size else 0.0
    return min(1.0, p), accept_max


# --- one comparison ---------------------------------------------------------------------------------------------------


def _comparison_base(
    variant: str,
    baseline: str,
    metric: Metric,
    value: float,
    baseline_value: float,
    level_alpha: float,
    paired: bool,
    family: str,
    margin: float | None,
) -> dict[str, Any]:
    """The fields every Comparison shares, before its test: the two values, their difference and level."""
    diff = value - baseline_value
    return dict(
        variant=variant,
        baseline=baseline,
        metric=metric.name,
        value=value,
        baseline_value=baseline_value,
        diff=diff,
        level=1 - level_alpha,
        paired=paired,
        family=family,
        margin=margin,
        relative=diff / baseline_value if baseline_value and not math.isnan(diff) else math.nan,
    )


def compare_metric(
    metric: Metric,
    a: ArmStats,
    b: ArmStats,
    pair: PairStats | None,
    variant: str,
    baseline: str,
    alpha: float = ALPHA,
    family: str = "secondary",
    family_size: int = 1,
    margin: float | None = None,
) -> Comparison:
    """One metric, arm a (the variant) minus arm b (the baseline); paired when `pair` holds
    their cross sums over the same games. The level is 1 - alpha / family_size."""
    j = METRIC_INDEX[metric.name]
    nan = math.nan
    level_alpha = alpha / family_size
    ra, rb = _ratio(a.sx[j], a.sn[j]), _ratio(b.sx[j], b.sn[j])
    va = float(ra) if ra is not None else nan
    vb = float(rb) if rb is not None else nan
    diff = va - vb
    is_mean = metric.kind == "mean"
    paired = pair is not None
    base = _comparison_base(variant, baseline, metric, va, vb, level_alpha, paired, family, margin)
    if ra is None or rb is None or a.games < 2 or b.games < 2:
        return Comparison(
            **base,
            low=nan,
            high=nan,
            p_value=nan,
            p_adjusted=nan,
            test="none",
            interval="none",
            significant=False,
            n=a.games,
            note="not estimable: no data for this metric",
        )
    df: float | None
    differing: int | None
    if pair is not None:
        g = a.games
        se = _paired_se(a, b, pair, j, ra, rb)
        differing = int(pair.differing[j])
        df = g - 1 if is_mean else None
        n = g
        test = "paired t" if is_mean else "paired z (delta method)"
        interval = "paired t" if is_mean else "paired, delta method"
    else:
        se_a = _se_unpaired(a, j, ra)
        se_b = _se_unpaired(b, j, rb)
        se = math.sqrt(se_a**2 + se_b**2)
        differing = None
        df = None
        if is_mean and se > 0:  # Welch-Satterthwaite
            df = se**4 / (se_a**4 / (a.games - 1) + se_b**4 / (b.games - 1))
        n = a.games + b.games
        test = "Welch t" if is_mean else "z (delta method, independent samples)"
        interval = test
    q = _quantile(1 - level_alpha / 2, df)
    histogram = pair.differences[j] if pair is not None else None
    if differing is not None and differing < SPARSE_PAIRS and histogram is not None:
        # few games differ: the exact sign-flip test decides, and its inversion is the interval
        half, p, significant, mde, tost_half = _sparse_test(a, b, j, histogram, differing, diff, q, level_alpha)
        test, interval = "exact sign-flip", "exact sign-flip, inverted"
    else:
        half, p, significant, mde, tost_half = _normal_test(diff, se, q, df, level_alpha)
    return _finish(base, metric, half, p, bool(significant), mde, tost_half, family_size, test, interval, n, differing)


def _paired_se(a: ArmStats, b: ArmStats, pair: PairStats, j: int, ra: Fraction, rb: Fraction) -> float:
    """The standard error of the paired difference of two ratios (the delta method over the same games)."""
    g = a.games
    mean_na, mean_nb = Fraction(int(a.sn[j]), g), Fraction(int(b.sn[j]), g)
    ss_a, ss_b = _sum_sq_linearized(a, j), _sum_sq_linearized(b, j)
    assert ss_a is not None and ss_b is not None  # both ratios exist here
    cross = int(pair.sxx[j]) - rb * int(pair.sxn[j]) - ra * int(pair.snx[j]) + ra * rb * int(pair.snn[j])
    ss_e = ss_a / mean_na**2 + ss_b / mean_nb**2 - 2 * cross / (mean_na * mean_nb)
    return math.sqrt(max(float(ss_e), 0.0) / (g - 1) / g)


def _sparse_test(
    a: ArmStats, b: ArmStats, j: int, histogram: Any, differing: int, diff: float, q: float, level_alpha: float
) -> tuple:
    """(half-width, p, significant, mde, TOST half-width) of the exact sign-flip test over the few games
    that differ, and of its inversion as the interval."""
    r0 = Fraction(int(a.sx[j]) + int(b.sx[j]), int(a.sn[j]) + int(b.sn[j]) or 1)
    scale = float(Fraction(int(a.sn[j]) + int(b.sn[j]), 2))
    t_obs = float(int(a.sx[j]) - int(b.sx[j]) - r0 * (int(a.sn[j]) - int(b.sn[j])))
    p, accept_max = _sign_flip(histogram, r0, t_obs, level_alpha)
    if differing == 0:
        half = 0.0
    elif t_obs != 0:
        half = abs(diff) * accept_max / abs(t_obs)  # the test inverted around the estimate
    else:
        half = accept_max / scale
    significant = p <= level_alpha and diff != 0
    # the interval agrees with the test by construction (they only differ by sampling error
    # when the null distribution is sampled): it excludes 0 exactly when the test rejects
    half = min(half, abs(diff) * (1 - 1e-9)) if significant else max(half, abs(diff))
    mde = half * (q + _norm_ppf(POWER)) / q
    tost_half = half * _quantile(1 - level_alpha, None) / q
    return half, p, significant, mde, tost_half


def _normal_test(diff: float, se: float, q: float, df: float | None, level_alpha: float) -> tuple:
    """(half-width, p, significant, mde, TOST half-width) of the interval diff +- q * se and
    its test: they agree by construction."""
    half = q * se
    stat = diff / se if se > 0 else (0.0 if diff == 0 else math.copysign(math.inf, diff))
    p = _two_sided_p(stat, df) if se > 0 else (1.0 if diff == 0 else 0.0)
    significant = abs(diff) > half
    mde = (q + _norm_ppf(POWER)) * se
    tost_half = _quantile(1 - level_alpha, df) * se
    return half, p, significant, mde, tost_half


def _finish(
    base: dict[str, Any],
    metric: Metric,
    half: float,
    p: float,
    significant: bool,
    mde: float,
    tost_half: float,
    family_size: int,
    test: str,
    interval: str,
    n: int,
    differing: int | None,
) -> Comparison:
    diff, vb, margin = base["diff"], base["baseline_value"], base["margin"]
    low, high = diff - half, diff + half
    if metric.is_rate:
        low, high = max(-1.0, low), min(1.0, high)
    p_adjusted = min(1.0, p * family_size)
    equivalent = None
    if margin is not None and not math.isnan(vb):
        bound = margin * abs(vb)
        equivalent = bool(diff - tost_half > -bound and diff + tost_half < bound)
    c = Comparison(
        **base,
        low=low,
        high=high,
        p_value=p,
        p_adjusted=p_adjusted,
        test=test,
        interval=interval,
        significant=significant,
        n=n,
        differing=differing,
        mde=mde,
        equivalent=equivalent,
    )
    return replace(c, verdict=verdict(c))


def contrast(
    metric: Metric,
    diff: float,
    se: float,
    value: float,
    baseline_value: float,
    games: int,
    variant: str,
    baseline: str,
    alpha: float = ALPHA,
    family: str = "secondary",
    family_size: int = 1,
    margin: float | None = None,
    test: str = "paired contrast (delta method)",
    differing: int | None = None,
    sparse_df: float | None = None,
) -> Comparison:
    """A paired linear contrast of arms (a sweep's main effect or interaction) with its standard
    error `se` over `games` common games, worded and decided as `compare_metric` does: t with
    games - 1 degrees of freedom for a mean, normal otherwise; level 1 - alpha / family_size.

    When a few games carry most of the contrast's variance (common random numbers make most games
    give exactly zero), `sparse_df` is the effective degrees of freedom of the variance and the
    quantile is Student's t with them (said in `test`); no game differing means no difference."""
    level_alpha = alpha / family_size
    base = _comparison_base(variant, baseline, metric, value, baseline_value, level_alpha, True, family, margin)
    base["diff"] = diff  # a contrast's difference is not value - baseline_value when cells differ in weight
    base["relative"] = diff / baseline_value if baseline_value and not math.isnan(diff) else math.nan
    df: float | None = games - 1.0 if metric.kind == "mean" else None
    if sparse_df is not None and (df is None or sparse_df < df) and sparse_df < 1000:
        df = max(1.0, sparse_df)
        test += f"; {differing} games differ, t with {df:.1f} effective degrees of freedom"
    if games < 2 or not math.isfinite(diff) or not math.isfinite(se):
        return replace(
            _finish(
                base, metric, math.nan, math.nan, False, math.nan, math.nan, family_size, "none", "none", games, None
            ),
            note="not estimable: no data for this metric",
        )
    q = _quantile(1 - level_alpha / 2, df)
    half, p, significant, mde, tost_half = _normal_test(diff, se, q, df, level_alpha)
    if differing == 0:
        half, p, significant = 0.0, 1.0, False
    return _finish(base, metric, half, p, bool(significant), mde, tost_half, family_size, test, test, games, differing)


def _se_unpaired(arm: ArmStats, j: int, r: Fraction) -> float:
    g = arm.games
    ss = _sum_sq_linearized(arm, j)
    assert ss is not None
    mean_n = Fraction(int(arm.sn[j]), g)
    return math.sqrt(max(float(ss / mean_n**2), 0.0) / (g - 1) / g)


def compare_arms(
    a: ArmStats,
    b: ArmStats,
    pair: PairStats | None,
    variant: str,
    baseline: str,
    metrics: list[Metric],
    not_comparable: dict[str, str] | None = None,
    alpha: float = ALPHA,
    margin: float | None = None,
) -> list[Comparison]:
    """Every given metric of variant a against baseline b: the headline ones as one family
    (Bonferroni), the others secondary. `not_comparable`: metric -> why it is not compared."""
    not_comparable = not_comparable or {}
    tested = [m for m in metrics if m.name not in not_comparable]
    family_size = max(1, sum(1 for m in tested if m.headline))
    out = []
    for m in metrics:
        if m.name in not_comparable:
            nan = math.nan
            j = METRIC_INDEX[m.name]
            va = float(a.sx[j]) / a.sn[j] if a.sn[j] else nan
            vb = float(b.sx[j]) / b.sn[j] if b.sn[j] else nan
            out.append(
                Comparison(
                    variant,
                    baseline,
                    m.name,
                    va,
                    vb,
                    nan,
                    nan,
                    nan,
                    nan,
                    nan,
                    nan,
                    "none",
                    "none",
                    pair is not None,
                    "headline" if m.headline else "secondary",
                    False,
                    comparable=False,
                    note=not_comparable[m.name],
                )
            )
            continue
        family = "headline" if m.headline else "secondary"
        out.append(
            compare_metric(m, a, b, pair, variant, baseline, alpha, family, family_size if m.headline else 1, margin)
        )
    return [replace(c, verdict=verdict(c)) for c in out]


def precision_shortfalls(estimates: list[Estimate], comparisons: list[Comparison], precision: float) -> list[str]:
    """The headline intervals (of each variant and of each difference, at the level that
    decides) wider than asked: absolute half-width for rates (0.005 = +-0.5 pp), relative
    to the value otherwise. Empty: the precision is reached."""
    short = []
    for e in estimates:
        m = METRIC_BY_NAME[e.metric]
        if not m.headline or math.isnan(e.value):
            continue
        limit = precision if m.is_rate else precision * abs(e.value)
        if math.isnan(e.half_width) or e.half_width > limit:
            short.append(f"{e.variant}: {m.label}")
    for c in comparisons:
        m = METRIC_BY_NAME[c.metric]
        if not m.headline or not c.comparable or math.isnan(c.diff):
            continue
        limit = precision if m.is_rate else precision * abs(c.baseline_value)
        if not math.isfinite(c.half_width) or c.half_width > limit:
            short.append(f"{c.variant} - {c.baseline}: {m.label}")
    return short


# --- words ---------------------------------------------------------------------------------------------------------
def decimals(half_width: float) -> int:
    """Decimals that show an interval of this half-width (shown units) sensibly."""
    if not half_width or math.isnan(half_width) or math.isinf(half_width):
        return 2
    return int(min(6, max(0, 1 - math.floor(math.log10(abs(half_width))))))


#: "of 100 ..." per unit of a share (metrics.Metric.per_unit)
PER_EN = {"games": "games", "matches": "matches", "deals": "deals", "shuffles": "shuffles", "fishes": "fish"}

WORDS = {  # metric -> (more, less) for "<amount> <unit> <word>"
    "deals_per_game": ("longer", "shorter"),
    "moves_per_deal": ("longer", "shorter"),
    "written_per_deal": ("more", "fewer"),
    "draws_per_deal": ("more", "fewer"),
}


def level_text(level: float) -> str:
    return f"{level * 100:.4g}%"


def verdict(c: Comparison) -> str:
    """The verdict of one comparison in plain English, always with the estimate and the
    interval that decides it (the terminal and the reports word it in ru or en themselves):

    'games 0.21 deals longer (+3.1%; 98.75% CI 0.19 to 0.23)'          significant
    'no difference bigger than ±0.4 pp found (+0.12 pp; 98.75% CI -0.3 to 0.5)'
    'secondary: 0.7 pp higher (95% CI 0.25 to 1.11)'
    """
    m = METRIC_BY_NAME[c.metric]
    if not c.comparable:
        return f"not compared: {c.note}"
    if math.isnan(c.diff) or math.isnan(c.low):
        return c.note or "not estimable (no data for this metric)"
    scale = m.scale
    unit = " pp" if m.is_rate else f" {m.unit}"
    hw = c.half_width * scale
    d = decimals(hw)
    lo, hi = c.low * scale, c.high * scale
    ci = f"{level_text(c.level)} CI {lo:+.{d}f} to {hi:+.{d}f}{unit if m.is_rate else ''}"
    rel = f"{c.relative * 100:+.1f}%; " if math.isfinite(c.relative) and c.baseline_value else ""
    if m.is_rate and m.kind != "mean":  # a share: also "22 -> 20 of 100 games"
        per = PER_EN.get(m.per_unit, m.per_unit)
        rel = f"{c.baseline_value * 100:.{max(0, d - 1)}f} → {c.value * 100:.{max(0, d - 1)}f} of 100 {per}; " + rel
    more, less = WORDS.get(c.metric, ("higher", "lower"))
    amount = abs(c.diff) * scale
    prefix = "secondary: " if c.family == "secondary" else ""
    if c.significant:
        text = f"{amount:.{d}f}{unit} {more if c.diff > 0 else less}"
    elif c.differing == 0:
        text = "no difference: every game gave the same numbers"
    else:
        mde = c.mde * scale
        text = f"no difference bigger than ±{mde:.{decimals(mde)}f}{unit} found: {c.diff * scale:+.{d}f}{unit}"
    if c.equivalent and c.margin is not None:
        text += f"; the same within ±{c.margin * 100:g}%"
    elif c.equivalent is False and not c.significant and c.margin is not None:
        text += f"; not shown to be within ±{c.margin * 100:g}%"
    return f"{prefix}{text} ({rel}{ci})"


@dataclass
class Analysis:
    baseline: str
    names: list[str]  # arm names, the baseline first
    estimates: dict[str, list[Estimate]]
    lengths: dict[str, dict]
    comparisons: list[Comparison]
    games_per_variant: int
    placings: dict[str, dict] = field(default_factory=dict)  # каждый сам за себя only
    by_deal: dict[str, list[dict]] = field(default_factory=dict)
    fish_sums: dict[str, dict[int, int]] = field(default_factory=dict)
    metrics: list[str] = field(default_factory=list)  # shown, in order
    not_applicable: dict[str, list[str]] = field(default_factory=dict)  # arm -> metrics that mean nothing there
    chance: dict[str, float] = field(default_factory=dict)  # arm -> chance level of first_lead_loss_rate
    notes: list[Any] = field(default_factory=list)  # stored sentences (messages.stored; older: English texts)
    margin: float | None = None
    precision: dict[str, Any] | None = None
    # --skill STRONG/WEAK: {"strong", "weak", "bots": the bots of the deal-decides replays (the run's)}
    skill: dict[str, Any] | None = None
