"""The engine's machine code shipped with the package (kozel_stats/engine/precompiled.py): it is built from
the sources as they are, a new machine loads it instead of compiling, and a wrong, damaged or
foreign archive is never unpacked (numba then compiles, as without one)."""

from __future__ import annotations

import contextlib
import io
import json
import os
import subprocess
import sys
import tarfile
from pathlib import Path

import pytest

from kozel_stats.engine import engine_digest, precompiled

REBUILD = "rebuild it: python -m kozel_stats.engine.precompiled (docs/development.md)"


def test_every_shipped_archive_was_built_from_these_sources():
    archives = sorted(precompiled.FOLDER.glob("*.tar.xz"))
    assert archives, f"no compiled code is shipped in {precompiled.FOLDER}: {REBUILD}"
    for archive in archives:
        assert precompiled.archive_digest(archive) == engine_digest(), (
            f"{archive.name} holds code compiled from other sources than these: {REBUILD}"
        )


def _archive(folder: Path, digest: str, files: dict[str, bytes]) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / precompiled.archive_name()
    with tarfile.open(path, "w:xz") as tar:
        for name, data in {precompiled.DIGEST_MEMBER: digest.encode() + b"\n", **files}.items():
            info = tarfile.TarInfo(name)
            info.size = len(data)
            tar.addfile(info, io.BytesIO(data))
    return path


