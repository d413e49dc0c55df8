"""The atlas's pages: static HTML a phone opens from any host or from file://, no server.

plotly.js is written once (`assets/plotly.min.js`) and every page refers to it; each page carries only its
own figures. The first language of --lang is at the site's root, each other one under its own folder
(`en/`), and every page links to the same page in the other language. Every word of a page comes from
TEXT (ru, en) or from `words` / `report`, the same words the terminal and the reports use.
"""

from __future__ import annotations

import html
import json
import math
import posixpath
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

from ..present import report, words
from ..present.level_verdict import LevelVerdict, level_verdict, mark_words
from ..rules.levels import Level
from ..stats import comparison as stats
from ..stats.metrics import HEADLINE, METRIC_BY_NAME
from ..text import (
    messages,
    site_texts,  # noqa: F401  (importing it declares the sentences this module says)
)
from ..text.site_texts import PAGES_TEXT as TEXT
from ..text.site_texts import SKILL_WHO, TOPIC_WORDS, YARD_DESCRIPTION
from .atlas import (
    DATA_DIR,
    GROUPS,
    SKILL_DIR,
    SWEEP_DIR,
    AtlasPlan,
    Question,
    folder_of,
    load_compare,
    load_question,
    load_sweep_folder,
    play,
)

ASSETS = "assets"
PLOTLY_FILE = f"{ASSETS}/plotly.min.js"
CSS_FILE = f"{ASSETS}/atlas.css"


ATLAS_CSS = """
span.ci { color: #555; font-size: .92em; }
nav.top { display: flex; flex-wrap: wrap; gap: .3em .9em; font-size: .92em; margin: 0 0 .6em;
          padding-bottom: .4em; border-bottom: 1px solid #eee; }
nav.top a { color: #0b5394; text-decoration: none; } nav.top a.here { font-weight: 600; color: #222; }
nav.top a.lang { margin-left: auto; }
ul.questions { list-style: none; padding: 0; margin: .4em 0; display: grid; gap: .6em;
               grid-template-columns: repeat(auto-fill, minmax(min(100%, 330px), 1fr)); }
ul.questions li { border: 1px solid #ddd; border-radius: 8px; padding: .6em .8em; }
ul.questions a.q { font-weight: 600; color: #0b5394; text-decoration: none; font-size: 1.05em; }
.mark { display: inline-block; font-size: .85em; padding: .05em .45em; border-radius: 4px; margin-top: .3em; }
.mark.holds { background: #e3f4e3; color: #1b5e20; } .mark.depends { background: #fff4d6; color: #7a5200; }
.mark.one { background: #eee; color: #555; }
.finder { margin: .6em 0 1em; } .finder input { font-size: 1em; width: 100%; max-width: 100%; padding: .35em;
  box-sizing: border-box; }
.chips { display: flex; flex-wrap: wrap; gap: .35em; margin-top: .45em; }
button.chip { font-size: .92em; border: 1px solid #b9c7dc; background: #fff; color: #0b5394; border-radius: 14px;
  padding: .15em .7em; } button.chip[aria-pressed='true'] { background: #0b5394; color: #fff; }
p.scroll-hint { margin: .2em 0; font-size: .85em; color: #7a5200; } .mark.few { background: #e8f0fb; color: #0b3d91; }
p.answer { font-size: 1.12em; font-weight: 600; }
table.figures td.sig { font-weight: bold; color: #b00020; }
img.card-png { max-width: 100%; height: auto; border: 1px solid #ddd; border-radius: 6px; }
footer { margin-top: 2em; color: #777; font-size: .85em; }
.knob { margin: .7em 0; } .knob .sub { margin: .1em 0 .3em; }
.knob select, .knob input { font-size: 1em; max-width: 100%; width: 100%; padding: .25em; }
"""


def _esc(x: Any) -> str:
    return html.escape(str(x))


# --- where a page is --------------------------------------------------------------------------------------------------
def page_path(lang: str, langs: list[str], name: str) -> str:
    """A page's path from the site's root: the first language at the root, the others under their folder."""
    return name if lang == langs[0] else f"{lang}/{name}"


def rel(from_page: str, to: str) -> str:
    """A link from one page to another file of the site, relative (file:// and any host's sub-folder)."""
    return posixpath.relpath(to, posixpath.dirname(from_page) or ".")


def question_page(variant: str) -> str:
    return f"q/{variant}.html"


# --- the answers ------------------------------------------------------------------------------------------------------
def _variants(data: report.ReportData, lang: str) -> report.Variants:
    return report.Variants(data.meta, data.analysis, lang)


def _comparison(data: report.ReportData, variant: str, metric: str) -> stats.Comparison | None:
    return next((c for c in data.analysis.comparisons if c.variant == variant and c.metric == metric), None)


def _restated(data: report.ReportData, variant: str, metric: str) -> bool:
    v = report.Variants(data.meta, data.analysis, "en")
    return words.restates(metric, v.rules(variant), v.rules(v.baseline))


def level_verdict_of(found: dict[str, report.ReportData], variant: str, metric: str) -> LevelVerdict:
    """The level verdict (level_verdict.level_verdict, the rule of compare --levels) of one metric of a
    question over the levels played."""
    by_level = {name: _comparison(data, variant, metric) for name, data in found.items()}
    restated = any(_restated(data, variant, metric) for data in found.values())
    return level_verdict(by_level, restated)


def reference_level(found: dict[str, report.ReportData]) -> str:
    from .atlas import reference_level_of

    return reference_level_of(found)


def answer_line(data: report.ReportData, variant: str, lang: str) -> str:
    v = _variants(data, lang)
    text = report.variant_headline(data, v, variant, lang, with_title=False)
    return text[:1].upper() + text[1:]


def _bound(c: stats.Comparison, lang: str) -> str:
    """The interval's largest distance from zero in the yard's units: «0,2 сдачи», «0,6 из 100 партий»."""
    bound = max(abs(c.low), abs(c.high))
    if words.is_rate(c.metric):
        d = max(1, stats.decimals(c.half_width * 100))
        of = messages.text("atlas.in_100", lang)
        return f"{words.number(bound * 100, d, lang)} {of} {words.per_word(c.metric, lang)}"
    d = max(1, stats.decimals(c.half_width))
    return f"{words.number(bound, d, lang)} {words.unit_word(c.metric, bound, lang)}".strip()


def asked_answer(question: Question, data: report.ReportData, lang: str) -> str:
    """The plain answer on the metric the question asks about, at the level of `data` (the player level on the
    site): «Да: партии длиннее (+6,4 сдачи)», «Нет: партии не длиннее — меньше 0,2 сдачи разницы»."""
    c = _comparison(data, question.variant, question.metric)
    if c is None or not c.comparable or not all(math.isfinite(x) for x in (c.diff, c.low, c.high)):
        return answer_line(data, question.variant, lang)
    solo = _variants(data, lang).solo(question.variant)
    effect = words.effect_phrase(c, lang, solo)
    if c.significant:
        if question.asks == 0:
            return effect[:1].upper() + effect[1:]
        key = "atlas.yes" if (c.diff > 0) == (question.asks > 0) else "atlas.opposite"
        return messages.text(key, lang, effect=effect)
    kind = "same" if question.asks == 0 else "up" if question.asks > 0 else "down"
    what = messages.text(f"atlas.asked.{question.metric}.{kind}", lang)
    bound = _bound(c, lang)
    if level_verdict({"here": c}).levels[0].state == "absent":  # inside the equivalence margin
        if question.asks == 0:
            return messages.text("atlas.same", lang, what=what[:1].upper() + what[1:], bound=bound)
        return messages.text("atlas.no", lang, what=what, bound=bound)
    d = stats.decimals(c.half_width * (100 if words.is_rate(c.metric) else 1))
    estimate = f"{words.label(c.metric, lang, solo)} {words.diff(c.metric, c.diff, lang, d)}"
    return messages.text("atlas.unsure", lang, estimate=estimate, bound=bound)


