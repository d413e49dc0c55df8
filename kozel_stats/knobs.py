"""The knobs of a rule variant: every rule where yards differ, declared once.

Each knob has its type, its allowed values, its default (the rules of the main text,
sections 1-8) and the words of the rule, so that validation (`rules`), the engine's
parameter array (`codes.compile_rules`), `variants show`, the README and the reports
all read the same table. Pure data: importing it costs nothing.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Knob:
    name: str
    kind: type  # int, bool or str
    default: Any
    rule: str  # the words of the rule, shown by `variants show` and reports
    choices: tuple[str, ...] = ()  # for str knobs
    pattern: str | None = None  # extra str values matching this regex
    low: int | None = None  # for int knobs
    high: int | None = None
    meaning: dict[str, str] = field(default_factory=dict)  # per choice


LEAD_DOUBLE = re.compile(r"^double-([0-6])\1$")

KNOBS: tuple[Knob, ...] = (
    Knob("players", int, 4, "Number of players: 4 in pairs; 2, 3 or 4 each for himself.", low=2, high=4),
    Knob(
        "pairs",
        bool,
        True,
        "Two pairs, partners opposite (false: каждый сам за себя, every player scores alone, "
        "the undealt tiles form the bazaar).",
    ),
    Knob(
        "layout",
        str,
        "chain",
        "How tiles are laid out.",
        choices=("chain", "cross"),
        meaning={
            "chain": "a chain with two ends; doubles are laid across and change nothing",
            "cross": "Осёл «Крест»: the first double of a deal is a house open on four sides; one to four "
            "doubles per move, each on its own end; a double may be laid closed (its end is dead)",
        },
    ),
    Knob(
        "redeal_doubles",
        int,
        5,
        "Redeal (передача) when a hand holds at least this many doubles; 0 = never.",
        low=0,
        high=7,
    ),
    Knob(
        "redeal_suit",
        int,
        6,
        "Redeal when a hand holds at least this many tiles of one suit; 0 = never.",
        low=0,
        high=7,
    ),
    Knob(
        "first_lead",
        str,
        "double-11",
        "Who opens the first deal of a game, and with what.",
        choices=("lowest-double", "lowest-double-or-heaviest"),
        pattern=LEAD_DOUBLE.pattern,
        meaning={
            "double-NN": "the holder of the double NN leads and must play it",
            "lowest-double": "the holder of the lowest double dealt leads and must play it",
            "lowest-double-or-heaviest": "the holder of the lowest double in the hands leads with it; "
            "with no double in any hand, the holder of the heaviest tile leads with it",
        },
    ),
    Knob(
        "next_lead",
        str,
        "last-mover",
        "Who leads the later deals of a game (with any tile).",
        choices=("last-mover", "fish-winner", "round-robin", "winners-choose"),
        meaning={
            "last-mover": "whoever made the last move: the player who went out, or the fisherman",
            "fish-winner": "after an out the player who went out; after a fish the fisherman "
            "if his side won it, else the next player clockwise of the winning side; "
            "after eggs the fisherman",
            "round-robin": "the player clockwise of the previous deal's leader",
            "winners-choose": "after an out the winning side chooses which of its two players "
            "leads (long suit, few doubles, many suits); after a fish the fisherman",
        },
    ),
    Knob(
        "two_doubles",
        bool,
        True,
        "With different ends and both matching doubles in hand, both may be played in one move.",
    ),
    Knob(
        "fish_winner",
        str,
        "lower-sum",
        "Which side wins a fish (рыба).",
        choices=("lower-sum", "fisherman"),
        meaning={
            "lower-sum": "the side with the lower plain sum in hand; equal sums are eggs",
            "fisherman": "always the fisherman's side (sums are not compared, no eggs)",
        },
    ),
    Knob(
        "fish_writes",
        str,
        "own",
        "What the side that lost a fish writes.",
        choices=("own", "all", "difference"),
        meaning={
            "own": "its own hands",
            "all": "the hands of all four players",
            "difference": "the difference of the two sides' sums",
        },
    ),
    Knob(
        "threshold",
        str,
        "once",
        "Threshold (порог) on the points a side writes.",
        choices=("once", "every-deal", "none"),
        meaning={
            "once": "a side writes nothing below the threshold until its first writing opens its score",
            "every-deal": "a deal's points below the threshold are never written",
            "none": "every point is written",
        },
    ),
    Knob("threshold_value", int, 13, "The threshold value.", low=1, high=400),
    Knob(
        "specials",
        str,
        "per-player",
        "How a lone 00 or 66 left in a losing hand is valued.",
        choices=("per-player", "per-pair", "plain"),
        meaning={
            "per-player": "a losing player's hand of exactly {00}, {66} or {00,66} is worth "
            "lone_00, lone_66 or both_00_66",
            "per-pair": "the same, judged on the losing pair's two hands together",
            "plain": "no special values: 00 counts 0, 66 counts 12",
        },
    ),
    Knob("lone_00", int, 25, "Value of a hand of exactly {00}.", low=0, high=400),
    Knob("lone_66", int, 50, "Value of a hand of exactly {66}.", low=0, high=400),
    Knob("both_00_66", int, 75, "Value of a hand of exactly {00, 66}.", low=0, high=400),
    Knob(
        "eggs",
        str,
        "one-side",
        "What a fish with equal sums (яйца) carries to the loser of the next deal.",
        choices=("one-side", "both-sides", "none"),
        meaning={
            "one-side": "one side's sum; the threshold applies to the total; eggs accumulate",
            "both-sides": "both sides' sums",
            "none": "nothing: the deal is simply replayed with a new deal",
        },
    ),
    Knob("target", int, 101, "A side with at least this score loses the game (козлы).", low=1, high=10000),
    Knob(
        "general",
        bool,
        False,
        "«Генерал»: going out with 00 and 66 in one move ends the game, the other side "
        "losing in disgrace whatever the score.",
    ),
    Knob(
        "shared_score",
        bool,
        False,
        "One score for both sides (Морской): a side whose writing opens its score burns the "
        "other side's score to 0, and that side must open again.",
    ),
    Knob(
        "out_66_writes",
        int,
        0,
        "When the out move holds 66 (and no 00), the losers write this instead of their hands; 0 = off (Морской: 100).",
        low=0,
        high=10000,
    ),
    Knob(
        "out_00_ends_game",
        bool,
        False,
        "An out whose move holds 00 ends the game at once: the side that went out wins, whatever the score (Морской).",
    ),
    Knob(
        "memory",
        bool,
        False,
        "Memory of points (Осёл): a losing side's total under the threshold is remembered and added to its "
        "next loss; it is forgotten when the side does not lose the next deal, and kept through eggs.",
    ),
    Knob(
        "closed_before_house",
        str,
        "any",
        "Осёл: which doubles may be laid closed before the house (the first double laid open) exists.",
        choices=("any", "closing-pair-only"),
        meaning={
            "any": "any double may be laid closed; it only closes its end, the house is still to come",
            "closing-pair-only": "only the pair that closes both ends at once (the early closure); a move "
            "that lays an open double first may close the others (text 004)",
        },
    ),
    Knob(
        "solo_fish",
        str,
        "visible",
        "Каждый сам за себя with a bazaar: when a fish ends the deal (never decided from hidden tiles).",
        choices=("visible", "draw-down", "take-all"),
        meaning={
            "visible": "at once when the table shows it (every tile of the open end values is on the table); "
            "otherwise play goes on, drawing and knocking, and a full round of knocks is a fish",
            "draw-down": "when the table shows it, the player to move first draws the bazaar down to its last tile",
            "take-all": "when the table shows it, the player to move first takes the whole bazaar, the last "
            "tile too (text 004)",
        },
    ),
    Knob(
        "solo_eggs",
        str,
        "none",
        "Каждый сам за себя: what a fish with all sums equal (яйца) carries to the next deal's loser.",
        choices=("none", "one-hand", "all-hands"),
        meaning={
            "none": "nothing",
            "one-hand": "one player's sum, to the next deal's losing player with the most pips left (text 004)",
            "all-hands": "all players' sums, to the same player",
        },
    ),
    Knob(
        "out_00_writes",
        bool,
        False,
        "When an out on 00 ends the game (out_00_ends_game), the deal is written first; false: nothing is "
        "written, the game is simply over.",
    ),
    Knob(
        "max_deals",
        int,
        1000,
        "Safety cut-off: a game still going after this many deals is recorded as cut off.",
        low=1,
        high=100000,
    ),
)

KNOB_BY_NAME = {k.name: k for k in KNOBS}
DEFAULTS: dict[str, Any] = {k.name: k.default for k in KNOBS}


def _allowed(knob: Knob) -> str:
    if knob.kind is bool:
        return "true / false"
    if knob.kind is int:
        return f"{knob.low}..{knob.high}"
    values = list(knob.choices)
    if knob.pattern:
        values.insert(0, "double-NN")
    return " / ".join(values)


def markdown_table() -> str:
    """The README's knob table, generated from KNOBS (a test checks the README holds it):
    `python -m kozel_stats.knobs` prints it."""
    lines = ["| knob | default | allowed | rule |", "|---|---|---|---|"]
    for k in KNOBS:
        default = str(k.default).lower() if isinstance(k.default, bool) else k.default
        lines.append(f"| `{k.name}` | {default} | {_allowed(k)} | {k.rule} |")
    return "\n".join(lines)


if __name__ == "__main__":
    print(markdown_table())
