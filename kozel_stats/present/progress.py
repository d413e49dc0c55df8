"""Progress of a long run on stderr: a bar on a terminal, a plain line now and then otherwise.

The bar starts only when play starts (after any compilation, which is announced on its
own line), names what is being played, and counts games with thousands separators. When
stderr is not a terminal (a log file, a pipe, CI), a line is printed after the first
finished batch and then at most every `PLAIN_EVERY` seconds, so a log shows the run is
alive and a caller can wait for the first finished games.
"""

from __future__ import annotations

import time
from typing import Any

PLAIN_EVERY = 10.0


def _what(names: list[str], lang: str = "en") -> str:
    text = ", ".join(names)
    if len(text) <= 40:
        return text
    if lang == "ru":
        from ..text.say import plural_ru

        return f"{len(names)} {plural_ru(len(names), 'вариант', 'варианта', 'вариантов')}"
    return f"{len(names)} variants"


class GamesProgress:
    """Call it with (done, total) game counts; use it as a context manager."""

    def __init__(self, console, names: list[str], unit: str = "games", lang: str = "en"):
        self.console = console
        self.lang = lang
        self.what = _what(names, lang)
        self.unit = unit if lang != "ru" or unit != "games" else "партий"
        self.started: float | None = None
        self.first_done = 0  # games already played when this session started (--resume): not in the rate
        self.last_plain = 0.0
        self.bar: Any = None
        self.task: Any = None

    def __enter__(self) -> GamesProgress:
        if self.console.is_terminal:
            from rich.progress import BarColumn, Progress, TextColumn, TimeRemainingColumn

            self.bar = Progress(
                TextColumn("{task.description}"),
                BarColumn(),
                TextColumn("{task.fields[count]}"),
                TextColumn("{task.fields[rate]}"),
                TimeRemainingColumn(),
                console=self.console,
                transient=True,
            )
            self.bar.__enter__()
        return self

    def __exit__(self, *exc) -> None:
        if self.bar is not None:
            self.bar.__exit__(*exc)

    def __call__(self, done: int, total: int) -> None:
        now = time.perf_counter()
        if self.started is None:
            self.started = now  # play starts: compilation is over
            self.first_done = done
        elapsed = max(now - self.started, 1e-9)
        from .words import count as fmt

        ru = self.lang == "ru"
        played = done - self.first_done
        rate = f"{fmt(played / elapsed, self.lang)} {self.unit}/{'с' if ru else 's'}" if played > 0 else ""
        count = f"{fmt(done, self.lang)}/{fmt(total, self.lang)} {self.unit}"
        if self.bar is not None:
            if self.task is None:
                what = f"{'играю' if ru else 'playing'} {self.what}"
                self.task = self.bar.add_task(what, total=total, count=count, rate=rate)
            self.bar.update(self.task, completed=done, total=total, count=count, rate=rate)
        elif done and (self.last_plain == 0.0 or now - self.last_plain >= PLAIN_EVERY or done >= total):
            self.last_plain = now
            share = f"{100 * done / max(total, 1):.0f}"
            tail = f", {rate}" if rate else ""
            self.console.print(
                f"сыграно {count} ({share}%), {self.what}{tail}"
                if ru
                else f"played {count} ({share}%) of {self.what}{tail}",
                highlight=False,
            )
