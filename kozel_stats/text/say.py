"""The command line's own words in Russian and English: which language, plural forms, numbers with a
decimal comma, the messages of the commands, the error messages and «вы имели в виду …?».

One rule for the language of every command: ``--lang ru|en``, else the locale (LC_ALL, then LC_MESSAGES,
then LANG: Russian when it starts with "ru"), else English.

Light on purpose (no numpy): `kozel-stats variants` and the error paths import it.
"""

from __future__ import annotations

import difflib
import os
import re
from collections.abc import Iterable, Mapping
from typing import Any

from . import messages
from .errors import KozelError
from .messages import MINUS as MINUS
from .messages import NBSP as NBSP
from .messages import count as count
from .messages import plural_ru as plural_ru

LANGS = ("ru", "en")


# --- which language -------------------------------------------------------------------------------------------------
def lang_from_env(environ: Mapping[str, str] | None = None) -> str:
    """ru when the locale is Russian (LC_ALL, then LC_MESSAGES, then LANG start with "ru"), else en."""
    env = os.environ if environ is None else environ
    for key in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(key)
        if value:
            return "ru" if value.lower().startswith("ru") else "en"
    return "en"


def check_lang(lang: str) -> str:
    if lang not in LANGS:
        raise KozelError.keyed("say.check_lang", lang=lang)
    return lang


def choose_lang(lang: str | None) -> str:
    """--lang, or the locale's language: the one rule of every command."""
    return check_lang(lang) if lang is not None else lang_from_env()


_spoken: list[str | None] = [None]  # the command's language, once the command line has chosen it


def speak(lang: str | None) -> None:
    """The language of the notices (`note`) for the rest of this command (None: the locale's again)."""
    _spoken[0] = lang


def note(text: str | messages.Sentence) -> None:
    """A notice on stderr, "kozel-stats: note: …", in the command's language (a notice is not an error: the run
    goes on): a sentence of the message table (`messages.Sentence`, or `note_key`); a text is English and the
    phrasebook says it in Russian."""
    import sys

    lang = _spoken[0] or lang_from_env()
    if isinstance(text, messages.Sentence):
        text = str(messages.said(text, lang)) if lang == "ru" else str(text)
        line = f"kozel-stats: замечание: {text}" if lang == "ru" else f"kozel-stats: note: {text}"
    else:
        line = f"kozel-stats: замечание: {translate(text)}" if lang == "ru" else f"kozel-stats: note: {text}"
    print(line, file=sys.stderr)


def note_key(key: str, **fields: object) -> None:
    """A notice whose sentence is `key` of the message table, in the command's language."""
    import sys

    lang = _spoken[0] or lang_from_env()
    label = "замечание" if lang == "ru" else "note"
    print(f"kozel-stats: {label}: {messages.text(key, lang, **fields)}", file=sys.stderr)


def quiet_lang(lang: object) -> str:
    """The language to speak in, never failing (an error message about --lang itself is in the locale's)."""
    return lang if isinstance(lang, str) and lang in LANGS else lang_from_env()


# --- numbers and words ----------------------------------------------------------------------------------------------
def plural(n: float, one: str, few: str, many: str, en: tuple[str, str] | None = None, lang: str = "ru") -> str:
    """The noun after n: plural(2, "вариант", "варианта", "вариантов") -> варианта; with lang="en" and
    en=("variant", "variants"): variants."""
    if lang != "ru" and en is not None:
        return en[0] if n == 1 else en[1]
    return plural_ru(n, one, few, many)


def decimal(x: float, digits: int, lang: str, signed: bool = False) -> str:
    """4,1 (ru) / 4.1 (en)."""
    text = f"{x:+.{digits}f}" if signed else f"{x:.{digits}f}"
    return text.replace(".", ",").replace("-", MINUS) if lang == "ru" else text


def percent(x: float, digits: int, lang: str) -> str:
    """A share as a percentage, the number joined to its sign: 52,31 % (ru, a non-breaking space) / 52.31%."""
    return decimal(x * 100, digits, lang) + (f"{NBSP}%" if lang == "ru" else "%")


_SPACED_PERCENT = re.compile(r"(\d)[ \u00a0\u202f]+%")


def join_percent(text: str) -> str:
    """22,1 % -> 22,1% for the terminal: rich wraps lines at any space, the non-breaking one too, and a
    number must never be split from its «%» (the HTML report keeps the non-breaking space)."""
    return _SPACED_PERCENT.sub(r"\1%", text)


