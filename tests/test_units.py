"""Every share metric states its unit (issue 27): the words "из 100 …" / "of 100 …" of a verdict and of a
headline say what the metric's own definition counts — a fisherman's share of fish wins is out of 100 fish,
a redeal rate out of 100 shuffles (раздачи), a match draw out of 100 matches."""

import re

import pytest

from kozel_stats.present import words
from kozel_stats.stats import comparison as stats
from kozel_stats.stats.metrics import METRICS

#: the first thing a definition counts -> the unit of its shares
COUNTED = {
    "game": "games",
    "games": "games",
    "matches": "matches",
    "deal": "deals",
    "deals": "deals",
    "shuffles": "shuffles",
    "fishes": "fishes",
}
RU = {"games": "партий", "matches": "матчей", "deals": "сдач", "shuffles": "раздач", "fishes": "рыб"}
EN = {"games": "games", "matches": "matches", "deals": "deals", "shuffles": "shuffles", "fishes": "fish"}

RATES = [m for m in METRICS if m.is_rate]


def counted(description: str) -> str:
    """What the definition counts: the first of games, matches, deals, shuffles, fishes it names."""
    found = re.search(r"\b(" + "|".join(COUNTED) + r")\b", description)
    assert found, description
    return COUNTED[found[1]]


def comparison(metric: str) -> stats.Comparison:
    import dataclasses

    c = stats.Comparison(
        "v", "b", metric, 0.25, 0.2, 0.05, 0.04, 0.06, 0.95, 0.0, 0.0, "t", "i", True, "secondary", True, n=1000
    )
    c = dataclasses.replace(c, relative=0.25)
    return dataclasses.replace(c, verdict=stats.verdict(c))


def test_the_definitions_name_their_unit():
    assert {m.name: counted(m.description) for m in RATES}["fisherman_share"] == "fishes"
    assert {m.name: counted(m.description) for m in RATES}["redeal_rate"] == "shuffles"


@pytest.mark.parametrize("metric", RATES, ids=lambda m: m.name)
def test_each_share_says_what_it_is_a_share_of(metric):
    unit = counted(metric.description)
    assert metric.per_unit == unit, metric.name
    c = comparison(metric.name)
    assert f"of 100 {EN[unit]};" in c.verdict
    assert f"из 100 {RU[unit]};" in words.verdict(c, "ru")
    assert words.per_word(metric.name, "ru") == RU[unit] and words.per_word(metric.name, "en") == EN[unit]
    ru, en = words.effect_phrase(c, "ru"), words.effect_phrase(c, "en")
    assert en.endswith(f"in 100 {EN[unit]}")
    assert ru.endswith("из 100" if unit == "games" else f"{RU[unit]} из 100")
