"""A self-contained HTML report of a comparison (plotly.js embedded, works offline).

Built from the same objects the terminal tables use (the analysis, the run
metadata) plus the small aggregate tables (scores by deal number, fish sums).
"""

from __future__ import annotations

import html
import math
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from . import stats
from .compare import Analysis
from .metrics import METRICS
from .rules import KNOB_BY_NAME

SPECS = {m.name: m for m in METRICS}

TEXT = {
    "en": {
        "title": "Козёл: which rule changes what",
        "question": "Question",
        "question_text": "How do {variants} differ from <b>{baseline}</b>? {games} games per variant, bots {bots}.",
        "verdicts": "Verdicts",
        "no_diff": "no detectable difference in the headline metrics",
        "table": "All metrics with 95% intervals",
        "table_note": "Differences against {baseline}; bold and coloured when significant after Holm correction.",
        "variant": "variant",
        "metric": "metric",
        "value": "value",
        "ci": "95% CI",
        "diff": "difference",
        "p": "p (Holm)",
        "charts": "Charts",
        "length_hist": "Game length: share of games by number of deals",
        "survival": "Share of games still going after k deals",
        "rates": "Rates with 95% intervals",
        "by_deal": "Mean score of the eventual loser (solid) and winner (dashed) after each deal",
        "fish_sums": "Pips left in all hands at a fish",
        "deals": "deals",
        "share": "share of games",
        "k": "k (deals)",
        "still": "still going",
        "score": "score",
        "pips": "pips left",
        "fish_share": "share of fishes",
        "rules": "The variants side by side (only the rules that differ)",
        "knob": "rule",
        "meta": "Run",
        "reproduce": "Reproduce this run with:",
        "how": "How to read this",
        "how_text": [
            "Every variant played the same shuffled deals (game i of every variant starts from the same "
            "shuffle), so differences come from the rules, not from luck.",
            "A 95% interval is the range of values compatible with the data; when the interval of a "
            "difference straddles zero, the rule makes no detectable difference at this number of games.",
            "p-values are corrected for the number of comparisons (Holm), so a 'significant' verdict is "
            "not a lucky one among many.",
            "Bots are scripted players, not people: a verdict that holds with several bots is more "
            "trustworthy than one seen with a single bot.",
        ],
        "version": "version",
        "seed": "seed",
        "games": "games per variant",
        "bots": "bots",
        "workers": "workers",
        "duration": "duration",
        "hashes": "variant hashes",
        "interrupted": "Interrupted run: these are the games finished before Ctrl-C.",
    },
    "ru": {
        "title": "Козёл: что меняет каждое правило",
        "question": "Вопрос",
        "question_text": "Чем отличаются {variants} от <b>{baseline}</b>? По {games} партий на вариант, боты {bots}.",
        "verdicts": "Выводы",
        "no_diff": "заметной разницы в главных показателях нет",
        "table": "Все показатели с 95% интервалами",
        "table_note": "Разница с {baseline}; жирным и цветом — значимая после поправки Холма.",
        "variant": "вариант",
        "metric": "показатель",
        "value": "значение",
        "ci": "95% интервал",
        "diff": "разница",
        "p": "p (Холм)",
        "charts": "Графики",
        "length_hist": "Длина партии: доля партий по числу сдач",
        "survival": "Доля партий, которые ещё идут после k сдач",
        "rates": "Частоты с 95% интервалами",
        "by_deal": "Средний счёт будущих козлов (сплошная) и победителей (пунктир) после каждой сдачи",
        "fish_sums": "Очки на руках у всех при рыбе",
        "deals": "сдач",
        "share": "доля партий",
        "k": "k (сдач)",
        "still": "ещё идут",
        "score": "счёт",
        "pips": "очков на руках",
        "fish_share": "доля рыб",
        "rules": "Варианты рядом (только отличающиеся правила)",
        "knob": "правило",
        "meta": "Прогон",
        "reproduce": "Повторить этот прогон:",
        "how": "Как это читать",
        "how_text": [
            "Все варианты играли одни и те же раздачи (партия i каждого варианта начинается с той же "
            "раздачи), поэтому разница идёт от правил, а не от везения.",
            "95% интервал — диапазон значений, согласных с данными; если интервал разницы захватывает ноль, "
            "правило не даёт заметной разницы при таком числе партий.",
            "p-значения поправлены на число сравнений (метод Холма): «значимый» вывод — не случайная удача "
            "среди многих.",
            "Боты — это программы, а не люди: вывод, который держится при разных ботах, надёжнее.",
        ],
        "version": "версия",
        "seed": "seed",
        "games": "партий на вариант",
        "bots": "боты",
        "workers": "процессов",
        "duration": "время",
        "hashes": "хэши вариантов",
        "interrupted": "Прогон прерван: здесь партии, доигранные до Ctrl-C.",
    },
}

