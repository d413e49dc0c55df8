"""A deal played once for several arms (engine.deal_memo, runner.play_arms) gives every arm the very
results it gets playing alone: the shipped variants as `compare` groups them, and knob by knob (every
value of every knob on five bases), so a knob read while dealing or playing but missing from
engine.PLAY_PARAMS fails here."""

from __future__ import annotations

import numpy as np
import pytest
from knob_grid import BASES, knob_variants

from kozel_stats.engine import game as E
from kozel_stats.play.runner import make_arm, play_arms, play_batch_stats, play_range, sharing_arms
from kozel_stats.rules.variants import load_variant, load_variants, shipped_dir, with_rules


def assert_shared_equals_alone(variants: list, bot: str, games: int, seed: int = 5) -> int:
    """Play the variants in their sharing groups and each alone; every result must be the same.
    Returns the number of arms that had company."""
    work = [make_arm(v, [bot]).work() for v in variants]
    in_company = 0
    played: set[int] = set()
    for first in range(len(work)):
        if first in played:
            continue
        group = sharing_arms(work, first)
        played.update(group)
        bot_ids, swap, bot_salt = work[first][1], work[first][2], work[first][5]
        shared = play_arms([work[i][0] for i in group], seed, 3, games, bot_ids, swap, bot_salt)
        if len(group) > 1:
            in_company += len(group)
        for i, batch in zip(group, shared, strict=True):
            alone = play_range(work[i][0], seed, 3, games, work[i][1], False, work[i][2], work[i][5])
            name = variants[i].name
            assert np.array_equal(batch.games, alone.games), f"{name} ({bot}): games differ when shared"
            assert np.array_equal(batch.by_deal, alone.by_deal), name
            assert np.array_equal(batch.fish_sums, alone.fish_sums), name
    return in_company


@pytest.mark.parametrize("bot", ["random", "heavy"])
def test_shipped_variants_shared_as_alone(bot):
    variants = load_variants([str(shipped_dir())])
    in_company = assert_shared_equals_alone(variants, bot, 600)
    assert in_company >= 20  # the default family plays together


@pytest.mark.parametrize("base", BASES)
@pytest.mark.parametrize("bot", ["random", pytest.param("heavy", marks=pytest.mark.slow)])
def test_every_knob_shared_as_alone(base, bot):
    variants = knob_variants(base)
    assert len(variants) > 40
    assert assert_shared_equals_alone(variants, bot, 300) > 10


def test_arms_that_share_play_key_bots_seats_and_stream():
    default = make_arm(load_variant("default"), ["random"]).work()
    eggs = make_arm(with_rules(load_variant("default"), {"eggs": "none"}), ["random"]).work()
    two = make_arm(with_rules(load_variant("default"), {"two_doubles": False}), ["random"]).work()
    heavy = make_arm(load_variant("default"), ["heavy"]).work()
    counter = make_arm(load_variant("default"), ["counter"]).work()
    assert sharing_arms([default, eggs, two, heavy], 0) == [0, 1]  # scoring differs; play, bots do not
    assert sharing_arms([two, default, eggs], 1) == [1, 2]
    assert sharing_arms([counter, counter], 0) == [0]  # a thoughtful bot may remember across deals
    swapped = (*default[:2], True, *default[3:])
    salted = (*default[:5], 99, default[6])
    assert sharing_arms([default, swapped, salted], 0) == [0]


def test_a_shared_deal_is_played_once():
    """With the memo, the arms of a group play a deal once: the first arm's deals are the group's
    distinct plays, and a group of the same arm twice plays nothing twice."""
    p = make_arm(load_variant("default"), ["random"]).work()[0]
    bots = np.zeros(4, dtype=np.int64)
    memo, heads = E.deal_memo(2, int(p[E.P_MAX_DEALS]))
    assert memo.shape == (E.MEMO_ROWS, E.M_SIZE) and heads[0] == -1
    assert E.deal_memo(1, 10)[0].shape[0] == 0  # one arm: nothing kept
    twice = play_arms([p, p], 9, 0, 200, bots)
    assert np.array_equal(twice[0].games, twice[1].games)
    assert twice[0].games[:, E.G_DEALS].sum() > 200


