"""The level verdict: how one difference (variant − baseline, one metric) fares across the levels of play.

One rule, used by `compare --levels`, `sweep --levels`, the report, the chat card, summary.json and the atlas
(docs/compare.md, "How the level verdict is decided"). Each level's difference comes with its interval (the
comparison's own: 98.75% for a headline metric); the question is the direction, and the answer is one mark:

* ``every level``: significant with the same sign at every level (the size may differ: its range is given,
  and a significant difference between two levels is named with its interval);
* ``changes``: significant at one level and, at another, significant the other way or shown absent: not
  significant there and significantly different from the smallest effect found elsewhere (the difference
  between the two levels, below, excludes 0) — «нет» when its interval also lies inside the equivalence
  margin, «слабее» when not;
* ``too few``: significant somewhere, and the other levels neither significant nor significantly different
  from that effect: their intervals hold both zero and the effect — they cannot tell; never worded as
  «depends on the level»;
* ``no effect``: nothing significant and every level shows it absent: its interval inside the equivalence
  margin (``EQUIVALENCE`` of the baseline value); ``not significant``: nothing either way;
* ``restated``: the variant changes the metric by definition (words.restates): no level verdict;
* ``one level``: fewer than two levels with a comparable difference.

The difference between two levels: the levels play the same shuffles with other bots, but their sufficient
statistics are separate runs and do not hold the cross-level covariance of the per-game differences, so the
interval is the independent one, sqrt(se_a² + se_b²) — conservative when the two levels' differences
correlate positively over the shared deals (what the shared shuffles make likely; not measured) — with a
Bonferroni correction over the pairs of levels, at the comparisons' own level.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import asdict, dataclass, replace
from typing import Any

from ..rules.levels import LEVELS
from ..stats import comparison as stats
from ..text import messages, report_texts  # noqa: F401  (report_texts: the verdicts' words)
from . import words

#: The equivalence margin: a level "shows the effect absent" when its difference's interval lies inside
#: ± this share of the baseline value (5%: 0.5 deal of a 10-deal game, 1 pp of a 20% naked-goat rate).
EQUIVALENCE = 0.05

MARKS = ("every level", "changes", "too few", "no effect", "not significant", "restated", "one level")


@dataclass(frozen=True)
class LevelDiff:
    """One level's difference: its interval at `confidence`, and what it shows (`state`): ``more``, ``less``
    (significant), ``absent`` / ``weaker`` (shown absent / weaker than the effect found elsewhere), ``unclear``
    (cannot tell it from zero nor from the effect found elsewhere), ``open`` (nothing shown either way)."""

    level: str
    diff: float
    low: float
    high: float
    confidence: float
    significant: bool
    baseline_value: float
    state: str

    @property
    def se(self) -> float:
        q = stats._norm_ppf(0.5 + self.confidence / 2)
        return (self.high - self.low) / (2 * q) if q > 0 else math.nan


@dataclass(frozen=True)
class LevelGap:
    """The difference of the differences between two levels (a − b), its interval and whether it excludes 0."""

    a: str
    b: str
    diff: float
    low: float
    high: float
    confidence: float
    significant: bool
    paired: bool = False  # False: the independent (conservative) interval, the sums hold no cross-level term


@dataclass(frozen=True)
class LevelVerdict:
    mark: str
    levels: tuple[LevelDiff, ...]
    gaps: tuple[LevelGap, ...] = ()
    margin: float = EQUIVALENCE

    def at(self, *states: str) -> list[str]:
        return [d.level for d in self.levels if d.state in states]

    def of(self, name: str) -> LevelDiff | None:
        return next((d for d in self.levels if d.level == name), None)

    def to_json(self) -> dict[str, Any]:
        return {
            "mark": self.mark,
            "margin": self.margin,
            "levels": {d.level: asdict(d) for d in self.levels},
            "gaps": [asdict(g) for g in self.gaps],
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> LevelVerdict:
        levels = tuple(LevelDiff(**dict(d)) for d in (data.get("levels") or {}).values())
        gaps = tuple(LevelGap(**dict(g)) for g in data.get("gaps") or [])
        return cls(str(data["mark"]), levels, gaps, float(data.get("margin", EQUIVALENCE)))


def _usable(c: stats.Comparison | None) -> bool:
    return c is not None and c.comparable and all(math.isfinite(x) for x in (c.diff, c.low, c.high)) and c.level > 0


def _inside(c: stats.Comparison, margin: float) -> bool:
    bound = abs(c.baseline_value) * margin
    return bound > 0 and -bound < c.low and c.high < bound


def _states(by_level: Mapping[str, stats.Comparison], gaps: tuple[LevelGap, ...], margin: float) -> dict[str, str]:
    """Each level's state. With an effect found somewhere (one sign), a level without it is held against the
    smallest effect found: if their difference is significant (`gaps`), the effect is shown absent there
    (``absent``: its interval also inside the margin) or weaker (``weaker``: not inside it); if not, that level
    cannot tell (``unclear``; so too a level whose games all gave the same numbers: its interval of width 0
    says nothing of an effect's size). With nothing found anywhere, a level is ``absent`` when its interval lies inside
    the margin, else ``open``."""
    found = {n: c.diff for n, c in by_level.items() if c.significant}
    signs = {d > 0 for d in found.values()}
    # the level the others are held against: the smallest of the significant effects (one sign only)
    held = min(found, key=lambda n: abs(found[n])) if len(signs) == 1 else None
    out = {}
    for name, c in by_level.items():
        if c.significant:
            out[name] = "more" if c.diff > 0 else "less"
        elif held is not None and c.high <= c.low:  # every game alike (the exact test): no size can be told
            out[name] = "unclear"
        elif held is not None:
            gap = next(g for g in gaps if {g.a, g.b} == {name, held})
            out[name] = ("absent" if _inside(c, margin) else "weaker") if gap.significant else "unclear"
        elif not found and _inside(c, margin):
            out[name] = "absent"
        else:
            out[name] = "open"
    return out


def level_gaps(diffs: list[LevelDiff]) -> tuple[LevelGap, ...]:
    """Every pair of levels: a − b with its independent interval, Bonferroni over the pairs."""
    pairs = [(a, b) for i, a in enumerate(diffs) for b in diffs[i + 1 :]]
    out = []
    for a, b in pairs:
        conf = 1 - (1 - min(a.confidence, b.confidence)) / len(pairs)
        se = math.hypot(a.se, b.se)
        half = stats._norm_ppf(0.5 + conf / 2) * se
        d = a.diff - b.diff
        sig = math.isfinite(half) and (d - half > 0 or d + half < 0)
        out.append(LevelGap(a.level, b.level, d, d - half, d + half, conf, bool(sig)))
    return tuple(out)


def level_verdict(
    by_level: Mapping[str, stats.Comparison | None], restated: bool = False, margin: float = EQUIVALENCE
) -> LevelVerdict:
    """The level verdict of one difference from its comparison at each level (in the levels' order)."""
    usable = {n: c for n, c in by_level.items() if c is not None and _usable(c)}
    first = [
        LevelDiff(n, c.diff, c.low, c.high, c.level, c.significant, c.baseline_value, "") for n, c in usable.items()
    ]
    gaps = level_gaps(first) if len(first) > 1 else ()
    states = _states(usable, gaps, margin)
    diffs = [replace(d, state=states[d.level]) for d in first]
    if restated:
        return LevelVerdict("restated", tuple(diffs), gaps, margin)
    if len(diffs) < 2:
        return LevelVerdict("one level", tuple(diffs), gaps, margin)
    kinds = set(states.values())
    if not kinds & {"more", "less"}:
        mark = "no effect" if kinds == {"absent"} else "not significant"
    elif {"more", "less"} <= kinds or kinds & {"absent", "weaker"}:
        mark = "changes"
    elif "unclear" in kinds:
        mark = "too few"
    else:
        mark = "every level"
    return LevelVerdict(mark, tuple(diffs), gaps, margin)


def decide_again(saved: LevelVerdict) -> LevelVerdict:
    """A saved verdict decided again by this rule from its own per-level intervals (a folder written by an
    earlier version of the rule: `benchmarks/levels_table.py`)."""
    by_level = {
        d.level: stats.Comparison(
            "",
            "",
            "",
            d.baseline_value + d.diff,
            d.baseline_value,
            d.diff,
            d.low,
            d.high,
            d.confidence,
            math.nan,
            math.nan,
            "",
            "",
            True,
            "",
            d.significant,
        )
        for d in saved.levels
    }
    return level_verdict(by_level, saved.mark == "restated", saved.margin)


# --- in words ----------------------------------------------------------------------------------------------------

#: The words of the marks without their figures (`mark_words(..., short=True)`), for a table's column
SHORT = {
    "every level": "levels.every_short",
    "changes": "levels.changes_short",
    "no effect": "levels.no_effect",
    "not significant": "levels.not_significant",
    "restated": "levels.restated",
    "one level": "levels.one_level",
}


def who(names: list[str], lang: str) -> str:
    """«новичков и игроков» / "beginners and players": the levels, in the genitive plural."""
    parts = [LEVELS[n].ru_who if lang == "ru" else LEVELS[n].en_who for n in names if n in LEVELS]
    if len(parts) < 2:
        return "".join(parts)
    return ", ".join(parts[:-1]) + messages.text("levels.and", lang) + parts[-1]


def _digits(metric: str, v: LevelVerdict) -> int:
    half = min((d.high - d.low) / 2 for d in v.levels) if v.levels else 0.0
    if words.is_rate(metric):
        return stats.decimals(half * 100)
    return max(1, stats.decimals(half) - 1)


def _amount(metric: str, x: float, lang: str, d: int, unit: bool = True) -> str:
    """A signed difference with its unit: +16,5 п.п., +1,4 сдачи."""
    text = words.diff(metric, x, lang, d, unit=unit)
    if unit and not words.is_rate(metric):
        name = words.unit_word(metric, abs(x), lang)
        text += f"{messages.NBSP}{name}" if name else ""
    return text


def _range(metric: str, v: LevelVerdict, lang: str) -> str:
    d = _digits(metric, v)
    values = sorted(x.diff for x in v.levels)
    return f"{_amount(metric, values[0], lang, d, unit=False)} … {_amount(metric, values[-1], lang, d)}"


def stronger(metric: str, v: LevelVerdict, lang: str) -> str | None:
    """The largest significant difference between two levels holding the same sign, in words, or None."""
    gaps = [g for g in v.gaps if g.significant]
    if not gaps:
        return None
    g = max(gaps, key=lambda x: abs(x.diff))
    a, b = v.of(g.a), v.of(g.b)
    assert a is not None and b is not None
    big, small = (a, b) if abs(a.diff) > abs(b.diff) else (b, a)
    d = _digits(metric, v)
    sign = 1 if big.level == g.a else -1
    return messages.text(
        "levels.stronger",
        lang,
        who=who([big.level], lang),
        big=_amount(metric, big.diff, lang, d, unit=False),
        small=_amount(metric, small.diff, lang, d),
        gap=_amount(metric, sign * g.diff, lang, d),
        ci=f"{words.level(g.confidence, lang)} {words.ci_word(lang)} "
        + words.interval(metric, min(sign * g.low, sign * g.high), max(sign * g.low, sign * g.high), lang, d),
    )


def _parts(v: LevelVerdict, lang: str) -> str:
    keys = [("more", "levels.part_more"), ("less", "levels.part_less"), ("absent", "levels.part_absent")]
    keys += [("weaker", "levels.part_weaker"), ("unclear", "levels.part_unclear")]
    parts = [messages.text(key, lang, who=who(v.at(state), lang)) for state, key in keys if v.at(state)]
    return ", ".join(parts)


def mark_words(v: LevelVerdict, metric: str, lang: str, short: bool = False, card: bool = False) -> str:
    """The level verdict in words: the mark, where it holds and where not, the range of the sizes and a
    significant difference between levels. `short`: the mark alone (a table's column); `card`: no figures
    (a chat card's line)."""
    if v.mark == "too few":
        unclear = who(v.at("unclear"), lang)
        if short:
            return messages.text("levels.too_few_short", lang, who=unclear)
        state = "more" if v.at("more") else "less"
        holds = messages.text("levels.part_" + state, lang, who=who(v.at("more", "less"), lang))
        return messages.text("levels.too_few", lang, holds=holds, who=unclear)
    if v.mark == "changes" and not short:
        return messages.text("levels.changes", lang, parts=_parts(v, lang))
    if v.mark == "every level" and not (short or card):
        text = messages.text("levels.every", lang, range=_range(metric, v, lang))
        extra = stronger(metric, v, lang)
        return f"{text}; {extra}" if extra else text
    return messages.text(SHORT[v.mark], lang)


def row_words(row: Mapping[str, Any], lang: str, short: bool = False, card: bool = False) -> str | None:
    """A saved row's level verdict in words: its `level_verdict` (this rule), else the older folders'
    `across_levels` word (levels.ACROSS), else None."""
    from ..rules.levels import ACROSS, across_words

    if row.get("level_verdict"):
        return mark_words(LevelVerdict.from_json(row["level_verdict"]), str(row["metric"]), lang, short, card)
    if row.get("across_levels") in ACROSS:
        return across_words(str(row["across_levels"]), lang)
    return None


def verdicts_of(
    per_level: Mapping[str, list[stats.Comparison]],
    restated: Any = None,
    margin: float = EQUIVALENCE,
) -> dict[tuple[str, str], LevelVerdict]:
    """(variant, metric) -> its level verdict, from each level's comparisons (levels in their order).
    `restated(comparison)` says whether its variant changes its metric by definition."""
    keyed: dict[tuple[str, str], dict[str, stats.Comparison | None]] = {}
    said: dict[tuple[str, str], bool] = {}
    for name, comparisons in per_level.items():
        for c in comparisons:
            keyed.setdefault((c.variant, c.metric), {n: None for n in per_level})[name] = c
            said[(c.variant, c.metric)] = said.get((c.variant, c.metric), False) or bool(restated and restated(c))
    return {key: level_verdict(by_level, said[key], margin) for key, by_level in keyed.items()}
