"""Comparing variants: run the games, compute the statistics, assemble the summary.

Usable as a library:

    from kozel_stats.compare import run_compare
    from kozel_stats.rules import load_variants
    outcome = run_compare(load_variants(["variants/"]), games=50_000, seed=1, bots=["random"] * 4)
    for c in outcome.comparisons: print(c.variant, c.metric, c.verdict)
"""

from __future__ import annotations

import os
import shlex
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

import numpy as np
import polars as pl

from . import stats
from .rules import Variant, VariantError, default_variant
from .runner import Runner, RunResult


@dataclass
class Analysis:
    baseline: str
    estimates: dict[str, list[stats.Estimate]]
    lengths: dict[str, dict]
    comparisons: list[stats.Comparison]
    games_per_variant: int
    placings: dict[str, dict] = field(default_factory=dict)  # каждый сам за себя only


@dataclass
class CompareOutcome:
    result: RunResult
    analysis: Analysis
    summary: dict[str, Any] = field(default_factory=dict)


def choose_variants(variants: list[Variant], baseline: str | None) -> tuple[list[Variant], str]:
    """De-duplicate, put the baseline first; add the shipped default when one variant is given."""
    unique: dict[str, Variant] = {}
    for v in variants:
        seen = unique.get(v.name)
        if seen is not None and seen.content_hash != v.content_hash:
            raise VariantError(f"two different variants are both named {v.name!r} ({seen.path} and {v.path}).")
        unique.setdefault(v.name, v)
    if baseline is None:
        if "default" not in unique and len(unique) == 1:
            unique = {"default": default_variant(), **unique}
        baseline = "default" if "default" in unique else next(iter(unique))
    if baseline not in unique:
        raise VariantError(f"--baseline {baseline!r} is not among the compared variants ({', '.join(unique)}).")
    ordered = [unique[baseline]] + [v for name, v in unique.items() if name != baseline]
    return ordered, baseline


def metrics_for(games: pl.DataFrame) -> list[stats.MetricSpec]:
    """The metrics this run can and should show: all whose columns exist, the optional
    ones (генерал, bazaar draws, early closures, 100-point outs, burns) only when some
    variant of the run has them."""
    derived = set(stats.DERIVED_COLUMNS)
    chosen = []
    for spec in stats.METRICS:
        needed = [c for c in stats.required_columns([spec])]
        if any(c not in games.columns for c in needed):
            continue
        if spec.name in stats.OPTIONAL_METRICS and spec.numerator not in derived:
            if games.get_column(spec.numerator).cast(pl.Int64).sum() == 0:
                continue
        chosen.append(spec)
    return chosen


def analyse(games: pl.DataFrame, baseline: str) -> Analysis:
    names = [str(n) for n in games.get_column("variant").unique(maintain_order=True).to_list()]
    metrics = metrics_for(games)
    estimates, lengths = {}, {}
    for name in names:
        rows = games.filter(pl.col("variant") == name)
        estimates[name] = stats.summarize(rows, metrics)
        lengths[name] = stats.length_distribution(rows)
    comparisons = stats.compare_all(games, baseline, metrics=metrics) if len(names) > 1 else []
    placings = {}
    for name in names:
        table = placings_table(games.filter(pl.col("variant") == name))
        if table:
            placings[name] = table
    per_variant = games.filter(pl.col("variant") == baseline).height
    return Analysis(baseline, estimates, lengths, comparisons, per_variant, placings)


def placings_table(games: pl.DataFrame) -> dict:
    """Каждый сам за себя: per seat, the share of games finished in each place (1 = best)
    with a 95% Wilson interval, and the mean place. The goat is last; the others are
    ranked by ascending points, equal points sharing the better place."""
    seats = [c for c in ("score_a", "score_b", "score_c", "score_d") if c in games.columns]
    first = games.get_column("bots").cast(pl.String)[0] if games.height else ""
    players = len(str(first).split(","))
    if players < 2 or games.height == 0 or "score_c" not in games.columns:
        return {}
    solo = games.get_column("score_c").cast(pl.Int64).sum() > 0 or players != 4 or \
        games.get_column("loser").max() > 1
    if not solo:
        return {}
    decided = games.filter(pl.col("loser") >= 0)
    scores = decided.select(seats[:players]).to_numpy().astype(np.int64)
    goat = decided.get_column("loser").to_numpy()
    n = len(goat)
    ranked = scores.copy()
    ranked[np.arange(n), goat] = np.iinfo(np.int64).max  # the goat is last whatever the score
    place = 1 + (ranked[:, None, :] < ranked[:, :, None]).sum(axis=2)  # better scores before you
    table = {"games": n, "seats": {}}
    for seat in range(players):
        shares = {}
        for k in range(1, players + 1):
            count = int((place[:, seat] == k).sum())
            low, high = stats.wilson_interval(count, n)
            shares[str(k)] = {"share": count / n if n else float("nan"), "low": low, "high": high}
        table["seats"][str(seat)] = {"mean_place": float(place[:, seat].mean()) if n else float("nan"),
                                     "places": shares}
    return table


