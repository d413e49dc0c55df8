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
from ..text import messages, say

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
    unit = ("ч", "мин", "с") if lang == "ru" else ("h", "min", "s")
    if h:
        return f"{h} {unit[0]} {m} {unit[1]}"
    if m:
        return f"{m} {unit[1]} {sec} {unit[2]}"
    return f"{number(s, 1 if s < 10 else 0, lang)} {unit[2]}"


def unit_pp(lang: str) -> str:
    return "п.п." if lang == "ru" else "pp"


plural_ru = say.plural_ru  # one helper for Russian plural forms (say.py)


def games_text(n: int, lang: str) -> str:
    if lang == "ru":
        return f"{count(n, lang)} {plural_ru(n, 'партия', 'партии', 'партий')}"
    return f"{count(n, lang)} game{'s' if n != 1 else ''}"


# --- metrics --------------------------------------------------------------------------------------------------------
RU_LABELS = {
    "deals_per_game": "сдач за партию",
    "naked_rate": "голые козлы",
    "fish_rate": "рыба (доля сдач)",
    "written_per_deal": "очков записано за сдачу",
    "bald_rate": "лысые козлы",
    "general_rate": "генерал",
    "hanging_rate": "подвесные козлы",
    "several_goats_rate": "несколько козлов сразу",
    "kept_00_rate": "козёл с 0:0 на руках",
    "extra_goat_rate": "внеочередной козёл",
    "first_lead_loss_rate": "проигрыш пары, зашедшей первой в партии",
    "eggs_rate": "яйца (доля сдач)",
    "redeal_rate": "передача (доля раздач)",
    "fisherman_share": "рыбу выиграла пара рыбака",
    "moves_per_deal": "ходов за сдачу",
    "vanished_share": "очки сгорели под порогом (доля проигранных сдач)",
    "draws_per_deal": "добор из базара за сдачу",
    "early_closure_rate": "досрочное закрытие (доля сдач)",
    "out66_rate": "выход на 6:6 с особой записью (доля сдач)",
    "burn_rate": "сожжённый счёт (доля сдач)",
    "leader_win_share": "сдачу выиграла пара заходящего",
    "draw_rate": "ничья в матче",
    "margin": "разрыв в счёте в конце матча",
    "last_deal_rate": "матч решила последняя сдача",
    "generals_rate": "генералы на 100 сдач",
    "generals_a_rate": "генералы паре A на 100 сдач",
    "generals_b_rate": "генералы паре B на 100 сдач",
    "skill_edge": "мастерство: сильная пара выигрывает (доля партий)",
    "deal_decides": "сдача решает: та же пара проигрывает оба раза",
}
RU_SOLO = {
    "naked_rate": "голый козёл",
    "bald_rate": "лысый козёл",
    "hanging_rate": "подвесной козёл",
    "first_lead_loss_rate": "проигрыш игрока, зашедшего первым в партии",
    "fisherman_share": "рыбу выиграл рыбак",
    "leader_win_share": "сдачу выиграл заходящий",
    "deal_decides": "сдача решает: тот же игрок проигрывает оба раза",
}
EN_SOLO = {
    "naked_rate": "naked-goat rate",
    "first_lead_loss_rate": "first leader loses",
    "fisherman_share": "fisherman's share of fish wins",
    "leader_win_share": "the deal's leader wins it",
    "deal_decides": "deal decides: the same player loses both plays",
}
#: the unit of a metric's values in words (rates are shown in % and differences in п.п./pp)
RU_UNITS = {
    "deals_per_game": ("сдача", "сдачи", "сдач"),
    "written_per_deal": ("очко", "очка", "очков"),
    "moves_per_deal": ("ход", "хода", "ходов"),
    "draws_per_deal": ("кость", "кости", "костей"),
}
EN_UNITS = {
    "deals_per_game": "deals",
    "written_per_deal": "points",
    "moves_per_deal": "moves",
    "draws_per_deal": "tiles",
}


#: "из 100 ..." / "of 100 ..." per unit of a share (metrics.Metric.per_unit): a share of fish wins is out
#: of 100 fish, a redeal rate out of 100 shuffles (раздачи), not deals
PER_WORDS = {
    "ru": {"games": "партий", "matches": "матчей", "deals": "сдач", "shuffles": "раздач", "fishes": "рыб"},
    "en": stats.PER_EN,
}


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
    return "ДИ" if lang == "ru" else "CI"


# --- verdicts -------------------------------------------------------------------------------------------------------
RU_MORE_LESS = {
    "deals_per_game": ("длиннее", "короче"),
    "moves_per_deal": ("длиннее", "короче"),
    "written_per_deal": ("больше", "меньше"),
    "draws_per_deal": ("больше", "меньше"),
}


