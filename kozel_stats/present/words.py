"""The words and numbers a yard player reads, in Russian or English: the report, the terminal and the
chat card all say the same thing in the same way.

* numbers per language: ``30 000`` and ``0,22`` in Russian, ``30,000`` and ``0.22`` in English, with the
  same digits in both;
* the players' names of the metrics (per player for каждый сам за себя);
* the verdict of a comparison (the same rule and the same numbers as `stats.verdict`, README "What
  decides a verdict");
* the headline of a variant: one sentence with its largest effects, and which effects merely restate
  the rule itself;
* the variant's title and description (from its YAML), the bots' names, the glossary.

Pure Python, no heavy imports.
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping, Sequence
from typing import Any

from ..rules.roster import BOTS
from ..stats import comparison as stats
from ..stats.metrics import METRIC_BY_NAME, METRICS
from ..text import (
    answer_texts,  # noqa: F401  (the notes summary.json keeps by key: notes.*, sweep.note.*)
    messages,
    say,
)
from ..text.word_texts import (
    EFFECT,
    EN_SOLO,
    EN_UNITS,
    GLOSSARY_GENERALS,
    PER_WORDS_RU,
    RU_LABELS,
    RU_MORE_LESS,
    RU_SOLO,
    RU_UNITS,
    SKILL_TEXT,
    VERDICT_RU,
    WORDS,
)
from ..text.word_texts import GLOSSARY as _GLOSSARY

LANGS = ("ru", "en")
NBSP = "\u00a0"
MINUS = "\u2212"


lang_from_env = say.lang_from_env  # the one rule for the language: --lang, else the locale (say.py)
check_lang = say.check_lang


# --- numbers --------------------------------------------------------------------------------------------------------
def count(n: int | float, lang: str) -> str:
    """An integer with thousands separators: 30 000 (ru, from five digits on), 30,000 (en)."""
    return say.count(int(round(n)), lang)


def number(x: float, digits: int, lang: str, signed: bool = False) -> str:
    """A decimal number: 0,22 (ru) or 0.22 (en); signed: +0,22 / −0,22 (a true minus sign in ru and en)."""
    if x is None or (isinstance(x, float) and not math.isfinite(x)):
        return "—"
    digits = max(0, int(digits))
    rounded = round(x, digits)
    if rounded == 0:
        rounded = 0.0  # no "-0"
    body = f"{abs(rounded):,.{digits}f}"
    if lang == "ru":
        integer, _, frac = body.partition(".")
        integer = integer.replace(",", NBSP) if abs(rounded) >= 10_000 else integer.replace(",", "")
        body = integer + ("," + frac if frac else "")
    sign = MINUS if rounded < 0 else ("+" if signed else "")
    return sign + body


def seconds(s: float, lang: str) -> str:
    """853.35 -> 14 мин 13 с / 14 min 13 s."""
    s = float(s or 0)
    m, sec = divmod(int(round(s)), 60)
    h, m = divmod(m, 60)
    unit = WORDS[lang]["time_units"]
    if h:
        return f"{h} {unit[0]} {m} {unit[1]}"
    if m:
        return f"{m} {unit[1]} {sec} {unit[2]}"
    return f"{number(s, 1 if s < 10 else 0, lang)} {unit[2]}"


def unit_pp(lang: str) -> str:
    return WORDS[lang]["pp"]


plural_ru = say.plural_ru  # one helper for Russian plural forms (say.py)


def games_text(n: int, lang: str) -> str:
    return messages.text("words.games", lang, n=n)


# --- metrics --------------------------------------------------------------------------------------------------------
#: "из 100 ..." / "of 100 ..." per unit of a share (metrics.Metric.per_unit): a share of fish wins is out
#: of 100 fish, a redeal rate out of 100 shuffles (раздачи), not deals
PER_WORDS = {"ru": PER_WORDS_RU, "en": stats.PER_EN}


def per_word(metric: str, lang: str) -> str:
    """What a share metric is a share of, as after «из 100» / "of 100": партий, сдач, раздач, рыб."""
    spec = METRIC_BY_NAME[metric]
    return PER_WORDS["ru" if lang == "ru" else "en"][spec.per_unit]


def label(metric: str, lang: str, solo: bool = False) -> str:
    """The players' name of a metric; каждый сам за себя: per player."""
    if lang == "ru":
        if solo and metric in RU_SOLO:
            return RU_SOLO[metric]
        return RU_LABELS.get(metric, metric)
    if solo and metric in EN_SOLO:
        return EN_SOLO[metric]
    spec = METRIC_BY_NAME.get(metric)
    return spec.label if spec else metric


