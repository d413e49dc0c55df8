"""The Monte Carlo runner: arms, batches, worker processes (or any executor: a Dask
cluster), progress, interruption.

A run plays several *arms* — a variant with its bots — on the same game indices: game i
of every arm is played from `game_seed(run_seed, i)`, so arms are compared on the same
shuffles (common random numbers). The unit of work is a batch: a range of game indices
played by **every** arm, reduced at once to its sufficient statistics (`moments.py`),
including the per-game cross sums of the compared pairs. Only those few kilobytes come
back, so memory does not grow with the number of games, and because they are integer
sums the result is the same bits whatever the batch size, the number of workers or the
executor. Per-game and per-deal tables are written only when asked, batch by batch.

With `compare --skill STRONG/WEAK` an arm also plays each game of the batch a second time
(`Twice`): from the same deals with independent bot decisions (the deal-decides measure), and
in duplicate with STRONG and WEAK on the two sides, then swapped (the skill edge). The per-game
numbers of those metrics combine two plays of the same game, so they are computed here, where
both plays' rows exist, and enter the arm's sums as ordinary per-game columns
(`metrics.skill_columns`, `metrics.deal_columns`).
"""

from __future__ import annotations

import signal
import time
from collections.abc import Callable
from concurrent.futures import FIRST_COMPLETED, Executor, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import polars as pl

from ..engine.codes import compile_rules
from ..rules.variants import Variant
from ..stats.moments import GramSpec, RunStats, places_from_scores
from ..system.signals import interruptible, protected, received
from .batches import Batch, play_arms, play_range

__all__ = ["Batch", "play_range"]  # read from here too (duel, the tests)

#: With --skill, the games table also holds the per-game numbers of the second plays (metrics.TWICE).
TWICE_TABLE = ("skill_wins", "skill_games", "same_loser", "decided_twice")
#: The bot_salt of a game's second play (deal decides): the same shuffles, independent bot decisions.
REPLAY_SALT = 0x5EC0_D0B1_A5ED


# --- arms ---------------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Twice:
    """What an arm plays besides its games with `compare --skill`: each game again with the bot salt
    `salt` (deal decides), and, in pair games, in duplicate: `strong_a` (STRONG on seats 0 and 2,
    WEAK on 1 and 3) and `strong_b` (the seats swapped), as bot ids per seat (None in solo games)."""

    salt: int
    strong_a: tuple[int, ...] | None = None
    strong_b: tuple[int, ...] | None = None

    def bot_ids(self) -> list[int]:
        return [b for seats in (self.strong_a, self.strong_b) if seats is not None for b in seats]


@dataclass(frozen=True)
class Arm:
    """A variant played by given bots: one column of a run."""

    name: str  # what the tables show: the variant's name (or variant + bots for skill arms)
    variant: Variant
    bots: tuple[str, ...]  # bot per seat
    swap: bool  # different bots per side: they change seats every other game
    bot_salt: int = 0  # another value: the same shuffles, independent bot decisions
    skill: tuple[str, str] | None = None  # --skill STRONG/WEAK: every game is also played again (Twice)

    @property
    def players(self) -> int:
        return int(self.variant["players"])

    @property
    def solo(self) -> bool:
        return not self.variant["pairs"]

    def work(self) -> tuple:
        """What a worker needs to play this arm (small and picklable)."""
        from ..records.trace import bot_array

        return (
            compile_rules(self.variant.rule_dict),
            bot_array(list(self.bots)),
            self.swap,
            self.players,
            self.solo,
            self.bot_salt,
            self.twice(),
        )

    def twice(self) -> Twice | None:
        """The second plays of a --skill run (None without --skill)."""
        from ..engine.bots import parse_bot

        if self.skill is None:
            return None
        salt = self.bot_salt ^ REPLAY_SALT
        if self.solo or self.players != 4:  # the skill edge is a duel of two pairs
            return Twice(salt)
        strong, weak = parse_bot(self.skill[0]), parse_bot(self.skill[1])
        return Twice(salt, (strong, weak, strong, weak), (weak, strong, weak, strong))


