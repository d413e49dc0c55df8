"""Which rule matters most: a factorial sweep of knobs over a base variant.

The grid is every combination of the given knob values on top of a base variant (each cell
a variant named by its changes, ``default+threshold=none+target=125``, which `variants show`
loads again); impossible combinations are named and skipped, and `cells` plays a seeded
random subset of a large grid.

Every cell plays the same game indices (game i of every cell starts from the same shuffle),
and a batch plays a range of games for all cells, so the run's sufficient statistics hold,
besides each cell's sums (`moments.ArmStats`) and its pair with the reference cell
(`moments.PairStats`, exactly as `compare`), the Gram matrix of the metrics' per-game columns
over every two cells (`moments.GramStats`). From it comes the covariance of every two cells'
estimates (delta method, games as clusters, the same linearization as `stats`), so any
linear contrast of cells has an exact paired standard error:

* main effect of a knob value against the knob's reference value (the base variant's value,
  or the first given): the least-squares estimate in the model "cell value = constant + one
  term per knob" fitted to the cells' estimates; on a full grid this is exactly the average,
  over the other knobs' combinations, of the difference between the two cells that differ
  only in this knob (a balanced design), and with skipped or sampled cells it is the same
  model fitted to what was played;
* two-way interaction: the term of the model with every pairwise interaction added (on a
  full grid: the average difference of differences), which says whether a knob's effect
  depends on another knob's value;
* multiplicity as in `compare`: a main effect's headline metrics are one family (Bonferroni,
  its interval at 1 - 5%/m); interactions and secondary metrics at 95% each, and labelled so.
"""

from __future__ import annotations

import itertools
import math
import os
import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

from ..rules.levels import parse_levels
from ..rules.variants import (
    KNOB_BY_NAME,
    Variant,
    excerpt,
    format_knob_value,
    parse_knob_value,
    unknown_knob,
    with_rules,
)
from ..stats import comparison as stats
from ..stats.metrics import HEADLINE, METRIC_BY_NAME, Metric, applies, variables
from ..stats.moments import MAX_GRAM_SIZE, GramSpec, RunStats
from ..text import (
    answer_texts,  # noqa: F401  (importing it declares the sentences this module says)
    messages,
)
from ..text.errors import VariantError, again, keyed
from ..text.say import note

if TYPE_CHECKING:
    from ..play.cluster import Backend

#: A full grid larger than this is refused (give --cells to play a random subset of it).
MAX_GRID = 100_000
#: The most cells played in one sweep: the Gram matrix grows as the square of the cells.
MAX_CELLS = 512


@dataclass(frozen=True)
class Factor:
    """One varied knob: its values in the order given, and the reference value the others are
    compared with (the base variant's value when it is among them, else the first)."""

    knob: str
    levels: tuple[Any, ...]
    reference: Any

    def label(self, value: Any) -> str:
        return f"{self.knob}={format_knob_value(value)}"


@dataclass(frozen=True)
class Cell:
    levels: tuple[Any, ...]  # one value per factor
    variant: Variant

    @property
    def name(self) -> str:
        return self.variant.name


@dataclass
class Grid:
    base: Variant
    factors: list[Factor]
    cells: list[Cell]  # to play; the reference cell (every knob at its reference) first
    skipped: list[tuple[str, str]] = field(default_factory=list)  # (cell name, why it cannot be played)
    total: int = 0  # cells of the full grid
    sampled: bool = False  # a random subset of the valid cells is played

    @property
    def reference(self) -> Cell:
        return self.cells[0]


def parse_vary(texts: list[str], base: Variant) -> list[Factor]:
    """`--vary knob=v1,v2,...` options -> factors; a clear error for an unknown knob, a bad
    value, a repeated knob or a knob with fewer than two distinct values."""
    factors: list[Factor] = []
    if not texts:
        raise keyed(ValueError, "sweep.least_vary_knob_value")
    for text in texts:
        key, sep, values = text.partition("=")
        key = key.strip()
        knob = KNOB_BY_NAME.get(key)
        if sep and knob is None:
            raise unknown_knob(key, f"--vary {text!r}")
        if not sep or knob is None:
            raise keyed(ValueError, "sweep.vary_write_knob_value", text=text, join_knob_by_name=", ".join(KNOB_BY_NAME))
        if any(f.knob == key for f in factors):
            raise keyed(ValueError, "sweep.vary_knob_varied_twice", text=text, key=key)
        levels: list[Any] = []
        for part in values.split(","):
            if not part.strip():
                raise keyed(ValueError, "sweep.vary_empty_value_two", excerpt_text=excerpt(text), key=key)
            try:
                value = parse_knob_value(knob, part, f"--vary {key}")
            except VariantError as exc:
                raise again(ValueError, exc) from None
            if value in levels:
                raise keyed(
                    ValueError,
                    "sweep.vary_value_given_twice",
                    excerpt_text=excerpt(text),
                    format_knob_value_value=format_knob_value(value),
                    key=key,
                )
            levels.append(value)
        if len(levels) < 2:
            raise keyed(ValueError, "sweep.vary_least_two_different", text=text, key=key)
        reference = base[key] if base[key] in levels else levels[0]
        factors.append(Factor(key, tuple(levels), reference))
    return factors


