"""Rule variants: the YAML schema, loading with `extends`, validation and hashing.

A variant file lists only the knobs where it differs from the variant it
extends. Every knob is declared once in `KNOBS` with its type, its allowed
values, its default (the rules of 000_17673d241f9d41ef.txt, sections 1-8) and
the words of the rule, so that validation, `variants show`, the README and the
reports all read the same table.
"""

from __future__ import annotations

import hashlib
import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from .errors import VariantError


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
        "pairs", bool, True,
        "Two pairs, partners opposite (false: каждый сам за себя, every player scores alone, "
        "the undealt tiles form the bazaar).",
    ),
    Knob(
        "layout", str, "chain",
        "How tiles are laid out.",
        choices=("chain", "cross"),
        meaning={
            "chain": "a chain with two ends; doubles are laid across and change nothing",
            "cross": "Осёл «Крест»: the first double of a deal is a house open on four sides; one to four "
            "doubles per move, each on its own end; a double may be laid closed (its end is dead)",
        },
    ),
    Knob(
        "redeal_doubles", int, 5,
        "Redeal (передача) when a hand holds at least this many doubles; 0 = never.",
        low=0, high=7,
    ),
    Knob(
        "redeal_suit", int, 6,
        "Redeal when a hand holds at least this many tiles of one suit; 0 = never.",
        low=0, high=7,
    ),
    Knob(
        "first_lead", str, "double-11",
        "Who opens the first deal of a game, and with what.",
        choices=("lowest-double", "lowest-double-or-heaviest"), pattern=LEAD_DOUBLE.pattern,
        meaning={
            "double-NN": "the holder of the double NN leads and must play it",
            "lowest-double": "the holder of the lowest double dealt leads and must play it",
            "lowest-double-or-heaviest": "the holder of the lowest double in the hands leads with it; "
            "with no double in any hand, the holder of the heaviest tile leads with it",
        },
    ),
    Knob(
        "next_lead", str, "last-mover",
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
        "two_doubles", bool, True,
        "With different ends and both matching doubles in hand, both may be played in one move.",
    ),
    Knob(
        "fish_winner", str, "lower-sum",
        "Which side wins a fish (рыба).",
        choices=("lower-sum", "fisherman"),
        meaning={
            "lower-sum": "the side with the lower plain sum in hand; equal sums are eggs",
            "fisherman": "always the fisherman's side (sums are not compared, no eggs)",
        },
    ),
    Knob(
        "fish_writes", str, "own",
        "What the side that lost a fish writes.",
        choices=("own", "all", "difference"),
        meaning={
            "own": "its own hands",
            "all": "the hands of all four players",
            "difference": "the difference of the two sides' sums",
        },
    ),
    Knob(
        "threshold", str, "once",
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
        "specials", str, "per-player",
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
        "eggs", str, "one-side",
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
        "general", bool, False,
        "«Генерал»: going out with 00 and 66 in one move ends the game, the other side "
        "losing in disgrace whatever the score.",
    ),
    Knob(
        "shared_score", bool, False,
        "One score for both sides (Морской): a side whose writing opens its score burns the "
        "other side's score to 0, and that side must open again.",
    ),
    Knob(
        "out_66_writes", int, 0,
        "When the out move holds 66 (and no 00), the losers write this instead of their hands; "
        "0 = off (Морской: 100).",
        low=0, high=10000,
    ),
    Knob(
        "out_00_ends_game", bool, False,
        "An out whose move holds 00 ends the game at once: the side that went out wins, "
        "whatever the score (Морской).",
    ),
    Knob(
        "memory", bool, False,
        "Memory of points (Осёл): a losing side's total under the threshold is remembered and added to its "
        "next loss; it is forgotten when the side does not lose the next deal, and kept through eggs.",
    ),
    Knob(
        "max_deals", int, 1000,
        "Safety cut-off: a game still going after this many deals is recorded as cut off.",
        low=1, high=100000,
    ),
)

