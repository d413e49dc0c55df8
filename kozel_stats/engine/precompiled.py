"""The engine's machine code shipped with the package: a new clone loads it instead of compiling it.

numba compiles the kernels on first use, minutes of CPU on a small machine (docs/performance.md),
and keeps the machine code in its cache folder. The package ships that cache, built by
`python -m kozel_stats.engine.precompiled` (docs/development.md), for the usual platform: x86-64 Linux,
one Python and one numba version, named in the archive's file name (`kozel_stats/engine/archives/`).
On such a machine the first import of the engine unpacks it into the empty cache folder (or over a
partial one: a compile stopped by Ctrl-C) and numba loads the kernels from there as if it had compiled
them itself; anywhere else nothing is unpacked and numba compiles, as before. A damaged cache entry is
removed and compiled again, and a cache folder that cannot be written costs only the saving
(`install_guards`).

Two settings make numba's cache portable (a user's own NUMBA_CPU_NAME, NUMBA_CPU_FEATURES or
NUMBA_CACHE_LOCATOR_CLASSES wins):
- code for a named x86-64 level, x86-64-v2 (SSE4.2 and POPCNT: every x86-64 CPU since about 2009),
  instead of the machine's own CPU, on machines that have that level (set in
  `kozel_stats/engine/__init__.py`, before numba is imported): numba keys its cache by the CPU it compiled
  for, so code built for the machine's own CPU would match no other machine;
- `PackageCacheLocator`, first among numba's locators: numba files a function's cache under a hash
  of the source folder's path, so a second clone of the same sources never found the first one's
  code; the package's functions are filed under `kozel_stats/` in the cache folder, which is
  already keyed by the digest of the compiled sources (`kozel_stats.engine.engine_digest`).
numba checks what remains itself: the numba version, the Python bytecode and a hash of each
source file are in its index, so a stale or foreign entry is never loaded, only compiled over.
"""

from __future__ import annotations

import contextlib
import errno
import fcntl
import lzma
import os
import sys
import tarfile
import tempfile
from pathlib import Path

from numba.core import caching, config

from ..text import messages, notice_texts  # noqa: F401  (notice_texts: its notices)

#: The x86-64 level the shipped code is built for (kozel_stats/engine/__init__.py chooses it)
CPU_LEVEL = "x86-64-v2"
#: Where the shipped archives are; one per platform, Python and numba version
FOLDER = Path(__file__).resolve().parent / "archives"
#: The cache's subfolder for the package's functions, whatever the clone's path
SUBFOLDER = "kozel_stats"
#: The archive's member that names the compiled sources' digest the code was built from
DIGEST_MEMBER = "ENGINE_DIGEST"
#: The lock file in the cache's subfolder while one process unpacks
LOCK = ".unpacking.lock"
#: What reading a damaged archive can raise
_DAMAGED = (OSError, EOFError, KeyError, lzma.LZMAError, tarfile.TarError)
#: Set to 0 to compile instead (to measure compilation: benchmarks/bench_compile.py --compile)
SWITCH = "KOZEL_STATS_PRECOMPILED"

_PACKAGE = Path(__file__).resolve().parent


# numba < 0.62 names it with an underscore
_BASE_LOCATOR = vars(caching).get("UserProvidedCacheLocator") or vars(caching)["_UserProvidedCacheLocator"]


class PackageCacheLocator(_BASE_LOCATOR):  # type: ignore[misc,valid-type]
    """NUMBA_CACHE_DIR/kozel_stats for the package's own functions, wherever the clone is; numba's own
    locators file every other function as before."""

    @classmethod
    def get_suitable_cache_subpath(cls, py_file: str) -> str:
        return SUBFOLDER

    @classmethod
    def from_function(cls, py_func, py_file):  # type: ignore[no-untyped-def]
        if Path(py_file).resolve().parent != _PACKAGE:
            return None
        return super().from_function(py_func, py_file)


def _locators() -> list | None:
    """numba's list of cache locators, tried in order (None if this numba keeps it elsewhere)."""
    impl = getattr(caching, "CacheImpl", None) or getattr(caching, "_CacheImpl", None)
    classes = getattr(impl, "_locator_classes", None)
    return classes if isinstance(classes, list) else None


def install_locator() -> None:
    """Put PackageCacheLocator first among numba's locators. A user's NUMBA_CACHE_LOCATOR_CLASSES
    replaces numba's list, and wins."""
    classes = _locators()
    if classes is not None and PackageCacheLocator not in classes:
        classes.insert(0, PackageCacheLocator)


def archive_name() -> str:
    """The shipped archive's name for this machine: platform, Python and numba version."""
    import numba

    return f"linux-x86_64-{sys.implementation.cache_tag}-numba{numba.__version__}.tar.xz"


def portable() -> bool:
    """Whether numba generates the portable code the archives hold (kozel_stats/engine/__init__.py)."""
    return (
        getattr(config, "CPU_NAME", None) == CPU_LEVEL
        and getattr(config, "CPU_FEATURES", None) == ""
        and not getattr(config, "CACHE_LOCATOR_CLASSES", "")
        and PackageCacheLocator in (_locators() or ())
    )


