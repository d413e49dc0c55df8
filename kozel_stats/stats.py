"""Statistics of a run: per-variant estimates with 95% intervals, comparisons against a
baseline with Holm-corrected p-values, plain-language verdicts, and the exact redeal
probability.

Input is the per-game table of `docs/results.md` (`games.parquet`) as a polars DataFrame:
one row per game, variants stacked with a `variant` column. Game i of every variant of a
run starts from the same shuffle (common random numbers), so rows of two variants with the
same `game` index are PAIRED, and paired comparisons are much sharper than unpaired ones.

Metrics (`METRICS`), three kinds:

* ``game-rate``: a yes/no per game (naked / bald goats, general, first-lead side lost).
  Games are independent trials: Wilson score interval.
* ``mean``: deals per game. t interval (the central limit theorem holds at these sizes;
  `length_distribution` gives the median, quartiles, 90th percentile and histogram).
* ``deal-ratio``: a ratio of sums over games, R = sum(x_i) / sum(n_i), e.g. fishes per deal.
  Deals are clustered in games (the deals of one game share scores, leaders and the stop
  rule), so the deals are NOT independent trials and a Wilson interval on deal counts
  would be too narrow. The interval is the delta method (linearization) with games as
  clusters: u_i = (x_i - R n_i) / mean(n), SE(R) = sd(u) / sqrt(G) over the G games,
  R +- 1.96 SE. For rate-like ratios (unit ``pp``) the interval is clipped to [0, 1].
  A ratio whose denominator sums to 0 (e.g. no fishes at all) is NaN, not an error.

Comparisons (`compare`, `compare_all`) of a variant v against a baseline b, difference
v - b:

====================  =======================================  ==================================
metric kind           paired (same game indices, the default)  unpaired (different game sets)
====================  =======================================  ==================================
game-rate             Newcombe's interval for paired            Newcombe's hybrid score interval;
                      proportions (method 10, Wilson based);    two-proportion z test (Fisher's
                      McNemar test: exact binomial on the       exact test when an expected cell
                      discordant pairs when there are fewer     count is below 5)
                      than 25 of them, chi-square otherwise
mean (deals/game)     t interval of the per-game differences;   Welch t interval; Mann-Whitney U
                      Wilcoxon signed-rank test
deal-ratio            delta method on paired per-game           delta method, independent
                      influence values u_v - u_b; z test        samples; z test
====================  =======================================  ==================================

`holm` applies the Holm-Bonferroni correction across all comparisons of a run and writes
`p_adjusted`, `significant` (p_adjusted < alpha) and the `verdict`. Intervals are the plain
(per-comparison) 95% intervals; only the p-values are adjusted.

`precision_reached` is the --precision stopping rule: absolute half-width for rates,
relative for the rest (see its docstring).

`exact_redeal_probability` computes the chance that a shuffle needs a redeal (передача),
exactly, by inclusion-exclusion over the four hands.
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass, replace
from fractions import Fraction
from functools import lru_cache

import numpy as np
import polars as pl

Z95 = 1.959963984540054  # two-sided 95% normal quantile
MCNEMAR_EXACT_BELOW = 25  # discordant pairs below which McNemar uses the exact binomial test


# --- metric catalogue ---------------------------------------------------------------------------
@dataclass(frozen=True)
class MetricSpec:
    """One statistic of a variant.

    kind: ``game-rate`` (share of games where `numerator` is true, among games where
    `denominator` is true, or all games when it is None), ``mean`` (mean of `numerator` per
    game) or ``deal-ratio`` (sum of `numerator` / sum of `denominator` over games).
    Column names refer to `games.parquet` or to the derived columns of `DERIVED_COLUMNS`.
    unit: ``pp`` for rates (values are fractions, shown in percentage points), otherwise
    the unit of the value (``deals``, ``moves``, ``points``).
    headline: part of the `precision_reached` stopping rule.
    subject / more / less: words of the verdict, "[<subject>] <amount> <unit> <more|less>",
    e.g. "games 0.8 deals longer", "2.1 pp higher" (rates need no subject: the tables put
    the label in front).
    """

    name: str
    label: str
    kind: str
    unit: str
    headline: bool
    numerator: str
    denominator: str | None = None
    description: str = ""
    subject: str | None = None
    more: str = "higher"
    less: str = "lower"

    @property
    def is_rate(self) -> bool:
        return self.unit == "pp"

    @property
    def scale(self) -> float:
        """Factor from stored value to shown value (100 for percentage points)."""
        return 100.0 if self.is_rate else 1.0

    @property
    def columns(self) -> tuple[str, ...]:
        return tuple(c for c in (self.numerator, self.denominator) if c is not None)


METRICS: list[MetricSpec] = [
    MetricSpec("deals_per_game", "deals per game", "mean", "deals", True, "deals",
               description="deals played per game (redeals not counted)",
               subject="games", more="longer", less="shorter"),
    MetricSpec("naked_rate", "naked-goat rate", "game-rate", "pp", True, "naked",
               description="games lost as голые козлы (the winners never wrote)"),
    MetricSpec("bald_rate", "bald-goat rate", "game-rate", "pp", False, "bald",
               description="games lost as лысые козлы (last deal ended by an out on 00)"),
    MetricSpec("general_rate", "general rate", "game-rate", "pp", False, "general",
               description="games ending with a генерал"),
    MetricSpec("first_lead_loss_rate", "first-lead side's loss rate", "game-rate", "pp", True,
               "first_lead_lost", "decided",
               description="games lost by the side that led the first deal, among games with a loser"),
    MetricSpec("fish_rate", "fish rate", "deal-ratio", "pp", True, "fishes", "deals",
               description="deals ended by a fish (eggs included)"),
    MetricSpec("eggs_rate", "egg rate", "deal-ratio", "pp", False, "eggs", "deals",
               description="deals ended by a fish with equal sums"),
    MetricSpec("redeal_rate", "redeal rate", "deal-ratio", "pp", False, "redeals", "shuffles",
               description="shuffles that needed a redeal (передача), redeals / (deals + redeals)"),
    MetricSpec("fisherman_share", "fisherman's share of fish wins", "deal-ratio", "pp", False,
               "fisherman_wins", "decided_fishes",
               description="fishes (not eggs) won by the fisherman's side"),
    MetricSpec("moves_per_deal", "moves per deal", "deal-ratio", "moves", False, "moves", "deals",
               description="moves per deal (a two-doubles move is one move)",
               subject="deals", more="longer", less="shorter"),
    MetricSpec("written_per_deal", "points written per deal", "deal-ratio", "points", False,
               "written", "deals", description="points written by both sides per deal",
               subject="each deal writes", more="more", less="fewer"),
    MetricSpec("vanished_share", "share of losses vanished under the threshold", "deal-ratio",
               "pp", False, "vanished_deals", "lost_deals",
               description="lost deals whose points all vanished under the threshold"),
    # the other games of the family (zero for games without the rule)
    MetricSpec("draws_per_deal", "bazaar draws per deal", "deal-ratio", "draws", False, "draws", "deals",
               description="tiles drawn from the bazaar per deal (каждый сам за себя)",
               subject="players draw", more="more", less="fewer"),
    MetricSpec("early_closure_rate", "early-closure rate", "deal-ratio", "pp", False, "early_closures", "deals",
               description="deals ended by closing every end (Осёл)"),
    MetricSpec("out66_rate", "100-point out rate", "deal-ratio", "pp", False, "out_66", "deals",
               description="deals ended by an out on 66 that makes the losers write 100 (Морской)"),
    MetricSpec("burn_rate", "burned-score rate", "deal-ratio", "pp", False, "burns", "deals",
               description="deals whose writing burned the other side's score (Морской)"),
]
#: Metrics shown only when some variant of the run has a non-zero value.
OPTIONAL_METRICS = ("general_rate", "draws_per_deal", "early_closure_rate", "out66_rate", "burn_rate")
METRIC_BY_NAME: dict[str, MetricSpec] = {m.name: m for m in METRICS}

#: Derived columns: name -> (expression in words, columns it needs).
DERIVED_COLUMNS: dict[str, tuple[str, ...]] = {
    "decided": ("loser",),  # loser >= 0 (not cut off at max_deals)
    "first_lead_lost": ("loser", "first_leader_side"),  # loser == first_leader_side
    "shuffles": ("deals", "redeals"),  # deals + redeals
    "decided_fishes": ("fishes", "eggs"),  # fishes - eggs
}


def available_metrics(games: pl.DataFrame) -> list[MetricSpec]:
    """The metrics whose columns the table has: the core ones always (a missing core column is an
    error), the optional ones of the other games only when present (older results lack them)."""
    return [m for m in METRICS if m.name not in OPTIONAL_METRICS or m.name == "general_rate"
            or all(c in games.columns for c in required_columns([m]))]


def required_columns(metrics: list[MetricSpec] | None = None) -> list[str]:
    """The games.parquet columns the given metrics (default all) need."""
    out: list[str] = []
    for spec in METRICS if metrics is None else metrics:
        for c in spec.columns:
            for base in DERIVED_COLUMNS.get(c, (c,)):
                if base not in out:
                    out.append(base)
    return out


class _Table:
    """Column arrays of one variant's games (optionally reordered), fetched on demand."""

    def __init__(self, games: pl.DataFrame, order: np.ndarray | None = None):
        self.games = games
        self.order = order
        self._cache: dict[str, np.ndarray] = {}

    @property
    def n(self) -> int:
        return self.games.height

    def raw(self, name: str) -> np.ndarray:
        if name not in self.games.columns:
            raise ValueError(f"the games table has no column {name!r}; the statistics need "
                             f"{', '.join(required_columns())} (docs/results.md)")
        a = self.games.get_column(name).to_numpy()
        return a if self.order is None else a[self.order]

    def __getitem__(self, name: str) -> np.ndarray:
        if name not in self._cache:
            if name == "decided":
                a = self["loser"] >= 0
            elif name == "first_lead_lost":
                a = self["loser"] == self["first_leader_side"]
            elif name == "shuffles":
                a = self["deals"] + self["redeals"]
            elif name == "decided_fishes":
                a = self["fishes"] - self["eggs"]
            else:
                a = self.raw(name)
                a = a.astype(bool) if a.dtype == bool else a.astype(np.int64)
            self._cache[name] = a
        return self._cache[name]


