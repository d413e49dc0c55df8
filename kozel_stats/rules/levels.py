"""The level of play an answer holds at: three named levels, each a bot every seat plays.

One declaration: `compare`, `sweep`, the report's headlines and the atlas all read LEVELS. A level is a
name a yard understands («новичок», «игрок», «знаток»), not a bot id; `--bots` stays for any other mix.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..text import rule_texts  # noqa: F401  (importing it declares the sentences this module says)
from ..text.errors import keyed


@dataclass(frozen=True)
class Level:
    name: str  # the id on the command line: beginner, player, expert
    bot: str  # the bot every seat plays (codes.BOT_IDS)
    ru: str  # the level in Russian, for headlines («при игре новичков»)
    en: str
    ru_who: str  # who plays, in the genitive plural: «верно для новичков»
    en_who: str
    ru_plain: str  # who sits at the table, in plain words, for every headline
    en_plain: str


LEVELS: dict[str, Level] = {
    level.name: level
    for level in (
        Level(
            "beginner",
            "random",
            "новичок",
            "beginner",
            "новичков",
            "beginners",
            "новички, которые ходят наугад",
            "beginners who move at random",
        ),
        Level(
            "player",
            "counter",
            "игрок",
            "player",
            "игроков",
            "players",
            "игроки, которые считают кости",
            "players who count tiles",
        ),
        Level(
            "expert",
            "expert",
            "знаток",
            "expert",
            "знатоков",
            "experts",
            "знатоки, которые просчитывают сдачу",
            "experts who think the deal through",
        ),
    )
}
DEFAULT_LEVEL = "player"


def level(name: str, option: str = "--level") -> Level:
    """The level called `name` (its id or its Russian name: «знаток»); a clear ValueError naming the option and
    the three levels otherwise."""
    key = name.strip().lower().replace("ё", "е")
    found = LEVELS.get(key) or next((lv for lv in LEVELS.values() if lv.ru == key), None)
    if found is None:
        raise keyed(ValueError, "levels.level_play_choose", option=option, name=name, join_levels=", ".join(LEVELS))
    return found


def parse_levels(spec: str) -> list[Level]:
    """'beginner,player,expert' -> the three levels, in the order given, each once."""
    names = [part for part in (p.strip() for p in spec.split(",")) if part]
    if not names:
        raise keyed(ValueError, "levels.levels_least", join_levels=", ".join(LEVELS))
    found: list[Level] = []
    for name in names:
        found_level = level(name, "--levels")
        if found_level not in found:
            found.append(found_level)
    return found


def level_of_bots(bots: list[str]) -> Level | None:
    """The level a seat list plays at, when every seat plays one level's bot (its default strength)."""
    specs = {b.strip() for b in bots}
    for candidate in LEVELS.values():
        if specs == {candidate.bot}:
            return candidate
    return None


def level_of_meta(meta: dict) -> Level | None:
    """The level a saved run played at: its recorded `level`, else the one its bots make (older folders)."""
    name = meta.get("level")
    if isinstance(name, str) and name in LEVELS:
        return LEVELS[name]
    bots = [b.strip() for item in meta.get("bots") or [] for b in str(item).split(",") if b.strip()]
    return level_of_bots(bots) if bots else None


#: The words of the level verdicts saved by the first `compare --levels` / `sweep --levels` (summary.json's
#: `across_levels` of older folders, read back by level_verdict.row_words); the verdict is now decided by
#: level_verdict.level_verdict, which writes its own `level_verdict` beside the mark.
ACROSS = {
    "every level": ("держится на всех уровнях", "holds at every level"),
    "beginners only": ("только у новичков", "only among beginners"),
    "strong only": ("только у сильных игроков", "only among strong players"),
    "opposite signs": ("меняет знак с уровнем игры", "changes sign with the level of play"),
    "some levels": ("не на всех уровнях", "not at every level"),
    "no effect": ("нет эффекта", "no effect"),
}


def across_words(key: str, lang: str) -> str:
    ru, en = ACROSS[key]
    return ru if lang == "ru" else en
