"""The message table (kozel_stats/text/messages.py): every sentence in both languages with the same fields, each
renders, and an error raised by key carries both."""

from __future__ import annotations

import importlib
import pkgutil
import re

import pytest

import kozel_stats
from kozel_stats.text import messages
from kozel_stats.text.errors import KozelError, ResultsError

for _module in pkgutil.walk_packages(kozel_stats.__path__, "kozel_stats."):  # every module's messages.add block
    if not _module.name.endswith("__main__"):
        importlib.import_module(_module.name)

CYRILLIC = re.compile("[А-Яа-яЁё]")
#: the games' own names, which the English sentences write in Russian too (docs/sources.md)
GAME_NAMES = ("каждый сам за себя", "Осёл", "Генерал")


def _sample(name: str) -> object:
    return 3


@pytest.mark.parametrize("key", sorted(messages.MESSAGES))
def test_every_message_has_both_languages_with_the_same_fields(key):
    en, ru = messages.MESSAGES[key]
    assert en.strip() and ru.strip()
    assert messages.fields_of(en) == messages.fields_of(ru), key
    assert not CYRILLIC.search(re.sub("|".join(GAME_NAMES), "", en)), f"{key}: Cyrillic in the English sentence"
    names = messages.fields_of(en)
    args = [_sample(name) for name in names if name.startswith("#")]
    fields = {name: _sample(name) for name in names if not name.startswith("#")}
    assert messages.text(key, "en", *args, **fields) and messages.text(key, "ru", *args, **fields)


def test_plural_and_count_specs():
    messages.add(
        {
            "test.games": (
                "{n:count} {n:plural:game|games} played",
                "сыграно {n:count} {n:plural:партия|партии|партий}",
            )
        }
    )
    assert messages.text("test.games", "en", n=1) == "1 game played"
    assert messages.text("test.games", "en", n=20000) == "20,000 games played"
    assert messages.text("test.games", "ru", n=2) == "сыграно 2 партии"
    assert messages.text("test.games", "ru", n=20000) == "сыграно 20\u00a0000 партий"
    assert messages.text("test.games", "ru", n=11) == "сыграно 11 партий"


def test_a_keyed_error_carries_its_key_fields_and_both_languages():
    messages.add({"test.missing": ("{path}: missing.", "{path}: нет такого файла.")})
    error = ResultsError.keyed("test.missing", path="D/stats.json")
    assert isinstance(error, KozelError)
    assert str(error) == "D/stats.json: missing."
    assert error.ru == "D/stats.json: нет такого файла."
    assert (error.key, error.fields) == ("test.missing", {"path": "D/stats.json"})


def test_a_key_declared_twice_differently_is_refused():
    messages.add({"test.once": ("once", "однажды")})
    with pytest.raises(ValueError, match="declared twice"):
        messages.add({"test.once": ("twice", "дважды")})


def test_a_stored_sentence_renders_in_the_readers_language():
    messages.add(
        {"test.note": ("{n:count} {n:plural:deal|deals} cut off", "{n:count} {n:plural:сдача|сдачи|сдач} оборвано")}
    )
    entry = messages.stored("test.note", n=5)
    assert messages.render_stored(entry, "en") == "5 deals cut off"
    assert messages.render_stored(entry, "ru") == "5 сдач оборвано"


def test_notes_are_stored_by_key_and_render_in_either_language():
    """An analysis note as summary.json keeps it (messages.stored, through JSON): rendered in the reader's language,
    a variant's name as its title in Russian; a nested sentence and a two-language field survive the file."""
    import json

    from kozel_stats.present import words

    entry = json.loads(json.dumps(messages.stored("notes.unpaired", arm="solo-3", base="solo-4")))
    assert entry == {"key": "notes.unpaired", "fields": {"arm": "solo-3", "base": "solo-4"}}
    assert words.note(entry, "en").startswith("solo-3 and solo-4 did not play the same games")
    assert words.note(entry, "ru", {"solo-3": "Втроём"}).startswith("«Втроём» и «solo-4» играли не одни и те же")
    why = messages.Sentence("sweep.why.not_everywhere", metric="fish_rate")
    entry = json.loads(json.dumps(messages.stored("sweep.note.no_effects", why=why)))
    assert words.note(entry, "en") == "no effects for fish_rate does not apply in every cell."
    assert words.note(entry, "ru") == "эффектов нет: fish_rate применим не во всех клетках."
    pair = json.loads(json.dumps(messages.stored("notes.unpaired", arm=messages.Both("a", "б"), base="c")))
    assert words.note(pair, "ru").startswith("«б» и «c»") and words.note(pair, "en").startswith("a and c")


def test_old_text_notes_of_a_summary_still_read():
    """A summary.json written before notes had keys holds English texts: shown as written in English, said in
    Russian by the small legacy table (words._LEGACY_NOTES), merged with keyed ones into one "different games" line."""
    from kozel_stats.present import words

    old = (
        "solo-3 and solo-4 did not play the same games: their comparison is unpaired (independent samples), "
        "and much less sharp."
    )
    assert words.note(old, "en") == old
    assert words.note(old, "ru").startswith("«solo-3» и «solo-4» играли не одни и те же раздачи")
    different = (
        "solo-3 (3 players) and default (4 players) are different games: shares of games and of deals compare, "
        "but who loses does not (its chance differs), so that is not tested."
    )
    new = messages.stored("notes.different_games", arm="solo-5", arm_players=5, base="default", base_players=4)
    said = words.notes([different, new, old], "ru")
    assert len(said) == 2 and said[0].startswith("Другое число игроков, чем у варианта «default» (4)"), said
    assert "«solo-3» (3)" in said[0] and "«solo-5» (5)" in said[0]
    assert words.notes([different], "en") == [different]
