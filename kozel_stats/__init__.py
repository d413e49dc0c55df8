"""kozel-stats: settle arguments about the domino game Козёл with data."""

import hashlib
import os
import tempfile
from pathlib import Path

__version__ = "0.1.0"


def _numba_cache_dir() -> str:
    """A numba cache folder keyed by the package's sources.

    numba re-validates a cached function only against its own file, but the engine's
    compiled code also holds the bots and table primitives it inlines from other modules:
    after any source change, a fresh folder makes sure nothing stale is ever run.
    """
    digest = hashlib.sha1(__version__.encode())
    for path in sorted(Path(__file__).resolve().parent.glob("*.py")):
        digest.update(path.name.encode())
        digest.update(path.read_bytes())
    name = f"numba-{digest.hexdigest()[:16]}"
    for base in (Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "kozel-stats",
                 Path(tempfile.gettempdir()) / "kozel-stats"):
        try:
            (base / name).mkdir(parents=True, exist_ok=True)
            return str(base / name)
        except OSError:
            continue  # e.g. a read-only home: fall back to the temporary folder
    return str(Path(tempfile.gettempdir()) / name)


# Set before numba is first imported (the engine imports it lazily); a user's own setting wins.
os.environ.setdefault("NUMBA_CACHE_DIR", _numba_cache_dir())
