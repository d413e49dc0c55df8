"""Terminal output of a comparison (rich), in Russian or English, fitting the console's width (80
columns and up): the baseline's numbers, the differences, each variant's verdicts and, last, «Главное»
(the summary): the headline of every variant in one sentence, the same as the report's cards."""

from __future__ import annotations

import math
from typing import Any

from rich import box
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from ..stats import comparison as stats
from ..stats.comparison import Analysis
from ..stats.metrics import METRIC_BY_NAME, METRICS
from ..text.terminal_texts import TABLE_TEXT as TEXT
from . import words


def _digits(x: float) -> int:
    x = abs(x)
    return 0 if x >= 100 else 1 if x >= 10 else 2 if x >= 1 else 3


def fmt_value(metric: str, value: float, signed: bool = False, lang: str = "en") -> str:
    """Rates in percent (values) or percentage points (differences, no unit); other metrics plain."""
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return "—"
    spec = METRIC_BY_NAME.get(metric)
    if spec is not None and spec.unit == "pp":
        x = value * 100
        if signed:
            return words.number(x, min(_digits(x), 2), lang, signed=True)
        return words.number(x, min(_digits(x), 2), lang) + ("\u00a0%" if lang == "ru" else "%")
    return words.number(value, _digits(value), lang, signed=signed)


def fmt_interval(metric: str, low: float, high: float, signed: bool = False, lang: str = "en") -> str:
    if any(x is None or (isinstance(x, float) and math.isnan(x)) for x in (low, high)):
        return "—"
    return f"{fmt_value(metric, low, signed, lang)}…{fmt_value(metric, high, signed, lang)}"


def fmt_p(p: float, lang: str = "en") -> str:
    if p is None or (isinstance(p, float) and math.isnan(p)):
        return "—"
    return "<" + words.number(0.001, 3, lang) if p < 0.001 else words.number(p, 3, lang)


class _Names:
    """Titles and rules of the variants from the run metadata."""

    def __init__(self, meta: dict[str, Any], lang: str):
        self.lang = lang
        self.info = {v["name"]: v for v in meta.get("variants", [])}

    def title(self, name: str) -> str:
        titles = self.info.get(name, {}).get("title") or {}
        if isinstance(titles, dict) and titles:
            return titles.get(self.lang) or next(iter(titles.values()))
        return name

    def rules(self, name: str) -> dict:
        return self.info.get(name, {}).get("rules") or {}

    def solo(self, name: str) -> bool:
        return self.rules(name).get("pairs") is False

    def titles(self) -> dict[str, str]:
        return {n: self.title(n) for n in self.info}


def header_lines(meta: dict[str, Any], analysis: Analysis, lang: str = "en") -> list[str]:
    t = TEXT[lang]
    names = [v["name"] for v in meta.get("variants", [])] or list(analysis.estimates)
    n = len(names)
    forms = t["variants"]
    counted = f"{n} {words.plural_ru(n, *forms) if lang == 'ru' else forms[0] if n == 1 else forms[1]}"
    rules = [v.get("rules") or {} for v in meta.get("variants", [])]
    design = t["design"] + (t["generals"] if any(r.get("scoring") == "generals" for r in rules) else "")
    lines = [
        "[bold]"
        + escape(
            t["head"].format(
                n=counted,
                games=words.games_text(meta.get("games_per_variant", analysis.games_per_variant), lang),
                bots=words.bots_text(meta.get("bots") or ["random"], lang),
                seed=meta.get("seed"),
            )
        )
        + "[/bold]",
        escape(design.replace("{nbsp}", words.NBSP)),
    ]
    if meta.get("interrupted"):
        lines.append(f"[yellow]{escape(t['interrupted'])}[/yellow]")
    return lines


def _table(title: str) -> Table:
    return Table(title=title, box=box.SIMPLE_HEAD, title_justify="left", pad_edge=False, expand=False)


def baseline_table(analysis: Analysis, names: _Names | None = None, lang: str = "en") -> Table:
    t = TEXT[lang]
    names = names or _Names({}, lang)
    base = analysis.baseline
    solo = names.solo(base)
    table = _table(t["baseline"].format(title=names.title(base), name=base))
    table.add_column(t["metric"], ratio=1, min_width=16)
    table.add_column(t["value"], justify="right", no_wrap=True)
    table.add_column(t["ci95"], justify="right", no_wrap=True)
    table.add_column(t["n"], justify="right", no_wrap=True)
    skip = set(analysis.not_applicable.get(base, []))
    for e in analysis.estimates[base]:
        if e.metric in skip:
            continue
        table.add_row(
            escape(words.label(e.metric, lang, solo)),
            fmt_value(e.metric, e.value, lang=lang),
            fmt_interval(e.metric, e.low, e.high, lang=lang),
            words.count(e.n, lang),
        )
    dist = analysis.lengths.get(base)
    if dist and dist.get("n"):
        table.add_row(
            escape(t["length"]),
            escape(
                f"{words.number(dist['median'], 0, lang)} [{words.number(dist['q1'], 0, lang)}, "
                f"{words.number(dist['q3'], 0, lang)}]"
            ),
            words.number(dist["p90"], 0, lang),
            "",
        )
    return table