def build_grid(base: Variant, factors: list[Factor], cells: int | None = None, seed: int = 0) -> Grid:
    """Every combination of the factors' values over `base`; the impossible ones are skipped
    with their reason; `cells`: play only that many, the reference cell and a random subset
    of the others drawn with the run's seed."""
    total = math.prod(len(f.levels) for f in factors)
    if total > MAX_GRID:
        raise keyed(ValueError, "sweep.grid_cells_more_vary", total=total, MAX_GRID=MAX_GRID)
    if cells is not None and cells < 2:
        raise keyed(ValueError, "sweep.cells_least", cells=cells)
    reference_levels = tuple(f.reference for f in factors)
    valid: list[Cell] = []
    skipped: list[tuple[str, str]] = []
    reasons: dict[str, messages.Both] = {}  # why each skipped cell cannot be played, in both languages
    for levels in itertools.product(*(f.levels for f in factors)):
        changes = [(f.knob, v) for f, v in zip(factors, levels, strict=True)]
        name = base.name + "".join(f"+{f.label(v)}" for f, v in zip(factors, levels, strict=True) if v != base[f.knob])
        try:
            variant = with_rules(base, changes, name)
        except VariantError as exc:
            skipped.append((name, str(exc).split(": ", 1)[-1]))
            reasons[name] = messages.Both(skipped[-1][1], str(getattr(exc, "ru", None) or exc).split(": ", 1)[-1])
            continue
        cell = Cell(tuple(levels), variant)
        if levels == reference_levels:
            valid.insert(0, cell)
        else:
            valid.append(cell)
    if not valid or valid[0].levels != reference_levels:
        reference = _name(base, factors, reference_levels)
        raise keyed(ValueError, "sweep.reference_cell_cannot_played", name=reference, why=reasons.get(reference, ""))
    sampled = False
    if cells is not None and cells < len(valid):
        rng = np.random.default_rng([seed % 2**64, 0x5EE9])
        chosen = sorted(rng.choice(np.arange(1, len(valid)), size=cells - 1, replace=False).tolist())
        valid = [valid[0]] + [valid[i] for i in chosen]
        sampled = True
    if len(valid) > MAX_CELLS:
        raise keyed(ValueError, "sweep.grid_playable_cells_more", n_valid=len(valid), MAX_CELLS=MAX_CELLS)
    if len(valid) < 2:
        if not skipped:
            raise keyed(ValueError, "sweep.one_cell")
        shown = [name for name, _ in skipped[:3]]
        why = messages.Both(
            "; ".join(f"{name}: {reasons[name].en}" for name in shown) + (" ..." if len(skipped) > 3 else ""),
            "; ".join(f"{name}: {reasons[name].ru}" for name in shown) + (" …" if len(skipped) > 3 else ""),
        )
        raise keyed(ValueError, "sweep.one_cell_others", why=why)
    return Grid(base, factors, valid, skipped, total, sampled)


def _name(base: Variant, factors: list[Factor], levels: tuple) -> str:
    return base.name + "".join(f"+{f.label(v)}" for f, v in zip(factors, levels, strict=True) if v != base[f.knob])


# --- the design: which linear combination of cells estimates each effect -----------------------------------------
@dataclass(frozen=True)
class Term:
    """A main effect (one factor) or an interaction (two) of given non-reference values."""

    factors: tuple[int, ...]
    levels: tuple[Any, ...]

    def label(self, grid: Grid) -> str:
        return " × ".join(grid.factors[f].label(v) for f, v in zip(self.factors, self.levels, strict=True))

    def against(self, grid: Grid) -> str:
        return " × ".join(grid.factors[f].label(grid.factors[f].reference) for f in self.factors)


def _design(grid: Grid, interactions: bool) -> tuple[np.ndarray, list[Term]]:
    """Treatment-coded design matrix of the played cells: a constant, a column per factor's
    non-reference value and, with interactions, a column per pair of them."""
    mains = [Term((f,), (v,)) for f, factor in enumerate(grid.factors) for v in factor.levels if v != factor.reference]
    terms = list(mains)
    if interactions:
        for a, b in itertools.combinations(mains, 2):
            if a.factors[0] != b.factors[0]:
                terms.append(Term(a.factors + b.factors, a.levels + b.levels))
    design = np.ones((len(grid.cells), 1 + len(terms)))
    for j, term in enumerate(terms):
        for i, cell in enumerate(grid.cells):
            design[i, 1 + j] = all(cell.levels[f] == v for f, v in zip(term.factors, term.levels, strict=True))
    return design, terms


def contrast_weights(grid: Grid, interactions: bool = False) -> list[tuple[Term, np.ndarray | None]]:
    """Each term with the weights w (one per played cell) of its least-squares estimate, sum_c
    w_c R_c; None when the played cells cannot tell it apart from the other terms."""
    design, terms = _design(grid, interactions)
    pinv = np.linalg.pinv(design)
    check = pinv @ design  # the identity on the estimable parameters
    out: list[tuple[Term, np.ndarray | None]] = []
    for j, term in enumerate(terms):
        unit = np.zeros(design.shape[1])
        unit[1 + j] = 1.0
        estimable = np.allclose(check[1 + j], unit, atol=1e-8)
        if interactions and len(term.factors) == 1:
            continue
        out.append((term, pinv[1 + j] if estimable else None))
    return out


# --- the statistics -------------------------------------------------------------------------------------------------
def gram_columns(metrics: list[Metric]) -> tuple[str, ...]:
    """The per-game columns whose cross products the sweep needs for these metrics."""
    names: list[str] = []
    for m in metrics:
        for name in variables(m):
            if name not in names:
                names.append(name)
    return tuple(names)


def cell_covariance(run: RunStats, metric: Metric) -> tuple[np.ndarray, np.ndarray] | None:
    """(R, V): each cell's estimate of `metric` and the covariance matrix of the estimates
    (delta method, games as clusters): V_cd = sum_i e_ci e_di / (g (g - 1)) with
    e_ci = (x_ci - R_c n_ci) / mean(n_c), the linearization `stats` uses for one variant and
    for a pair. None when a cell has no data for the metric."""
    gram = run.gram
    if gram is None:
        raise keyed(ValueError, "sweep.these_statistics_hold_gram")
    j = stats.METRIC_INDEX[metric.name]
    g = run.games
    sx = np.array([a.sx[j] for a in run.arms], dtype=np.float64)
    sn = np.array([a.sn[j] for a in run.arms], dtype=np.float64)
    if g < 2 or np.any(sn == 0):
        return None
    ratio = sx / sn
    mean_n = sn / g
    x_name, n_name = variables(metric)
    cells = len(run.arms)
    u = np.zeros((gram.matrix.shape[0], cells))
    for c in range(cells):
        u[gram.index(c, x_name), c] += 1.0 / mean_n[c]
        u[gram.index(c, n_name), c] -= ratio[c] / mean_n[c]
    cov = u.T @ (gram.matrix.astype(np.float64) @ u) / (g * (g - 1.0))
    return ratio, (cov + cov.T) / 2


@dataclass
class Effect:
    """One term's estimate on one metric, as a `stats.Comparison` (variant: the term, baseline:
    its reference), with the cells it rests on."""

    term: Term
    kind: str  # "main" or "interaction"
    comparison: stats.Comparison


@dataclass
class SweepAnalysis:
    grid: Grid
    cells: Any  # compare.Analysis of the cells, the reference cell as the baseline
    metrics: list[str]  # the metrics whose effects are estimated
    effects: list[Effect]
    interactions: list[Effect]
    ranking: dict[str, list[dict]]  # metric -> knobs, largest effect first
    notes: list[dict] = field(default_factory=list)  # stored sentences (messages.stored)
    not_estimable: list[str] = field(default_factory=list)
    #: metric -> the fitted model with interactions (`Model`): what estimates any combination of the knobs, with its
    #: variance
    models: dict[str, Model] = field(default_factory=dict)

    def effect(self, label: str, metric: str) -> stats.Comparison:
        for e in self.effects + self.interactions:
            if e.comparison.metric == metric and e.term.label(self.grid) == label:
                return e.comparison
        raise KeyError(f"no effect {label!r} on {metric!r}")


