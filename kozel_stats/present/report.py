"""A self-contained HTML report of a comparison (plotly.js embedded, works offline), written for a yard
player: in his language, phone first, the answer at the top.

The page, top to bottom: the question (what is compared with what, how many games, which bots — with
the caveat that bots are programs), a short glossary, one verdict card per variant (a headline in one
sentence, its effects sorted by size, the facts that merely restate its rule marked as such, folded
details), a copyable text card for a chat, a forest chart per headline metric (each difference with its
interval against a zero line), the per-variant tables (folded), placings (каждый сам за себя), the
charts, what each variant changes, and the run. Built from the same objects the terminal uses (the
analysis, the run metadata); every word and number goes through `words` (30 000 and 0,22 in Russian).
"""

from __future__ import annotations

import functools
import html
import json
import math
import os
import shutil
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..rules.knobs import KNOB_BY_NAME
from ..stats import comparison as stats
from ..stats.comparison import Analysis
from ..stats.metrics import HEADLINE, METRIC_BY_NAME
from ..text import (
    report_texts,  # noqa: F401  (importing it declares the sentences this module says)
)
from ..text.errors import keyed
from ..text.report_texts import CARD_MATRIX_WORDS, MATRIX_WORDS
from ..text.report_texts import REPORT_TEXT as TEXT
from . import words

RATE_CHART = ("naked_rate", "bald_rate", "fish_rate", "eggs_rate", "redeal_rate")
#: distinct colours for up to 30 variants (d3's category10, then the darker and lighter tones of
#: category20b/c); past the first ten, line charts also change the dash, so no two series look alike
COLOURS = [
    "#1f77b4",
    "#d62728",
    "#2ca02c",
    "#ff7f0e",
    "#9467bd",
    "#8c564b",
    "#e377c2",
    "#17becf",
    "#bcbd22",
    "#7f7f7f",
    "#393b79",
    "#637939",
    "#8c6d31",
    "#843c39",
    "#7b4173",
    "#3182bd",
    "#e6550d",
    "#31a354",
    "#756bb1",
    "#636363",
    "#6baed6",
    "#fd8d3c",
    "#74c476",
    "#9e9ac8",
    "#a55194",
    "#9c9ede",
    "#b5cf6b",
    "#e7ba52",
    "#ad494a",
    "#de9ed6",
]
DASHES = ["solid", "dot", "dash", "dashdot"]
RATE_COLOURS = {
    "naked_rate": "#d62728",
    "bald_rate": "#9467bd",
    "fish_rate": "#1f77b4",
    "eggs_rate": "#ff7f0e",
    "redeal_rate": "#2ca02c",
}
MANY = 6  # more variants than this: cards fold their effects, details are grouped


@dataclass
class ReportData:
    meta: dict[str, Any]
    analysis: Analysis
    matrix: dict[str, Any] | None = None  # --bots-matrix: {"bots": [...], "rows": [...]}


def _esc(x: Any) -> str:
    return html.escape(str(x))


def _num(metric: str, value: float, lang: str = "ru") -> str:
    """A metric's value as the report shows it (a rate in %, other metrics plain)."""
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return "—"
    return words.value(metric, value, lang)


def label(metric: str, lang: str, solo: bool = False) -> str:
    return words.label(metric, lang, solo)


def verdict(c: stats.Comparison, lang: str, titles: dict[str, str] | None = None) -> str:
    return words.verdict(c, lang, titles)


# --- the variants ---------------------------------------------------------------------------------------------------
class Variants:
    """Titles, descriptions, rules and groups of the compared variants, from the run metadata."""

    def __init__(self, meta: dict[str, Any], analysis: Analysis, lang: str):
        self.lang = lang
        by_name = {v["name"]: v for v in meta.get("variants", [])}
        self.names = list(analysis.estimates) or list(by_name)
        self.info = {n: by_name.get(n, {"name": n, "rules": {}}) for n in self.names}
        self.baseline = analysis.baseline

    def title(self, name: str) -> str:
        titles = self.info[name].get("title") or {}
        if isinstance(titles, dict) and titles:
            return titles.get(self.lang) or next(iter(titles.values()))
        return name

    def describe(self, name: str) -> str:
        texts = self.info[name].get("descriptions") or {}
        if isinstance(texts, dict) and texts.get(self.lang):
            return texts[self.lang]
        return self.info[name].get("description", "") if self.lang == "en" else ""

    def rules(self, name: str) -> dict[str, Any]:
        return self.info[name].get("rules") or {}

    def solo(self, name: str) -> bool:
        return self.rules(name).get("pairs") is False

    def group(self, name: str) -> str:
        r = self.rules(name)
        if r.get("pairs") is False:
            return "solo"
        if r.get("layout") == "cross":
            return "osel"
        if r.get("shared_score"):
            return "morskoy"
        return "pairs"

    def titles(self) -> dict[str, str]:
        return {n: self.title(n) for n in self.names}

    def grouped(self, names: list[str]) -> list[tuple[str, list[str]]]:
        out: dict[str, list[str]] = {}
        for n in names:
            out.setdefault(self.group(n), []).append(n)
        return list(out.items())

    def named(self, name: str) -> str:
        """The title with the id: 'Рыба рыбаку <code>fish-to-fisherman</code>'."""
        return f"<span class='vt'>{_esc(self.title(name))}</span> <code class='id'>{_esc(name)}</code>"


# --- the verdict cards ----------------------------------------------------------------------------------------------
def _comparisons(a: Analysis, name: str) -> list[stats.Comparison]:
    return [c for c in a.comparisons if c.variant == name]


def variant_headline(data: ReportData, v: Variants, name: str, lang: str, with_title: bool = True) -> str:
    effects = words.headline_effects(
        _comparisons(data.analysis, name), lang, v.rules(name), v.rules(v.baseline), v.solo(name)
    )
    return f"{v.title(name)}: {effects}" if with_title else effects


def _effects(data: ReportData, v: Variants, name: str) -> tuple[list, list, list]:
    """(findings sorted by size, facts that restate the rule, headline metrics without a difference)."""
    found: list[stats.Comparison] = []
    restated: list[stats.Comparison] = []
    none: list[stats.Comparison] = []
    for c in _comparisons(data.analysis, name):
        if not c.comparable:
            continue
        if c.significant:
            (restated if words.restates(c.metric, v.rules(name), v.rules(v.baseline)) else found).append(c)
        elif c.family == "headline":
            none.append(c)
    found.sort(key=lambda c: (c.family != "headline", -words.size(c)))
    restated.sort(key=lambda c: -words.size(c))
    return found, restated, none


