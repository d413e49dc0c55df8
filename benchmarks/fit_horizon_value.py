"""Fit the expert's learned value at the horizon (issue 37 §2) and write its weights
(kozel_stats/engine/horizon_model.json).

    python benchmarks/fit_horizon_value.py --positions 6000 --playouts 8 --seed 5     # the shipped weights

Samples (play.positions.horizon_samples): decisions of deals played by `counter` on every seat (default rules)
with more than bots.EXPERT_EXACT_TILES tiles in the hands (where the search stops at a horizon; from there on
it is exact), each taken for both sides. Teacher: the mean value of `--playouts` of counter's play-outs from
the position, all hands open, scored by the engine as a game's first deal (expert.horizon_sample: what the
play-out at the horizon values it at). Model: least squares (a small ridge) of the teacher on
expert.HORIZON_FEATURES, fitted on 70% of the positions; the other 30% are held out: the script prints the
held-out mean squared error of the fit, of a plain pip count (the teacher fitted on the pips in the other
hands minus the side's) and of a constant. Numpy only.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "kozel_stats" / "engine" / "horizon_model.json"


def fit(x: np.ndarray, y: np.ndarray, ridge: float = 1e-3) -> np.ndarray:
    """Least squares of y on x (x's first column is the bias, not shrunk)."""
    scale = x.std(axis=0)
    scale[scale == 0] = 1.0
    z = x / scale
    penalty = ridge * len(y) * np.eye(x.shape[1])
    penalty[0, 0] = 0.0
    theta = np.linalg.solve(z.T @ z + penalty, z.T @ y)
    return theta / scale


def pip_count(x: np.ndarray) -> np.ndarray:
    """The plain pip count's columns: a constant and the pips in the other hands minus the side's."""
    return np.column_stack([np.ones(len(x)), x[:, 2] - x[:, 1]])


def held_out(x: np.ndarray, y: np.ndarray, seed: int) -> dict:
    """Fit on 70%, the mean squared error on the other 30%: the features, a pip count, a constant."""
    order = np.random.default_rng(seed).permutation(len(y))
    cut = int(0.7 * len(y))
    train, test = order[:cut], order[cut:]
    theta = fit(x[train], y[train])
    pips = fit(pip_count(x[train]), y[train])
    return {
        "weights": theta,
        "mse": float(np.mean((x[test] @ theta - y[test]) ** 2)),
        "mse_pip_count": float(np.mean((pip_count(x[test]) @ pips - y[test]) ** 2)),
        "mse_constant": float(np.mean((y[train].mean() - y[test]) ** 2)),
        "train": int(cut),
        "test": int(len(y) - cut),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=6000)
    parser.add_argument("--playouts", type=int, default=8)
    parser.add_argument("--seed", type=int, default=5)
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args()
    sys.path.insert(0, str(ROOT))
    from kozel_stats.engine.codes import compile_rules
    from kozel_stats.engine.expert import HORIZON_FEATURES
    from kozel_stats.play.positions import horizon_samples
    from kozel_stats.rules.variants import load_variant

    p = compile_rules(load_variant("default").rule_dict)
    x, y = horizon_samples(p, args.positions, args.playouts, args.seed)
    result = held_out(x, y, args.seed)
    weights = fit(x, y)  # the shipped weights: every sample
    for key in ("mse", "mse_pip_count", "mse_constant"):
        print(f"held-out {key}: {result[key]:.1f}")
    data = {
        "features": list(HORIZON_FEATURES),
        "weights": [round(float(w), 6) for w in weights],
        "command": f"python benchmarks/fit_horizon_value.py --positions {args.positions} "
        f"--playouts {args.playouts} --seed {args.seed}",
        "samples": int(len(y)),
        "held_out": {k: v for k, v in result.items() if k != "weights"},
    }
    args.out.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
