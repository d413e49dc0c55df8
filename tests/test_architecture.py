"""The package's layers (docs/engine.md, the README's architecture): every import, at module level or inside a
function, goes to a module of its own layer or one below, and no import cycle exists. A new module gets its layer
here; a new import that runs back up the layers, or closes a cycle, fails this test."""

from __future__ import annotations

import ast
from pathlib import Path

import kozel_stats

PACKAGE = Path(kozel_stats.__file__).resolve().parent

#: From the bottom up; a module may import from its own layer and the layers below it
LAYERS = (
    (
        "base",
        {
            "__init__",
            "errors",
            "knobs",
            "signals",
            "sums",
            "say",
            "phrasebook",
            "messages",
            "files",
            "levels",
            "roster",
            "precompiled",
        },
    ),
    ("rules", {"codes", "rules", "redeal"}),
    ("engine", {"core", "scoring", "expert", "bots", "engine"}),
    ("games", {"trace", "playlog", "batches", "warmup", "metrics", "moments", "runner", "cluster"}),
    ("statistics", {"stats", "words", "progress", "schema", "level_verdict"}),
    ("answers", {"compare", "duel", "sweep", "results", "report", "sweep_report", "tables"}),
    ("site", {"atlas", "atlas_pages"}),  # the atlas: answers played and laid out as a static site
    ("command line", {"cli", "__main__"}),
)
LAYER_OF = {module: i for i, (_, modules) in enumerate(LAYERS) for module in modules}


def imports() -> dict[str, set[str]]:
    """Every module of the package and the package modules it imports, anywhere in its code."""
    modules = {path.stem for path in PACKAGE.glob("*.py")}
    graph = {}
    for path in PACKAGE.glob("*.py"):
        found = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.level == 1:
                names = [node.module.split(".")[0]] if node.module else [alias.name for alias in node.names]
                found |= {name for name in names if name in modules}
        graph[path.stem] = found - {path.stem}
    return graph


def test_every_module_has_a_layer():
    assert sorted(set(imports()) - set(LAYER_OF)) == [], "give the new module its layer in LAYERS"


def test_no_import_runs_up_the_layers():
    upward = [
        f"{module} ({LAYERS[LAYER_OF[module]][0]}) imports {target} ({LAYERS[LAYER_OF[target]][0]})"
        for module, targets in imports().items()
        for target in sorted(targets)
        if LAYER_OF.get(target, 0) > LAYER_OF.get(module, 0)
    ]
    assert upward == []


def test_no_import_cycle():
    graph = imports()
    state: dict[str, int] = {}  # 1: on the path being walked, 2: done
    cycles = []

    def walk(module: str, path: list[str]) -> None:
        state[module] = 1
        for target in sorted(graph[module]):
            if state.get(target) == 1:
                cycles.append(" -> ".join(path[path.index(target) :] + [target]))
            elif target not in state:
                walk(target, path + [target])
        state[module] = 2

    for module in sorted(graph):
        if module not in state:
            walk(module, [module])
    assert cycles == []