def archive_digest(archive: Path) -> str | None:
    """The digest of the compiled sources an archive was built from (None for a damaged archive)."""
    try:
        with tarfile.open(archive) as tar:
            member = tar.extractfile(DIGEST_MEMBER)
            return member.read().decode().strip() if member is not None else None
    except _DAMAGED:
        return None


_seeded = [False]


def shipped() -> list[str]:
    """The (Python, numba) pairs the shipped archives hold code for ('cpython-311 numba 0.68.1', ...)."""
    found = []
    for archive in sorted(FOLDER.glob("linux-x86_64-*.tar.xz")):
        name = archive.name[len("linux-x86_64-") : -len(".tar.xz")]
        python, _, numba_version = name.partition("-numba")
        found.append(f"{python} numba {numba_version}")
    return found


def why_compiling(lang: str = "en") -> str | None:
    """Why the shipped code does not serve this process, in `lang` (None when it does, or would): what the
    compile notice says, so that a user knows what the minutes are for and what would avoid them."""
    import numba

    if os.environ.get(SWITCH) == "0":
        return messages.text("precompiled.why.off", lang, switch=SWITCH)
    if not portable():
        return messages.text("precompiled.why.machine", lang)
    archive = FOLDER / archive_name()
    if not archive.is_file():
        return messages.text(
            "precompiled.why.versions",
            lang,
            python=sys.implementation.cache_tag,
            numba=numba.__version__,
            shipped=", ".join(shipped()) or "-",
        )
    from . import engine_digest

    if archive_digest(archive) != engine_digest():
        return messages.text("precompiled.why.sources", lang)
    return None


def seed() -> bool:
    """Unpack the shipped code into numba's empty cache folder, once a process; True when it did.
    core.py and sums.py call it before they define a compiled function.

    Nothing happens when the code would not be used: another platform, Python or numba version,
    sources changed since the archive was built, a cache folder that already holds the package's
    code, a user's own CPU or locator setting, or KOZEL_STATS_PRECOMPILED=0. Processes starting
    together on a new machine (a pool's or a Dask machine's workers) take turns by a lock file: the
    first unpacks, the others find the code there; each file is written whole (a temporary file,
    renamed), so no process reads half a file."""
    if _seeded[0]:
        return False
    _seeded[0] = True
    folder = os.environ.get("NUMBA_CACHE_DIR")
    archive = FOLDER / archive_name()
    if os.environ.get(SWITCH) == "0" or not folder or not portable() or not archive.is_file():
        return False
    from . import engine_digest

    target = Path(folder) / SUBFOLDER
    digest = engine_digest()
    if _unpacked(target, digest):
        return False  # (the usual case: the code is there already)
    if archive_digest(archive) != digest:
        return False
    try:
        target.mkdir(parents=True, exist_ok=True)
        with open(target / LOCK, "w") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)  # released when the file closes
            if _unpacked(target, digest):
                return False  # another process unpacked it while this one waited
            names = _cache_members(archive)
            if not names:
                return False
            if any(target.glob("*.nbi")) and all((target / n).exists() for n in names):
                _mark_unpacked(target, digest)  # compiled here, every file of the archive's is there
                return False
            # an empty cache, or a partial one (a compile stopped by Ctrl-C, an unpacking cut by a full disk):
            # the archive's files over it, each function's index with its data files
            _unpack(archive, target, replace=any(target.glob("*.nbi")))
            _mark_unpacked(target, digest)
    except _DAMAGED:
        # a damaged archive, a full disk or a read-only cache: numba compiles what is missing, as without the archive
        for part_file in target.glob("*.part"):
            with contextlib.suppress(OSError):
                part_file.unlink()
        return False
    return True


#: In the cache's subfolder once the archive (of the digest it holds) is there whole
UNPACKED = ".shipped"


def _unpacked(target: Path, digest: str) -> bool:
    try:
        return (target / UNPACKED).read_text().strip() == digest
    except (OSError, UnicodeDecodeError):
        return False


def _mark_unpacked(target: Path, digest: str) -> None:
    part = target / f"{UNPACKED}.{os.getpid()}.part"
    try:
        part.write_text(digest + "\n")
        os.replace(part, target / UNPACKED)
    except OSError:  # a full disk: the next run checks the files again
        with contextlib.suppress(OSError):
            part.unlink()


def _cache_members(archive: Path) -> list[str]:
    with tarfile.open(archive) as tar:
        return [
            Path(m.name).name for m in tar.getmembers() if m.isfile() and Path(m.name).name.endswith((".nbi", ".nbc"))
        ]


