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

#: not moved yet: (file, top-level name) or (file, None) for a whole file, with why. This list only shrinks.
NOT_YET: dict[tuple[str, str | None], str] = {
    ("present/words.py", "_NOTES_RU"): "the analysis notes' Russian (summary.json notes: issue-36-errors)",
    ("present/words.py", "notes"): "the analysis notes merged into one sentence (summary.json notes: issue-36-errors)",
    ("play/cluster.py", "ADVICE_RU"): "the advice of the Dask connection errors (issue-36-errors)",
    ("play/cluster.py", "_probe"): "an error's parts built before its constructor (issue-36-errors)",
    ("rules/variants.py", "_load_raw"): "an error's parts built before its constructor (issue-36-errors)",
    ("rules/variants.py", "unknown_knob"): "an error's parts built before its constructor (issue-36-errors)",
    ("rules/variants.py", "unknown_variant"): "an error's parts built before its constructor (issue-36-errors)",
    ("rules/variants.py", "KNOB_NEEDS"): "the reasons of the errors check_combination raises (issue-36-errors)",
    ("site/atlas.py", "messages.add:atlas.mark_field"): "the build's error sentences (issue-36-errors)",
    ("engine/codes.py", "ERROR_TEXT"): "a replay problem's English, «передача» quoted (engine/: not this issue's)",
}


# --- the errors' exemption: REMOVE once issue-36-errors (the keyed errors) is merged --------------------------------
def _error_keys(trees: dict[str, ast.Module]) -> set[str]:
    """The keys said as errors: raised by `X.keyed("key", ...)` or shown by `fail(...)`."""
    keys: set[str] = set()
    for tree in trees.values():
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            name = ast.unparse(node.func)
            inner = [node] if name.endswith(".keyed") else list(ast.walk(node)) if name == "fail" else []
            for call in inner:
                if isinstance(call, ast.Call) and call.args and isinstance(call.args[0], ast.Constant):
                    keys.add(str(call.args[0].value))
    return keys


def _error_nodes(tree: ast.Module, error_keys: set[str]) -> set[int]:
    """The string constants of error sentences: in a raise statement, in an error's constructor (a call of a
    name ending in Error, its ru= keyword), and the messages.add blocks whose every key is an error's."""
    inside: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Raise):
            inside |= {id(n) for n in ast.walk(node)}
        elif isinstance(node, ast.Call):
            name = ast.unparse(node.func)
            if name.split(".")[-1].endswith("Error") or any(k.arg == "ru" for k in node.keywords):
                inside |= {id(n) for n in ast.walk(node)}
            if name == "messages.add" and node.args and isinstance(node.args[0], ast.Dict):
                keys = [k.value for k in node.args[0].keys if isinstance(k, ast.Constant)]
                if keys and set(keys) <= error_keys:
                    inside |= {id(n) for n in ast.walk(node)}
    return inside


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
    declarations, but docstrings and the errors (their exemption above)."""
    trees = {
        str(p.relative_to(PACKAGE)): ast.parse(p.read_text(encoding="utf-8"))
        for p in sorted(PACKAGE.rglob("*.py"))
        if p.relative_to(PACKAGE).parts[0] != "text"
    }
    error_keys = _error_keys(trees)
    found = []
    for rel, tree in trees.items():
        if rel in DECLARATIONS:
            continue
        skip = _docstrings(tree) | _error_nodes(tree, error_keys)
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
    """The reader sees an inline Russian sentence, and skips a docstring, a raise and a keyed error's block."""
    tree = ast.parse(
        '"""Козёл."""\n'
        'def f(lang):\n    """Рыба."""\n    return "сыграно" if lang == "ru" else "played"\n'
        'def g():\n    raise ValueError("нет")\n'
        'messages.add({"x.y": ("no", "нет")})\n'
        'def h():\n    raise KozelError.keyed("x.y")\n'
    )
    skip = _docstrings(tree) | _error_nodes(tree, _error_keys({"m": tree}))
    said = [n.value for n in ast.walk(tree) if isinstance(n, ast.Constant) and isinstance(n.value, str)]
    left = [n.value for n in ast.walk(tree) if isinstance(n, ast.Constant) and id(n) not in skip and n.value in said]
    assert [x for x in left if CYRILLIC.search(x)] == ["сыграно"]