def is_rate(metric: str) -> bool:
    spec = METRIC_BY_NAME.get(metric)
    return spec is not None and spec.is_rate


def unit_word(metric: str, amount: float, lang: str) -> str:
    if is_rate(metric):
        return unit_pp(lang)
    if lang == "ru":
        forms = RU_UNITS.get(metric)
        return plural_ru(amount, *forms) if forms else ""
    return EN_UNITS.get(metric, "")


def value(metric: str, x: float, lang: str, digits: int | None = None) -> str:
    """A metric's value: a rate as 22,1 % (ru) / 22.1% (en), other metrics plain."""
    if x is None or (isinstance(x, float) and not math.isfinite(x)):
        return "—"
    if is_rate(metric):
        d = (2 if x * 100 < 10 else 1) if digits is None else digits
        return number(x * 100, d, lang) + (f"{NBSP}%" if lang == "ru" else "%")
    d = (3 if abs(x) < 10 else 2 if abs(x) < 100 else 1) if digits is None else digits
    return number(x, d, lang)


def diff(metric: str, x: float, lang: str, digits: int, unit: bool = True) -> str:
    """A signed difference: +2,05 п.п. (ru) / +2.05 pp (en) for rates, +0,213 otherwise."""
    if x is None or (isinstance(x, float) and not math.isfinite(x)):
        return "—"
    scale = 100.0 if is_rate(metric) else 1.0
    text = number(x * scale, digits, lang, signed=True)
    return text + (f"{NBSP}{unit_pp(lang)}" if unit and is_rate(metric) else "")


def interval(metric: str, low: float, high: float, lang: str, digits: int, signed: bool = True) -> str:
    """'−0,09…+0,12 п.п.' — the interval of a difference (or of a value, signed=False)."""
    if any(x is None or (isinstance(x, float) and not math.isfinite(x)) for x in (low, high)):
        return "—"
    if not signed:
        return f"{value(metric, low, lang, digits)}…{value(metric, high, lang, digits)}"
    return f"{diff(metric, low, lang, digits, unit=False)}…{diff(metric, high, lang, digits)}"


def level(level_: float, lang: str) -> str:
    text = f"{level_ * 100:.4g}"
    return (text.replace(".", ",") + NBSP + "%") if lang == "ru" else text + "%"


def ci_word(lang: str) -> str:
    return WORDS[lang]["ci"]


# --- verdicts -------------------------------------------------------------------------------------------------------
def not_compared(c: stats.Comparison, lang: str, titles: Mapping[str, str] | None = None) -> str:
    """Why a metric is not compared, in words."""
    if lang != "ru":
        return f"not compared: {c.note}"
    titles = titles or {}
    t_var, t_base = titles.get(c.variant, c.variant), titles.get(c.baseline, c.baseline)
    note = c.note or ""
    if note.startswith("the rule exists in"):
        only = t_var if note.endswith(f"in {c.variant} only") else t_base
        return VERDICT_RU["only_in"].format(only=only)
    if "does not exist" in note:
        return VERDICT_RU["nowhere"]
    if "sides" in note:
        return VERDICT_RU["sides"].format(variant=t_var, base=t_base)
    return VERDICT_RU["not_compared"]