def _card(data: ReportData, v: Variants, name: str, lang: str, fold: bool) -> str:
    t = TEXT[lang]
    solo = v.solo(name)
    titles = v.titles()
    sentence = variant_headline(data, v, name, lang, with_title=False)
    found, restated, none = _effects(data, v, name)

    def item(c: stats.Comparison, cls: str = "") -> str:
        mark = " class='second'" if c.family == "secondary" and not cls else (f" class='{cls}'" if cls else "")
        return (
            f"<li{mark} data-metric='{c.metric}'><b>{_esc(label(c.metric, lang, solo))}</b>: "
            f"{_esc(verdict(c, lang, titles))}</li>"
        )

    parts = []
    if found:
        parts.append(f"<p class='sub'>{t['effects']}</p><ul class='effects'>{''.join(item(c) for c in found)}</ul>")
    if restated:
        parts.append(
            f"<p class='sub'>{t['restated']}</p><ul class='effects restated'>"
            + "".join(item(c, "restated") for c in restated)
            + "</ul>"
        )
    if none:
        parts.append(
            f"<p class='sub'>{t['no_found']}</p><ul class='effects none'>"
            + "".join(item(c, "none") for c in none)
            + "</ul>"
        )
    body = "".join(parts)
    if fold and body:
        body = f"<details><summary>{t['more_effects']}</summary>{body}</details>"
    desc = v.describe(name)
    return (
        f"<article class='card' data-variant='{_esc(name)}'><h3>{v.named(name)}</h3>"
        + (f"<p class='desc'>{_esc(desc)}</p>" if desc else "")
        + f"<p class='headline'>{_esc(sentence[:1].upper() + sentence[1:])}</p>{body}</article>"
    )


def _baseline_card(v: Variants, lang: str) -> str:
    desc = v.describe(v.baseline)
    return (
        f"<article class='card base' data-variant='{_esc(v.baseline)}'><h3>{v.named(v.baseline)}</h3>"
        + (f"<p class='desc'>{_esc(desc)}</p>" if desc else "")
        + f"<p class='sub'>{TEXT[lang]['baseline_card']}</p></article>"
    )


def _cards(data: ReportData, v: Variants, lang: str) -> str:
    others = [n for n in v.names if n != v.baseline]
    fold = len(others) > MANY
    groups = v.grouped(others)
    out = [_baseline_card(v, lang)]
    for group, names in groups:
        if len(groups) > 1 and fold:
            out.append(f"<h3 class='group'>{_esc(TEXT[lang]['groups'][group])}</h3>")
        out.extend(_card(data, v, n, lang, fold) for n in names)
    return "<div class='cards'>" + "".join(out) + "</div>"


def matrix_word(row: dict[str, Any], lang: str, words_of: dict[str, dict[str, str]] = MATRIX_WORDS) -> str:
    """A matrix row's verdict in words: its level verdict under --levels (level_verdict.row_words: the card
    without figures), else across the bots."""
    from .level_verdict import row_words

    if "across_levels" in row:
        said = row_words(row, lang, card=words_of is CARD_MATRIX_WORDS)
        if said is not None:
            return said
    return words_of[lang].get(row["verdict"], row["verdict"])


def _matrix_card_head(matrix: dict[str, Any], lang: str) -> str:
    """The card's line saying which levels (or bots) the verdicts were checked at."""
    from ..rules.levels import LEVELS

    names = matrix.get("levels")
    if names:
        shown = ", ".join(LEVELS[n].ru if lang == "ru" else LEVELS[n].en for n in names)
        return TEXT[lang]["checked_levels"].format(shown=shown)
    shown = ", ".join(words.bot_name(m, lang) for m in matrix["bots"])
    return TEXT[lang]["checked_bots"].format(shown=shown)


def _matrix_card_line(data: ReportData, v: Variants, name: str, lang: str) -> str | None:
    """Under a variant's headline in the card of a matrix: how each finding it names fares at the other levels
    (or under the other bots), one word when they all fare alike; None when there is nothing to say."""
    assert data.matrix is not None
    rows = {r["metric"]: r for r in data.matrix["rows"] if r["variant"] == name}
    found = words.headline_findings(_comparisons(data.analysis, name), v.rules(name), v.rules(v.baseline))
    shown = [c.metric for c in found]
    if not shown:  # nothing found in the run kept in full: what the others found, if anything
        shown = [m for m, r in rows.items() if METRIC_BY_NAME[m].headline and r["verdict"] != "no effect"][:3]
    said = [(m, matrix_word(rows[m], lang, CARD_MATRIX_WORDS)) for m in shown if m in rows]
    if not said:
        return None
    if len({w for _, w in said}) == 1:
        return f"  ↳ {said[0][1]}"
    return "  ↳ " + "; ".join(f"{label(m, lang, v.solo(name))} — {w}" for m, w in said)


def headline_lines(data: ReportData, lang: str) -> list[str]:
    """Every variant's headline («• Порог 25: голых козлов больше…»), and with a matrix (--levels) under each
    the line of how its findings fare at the other levels (the card's, and `compare --levels`'s «Главное»)."""
    v = Variants(data.meta, data.analysis, lang)
    lines = []
    for name in v.names:
        if name != v.baseline:
            lines.append("• " + variant_headline(data, v, name, lang))
            below = _matrix_card_line(data, v, name, lang) if data.matrix else None
            if below:
                lines.append(below)
    return lines


def card_text(data: ReportData, lang: str = "ru") -> str:
    """The headline of every variant as plain text, to paste into a chat (also `compare --card FILE.txt`)."""
    words.check_lang(lang)
    a = data.analysis
    v = Variants(data.meta, a, lang)
    games = words.games_text(a.games_per_variant, lang)
    bots = words.bots_text(data.meta.get("bots") or ["random"], lang)
    who = words.level_words(data.meta, lang)
    t = TEXT[lang]
    lines = [t["card_head"].format(games=games, bots=bots)]
    if who is not None:
        lines.append(t["card_played_by"].format(who=who))
    lines.append(t["card_against"].format(baseline=v.title(v.baseline)))
    if data.matrix:
        lines.insert(-1, _matrix_card_head(data.matrix, lang))
    lines += headline_lines(data, lang)
    version = data.meta.get("version")
    lines.append(f"kozel-stats {version}" if version else "kozel-stats")
    return "\n".join(lines)


# --- tables ---------------------------------------------------------------------------------------------------------
def _variant_table(data: ReportData, v: Variants, name: str, lang: str) -> str:
    """One variant's every metric: value (95% interval) and the difference with the baseline."""
    t = TEXT[lang]
    a = data.analysis
    solo = v.solo(name)
    missing = set(a.not_applicable.get(name, []))
    by_metric = {c.metric: c for c in _comparisons(a, name)}
    rows = [f"<tr><th>{t['metric']}</th><th>{t['value']} ({t['interval95']})</th>"]
    if name != v.baseline:
        rows[0] += f"<th>{t['diff']}</th>"
    rows[0] += "</tr>"
    for e in a.estimates[name]:
        if e.metric in missing:
            shown, ci = "—", ""
        else:
            shown = _num(e.metric, e.value, lang)
            ci = (
                f"{_num(e.metric, e.low, lang)}…{_num(e.metric, e.high, lang)}"
                if math.isfinite(e.low) and math.isfinite(e.high)
                else ""
            )
        cells = (
            f"<td>{_esc(label(e.metric, lang, solo))}"
            + ("" if METRIC_BY_NAME[e.metric].headline else f" <small>{TEXT[lang]['secondary']}</small>")
            + f"</td><td><span data-metric='{e.metric}' data-variant='{_esc(name)}'>{_esc(shown)}</span>"
            + (f" <small>{_esc(ci)}</small>" if ci and ci != "—" else "")
            + "</td>"
        )
        cls = ""
        if name != v.baseline:
            c = by_metric.get(e.metric)
            if c is None or e.metric in missing or not c.comparable or not math.isfinite(c.diff):
                cells += "<td class='diff'>—</td>"
            else:
                d = stats.decimals(c.half_width * METRIC_BY_NAME[c.metric].scale)
                cls = " class='sig'" if c.significant else ""
                cells += (
                    f"<td class='diff'>{_esc(words.diff(c.metric, c.diff, lang, d))} "
                    f"<small>{_esc(words.interval(c.metric, c.low, c.high, lang, d))}</small></td>"
                )
        rows.append(f"<tr{cls}>{cells}</tr>")
    dist = a.lengths.get(name)
    if dist and dist.get("n"):
        text = TEXT[lang]["length_text"].format(
            **{k: words.number(dist[k], 1, lang) for k in ("median", "q1", "q3", "p90")}
        )
        rows.append(
            f"<tr><td>{_esc(label('deals_per_game', lang))}</td><td colspan='2'><small>{text}</small></td></tr>"
        )
    return "<div class='scroll'><table class='metrics'>" + "".join(rows) + "</table></div>"


