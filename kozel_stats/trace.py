"""Game records (kozel-trace/1): playing recorded games, reading records back, replay checks.

Recording and replay both go through `engine.play_game`: recording lets the bots
choose and keeps the event rows; replay feeds the recorded moves back as a script
and the engine checks each against the legal moves it generates itself. Scores
are then compared field by field with what the engine computes.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterator

import numpy as np

from . import __version__
from .codes import (
    AT_NONE,
    BOT_IDS,
    BOT_SCRIPT,
    D_CARRY,
    D_END,
    D_EV_END,
    D_EV_START,
    D_HAND,
    D_LAST,
    D_LEADER,
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
    EV_KNOCK,
    EV_PLAY,
    N_DEAL_COLS,
    N_EVENT_COLS,
    TITLE_NAMES,
    compile_rules,
    mask_names,
    tile_from_name,
    tile_name,
)
from .errors import TraceError
from .rules import Variant

FORMAT = "kozel-trace/1"
SIDES = [[0, 2], [1, 3]]
SIDE_NAMES = ["A", "B"]




def parse_bots(spec: str | list[str], players: int = 4) -> list[str]:
    """'random' or 'random,heavy,random,heavy' -> one bot name per seat."""
    names = spec.split(",") if isinstance(spec, str) else list(spec)
    names = [n.strip() for n in names]
    if len(names) == 1:
        names = names * players
    if len(names) != players:
        raise ValueError(f"--bots: give one bot for all seats or one per seat ({players}), not {len(names)}.")
    for n in names:
        if n not in BOT_IDS:
            raise ValueError(f"--bots: unknown bot {n!r}; allowed: {', '.join(BOT_IDS)}.")
    return names


def bot_array(names: list[str]) -> np.ndarray:
    return np.array([BOT_IDS[n] for n in names], dtype=np.int64)


def run_seed_game(run_seed: int, game_index: int) -> int:
    from .engine import game_seed

    return int(game_seed(np.uint64(run_seed % 2**64), game_index))


def _titles(bits: int) -> list[str]:
    return [name for bit, name in TITLE_NAMES.items() if bits & bit]


def _event_dict(row: np.ndarray) -> dict[str, Any]:
    seat = int(row[E_SEAT])
    if row[E_KIND] == EV_KNOCK:
        return {"p": seat, "knock": True}
    tiles, at = [], []
    for k in range(int(row[E_NTILES])):
        tiles.append(tile_name(int(row[E_TILES + E_STRIDE * k])))
        value = int(row[E_TILES + E_STRIDE * k + 1])
        at.append(None if value == AT_NONE else value)
    return {"p": seat, "play": tiles, "at": at}


def record_game(variant: Variant, seed: int, bots: list[str], game: int = 0) -> dict[str, Any]:
    """Play one game with the given 63-bit game seed and return its kozel-trace/1 object."""
    from .engine import play_game

    p = compile_rules(variant.rule_dict)
    max_deals = variant["max_deals"]
    deals = np.zeros((max_deals, N_DEAL_COLS), dtype=np.int64)
    cap = 4096
    result = np.zeros(7, dtype=np.int64)
    no_hands = np.zeros((0, 5), dtype=np.int64)
    no_offsets = np.zeros(1, dtype=np.int64)
    while True:
        ev = np.zeros((cap, N_EVENT_COLS), dtype=np.int64)
        play_game(p, np.int64(seed), bot_array(bots), deals, ev, no_hands, ev[:0], no_offsets, result)
        if not result[6]:
            break
        cap *= 8
    n_deals, loser, titles = int(result[0]), int(result[1]), int(result[2])
    deal_objs = []
    for d in range(n_deals):
        row = deals[d]
        deal_objs.append({
            "redeals": int(row[D_REDEALS]),
            "hands": [mask_names(int(row[D_HAND + s])) for s in range(4)],
            "bazaar": [],
            "leader": int(row[D_LEADER]),
            "events": [_event_dict(ev[i]) for i in range(row[D_EV_START], row[D_EV_END])],
            "end": "out" if row[D_END] == END_OUT else "fish",
            "last": int(row[D_LAST]),
            "hand_sums": [int(row[D_SUM + s]) for s in range(2)],
            "written": [int(row[D_WRITTEN + s]) for s in range(2)],
            "score": [int(row[D_SCORE + s]) for s in range(2)],
            "carry": int(row[D_CARRY]),
        })
    return {
        "format": FORMAT,
        "variant": variant.name,
        "seed": int(seed),
        "game": game,
        "players": 4,
        "sides": SIDES,
        "bots": list(bots),
        "deals": deal_objs,
        "loser": None if loser < 0 else loser,
        "titles": _titles(titles),
        "final_score": deal_objs[-1]["score"] if deal_objs else [0, 0],
    }


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
        where = f"game {self.game}"
        if self.deal is not None:
            where += f", deal {self.deal}"
        if self.event is not None:
            where += f", event {self.event}"
        return f"{where}: {self.text}"


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
                    obj = json.loads(line)
                except json.JSONDecodeError as exc:
                    raise TraceError(f"{path}, line {lineno}: not valid JSON ({exc.msg} at column {exc.colno}).") from None
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


def _tile(name: Any, where: str) -> int:
    try:
        return tile_from_name(name)
    except ValueError as exc:
        raise TraceError(f"{where}: {exc}.") from None


def script_arrays(record: dict[str, Any], where: str) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Turn a record's deals into the engine's script arrays (hands, event rows, offsets)."""
    if record.get("format") != FORMAT:
        raise TraceError(f"{where}: field 'format' must be {FORMAT!r}, not {record.get('format')!r}.")
    if _need(record, "players", int, where) != 4:
        raise TraceError(f"{where}: field 'players' is {record['players']}; this engine plays 4.")
    deals = _need(record, "deals", list, where)
    hands = np.zeros((len(deals), 5), dtype=np.int64)
    rows: list[list[int]] = []
    offsets = [0]
    for d, deal in enumerate(deals):
        dw = f"{where}, deal {d}"
        if not isinstance(deal, dict):
            raise TraceError(f"{dw}: a deal must be a JSON object.")
        seat_hands = _need(deal, "hands", list, dw)
        if len(seat_hands) != 4 or not all(isinstance(h, list) for h in seat_hands):
            raise TraceError(f"{dw}: field 'hands' must be 4 lists of tiles.")
        for s, hand in enumerate(seat_hands):
            for name in hand:
                hands[d, s] |= 1 << _tile(name, f"{dw}, hands[{s}]")
        hands[d, 4] = _need(deal, "redeals", int, dw)
        for e, event in enumerate(_need(deal, "events", list, dw)):
            ew = f"{dw}, event {e}"
            if not isinstance(event, dict):
                raise TraceError(f"{ew}: an event must be a JSON object.")
            seat = _need(event, "p", int, ew)
            row = [0] * N_EVENT_COLS
            row[E_SEAT] = seat
            if event.get("knock") is True:
                row[E_KIND] = EV_KNOCK
            elif "play" in event:
                tiles = _need(event, "play", list, ew)
                at = _need(event, "at", list, ew)
                if not 1 <= len(tiles) <= 4 or len(at) != len(tiles):
                    raise TraceError(f"{ew}: 'play' needs 1 to 4 tiles and 'at' one value per tile.")
                row[E_KIND] = EV_PLAY
                row[E_NTILES] = len(tiles)
                for k, (name, value) in enumerate(zip(tiles, at)):
                    row[E_TILES + E_STRIDE * k] = _tile(name, ew)
                    if value is None:
                        row[E_TILES + E_STRIDE * k + 1] = AT_NONE
                    elif isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= 6:
                        row[E_TILES + E_STRIDE * k + 1] = value
                    else:
                        raise TraceError(f"{ew}: 'at' values must be 0..6 or null, not {value!r}.")
            elif "draw" in event:
                raise TraceError(f"{ew}: a 'draw' event, but four-player Козёл has no bazaar.")
            else:
                raise TraceError(f"{ew}: an event needs 'play', 'knock' or 'draw'.")
            rows.append(row)
        offsets.append(len(rows))
    events = np.array(rows, dtype=np.int64).reshape(-1, N_EVENT_COLS)
    return hands, events, np.array(offsets, dtype=np.int64)