def verdict(c: stats.Comparison, lang: str, titles: Mapping[str, str] | None = None) -> str:
    """The verdict of one comparison, with the estimate and the interval that decides it. English: the
    statistics module's own sentence; Russian: the same numbers in the players' words."""
    if lang != "ru":
        return c.verdict
    if not c.comparable:
        return not_compared(c, lang, titles)
    if not math.isfinite(c.diff) or not math.isfinite(c.low):
        return VERDICT_RU["no_data"]
    m = c.metric
    rate = is_rate(m)
    scale = 100.0 if rate else 1.0
    d = stats.decimals(c.half_width * scale)
    ci = VERDICT_RU["ci"].format(level=level(c.level, lang), interval=interval(m, c.low, c.high, lang, d))
    rel = f"{number(c.relative * 100, 1, lang, signed=True)}{NBSP}%; " if math.isfinite(c.relative) else ""
    if rate:
        per = per_word(m, lang)
        dd = max(0, d - 1)
        base, new = number(c.baseline_value * 100, dd, lang), number(c.value * 100, dd, lang)
        rel = VERDICT_RU["of_100"].format(base=base, new=new, per=per) + rel
    prefix = VERDICT_RU["secondary"] if c.family == "secondary" else ""
    amount = abs(c.diff) * scale
    if c.significant:
        more, less = RU_MORE_LESS.get(m, VERDICT_RU["more_less_rate"] if rate else VERDICT_RU["more_less"])
        word = more if c.diff > 0 else less
        unit = unit_word(m, amount if not rate else 1, lang)
        text = VERDICT_RU["by"].format(word=word, amount=number(amount, d, lang), unit=unit).rstrip()
    elif c.differing == 0:
        text = VERDICT_RU["same_numbers"]
    else:
        mde = c.mde * scale
        text = VERDICT_RU["not_found"].format(
            mde=number(mde, stats.decimals(mde), lang),
            unit=NBSP + unit_pp(lang) if rate else "",
            diff=diff(m, c.diff, lang, d),
        )
    margin = number((c.margin or 0.0) * 100, 3, lang).rstrip("0").rstrip(",")
    if c.equivalent:
        text += VERDICT_RU["equivalent"].format(margin=margin)
    elif c.equivalent is False and not c.significant:
        text += VERDICT_RU["not_equivalent"].format(margin=margin)
    return f"{prefix}{text} ({rel}{ci})"


# --- the headline of a variant --------------------------------------------------------------------------------------
#: metric -> the knobs that decide it by definition (metrics.Metric.restated_by)
RESTATES: dict[str, tuple[str, ...]] = {m.name: m.restated_by for m in METRICS if m.restated_by}


def restates(metric: str, rules: Mapping[str, Any] | None, base_rules: Mapping[str, Any] | None) -> bool:
    """Whether the variant's change of `metric` follows from its rule by definition."""
    if not rules or not base_rules:
        return False
    return any(rules.get(k) != base_rules.get(k) for k in RESTATES.get(metric, ()))


def size(c: stats.Comparison) -> float:
    """How large an effect is, to sort a variant's effects: the relative change (|diff| / baseline)."""
    if not math.isfinite(c.diff):
        return -1.0
    if c.baseline_value and math.isfinite(c.relative):
        return abs(c.relative)
    return abs(c.diff) * 1e6


def _qualifier(c: stats.Comparison, lang: str) -> str:
    rel = abs(c.relative) if math.isfinite(c.relative) else math.inf
    if rel < 0.05:
        return WORDS[lang]["slightly"]
    if rel >= 0.25:
        return WORDS[lang]["much"]
    return ""


def _of_100(c: stats.Comparison, lang: str) -> tuple[str, str]:
    """The baseline's and the variant's share as 'N of 100', with the fewest decimals that tell them apart."""
    for d in range(0, 3):
        a, b = number(c.baseline_value * 100, d, lang), number(c.value * 100, d, lang)
        if a != b:
            return a, b
    return a, b


