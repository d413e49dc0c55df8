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
    assert len(lines) == 1 and lines[0].startswith("compiling the game engine once (later runs start at once)")
    assert not any(ch.isdigit() for ch in lines[0])  # no estimate a slower machine would not keep
    warmup.prepare("play_game", False, notice)  # compiled: nothing to say
    assert len(lines) == 1


def test_the_notice_counts_the_seconds_in_the_users_language(tmp_path, monkeypatch):
    """Issue 27: the notice speaks Russian in a Russian run and counts the time so far, not one static line."""
    monkeypatch.setenv("NUMBA_CACHE_DIR", str(tmp_path))
    monkeypatch.setattr(warmup, "NOTICE_AFTER", 0.0)
    monkeypatch.setattr(warmup, "NOTICE_EVERY", 0.01)
    lines: list[str] = []
    counted = threading.Event()

    def notice(line: str) -> None:
        lines.append(line)
        if len(lines) >= 3:
            counted.set()

    monkeypatch.setattr(warmup, "_compile", lambda entry, thoughtful: counted.wait(60))
    warmup.use_language("ru")
    try:
        warmup.prepare("play_batch", True, notice)
    finally:
        warmup.use_language("en")
    assert counted.is_set()
    assert lines[0].startswith("собираю игровой движок — один раз") and lines[1].startswith("всё ещё собираю: ")
    said = len(lines)
    warmup.prepare("play_batch", True, notice)  # compiled: nothing to say
    assert len(lines) == said
