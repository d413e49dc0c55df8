"""The level verdict (kozel_stats/present/level_verdict.py, docs/compare.md "How the level verdict is decided"): a
constructed case for each mark, the small-sample level that must come out «not enough games», the difference
between levels with its interval, the words of each mark in both languages and the saved form read back."""

import math

import pytest

from kozel_stats.present import level_verdict as lv
from kozel_stats.stats.comparison import Comparison


def comp(diff, low, high, base=10.0, metric="deals_per_game", level=0.9875):
    significant = low > 0 or high < 0
    return Comparison(
        "v",
        "default",
        metric,
        base + diff,
        base,
        diff,
        low,
        high,
        level,
        0.5,
        0.5,
        "t",
        "t",
        True,
        "headline",
        significant,
    )


def naked(diff, low, high):
    """A naked-goat rate difference of about 20% (fractions)."""
    return comp(diff / 100, low / 100, high / 100, base=0.20, metric="naked_rate")


CASES = {
    "every level": {"beginner": naked(16.5, 14.0, 19.0), "player": naked(23.0, 20.5, 25.5)},
    "changes (opposite signs)": {"beginner": comp(1.0, 0.5, 1.5), "player": comp(-1.0, -1.5, -0.5)},
    "changes (shown absent)": {"beginner": comp(1.0, 0.5, 1.5), "player": comp(0.01, -0.1, 0.12)},
    "changes (excludes the effect)": {"beginner": comp(2.0, 1.5, 2.5), "player": comp(0.3, -0.2, 0.8)},
    "too few": {
        "beginner": naked(16.5, 14.0, 19.0),
        "player": naked(23.0, 20.5, 25.5),
        "expert": naked(-3.0, -56.0, 50.0),  # 20 expert games: ±53 pp, the estimate even of the other sign
    },
    "no effect": {"beginner": comp(0.01, -0.1, 0.12), "player": comp(-0.02, -0.2, 0.15)},
    "not significant": {"beginner": comp(0.3, -0.9, 1.5), "player": comp(0.5, -1.0, 2.0)},
}
EXPECTED = {
    "every level": "every level",
    "changes (opposite signs)": "changes",
    "changes (shown absent)": "changes",
    "changes (excludes the effect)": "changes",
    "too few": "too few",
    "no effect": "no effect",
    "not significant": "not significant",
}


@pytest.mark.parametrize("case", list(CASES))
def test_each_mark_from_a_constructed_case(case):
    verdict = lv.level_verdict(CASES[case])
    assert verdict.mark == EXPECTED[case]
    for lang in ("ru", "en"):
        text = lv.mark_words(verdict, CASES[case]["beginner"].metric, lang)
        assert text and "{" not in text


def test_the_states_say_where_it_holds_and_where_not():
    v = lv.level_verdict(CASES["changes (shown absent)"])
    assert v.at("more") == ["beginner"] and v.at("absent") == ["player"]
    assert lv.mark_words(v, "deals_per_game", "ru") == "меняется с уровнем: больше у новичков, нет у игроков"
    v = lv.level_verdict(CASES["changes (excludes the effect)"])
    assert v.at("weaker") == ["player"]  # +0.3 (−0.2 to +0.8): not inside ±0.5, but clearly below +2.0
    assert lv.mark_words(v, "deals_per_game", "ru") == (
        "меняется с уровнем: больше у новичков, слабее у игроков (там не значимо)"
    )
    # a level not significant whose estimate is below the other's, but not significantly: it cannot tell
    v = lv.level_verdict({"beginner": naked(-2.6, -5.2, 0.0001), "player": naked(-5.7, -8.3, -3.1)})
    assert v.mark == "too few" and v.at("unclear") == ["beginner"]
    v = lv.level_verdict(CASES["changes (opposite signs)"])
    en = lv.mark_words(v, "deals_per_game", "en")
    assert en == "changes with the level: more among beginners, less among players"