@dataclass
class Model:
    """One metric's fitted model of the sweep, as any combination of knob values is estimated from it: the
    least-squares fit to the played cells' estimates of the treatment-coded model with a constant, every main
    effect and every two-way interaction the played cells can tell apart (`model_weights`; the same design
    `contrast_weights` fits, so its terms are the sweep's own main effects and interactions whenever the played
    cells estimate them all). `coef`: the constant (the model at the reference cell), then each term of `terms`
    in order; `cov`: their covariance W V Wᵀ (W: each coefficient's weights over the cells, V:
    `cell_covariance`). A combination with indicator vector z (1 for the constant, 1 for each non-reference
    value chosen and 1 for each pair of them that is a term) is estimated by z·coef with the variance z·cov·z:
    exactly the paired variance of the same contrast of cells, so a page can give the model's estimate and its
    interval from these few numbers without the cells' covariance. `left_out`: the interactions (or, rarely,
    main effects) the played cells cannot estimate, not in the model."""

    terms: list[Term]
    coef: np.ndarray
    cov: np.ndarray
    left_out: list[Term] = field(default_factory=list)


def model_weights(grid: Grid) -> tuple[list[Term], list[Term], np.ndarray]:
    """(terms, left out, W) of the sweep's model with interactions: the design of `_design(grid, interactions)`
    (every pair of knobs, given two or more), less the terms the played cells cannot estimate (an interaction
    before a main effect), refitted until every coefficient is estimable; W's rows (the constant's, then each
    term's) are the least-squares weights over the played cells."""
    design, terms = _design(grid, interactions=len(grid.factors) > 1)
    keep = list(range(len(terms)))
    while True:
        sub = design[:, [0] + [1 + j for j in keep]]
        pinv = np.linalg.pinv(sub)
        check = pinv @ sub
        bad = [k for k in range(len(keep)) if not np.allclose(check[1 + k], np.eye(len(keep) + 1)[1 + k], atol=1e-8)]
        if not bad:
            break
        pairs = [k for k in bad if len(terms[keep[k]].factors) == 2]
        drop = set(pairs or bad)
        keep = [j for k, j in enumerate(keep) if k not in drop]
    left_out = [terms[j] for j in range(len(terms)) if j not in keep]
    return [terms[j] for j in keep], left_out, pinv


def fitted_model(weights: tuple[list[Term], list[Term], np.ndarray], ratio: np.ndarray, cov: np.ndarray) -> Model:
    terms, left_out, rows = weights
    model_cov = rows @ cov @ rows.T
    return Model(terms, rows @ ratio, (model_cov + model_cov.T) / 2, left_out)


def _why_not(metric: Metric, grid: Grid) -> messages.Sentence | None:
    rules = [c.variant.rule_dict for c in grid.cells]
    if not all(applies(metric, r) for r in rules):
        return messages.Sentence("sweep.why.not_everywhere", metric=metric.name)
    if metric.name == "first_lead_loss_rate":
        sides = {(r["players"] if not r["pairs"] else 2) for r in rules}
        if len(sides) > 1:
            return messages.Sentence("sweep.why.sides")
    return None


def analyse_sweep(
    grid: Grid, arms: list, run: RunStats, metrics: list[Metric], margin: float | None = None
) -> SweepAnalysis:
    """Cells (as `compare.analyse`, the reference cell the baseline), main effects with their
    paired intervals, two-way interactions and the ranking of the knobs, per metric."""
    from .compare import analyse

    cells = analyse(arms, run, [(c, 0) for c in range(1, len(arms))], margin=margin)
    headline = [m for m in metrics if m.headline]
    family = len(headline)
    mains = contrast_weights(grid, interactions=False)
    pairs = contrast_weights(grid, interactions=True) if len(grid.factors) > 1 else []
    effects: list[Effect] = []
    interactions: list[Effect] = []
    notes: list[dict] = []  # kept by key in summary.json (messages.stored)
    not_estimable = sorted(
        {term.label(grid) for term, w in mains + pairs if w is None},
    )
    if grid.sampled:
        notes.append(messages.stored("sweep.note.sampled", played=len(grid.cells), total=grid.total))
    if grid.skipped:
        skipped = "; ".join(f"{name} ({why})" for name, why in grid.skipped[:5]) + (
            " ..." if len(grid.skipped) > 5 else ""
        )
        notes.append(messages.stored("sweep.note.skipped", n=len(grid.skipped), cells=skipped))
    used: list[str] = []
    models: dict[str, Model] = {}
    weights = model_weights(grid)
    for metric in metrics:
        why = _why_not(metric, grid)
        if why:
            notes.append(messages.stored("sweep.note.no_effects", why=why))
            continue
        found = cell_covariance(run, metric)
        if found is None:
            notes.append(messages.stored("sweep.note.no_data", metric=metric.name))
            continue
        used.append(metric.name)
        ratio, cov = found
        models[metric.name] = fitted_model(weights, ratio, cov)
        is_headline = metric.headline
        for kind, terms, out in (("main", mains, effects), ("interaction", pairs, interactions)):
            for term, w in terms:
                if w is None:
                    continue
                diff = float(w @ ratio)
                se = math.sqrt(max(float(w @ cov @ w), 0.0))
                differing, sparse_df = differing_games(run, w, metric)
                at_reference = _reference_mean(grid, term, ratio)
                main_headline = kind == "main" and is_headline
                c = stats.contrast(
                    metric,
                    diff,
                    se,
                    at_reference + diff,
                    at_reference,
                    run.games,
                    term.label(grid),
                    term.against(grid),
                    family="headline" if main_headline else "secondary",
                    family_size=family if main_headline else 1,
                    margin=margin if kind == "main" else None,
                    test="paired contrast of cells (delta method)",
                    differing=differing,
                    sparse_df=sparse_df,
                )
                out.append(Effect(term, kind, c))
    ranking = {m: rank_knobs(grid, [e for e in effects if e.comparison.metric == m]) for m in used}
    return SweepAnalysis(grid, cells, used, effects, interactions, ranking, notes, not_estimable, models)


