"""The integer layouts and codes the engine works with: declared once, no slot shared, every
knob round-trips from YAML to the parameter array and back (R-ids: see docs/engine.md)."""

import gc

import pytest

from kozel_stats.engine import bots, codes, core, expert, scoring
from kozel_stats.engine import game as engine
from kozel_stats.rules.knobs import KNOBS
from kozel_stats.rules.variants import load_variant, shipped_names


def layouts():
    return [obj for obj in gc.get_objects() if isinstance(obj, codes.Layout)]


def test_every_layout_is_contiguous_without_overlap():
    found = {layout.name for layout in layouts()}
    assert {
        "parameters",
        "deal state",
        "deal row",
        "event row",
        "game result",
        "game state",
        "game row",
        "by-deal aggregate",
        "bot workspace",
        "bot float workspace",
        "game workspace",
    } <= found
    for layout in layouts():
        position = 0
        for offset, size in layout.fields:
            assert offset == position and size > 0, (layout.name, offset)
            position += size
        assert position == layout.size


def test_the_bot_id_fields_are_contiguous_and_each_named_once():
    """The bot id's bit fields (codes.Bits: the kind, then the expert's deals and settings) follow one another
    within 63 bits, and every *_SHIFT constant of codes and bots names one field's start, with its mask."""
    position = 0
    for shift, width in codes.BOT_ID.fields:
        assert shift == position and width > 0, shift
        position += width
    assert position == codes.BOT_ID.used <= 63
    named = [
        (v, n) for m in (codes, bots) for n, v in vars(m).items() if n.endswith("_SHIFT") and n != "BOT_PARAM_SHIFT"
    ]
    assert sorted(v for v, _ in set(named)) == [shift for shift, _ in codes.BOT_ID.fields]  # one name a field
    shifts = dict(named)
    for shift, width in codes.BOT_ID.fields:
        mask = shifts[shift].removesuffix("_SHIFT") + "_MASK"
        assert getattr(codes, mask, getattr(bots, mask, None)) == (1 << width) - 1, mask
    assert codes.BOT_PARAM_SHIFT == codes.BOT_ID.fields[1][0] == bots.EXPERT_DEALS_SHIFT


#: each constant prefix, the module that declares it and its layout
PREFIXES = {
    "P_": (codes, "_P"),
    "D_": (codes, "_D"),
    "E_": (codes, "_E"),
    "R_": (codes, "_R"),
    "ST_": (core, "_ST"),
    "G_": (engine, "_G"),
    "GS_": (scoring, "_GS"),
    "B_": (engine, "_B"),
    "I_": (engine, "_I"),
    "GP_": (engine, "_GP"),
    "M_": (engine, "_M"),
    "W_": (bots, "_W"),
    "F_": (bots, "_F"),
    "X_": (expert, "_X"),
}
SIZES = ("E_STRIDE", "I_SIZE", "W_SIZE", "F_WORK_SIZE", "M_SIZE", "X_SIZE")


def test_module_constants_are_the_declared_offsets():
    """Every P_/ST_/D_/G_/GS_/E_/R_/B_/I_/M_/W_/F_ constant names the start of a field of its own layout,
    and every field has exactly one name."""
    assert {layout for _, layout in PREFIXES.values()} == {"_" + p.rstrip("_") for p in PREFIXES}
    for prefix, (module, layout_name) in PREFIXES.items():
        layout = getattr(module, layout_name)
        starts = [offset for offset, _ in layout.fields]
        named: dict[int, str] = {}
        for name, value in vars(module).items():
            other = any(name.startswith(p) and len(p) > len(prefix) for p in PREFIXES if p.startswith(prefix))
            if not (name.startswith(prefix) and name.isupper() and isinstance(value, int)) or other:
                continue
            if name in SIZES or name.startswith("N_"):
                continue
            assert value in starts, f"{name} = {value} starts no field of the {layout.name} layout"
            assert value not in named, f"{name} and {named.get(value)} name the same field of {layout.name}"
            named[value] = name
        assert sorted(named) == starts, f"fields of the {layout.name} layout without a name: {set(starts) - set(named)}"


def test_every_knob_is_read_by_the_engine():
    assert set(codes.KNOB_SLOTS) | set(codes.DERIVED_KNOBS) == {k.name for k in KNOBS}


@pytest.mark.parametrize("name", shipped_names())
def test_every_shipped_variant_round_trips(name):
    rules = load_variant(name).rule_dict
    assert codes.decode_params(codes.compile_rules(rules)) == rules


def test_every_choice_of_every_knob_round_trips():
    base = load_variant("default").rule_dict
    for knob in KNOBS:
        values = list(knob.choices) + (["double-00", "double-66"] if knob.pattern else [])
        values += [True, False] if knob.kind is bool else []
        values += [knob.low, knob.high] if knob.kind is int else []
        for value in values:
            rules = dict(base, **{knob.name: value})
            assert codes.decode_params(codes.compile_rules(rules))[knob.name] == value, (knob.name, value)


def test_every_reading_is_cited_by_its_code_and_its_test():
    """docs/readings.md gives every reading a stable id; the code that implements it (or the variant
    file that sets it) and a test that checks it both name the id."""
    import re
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent
    ids = set(re.findall(r"\*\*(R-[a-z0-9-]+)\*\*", (root / "docs" / "readings.md").read_text(encoding="utf-8")))
    assert len(ids) > 40
    code = "".join(
        p.read_text(encoding="utf-8")
        for p in [*(root / "kozel_stats").rglob("*.py"), *(root / "variants").glob("*.yaml")]
    )
    tests = "".join(p.read_text(encoding="utf-8") for p in (root / "tests").glob("test_*.py"))
    assert sorted(i for i in ids if i not in code) == [], "cite these ids where they are coded"
    assert sorted(i for i in ids if i not in tests) == [], "cite these ids in the test that checks them"
