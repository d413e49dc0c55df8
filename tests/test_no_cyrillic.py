"""Every sentence the user reads lives in kozel_stats/text/ (docs/development.md, "Where a sentence lives"): no
string literal outside it holds Cyrillic, except the declarations that carry their Russian names by design.
Docstrings and comments may quote the rule texts; code names a key of the message table (or of a text/ module's
word table) and its fields."""

from __future__ import annotations

import ast
import re
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "kozel_stats"
CYRILLIC = re.compile("[А-Яа-яЁё]")
#: a script's character class of letters (the report's phone check: /[A-Za-zА-Яа-яЁё]{3,}/) is code, not a word
LETTER_RANGE = "А-Яа-яЁё"

#: the declarations: each knob, bot and level declares its own Russian name and words beside its English ones,
#: and each metric its description (English that quotes the yard's names: «голые козлы»)
DECLARATIONS = {"rules/knobs.py", "rules/roster.py", "rules/levels.py", "stats/metrics.py"}

#: not moved: (file, top-level name) or (file, None) for a whole file, with why. This list only shrinks.
NOT_YET: dict[tuple[str, str | None], str] = {}


# --- the rule -------------------------------------------------------------------------------------------------------
def _docstrings(tree: ast.Module) -> set[int]:
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                found.add(id(body[0].value))
    return found


def _top_names(tree: ast.Module) -> dict[int, str]:
    """Each node's top-level definition: the function, class or assigned name it belongs to."""
    owner: dict[int, str] = {}
    for top in tree.body:
        if isinstance(top, (ast.FunctionDef, ast.ClassDef, ast.AsyncFunctionDef)):
            name = top.name
        elif isinstance(top, (ast.Assign, ast.AnnAssign)):
            targets = top.targets if isinstance(top, ast.Assign) else [top.target]
            name = ",".join(ast.unparse(t) for t in targets)
        elif isinstance(top, ast.Expr) and isinstance(top.value, ast.Call) and top.value.args:
            table = top.value.args[0]  # messages.add({...}): by its first key
            first = table.keys[0] if isinstance(table, ast.Dict) and table.keys else None
            name = f"messages.add:{first.value}" if isinstance(first, ast.Constant) else ast.unparse(top.value.func)
        else:
            continue
        owner |= {id(n): name for n in ast.walk(top)}
    return owner


def _cyrillic_literals() -> list[tuple[str, str | None, int, str]]:
    """(file, its top-level name, line, text) of every Cyrillic string constant outside text/ and the
    declarations, but docstrings."""
    trees = {
        str(p.relative_to(PACKAGE)): ast.parse(p.read_text(encoding="utf-8"))
        for p in sorted(PACKAGE.rglob("*.py"))
        if p.relative_to(PACKAGE).parts[0] != "text"
    }
    found = []
    for rel, tree in trees.items():
        if rel in DECLARATIONS:
            continue
        skip = _docstrings(tree)
        owner = _top_names(tree)
        for node in ast.walk(tree):
            literal = isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in skip
            if literal and CYRILLIC.search(node.value.replace(LETTER_RANGE, "")):
                found.append((rel, owner.get(id(node)), node.lineno, node.value))
    return found


def test_no_sentence_outside_the_text_layer():
    """A Cyrillic literal outside text/ is a sentence in the wrong place: put it in a text/ module (docs/
    development.md) and name its key."""
    stray = [
        f"kozel_stats/{rel}:{line} ({name}): {text[:60]!r}"
        for rel, name, line, text in _cyrillic_literals()
        if (rel, None) not in NOT_YET and (rel, name) not in NOT_YET
    ]
    assert stray == [], "\n".join(stray)


def test_the_allowance_only_shrinks():
    """Every entry of NOT_YET still holds a Cyrillic literal: a moved one leaves the list."""
    held = {(rel, name) for rel, name, _, _ in _cyrillic_literals()} | {(rel, None) for rel, *_ in _cyrillic_literals()}
    assert sorted(k for k in NOT_YET if k not in held) == [], "moved: take it off NOT_YET"


def test_the_rule_finds_a_sentence(tmp_path):
    """The reader sees an inline Russian sentence, an error's and a message block's Russian outside text/, and
    skips a docstring."""
    tree = ast.parse(
        '"""Козёл."""\n'
        'def f(lang):\n    """Рыба."""\n    return "сыграно" if lang == "ru" else "played"\n'
        'def g():\n    raise ValueError("нет")\n'
        'messages.add({"x.y": ("no", "нет ключа")})\n'
    )
    skip = _docstrings(tree)
    found = [n.value for n in ast.walk(tree) if isinstance(n, ast.Constant) and id(n) not in skip]
    assert sorted(x for x in found if isinstance(x, str) and CYRILLIC.search(x)) == ["нет", "нет ключа", "сыграно"]
