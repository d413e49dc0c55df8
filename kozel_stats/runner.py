"""The Monte Carlo runner: seeds, batches, worker processes, progress, interruption.

Game i of a run is played from `game_seed(run_seed, i)` for every variant, so
variants are compared on the same shuffles (common random numbers) and the
numbers depend only on the seed, never on the number of workers or batches:
batches are fixed ranges of game indices and are assembled in index order.
Only per-game summaries and small aggregates are kept in memory; per-deal rows
are optional and streamed to disk batch by batch.
"""

from __future__ import annotations

import signal
import time
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

import numpy as np
import polars as pl

from .codes import N_DEAL_COLS, compile_rules
from .rules import Variant

GAME_COLUMNS = {
    # name: (engine column, dtype)
    "seed": ("G_SEED", pl.Int64),
    "deals": ("G_DEALS", pl.Int32),
    "redeals": ("G_REDEALS", pl.Int32),
    "fishes": ("G_FISHES", pl.Int32),
    "eggs": ("G_EGGS", pl.Int32),
    "fisherman_wins": ("G_FISHERMAN_WINS", pl.Int32),
    "moves": ("G_MOVES", pl.Int32),
    "knocks": ("G_KNOCKS", pl.Int32),
    "written": ("G_WRITTEN", pl.Int32),
    "lost_deals": ("G_LOST_DEALS", pl.Int32),
    "vanished_deals": ("G_VANISHED_DEALS", pl.Int32),
    "vanished": ("G_VANISHED", pl.Int32),
    "loser": ("G_LOSER", pl.Int8),
    "first_leader_side": ("G_FIRST_LEADER", pl.Int8),
    "draws": ("G_DRAWS", pl.Int32),
    "early_closures": ("G_EARLY_CLOSURES", pl.Int32),
    "out_66": ("G_OUT_66", pl.Int32),
    "burns": ("G_BURNS", pl.Int32),
}
MAX_BY_DEAL = 200  # deal numbers tracked for the score-by-deal curves


@dataclass
class Batch:
    """What one worker returns for one range of games of one variant."""

    variant_index: int
    first_game: int
    games: np.ndarray  # (n, N_GAME_COLS) int64
    by_deal: np.ndarray  # (MAX_BY_DEAL, N_BY_DEAL_COLS)
    fish_sums: np.ndarray  # (FISH_SUM_BINS,)
    deals: np.ndarray | None = None  # (rows, N_DEAL_COLS) when kept
    deal_game: np.ndarray | None = None


def play_range(params: np.ndarray, run_seed: int, first_game: int, n_games: int, bots: np.ndarray,
               keep_deals: bool = False, variant_index: int = 0, swap_seats: bool = False) -> Batch:
    """Play one range of games in this process (the unit of work of the pool)."""
    from . import engine as E

    games = np.zeros((n_games, E.N_GAME_COLS), dtype=np.int64)
    by_deal = np.zeros((MAX_BY_DEAL, E.N_BY_DEAL_COLS), dtype=np.int64)
    fish_sums = np.zeros(E.FISH_SUM_BINS, dtype=np.int64)
    rows = 12 * n_games + 64 if keep_deals else 0
    while True:
        deals = np.zeros((rows, N_DEAL_COLS), dtype=np.int64)
        deal_game = np.zeros(rows, dtype=np.int64)
        n_rows = E.play_batch(params, np.uint64(run_seed % 2**64), first_game, n_games, bots, games, deals,
                              deal_game, by_deal, fish_sums, int(swap_seats), E.thoughtful_flag(bots))
        if not keep_deals or games[:, E.G_DEALS].sum() <= rows:
            break
        rows = int(games[:, E.G_DEALS].sum())  # rare: more deals than guessed; play the range again
        by_deal[:] = 0
        fish_sums[:] = 0
    if keep_deals:
        return Batch(variant_index, first_game, games, by_deal, fish_sums, deals[:n_rows], deal_game[:n_rows])
    return Batch(variant_index, first_game, games, by_deal, fish_sums)


def games_frame(batch: Batch, variant: str, bots: str, swapped_bots: str | None = None) -> pl.DataFrame:
    """Per-game rows in the documented schema (docs/results.md), with compact types."""
    from . import engine as E
    from .codes import TITLE_BALD, TITLE_GENERAL, TITLE_NAKED

    g = batch.games
    n = len(g)
    titles = g[:, E.G_TITLES]
    cols: dict[str, pl.Series] = {
        "variant": pl.Series("variant", [variant] * n, dtype=pl.Categorical),
        "game": pl.Series("game", np.arange(batch.first_game, batch.first_game + n, dtype=np.int64)),
        "bots": pl.Series("bots", np.where(g[:, E.G_SWAPPED] != 0, swapped_bots or bots, bots).tolist(),
                          dtype=pl.Categorical),
    }
    for name, (column, dtype) in GAME_COLUMNS.items():
        cols[name] = pl.Series(name, g[:, getattr(E, column)]).cast(dtype)
    cols["naked"] = pl.Series("naked", (titles & TITLE_NAKED) != 0)
    cols["bald"] = pl.Series("bald", (titles & TITLE_BALD) != 0)
    cols["general"] = pl.Series("general", (titles & TITLE_GENERAL) != 0)
    for s, name in enumerate(SCORE_COLUMNS):
        cols[name] = pl.Series(name, g[:, E.G_SCORE + s]).cast(pl.Int32)
    order = ["variant", "game", "seed", "bots", "deals", "redeals", "fishes", "eggs", "fisherman_wins", "moves",
             "knocks", "written", "lost_deals", "vanished_deals", "vanished", "loser", "naked", "bald", "general",
             *SCORE_COLUMNS, "first_leader_side", "draws", "early_closures", "out_66", "burns"]
    return pl.DataFrame([cols[c] for c in order])


