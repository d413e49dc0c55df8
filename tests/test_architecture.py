"""The package's layers are its folders (docs/engine.md, the README's architecture): every import, at module
level or inside a function, goes to a module of its own folder or of a folder below, and no import cycle
exists. A new folder gets its place in LAYERS; a module at the package's top is only its public face
(__init__, __main__); an import that runs back up the layers, or closes a cycle, fails this test."""

from __future__ import annotations

import ast
from pathlib import Path

import kozel_stats

PACKAGE = Path(kozel_stats.__file__).resolve().parent

#: The folders, from the bottom up; a module may import from its own folder and the folders below it
LAYERS = (
    "text",  # every sentence (en and ru), the language rule, the error type
    "system",  # files written whole, signals
    "rules",  # knobs, variants, the roster of bots, levels
    "engine",  # exactly what numba compiles, and its cache
    "stats",  # metrics, sufficient statistics, comparisons and tests
    "records",  # game records and the play log
    "play",  # batches, the pool or Dask, the warm-up
    "results",  # results folders and their schema
    "present",  # words, terminal tables, progress, the HTML reports
    "answers",  # compare, duel, sweep
    "site",  # the atlas
    "cli",  # the command line
)
#: the package's top: the public face (it imports the layers lazily, by name) and `python -m kozel_stats`
TOP = {"__init__", "__main__"}


def modules() -> dict[str, Path]:
    """Every module of the package by its dotted name below the package ('engine.core', '__init__')."""
    found = {}
    for path in PACKAGE.rglob("*.py"):
        parts = path.relative_to(PACKAGE).with_suffix("").parts
        found[".".join(parts)] = path
    return found


def folder_of(module: str) -> str | None:
    return module.split(".")[0] if "." in module else None


def _resolve(module: str, node: ast.ImportFrom, known: set[str]) -> set[str]:
    """The package modules an `from … import …` names (relative imports only: the package never imports
    itself by its absolute name but in the public face's table)."""
    here = module.split(".")[:-1] if not module.endswith("__init__") else module.split(".")[:-1]
    base = here[: len(here) - (node.level - 1)] if node.level > 1 else here
    target = [*base, *(node.module.split(".") if node.module else [])]
    found = set()
    for alias in node.names:
        for candidate in (".".join([*target, alias.name]), ".".join(target)):
            if candidate in known:
                found.add(candidate)
                break
            if f"{candidate}.__init__" in known:
                found.add(f"{candidate}.__init__")
                break
    return found


def imports() -> dict[str, set[str]]:
    """Every module of the package and the package modules it imports, anywhere in its code."""
    known = modules()
    graph = {}
    for name, path in known.items():
        found: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.level >= 1:
                found |= _resolve(name, node, set(known))
        graph[name] = found - {name}
    return graph


def test_every_module_is_in_a_layer_folder():
    stray = sorted(m for m in modules() if folder_of(m) is None and m not in TOP)
    unknown = sorted({folder_of(m) for m in modules()} - set(LAYERS) - {None})
    assert (stray, unknown) == ([], []), "a module belongs in a layer folder; a new folder gets its place in LAYERS"


def test_the_top_imports_no_layer_at_import_time():
    """`import kozel_stats` loads nothing of the layers (the public names load on first use)."""
    tree = ast.parse((PACKAGE / "__init__.py").read_text(encoding="utf-8"))
    assert not [n for n in tree.body if isinstance(n, ast.ImportFrom) and n.level >= 1]


def test_a_layer_takes_only_the_version_from_the_top():
    """The top is the public face, above every layer: a layer may read the package's version from it, nothing
    else (the public names are the layers' own)."""
    taken = sorted(
        f"{name}: {alias.name}"
        for name, path in modules().items()
        if folder_of(name) is not None
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, ast.ImportFrom) and node.level == 2 and not node.module
        for alias in node.names
        if alias.name != "__version__"
    )
    assert taken == []


def test_no_import_runs_up_the_layers():
    rank = {folder: i for i, folder in enumerate(LAYERS)}
    upward = [
        f"{module} imports {target}"
        for module, targets in imports().items()
        if folder_of(module) is not None
        for target in sorted(targets)
        if folder_of(target) is None or rank[folder_of(target)] > rank[folder_of(module)]
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


def test_importing_the_package_changes_nothing_and_its_public_names_load():
    """`import kozel_stats` sets no numba setting and loads no layer; each public name loads on first use."""
    import json
    import os
    import subprocess
    import sys

    code = (
        "import json, os, sys; import kozel_stats as ks; "
        "before = ([k for k in os.environ if k.startswith('NUMBA_')], sorted(m for m in sys.modules if "
        "m.startswith(('kozel_stats', 'numba', 'polars')))); "
        "names = {n: type(getattr(ks, n)).__name__ for n in ks.__all__}; "
        "print(json.dumps([before, names]))"
    )
    env = {k: v for k, v in os.environ.items() if not k.startswith("NUMBA_")}
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
    (numba_settings, loaded), names = json.loads(out.stdout)
    assert (numba_settings, loaded) == ([], ["kozel_stats"])
    assert names["load_variant"] == "function" and names["KozelError"] == "type"
    assert names["run_compare"] == "function" and names["__version__"] == "str"
