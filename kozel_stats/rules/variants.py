"""Rule variants: the YAML schema, loading with `extends`, validation and hashing.

A variant file lists only the knobs where it differs from the variant it
extends. Every knob is declared once in `KNOBS` with its type, its allowed
values, its default (the rules of 000_17673d241f9d41ef.txt, sections 1-8) and
the words of the rule, so that validation, `variants show`, the README and the
reports all read the same table.
"""

from __future__ import annotations

import functools
import hashlib
import json
import os
import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from ..text import (
    messages,
    notice_texts,  # noqa: F401  (importing these declares the sentences this module says: its notices,
    rule_texts,  # noqa: F401  its errors)
    system_texts,  # noqa: F401  (a file that cannot be read: files.cannot_read)
)
from ..text.errors import VariantError
from .knobs import DEFAULTS, KNOB_BY_NAME, KNOBS, LEAD_DOUBLE, Knob

__all__ = [
    "DEFAULTS",
    "KNOB_BY_NAME",
    "KNOBS",
    "LEAD_DOUBLE",
    "Knob",
    "Variant",
    "VariantError",
    "load_variant",
    "load_variants",
    "shipped_dir",
    "shipped_names",
    "default_variant",
    "check_value",
    "with_rules",
    "parse_knob_value",
    "format_knob_value",
]


TOP_KEYS = ("name", "title", "description", "source", "extends", "game", "rules")
GAMES = ("kozel",)
LANGUAGES = ("en", "ru")


@dataclass(frozen=True)
class Variant:
    """A fully resolved rule variant: every knob has a value."""

    name: str
    description: str  # English, one line
    source: str
    game: str
    rules: tuple[tuple[str, Any], ...]  # knob name -> value, in KNOBS order
    path: str | None = None
    extends: str | None = None
    titles: tuple[tuple[str, str], ...] = ()  # language -> a short title ("Рыба рыбаку")
    descriptions: tuple[tuple[str, str], ...] = ()  # language -> the one-line description

    def title(self, lang: str = "en") -> str:
        """The variant's short title in `lang` (the other language, or the file name, if absent)."""
        titles = dict(self.titles)
        return titles.get(lang) or next(iter(titles.values()), self.name)

    def describe(self, lang: str = "en") -> str:
        """The one-line description in `lang` (English when the file has no other)."""
        descriptions = dict(self.descriptions)
        return descriptions.get(lang) or self.description

    def __getitem__(self, knob: str) -> Any:
        return dict(self.rules)[knob]

    @property
    def rule_dict(self) -> dict[str, Any]:
        return dict(self.rules)

    def differences(self, other: Variant) -> dict[str, tuple[Any, Any]]:
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
            "title": dict(self.titles),
            "description": self.description,
            "descriptions": dict(self.descriptions),
            "source": self.source,
            "game": self.game,
            "extends": self.extends,
            "hash": self.content_hash,
            "rules": self.rule_dict,
        }


def unknown_knob(key: str, where: str, shown: str | None = None) -> VariantError:
    """An unknown knob, with «вы имели в виду …?» and the closest knob names (Russian short names count)."""
    from ..text.say import closest, did_you_mean

    aliases = {k.short_ru: k.name for k in KNOBS if k.short_ru}
    near = closest(key, list(KNOB_BY_NAME), aliases)
    tail: messages.Both | messages.Sentence
    if near:
        tail = messages.Both(did_you_mean(near, "en"), did_you_mean(near, "ru"))
    else:
        tail = messages.Sentence("variants.knobs_listed", knobs=", ".join(KNOB_BY_NAME))
    if shown:
        return VariantError.keyed("variants.unknown_key", where=where, shown=shown, tail=tail)
    return VariantError.keyed("variants.unknown_knob", where=where, key=key, tail=tail)


@functools.lru_cache(maxsize=1)
def shipped_titles() -> dict[str, dict[str, str]]:
    """The titles of the shipped variants: name -> {language: title}, for names typed as titles."""
    out: dict[str, dict[str, str]] = {}
    for path in sorted(shipped_dir().glob("*.yaml")):
        try:
            title = _read_yaml(path).get("title")
        except VariantError:
            continue
        if isinstance(title, dict):
            out[path.stem] = {str(k): str(v) for k, v in title.items()}
        elif isinstance(title, str):
            out[path.stem] = {"en": title}
    return out