def test_batch_stats_same_with_and_without_sharing():
    """play_batch_stats groups the arms; its statistics are those of the arms played one by one."""
    variants = [load_variant(n) for n in ("default", "eggs-none", "osel", "threshold-25")]
    work = [make_arm(v, ["random"]).work() for v in variants]
    pairs = [(0, 1), (0, 3), (1, 2)]
    shared = play_batch_stats(work, pairs, 4, 0, 400, keep_tables=True)
    kept = shared.tables
    assert kept is not None
    for i, w in enumerate(work):
        alone = play_range(w[0], 4, 0, 400, w[1], False, w[2], w[5])
        assert np.array_equal(kept[i].games, alone.games), variants[i].name
    with_deals = play_batch_stats(work, pairs, 4, 0, 400, keep_deals=True)
    assert with_deals.tables is not None
    assert [b.games.tolist() for b in with_deals.tables] == [b.games.tolist() for b in kept]
    for a, b in zip(with_deals.stats.arms, shared.stats.arms, strict=True):
        assert np.array_equal(a.sx, b.sx) and np.array_equal(a.sxx, b.sxx)
    for key, pair in shared.stats.pairs.items():
        assert str(pair) == str(with_deals.stats.pairs[key])


def test_a_full_memo_plays_the_deals_it_cannot_keep():
    """With room for three deals only, the arms play what the memo could not keep, and every game is
    still the one each arm plays alone."""
    from kozel_stats.engine.codes import N_DEAL_COLS, compile_rules

    arms = [compile_rules(load_variant(n).rule_dict) for n in ("default", "eggs-none", "threshold-25", "target-125")]
    bots = np.zeros(4, dtype=np.int64)

    def play(p, seed, game, memo, heads):
        deals = np.zeros((int(p[E.P_MAX_DEALS]), N_DEAL_COLS), dtype=np.int64)
        result = E.run_game(p, seed, bots, deals, game_index=game, shared_deals=(memo, heads))
        return deals[: result[E.R_DEALS]], result

    memo = np.zeros((3, E.M_SIZE), dtype=np.int64)
    heads = np.full(1001, -1, dtype=np.int64)
    taken = 0
    for game in range(30):
        seed = np.int64(7_000 + game)
        E.memo_clear(memo, heads)
        for p in arms:
            deals, result = play(p, seed, game, memo, heads)
            alone_deals, alone_result = play(p, seed, game, *E.deal_memo(1, 0))
            assert np.array_equal(deals, alone_deals) and np.array_equal(result, alone_result)
            taken += len(deals)
        assert heads[0] == 3  # every game has more than three distinct deals: the memo filled up
    assert taken > 30 * 4 * 3


def test_a_group_too_large_for_memory_plays_in_parts(monkeypatch):
    """SHARED_ROWS_BYTES bounds the per-game rows of a group held at once: with room for two arms, the
    family plays in parts, with the same statistics."""
    import kozel_stats.play.runner as runner

    variants = [load_variant(n) for n in ("default", "eggs-none", "threshold-25", "target-125", "eggs-both")]
    work = [make_arm(v, ["random"]).work() for v in variants]
    pairs = [(0, i) for i in range(1, 5)]
    whole = play_batch_stats(work, pairs, 6, 0, 300, keep_tables=True)
    calls = []
    real = runner.play_arms
    monkeypatch.setattr(runner, "play_arms", lambda params, *a: calls.append(len(params)) or real(params, *a))
    monkeypatch.setattr(runner, "SHARED_ROWS_BYTES", 2 * 300 * E.N_GAME_COLS * 8)
    parts = play_batch_stats(work, pairs, 6, 0, 300, keep_tables=True)
    assert calls == [2, 2, 1]
    assert whole.tables is not None and parts.tables is not None
    for a, b in zip(whole.tables, parts.tables, strict=True):
        assert np.array_equal(a.games, b.games)