def also_line(question: Question, data: report.ReportData, lang: str) -> str:
    """What else changes: the largest headline findings besides the asked metric (the report's headline)."""
    v = _variants(data, lang)
    others = [c for c in data.analysis.comparisons if c.variant == question.variant and c.metric != question.metric]
    found = words.headline_findings(others, v.rules(question.variant), v.rules(v.baseline))
    if not found:
        return messages.text("atlas.nothing_else", lang)
    text = ", ".join(words.effect_phrase(c, lang, v.solo(question.variant)) for c in found)
    return text[:1].upper() + text[1:]


def page_level(meta: dict, lang: str) -> str:
    """The level a page's run played at, in words, and whether it is the questions' headline level."""
    from ..rules.levels import DEFAULT_LEVEL, LEVELS, level_of_meta

    who = words.level_words(meta, lang) or words.bots_text(meta.get("bots") or ["random"], lang)
    found = level_of_meta(meta)
    if found is None or found.name == DEFAULT_LEVEL:
        return messages.text("atlas.page_level", lang, who=who)
    lead = LEVELS[DEFAULT_LEVEL]
    return messages.text("atlas.page_other_level", lang, who=who, lead=lead.ru if lang == "ru" else lead.en)


def card_data(variant: str, found: dict[str, report.ReportData]) -> report.ReportData:
    """The chat card's data of a question: its reference level's run, with the level verdict of each headline
    metric across the levels played (the card then says under the headline how each finding fares)."""
    from ..rules.levels import LEVELS

    ref = found[reference_level(found)]
    if len(found) < 2:
        return ref
    rows = []
    for metric in HEADLINE:
        verdict = level_verdict_of(found, variant, metric)
        if verdict.mark in ("one level", "restated"):
            continue
        by_mix = {
            LEVELS[d.level].bot: {"diff": d.diff, "low": d.low, "high": d.high, "significant": d.significant}
            for d in verdict.levels
        }
        said = "robust" if verdict.mark == "every level" else "no effect" if not verdict.at("more", "less") else ""
        rows.append(
            {
                "variant": variant,
                "metric": metric,
                "verdict": said or "depends on bots",
                "by_mix": by_mix,
                "across_levels": verdict.mark,
                "level_verdict": verdict.to_json(),
            }
        )
    matrix = {"bots": [LEVELS[n].bot for n in found], "levels": list(found), "rows": rows}
    return report.ReportData(ref.meta, ref.analysis, matrix)


def lower_first(text: str) -> str:
    return text[:1].lower() + text[1:]


def level_of_answer(found: dict[str, report.ReportData], lang: str) -> str:
    """«играют игроки, которые считают кости»: who played the answer the page leads with."""
    from ..rules.levels import LEVELS

    name = reference_level(found)
    lv = LEVELS[name]
    return messages.text("atlas.at_level", lang, who=lv.ru_plain if lang == "ru" else lv.en_plain)


def mark_html(verdict: LevelVerdict | None, metric: str, lang: str, card: bool = False) -> str:
    """The level verdict's mark as a badge: its words (level_verdict.mark_words), coloured by the mark."""
    t = TEXT[lang]
    if verdict is None or verdict.mark == "one level":
        return f"<span class='mark one'>{t['one_level']}</span>"
    cls = {"every level": "holds", "no effect": "holds", "changes": "depends", "too few": "few"}.get(
        verdict.mark, "one"
    )
    text = mark_words(verdict, metric, lang, card=card)
    return f"<span class='mark {cls}' data-mark='{_esc(verdict.mark)}'>{_esc(text)}</span>"


# --- the page frame ---------------------------------------------------------------------------------------------------
NAV = (
    ("index.html", "nav_index"),
    ("skill.html", "nav_skill"),
    ("matters.html", "nav_matters"),
    ("yard.html", "nav_yard"),
)


def frame(
    plan: AtlasPlan,
    lang: str,
    name: str,
    title: str,
    body: str,
    figs: dict[str, dict] | None = None,
    pages: set[str] | None = None,
    version: str = "",
    og: dict[str, str] | None = None,
) -> str:
    """A whole page: the head (the shared CSS and plotly.js by relative links, the `og:` tags a chat's link
    preview reads), the navigation with the language switch, the body, the charts' drawing script and the
    checks a browser test reads."""
    t = TEXT[lang]
    here = page_path(lang, plan.langs, name)
    links = []
    for target, key in NAV:
        if pages is not None and target not in pages:
            continue
        cls = " class='here'" if target == name else ""
        links.append(f"<a href='{_esc(rel(here, page_path(lang, plan.langs, target)))}'{cls}>{t[key]}</a>")
    for other in plan.langs:
        if other != lang:
            href = rel(here, page_path(other, plan.langs, name))
            links.append(f"<a class='lang' hreflang='{other}' href='{_esc(href)}'>{TEXT[lang]['lang_other']}</a>")
    script = ""
    plotly = ""
    if figs:
        separators = ", " if lang == "ru" else ".,"
        script = (
            report.SCRIPT.replace("__FIGS__", json.dumps(figs, ensure_ascii=False).replace("</", "<\\/"))
            .replace("__SEPARATORS__", json.dumps(separators))
            .replace("__TEMPLATE__", report.template_json())
            .replace("__LOCALE__", json.dumps(lang))
        )
        plotly = f"<script src='{_esc(rel(here, PLOTLY_FILE))}'></script>"
    elif "copy-card" in body:
        script = report.SCRIPT.replace("__FIGS__", "{}").replace("__SEPARATORS__", '"."')
        script = script.replace("__TEMPLATE__", "{}").replace("__LOCALE__", json.dumps(lang))
    footer = t["footer"].format(version=version).replace("`kozel-stats atlas`", "<code>kozel-stats atlas</code>")
    checks = ATLAS_CHECKS.replace("__CUE__", json.dumps(messages.text("atlas.scroll_hint", lang), ensure_ascii=False))
    return f"""<!DOCTYPE html>
<html lang="{lang}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{_esc(title)}</title>
{og_tags(og or {"title": title}, lang)}
<link rel="stylesheet" href="{_esc(rel(here, CSS_FILE))}">
<script>
window.__errors = [];
window.addEventListener("error", function (e) {{ window.__errors.push(String(e.message)); }});
</script>
{plotly}
</head><body>
<nav class="top">{"".join(links)}</nav>
{body}
<footer>{footer}</footer>
{f"<script>{script}</script>" if script else ""}
<script>{checks}</script>
<script>{report.CHECKS}</script>
</body></html>
"""