def effect_phrase(c: stats.Comparison, lang: str, solo: bool = False) -> str:
    """One effect in a few words: 'партии чуть длиннее (+0,2 сдачи)', 'голых козлов меньше: 20 вместо 22 из 100'."""
    m, up = c.metric, c.diff > 0
    q = _qualifier(c, lang)
    w = EFFECT[lang]
    if m in ("deals_per_game", "written_per_deal"):
        d = max(1, stats.decimals(c.half_width) - 1)
        amount = number(c.diff, d, lang, signed=True)
        what = "length" if m == "deals_per_game" else "written"
        way = w[f"{what}_ways"][0 if up else 1]
        unit = plural_ru(abs(c.diff), *w["length_units"]) if "length_units" in w else ""
        return w[what].format(q=q, way=way, amount=amount, unit=unit)
    if is_rate(m):
        base, new = _of_100(c, lang)
        spec = METRIC_BY_NAME[m]
        # Russian: «из 100» alone for a share of games, «из 100 сдач» otherwise; English: always the unit
        per = per_word(m, lang) if lang != "ru" else "" if spec.per_unit == "games" else " " + per_word(m, lang)
        subject = w["subjects"].get(m)
        if subject:
            way = w["fish_ways" if m == "fish_rate" and "fish_ways" in w else "subject_ways"][0 if up else 1]
            if q == WORDS[lang]["much"] and way == "fewer":
                q = WORDS[lang]["far"]
            return w["subject"].format(q=q, way=way, subject=subject, new=new, base=base, per=per)
        way = w["rate_ways"][0 if up else 1]
        return w["rate"].format(label=label(m, lang, solo), q=q, way=way, new=new, base=base, per=per)
    d = stats.decimals(c.half_width)
    amount = number(c.diff, d, lang, signed=True)
    return f"{label(m, lang, solo)}: {amount}"


def headline_effects(
    comparisons: list[stats.Comparison],
    lang: str,
    rules: Mapping[str, Any] | None = None,
    base_rules: Mapping[str, Any] | None = None,
    solo: bool = False,
    most: int = 3,
) -> str:
    """A variant's largest significant headline effects that do not merely restate its rule, in a few
    words: 'партии чуть длиннее (+0,2 сдачи), голых козлов меньше: 20 вместо 22 из 100'."""
    found = headline_findings(comparisons, rules, base_rules, most)
    if not found:
        tested = [c for c in comparisons if c.family == "headline" and c.comparable]
        if not tested:
            return messages.text("words.nothing_comparable", lang)
        return messages.text("words.no_headline_difference", lang)
    return ", ".join(effect_phrase(c, lang, solo) for c in found)


def headline_findings(
    comparisons: list[stats.Comparison],
    rules: Mapping[str, Any] | None = None,
    base_rules: Mapping[str, Any] | None = None,
    most: int = 3,
) -> list[stats.Comparison]:
    """The comparisons a variant's headline names: its largest significant headline effects that do not
    merely restate its rule, the largest first (the chat card of a matrix says how each fares elsewhere)."""
    found = [
        c
        for c in comparisons
        if c.family == "headline" and c.comparable and c.significant and not restates(c.metric, rules, base_rules)
    ]
    found.sort(key=size, reverse=True)
    return found[:most]


def headline(
    comparisons: list[stats.Comparison],
    lang: str,
    title: str,
    rules: Mapping[str, Any] | None = None,
    base_rules: Mapping[str, Any] | None = None,
    solo: bool = False,
    most: int = 3,
) -> str:
    """A variant's verdict in one plain sentence: 'Рыба рыбаку: партии чуть длиннее (+0,2 сдачи), голых
    козлов меньше: 20 вместо 22 из 100'."""
    return f"{title}: " + headline_effects(comparisons, lang, rules, base_rules, solo, most)


# --- the people at the table ----------------------------------------------------------------------------------------
BOTS_RU = {bot.name: bot.ru for bot in BOTS}
BOTS_EN = {bot.name: bot.en for bot in BOTS}


def bot_name(spec: str, lang: str) -> str:
    """random -> «случайный»; sampler:200 -> «перебор (200)»; A=counter -> A: «счётчик»."""
    side, _, name = spec.rpartition("=")
    base, _, arg = name.partition(":")
    words = BOTS_RU if lang == "ru" else BOTS_EN
    text = words.get(base.strip(), base.strip())
    if arg:
        text += f" ({arg})"
    text = f"«{text}»" if lang == "ru" else text
    return f"{side}: {text}" if side else text


