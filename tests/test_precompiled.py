"""The engine's machine code shipped with the package (kozel_stats/engine/precompiled.py): it is built from
the sources as they are, a new machine loads it instead of compiling, and a wrong, damaged or
foreign archive is never unpacked (numba then compiles, as without one)."""

from __future__ import annotations

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
    _archive(precompiled.FOLDER, engine_digest(), {"core.f-1.py311.nbi": b"shipped"})
    fresh_seed.mkdir(parents=True)
    (fresh_seed / "core.g-2.py311.nbi").write_bytes(b"compiled here")
    assert not precompiled.seed()
    assert sorted(p.name for p in fresh_seed.iterdir()) == ["core.g-2.py311.nbi"]


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
