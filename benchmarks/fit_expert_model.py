"""Fit the expert's model of an expert's moves (issue 37) and write its weights (kozel_stats/engine/expert_model.json).

    python benchmarks/fit_expert_model.py --positions 3000 --seed 77     # the shipped weights

Decisions: positions of deals played by `counter` on every seat (default rules; the deal's public record
kept as the engine keeps it), the decisions with more than one legal move; on each, the move `expert`
plays (the teacher: bots.expert_id(8, read=READ_OPPONENTS, z=2, reply=REPLY_MINIMAX, pool=32,
draw=DRAW_INDEPENDENT), which reads the opponents by counter's policy and searches the reply by minimax, so
it does not use this model and the fit does not depend on its own weights; z = 1 (index 2), a pool of 32 and
independent draws, the defaults of stop 33 when these weights were fitted: the default expert plays z = 2, a
pool of 40 and spread draws with them; it plays with the engine's workspace, the shipped learned value at the
horizon loaded). The model is a softmax over
bots.MODEL_FEATURES (bots.model_features, the same compiled code the expert reads the play with), fitted
by maximum likelihood (gradient ascent on standardized features, 400 steps) on 70% of the decisions; the
other 30% are held out: the script prints the held-out log-likelihood per decision of the fitted model,
of a uniform choice and of counter's (1 / ties of its best moves, 0.25 for any other, normalized over the
legal moves), and the share of decisions each predicts. Numpy only.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent


def decisions(n_positions: int, seed: int):
    """(features per legal move, the teacher's move, counter's likelihood of each move) per decision."""
    from kozel_stats.engine import bots as B
    from kozel_stats.engine import core as C
    from kozel_stats.engine.codes import compile_rules
    from kozel_stats.play.positions import counter_positions
    from kozel_stats.rules.variants import load_variant

    p = compile_rules(load_variant("default").rule_dict)
    # the expert of stop 33, when the shipped weights were fitted, each of its settings named: the defaults
    # changed since (the reply at stop 34, the draws at stop 47, the pool at stop 48) would fit other weights
    teacher = B.expert_id(8, read=B.READ_OPPONENTS, z=2, reply=B.REPLY_MINIMAX, pool=32, draw=B.DRAW_INDEPENDENT)
    work = np.zeros(B.W_SIZE, dtype=np.int64)
    from kozel_stats.engine.game import workspace

    fwork = workspace()[2]  # the learned value at the horizon the teacher plays by (its model is not read)
    rng = np.array([1, (9 * 0x9E3779B97F4A7C15 + 1) % 2**64], dtype=np.uint64)
    feats, chosen, counter = [], [], []
    moves = np.zeros(C.MAX_MOVES, dtype=np.int64)
    for st, seat in counter_positions(p, n_positions, seed):
        n = int(C.legal_moves(p, st, seat, moves))
        if n < 2:
            continue
        choice = int(B.choose_move(teacher, p, st, seat, moves, n, rng, work, fwork, True))
        x = np.zeros((n, B.N_MODEL))
        ctx = B.counter_context(p, st, seat)
        partner = int(B.partner_of(p, seat))
        fed = int(st[C.ST_FED + partner]) if partner >= 0 else 0
        for i in range(n):
            B.model_features(p, st, seat, moves[i], ctx, fed, x[i])
        feats.append(x)
        chosen.append(choice)
        c = [float(B.counter_likelihood(p, st, seat, moves, n, moves[k], 0.25, fwork)) for k in range(n)]
        counter.append(c[choice] / sum(c))  # counter's likelihood as a probability over the legal moves
    return feats, chosen, counter


def fit(feats, chosen, steps: int = 400, rate: float = 0.5) -> np.ndarray:
    """Maximum-likelihood softmax weights (on standardized features), returned for the raw features."""
    stacked = np.concatenate(feats)
    mu, sd = stacked.mean(0), stacked.std(0) + 1e-9
    xs = [(x - mu) / sd for x in feats]
    theta = np.zeros(stacked.shape[1])
    for _ in range(steps):
        grad = np.zeros_like(theta)
        for x, y in zip(xs, chosen, strict=True):
            z = x @ theta
            pr = np.exp(z - z.max())
            pr /= pr.sum()
            grad += x[y] - pr @ x
        theta += rate * grad / len(xs)
    return theta / sd


def log_likelihood(theta, feats, chosen) -> tuple[float, float]:
    """Mean log-likelihood per decision and the share of decisions whose likeliest move is the teacher's."""
    ll = acc = 0.0
    for x, y in zip(feats, chosen, strict=True):
        z = x @ theta
        pr = np.exp(z - z.max())
        pr /= pr.sum()
        ll += float(np.log(pr[y]))
        acc += float(pr.argmax() == y)
    return ll / len(feats), acc / len(feats)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--positions", type=int, default=3000)
    parser.add_argument("--seed", type=int, default=77)
    parser.add_argument("--out", default=str(ROOT / "kozel_stats" / "engine" / "expert_model.json"))
    args = parser.parse_args()
    from kozel_stats.engine import bots as B

    feats, chosen, counter = decisions(args.positions, args.seed)
    cut = int(0.7 * len(feats))
    theta = fit(feats[:cut], chosen[:cut])
    held = log_likelihood(theta, feats[cut:], chosen[cut:])
    uniform = float(np.mean([-np.log(len(x)) for x in feats[cut:]]))
    counter_ll = float(np.mean(np.log(counter[cut:])))
    counter_acc = float(np.mean([c >= 0.5 for c in counter[cut:]]))  # its best move alone, the teacher's
    report = {
        "decisions": len(feats),
        "held_out": len(feats) - cut,
        "model_log_likelihood": held[0],
        "model_predicted": held[1],
        "uniform_log_likelihood": uniform,
        "counter_log_likelihood": counter_ll,
        "counter_predicted_alone": counter_acc,
    }
    data = {
        "what": "the expert's model of an expert's moves: softmax weights over bots.MODEL_FEATURES (issue 37)",
        "command": f"python benchmarks/fit_expert_model.py --positions {args.positions} --seed {args.seed}",
        "features": list(B.MODEL_FEATURES),
        "weights": [round(float(w), 6) for w in theta],
        "held_out": report,
    }
    Path(args.out).write_text(json.dumps(data, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    main()