def by_title(spec: str) -> str | None:
    """The shipped variant whose Russian or English title is `spec` (case, ё/е, quotes aside), when exactly
    one is: «рыба рыбаку» -> fish-to-fisherman."""
    from ..text.say import normal

    typed = normal(spec)
    names = {name for name, titles in shipped_titles().items() for t in titles.values() if normal(t) == typed}
    return names.pop() if len(names) == 1 else None


def unknown_variant(spec: str) -> VariantError:
    """An unknown variant name, with the closest names and titles («вы имели в виду …?»)."""
    from ..text.say import closest, did_you_mean

    names = shipped_names()
    titles = shipped_titles()
    aliases = {t: name for name, ts in titles.items() for t in ts.values()}
    near = closest(spec, names, aliases)
    n = len(names)
    shown_en = [f"{x} ({titles[x]['en']})" if titles.get(x, {}).get("en") else x for x in near]
    shown_ru = [f"{x} («{titles[x]['ru']}»)" if titles.get(x, {}).get("ru") else x for x in near]
    hint = messages.Both(did_you_mean(shown_en, "en"), did_you_mean(shown_ru, "ru"))
    listing = messages.Sentence("variants.listing", n=n)
    return VariantError.keyed("variants.unknown_variant", spec=spec, hint=hint, listing=listing)


def shipped_dir() -> Path:
    """The folder of the variants shipped with the package."""
    repo = Path(__file__).resolve().parents[2] / "variants"  # a clone: the repository's variants/
    if repo.is_dir():
        return repo
    from importlib.resources import files

    return Path(str(files("kozel_stats.variants")))


def shipped_names() -> list[str]:
    return sorted(p.stem for p in shipped_dir().glob("*.yaml"))


def _allowed(knob: Knob) -> messages.Sentence:
    """What a knob allows, in the reader's language: 'an integer from 1 to 10000' / «целое число от 1 до 10 000»."""
    if knob.kind is bool:
        return messages.Sentence("variants.allowed.bool")
    if knob.kind is int:
        return messages.Sentence("variants.allowed.int", low=knob.low, high=knob.high)
    values = ", ".join(knob.choices)
    if knob.pattern:
        return messages.Sentence("variants.allowed.double" + ("_or" if values else ""), values=values)
    return messages.Sentence("variants.allowed.one_of", values=values)


def check_value(knob: Knob, value: Any, where: str | messages.Sentence) -> None:
    """Raise VariantError unless `value` is allowed for `knob`."""

    def bad() -> VariantError:
        return VariantError.keyed(
            "variants.bad_value", where=where, knob=knob.name, value=value, allowed=_allowed(knob)
        )

    if knob.kind is bool:
        if not isinstance(value, bool):
            raise bad()
    elif knob.kind is int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise bad()
        if knob.low is None or knob.high is None or not knob.low <= value <= knob.high:
            raise bad()
    else:
        if not isinstance(value, str):
            raise bad()
        if value not in knob.choices and not (knob.pattern and re.match(knob.pattern, value)):
            raise bad()


MAX_VARIANT_BYTES = 256 * 1024  # a variant file is a few hundred bytes
MAX_YAML_NODES = 10_000  # the whole document, aliases expanded: no "billion laughs"


#: libyaml's parser when PyYAML has it (ten times faster: `kozel-stats variants` reads every shipped file)
_BaseLoader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


class _StrictLoader(_BaseLoader):  # type: ignore[valid-type,misc]
    """yaml.SafeLoader that refuses a key given twice in one mapping (YAML itself lets the
    last one win silently: `target: 50` then `target: 200` would mean 200)."""

    def construct_mapping(self, node, deep=False):
        seen: dict[Any, int] = {}
        for key_node, value_node in node.value:
            key = self.construct_object(key_node, deep=True)
            line = key_node.start_mark.line + 1
            if isinstance(key, (str, int, bool, float)) and key in seen:
                raise VariantError.keyed("variants.key_given_twice_lines", key=key, seen_key=seen[key], line=line)
            if isinstance(key, (str, int, bool, float)):
                seen[key] = line
            try:
                self.construct_object(value_node, deep=deep)
            except ValueError as exc:  # e.g. an integer beyond Python's digit limit
                why = (
                    messages.Sentence("variants.integer_far_too_large")
                    if "digits" in str(exc)
                    else messages.foreign(str(exc).splitlines()[0][:120])
                )
                raise VariantError.keyed("variants.key_line_value_cannot", key=key, line=line, why=why) from None
        return super().construct_mapping(node, deep=deep)


