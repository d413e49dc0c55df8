"""The numba cache and the shipped archives are keyed by what the compiled code is made of (issues 29, 36): the
engine folder's sources and the constants it takes from outside it (the knobs' choices, the bots' ids, the
tiles' order). A kernel compiled before a change to any of them is never run after it; the prose beside those
constants (a knob's Russian words, a bot's description) and every module outside the engine leave the key as
it is, so a corrected word asks for no rebuild."""

from __future__ import annotations

import ast
import os
import shutil
import subprocess
import sys
from pathlib import Path

import kozel_stats
from kozel_stats import engine

PACKAGE = Path(kozel_stats.__file__).resolve().parent


def test_the_engine_takes_only_the_declared_constants_from_outside():
    """Every module-level import of an engine module from outside the engine is one of the declarations the
    digest reads (outside_constants): a new one must join the key. The only others are the sentences of the
    engine's pure-Python parsers (bots.parse_bot, codes.tile_from_name raise by key): prose that no compiled
    function reads, so a word there asks for no rebuild (test_what_moves_the_key_and_what_does_not)."""
    outside = set()
    for path in (PACKAGE / "engine" / name for name in engine.compiled_sources() if name.endswith(".py")):
        for node in ast.parse(path.read_text(encoding="utf-8")).body:
            if isinstance(node, ast.ImportFrom) and node.level == 2 and node.module:
                outside |= {f"{node.module}.{alias.name}" for alias in node.names}
    assert outside <= {
        "rules.knobs.KNOB_BY_NAME",
        "rules.knobs.KNOBS",
        "rules.roster.BOTS",
        "rules.roster.PARAMETRIC",
        "rules.roster.SETTINGS",
        "rules.tiles.N_TILES",
        "rules.tiles.TILE_HI",
        "rules.tiles.TILE_INDEX",
        "rules.tiles.TILE_LO",
        "text.engine_texts",
        "text.errors.keyed",
    }, outside
    folder = {p.name for p in (PACKAGE / "engine").glob("*.py")}
    data = {p.name for p in (PACKAGE / "engine").glob("*.json")}
    assert set(engine.compiled_sources()) == (folder - {"__init__.py", "precompiled.py"}) | data


SHOW_KEY = (
    "import os; from kozel_stats.engine import engine_digest, ENGINE; print(ENGINE); "
    "print(os.environ['NUMBA_CACHE_DIR']); print(engine_digest())"
)


def _key(package_parent: Path) -> tuple[str, str]:
    env = {k: v for k, v in os.environ.items() if k != "NUMBA_CACHE_DIR"}
    env["PYTHONPATH"] = str(package_parent)
    out = subprocess.run(
        [sys.executable, "-c", SHOW_KEY], capture_output=True, text=True, env=env, cwd=package_parent, check=True
    ).stdout.split("\n")
    assert out[0].startswith(str(package_parent)), out
    return out[1], out[2]


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{path.name} no longer holds {old!r}: update this test"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def test_what_moves_the_key_and_what_does_not(tmp_path):
    copy = tmp_path / "kozel_stats"
    shutil.copytree(PACKAGE, copy, ignore=shutil.ignore_patterns("__pycache__", "archives"))
    before = _key(tmp_path)
    # prose: a knob's Russian rule and a bot's description, and a module outside the engine
    _edit(copy / "rules" / "knobs.py", 'rule_ru="', 'rule_ru="Исправлено. ')
    _edit(copy / "rules" / "roster.py", '"uniform over the distinct legal moves"', '"uniform over the legal moves"')
    _edit(
        copy / "text" / "engine_texts.py", '"это не кость: {name!r}"', '"не кость: {name!r}"'
    )  # the engine's own words
    (copy / "present" / "report.py").write_text(
        (copy / "present" / "report.py").read_text(encoding="utf-8") + "\n# a comment\n", encoding="utf-8"
    )
    assert _key(tmp_path) == before
    # a knob's choices reordered: the integers the kernels were compiled with change
    _edit(copy / "rules" / "knobs.py", '("once", "every-deal", "none")', '("every-deal", "once", "none")')
    after_knobs = _key(tmp_path)
    assert after_knobs[0] != before[0] and after_knobs[1] != before[1]
    # an engine source: any byte of it
    (copy / "engine" / "core.py").write_text(
        (copy / "engine" / "core.py").read_text(encoding="utf-8") + "\n# a comment\n", encoding="utf-8"
    )
    assert _key(tmp_path) != after_knobs