def _details(data: ReportData, v: Variants, lang: str) -> str:
    out = []
    opened = len(v.names) <= 3
    for group, names in v.grouped(v.names):
        if len(v.names) > MANY:
            out.append(f"<h3 class='group'>{_esc(TEXT[lang]['groups'][group])}</h3>")
        for name in names:
            out.append(
                f"<details{' open' if opened else ''}><summary>{v.named(name)}</summary>"
                f"{_variant_table(data, v, name, lang)}</details>"
            )
    return "".join(out)


def _placings_html(data: ReportData, v: Variants, lang: str) -> str:
    """Каждый сам за себя: share of games finished in each place, per player, with the chance level."""
    if not data.analysis.placings:
        return ""
    t = TEXT[lang]
    parts = [f"<h2 id='placings'>{t['placings']}</h2>"]
    for name, table in data.analysis.placings.items():
        seats = table["seats"]
        n = len(seats)
        chance = words.value("naked_rate", 1 / n, lang, 1)
        head = "".join(f"<th>{k}</th>" for k in range(1, n + 1))
        rows = "".join(
            f"<tr><td>{_esc(words.seat_name(seat, lang))}</td><td>{words.number(row['mean_place'], 2, lang)}</td>"
            + "".join(
                f"<td>{_esc(words.value('naked_rate', row['places'][str(k)]['share'], lang, 1))} <small>"
                f"{_esc(words.share_range(row['places'][str(k)]['low'], row['places'][str(k)]['high'], lang, 1))}"
                "</small></td>"
                for k in range(1, n + 1)
            )
            + "</tr>"
            for seat, row in seats.items()
        )
        parts.append(
            f"<h3>{v.named(name)}</h3><p class='sub'>{_esc(t['placings_note'].format(players=n, chance=chance))}</p>"
            f"<div class='scroll'><table class='placings'><tr><th>{t['player']}</th><th>{t['mean_place']}</th>"
            f"{head}</tr>{rows}</table></div>"
        )
    return "".join(parts)


def _skill_cell(e: stats.Estimate | None, c: stats.Comparison | None, lang: str) -> str:
    """A skill-or-luck metric of one variant: its value with the 95% interval, and the difference with the
    baseline with its interval (bold and starred when significant)."""
    if e is None or not math.isfinite(e.value):
        return "<td>—</td>"
    d = max(1, stats.decimals(e.half_width * 100) - 1)
    text = (
        f"<span data-skill='{e.metric}' data-of='{_esc(e.variant)}'>{_esc(words.value(e.metric, e.value, lang, d))}"
        f"</span> <small>{_esc(words.share_range(e.low, e.high, lang, d))}</small>"
    )
    if c is not None and c.comparable and math.isfinite(c.diff) and math.isfinite(c.low):
        dd = stats.decimals(c.half_width * 100)
        change = words.diff(c.metric, c.diff, lang, dd) + ("*" if c.significant else "")
        inner = f"{_esc(change)} <small>{_esc(words.interval(c.metric, c.low, c.high, lang, dd))}</small>"
        text += f"<br><span class='{'skill-sig' if c.significant else 'skill-ns'}'>{inner}</span>"
    return f"<td>{text}</td>"


def _skill_chart(
    data: ReportData, v: Variants, lang: str, metric: str, div_id: str, title: str
) -> tuple[str, dict] | None:
    """One skill-or-luck metric per variant with its 95% interval (a row per variant, the baseline first and
    black, a significant difference red), a vertical line at the baseline's value."""

    a = data.analysis
    rows = []
    for name in v.names:
        if metric in a.not_applicable.get(name, []):
            continue
        e = next((x for x in a.estimates[name] if x.metric == metric), None)
        if e is not None and math.isfinite(e.value) and math.isfinite(e.low):
            rows.append(e)
    if not rows:
        return None
    by_key = {(c.variant, c.metric): c for c in a.comparisons}
    rows.reverse()  # plotly draws the first row at the bottom: the baseline on top
    n = len(rows)
    ys = list(range(n))
    colours = []
    for e in rows:
        c = by_key.get((e.variant, metric))
        colours.append("#000000" if e.variant == v.baseline else "#b00020" if c and c.significant else "#1f77b4")
    fig = interval_dots([e.value for e in rows], [e.low for e in rows], [e.high for e in rows], colours)
    base = next((e for e in rows if e.variant == v.baseline), None)
    if base is not None:
        fig.add_vline(x=base.value, line_color="#000000", line_width=1, line_dash="dot")
    fig.update_layout(
        height=70 + 30 * n,
        xaxis=dict(
            tickformat=".1%" if max(e.high for e in rows) - min(e.low for e in rows) < 0.06 else ".0%",
            title=TEXT[lang]["won" if metric == "skill_edge" else "same"],
        ),
        yaxis=dict(tickvals=ys, ticktext=[v.title(e.variant) for e in rows], range=[-0.6, n - 0.4]),
    )
    block, spec = _figure(fig, div_id, title)
    spec["narrowTicks"] = [_wrap(v.title(e.variant)) for e in rows]
    return block, spec


def interval_dots(xs: list[float], lows: list[float], highs: list[float], colours: list[str]) -> Any:
    """One dot per row (row k at y = k) with its interval as a horizontal error bar: the forest charts of
    the verdicts and the skill charts."""
    import plotly.graph_objects as go

    return go.Figure(
        go.Scatter(
            x=xs,
            y=list(range(len(xs))),
            mode="markers",
            marker=dict(color=colours, size=9),
            error_x=dict(
                type="data",
                symmetric=False,
                array=[h - x for x, h in zip(xs, highs, strict=True)],
                arrayminus=[x - lo for x, lo in zip(xs, lows, strict=True)],
                color="#555555",
                thickness=1.5,
                width=4,
            ),
            hoverinfo="x+y",
            showlegend=False,
        )
    )


