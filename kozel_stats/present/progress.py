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

from ..text import messages, terminal_texts  # noqa: F401  (terminal_texts: the bar's words)

PLAIN_EVERY = 10.0
WHAT_WIDTH = 24  # the names in the bar, at most: longer, the bar says how many (never a truncated name)


def _what(names: list[str], lang: str = "en") -> str:
    """What the bar plays: the names when they are short, else how many (80 columns hold the bar whole)."""
    text = ", ".join(names)
    if len(text) <= WHAT_WIDTH:
        return text
    return messages.text("progress.variants", lang, n=len(names))


class GamesProgress:
    """Call it with (done, total) game counts; use it as a context manager."""

    def __init__(self, console, names: list[str], unit: str = "games", lang: str = "en"):
        self.console = console
        self.lang = lang
        self.what = _what(names, lang)
        self.unit = messages.text("progress.games", lang) if unit == "games" else unit
        self.started: float | None = None
        self.first_done = 0  # games already played when this session started (--resume): not in the rate
        self.last_plain = 0.0
        self.bar: Any = None
        self.task: Any = None
        self.computing = False  # the last game is played: the statistics are being computed

    def __enter__(self) -> GamesProgress:
        if self.console.is_terminal:
            from rich.progress import BarColumn, Progress, TextColumn, TimeRemainingColumn

            # the playing words, "20 000/20 000 партий", "12 345/с" and the time left: the bar takes what remains
            rest = len(messages.text("progress.playing", self.lang, what=self.what)) + 20 + 9 + 8 + 4
            self.bar = Progress(
                TextColumn("{task.description}"),
                BarColumn(bar_width=max(8, min(40, self.console.width - rest))),
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

        played = done - self.first_done
        rate = (
            messages.text("progress.per_second", self.lang, rate=fmt(played / elapsed, self.lang)) if played > 0 else ""
        )
        count = f"{fmt(done, self.lang)}/{fmt(total, self.lang)} {self.unit}"
        last = done >= total
        if self.bar is not None:
            what = messages.text("progress.playing", self.lang, what=self.what)
            if last:  # the games are played; what follows is the statistics, said so
                what = messages.text("progress.computing", self.lang)
            if self.task is None:
                self.task = self.bar.add_task(what, total=total, count=count, rate=rate)
            self.bar.update(self.task, description=what, completed=done, total=total, count=count, rate=rate)
        elif done and (self.last_plain == 0.0 or now - self.last_plain >= PLAIN_EVERY or last):
            self.last_plain = now
            share = f"{100 * done / max(total, 1):.0f}"
            per_second = f"{fmt(played / elapsed, self.lang)} {self.unit}"
            tail = ", " + messages.text("progress.per_second", self.lang, rate=per_second) if rate else ""
            line = messages.text("progress.played", self.lang, count=count, share=share, what=self.what) + tail
            self.console.print(line, highlight=False)
        if last and not self.computing and self.bar is None:
            self.console.print(messages.text("progress.computing", self.lang), highlight=False)
        self.computing = last
