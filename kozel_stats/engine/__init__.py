"""The engine: exactly the code numba compiles (the rules' integer codes, the deal and game kernels, the bots,
the expert's search, the statistics' sums) and the plumbing of its machine code (the numba cache and the archives
shipped with the package: precompiled.py).

Importing this package (any engine module) sets numba's cache folder and its portable CPU level, before numba
is first imported; a process that never plays never imports it, and `import kozel_stats` changes nothing.

The cache key (`engine_digest`) is this folder's sources (but its plumbing: this file and precompiled.py, which
numba never compiles) and the constants the compiled code takes from outside
it: the knobs' choices (codes.choice_code reads them), the bots' ids (roster.BOTS) and the tiles' order
(rules/tiles.py). The prose beside those
constants (a knob's rule in Russian, a bot's description) is not part of it: a corrected word compiles nothing.
"""

import hashlib
import os
import sys
import tempfile
from pathlib import Path

#: This folder: what numba compiles, and the key of its cache
ENGINE = Path(__file__).resolve().parent


#: The engine folder's plumbing of the machine code (this file, the archives' code): numba compiles none of it
PLUMBING = ("__init__.py", "precompiled.py")


def compiled_sources() -> tuple[str, ...]:
    """The engine's sources numba compiles or reads constants from (every module of the folder but its
    plumbing, and the data it ships: the expert's fitted model), by name, in a fixed order."""
    found = [p.name for p in ENGINE.glob("*.py") if p.name not in PLUMBING] + [p.name for p in ENGINE.glob("*.json")]
    return tuple(sorted(found))


def outside_constants() -> str:
    """The constants the compiled code takes from outside the engine, in a canonical text: each knob's name,
    type and choices (their indices are the engine's integer codes), each bot's name, id and parameter bound,
    and the tiles' order. Read from the declarations without their prose."""
    from ..rules.knobs import KNOBS
    from ..rules.roster import BOTS, SETTINGS
    from ..rules.tiles import TILE_HI, TILE_LO

    knobs = [(k.name, k.kind.__name__, tuple(str(c) for c in k.choices)) for k in KNOBS]
    bots = [(b.name, b.kind, b.most) for b in BOTS] + [(s.name, s.bot) for s in SETTINGS]
    tiles = list(zip(TILE_LO.tolist(), TILE_HI.tolist(), strict=True))
    return repr((knobs, bots, tiles))


def engine_digest() -> str:
    """A hash of the package's version, the engine's sources and the constants it takes from outside
    (`outside_constants`): two machines with the same digest play the same games (a Dask cluster's workers are
    checked against it), and the numba cache is keyed by it, so that no kernel ever runs on stale constants."""
    from .. import __version__

    digest = hashlib.sha1(__version__.encode())
    for name in compiled_sources():
        digest.update(name.encode())
        digest.update((ENGINE / name).read_bytes())
    digest.update(outside_constants().encode())
    return digest.hexdigest()[:16]


def _numba_cache_dir() -> str:
    """A numba cache folder keyed by the sources of the compiled modules.

    numba re-validates a cached function only against its own file, but the engine's
    compiled code also holds the bots and table primitives it inlines from other modules:
    after a change to any of them, a fresh folder makes sure nothing stale is ever run. The
    other modules (report, statistics, the command line) do not touch it.
    """
    name = f"numba-{engine_digest()}"
    for base in (
        Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "kozel-stats",
        Path(tempfile.gettempdir()) / "kozel-stats",
    ):
        try:
            (base / name).mkdir(parents=True, exist_ok=True)
            return str(base / name)
        except OSError:
            continue  # e.g. a read-only home: fall back to the temporary folder
    return str(Path(tempfile.gettempdir()) / name)


#: The instruction sets of x86-64-v2 (/proc/cpuinfo's names): what the shipped code may use
_X86_64_V2 = {"cx16", "lahf_lm", "popcnt", "sse4_1", "sse4_2", "ssse3"}


def _has_x86_64_v2() -> bool:
    """Whether this is x86-64 Linux with the instructions of x86-64-v2 (kozel_stats/engine/precompiled.py)."""
    if sys.platform != "linux" or os.uname().machine != "x86_64":
        return False
    try:
        with open("/proc/cpuinfo", encoding="ascii", errors="replace") as cpuinfo:
            for line in cpuinfo:
                if line.startswith("flags"):
                    return set(line.partition(":")[2].split()) >= _X86_64_V2
    except OSError:
        pass
    return False


def _portable_numba() -> None:
    """numba's code for x86-64-v2, not for this machine's own CPU, so that the code shipped in
    kozel_stats/engine/archives/ loads on a new machine (why: kozel_stats/engine/precompiled.py). A user's own
    NUMBA_CPU_NAME or NUMBA_CPU_FEATURES wins."""
    if "NUMBA_CPU_NAME" not in os.environ and "NUMBA_CPU_FEATURES" not in os.environ and _has_x86_64_v2():
        os.environ["NUMBA_CPU_NAME"] = "x86-64-v2"
        os.environ["NUMBA_CPU_FEATURES"] = ""


# Set before numba is first imported (the engine imports it lazily); a user's own setting wins.
os.environ.setdefault("NUMBA_CACHE_DIR", _numba_cache_dir())
_portable_numba()
