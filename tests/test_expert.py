"""The `expert` bot (bots.choose_expert, expert.py): its search equals a brute-force minimax, it plays every
shipped variant legally (the engine's replay and the independent audit), it sees only the observation,
and it is reproducible."""

from __future__ import annotations

import json

import numpy as np
import pytest
from numba import njit
from test_bots import _observations, legal, rng_state, variant_params

from kozel_stats.engine import bots as B
from kozel_stats.engine import core as C
from kozel_stats.engine import expert as X
from kozel_stats.engine import game as E
from kozel_stats.engine.codes import END_FISH, END_OUT, P_PLAYERS, P_SEAT_SIDE, P_TARGET, SEARCHING_KERNEL_FLAG
from kozel_stats.play.batches import play_arms
from kozel_stats.play.positions import counter_positions
from kozel_stats.rules.variants import load_variant, shipped_names


# --- (a) the search against a brute-force minimax --------------------------------------------------------
# The brute force follows play_deal's rules with core's primitives, written again here (not expert.py's
# to_move / play_one): no pruning, no table, every move of every seat; leaves valued by expert.leaf_value
# (the engine's scoring on a copy of the game state).
@njit(cache=False)
def brute_move(p, st, seat, move, side, xw):
    """The value for `side` of `seat` playing `move` in st (changed), the rest by plain minimax."""
    players = p[P_PLAYERS]
    C.apply_move(st, seat, move)
    if st[C.ST_HAND + seat] == 0:  # an out
        st[C.ST_END_KIND] = END_OUT
        st[C.ST_LAST] = seat
        st[C.ST_OUT_TILES] = C.out_tile_bits(move)
        return X.leaf_value(p, st, side, xw)
    turn = (seat + 1) % players
    if C.is_fish(p, st):  # the table shows a fish: the next player takes what solo_fish asks
        for _ in range(C.fish_draws(p, st)):
            C.draw_next(st, turn)
        st[C.ST_END_KIND] = END_FISH
        st[C.ST_LAST] = seat
        return X.leaf_value(p, st, side, xw)
    moves = np.zeros(C.MAX_MOVES, dtype=np.int64)
    knocks = 0
    while True:
        n = C.legal_moves(p, st, turn, moves)
        if n > 0:
            break
        if C.may_draw(p, st):
            C.draw_next(st, turn)
            knocks = 0
            continue
        knocks += 1
        if knocks == players:  # a round of knocks: a fish, its fisherman the last to move
            st[C.ST_END_KIND] = END_FISH
            st[C.ST_LAST] = seat
            return X.leaf_value(p, st, side, xw)
        turn = (turn + 1) % players
    mine = p[P_SEAT_SIDE + turn] == side
    best = -(1 << 40) if mine else 1 << 40
    for i in range(n):
        v = brute_move(p, st.copy(), turn, moves[i], side, xw)
        best = max(best, v) if mine else min(best, v)
    return best


def endgames(p, n_positions: int, seed: int, max_tiles: int = 10):
    """Positions (st, seat) of random play with at most `max_tiles` tiles left in the hands (the bazaar as
    dealt), the seat to move having a move."""
    out = []
    for st, seat in _observations(p, 40 * n_positions, seed):
        left = sum(int(st[C.ST_HAND + s]).bit_count() for s in range(int(p[P_PLAYERS])))
        if left <= max_tiles:
            out.append((st, seat))
            if len(out) == n_positions:
                break
    return out


def random_context(p, xw, rs):
    """A game state to score the leaves in: random scores below the target, opened when above 0."""
    xw[X.X_CTX : X.X_CTX + E.N_GAME_STATE] = 0
    target = int(p[P_TARGET]) or 100
    for side in range(4):
        score = int(rs.integers(0, target)) if rs.random() < 0.7 else 0
        xw[X.X_CTX + E.GS_SCORE + side] = score
        xw[X.X_CTX + E.GS_OPENED + side] = int(score > 0)
        xw[X.X_CTX + E.GS_WROTE + side] = int(score > 0)
    xw[X.X_COUNTED] = 0