#: On load: a visible cue above every table wider than its box (a phone cuts its last column), and what a
#: browser test reads: tables cut without a cue, the og: tags, whether the asked answer comes first, the level
ATLAS_CHECKS = """
window.addEventListener("load", function () {
  function wide(box) { return box.scrollWidth > box.clientWidth + 1; }
  document.querySelectorAll(".scroll").forEach(function (box) {
    if (!wide(box)) return;
    box.classList.add("more");
    var p = document.createElement("p"); p.className = "scroll-hint"; p.textContent = __CUE__;
    box.parentNode.insertBefore(p, box);
  });
  var cut = Array.from(document.querySelectorAll(".scroll")).filter(function (box) {
    var cue = box.previousElementSibling;
    return wide(box) && !(cue && cue.classList.contains("scroll-hint") && cue.getBoundingClientRect().height > 0);
  });
  document.body.dataset.cutTables = String(cut.length);
  document.body.dataset.og = JSON.stringify(Array.from(document.querySelectorAll("meta[property^='og:']"))
    .map(function (m) { return m.getAttribute("property"); }));
  var answer = document.getElementById("answer"), asked = document.getElementById("asked-answer");
  document.body.dataset.askedFirst = asked ? (answer && answer.nextElementSibling === asked ? "1" : "0") : "";
  var level = document.getElementById("answer-level") || document.getElementById("page-level");
  document.body.dataset.levelNamed = level ? level.textContent.trim() : "";
});
"""


def absolute(plan: AtlasPlan, path: str, here: str) -> str:
    """A file of the site by its root-relative path, for an og: tag: absolute under --site-url (a chat's link
    preview needs it), else relative to the page `here`."""
    if plan.request.site_url:
        return plan.request.site_url.rstrip("/") + "/" + path
    return rel(here, path)


def og_tags(og: dict[str, str], lang: str) -> str:
    """<meta property="og:…"> for a link preview (Telegram, WhatsApp): title, description, image; the
    description is also the page's description for search engines."""
    tags = [("og:type", "article"), ("og:locale", "ru_RU" if lang == "ru" else "en_GB")]
    tags += [(f"og:{k}", v) for k, v in og.items() if v]
    out = [f"<meta property='{k}' content='{_esc(v)}'>" for k, v in tags]
    if og.get("description"):
        out.append(f"<meta name='description' content='{_esc(og['description'])}'>")
    return "\n".join(out)


# --- a question's page ------------------------------------------------------------------------------------------------
def _level_word(level: Level, lang: str) -> str:
    return level.ru if lang == "ru" else level.en


def _cards(question: Question, found: dict[str, report.ReportData], levels: list[Level], lang: str) -> str:
    t = TEXT[lang]
    out = []
    for level in levels:
        data = found.get(level.name)
        bot = words.bot_name(level.bot, lang)
        bot = bot if bot.startswith("«") else f"«{bot}»"  # the Russian names come quoted, the English not
        head = _esc(t["level_bots"].format(level=_level_word(level, lang), bot=bot))
        if data is None:
            out.append(f"<article class='card'><h3>{head}</h3><p class='sub'>{t['not_played']}</p></article>")
            continue
        v = _variants(data, lang)
        titles = v.titles()
        games = words.games_text(data.analysis.games_per_variant, lang)
        items = []
        for c in data.analysis.comparisons:
            if c.variant == question.variant and c.family == "headline":
                cls = " class='second'" if not c.significant else ""
                name = _esc(report.label(c.metric, lang, v.solo(question.variant)))
                items.append(
                    f"<li{cls} data-metric='{c.metric}'><b>{name}</b>: {_esc(report.verdict(c, lang, titles))}</li>"
                )
        warn = f"<p class='warn'>{t['interrupted']}</p>" if data.meta.get("interrupted") else ""
        out.append(
            f"<article class='card' data-level='{level.name}'><h3>{head}</h3>{warn}<p class='sub'>{_esc(games)}</p>"
            f"<p class='headline'>{_esc(answer_line(data, question.variant, lang))}</p>"
            f"<ul class='effects'>{''.join(items)}</ul></article>"
        )
    return "<div class='cards'>" + "".join(out) + "</div>"


def _figures_table(question: Question, found: dict[str, report.ReportData], levels: list[Level], lang: str) -> str:
    t = TEXT[lang]
    rows = []
    for metric in HEADLINE:
        for level in levels:
            data = found.get(level.name)
            if data is None:
                continue
            c = next(
                (x for x in data.analysis.comparisons if x.variant == question.variant and x.metric == metric), None
            )
            if c is None or not c.comparable or not math.isfinite(c.diff) or not math.isfinite(c.low):
                continue
            solo = _variants(data, lang).solo(question.variant)
            d = stats.decimals(c.half_width * (100 if words.is_rate(metric) else 1))
            change = words.diff(metric, c.diff, lang, d)
            ci = words.interval(metric, c.low, c.high, lang, d)
            cls = " class='sig'" if c.significant else ""
            rows.append(
                f"<tr><td>{_esc(report.label(metric, lang, solo))}</td><td>{_esc(_level_word(level, lang))}</td>"
                f"<td>{_esc(report._num(metric, c.baseline_value, lang))}</td>"
                f"<td>{_esc(report._num(metric, c.value, lang))}</td>"
                f"<td{cls}>{_esc(change)} <small>{_esc(ci)}</small></td></tr>"
            )
    if not rows:
        return ""
    head = "".join(f"<th>{t[k]}</th>" for k in ("metric", "level", "base_value", "variant_value", "difference"))
    return f"<div class='scroll'><table class='figures'><tr>{head}</tr>{''.join(rows)}</table></div>"


def _forest(question: Question, found: dict[str, report.ReportData], levels: list[Level], lang: str):
    """Per headline metric: the difference at each level with its interval, a zero line."""
    out = []
    for metric in HEADLINE:
        rows = []
        for level in levels:
            data = found.get(level.name)
            if data is None:
                continue
            c = next(
                (x for x in data.analysis.comparisons if x.variant == question.variant and x.metric == metric), None
            )
            if c is not None and c.comparable and math.isfinite(c.diff) and math.isfinite(c.low):
                rows.append((level, c))
        if not rows:
            continue
        rows.reverse()  # plotly draws the first row at the bottom: the first level on top
        scale = METRIC_BY_NAME[metric].scale
        colours = ["#b00020" if c.significant else "#9e9e9e" for _, c in rows]
        fig = report.interval_dots(
            [c.diff * scale for _, c in rows],
            [c.low * scale for _, c in rows],
            [c.high * scale for _, c in rows],
            colours,
        )
        fig.add_vline(x=0, line_color="#000000", line_width=1)
        unit = words.unit_pp(lang) if METRIC_BY_NAME[metric].is_rate else words.unit_word(metric, 2.5, lang)
        n = len(rows)
        fig.update_layout(
            height=70 + 34 * n,
            xaxis_title=f"{messages.text('atlas.axis_difference', lang)}, {unit}",
            yaxis=dict(
                tickvals=list(range(n)), ticktext=[_level_word(lv, lang) for lv, _ in rows], range=[-0.6, n - 0.4]
            ),
        )
        title = f"{report.label(metric, lang)} — {words.level(rows[0][1].level, lang)} {words.ci_word(lang)}"
        out.append(report._figure(fig, f"forest-{metric}", title))
    return out


def _commands(
    question: Question, found: dict[str, report.ReportData], levels: list[Level], plan: AtlasPlan, lang: str
) -> str:
    lines = []
    for level in levels:
        data = found.get(level.name)
        if data is None:
            continue
        folder = folder_of(Path("site"), question.variant, level).as_posix()
        command = data.meta.get("command") or ""
        lines.append(
            f"# {_level_word(level, lang)}\n{command}\nkozel-stats report {folder} -o report.html --lang {lang}"
        )
    return f"<pre class='card-text' id='commands'><code>{_esc(chr(10).join(lines))}</code></pre>"


