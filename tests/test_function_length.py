"""No function in kozel_stats is longer than MAX_LINES (issue 29: a house a newcomer can walk). The few that
still are stand in OVER with the length they had when the list was made: such a function may only shrink, and
its entry goes once it fits, so the list can only get shorter."""

from __future__ import annotations

import ast
from pathlib import Path

import kozel_stats

PACKAGE = Path(kozel_stats.__file__).resolve().parent
MAX_LINES = 80

#: module.function (Class.method for methods): its length in lines, the most it may have until it is split
OVER: dict[str, int] = {}


def lengths(source: str, module: str) -> dict[str, int]:
    """Every function's and method's length in lines (decorators left out), by its dotted name."""
    found: dict[str, int] = {}

    def walk(node: ast.AST, prefix: str) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)):
                assert child.end_lineno is not None
                found[prefix + child.name] = child.end_lineno - child.lineno + 1
                walk(child, prefix + child.name + ".")
            elif isinstance(child, ast.ClassDef):
                walk(child, prefix + child.name + ".")
            else:
                walk(child, prefix)

    walk(ast.parse(source), module + ".")
    return found


def package_lengths() -> dict[str, int]:
    found: dict[str, int] = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        module = ".".join(path.relative_to(PACKAGE).with_suffix("").parts)
        found |= lengths(path.read_text(encoding="utf-8"), module)
    return found


def test_no_function_over_the_limit():
    too_long = {name: n for name, n in package_lengths().items() if n > MAX_LINES and n > OVER.get(name, MAX_LINES)}
    assert too_long == {}, f"split these functions to at most {MAX_LINES} lines (or shrink them below OVER's length)"


def test_the_allow_list_only_shrinks():
    found = package_lengths()
    stale = sorted(name for name in OVER if found.get(name, 0) <= MAX_LINES)
    assert stale == [], "these functions fit now (or are gone): take them out of OVER"


def test_the_measure_sees_a_long_function():
    body = "\n".join(f"    x{i} = {i}" for i in range(MAX_LINES))
    source = (
        f"class A:\n    @staticmethod\n    def long():\n{body.replace('    ', '        ')}\n\ndef short():\n    pass\n"
    )
    assert lengths(source, "m") == {"m.A.long": MAX_LINES + 1, "m.short": 2}