def bots_text(bots: list[str], lang: str) -> str:
    specs = [b.strip() for item in bots for b in str(item).split(",") if b.strip()]
    if len(set(specs)) == 1:
        return bot_name(specs[0], lang)
    return ", ".join(bot_name(b, lang) for b in specs)


def level_words(meta: Mapping[str, Any], lang: str) -> str | None:
    """Who plays, in plain words («игроки, которые считают кости»), when the run plays at one of the
    three levels of play; None for any other mix of bots (the bots' names say it then)."""
    from ..rules.levels import level_of_meta

    found = level_of_meta(dict(meta))
    if found is None:
        return None
    return found.ru_plain if lang == "ru" else found.en_plain


def at_level(meta: Mapping[str, Any], lang: str) -> str:
    """' — игроки, которые считают кости' to end a headline's title with; '' without a level."""
    who = level_words(meta, lang)
    return messages.text("words.at_level", lang, who=who) if who else ""


def seat_name(seat: int | str, lang: str) -> str:
    """Каждый сам за себя: 'игрок 1' for seat 0 (players count from 1, seats from 0 in the records)."""
    return messages.text("words.seat", lang, n=int(seat) + 1)


# --- notes of the analysis ------------------------------------------------------------------------------------------
#: the English notes an older summary.json holds (before notes were kept by key): their sentence's key and the
#: fields its groups give, so that they are said in Russian too
_LEGACY_NOTES = (
    (
        re.compile(r"^(\S+) \((\d) players\) and (\S+) \((\d) players\) are different games"),
        "notes.different_games",
        ("arm", "arm_players", "base", "base_players"),
    ),
    (re.compile(r"^(\S+) and (\S+) did not play the same games"), "notes.unpaired", ("arm", "base")),
    (re.compile(r"^the variants of this folder did not play the same games"), "notes.folder_unpaired", ()),
    (
        re.compile(r"^(.+) holds the paired sums against (\S+) only: the comparisons with (\S+) are unpaired"),
        "notes.legacy_paired_with_first_only",
        ("", "first", "chosen"),
    ),
)


_DIFFERENT = re.compile(r"^(\S+) \((\d) players\) and (\S+) \((\d) players\) are different games")


def _different(entry: Any) -> tuple[str, str, str, str] | None:
    """A "different games" note's (variant, its players, baseline, its players), stored by key or as a text."""
    if messages.is_stored(entry):
        if entry["key"] != "notes.different_games":
            return None
        f = entry.get("fields") or {}
        return str(f["arm"]), str(f["arm_players"]), str(f["base"]), str(f["base_players"])
    found = _DIFFERENT.search(str(entry))
    return (found[1], found[2], found[3], found[4]) if found else None


def notes(texts: list[Any], lang: str, titles: Mapping[str, str] | None = None) -> list[str]:
    """The notes of an analysis in `lang` (stored by key, or English texts of an older summary.json), the
    "different games" ones merged into one sentence."""
    titles = titles or {}
    different = [(m, x) for m, x in ((_different(x), x) for x in texts) if m]
    out = [note(x, lang, titles) for x in texts if not _different(x)]
    if len(different) > 1:
        base = titles.get(different[0][0][2], different[0][0][2])
        names = ", ".join(f"«{titles.get(m[0], m[0])}» ({m[1]})" for m, _ in different)
        players = different[0][0][3]
        out.insert(0, messages.text("notes.different_games_merged", lang, base=base, players=players, names=names))
    elif different:
        out.insert(0, note(different[0][1], lang, titles))
    return out


#: the fields of a stored note that name a variant: shown by its title in Russian («Морской козёл»)
NOTE_VARIANTS = ("arm", "base", "first", "chosen")