def render_question(
    plan: AtlasPlan,
    question: Question,
    found: dict[str, report.ReportData],
    lang: str,
    pages: set[str],
    card_png: str | None,
) -> str:
    t = TEXT[lang]
    levels = plan.levels
    ref = found[reference_level(found)]
    v = _variants(ref, lang)
    verdict = level_verdict_of(found, question.variant, question.metric)
    asked = asked_answer(question, ref, lang)
    name = question_page(question.variant)
    here = page_path(lang, plan.langs, name)
    forest = _forest(question, found, levels, lang)
    figs = {block.split("id='", 1)[1].split("'", 1)[0]: spec for block, spec in forest}
    level_h = words.level(1 - stats.ALPHA / max(1, len(HEADLINE)), lang)
    note = t["figures_note"].format(variant=v.title(question.variant), base=v.title(v.baseline), level=level_h)
    desc = v.describe(question.variant)
    image = ""
    if card_png:
        image = (
            f"<p class='sub'>{t['card_image']}</p><img class='card-png' alt='{_esc(t['card'])}' "
            f"src='{_esc(rel(here, card_png))}' loading='lazy'>"
        )
    body = f"""<p><a href="{_esc(rel(here, page_path(lang, plan.langs, "index.html")))}">{t["back"]}</a></p>
<h1>{_esc(question.ru if lang == "ru" else question.en)}</h1>
<p class="sub">{v.named(question.variant)}{" — " + _esc(desc) if desc else ""}</p>
<h2 id="answer">{t["answer"]}</h2>
<p class="answer" id="asked-answer" data-metric="{question.metric}">{_esc(asked)}</p>
<p class="sub" id="answer-level">{_esc(level_of_answer(found, lang))}</p>
<p id="level-mark">{_esc(messages.text("atlas.other_levels", lang))}: {mark_html(verdict, question.metric, lang)}</p>
<p id="also">{_esc(messages.text("atlas.also", lang))}:
<span id="also-line">{_esc(also_line(question, ref, lang))}</span></p>
<h2 id="levels">{t["at_levels"]}</h2>
{_cards(question, found, levels, lang)}
<h2 id="figures">{t["figures"]}</h2>
<p class="sub">{_esc(note)}</p>
{_figures_table(question, found, levels, lang)}
<h2 id="chart">{t["chart"]}</h2>
{"".join(block for block, _ in forest)}
<h2 id="rules">{t["rules"]}</h2>
{report._rules_html(ref, v, lang)}
<h2 id="card">{t["card"]}</h2>
<pre class="card-text" id="card-text">{_esc(report.card_text(card_data(question.variant, found), lang))}</pre>
<button class="copy" id="copy-card" type="button" data-done="{t["copied"]}">{t["copy"]}</button>
{image}
<h2 id="reproduce">{t["reproduce"]}</h2>
<p class="sub">{t["reproduce_note"]}</p>
{_commands(question, found, levels, plan, lang)}
"""
    title = f"{question.ru if lang == 'ru' else question.en} — {t['site']}"
    og = {
        "title": question.ru if lang == "ru" else question.en,
        "description": f"{asked} ({lower_first(level_of_answer(found, lang).rstrip('.'))}; "
        f"{mark_words(verdict, question.metric, lang, card=True)})",
        "image": absolute(plan, card_png, here) if card_png else "",
        "url": absolute(plan, here, here) if plan.request.site_url else "",
    }
    return frame(plan, lang, name, title, body, figs, pages, ref.meta.get("version", ""), og)


# --- the index --------------------------------------------------------------------------------------------------------
def render_index(plan: AtlasPlan, answers: dict[str, dict[str, report.ReportData]], lang: str, pages: set[str]) -> str:
    t = TEXT[lang]
    here = page_path(lang, plan.langs, "index.html")
    games = words.games_text(plan.games, lang)
    levels = ", ".join(f"«{_level_word(lv, lang)}»" for lv in plan.levels)
    # the expert's games as played (its folders), not as asked: an --only build may hold no slow question
    experts = [lv.name for lv in plan.levels if lv.bot == "expert"]
    played = sorted({found[x].analysis.games_per_variant for found in answers.values() for x in experts if x in found})
    fast, slow = plan.request.expert_games, plan.request.slow_expert_games
    if len(played) == 2 and set(played) == {fast, slow}:
        counts = {"n": words.count(fast or 0, lang), "slow": words.count(slow or 0, lang)}
        games += messages.text("atlas.expert_games_two", lang, **counts)
    elif len(played) > 1:  # folders of another build's counts (resumed): the range
        games += messages.text(
            "atlas.expert_games", lang, n=f"{words.count(played[0], lang)}–{words.count(played[-1], lang)}"
        )
    elif played and played[0] != plan.games:
        games += messages.text("atlas.expert_games", lang, n=words.count(played[0], lang))
    parts = [f"<h1>{t['site']}</h1>", f"<p id='lead'>{_esc(t['site_lead'].format(games=games, levels=levels))}</p>"]
    version = ""
    shown = [q for q in plan.questions if q.variant in answers]
    if shown:
        ref_meta = answers[shown[0].variant][reference_level(answers[shown[0].variant])].meta
        parts.append(f"<p class='sub' id='page-level'>{_esc(level_of_answer(answers[shown[0].variant], lang))}</p>")
        version = ref_meta.get("version", "")
    parts.append(_finder(shown, lang))
    argued = [q for v in ARGUED for q in shown if q.variant == v]
    for group in ("argued", *GROUPS):
        items = []
        for q in argued if group == "argued" else [q for q in shown if q.group == group and q not in argued]:
            items.append(_index_item(q, answers[q.variant], here, plan, lang))
        if items:
            parts.append(f"<h2 id='{group}'>{t['group_' + group]}</h2><ul class='questions'>{''.join(items)}</ul>")
    parts.append(f"<p class='sub' id='nothing-found' hidden>{_esc(messages.text('atlas.nothing_found', lang))}</p>")
    parts.append(f"<script>{FINDER_SCRIPT}</script>")
    return frame(plan, lang, "index.html", t["site"], "\n".join(parts), None, pages, version)


#: The questions yards argue about most, first on the index (their own group)
ARGUED = ("fish-to-fisherman", "threshold-25", "no-threshold", "target-125", "eggs-none", "specials-plain")
#: The index's topic chips: a topic and the questions it holds (by the variant's name)
TOPICS: dict[str, tuple[tuple[str, str], Callable[[Question], bool]]] = {
    "fish": (TOPIC_WORDS["fish"], lambda q: q.variant.startswith("fish") or q.variant == "next-lead-fish-winner"),
    "threshold": (TOPIC_WORDS["threshold"], lambda q: "threshold" in q.variant),
    "specials": (TOPIC_WORDS["specials"], lambda q: q.variant.startswith("specials") or q.variant == "lead-66"),
    "eggs": (TOPIC_WORDS["eggs"], lambda q: q.variant.startswith("eggs")),
    "target": (TOPIC_WORDS["target"], lambda q: q.variant.startswith("target")),
    "lead": (TOPIC_WORDS["lead"], lambda q: "lead" in q.variant),
    "games": (TOPIC_WORDS["games"], lambda q: q.group in ("ruleset", "game", "within")),
}

FINDER_SCRIPT = """
(function () {
  var box = document.getElementById("find"), chips = Array.from(document.querySelectorAll("button.chip"));
  var topic = "";
  function apply() {
    var words = box.value.trim().toLowerCase(), shown = 0;
    document.querySelectorAll("ul.questions li").forEach(function (li) {
      var ok = (!topic || li.dataset.topics.split(" ").indexOf(topic) >= 0) &&
        (!words || li.textContent.toLowerCase().indexOf(words) >= 0);
      li.hidden = !ok; if (ok) shown++;
    });
    document.querySelectorAll("ul.questions").forEach(function (ul) {
      var any = Array.from(ul.children).some(function (li) { return !li.hidden; });
      ul.hidden = !any; ul.previousElementSibling.hidden = !any;
    });
    document.getElementById("nothing-found").hidden = shown > 0;
    chips.forEach(function (c) { c.setAttribute("aria-pressed", c.dataset.topic === topic ? "true" : "false"); });
  }
  box.addEventListener("input", apply);
  chips.forEach(function (c) { c.addEventListener("click", function () { topic = c.dataset.topic; apply(); }); });
})();
"""