KNOB_BY_NAME = {k.name: k for k in KNOBS}
DEFAULTS: dict[str, Any] = {k.name: k.default for k in KNOBS}
TOP_KEYS = ("name", "description", "source", "extends", "game", "rules")
GAMES = ("kozel",)


@dataclass(frozen=True)
class Variant:
    """A fully resolved rule variant: every knob has a value."""

    name: str
    description: str
    source: str
    game: str
    rules: tuple[tuple[str, Any], ...]  # knob name -> value, in KNOBS order
    path: str | None = None
    extends: str | None = None

    def __getitem__(self, knob: str) -> Any:
        return dict(self.rules)[knob]

    @property
    def rule_dict(self) -> dict[str, Any]:
        return dict(self.rules)

    def differences(self, other: "Variant") -> dict[str, tuple[Any, Any]]:
        """Knobs whose values differ: name -> (this value, other value)."""
        mine, theirs = self.rule_dict, other.rule_dict
        return {k: (mine[k], theirs[k]) for k in mine if mine[k] != theirs[k]}

    @property
    def content_hash(self) -> str:
        """Hash of what changes play: the game and the knob values (not names or prose)."""
        payload = json.dumps({"game": self.game, "rules": self.rule_dict}, sort_keys=True)
        return hashlib.sha256(payload.encode()).hexdigest()[:16]

    def to_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "description": self.description,
            "source": self.source,
            "game": self.game,
            "extends": self.extends,
            "hash": self.content_hash,
            "rules": self.rule_dict,
        }


def shipped_dir() -> Path:
    """The folder of the variants shipped with the package."""
    repo = Path(__file__).resolve().parent.parent / "variants"
    if repo.is_dir():
        return repo
    from importlib.resources import files

    return Path(str(files("kozel_stats.variants")))


def shipped_names() -> list[str]:
    return sorted(p.stem for p in shipped_dir().glob("*.yaml"))


def _allowed_text(knob: Knob) -> str:
    if knob.kind is bool:
        return "true or false"
    if knob.kind is int:
        return f"an integer from {knob.low} to {knob.high}"
    values = list(knob.choices)
    if knob.pattern:
        values.insert(0, "double-NN (NN one of 00, 11, ..., 66)")
    return "one of " + ", ".join(values)


def check_value(knob: Knob, value: Any, where: str) -> None:
    """Raise VariantError unless `value` is allowed for `knob`."""
    bad = f"{where}: key '{knob.name}' has the bad value {value!r}; allowed: {_allowed_text(knob)}."
    if knob.kind is bool:
        if not isinstance(value, bool):
            raise VariantError(bad)
    elif knob.kind is int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise VariantError(bad)
        if not (knob.low <= value <= knob.high):
            raise VariantError(bad)
    else:
        if not isinstance(value, str):
            raise VariantError(bad)
        if value not in knob.choices and not (knob.pattern and re.match(knob.pattern, value)):
            raise VariantError(bad)


def _read_yaml(path: Path) -> dict[str, Any]:
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise VariantError(f"{path}: no such variant file.") from None
    except IsADirectoryError:
        raise VariantError(f"{path}: is a folder, not a variant file.") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise VariantError(f"{path}: cannot be read ({exc}).") from None
    try:
        data = yaml.safe_load(text)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f" at line {mark.line + 1}, column {mark.column + 1}" if mark else ""
        problem = getattr(exc, "problem", None) or str(exc).splitlines()[0]
        raise VariantError(f"{path}: YAML syntax error{where}: {problem}.") from None
    if not isinstance(data, dict):
        raise VariantError(f"{path}: a variant file must be a mapping with keys {', '.join(TOP_KEYS)}.")
    return data


def _resolve_extends(name: str, here: Path) -> Path:
    for folder in (here.parent, shipped_dir()):
        candidate = folder / f"{name}.yaml"
        if candidate.is_file():
            return candidate
    raise VariantError(
        f"{here}: key 'extends' names the unknown variant {name!r}; allowed: a variant file "
        f"in {here.parent} or a shipped variant ({', '.join(shipped_names())})."
    )


