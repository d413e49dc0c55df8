"""Terminal output of a comparison (rich), readable at 100 columns."""

from __future__ import annotations

import math
from typing import Any

from rich import box
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from .compare import Analysis
from .metrics import METRICS

SPECS = {m.name: m for m in METRICS}


def _digits(x: float) -> int:
    x = abs(x)
    return 0 if x >= 100 else 1 if x >= 10 else 2 if x >= 1 else 3


def fmt_value(metric: str, value: float, signed: bool = False) -> str:
    """Rates in percent (values) or percentage points (differences); other metrics plain."""
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return "–"
    spec = SPECS.get(metric)
    sign = "+" if signed else ""
    if spec is not None and spec.unit == "pp":
        x = value * 100
        return f"{x:{sign}.{min(_digits(x), 2)}f}" + ("" if signed else "%")
    return f"{value:{sign},.{_digits(value)}f}"


def fmt_interval(metric: str, low: float, high: float, signed: bool = False) -> str:
    if any(x is None or (isinstance(x, float) and math.isnan(x)) for x in (low, high)):
        return "–"
    return f"{fmt_value(metric, low, signed)} … {fmt_value(metric, high, signed)}"


def fmt_p(p: float) -> str:
    if p is None or (isinstance(p, float) and math.isnan(p)):
        return "–"
    return "<0.001" if p < 0.001 else f"{p:.3f}"


def header_lines(meta: dict[str, Any], n_comparisons: int) -> list[str]:
    names = [v["name"] for v in meta["variants"]]
    bots = meta["bots"]
    bot_text = bots[0] if len(set(bots)) == 1 else ",".join(bots)
    lines = [
        f"[bold]Козёл: {len(names)} variant(s) × {meta['games_per_variant']:,} games[/bold], bots {bot_text}, "
        f"seed {meta['seed']}, baseline [bold]{meta['baseline']}[/bold]",
        "Paired design: game i of every variant starts from the same shuffle. A variant's verdict rests on its "
        "four headline metrics, tested together (each at 5%/4, with its 98.75% interval); the other metrics are "
        "secondary, each with its own 95% interval.",
    ]
    if meta.get("interrupted"):
        lines.append("[yellow]Interrupted: these are the games finished before Ctrl-C.[/yellow]")
    return lines


def baseline_table(analysis: Analysis) -> Table:
    table = Table(title=f"{analysis.baseline} (baseline)", box=box.SIMPLE_HEAD, title_justify="left")
    table.add_column("metric", no_wrap=True, max_width=44)
    table.add_column("value", justify="right", no_wrap=True)
    table.add_column("95% CI", justify="right", no_wrap=True)
    table.add_column("n", justify="right", no_wrap=True)
    skip = set(analysis.not_applicable.get(analysis.baseline, []))
    for e in analysis.estimates[analysis.baseline]:
        if e.metric in skip:
            continue
        table.add_row(
            SPECS[e.metric].label, fmt_value(e.metric, e.value), fmt_interval(e.metric, e.low, e.high), f"{e.n:,}"
        )
    dist = analysis.lengths.get(analysis.baseline)
    if dist:
        table.add_row(
            escape("deals per game: median [q1, q3]"),
            escape(f"{dist['median']:g} [{dist['q1']:g}, {dist['q3']:g}]"),
            f"p90 {dist['p90']:g}",
            "",
        )
    return table


def overview_table(analysis: Analysis) -> Table:
    """Variants x headline metrics: the difference against the baseline, * when significant."""
    headline = [m for m in METRICS if m.headline]
    table = Table(
        title=f"Differences against {analysis.baseline} (rates in pp; * significant)",
        box=box.SIMPLE_HEAD,
        title_justify="left",
    )
    table.add_column("variant", no_wrap=True, max_width=24)
    for m in headline:
        table.add_column(m.label, justify="right", max_width=15)
    by_key = {(c.variant, c.metric): c for c in analysis.comparisons}
    for name in analysis.estimates:
        if name == analysis.baseline:
            continue
        cells = []
        for m in headline:
            c = by_key.get((name, m.name))
            if c is None or c.diff != c.diff or not c.comparable:
                cells.append("–")
            else:
                mark = "*" if c.significant else " "
                cells.append(
                    ("[bold]" if c.significant else "[dim]")
                    + fmt_value(m.name, c.diff, True)
                    + mark
                    + ("[/bold]" if c.significant else "[/dim]")
                )
        table.add_row(name, *cells)
    return table