def make_arm(
    variant: Variant,
    bots: list[str] | str,
    name: str | None = None,
    bot_salt: int = 0,
    skill: tuple[str, str] | None = None,
) -> Arm:
    from ..records.trace import parse_bots

    seats = parse_bots(bots, variant["players"])
    return Arm(name or variant.name, variant, tuple(seats), len(set(seats)) > 1, bot_salt, skill)


def play_twice(
    params: np.ndarray,
    seed: int,
    first_game: int,
    n_games: int,
    bot_ids: np.ndarray,
    swap: bool,
    first_play: np.ndarray,
    twice: Twice,
) -> dict[str, np.ndarray]:
    """The second plays of games first_game .. first_game + n_games - 1 (`compare --skill`) and their
    per-game columns: the replay with the same bots and seats and independent bot decisions against
    the first play's losers (`first_play`: its G_LOSER column), and the two duplicate plays."""
    from ..engine import game as E
    from ..stats.metrics import deal_columns, skill_columns

    again = play_range(params, seed, first_game, n_games, bot_ids, False, swap, twice.salt)
    out = deal_columns(first_play, again.games[:, E.G_LOSER])
    if twice.strong_a is not None and twice.strong_b is not None:
        a = play_range(params, seed, first_game, n_games, np.array(twice.strong_a, dtype=np.int64))
        b = play_range(params, seed, first_game, n_games, np.array(twice.strong_b, dtype=np.int64))
        out.update(skill_columns(a.games[:, E.G_LOSER], b.games[:, E.G_LOSER]))
    return out


# --- one batch of work ----------------------------------------------------------------------------------------
@dataclass
class BatchResult:
    first_game: int
    n_games: int
    stats: RunStats
    tables: list[Batch] | None = None  # per arm, with tables asked for


#: The per-game rows of the arms that share their deals are all in memory at once: a batch plays at most
#: this many bytes of them together (the whole default family at the usual 20,000 games; one arm at a time
#: in a batch of a million games), the rest of the group after.
SHARED_ROWS_BYTES = 256 * 2**20


def sharing_arms(work: list[tuple], first: int) -> list[int]:
    """The arms from `first` on that can share its deals (engine.play_key, the same bots, seats and
    bot stream; random or heavy bots, which remember nothing between deals), `first` first."""
    from ..engine import game as E

    params, bot_ids, swap, _players, _solo, bot_salt, _twice = work[first]
    if E.thoughtful_flag(bot_ids) is not None:
        return [first]
    key = (E.play_key(params), bot_ids.tobytes(), swap, bot_salt)
    return [
        i
        for i in range(first, len(work))
        if (E.play_key(work[i][0]), work[i][1].tobytes(), work[i][2], work[i][5]) == key
    ]