def _expanding_key(node, limit: int) -> str | None:
    """Where an alias bomb expands: the knob (a key of `rules`) first, else the top-level key."""
    if not isinstance(node, yaml.MappingNode):
        return None
    keys = [(k.value if isinstance(k, yaml.ScalarNode) else "?", v) for k, v in node.value]
    for name, value in keys:
        if name == "rules" and isinstance(value, yaml.MappingNode):
            for k, v in value.value:
                knob = k.value if isinstance(k, yaml.ScalarNode) else "?"
                if _count_nodes(v, limit) > limit:
                    return f"the knob {str(knob)[:60]!r} (rules.{str(knob)[:60]}, line {k.start_mark.line + 1})"
    for name, value in keys:
        if _count_nodes(value, limit) > limit:
            return f"the key {str(name)[:60]!r} (line {value.start_mark.line + 1})"
    return None


def _count_nodes(node, limit: int) -> int:
    """Nodes of a composed YAML document with every alias expanded, counting up to `limit`."""
    count = 0
    stack = [node]
    while stack:
        item = stack.pop()
        count += 1
        if count > limit:
            return count
        if isinstance(item, yaml.MappingNode):
            for key, value in item.value:
                stack.extend((key, value))
        elif isinstance(item, yaml.SequenceNode):
            stack.extend(item.value)
    return count


def _os_name(name: str) -> str:
    """A name of the text (`extends: наш двор`) as the file system's name of the file that holds it: the UTF-8
    bytes, as Python names them under LANG=C (surrogate escapes), else the name itself."""
    try:
        return os.fsdecode(name.encode("utf-8"))
    except UnicodeError:
        return name


def file_name_text(name: str) -> str:
    """A file name as its bytes say it in UTF-8: under LANG=C (an ASCII file system encoding, PYTHONUTF8=0)
    Python gives `наш двор` as undecodable bytes (surrogate escapes); the name in the file is text."""
    try:
        return os.fsencode(name).decode("utf-8")
    except UnicodeDecodeError:
        return name


def _read_yaml(path: Path) -> dict[str, Any]:
    try:
        size = path.stat().st_size
        if size > MAX_VARIANT_BYTES:
            raise VariantError.keyed(
                "variants.bytes_far_too_large", path=path, size=size, MAX_VARIANT_BYTES=MAX_VARIANT_BYTES
            )
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise VariantError.keyed("variants.such_variant_file", path=path) from None
    except IsADirectoryError:
        raise VariantError.keyed("variants.folder_variant_file", path=path) from None
    except (OSError, UnicodeDecodeError) as exc:
        raise VariantError.keyed("files.cannot_read", path=path, reason=exc) from None
    try:
        loader = _StrictLoader(text)
        try:
            node = loader.get_single_node()
            if node is not None and _count_nodes(node, MAX_YAML_NODES) > MAX_YAML_NODES:
                expanding = _expanding_key(node, MAX_YAML_NODES)
                key = "variants.yaml_expands" + ("_in" if expanding else "")
                raise VariantError.keyed(key, path=path, most=MAX_YAML_NODES, expanding=expanding)
            data = loader.construct_document(node) if node is not None else None
        finally:
            loader.dispose()
    except VariantError as exc:
        if str(exc).startswith(str(path)):
            raise
        raise VariantError.keyed("variants.message", path=path, reason=exc) from None
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        problem = messages.foreign(getattr(exc, "problem", None) or str(exc).splitlines()[0])
        if mark:
            line, column = mark.line + 1, mark.column + 1
            raise VariantError.keyed(
                "variants.yaml_syntax_at", path=path, line=line, column=column, problem=problem
            ) from None
        raise VariantError.keyed("variants.yaml_syntax", path=path, problem=problem) from None
    except (ValueError, RecursionError) as exc:  # e.g. an integer beyond Python's digit limit
        raise VariantError.keyed(
            "variants.value_cannot_read",
            path=path,
            reason=messages.cut(exc, 160, first_line=True),
        ) from None
    if not isinstance(data, dict):
        raise VariantError.keyed("variants.variant_file_mapping_keys", path=path, join_top_keys=", ".join(TOP_KEYS))
    return data