# Players' words for the metrics in Russian reports.
RU_LABELS = {
    "deals_per_game": "сдач за партию",
    "naked_rate": "голые козлы",
    "bald_rate": "лысые козлы",
    "general_rate": "генерал",
    "first_lead_loss_rate": "проигрыш пары, начавшей партию (с 11)",
    "fish_rate": "рыба (доля сдач)",
    "eggs_rate": "яйца (доля сдач)",
    "redeal_rate": "передача (доля раздач)",
    "fisherman_share": "рыбу выиграла пара рыбака",
    "moves_per_deal": "ходов за сдачу",
    "written_per_deal": "очков записано за сдачу",
    "vanished_share": "проигрыш сгорел под порогом",
}
RATE_CHART = ("naked_rate", "bald_rate", "fish_rate", "eggs_rate", "redeal_rate")
COLOURS = ["#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b", "#e377c2", "#7f7f7f", "#bcbd22", "#17becf"]


@dataclass
class ReportData:
    meta: dict[str, Any]
    analysis: Analysis
    matrix: dict[str, Any] | None = None  # --bots-matrix: {"bots": [...], "rows": [...]}


# (more, less) phrasing per metric in Russian; "{x}" is the amount
RU_WORDS = {
    "deals_per_game": ("партии длиннее на {x} сдачи", "партии короче на {x} сдачи"),
    "moves_per_deal": ("сдачи длиннее на {x} хода", "сдачи короче на {x} хода"),
    "written_per_deal": ("за сдачу пишут на {x} очка больше", "за сдачу пишут на {x} очка меньше"),
}


def verdict(c: stats.Comparison, lang: str) -> str:
    """The verdict sentence: the statistics module's English one, or the same in Russian."""
    if lang != "ru":
        return c.verdict
    spec = SPECS.get(c.metric)
    scale = spec.scale if spec else 1.0
    rate = spec is not None and spec.unit == "pp"
    unit = " п.п." if rate else ""
    if not c.comparable:
        return "не сравнивается: " + c.note
    if math.isnan(c.diff) or math.isnan(c.low):
        return "не оценить (нет данных)"
    hw = c.half_width * scale
    digits = 0 if hw >= 10 else 1 if hw >= 1 else 2 if hw >= 0.1 else 3
    level = f"{c.level * 100:.4g}% ДИ"
    if not c.significant:
        return (
            f"разницы больше ±{c.mde * scale:.{digits}f}{unit} не найдено ({c.diff * scale:+.{digits}f}{unit}; "
            f"{level} {c.low * scale:+.{digits}f}…{c.high * scale:+.{digits}f})"
        )
    diff, low, high = c.diff * scale, c.low * scale, c.high * scale
    more = diff >= 0
    amount, lo, hi = (diff, low, high) if more else (-diff, -high, -low)
    x = f"{amount:.{digits}f}"
    if c.metric in RU_WORDS:
        text = RU_WORDS[c.metric][0 if more else 1].format(x=x)
    else:
        text = ("выше" if more else "ниже") + f" на {x}{unit}"
    return f"{text} ({level} {lo:.{digits}f}…{hi:.{digits}f}{unit})"