def differing_games(run: RunStats, weights: np.ndarray, metric: Metric) -> tuple[int | None, float | None]:
    """(games whose per-game contrast is not zero, the effective degrees of freedom of its variance).
    Under common random numbers most games give a contrast of exactly zero, and a handful of rare
    values can carry most of the variance (a redeal in the one extra deal of a longer game); the
    interval must say so: Satterthwaite's degrees of freedom of the variance, 2 (sum e²)² / Var(sum e²),
    from the per-game contrasts e = dx - r0 dn (r0: the pooled ratio of the contrast's cells): about
    the number of games for well-spread values, about twice the few that matter when a few dominate."""
    gram, key = run.gram, weights_key(weights)
    if gram is None or key not in gram.contrasts or metric.name not in gram.metrics:
        return None, None
    k, j = gram.contrasts.index(key), gram.metrics.index(metric.name)
    differing = int(gram.differing[k, j])
    values = gram.values[k][j]
    if values is None or not values:
        return differing, None
    m = stats.METRIC_INDEX[metric.name]
    sx = sum(abs(w) * int(a.sx[m]) for w, a in zip(weights, run.arms, strict=True))
    sn = sum(abs(w) * int(a.sn[m]) for w, a in zip(weights, run.arms, strict=True))
    r0 = sx / sn if sn else 0.0
    # in the order of the values, not of the Counter (which is the order the batches met them): the same
    # sums give the same bits however the games were split into batches and runs (--resume)
    items = sorted(values.items())
    e = np.array([dx - r0 * dn for (dx, dn), _ in items])
    counts = np.array([c for _, c in items], dtype=np.float64)
    s2, s4 = float((counts * e**2).sum()), float((counts * e**4).sum())
    spread = s4 - s2 * s2 / max(run.games, 1)  # Var(sum e²) estimated (the other games have e = 0)
    return differing, (2.0 * s2 * s2 / spread) if spread > 0 else None


def _reference_mean(grid: Grid, term: Term, ratio: np.ndarray) -> float:
    """The mean estimate over the played cells where the term's knobs are at their reference."""
    rows = [
        i for i, cell in enumerate(grid.cells) if all(cell.levels[f] == grid.factors[f].reference for f in term.factors)
    ]
    return float(np.mean(ratio[rows])) if rows else math.nan


def rank_knobs(grid: Grid, effects: list[Effect]) -> list[dict]:
    """The knobs by the size of their largest main effect on one metric (|difference|), each
    with that effect and whether any of its values made a difference."""
    out: list[dict[str, Any]] = []
    for f, factor in enumerate(grid.factors):
        mine = [e.comparison for e in effects if e.term.factors == (f,)]
        if not mine:
            continue
        top = max(mine, key=lambda c: abs(c.diff) if math.isfinite(c.diff) else -1.0)
        out.append(
            {
                "knob": factor.knob,
                "size": abs(top.diff),
                "effect": top,
                "significant": any(c.significant for c in mine),
            }
        )
    out.sort(key=lambda r: (not r["significant"], -float(r["size"])))
    return out


# --- running ---------------------------------------------------------------------------------------------------------
@dataclass
class SweepOutcome:
    grid: Grid
    result: Any  # runner.RunResult
    analysis: SweepAnalysis | None
    summary: dict[str, Any] = field(default_factory=dict)


def choose_metrics(names: list[str] | None) -> list[Metric]:
    """The metrics whose effects a sweep estimates: the headline ones unless named."""
    if not names:
        return [METRIC_BY_NAME[n] for n in HEADLINE]
    out = []
    for name in names:
        if name not in METRIC_BY_NAME:
            raise keyed(
                ValueError,
                "sweep.metrics_unknown_metric_known",
                name=name,
                join_metric_by_name=", ".join(METRIC_BY_NAME),
            )
        if METRIC_BY_NAME[name] not in out:
            out.append(METRIC_BY_NAME[name])
    return out


def plan(grid: Grid, bots: list[str], metrics: list[Metric]) -> tuple[list, list[tuple[int, int]], GramSpec]:
    """The arms (one per cell, the reference first), the pairs with the reference and what the
    batches sum for the contrasts (`moments.GramSpec`)."""
    from ..play.runner import make_arm

    arms = [make_arm(cell.variant, bots) for cell in grid.cells]
    columns = gram_columns(metrics)
    if len(arms) * len(columns) > MAX_GRAM_SIZE:
        raise keyed(
            ValueError,
            "sweep.cells_columns_metrics_more",
            n_arms=len(arms),
            n_columns=len(columns),
            MAX_GRAM_SIZE=MAX_GRAM_SIZE,
        )
    spec = GramSpec(columns, tuple(m.name for m in metrics), contrasts(grid))
    return arms, [(c, 0) for c in range(1, len(arms))], spec


def weights_key(weights: np.ndarray) -> tuple[float, ...]:
    """A contrast's weights as stored (rounded: the same after a JSON round trip)."""
    return tuple(round(float(w), 12) for w in weights)


def contrasts(grid: Grid) -> tuple[tuple[float, ...], ...]:
    """The weights of every estimable term: the batches count the games each rests on."""
    found: list[tuple[float, ...]] = []
    terms = contrast_weights(grid) + (contrast_weights(grid, interactions=True) if len(grid.factors) > 1 else [])
    for _, w in terms:
        if w is not None and weights_key(w) not in found:
            found.append(weights_key(w))
    return tuple(found)


def run_sweep(
    grid: Grid,
    games: int,
    seed: int,
    bots: list[str],
    *,
    metrics: list[Metric] | None = None,
    workers: int | None = None,
    batch_size: int | None = None,
    margin: float | None = None,
    progress: Callable[[int, int], None] | None = None,
    on_compile: Callable[[str], None] | None = None,
    executor: Any = None,
    start: RunStats | None = None,
    on_batch: Callable[[RunStats], None] | None = None,
) -> SweepOutcome:
    """Play `games` games of every cell of the grid (common random numbers) and analyse them.
    The same seed gives the same bits whatever the workers, batches or executor (a Dask
    cluster's included). On Ctrl-C the outcome holds the finished leading games."""
    from ..play.runner import Runner
    from .compare import _check_sizes

    _check_sizes(games, None, batch_size)
    metrics = metrics or choose_metrics(None)
    arms, pairs, spec = plan(grid, bots, metrics)
    workers = workers or os.cpu_count() or 1
    if batch_size is None:
        batch_size = default_batch_size(games, workers, len(arms))
    runner = Runner(
        arms,
        pairs,
        seed,
        workers=workers,
        batch_size=batch_size,
        on_compile=on_compile,
        executor=executor,
        start=start,
        on_batch=on_batch,
        gram=spec,
    )
    runner.prepare()
    started = time.perf_counter()
    if progress:
        progress(runner.games_done, games)
    interrupted = False
    try:
        interrupted = not runner.play(games, (lambda done: progress(done, games)) if progress else None)
    except KeyboardInterrupt:
        interrupted = True
    except BaseException:
        runner.close(cancel=True)
        raise
    finally:
        runner.close(cancel=interrupted)
    result = runner.result(interrupted)
    result.duration = time.perf_counter() - started
    analysis = analyse_sweep(grid, arms, runner.stats, metrics, margin) if runner.games_done >= 2 else None
    return SweepOutcome(grid, result, analysis)


