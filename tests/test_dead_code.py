"""No dead code: every function, class and constant defined at a module's top level in the package is used
somewhere — in the package, its tests or its benchmarks — other than where it is defined. (A command of the
command line, registered by its decorator, and the public face's names count as used.)"""

from __future__ import annotations

import ast
import re
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "kozel_stats"
WORD = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


def _declares_a_layout(value: ast.expr | None) -> bool:
    """A knob choice's engine code (codes.choice_code) or a field of a declared array layout (Layout.field):
    declared for every choice and every field, whether or not the code reads each by name."""
    return (
        isinstance(value, ast.BinOp)
        and _declares_a_layout(value.right)
        or isinstance(value, ast.Call)
        and (
            isinstance(value.func, ast.Name)
            and value.func.id == "choice_code"
            or isinstance(value.func, ast.Attribute)
            and value.func.attr == "field"
        )
    )


def _defined(tree: ast.Module) -> list[tuple[str, int]]:
    names = []
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            if not node.decorator_list or all(
                isinstance(d, ast.Name) and d.id in ("dataclass",) for d in node.decorator_list
            ):
                names.append((node.name, node.lineno))
        elif isinstance(node, (ast.Assign, ast.AnnAssign)) and not _declares_a_layout(node.value):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            names += [(t.id, node.lineno) for t in targets if isinstance(t, ast.Name)]
    return [(n, line) for n, line in names if not (n.startswith("__") and n.endswith("__"))]


def test_every_top_level_name_is_used():
    sources = [*PACKAGE.rglob("*.py"), *(ROOT / "tests").glob("*.py"), *(ROOT / "benchmarks").glob("*.py")]
    words: Counter[str] = Counter()
    for path in sources:
        words.update(WORD.findall(path.read_text(encoding="utf-8")))
    dead = []
    for path in PACKAGE.rglob("*.py"):
        for name, line in _defined(ast.parse(path.read_text(encoding="utf-8"))):
            if words[name] <= 1:
                dead.append(f"{path.relative_to(ROOT)}:{line} {name}")
    assert dead == [], "defined but never used: remove it (or use it)"