def _finder(shown: list[Question], lang: str) -> str:
    """The search box and the topic chips (only the topics that hold a question of this site)."""
    i = 1 if lang == "ru" else 0
    chips = [
        f"<button type='button' class='chip' data-topic='' aria-pressed='true'>"
        f"{_esc(messages.text('atlas.all_topics', lang))}</button>"
    ]
    for key, (names, holds_it) in TOPICS.items():
        if any(holds_it(q) for q in shown):
            chips.append(
                f"<button type='button' class='chip' data-topic='{key}' aria-pressed='false'>{_esc(names[i])}</button>"
            )
    label = _esc(messages.text("atlas.search", lang))
    return (
        f"<div class='finder'><input type='search' id='find' placeholder='{label}' aria-label='{label}'>"
        f"<div class='chips'>{''.join(chips)}</div></div>"
    )


def _index_item(q: Question, found: dict[str, report.ReportData], here: str, plan: AtlasPlan, lang: str) -> str:
    """A question's card on the index: the question, the answer on its metric, the level mark, what else."""
    ref = found[reference_level(found)]
    href = rel(here, page_path(lang, plan.langs, question_page(q.variant)))
    verdict = level_verdict_of(found, q.variant, q.metric)
    topics = " ".join(key for key, (_, holds_it) in TOPICS.items() if holds_it(q))
    return (
        f"<li data-variant='{_esc(q.variant)}' data-metric='{q.metric}' data-topics='{topics}'>"
        f"<a class='q' href='{_esc(href)}'>{_esc(q.ru if lang == 'ru' else q.en)}</a><br>"
        f"<b class='asked'>{_esc(asked_answer(q, ref, lang))}</b><br>{mark_html(verdict, q.metric, lang, card=True)}"
        f"<br><span class='sub'>{_esc(messages.text('atlas.also', lang))}: {_esc(also_line(q, ref, lang))}</span></li>"
    )


# --- luck or skill, what matters most ---------------------------------------------------------------------------------
def _figs(blocks: list[tuple[str, dict]]) -> dict[str, dict]:
    return {block.split("id='", 1)[1].split("'", 1)[0]: spec for block, spec in blocks}


def _reproduce(command: str, folder: str, lang: str) -> str:
    t = TEXT[lang]
    text = f"{command}\nkozel-stats report {folder} -o report.html --lang {lang}"
    return f"<h2 id='reproduce'>{t['reproduce']}</h2><pre class='card-text'><code>{_esc(text)}</code></pre>"


def skill_quote(data: report.ReportData, lang: str) -> str | None:
    """«Пара, которая считает кости, выигрывает N партий из 100 у новичков» — the default rules' skill edge."""
    a = data.analysis
    if not a.skill:
        return None
    name = "default" if "default" in a.estimates else next(iter(a.estimates))
    edge = next((e for e in a.estimates.get(name, []) if e.metric == "skill_edge"), None)
    if edge is None or not math.isfinite(edge.value):
        return None
    strong = SKILL_WHO.get(a.skill["strong"], (a.skill["strong"], words.bot_name(a.skill["strong"], "ru")))
    weak = SKILL_WHO.get(a.skill["weak"], (a.skill["weak"], words.bot_name(a.skill["weak"], "ru")))
    i = 1 if lang == "ru" else 0
    if a.skill["strong"] != "counter":
        strong = (
            messages.text("atlas.plays_bot", "en", bot=a.skill["strong"]),
            messages.text("atlas.plays_bot", "ru", bot=words.bot_name(a.skill["strong"], "ru")),
        )
    return messages.text(
        "atlas.skill_quote",
        lang,
        strong=strong[i],
        weak=weak[i],
        n=words.number(edge.value * 100, 0, lang),
        k=int(round(edge.value * 100)),
        low=words.number(edge.low * 100, 0, lang),
        high=words.number(edge.high * 100, 0, lang),
    )


def render_skill(plan: AtlasPlan, data: report.ReportData, lang: str, pages: set[str]) -> str:
    """«Везение или мастерство»: the report's own skill-or-luck section (table, charts, words)."""
    t = TEXT[lang]
    v = _variants(data, lang)
    section, blocks = report.skill_section(data, v, lang)
    warn = f"<p class='warn'>{t['interrupted']}</p>" if data.meta.get("interrupted") else ""
    quote = skill_quote(data, lang)
    level = f"<p class='sub' id='page-level'>{_esc(page_level(data.meta, lang))}</p>"
    body = (
        f"<h1>{t['skill_title']}</h1>"
        + (f"<p class='answer' id='quote'>{_esc(quote)}</p>" if quote else "")
        + f"{level}<p id='lead'>{_esc(t['skill_lead'])}</p>{warn}{section}"
    ) + _reproduce(data.meta.get("command", ""), f"site/{DATA_DIR}/{SKILL_DIR}", lang)
    return frame(plan, lang, "skill.html", t["skill_title"], body, _figs(blocks), pages, data.meta.get("version", ""))


def render_matters(plan: AtlasPlan, summary: dict, analysis: Any, lang: str, pages: set[str]) -> str:
    """«Что важнее всего»: per headline metric the knobs ranked by their effect (the sweep's own sentences and
    tornado charts), then the interactions found."""
    from ..present import sweep_report

    t = TEXT[lang]
    meta = summary["meta"]
    lead = t["matters_lead"].format(
        cells=words.count(len(analysis.grid.cells), lang),
        games=words.games_text(meta["games_per_cell"], lang),
        bots=words.bots_text(meta.get("bots") or ["random"], lang),
    )
    ranks = "".join(
        f"<p class='rank'>{sweep_report.as_html(sweep_report.ranking_sentence(m, analysis.ranking[m], lang))}</p>"
        for m in analysis.metrics
    )
    blocks = [sweep_report.tornado(analysis, m, lang) for m in analysis.metrics]
    found = sweep_report.significant_interactions(analysis)
    if found:
        items = "".join(f"<li>{sweep_report.as_html(sweep_report.interaction_text(c, lang))}</li>" for c in found)
        inter = f"<ul class='effects'>{items}</ul>"
        if len(found) > sweep_report.MAX_OPEN:  # a long list is folded: the rankings above are the answer
            n = len(found)
            count = messages.text("sweep.interactions", lang, n=n)
            inter = f"<details><summary>{_esc(count)}</summary>{inter}</details>"
    else:
        inter = f"<p>{t['no_interactions']}</p>"
    notes = "".join(f"<p class='warn'>{_esc(n)}</p>" for n in sweep_report._notes(summary, analysis, lang))
    level = f"<p class='sub' id='page-level'>{_esc(page_level(meta, lang))}</p>"
    body = (
        f"<h1>{t['matters_title']}</h1>{level}<div id='answer'>{''.join(b for b, _ in blocks)}{ranks}</div>"
        f"<p id='lead'>{_esc(lead)}</p>{notes}"
        f"<h2 id='interactions'>{t['matters_interactions']}</h2>{inter}"
        + _reproduce(meta.get("command", ""), f"site/{DATA_DIR}/{SWEEP_DIR}", lang)
    )
    return frame(plan, lang, "matters.html", t["matters_title"], body, _figs(blocks), pages, meta.get("version", ""))