def label(metric: str, lang: str) -> str:
    if lang == "ru" and metric in RU_LABELS:
        return RU_LABELS[metric]
    spec = SPECS.get(metric)
    return spec.label if spec else metric


def _num(metric: str, value: float, signed: bool = False) -> str:
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return "–"
    spec = SPECS.get(metric)
    if spec is not None and spec.unit == "pp":
        return f"{value * 100:+.2f} pp" if signed else f"{value * 100:.2f}%"
    return f"{value:+.3f}" if signed else f"{value:.3f}"


def _figure_html(fig, div_id: str) -> str:
    fig.update_layout(
        template="plotly_white", margin=dict(l=60, r=20, t=50, b=50), height=420, legend=dict(orientation="h", y=-0.2)
    )
    return fig.to_html(
        full_html=False, include_plotlyjs=False, div_id=div_id, config={"displaylogo": False, "responsive": True}
    )


def charts(data: ReportData, lang: str) -> list[str]:
    import plotly.graph_objects as go

    t = TEXT[lang]
    names = list(data.analysis.estimates)
    colour = {n: COLOURS[i % len(COLOURS)] for i, n in enumerate(names)}
    out = []
    # game length distribution and survival
    hist = go.Figure()
    surv = go.Figure()
    for name in names:
        dist = data.analysis.lengths[name]["histogram"]
        ks = sorted(int(k) for k in dist)
        counts = [dist[k] if k in dist else dist[str(k)] for k in ks]
        total = sum(counts) or 1
        hist.add_trace(
            go.Scatter(
                x=ks, y=[c / total for c in counts], name=name, mode="lines+markers", line=dict(color=colour[name])
            )
        )
        going, left = [], total
        for c in counts:
            going.append(left / total)
            left -= c
        surv.add_trace(go.Scatter(x=ks, y=going, name=name, mode="lines", line=dict(color=colour[name], shape="hv")))
    hist.update_layout(title=t["length_hist"], xaxis_title=t["deals"], yaxis_title=t["share"])
    surv.update_layout(title=t["survival"], xaxis_title=t["k"], yaxis_title=t["still"], yaxis_tickformat=".0%")
    out += [_figure_html(hist, "chart-length"), _figure_html(surv, "chart-survival")]
    # rates with intervals
    rates = go.Figure()
    for name in names:
        est = {e.metric: e for e in data.analysis.estimates[name]}
        xs = [label(m, lang) for m in RATE_CHART if m in est]
        ys = [est[m].value for m in RATE_CHART if m in est]
        err_hi = [est[m].high - est[m].value for m in RATE_CHART if m in est]
        err_lo = [est[m].value - est[m].low for m in RATE_CHART if m in est]
        rates.add_trace(
            go.Bar(
                x=xs,
                y=ys,
                name=name,
                marker_color=colour[name],
                error_y=dict(type="data", array=err_hi, arrayminus=err_lo, visible=True),
            )
        )
    rates.update_layout(title=t["rates"], barmode="group", yaxis_tickformat=".1%")
    out.append(_figure_html(rates, "chart-rates"))
    # scores by deal number
    by_deal = go.Figure()
    for name in names:
        rows = [r for r in data.analysis.by_deal.get(name, []) if r["games"] >= 30]
        by_deal.add_trace(
            go.Scatter(
                x=[r["deal"] for r in rows],
                y=[r["loser_score_mean"] for r in rows],
                name=name,
                mode="lines",
                line=dict(color=colour[name]),
            )
        )
        by_deal.add_trace(
            go.Scatter(
                x=[r["deal"] for r in rows],
                y=[r["winner_score_mean"] for r in rows],
                name=f"{name}",
                showlegend=False,
                mode="lines",
                line=dict(color=colour[name], dash="dash"),
            )
        )
    by_deal.update_layout(title=t["by_deal"], xaxis_title=t["k"], yaxis_title=t["score"])
    out.append(_figure_html(by_deal, "chart-by-deal"))
    # fish sums
    fish = go.Figure()
    for name in names:
        hist = data.analysis.fish_sums.get(name, {})
        total = max(sum(hist.values()), 1)
        fish.add_trace(
            go.Scatter(
                x=list(hist),
                y=[c / total for c in hist.values()],
                name=name,
                mode="lines+markers",
                line=dict(color=colour[name]),
            )
        )
    fish.update_layout(title=t["fish_sums"], xaxis_title=t["pips"], yaxis_title=t["fish_share"])
    out.append(_figure_html(fish, "chart-fish"))
    return out


