"""The random bot's tight loops (core.random_chain_rest, core.random_cross_rest) play the rest of a
deal when every seat plays the random bot and nothing is recorded; a recorded game goes through the
general move loop of play_deal. Both must make the very same moves and draw the very same random
numbers: game by game, the same deals, moves, knocks, draws, ends, scores and losers, for every
shipped variant and every value of every knob on five bases. So a rule of moves taught to one loop
and not to the other fails here (the golden hashes only pin the variants that exist)."""

from __future__ import annotations

import numpy as np
import pytest
from knob_grid import BASES, knob_variants

from kozel_stats.engine import game as E
from kozel_stats.engine.codes import D_EV_END, D_EV_START, N_DEAL_COLS, N_EVENT_COLS, R_DEALS, R_OVERFLOW
from kozel_stats.play.runner import make_arm, play_range
from kozel_stats.rules.variants import load_variant, load_variants, shipped_dir, with_rules

#: the columns of a deal row that say where its events are in the record: only a recorded game has them
EVENT_COLUMNS = (D_EV_START, D_EV_END)


def play_one(params: np.ndarray, bots: np.ndarray, seed: int, game: int, recorded: bool) -> tuple:
    """One game through engine.play_game, recorded (the general move loop, `tight=None`) or not (the
    tight loops for random bots, `tight=True` as play_batch passes): its result slots and its deal
    rows, without the record's own bookkeeping."""
    deals = np.zeros((int(params[E.P_MAX_DEALS]), N_DEAL_COLS), dtype=np.int64)
    cap = 4096 if recorded else 0
    while True:
        ev = np.zeros((cap, N_EVENT_COLS), dtype=np.int64)
        result = E.run_game(params, seed, bots, deals, events=ev, game_index=game, tight=None if recorded else True)
        if not (recorded and result[R_OVERFLOW]):
            break
        cap *= 8
    rows = deals[: result[R_DEALS]].copy()
    rows[:, list(EVENT_COLUMNS)] = 0
    slots = result.copy()
    slots[R_OVERFLOW] = 0
    return slots, rows


def differing_games(variant, games: int, run_seed: int = 11, other=None) -> list[int]:
    """The games (by index) whose unrecorded play differs from the recorded play of `other` (the same
    variant unless given)."""
    fast = make_arm(variant, ["random"]).work()
    general = make_arm(other or variant, ["random"]).work()
    differ = []
    for game in range(games):
        seed = int(E.game_seed(np.uint64(run_seed), game))
        a_slots, a_rows = play_one(fast[0], fast[1], seed, game, recorded=False)
        b_slots, b_rows = play_one(general[0], general[1], seed, game, recorded=True)
        if not (np.array_equal(a_slots, b_slots) and np.array_equal(a_rows, b_rows)):
            differ.append(game)
    return differ


@pytest.mark.parametrize("name", [v.name for v in load_variants([str(shipped_dir())])])
def test_shipped_variant_fast_loop_plays_as_the_general_loop(name):
    assert differing_games(load_variant(name), 150) == []


@pytest.mark.parametrize("base", BASES)
def test_every_knob_fast_loop_plays_as_the_general_loop(base):
    variants = knob_variants(base)
    assert len(variants) > 40
    for variant in variants:
        assert differing_games(variant, 60) == [], f"{base}: {variant.rule_dict}"


def test_the_comparison_sees_a_different_rule_of_moves():
    """The check can fail: a chain without the two-doubles move, or Осёл without its closed doubles
    before the house, plays some games differently from the rule it is compared with."""
    default = load_variant("default")
    assert differing_games(with_rules(default, {"two_doubles": False}), 150, other=default)
    osel = load_variant("osel")
    assert differing_games(with_rules(osel, {"closed_before_house": "closing-pair-only"}), 150, other=osel)


def test_the_batch_path_is_the_unrecorded_game():
    """runner.play_range (engine.play_batch, which compare runs) plays each game as play_game does
    unrecorded: the tests above speak for compare's games."""
    variant = load_variant("osel-solo-3")
    work = make_arm(variant, ["random"]).work()
    batch = play_range(work[0], 11, 0, 30, work[1])
    for game in range(30):
        seed = int(E.game_seed(np.uint64(11), game))
        slots, rows = play_one(work[0], work[1], seed, game, recorded=False)
        assert batch.games[game, E.G_DEALS] == slots[R_DEALS]
        assert batch.games[game, E.G_MOVES] == rows[:, E.D_MOVES].sum()
        assert batch.games[game, E.G_LOSER] == slots[E.R_LOSER]