def _unpack(archive: Path, target: Path, replace: bool = False) -> None:
    """numba's index and data files of the archive into `target`, by their base names only (never a path
    out of it), each whole; `replace`: over the files there (a partial cache), else only the missing ones."""
    with tarfile.open(archive) as tar:
        for member in tar.getmembers():
            name = Path(member.name).name
            if not member.isfile() or not name.endswith((".nbi", ".nbc")) or (target / name).exists() and not replace:
                continue
            data = tar.extractfile(member)
            if data is None:
                continue
            with tempfile.NamedTemporaryFile(dir=target, delete=False, suffix=".part") as part:
                part.write(data.read())
            os.replace(part.name, target / name)


def build(out: Path = FOLDER) -> Path:
    """Compile every kernel (warmup's six, one after another in one process, so that numba's index
    files hold every entry) into an empty cache folder and pack the package's cache files, with
    the sources' digest, into this platform's archive; older archives of the same Python go."""
    import subprocess

    from . import engine_digest

    with tempfile.TemporaryDirectory(prefix="kozel-precompiled-") as cache:
        env = dict(os.environ, NUMBA_CACHE_DIR=cache, **{SWITCH: "0"})
        subprocess.run([sys.executable, "-m", "kozel_stats.play.warmup", "--serial"], env=env, check=True)
        files = sorted((Path(cache) / SUBFOLDER).glob("*.nb[ic]"))
        if not files:
            raise RuntimeError("the warm-up wrote no cache files: is this machine's code portable?")
        out.mkdir(parents=True, exist_ok=True)
        archive = out / archive_name()
        for old in out.glob(f"linux-x86_64-{sys.implementation.cache_tag}-*.tar.xz"):
            old.unlink()
        digest_file = Path(cache) / DIGEST_MEMBER
        digest_file.write_text(engine_digest() + "\n")
        with tarfile.open(archive, "w:xz") as tar:
            tar.add(digest_file, arcname=DIGEST_MEMBER)
            for path in files:
                tar.add(path, arcname=path.name)
    return archive


# --- a cache folder that is damaged or full -------------------------------------------------------------------------
_said: set[str] = set()


def _lang() -> str:
    from ..text.say import _spoken, lang_from_env

    return _spoken[0] or lang_from_env()


def _say_once(key: str, **fields: object) -> None:
    """A notice (once a process) in the command's language."""
    if key in _said:
        return
    _said.add(key)
    lang = _lang()
    label = messages.text("notice.label", lang)
    print(f"kozel-stats: {label}: {messages.text(key, lang, **fields)}", file=sys.stderr)


def _guarded_load(load):
    """numba's Cache.load_overload, for which a damaged cache entry (bytes that do not unpickle: a damaged
    archive's member, a disk error) is a cache miss: the function's index and data files are removed, said
    once, and numba compiles the function again and saves it whole. numba itself raised UnpicklingError from
    every later run."""

    def load_overload(self, sig, target_context):
        try:
            return load(self, sig, target_context)
        except (KeyboardInterrupt, SystemExit, MemoryError):
            raise
        except Exception as exc:
            files = self._cache_file
            index = Path(files._index_path)
            damaged = [index, *index.parent.glob(index.name.removesuffix(".nbi") + ".*.nbc")]
            for path in damaged:
                with contextlib.suppress(OSError):
                    path.unlink()
            _say_once("cache.damaged", file=index, folder=index.parent, error=type(exc).__name__)
            return None

    return load_overload


def _guarded_save(save):
    """numba's Cache.save_overload: a full disk (or a read-only cache folder) costs the saving only, said once
    with the folder and what to do; numba raised "No space left on device" naming no file, on every run."""

    def save_overload(self, sig, data):
        try:
            return save(self, sig, data)
        except OSError as exc:
            folder = Path(self._cache_file._index_path).parent
            problem = (
                messages.text("precompiled.no_space", _lang())
                if exc.errno == errno.ENOSPC
                else (exc.strerror or str(exc))
            )
            _say_once("cache.unsaved", folder=folder, problem=problem)
            return None

    return save_overload


def install_guards() -> None:
    """Wrap numba's cache loading and saving once (before any compiled function is defined)."""
    cache = caching.Cache
    if not getattr(cache.load_overload, "_kozel_guard", False):
        cache.load_overload = _guarded_load(cache.load_overload)  # type: ignore[method-assign]
        cache.load_overload._kozel_guard = True  # type: ignore[attr-defined]
    if not getattr(cache.save_overload, "_kozel_guard", False):
        cache.save_overload = _guarded_save(cache.save_overload)  # type: ignore[method-assign]
        cache.save_overload._kozel_guard = True  # type: ignore[attr-defined]


# before the package defines any compiled function: core.py and sums.py import this module first
install_locator()
install_guards()


def main() -> None:
    """`python -m kozel_stats.engine.precompiled`: build this machine's archive (docs/development.md)."""
    if not portable():
        sys.exit("kozel-stats: this machine builds no portable code (x86-64 Linux with x86-64-v2 is needed)")
    print(build())


if __name__ == "__main__":
    from kozel_stats.engine import (
        precompiled,  # the package's module (this one runs as __main__), its locator installed
    )

    precompiled.main()
