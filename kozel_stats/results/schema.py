"""The schema of a results folder's JSON files (stats.json, summary.json): every field a reader uses, its
type, its shape and its range, checked once when the folder is read, so that a damaged or hand-edited file
is one clear error naming the file and the field (`stats.arms[1].sx[4]`), never a confusing failure deep
inside the statistics. docs/results.md describes the fields; extra fields are allowed (a later version may
add some), a missing optional one is None.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from pathlib import Path
from typing import Any

from ..text import (
    messages,
    result_texts,  # noqa: F401  (importing it declares the sentences this module says)
)
from ..text.errors import ResultsError

INT64 = (-(2**63), 2**63 - 1)


class Huge:
    """An integer of too many digits to be anything a results file holds (read as this, not converted)."""

    def __init__(self, digits: int):
        self.digits = digits

    def __repr__(self) -> str:
        return f"an integer of {self.digits:,} digits"


def parse_int(text: str) -> int | Huge:
    """json.loads(parse_int=...): an integer, or a Huge for one of hundreds of digits (Python refuses to
    convert more than 4,300, and no count or sum comes near 40)."""
    digits = len(text.lstrip("-"))
    return int(text) if digits <= 400 else Huge(digits)


def show(value: Any) -> Any:
    """A short excerpt of a value for a message (never the whole of a huge one), in the reader's language."""
    if isinstance(value, Huge):
        return messages.Sentence("schema.huge", digits=value.digits)
    if isinstance(value, bool):
        return str(value).lower()
    if isinstance(value, int) and abs(value) >= 10**30:
        return messages.Sentence("schema.about_digits", digits=int(value.bit_length() * 0.30103) + 1)
    if isinstance(value, float) and not math.isfinite(value):
        return messages.Sentence(
            "schema.nan" if math.isnan(value) else "schema.inf" if value > 0 else "schema.minus_inf"
        )
    if isinstance(value, (list, dict)):
        return messages.Sentence("schema.list_of" if isinstance(value, list) else "schema.object_of", n=len(value))
    if value is None:
        return messages.Both("None", "null")
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


class Bad(Exception):
    """A field that does not fit: where (its path in the file) and the problem (a sentence of the table)."""

    def __init__(self, where: str, problem: messages.Sentence):
        super().__init__(where, problem)
        self.where, self.problem = where, problem


class Spec:
    optional = False

    def check(self, value: Any, where: str) -> None:
        raise NotImplementedError

    def describe(self) -> messages.Sentence:
        raise NotImplementedError

    def refuse(self, value: Any, where: str) -> Bad:
        """The error for a value that is not what this spec describes."""
        return Bad(where, messages.Sentence("schema.must_be", spec=self.describe(), value=show(value)))


class Anything(Spec):
    def check(self, value: Any, where: str) -> None:
        pass

    def describe(self) -> messages.Sentence:
        return messages.Sentence("schema.any")


class Int(Spec):
    def __init__(self, low: int | None = INT64[0], high: int | None = INT64[1]):
        self.low, self.high = low, high

    def describe(self) -> messages.Sentence:
        if self.low is not None and self.high is not None and self.high < 2**62:
            return messages.Sentence("schema.int_range", low=self.low, high=self.high)
        if self.low in (0, 1):
            return messages.Sentence("schema.int_at_least", low=self.low)
        return messages.Sentence("schema.int64")

    def ok(self, value: Any) -> bool:
        return (
            type(value) is int and (self.low is None or value >= self.low) and (self.high is None or value <= self.high)
        )

    def check(self, value: Any, where: str) -> None:
        if not self.ok(value):
            raise self.refuse(value, where)


class Scalar(Spec):
    """A single value of one kind (`fits`), described in a message as `description` (a key of the table)."""

    description = ""

    def fits(self, value: Any) -> bool:
        raise NotImplementedError

    def describe(self) -> messages.Sentence:
        return messages.Sentence(self.description)

    def check(self, value: Any, where: str) -> None:
        if not self.fits(value):
            raise self.refuse(value, where)


class Num(Scalar):
    description = "schema.finite"

    def fits(self, value: Any) -> bool:
        return not isinstance(value, bool) and isinstance(value, (int, float)) and math.isfinite(value)


class Str(Scalar):
    description = "schema.string"

    def fits(self, value: Any) -> bool:
        return isinstance(value, str)


class Bool(Scalar):
    description = "schema.bool"

    def fits(self, value: Any) -> bool:
        return isinstance(value, bool)