def _metrics_table(data: ReportData, lang: str) -> str:
    t = TEXT[lang]
    a = data.analysis
    by_key = {(c.variant, c.metric): c for c in a.comparisons}
    rows = [
        f"<tr><th>{t['variant']}</th><th>{t['metric']}</th><th>{t['value']}</th><th>{t['ci']}</th>"
        f"<th>{t['diff']}</th><th>{t['ci']}</th><th>{t['p']}</th></tr>"
    ]
    for name, estimates in a.estimates.items():
        for i, e in enumerate(estimates):
            c = by_key.get((name, e.metric))
            cls = ""
            diff = ci = p = ""
            if c is not None:
                cls = ' class="sig"' if c.significant else ""
                diff = _num(e.metric, c.diff, True)
                ci = f"{_num(e.metric, c.low, True)} … {_num(e.metric, c.high, True)}"
                p = ("&lt;0.001" if c.p_adjusted < 0.001 else f"{c.p_adjusted:.3f}") if c.comparable else ""
            first = f"<td rowspan={len(estimates)}><b>{html.escape(name)}</b></td>" if i == 0 else ""
            rows.append(
                f"<tr{cls}>{first}<td>{html.escape(label(e.metric, lang))}</td>"
                f"<td data-metric='{e.metric}' data-variant='{html.escape(name)}'>{_num(e.metric, e.value)}</td>"
                f"<td>{_num(e.metric, e.low)} … {_num(e.metric, e.high)}</td>"
                f"<td class='diff'>{diff}</td><td>{ci}</td><td>{p}</td></tr>"
            )
    return "<table class='metrics'>" + "".join(rows) + "</table>"


def _placings_html(data: ReportData, lang: str) -> str:
    """Каждый сам за себя: share of games finished in each place, per seat."""
    if not data.analysis.placings:
        return ""
    title = (
        "Места по игрокам (1 — лучшее, последнее — козёл)"
        if lang == "ru"
        else "Placings per seat (1 = best, last = the goat)"
    )
    parts = [f"<h2>{title}</h2>"]
    for name, table in data.analysis.placings.items():
        seats = table["seats"]
        n = len(seats)
        head = "".join(f"<th>{k}</th>" for k in range(1, n + 1))
        rows = "".join(
            f"<tr><td>P{seat}</td><td>{row['mean_place']:.3f}</td>"
            + "".join(f"<td>{row['places'][str(k)]['share'] * 100:.1f}%</td>" for k in range(1, n + 1))
            + "</tr>"
            for seat, row in seats.items()
        )
        mean = "среднее место" if lang == "ru" else "mean place"
        parts.append(
            f"<h3>{html.escape(name)}</h3><table class='placings'><tr><th></th><th>{mean}</th>{head}</tr>{rows}</table>"
        )
    return "".join(parts)


MATRIX_WORDS = {"robust": "держится при всех ботах", "depends on bots": "зависит от ботов", "no effect": "нет эффекта"}