# --- results ------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Estimate:
    """A statistic of one variant with its 95% interval [low, high].

    n: games used (for first-lead loss: games with a loser). Rates are fractions."""

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
    """variant - baseline for one metric. `diff`, `low`, `high`: the difference and its 95%
    interval (fractions for rates). `p_value`: raw; `p_adjusted`: Holm-adjusted across the
    comparisons it was corrected with. `test` names the test behind `p_value`."""

    variant: str
    baseline: str
    metric: str
    value: float
    baseline_value: float
    diff: float
    low: float
    high: float
    p_value: float
    p_adjusted: float
    test: str
    paired: bool
    significant: bool
    verdict: str
    n: int = 0  # games (pairs when paired) behind the comparison
    interval: str = ""  # method of the interval

    @property
    def half_width(self) -> float:
        return (self.high - self.low) / 2.0


# --- small building blocks ----------------------------------------------------------------------
def wilson_interval(k: float, n: float, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval for k successes in n independent trials (NaN when n == 0)."""
    if n <= 0:
        return math.nan, math.nan
    p = k / n
    z2 = z * z
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def _t_quantile(df: float) -> float:
    from scipy.stats import t

    return float(t.ppf(0.975, df))


def _norm_sf2(z: float) -> float:
    """Two-sided normal p-value."""
    from scipy.special import ndtr

    if math.isnan(z):
        return math.nan
    return float(2.0 * ndtr(-abs(z)))


def _mean_ci(x: np.ndarray) -> tuple[float, float, float]:
    n = x.size
    if n == 0:
        return math.nan, math.nan, math.nan
    m = float(x.mean())
    if n < 2:
        return m, math.nan, math.nan
    half = _t_quantile(n - 1) * float(x.std(ddof=1)) / math.sqrt(n)
    return m, m - half, m + half


def _ratio_parts(x: np.ndarray, d: np.ndarray) -> tuple[float, np.ndarray | None]:
    """Ratio of sums and the per-game influence values u_i = (x_i - R d_i) / mean(d)."""
    sd = float(d.sum())
    if x.size == 0 or sd == 0:
        return math.nan, None
    r = float(x.sum()) / sd
    u = (x - r * d) / (sd / d.size)
    return r, u


def _ratio_estimate(x: np.ndarray, d: np.ndarray, clip: bool) -> tuple[float, float, float]:
    r, u = _ratio_parts(x, d)
    if u is None:
        return math.nan, math.nan, math.nan
    if u.size < 2:
        return r, math.nan, math.nan
    se = float(u.std(ddof=1)) / math.sqrt(u.size)
    lo, hi = r - Z95 * se, r + Z95 * se
    if clip:
        lo, hi = max(0.0, lo), min(1.0, hi)
    return r, lo, hi


def _variant_name(games: pl.DataFrame, label: str | None = None) -> str:
    if label is not None:
        return label
    if "variant" in games.columns and games.height:
        names = games.get_column("variant").unique(maintain_order=True).to_list()
        if len(names) > 1:
            raise ValueError(f"expected one variant's games, got {len(names)}: {names}")
        return str(names[0])
    return ""


# --- per-variant estimates ----------------------------------------------------------------------
def _estimate(spec: MetricSpec, t: _Table, variant: str) -> Estimate:
    if spec.kind == "game-rate":
        x = t[spec.numerator].astype(bool, copy=False)
        if spec.denominator is not None:
            x = x[t[spec.denominator]]
        n = int(x.size)
        k = int(np.count_nonzero(x))
        lo, hi = wilson_interval(k, n)
        return Estimate(variant, spec.name, k / n if n else math.nan, lo, hi, n, "Wilson score")
    if spec.kind == "mean":
        x = t[spec.numerator]
        m, lo, hi = _mean_ci(x)
        return Estimate(variant, spec.name, m, lo, hi, int(x.size), "t interval")
    if spec.kind == "deal-ratio":
        r, lo, hi = _ratio_estimate(t[spec.numerator], t[spec.denominator], spec.is_rate)
        return Estimate(variant, spec.name, r, lo, hi, t.n,
                        "ratio of sums, delta method with games as clusters")
    raise ValueError(f"unknown metric kind {spec.kind!r}")


def summarize(games: pl.DataFrame, metrics: list[MetricSpec] | None = None,
              variant_label: str | None = None) -> list[Estimate]:
    """Every metric (default `METRICS`) of ONE variant's games, with 95% intervals."""
    variant = _variant_name(games, variant_label)
    t = _Table(games)
    return [_estimate(spec, t, variant) for spec in (available_metrics(games) if metrics is None else metrics)]


def split_variants(games: pl.DataFrame) -> dict[str, pl.DataFrame]:
    """The stacked table split by `variant`, in order of first appearance."""
    parts = games.partition_by("variant", maintain_order=True, as_dict=True)
    return {str(k[0]): v for k, v in parts.items()}


def summarize_all(games: pl.DataFrame, metrics: list[MetricSpec] | None = None) -> list[Estimate]:
    """`summarize` for every variant of a stacked table."""
    out: list[Estimate] = []
    for name, part in split_variants(games).items():
        out.extend(summarize(part, metrics, name))
    return out


def length_distribution(games: pl.DataFrame) -> dict:
    """Game length in deals: n, mean, min, q1, median, q3, p90, max (quantiles by linear
    interpolation, numpy's default) and the full histogram {deals: games}."""
    x = games.get_column("deals").to_numpy().astype(np.int64)
    if x.size == 0:
        nan = math.nan
        return {"n": 0, "mean": nan, "min": nan, "q1": nan, "median": nan, "q3": nan,
                "p90": nan, "max": nan, "histogram": {}}
    q1, med, q3, p90 = (float(v) for v in np.quantile(x, [0.25, 0.5, 0.75, 0.9]))
    values, counts = np.unique(x, return_counts=True)
    return {
        "n": int(x.size), "mean": float(x.mean()), "min": int(x.min()), "q1": q1, "median": med,
        "q3": q3, "p90": p90, "max": int(x.max()),
        "histogram": {int(v): int(c) for v, c in zip(values, counts)},
    }


def precision_reached(estimates: list[Estimate], precision: float) -> bool:
    """True when every headline estimate is precise enough.

    Rates (unit ``pp``): the interval half-width must be <= `precision`, an ABSOLUTE
    precision in fraction units (0.005 = +-0.5 pp). Means and non-rate ratios (deals per
    game, moves per deal, ...): half-width <= `precision` * |value|, a RELATIVE precision
    (0.005 = +-0.5% of the value). Estimates that are undefined (NaN value, e.g. a ratio
    with an empty denominator) are skipped; a defined value with an undefined interval
    (too few games) is not precise. Non-headline metrics are ignored.
    """
    found = False
    for e in estimates:
        spec = METRIC_BY_NAME.get(e.metric)
        if spec is None or not spec.headline or math.isnan(e.value):
            continue
        found = True
        hw = e.half_width
        if math.isnan(hw):
            return False
        limit = precision if spec.is_rate else precision * abs(e.value)
        if hw > limit:
            return False
    return found


# --- comparisons --------------------------------------------------------------------------------
def _pairing(games: pl.DataFrame, baseline: pl.DataFrame) -> tuple[np.ndarray, np.ndarray] | None:
    """Row orders aligning the two tables on `game`, or None when the index sets differ."""
    if "game" not in games.columns or "game" not in baseline.columns:
        return None
    if games.height != baseline.height:
        return None
    gv = games.get_column("game").to_numpy()
    gb = baseline.get_column("game").to_numpy()
    ov = np.argsort(gv, kind="stable")
    ob = np.argsort(gb, kind="stable")
    sv, sb = gv[ov], gb[ob]
    if not np.array_equal(sv, sb):
        return None
    if sv.size > 1 and np.any(sv[1:] == sv[:-1]):
        return None  # duplicated game indices: no one-to-one pairing
    return ov, ob


def _mcnemar(b: int, c: int) -> tuple[float, str]:
    m = b + c
    if m == 0:
        return 1.0, "McNemar exact binomial"
    if m < MCNEMAR_EXACT_BELOW:
        from scipy.stats import binom

        p = min(1.0, 2.0 * float(binom.cdf(min(b, c), m, 0.5)))
        return p, "McNemar exact binomial"
    from scipy.stats import chi2

    return float(chi2.sf((b - c) ** 2 / m, 1)), "McNemar chi-square"


def _paired_rate(x: np.ndarray, y: np.ndarray) -> tuple[float, float, float, float, float, float, str]:
    """Paired proportions: p1, p2, diff, Newcombe (method 10) interval, McNemar p."""
    n = x.size
    if n == 0:
        nan = math.nan
        return nan, nan, nan, nan, nan, nan, "McNemar"
    a = int(np.count_nonzero(x & y))
    b = int(np.count_nonzero(x & ~y))
    c = int(np.count_nonzero(~x & y))
    d = n - a - b - c
    p1, p2 = (a + b) / n, (a + c) / n
    diff = p1 - p2
    l1, u1 = wilson_interval(a + b, n)
    l2, u2 = wilson_interval(a + c, n)
    denom = float(a + b) * float(c + d) * float(a + c) * float(b + d)
    phi = 0.0
    if denom > 0:
        ad_bc = float(a) * float(d) - float(b) * float(c)
        num = ad_bc - n / 2 if ad_bc > n / 2 else (ad_bc if ad_bc < 0 else 0.0)
        phi = num / math.sqrt(denom)
    dl = (p1 - l1) ** 2 - 2 * phi * (p1 - l1) * (u2 - p2) + (u2 - p2) ** 2
    du = (u1 - p1) ** 2 - 2 * phi * (u1 - p1) * (p2 - l2) + (p2 - l2) ** 2
    low = max(-1.0, diff - math.sqrt(max(dl, 0.0)))
    high = min(1.0, diff + math.sqrt(max(du, 0.0)))
    p, test = _mcnemar(b, c)
    return p1, p2, diff, low, high, p, test


def _unpaired_rate(x: np.ndarray, y: np.ndarray) -> tuple[float, float, float, float, float, float, str]:
    """Independent proportions: Newcombe hybrid score interval, two-proportion z or Fisher."""
    n1, n2 = x.size, y.size
    if n1 == 0 or n2 == 0:
        nan = math.nan
        return nan, nan, nan, nan, nan, nan, "two-proportion z"
    k1, k2 = int(np.count_nonzero(x)), int(np.count_nonzero(y))
    p1, p2 = k1 / n1, k2 / n2
    diff = p1 - p2
    l1, u1 = wilson_interval(k1, n1)
    l2, u2 = wilson_interval(k2, n2)
    low = max(-1.0, diff - math.sqrt((p1 - l1) ** 2 + (u2 - p2) ** 2))
    high = min(1.0, diff + math.sqrt((u1 - p1) ** 2 + (p2 - l2) ** 2))
    pool = (k1 + k2) / (n1 + n2)
    expected = min(pool * n1, pool * n2, (1 - pool) * n1, (1 - pool) * n2)
    if expected < 5:
        from scipy.stats import fisher_exact

        p = float(fisher_exact([[k1, n1 - k1], [k2, n2 - k2]]).pvalue)
        return p1, p2, diff, low, high, min(1.0, p), "Fisher exact"
    se = math.sqrt(pool * (1 - pool) * (1 / n1 + 1 / n2))
    return p1, p2, diff, low, high, _norm_sf2(diff / se), "two-proportion z"


def _z_p(diff: float, se: float) -> float:
    if math.isnan(diff) or math.isnan(se):
        return math.nan
    if se == 0:
        return 1.0 if diff == 0 else 0.0
    return _norm_sf2(diff / se)


def _compare_metric(spec: MetricSpec, tv: _Table, tb: _Table, paired: bool,
                    variant: str, baseline: str) -> Comparison:
    nan = math.nan
    if spec.kind == "game-rate":
        x = tv[spec.numerator].astype(bool, copy=False)
        y = tb[spec.numerator].astype(bool, copy=False)
        if paired:
            if spec.denominator is not None:
                keep = tv[spec.denominator] & tb[spec.denominator]
                x, y = x[keep], y[keep]
            p1, p2, diff, low, high, p, test = _paired_rate(x, y)
            interval = "Newcombe paired (method 10)"
        else:
            if spec.denominator is not None:
                x, y = x[tv[spec.denominator]], y[tb[spec.denominator]]
            p1, p2, diff, low, high, p, test = _unpaired_rate(x, y)
            interval = "Newcombe hybrid score"
        n = int(x.size) if paired else int(x.size + y.size)
    elif spec.kind == "mean":
        x = tv[spec.numerator].astype(np.float64)
        y = tb[spec.numerator].astype(np.float64)
        p1 = float(x.mean()) if x.size else nan
        p2 = float(y.mean()) if y.size else nan
        if paired:
            d = x - y
            diff, low, high = _mean_ci(d)
            interval, test = "paired t", "Wilcoxon signed-rank"
            if d.size == 0:
                p = nan
            elif not np.any(d):
                p = 1.0
            else:
                from scipy.stats import wilcoxon

                p = float(wilcoxon(d).pvalue)
            n = int(d.size)
        else:
            diff = p1 - p2
            interval, test = "Welch t", "Mann-Whitney U"
            low = high = p = nan
            if x.size >= 2 and y.size >= 2:
                v1, v2 = float(x.var(ddof=1)) / x.size, float(y.var(ddof=1)) / y.size
                se = math.sqrt(v1 + v2)
                if se > 0:
                    df = (v1 + v2) ** 2 / (v1 ** 2 / (x.size - 1) + v2 ** 2 / (y.size - 1))
                    half = _t_quantile(df) * se
                else:
                    half = 0.0
                low, high = diff - half, diff + half
            if x.size and y.size:
                from scipy.stats import mannwhitneyu

                if np.all(x == x[0]) and np.all(y == x[0]):
                    p = 1.0
                else:
                    p = float(mannwhitneyu(x, y).pvalue)
            n = int(x.size + y.size)
    elif spec.kind == "deal-ratio":
        p1, uv = _ratio_parts(tv[spec.numerator], tv[spec.denominator])
        p2, ub = _ratio_parts(tb[spec.numerator], tb[spec.denominator])
        diff = p1 - p2
        low = high = p = nan
        if paired:
            interval, test = "delta method, paired", "paired delta-method z"
            n = tv.n
            if uv is not None and ub is not None and n >= 2:
                se = float((uv - ub).std(ddof=1)) / math.sqrt(n)
                low, high, p = diff - Z95 * se, diff + Z95 * se, _z_p(diff, se)
        else:
            interval, test = "delta method, independent", "delta-method z"
            n = tv.n + tb.n
            if uv is not None and ub is not None and uv.size >= 2 and ub.size >= 2:
                se = math.sqrt(float(uv.var(ddof=1)) / uv.size + float(ub.var(ddof=1)) / ub.size)
                low, high, p = diff - Z95 * se, diff + Z95 * se, _z_p(diff, se)
    else:
        raise ValueError(f"unknown metric kind {spec.kind!r}")
    return Comparison(variant, baseline, spec.name, p1, p2, diff, low, high, p, p, test, paired,
                      False, "", n, interval)


def compare(games: pl.DataFrame, baseline: pl.DataFrame, variant_label: str | None = None,
            paired: bool | None = None, alpha: float = 0.05,
            metrics: list[MetricSpec] | None = None,
            baseline_label: str | None = None) -> list[Comparison]:
    """Every metric of one variant's games against the baseline's games (variant - baseline).

    paired=None pairs the rows on `game` when both tables hold exactly the same game
    indices (the normal case in a run: common random numbers), else compares them as
    independent samples; paired=True with different game sets raises ValueError.
    The p-values come Holm-adjusted across the returned comparisons; `compare_all` (or
    `holm` on the pooled list) re-adjusts across a whole run. A paired game-rate with a
    denominator (first-lead side's loss) uses the games decided in BOTH variants, so its
    `value` / `baseline_value` can differ slightly from `summarize`'s.
    """
    v = _variant_name(games, variant_label)
    b = _variant_name(baseline, baseline_label)
    orders = _pairing(games, baseline)
    if paired is None:
        paired = orders is not None
    if paired and orders is None:
        raise ValueError(
            f"cannot pair {v!r} with {b!r}: their `game` indices differ "
            "(pass paired=False to compare them as independent samples)")
    if paired:
        tv, tb = _Table(games, orders[0]), _Table(baseline, orders[1])
    else:
        tv, tb = _Table(games), _Table(baseline)
    comps = [_compare_metric(spec, tv, tb, paired, v, b)
             for spec in (available_metrics(games) if metrics is None else metrics)]
    return holm(comps, alpha)


def compare_all(games: pl.DataFrame, baseline: str, alpha: float = 0.05,
                paired: bool | None = None,
                metrics: list[MetricSpec] | None = None) -> list[Comparison]:
    """Every other variant of a stacked table against `baseline`, Holm across ALL of them."""
    parts = split_variants(games)
    if baseline not in parts:
        raise ValueError(f"baseline {baseline!r} is not among the variants {list(parts)}")
    out: list[Comparison] = []
    for name, part in parts.items():
        if name != baseline:
            out.extend(compare(part, parts[baseline], name, paired, alpha, metrics, baseline))
    return holm(out, alpha)


def holm(comparisons: list[Comparison], alpha: float = 0.05) -> list[Comparison]:
    """Holm-Bonferroni step-down adjustment of `p_value` across all given comparisons.

    With the m defined p-values sorted, p_(1) <= ... <= p_(m), the adjusted values are
    max_{j <= i} min(1, (m - j + 1) p_(j)). Sets `p_adjusted`, `significant`
    (p_adjusted < alpha) and `verdict`; comparisons with an undefined p-value (NaN) are
    left out of m and never significant. Returns new objects in the input order.
    """
    p = np.array([c.p_value for c in comparisons], dtype=np.float64)
    adj = np.full(p.size, np.nan)
    ok = np.flatnonzero(~np.isnan(p))
    m = ok.size
    if m:
        order = ok[np.argsort(p[ok], kind="stable")]
        stepped = np.minimum(1.0, (m - np.arange(m)) * p[order])
        adj[order] = np.maximum.accumulate(stepped)
    out = []
    for c, pa in zip(comparisons, adj):
        significant = bool(pa < alpha)
        c = replace(c, p_adjusted=float(pa), significant=significant)
        out.append(replace(c, verdict=verdict(c)))
    return out


# --- words --------------------------------------------------------------------------------------
def format_p(p: float) -> str:
    """'p < 0.001', 'p = 0.004', 'p = 0.03'."""
    if math.isnan(p):
        return "p = n/a"
    if p < 0.001:
        return "p < 0.001"
    if p < 0.01:
        return f"p = {p:.3f}"
    return f"p = {p:.2f}"


def _decimals(half_width: float) -> int:
    """Decimals that show an interval of this half-width (shown units) sensibly."""
    if not half_width or math.isnan(half_width) or math.isinf(half_width):
        return 2
    return int(min(6, max(0, -math.floor(math.log10(abs(half_width))))))


def verdict(c: Comparison) -> str:
    """Plain-language verdict of one comparison. It leaves out the variant and the metric's
    label (the tables print "<label>: <verdict>"), except where the sentence needs a
    subject:

    'games 0.8 deals longer (95% CI 0.7 to 0.9), p < 0.001'   (deals per game)
    '2.1 pp higher (95% CI 1.8 to 2.4 pp), p < 0.001'          (a rate)
    'no detectable difference (±0.3 pp)'                       (not significant; ± is the
                                                                interval's half-width)

    Rates in percentage points; the decimals follow the interval's width; the p shown is
    `p_adjusted` (Holm).
    """
    spec = METRIC_BY_NAME.get(c.metric)
    unit = spec.unit if spec else ""
    scale = spec.scale if spec else 1.0
    if math.isnan(c.diff):
        return "not estimable (no data for this metric)"
    hw = c.half_width * scale
    if not c.significant:
        if math.isnan(hw):
            return "no detectable difference (interval undefined: too few games)"
        return f"no detectable difference (±{hw:.{_decimals(hw)}f} {unit})".replace(" )", ")")
    d = _decimals(hw)
    diff, low, high = c.diff * scale, c.low * scale, c.high * scale
    if diff >= 0:
        word = spec.more if spec else "higher"
        amount, lo, hi = diff, low, high
    else:
        word = spec.less if spec else "lower"
        amount, lo, hi = -diff, -high, -low
    subject = f"{spec.subject} " if spec and spec.subject else ""
    ci_unit = " pp" if unit == "pp" else ""
    ci = "95% CI n/a" if math.isnan(lo) else f"95% CI {lo:.{d}f} to {hi:.{d}f}{ci_unit}"
    text = f"{subject}{amount:.{d}f} {unit} {word}".replace("  ", " ")
    return f"{text} ({ci}), {format_p(c.p_adjusted)}"


# --- the exact redeal probability ---------------------------------------------------------------
_MAX_FAMILY = 60_000  # 7-tile hands enumerated at most; beyond, the thresholds are degenerate
_MAX_PAIR_WORK = 4_000_000_000


def _tile_tables():
    from .codes import DOUBLES_MASK, N_TILES, SUIT_MASK, TILE_HI, TILE_INDEX, TILE_LO

    return DOUBLES_MASK, N_TILES, SUIT_MASK, TILE_HI, TILE_INDEX, TILE_LO


def _popcount(x: np.ndarray) -> np.ndarray:
    return np.bitwise_count(np.asarray(x, dtype=np.int64).view(np.uint64)).astype(np.int64)


def _bad_hand(masks: np.ndarray, max_doubles: int, max_suit: int) -> np.ndarray:
    """Which 7-tile hands (bit masks) force a redeal."""
    doubles_mask, _, suit_mask, *_ = _tile_tables()
    masks = np.asarray(masks, dtype=np.int64)
    bad = np.zeros(masks.shape, dtype=bool)
    if max_doubles > 0:
        bad |= _popcount(masks & doubles_mask) >= max_doubles
    if max_suit > 0:
        for v in range(7):
            bad |= _popcount(masks & int(suit_mask[v])) >= max_suit
    return bad


def _subsets(tiles: np.ndarray, k: int) -> np.ndarray:
    if k < 0 or k > len(tiles):
        return np.zeros(0, dtype=np.int64)
    if k == 0:
        return np.zeros(1, dtype=np.int64)
    c = np.array(list(itertools.combinations(tiles.tolist(), k)), dtype=np.int64)
    return np.bitwise_or.reduce(np.int64(1) << c, axis=1)


def _bad_hands(max_doubles: int, max_suit: int) -> np.ndarray:
    """All 7-tile hands that force a redeal, as sorted unique bit masks."""
    _, n_tiles, _, tile_hi, tile_index, tile_lo = _tile_tables()
    groups = []
    if max_doubles > 0:
        groups.append((np.array([tile_index[v, v] for v in range(7)]), max_doubles))
    if max_suit > 0:
        for v in range(7):
            groups.append((np.flatnonzero((tile_lo == v) | (tile_hi == v)), max_suit))
    parts = []
    for tiles, at_least in groups:
        rest = np.setdiff1d(np.arange(n_tiles), tiles)
        for j in range(at_least, len(tiles) + 1):
            a, b = _subsets(tiles, j), _subsets(rest, 7 - j)
            if a.size and b.size:
                parts.append((a[:, None] | b[None, :]).ravel())
    return np.unique(np.concatenate(parts)) if parts else np.zeros(0, dtype=np.int64)


def _canonical_forms(masks: np.ndarray) -> np.ndarray:
    """Smallest image of each tile set under the 5040 relabellings of the values 0..6."""
    _, _, _, tile_hi, tile_index, tile_lo = _tile_tables()
    perms = np.array(list(itertools.permutations(range(7))), dtype=np.int64)
    lo, hi = perms[:, tile_lo], perms[:, tile_hi]
    bits = np.int64(1) << tile_index[np.minimum(lo, hi), np.maximum(lo, hi)]  # (5040, 28)
    sel = ((np.arange(128)[:, None] >> np.arange(7)) & 1).astype(bool)  # (128, 7)
    tables = [np.where(sel[None], bits[:, None, 7 * c:7 * c + 7], 0).sum(axis=2) for c in range(4)]
    out = np.empty(masks.size, dtype=np.int64)
    for i in range(0, masks.size, 256):
        m = masks[i:i + 256]
        img = (tables[0][:, m & 127] | tables[1][:, (m >> 7) & 127]
               | tables[2][:, (m >> 14) & 127] | tables[3][:, (m >> 21) & 127])
        out[i:i + 256] = img.min(axis=0)
    return out


def _redeal_tuple_counts(max_doubles: int, max_suit: int) -> tuple[int, int, int, int]:
    """N_k, k = 1..4: ordered k-tuples of pairwise disjoint 7-tile hands that all force a
    redeal (N_4: such tuples covering all 28 tiles)."""
    md, ms = max_doubles, max_suit
    bad = _bad_hands(md, ms)
    if bad.size == 0:
        return 0, 0, 0, 0
    if bad.size > _MAX_FAMILY:
        raise ValueError(
            f"exact redeal probability for redeal_doubles={md}, redeal_suit={ms}: "
            f"{bad.size} redeal hands is too many to enumerate; estimate it from the run")
    full = (1 << 28) - 1
    # The count of tuples that start with a given hand only depends on the hand's orbit
    # under the 7! relabellings of the pip values: one representative stands for its orbit.
    canon = _canonical_forms(bad)
    _, first, sizes = np.unique(canon, return_index=True, return_counts=True)
    reps = bad[first]
    rest_sets = [bad[(bad & int(r)) == 0] for r in reps]
    if sum(float(f.size) ** 2 for f in rest_sets) > _MAX_PAIR_WORK:
        raise ValueError(
            f"exact redeal probability for redeal_doubles={md}, redeal_suit={ms} "
            "takes too long; estimate it from the run")
    n2 = n3 = n4 = 0
    for rep, size, f in zip(reps.tolist(), sizes.tolist(), rest_sets):
        # f: bad hands disjoint from rep. Ordered disjoint pairs (a, b) within f give the
        # triples (rep, a, b); those whose leftover 7 tiles are bad too, the quadruples.
        n2 += size * int(f.size)
        pairs = quads = 0
        for i in range(0, f.size, 512):
            a = f[i:i + 512]
            ia, ib = np.nonzero((a[:, None] & f[None, :]) == 0)
            pairs += int(ia.size)
            if ia.size:
                quads += int(np.count_nonzero(_bad_hand(full ^ rep ^ a[ia] ^ f[ib], md, ms)))
        n3 += size * pairs
        n4 += size * quads
    return int(bad.size), n2, n3, n4


@lru_cache(maxsize=64)
def _exact_redeal_fraction(max_doubles: int, max_suit: int) -> Fraction:
    # Pigeonhole: 7 doubles (and the 7 tiles of a suit) among 4 hands put 2 in some hand.
    if 0 < max_doubles <= 2 or 0 < max_suit <= 2:
        return Fraction(1)
    n1, n2, n3, n4 = _redeal_tuple_counts(max_doubles, max_suit)
    # P(hands 1..k all bad) = N_k / (C(28,7) C(21,7) ...), k factors; hand 4 is the rest.
    c1 = math.comb(28, 7)
    c2 = c1 * math.comb(21, 7)
    c3 = c2 * math.comb(14, 7)
    return (Fraction(4 * n1, c1) - Fraction(6 * n2, c2) + Fraction(4 * n3, c3)
            - Fraction(n4, c3))


def exact_redeal_probability(max_doubles: int = 5, max_suit: int = 6) -> float:
    """Exact probability that a shuffle of the 28 tiles, dealt 7 each to 4 players, needs a
    redeal: some hand holds >= `max_doubles` doubles or >= `max_suit` tiles of one suit (a
    double counts once, in its own suit; 0 disables that test).

    Inclusion-exclusion over the four hands: P = 4 P(A1) - 6 P(A1 A2) + 4 P(A1 A2 A3)
    - P(A1 A2 A3 A4), A_i = "hand i is bad". The bad 7-tile hands are generated explicitly
    (5594 of the C(28,7) = 1,184,040 for the defaults), the ordered tuples of disjoint bad
    hands are counted exactly with bit masks, using the symmetry of the 7 pip values (the
    count of tuples that start with a hand depends only on its orbit), and the sum is taken
    in fractions. Defaults: 0.018834 (under a second). Thresholds of 1-2 are certain
    redeals (pigeonhole); very low thresholds (redeal_doubles <= 3, redeal_suit <= 4, ...)
    raise ValueError: too many bad hands to enumerate.
    """
    md, ms = int(max_doubles), int(max_suit)
    if md < 0 or ms < 0:
        raise ValueError("redeal thresholds must be >= 0")
    return float(_exact_redeal_fraction(md, ms))
