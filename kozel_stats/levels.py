"""The level of play an answer holds at: three named levels, each a bot every seat plays.

One declaration: `compare`, `sweep`, the report's headlines and the atlas all read LEVELS. A level is a
name a yard understands («новичок», «игрок», «знаток»), not a bot id; `--bots` stays for any other mix.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Level:
    name: str  # the id on the command line: beginner, player, expert
    bot: str  # the bot every seat plays (codes.BOT_IDS)
    ru: str  # the level in Russian, for headlines («при игре новичков»)
    en: str
    ru_who: str  # who plays, in the genitive plural: «верно для новичков»
    en_who: str


LEVELS: dict[str, Level] = {
    level.name: level
    for level in (
        Level("beginner", "random", "новичок", "beginner", "новичков", "beginners"),
        Level("player", "counter", "игрок", "player", "игроков", "players"),
        Level("expert", "expert", "знаток", "expert", "знатоков", "experts"),
    )
}
DEFAULT_LEVEL = "player"


def level(name: str) -> Level:
    """The level called `name`; a clear ValueError naming the three otherwise."""
    key = name.strip().lower()
    if key not in LEVELS:
        raise ValueError(f"--level: {name!r} is not a level of play; choose one of {', '.join(LEVELS)}.")
    return LEVELS[key]


def parse_levels(spec: str) -> list[Level]:
    """'beginner,player,expert' -> the three levels, in the order given, each once."""
    names = [part for part in (p.strip() for p in spec.split(",")) if part]
    if not names:
        raise ValueError(f"--levels: give at least one of {', '.join(LEVELS)}.")
    found: list[Level] = []
    for name in names:
        found_level = level(name)
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