# --- the commands' messages -----------------------------------------------------------------------------------------
#: key -> (English, Russian); str.format fields
PHRASES: dict[str, tuple[str, str]] = {
    "error": ("kozel-stats: error: {}", "kozel-stats: ошибка: {}"),
    "internal": (
        "kozel-stats: internal error: {} (set KOZEL_DEBUG=1 for the traceback, and please report it).",
        "kozel-stats: внутренняя ошибка: {} (KOZEL_DEBUG=1 покажет, где именно; пожалуйста, сообщите о ней).",
    ),
    "interrupted": (
        "interrupted ({}); every file written before it is complete.",
        "прервано ({}); все файлы, записанные до этого, целы.",
    ),
    "source": ("source: {}", "источник: {}"),
    "extends": ("extends: {}   game: {}   hash: {}", "основа: {}   игра: {}   хеш: {}"),
    "rules_head": ("rules (knob, value, what it means):", "правила (настройка, значение, что оно значит):"),
    "wrote_records": (
        "wrote {n:count} game {n:plural:record|records} to {path}",
        "{n:count} {n:plural:запись|записи|записей} {n:plural:партии|партий|партий} записано в {path}",
    ),
    "cut_off": ("cut off at max_deals", "оборвана на max_deals"),
    "draw": ("a draw", "ничья"),
    "side_lost": ("side {side} lost (the goats)", "пара {side} проиграла (козлы)"),
    "goat": ("P{p} is the goat", "P{p} — козёл"),
    "game_line": (
        "game {g}: {deals} {deals:plural:deal|deals}, {loser}, score {score}",
        "партия {g}: {deals} {deals:plural:сдача|сдачи|сдач}, {loser}, счёт {score}",
    ),
    "replay_ok": (
        "line {line}, game {game}: OK ({deals} {deals:plural:deal|deals})",
        "строка {line}, партия {game}: верно ({deals} {deals:plural:сдача|сдачи|сдач})",
    ),
    "replay_line": ("line {line}, {problem}", "строка {line}, {problem}"),
    "replay_total": (
        "{n:count} {n:plural:game|games} replayed, {ok} correct, {bad} with problems.",
        "{n:count} {n:plural:партия|партии|партий} переиграно: верно {ok}, с ошибками {bad}.",
    ),
    "duel_head": (
        "{a} (A) vs {b} (B), rules {variant}\n  {pairs} deal sequences, each played twice, seats swapped",
        "бот {a} (A) против бота {b} (B), правила «{variant}»\n  {pairs}, каждая сыграна дважды, с обменом мест",
    ),
    "duel_wins": (
        "  {a}'s side wins {rate} of games (95% CI {low} to {high})",
        "  пара {a} выигрывает {rate} партий (95{nbsp}% ДИ {low}…{high})",
    ),
    "duel_elo": (
        "  Elo-style difference: {elo} (95% CI {low} to {high})",
        "  разница в рейтинге Эло: {elo} (95{nbsp}% ДИ {low}…{high})",
    ),
    "duel_deals": ("  deals per game: {}", "  сдач за партию: {}"),
    "duel_naked": (
        "  naked goats: {a}'s side {na} of games, {b}'s side {nb}",
        "  голые козлы: у пары {a} — {na} партий, у пары {b} — {nb}",
    ),
    "duel_stronger": ("  verdict: {} is stronger than {}.", "  вывод: {} сильнее, чем {}."),
    "duel_none": (
        "  verdict: no detectable difference at this number of games.",
        "  вывод: при таком числе партий разницы не видно.",
    ),
    "report_written": ("report written to {}", "отчёт записан в {}"),
    "no_variants_yaml": ("{}: holds no game records.", "{}: в файле нет записей партий."),
}


#: a game's titles (the record's "titles") in words
TITLES_RU = {
    "naked": "голые козлы",
    "bald": "лысые козлы",
    "general": "генерал",
    "hanging": "подвесной козёл",
    "kept-00": "козёл с 0:0 на руках",
    "extra-goat": "внеочередной козёл",
    "draw": "ничья",
}


def titles(names: Iterable[str], lang: str) -> str:
    """The titles of a game for `play -q`: 'naked bald' (en: the record's ids) / «голые козлы, лысые козлы»;
    a drawn match is already called a draw."""
    names = [n for n in names if not (lang == "ru" and n == "draw")]
    if lang != "ru":
        return " ".join(names)
    return ", ".join(TITLES_RU.get(n, n) for n in names)


#: the words of a variant's `source` (where in the rule texts it comes from), in Russian
_SOURCE_RU = [
    (r"\(yard differences\)", "(дворовые различия)"),
    (r"\(out on 00\)", "(выход на 0:0)"),
    (r"\(drawing rule\)", "(правило добора)"),
    (r"\(eggs with 2-4 players\)", "(яйца при 2–4 игроках)"),
    (r"\(section (\d+) near the start\)", r"(раздел \1 в начале)"),
    (r"\(the bazaar at a fish\)", "(базар при рыбе)"),
    (r"\bsections\b", "разделы"),
    (r"\bsection\b", "раздел"),
    (r"\brules\b", "правила"),
    (r"\band\b", "и"),
]