def skill_section(data: ReportData, v: Variants, lang: str) -> tuple[str, list[tuple[str, dict]]]:
    """`compare --skill`: what was played, a table of the three numbers and their differences, a chart of
    the skill edge and one of the deal-decides share per variant with intervals, the answer in words."""
    a = data.analysis
    if not a.skill:
        return "", []
    t = TEXT[lang]
    base = v.title(v.baseline)
    strong, weak = words.bot_name(a.skill["strong"], lang), words.bot_name(a.skill["weak"], lang)
    charts = [
        _skill_chart(
            data, v, lang, "skill_edge", "chart-skill", t["skill_chart"].format(strong=strong, weak=weak, base=base)
        ),
        _skill_chart(data, v, lang, "deal_decides", "chart-deal", t["deal_chart"].format(base=base)),
    ]
    figures = [x for x in charts if x is not None]
    by_key = {(c.variant, c.metric): c for c in a.comparisons}
    head = "".join(f"<th>{_esc(h)}</th>" for h in t["skill_cols"])
    rows = []
    for name in v.names:
        missing = set(a.not_applicable.get(name, []))
        estimates = {e.metric: e for e in a.estimates[name] if e.metric not in missing}
        cells = "".join(
            _skill_cell(estimates.get(m), by_key.get((name, m)) if name != v.baseline else None, lang)
            for m in words.SKILL_METRICS
        )
        rows.append(f"<tr><td>{v.named(name)}</td>{cells}</tr>")
    lines = "".join(f"<li>{_esc(line)}</li>" for line in words.skill_lines(data.meta, a, lang))
    html_ = (
        f"<h2 id='skill'>{t['skill']}</h2><p class='sub'>{_esc(words.skill_intro(a.skill, base, lang))}</p>"
        f"<ul class='effects skill'>{lines}</ul>"
        f"<div class='scroll'><table class='skill'><tr>{head}</tr>{''.join(rows)}</table></div>"
        + "".join(block for block, _ in figures)
    )
    return html_, figures


def _matrix_html(data: ReportData, v: Variants, lang: str) -> str:
    """Results per bot mix: does each verdict keep its sign and significance?"""
    if not data.matrix:
        return ""
    t = TEXT[lang]
    from ..rules.levels import LEVELS

    mixes = data.matrix["bots"]
    level_of = {LEVELS[n].bot: LEVELS[n] for n in data.matrix.get("levels") or []}  # --levels: columns by level
    head = "".join(
        f"<th>{_esc((level_of[m].ru if lang == 'ru' else level_of[m].en) + ' (' if m in level_of else '')}"
        f"{_esc(words.bot_name(m, lang))}{')' if m in level_of else ''}</th>"
        for m in mixes
    )
    rows = []
    for row in data.matrix["rows"]:
        cells = []
        for mix in mixes:
            c = row["by_mix"].get(mix)
            if c is None:
                cells.append("<td>—</td>")
            else:
                d = 2 if METRIC_BY_NAME[row["metric"]].is_rate else 3
                cells.append(
                    f"<td>{_esc(words.diff(row['metric'], c['diff'], lang, d))}{'*' if c['significant'] else ''}</td>"
                )
        word = matrix_word(row, lang)
        cls = "sig" if row["verdict"] == "robust" else ""
        name = row["variant"]
        shown = v.title(name) if name in v.info else name
        rows.append(
            f"<tr class='{cls}'><td>{_esc(shown)}</td><td>{_esc(label(row['metric'], lang))}</td>{''.join(cells)}"
            f"<td class='diff'>{_esc(word)}</td></tr>"
        )
    return (
        f"<h2>{t['matrix']}</h2><div class='scroll'><table class='matrix'><tr><th></th><th>{t['metric']}</th>{head}"
        f"<th></th></tr>{''.join(rows)}</table></div>"
    )


def _shown(knob: str, value: Any, lang: str) -> str:
    meaning = KNOB_BY_NAME[knob].value_meaning(value, lang)
    if meaning:
        return meaning
    if isinstance(value, bool):
        return TEXT[lang]["yes" if value else "no"]
    return words.count(value, lang) if isinstance(value, int) else str(value)


def _rules_html(data: ReportData, v: Variants, lang: str) -> str:
    """What each variant changes against the baseline, in words (a list: it fits a phone)."""
    t = TEXT[lang]
    base = v.rules(v.baseline)
    if not base:
        return ""
    knobs = [k for k in base if any(v.rules(n).get(k) != base[k] for n in v.names)]
    if not knobs:
        return ""

    def knob_name(k: str) -> str:
        knob = KNOB_BY_NAME[k]
        return knob.short_ru if lang == "ru" else knob.short or k

    base_items = "".join(
        f"<li><b>{_esc(knob_name(k))}</b> <code class='id'>{k}</code>: {_esc(_shown(k, base[k], lang))}</li>"
        for k in knobs
    )
    out = [f"<p>{t['rules_base']} {v.named(v.baseline)}</p><ul class='rules'>{base_items}</ul>"]
    many = len(v.names) > MANY
    for group, names in v.grouped([n for n in v.names if n != v.baseline]):
        items = []
        for name in names:
            changed = [k for k in knobs if v.rules(name).get(k) != base[k]]
            if changed:
                inner = "".join(
                    f"<li><b>{_esc(knob_name(k))}</b> <code class='id'>{k}</code>: "
                    f"{_esc(_shown(k, v.rules(name)[k], lang))} <small>({t['instead']}: "
                    f"{_esc(_shown(k, base[k], lang))})</small></li>"
                    for k in changed
                )
            else:
                inner = f"<li>{t['nothing_differs']}</li>"
            items.append(f"<div class='rule-card'><h4>{v.named(name)}</h4><ul class='rules'>{inner}</ul></div>")
        block = "".join(items)
        if many:
            out.append(f"<details><summary>{_esc(t['groups'][group])} ({len(names)})</summary>{block}</details>")
        else:
            out.append(block)
    return "".join(out)


# --- charts ---------------------------------------------------------------------------------------------------------
VENDOR = Path(__file__).resolve().parent / "vendor"
#: the trace types of the partial bundle (vendor/recipe/entry.js; scatter is always in plotly's core)
BUNDLED_TRACES = ("scatter", "bar", "heatmap")
VENDORED_PLOTLY_JS = "4.1.1"


def plotly_js() -> str:
    """The plotly.js embedded in a report: the partial bundle of the three trace types the reports draw
    (vendor/README.md; 1.1 MB instead of 4.8), else plotly's full one."""
    import plotly.offline

    bundle = VENDOR / "plotly-kozel.min.js"
    # the figures' JSON is plotly.py's: the bundle (plotly.js 4.1.1) serves the plotly.py of the same
    # major plotly.js (plotly 7); an older plotly.py keeps its own full bundle
    same_major = plotly.offline.get_plotlyjs_version().split(".")[0] == VENDORED_PLOTLY_JS.split(".")[0]
    if bundle.is_file() and same_major and not os.environ.get("KOZEL_FULL_PLOTLY"):
        return bundle.read_text(encoding="utf-8")
    return plotly.offline.get_plotlyjs()


JS = Path(__file__).resolve().parent / "js"


