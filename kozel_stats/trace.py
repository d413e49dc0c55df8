"""Game records (kozel-trace/1): playing recorded games, reading records back, replay checks.

Recording and replay both go through `engine.play_game`: recording lets the bots
choose and keeps the event rows; replay feeds the recorded moves back as a script
and the engine checks each against the legal moves it generates itself. Scores
are then compared field by field with what the engine computes.
"""

from __future__ import annotations

import contextlib
import json
import os
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from .codes import (
    AT_GAP,
    AT_NONE,
    BOT_SCRIPT,
    D_BAZAAR,
    D_CARRY,
    D_END,
    D_EV_END,
    D_EV_START,
    D_HAND,
    D_LAST,
    D_LEADER,
    D_MEMORY,
    D_REDEALS,
    D_SCORE,
    D_SUM,
    D_WRITTEN,
    E_KIND,
    E_NTILES,
    E_SEAT,
    E_STRIDE,
    E_TILES,
    END_OUT,
    ERR_BAD_HANDS,
    ERR_GAME_UNFINISHED,
    ERR_MISSED_REDEAL,
    ERR_TOO_MANY_DEALS,
    ERROR_TEXT,
    EV_DRAW,
    EV_KNOCK,
    EV_PLAY,
    LOSER_DRAW,
    MAX_BAZAAR,
    N_DEAL_COLS,
    N_EVENT_COLS,
    N_RESULT,
    R_DEALS,
    R_ERROR,
    R_ERROR_DEAL,
    R_ERROR_EVENT,
    R_GOATS,
    R_LOSER,
    R_OVERFLOW,
    R_TITLES,
    TITLE_NAMES,
    compile_rules,
    mask_names,
    tile_from_name,
    tile_name,
)
from .errors import TraceError
from .rules import Variant

FORMAT = "kozel-trace/1"
SIDE_NAMES = ["A", "B"]


def table(variant: Variant) -> tuple[int, list[list[int]]]:
    """(players, sides) of a variant: pairs [[0,2],[1,3]] or one side per seat."""
    players = variant["players"]
    if variant["pairs"]:
        return players, [[0, 2], [1, 3]]
    return players, [[seat] for seat in range(players)]


def parse_bots(spec: str | list[str], players: int = 4) -> list[str]:
    """One bot name per seat from 'random', 'random,heavy,random,heavy' or (pairs) 'A=counter,B=random'.

    Names are those of kozel_stats.bots (random, heavy, doubles, partner, counter, sampler,
    sampler:N)."""
    from .bots import parse_bot

    names = spec.split(",") if isinstance(spec, str) else list(spec)
    names = [n.strip() for n in names if n.strip()]
    if any("=" in n for n in names):
        if players != 4:
            raise ValueError("--bots: sides A= and B= exist only in pair games; give one bot per seat.")
        sides: dict[str, str] = {}
        for item in names:
            key, _, bot = item.partition("=")
            key = key.strip().upper()
            if key not in ("A", "B") or not bot.strip():
                raise ValueError(f"--bots: {item!r} is not SIDE=BOT with SIDE A (seats 0, 2) or B (seats 1, 3).")
            sides[key] = bot.strip()
        if set(sides) != {"A", "B"}:
            raise ValueError("--bots: give both sides, e.g. A=counter,B=random.")
        names = [sides["A"], sides["B"], sides["A"], sides["B"]]
    if len(names) == 1:
        names = names * players
    if len(names) != players:
        raise ValueError(f"--bots: give one bot for all seats or one per seat ({players}), not {len(names)}.")
    for n in names:
        try:
            parse_bot(n)
        except ValueError as exc:
            raise ValueError(f"--bots: {exc}") from None
    return names


def bot_array(names: list[str]) -> np.ndarray:
    from .bots import parse_bot

    return np.array([parse_bot(n) for n in names], dtype=np.int64)


def run_seed_game(run_seed: int, game_index: int) -> int:
    from .engine import game_seed

    return int(game_seed(np.uint64(run_seed % 2**64), game_index))


def _titles(bits: int, loser: int = 0) -> list[str]:
    """The record's titles; a match that ended level (R-004-match) has the title ``draw``."""
    return [name for bit, name in TITLE_NAMES.items() if bits & bit] + (["draw"] if loser == LOSER_DRAW else [])


def _event_dict(row: np.ndarray, cross: bool) -> dict[str, Any]:
    seat = int(row[E_SEAT])
    if row[E_KIND] == EV_KNOCK:
        return {"p": seat, "knock": True}
    if row[E_KIND] == EV_DRAW:
        return {"p": seat, "draw": tile_name(int(row[E_TILES]))}
    tiles, at, closed = [], [], []
    for k in range(int(row[E_NTILES])):
        tiles.append(tile_name(int(row[E_TILES + E_STRIDE * k])))
        value = int(row[E_TILES + E_STRIDE * k + 1])
        at.append(None if value == AT_NONE else "gap" if value == AT_GAP else value)
        closed.append(bool(row[E_TILES + E_STRIDE * k + 2]))
    event = {"p": seat, "play": tiles, "at": at}
    if cross:
        event["closed"] = closed
    return event


