"""The 28 tiles of the double-six set, in the order every layer numbers them: index i <-> (lo, hi) with
lo <= hi, ordered 00, 01, ..., 06, 11, ..., 66 (a hand is a 28-bit mask of these indices). The engine's tables
are built from this order (engine/codes.py); the rules read it to check a variant (a redeal rule that leaves no
deal to play) without the engine. numpy only."""

from __future__ import annotations

import numpy as np

N_TILES = 28
TILE_LO = np.zeros(N_TILES, dtype=np.int64)
TILE_HI = np.zeros(N_TILES, dtype=np.int64)
TILE_INDEX = np.full((7, 7), -1, dtype=np.int64)
_i = 0
for _lo in range(7):
    for _hi in range(_lo, 7):
        TILE_LO[_i], TILE_HI[_i] = _lo, _hi
        TILE_INDEX[_lo, _hi] = TILE_INDEX[_hi, _lo] = _i
        _i += 1
SUIT_MASK = np.zeros(7, dtype=np.int64)  # tiles carrying value v
for _v in range(7):
    for _t in range(N_TILES):
        if TILE_LO[_t] == _v or TILE_HI[_t] == _v:
            SUIT_MASK[_v] |= 1 << _t
DOUBLES_MASK = int(sum(1 << int(TILE_INDEX[v, v]) for v in range(7)))
