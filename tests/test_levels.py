"""The three levels of play: one declaration, each a shipped bot, parsed with a clear error."""

import pytest

from kozel_stats.engine import codes
from kozel_stats.rules import levels


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


def test_every_level_has_its_words_in_both_languages():
    import re

    from kozel_stats.present import words

    for lv in levels.LEVELS.values():
        for text in (lv.ru, lv.ru_who, lv.ru_plain):
            assert text and not re.search("[A-Za-z]", text), text
        for text in (lv.en, lv.en_who, lv.en_plain):
            assert text and not re.search("[А-Яа-яЁё]", text), text
        meta = {"level": lv.name}
        assert words.level_words(meta, "ru") == lv.ru_plain and words.level_words(meta, "en") == lv.en_plain
        assert words.at_level(meta, "ru") == f" — играют {lv.ru_plain}"
    for ru, en in levels.ACROSS.values():
        assert not re.search("[A-Za-z]", ru) and not re.search("[А-Яа-яЁё]", en)


def test_an_older_folder_gets_its_level_from_its_bots():
    assert levels.level_of_meta({"bots": ["counter"]}).name == "player"
    assert levels.level_of_meta({"bots": ["random,random,random,random"]}).name == "beginner"
    assert levels.level_of_meta({"bots": ["A=counter,B=random"]}) is None
    assert levels.level_of_meta({"level": "expert", "bots": ["random"]}).name == "expert"
    assert levels.level_of_meta({}) is None