# --- your yard's rules ------------------------------------------------------------------------------------------------
#: The knobs of section 13's table, first on the form; the others (the other games' rules) are folded.
YARD_KNOBS = (
    "fish_winner",
    "fish_writes",
    "threshold",
    "threshold_value",
    "specials",
    "lone_00",
    "lone_66",
    "both_00_66",
    "eggs",
    "target",
    "first_lead",
    "next_lead",
)
NOT_ON_FORM = ("max_deals",)  # a safety cut-off, not a rule of the game

YARD_SCRIPT = """
(function () {
  var K = __KNOBS__, T = __T__, EST = __EST__;
  var form = document.getElementById("yard-form");
  function chosen() {
    var out = [];
    K.forEach(function (k) {
      var el = document.getElementById("k-" + k.name);
      var v = el.value;
      if (v !== String(k.default)) out.push([k, v]);
    });
    return out;
  }
  function yamlValue(k, v) {
    if (k.kind === "int") return String(parseInt(v, 10));
    if (k.kind === "bool") return v === "True" ? "true" : "false";
    return JSON.stringify(v);
  }
  function slug() {
    var n = document.getElementById("yard-name").value.trim().toLowerCase().replace(/[^a-z0-9-]+/g, "-");
    return n.replace(/^-+|-+$/g, "") || "our-yard";
  }
  function update() {
    var name = slug(), title = document.getElementById("yard-title").value.trim() || T.our_yard;
    var changes = chosen();
    var lines = ["name: " + name, "title:", "  ru: " + JSON.stringify(title), "  en: " + JSON.stringify(title),
      "description:", "  ru: " + JSON.stringify(T.desc_ru), "  en: " + JSON.stringify(T.desc_en),
      "source: " + JSON.stringify(T.source), "extends: default", "rules:"];
    if (!changes.length) lines.push("  {}");
    changes.forEach(function (c) { lines.push("  " + c[0].name + ": " + yamlValue(c[0], c[1])); });
    var yaml = lines.join("\\n") + "\\n";
    document.getElementById("yard-yaml").textContent = yaml;
    var file = name + ".yaml";
    var cmd = "kozel-stats variants show " + file + "\\nkozel-stats compare default " + file +
      " --games 100000 --bots counter --report " + name + ".html --lang " + T.lang;
    document.getElementById("yard-command").textContent = cmd;
    var link = document.getElementById("yard-download");
    link.setAttribute("download", file);
    link.setAttribute("href", "data:text/yaml;charset=utf-8," + encodeURIComponent(yaml));
    var hash = changes.map(function (c) { return c[0].name + "=" + encodeURIComponent(c[1]); });
    hash.push("name=" + encodeURIComponent(name));
    history.replaceState(null, "", "#" + hash.join("&"));
    estimate(changes);
    document.body.dataset.yaml = yaml;
  }
  function estimate(changes) {
    var box = document.getElementById("yard-estimate");
    if (!box || !EST) return;
    var outside = [], chosenTerms = [0], levels = {}, offModel = false;
    EST.factors.forEach(function (f) { levels[f[0]] = f[1]; });
    changes.forEach(function (c) {
      var values = EST.knobs[c[0].name];
      if (!values || !(c[1] in values)) {
        outside.push(c[0].label);
        if (values) offModel = true;  // a sweep knob at a value it never played
      } else {
        levels[c[0].name] = c[1];
        if (values[c[1]]) chosenTerms.push(values[c[1]]);
      }
    });
    var rows = [], found = [];
    function show(m, x) {
      if (m.rate) x = Math.max(0, Math.min(1, x));  // a share stays a share, whatever the sum
      var text = m.rate ? (x * 100).toFixed(1) + "\u00a0%" : x.toFixed(2);
      return T.lang === "ru" ? text.replace(".", ",") : text;
    }
    // z: the constant, each value chosen and each pair of them the model has a term for (sweep.Model)
    var mains = chosenTerms.slice(1).sort(function (a, b) { return a - b; });
    mains.forEach(function (a, i) {
      mains.slice(i + 1).forEach(function (b) {
        var pair = EST.pairs[a + "," + b];
        if (pair) chosenTerms.push(pair);
      });
    });
    EST.metrics.forEach(function (m) {
      // the estimate z·coef and its variance z·cov·z
      var value = 0, variance = 0;
      chosenTerms.forEach(function (i) {
        value += m.coef[i];
        chosenTerms.forEach(function (j) { variance += m.cov[i][j]; });
      });
      var se = Math.sqrt(Math.max(variance, 0)), low = value - 1.959964 * se, high = value + 1.959964 * se;
      found.push({metric: m.name, value: value, se: se, low: low, high: high});
    });
    var key = EST.factors.map(function (f) { return levels[f[0]]; }).join("|");
    var played = !offModel && EST.played.indexOf(key) >= 0;
    var measured = played ? EST.measured[key] : null;
    var base = EST.measured[EST.factors.map(function (f) { return f[1]; }).join("|")];  // the default, measured
    EST.metrics.forEach(function (m, k) {
      var f = found[k], cell;
      if (measured && measured[k]) {  // the sweep played it: its own measurement, with its interval
        cell = show(m, measured[k][0]) + " <span class='ci'>(" + T.ci + " " + show(m, measured[k][1]) + " – " +
          show(m, measured[k][2]) + "; " + T.measured + ")</span>";
      } else if (EST.checked) {
        cell = "≈ " + show(m, f.value) + " <span class='ci'>(" + T.ci + " " + show(m, f.low) + " – " +
          show(m, f.high) + "; " + T.estimated + ")</span>";
      } else {  // the model's interval did not cover at its rate: no interval
        cell = "≈ " + show(m, f.value) + " <span class='ci'>(" + T.estimated + "; " + T.unchecked + ")</span>";
      }
      rows.push("<tr><td>" + m.label + "</td><td>" + show(m, base[k][0]) + "</td><td>" + cell + "</td></tr>");
    });
    box.querySelector("tbody").innerHTML = rows.join("");
    var said = (played ? T.played : T.not_played).replace("{played}", EST.played.length)
      .replace("{total}", EST.total);
    document.body.dataset.measured = JSON.stringify(measured);
    document.getElementById("yard-played").textContent = said;
    document.getElementById("yard-outside").textContent = outside.length ? T.outside.replace("{knobs}",
      outside.join(", ")) : "";
    document.body.dataset.estimate = JSON.stringify(found);
    document.body.dataset.played = played ? "1" : "0";
  }
  function fromHash() {
    var parts = (location.hash || "").replace(/^#/, "").split("&");
    parts.forEach(function (p) {
      var kv = p.split("="); if (kv.length !== 2) return;
      var v = decodeURIComponent(kv[1]);
      if (kv[0] === "name") { document.getElementById("yard-name").value = v; return; }
      var el = document.getElementById("k-" + kv[0]);
      if (el) el.value = v;
    });
  }
  fromHash();
  form.addEventListener("input", update);
  form.addEventListener("change", update);
  update();
})();
"""


