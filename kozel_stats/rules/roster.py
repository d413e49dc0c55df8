"""The bots, declared once: the name --bots reads, the engine's kind, what each does, and its names in prose.
codes.BOT_IDS / BOT_DOCS, bots.py's kernel constants, words' names, the command line's help and the table of
docs/bots.md are read from here. A base module without numpy, so that the command line's help can list the bots
without loading it."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Bot:
    """A bot, declared once: what --bots reads, the engine's kind, what it does, and its names in prose."""

    name: str  # what --bots reads (and records and results name)
    kind: int  # the engine's code (bots.py's BOT_*; an id with a parameter keeps it in the low bits)
    doc: str  # what it does, in English
    ru: str  # its name in Russian prose («случайный»)
    en: str  # its name in English prose
    most: int = 0  # the largest N of `name:N` (its worlds or deals per decision); 0: it takes no parameter


BOTS = (
    Bot(
        "random",
        0,
        "uniform over the distinct legal moves",
        "случайный",
        "random",
    ),
    Bot(
        "heavy",
        1,
        "sheds the most pips (both tiles of a two-doubles move count; under Чечевэ's rules a 66 also weighs "
        "what it costs left in hand, and a 00 more than any tile); ties at random",
        "тяжеловес",
        "heavy",
    ),
    Bot(
        "doubles",
        2,
        "gets rid of doubles first (the heaviest double first, two at once if it can), then the "
        "heaviest tile; ties at random",
        "дублист",
        "doubles",
    ),
    Bot(
        "partner",
        3,
        "keeps open the end values its partner fed and away from those he knocked on; leads from its "
        "longest suit; otherwise heavy; ties at random (without a partner: heavy, and the lead rule)",
        "партнёр",
        "partner",
    ),
    Bot(
        "counter",
        4,
        "counts tiles, knocks and hand sizes, never sees a hidden tile: goes out; makes a fish when its "
        "side is likely lighter, never when likely heavier; keeps an end only it can answer («сидит на "
        "конце»); makes ends the opponents cannot answer (the next player first); otherwise doubles "
        "first, then the heaviest tile; ties at random",
        "счётчик",
        "counter",
    ),
    Bot(
        "sampler",
        5,
        "reference player: deals the unseen tiles at random consistently with hand sizes and knocks "
        "(24 worlds per decision; sampler:N for N) and plays each legal move out to the end of the deal "
        "with everyone playing like counter; picks the best average deal result for its side; slow",
        "перебор",
        "sampler",
        100_000,
    ),
    Bot(
        "first",
        6,
        "always plays the first of its legal moves (in the engine's order), without any randomness: the "
        "same table gives the same move, so a game of four `first` bots is decided by the deal alone (the "
        "check of `compare --skill`'s deal-decides measure)",
        "первый ход",
        "first",
    ),
    Bot(
        "general",
        7,
        "Генерал: goes out on 00 / 66 when it can, else goes out; never lays 00 / 66 before its out; keeps "
        "open the ends its own 00 / 66 wait for; then the heaviest tile; ties at random",
        "генерал",
        "general",
    ),
    Bot(
        "general-signal",
        8,
        "general, and reads its partner's signals (a wink for 00, a puffed cheek for 66): starves the "
        "ends its partner's 00 / 66 wait for (he is never forced to lay it early) and opens those an opponent's "
        "wait for (to force it out before his out)",
        "генерал с сигналами",
        "general with signals",
    ),
    Bot(
        "expert",
        9,
        "searching player: deals the unseen tiles consistently with hand sizes, knocks and the bazaar, weighed by "
        "how likely the other players' moves were (8 to 24 deals per decision; expert:N for N), searches the rest "
        "of the deal on each with the hands open (the next player's reply weighed by a model of a player who sees "
        "only his hand, exact near the end, the engine's scoring in the game's context) and plays the best average",
        "знаток",
        "expert",
        10_000,
    ),
)


@dataclass(frozen=True)
class Setting:
    """A named setting of a bot (bots.parse_bot reads it; it plays with the bot's kind, its id carries the
    setting): `name` and `name:N`, N as the bot's."""

    name: str
    bot: str  # the bot it is a setting of
    doc: str


SETTINGS = (
    Setting(
        "expert-classic",
        "expert",
        "issue 26's expert, kept for the benchmarks: expert without its reading of the play (its deals are "
        "not weighed by the other players' moves) nor of the bazaar's draws (a drawer may be dealt a tile "
        "that fitted when he drew)",
    ),
)

#: The bots that take a parameter, and the largest N of `name:N`
PARAMETRIC = {bot.name: bot.most for bot in BOTS if bot.most}
#: What --bots reads for one seat, as the help lists it
CHOICES = ", ".join(
    [
        *(bot.name for bot in BOTS),
        *(f"{name}:N" for name in PARAMETRIC),
        *(name for setting in SETTINGS for name in (setting.name, f"{setting.name}:N")),
    ]
)


def markdown_table() -> str:
    """The bot table of docs/bots.md, generated from BOTS (a test checks the page holds it):
    `python -m kozel_stats.rules.roster` prints it."""
    lines = ["| bot | how it plays |", "|---|---|"]
    for bot in BOTS:
        names = f"`{bot.name}`, `{bot.name}:N`" if bot.most else f"`{bot.name}`"
        lines.append(f"| {names} | {bot.doc} |")
    for setting in SETTINGS:
        lines.append(f"| `{setting.name}`, `{setting.name}:N` | {setting.doc} |")
    return "\n".join(lines)


if __name__ == "__main__":
    print(markdown_table())
