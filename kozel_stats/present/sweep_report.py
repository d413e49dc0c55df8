"""The words of a sweep, for the terminal and for a self-contained HTML report (plotly.js embedded,
works offline), in Russian or English, phone first, the answer at the top.

The page: the question (which knobs, which values, how many games, which bots), per headline metric
the ranking of the knobs in one sentence and a tornado chart of the main effects with their intervals,
heat maps of the two-way interactions, the table of cells, what the values mean, notes and the run.
The words and numbers go through `words`, the page's style and scripts are the comparison report's.
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

from ..rules.knobs import KNOB_BY_NAME, value_word
from ..rules.variants import format_knob_value
from ..stats import comparison as stats
from ..stats.metrics import METRIC_BY_NAME
from ..text import (
    messages,
    report_texts,  # noqa: F401  (importing it declares the sentences this module says)
)
from ..text.errors import keyed
from ..text.report_texts import SWEEP_LEVELS_TEXT as LEVELS_TEXT
from ..text.report_texts import SWEEP_TEXT as TEXT
from . import words
from .report import CHECKS, CSS, _esc, _figure, _wrap, page_script, plotly_tags


def knob_name(knob: str, lang: str) -> str:
    k = KNOB_BY_NAME[knob]
    return (k.short_ru or knob) if lang == "ru" else (k.short or knob)


# A knob's value is the identifier the user typed (once, every-deal, 125): the texts mark it, and the
# terminal prints it as is while the page shows it as code.
OPEN, CLOSE = "\x01", "\x02"


def mark(value: str) -> str:
    return f"{OPEN}{value}{CLOSE}"


def shown(knob: str, value: Any, lang: str) -> str:
    """A knob's value in a sentence: in Russian in words («в каждой сдаче», say.value_word), in English the
    value as typed, marked as an id."""
    return value_word(knob, value, lang) if lang == "ru" else mark(format_knob_value(value))


def knob_value(knob: str, value: Any, lang: str) -> str:
    """«порог: в каждой сдаче» (ru) / 'threshold every-deal' (en)."""
    if lang == "ru":
        return f"{knob_name(knob, lang)}: {value_word(knob, value, lang)}"
    return f"{knob_name(knob, lang)} {mark(format_knob_value(value))}"


def plain(text: str) -> str:
    return text.replace(OPEN, "").replace(CLOSE, "")


def as_html(text: str) -> str:
    return _esc(text).replace(OPEN, "<code>").replace(CLOSE, "</code>")


def term_text(term: str, lang: str) -> str:
    """'threshold=none × target=125' -> 'порог none × до скольких 125' (ru) / 'threshold none × target 125'."""
    parts = []
    for part in term.split(" × "):
        knob, _, value = part.partition("=")
        parts.append(knob_value(knob, value, lang) if knob in KNOB_BY_NAME else part)
    return " × ".join(parts)


def _amount(c: stats.Comparison, lang: str) -> str:
    """The signed difference with its unit: '+1.50 deals', '−3.3 pp', '+0,30 сдачи'."""
    spec = METRIC_BY_NAME[c.metric]
    digits = max(0, stats.decimals(c.half_width * spec.scale) - 1)
    text = words.diff(c.metric, c.diff, lang, digits)
    unit = "" if spec.is_rate else words.unit_word(c.metric, abs(c.diff), lang)
    return f"{text} {unit}".rstrip()


def interaction_text(c: stats.Comparison, lang: str) -> str:
    """'deals per game, threshold every-deal × target 125: +0.080 deals (95% CI +0.068…+0.093)'."""
    scale = METRIC_BY_NAME[c.metric].scale
    digits = stats.decimals(c.half_width * scale)
    ci = f"{words.level(c.level, lang)} {words.ci_word(lang)} {words.interval(c.metric, c.low, c.high, lang, digits)}"
    return f"{words.label(c.metric, lang)}, {term_text(c.variant, lang)}: {_amount(c, lang)} ({ci})"


MAX_LISTED = 2  # interactions listed per metric in the terminal (the report shows them all)
MAX_OPEN = 4  # more interactions than this are folded in the report


def ranking_sentence(metric: str, rows: list[dict], lang: str) -> str:
    """'What changes “deals per game” most: target (target 125: +1.47), then threshold (…); fish winner
    hardly matters (no difference bigger than ±0.02 found).' The knobs with an effect by size, the others
    together."""
    t = TEXT[lang]
    name = words.label(metric, lang)
    found = [r for r in rows if r["significant"]]
    rest = [r for r in rows if not r["significant"]]
    parts = []
    for r in found:
        c = r["effect"]
        value = c.variant.partition("=")[2]
        parts.append(f"{knob_name(r['knob'], lang)} ({shown(r['knob'], value, lang)}: {_amount(c, lang)})")
    if parts:
        sentence = t["most"].format(metric=name, first=parts[0])
        if len(parts) > 1:
            sentence += ", " + ", ".join(t["then"].format(next=p) for p in parts[1:])
    else:
        sentence = t["no_effect"].format(metric=name)
    if rest:
        largest_mde = max((r["effect"].mde for r in rest if math.isfinite(r["effect"].mde)), default=math.nan)
        scale = METRIC_BY_NAME[metric].scale
        mde = "±" + words.diff(metric, largest_mde, lang, stats.decimals(largest_mde * scale)).lstrip("+")
        knobs = ", ".join(knob_name(r["knob"], lang) for r in rest)
        verb = t["verb_one"] if len(rest) == 1 else t["verb_many"]
        tail = t["none"].format(knobs=knobs, verb=verb, mde=mde)
        sentence += ("; " + tail) if parts else ". " + tail[0].upper() + tail[1:]
    return sentence + "."


def significant_interactions(analysis: Any) -> list[stats.Comparison]:
    return [e.comparison for e in analysis.interactions if e.comparison.significant]


# --- terminal -------------------------------------------------------------------------------------------------------


def terminal_lines(summary: dict, analysis: Any, lang: str) -> list[str]:
    """What `kozel-stats sweep` prints: the question, per metric the ranking and the main effects, the
    interactions found, the notes."""
    t = TEXT[lang]
    meta = summary["meta"]
    grid = analysis.grid
    lines = [
        t["title"],
        _untag(
            t["lead"].format(
                base=grid.base.title(lang),
                base_id=grid.base.name,
                factors=plain(_factors_text(grid, lang)),
                cells=_cells_text(len(grid.cells), lang),
                games=words.games_text(meta["games_per_cell"], lang),
                bots=words.bots_text(meta.get("bots") or ["random"], lang),
            )
        ),
    ]
    who = words.level_words(meta, lang)
    if who is not None:
        lines.append(messages.text("sweep.played_by", lang, who=who))
    if len(grid.factors) > 1:  # each rule's effect is against its own baseline: say which, once
        lines.append(messages.text("sweep.baselines", lang))
    lines.append("")
    for metric in analysis.metrics:
        lines.append(plain(ranking_sentence(metric, analysis.ranking[metric], lang)))
        for e in analysis.effects:
            c = e.comparison
            if c.metric != metric:
                continue
            star = "*" if c.significant else " "
            lines.append(f"  {star} {plain(term_text(c.variant, lang))}: {words.verdict(c, lang)}")
        lines.append("")
    found = significant_interactions(analysis)
    if analysis.interactions:
        if found:
            lines.append(t["found_interactions"])
            listed = 0
            for metric in analysis.metrics:
                mine = sorted((c for c in found if c.metric == metric), key=lambda c: -abs(c.diff))
                for c in mine[:MAX_LISTED]:
                    lines.append(f"  * {plain(interaction_text(c, lang))}")
                    listed += 1
            if listed < len(found):
                lines.append("  " + t["more"].format(n=len(found) - listed))
        else:
            lines.append(t["no_interactions"])
        lines.append("")
    for note in _notes(summary, analysis, lang):
        lines.append(note)
    return lines


def _untag(text: str) -> str:
    return text.replace("<code class='id'>", "(").replace("</code>", ")")


def _cells_text(n: int, lang: str) -> str:
    forms = TEXT[lang]["cells_word"]
    return f"{words.count(n, lang)} " + (
        words.plural_ru(n, *forms) if lang == "ru" else (forms[0] if n == 1 else forms[1])
    )


def _factors_text(grid: Any, lang: str) -> str:
    parts = []
    for f in grid.factors:
        values = ", ".join(shown(f.knob, v, lang) + ("*" if v == f.reference else "") for v in f.levels)
        parts.append(f"{knob_name(f.knob, lang)} ({values})")
    return "; ".join(parts)


def _notes(summary: dict, analysis: Any, lang: str) -> list[str]:
    t = TEXT[lang]
    grid = analysis.grid
    out = []
    if summary["meta"].get("interrupted"):
        out.append(t["interrupted"])
    if grid.sampled:
        out.append(t["sampled"].format(played=len(grid.cells), total=grid.total))
    if grid.skipped:
        # each with its reason: the knob that makes it impossible and why (the README promises it)
        out.append(t["skipped"].format(names="; ".join(f"{n} ({why.rstrip('.')})" for n, why in grid.skipped[:8])))
    if analysis.not_estimable:
        out.append(t["not_estimable"].format(terms=", ".join(analysis.not_estimable[:8])))
    skipped = ("sweep.note.no_effects", "sweep.note.no_data")  # older summaries: English texts, shown in English
    for n in analysis.notes:
        if (messages.is_stored(n) and n["key"] in skipped) or (lang == "en" and str(n).startswith("no effects for")):
            out.append(words.note(n, lang))
    return out


# --- HTML -----------------------------------------------------------------------------------------------------------
def tornado(analysis: Any, metric: str, lang: str) -> tuple[str, dict]:
    """The main effects on one metric, largest first (at the top), each with its interval."""
    import plotly.graph_objects as go

    rows = [
        e.comparison for e in analysis.effects if e.comparison.metric == metric and math.isfinite(e.comparison.diff)
    ]
    rows.sort(key=lambda c: abs(c.diff))  # plotly draws the first row at the bottom
    scale = METRIC_BY_NAME[metric].scale
    ys = list(range(len(rows)))
    fig = go.Figure(
        go.Bar(
            x=[c.diff * scale for c in rows],
            y=ys,
            orientation="h",
            marker=dict(color=["#b00020" if c.significant else "#9e9e9e" for c in rows]),
            error_x=dict(
                type="data",
                symmetric=False,
                array=[(c.high - c.diff) * scale for c in rows],
                arrayminus=[(c.diff - c.low) * scale for c in rows],
                color="#333333",
                thickness=1.5,
                width=4,
            ),
            hoverinfo="x+y",
            showlegend=False,
        )
    )
    fig.add_vline(x=0, line_color="#000000", line_width=1)
    unit = words.unit_pp(lang) if METRIC_BY_NAME[metric].is_rate else words.unit_word(metric, 2.5, lang)
    labels = [plain(term_text(c.variant, lang)) for c in rows]
    fig.update_layout(
        height=70 + 34 * len(rows),
        xaxis_title=f"{TEXT[lang]['effect']}, {unit}",
        yaxis=dict(tickvals=ys, ticktext=labels, range=[-0.6, len(rows) - 0.4]),
    )
    level = words.level(rows[0].level, lang) if rows else ""
    block, spec = _figure(fig, f"tornado-{metric}", f"{words.label(metric, lang)} — {level} {words.ci_word(lang)}")
    spec["narrowTicks"] = [_wrap(x) for x in labels]
    return block, spec


def heatmap(analysis: Any, metric: str, lang: str) -> tuple[str, dict] | None:
    """The two-way interactions on one metric: a triangle of knob values against knob values."""
    import plotly.graph_objects as go

    rows = [e for e in analysis.interactions if e.comparison.metric == metric and math.isfinite(e.comparison.diff)]
    if not rows:
        return None
    grid = analysis.grid
    mains = []
    for f, factor in enumerate(grid.factors):
        for v in factor.levels:
            if v != factor.reference:
                mains.append((f, v))
    index = {m: i for i, m in enumerate(mains)}
    n = len(mains)
    scale = METRIC_BY_NAME[metric].scale
    z: list[list[float | None]] = [[None] * n for _ in range(n)]
    text: list[list[str]] = [[""] * n for _ in range(n)]
    for e in rows:
        (fa, fb), (va, vb) = e.term.factors, e.term.levels
        i, j = index[(fa, va)], index[(fb, vb)]
        i, j = max(i, j), min(i, j)
        c = e.comparison
        z[i][j] = c.diff * scale
        digits = stats.decimals(c.half_width * scale)
        text[i][j] = words.number(c.diff * scale, digits, lang, signed=True) + ("*" if c.significant else "")
    labels = [plain(knob_value(grid.factors[f].knob, v, lang)) for f, v in mains]
    limit = max((abs(x) for row in z for x in row if x is not None), default=1.0) or 1.0
    fig = go.Figure(
        go.Heatmap(
            z=z,
            x=labels,
            y=labels,
            text=text,
            texttemplate="%{text}",
            textfont=dict(size=11),  # never shrunk below 11 px on a phone
            colorscale="RdBu",
            reversescale=True,
            zmin=-limit,
            zmax=limit,
            showscale=False,
            hoverinfo="text",
            xgap=2,
            ygap=2,
        )
    )
    fig.update_layout(
        height=90 + 48 * n,
        yaxis=dict(autorange="reversed", tickvals=labels, ticktext=labels),
        xaxis=dict(tickangle=-30, tickvals=labels, ticktext=labels),
    )
    block, spec = _figure(fig, f"heat-{metric}", words.label(metric, lang))
    # a phone: the labels on several lines, so that the cells keep the width of their numbers
    spec["narrowTicks"] = [_wrap(x, 14) for x in labels]
    spec["narrowXTicks"] = [_wrap(x, 10) for x in labels]
    return block, spec


def _cells_table(summary: dict, analysis: Any, lang: str) -> str:
    t = TEXT[lang]
    grid = analysis.grid
    metrics = analysis.metrics
    head = (
        f"<th>{t['cell']}</th>"
        + "".join(f"<th>{_esc(knob_name(f.knob, lang))}</th>" for f in grid.factors)
        + "".join(f"<th>{_esc(words.label(m, lang))}</th>" for m in metrics)
    )
    body = []
    for i, cell in enumerate(grid.cells):
        estimates = {e.metric: e for e in analysis.cells.estimates[cell.name]}
        values = "".join(
            f"<td>{_esc(words.value(m, estimates[m].value, lang))}</td>" if m in estimates else "<td>—</td>"
            for m in metrics
        )
        levels = "".join(
            f"<td>{_esc(value_word(f.knob, v, lang))}</td>"
            if lang == "ru"
            else f"<td><code>{_esc(format_knob_value(v))}</code></td>"
            for f, v in zip(grid.factors, cell.levels, strict=True)
        )
        row_class = " class='ref'" if i == 0 else ""
        body.append(f"<tr{row_class}><td>{i + 1}</td>{levels}{values}</tr>")
    return f"<div class='scroll'><table class='cells'><tr>{head}</tr>{''.join(body)}</table></div>"


def _values_html(analysis: Any, lang: str) -> str:
    out = []
    for f in analysis.grid.factors:
        knob = KNOB_BY_NAME[f.knob]
        items = []
        for v in f.levels:
            meaning = knob.value_meaning(v, lang)
            ref = f" ({TEXT[lang]['reference']})" if v == f.reference else ""
            items.append(
                (f"<li>{_esc(value_word(f.knob, v, lang))} " if lang == "ru" else "<li>")
                + f"<code>{_esc(format_knob_value(v))}</code>{_esc(ref)}"
                + (f": {_esc(meaning)}" if meaning else "")
                + "</li>"
            )
        out.append(
            f"<div class='rule-card'><h4>{_esc(knob_name(f.knob, lang))} <code class='id'>{_esc(f.knob)}</code></h4>"
            f"<p class='sub'>{_esc(knob.describe(lang))}</p><ul class='rules'>{''.join(items)}</ul></div>"
        )
    return "".join(out)


SWEEP_CSS = """
table.cells tr.ref td { background: #f7f7f7; font-weight: 600; }
p.rank { font-weight: 600; margin: .4em 0; }
"""


def _answer_html(analysis: Any, lang: str) -> str:
    """The answer: a ranking of the factors per metric, then the interactions found (folded when many)."""
    t = TEXT[lang]
    answer = "".join(
        f"<p class='rank'>{as_html(ranking_sentence(m, analysis.ranking[m], lang))}</p>" for m in analysis.metrics
    )
    found = significant_interactions(analysis)
    if not analysis.interactions:
        return answer
    if not found:
        return answer + f"<p>{t['no_interactions']}</p>"
    items = "".join(f"<li>{as_html(interaction_text(c, lang))}</li>" for c in found)
    listing = f"<ul class='effects'>{items}</ul>"
    if len(found) > MAX_OPEN:  # a long list is folded: the rankings above are the answer
        n = len(found)
        title = messages.text("sweep.interactions", lang, n=n)
        listing = f"<details><summary>{_esc(title)}</summary>{listing}</details>"
    return answer + f"<p>{t['found_interactions']}</p>{listing}"


# --- `sweep --levels`: does each rule's effect hold at every level of play? ---------------------------------------
def _level_name(name: str, lang: str) -> str:
    from ..rules.levels import LEVELS

    return LEVELS[name].ru if lang == "ru" else LEVELS[name].en


def levels_grid(block: dict, lang: str, short: bool = True) -> tuple[list[str], list[list[str]]]:
    """The table of `sweep --levels` as text: the header and one row per main effect and metric (the
    difference at each level, * significant, and how the verdict fares across the levels)."""
    from .level_verdict import row_words
    from .tables import fmt_value

    t = LEVELS_TEXT[lang]
    names = block["levels"]
    head = [t["effect"], t["metric"], *(_level_name(n, lang) for n in names), t["across"]]
    rows = []
    for row in block["rows"]:
        cells = []
        for name in names:
            c = row["by_level"].get(name)
            cells.append(
                "–"
                if c is None
                else fmt_value(row["metric"], c["diff"], True, lang) + ("*" if c["significant"] else "")
            )
        rows.append(
            [
                plain(term_text(row["term"], lang)),
                words.label(row["metric"], lang),
                *cells,
                row_words(row, lang, short=short) or "",
            ]
        )
    return head, rows


def levels_ranking(block: dict, lang: str) -> list[str]:
    """Per metric, the rule that matters most at each level («у новичков — порог; у игроков — порог; …»)."""
    from ..rules.levels import LEVELS

    t = LEVELS_TEXT[lang]
    out = []
    metrics = next(iter(block["ranking"].values())).keys()
    for metric in metrics:
        parts = []
        for name in block["levels"]:
            ranked = block["ranking"].get(name, {}).get(metric) or []
            none = messages.text("sweep.no_rule", lang)
            who = messages.text("sweep.among", lang, who=LEVELS[name].ru_who if lang == "ru" else LEVELS[name].en_who)
            parts.append(f"{who} — {knob_name(ranked[0], lang) if ranked else none}")
        out.append(t["most"].format(metric=words.label(metric, lang), levels="; ".join(parts)))
    return out


def levels_table(block: dict, lang: str) -> Any:
    """The rich table the terminal prints for `sweep --levels`."""
    from rich import box
    from rich.table import Table

    head, rows = levels_grid(block, lang)
    table = Table(title=LEVELS_TEXT[lang]["title"], box=box.SIMPLE_HEAD, title_justify="left")
    for i, name in enumerate(head):
        table.add_column(name, justify="right" if 2 <= i < len(head) - 1 else "left", no_wrap=i >= 2)
    for row in rows:
        table.add_row(*row)
    return table


def _levels_html(summary: dict, lang: str) -> str:
    block = summary.get("levels")
    if not block:
        return ""
    t = LEVELS_TEXT[lang]
    head, rows = levels_grid(block, lang, short=False)  # the page has room for the whole level verdict
    body = "".join("<tr>" + "".join(f"<td>{_esc(x)}</td>" for x in row) + "</tr>" for row in rows)
    ranking = "".join(f"<p class='rank'>{_esc(line)}</p>" for line in levels_ranking(block, lang))
    return (
        f"<h2 id='levels'>{_esc(t['title'])}</h2><p class='sub'>{_esc(t['note'])}</p>{ranking}"
        f"<div class='scroll'><table class='cells'><tr>{''.join(f'<th>{_esc(h)}</th>' for h in head)}</tr>"
        f"{body}</table></div>"
    )


def _meta_html(meta: dict, bots: list[str], lang: str) -> str:
    """The table of the run: version, seed, games per cell, bots, backend, duration."""
    t = TEXT[lang]
    duration = meta.get("duration_s")
    meta_rows = [
        (t["version"], _esc(meta.get("version", ""))),
        (t["seed"], f"<code>{_esc(meta.get('seed', ''))}</code>"),
        (t["per_cell"], _esc(words.count(meta["games_per_cell"], lang))),
        (t["bots"], _esc(words.bots_text(bots, lang)) + f" <code class='id'>{_esc(','.join(bots))}</code>"),
        (t["backend"], f"<code>{_esc(meta.get('backend', 'local'))}</code>"),
        (t["duration"], _esc(words.seconds(duration, lang)) if duration is not None else "—"),
    ]
    return "".join(f"<tr><th>{k}</th><td>{x}</td></tr>" for k, x in meta_rows)


def render(summary: dict, analysis: Any, lang: str = "ru") -> str:
    if lang not in TEXT:
        raise keyed(ValueError, "report.lang", join_text=", ".join(TEXT), lang=lang)
    t = TEXT[lang]
    meta = summary["meta"]
    grid = analysis.grid
    bots = meta.get("bots") or ["random"]
    lead = t["lead"].format(
        base=_esc(grid.base.title(lang)),
        base_id=_esc(grid.base.name),
        factors=as_html(_factors_text(grid, lang)),
        cells=_esc(_cells_text(len(grid.cells), lang)),
        games=_esc(words.games_text(meta["games_per_cell"], lang)),
        bots=_esc(words.bots_text(bots, lang)),
    )
    answer = _answer_html(analysis, lang)
    figs: dict[str, dict] = {}
    blocks = []
    for metric in analysis.metrics:
        block, spec = tornado(analysis, metric, lang)
        figs[f"tornado-{metric}"] = spec
        blocks.append(block)
    heat_blocks = []
    for metric in analysis.metrics:
        found_map = heatmap(analysis, metric, lang)
        if found_map:
            block, spec = found_map
            figs[f"heat-{metric}"] = spec
            heat_blocks.append(block)
    level_h = words.level(1 - stats.ALPHA / max(1, sum(METRIC_BY_NAME[m].headline for m in analysis.metrics)), lang)
    notes = "".join(f"<p class='warn'>{_esc(n)}</p>" for n in _notes(summary, analysis, lang))
    interactions_html = (
        f"<h2 id='interactions'>{t['interactions']}</h2><p class='sub'>{t['interactions_note']}</p>"
        + "".join(heat_blocks)
        if heat_blocks
        else ""
    )
    meta_html = _meta_html(meta, bots, lang)
    # each rule's effect is against its own baseline (the terminal says it too): say which, once
    baselines = " " + _esc(messages.text("sweep.baselines", lang)) if len(analysis.grid.factors) > 1 else ""
    script = page_script(figs, lang)
    return f"""<!DOCTYPE html>
<html lang="{lang}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{t["title"]}</title>
<style>{CSS}{SWEEP_CSS}</style>
<script>
window.__errors = [];
window.addEventListener("error", function (e) {{ window.__errors.push(String(e.message)); }});
</script>
{plotly_tags()}
</head><body>
<h1>{t["title"]}</h1>
<p id="question">{lead}</p>
{notes}
<h2 id="main">{t["main"]}{_esc(words.at_level(meta, lang))}</h2>
<div id="answer">{answer}</div>
<h2 id="effects">{t["effects"]}</h2>
<p class="sub">{t["effects_note"].format(level=level_h)}{baselines}</p>
{"".join(blocks)}
{interactions_html}
{_levels_html(summary, lang)}
<h2 id="cells">{t["cells"]}</h2><p class="sub">{t["cells_note"]}</p>
{_cells_table(summary, analysis, lang)}
<h2 id="values">{t["values"]}</h2>{_values_html(analysis, lang)}
<h2 id="run">{t["run"]}</h2><div class="scroll"><table class="meta">{meta_html}</table></div>
<p>{t["reproduce"]}<br><code id="reproduce">{_esc(meta.get("command", ""))}</code></p>
<script>{script}</script>
<script>{CHECKS}</script>
</body></html>
"""


def write(path: Path, summary: dict, analysis: Any, lang: str = "ru") -> None:
    """Write the report whole or not at all."""
    from ..results.folders import write_text_atomic

    write_text_atomic(path, render(summary, analysis, lang))