def _knob_field(knob: Any, lang: str) -> dict:
    """A knob as the form shows it: its words, its values with their meanings, its default."""
    from ..rules.knobs import LEAD_DOUBLE

    t = TEXT[lang]
    label = (knob.short_ru if lang == "ru" else knob.short) or knob.name
    field: dict[str, Any] = {"name": knob.name, "label": label, "rule": knob.describe(lang)}
    if knob.kind is bool:
        field.update(kind="bool", default=str(knob.default))
        field["options"] = [
            [str(v), knob.value_meaning(v, lang) or (t["yes"] if v else t["no"])] for v in (True, False)
        ]
    elif knob.kind is int:
        field.update(kind="int", default=str(knob.default), low=knob.low, high=knob.high)
    else:
        values = list(knob.choices)
        if knob.pattern and LEAD_DOUBLE.pattern == knob.pattern:
            values = [f"double-{d}{d}" for d in range(7)] + values
        if knob.default not in values:
            values.insert(0, knob.default)
        field.update(kind="str", default=str(knob.default))
        field["options"] = [[v, knob.value_meaning(v, lang) or v] for v in values]
    return field


def _field_html(field: dict, lang: str) -> str:
    t = TEXT[lang]
    name = field["name"]
    if field["kind"] == "int":
        control = (
            f"<input type='number' id='k-{name}' min='{field['low']}' max='{field['high']}' "
            f"value='{_esc(field['default'])}'>"
        )
    else:
        options = "".join(
            f"<option value='{_esc(v)}'{' selected' if v == field['default'] else ''}>{_esc(text)}"
            + (f" ({t['yard_default']})" if v == field["default"] else "")
            + "</option>"
            for v, text in field["options"]
        )
        control = f"<select id='k-{name}'>{options}</select>"
    return (
        f"<div class='knob'><label for='k-{name}'><b>{_esc(field['label'])}</b> <code class='id'>{name}</code>"
        f"</label><p class='sub'>{_esc(field['rule'])}</p>{control}</div>"
    )


def sweep_estimates(sweep: tuple[dict, Any] | None, lang: str) -> dict | None:
    """What the form needs to estimate any combination of the sweep's knobs, and its interval, in the browser
    (None without a sweep): per metric the coefficients of the sweep's fitted model with interactions and their
    covariance (`sweep.Model`: 46 numbers and 46 × 46 for nine knobs, not the cells' 64 × 64), each knob value's
    coefficient, each pair of values' coefficient, the interactions left out, and the combinations the sweep
    played with their measurements."""
    if sweep is None:
        return None
    from ..rules.variants import format_knob_value

    _, analysis = sweep
    grid = analysis.grid
    models = {m: analysis.models[m] for m in analysis.metrics if m in analysis.models}
    models = {m: x for m, x in models.items() if np.all(np.isfinite(x.coef)) and np.all(np.isfinite(x.cov))}
    if not models:
        return None
    metrics = [
        {
            "name": m,
            "label": report.label(m, lang),
            "rate": words.is_rate(m),
            "coef": [_sig(x) for x in model.coef],
            "cov": [[_sig(x) for x in row] for row in model.cov],
        }
        for m, model in models.items()
    ]
    model = next(iter(models.values()))  # the terms are the grid's, the same for every metric
    knobs, pairs = _model_index(grid, model)
    played = ["|".join(format_knob_value(v) for v in cell.levels) for cell in grid.cells]
    factors = [[f.knob, format_knob_value(f.reference)] for f in grid.factors]
    # every played cell's own measurement (95% intervals), per metric in the order of `metrics`
    measured = {}
    for key, cell in zip(played, grid.cells, strict=True):
        by_metric = {e.metric: e for e in analysis.cells.estimates.get(cell.variant.name, [])}
        measured[key] = [
            [_sig(by_metric[m].value), _sig(by_metric[m].low), _sig(by_metric[m].high)] if m in by_metric else None
            for m in models
        ]
    return {
        "metrics": metrics,
        "knobs": knobs,
        "pairs": pairs,
        "interactions": sum(len(t.factors) == 2 for t in model.terms),
        "left_out": [t.label(grid) for t in model.left_out],
        "factors": factors,
        "played": played,
        "total": grid.total,
        "measured": measured,
        "checked": MODEL_INTERVAL_CHECKED,
    }


def _model_index(grid: Any, model: Any) -> tuple[dict[str, dict[str, int]], dict[str, int]]:
    """Where each term's coefficient is in `model.coef`: a knob value's (knob -> value -> index; 0 for the
    reference value: none), and a pair of values' ("i,j" of their two values' indices, i < j)."""
    from ..rules.variants import format_knob_value

    knobs: dict[str, dict[str, int]] = {f.knob: {format_knob_value(f.reference): 0} for f in grid.factors}
    at: dict[tuple[int, Any], int] = {}
    for i, term in enumerate(model.terms, 1):
        if len(term.factors) == 1:
            knobs[grid.factors[term.factors[0]].knob][format_knob_value(term.levels[0])] = i
            at[(term.factors[0], term.levels[0])] = i
    pairs: dict[str, int] = {}
    for i, term in enumerate(model.terms, 1):
        if len(term.factors) == 2:
            a, b = (at.get((f, v)) for f, v in zip(term.factors, term.levels, strict=True))
            if a and b:
                pairs[f"{min(a, b)},{max(a, b)}"] = i
    return knobs, pairs


#: Whether the interval of the model with interactions (`sweep.Model`) covers what a combination the sweep did not
#: play measures at about its stated rate (tests/test_atlas.py::test_the_model_interval_s_coverage plays 20 such
#: combinations): it did not (see docs/atlas.md for the coverage measured), so the builder shows no interval for an
#: estimate and says «не проверено — сыграйте».
MODEL_INTERVAL_CHECKED = False


def _model_words(est: dict, lang: str) -> str:
    """Which interactions the builder's estimate includes, in words."""
    knobs, pairs = len(est["factors"]), est["interactions"]
    if est["left_out"]:
        left = ", ".join(est["left_out"])
        return messages.text("atlas.yard_model_left_out", lang, knobs=knobs, pairs=pairs, left=left)
    return messages.text("atlas.yard_model", lang, knobs=knobs, pairs=pairs)


def _sig(x: float) -> float:
    """Nine significant digits: the page's interval to a part in 10⁸, the JSON a third of the full repr."""
    return float(f"{float(x):.9g}")