def default_batch_size(games: int, workers: int, cells: int) -> int:
    """Enough batches to share the work; each of at most ~400,000 games of all cells."""
    return max(100, min(50_000, games // (4 * workers) or 100, 400_000 // cells))


# --- the `sweep` command: validate everything first, then play, checkpoint, save --------------------------------------
@dataclass
class SweepRequest:
    """Every option of `kozel-stats sweep` (the command line only parses into this)."""

    base: str | None
    vary: list[str]
    games: int | None = None
    seed: int = 1
    bots: str | None = None  # None: every seat plays the --level's bot
    workers: int | None = None
    cells: int | None = None
    metrics: list[str] | None = None
    margin: float | None = None
    out: Path | None = None
    force: bool = False
    resume: Path | None = None
    csv: bool = False
    report: Path | None = None
    lang: str = "en"
    batch_size: int | None = None
    scheduler: str | None = None
    cluster: str | None = None
    connect_timeout: float | None = None  # --connect-timeout: seconds to reach --scheduler (default 20)
    level: str | None = None  # --level beginner|player|expert (default: levels.DEFAULT_LEVEL, unless --bots)
    levels: str | None = None  # --levels beginner,player,expert: the sweep once per level, on the same deals


DEFAULT_GAMES = 20_000


@dataclass
class PreparedSweep:
    request: SweepRequest
    grid: Grid
    seats: list[str]
    games: int
    seed: int
    metrics: list[Metric]
    start: RunStats | None = None
    base_spec: str = ""
    levels: list = field(default_factory=list)  # --levels: levels.Level, in the order given
    #: --levels: called with the outcome of the level saved in full; its keys join that level's summary.json
    finish: Callable[[SweepOutcome], dict] | None = None
    #: --levels: the names of the levels of the run, in the plan of the level saved in full (what --resume
    #: continues as a --levels sweep)
    run_levels: list[str] = field(default_factory=list)


def prepare_sweep(req: SweepRequest) -> PreparedSweep:
    """Check every option, file and cell before any output is created or any game is played."""
    from ..results.folders import check_new_file, prepare_folder
    from .compare import _check_sizes, seats_of

    if req.lang not in ("ru", "en"):
        raise keyed(ValueError, "options.lang_ru_en", req_lang=req.lang)
    seats, chosen = seats_of(req.bots, req.level, req.levels)
    if req.resume is not None and (req.bots is not None or req.level is not None or req.levels is not None):
        raise keyed(ValueError, "sweep.resume_dir_continues_sweep")
    if req.margin is not None and not 0 < req.margin <= 1:
        raise keyed(ValueError, "sweep.margin_share_reference_value", req_margin=req.margin)
    if req.csv and req.out is None and req.resume is None:
        raise keyed(ValueError, "sweep.csv_writes_into_folder")
    if req.workers is not None and not 1 <= req.workers <= 4096:
        raise keyed(ValueError, "options.workers", req_workers=req.workers)
    from ..play.cluster import check_backend_options

    check_backend_options(req.scheduler, req.cluster, req.connect_timeout)
    prepared = _resumed_sweep(req) if req.resume is not None else _new_sweep(req, seats)
    for extra in chosen:  # every level's bot fits every cell, before anything is played
        _new_sweep(replace(req, level=extra.name, levels=None), [extra.bot])
    if prepared.run_levels:  # --resume of a --levels sweep: continued as one, its summary's levels block kept
        chosen = parse_levels(",".join(prepared.run_levels))
    prepared.levels = chosen
    _check_sizes(prepared.games, None, req.batch_size)
    if req.report is not None:
        check_new_file(req.report, req.force, "--report")
    if req.out is not None:
        prepare_folder(req.out, req.force, resume=req.resume is not None)
    return prepared


def _resumed_sweep(req: SweepRequest) -> PreparedSweep:
    """`--resume DIR`: the sweep saved in DIR, to play on to --games; req.out, req.batch_size, req.csv and
    req.margin follow that sweep."""
    from ..results.folders import lock_folder, rules_changed

    assert req.resume is not None
    if req.base is not None or req.vary or req.cells is not None or req.metrics:
        raise keyed(ValueError, "sweep.resume_dir_continues_sweep_2")
    if req.out is not None and req.out != req.resume:
        raise keyed(ValueError, "options.resume_dir_writes_into")
    if req.resume.is_dir():  # one run at a time: before anything of it is read
        lock_folder(req.resume, "--resume")
    saved = load_sweep(req.resume)
    if saved.base_path or "+" in saved.base_spec:  # the base's file changed since: say so (saved rules play)
        changed = rules_changed(
            saved.grid.base.name, saved.base_path or saved.base_spec, saved.grid.base.rule_dict, req.resume
        )
        if changed:
            note(changed)
    if saved.complete and (req.games is None or req.games <= saved.stats.games):
        raise keyed(
            ValueError, "sweep.resume_sweep_complete_games", req_resume=req.resume, saved_stats_games=saved.stats.games
        )
    games = req.games or saved.games
    if games < saved.stats.games:
        raise keyed(ValueError, "sweep.games_fewer_games_already", games=games, saved_stats_games=saved.stats.games)
    req.out = req.resume
    req.batch_size = req.batch_size or saved.batch_size
    if not req.csv and (req.resume / "cells.csv").exists():  # never leave older CSV copies beside the rest
        req.csv = True
        note(messages.Sentence("results.csv_again", folder=req.resume))
    req.margin = req.margin if req.margin is not None else saved.margin
    prepared = PreparedSweep(
        req, saved.grid, saved.seats, games, saved.seed, saved.metrics, saved.stats, saved.base_spec
    )
    prepared.run_levels = saved.run_levels
    return prepared


def _new_sweep(req: SweepRequest, seats: list[str]) -> PreparedSweep:
    """A new sweep: the base variant, its grid of cells (each checked against the seats' bots) and the metrics."""
    from ..records.trace import parse_bots
    from ..rules.variants import load_variant

    if not req.base:
        raise keyed(ValueError, "sweep.base_variant_name_yaml")
    base = load_variant(req.base)
    factors = parse_vary(req.vary, base)
    seed = req.seed
    if not -(2**63) <= seed < 2**64:
        raise keyed(ValueError, "options.seed_fit_bits", seed=seed)
    grid = build_grid(base, factors, req.cells, seed)
    for cell in grid.cells:
        parse_bots(seats, cell.variant["players"])
    metrics = choose_metrics(req.metrics)
    plan(grid, seats, metrics)  # the size of the statistics is checked now
    games = req.games if req.games is not None else DEFAULT_GAMES
    return PreparedSweep(req, grid, seats, games, seed, metrics, None, req.base)


def reproduce_command(prep: PreparedSweep) -> str:
    """One command that plays the same sweep again (the workers and the cluster do not matter)."""
    import shlex

    req = prep.request
    parts = ["kozel-stats", "sweep", prep.base_spec]
    for f in prep.grid.factors:
        parts += ["--vary", f"{f.knob}=" + ",".join(format_knob_value(v) for v in f.levels)]
    parts += ["--games", str(prep.games), "--seed", str(prep.seed), "--bots", ",".join(prep.seats)]
    if prep.grid.sampled:
        parts += ["--cells", str(len(prep.grid.cells))]
    if [m.name for m in prep.metrics] != list(HEADLINE):
        parts += ["--metrics", ",".join(m.name for m in prep.metrics)]
    if req.margin is not None:
        parts += ["--margin", f"{req.margin:g}"]
    return " ".join(shlex.quote(p) for p in parts)


def sweep_plan(prep: PreparedSweep, arms: list, pairs: list, batch_size: int | None, command: str) -> dict:
    """What `--resume` and `report` need besides the arms: the grid, the metrics, the target."""
    from ..results.folders import plan_json

    grid = prep.grid
    extra = {
        "kind": "sweep",
        "games": prep.games,
        "sweep": {
            "base": {
                "spec": prep.base_spec,
                **({"path": str(Path(grid.base.path).resolve())} if grid.base.path else {}),
                **grid.base.to_dict(),
            },
            "factors": [{"knob": f.knob, "levels": list(f.levels), "reference": f.reference} for f in grid.factors],
            "levels": [list(c.levels) for c in grid.cells],
            "total": grid.total,
            "sampled": grid.sampled,
            "skipped": [list(s) for s in grid.skipped],
            "metrics": [m.name for m in prep.metrics],
            "margin": prep.request.margin,
        },
    }
    if prep.run_levels:
        extra["levels"] = list(prep.run_levels)
    return plan_json(arms, pairs, prep.seed, batch_size, command, extra)


@dataclass
class SavedSweep:
    grid: Grid
    seats: list[str]
    seed: int
    metrics: list[Metric]
    stats: RunStats
    games: int
    batch_size: int | None
    margin: float | None
    complete: bool
    base_spec: str
    summary: dict[str, Any]
    base_path: str | None = None  # the base variant's file (None: saved without it)
    run_levels: list[str] = field(default_factory=list)  # a --levels sweep: its levels (the plan's, or summary's)


def is_sweep(folder: Path) -> bool:
    from ..results.folders import STATS_FILE

    try:
        import json

        return json.loads((folder / STATS_FILE).read_text(encoding="utf-8")).get("kind") == "sweep"
    except (OSError, ValueError, AttributeError, RecursionError):
        return False  # not readable as a sweep: `load` says what is wrong with it


def load_sweep(folder: Path) -> SavedSweep:
    """A results folder written by `sweep --out`, rebuilt as it was played."""
    from ..results.folders import STATS_FILE, arms_of, load
    from ..text.errors import ResultsError

    loaded = load(folder)
    plan_data = loaded.plan
    where = folder / STATS_FILE
    if plan_data.get("kind") != "sweep":
        raise ResultsError.keyed("sweep.holds_comparison_sweep_use", folder=folder)
    try:
        info = plan_data["sweep"]
        arms = arms_of(plan_data)
        base_rules = info["base"]["rules"]
        base_arm = arms_of({"arms": [{"name": info["base"]["name"], "rules": base_rules, "bots": ["random"]}]})[0]
        base = Variant(
            str(info["base"]["name"]),
            str(info["base"].get("description", "")),
            str(info["base"].get("source", "")),
            "kozel",
            base_arm.variant.rules,
            titles=tuple(sorted((str(k), str(v)) for k, v in (info["base"].get("title") or {}).items())),
            descriptions=tuple(sorted((str(k), str(v)) for k, v in (info["base"].get("descriptions") or {}).items())),
        )
        factors = [Factor(str(f["knob"]), tuple(f["levels"]), f["reference"]) for f in info["factors"]]
        for f in factors:
            if f.knob not in KNOB_BY_NAME or f.reference not in f.levels:
                raise keyed(ValueError, "sweep.factor_damaged", f_knob=f.knob)
        levels = [tuple(lv) for lv in info["levels"]]
        if len(levels) != len(arms) or any(len(lv) != len(factors) for lv in levels):
            raise keyed(ValueError, "sweep.cells_do_match_arms")
        cells = [Cell(lv, arm.variant) for lv, arm in zip(levels, arms, strict=True)]
        grid = Grid(
            base,
            factors,
            cells,
            [(str(n), str(w)) for n, w in info.get("skipped", [])],
            int(info["total"]),
            bool(info["sampled"]),
        )
        metrics = choose_metrics([str(m) for m in info["metrics"]])
        margin = info.get("margin")
    except (KeyError, TypeError, ValueError, IndexError) as exc:
        raise ResultsError.because("sweep.sweep_plan_damaged", exc, 160, where=where) from None
    seats = list(arms[0].bots)
    if loaded.stats.gram is None or loaded.stats.gram.spec != plan(grid, seats, metrics)[2]:
        raise ResultsError.keyed("sweep.sweep_gram_matrix_missing", where=where)
    return SavedSweep(
        grid,
        seats,
        int(plan_data["seed"]),
        metrics,
        loaded.stats,
        int(plan_data.get("games") or loaded.stats.games),
        plan_data.get("batch_size"),
        margin,
        loaded.complete,
        str(info["base"].get("spec") or base.name),
        loaded.summary,
        info["base"].get("path") if isinstance(info["base"].get("path"), str) else None,
        _saved_levels(plan_data, loaded.summary),
    )


def _saved_levels(plan_data: dict, summary: dict) -> list[str]:
    """The levels of a --levels sweep: its plan's (since 0.x), else its summary's levels block."""
    saved = plan_data.get("levels")
    if not saved and isinstance(summary.get("levels"), dict):
        saved = summary["levels"].get("levels")
    return [str(name) for name in saved] if isinstance(saved, list) else []


def build_summary(prep: PreparedSweep, outcome: SweepOutcome, command: str, batch_size: int | None, where: str) -> dict:
    from ..results.folders import run_metadata

    a = outcome.analysis
    assert a is not None
    grid = prep.grid
    meta = run_metadata(outcome.result, a.cells.games_per_variant, grid.reference.name, command, prep.seats)
    meta.update(
        kind="sweep",
        games_per_cell=a.cells.games_per_variant,
        batch_size=batch_size,
        backend=where,
        margin=prep.request.margin,
        base={"name": grid.base.name, "hash": grid.base.content_hash, "title": dict(grid.base.titles)},
        factors=[{"knob": f.knob, "levels": list(f.levels), "reference": f.reference} for f in grid.factors],
        cells=[
            {"name": c.name, "levels": {f.knob: v for f, v in zip(grid.factors, c.levels, strict=True)}}
            for c in grid.cells
        ],
        total_cells=grid.total,
        sampled=grid.sampled,
        skipped=[{"name": n, "why": w} for n, w in grid.skipped],
        metrics=a.metrics,
    )
    return {
        "meta": meta,
        "estimates": a.cells.estimates,
        "comparisons": a.cells.comparisons,
        "length_distribution": a.cells.lengths,
        "effects": [effect_row(e, grid) for e in a.effects],
        "interactions": [effect_row(e, grid) for e in a.interactions],
        "ranking": {
            m: [
                {
                    "knob": r["knob"],
                    "largest": r["effect"].variant,
                    "diff": r["effect"].diff,
                    "significant": r["significant"],
                }
                for r in rows
            ]
            for m, rows in a.ranking.items()
        },
        "not_estimable": a.not_estimable,
        "notes": a.notes + a.cells.notes,
        "decision": {
            "alpha": stats.ALPHA,
            "rule": "a main effect's headline metrics are one family, each tested at 5%/m (Bonferroni) with its "
            "(1-5%/m) interval; interactions and secondary metrics each at 95%; significant = the interval "
            "excludes 0; effects are least-squares contrasts of the cells, their variance from the cells' "
            "per-game cross products (delta method, games as clusters)",
        },
    }


def effect_row(e: Effect, grid: Grid) -> dict[str, Any]:
    c = e.comparison
    return {
        "kind": e.kind,
        "knobs": [grid.factors[f].knob for f in e.term.factors],
        "levels": list(e.term.levels),
        "term": c.variant,
        "against": c.baseline,
        "metric": c.metric,
        "value": c.value,
        "reference_value": c.baseline_value,
        "diff": c.diff,
        "low": c.low,
        "high": c.high,
        "level": c.level,
        "p_value": c.p_value,
        "p_adjusted": c.p_adjusted,
        "significant": c.significant,
        "family": c.family,
        "mde": c.mde,
        "equivalent": c.equivalent,
        "verdict": c.verdict,
    }


def effects_frame(summary: dict) -> Any:
    import polars as pl

    rows = summary["effects"] + summary["interactions"]
    schema = {
        "kind": pl.String,
        "term": pl.String,
        "against": pl.String,
        "metric": pl.String,
        "diff": pl.Float64,
        "low": pl.Float64,
        "high": pl.Float64,
        "level": pl.Float64,
        "p_value": pl.Float64,
        "p_adjusted": pl.Float64,
        "significant": pl.Boolean,
        "family": pl.String,
    }
    from ..results.folders import to_jsonable

    clean = [{k: to_jsonable(r[k]) for k in schema} for r in rows]
    return pl.DataFrame(clean, schema=schema)


def cells_frame(summary: dict) -> Any:
    import polars as pl

    from ..results.folders import to_jsonable

    levels = {c["name"]: c["levels"] for c in summary["meta"]["cells"]}
    knobs = [f["knob"] for f in summary["meta"]["factors"]]
    rows = []
    for name, estimates in summary["estimates"].items():
        for e in estimates:
            e = to_jsonable(e)
            row = {"cell": name, **{k: str(levels[name][k]) for k in knobs}}
            row.update(metric=e["metric"], value=e["value"], low=e["low"], high=e["high"], n=e["n"])
            rows.append(row)
    schema: dict[str, Any] = {"cell": pl.String, **{k: pl.String for k in knobs}}
    schema.update(metric=pl.String, value=pl.Float64, low=pl.Float64, high=pl.Float64, n=pl.Int64)
    return pl.DataFrame(rows, schema=schema)


EFFECTS_FILE = "effects.parquet"
CELLS_FILE = "cells.parquet"
CHECKPOINT_EVERY = 10.0


def save(folder: Path, plan_data: dict, run: RunStats, summary: dict, csv: bool) -> None:
    """stats.json, the effects and cells tables, summary.json last (as `results.save`)."""
    from ..results.folders import SUMMARY_FILE, write_atomic, write_json, write_stats

    write_stats(folder, plan_data, run, complete=not summary["meta"].get("interrupted", False))
    for name, frame in ((EFFECTS_FILE, effects_frame(summary)), (CELLS_FILE, cells_frame(summary))):
        write_atomic(folder / name, frame.write_parquet)
        if csv:
            write_atomic(folder / name.replace(".parquet", ".csv"), frame.write_csv)
    write_json(folder / SUMMARY_FILE, summary)


def execute(
    prep: PreparedSweep,
    progress: Callable[[int, int], None] | None = None,
    on_compile: Callable[[str], None] | None = None,
    shared: Backend | None = None,
) -> SweepOutcome:
    """Play the sweep (on the local pool or a Dask cluster), checkpoint into --out as it goes,
    and save everything whole, also after an interruption. `shared`: a `cluster.Backend` already open (the
    atlas's), else the request's own --scheduler / --cluster."""
    from ..play.cluster import shared_or_own
    from ..results.folders import write_stats

    req = prep.request
    arms, pairs, _ = plan(prep.grid, prep.seats, prep.metrics)
    command = reproduce_command(prep)
    with shared_or_own(shared, req.scheduler, req.cluster, on_compile, req.connect_timeout) as chosen:
        workers = req.workers or chosen.workers or os.cpu_count() or 1
        batch_size = req.batch_size or default_batch_size(prep.games, workers, len(arms))
        plan_data = sweep_plan(prep, arms, pairs, batch_size, command)
        last_save = [time.monotonic()]

        def checkpoint(run: RunStats) -> None:
            if req.out is not None and time.monotonic() - last_save[0] >= CHECKPOINT_EVERY:
                write_stats(req.out, plan_data, run, complete=False)
                last_save[0] = time.monotonic()

        outcome = run_sweep(
            prep.grid,
            prep.games,
            prep.seed,
            prep.seats,
            metrics=prep.metrics,
            workers=workers,
            batch_size=batch_size,
            margin=req.margin,
            progress=progress,
            on_compile=on_compile,
            executor=chosen.executor,
            start=prep.start,
            on_batch=checkpoint,
        )
    if outcome.analysis is None:
        return outcome
    outcome.summary = build_summary(prep, outcome, command, batch_size, chosen.where)
    if prep.finish is not None:
        outcome.summary.update(prep.finish(outcome))
    if req.out is not None:
        save(req.out, plan_data, outcome.result.stats, outcome.summary, req.csv)
    if req.report is not None:
        from ..present.sweep_report import write

        write(req.report, outcome.summary, outcome.analysis, req.lang)
    return outcome


def summary_and_analysis(folder, margin: float | None = None):
    """(summary, analysis) of a saved sweep, recomputed from its statistics (`kozel-stats report`, the atlas);
    `margin`: another equivalence margin than the saved one."""
    saved = load_sweep(folder)
    arms, _, _ = plan(saved.grid, saved.seats, saved.metrics)
    analysis = analyse_sweep(
        saved.grid, arms, saved.stats, saved.metrics, margin if margin is not None else saved.margin
    )
    summary = dict(saved.summary) or {"meta": {}}
    summary["meta"] = {**summary.get("meta", {}), "games_per_cell": saved.stats.games}
    if not saved.complete:
        summary["meta"]["interrupted"] = True
    summary["meta"].setdefault("seed", saved.seed)
    summary["meta"].setdefault("bots", [",".join(saved.seats)])
    return summary, analysis


# --- `sweep --levels`: the same sweep at each level of play ----------------------------------------------------------
@dataclass
class LevelsOutcome:
    """`sweep --levels`: the sweep played at each level on the same deals; `lead` is the level saved in full."""

    outcomes: dict[str, SweepOutcome]  # level name -> its sweep, in the order of --levels
    rows: list[dict]  # per main effect and metric: the difference at each level and how it fares across them
    lead: str


def lead_level(levels: list) -> Any:
    """The level a `--levels` sweep saves in full: the default level (the quick start's answer) when played."""
    from ..rules.levels import DEFAULT_LEVEL

    return next((lv for lv in levels if lv.name == DEFAULT_LEVEL), levels[0])


def level_sweep(prep: PreparedSweep, lv: Any, lead: bool) -> PreparedSweep:
    """The sweep of one level of a `--levels` run: every seat plays the level's bot; only the lead level
    writes --out and --report."""
    req = replace(
        prep.request,
        level=lv.name,
        levels=None,
        out=prep.request.out if lead else None,
        report=prep.request.report if lead else None,
        csv=prep.request.csv and lead,
    )
    return replace(
        prep,
        request=req,
        seats=[lv.bot],
        levels=[],
        finish=None,
        start=prep.start if lead else None,  # a resumed --levels sweep: the other levels are played again
        run_levels=[x.name for x in prep.levels] if lead else [],
    )


def across_rows(outcomes: dict[str, SweepOutcome]) -> list[dict]:
    """Per main effect and metric, in the lead's order: the difference, interval and significance at each
    level, and its level verdict (level_verdict.level_verdict: the mark in `across_levels`, the per-level
    intervals and the differences between levels in `level_verdict`); no verdict (``restated``) on a metric
    the effect's knob decides by definition."""
    from ..present.level_verdict import level_verdict
    from ..stats.metrics import METRIC_BY_NAME

    keyed: dict[tuple[str, str], dict[str, stats.Comparison]] = {}
    knobs: dict[str, set[str]] = {}
    for name, outcome in outcomes.items():
        assert outcome.analysis is not None
        grid = outcome.analysis.grid
        for e in outcome.analysis.effects:
            keyed.setdefault((e.comparison.variant, e.comparison.metric), {})[name] = e.comparison
            knobs[e.comparison.variant] = {grid.factors[f].knob for f in e.term.factors}
    rows = []
    for (term, metric), by_level in keyed.items():
        spec = METRIC_BY_NAME.get(metric)
        restated = spec is not None and bool(knobs[term] & set(spec.restated_by))
        verdict = level_verdict({name: by_level.get(name) for name in outcomes}, restated)
        rows.append(
            {
                "term": term,
                "metric": metric,
                "by_level": {
                    name: {"diff": c.diff, "low": c.low, "high": c.high, "significant": c.significant}
                    for name, c in by_level.items()
                },
                "across_levels": verdict.mark,
                "level_verdict": verdict.to_json(),
            }
        )
    return rows


def levels_block(levels: list, outcomes: dict[str, SweepOutcome], rows: list[dict]) -> dict:
    """What `--levels` adds to the lead level's summary.json: the levels, the rows, each level's ranking (the
    knobs with a significant effect, largest first)."""
    return {
        "levels": {
            "levels": [lv.name for lv in levels],
            "rows": rows,
            "ranking": {
                name: {m: [r["knob"] for r in ranked if r["significant"]] for m, ranked in o.summary["ranking"].items()}
                for name, o in outcomes.items()
            },
            "games_per_cell": {name: o.summary["meta"]["games_per_cell"] for name, o in outcomes.items()},
        }
    }


def execute_levels(
    prep: PreparedSweep,
    progress_for: Callable[[Any], Any],
    on_compile: Callable[[str], None] | None = None,
) -> LevelsOutcome | None:
    """Play the sweep at each level of `prep.levels` (the same seed: the same deals), the lead level last so
    that its folder and report hold every level's verdicts. `progress_for(level)` gives a context manager
    yielding that level's progress callback. None when a level was interrupted (nothing of the levels kept)."""
    lead = lead_level(prep.levels)
    order = [lv for lv in prep.levels if lv is not lead] + [lead]
    outcomes: dict[str, SweepOutcome] = {}
    for lv in order:
        one = level_sweep(prep, lv, lv is lead)
        if lv is lead:

            def finish(outcome: SweepOutcome) -> dict:
                played = {name: outcomes.get(name, outcome) for name in (x.name for x in prep.levels)}
                return levels_block(prep.levels, played, across_rows(played))

            one.finish = finish
        with progress_for(lv) as progress:
            outcome = execute(one, progress, on_compile)
        if outcome.result.interrupted or outcome.analysis is None:
            return None
        outcomes[lv.name] = outcome
    ordered = {lv.name: outcomes[lv.name] for lv in prep.levels}
    return LevelsOutcome(ordered, across_rows(ordered), lead.name)