def _matrix_html(data: ReportData, lang: str) -> str:
    """Results per bot mix: does each verdict keep its sign and significance?"""
    if not data.matrix:
        return ""
    mixes = data.matrix["bots"]
    title = (
        "Зависит ли вывод от игроков? Разница при каждом боте (* — значимо)"
        if lang == "ru"
        else "Does the verdict depend on the players? The difference under each bot (* significant)"
    )
    t = TEXT[lang]
    head = "".join(f"<th>{html.escape(m)}</th>" for m in mixes)
    rows = []
    for row in data.matrix["rows"]:
        cells = []
        for mix in mixes:
            c = row["by_mix"].get(mix)
            cells.append(
                "<td>–</td>"
                if c is None
                else f"<td>{_num(row['metric'], c['diff'], True)}{'*' if c['significant'] else ''}</td>"
            )
        word = MATRIX_WORDS.get(row["verdict"], row["verdict"]) if lang == "ru" else row["verdict"]
        cls = "sig" if row["verdict"] == "robust" else ""
        rows.append(
            f"<tr class='{cls}'><td>{html.escape(row['variant'])}</td>"
            f"<td>{html.escape(label(row['metric'], lang))}</td>{''.join(cells)}<td class='diff'>{word}</td></tr>"
        )
    return (
        f"<h2>{title}</h2><table class='matrix'><tr><th>{t['variant']}</th><th>{t['metric']}</th>{head}"
        f"<th></th></tr>{''.join(rows)}</table>"
    )


def _rules_table(data: ReportData, lang: str) -> str:
    variants = data.meta["variants"]
    base = next(v for v in variants if v["name"] == data.analysis.baseline)
    knobs = [k for k in base["rules"] if any(v["rules"].get(k) != base["rules"][k] for v in variants)]
    if not knobs:
        return ""
    t = TEXT[lang]
    head = "".join(f"<th>{html.escape(v['name'])}</th>" for v in variants)
    rows = [f"<tr><th>{t['knob']}</th>{head}</tr>"]
    for k in knobs:
        knob = KNOB_BY_NAME[k]
        cells = []
        for v in variants:
            value = v["rules"][k]
            meaning = knob.meaning.get(str(value)) or ""
            shown = str(value).lower() if isinstance(value, bool) else str(value)
            style = "" if value == base["rules"][k] else " class='changed'"
            cells.append(
                f"<td{style}><b>{html.escape(shown)}</b>"
                + (f"<br><small>{html.escape(meaning)}</small>" if meaning else "")
                + "</td>"
            )
        rows.append(f"<tr><td><code>{k}</code><br><small>{html.escape(knob.rule)}</small></td>{''.join(cells)}</tr>")
    return "<table class='rules'>" + "".join(rows) + "</table>"


