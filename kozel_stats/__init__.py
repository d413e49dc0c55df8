"""kozel-stats: settle arguments about the domino game Козёл with data."""

import hashlib
import os
import re
import sys
import tempfile
from pathlib import Path

__version__ = "0.1.0"


#: The modules whose code numba compiles (the engine, the tables it reads, the statistics' sums).
COMPILED_MODULES = ("codes.py", "core.py", "scoring.py", "expert.py", "bots.py", "engine.py", "sums.py")

# A module-level `from .name import` (at the start of a line: imports inside functions run later
# and give the kernels no constant)
_TOP_IMPORT = re.compile(rb"^from \.(\w+) import", re.MULTILINE)


def compiled_sources() -> tuple[str, ...]:
    """The compiled modules and every module of the package they import at module level, however
    indirectly: everything that can put a constant into compiled code (codes.py reads the knobs'
    choice codes from knobs.py, say), in a fixed order."""
    here = Path(__file__).resolve().parent
    seen: list[str] = []
    todo = list(COMPILED_MODULES)
    while todo:
        name = todo.pop(0)
        if name in seen:
            continue
        seen.append(name)
        todo += [f"{m.decode()}.py" for m in _TOP_IMPORT.findall((here / name).read_bytes())]
    return tuple(sorted(seen))


def engine_digest() -> str:
    """A hash of this version and of the sources of the compiled code (`compiled_sources`): two
    machines with the same digest play the same games (a Dask cluster's workers are checked
    against it), and the numba cache is keyed by it, so that no kernel ever runs on stale
    constants."""
    digest = hashlib.sha1(__version__.encode())
    here = Path(__file__).resolve().parent
    for path in (here / name for name in compiled_sources()):
        digest.update(path.name.encode())
        digest.update(path.read_bytes())
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
    """Whether this is x86-64 Linux with the instructions of x86-64-v2 (kozel_stats/precompiled.py)."""
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
    kozel_stats/precompiled/ loads on a new machine (why: kozel_stats/precompiled.py). A user's own
    NUMBA_CPU_NAME or NUMBA_CPU_FEATURES wins."""
    if "NUMBA_CPU_NAME" not in os.environ and "NUMBA_CPU_FEATURES" not in os.environ and _has_x86_64_v2():
        os.environ["NUMBA_CPU_NAME"] = "x86-64-v2"
        os.environ["NUMBA_CPU_FEATURES"] = ""


# Set before numba is first imported (the engine imports it lazily); a user's own setting wins.
os.environ.setdefault("NUMBA_CACHE_DIR", _numba_cache_dir())
_portable_numba()