SCORE_COLUMNS = ("score_a", "score_b", "score_c", "score_d")  # per side; c and d only for 3-4 solo players


def deals_frame(batch: Batch, variant: str) -> pl.DataFrame:
    from .codes import (
        D_CARRY,
        D_END,
        D_FISH_SUM,
        D_KNOCKS,
        D_LAST,
        D_LEADER,
        D_LOSER,
        D_MOVES,
        D_REDEALS,
        D_SCORE,
        D_SUM,
        D_VANISHED,
        D_WRITTEN,
    )

    d = batch.deals
    game = batch.deal_game
    # deal number within its game: position since the game's first row
    starts = np.r_[True, game[1:] != game[:-1]] if len(game) else np.zeros(0, bool)
    first_row = np.maximum.accumulate(np.where(starts, np.arange(len(game)), 0)) if len(game) else game
    frame = {
        "variant": [variant] * len(d), "game": game, "deal": np.arange(len(d)) - first_row,
        "redeals": d[:, D_REDEALS], "leader": d[:, D_LEADER],
        "end": np.where(d[:, D_END] == 0, "out", "fish"), "last": d[:, D_LAST],
        "sum_a": d[:, D_SUM], "sum_b": d[:, D_SUM + 1], "written_a": d[:, D_WRITTEN],
        "written_b": d[:, D_WRITTEN + 1], "score_a": d[:, D_SCORE], "score_b": d[:, D_SCORE + 1],
        "carry": d[:, D_CARRY], "loser": d[:, D_LOSER], "moves": d[:, D_MOVES], "knocks": d[:, D_KNOCKS],
        "vanished": d[:, D_VANISHED], "fish_sum": d[:, D_FISH_SUM],
    }
    df = pl.DataFrame(frame)
    small = [c for c in df.columns if c not in ("variant", "game", "end")]
    return df.with_columns([pl.col(c).cast(pl.Int32) for c in small])


@dataclass
class Part:
    first_game: int
    frame: pl.DataFrame
    by_deal: np.ndarray
    fish_sums: np.ndarray
    deals_file: Path | None = None


@dataclass
class VariantRun:
    variant: Variant
    parts: list[Part] = field(default_factory=list)

    @property
    def games_done(self) -> int:
        return sum(len(p.frame) for p in self.parts)

    def games(self) -> pl.DataFrame:
        return pl.concat([p.frame for p in self.parts]) if self.parts else pl.DataFrame()

    @property
    def by_deal(self) -> np.ndarray:
        return sum((p.by_deal for p in self.parts), np.zeros((MAX_BY_DEAL, 3), np.int64))

    @property
    def fish_sums(self) -> np.ndarray:
        return sum((p.fish_sums for p in self.parts), np.zeros(169, np.int64))


@dataclass
class RunResult:
    runs: list[VariantRun]
    seed: int
    bots: list[str]
    workers: int
    duration: float = 0.0
    interrupted: bool = False
    compile_seconds: float = 0.0  # CPU seconds spent compiling the engine before play (not in `duration`)

    def games(self) -> pl.DataFrame:
        return pl.concat([r.games() for r in self.runs if r.parts])


def _ignore_sigint() -> None:
    # Ctrl-C is handled once, by the parent, which then stops the pool cleanly; a worker that the
    # parent terminates just ends (the parent's own SIGTERM handler is inherited by fork).
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)