def test_a_small_sample_level_is_too_few_games_never_changes():
    """The issue's threshold-25: beginners +16.5, players +23.0 pp, both clear; the expert ±53 pp."""
    v = lv.level_verdict(CASES["too few"])
    assert v.mark == "too few" and v.at("unclear") == ["expert"]
    ru = lv.mark_words(v, "naked_rate", "ru")
    assert ru == "больше у новичков и игроков; у знатоков мало партий, чтобы сказать"
    assert "уровн" not in ru  # never «зависит от уровня» / «меняется с уровнем»
    assert lv.mark_words(v, "naked_rate", "en", short=True) == "too few games among experts to tell"
    # the same expert level with the estimate of the same sign, and narrower but still containing 0 and +16.5
    v = lv.level_verdict({**CASES["too few"], "expert": naked(8.0, -2.0, 18.0)})
    assert v.mark == "too few"


def test_an_effect_smaller_than_the_margin_is_not_shown_absent_by_the_margin():
    """fish to the fisherman's game length: +0.21 deals among beginners (clear), the players' 2,000 games
    ±0.24: inside the 5% margin (±0.5 deal) but containing +0.21 — the players cannot tell, not «changes»."""
    v = lv.level_verdict({"beginner": comp(0.21, 0.18, 0.24), "player": comp(0.0, -0.24, 0.24)})
    assert v.mark == "too few" and v.at("unclear") == ["player"]
    # with nothing found anywhere the same interval is inside the margin: no effect there
    assert lv.level_verdict({"beginner": comp(0.01, -0.03, 0.05), "player": comp(0.0, -0.24, 0.24)}).mark == (
        "no effect"
    )


def test_a_level_whose_games_were_all_alike_cannot_tell():
    """200 expert games of eggs carrying nothing: every game gave the same numbers (the exact test's interval is
    0 to 0), while 5,000 games of the others found −0.4 pp of naked goats: «too few», not «none among experts»."""
    v = lv.level_verdict(
        {"beginner": naked(-0.44, -0.6, -0.28), "player": naked(-0.38, -0.55, -0.21), "expert": naked(0.0, 0.0, 0.0)}
    )
    assert v.mark == "too few" and v.at("unclear") == ["expert"]


def test_the_range_and_the_difference_between_levels():
    v = lv.level_verdict(CASES["every level"])
    (gap,) = v.gaps
    assert (gap.a, gap.b) == ("beginner", "player") and gap.diff == pytest.approx(-0.065)
    # independent interval: each level's se from its 98.75% interval, one pair (no correction)
    z = 2.4977054744123493
    se = math.hypot(0.025 / z, 0.025 / z)
    assert gap.high - gap.diff == pytest.approx(z * se) and gap.significant and not gap.paired
    text = lv.mark_words(v, "naked_rate", "ru").replace("\xa0", " ")
    assert text == (
        "держится на всех уровнях (+16,5 … +23,0 п.п.); сильнее у игроков: +23,0 против +16,5 п.п. "
        "(разница +6,5 п.п., 98,75 % ДИ +3,0…+10,0 п.п.)"
    )
    # three levels: three pairs, each at 1 − 1.25% / 3
    v3 = lv.level_verdict({**CASES["every level"], "expert": naked(20.0, 17.0, 23.0)})
    assert len(v3.gaps) == 3 and all(g.confidence == pytest.approx(1 - 0.0125 / 3) for g in v3.gaps)
    # the same size at both levels: no «stronger»
    same = lv.level_verdict({"beginner": naked(20.0, 17.5, 22.5), "player": naked(20.5, 18.0, 23.0)})
    assert same.mark == "every level" and lv.stronger("naked_rate", same, "ru") is None


def test_restated_and_one_level():
    v = lv.level_verdict(CASES["every level"], restated=True)
    assert v.mark == "restated" and lv.mark_words(v, "fish_rate", "en") == "by the rule itself (no level verdict)"
    assert lv.level_verdict({"player": comp(1.0, 0.5, 1.5), "expert": None}).mark == "one level"


def test_the_saved_verdict_reads_back_and_old_rows_still_read():
    v = lv.level_verdict(CASES["too few"])
    row = {"metric": "naked_rate", "level_verdict": v.to_json(), "across_levels": v.mark}
    assert lv.LevelVerdict.from_json(row["level_verdict"]) == v
    assert lv.decide_again(v) == v  # decided again from its own intervals: the same verdict
    assert lv.row_words(row, "ru") == lv.mark_words(v, "naked_rate", "ru")
    # a summary.json of before this rule: only the old word
    assert lv.row_words({"metric": "naked_rate", "across_levels": "beginners only"}, "ru") == "только у новичков"
