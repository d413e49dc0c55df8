"""The integer sums of a batch's statistics (`moments.arm_stats`, `moments.pair_stats`), compiled.

numpy took them in several passes over a batch's (games x metrics) numbers, one per sum and
one more for every difference; here each arm's and each compared pair's are one pass, in
int64 as before, so the sums are the same integers. They were 14% of a compare's time.

The arrays are (metrics x games), C-contiguous: each metric's games lie together.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from .precompiled import seed

seed()  # before the first compiled function: where numba files the package's code
kernel = njit(cache=True, nogil=True, error_model="numpy")

#: rows of arm_sums' output
ARM_SX, ARM_SN, ARM_SXX, ARM_SNN, ARM_SXN = range(5)
#: rows of pair_sums' output
PAIR_SXX, PAIR_SXN, PAIR_SNX, PAIR_SNN, PAIR_DIFFERING = range(5)


@kernel
def arm_sums(x, n, out):
    """Per metric j: the sums over games of x, n, x², n² and x·n into out[ARM_*, j]."""
    for j in range(x.shape[0]):
        sx = sn = sxx = snn = sxn = 0
        for i in range(x.shape[1]):
            a = x[j, i]
            b = n[j, i]
            sx += a
            sn += b
            sxx += a * a
            snn += b * b
            sxn += a * b
        out[ARM_SX, j] = sx
        out[ARM_SN, j] = sn
        out[ARM_SXX, j] = sxx
        out[ARM_SNN, j] = snn
        out[ARM_SXN, j] = sxn


@kernel
def pair_sums(xa, na, xb, nb, out):
    """Per metric j, over the games of two arms: the sums of x_a·x_b, x_a·n_b, n_a·x_b, n_a·n_b and
    the number of games where the two differ (in x or in n) into out[PAIR_*, j]."""
    for j in range(xa.shape[0]):
        sxx = sxn = snx = snn = differing = 0
        for i in range(xa.shape[1]):
            a = xa[j, i]
            b = na[j, i]
            c = xb[j, i]
            d = nb[j, i]
            sxx += a * c
            sxn += a * d
            snx += b * c
            snn += b * d
            differing += (a != c) | (b != d)  # no branch: the loop stays vectorised
        out[PAIR_SXX, j] = sxx
        out[PAIR_SXN, j] = sxn
        out[PAIR_SNX, j] = snx
        out[PAIR_SNN, j] = snn
        out[PAIR_DIFFERING, j] = differing


def by_metric(numbers: np.ndarray) -> np.ndarray:
    """A (games x metrics) int64 matrix as the kernels take it: (metrics x games), C-contiguous (no copy
    for `metrics.game_numbers`' column-major matrices)."""
    return np.ascontiguousarray(np.asarray(numbers, dtype=np.int64).T)


def compile_now() -> None:
    """Compile (or load) both kernels, for the warm-up: the batches then only run them."""
    tiny = np.zeros((1, 1), dtype=np.int64)
    arm_sums(tiny, tiny, np.zeros((5, 1), dtype=np.int64))
    pair_sums(tiny, tiny, tiny, tiny, np.zeros((5, 1), dtype=np.int64))
