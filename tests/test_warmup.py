"""Compiling once, and saying so (warmup.py): the marker that a kernel is compiled belongs to the clone's own
folder, since numba files its cache under the path of the sources; the notice comes before the compile ends."""

from __future__ import annotations

import threading

from kozel_stats.play import warmup


def test_the_compiled_marker_belongs_to_this_clone(tmp_path, monkeypatch):
    monkeypatch.setenv("NUMBA_CACHE_DIR", str(tmp_path))
    compiled = []
    monkeypatch.setattr(warmup, "_compile", lambda entry, flavour: compiled.append(entry))
    (tmp_path / "compiled-play_batch-fast.ok").write_text("1\n")  # the old name, shared by every clone
    assert not warmup.is_compiled("play_batch", False)
    warmup.prepare("play_batch", False)
    assert compiled == ["play_batch"] and warmup.is_compiled("play_batch", False)
    assert warmup.prepare("play_batch", False) == 0.0 and compiled == ["play_batch"]  # not again
    # a second clone (or this one moved) shares the cache folder, but where numba's cache is not portable
    # (kozel_stats/engine/precompiled.py) numba compiles its code again
    monkeypatch.setattr(warmup, "__file__", str(tmp_path / "elsewhere" / "kozel_stats" / "warmup.py"))
    assert not warmup.is_compiled("play_batch", False)


def test_a_compile_is_announced_while_it_runs(tmp_path, monkeypatch):
    monkeypatch.setenv("NUMBA_CACHE_DIR", str(tmp_path))
    monkeypatch.setattr(warmup, "NOTICE_AFTER", 0.0)
    monkeypatch.setattr(warmup, "_notice_lang", ["en"])  # whatever an earlier command in this process spoke
    said = threading.Event()
    lines: list[str] = []

    def notice(line: str) -> None:
        lines.append(line)
        said.set()

    def compiling(entry: str, flavour: int) -> None:
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

    monkeypatch.setattr(warmup, "_compile", lambda entry, flavour: counted.wait(60))
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


def test_each_set_of_bots_gets_the_cheapest_kernel_that_plays_it():
    """The default level (counter) compiles no search: the searching bots have a kernel of their own, picked by the
    numba type of the engine's flag (None, an integer, a boolean: bots.searching_choice)."""
    from kozel_stats.engine import game as engine
    from kozel_stats.engine.codes import KERNEL_FAST, KERNEL_SEARCHING, KERNEL_THINKING, kernel_flavour
    from kozel_stats.records.trace import bot_array

    cases = {
        ("random", "heavy", "random", "heavy"): (KERNEL_FAST, None),
        ("counter",) * 4: (KERNEL_THINKING, 1),
        ("counter", "random", "general-signal", "first"): (KERNEL_THINKING, 1),
        ("counter", "expert:3", "counter", "random"): (KERNEL_SEARCHING, True),
        ("sampler",) * 4: (KERNEL_SEARCHING, True),
    }
    for bots, (flavour, flag) in cases.items():
        ids = bot_array(list(bots))
        assert kernel_flavour(ids) == flavour, bots
        assert engine.thoughtful_flag(ids) is flag or engine.thoughtful_flag(ids) == flag, bots
        assert type(engine.thoughtful_flag(ids)) is type(flag), bots  # the type picks the kernel
