"""The numba cache is keyed by every source that can put a constant into compiled code (issue 29):
a kernel compiled before a change to such a source is never run after it."""

from __future__ import annotations

import ast
import os
import shutil
import subprocess
import sys
from pathlib import Path

import kozel_stats

PACKAGE = Path(kozel_stats.__file__).resolve().parent


def _module_imports(path: Path) -> set[str]:
    """The package modules a module imports at module level (read with ast, not the regex under test)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return {f"{node.module}.py" for node in tree.body if isinstance(node, ast.ImportFrom) and node.level == 1}


def test_the_key_covers_every_module_the_compiled_code_imports():
    closure: set[str] = set()
    todo = list(kozel_stats.COMPILED_MODULES)
    while todo:
        name = todo.pop()
        if name not in closure:
            closure.add(name)
            todo += sorted(_module_imports(PACKAGE / name))
    assert set(kozel_stats.compiled_sources()) == closure
    assert "knobs.py" in closure  # codes.choice_code reads the knobs' choices


SHOW_CACHE = "import os, kozel_stats; print(kozel_stats.__file__); print(os.environ['NUMBA_CACHE_DIR'])"


def _cache_dir(package_parent: Path) -> str:
    env = {k: v for k, v in os.environ.items() if k != "NUMBA_CACHE_DIR"}
    env["PYTHONPATH"] = str(package_parent)
    out = subprocess.run(
        [sys.executable, "-c", SHOW_CACHE],
        capture_output=True,
        text=True,
        env=env,
        cwd=package_parent,
        check=True,
    ).stdout.split("\n")
    assert out[0].startswith(str(package_parent)), out
    return out[1]


def test_a_change_to_a_source_of_constants_moves_the_cache(tmp_path):
    copy = tmp_path / "kozel_stats"
    shutil.copytree(PACKAGE, copy, ignore=shutil.ignore_patterns("__pycache__"))
    before = _cache_dir(tmp_path)
    # a knob's choices reordered: the integers the kernels were compiled with change
    knobs = copy / "knobs.py"
    text = knobs.read_text(encoding="utf-8")
    knobs.write_text(text.replace('("once", "every-deal", "none")', '("every-deal", "once", "none")'), encoding="utf-8")
    assert knobs.read_text(encoding="utf-8") != text, "the knob's declaration moved: update this test"
    after_knobs = _cache_dir(tmp_path)
    assert after_knobs != before
    # a module outside the compiled code's imports does not invalidate the compiled kernels
    report = copy / "report.py"
    report.write_text(report.read_text(encoding="utf-8") + "\n# a comment\n", encoding="utf-8")
    assert _cache_dir(tmp_path) == after_knobs