class Opt(Spec):
    """The field may be missing or null."""

    optional = True

    def __init__(self, spec: Spec):
        self.spec = spec

    def describe(self) -> messages.Sentence:
        return messages.Sentence("schema.or_null", spec=self.spec.describe())

    def check(self, value: Any, where: str) -> None:
        if value is not None:
            self.spec.check(value, where)


class List(Spec):
    """A list of `item`, of exactly `length` items (a number, or a function giving it) when given."""

    def __init__(self, item: Spec, length: int | Callable[[], int] | None = None, least: int = 0):
        self.item, self.length, self.least = item, length, least

    def _length(self) -> int | None:
        return self.length() if callable(self.length) else self.length

    def describe(self) -> messages.Sentence:
        n = self._length()
        return messages.Sentence("schema.list_of_n", n=n) if n is not None else messages.Sentence("schema.list")

    def check(self, value: Any, where: str) -> None:
        if not isinstance(value, list):
            raise self.refuse(value, where)
        n = self._length()
        if n is not None and len(value) != n:
            raise Bad(where, messages.Sentence("schema.list_length", n=n, m=len(value)))
        if len(value) < self.least:
            raise Bad(where, messages.Sentence("schema.least", n=self.least, m=len(value)))
        item = self.item
        if (  # the usual case (a Gram matrix holds millions of sums), fast
            isinstance(item, Int)
            and all(type(v) is int for v in value)
            and (
                not value
                or ((item.low is None or min(value) >= item.low) and (item.high is None or max(value) <= item.high))
            )
        ):
            return
        for i, v in enumerate(value):
            item.check(v, f"{where}[{i}]")


class Map(Spec):
    """An object whose keys are free (`key`: a test of each key, e.g. an integer written as text)."""

    def __init__(self, value: Spec, key: Callable[[str], bool] | None = None, key_text: str = ""):
        """`key_text`: what the keys must be, the key of its sentence in the table."""
        self.value, self.key, self.key_text = value, key, key_text

    def describe(self) -> messages.Sentence:
        return messages.Sentence("schema.object")

    def check(self, value: Any, where: str) -> None:
        if not isinstance(value, dict):
            raise self.refuse(value, where)
        for k, v in value.items():
            if self.key is not None and not self.key(k):
                raise Bad(
                    where, messages.Sentence("schema.map_key", key=show(k), what=messages.Sentence(self.key_text))
                )
            self.value.check(v, f"{where}.{k}" if k.isidentifier() else f"{where}[{k!r}]")


class Obj(Spec):
    """An object with these fields (others are allowed and not read)."""

    def __init__(self, fields: dict[str, Spec]):
        self.fields = fields

    def describe(self) -> messages.Sentence:
        return messages.Sentence("schema.object")

    def check(self, value: Any, where: str) -> None:
        if not isinstance(value, dict):
            raise self.refuse(value, where)
        for name, spec in self.fields.items():
            inner = f"{where}.{name}" if where else name
            if name not in value:
                if spec.optional:
                    continue
                raise Bad(inner, messages.Sentence("schema.missing"))
            spec.check(value[name], inner)


class OneOf(Spec):
    """One of a few names (read when checked: the names live where they are declared)."""

    def __init__(self, names: Callable[[], list[str]]):
        self.names = names

    def describe(self) -> messages.Sentence:
        return messages.Sentence("schema.one_of", names=", ".join(self.names()))

    def check(self, value: Any, where: str) -> None:
        if not isinstance(value, str) or value not in self.names():
            raise self.refuse(value, where)


def _level_names() -> list[str]:
    from ..rules.levels import LEVELS

    return list(LEVELS)


def _metrics() -> int:
    from ..stats.metrics import METRICS

    return len(METRICS)


def _int_text(key: str) -> bool:
    return key.lstrip("-").isdigit() and len(key) < 19


COUNT = Int(0)
SUMS = List(Int(), _metrics)
TEXTS = Map(Str())


#: What describes a variant in every file that names one: its titles, descriptions and source
DESCRIBED = {
    "title": Opt(TEXTS),
    "description": Opt(Str()),
    "descriptions": Opt(TEXTS),
    "source": Opt(Str()),
}


def _arm_schema() -> Obj:
    """One arm's sums (stats.arms[i])."""
    from ..stats.moments import BY_DEAL_COLS, FISH_SUM_BINS, MAX_BY_DEAL

    return Obj(
        {
            "games": COUNT,
            **{sums: SUMS for sums in ("sx", "sn", "sxx", "snn", "sxn")},
            "deals_hist": Map(COUNT, _int_text, "schema.deal_counts"),
            "fish_sums": List(COUNT, FISH_SUM_BINS),
            "by_deal": List(List(Int(), BY_DEAL_COLS), MAX_BY_DEAL),
            "places": List(List(COUNT, 4), 4),
            "placed_games": COUNT,
        }
    )