def render_yard(plan: AtlasPlan, lang: str, pages: set[str], sweep: tuple[dict, Any] | None) -> str:
    from ..rules.knobs import KNOBS

    t = TEXT[lang]
    fields = [_knob_field(k, lang) for k in KNOBS if k.name not in NOT_ON_FORM]
    main = [f for f in fields if f["name"] in YARD_KNOBS]
    main.sort(key=lambda f: YARD_KNOBS.index(f["name"]))
    more = [f for f in fields if f["name"] not in YARD_KNOBS]
    est = sweep_estimates(sweep, lang)
    words_js = {
        "our_yard": t["our_yard"],
        "lang": lang,
        "desc_ru": YARD_DESCRIPTION["ru"],
        "desc_en": YARD_DESCRIPTION["en"],
        "source": "kozel-stats atlas: yard.html",
        "outside": t["yard_outside"],
        "ci": t["yard_ci"],
        # {played} and {total} stay for the script to fill in
        "played": messages.text("atlas.yard_played", lang, played="{played}"),
        "not_played": (
            t["yard_not_played"]
            if est and est["checked"]
            else messages.text("atlas.yard_not_played", lang, played="{played}", total="{total}")
        ),
        "measured": messages.text("atlas.measured", lang),
        "estimated": messages.text("atlas.estimated", lang),
        "unchecked": messages.text("atlas.unchecked", lang),
    }
    script = (
        YARD_SCRIPT.replace("__KNOBS__", json.dumps(fields, ensure_ascii=False).replace("</", "<\\/"))
        .replace("__T__", json.dumps(words_js, ensure_ascii=False))
        .replace("__EST__", json.dumps(est, ensure_ascii=False) if est else "null")
    )
    estimate = ""
    if est:
        head = f"<tr><th>{t['metric']}</th><th>{t['base_value']}</th><th>{t['yard_estimate_col']}</th></tr>"
        estimate = (
            f"<h2 id='estimate'>{t['yard_estimate']}</h2><p class='sub'>{t['yard_estimate_note']}</p>"
            f"<p class='sub' id='yard-model'>{_esc(_model_words(est, lang))}</p>"
            f"<p class='sub' id='page-level'>{_esc(page_level(sweep[0]['meta'], lang)) if sweep else ''}</p>"
            f"<div id='yard-estimate' class='scroll'><table><thead>{head}</thead><tbody></tbody></table></div>"
            "<p id='yard-played'></p><p class='sub' id='yard-outside'></p>"
        )
    body = f"""<h1>{t["yard_title"]}</h1><p id='lead'>{t["yard_lead"]}</p>
<form id="yard-form" onsubmit="return false">
<div class='knob'><label for='yard-title'><b>{t["yard_title_field"]}</b></label>
<input type='text' id='yard-title' value='{_esc(t["our_yard"])}'></div>
<div class='knob'><label for='yard-name'><b>{t["yard_name"]}</b></label>
<input type='text' id='yard-name' value='our-yard' pattern='[a-z0-9-]+'></div>
<h2 id='main-knobs'>{t["yard_main"]}</h2>{"".join(_field_html(f, lang) for f in main)}
<details><summary>{t["yard_more"]}</summary>{"".join(_field_html(f, lang) for f in more)}</details>
</form>
<h2 id='yaml'>{t["yard_yaml"]}</h2>
<pre class='card-text'><code id='yard-yaml'></code></pre>
<p><a id='yard-download' href='data:text/yaml;charset=utf-8,' download='our-yard.yaml'>{t["yard_download"]}</a></p>
<h2 id='command'>{t["yard_command"]}</h2>
<pre class='card-text'><code id='yard-command'></code></pre>
<p class='sub'>{t["yard_check"].format(command="<code>kozel-stats variants show FILE.yaml</code>")}</p>
{estimate}
<script>{script}</script>"""
    return frame(plan, lang, "yard.html", t["yard_title"], body, None, pages, "")


# --- the whole site ---------------------------------------------------------------------------------------------------
def write_assets(out: Path) -> None:
    from ..system.files import write_text_atomic

    (out / ASSETS).mkdir(parents=True, exist_ok=True)
    write_text_atomic(out / PLOTLY_FILE, report.plotly_js())
    write_text_atomic(out / CSS_FILE, report.CSS + ATLAS_CSS)


CARDS = "cards"


def write_cards(plan: AtlasPlan, answers: dict[str, dict[str, report.ReportData]], say: Callable[[str], None]):
    """The chat card of each question as a picture (the report's own card, drawn by headless Chromium), at
    cards/VARIANT.LANG.png; one already drawn from the same results is kept. Without Chromium: none, said once."""
    from .atlas import reference_level_of

    out = plan.request.out
    if report.chromium() is None:
        say(messages.text("atlas.no_chromium", plan.langs[0]))
        return {}

    import subprocess

    from ..text.errors import KozelError

    found, failed = {}, []
    (out / CARDS).mkdir(parents=True, exist_ok=True)
    todo = []  # the cards to draw: one already drawn from the same results is kept
    for variant, levels in answers.items():
        level = reference_level_of(levels)
        stats_file = out / DATA_DIR / variant / level / "stats.json"
        for lang in plan.langs:
            rel_path = f"{CARDS}/{variant}.{lang}.png"
            path = out / rel_path
            if not path.exists() or path.stat().st_mtime < stats_file.stat().st_mtime:
                todo.append((variant, rel_path, card_data(variant, levels), lang))
            else:
                found[(variant, lang)] = rel_path
    for done, (variant, rel_path, data, lang) in enumerate(todo, 1):
        if done == 1 or done % 10 == 0 or done == len(todo):  # the stage says what it does: minutes of Chromium
            say(messages.text("atlas.drawing_cards", plan.langs[0], done=done, total=len(todo)))
        try:  # a Chromium that fails costs the card, never the pages or the played data
            report.write_card(out / rel_path, data, lang)
        except (KozelError, OSError, subprocess.SubprocessError):
            failed.append(rel_path)
            continue
        found[(variant, lang)] = rel_path
    if failed:
        shown = ", ".join(failed[:6]) + (" ..." if len(failed) > 6 else "")
        say(messages.text("atlas.cards_failed", plan.langs[0], n=len(failed), cards=shown))
    return found


def write_site(plan: AtlasPlan, say: Callable[[str], None]) -> dict:
    """Every page of every language from the results folders; returns {"pages": [...], "missing": [...]}."""
    from ..system.files import write_text_atomic

    out = plan.request.out
    write_assets(out)
    answers: dict[str, dict[str, report.ReportData]] = {}
    missing = []
    for q in plan.questions:
        found = load_question(out, q, plan.levels)
        if found:
            answers[q.variant] = found
        missing += [f"{q.variant}@{lv.name}" for lv in plan.levels if lv.name not in found]
    if not answers:
        from ..text.errors import KozelError

        raise KozelError.keyed("pages.write_site", out_data=out / "data")
    pages = {"index.html"}
    skill_folder = out / DATA_DIR / SKILL_DIR
    skill = load_compare(skill_folder) if (skill_folder / "stats.json").exists() else None
    sweep_folder = out / DATA_DIR / SWEEP_DIR
    sweep = load_sweep_folder(sweep_folder) if (sweep_folder / "stats.json").exists() else None
    if skill is not None:
        pages.add("skill.html")
    if sweep is not None:
        pages.add("matters.html")
    pages.add("yard.html")
    cards = write_cards(plan, answers, say) if plan.request.cards else {}
    written = []
    for lang in plan.langs:
        extra = [("yard.html", render_yard(plan, lang, pages, sweep))]
        if skill is not None:
            extra.append(("skill.html", render_skill(plan, skill, lang, pages)))
        if sweep is not None:
            extra.append(("matters.html", render_matters(plan, sweep[0], sweep[1], lang, pages)))
        for name, text in extra:
            path = out / page_path(lang, plan.langs, name)
            path.parent.mkdir(parents=True, exist_ok=True)
            write_text_atomic(path, text)
            written.append(path)
        for q in plan.questions:
            if q.variant not in answers:
                continue
            name = question_page(q.variant)
            path = out / page_path(lang, plan.langs, name)
            path.parent.mkdir(parents=True, exist_ok=True)
            card = cards.get((q.variant, lang))
            write_text_atomic(path, render_question(plan, q, answers[q.variant], lang, pages, card))
            written.append(path)
        path = out / page_path(lang, plan.langs, "index.html")
        path.parent.mkdir(parents=True, exist_ok=True)
        write_text_atomic(path, render_index(plan, answers, lang, pages))
        written.append(path)
    say(messages.text("atlas.pages_written", plan.langs[0], n=len(written), out=out))
    return {"pages": [str(p) for p in written], "missing": missing}


def build(plan: AtlasPlan, say: Callable[[str], None], lang: str = "en") -> dict:
    """Play what is missing (unless --render-only), then write every page; returns what was written."""
    from .atlas import own, undo_empty

    created = not plan.request.out.exists()
    own(plan)  # this build's folder from its first byte: a second build into it changes nothing
    try:
        if not plan.request.render_only:
            play(plan, say, lang)
    except BaseException:
        if created:  # a build that stopped before its first question (a cluster not reached): no folder left
            undo_empty(plan.request.out)
        raise
    return write_site(plan, say)