def _resolve_extends(name: str, here: Path) -> Path:
    if not (here.parent / f"{_os_name(name)}.yaml").is_file():
        name = _renamed(name)
    for folder in (here.parent, shipped_dir()):
        candidate = folder / f"{_os_name(name)}.yaml"
        if candidate.is_file():
            return candidate
    raise VariantError.keyed(
        "variants.key_extends_names_unknown",
        here=here,
        name=name,
        here_parent=here.parent,
        join_shipped_names=", ".join(shipped_names()),
    )


def _load_raw(path: Path, chain: tuple[Path, ...]) -> tuple[dict[str, Any], dict[str, Any]]:
    """Return (top-level fields of this file, merged rules along its extends chain)."""
    resolved = path.resolve()
    if resolved in chain:
        cycle = " -> ".join(p.stem for p in chain + (resolved,))
        raise VariantError.keyed("variants.key_extends_makes_cycle", path=path, cycle=cycle)
    data = _read_yaml(path)
    unknown = [str(key) for key in data if key not in TOP_KEYS]
    missing = [key for key in ("name", "description", "source") if key not in data]
    if unknown or missing:  # every problem of the keys in one message, not one per run
        parts = []
        if missing:
            quoted = ", ".join(f"'{k}'" for k in missing)
            parts.append(
                ("variants.top_keys.missing_keys" if len(missing) > 1 else "variants.top_keys.missing_key", quoted)
            )
        if unknown:
            quoted = ", ".join(repr(k) for k in unknown)
            parts.append(
                ("variants.top_keys.unknown_keys" if len(unknown) > 1 else "variants.top_keys.unknown_key", quoted)
            )
        en, ru = ("; ".join(messages.text(key, lang, quoted=q) for key, q in parts) for lang in ("en", "ru"))
        wrong = messages.Both(en, ru)
        raise VariantError.keyed("variants.top_keys", path=path, wrong=wrong, keys=", ".join(TOP_KEYS))
    for key in ("name", "source"):
        if not isinstance(data[key], str) or not data[key].strip():
            raise VariantError.keyed("variants.key_non_empty_string", path=path, key=key, data_key=data[key])
    for key in ("title", "description"):
        if key in data:
            _texts(data[key], key, path)
    if data["name"] != file_name_text(path.stem):
        raise VariantError.keyed("variants.key_name_but_equal", path=path, data_name=data["name"], path_stem=path.stem)
    game = data.get("game", "kozel")
    if game not in GAMES:
        raise VariantError.keyed("variants.key_game_bad_value", path=path, game=game, join_games=", ".join(GAMES))
    rules = data.get("rules") or {}
    if not isinstance(rules, dict):
        raise VariantError.keyed("variants.rules_not_mapping", path=path, kind=messages.type_is(type(rules)))
    for key, value in rules.items():
        knob = KNOB_BY_NAME.get(key)
        if knob is None:
            raise unknown_knob(key, str(path), f"'rules.{key}'")
        check_value(knob, value, str(path))
    parent = data.get("extends")
    if parent is None:
        merged = dict(DEFAULTS)
    else:
        if not isinstance(parent, str):
            raise VariantError.keyed("variants.key_extends_variant_name", path=path, parent=parent)
        _, merged = _load_raw(_resolve_extends(parent, path), chain + (resolved,))
    merged.update(rules)
    return data, merged


def _texts(value: Any, key: str, path: Path) -> dict[str, str]:
    """A prose field: one string (the same in every language) or {en: ..., ru: ...}."""
    if isinstance(value, str) and value.strip():
        return {"en": value.strip()}
    if (
        isinstance(value, dict)
        and value
        and all(k in LANGUAGES and isinstance(v, str) and v.strip() for k, v in value.items())
    ):
        return {k: v.strip() for k, v in value.items()}
    raise VariantError.keyed(
        "variants.key_non_empty_string_2", path=path, key=key, join_languages=", ".join(LANGUAGES), value=value
    )