@functools.lru_cache(maxsize=1)
def plotly_tags() -> str:
    """The <script> tags that give a single-file report its plotly.js. A report is sent in chats (≤ 1.5 MB, issue
    27): the bundle travels as base64 of its raw DEFLATE (1.1 MB -> 0.5 MB) and a small inflater of our own
    (js/inflate.js) unpacks and runs it synchronously in the page's head, so the charts draw as before in every
    browser, offline (no DecompressionStream, which older phones lack). The atlas's pages share one plain copy."""
    import base64
    import zlib

    code = plotly_js().encode("utf-8")
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)  # raw DEFLATE: no zlib or gzip header to parse
    packed = base64.b64encode(packer.compress(code) + packer.flush()).decode("ascii")
    return (
        f'<script id="plotly-packed" type="application/octet-stream">{packed}</script>\n'
        f"<script>{(JS / 'inflate.js').read_text(encoding='utf-8')}</script>"
    )


@functools.lru_cache(maxsize=1)
def template_json() -> str:
    """plotly_white, once per report (the figures leave it out: 7 kB each)."""
    import plotly.graph_objects as go

    return json.dumps(json.loads(go.Figure(layout=dict(template="plotly_white")).to_json())["layout"]["template"])


def _rounded(x: Any) -> Any:
    """A chart's numbers to 5 significant digits: a pixel is far coarser, and the report lighter (a third
    of the figures' bytes were digits nobody can see). The numbers a reader reads are the page's text."""
    if isinstance(x, float):
        return float(f"{x:.5g}") if math.isfinite(x) else x
    if isinstance(x, list):
        return [_rounded(v) for v in x]
    if isinstance(x, dict):
        return {k: (v if k in ("text", "name", "hovertext", "customdata") else _rounded(v)) for k, v in x.items()}
    return x


def _figure(fig, div_id: str, title: str, legend_items: int = 0, note: str = "") -> tuple[str, dict]:
    """A chart: its title in the page text, a div to draw into, and the figure for the drawing script."""
    fig.update_layout(template="plotly_white", margin=dict(l=10, r=10, t=10, b=40), font=dict(size=12))
    fig.update_xaxes(automargin=True)
    fig.update_yaxes(automargin=True)
    spec = json.loads(fig.to_json())
    spec.pop("config", None)
    spec["layout"].pop("template", None)  # the page's TEMPLATE (template_json), once for every chart
    spec["data"] = _rounded(spec["data"])
    spec["legendItems"] = legend_items
    block = (
        f"<figure class='chart-block'><figcaption>{_esc(title)}</figcaption>"
        + (f"<p class='sub'>{_esc(note)}</p>" if note else "")
        + f"<div class='chart' id='{div_id}'></div></figure>"
    )
    return block, spec


def _wrap(text: str, width: int = 18) -> str:
    """A long title on two or more lines (<br>) for the y axis of a phone's chart."""
    lines, line = [], ""
    for word in text.split():
        if line and len(line) + 1 + len(word) > width:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}".strip()
    return "<br>".join(lines + [line])