def not_compared(c: stats.Comparison, lang: str, titles: Mapping[str, str] | None = None) -> str:
    """Why a metric is not compared, in words."""
    if lang != "ru":
        return f"not compared: {c.note}"
    titles = titles or {}
    t_var, t_base = titles.get(c.variant, c.variant), titles.get(c.baseline, c.baseline)
    note = c.note or ""
    if note.startswith("the rule exists in"):
        only = t_var if note.endswith(f"in {c.variant} only") else t_base
        return f"не сравнивается: правило есть только в варианте «{only}»"
    if "does not exist" in note:
        return "не сравнивается: правила нет ни там, ни там"
    if "sides" in note:
        return f"не сравнивается: у вариантов «{t_var}» и «{t_base}» разное число сторон, и шанс проиграть разный"
    return "не сравнивается"


def verdict(c: stats.Comparison, lang: str, titles: Mapping[str, str] | None = None) -> str:
    """The verdict of one comparison, with the estimate and the interval that decides it. English: the
    statistics module's own sentence; Russian: the same numbers in the players' words."""
    if lang != "ru":
        return c.verdict
    if not c.comparable:
        return not_compared(c, lang, titles)
    if not math.isfinite(c.diff) or not math.isfinite(c.low):
        return "не оценить: нет данных"
    m = c.metric
    rate = is_rate(m)
    scale = 100.0 if rate else 1.0
    d = stats.decimals(c.half_width * scale)
    ci = f"{level(c.level, lang)} ДИ {interval(m, c.low, c.high, lang, d)}"
    rel = f"{number(c.relative * 100, 1, lang, signed=True)}{NBSP}%; " if math.isfinite(c.relative) else ""
    if rate:
        per = per_word(m, lang)
        dd = max(0, d - 1)
        rel = f"{number(c.baseline_value * 100, dd, lang)} → {number(c.value * 100, dd, lang)} из 100 {per}; " + rel
    prefix = "второстепенный: " if c.family == "secondary" else ""
    amount = abs(c.diff) * scale
    if c.significant:
        more, less = RU_MORE_LESS.get(m, ("чаще", "реже") if rate else ("больше", "меньше"))
        word = more if c.diff > 0 else less
        text = f"{word} на {number(amount, d, lang)}{NBSP}{unit_word(m, amount if not rate else 1, lang)}".rstrip()
    elif c.differing == 0:
        text = "разницы нет: все партии дали одни и те же числа"
    else:
        mde = c.mde * scale
        text = (
            f"разницы больше ±{number(mde, stats.decimals(mde), lang)}"
            f"{NBSP + unit_pp(lang) if rate else ''} не найдено: {diff(m, c.diff, lang, d)}"
        )
    margin = number((c.margin or 0.0) * 100, 3, lang).rstrip("0").rstrip(",")
    if c.equivalent:
        text += f"; то же в пределах ±{margin}{NBSP}%"
    elif c.equivalent is False and not c.significant:
        text += f"; не показано, что в пределах ±{margin}{NBSP}%"
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
        return "чуть " if lang == "ru" else "slightly "
    if rel >= 0.25:
        return "намного " if lang == "ru" else "much "
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
    if m == "deals_per_game":
        d = max(1, stats.decimals(c.half_width) - 1)
        amount = number(c.diff, d, lang, signed=True)
        if lang == "ru":
            unit = plural_ru(abs(c.diff), "сдача", "сдачи", "сдач", "сдачи")
            return f"партии {q}{'длиннее' if up else 'короче'} ({amount} {unit})"
        return f"games {q}{'longer' if up else 'shorter'} ({amount} deals)"
    if m == "written_per_deal":
        d = max(1, stats.decimals(c.half_width) - 1)
        amount = number(c.diff, d, lang, signed=True)
        if lang == "ru":
            return f"за сдачу пишут {q}{'больше' if up else 'меньше'} ({amount} очка)"
        return f"{q}{'more' if up else 'fewer'} points written per deal ({amount})"
    if is_rate(m):
        base, new = _of_100(c, lang)
        spec = METRIC_BY_NAME[m]
        per_ru = "" if spec.per_unit == "games" else " " + per_word(m, lang)
        per_en = per_word(m, lang)
        if lang == "ru":
            subject = {
                "naked_rate": "голых козлов" if not solo else "голых козлов",
                "fish_rate": "рыбы",
                "bald_rate": "лысых козлов",
                "eggs_rate": "яиц",
            }.get(m)
            if subject:
                return f"{subject} {q}{'больше' if up else 'меньше'}: {new} вместо {base}{per_ru} из 100"
            return f"{label(m, lang, solo)}: {q}{'чаще' if up else 'реже'}, {new} вместо {base}{per_ru} из 100"
        subject = {
            "naked_rate": "naked goats",
            "fish_rate": "fish",
            "bald_rate": "bald goats",
            "eggs_rate": "eggs",
        }.get(m)
        if subject:
            word = ("more" if up else "less") if m == "fish_rate" else ("more" if up else "fewer")
            if q == "much " and word == "fewer":
                q = "far "
            return f"{q}{word} {subject}: {new} instead of {base} in 100 {per_en}"
        return f"{label(m, lang, solo)} {q}{'higher' if up else 'lower'}: {new} instead of {base} in 100 {per_en}"
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
            return "главные показатели не сравниваются" if lang == "ru" else "nothing comparable"
        return (
            "по главным показателям разницы не найдено"
            if lang == "ru"
            else "no difference found in the headline metrics"
        )
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
    return f" — {'играют' if lang == 'ru' else 'played by'} {who}" if who else ""