def _pair_schema() -> Obj:
    """One pair of arms played on the same deals (stats.pairs[i])."""
    return Obj(
        {
            "a": COUNT,
            "b": COUNT,
            **{sums: SUMS for sums in ("sxx", "sxn", "snx", "snn")},
            "differing": List(COUNT, _metrics),
            "differences": List(Opt(List(List(Int(), 3))), _metrics),
        }
    )


def _gram_schema() -> Obj:
    """The sweep's Gram matrix (stats.gram)."""
    return Obj(
        {
            "columns": List(Str(), least=1),
            "arms": Int(1, 100_000),
            "upper": List(Int()),
            "metrics": Opt(List(Str())),
            "contrasts": Opt(List(List(Num()))),
            "differing": Opt(List(List(COUNT))),
            "values": Opt(List(List(Opt(List(List(Num(), 3)))))),
        }
    )


def _sweep_schema() -> Obj:
    """The sweep's plan: its base, factors and levels."""
    base = Obj({"name": Str(), "rules": Map(Anything()), "spec": Opt(Str()), "path": Opt(Str()), **DESCRIBED})
    factor = Obj({"knob": Str(), "levels": List(Anything(), least=2), "reference": Anything()})
    return Obj(
        {
            "base": base,
            "factors": List(factor, least=1),
            "levels": List(List(Anything())),
            "total": Int(1),
            "sampled": Bool(),
            "skipped": Opt(List(List(Str(), 2))),
            "metrics": List(Str(), least=1),
            "margin": Opt(Num()),
        }
    )


def _stats_schema() -> Obj:
    plan_arm = Obj(
        {
            "name": Str(),
            "variant": Opt(Str()),
            "rules": Map(Anything()),
            "bots": List(Str(), least=1),
            **DESCRIBED,
            "path": Opt(Str()),
            "skill": Opt(List(Str(), 2)),
        }
    )
    stats = Obj(
        {
            "games": COUNT,
            "ranges": List(List(COUNT, 2)),
            "metrics": List(Str()),
            "arms": List(_arm_schema()),
            "pairs": List(_pair_schema()),
            "gram": Opt(_gram_schema()),
        }
    )
    return Obj(
        {
            "format": Str(),
            "version": Opt(Str()),
            "seed": Int(-(2**63), 2**64 - 1),
            "batch_size": Opt(Int(1, 10**9)),
            "command": Opt(Str()),
            "arms": List(plan_arm, least=1),
            "pairs": List(List(COUNT, 2)),
            "games": Opt(Int(1)),
            "complete": Opt(Bool()),
            "kind": Opt(Str()),
            "level": Opt(OneOf(_level_names)),
            "levels": Opt(List(OneOf(_level_names), least=2)),  # a compare --levels run (continued as one)
            "sweep": Opt(_sweep_schema()),
            "stats": stats,
        }
    )


def _summary_schema() -> Obj:
    variant = Obj(
        {
            "name": Str(),
            "hash": Opt(Str()),
            **DESCRIBED,
            "rules": Opt(Map(Anything())),
        }
    )
    meta = Obj(
        {
            "tool": Opt(Str()),
            "version": Opt(Str()),
            "seed": Opt(Int(-(2**63), 2**64 - 1)),
            "bots": Opt(List(Str())),
            "level": Opt(OneOf(_level_names)),
            "level_words": Opt(Obj({"ru": Str(), "en": Str()})),
            "workers": Opt(Int(0)),
            "duration_s": Opt(Num()),
            "compile_cpu_s": Opt(Num()),
            "games_per_variant": Opt(COUNT),
            "games_per_cell": Opt(COUNT),
            "interrupted": Opt(Bool()),
            "baseline": Opt(Str()),
            "command": Opt(Str()),
            "backend": Opt(Str()),
            "batch_size": Opt(Int(1)),
            "margin": Opt(Num()),
            "variants": Opt(List(variant)),
        }
    )
    return Obj({"meta": meta})


_schemas: dict[str, Obj] = {}


def check(data: Any, kind: str, path: Path) -> None:
    """Check `data` read from `path` against the schema of `kind` ("stats" or "summary"): a ResultsError
    naming the file and the first field that does not fit."""
    if kind not in _schemas:
        _schemas[kind] = _stats_schema() if kind == "stats" else _summary_schema()
    try:
        _schemas[kind].check(data, "")
    except Bad as bad:
        if bad.where:
            raise ResultsError.keyed("schema.field_bad", path=path, field=bad.where, problem=bad.problem) from None
        raise ResultsError.keyed("schema.not_object", path=path, value=show(data)) from None