def replay_record(record: dict[str, Any], variant: Variant, where: str = "record") -> list[ReplayProblem]:
    """Replay one recorded game through the engine; return every problem found (empty: correct)."""
    from .engine import play_game

    game = record.get("game", 0)
    hands, events, offsets = script_arrays(record, where)
    p = compile_rules(variant.rule_dict)
    deals = np.zeros((max(variant["max_deals"], len(hands)) + 1, N_DEAL_COLS), dtype=np.int64)
    result = np.zeros(7, dtype=np.int64)
    bots = np.full(4, BOT_SCRIPT, dtype=np.int64)
    no_events = np.zeros((0, N_EVENT_COLS), dtype=np.int64)
    play_game(p, np.int64(0), bots, deals, no_events, hands, events, offsets, result)
    problems: list[ReplayProblem] = []
    n_ok = int(result[0])
    error = int(result[3])
    if error:
        deal = int(result[4])
        whole_deal = (ERR_BAD_HANDS, ERR_MISSED_REDEAL, ERR_TOO_MANY_DEALS, ERR_GAME_UNFINISHED)
        event = None if error in whole_deal else int(result[5])
        problems.append(ReplayProblem(game, deal, event, ERROR_TEXT[error] + _event_hint(record, deal, event)))
        n_ok = min(n_ok, deal)
    for d in range(n_ok):
        row = deals[d]
        rec = record["deals"][d]
        expected = {
            "leader": int(row[D_LEADER]),
            "end": "out" if row[D_END] == END_OUT else "fish",
            "last": int(row[D_LAST]),
            "hand_sums": [int(row[D_SUM + s]) for s in range(2)],
            "written": [int(row[D_WRITTEN + s]) for s in range(2)],
            "score": [int(row[D_SCORE + s]) for s in range(2)],
            "carry": int(row[D_CARRY]),
        }
        for key, value in expected.items():
            if rec.get(key) != value:
                problems.append(ReplayProblem(game, d, None, f"{key} is {rec.get(key)!r}, the rules give {value!r}"))
    if not error:
        loser = None if result[1] < 0 else int(result[1])
        if record.get("loser") != loser:
            problems.append(ReplayProblem(game, None, None, f"loser is {record.get('loser')!r}, the rules give {loser!r}"))
        titles = _titles(int(result[2]))
        if sorted(record.get("titles") or []) != sorted(titles):
            problems.append(ReplayProblem(game, None, None, f"titles are {record.get('titles')!r}, the rules give {titles!r}"))
        final = [int(deals[n_ok - 1, D_SCORE + s]) for s in range(2)] if n_ok else [0, 0]
        if record.get("final_score") != final:
            problems.append(ReplayProblem(game, None, None, f"final_score is {record.get('final_score')!r}, the rules give {final!r}"))
    return problems