def seat_name(seat: int | str, lang: str) -> str:
    """Каждый сам за себя: 'игрок 1' for seat 0 (players count from 1, seats from 0 in the records)."""
    return f"{'игрок' if lang == 'ru' else 'player'} {int(seat) + 1}"


# --- notes of the analysis ------------------------------------------------------------------------------------------
_NOTES_RU = (
    (
        re.compile(r"^(\S+) \((\d) players\) and (\S+) \((\d) players\) are different games"),
        lambda m, t: (
            f"«{t(m[1])}» ({m[2]} игрока) и «{t(m[3])}» ({m[4]} игрока) — разные игры: доли партий и "
            "сдач сравнимы, а кто проигрывает — нет (шанс разный), это не проверяется."
        ),
    ),
    (
        re.compile(r"^(\S+) and (\S+) did not play the same games"),
        lambda m, t: (
            f"«{t(m[1])}» и «{t(m[2])}» играли не одни и те же раздачи: сравнение без пар "
            "(независимые выборки), гораздо менее точное."
        ),
    ),
    (
        re.compile(r"^the variants of this folder did not play the same games"),
        lambda m, t: (
            "варианты этой папки играли не одни и те же раздачи: каждое сравнение — без пар (независимые выборки)."
        ),
    ),
    (
        re.compile(r"^(.+) holds the paired sums against (\S+) only: the comparisons with (\S+) are unpaired"),
        lambda m, t: (
            f"в папке только парные суммы против варианта «{t(m[2])}»: сравнения с вариантом «{t(m[3])}» — без пар "
            "(независимые выборки), гораздо менее точные."
        ),
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
        if lang == "ru":
            text = (
                f"Другое число игроков, чем у варианта «{base}» ({different[0][0][3]}): {names}. Это разные игры: доли "
                "партий и сдач сравнимы, а кто проигрывает — нет (шанс разный), это не проверяется."
            )
        else:
            text = (
                f"A different number of players than «{base}» ({different[0][0][3]}): {names}. These are different "
                "games: shares of games and of deals compare, but who loses does not (its chance differs), so "
                "that is not tested."
            )
        out.insert(0, text)
    elif different:
        out.insert(0, note(different[0][1], lang, titles))
    return out


#: the fields of a stored note that name a variant: shown by its title in Russian («Морской козёл»)
NOTE_VARIANTS = ("arm", "base", "first", "chosen")


def note(text: Any, lang: str, titles: Mapping[str, str] | None = None) -> str:
    """A note of the analysis in `lang`: a stored sentence (messages.stored, the key and fields summary.json
    keeps), or the English text an older summary.json holds (said in Russian by _NOTES_RU, else as written)."""
    titles = titles or {}
    if messages.is_stored(text):
        fields = text.get("fields") or {}
        named = [k for k in NOTE_VARIANTS if isinstance(fields.get(k), str)] if lang == "ru" else []
        shown = {k: titles.get(fields[k], fields[k]) for k in named}
        return messages.render_stored(text, lang, **shown)
    text = str(text)
    if lang != "ru":
        return text

    def t(name: str) -> str:
        return titles.get(name, name)

    for pattern, make in _NOTES_RU:
        match = pattern.search(text)
        if match:
            return make(match, t)
    return text


# --- the glossary ---------------------------------------------------------------------------------------------------
_GLOSSARY = {
    "ru": [
        ("сдача", "от раздачи до выхода или рыбы; партия — сдачи, пока кто-то не наберёт {target} (козлы)."),
        ("голые козлы", "проигравшие, у победителей которых за всю партию не записано ни одного очка."),
        ("лысые козлы", "партия кончилась выходом, в последнем ходе которого был 0:0 (два дубля за ход считаются)."),
        ("рыба", "сдача встала: на столе видно, что ни у кого нет подходящей кости; рыбак — кто поставил её."),
        ("яйца", "рыба с равными суммами: никто не пишет, сумма переходит к проигравшим следующую сдачу."),
        ("сгорел под порогом", "проигравшие набрали меньше порога ({threshold}), и очки не записаны, а пропали."),
        ("передача", "пересдача, когда у кого-то {doubles} дублей или {suit} костей одной масти."),
        ("доля", "рыба, яйца, досрочное закрытие — доля сдач; голые и лысые козлы — доля партий."),
        ("п.п.", "процентный пункт: разница долей 22 % и 20 % — 2 п.п."),
        (
            "ДИ",
            "доверительный интервал: где, с учётом случайности, лежит настоящее значение. У четырёх главных "
            "показателей (длина партии, голые козлы, рыба, очков за сдачу) — 98,75 % ДИ: они проверяются вместе, "
            "каждый на уровне 5 %/4 (поправка Бонферрони), так что ложный вывод о варианте — не чаще 5 %. "
            "Остальные — второстепенные, каждый со своим 95 % ДИ.{generals}",
        ),
        (
            "значимо",
            "интервал разницы не захватывает ноль; «разницы больше ±X не найдено» — столько прогон мог бы заметить.",
        ),
        (
            "по самому правилу",
            "разница, которая следует из правила по определению (рыба рыбаку — рыбу выигрывает "
            "пара рыбака), а не открытие.",
        ),
        (
            "боты",
            "программы, а не люди: играют по простым правилам; вывод, который держится при разных ботах, надёжнее.",
        ),
    ],
    "en": [
        ("deal", "from dealing to an out or a fish; a game is deals until a side reaches {target} (the goats)."),
        ("naked goats (голые козлы)", "the losers whose winners never wrote a point in the game."),
        ("bald goats (лысые козлы)", "the game ended with an out whose last move held 00 (a two-doubles move counts)."),
        ("fish (рыба)", "a blocked deal: the table shows nobody can move; the fisherman laid the last tile."),
        ("eggs (яйца)", "a fish with equal sums: nobody writes, the sum goes to the next deal's losers."),
        (
            "vanished under the threshold",
            "the losers' points were below the threshold ({threshold}) and were not written.",
        ),
        ("redeal (передача)", "a new deal when a hand holds {doubles} doubles or {suit} tiles of one suit."),
        ("share", "fish, eggs, early closure: a share of deals; naked and bald goats: a share of games."),
        ("pp", "percentage point: the difference between 22% and 20% is 2 pp."),
        (
            "CI",
            "confidence interval: where the true value lies, allowing for chance. The four headline metrics (game "
            "length, naked goats, fish, points per deal) get 98.75% CIs: tested together, each at 5%/4 "
            "(Bonferroni), so a false verdict about a variant happens at most 5% of the time. The others are "
            "secondary, each with its own 95% CI.{generals}",
        ),
        (
            "significant",
            "the interval of the difference excludes zero; 'no difference bigger than ±X found': what "
            "the run could have seen.",
        ),
        (
            "restates the rule",
            "a difference that follows from the rule by definition (fish to the fisherman: the "
            "fisherman's side wins every fish), not a finding.",
        ),
        (
            "bots",
            "programs, not people: they play by simple rules; a verdict that holds with several bots is "
            "more trustworthy.",
        ),
    ],
}


GLOSSARY_GENERALS = {
    "ru": " В Генерале очков не пишут: главных показателей там два (длина партии, рыба), каждый на уровне 5 %/2.",
    "en": " Генерал writes no points: it has two headline metrics (game length, fish), each at 5%/2.",
}


def _values(values: list[Any], lang: str) -> str:
    """101 / 101 или 125 / 101, 125 или 150 (the run's values of a knob, in words)."""
    shown = [count(x, lang) if isinstance(x, int) else str(x) for x in sorted(set(values))]
    if len(shown) <= 1:
        return "".join(shown)
    return f"{', '.join(shown[:-1])} {'или' if lang == 'ru' else 'or'} {shown[-1]}"


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
SKILL_TEXT: dict[str, dict[str, Any]] = {
    "ru": {
        "skill_edge": ("мастерство значит больше", "мастерство значит меньше", "мастерство значит столько же"),
        "deal_decides": ("сдача решает больше", "сдача решает меньше", "сдача решает столько же"),
        "leader_win_share": (
            "у заходящего преимущество больше",
            "у заходящего преимущество меньше",
            "преимущество заходящего то же",
        ),
        "who": {
            "skill_edge": "сильная пара выигрывает {new} партий",
            "deal_decides": "одна и та же пара проигрывает оба раза в {new} партий",
            "leader_win_share": "пара заходящего выигрывает {new} сдач",
        },
        "who_solo": {
            "deal_decides": "один и тот же игрок проигрывает оба раза в {new} партий",
            "leader_win_share": "заходящий выигрывает {new} сдач",
        },
        "intro": "Мастерство: каждая партия сыграна ещё дважды с теми же раздачами — {strong} за одну пару "
        "и {weak} за другую, потом пары меняются местами; доля этих партий, выигранных сильной парой (50 % — "
        "мастерство ничего не даёт). Сдача решает: каждая партия сыграна ещё раз с теми же раздачами теми же "
        "ботами ({bots}) с независимыми решениями; как часто одна и та же пара проигрывает оба раза (монетка — "
        "50 % в парной игре, 100 % — всё решает сдача). Заходящий: доля сдач, выигранных парой "
        "заходящего. У каждого — 95 % ДИ; разницы с вариантом «{base}» — второстепенные показатели (95 %, "
        "* — значимо).",
        "instead": " вместо {base}",
        "against": " против {base}",
        "by": "разница {diff}",
        "not_found": "разницы больше ±{mde} не найдено: {diff}",
        "same": "все партии дали те же числа",
        "base": {
            "skill_edge": "сильная пара (бот {strong} против бота {weak}) выигрывает {value} партий ({ci}; "
            "без мастерства "
            "— 50 %)",
            "deal_decides": "при тех же раздачах одна и та же пара проигрывает оба раза в {value} партий ({ci}; "
            "монетка — {chance}, 100 % — всё решает сдача)",
            "leader_win_share": "пара заходящего выигрывает {value} сдач ({ci}; наугад — {chance})",
        },
        "base_solo": {
            "deal_decides": "при тех же раздачах один и тот же игрок проигрывает оба раза в {value} партий ({ci}; "
            "наугад — {chance}, 100 % — всё решает сдача)",
            "leader_win_share": "заходящий выигрывает {value} сдач ({ci}; наугад — около {chance})",
        },
    },
    "en": {
        "skill_edge": ("skill counts for more", "skill counts for less", "skill counts as much"),
        "deal_decides": ("the deal decides more", "the deal decides less", "the deal decides as much"),
        "leader_win_share": (
            "leading a deal is a bigger advantage",
            "leading a deal is a smaller advantage",
            "leading a deal is as much of an advantage",
        ),
        "who": {
            "skill_edge": "the strong side wins {new} of games",
            "deal_decides": "the same side loses both plays in {new} of games",
            "leader_win_share": "the side that leads a deal wins {new} of deals",
        },
        "who_solo": {
            "deal_decides": "the same player loses both plays in {new} of games",
            "leader_win_share": "the player who leads a deal wins {new} of deals",
        },
        "intro": "Skill edge: every game is played twice more from the same deals, {strong} on one side "
        "and {weak} on the other, then the sides swapped; the share of those games the strong side wins (50%: "
        "skill gives nothing). Deal decides: every game is played again from the same deals by the same bots "
        "({bots}) with independent decisions; how often the same side loses both times (a coin: 50% in pair "
        "games, 100%: the deal alone decides). Leader: the share of deals won by the side that led them. "
        "Each with its 95% interval; the differences against {base} are secondary metrics (95%, * significant).",
        "instead": " instead of {base}",
        "against": " against {base}",
        "by": "a difference of {diff}",
        "not_found": "no difference bigger than ±{mde} found: {diff}",
        "same": "every game gave the same numbers",
        "base": {
            "skill_edge": "the strong side ({strong} against {weak}) wins {value} of games ({ci}; without skill: 50%)",
            "deal_decides": "with the same deals the same side loses both plays in {value} of games ({ci}; a coin: "
            "{chance}, 100%: the deal alone decides)",
            "leader_win_share": "the side that leads a deal wins {value} of deals ({ci}; by chance: {chance})",
        },
        "base_solo": {
            "deal_decides": "with the same deals the same player loses both plays in {value} of games ({ci}; by "
            "chance: {chance}, 100%: the deal alone decides)",
            "leader_win_share": "the player who leads a deal wins {value} of deals ({ci}; by chance: about {chance})",
        },
    },
}


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
        return f"{label(m, lang, solo)}: {'не оценить: нет данных' if lang == 'ru' else 'not estimable: no data'}"
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