#: What a variant's rules can be, decided once: the knobs that need one of these (KNOB_NEEDS) and the
#: metrics that mean something only under one (metrics.Metric.only, metrics.applies) read it by name.
CONDITIONS: dict[str, Callable[[dict[str, Any]], bool]] = {
    "cross": lambda rules: rules["layout"] == "cross",
    "chain": lambda rules: rules["layout"] == "chain",
    "bazaar": lambda rules: rules["tiles_each"] * rules["players"] < 28,  # fewer tiles dealt than the set's 28
    "solo": lambda rules: not rules["pairs"],
    "fast": lambda rules: rules["lead_repeats"] > 0 or bool(rules["voluntary_fast"]),
    "general": lambda rules: bool(rules["general"]),
    "generals": lambda rules: rules["scoring"] == "generals",
    "match": lambda rules: rules["match_deals"] > 0,
    "match-pairs": lambda rules: rules["match_deals"] > 0 and bool(rules["pairs"]),
    "no-match": lambda rules: rules["match_deals"] == 0,
    "goats-every": lambda rules: rules["goats"] == "every",
    "kept-00": lambda rules: bool(rules["kept_00_goat"]),
    "extra-lead": lambda rules: rules["extra_lead"] != "none",
    "out_66": lambda rules: rules["out_66_writes"] > 0,
    "shared_score": lambda rules: bool(rules["shared_score"]) or bool(rules["out_66_wipes"]),
}


def holds(condition: str, rules: dict[str, Any]) -> bool:
    """Whether a CONDITIONS entry holds for these rules (knobs they leave out at their defaults: the rules of
    a results folder written before a knob existed)."""
    return bool(CONDITIONS[condition]({**DEFAULTS, **rules}))


#: Knobs that only make sense with others: (knob, it is set, the other rules allow it, why not otherwise: the
#: key of its sentence in the message table, below)
KNOB_NEEDS: tuple[tuple[str, Callable[[dict[str, Any]], Any], Callable[[dict[str, Any]], Any], str], ...] = (
    (
        "closed_before_house",
        lambda rules: rules["closed_before_house"] != "any",
        CONDITIONS["cross"],
        "variants.needs.closed_before_house",
    ),
    (
        "solo_fish",
        lambda rules: rules["solo_fish"] != "visible",
        CONDITIONS["bazaar"],
        "variants.needs.solo_fish",
    ),
    (
        "draw_last",
        lambda rules: rules["draw_last"],
        CONDITIONS["bazaar"],
        "variants.needs.draw_last",
    ),
    (
        "solo_eggs",
        lambda rules: rules["solo_eggs"] != "none",
        CONDITIONS["solo"],
        "variants.needs.solo_eggs",
    ),
    (
        "solo_writes",
        lambda rules: rules["solo_writes"] != "own",
        CONDITIONS["solo"],
        "variants.needs.solo_writes",
    ),
    (
        "solo_loser",
        lambda rules: rules["solo_loser"] != "every",
        CONDITIONS["solo"],
        "variants.needs.solo_loser",
    ),
    (
        "out_00_writes",
        lambda rules: rules["out_00_writes"],
        lambda rules: rules["out_00_ends_game"],
        "variants.needs.out_00_writes",
    ),
    (
        "fast_writes",
        lambda rules: rules["fast_writes"] > 0,
        CONDITIONS["fast"],
        "variants.needs.fast_writes",
    ),
    (
        "voluntary_fast",
        lambda rules: rules["voluntary_fast"],
        lambda rules: rules["fast_writes"] > 0 and rules["fast_writes_00"] > 0,
        "variants.needs.voluntary_fast",
    ),
    (
        "fast_writes_00",
        lambda rules: rules["fast_writes_00"] > 0,
        lambda rules: rules["voluntary_fast"],
        "variants.needs.fast_writes_00",
    ),
    (
        "fast_out_66",
        lambda rules: rules["fast_out_66"] != "fast-cost",
        lambda rules: rules["voluntary_fast"] and rules["fast_writes_00"] > 0 and rules["out_66_writes"] > 0,
        "variants.needs.fast_out_66",
    ),
    (
        "first_lead_cycle",
        lambda rules: rules["first_lead_cycle"] != "none",
        lambda rules: (
            bool(re.fullmatch(r"double-\d\d", rules["first_lead"]))
            and (rules["first_lead_cycle"] != "11-to-66" or rules["first_lead"] != "double-00")
        ),
        "variants.needs.first_lead_cycle",
    ),
    (
        "goats",
        lambda rules: rules["goats"] != "one",
        CONDITIONS["solo"],
        "variants.needs.goats",
    ),
    (
        "out_66_writers",
        lambda rules: rules["out_66_writers"] != "losers",
        CONDITIONS["out_66"],
        "variants.needs.out_66_writers",
    ),
    (
        "kept_66_writes",
        lambda rules: rules["kept_66_writes"] > 0,
        lambda rules: rules["scoring"] == "points",
        "variants.needs.kept_66_writes",
    ),
    (
        "kept_66_writes",
        lambda rules: rules["kept_66_writes"] > 0,
        lambda rules: not rules["memory"],
        "variants.needs.kept_66_writes_2",
    ),
    (
        "kept_00_goat",
        lambda rules: rules["kept_00_goat"],
        CONDITIONS["no-match"],
        "variants.needs.kept_00_goat",
    ),
    (
        "extra_lead",
        lambda rules: rules["extra_lead"] != "none",
        CONDITIONS["chain"],
        "variants.needs.extra_lead",
    ),
    (
        "extra_lead",
        lambda rules: rules["extra_lead"] == "ends-game",
        CONDITIONS["no-match"],
        "variants.needs.extra_lead_2",
    ),
    (
        "general_out",
        lambda rules: rules["general_out"] != "00-or-66",
        CONDITIONS["generals"],
        "variants.needs.general_out",
    ),
    (
        "scoring",
        lambda rules: rules["scoring"] == "generals",
        lambda rules: rules["pairs"],
        "variants.needs.scoring",
    ),
)


