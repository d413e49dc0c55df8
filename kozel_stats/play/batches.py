"""Playing a range of games in this process: the Python side of the engine's batch kernel
(`engine.play_batch`), for the runner's workers, the duels, the warm-up and the tests.

The engine is imported when a batch is played, not with this module: `--help` never loads numba.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..engine.codes import N_DEAL_COLS
from ..stats.moments import MAX_BY_DEAL


@dataclass
class Batch:
    """The engine's output for one range of games of one arm."""

    first_game: int
    games: np.ndarray  # (n, N_GAME_COLS) int64
    by_deal: np.ndarray  # (MAX_BY_DEAL, N_BY_DEAL_COLS)
    fish_sums: np.ndarray  # (FISH_SUM_BINS,)
    deals: np.ndarray | None = None  # (rows, N_DEAL_COLS) when kept
    deal_game: np.ndarray | None = None
    twice: dict[str, np.ndarray] | None = None  # --skill: the per-game columns of the second plays


def play_range(
    params: np.ndarray,
    run_seed: int,
    first_game: int,
    n_games: int,
    bots: np.ndarray,
    keep_deals: bool = False,
    swap_seats: bool = False,
    bot_salt: int = 0,
) -> Batch:
    """Play games first_game .. first_game + n_games - 1 of one arm in this process (bot_salt:
    see engine.play_game)."""
    if keep_deals:
        return _play_kept(params, run_seed, first_game, n_games, bots, swap_seats, bot_salt)
    return play_arms([params], run_seed, first_game, n_games, bots, swap_seats, bot_salt)[0]


def play_arms(
    params: list[np.ndarray],
    run_seed: int,
    first_game: int,
    n_games: int,
    bots: np.ndarray,
    swap_seats: bool = False,
    bot_salt: int = 0,
) -> list[Batch]:
    """The same games for several arms that share `engine.play_key`, bots and seats: each deal
    they deal and lead alike is played once (the results are those of play_range, arm by arm)."""
    arms = len(params)
    games, by_deal, fish_sums = _engine_outputs(arms, n_games)
    no_deals = np.zeros((0, N_DEAL_COLS), dtype=np.int64)
    _engine_batch(
        np.stack(params), run_seed, first_game, n_games, bots, games, no_deals, by_deal, fish_sums, swap_seats, bot_salt
    )
    return [Batch(first_game, games[a], by_deal[a], fish_sums[a]) for a in range(arms)]


def _engine_outputs(arms: int, n_games: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The per-arm output arrays of engine.play_batch: games, by-deal sums, fish-sum histogram."""
    from ..engine import game as E

    return (
        np.zeros((arms, n_games, E.N_GAME_COLS), dtype=np.int64),
        np.zeros((arms, MAX_BY_DEAL, E.N_BY_DEAL_COLS), dtype=np.int64),
        np.zeros((arms, E.FISH_SUM_BINS), dtype=np.int64),
    )


def _engine_batch(
    params: np.ndarray,
    run_seed: int,
    first_game: int,
    n_games: int,
    bots: np.ndarray,
    games: np.ndarray,
    deals: np.ndarray,
    by_deal: np.ndarray,
    fish_sums: np.ndarray,
    swap_seats: bool,
    bot_salt: int,
) -> tuple[int, np.ndarray]:
    from ..engine import game as E

    deal_game = np.zeros(deals.shape[0], dtype=np.int64)
    memo, heads = E.deal_memo(params.shape[0], int(params[:, E.P_MAX_DEALS].max()))
    n_rows = E.play_batch(
        params,
        np.uint64(run_seed % 2**64),
        first_game,
        n_games,
        bots,
        games,
        deals,
        deal_game,
        by_deal,
        fish_sums,
        int(swap_seats),
        E.thoughtful_flag(bots),
        int(bot_salt),
        memo,
        heads,
        E.batch_scratch(params, bots),
    )
    return n_rows, deal_game


def _play_kept(
    params: np.ndarray, run_seed: int, first_game: int, n_games: int, bots: np.ndarray, swap_seats: bool, bot_salt: int
) -> Batch:
    """play_range with the per-deal rows kept."""
    from ..engine import game as E

    games, by_deal, fish_sums = _engine_outputs(1, n_games)
    rows = 12 * n_games + 64
    while True:
        deals = np.zeros((rows, N_DEAL_COLS), dtype=np.int64)
        n_rows, deal_game = _engine_batch(
            params[None], run_seed, first_game, n_games, bots, games, deals, by_deal, fish_sums, swap_seats, bot_salt
        )
        if games[0, :, E.G_DEALS].sum() <= rows:
            break
        rows = int(games[0, :, E.G_DEALS].sum())  # rare: more deals than guessed; play the range again
        by_deal[:] = 0
        fish_sums[:] = 0
    return Batch(first_game, games[0], by_deal[0], fish_sums[0], deals[:n_rows], deal_game[:n_rows])