def source_text(source: str, lang: str) -> str:
    """Where a variant comes from, as docs/sources.md names the texts: '000_….txt, section 13 (yard
    differences)' -> 'text 000, section 13 (yard differences)' / 'текст 000, раздел 13 (дворовые различия)'."""
    named = re.sub(r"\b(\d{3})_[0-9a-f]+\.txt\b", r"текст \1" if lang == "ru" else r"text \1", source)
    source = named + (" (docs/sources.md)" if named != source else "")
    if lang != "ru":
        return source
    for pattern, repl in _SOURCE_RU:
        source = re.sub(pattern, repl, source)
    return source


messages.add(PHRASES)


def t(key: str, lang: str, *args: object, **kwargs: object) -> str:
    """The sentence `key` of the message table (kozel_stats/text/messages.py) in `lang`."""
    return messages.text(key, lang, *args, **kwargs)


# --- «вы имели в виду …?» -------------------------------------------------------------------------------------------
def normal(text: str) -> str:
    """A name as typed, for matching: lower case, ё as е, no quotes, _ and - as spaces, single spaces."""
    text = text.strip().lower().replace("ё", "е").replace("_", " ").replace("-", " ")
    text = re.sub(r"[«»\"'“”„]", "", text)
    return re.sub(r"\s+", " ", text)


def closest(word: str, names: Iterable[str], aliases: Mapping[str, str] | None = None, most: int = 3) -> list[str]:
    """The names closest to `word` (difflib), at most `most`; `aliases` (e.g. Russian titles -> names)
    count as spellings of their names."""
    spellings: dict[str, str] = {normal(n): n for n in names}
    for alias, name in (aliases or {}).items():
        spellings.setdefault(normal(alias), name)
    typed = normal(word)
    found: list[str] = []
    words = [  # a word of a name or a title typed alone: «морской», the shortest first
        (len(spelling), name)
        for spelling, name in spellings.items()
        if len(typed) >= 3 and re.search(r"(^|[\s,(-])" + re.escape(typed), spelling)
    ]
    found.extend(name for _, name in sorted(words))
    for spelling in difflib.get_close_matches(typed, list(spellings), n=most * 2, cutoff=0.6):
        found.append(spellings[spelling])
    unique = list(dict.fromkeys(found))
    return unique[:most]


def did_you_mean(options: list[str], lang: str) -> str:
    if not options:
        return ""
    if len(options) > 1:
        options = [", ".join(options[:-1]), options[-1]]
    if lang == "ru":
        return f" Вы имели в виду {' или '.join(options)}?"
    return f" Did you mean {' or '.join(options)}?"


# --- error messages (keyed: messages.py; a library's words: phrasebook.py) -------------------------------------------
#: the fields of a record's deal and game (docs/trace-format.md) in the players' words, for `replay`'s findings
FIELD_RU = {
    "written": "запись",
    "score": "счёт",
    "hand_sums": "суммы на руках",
    "losers": "проигравшие",
    "loser": "проигравший",
    "eggs": "яйца",
    "vanished": "пропавшее под порогом",
    "carry": "перенос яиц",
    "memory": "память очков",
    "burned": "сожжённый счёт",
    "lead": "почему заходит",
    "fast": "быстрый заход",
    "applied": "применённые правила",
    "leader": "заходящий",
    "last": "последний ход",
    "end": "конец сдачи",
    "final_score": "итоговый счёт",
    "titles": "звания",
    "goats": "козлы",
    "redeals": "передачи",
    "bazaar": "базар",
}


def replay_problem(problem: Any, lang: str) -> str:
    """A problem `replay` found (trace.ReplayProblem), in `lang`: 'game 0, deal 1: written is [999, 0], the rules
    give [0, 25]' / 'партия 0, сдача 1: запись 'written' — [999, 0], а по правилам [0, 25]'."""
    return str(problem.said(lang))


def error_text(exc: BaseException, lang: str) -> str:
    """An error's message in `lang`: one raised by key (errors.keyed) is its sentence of the message table in
    that language; any other is a library's or the system's words: as written, in Russian by the phrasebook."""
    return str(messages.said(exc, lang))


def translate(text: str) -> str:
    """A library's or the system's English words in Russian by the phrasebook (phrasebook.translate): the
    package's own sentences are keyed (messages.py) and never come here."""
    from .phrasebook import translate as in_russian

    return in_russian(text)


messages.add(
    {
        "say.check_lang": (
            "--lang must be ru or en, not {lang!r}.",
            "--lang — это ru или en, а не {lang!r}.",
        ),
    }
)