# the exact search draws no random number and reads no float scratch; move_value takes them for the play-outs
RNG = rng_state(1)
FWORK = np.zeros(B.F_WORK_SIZE)

SEARCH_VARIANTS = ("default", "osel", "solo-3", "osel-solo-3", "morskoy", "solo-4")


def test_an_exact_search_keeps_to_its_node_budget():
    """Exact "whatever the draws add to the hands" has no bound with a large bazaar (one deal of Осёл for two
    once searched for more than ten minutes): a sampled deal's exact search, its moves together, visits at most
    X.EXACT_NODES exact nodes, then values what is left at the horizon. Asked to be exact from 14 tiles in the
    hands (its bazaar of 14 as dealt), Осёл for two's search reaches the budget and stops there."""
    p = variant_params("osel-solo-2")
    rs = np.random.default_rng(5)
    xw = np.zeros(X.X_SIZE, dtype=np.int64)
    xw[X.X_POLICY] = X.LEAF_GREEDY  # a cheap horizon: what is measured is the count of nodes
    reached = 0
    for st, seat in endgames(p, 40, seed=11, max_tiles=14):
        random_context(p, xw, rs)
        X.new_search(xw)
        moves, n = legal(p, st, seat)
        before = int(xw[X.X_NODES])
        values = [int(X.move_value(p, st, seat, moves[i], 1, 28, xw, RNG, FWORK)) for i in range(n)]
        nodes = int(xw[X.X_NODES]) - before
        # past the budget every node entered is a leaf: at most the open frames' other children, move by move
        assert nodes <= X.EXACT_NODES + n * X.MAX_PLY * C.MAX_MOVES, nodes
        assert all(abs(v) < 1 << 20 for v in values)
        reached += int(xw[X.X_EXACT_LEFT]) < 0
    assert reached > 0  # some of these trees are larger than the budget: it is what stopped them


def test_the_game_that_searched_for_minutes_ends():
    """Game 455 of `compare osel-closing-pair osel-solo-2 --seed 1 --bots expert`: its fourth deal's exact search
    ran for more than ten minutes before the node budget (X.EXACT_NODES); now the game is played like any other."""
    p = variant_params("osel-solo-2")
    bots = np.array([B.parse_bot("expert")] * 2, dtype=np.int64)
    games = play_arms([p], 1, 455, 1, bots)[0].games
    assert games[0, E.G_DEALS] > 3 and games[0, E.G_LOSER] >= 0


@pytest.mark.parametrize("variant", SEARCH_VARIANTS)
def test_search_equals_brute_force_minimax(variant, n_positions=1700):
    """>= 10,000 positions over the six variants (chain and cross, pairs and solo, bazaar or not): the
    value of every legal move, alpha-beta with the table (shared by the moves of a position, as in a
    decision) against plain minimax."""
    p = variant_params(variant)
    rs = np.random.default_rng(26)
    xw = np.zeros(X.X_SIZE, dtype=np.int64)
    positions = endgames(p, n_positions, seed=100 + SEARCH_VARIANTS.index(variant))
    assert len(positions) == n_positions
    compared = 0
    values = set()
    for st, seat in positions:
        random_context(p, xw, rs)
        X.new_search(xw)
        moves, n = legal(p, st, seat)
        before = st.copy()
        for i in range(n):
            fast = int(X.move_value(p, st, seat, moves[i], 1, 10, xw, RNG, FWORK))
            assert np.array_equal(st, before)
            slow = int(brute_move(p, st.copy(), seat, moves[i], int(p[P_SEAT_SIDE + seat]), xw))
            assert fast == slow, (variant, seat, i)
            values.add(fast)
            compared += 1
    assert compared >= n_positions
    assert len(values) > 20  # the values are the game's, not a constant