def check_combination(rules: dict[str, Any], path: Path) -> None:
    """Knobs that only make sense together: refused with the reason, never silently ignored."""
    if rules["tiles_each"] != 7 and rules["pairs"]:
        raise VariantError.keyed("variants.key_tiles_each_but", path=path, rules_tiles_each=rules["tiles_each"])
    if rules["pairs"] and rules["players"] != 4:
        raise VariantError.keyed("variants.key_players_but_pairs", path=path, rules_players=rules["players"])
    for knob, is_set, allowed, why in KNOB_NEEDS:
        if is_set(rules) and not allowed(rules):
            raise VariantError.keyed(
                "variants.key_but",
                path=path,
                knob=knob,
                shown_rules_knob=_shown(rules[knob]),
                why=messages.Sentence(why),
            )
    if rules["shared_score"] and not rules["pairs"]:
        raise VariantError.keyed(
            "variants.key_shared_score_but", path=path, shown_rules_shared_score=_shown(rules["shared_score"])
        )
    # R-004-morskoy-solo: a game that ends at once needs one loser: a side, or the one player of solo_loser: most
    for knob in ("general", "out_00_ends_game"):
        if rules[knob] and not rules["pairs"] and rules["solo_loser"] != "most" and rules["goats"] != "every":
            raise VariantError.keyed(
                "variants.key_but_game_ends", path=path, knob=knob, shown_rules_knob=_shown(rules[knob])
            )
    check_dealable(rules, path)


#: Random deals tried by check_dealable: a rule that lets none of them be played asks a redeal of every deal.
DEALABLE_TRIES = 4000


# R-deal-redeal
def check_dealable(rules: dict[str, Any], path: Path) -> None:
    """Redeal rules that leave (almost) no deal to play are refused: seven doubles among four hands put
    two in one hand, so `redeal_doubles: 2` would redeal for ever."""
    doubles, suit = rules["redeal_doubles"], rules["redeal_suit"]
    if doubles == 0 and suit == 0:
        return
    played = _dealable_share(rules["players"], rules["tiles_each"], doubles, suit)
    if played == 0:
        raise VariantError.keyed(
            "variants.keys_redeal_doubles_redeal",
            path=path,
            doubles=doubles,
            suit=suit,
            rules_tiles_each=rules["tiles_each"],
            rules_players=rules["players"],
            DEALABLE_TRIES=DEALABLE_TRIES,
        )


@functools.lru_cache(maxsize=64)
def _dealable_share(players: int, tiles_each: int, doubles: int, suit: int) -> int:
    """How many of DEALABLE_TRIES seeded random deals need no redeal."""
    import numpy as np

    rng = np.random.default_rng(20261201)
    order = np.argsort(rng.random((DEALABLE_TRIES, 28)), axis=1)
    hands = (1 << order[:, : players * tiles_each].reshape(DEALABLE_TRIES, players, tiles_each)).sum(axis=2)
    return int((~redeal_needed(hands, doubles, suit).any(axis=1)).sum())