def variant_table(analysis: Analysis, name: str) -> Table:
    table = Table(
        title=f"{name} vs {analysis.baseline} (differences of rates in percentage points)",
        box=box.SIMPLE_HEAD,
        title_justify="left",
    )
    table.add_column("metric", no_wrap=True, max_width=34)
    table.add_column("value", justify="right", no_wrap=True)
    table.add_column("difference", justify="right", no_wrap=True)
    table.add_column("interval", justify="right", no_wrap=True)
    table.add_column("p (adj.)", justify="right", no_wrap=True)
    for c in (c for c in analysis.comparisons if c.variant == name and c.comparable):
        style = "bold" if c.significant else "dim"
        family = "" if c.family == "headline" else " (secondary)"
        table.add_row(
            SPECS[c.metric].label + family,
            fmt_value(c.metric, c.value),
            f"[{style}]{fmt_value(c.metric, c.diff, True)}[/{style}]",
            f"{c.level * 100:.4g}%: " + fmt_interval(c.metric, c.low, c.high, True),
            fmt_p(c.p_adjusted),
        )
    return table


def verdict_lines(analysis: Analysis, name: str) -> list[str]:
    lines = []
    for c in analysis.comparisons:
        if c.variant == name and c.comparable and (c.significant or SPECS[c.metric].headline):
            lines.append(f"  • {SPECS[c.metric].label}: {c.verdict}")
    return lines


def placings_table(name: str, table: dict) -> Table:
    seats = table["seats"]
    places = len(seats)
    out = Table(
        title=f"{name}: placings per seat over {table['games']:,} games (1 = best, {places} = the goat)",
        box=box.SIMPLE_HEAD,
        title_justify="left",
    )
    out.add_column("seat", no_wrap=True)
    out.add_column("mean place", justify="right")
    for k in range(1, places + 1):
        out.add_column(f"place {k}", justify="right", no_wrap=True)
    for seat, row in seats.items():
        cells = [f"{row['places'][str(k)]['share'] * 100:.1f}%" for k in range(1, places + 1)]
        out.add_row(f"P{seat}", f"{row['mean_place']:.3f}", *cells)
    return out


def print_analysis(console: Console, meta: dict[str, Any], analysis: Analysis, details: bool | None = None) -> None:
    for line in header_lines(meta, len(analysis.comparisons)):
        console.print(line)
    for note in analysis.notes:
        console.print(f"[yellow]Note: {escape(note)}[/yellow]")
    precision = analysis.precision
    if precision:
        if precision["met"]:
            console.print(f"Precision ±{precision['target']:g} reached with {precision['games']:,} games per variant.")
        else:
            console.print(
                f"[yellow]Precision ±{precision['target']:g} NOT reached with {precision['games']:,} games "
                f"per variant (limit {precision['limit']:,}); still too wide: "
                f"{escape(', '.join(precision['short'][:6]))}.[/yellow]"
            )
    console.print(baseline_table(analysis))
    for name, table in analysis.placings.items():
        console.print(placings_table(name, table))
    others = [n for n in analysis.estimates if n != analysis.baseline]
    if not others:
        return
    if details is None:
        details = len(others) <= 3
    if len(others) > 1:
        console.print(overview_table(analysis))
    for name in others:
        if details:
            console.print(variant_table(analysis, name))
        console.print(f"[bold]{name}[/bold] vs {analysis.baseline}:")
        for line in verdict_lines(analysis, name):
            console.print(line, highlight=False)
        console.print()