def test_search_is_game_aware():
    """The same deal is worth more against a side near the target: its end decides the game."""
    p = variant_params("default")
    xw = np.zeros(X.X_SIZE, dtype=np.int64)
    st, seat = endgames(p, 1, seed=5, max_tiles=8)[0]
    moves, n = legal(p, st, seat)
    side = int(p[P_SEAT_SIDE + seat])
    X.new_search(xw)
    calm = [int(X.move_value(p, st, seat, moves[i], 1, 10, xw, RNG, FWORK)) for i in range(n)]
    xw[X.X_CTX + E.GS_SCORE + (1 - side)] = int(p[P_TARGET]) - 1
    xw[X.X_CTX + E.GS_OPENED + (1 - side)] = 1
    X.new_search(xw)
    tense = [int(X.move_value(p, st, seat, moves[i], 1, 10, xw, RNG, FWORK)) for i in range(n)]
    assert max(tense) > max(calm)
    assert max(abs(v) for v in tense) >= X.WIN  # a game's end is in the search


# --- (b) every shipped variant, legally -------------------------------------------------------------------
@pytest.mark.parametrize("name", shipped_names())
def test_expert_plays_every_variant_legally(name):
    """Records of expert games (expert:1 on every seat, and next to counter) replay as legal in the engine
    and pass the independent audit."""
    from audit import audit_game

    from kozel_stats.records.trace import play_records, replay_record

    # four deals of each game are legality enough, and keep the cross's long solo games (minutes whole) short
    variant = load_variant(f"{name}+max_deals=4")
    players = variant["players"]
    for bots in (["expert:1"] * players, (["expert:2", "counter"] * 2)[:players]):
        for record in play_records(variant, 26, 1, bots):
            assert record["loser"] is not None or record["titles"] == ["draw"] or record["deals"]
            assert replay_record(record, variant) == [], (name, bots)
            assert audit_game(record, variant.rule_dict) == [], (name, bots)


# --- (c) the observation only: tests/test_bots.py::test_bots_see_only_the_observation (expert cases) ----------


# --- (e) inference from the play -------------------------------------------------------------------------


@pytest.mark.parametrize("variant", ["default", "morskoy-004"])
def test_inference_weighs_deals_by_the_play(variant):
    """history_weight replays the deal from its start: the true hands of a deal played by counter make every
    recorded move one counter would make (a weight above 0 with no miss allowed), most sampled deals do not;
    reading nobody weighs every deal 1."""
    p = variant_params(variant)
    work = np.zeros(B.W_SIZE, dtype=np.int64)
    fwork = np.zeros(B.F_WORK_SIZE)
    world = np.zeros(C.N_STATE, dtype=np.int64)
    sample = np.zeros(30, dtype=np.int64)
    rng = rng_state(3)
    ruled_out = 0
    for st, seat in counter_positions(p, 40, seed=5):
        assert B.history_weight(p, st, seat, st, work, fwork, B.READ_ALL, 0.0) > 0
        weights = []
        for _ in range(20):
            B.sample_world(p, st, seat, world, rng, sample)
            weights.append(B.history_weight(p, st, seat, world, work, fwork, B.READ_ALL, 0.0))
            assert B.history_weight(p, st, seat, world, work, fwork, B.READ_NOBODY, 0.0) == 1.0
        ruled_out += min(weights) == 0
    assert ruled_out > 20


