"""Compiling once, and saying so (warmup.py): the marker that a kernel is compiled belongs to the clone's own
folder, since numba files its cache under the path of the sources; the notice comes before the compile ends."""

from __future__ import annotations

import threading

from kozel_stats import warmup


def test_the_compiled_marker_belongs_to_this_clone(tmp_path, monkeypatch):
    monkeypatch.setenv("NUMBA_CACHE_DIR", str(tmp_path))
    compiled = []
    monkeypatch.setattr(warmup, "_compile", lambda entry, thoughtful: compiled.append(entry))
    (tmp_path / "compiled-play_batch-fast.ok").write_text("1\n")  # the old name, shared by every clone
    assert not warmup.is_compiled("play_batch", False)
    warmup.prepare("play_batch", False)
    assert compiled == ["play_batch"] and warmup.is_compiled("play_batch", False)
    assert warmup.prepare("play_batch", False) == 0.0 and compiled == ["play_batch"]  # not again
    # a second clone (or this one moved) shares the cache folder, but numba compiles its code again
    monkeypatch.setattr(warmup, "__file__", str(tmp_path / "elsewhere" / "kozel_stats" / "warmup.py"))
    assert not warmup.is_compiled("play_batch", False)


def test_a_compile_is_announced_while_it_runs(tmp_path, monkeypatch):
    monkeypatch.setenv("NUMBA_CACHE_DIR", str(tmp_path))
    monkeypatch.setattr(warmup, "NOTICE_AFTER", 0.0)
    said = threading.Event()
    lines: list[str] = []

    def notice(line: str) -> None:
        lines.append(line)
        said.set()

    def compiling(entry: str, thoughtful: bool) -> None:
        assert said.wait(60), "no notice while compiling"  # the compile lasts until the notice is out

    monkeypatch.setattr(warmup, "_compile", compiling)
    warmup.prepare("play_game", False, notice)
    assert len(lines) == 1 and lines[0].startswith("compiling the game engine once (about 13 s of CPU")
    warmup.prepare("play_game", False, notice)  # compiled: nothing to say
    assert len(lines) == 1