def _load_raw(path: Path, chain: tuple[Path, ...]) -> tuple[dict[str, Any], dict[str, Any]]:
    """Return (top-level fields of this file, merged rules along its extends chain)."""
    resolved = path.resolve()
    if resolved in chain:
        cycle = " -> ".join(p.stem for p in chain + (resolved,))
        raise VariantError(f"{path}: key 'extends' makes a cycle: {cycle}.")
    data = _read_yaml(path)
    for key in data:
        if key not in TOP_KEYS:
            raise VariantError(f"{path}: unknown key {key!r}; allowed top-level keys: {', '.join(TOP_KEYS)}.")
    for key in ("name", "description", "source"):
        if key not in data:
            raise VariantError(f"{path}: missing key '{key}' (every variant states its name, description and source).")
        if not isinstance(data[key], str) or not data[key].strip():
            raise VariantError(f"{path}: key '{key}' must be a non-empty string, not {data[key]!r}.")
    if data["name"] != path.stem:
        raise VariantError(f"{path}: key 'name' is {data['name']!r} but must equal the file name {path.stem!r}.")
    game = data.get("game", "kozel")
    if game not in GAMES:
        raise VariantError(f"{path}: key 'game' has the bad value {game!r}; allowed: one of {', '.join(GAMES)}.")
    rules = data.get("rules") or {}
    if not isinstance(rules, dict):
        raise VariantError(f"{path}: key 'rules' must be a mapping of knob: value, not {type(rules).__name__}.")
    for key, value in rules.items():
        knob = KNOB_BY_NAME.get(key)
        if knob is None:
            raise VariantError(
                f"{path}: unknown key 'rules.{key}'; allowed knobs: {', '.join(KNOB_BY_NAME)}."
            )
        check_value(knob, value, str(path))
    parent = data.get("extends")
    if parent is None:
        merged = dict(DEFAULTS)
    else:
        if not isinstance(parent, str):
            raise VariantError(f"{path}: key 'extends' must be a variant name, not {parent!r}.")
        _, merged = _load_raw(_resolve_extends(parent, path), chain + (resolved,))
    merged.update(rules)
    return data, merged


def check_combination(rules: dict[str, Any], path: Path) -> None:
    """Knobs that only make sense together."""
    if rules["pairs"] and rules["players"] != 4:
        raise VariantError(
            f"{path}: key 'players' is {rules['players']} but 'pairs: true' needs 4 players; "
            "set 'pairs: false' for каждый сам за себя."
        )
    if rules["layout"] == "cross" and not rules["pairs"]:
        raise VariantError(f"{path}: key 'layout' is 'cross' (Осёл), which is played in pairs; set 'pairs: true'.")


def load_variant(spec: str | Path) -> Variant:
    """Load a variant from a file path or the name of a shipped variant."""
    path = Path(spec)
    if not path.suffix and not path.exists():
        candidate = shipped_dir() / f"{spec}.yaml"
        if not candidate.is_file():
            raise VariantError(
                f"{spec}: unknown variant; give a .yaml file or one of: {', '.join(shipped_names())}."
            )
        path = candidate
    data, merged = _load_raw(path, ())
    check_combination(merged, path)
    return Variant(
        name=data["name"],
        description=data["description"].strip(),
        source=data["source"].strip(),
        game=data.get("game", "kozel"),
        rules=tuple((k.name, merged[k.name]) for k in KNOBS),
        path=str(path),
        extends=data.get("extends"),
    )


def load_variants(specs: list[str]) -> list[Variant]:
    """Load every spec; a folder stands for all *.yaml files in it."""
    out: list[Variant] = []
    for spec in specs:
        path = Path(spec)
        if path.is_dir():
            files = sorted(path.glob("*.yaml"))
            if not files:
                raise VariantError(f"{path}: folder holds no variant files (*.yaml).")
            out.extend(load_variant(f) for f in files)
        else:
            out.append(load_variant(spec))
    return out


def default_variant() -> Variant:
    return load_variant(shipped_dir() / "default.yaml")