def test_the_expert_model_is_shipped_and_reads_the_expert():
    """The fitted model of an expert's moves (bots.MODEL_FILE, benchmarks/fit_expert_model.py) is what the
    engine's workspace loads, and on decisions it was not fitted on (another seed) it predicts the expert's
    moves better than a uniform choice and than counter's likelihood (1 / ties, 0.25 otherwise)."""
    weights = B.model_weights()
    assert np.array_equal(E.workspace()[2][B.F_MODEL : B.F_MODEL + B.N_MODEL], weights)
    assert np.abs(weights).sum() > 0
    p = variant_params("default")
    fwork = E.workspace()[2]  # the shipped model and the learned value the teacher plays by
    work = np.zeros(B.W_SIZE, dtype=np.int64)
    teacher = B.expert_id(8, read=B.READ_OPPONENTS)
    rng = rng_state(4)
    model = uniform = counter = 0.0
    decisions = 0
    for st, seat in counter_positions(p, 150, seed=101):
        moves, n = legal(p, st, seat)
        i = int(E.choose_thoughtful(teacher, p, st, seat, moves, n, rng, work, fwork, SEARCHING_KERNEL_FLAG))
        model += np.log(B.model_likelihood(p, st, seat, moves, n, moves[i], fwork))
        c = [B.counter_likelihood(p, st, seat, moves, n, moves[k], 0.25, fwork) for k in range(n)]
        counter += np.log(c[i] / sum(c))  # counter's likelihood as a probability over the legal moves
        uniform += np.log(1 / n)
        decisions += 1
    assert model / decisions > uniform / decisions + 0.1
    assert model > counter


def test_the_shipped_model_is_what_its_command_fits(tmp_path):
    """benchmarks/fit_expert_model.py, the command the shipped weights name, writes them again to the digit:
    its teacher names each of its settings, so a later change of the expert's defaults cannot change what
    the command fits."""
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent
    shipped = json.loads(B.MODEL_FILE.read_text(encoding="utf-8"))
    out = tmp_path / "model.json"
    args = shipped["command"].split()[1:] + ["--out", str(out)]
    subprocess.run([sys.executable, *args], cwd=root, check=True, capture_output=True)
    fitted = json.loads(out.read_text(encoding="utf-8"))
    assert fitted["weights"] == shipped["weights"] and fitted["held_out"] == shipped["held_out"]


def test_the_learned_value_is_shipped_and_predicts_better_than_a_pip_count():
    """The learned value at the horizon (bots.HORIZON_FILE, benchmarks/fit_horizon_value.py) is what the engine's
    workspace loads, and on positions it was not fitted on (another seed) it predicts the outcome of counter's
    play-outs better than a constant and than the best plain pip count for those very positions (the pips in
    the other hands minus the side's, fitted on the held-out positions themselves)."""
    from kozel_stats.play.positions import horizon_samples

    weights = B.horizon_weights()
    assert np.array_equal(E.workspace()[2][B.F_HORIZON : B.F_HORIZON + X.N_HORIZON], weights)
    assert np.abs(weights).sum() > 0
    x, y = horizon_samples(variant_params("default"), 400, 4, seed=202)
    assert len(y) > 400  # both sides of the positions with more than the exact threshold's tiles
    learned = np.mean((x @ weights - y) ** 2)
    pips = np.column_stack([np.ones(len(y)), x[:, 2] - x[:, 1]])
    best_pips = np.mean((pips @ np.linalg.lstsq(pips, y, rcond=None)[0] - y) ** 2)
    assert learned < best_pips < np.mean((y - y.mean()) ** 2)


def test_the_search_values_the_horizon_by_the_learned_value():
    """With LEAF_LEARNED, a move searched one ply deep is worth the learned value of the position after it
    (the shipped weights, dotted with horizon_features, for the mover's side), and nothing else: zero
    weights make every such move worth 0."""
    p = variant_params("default")
    fwork = E.workspace()[2]
    xw = np.zeros(X.X_SIZE, dtype=np.int64)
    xw[X.X_POLICY] = X.LEAF_LEARNED
    checked = 0
    for st, seat in counter_positions(p, 60, seed=31):
        if sum(int(C.popcount(st[C.ST_HAND + s])) for s in range(4)) <= 12:
            continue
        moves, n = legal(p, st, seat)
        side = int(p[P_SEAT_SIDE + seat])
        for i in range(n):
            X.new_search(xw)
            v = int(X.move_value(p, st, seat, moves[i], 1, 10, xw, RNG, fwork))
            after = st.copy()
            C.apply_move(after, seat, moves[i])
            nxt = (seat + 1) % 4
            f = np.zeros(X.N_HORIZON)
            X.horizon_features(p, after, nxt, side, f)
            if not C.is_fish(p, after) and C.legal_moves(p, after, nxt, np.zeros(C.MAX_MOVES, dtype=np.int64)) > 0:
                assert v == int(round(float(f @ fwork[B.F_HORIZON : B.F_HORIZON + X.N_HORIZON]))), (seat, i)
                checked += 1
            X.new_search(xw)
            assert X.move_value(p, st, seat, moves[i], 1, 10, xw, RNG, np.zeros(B.F_WORK_SIZE)) == 0
    assert checked > 50


