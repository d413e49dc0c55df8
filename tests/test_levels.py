"""The three levels of play: one declaration, each a shipped bot, parsed with a clear error."""

import pytest

from kozel_stats import codes, levels


def test_every_level_plays_a_shipped_bot():
    assert [lv.name for lv in levels.LEVELS.values()] == ["beginner", "player", "expert"]
    for lv in levels.LEVELS.values():
        assert lv.bot in codes.BOT_IDS
    assert levels.DEFAULT_LEVEL in levels.LEVELS


def test_parse_levels_keeps_order_and_drops_repeats():
    assert [lv.name for lv in levels.parse_levels("expert, beginner,expert")] == ["expert", "beginner"]


@pytest.mark.parametrize("spec", ["", " , ", "master", "beginner,pro"])
def test_a_wrong_level_is_named(spec):
    with pytest.raises(ValueError, match="level"):
        levels.parse_levels(spec)


def test_level_of_bots():
    assert levels.level_of_bots(["counter"] * 4).name == "player"
    assert levels.level_of_bots(["random"]).name == "beginner"
    assert levels.level_of_bots(["counter", "random", "counter", "random"]) is None