def record_game(variant: Variant, seed: int, bots: list[str], game: int = 0) -> dict[str, Any]:
    """Play one game with the given 63-bit game seed and return its kozel-trace/1 object."""
    from .engine import deal_memo, play_game, thoughtful_flag, workspace

    p = compile_rules(variant.rule_dict)
    seat_bots = bot_array(bots)
    max_deals = variant["max_deals"]
    deals = np.zeros((max_deals, N_DEAL_COLS), dtype=np.int64)
    cap = 4096
    result = np.zeros(N_RESULT, dtype=np.int64)
    no_hands = np.zeros((0, 5 + MAX_BAZAAR), dtype=np.int64)
    no_offsets = np.zeros(1, dtype=np.int64)
    players, sides = table(variant)
    cross = variant["layout"] == "cross"
    while True:
        ev = np.zeros((cap, N_EVENT_COLS), dtype=np.int64)
        play_game(
            p,
            np.int64(seed),
            seat_bots,
            deals,
            ev,
            no_hands,
            ev[:0],
            no_offsets,
            result,
            thoughtful_flag(seat_bots),
            0,
            *workspace(),
            *deal_memo(1, 0),
            game,
        )
        if not result[R_OVERFLOW]:
            break
        cap *= 8
    n_deals, loser, titles = int(result[R_DEALS]), int(result[R_LOSER]), int(result[R_TITLES])
    n_sides = len(sides)
    deal_objs = []
    for d in range(n_deals):
        row = deals[d]
        deal = {
            "redeals": int(row[D_REDEALS]),
            "hands": [mask_names(int(row[D_HAND + s])) for s in range(players)],
            "bazaar": [tile_name(int(t)) for t in row[D_BAZAAR : D_BAZAAR + MAX_BAZAAR] if t >= 0],
            "leader": int(row[D_LEADER]),
            "events": [_event_dict(ev[i], cross) for i in range(row[D_EV_START], row[D_EV_END])],
            "end": "out" if row[D_END] == END_OUT else "fish",
            "last": int(row[D_LAST]),
            "hand_sums": [int(row[D_SUM + s]) for s in range(n_sides)],
            "written": [int(row[D_WRITTEN + s]) for s in range(n_sides)],
            "score": [int(row[D_SCORE + s]) for s in range(n_sides)],
            "carry": int(row[D_CARRY]),
        }
        if variant["memory"]:
            deal["memory"] = [int(row[D_MEMORY + s]) for s in range(n_sides)]
        deal_objs.append(deal)
    record = {
        "format": FORMAT,
        "variant": variant.name,
        "seed": int(seed),
        "game": game,
        "players": players,
        "sides": sides,
        "bots": list(bots),
        "deals": deal_objs,
        "loser": None if loser < 0 else loser,
        "titles": _titles(titles, loser),
        "final_score": deal_objs[-1]["score"] if deal_objs else [0] * n_sides,
    }
    if variant["goats"] == "every":
        record["goats"] = goat_list(int(result[R_GOATS]), n_sides)
    return record


def goat_list(mask: int, n_sides: int) -> list[int]:
    """The sides of a goats bit mask (R-004-chechevae-goats), in seat order."""
    return [s for s in range(n_sides) if mask >> s & 1]


def play_records(variant: Variant, run_seed: int, games: int, bots: list[str]) -> Iterator[dict[str, Any]]:
    for g in range(games):
        yield record_game(variant, run_seed_game(run_seed, g), bots, game=g)


# --- reading records ------------------------------------------------------------------------------------


@dataclass
class ReplayProblem:
    game: int
    deal: int | None
    event: int | None
    text: str

    def __str__(self) -> str:
        """Deals and events numbered from 1, as in the `play` log (`deal` and `event` hold 0-based
        indexes into the record's lists)."""
        where = f"game {self.game}"
        if self.deal is not None:
            where += f", deal {self.deal + 1}"
        if self.event is not None:
            where += f", event {self.event + 1}"
        return f"{where}: {self.text}"


class _HugeNumber(Exception):
    def __init__(self, digits: int):
        super().__init__(digits)
        self.digits = digits


def _record_int(text: str) -> int:
    """json.loads(parse_int=...): no field of a record has more than 20 digits; Python refuses to convert
    more than 4,300 (and takes quadratic time below that)."""
    digits = len(text.lstrip("-"))
    if digits > 400:
        raise _HugeNumber(digits)
    return int(text)


def read_records(path: Path) -> Iterator[tuple[int, dict[str, Any]]]:
    """Yield (line number, game object); TraceError on a line that is not a JSON object."""
    try:
        handle = path.open(encoding="utf-8")
    except FileNotFoundError:
        raise TraceError(f"{path}: no such file.") from None
    except IsADirectoryError:
        raise TraceError(f"{path}: is a folder, not a .jsonl record file.") from None
    except OSError as exc:
        raise TraceError(f"{path}: cannot be read ({exc}).") from None
    with handle:
        try:
            for lineno, line in enumerate(handle, 1):
                if not line.strip():
                    continue
                try:
                    obj = json.loads(line, parse_int=_record_int)
                except _HugeNumber as huge:
                    raise TraceError(
                        f"{path}, line {lineno}: holds an integer of {huge.digits:,} digits; no field of a game "
                        "record is anywhere near that long."
                    ) from None
                except RecursionError:
                    raise TraceError(f"{path}, line {lineno}: nested too deeply to be a game record.") from None
                except json.JSONDecodeError as exc:
                    raise TraceError(
                        f"{path}, line {lineno}: not valid JSON ({exc.msg} at column {exc.colno})."
                    ) from None
                if not isinstance(obj, dict):
                    raise TraceError(f"{path}, line {lineno}: a record line must be a JSON object (one game).")
                yield lineno, obj
        except UnicodeDecodeError:
            raise TraceError(f"{path}: not a UTF-8 text file.") from None


