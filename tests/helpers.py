"""Helpers the tests share: positions built by hand and scored by the engine's own functions, the command
line run in-process. (Fixtures and the test session's environment are in conftest.py.)"""

from __future__ import annotations

from pathlib import Path

import numpy as np

from kozel_stats.engine import core as C
from kozel_stats.engine import game as E
from kozel_stats.engine.codes import (
    ALL_TILES,
    D_CARRY,
    D_SCORE,
    D_SUM,
    D_VANISHED,
    D_WRITTEN,
    END_FISH,
    END_OUT,
    N_DEAL_COLS,
    SUIT_MASK,
    T00,
    T66,
    compile_rules,
    tile_from_name,
)
from kozel_stats.rules.variants import DEFAULTS


def mask(tiles: str | list[str]) -> int:
    names = tiles.split() if isinstance(tiles, str) else tiles
    m = 0
    for n in names:
        m |= 1 << tile_from_name(n)
    return m


def params(**knobs) -> np.ndarray:
    rules = dict(DEFAULTS)
    rules.update(knobs)
    return compile_rules(rules)


class Position:
    """A deal state: four hands, open ends, and everything else on the table."""

    def __init__(self, hands: list[str], ends: tuple[int, int] | None = None):
        self.st = np.zeros(C.N_STATE, dtype=np.int64)
        in_hands = 0
        for seat, h in enumerate(hands):
            self.st[C.ST_HAND + seat] = mask(h)
            in_hands |= mask(h)
        self.st[C.ST_FORCED] = -1
        if ends is not None:
            self.st[C.ST_END], self.st[C.ST_END + 1] = ends
            self.st[C.ST_N_ENDS] = 2
            self.st[C.ST_OPEN] = 3
            self.st[C.ST_END_MASK] = SUIT_MASK[ends[0]] | SUIT_MASK[ends[1]]
            self.st[C.ST_BOARD] = ALL_TILES & ~in_hands

    def legal(self, p, seat) -> list[list[tuple[str, int]]]:
        """Legal moves as lists of (tile, end value it attaches to)."""
        moves = np.zeros(C.MAX_MOVES, dtype=np.int64)
        n = C.legal_moves(p, self.st, seat, moves)
        out = []
        for m in moves[:n]:
            move = []
            for k in range(int(m) & 7):
                pl = int(C.placement(m, k))
                from kozel_stats.engine.codes import tile_name

                move.append((tile_name(pl & 31), int(C.attach_value(self.st, (pl >> 5) & 7))))
            out.append(sorted(move))
        return out

    def end(self, kind: str, last: int, out_move: str = "") -> Position:
        self.st[C.ST_END_KIND] = END_OUT if kind == "out" else END_FISH
        self.st[C.ST_LAST] = last
        out_tiles = 0
        move = mask(out_move) if out_move else 0
        if move >> T00 & 1:
            out_tiles |= 1
        if move >> T66 & 1:
            out_tiles |= 2
        self.st[C.ST_OUT_TILES] = out_tiles
        return self


class Game:
    """Score deals one after another with the engine's scoring and end-of-game check."""

    def __init__(self, **knobs):
        self.p = params(**knobs)
        self.gs = np.zeros(E.N_GAME_STATE, dtype=np.int64)
        self.counted = 0  # deals that count towards a match (R-004-match)
        self.replayed = knobs.get("fish_winner") == "replayed"

    def set_score(self, a: int, b: int) -> None:
        for side, value in enumerate((a, b)):
            self.gs[E.GS_SCORE + side] = value
            self.gs[E.GS_OPENED + side] = int(value > 0)
            self.gs[E.GS_WROTE + side] = int(value > 0)

    def deal(self, position: Position) -> dict:
        row = np.zeros(N_DEAL_COLS, dtype=np.int64)
        losers = int(E.score_deal(self.p, position.st, self.gs, row))
        if not (self.replayed and position.st[C.ST_END_KIND] == END_FISH):
            self.counted += 1
        goat = int(E.game_over(self.p, self.gs, position.st, losers, self.counted))
        return {
            "loser": int(row[E.D_LOSER]) if losers else -1,
            "losers": losers,
            "goat": goat,
            "sums": [int(row[D_SUM]), int(row[D_SUM + 1])],
            "written": [int(row[D_WRITTEN]), int(row[D_WRITTEN + 1])],
            "score": [int(row[D_SCORE]), int(row[D_SCORE + 1])],
            "carry": int(row[D_CARRY]),
            "vanished": int(row[D_VANISHED]),
            "titles": int(self.gs[E.GS_TITLES]) if goat >= 0 else -1,
            "memory": [int(row[E.D_MEMORY]), int(row[E.D_MEMORY + 1])],
        }


def out_by(seat: int, loser_hands: tuple[str, str], out_move: str = "12") -> Position:
    """A position right after `seat` went out; the other side holds `loser_hands`."""
    hands = ["", "", "", ""]
    other = [(seat + 1) % 4, (seat + 3) % 4]
    hands[other[0]], hands[other[1]] = loser_hands
    hands[(seat + 2) % 4] = "23"  # the partner's tiles never count
    return Position(hands).end("out", seat, out_move)


def run_cli(*args):
    """Run the command line in-process; return (exit code, everything it printed)."""
    from typer.testing import CliRunner

    from kozel_stats.cli.commands import app

    result = CliRunner().invoke(app, [str(a) for a in args])
    return result.exit_code, result.output + (result.stderr if result.stderr_bytes is not None else "")


def children_of(pid: int) -> list[int]:
    """The living child processes of `pid` (Linux: read from /proc)."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == pid and fields[0] != "Z":
                found.append(int(entry.name))
    return found


def alive(pid: int) -> bool:
    """Whether process `pid` still runs (not gone, not a zombie)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def as_if_in_bash(monkeypatch) -> None:
    """`--show-completion` writes the script of the shell it finds among the process's parents (typer asks
    shellingham): under sh or dash, or a CI runner's shell, that is "not supported". The tests ask for bash's."""
    import shellingham

    monkeypatch.setattr(shellingham, "detect_shell", lambda *args, **kwargs: ("bash", "/bin/bash"))