def render(data: ReportData, lang: str = "ru") -> str:
    """The whole report as one HTML string."""
    import plotly.offline

    if lang not in TEXT:
        raise ValueError(f"--lang must be one of {', '.join(TEXT)}, not {lang!r}.")
    t = TEXT[lang]
    meta, a = data.meta, data.analysis
    others = [n for n in a.estimates if n != a.baseline]
    bots = meta["bots"]
    question = t["question_text"].format(
        variants=", ".join(f"<b>{html.escape(n)}</b>" for n in others) or html.escape(a.baseline),
        baseline=html.escape(a.baseline),
        games=f"{a.games_per_variant:,}",
        bots=html.escape(",".join(bots)),
    )
    verdicts = []
    for name in others:
        items = [c for c in a.comparisons if c.variant == name and c.significant]
        lines = "".join(
            f"<li data-metric='{c.metric}'>{html.escape(label(c.metric, lang))}: {html.escape(verdict(c, lang))}</li>"
            for c in items
        )
        verdicts.append(f"<h3>{html.escape(name)}</h3><ul>{lines or '<li>' + t['no_diff'] + '</li>'}</ul>")
    meta_rows = [
        (t["version"], meta.get("version")),
        (t["seed"], meta.get("seed")),
        (t["games"], f"{a.games_per_variant:,}"),
        (t["bots"], ",".join(bots)),
        (t["workers"], meta.get("workers")),
        (t["duration"], f"{meta.get('duration_s', 0)} s"),
        (t["hashes"], ", ".join(f"{v['name']}={v['hash']}" for v in meta["variants"])),
    ]
    meta_html = "".join(f"<tr><th>{k}</th><td>{html.escape(str(v))}</td></tr>" for k, v in meta_rows)
    reproduce = html.escape(meta.get("command") or "")
    how = "".join(f"<li>{html.escape(x)}</li>" for x in t["how_text"])
    figures = "".join(f"<div class='chart'>{f}</div>" for f in charts(data, lang))
    warn = f"<p class='warn'>{t['interrupted']}</p>" if meta.get("interrupted") else ""
    return f"""<!DOCTYPE html>
<html lang="{lang}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{t["title"]}</title>
<style>
body {{ font-family: system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif; margin: 2em auto; max-width: 1100px;
       padding: 0 1em; color: #222; }}
h1 {{ font-size: 1.7em; }} h2 {{ border-bottom: 1px solid #ddd; padding-bottom: .2em; margin-top: 2em; }}
table {{ border-collapse: collapse; margin: 1em 0; font-size: .9em; }}
th, td {{ border: 1px solid #ddd; padding: .3em .6em; text-align: left; vertical-align: top; }}
tr.sig td.diff {{ font-weight: bold; color: #b00020; }}
td.changed {{ background: #fff4d6; }}
.warn {{ background: #fff4d6; padding: .5em; }}
.chart {{ margin: 1em 0; }}
code {{ background: #f4f4f4; padding: .1em .3em; }}
@media print {{ .chart {{ page-break-inside: avoid; }} }}
</style>
<script>
// Any script error is kept on the page (data-js-errors) so that a check in a browser can see it.
window.__errors = [];
window.addEventListener("error", function (e) {{ window.__errors.push(String(e.message)); }});
document.addEventListener("DOMContentLoaded", function () {{
  document.body.dataset.jsErrors = JSON.stringify(window.__errors);
}});
</script>
<script type="text/javascript">{plotly.offline.get_plotlyjs()}</script>
</head><body>
<h1>{t["title"]}</h1>
{warn}
<h2>{t["question"]}</h2><p id="question">{question}</p>
<h2>{t["verdicts"]}</h2><div id="verdicts">{"".join(verdicts)}</div>
<h2>{t["table"]}</h2><p>{t["table_note"].format(baseline=html.escape(a.baseline))}</p>{_metrics_table(data, lang)}
{_matrix_html(data, lang)}
{_placings_html(data, lang)}
<h2>{t["charts"]}</h2>{figures}
<h2>{t["rules"]}</h2>{_rules_table(data, lang)}
<h2>{t["how"]}</h2><ul>{how}</ul>
<h2>{t["meta"]}</h2><table>{meta_html}</table>
<p>{t["reproduce"]}<br><code id="reproduce">{reproduce}</code></p>
<script>
window.addEventListener("load", function () {{
  var drawn = document.querySelectorAll(".chart .main-svg").length > 0 ?
      Array.from(document.querySelectorAll(".chart > div > div")).filter(function (d) {{
        return d.querySelector(".main-svg"); }}).length : 0;
  document.body.dataset.chartsDrawn = String(drawn);
  var t = performance.getEntriesByType("navigation")[0];
  document.body.dataset.loadMs = String(Math.round(t ? t.domContentLoadedEventEnd : performance.now()));
  document.body.dataset.jsErrors = JSON.stringify(window.__errors);
}});
</script>
</body></html>
"""


def write(path: Path, data: ReportData, lang: str = "ru") -> None:
    """Write the report whole or not at all (a temporary file renamed when complete)."""
    from .results import write_text_atomic

    write_text_atomic(path, render(data, lang))