def _need(obj: dict, key: str, kind: type | tuple, where: str) -> Any:
    if key not in obj:
        raise TraceError(f"{where}: missing field '{key}'.")
    value = obj[key]
    if isinstance(value, bool) and kind is not bool:
        raise TraceError(f"{where}: field '{key}' must be {getattr(kind, '__name__', kind)}, not {value!r}.")
    if not isinstance(value, kind):
        raise TraceError(f"{where}: field '{key}' must be {getattr(kind, '__name__', kind)}, not {value!r}.")
    return value


MAX_REDEALS = 1_000_000  # far more than any deal needs (a redeal happens in 2% of shuffles)
MAX_RECORD_DEALS = 100_000  # the largest max_deals a variant may set
MAX_EVENTS = 10_000  # events of one deal: at most 28 plays and a few knocks and draws each


def _bounded(value: int, low: int, high: int, key: str, where: str) -> int:
    if not low <= value <= high:
        raise TraceError(f"{where}: field '{key}' must be from {low} to {high}, not {value!r:.40}.")
    return value


def _tile(name: Any, where: str) -> int:
    try:
        return tile_from_name(name)
    except ValueError as exc:
        raise TraceError(f"{where}: {exc}.") from None


def script_arrays(
    record: dict[str, Any], where: str, players: int = 4, tiles_each: int = 7
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Turn a record's deals into the engine's script arrays (hands, event rows, offsets)."""
    if record.get("format") != FORMAT:
        raise TraceError(f"{where}: field 'format' must be {FORMAT!r}, not {record.get('format')!r}.")
    if _need(record, "players", int, where) != players:
        raise TraceError(f"{where}: field 'players' is {record['players']}, but the variant has {players} players.")
    deals = _need(record, "deals", list, where)
    if len(deals) > MAX_RECORD_DEALS:
        raise TraceError(f"{where}: {len(deals):,} deals is more than a game can have (at most {MAX_RECORD_DEALS:,}).")
    hands = np.full((len(deals), 5 + MAX_BAZAAR), -1, dtype=np.int64)
    rows: list[list[int]] = []
    offsets = [0]
    for d, deal in enumerate(deals):
        dw = f"{where}, deal {d + 1}"
        if not isinstance(deal, dict):
            raise TraceError(f"{dw}: a deal must be a JSON object.")
        seat_hands = _need(deal, "hands", list, dw)
        if len(seat_hands) != players or not all(isinstance(h, list) for h in seat_hands):
            raise TraceError(f"{dw}: field 'hands' must be {players} lists of tiles.")
        hands[d, :4] = 0
        for s, hand in enumerate(seat_hands):
            for name in hand:
                hands[d, s] |= 1 << _tile(name, f"{dw}, hands[{s}]")
        hands[d, 4] = _bounded(_need(deal, "redeals", int, dw), 0, MAX_REDEALS, "redeals", dw)
        bazaar = _need(deal, "bazaar", list, dw)
        if len(bazaar) != 28 - tiles_each * players:
            raise TraceError(
                f"{dw}: field 'bazaar' must hold {28 - tiles_each * players} tiles with {players} players "
                f"of {tiles_each} tiles."
            )
        for k, name in enumerate(bazaar):
            hands[d, 5 + k] = _tile(name, f"{dw}, bazaar[{k}]")
        events_list = _need(deal, "events", list, dw)
        if len(events_list) > MAX_EVENTS:
            raise TraceError(f"{dw}: {len(events_list):,} events is more than a deal can have.")
        for e, event in enumerate(events_list):
            ew = f"{dw}, event {e + 1}"
            if not isinstance(event, dict):
                raise TraceError(f"{ew}: an event must be a JSON object.")
            seat = _bounded(_need(event, "p", int, ew), 0, players - 1, "p", ew)
            row = [0] * N_EVENT_COLS
            row[E_SEAT] = seat
            if event.get("knock") is True:
                row[E_KIND] = EV_KNOCK
            elif "play" in event:
                tiles = _need(event, "play", list, ew)
                at = _need(event, "at", list, ew)
                if not 1 <= len(tiles) <= 4 or len(at) != len(tiles):
                    raise TraceError(f"{ew}: 'play' needs 1 to 4 tiles and 'at' one value per tile.")
                closed = event.get("closed", [False] * len(tiles))
                if (
                    not isinstance(closed, list)
                    or len(closed) != len(tiles)
                    or not all(isinstance(c, bool) for c in closed)
                ):
                    raise TraceError(f"{ew}: 'closed' must be one true/false per tile.")
                row[E_KIND] = EV_PLAY
                row[E_NTILES] = len(tiles)
                for k, (name, value) in enumerate(zip(tiles, at, strict=True)):
                    row[E_TILES + E_STRIDE * k] = _tile(name, ew)
                    row[E_TILES + E_STRIDE * k + 2] = int(closed[k])
                    if value is None:
                        row[E_TILES + E_STRIDE * k + 1] = AT_NONE
                    elif value == "gap":  # R-004-morskoy-extra: 60 between an extra lead's 66 and 00
                        row[E_TILES + E_STRIDE * k + 1] = AT_GAP
                    elif isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= 6:
                        row[E_TILES + E_STRIDE * k + 1] = value
                    else:
                        raise TraceError(f"{ew}: 'at' values must be 0..6, \"gap\" or null, not {value!r}.")
            elif "draw" in event:
                row[E_KIND] = EV_DRAW
                row[E_NTILES] = 1
                row[E_TILES] = _tile(event["draw"], ew)
            else:
                raise TraceError(f"{ew}: an event needs 'play', 'knock' or 'draw'.")
            rows.append(row)
        offsets.append(len(rows))
    events = np.array(rows, dtype=np.int64).reshape(-1, N_EVENT_COLS)
    return hands, events, np.array(offsets, dtype=np.int64)


def replay_record(record: dict[str, Any], variant: Variant, where: str = "record") -> list[ReplayProblem]:
    """Replay one recorded game through the engine; return every problem found (empty: correct)."""
    from .engine import deal_memo, play_game, workspace

    game = record.get("game", 0)
    players, sides = table(variant)
    n_sides = len(sides)
    hands, events, offsets = script_arrays(record, where, players, variant["tiles_each"])
    p = compile_rules(variant.rule_dict)
    deals = np.zeros((max(variant["max_deals"], len(hands)) + 1, N_DEAL_COLS), dtype=np.int64)
    result = np.zeros(N_RESULT, dtype=np.int64)
    bots = np.full(4, BOT_SCRIPT, dtype=np.int64)
    no_events = np.zeros((0, N_EVENT_COLS), dtype=np.int64)
    # the game's seed and index decide its first-lead double under first_lead_cycle (R-004-morskoy-day)
    seed = record.get("seed", 0) if isinstance(record.get("seed", 0), int) else 0
    index = game if isinstance(game, int) else 0
    play_game(
        p,
        np.int64(seed),
        bots,
        deals,
        no_events,
        hands,
        events,
        offsets,
        result,
        None,
        0,
        *workspace(),
        *deal_memo(1, 0),
        index,
    )
    problems: list[ReplayProblem] = []
    n_ok = int(result[R_DEALS])
    error = int(result[R_ERROR])
    if error:
        deal = int(result[R_ERROR_DEAL])
        whole_deal = (ERR_BAD_HANDS, ERR_MISSED_REDEAL, ERR_TOO_MANY_DEALS, ERR_GAME_UNFINISHED)
        event = None if error in whole_deal else int(result[R_ERROR_EVENT])
        problems.append(ReplayProblem(game, deal, event, ERROR_TEXT[error] + _event_hint(record, deal, event)))
        n_ok = min(n_ok, deal)
    for d in range(n_ok):
        row = deals[d]
        rec = record["deals"][d]
        expected = {
            "leader": int(row[D_LEADER]),
            "end": "out" if row[D_END] == END_OUT else "fish",
            "last": int(row[D_LAST]),
            "hand_sums": [int(row[D_SUM + s]) for s in range(n_sides)],
            "written": [int(row[D_WRITTEN + s]) for s in range(n_sides)],
            "score": [int(row[D_SCORE + s]) for s in range(n_sides)],
            "carry": int(row[D_CARRY]),
        }
        if variant["memory"] or "memory" in rec:
            expected["memory"] = [int(row[D_MEMORY + s]) for s in range(n_sides)]
        for key, value in expected.items():
            if rec.get(key) != value:
                problems.append(ReplayProblem(game, d, None, f"{key} is {rec.get(key)!r}, the rules give {value!r}"))
    if not error:
        loser = None if result[R_LOSER] < 0 else int(result[R_LOSER])
        if record.get("loser") != loser:
            problems.append(
                ReplayProblem(game, None, None, f"loser is {record.get('loser')!r}, the rules give {loser!r}")
            )
        if variant["goats"] == "every" or "goats" in record:
            goats = goat_list(int(result[R_GOATS]), n_sides)
            if record.get("goats") != goats:
                problems.append(
                    ReplayProblem(game, None, None, f"goats are {record.get('goats')!r}, the rules give {goats!r}")
                )
        titles = _titles(int(result[R_TITLES]), int(result[R_LOSER]))
        if sorted(record.get("titles") or []) != sorted(titles):
            problems.append(
                ReplayProblem(game, None, None, f"titles are {record.get('titles')!r}, the rules give {titles!r}")
            )
        final = [int(deals[n_ok - 1, D_SCORE + s]) for s in range(n_sides)] if n_ok else [0] * n_sides
        if record.get("final_score") != final:
            problems.append(
                ReplayProblem(
                    game, None, None, f"final_score is {record.get('final_score')!r}, the rules give {final!r}"
                )
            )
    return problems


def _event_hint(record: dict, deal: int, event: int | None) -> str:
    try:
        ev = record["deals"][deal]["events"][event]
    except (KeyError, IndexError, TypeError):
        return ""
    return f": {json.dumps(ev)}"


class RecordWriter:
    """Writes game records to a JSON Lines file, each line whole: on a failure (a full disk) the
    partial line is cut off again and the error names the file; the records before it stay.
    Unbuffered, so that nothing is left to be written later, half, at close. With no path it
    writes nothing."""

    def __init__(self, path: Path | None, force: bool = False):
        self.path = path
        self.force = force  # replace an existing file (checked before: a regular file); else it must not exist
        self.fd: int | None = None
        self.size = 0

    def __enter__(self) -> RecordWriter:
        if self.path is not None:
            import fcntl

            # never through a link, never a file that appeared since the checks (another command's)
            flags = os.O_WRONLY | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0) | (0 if self.force else os.O_EXCL)
            try:
                self.fd = os.open(self.path, flags, 0o644)
            except FileExistsError:
                raise TraceError(
                    f"--trace {self.path}: the file exists (another command created it just now); nothing was "
                    "written. Give another name or add --force."
                ) from None
            except OSError as exc:
                raise TraceError(f"--trace {self.path}: cannot be written ({exc.strerror or exc}).") from None
            try:  # one writer at a time: two commands never mix their records in one file
                fcntl.flock(self.fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                os.close(self.fd)
                self.fd = None
                raise TraceError(
                    f"--trace {self.path}: another command is writing its records there; nothing was written. "
                    "Give another name, or wait until it ends."
                ) from None
            except OSError:
                pass  # no flock on this file system
            os.ftruncate(self.fd, 0)
        return self

    def write(self, record: dict[str, Any]) -> None:
        if self.fd is None or self.path is None:
            return
        data = (json.dumps(record, separators=(",", ":")) + "\n").encode("utf-8")
        try:
            view = memoryview(data)
            while view:
                view = view[os.write(self.fd, view) :]
        except OSError as exc:
            from .results import disk_error

            with contextlib.suppress(OSError):
                os.ftruncate(self.fd, self.size)
            raise disk_error(exc, self.path) from None
        self.size += len(data)

    def __exit__(self, *exc) -> None:
        if self.fd is not None:
            with contextlib.suppress(OSError):
                os.close(self.fd)


def game_bots(seats: list[str], game: int) -> list[str]:
    """The bots of each seat in game `game` of a run: when the seats do not all play the same
    bot, they move one seat clockwise every other game (as in compare), so no side keeps a seat."""
    if len(set(seats)) > 1 and game % 2 == 1:
        return seats[-1:] + seats[:-1]
    return list(seats)


# --- the readable log -----------------------------------------------------------------------------------------


def _names(record: dict[str, Any]) -> tuple[list[str], list[str]]:
    """Display names of seats and sides: P0(A).. for pairs, P0.. for каждый сам за себя."""
    pairs = record["sides"] == [[0, 2], [1, 3]]
    seats = [f"P{s}({SIDE_NAMES[s % 2]})" if pairs else f"P{s}" for s in range(record["players"])]
    sides = SIDE_NAMES if pairs else [f"P{s}" for s in range(record["players"])]
    return seats, sides


def _scores(names: list[str], values: list[int]) -> str:
    return ", ".join(f"{n} {v}" for n, v in zip(names, values, strict=True))


class _Table:
    """The open ends of a deal, followed move by move (chain, or Осёл's cross with its house)."""

    def __init__(self, cross: bool):
        self.cross = cross
        self.ends: list[int] = []
        self.house = False
        self.gap = False  # an extra lead's gap between its 66 and 00 is open (R-004-morskoy-extra)

    def play(self, tiles: list[str], at: list[int | str | None], closed: list[bool]) -> None:
        used: set[int] = set()  # the chain's ends this move has laid on (after an extra lead: one on each)
        for tile, value, shut in zip(tiles, at, closed, strict=True):
            a, b = int(tile[0]), int(tile[1])
            double = a == b
            if isinstance(value, str):  # "gap": 60 between an extra lead's 66 and 00
                self.gap = False
                continue
            if value is None and self.ends and not self.cross:  # the extra lead's second tile
                self.ends, self.gap = [self.ends[0], a], True
                continue
            if value is None:  # the first tile of the deal
                if double and self.cross:
                    self.ends, self.house = [a] * 4, True
                else:
                    self.ends = [a, b]
                continue
            # on the chain one end per tile of a move (Осёл's doubles may close ends: by value there)
            i = next((i for i, e in enumerate(self.ends) if e == value and (self.cross or i not in used)), -1)
            if i < 0:
                continue  # not a legal move: replay says so; the log shows what it can
            used.add(i)
            if double:
                if shut:
                    self.ends.remove(value)
                elif self.cross and not self.house:
                    self.ends += [value, value]
                    self.house = True
                continue
            self.ends[i] = b if value == a else a

    def text(self) -> str:
        if not self.ends:
            return "no open end"
        return "ends " + " ".join(str(e) for e in self.ends) + (", the gap for 60 open" if self.gap else "")


def _unwritten(record: dict, d: int, variant: Variant | None) -> bool:
    """Morskoy of text 004 (lead_repeats): nobody has written before deal d (R-004-morskoy-lead)."""
    if variant is None or not variant["lead_repeats"]:
        return False
    return all(not any(deal["written"]) for deal in record["deals"][:d])


def is_fast(record: dict, d: int, variant: Variant | None) -> bool:
    """Deal d is a fast lead on 66 (R-004-morskoy-fast), or one on 66 or 00 that its leader chose
    (R-004-morskoy-voluntary)."""
    if variant is None or is_extra(record, d):
        return False
    if _unwritten(record, d, variant):
        return d >= variant["lead_repeats"]
    return variant["voluntary_fast"] and _chosen_lead(record, d, variant) and _lead_tile(record, d) in ("66", "00")


def _replays(record: dict, d: int, variant: Variant) -> bool:
    """Deal d replays the fast or extra lead of deal d - 1, which ended in a fish (R-004-morskoy-replay)."""
    if d == 0 or record["deals"][d - 1]["end"] != "fish":
        return False
    return is_extra(record, d - 1) or (bool(variant["fast_writes"]) and is_fast(record, d - 1, variant))


# R-004-morskoy-extra
def is_extra(record: dict, d: int) -> bool:
    """Deal d opened with the extra lead («внеочередной»): 66 and 00 at once (the only first move of
    two tiles on a chain)."""
    first = next((ev for ev in record["deals"][d]["events"] if "play" in ev), None)
    return first is not None and len(first["play"]) == 2 and None in first["at"]


def _lead_tile(record: dict, d: int) -> str | None:
    first = next((ev for ev in record["deals"][d]["events"] if "play" in ev), None)
    return first["play"][0] if first else None


def _chosen_lead(record: dict, d: int, variant: Variant) -> bool:
    """The leader of deal d chose his tile (not a first lead, not a fast lead forced by lead_repeats)."""
    return d > 0 and variant["next_lead"] != "first-lead" and not _unwritten(record, d, variant)


def _first_lead_text(variant: Variant, deal: dict, d: int) -> str:
    """Why the leader of a deal opened like the first (R-lead-first, R-solo-lead, R-004-chechevae-lead) leads."""
    rule = variant["first_lead"]
    doubles = sorted(t for h in deal["hands"] for t in h if t[0] == t[1])
    if rule == "double-11-upward":
        first = min(doubles, key=lambda t: (t == "00", t))  # 11, 22 … 66, then 00
        return f"holds {first}, the first of 11, 22 … 66, 00 in the hands"
    cycle = variant["first_lead_cycle"]
    if rule.startswith("double-") and cycle != "none":
        # R-004-morskoy-day: the double of this game, by its index in the run (or a random day)
        first = next((ev["play"][0] for ev in deal["events"] if "play" in ev), rule[-2:])
        why = {
            "days": "the double of this game's day of the week",
            "11-to-66": "this game's double in the 11 … 66 rotation",
            "random-day": "the double of a day of the week drawn for this game",
        }[cycle]
        return f"holds {first}, {why}"
    if rule.startswith("double-"):
        return f"holds {rule[-2:]}, which opens {'the game' if d == 0 else 'every deal'}"
    if doubles:
        return f"holds the lowest double in the hands, {doubles[0]}"
    return "no double in any hand: holds the heaviest tile"


def _lead_reason(record: dict, d: int, variant: Variant | None) -> str:
    """Why the leader of deal d leads (R-lead-first, R-lead-next), when the rules are known."""
    if variant is None:
        return ""
    deals = record["deals"]
    deal = deals[d]
    seat, _ = _names(record)
    if _replays(record, d, variant) and is_extra(record, d - 1):
        return f"the extra lead of deal {d} ended in a fish: he leads it again and keeps its 66 and 00"
    if _replays(record, d, variant):
        tile = _lead_tile(record, d)
        return f"the fast lead of deal {d} ended in a fish: he leads it again and keeps its {tile}"
    if d > 0 and is_extra(record, d - 1):
        return f"he led the extra lead of deal {d}, and its leader leads the next deal too (rule 7д)"
    if is_fast(record, d, variant) and _chosen_lead(record, d, variant):
        tile = _lead_tile(record, d)
        cost = variant["fast_writes_00"] if tile == "00" else variant["fast_writes"]
        return (
            f"everyone else has a record: he chooses a fast lead on {tile}: its loser writes {cost}, a fish replays it"
        )
    if is_fast(record, d, variant):
        cost = f": its loser writes {variant['fast_writes']}, a fish replays it" if variant["fast_writes"] else ""
        return f"holds 66: nobody has written in {d} deals, a fast lead on 66{cost}"
    if d > 0 and _unwritten(record, d, variant):
        times = f"{d + 1} of {variant['lead_repeats']}"
        return f"{_first_lead_text(variant, deal, d)}: nobody has written yet, the first lead is repeated ({times})"
    if d == 0 or variant["next_lead"] == "first-lead":
        return _first_lead_text(variant, deal, d)
    prev = deals[d - 1]
    rule = variant["next_lead"]
    last = seat[prev["last"]]
    how = "he went out" if prev["end"] == "out" else "the fisherman"
    if rule == "last-mover":
        return f"he made the last move of deal {d}: {how}"
    if rule == "round-robin":
        return f"sits clockwise of {seat[prev['leader']]}, who led deal {d}"
    if rule == "fish-winner":
        if prev["end"] == "out":
            return f"went out in deal {d}"
        if deal["leader"] == prev["last"]:
            return f"was the fisherman of deal {d} and his side won it (or it was eggs)"
        return f"the first player clockwise of the fisherman {last} on the side that won the fish of deal {d}"
    if rule == "winners-choose":
        if prev["end"] == "out":
            return f"the side that won deal {d} chose him (the better lead hand)"
        return f"was the fisherman of deal {d}"
    return ""


def _fish_text(record: dict, deal: dict, variant: Variant | None, side: list[str]) -> str:
    """Who won a fish and by how much (R-fish-winner, R-solo-score)."""
    sums = deal["hand_sums"]
    pairs = len(side) == 2 and record["players"] == 4 and record["sides"] == [[0, 2], [1, 3]]
    fisher_side = next(i for i, members in enumerate(record["sides"]) if deal["last"] in members)
    if variant is not None and variant["fish_winner"] == "replayed":
        return "a fish does not count: nobody wins it and the deal is dealt again"
    if variant is not None and variant["fish_winner"] == "fisherman":
        return f"the fisherman's {'side ' if pairs else ''}{side[fisher_side]} wins it (the sums are not compared)"
    low = min(sums)
    winners = [i for i, x in enumerate(sums) if x == low]
    if len(winners) == len(sums):
        return f"all sums equal ({low}): eggs (яйца)"
    others = sorted(x for x in sums if x != low)
    margin = others[0] - low
    who = " and ".join(side[i] for i in winners)
    return f"{'side ' if pairs else ''}{who} wins it with the lower sum, {low} against {others[0]} (by {margin})"


def _losers(record: dict, deal: dict, variant: Variant | None) -> list[int]:
    sums = deal["hand_sums"]
    sides = record["sides"]
    winner_side = next(i for i, members in enumerate(sides) if deal["last"] in members)
    if deal["end"] == "out" or (variant is not None and variant["fish_winner"] == "fisherman"):
        return [i for i in range(len(sides)) if i != winner_side]
    low = min(sums)
    if all(x == low for x in sums) or (variant is not None and variant["fish_winner"] == "replayed"):
        return []
    return [i for i, x in enumerate(sums) if x != low]


# R-004-chechevae-66, R-004-chechevae-kept
def _kept_lines(record: dict, deal: dict, variant: Variant | None, last_play: list[str]) -> list[str]:
    """Чечевэ's 00 and 66: the out on 66 that every other player pays, the 66 and the 00 left in a hand."""
    if variant is None:
        return []
    seat, _ = _names(record)
    lines = []
    out_66 = deal["end"] == "out" and "66" in last_play and "00" not in last_play
    if out_66 and variant["out_66_writes"] and variant["out_66_writers"] == "all-others":
        lines.append(f"  The out on 66: every other player writes {variant['out_66_writes']} (not his hand).")
    for s in range(len(deal["hands"])):
        hand = _left_in_hand(deal, s)
        side = next(i for i, members in enumerate(record["sides"]) if s in members)
        written = deal["written"][side] > 0  # nothing is written when an out on 00 ends the game
        if variant["kept_66_writes"] and "66" in hand and variant["scoring"] == "points" and written:
            lines.append(f"  {seat[s]} is left holding 66: {variant['kept_66_writes']} more written to him.")
        if variant["kept_00_goat"] and "00" in hand:
            lines.append(f"  {seat[s]} is left holding 00: a goat at once, the game is over.")
    return lines


def _left_in_hand(deal: dict, seat: int) -> set[str]:
    """The tiles a seat holds when the deal ends: dealt and drawn, less those laid."""
    held = set(deal["hands"][seat])
    for ev in deal["events"]:
        if ev.get("p") == seat:
            if "draw" in ev:
                held.add(ev["draw"])
            elif "play" in ev:
                held -= set(ev["play"])
    return held


def format_game(record: dict[str, Any], variant: Variant | None = None) -> str:
    """A deal-by-deal log a player can follow: deals and events numbered from 1 (as `replay` numbers
    them), the open ends after each move, who leads and why, who won a fish and by how much, and the
    points that vanished under the threshold. `variant`: the rules played (by default the record's
    shipped variant, when it exists); without them the log leaves out the reasons."""
    if variant is None:
        try:
            from .rules import load_variant

            variant = load_variant(record["variant"])
        except Exception:  # a yard's own variant file: the log is still readable without the reasons
            variant = None
    seat, side = _names(record)
    pairs = record["sides"] == [[0, 2], [1, 3]]
    cross = variant is not None and variant["layout"] == "cross"
    order = " -> ".join(f"P{s}" for s in range(record["players"]))
    lines = [
        f"Game {record['game']}  variant {record['variant']}  seed {record['seed']}  bots {','.join(record['bots'])}",
        ("Sides: A = P0 + P2, B = P1 + P3; " if pairs else "Each for himself; ") + f"play goes {order}.",
    ]
    threshold = variant["threshold"] if variant is not None else None
    threshold_value = variant["threshold_value"] if variant is not None else None
    for d, deal in enumerate(record["deals"]):
        reason = _lead_reason(record, d, variant)
        head = f"\nDeal {d + 1}: {seat[deal['leader']]} leads" + (f" — {reason}" if reason else "")
        if deal["redeals"]:
            head += f"; after {deal['redeals']} redeal(s) (передача)"
        lines.append(head)
        for s, hand in enumerate(deal["hands"]):
            lines.append(f"  {seat[s]} holds {' '.join(hand)}")
        if deal["bazaar"]:
            lines.append(f"  bazaar (in draw order): {' '.join(deal['bazaar'])}")
        extra_deal = is_extra(record, d)
        if extra_deal:
            lines.append(
                "  An extra lead («внеочередной заход») on 66 and 00 at once: each next player lays two tiles, one on "
                "each end, until one cannot (then one a move); 60 fits the gap between them on any move; no fishing."
            )
        table_ = _Table(cross)
        for e, ev in enumerate(deal["events"], 1):
            if ev.get("knock"):
                lines.append(f"  {e:>3}. {seat[ev['p']]} knocks")
            elif "draw" in ev:
                lines.append(f"  {e:>3}. {seat[ev['p']]} draws {ev['draw']}")
            else:
                parts = []
                closed = ev.get("closed", [False] * len(ev["play"]))
                for tile, at, shut in zip(ev["play"], ev["at"], closed, strict=True):
                    where = tile if at is None else f"{tile} in the gap" if at == "gap" else f"{tile} on {at}"
                    parts.append(where + (" closed" if shut else ""))
                table_.play(ev["play"], ev["at"], closed)
                lines.append(f"  {e:>3}. {seat[ev['p']]} plays {' and '.join(parts)}  -> {table_.text()}")
        if deal["end"] == "out":
            lines.append(f"  {seat[deal['last']]} is out.")
        else:
            fast_fish = variant is not None and variant["fast_writes"] > 0 and is_fast(record, d, variant)
            why = (
                "no fishing on an extra lead: the deal is replayed"
                if extra_deal
                else "no fishing on a fast lead: the deal is replayed"
                if fast_fish
                else _fish_text(record, deal, variant, side)
            )
            lines.append(f"  Fish (рыба)! {seat[deal['last']]} is the fisherman; {why}.")
        lines.append(f"  Left in hand: {_scores(side, deal['hand_sums'])}.")
        written = deal["written"]
        losers = _losers(record, deal, variant)
        generals = variant is not None and variant["scoring"] == "generals"
        no_fishing = extra_deal or (variant is not None and variant["fast_writes"] > 0 and is_fast(record, d, variant))
        if deal["end"] == "fish" and variant is not None and (variant["fish_winner"] == "replayed" or no_fishing):
            lines.append("  Nothing written; the deal does not count.")
        elif deal["end"] == "fish" and not losers:
            lines.append(f"  Eggs: nobody writes; {deal['carry']} carried to the next loser.")
        elif generals:
            loser_seat = seat[(deal["last"] + 1) % record["players"]]
            w = " / ".join(
                f"{loser_seat} is a генерал: one general against {side[s]}" for s, v in enumerate(written) if v
            )
            lines.append(f"  {w or 'No general (the out held neither 00 nor 66): nothing written'}.")
        else:
            w = " / ".join(f"{side[s]} writes {v}" for s, v in enumerate(written) if v)
            gone = [s for s in losers if not written[s]]
            last_move: dict[str, Any] = next((ev for ev in reversed(deal["events"]) if "play" in ev), {})
            if (
                variant is not None
                and deal["end"] == "out"
                and variant["out_00_ends_game"]
                and not variant["out_00_writes"]
                and "00" in last_move.get("play", [])
                and d == len(record["deals"]) - 1
            ):
                gone = []
                w = "The out on 00 ends the game at once: nothing is written for this deal"
            if gone and threshold != "none":
                under = f" under the threshold {threshold_value}" if threshold_value else " under the threshold"
                kept = " (remembered for the next loss)" if any(deal.get("memory", [])) else " (vanished)"
                w = (w + "; " if w else "") + " / ".join(f"{side[s]}'s points stay{under}" for s in gone) + kept
            lines.append(
                f"  {w or 'Nothing written'}."
                + (f" Carry: {deal['carry']}." if deal["carry"] else "")
                + (f" Remembered: {_scores(side, deal['memory'])}." if any(deal.get("memory", [])) else "")
            )
        last_play: list[str] = next((ev["play"] for ev in reversed(deal["events"]) if "play" in ev), [])
        lines.extend(_kept_lines(record, deal, variant, last_play))
        if extra_deal and losers and deal["end"] == "out":  # a fish on it is replayed: no loser
            who = " and ".join(side[s] for s in losers)
            title = "the extra goat" if len(losers) == 1 else "extra goats"
            if variant is not None and variant["extra_lead"] == "ends-game":
                after = "; the game is over (rule 16)."
            elif d == len(record["deals"]) - 1 and record["loser"] is not None:
                after = "; the score reaches the target: the game is over."
            else:
                after = "; the game goes on (rule 7д)."
            lines.append(f"  {who} lost the extra lead: {title} («внеочередной козёл»){after}")
        wipes = variant is not None and variant["out_66_wipes"] and deal["end"] == "out"
        if wipes and "66" in last_play and "00" not in last_play:  # R-004-morskoy-66
            wiped = next(i for i, members in enumerate(record["sides"]) if deal["last"] in members)
            lines.append(f"  The out on 66 wipes {side[wiped]}'s score to 0.")
        lines.append(f"  Score: {_scores(side, deal['score'])}")
    if record["loser"] is None and "draw" in record["titles"]:
        lines.append(f"\nThe match ends level, a draw: final score {_scores(side, record['final_score'])}.")
    elif record["loser"] is None:
        lines.append("\nGame cut off (max_deals) without a loser.")
    else:
        pair = len(record["sides"][record["loser"]]) > 1  # two players each for himself are no pair
        goats = record.get("goats") or [record["loser"]]
        titles = {
            "naked": "голые козлы",
            "bald": "лысые козлы",
            "general": "генерал",
            "hanging": "подвесной козёл",
            "kept-00": "остался с 0:0",
            "extra-goat": "внеочередной козёл",
        }
        if not pair and len(goats) == 1:
            titles |= {"naked": "голый козёл", "bald": "лысый козёл"}
        extra = ", ".join(f"{t} ({titles.get(t, t)})" for t in record["titles"])
        if pair:
            who = f"Side {side[record['loser']]} are the goats (козлы)"
        elif len(goats) > 1:
            who = f"{' and '.join(side[g] for g in goats)} are the goats (козлы)"
        else:
            who = f"{side[record['loser']]} is the goat (козёл)"
        lines.append(
            f"\n{who}, final score {_scores(side, record['final_score'])}"
            + (f"; titles: {extra}" if extra else "")
            + "."
        )
    return "\n".join(lines)
