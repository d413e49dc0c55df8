"""The message table (kozel_stats/text/messages.py): every sentence in both languages with the same fields, each
renders, and an error raised by key carries both."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import kozel_stats.cli.commands  # noqa: F401  (imports every module that declares messages)
import kozel_stats.text.help_texts  # noqa: F401  (and every text/ module: the sentences by area)
import kozel_stats.text.log_texts  # noqa: F401
import kozel_stats.text.notice_texts  # noqa: F401
import kozel_stats.text.report_texts  # noqa: F401
import kozel_stats.text.say  # noqa: F401
import kozel_stats.text.site_texts  # noqa: F401
import kozel_stats.text.terminal_texts  # noqa: F401
import kozel_stats.text.word_texts  # noqa: F401
from kozel_stats.text import messages
from kozel_stats.text.errors import KozelError, ResultsError

CYRILLIC = re.compile("[А-Яа-яЁё]")


def test_every_text_module_is_imported_here():
    """The table's test sees every block: each text/ module is imported above."""
    here = Path(__file__).read_text(encoding="utf-8")
    modules = sorted(p.stem for p in Path(messages.__file__).parent.glob("*_texts.py"))
    assert [m for m in modules if f"import kozel_stats.text.{m}" not in here] == []


def _sample(name: str) -> object:
    return 3


@pytest.mark.parametrize("key", sorted(messages.MESSAGES))
def test_every_message_has_both_languages_with_the_same_fields(key):
    en, ru = messages.MESSAGES[key]
    assert en.strip() and ru.strip()
    assert messages.fields_of(en) == messages.fields_of(ru), key
    assert not CYRILLIC.search(en), f"{key}: Cyrillic in the English sentence"
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