def overview_table(analysis: Analysis, names: _Names | None = None, lang: str = "en") -> Table:
    """Variants x headline metrics: the difference against the baseline, * when significant."""
    t = TEXT[lang]
    names = names or _Names({}, lang)
    headline = [m for m in METRICS if m.headline]
    table = _table(t["overview"].format(title=names.title(analysis.baseline)))
    table.add_column(t["variant"], ratio=1, min_width=14)
    for m in headline:
        table.add_column(t["short"][m.name], justify="right", no_wrap=True)
    by_key = {(c.variant, c.metric): c for c in analysis.comparisons}
    for name in analysis.estimates:
        if name == analysis.baseline:
            continue
        cells = []
        for m in headline:
            c = by_key.get((name, m.name))
            if c is None or c.diff != c.diff or not c.comparable:
                cells.append("—")
            else:
                text = fmt_value(m.name, c.diff, True, lang) + ("*" if c.significant else " ")
                cells.append(f"[bold]{text}[/bold]" if c.significant else f"[dim]{text}[/dim]")
        table.add_row(escape(names.title(name)), *cells)
    return table


def variant_table(analysis: Analysis, name: str, names: _Names | None = None, lang: str = "en") -> Table:
    t = TEXT[lang]
    names = names or _Names({}, lang)
    solo = names.solo(name)
    # the headline family's level: 1 - 5%/k for the k headline metrics this game has (4, or 2 in Генерал)
    levels = [c.level for c in analysis.comparisons if c.variant == name and c.comparable and c.family == "headline"]
    level_h = words.level(min(levels) if levels else 1 - stats.ALPHA / 4, lang)
    table = _table(
        t["table"].format(title=names.title(name), name=name, base=names.title(analysis.baseline), level_h=level_h)
    )
    table.add_column(t["metric"], ratio=1, min_width=14)
    table.add_column(t["value"], justify="right", no_wrap=True)
    table.add_column(t["diff"], justify="right", no_wrap=True)
    table.add_column(t["interval"], justify="right", no_wrap=True)
    table.add_column(t["p"], justify="right", no_wrap=True)
    for c in (c for c in analysis.comparisons if c.variant == name and c.comparable):
        style = "bold" if c.significant else "dim"
        family = "" if c.family == "headline" else " " + t["secondary"]
        table.add_row(
            escape(words.label(c.metric, lang, solo) + family),
            fmt_value(c.metric, c.value, lang=lang),
            f"[{style}]{fmt_value(c.metric, c.diff, True, lang)}[/{style}]",
            fmt_interval(c.metric, c.low, c.high, True, lang),
            fmt_p(c.p_adjusted, lang),
        )
    # a rule of this game only (a match's draws, Генерал's generals): its own value, nothing to compare
    base_has = {e.metric for e in analysis.estimates.get(analysis.baseline, [])} - set(
        analysis.not_applicable.get(analysis.baseline, [])
    )
    for e in analysis.estimates.get(name, []):
        if e.metric in base_has or e.metric in analysis.not_applicable.get(name, []) or e.value != e.value:
            continue
        table.add_row(
            escape(words.label(e.metric, lang, solo) + " " + t["only_here"]),
            fmt_value(e.metric, e.value, lang=lang),
            "—",
            fmt_interval(e.metric, e.low, e.high, False, lang),
            "—",
        )
    return table


def verdict_lines(analysis: Analysis, name: str, names: _Names | None = None, lang: str = "en") -> list[str]:
    names = names or _Names({}, lang)
    solo = names.solo(name)
    lines = []
    for c in analysis.comparisons:
        if c.variant == name and c.comparable and (c.significant or METRIC_BY_NAME[c.metric].headline):
            lines.append(f"{words.label(c.metric, lang, solo)}: {words.verdict(c, lang, names.titles())}")
    return lines


def _bullets(console: Console, lines: list[str], indent: int = 2) -> None:
    """Bulleted lines wrapped at the console's width with a hanging indent."""
    if not lines:
        return
    grid = Table.grid(padding=(0, 1, 0, 0))
    grid.add_column(width=indent + 1, no_wrap=True)
    grid.add_column(ratio=1)
    for line in lines:
        grid.add_row(" " * indent + "•", escape(line))
    console.print(grid)