def test_the_first_reply_is_weighed_by_the_model_of_a_player_who_sees_his_hand():
    """bots.model_reply_value (REPLY_MODEL): the value of a move searched 2 plies deep is the sum, over the next
    player's replies, of the reply's probability under the model of the expert's moves (bots.model_likelihood,
    from what the replier sees) times the learned value of the position after it; so it lies between the
    worst and the best reply for the mover's side, where minimax (expert.move_value) takes the replier's best."""
    p = variant_params("default")
    fwork = E.workspace()[2]
    work = np.zeros(B.W_SIZE, dtype=np.int64)
    xw = work[B.W_EXPERT : B.W_EXPERT + X.X_SIZE]
    xw[X.X_POLICY] = X.LEAF_LEARNED
    weights = fwork[B.F_HORIZON : B.F_HORIZON + X.N_HORIZON]
    buffer = np.zeros(C.MAX_MOVES, dtype=np.int64)
    checked = spread = 0
    for st, seat in counter_positions(p, 80, seed=37):
        if sum(int(C.popcount(st[C.ST_HAND + s])) for s in range(4)) <= 14:
            continue
        moves, n = legal(p, st, seat)
        side = int(p[P_SEAT_SIDE + seat])
        replier, after_replier = (seat + 1) % 4, (seat + 2) % 4
        for i in range(n):
            after = st.copy()
            C.apply_move(after, seat, moves[i])
            replies, k = legal(p, after, replier)
            if k == 0 or C.is_fish(p, after):
                continue
            children = []
            for r in range(k):
                child = after.copy()
                C.apply_move(child, replier, replies[r])
                if child[C.ST_HAND + replier] == 0 or C.is_fish(p, child):
                    break
                if C.legal_moves(p, child, after_replier, buffer) == 0:
                    break
                f = np.zeros(X.N_HORIZON)
                X.horizon_features(p, child, after_replier, side, f)
                children.append(int(round(float(f @ weights))))
            if len(children) < k:
                continue
            probabilities = [
                float(B.model_likelihood(p, after, replier, replies, k, replies[r], fwork)) for r in range(k)
            ]
            X.new_search(xw)
            value = float(B.model_reply_value(p, st, seat, moves[i], 2, 10, work, RNG, fwork))
            assert value == pytest.approx(sum(q * c for q, c in zip(probabilities, children, strict=True)), abs=1e-9)
            assert min(children) - 1e-9 <= value <= max(children) + 1e-9
            X.new_search(xw)
            assert X.move_value(p, st, seat, moves[i], 2, 10, xw, RNG, fwork) == min(children)
            checked += 1
            spread += min(children) < max(children)
    assert checked > 40 and spread > 20


@pytest.mark.parametrize(
    ("bot", "variant", "reply"),
    [
        ("expert", "default", B.REPLY_MODEL),
        ("expert:16", "threshold-25", B.REPLY_MODEL),
        ("expert-classic", "default", B.REPLY_MINIMAX),
        ("expert", "generals", B.REPLY_MINIMAX),
        ("expert", "osel", B.REPLY_MINIMAX),
    ],
)
def test_the_model_replies_only_where_they_were_measured(bot, variant, reply):
    """The model's expectation of the first reply is the expert's where its horizon is the learned value; issue
    26's expert, the cheater and the layouts that play the positions out keep the minimax reply."""
    p = variant_params(variant)
    st, _ = counter_positions(p, 1, seed=5)[0]
    code = B.parse_bot(bot)
    classic = (code >> B.EXPERT_CLASSIC_SHIFT) & B.EXPERT_CLASSIC_MASK
    assert B.expert_reading(code, p, st, 8, classic, 0)[5] == reply
    assert B.expert_reading(code, p, st, 8, classic, 1)[5] == B.REPLY_MINIMAX  # the cheater
    minimax = B.expert_id(8, reply=B.REPLY_MINIMAX)
    assert B.expert_reading(minimax, p, st, 8, 0, 0)[5] == B.REPLY_MINIMAX