class Runner:
    """Plays games of several variants in batches on a process pool, in a deterministic order."""

    def __init__(self, variants: list[Variant], seed: int, bots: list[str], workers: int = 1,
                 batch_size: int = 20000, deals_dir: Path | None = None,
                 on_compile: Callable[[str], None] | None = None):
        from .trace import bot_array, parse_bots

        self.variants = variants
        self.seed = seed
        self.bots = bots
        self.seat_bots = [parse_bots(bots, v["players"]) for v in variants]
        self.bot_arrays = [bot_array(names) for names in self.seat_bots]
        # different bots on the two sides: they change seats every other game
        self.swap = [len(set(names)) > 1 for names in self.seat_bots]
        self.workers = max(1, workers)
        self.batch_size = batch_size
        self.deals_dir = deals_dir
        self.params = [compile_rules(v.rule_dict) for v in variants]
        self.runs = [VariantRun(v) for v in variants]
        self.games_done = 0  # games per variant, all variants alike
        self.on_compile = on_compile
        self.compile_seconds: float | None = None  # CPU seconds spent compiling, once prepared
        self.started = time.perf_counter()
        self._pool: ProcessPoolExecutor | None = None

    def prepare(self) -> None:
        """Compile (or load) the kernel once in this process before any worker starts, so the
        workers load it from the cache and no game timing includes compilation."""
        if self.compile_seconds is None:
            from .warmup import prepare, thoughtful

            needed = any(thoughtful(b) for b in self.bot_arrays)
            self.compile_seconds = prepare("play_batch", needed, self.on_compile)
            self.started = time.perf_counter()

    def _tasks(self, upto: int) -> list[tuple[int, int, int]]:
        tasks = []
        first = self.games_done
        while first < upto:
            n = min(self.batch_size, upto - first)
            tasks.extend((v, first, n) for v in range(len(self.variants)))
            first += n
        return tasks

    def _absorb(self, batch: Batch) -> None:
        run = self.runs[batch.variant_index]
        deals_file = None
        if batch.deals is not None and self.deals_dir is not None:
            self.deals_dir.mkdir(parents=True, exist_ok=True)
            deals_file = self.deals_dir / f"{run.variant.name}-{batch.first_game:012d}.parquet"
            partial = deals_file.with_suffix(".partial")
            deals_frame(batch, run.variant.name).write_parquet(partial)
            partial.replace(deals_file)  # a Ctrl-C never leaves half a file under the real name
        names = self.seat_bots[batch.variant_index]
        bots_text = ",".join(names)
        swapped_text = ",".join(names[-1:] + names[:-1])
        run.parts.append(Part(batch.first_game, games_frame(batch, run.variant.name, bots_text, swapped_text),
                              batch.by_deal, batch.fish_sums, deals_file))

    def play(self, upto: int, progress: Callable[[int], None] | None = None) -> bool:
        """Play every variant up to `upto` games. Returns False if interrupted (Ctrl-C).

        On interruption every variant keeps the same leading range of finished games,
        so pairs stay intact; nothing finished before is lost. `progress` is called with
        the number of games (over all variants) finished for every variant: the games an
        interruption would keep.
        """
        self.prepare()
        tasks = self._tasks(upto)
        keep = self.deals_dir is not None
        done: dict[tuple[int, int], Batch] = {}
        order = [(v, first) for v, first, _ in tasks]
        next_index = 0

        def absorb_ready() -> None:
            nonlocal next_index
            before = next_index
            while next_index < len(order) and order[next_index] in done:
                self._absorb(done.pop(order[next_index]))
                next_index += 1
            if progress and next_index > before:
                progress(min(r.games_done for r in self.runs) * len(self.runs))

        try:
            if self.workers == 1:
                for v, first, n in tasks:
                    done[(v, first)] = play_range(self.params[v], self.seed, first, n, self.bot_arrays[v], keep, v,
                                                  self.swap[v])
                    absorb_ready()
            else:
                if self._pool is None:
                    self._pool = ProcessPoolExecutor(self.workers, initializer=_ignore_sigint)
                pending: set[Future] = set()
                queue = list(tasks)
                while queue or pending:
                    while queue and len(pending) < 2 * self.workers:
                        v, first, n = queue.pop(0)
                        pending.add(self._pool.submit(play_range, self.params[v], self.seed, first, n,
                                                      self.bot_arrays[v], keep, v, self.swap[v]))
                    finished, pending = wait(pending, return_when=FIRST_COMPLETED)
                    for future in finished:
                        batch = future.result()
                        done[(batch.variant_index, batch.first_game)] = batch
                    absorb_ready()
        except KeyboardInterrupt:
            self.close(cancel=True)
            absorb_ready()
            self._trim_to_common_prefix()
            return False
        self.games_done = upto
        return True

    def _trim_to_common_prefix(self) -> None:
        """Keep, for every variant, only the batches every variant finished: pairs stay whole."""
        common = min(r.games_done for r in self.runs)
        for r in self.runs:
            while r.parts and r.parts[-1].first_game >= common:
                part = r.parts.pop()
                if part.deals_file is not None:
                    part.deals_file.unlink(missing_ok=True)
        self.games_done = common

    def close(self, cancel: bool = False) -> None:
        """Stop the worker processes. cancel=True (an interruption): the batches they are playing
        would be thrown away anyway, so the workers are terminated now rather than left to
        finish them, and are reaped before this returns: no worker outlives the run."""
        if self._pool is not None:
            if cancel:
                # ProcessPoolExecutor has no public way to stop running tasks
                for process in list(getattr(self._pool, "_processes", {}).values()):
                    process.terminate()
            self._pool.shutdown(wait=True, cancel_futures=cancel)
            self._pool = None

    def result(self) -> RunResult:
        return RunResult(self.runs, self.seed, self.bots, self.workers, time.perf_counter() - self.started,
                         interrupted=False, compile_seconds=self.compile_seconds or 0.0)
