"""Scripted bots, compiled into the engine's move loop.

A bot sees what a player at the table sees: its own hand (st[ST_HAND + seat]),
the tiles on the table (ST_BOARD), the open ends, who knocked on which ends
(ST_LACKS), which end values each player created (ST_FED) and how many tiles each
other player holds (popcount of their hands, never the tiles). It never reads
another hand's tiles. `choose_move` returns an index into the legal moves.
"""

from __future__ import annotations

from .core import hot, move_pips, rng_below

BOT_RANDOM = 0
BOT_HEAVY = 1


@hot
def choose_heavy(moves, n, rng):
    """The move shedding the most pips; ties uniformly at random (reservoir sampling)."""
    best = -1
    best_count = 0
    choice = 0
    for i in range(n):
        w = move_pips(moves[i])
        if w > best:
            best = w
            best_count = 1
            choice = i
        elif w == best:
            best_count += 1
            if rng_below(rng, 1, best_count) == 0:
                choice = i
    return choice


@hot
def choose_move(bot, p, st, seat, moves, n, rng):
    """Index into `moves` (n >= 1 legal moves) of the bot's choice."""
    if n == 1:
        return 0
    if bot == BOT_HEAVY:
        return choose_heavy(moves, n, rng)
    return rng_below(rng, 1, n)