@pytest.mark.parametrize(
    ("variant", "learned"),
    [
        ("default", True),
        ("threshold-25", True),
        ("generals", False),
        ("solo-4", False),
        ("osel", False),
        ("chechevae-2", False),
    ],
)
def test_the_learned_value_only_where_it_was_fitted(variant, learned):
    """The expert values its horizon by the learned value on the deals it was fitted to (four players in pairs
    on a chain, every tile dealt) and by counter's play-outs elsewhere (expert.learned_fits)."""
    assert bool(X.learned_fits(variant_params(variant))) is learned


def test_the_pool_draws_its_deals_by_weight():
    """bots.pick_pooled: a deal of the pool comes out in proportion to its weight; a weight-0 deal never."""
    fwork = np.zeros(B.F_WORK_SIZE)
    fwork[B.F_POOL_SUM : B.F_POOL_SUM + 3] = np.cumsum([1.0, 0.0, 3.0])
    rng = rng_state(7)
    drawn = np.bincount([int(B.pick_pooled(3, rng, fwork)) for _ in range(4000)], minlength=3)
    assert drawn[1] == 0
    assert 0.7 < drawn[2] / drawn.sum() < 0.8


def test_the_spread_draws_follow_the_weights_from_the_first_deals():
    """bots.spread_pooled (DRAW_SPREAD, the default): from any start, the first k deals drawn (k = 8 to 24, the
    expert's N to 3 N) give each candidate its share of the weight within two draws, where independent draws
    stray by about the square root of k; a weight-0 candidate never; the same start draws the same deals."""
    fwork = np.zeros(B.F_WORK_SIZE)
    weights = np.array([1.0, 0.0, 3.0, 0.5, 2.5, 1.0])
    fwork[B.F_POOL_SUM : B.F_POOL_SUM + 6] = np.cumsum(weights)
    worst = 0.0
    for start in np.linspace(0.0, 0.999, 37):
        for k in range(8, 25):
            drawn = np.bincount([int(B.spread_pooled(6, start, j, fwork)) for j in range(k)], minlength=6)
            assert drawn[1] == 0
            worst = max(worst, float(np.abs(drawn - k * weights / weights.sum()).max()))
        assert [B.spread_pooled(6, start, j, fwork) for j in range(24)] == [
            B.spread_pooled(6, start, j, fwork) for j in range(24)
        ]
    assert worst <= 2.0
    rng = rng_state(7)
    independent = max(
        float(
            np.abs(
                np.bincount([int(B.pick_pooled(6, rng, fwork)) for _ in range(24)], minlength=6)
                - 24 * weights / weights.sum()
            ).max()
        )
        for _ in range(200)
    )
    assert independent > worst