def play_batch_stats(
    work: list[tuple],
    pairs: list[tuple[int, int]],
    seed: int,
    first_game: int,
    n_games: int,
    keep_tables: bool = False,
    keep_deals: bool = False,
    gram: GramSpec | None = None,
) -> BatchResult:
    """The unit of work: games first_game .. first_game + n_games - 1 for every arm, reduced
    to their sufficient statistics (and, when asked, the raw per-game / per-deal rows).
    gram: a sweep's per-game columns whose cross products over every two arms are summed, and
    the groups of arms whose differing games are counted (`moments.GramStats`)."""
    from ..engine import game as E
    from ..stats.metrics import column, columns_from_engine, game_numbers
    from ..stats.moments import RunStats, arm_stats, gram_stats, pair_stats

    partners: dict[int, list[int]] = {}
    for a, b in pairs:
        partners.setdefault(a, []).append(b)
        partners.setdefault(b, []).append(a)
    numbers: dict[int, tuple[np.ndarray, np.ndarray]] = {}
    arms, pair_sums, kept = [], {}, []
    blocks: list[np.ndarray] = []
    shared: dict[int, Batch] = {}
    for index, (params, bot_ids, swap, players, solo, bot_salt, twice) in enumerate(work):
        if index in shared:
            batch = shared.pop(index)
        else:
            if keep_deals:
                group, batches = [index], [play_range(params, seed, first_game, n_games, bot_ids, True, swap, bot_salt)]
            else:
                room = max(1, SHARED_ROWS_BYTES // max(1, n_games * E.N_GAME_COLS * 8))
                group = sharing_arms(work, index)[:room]
                batches = play_arms([work[i][0] for i in group], seed, first_game, n_games, bot_ids, swap, bot_salt)
            batch = batches[0]
            shared.update(zip(group[1:], batches[1:], strict=True))
        cols = columns_from_engine(batch.games)
        if twice is not None:
            batch.twice = play_twice(params, seed, first_game, n_games, bot_ids, swap, batch.games[:, E.G_LOSER], twice)
            cols.update(batch.twice)
        x, n = game_numbers(cols)
        if gram is not None:
            blocks.append(np.stack([column(cols, name) for name in gram.columns], axis=1))
        places = None
        if solo:
            scores = batch.games[:, E.G_SCORE : E.G_SCORE + players]
            places = places_from_scores(scores, batch.games[:, E.G_LOSER], batch.games[:, E.G_GOATS])
        arms.append(arm_stats(x, n, cols["deals"], places, batch.fish_sums, batch.by_deal))
        numbers[index] = (x, n)
        for a, b in pairs:  # the pairs complete now; the numbers no later pair needs are let go
            if index in (a, b) and a in numbers and b in numbers and (a, b) not in pair_sums:
                pair_sums[(a, b)] = pair_stats(*numbers[a], *numbers[b])
        for j in list(numbers):
            if all((j, k) in pair_sums or (k, j) in pair_sums for k in partners.get(j, [])):
                del numbers[j]
        if keep_tables or keep_deals:
            kept.append(batch)
    stats = RunStats(arms, pair_sums, n_games, [(first_game, first_game + n_games)] if n_games else [])
    if gram is not None:
        stats.gram = gram_stats(gram, blocks)
    return BatchResult(first_game, n_games, stats, kept if (keep_tables or keep_deals) else None)


# --- tables on disk (only when asked) -------------------------------------------------------------------------
def games_frame(batch: Batch, arm: Arm) -> pl.DataFrame:
    """Per-game rows in the documented schema (docs/results.md), with compact types."""
    from ..engine import game as E
    from ..stats.metrics import GAME_COLUMNS, engine_columns

    g = batch.games
    n = len(g)
    names = list(arm.bots)
    straight, swapped = ",".join(names), ",".join(names[-1:] + names[:-1])
    values: dict[str, Any] = engine_columns(g) | {
        "variant": pl.repeat(arm.name, n, eager=True),
        "game": np.arange(batch.first_game, batch.first_game + n, dtype=np.int64),
        "bots": pl.Series(np.where(g[:, E.G_SWAPPED] != 0, 1, 0)).replace_strict(
            {0: straight, 1: swapped}, return_dtype=pl.String
        ),
    }
    cols = [pl.Series(c.name, values[c.name]).cast(getattr(pl, c.dtype)) for c in GAME_COLUMNS]
    extra = [pl.Series(c, batch.twice[c]).cast(pl.Int8) for c in TWICE_TABLE if batch.twice and c in batch.twice]
    return pl.DataFrame(cols + extra)


def deals_frame(batch: Batch, arm: Arm) -> pl.DataFrame:
    from ..engine.codes import (
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

    assert batch.deals is not None and batch.deal_game is not None  # kept with --deals
    d = batch.deals
    game = batch.deal_game
    # deal number within its game: position since the game's first row
    starts = np.r_[True, game[1:] != game[:-1]] if len(game) else np.zeros(0, bool)
    first_row = np.maximum.accumulate(np.where(starts, np.arange(len(game)), 0)) if len(game) else game
    sides = arm.players if arm.solo else 2
    frame: dict[str, Any] = {
        "variant": pl.repeat(arm.name, len(d), eager=True).cast(pl.Categorical),
        "game": game,
        "deal": np.arange(len(d)) - first_row,
        "redeals": d[:, D_REDEALS],
        "leader": d[:, D_LEADER],
        "end": np.where(d[:, D_END] == 0, "out", "fish"),
        "last": d[:, D_LAST],
    }
    for s in range(sides):
        frame[f"sum_{'abcd'[s]}"] = d[:, D_SUM + s]
    for s in range(sides):
        frame[f"written_{'abcd'[s]}"] = d[:, D_WRITTEN + s]
    for s in range(sides):
        frame[f"score_{'abcd'[s]}"] = d[:, D_SCORE + s]
    frame.update(
        {
            "carry": d[:, D_CARRY],
            "loser": d[:, D_LOSER],
            "moves": d[:, D_MOVES],
            "knocks": d[:, D_KNOCKS],
            "vanished": d[:, D_VANISHED],
            "fish_sum": d[:, D_FISH_SUM],
        }
    )
    df = pl.DataFrame(frame)
    small = [c for c in df.columns if c not in ("variant", "game", "end")]
    return df.with_columns([pl.col(c).cast(pl.Int32) for c in small])


class TableSink:
    """Writes the per-game (and per-deal) rows of each finished batch as Parquet parts in a
    folder, each part written under a temporary name and renamed when complete."""

    def __init__(self, folder: Path, games: bool, deals: bool):
        self.folder = folder
        self.games = games
        self.deals = deals
        self.written: list[Path] = []

    def _write(self, frame: pl.DataFrame, path: Path) -> None:
        from ..system.files import write_atomic

        path.parent.mkdir(parents=True, exist_ok=True)
        write_atomic(path, frame.write_parquet)
        self.written.append(path)

    def add(self, result: BatchResult, arms: list[Arm]) -> None:
        for arm, batch in zip(arms, result.tables or [], strict=False):  # no tables: nothing
            part = f"part-{result.first_game:012d}-{arm.name}.parquet"
            if self.games:
                self._write(games_frame(batch, arm), self.folder / "games" / part)
            if self.deals and batch.deals is not None:
                self._write(deals_frame(batch, arm), self.folder / "deals" / part)

    def discard_from(self, first_game: int) -> None:
        """Remove the parts of games from `first_game` on (batches dropped on interruption)."""
        for path in list(self.written):
            if int(path.name.split("-")[1]) >= first_game:
                path.unlink(missing_ok=True)
                self.written.remove(path)


# --- the runner -------------------------------------------------------------------------------------------------
@dataclass
class RunResult:
    arms: list[Arm]
    pairs: list[tuple[int, int]]
    stats: RunStats
    seed: int
    workers: int
    duration: float = 0.0  # seconds of play (compilation excluded)
    interrupted: bool = False
    compile_seconds: float = 0.0  # CPU seconds spent compiling the engine before play

    @property
    def games(self) -> int:
        return self.stats.games


#: How often the pool loop looks for a Ctrl-C / SIGTERM recorded while it waits for batches.
SIGNAL_POLL_SECONDS = 0.2


#: How often a worker looks whether its parent is still there (besides the kernel's PR_SET_PDEATHSIG).
PARENT_POLL_SECONDS = 0.5


def _worker_signals(parent: int | None = None) -> None:
    # Ctrl-C is handled once, by the parent, which then stops the pool cleanly; a worker that the
    # parent terminates just ends (the parent's own SIGTERM handler is inherited by fork).
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    if parent is not None:
        die_with_parent(parent)


def die_with_parent(parent: int) -> None:
    """End this worker at once when its parent (the command) is gone, also by kill -9, which leaves
    it no chance to stop its pool: on Linux the kernel kills the worker with the parent
    (PR_SET_PDEATHSIG); elsewhere, and as a second guard, a thread polls os.getppid(), which changes
    when the parent dies (during a batch too: the engine's compiled loops release the interpreter)."""
    import os
    import sys
    import threading

    if sys.platform.startswith("linux"):
        try:
            import ctypes

            libc = ctypes.CDLL(None, use_errno=True)
            libc.prctl(1, int(signal.SIGKILL), 0, 0, 0)  # PR_SET_PDEATHSIG = 1
        except (OSError, AttributeError):
            pass
    if os.getppid() != parent:  # the parent died before the guard was set
        os._exit(1)

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(PARENT_POLL_SECONDS)
        os._exit(1)

    threading.Thread(target=watch, name="kozel-parent-watch", daemon=True).start()


def worker_pool(workers: int) -> ProcessPoolExecutor:
    """A process pool whose workers ignore Ctrl-C (the parent handles it) and die with the parent."""
    import os

    return ProcessPoolExecutor(workers, initializer=_worker_signals, initargs=(os.getpid(),))


def stop_pool(pool: ProcessPoolExecutor) -> None:
    """Terminate a process pool's workers now, drop its queued work, and return once every
    worker is reaped and the pool's own thread has ended.

    ProcessPoolExecutor has no public way to stop running tasks, hence its private fields. A
    worker terminated while it is sending its result leaves half a message in the result pipe;
    the pool's manager thread then waits for the rest forever, because this process still holds
    the pipe's write end, and `shutdown(wait=True)` never returns (the Ctrl-C hang seen under
    load). Once the workers are gone nobody else can write, so closing that end turns the wait
    into end-of-file, which the pool handles as a broken pool."""
    processes = list((getattr(pool, "_processes", None) or {}).values())
    for process in processes:
        process.terminate()
    for process in processes:
        process.join(30)  # a bound, not a wait: SIGTERM ends a worker at once
        if process.is_alive():
            process.kill()
            process.join()
    result_queue = getattr(pool, "_result_queue", None)
    if result_queue is not None:
        result_queue._writer.close()
    pool.shutdown(wait=True, cancel_futures=True)


def map_on_pool(function: Callable, tasks: list, workers: int) -> list:
    """`function` of every task on a fresh process pool, the results in the order of `tasks`.

    As in `Runner.play`, Ctrl-C and SIGTERM (with `signals.install()`) are acted on between waits,
    never inside the pool's locks; the pool is then stopped (`stop_pool`) and KeyboardInterrupt
    raised, so an interrupted command always ends and leaves no worker behind."""
    pool = worker_pool(workers)
    try:
        with protected():
            futures = [pool.submit(function, task) for task in tasks]
            pending = set(futures)
            while pending:
                if received():
                    raise KeyboardInterrupt
                _, pending = wait(pending, timeout=SIGNAL_POLL_SECONDS, return_when=FIRST_COMPLETED)
            return [future.result() for future in futures]
    except BaseException:
        with protected():
            stop_pool(pool)
        raise
    finally:
        pool.shutdown(wait=True)


class Runner:
    """Plays the arms of a run in batches of game indices, on a process pool or a given
    executor, and merges the batches' statistics in game order."""

    def __init__(
        self,
        arms: list[Arm],
        pairs: list[tuple[int, int]],
        seed: int,
        *,
        workers: int = 1,
        batch_size: int = 20000,
        tables: TableSink | None = None,
        on_compile: Callable[[str], None] | None = None,
        executor: Executor | None = None,
        start: RunStats | None = None,
        on_batch: Callable[[RunStats], None] | None = None,
        gram: GramSpec | None = None,
    ):
        self.arms = arms
        self.pairs = pairs
        self.seed = seed
        self.workers = max(1, workers)
        self.batch_size = batch_size
        self.tables = tables
        self.on_compile = on_compile
        self.on_batch = on_batch  # called with the merged statistics after each batch (checkpoints)
        self.work = [arm.work() for arm in arms]
        self.gram = gram
        self.stats = start if start is not None else RunStats.empty(len(arms), pairs, gram)
        if self.stats.ranges not in ([], [(0, self.stats.games)]):
            raise ValueError("can only continue a run that kept a leading range of games")
        self.compile_seconds: float | None = None
        self.started = time.perf_counter()
        self._executor = executor
        self._own_pool: ProcessPoolExecutor | None = None

    @property
    def games_done(self) -> int:
        return self.stats.games

    def prepare(self) -> None:
        """Compile (or load) the kernel once in this process before any worker starts, so the
        workers load it from the cache and no game timing includes compilation."""
        if self.compile_seconds is None:
            from .warmup import kernel_flavour, prepare

            needed = max(
                max(kernel_flavour(work[1]), kernel_flavour(work[6].bot_ids()) if work[6] is not None else 0)
                for work in self.work
            )
            with interruptible():
                self.compile_seconds = prepare("play_batch", needed, self.on_compile)
            self.started = time.perf_counter()

    def _pool(self) -> Executor:
        if self._executor is not None:
            return self._executor
        if self._own_pool is None:
            self._own_pool = worker_pool(self.workers)
        return self._own_pool

    def _tasks(self, upto: int) -> list[tuple[int, int]]:
        tasks = []
        first = self.games_done
        while first < upto:
            n = min(self.batch_size, upto - first)
            tasks.append((first, n))
            first += n
        return tasks

    def _absorb(self, result: BatchResult) -> None:
        if self.tables is not None:
            self.tables.add(result, self.arms)
        self.stats.add(result.stats)
        if self.on_batch is not None:
            self.on_batch(self.stats)

    def play(self, upto: int, progress: Callable[[int], None] | None = None) -> bool:
        """Play every arm up to `upto` games. Returns False if interrupted (Ctrl-C, SIGTERM).

        On interruption the finished batches that form a leading range of games are kept
        (every arm has the same games, so the pairs stay whole); nothing finished before
        is lost. `progress` gets the games per arm kept so far.
        """
        self.prepare()
        tasks = self._tasks(upto)
        keep_tables = self.tables is not None and self.tables.games
        keep_deals = self.tables is not None and self.tables.deals
        done: dict[int, BatchResult] = {}
        order = [first for first, _ in tasks]
        next_index = 0

        def absorb_ready() -> None:
            nonlocal next_index
            before = next_index
            while next_index < len(order) and order[next_index] in done:
                self._absorb(done.pop(order[next_index]))
                next_index += 1
            if progress and next_index > before:
                progress(self.games_done)

        try:
            if self.workers == 1 and self._executor is None:
                with interruptible():
                    for first, n in tasks:
                        done[first] = play_batch_stats(
                            self.work, self.pairs, self.seed, first, n, keep_tables, keep_deals, self.gram
                        )
                        with protected():
                            absorb_ready()
            else:
                # A signal is only recorded here and acted on between waits: raised at any bytecode it could
                # land inside the pool's locks (a future's condition half acquired by `wait`), and the pool's
                # own thread would then wait for that lock for ever (the SIGTERM hang seen under load).
                with protected():
                    pool = self._pool()
                    pending: set[Future] = set()
                    queue = list(tasks)
                    in_flight = 2 * self.workers
                    while queue or pending:
                        if received():
                            raise KeyboardInterrupt
                        while queue and len(pending) < in_flight:
                            first, n = queue.pop(0)
                            pending.add(
                                pool.submit(
                                    play_batch_stats,
                                    self.work,
                                    self.pairs,
                                    self.seed,
                                    first,
                                    n,
                                    keep_tables,
                                    keep_deals,
                                    self.gram,
                                )
                            )
                        finished, pending = wait(pending, timeout=SIGNAL_POLL_SECONDS, return_when=FIRST_COMPLETED)
                        for future in finished:
                            result = future.result()
                            done[result.first_game] = result
                        absorb_ready()
        except KeyboardInterrupt:
            with protected():  # a second Ctrl-C waits: the cleanup and what is kept stay whole
                self.close(cancel=True)
                absorb_ready()
                if self.tables is not None:
                    self.tables.discard_from(self.games_done)
            return False
        return True

    def close(self, cancel: bool = False) -> None:
        """Stop the worker processes. cancel=True (an interruption): the batches they are playing
        would be thrown away anyway, so the workers are terminated now rather than left to
        finish them, and are reaped before this returns: no worker outlives the run."""
        if self._own_pool is not None:
            if cancel:
                stop_pool(self._own_pool)
            else:
                self._own_pool.shutdown(wait=True)
            self._own_pool = None

    def result(self, interrupted: bool = False) -> RunResult:
        return RunResult(
            self.arms,
            self.pairs,
            self.stats,
            self.seed,
            self.workers,
            time.perf_counter() - self.started,
            interrupted,
            self.compile_seconds or 0.0,
        )