def precise_enough(analysis: Analysis, precision: float) -> bool:
    """Every headline interval, of each variant and of each difference, narrower than asked.

    Rates: half-width <= precision (absolute, 0.005 = ±0.5 pp). Other metrics:
    half-width <= precision x |value| (relative).
    """
    if not all(stats.precision_reached(e, precision) for e in analysis.estimates.values()):
        return False
    headline = {m.name: m for m in stats.METRICS if m.headline}
    for c in analysis.comparisons:
        spec = headline.get(c.metric)
        if spec is None or c.low != c.low:  # NaN: no data for this metric
            continue
        half = (c.high - c.low) / 2
        limit = precision if spec.unit == "pp" else precision * abs(c.baseline_value)
        if half > limit:
            return False
    return True


def run_compare(
    variants: list[Variant], games: int, seed: int, bots: list[str], workers: int | None = None,
    baseline: str | None = None, precision: float | None = None, max_games: int | None = None,
    batch_size: int | None = None, deals_dir: Path | None = None,
    progress: Callable[[int, int], None] | None = None,
    on_compile: Callable[[str], None] | None = None,
) -> CompareOutcome:
    """Play `games` games of each variant (or, with `precision`, as many as needed up to
    `max_games`) and analyse them against the baseline.

    `progress(done, total)` is called with game counts over all variants, first with
    done = 0 when play starts (after any compilation, announced through `on_compile`,
    which gets one line before the engine is compiled). On Ctrl-C
    the outcome holds every finished game (same leading games for every variant)
    and `result.interrupted` is True.
    """
    if games < 1:
        raise ValueError(f"--games must be at least 1, not {games}.")
    variants, baseline = choose_variants(variants, baseline)
    workers = workers or os.cpu_count() or 1
    if batch_size is None:
        batch_size = max(1000, min(50_000, games // (2 * workers) or 1000))
    runner = Runner(variants, seed, bots, workers, batch_size, deals_dir, on_compile)
    target = games
    limit = max(max_games or games, games)
    runner.prepare()
    start = time.perf_counter()  # play time: compilation excluded
    interrupted = False
    analysis = None

    def tick(finished: int) -> None:
        if progress:
            progress(finished, target * len(variants))

    if progress:
        progress(0, target * len(variants))
    try:
        while True:
            if not runner.play(target, tick):
                interrupted = True
                break
            if precision is None:
                break
            analysis = analyse(runner.result().games(), baseline)
            if precise_enough(analysis, precision) or target >= limit:
                break
            target = min(limit, target * 2)
    except KeyboardInterrupt:  # between batches (e.g. while checking the precision): keep what is done
        interrupted = True
        analysis = None
    finally:
        runner.close(cancel=interrupted)
    result = runner.result()
    result.duration = time.perf_counter() - start
    result.interrupted = interrupted
    if runner.games_done == 0:
        return CompareOutcome(result, Analysis(baseline, {}, {}, [], 0))
    if analysis is None or analysis.games_per_variant != runner.games_done:
        analysis = analyse(result.games(), baseline)
    outcome = CompareOutcome(result, analysis)
    command = reproduce_command(variants, games, seed, bots, baseline, precision, max_games)
    outcome.summary = build_summary(result, analysis, command, precision)
    return outcome


def reproduce_command(variants: list[Variant], games: int, seed: int, bots: list[str], baseline: str,
                      precision: float | None, max_games: int | None) -> str:
    """One command that plays the same games again (the number of workers does not matter)."""
    from .rules import shipped_dir

    shipped = shipped_dir().resolve()
    names = []
    for v in variants:
        path = Path(v.path) if v.path else None
        names.append(v.name if path is None or path.resolve().parent == shipped else str(path))
    parts = ["kozel-stats", "compare", *names, "--games", str(games), "--seed", str(seed),
             "--bots", ",".join(bots), "--baseline", baseline]
    if precision is not None:
        parts += ["--precision", f"{precision:g}"] + (["--max-games", str(max_games)] if max_games else [])
    return " ".join(shlex.quote(p) for p in parts)


def build_summary(result: RunResult, analysis: Analysis, command: str, precision: float | None) -> dict[str, Any]:
    from .results import run_metadata

    meta = run_metadata(result, analysis.games_per_variant, analysis.baseline, command)
    meta["precision"] = precision
    return summary_payload(meta, analysis)


def summary_payload(meta: dict[str, Any], analysis: Analysis) -> dict[str, Any]:
    return {
        "meta": meta,
        "estimates": {name: [e for e in est] for name, est in analysis.estimates.items()},
        "length_distribution": analysis.lengths,
        "comparisons": analysis.comparisons,
        "placings": analysis.placings,
        "metrics": [m for m in stats.METRICS],
    }