@pytest.mark.parametrize("variant", ["default", "morskoy-004", "solo-3"])
def test_the_pool_keeps_a_hands_likelihoods_and_weighs_as_history_weight(variant):
    """bots.pool_weight, which keeps the likelihoods of a seat's moves per hand for the decision, gives every
    candidate of a pool exactly history_weight's number (the same products in the same order), and keeps
    fewer hands than it weighs once the deal has gone on (Морской 004's extra lead, where listing a player's
    moves may change the deal, always replays: kept_fits)."""
    p = variant_params(variant)
    work = np.zeros(B.W_SIZE, dtype=np.int64)
    fwork = E.workspace()[2]
    rng = rng_state(11)
    kept = weighed = 0
    for st, seat in counter_positions(p, 60, seed=9):
        B.fill_pool(p, st, seat, 40, rng, work, fwork, B.EXPERT_READ, B.EXPERT_MISS)
        sums = fwork[B.F_POOL_SUM : B.F_POOL_SUM + 40].copy()
        total = 0.0
        for c in range(40):
            cand = work[B.W_POOL + c * C.N_CORE : B.W_POOL + (c + 1) * C.N_CORE].copy()
            total += B.history_weight(p, st, seat, cand, work, fwork, B.EXPERT_READ, B.EXPERT_MISS)
            assert total == sums[c]
        if st[C.ST_HIST_N] >= 12 and B.kept_fits(p, st, seat, B.EXPERT_READ, work):
            B.fill_pool(p, st, seat, 40, rng, work, fwork, B.EXPERT_READ, B.EXPERT_MISS)
            kept += int(work[B.W_KEPT_COUNT : B.W_KEPT_COUNT + 4].sum())
            weighed += 40 * (int(p[P_PLAYERS]) - 1)
    if variant == "morskoy-004":
        assert weighed == 0
    else:
        assert 0 < kept < weighed


# --- (d) reproducible, and names -----------------------------------------------------------------------
def test_expert_is_reproducible_by_seed():
    from kozel_stats.play.runner import play_range

    p = variant_params("default")
    bots = np.array([B.parse_bot(b) for b in ("expert:2", "counter", "expert:2", "counter")], dtype=np.int64)
    a = play_range(p, 9, 0, 4, bots).games
    b = play_range(p, 9, 0, 4, bots).games
    c = play_range(p, 10, 0, 4, bots).games
    assert np.array_equal(a, b)
    assert not np.array_equal(a, c)


def test_expert_samples_more_deals_only_when_close():
    """Iterative N (bots.expert_settled): a lead far above the deals' noise settles the decision, a lead
    inside it does not; what a deal does to every move alike is not noise."""
    k = 8
    # move 0 beats move 1 by 10 in every deal, while the deals themselves swing by +-1000 (both moves alike)
    swings = np.array([1000.0, -1000.0] * 4)
    v0, v1 = swings + 10, swings
    total = np.array([v0.sum(), v1.sum()])
    means = float(((v0 + v1) / 2).sum())
    spread = np.array([((v0 - (v0 + v1) / 2) ** 2).sum(), ((v1 - (v0 + v1) / 2) ** 2).sum()])
    assert B.expert_settled(total, spread, means, 2, k, 1.0)
    # the same lead of 10 on average, but move 0 is +-200 around it from deal to deal: not settled
    noisy = v1 + 10 + np.array([200.0, -200.0] * 4)
    total = np.array([noisy.sum(), v1.sum()])
    mid = (noisy + v1) / 2
    means = float(mid.sum())
    spread = np.array([((noisy - mid) ** 2).sum(), ((v1 - mid) ** 2).sum()])
    assert not B.expert_settled(total, spread, means, 2, k, 1.0)


def test_expert_names():
    assert B.parse_bot("expert") == 9
    assert B.parse_bot(" expert:12 ") == 9 + 16 * 12
    assert B.bot_name(B.parse_bot("expert:12")) == "expert:12"
    for bad in ["expert:", "expert:0", "expert:x", "expert:10001"]:
        with pytest.raises(ValueError):
            B.parse_bot(bad)
    assert B.expert_id(4) == B.parse_bot("expert:4")
    # issue 26's expert, kept for the benchmarks: no inference, the draws not read
    assert B.parse_bot("expert-classic") == B.expert_id(B.EXPERT_DEFAULT_DEALS, classic=1)
    assert B.bot_name(B.parse_bot("expert-classic")) == "expert-classic"
    assert B.bot_name(B.parse_bot("expert-classic:12")) == "expert-classic:12"
    for bad in ["expert-classic:", "expert-classic:0", "expert-classic:x"]:
        with pytest.raises(ValueError):
            B.parse_bot(bad)
    with pytest.raises(ValueError):  # the cheater has no name
        B.bot_name(B.expert_id(1, open_hands=1))