def note(text: Any, lang: str, titles: Mapping[str, str] | None = None) -> str:
    """A note of the analysis in `lang`: a stored sentence (messages.stored, the key and fields summary.json
    keeps), or the English text an older summary.json holds (said in Russian by _LEGACY_NOTES, else as written)."""
    titles = titles or {}
    if messages.is_stored(text):
        fields = text.get("fields") or {}
        named = [k for k in NOTE_VARIANTS if isinstance(fields.get(k), str)] if lang == "ru" else []
        shown = {k: titles.get(fields[k], fields[k]) for k in named}
        return messages.render_stored(text, lang, **shown)
    text = str(text)
    if lang != "ru":
        return text

    for pattern, key, names in _LEGACY_NOTES:
        match = pattern.search(text)
        if match:
            fields = {name: match[i] for i, name in enumerate(names, 1) if name}
            shown = {k: titles.get(v, v) if k in NOTE_VARIANTS else v for k, v in fields.items()}
            return messages.text(key, "ru", **shown)
    return text


# --- the glossary ---------------------------------------------------------------------------------------------------
def _values(values: list[Any], lang: str) -> str:
    """101 / 101 или 125 / 101, 125 или 150 (the run's values of a knob, in words)."""
    shown = [count(x, lang) if isinstance(x, int) else str(x) for x in sorted(set(values))]
    if len(shown) <= 1:
        return "".join(shown)
    return messages.text("words.or", lang, some=", ".join(shown[:-1]), last=shown[-1])


def glossary(lang: str, rules: Sequence[Mapping[str, Any]] | None = None) -> list[tuple[str, str]]:
    """The report's glossary with the numbers of the run's variants (their targets, thresholds, redeal
    counts), not the default's; Генерал's own rule only when it is in the run, the threshold's entry only
    when some variant has a threshold."""
    from ..rules.knobs import DEFAULTS

    rules = [r for r in (rules or []) if r] or [DEFAULTS]

    def of(knob: str, keep: Any = None) -> list[Any]:
        return [r.get(knob, DEFAULTS[knob]) for r in rules if keep is None or keep(r)]

    targets = of("target", lambda r: not r.get("match_deals") and r.get("scoring", "points") == "points")
    thresholds = of("threshold_value", lambda r: r.get("threshold", DEFAULTS["threshold"]) != "none")
    doubles = [x for x in of("redeal_doubles") if x] or [DEFAULTS["redeal_doubles"]]
    suits = [x for x in of("redeal_suit") if x] or [DEFAULTS["redeal_suit"]]
    generals = any(r.get("scoring") == "generals" for r in rules)
    fill = {
        "target": _values(targets or of("target"), lang),
        "threshold": _values(thresholds, lang),
        "doubles": _values(doubles, lang),
        "suit": _values(suits, lang),
        "generals": GLOSSARY_GENERALS[lang] if generals else "",
    }
    out = []
    for term, text in _GLOSSARY[lang]:
        if "{threshold}" in text and not thresholds:
            continue
        out.append((term, text.format(**fill)))
    return out


# --- skill or luck (`compare --skill`) ------------------------------------------------------------------------------
SKILL_METRICS = ("skill_edge", "deal_decides", "leader_win_share")


def skill_intro(skill: Mapping[str, Any], base_title: str, lang: str) -> str:
    """What `compare --skill` played and measured, in a few sentences (the terminal and the report)."""
    return SKILL_TEXT[lang]["intro"].format(
        strong=bot_name(str(skill.get("strong", "")), lang),
        weak=bot_name(str(skill.get("weak", "")), lang),
        bots=bots_text(list(skill.get("bots") or ["random"]), lang),
        base=base_title,
    )


def share_range(low: float, high: float, lang: str, digits: int) -> str:
    """'92,1…93,6 %' / '92.1–93.6%': an interval of a share, the unit once."""
    if not (math.isfinite(low) and math.isfinite(high)):
        return "—"
    if lang == "ru":
        return f"{number(low * 100, digits, lang)}…{number(high * 100, digits, lang)}{NBSP}%"
    return f"{number(low * 100, digits, lang)}–{number(high * 100, digits, lang)}%"


def _ci(level_: float, text: str, lang: str) -> str:
    return f"{level(level_, lang)} {ci_word(lang)} {text}"