def _style(i: int, baseline: bool) -> dict:
    if baseline:
        return dict(color="#000000", width=3, dash="solid")
    return dict(color=COLOURS[i % len(COLOURS)], width=2, dash=DASHES[(i // 10) % len(DASHES)])


def forest_charts(data: ReportData, v: Variants, lang: str) -> list[tuple[str, dict]]:
    """Per headline metric: each variant's difference from the baseline with its interval, a zero line."""

    a = data.analysis
    others = [n for n in v.names if n != v.baseline]
    out = []
    for metric in HEADLINE:
        rows = [
            c
            for n in others
            for c in _comparisons(a, n)
            if c.metric == metric and c.comparable and math.isfinite(c.diff) and math.isfinite(c.low)
        ]
        if not rows:
            continue
        scale = METRIC_BY_NAME[metric].scale
        rows.reverse()  # plotly draws the first row at the bottom
        n = len(rows)
        ys = list(range(n))
        xs = [c.diff * scale for c in rows]
        colours = ["#b00020" if c.significant else "#9e9e9e" for c in rows]
        fig = interval_dots(xs, [c.low * scale for c in rows], [c.high * scale for c in rows], colours)
        fig.add_vline(x=0, line_color="#000000", line_width=1)
        unit = words.unit_pp(lang) if METRIC_BY_NAME[metric].is_rate else words.unit_word(metric, 2.5, lang)
        fig.update_layout(
            height=60 + 30 * n,
            xaxis_title=f"{TEXT[lang]['axis_diff']}, {unit}",
            yaxis=dict(tickvals=ys, ticktext=[v.title(c.variant) for c in rows], range=[-0.6, n - 0.4]),
        )
        level = words.level(rows[0].level, lang)
        title = f"{label(metric, lang)} — {level} {words.ci_word(lang)}"
        block, spec = _figure(fig, f"forest-{metric}", title)
        spec["narrowTicks"] = [_wrap(v.title(c.variant)) for c in rows]
        out.append((block, spec))
    return out


def charts(data: ReportData, v: Variants, lang: str) -> list[tuple[str, dict]]:
    names = v.names
    style = {n: _style(i, n == v.baseline) for i, n in enumerate([x for x in names if x != v.baseline])}
    style[v.baseline] = _style(0, True)
    a = data.analysis
    return [
        *_length_charts(a, v, style, lang),
        _rate_chart(a, v, lang),
        _by_deal_chart(a, v, style, lang),
        _fish_chart(a, v, style, lang),
    ]


def _length_charts(a: Analysis, v: Variants, style: dict, lang: str) -> list[tuple[str, dict]]:
    """The games' lengths in deals: their distribution, and the share of games still going after k deals."""
    import plotly.graph_objects as go

    t = TEXT[lang]
    hist, surv = go.Figure(), go.Figure()
    for name in v.names:
        dist = a.lengths[name]["histogram"]
        ks = sorted(int(k) for k in dist)
        counts = [dist[k] if k in dist else dist[str(k)] for k in ks]
        total = sum(counts) or 1
        hist.add_trace(
            go.Scatter(x=ks, y=[c / total for c in counts], name=v.title(name), mode="lines", line=style[name])
        )
        going, left = [], total
        for c in counts:
            going.append(left / total)
            left -= c
        surv.add_trace(go.Scatter(x=ks, y=going, name=v.title(name), mode="lines", line=dict(style[name], shape="hv")))
    hist.update_layout(xaxis_title=t["deals"], yaxis_title=t["share"], yaxis_tickformat=".0%", height=380)
    surv.update_layout(xaxis_title=t["k"], yaxis_title=t["still"], yaxis_tickformat=".0%", height=380)
    return [
        _figure(hist, "chart-length", t["length_hist"], len(v.names)),
        _figure(surv, "chart-survival", t["survival"], len(v.names)),
    ]


def _rate_chart(a: Analysis, v: Variants, lang: str) -> tuple[str, dict]:
    """Shares with intervals: a row per variant, a colour per share."""
    import plotly.graph_objects as go

    names = v.names
    rates = go.Figure()
    n = len(names)
    for k, metric in enumerate(RATE_CHART):
        xs, ys, hi, lo = [], [], [], []
        for i, name in enumerate(names):
            est = {e.metric: e for e in a.estimates[name]}
            e = est.get(metric)
            if e is None or metric in a.not_applicable.get(name, []) or not math.isfinite(e.value):
                continue
            xs.append(e.value)
            ys.append(n - 1 - i + (2 - k) * 0.14)
            hi.append(e.high - e.value if math.isfinite(e.high) else 0)
            lo.append(e.value - e.low if math.isfinite(e.low) else 0)
        rates.add_trace(
            go.Scatter(
                x=xs,
                y=ys,
                name=label(metric, lang),
                mode="markers",
                marker=dict(color=RATE_COLOURS[metric], size=7),
                error_x=dict(type="data", array=hi, arrayminus=lo, visible=True, thickness=1.2, width=2),
            )
        )
    rates.update_layout(
        height=110 + 34 * n,
        xaxis_tickformat=".0%",
        yaxis=dict(tickvals=list(range(n)), ticktext=[v.title(x) for x in reversed(names)], range=[-0.6, n - 0.4]),
    )
    block, spec = _figure(rates, "chart-rates", TEXT[lang]["rates"], len(RATE_CHART))
    spec["narrowTicks"] = [_wrap(v.title(x)) for x in reversed(names)]
    return block, spec


def _by_deal_chart(a: Analysis, v: Variants, style: dict, lang: str) -> tuple[str, dict]:
    """The loser's (solid) and the winner's (dashed) mean score after each deal."""
    import plotly.graph_objects as go

    t = TEXT[lang]
    by_deal = go.Figure()
    for name in v.names:
        rows = [r for r in a.by_deal.get(name, []) if r["games"] >= 30]
        line = dict(style[name], dash="solid")
        for column, solid in (("loser_score_mean", True), ("winner_score_mean", False)):
            by_deal.add_trace(
                go.Scatter(
                    x=[r["deal"] for r in rows],
                    y=[r[column] for r in rows],
                    name=v.title(name),
                    legendgroup=name,
                    showlegend=None if solid else False,  # the dashed twin shares the solid one's entry
                    mode="lines",
                    line=line if solid else dict(line, dash="dash"),
                )
            )
    by_deal.update_layout(xaxis_title=t["k"], yaxis_title=t["score"], height=380)
    return _figure(by_deal, "chart-by-deal", t["by_deal"], len(v.names))


def _fish_chart(a: Analysis, v: Variants, style: dict, lang: str) -> tuple[str, dict]:
    """The distribution of the pips left in the hands at a fish."""
    import plotly.graph_objects as go

    t = TEXT[lang]
    fish = go.Figure()
    for name in v.names:
        hist_ = a.fish_sums.get(name, {})
        total = max(sum(hist_.values()), 1)
        fish.add_trace(
            go.Scatter(
                x=[int(k) for k in hist_],
                y=[c / total for c in hist_.values()],
                name=v.title(name),
                mode="lines",
                line=style[name],
            )
        )
    fish.update_layout(xaxis_title=t["pips"], yaxis_title=t["fish_share"], yaxis_tickformat=".0%", height=380)
    return _figure(fish, "chart-fish", t["fish_sums"], len(v.names))


# --- the page -------------------------------------------------------------------------------------------------------
CSS = """
*, *::before, *::after { box-sizing: border-box; }
html { -webkit-text-size-adjust: 100%; }
body { font-family: system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif; margin: 0 auto; max-width: 1100px;
       padding: 1em; color: #222; line-height: 1.45; overflow-wrap: break-word; }
h1 { font-size: 1.6em; margin: .2em 0 .4em; }
h2 { border-bottom: 1px solid #ddd; padding-bottom: .2em; margin-top: 1.8em; }
h3.group { margin: .8em 0 0; color: #555; grid-column: 1 / -1; }
code { background: #f4f4f4; padding: .05em .3em; border-radius: 3px; font-size: .9em; overflow-wrap: anywhere; }
code.id { color: #666; font-size: .8em; }
small, .sub { color: #555; }
.sub { margin: .5em 0 .2em; font-size: .92em; }
.cards { display: grid; grid-template-columns: repeat(auto-fill, minmax(min(100%, 330px), 1fr)); gap: .8em;
         align-items: start; }
.card { border: 1px solid #ddd; border-radius: 8px; padding: .7em .9em; background: #fff; }
.card.base { background: #f7f7f7; }
.card h3 { margin: 0 0 .2em; font-size: 1.08em; }
.card .desc { margin: 0 0 .4em; color: #555; font-size: .9em; }
.card .headline { font-weight: 600; margin: .3em 0; }
ul.effects { padding-left: 1.1em; margin: .2em 0; font-size: .92em; }
ul.effects li { margin: .2em 0; }
ul.effects li.second { color: #444; }
ul.restated li, ul.none li { color: #666; }
details { margin: .4em 0; }
details > summary { cursor: pointer; color: #0b5394; }
.scroll { overflow-x: auto; max-width: 100%; -webkit-overflow-scrolling: touch; }
table { border-collapse: collapse; margin: .5em 0; font-size: .9em; }
th, td { border: 1px solid #ddd; padding: .25em .5em; text-align: left; vertical-align: top; }
table.metrics td:first-child { min-width: 9em; }
tr.sig td.diff { font-weight: bold; color: #b00020; }
.skill-sig { font-weight: bold; color: #b00020; } .skill-ns { color: #555; }
table.skill td:first-child { min-width: 8em; }
.warn { background: #fff4d6; padding: .5em; }
.glossary dl { display: grid; grid-template-columns: minmax(6em, max-content) 1fr; gap: .2em .8em; font-size: .92em; }
.glossary dt { font-weight: 600; } .glossary dd { margin: 0; }
pre.card-text { white-space: pre-wrap; background: #f4f4f4; padding: .7em; border-radius: 6px; font-size: .9em; }
button.copy { font-size: 1em; padding: .3em .8em; }
figure.chart-block { margin: 1em 0; break-inside: avoid; }
figcaption { font-weight: 600; margin-bottom: .2em; }
.chart { width: 100%; min-height: 120px; }
.rule-card { border-left: 3px solid #ddd; padding-left: .6em; margin: .6em 0; }
.rule-card h4 { margin: 0; }
ul.rules { padding-left: 1.1em; margin: .2em 0; font-size: .92em; }
table.meta th { white-space: nowrap; }
@media (max-width: 600px) {
  body { padding: .6em; font-size: 15px; }
  .glossary dl { grid-template-columns: 1fr; } .glossary dd { margin: 0 0 .4em; }
}
@page { size: A4; margin: 12mm; }
@media print {
  body { max-width: none; padding: 0; font-size: 10.5pt; }
  button.copy { display: none; }
  .card, figure.chart-block, table, .rule-card { break-inside: avoid; }
  details > summary { color: #222; }
  .scroll { overflow: visible; }
}
"""

SCRIPT = """
(function () {
  var FIGS = __FIGS__;
  var TEMPLATE = __TEMPLATE__;
  function legendRows(spec, width) {
    var n = spec.legendItems || 0;
    if (!n) return 0;
    var names = spec.data.filter(function (d) { return d.showlegend !== false; })
      .map(function (d) { return d.name || ""; });
    var rows = 1, x = 0;
    names.forEach(function (name) {
      var w = 48 + 7.4 * name.length;  // 11 px Cyrillic runs wider than Latin: rather a row too many than a cut
      if (x + w > width - 20 && x > 0) { rows += 1; x = 0; }
      x += w;
    });
    return rows;
  }
  function draw(id) {
    var spec = FIGS[id], el = document.getElementById(id);
    if (!el || !window.Plotly) return;
    var width = el.clientWidth || document.documentElement.clientWidth;
    var layout = JSON.parse(JSON.stringify(spec.layout));
    layout.separators = __SEPARATORS__;
    layout.template = TEMPLATE;
    layout.autosize = true;
    var rows = legendRows(spec, width);
    if (rows) {
      layout.showlegend = true;
      layout.legend = {orientation: "h", x: 0, xanchor: "left", y: -0.12, yanchor: "top", yref: "paper",
                       font: {size: 11}, maxheight: 21 * rows + 400};  // never an inner scroll bar
      var plot = layout.height || 380;
      layout.height = plot + 21 * rows;
      layout.margin = Object.assign({}, layout.margin, {b: 50 + 21 * rows});
      layout.legend.y = -(50 / plot);
    }
    if (width < 500) {  // a phone: 11 px, the smallest size read without zooming
      layout.font = Object.assign({}, layout.font, {size: 11});
      if (spec.narrowTicks) { layout.yaxis = Object.assign({}, layout.yaxis, {ticktext: spec.narrowTicks}); }
      if (spec.narrowXTicks) {
        layout.xaxis = Object.assign({}, layout.xaxis, {ticktext: spec.narrowXTicks, tickangle: 0});
      }
    }
    Plotly.newPlot(el, spec.data, layout, {displayModeBar: false, responsive: true, locale: __LOCALE__});
  }
  window.__drawCharts = function () { Object.keys(FIGS).forEach(draw); };
  window.__drawCharts();
  var copy = document.getElementById("copy-card");
  if (copy) {
    copy.addEventListener("click", function () {
      var text = document.getElementById("card-text").textContent;
      var done = function () { copy.textContent = copy.dataset.done; };
      if (navigator.clipboard && navigator.clipboard.writeText) {
        navigator.clipboard.writeText(text).then(done, function () { select(); });
      } else { select(); }
      function select() {
        var r = document.createRange(); r.selectNodeContents(document.getElementById("card-text"));
        var s = window.getSelection(); s.removeAllRanges(); s.addRange(r);
        try { document.execCommand("copy"); done(); } catch (e) {}
      }
    });
  }
  window.addEventListener("beforeprint", function () {
    document.querySelectorAll("details").forEach(function (d) { d.setAttribute("open", ""); });
  });
})();
"""

CHECKS = """
window.addEventListener("load", function () {
  setTimeout(function () {
    var boxes = Array.from(document.querySelectorAll(".chart"));
    document.body.dataset.chartsTotal = String(boxes.length);
    var drawn = boxes.filter(function (d) { return d.querySelector(".main-svg"); });
    document.body.dataset.chartsDrawn = String(drawn.length);
    var t = performance.getEntriesByType("navigation")[0];
    document.body.dataset.loadMs = String(Math.round(t ? t.domContentLoadedEventEnd : performance.now()));
    document.body.dataset.scrollWidth = String(document.documentElement.scrollWidth);
    document.body.dataset.viewportWidth = String(document.documentElement.clientWidth);
    var wide = Array.from(document.querySelectorAll("body *")).filter(function (e) {
      var r = e.getBoundingClientRect();
      // 2 px: plotly's legend layer may end a fraction of a pixel past the chart box (clipped, invisible)
      return r.right > document.documentElement.clientWidth + 2 && !e.closest(".scroll");
    }).slice(0, 5).map(function (e) { return e.tagName + "." + e.className; });
    document.body.dataset.tooWide = JSON.stringify(wide);
    // a phone reads every chart: no legend with an inner scroll bar, no chart text under 11 px, every
    // folded section titled in words
    document.body.dataset.legendScroll = String(Array.from(document.querySelectorAll(".legend .scrollbar"))
      .filter(function (b) { return parseFloat(b.getAttribute("height") || "0") > 0; }).length);
    var sizes = Array.from(document.querySelectorAll(".main-svg text")).filter(function (x) {
      return x.textContent.trim() && x.getBoundingClientRect().width > 0;
    }).map(function (x) { return parseFloat(getComputedStyle(x).fontSize); });
    document.body.dataset.minFont = String(sizes.length ? Math.min.apply(null, sizes) : 0);
    document.body.dataset.bareSummaries = JSON.stringify(Array.from(document.querySelectorAll("summary"))
      .map(function (x) { return x.textContent.trim(); })
      .filter(function (x) { return !/[A-Za-zА-Яа-яЁё]{3,}/.test(x); }));
    document.body.dataset.jsErrors = JSON.stringify(window.__errors);
  }, 0);
});
"""


def _notes_html(data: ReportData, titles: dict[str, str], lang: str) -> str:
    """The warnings above the answer: an interrupted run, the analysis's notes, the precision asked for."""
    t = TEXT[lang]
    a = data.analysis
    notes = []
    if data.meta.get("interrupted"):
        notes.append(f"<p class='warn'>{t['interrupted']}</p>")
    for note in words.notes(a.notes, lang, titles):
        notes.append(f"<p class='warn'>{_esc(note)}</p>")
    precision = a.precision
    if precision:
        key = "precision_met" if precision["met"] else "precision_short"
        text = t[key].format(
            target=words.number(precision["target"], 4, lang).rstrip("0"),
            games=words.games_text(precision["games"], lang),
            limit=words.count(precision["limit"], lang),
            short=", ".join(precision.get("short", [])[:6]),
        )
        notes.append(f"<p class='warn'>{_esc(text)}</p>")
    return "".join(notes)


def _meta_html(data: ReportData, bots: list[str], lang: str) -> str:
    """The table of the run: version, seed, games, bots, workers, duration, the variants' hashes."""
    t = TEXT[lang]
    meta = data.meta
    duration = meta.get("duration_s")
    meta_rows = [
        (t["version"], _esc(meta.get("version", ""))),
        (t["seed"], f"<code>{_esc(meta.get('seed', ''))}</code>"),
        (t["per_variant"], _esc(words.count(data.analysis.games_per_variant, lang))),
        (t["bots"], _esc(words.bots_text(bots, lang)) + f" <code class='id'>{_esc(','.join(bots))}</code>"),
        (t["workers"], _esc(meta.get("workers", ""))),
        (t["duration"], _esc(words.seconds(duration, lang)) if duration is not None else "—"),
        (
            t["hashes"],
            " ".join(f"<code>{_esc(x['name'])}={_esc(x.get('hash', ''))}</code>" for x in meta.get("variants", [])),
        ),
    ]
    return "".join(f"<tr><th>{k}</th><td>{x}</td></tr>" for k, x in meta_rows)


def page_script(figs: dict, lang: str) -> str:
    """The page's script with the figures, the number format and plotly's template filled in (this report's
    and the sweep's)."""
    separators = ", " if lang == "ru" else ".,"
    return (
        SCRIPT.replace("__FIGS__", json.dumps(figs, ensure_ascii=False).replace("</", "<\\/"))
        .replace("__SEPARATORS__", json.dumps(separators))
        .replace("__TEMPLATE__", template_json())
        .replace("__LOCALE__", json.dumps(lang))
    )


def render(data: ReportData, lang: str = "ru") -> str:
    """The whole report as one HTML string."""

    if lang not in TEXT:
        raise keyed(ValueError, "report.lang", join_text=", ".join(TEXT), lang=lang)
    t = TEXT[lang]
    meta, a = data.meta, data.analysis
    v = Variants(meta, a, lang)
    titles = v.titles()
    bots = meta.get("bots") or ["random"]
    base_name = f"«{_esc(v.title(v.baseline))}» <code class='id'>{_esc(v.baseline)}</code>"
    lead = t["lead"].format(
        baseline=base_name,
        games=_esc(words.games_text(a.games_per_variant, lang)),
        bots=_esc(words.bots_text(bots, lang)),
        bots_caveat=t["bots_caveat"],
    )
    run_rules = [v.rules(n) for n in v.names]
    glossary = "".join(f"<dt>{_esc(k)}</dt><dd>{_esc(x)}</dd>" for k, x in words.glossary(lang, run_rules))
    notes = _notes_html(data, titles, lang)
    level_h = words.level(1 - stats.ALPHA / max(1, len(HEADLINE)), lang)
    forest = forest_charts(data, v, lang)
    other = charts(data, v, lang)
    skill_html, skill_figs = skill_section(data, v, lang)
    figs = {}
    for block, spec in forest + other + skill_figs:
        div_id = block.split("id='", 1)[1].split("'", 1)[0]
        figs[div_id] = spec
    base_html = f"«{_esc(v.title(v.baseline))}»"
    forest_html = "".join(block for block, _ in forest)
    charts_html = "".join(block for block, _ in other)
    meta_html = _meta_html(data, bots, lang)
    reproduce = _esc(meta.get("command") or "")
    script = page_script(figs, lang)
    others = [n for n in v.names if n != v.baseline]
    card = _esc(card_text(data, lang))
    forest_note = _esc(t["forest_note"].format(baseline=v.title(v.baseline), level=level_h))
    forest_section = (
        f'<h2 id="forest">{t["forest"]}</h2><p class="sub">{forest_note}</p>{forest_html}' if forest_html else ""
    )
    return f"""<!DOCTYPE html>
<html lang="{lang}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{t["title"]}</title>
<style>{CSS}</style>
<script>
// Any script error is kept on the page (data-js-errors) so that a check in a browser can see it.
window.__errors = [];
window.addEventListener("error", function (e) {{ window.__errors.push(String(e.message)); }});
document.addEventListener("DOMContentLoaded", function () {{
  document.body.dataset.jsErrors = JSON.stringify(window.__errors);
}});
</script>
{plotly_tags()}
</head><body>
<h1>{t["title"]}</h1>
<p id="question">{lead}</p>
<details class="glossary"><summary>{t["glossary"]}</summary><dl>{glossary}</dl></details>
{notes}
<h2 id="main">{t["main"]}{_esc(words.at_level(data.meta, lang))}</h2>
<div id="verdicts">{_cards(data, v, lang)}</div>
<details class="chat"{" open" if len(others) <= MANY else ""}><summary>{t["chat"]}</summary>
<pre class="card-text" id="card-text">{card}</pre>
<button class="copy" id="copy-card" type="button" data-done="{t["copied"]}">{t["copy"]}</button></details>
{skill_html}
{forest_section}
<h2 id="details">{t["details"]}</h2>
<p class="sub">{t["details_note"].format(baseline=base_html, level_h=level_h)}</p>
{_details(data, v, lang)}
{_matrix_html(data, v, lang)}
{_placings_html(data, v, lang)}
<h2 id="charts">{t["charts"]}</h2>{charts_html}
<h2 id="rules">{t["rules"]}</h2>{_rules_html(data, v, lang)}
<h2 id="run">{t["meta"]}</h2><div class="scroll"><table class="meta">{meta_html}</table></div>
<p>{t["reproduce"]}<br><code id="reproduce">{reproduce}</code></p>
<script>{script}</script>
<script>{CHECKS}</script>
</body></html>
"""


def write(path: Path, data: ReportData, lang: str = "ru") -> None:
    """Write the report whole or not at all (a temporary file renamed when complete)."""
    from ..system.files import write_text_atomic

    write_text_atomic(path, render(data, lang))


# --- the chat card --------------------------------------------------------------------------------------------------
CARD_FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--hide-scrollbars",
]


def chromium() -> str | None:
    return shutil.which("chromium") or shutil.which("chromium-browser") or shutil.which("google-chrome")


def card_html(data: ReportData, lang: str) -> str:
    lines = card_text(data, lang).split("\n")
    head, items, foot = lines[0], lines[1:-1], lines[-1]
    kinds = {"•": "item", " ": "below"}
    body = "".join(f"<p class='{kinds.get(x[:1], 'against')}'>{_esc(x.strip())}</p>" for x in items)
    return f"""<!DOCTYPE html><html lang="{lang}"><head><meta charset="utf-8"><style>
body {{ margin: 0; font-family: system-ui, 'DejaVu Sans', sans-serif; background: #fff; }}
.card {{ width: 720px; box-sizing: border-box; padding: 24px 28px; border: 0; color: #222; }}
h1 {{ font-size: 21px; margin: 0 0 12px; }} p {{ margin: 6px 0; font-size: 17px; line-height: 1.35; }}
p.against {{ color: #555; }} p.item {{ padding-left: 1em; text-indent: -1em; }}
p.below {{ color: #555; font-size: 15px; margin-top: -2px; padding-left: 1em; }}
.foot {{ color: #888; font-size: 13px; margin-top: 14px; }}
</style></head><body><div class="card" id="card"><h1>{_esc(head)}</h1>{body}<p class="foot">{_esc(foot)}</p></div>
<script>var box = document.getElementById("card").getBoundingClientRect();
document.body.dataset.height = String(Math.ceil(box.height));
</script></body></html>"""


def write_card(path: Path, data: ReportData, lang: str = "ru") -> None:
    """The headline card: FILE.txt as text, FILE.png as a picture drawn by headless Chromium."""
    from ..system.files import write_text_atomic
    from ..text.errors import KozelError

    path = Path(path)
    if path.suffix.lower() != ".png":
        write_text_atomic(path, card_text(data, lang) + "\n")
        return
    browser = chromium()
    if browser is None:
        raise KozelError.keyed("report.card_png_card_drawn", path=path)
    with tempfile.TemporaryDirectory() as tmp:
        page = Path(tmp) / "card.html"
        page.write_text(card_html(data, lang), encoding="utf-8")
        flags = [browser, *CARD_FLAGS, f"--user-data-dir={tmp}/profile"]
        dom = subprocess.run(
            [*flags, "--window-size=720,2000", "--dump-dom", page.as_uri()], capture_output=True, text=True, timeout=120
        )
        height = 400
        marker = 'data-height="'
        if marker in dom.stdout:
            height = int(dom.stdout.split(marker, 1)[1].split('"', 1)[0]) + 2
        shot = Path(tmp) / "card.png"
        subprocess.run(
            [*flags, f"--window-size=720,{height}", f"--screenshot={shot}", page.as_uri()],
            capture_output=True,
            timeout=120,
        )
        if not shot.is_file():
            raise KozelError.keyed("report.card_chromium_did_draw", path=path)
        from ..system.files import write_atomic

        write_atomic(path, lambda tmp: shutil.copyfile(shot, tmp))  # no temporary file outlives a failed copy