def redeal_needed(hands: Any, doubles: int, suit: int) -> Any:
    """engine.needs_redeal over arrays of hand masks, per hand (numpy, no compilation): at least `doubles`
    doubles, or at least `suit` tiles of one suit (rules/tiles.py's masks)."""
    import numpy as np

    from .tiles import DOUBLES_MASK, SUIT_MASK

    hands = np.asarray(hands, dtype=np.int64)
    redeal = np.zeros(np.shape(hands), dtype=bool)
    if doubles > 0:
        redeal |= np.bitwise_count(hands & DOUBLES_MASK) >= doubles
    if suit > 0:
        for v in range(7):
            redeal |= np.bitwise_count(hands & int(SUIT_MASK[v])) >= suit
    return redeal


#: Old names of shipped variants that still load, for one release, with a note on stderr.
RENAMED = {"lead-00-66": ("lead-66", "variants.renamed.lead_00_66", "0.3")}  # (new name, why: its sentence, until)


def _renamed(name: str) -> str:
    if name in RENAMED:
        new, why, until = RENAMED[name]
        from ..text.say import note

        note(messages.Sentence("variants.renamed", name=name, new=new, why=messages.Sentence(why), until=until))
        return new
    return name


def _shown(value: Any) -> str:
    """A knob's value in a message as the variant file writes it: true, 25, 'one-hand'."""
    return format_knob_value(value) if isinstance(value, bool) else repr(value)


def format_knob_value(value: Any) -> str:
    """A knob value as written in a variant name (`default+threshold=none+general=true`)."""
    return ("true" if value else "false") if isinstance(value, bool) else str(value)


def parse_knob_value(knob: Knob, text: str, where: str) -> Any:
    """A knob value from the command line or a variant name, checked like a YAML value."""
    text = text.strip()
    value: Any = text
    if knob.kind is bool:
        words = {"true": True, "yes": True, "false": False, "no": False}
        value = words.get(text.lower(), text)
    elif knob.kind is int and re.fullmatch(r"[+-]?\d{1,12}", text):
        value = int(text)
    check_value(knob, value, where)
    return value


def with_rules(base: Variant, changes: list[tuple[str, Any]] | dict[str, Any], where: str | None = None) -> Variant:
    """The variant `base` with some knobs changed (a sweep's cell), named after its changes:
    ``default+threshold=none+target=125`` (changes equal to the base's value are left out of
    the name; that name loads again with `load_variant`). Raises VariantError for an unknown
    knob, a bad value or a combination the engine refuses, naming it."""
    where = where or base.name
    items = list(changes.items()) if isinstance(changes, dict) else list(changes)
    rules = base.rule_dict
    named: list[tuple[str, Any]] = []
    for key, value in items:
        knob = KNOB_BY_NAME.get(key)
        if knob is None:
            raise unknown_knob(key, where)
        check_value(knob, value, where)
        if rules[key] != value and all(k != key for k, _ in named):
            named.append((key, value))
        rules[key] = value
    name = base.name + "".join(f"+{k}={format_knob_value(v)}" for k, v in named)
    check_combination(rules, Path(name))
    if not named:
        return base
    en = ", ".join(f"{k} = {format_knob_value(v)}" for k, v in named)
    from .knobs import value_word

    # the sweep's words («порог: нет», «рыба: рыбаку»), not the typed ids («порог = none»)
    ru = "; ".join(f"{KNOB_BY_NAME[k].short_ru or k}: {value_word(k, v, 'ru')}" for k, v in named)
    changes = {"en": en, "ru": ru}
    titles = {lg: messages.text("rules.derived_title", lg, title=base.title(lg), changes=changes[lg]) for lg in changes}
    descriptions = {
        lg: messages.text("rules.derived_description", lg, description=base.describe(lg), changes=changes[lg])
        for lg in changes
    }
    return Variant(
        name=name,
        description=descriptions["en"],
        source=base.source,
        game=base.game,
        rules=tuple((k.name, rules[k.name]) for k in KNOBS),
        path=None,
        extends=base.name,
        titles=tuple(sorted(titles.items())),
        descriptions=tuple(sorted(descriptions.items())),
    )


def excerpt(text: str, limit: int = 80) -> str:
    """At most `limit` characters of a (possibly huge) argument, for a message."""
    return text if len(text) <= limit else f"{text[: limit - 20]}...{text[-12:]} ({len(text):,} characters)"


def _exists(path: Path) -> bool:
    """Path.exists() that says False for a name the system cannot even look up (too long, a NUL)."""
    try:
        return path.exists()
    except (OSError, ValueError):
        return False