def skill_phrase(c: stats.Comparison, lang: str, solo: bool = False, titles: Mapping[str, str] | None = None) -> str:
    """One skill-or-luck metric of a variant against the baseline in plain words, with the interval:
    'мастерство значит больше: сильная пара выигрывает 91 % партий вместо 88 %, разница +3,0 п.п. (95 % ДИ
    +1,2…+4,8 п.п.)'. The decision is the comparison's own (secondary: its 95% interval)."""
    m = c.metric
    t = SKILL_TEXT[lang]
    if not c.comparable:
        return f"{label(m, lang, solo)}: {not_compared(c, lang, titles)}"
    if not math.isfinite(c.diff) or not math.isfinite(c.low):
        return messages.text("words.not_estimable", lang, label=label(m, lang, solo))
    d = stats.decimals(c.half_width * 100)
    dv = max(1, d - 1)
    new, base = value(m, c.value, lang, dv), value(m, c.baseline_value, lang, dv)
    more, less, same = t[m]
    who = (t["who_solo"] if solo and m in t["who_solo"] else t["who"])[m].format(new=new)
    ci = _ci(c.level, interval(m, c.low, c.high, lang, d), lang)
    change = diff(m, c.diff, lang, d)
    if c.significant:
        by = t["by"].format(diff=change)
        return f"{more if c.diff > 0 else less}: {who}{t['instead'].format(base=base)}, {by} ({ci})"
    if c.differing == 0:
        return f"{same}: {who}{t['against'].format(base=base)}, {t['same']}"
    mde = f"{number(c.mde * 100, stats.decimals(c.mde * 100), lang)}{NBSP}{unit_pp(lang)}"
    return f"{same}: {who}{t['against'].format(base=base)}, {t['not_found'].format(mde=mde, diff=change)} ({ci})"


def skill_baseline(
    estimates: Mapping[str, stats.Estimate], lang: str, strong: str, weak: str, chance: float, solo: bool = False
) -> str:
    """The baseline's own numbers of the skill-or-luck metrics, each with its 95% interval and chance level."""
    t = SKILL_TEXT[lang]
    parts = []
    for m in SKILL_METRICS:
        e = estimates.get(m)
        if e is None or not math.isfinite(e.value):
            continue
        d = max(1, stats.decimals(e.half_width * 100) - 1)
        ci = _ci(0.95, share_range(e.low, e.high, lang, d), lang)
        template = (t["base_solo"] if solo and m in t["base_solo"] else t["base"])[m]
        parts.append(
            template.format(
                value=value(m, e.value, lang, d),
                ci=ci,
                chance=value(m, chance, lang, 0 if (chance * 100).is_integer() else 1),
                strong=bot_name(strong, lang),
                weak=bot_name(weak, lang),
            )
        )
    return "; ".join(parts)


def skill_lines(meta: Mapping[str, Any], analysis: Any, lang: str) -> list[str]:
    """The skill-or-luck answer in sentences (`compare --skill`): the baseline's numbers, then per variant
    its three differences from the baseline, each with its verdict and interval."""
    skill = analysis.skill or {}
    info = {v["name"]: v for v in meta.get("variants", [])}

    def title(name: str) -> str:
        titles = info.get(name, {}).get("title") or {}
        return (titles.get(lang) or next(iter(titles.values()))) if isinstance(titles, dict) and titles else name

    def is_solo(name: str) -> bool:
        return (info.get(name, {}).get("rules") or {}).get("pairs") is False

    titles = {n: title(n) for n in analysis.estimates}
    base = analysis.baseline
    shown = {
        name: {e.metric: e for e in es if e.metric not in set(analysis.not_applicable.get(name, []))}
        for name, es in analysis.estimates.items()
    }
    lines = [
        f"«{title(base)}»: "
        + skill_baseline(
            shown.get(base, {}),
            lang,
            str(skill.get("strong", "")),
            str(skill.get("weak", "")),
            analysis.chance.get(base, 0.5),
            is_solo(base),
        )
    ]
    for name in analysis.estimates:
        if name == base:
            continue
        parts = [
            skill_phrase(c, lang, is_solo(name), titles)
            for m in SKILL_METRICS
            for c in analysis.comparisons
            if c.variant == name and c.metric == m and m in shown.get(name, {})
        ]
        if parts:
            lines.append(f"«{title(name)}»: " + "; ".join(parts))
    return lines