def placings_table(name: str, table: dict, names: _Names | None = None, lang: str = "en") -> Table:
    t = TEXT[lang]
    names = names or _Names({}, lang)
    seats = table["seats"]
    places = len(seats)
    out = _table(
        t["placings"].format(
            title=names.title(name),
            games=words.games_text(table["games"], lang),
            n=places,
            chance=fmt_value("naked_rate", 1 / places, lang=lang),
        )
    )
    out.add_column(t["player"], no_wrap=True)
    out.add_column(t["mean_place"], justify="right")
    for k in range(1, places + 1):
        out.add_column(t["place"].format(k=k), justify="right", no_wrap=True)
    for seat, row in seats.items():
        cells = []
        for k in range(1, places + 1):
            share = row["places"][str(k)]
            interval = words.share_range(share["low"], share["high"], lang, 1)
            cells.append(f"{fmt_value('naked_rate', share['share'], lang=lang)}\n[dim]{escape(interval)}[/dim]")
        out.add_row(words.seat_name(seat, lang), words.number(row["mean_place"], 2, lang), *cells)
    return out


def skill_table(meta: dict[str, Any], analysis: Analysis, lang: str = "en") -> Table:
    """`compare --skill`: per variant the skill edge, deal decides and the leader's share of deals won, each
    with its difference against the baseline (in percentage points, * significant at 95%)."""
    t = TEXT[lang]
    names = _Names(meta, lang)
    table = _table("")
    table.add_column(t["variant"], ratio=1, min_width=12)
    metrics = words.SKILL_METRICS
    for head in t["skill_head"]:
        table.add_column(f"{head} (Δ)", justify="right", no_wrap=True)
    by_key = {(c.variant, c.metric): c for c in analysis.comparisons}
    for name, estimates in analysis.estimates.items():
        missing = set(analysis.not_applicable.get(name, []))
        values = {e.metric: e for e in estimates}
        cells = []
        for m in metrics:
            e = values.get(m)
            if e is None or m in missing:
                cells.append("—")
                continue
            text = fmt_value(m, e.value, lang=lang)
            c = by_key.get((name, m))
            if c is not None and c.comparable and math.isfinite(c.diff):
                change = fmt_value(m, c.diff, True, lang) + ("*" if c.significant else " ")
                text += f" [bold]{change}[/bold]" if c.significant else f" [dim]{change}[/dim]"
            cells.append(text)
        table.add_row(escape(names.title(name)), *cells)
    return table


def print_skill(console: Console, meta: dict[str, Any], analysis: Analysis, lang: str = "en") -> None:
    """The skill-or-luck section (`compare --skill`): what was played, the table, the answer in words."""
    if not analysis.skill:
        return
    t = TEXT[lang]
    names = _Names(meta, lang)
    console.print(f"[bold]{escape(t['skill'])}[/bold]")
    console.print(escape(words.skill_intro(analysis.skill, names.title(analysis.baseline), lang)))
    console.print(skill_table(meta, analysis, lang))
    _bullets(console, words.skill_lines(meta, analysis, lang))
    console.print()


def summary_lines(meta: dict[str, Any], analysis: Analysis, lang: str = "en") -> list[str]:
    """The headline of every variant in one sentence (the report's verdict cards)."""
    names = _Names(meta, lang)
    base = analysis.baseline
    by_variant: dict[str, list] = {}
    for c in analysis.comparisons:
        by_variant.setdefault(c.variant, []).append(c)
    return [
        words.headline(by_variant.get(n, []), lang, names.title(n), names.rules(n), names.rules(base), names.solo(n))
        for n in analysis.estimates
        if n != base
    ]


def print_analysis(
    console: Console, meta: dict[str, Any], analysis: Analysis, details: bool | None = None, lang: str = "en"
) -> None:
    words.check_lang(lang)
    t = TEXT[lang]
    names = _Names(meta, lang)
    for line in header_lines(meta, analysis, lang):
        console.print(line)
    for note in words.notes(analysis.notes, lang, names.titles()):
        console.print(f"[yellow]{escape(t['note'])}: {escape(note)}[/yellow]")
    precision = analysis.precision
    if precision:
        key = "precision_met" if precision["met"] else "precision_short"
        text = t[key].format(
            target=f"{precision['target']:g}".replace(".", "," if lang == "ru" else "."),
            games=words.games_text(precision["games"], lang),
            limit=words.count(precision["limit"], lang),
            short=", ".join(precision.get("short", [])[:6]),
        )
        console.print(escape(text) if precision["met"] else f"[yellow]{escape(text)}[/yellow]")
    console.print(baseline_table(analysis, names, lang))
    for name, table in analysis.placings.items():
        console.print(placings_table(name, table, names, lang))
    others = [n for n in analysis.estimates if n != analysis.baseline]
    if not others:
        print_skill(console, meta, analysis, lang)
        return
    if details is None:
        details = len(others) <= 3
    if len(others) > 1:
        console.print(overview_table(analysis, names, lang))
    for name in others:
        if details:
            console.print(variant_table(analysis, name, names, lang))
        console.print(
            "[bold]"
            + escape(t["vs"].format(title=names.title(name), name=name, base=names.title(analysis.baseline)))
            + ":[/bold]"
        )
        _bullets(console, verdict_lines(analysis, name, names, lang))
        console.print()
    print_skill(console, meta, analysis, lang)
    console.print(f"[bold]{escape(t['summary'] + words.at_level(meta, lang))}[/bold]")
    _bullets(console, summary_lines(meta, analysis, lang))
