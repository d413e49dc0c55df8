"""kozel-stats: settle arguments about the domino game Козёл with data.

The library's public face (docs/library.md): load a variant, compare variants, sweep knobs, duel bots, play
and read game records; every bad input is a `KozelError`. The names load on first use: `import kozel_stats`
imports no numba, no polars and changes nothing in the process (numba's settings are made by the engine when a
game is first played).

    >>> import kozel_stats as ks
    >>> outcome = ks.run_compare([ks.load_variant("default"), ks.load_variant("target-125")], 2000, 1, ["random"])
"""

from __future__ import annotations

import importlib
from typing import Any

__version__ = "0.1.0"

#: public name -> the module that defines it (loaded on first use)
_PUBLIC = {
    "KozelError": "kozel_stats.text.errors",
    "VariantError": "kozel_stats.text.errors",
    "TraceError": "kozel_stats.text.errors",
    "ResultsError": "kozel_stats.text.errors",
    "Variant": "kozel_stats.rules.variants",
    "load_variant": "kozel_stats.rules.variants",
    "load_variants": "kozel_stats.rules.variants",
    "shipped_names": "kozel_stats.rules.variants",
    "with_rules": "kozel_stats.rules.variants",
    "run_compare": "kozel_stats.answers.compare",
    "build_grid": "kozel_stats.answers.sweep",
    "parse_vary": "kozel_stats.answers.sweep",
    "run_sweep": "kozel_stats.answers.sweep",
    "run_duel": "kozel_stats.answers.duel",
    "record_game": "kozel_stats.records.trace",
    "play_records": "kozel_stats.records.trace",
    "read_records": "kozel_stats.records.trace",
    "replay_record": "kozel_stats.records.trace",
    "format_game": "kozel_stats.records.playlog",
}

__all__ = ["__version__", *_PUBLIC]


def __getattr__(name: str) -> Any:
    if name not in _PUBLIC:
        raise AttributeError(f"module 'kozel_stats' has no attribute {name!r}")
    value = getattr(importlib.import_module(_PUBLIC[name]), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(__all__)