def _load_changed(spec: str) -> Variant:
    """`BASE+knob=value+...`: a variant (a shipped name or a file) with knobs changed."""
    base_spec, *parts = spec.split("+")
    shown = excerpt(spec)
    if not base_spec.strip():
        raise VariantError.keyed("variants.base_variant_before_first", shown=shown)
    changes: list[tuple[str, Any]] = []
    for part in parts:
        key, sep, text = part.partition("=")
        knob = KNOB_BY_NAME.get(key.strip())
        if sep and knob is None and len(key.strip()) <= 40:  # a name, misspelled: the closest knobs
            raise unknown_knob(key.strip(), shown)
        if not sep or knob is None:
            raise VariantError.keyed(
                "variants.knob_value_changed_variant",
                shown=shown,
                part=excerpt(part, 40),
                join_knob_by_name=", ".join(KNOB_BY_NAME),
            )
        if any(name == knob.name for name, _ in changes):
            raise VariantError.keyed("variants.knob_given_twice_each", shown=shown, knob_name=knob.name)
        changes.append((knob.name, parse_knob_value(knob, text, shown)))
    return with_rules(load_variant(base_spec), changes, spec)


def load_variant(spec: str | Path) -> Variant:
    """Load a variant from a file path, the name of a shipped variant, or either followed by
    changed knobs (``default+threshold=none``)."""
    path = Path(spec)
    if isinstance(spec, str) and "+" in spec and not _exists(path):
        return _load_changed(spec)
    if not str(spec).strip():
        raise VariantError.keyed("variants.empty_variant_name_variant")
    if _shipped_name(spec) and _is_dir(path):  # a folder never loads as one variant: the shipped name wins
        _say_shadowed(path, str(spec), "rules.shadow_one")
        path = shipped_dir() / f"{spec}.yaml"
    if not path.suffix and not _exists(path):
        spec = _renamed(str(spec))
        candidate = shipped_dir() / f"{spec}.yaml"
        if not _exists(candidate) or not candidate.is_file():
            titled = by_title(str(spec))
            if titled is None:
                raise unknown_variant(excerpt(str(spec)))
            candidate = shipped_dir() / f"{titled}.yaml"
        path = candidate
    data, merged = _load_raw(path, ())
    check_combination(merged, path)
    descriptions = _texts(data["description"], "description", path)
    titles = _texts(data["title"], "title", path) if "title" in data else {}
    return Variant(
        name=data["name"],
        description=descriptions.get("en") or next(iter(descriptions.values())),
        source=data["source"].strip(),
        game=data.get("game", "kozel"),
        rules=tuple((k.name, merged[k.name]) for k in KNOBS),
        path=str(path),
        extends=data.get("extends"),
        titles=tuple(sorted(titles.items())),
        descriptions=tuple(sorted(descriptions.items())),
    )


def _shipped_name(spec: str | Path) -> bool:
    """Whether `spec` is written as the bare name of a shipped variant (no folder, no suffix)."""
    text = str(spec)
    if not text or "/" in text or text in (".", "..") or len(text) > 200:
        return False
    try:
        return (shipped_dir() / f"{text}.yaml").is_file()
    except (OSError, ValueError):
        return False


def _is_dir(path: Path) -> bool:
    try:
        return path.is_dir()
    except (OSError, ValueError):  # a name too long for the file system (or with a NUL) is no folder
        return False


def _say_shadowed(folder: Path, name: str, key: str) -> None:
    from ..text.say import note_key

    note_key(key, folder=folder, name=name)


def load_variants(specs: list[str]) -> list[Variant]:
    """Load every spec; a folder stands for all *.yaml files in it."""
    out: list[Variant] = []
    for spec in specs:
        path = Path(spec)
        if path.is_dir():
            files = sorted(path.glob("*.yaml"), key=lambda f: f.stem)
            if not files and _shipped_name(spec):  # `compare default morskoy --out morskoy`, then again there
                _say_shadowed(path, spec, "rules.shadow")
                out.append(load_variant(shipped_dir() / f"{spec}.yaml"))
                continue
            if not files:
                raise VariantError.keyed("variants.folder_holds_variant_files", path=path)
            out.extend(load_variant(f) for f in files)
        else:
            out.append(load_variant(spec))
    return out


def default_variant() -> Variant:
    return load_variant(shipped_dir() / "default.yaml")