@pytest.fixture
def fresh_seed(tmp_path, monkeypatch):
    """seed() as in a new process, with its archives in tmp_path/shipped and an empty cache folder."""
    if not precompiled.portable():
        pytest.skip("this machine makes no portable code (x86-64 Linux with x86-64-v2 only)")
    monkeypatch.setattr(precompiled, "FOLDER", tmp_path / "shipped")
    monkeypatch.setattr(precompiled, "_seeded", [False])
    monkeypatch.setenv("NUMBA_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.delenv(precompiled.SWITCH, raising=False)
    return tmp_path / "cache" / precompiled.SUBFOLDER


def test_the_shipped_files_are_unpacked_once_into_an_empty_cache(fresh_seed):
    _archive(
        precompiled.FOLDER,
        engine_digest(),
        {"core.f-1.py311.nbi": b"index", "core.f-1.py311.1.nbc": b"code"},
    )
    assert precompiled.seed()
    assert sorted(p.name for p in fresh_seed.glob("*.nb?")) == ["core.f-1.py311.1.nbc", "core.f-1.py311.nbi"]
    assert (fresh_seed / "core.f-1.py311.1.nbc").read_bytes() == b"code"
    assert not precompiled.seed()  # once a process


def test_processes_starting_together_unpack_once(fresh_seed, tmp_path):
    """Workers starting together on a new machine: one unpacks while the others wait at the lock, then
    find the code there (each process's own seed(), in processes of their own)."""
    _archive(precompiled.FOLDER, engine_digest(), {f"core.f-{i}.py311.nbi": b"i" * 100_000 for i in range(40)})
    code = (
        "import sys; from kozel_stats.engine import precompiled; from pathlib import Path;"
        "precompiled.FOLDER = Path(sys.argv[1]); print(precompiled.seed())"
    )
    env = {**os.environ, "NUMBA_CACHE_DIR": str(tmp_path / "cache")}
    starts = [
        subprocess.Popen(
            [sys.executable, "-c", code, str(precompiled.FOLDER)], env=env, stdout=subprocess.PIPE, text=True
        )
        for _ in range(4)
    ]
    said = [p.communicate()[0].strip().splitlines()[-1] for p in starts]
    assert sorted(said) == ["False", "False", "False", "True"], said
    assert len(list(fresh_seed.glob("*.nbi"))) == 40 and not list(fresh_seed.glob("*.part"))


def test_a_cache_that_holds_code_already_is_left_alone(fresh_seed):
    """Every file of the archive's is there (compiled on this machine): nothing is unpacked over it."""
    _archive(precompiled.FOLDER, engine_digest(), {"core.f-1.py311.nbi": b"shipped"})
    fresh_seed.mkdir(parents=True)
    (fresh_seed / "core.f-1.py311.nbi").write_bytes(b"compiled here")
    (fresh_seed / "core.g-2.py311.nbi").write_bytes(b"compiled here")
    assert not precompiled.seed()
    assert (fresh_seed / "core.f-1.py311.nbi").read_bytes() == b"compiled here"
    assert (fresh_seed / "core.g-2.py311.nbi").read_bytes() == b"compiled here"


def test_a_partial_cache_does_not_block_the_archive(fresh_seed):
    """A Ctrl-C during a compile (or a full disk while unpacking) leaves some of the files: the archive is
    unpacked over them, each function's index with its data files, and once whole it is not read again."""
    files = {"core.f-1.py311.nbi": b"index f", "core.f-1.py311.1.nbc": b"code f", "core.h-3.py311.nbi": b"index h"}
    _archive(precompiled.FOLDER, engine_digest(), files)
    fresh_seed.mkdir(parents=True)
    (fresh_seed / "core.f-1.py311.nbi").write_bytes(b"half compiled here")
    assert precompiled.seed()
    assert {name: (fresh_seed / name).read_bytes() for name in files} == files
    (fresh_seed / "core.h-3.py311.nbi").write_bytes(b"compiled again")
    precompiled._seeded[0] = False  # a later process: the cache is whole, nothing is unpacked
    assert not precompiled.seed()
    assert (fresh_seed / "core.h-3.py311.nbi").read_bytes() == b"compiled again"


_TOY = """
import sys
import kozel_stats.engine.precompiled  # its guards over numba's cache
from numba import njit

@njit(cache=True)
def toy(x):
    return x * 3 + 1

print(toy(int(sys.argv[1])))
"""


def _toy(tmp_path: Path, cache: Path, *args: str) -> subprocess.CompletedProcess:
    script = tmp_path / "toy.py"
    script.write_text(_TOY)
    env = {k: v for k, v in os.environ.items() if not k.startswith("NUMBA_")}
    env.update(NUMBA_CACHE_DIR=str(cache), LANG="C", LC_ALL="C")
    return subprocess.run([sys.executable, str(script), *args], env=env, capture_output=True, text=True, timeout=300)


@pytest.mark.parametrize("damaged", [".nbi", ".nbc"])
def test_a_damaged_cache_entry_is_removed_and_compiled_again(tmp_path, damaged):
    """Random bytes in a cache file with the right name (a damaged archive's member, a disk error): numba raised
    UnpicklingError on every later run; now the entry is removed, said once, and compiled again."""
    cache = tmp_path / "cache"
    first = _toy(tmp_path, cache, "4")
    assert first.returncode == 0 and first.stdout.strip() == "13", first.stderr
    files = list(cache.rglob(f"*{damaged}"))
    assert files
    for path in files:
        path.write_bytes(b"\x93 random bytes, not a pickle")
    again = _toy(tmp_path, cache, "5")
    assert again.returncode == 0 and again.stdout.strip() == "16", again.stderr
    assert "was damaged" in again.stderr and "compiled again" in again.stderr and str(cache) in again.stderr
    healed = _toy(tmp_path, cache, "6")  # saved whole again: loaded without a word
    assert healed.returncode == 0 and healed.stdout.strip() == "19" and healed.stderr == "", healed.stderr


def test_a_full_cache_folder_is_named_with_what_to_do(tmp_path):
    """A cache folder that cannot be written (a full disk, or here a read-only one): the run goes on, compiled
    for itself, and says which folder and what to do, instead of «No space left on device» naming nothing."""
    if os.geteuid() == 0:
        import shutil

        if shutil.which("mount") is None:
            pytest.skip("needs mount (a small tmpfs) as root")
        cache = tmp_path / "small"
        cache.mkdir()
        if subprocess.run(["mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", str(cache)]).returncode != 0:
            pytest.skip("cannot mount a tmpfs here")
        try:
            (cache / "filler").write_bytes(b"\0" * 60_000)
            with open(cache / "filler2", "wb") as f, contextlib.suppress(OSError):
                f.write(b"\0" * 60_000)
            done = _toy(tmp_path, cache, "4")
        finally:
            subprocess.run(["umount", "-l", str(cache)])
        words = "no space left on the device"
    else:
        cache = tmp_path / "readonly"
        cache.mkdir()
        cache.chmod(0o500)
        done = _toy(tmp_path, cache, "4")
        words = "ermission"
    assert done.returncode == 0 and done.stdout.strip() == "13", done.stderr
    assert str(cache) in done.stderr and words in done.stderr and "NUMBA_CACHE_DIR" in done.stderr, done.stderr
    assert "Traceback" not in done.stderr


@pytest.mark.parametrize("why", ["other sources", "damaged", "switched off", "not a cache file"])
def test_a_wrong_archive_is_never_unpacked(fresh_seed, monkeypatch, why):
    if why == "other sources":
        _archive(precompiled.FOLDER, "0123456789abcdef", {"core.f-1.py311.nbi": b"index"})
    elif why == "damaged":
        precompiled.FOLDER.mkdir(parents=True)
        (precompiled.FOLDER / precompiled.archive_name()).write_bytes(b"\xfd7zXZ\x00 cut short")
    elif why == "switched off":
        _archive(precompiled.FOLDER, engine_digest(), {"core.f-1.py311.nbi": b"index"})
        monkeypatch.setenv(precompiled.SWITCH, "0")
    else:  # only numba's index and data files, by their base name: never a path out of the folder
        _archive(precompiled.FOLDER, engine_digest(), {"../../evil.py": b"print('no')"})
    unpacked = precompiled.seed()
    assert list(fresh_seed.glob("*")) in ([], [fresh_seed / precompiled.LOCK])
    assert not (fresh_seed.parent.parent / "evil.py").exists()
    assert not unpacked or why == "not a cache file"


_LOAD = """
import json
from kozel_stats.play import warmup
from kozel_stats.engine.codes import KERNEL_THINKING
from numba.core.registry import CPUDispatcher

warmup.prepare("play_batch", KERNEL_THINKING)
warmup.prepare("play_game", KERNEL_THINKING)
hits = misses = 0
from kozel_stats.engine import bots
from kozel_stats.engine import core
from kozel_stats.engine import game as engine
from kozel_stats.engine import expert
from kozel_stats.engine import scoring
from kozel_stats.engine import sums
for module in (bots, core, engine, expert, scoring, sums):
    for value in vars(module).values():
        if isinstance(value, CPUDispatcher):
            hits += sum(value.stats.cache_hits.values())
            misses += sum(value.stats.cache_misses.values())
print(json.dumps({"hits": hits, "misses": misses}))
"""


def test_a_new_machine_loads_the_shipped_code_instead_of_compiling(tmp_path):
    """A process with an empty cache folder (a new machine, or a new clone) plays the `player` level's
    kernels with nothing compiled: every kernel numba needed came from the archive."""
    archive = precompiled.FOLDER / precompiled.archive_name()
    if not precompiled.portable() or not archive.is_file():
        pytest.skip(f"no compiled code is shipped for this machine ({precompiled.archive_name()})")
    env = {k: v for k, v in os.environ.items() if not k.startswith("NUMBA_") and k != precompiled.SWITCH}
    env["XDG_CACHE_HOME"] = str(tmp_path)
    done = subprocess.run([sys.executable, "-c", _LOAD], env=env, capture_output=True, text=True, check=True)
    counts = json.loads(done.stdout.strip().splitlines()[-1])
    assert counts["hits"] > 0 and counts["misses"] == 0, counts
    assert any((tmp_path / "kozel-stats").glob(f"numba-*/{precompiled.SUBFOLDER}/*.nbi"))
