"""Every value of every knob on a few bases: the variants the engine-wide equivalence tests sweep
(tests/test_shared_play.py, tests/test_fast_loops.py)."""

from __future__ import annotations

import contextlib

from kozel_stats.rules.knobs import KNOBS
from kozel_stats.rules.variants import VariantError, load_variant, with_rules

BASES = ("default", "solo-3", "osel", "morskoy-004", "chechevae-4")


def knob_values(knob) -> list:
    if knob.kind is bool:
        return [False, True]
    if knob.kind is int:  # a small range whole; a wide one (targets, thresholds) low, middling and default
        if knob.high - knob.low <= 4:
            return list(range(knob.low, knob.high + 1))
        return sorted({knob.low, (knob.low + knob.default) // 2, knob.default})
    return list(knob.choices) + (["double-66", "double-00"] if knob.pattern else [])


def knob_variants(base_name: str) -> list:
    base = load_variant(base_name)
    out = [base]
    for knob in KNOBS:
        values = [3] if knob.name == "max_deals" else knob_values(knob)  # a cut-off: games of a group end apart
        for value in values:
            with contextlib.suppress(VariantError):  # not every combination is one the engine plays
                out.append(with_rules(base, {knob.name: value}))
    return out
