"""How much of the value at the expert's horizon a richer model could learn (issue 37 §2, docs/expert.md):
the shipped linear value's features against a network fitted on the whole open position.

    python benchmarks/horizon_network.py --positions 40000 --seeds 21,22 --hidden 32 --epochs 30

Samples: the positions of benchmarks/fit_horizon_value.py (decisions of deals played by `counter` on every seat,
default rules, more than bots.EXPERT_EXACT_TILES tiles in the hands), each valued for the side to move by the same
teacher, counter's play-outs from the position with every hand open (expert.horizon_sample), twice with 8
play-outs: half the variance of the two means' difference is the teacher's own noise, which no model can learn.
Inputs of the network: each seat's hand as 28 bits, from the seat to move on, the values of the open ends, the
suits each seat knocked on, and the 12 features of the linear value. One hidden layer (ReLU), Adam on the mean
squared error, 80% of the positions to fit and 20% held out. Printed: the variance of the teacher's values, its
noise, and for the linear value and the network the held-out error and the share of the learnable variance
(total minus noise) they explain. Numpy only; nothing is written.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import numpy as np
from fit_horizon_value import fit  # next to this file: the shipped value's ridge fit

ROOT = Path(__file__).resolve().parent.parent


def samples(n_positions: int, seed: int) -> dict[str, np.ndarray]:
    """The positions of one seed: hands, open ends, knocks, the seat to move, the linear features and two
    teacher values (means of 8 play-outs each) for the side to move."""
    from kozel_stats.engine import bots as B
    from kozel_stats.engine import core as C
    from kozel_stats.engine import expert as X
    from kozel_stats.engine.codes import P_SEAT_SIDE, compile_rules
    from kozel_stats.play.positions import counter_positions
    from kozel_stats.rules.variants import load_variant

    p = compile_rules(load_variant("default").rule_dict)
    work = np.zeros(X.X_SIZE, dtype=np.int64)  # X_CTX all zero: the game's first deal, scores 0
    fwork = np.zeros(B.F_WORK_SIZE)
    rng = np.array([1, (seed * 0x9E3779B97F4A7C15 + 7) % 2**64], dtype=np.uint64)
    rows: dict[str, list] = {k: [] for k in ("hands", "ends", "lacks", "seat", "linear", "y1", "y2")}
    for st, seat in counter_positions(p, n_positions, seed):
        if sum(int(C.popcount(st[C.ST_HAND + s])) for s in range(4)) <= B.EXPERT_EXACT_TILES:
            continue
        side = int(p[P_SEAT_SIDE + seat])
        linear = np.zeros(X.N_HORIZON)
        rows["y1"].append(X.horizon_sample(p, st, seat, side, 8, rng, work, fwork, linear))
        rows["y2"].append(X.horizon_sample(p, st, seat, side, 8, rng, work, fwork, linear))
        rows["hands"].append([int(st[C.ST_HAND + s]) for s in range(4)])
        n_ends = int(st[C.ST_N_ENDS])
        rows["ends"].append([int(st[C.ST_END + i]) if i < n_ends else -1 for i in range(2)])
        rows["lacks"].append([int(st[C.ST_LACKS + s]) for s in range(4)])
        rows["seat"].append(seat)
        rows["linear"].append(linear)
    return {k: np.array(v) for k, v in rows.items()}


def network_inputs(d: dict[str, np.ndarray]) -> np.ndarray:
    """Each seat's hand (28 bits) and knocked suits (7 bits) from the seat to move on, the open ends' values
    counted by suit, and the linear features but their constant."""
    n = len(d["seat"])
    order = (d["seat"][:, None] + np.arange(4)) % 4
    hands = np.take_along_axis(d["hands"], order, axis=1)
    lacks = np.take_along_axis(d["lacks"], order, axis=1)
    hand_bits = ((hands[:, :, None] >> np.arange(28)) & 1).reshape(n, -1)
    lack_bits = ((lacks[:, :, None] >> np.arange(7)) & 1).reshape(n, -1)
    ends = np.zeros((n, 7))
    for k in range(2):
        shown = d["ends"][:, k] >= 0
        np.add.at(ends, (np.flatnonzero(shown), d["ends"][shown, k]), 1)
    return np.hstack([hand_bits, lack_bits, ends, d["linear"][:, 1:]]).astype(float)


def fit_network(x, y, train, test, hidden: int, epochs: int, seed: int) -> float:
    """One hidden layer of ReLU units fitted by Adam (minibatches of 512); the best held-out mean squared error
    seen at the end of an epoch."""
    mu, sd = x[train].mean(0), x[train].std(0)
    sd[sd == 0] = 1.0
    z = (x - mu) / sd
    rs = np.random.default_rng(seed)
    params = [
        rs.normal(0, 1 / np.sqrt(z.shape[1]), (z.shape[1], hidden)),
        np.zeros(hidden),
        rs.normal(0, 1 / np.sqrt(hidden), hidden),
        np.array(y[train].mean()),
    ]
    first = [np.zeros_like(q) for q in params]
    second = [np.zeros_like(q) for q in params]
    step, best = 0, float("inf")
    for _ in range(epochs):
        shuffled = rs.permutation(train)
        for i in range(0, len(shuffled), 512):
            rows = shuffled[i : i + 512]
            w1, b1, w2, b2 = params
            pre = z[rows] @ w1 + b1
            act = np.maximum(pre, 0)
            g = 2 * (act @ w2 + b2 - y[rows]) / len(rows)
            back = np.outer(g, w2) * (pre > 0)
            grads = [z[rows].T @ back + 1e-4 * w1, back.sum(0), act.T @ g + 1e-4 * w2, g.sum()]
            step += 1
            for q, gq, m, v in zip(params, grads, first, second, strict=True):
                m *= 0.9
                m += 0.1 * gq
                v *= 0.999
                v += 0.001 * gq * gq
                q -= 1e-3 * (m / (1 - 0.9**step)) / (np.sqrt(v / (1 - 0.999**step)) + 1e-8)
        w1, b1, w2, b2 = params
        held = np.maximum(z[test] @ w1 + b1, 0) @ w2 + b2
        best = min(best, float(np.mean((held - y[test]) ** 2)))
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--positions", type=int, default=40000, help="positions drawn per seed")
    parser.add_argument("--seeds", default="21,22")
    parser.add_argument("--hidden", type=int, default=32)
    parser.add_argument("--epochs", type=int, default=30)
    args = parser.parse_args()
    sys.path.insert(0, str(ROOT))
    parts = [samples(args.positions, int(s)) for s in args.seeds.split(",")]
    d = {k: np.concatenate([part[k] for part in parts]) for k in parts[0]}
    y = (d["y1"] + d["y2"]) / 2
    noise = float(np.var((d["y1"] - d["y2"]) / 2))  # the noise of the mean of the 16 play-outs
    order = np.random.default_rng(0).permutation(len(y))
    train, test = order[: int(0.8 * len(y))], order[int(0.8 * len(y)) :]
    learnable = float(y[test].var()) - noise
    linear = d["linear"]  # its first column is the constant, as fit expects
    theta = fit(linear[train], y[train])
    linear_mse = float(np.mean((linear[test] @ theta - y[test]) ** 2))
    network_mse = fit_network(network_inputs(d), y, train, test, args.hidden, args.epochs, 0)
    print(f"positions {len(y)}; the teacher's variance {y.var():.1f}, its noise {noise:.1f} (a mean of 16 play-outs)")
    print(f"a mean of 8 play-outs: noise {2 * noise:.1f}")
    models = (("linear value (the shipped features)", linear_mse), (f"network ({args.hidden} hidden)", network_mse))
    for name, mse in models:
        explained = 1 - (mse - noise) / learnable
        print(f"{name}: held-out error {mse:.1f}, explains {explained:.1%} of the learnable variance")


if __name__ == "__main__":
    main()
