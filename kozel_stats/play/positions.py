"""Positions of deals where every seat plays `counter`, with the deal's public record kept as the engine keeps
it (core.remember): the decisions the expert's model of an expert's moves is fitted on
(benchmarks/fit_expert_model.py) and tested against (tests/test_expert.py), and the samples the learned value at
the expert's horizon is fitted on (benchmarks/fit_horizon_value.py). Plain Python over the engine's primitives: a
few thousand positions, no kernel."""

from __future__ import annotations


def counter_positions(p, n_positions: int, seed: int):
    """Decisions (st, seat) of deals where every seat plays counter, the public record kept (core.remember)."""
    import numpy as np

    from ..engine import bots as B
    from ..engine import core as C
    from ..engine.codes import P_CROSS, P_PLAYERS

    players = int(p[P_PLAYERS])
    rs = np.random.default_rng(seed)
    moves = np.zeros(C.MAX_MOVES, dtype=np.int64)
    rng = np.array([1, (seed * 0x9E3779B97F4A7C15 + 1) % 2**64], dtype=np.uint64)
    fwork = np.zeros(B.F_WORK_SIZE)
    out: list[tuple[np.ndarray, int]] = []
    while len(out) < n_positions:
        perm = rs.permutation(28)
        st = np.zeros(C.N_STATE, dtype=np.int64)
        st[C.ST_FORCED] = -1
        st[C.ST_CROSS_FLAG] = p[P_CROSS]
        st[C.ST_BAZAAR_POS] = 28
        for s in range(players):
            st[C.ST_HAND + s] = sum(1 << int(t) for t in perm[7 * s : 7 * s + 7])
        turn = int(rs.integers(players))
        for _ in range(120):
            n = int(C.legal_moves(p, st, turn, moves))
            if n == 0:
                C.remember(st, C.HIST_KNOCK, turn, 0)
                for i in range(st[C.ST_N_ENDS]):
                    if st[C.ST_OPEN] >> i & 1:
                        st[C.ST_LACKS + turn] |= 1 << int(st[C.ST_END + i])
                turn = (turn + 1) % players
                continue
            if n > 1 and rs.random() < 0.3:
                out.append((st.copy(), turn))
            move = moves[int(B.choose_counter(p, st, turn, moves, n, rng, fwork))]
            C.remember(st, C.HIST_PLAY, turn, move)
            C.apply_move(st, turn, move)
            if st[C.ST_HAND + turn] == 0 or C.is_fish(p, st):
                break
            turn = (turn + 1) % players
    return out[:n_positions]


def horizon_samples(p, n_positions: int, playouts: int, seed: int):
    """(features, value) per (position, side): counter_positions with more than bots.EXPERT_EXACT_TILES tiles in
    the hands (where the expert's search stops at a horizon; from there on it is exact), for each side its
    expert.HORIZON_FEATURES and the mean value of `playouts` of counter's play-outs from it, all hands open,
    scored by the engine as a game's first deal (expert.horizon_sample: what the play-out at the horizon
    values it at)."""
    import numpy as np

    from ..engine import bots as B
    from ..engine import core as C
    from ..engine import expert as X
    from ..engine.codes import P_N_SIDES, P_PLAYERS

    work = np.zeros(X.X_SIZE, dtype=np.int64)  # X_CTX all zero: the game's first deal, scores 0
    fwork = np.zeros(B.F_WORK_SIZE)
    rng = np.array([1, (seed * 0x9E3779B97F4A7C15 + 7) % 2**64], dtype=np.uint64)
    xs, ys = [], []
    for st, seat in counter_positions(p, n_positions, seed):
        left = sum(int(C.popcount(st[C.ST_HAND + s])) for s in range(int(p[P_PLAYERS])))
        if left <= B.EXPERT_EXACT_TILES:
            continue
        for side in range(int(p[P_N_SIDES])):
            x = np.zeros(X.N_HORIZON)
            ys.append(float(X.horizon_sample(p, st, seat, side, playouts, rng, work, fwork, x)))
            xs.append(x)
    return np.array(xs), np.array(ys)