def _event_hint(record: dict, deal: int, event: int | None) -> str:
    try:
        ev = record["deals"][deal]["events"][event]
    except (KeyError, IndexError, TypeError):
        return ""
    return f": {json.dumps(ev)}"


def write_records(path: Path, records: Iterator[dict[str, Any]]) -> int:
    """Write records as JSON Lines, flushing each game so an interrupted run keeps what it finished."""
    n = 0
    with path.open("w", encoding="utf-8") as handle:
        for record in records:
            handle.write(json.dumps(record, separators=(",", ":")) + "\n")
            handle.flush()
            n += 1
    return n


def run_metadata(variant: Variant, seed: int, bots: list[str]) -> dict[str, Any]:
    return {"version": __version__, "variant": variant.name, "variant_hash": variant.content_hash,
            "seed": seed, "bots": bots}


# --- the readable log -----------------------------------------------------------------------------------------


def _seat(s: int) -> str:
    return f"P{s}({SIDE_NAMES[s % 2]})"


def format_game(record: dict[str, Any]) -> str:
    """A deal-by-deal log a player can follow."""
    lines = [
        f"Game {record['game']}  variant {record['variant']}  seed {record['seed']}  bots {','.join(record['bots'])}",
        "Sides: A = P0 + P2, B = P1 + P3; play goes P0 -> P1 -> P2 -> P3.",
    ]
    for d, deal in enumerate(record["deals"]):
        head = f"\nDeal {d + 1}: leader {_seat(deal['leader'])}"
        if deal["redeals"]:
            head += f", after {deal['redeals']} redeal(s)"
        lines.append(head)
        for s, hand in enumerate(deal["hands"]):
            lines.append(f"  {_seat(s)} holds {' '.join(hand)}")
        for ev in deal["events"]:
            if ev.get("knock"):
                lines.append(f"    {_seat(ev['p'])} knocks")
            else:
                parts = []
                for tile, at in zip(ev["play"], ev["at"]):
                    parts.append(tile if at is None else f"{tile} on {at}")
                lines.append(f"    {_seat(ev['p'])} plays {' and '.join(parts)}")
        if deal["end"] == "out":
            lines.append(f"  {_seat(deal['last'])} is out.")
        else:
            lines.append(f"  Fish! {_seat(deal['last'])} is the fisherman.")
        sums = deal["hand_sums"]
        lines.append(f"  Left in hand: A {sums[0]}, B {sums[1]}.")
        written = deal["written"]
        if deal["end"] == "fish" and sums[0] == sums[1] and written == [0, 0]:
            lines.append(f"  Eggs: nobody writes; {deal['carry']} carried to the next loser.")
        else:
            w = " / ".join(f"{SIDE_NAMES[s]} writes {written[s]}" for s in range(2) if written[s])
            lines.append(f"  {w or 'Nothing written (under the threshold, or a side writes 0)'}."
                         + (f" Carry: {deal['carry']}." if deal["carry"] else ""))
        lines.append(f"  Score: A {deal['score'][0]} : B {deal['score'][1]}")
    if record["loser"] is None:
        lines.append("\nGame cut off (max_deals) without a loser.")
    else:
        titles = {"naked": "голые козлы", "bald": "лысые козлы", "general": "генерал"}
        extra = ", ".join(f"{t} ({titles.get(t, t)})" for t in record["titles"])
        lines.append(f"\nSide {SIDE_NAMES[record['loser']]} are the goats (козлы), final score "
                     f"A {record['final_score'][0]} : B {record['final_score'][1]}" + (f"; titles: {extra}" if extra else "") + ".")
    return "\n".join(lines)
