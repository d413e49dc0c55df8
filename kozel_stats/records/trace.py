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

from ..engine.codes import (
    APPLIED_NAMES,
    AT_GAP,
    AT_NONE,
    BOT_SCRIPT,
    D_APPLIED,
    D_BAZAAR,
    D_BURNED,
    D_CARRY,
    D_EGGS,
    D_END,
    D_EV_END,
    D_EV_START,
    D_FAST,
    D_HAND,
    D_LAST,
    D_LEAD,
    D_LEADER,
    D_LOSERS,
    D_MEMORY,
    D_REDEALS,
    D_SCORE,
    D_SUM,
    D_VANISHED_SIDE,
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
    ERROR_NAMES,
    EV_DRAW,
    EV_KNOCK,
    EV_PLAY,
    LEAD_NAMES,
    LOSER_DRAW,
    MAX_BAZAAR,
    N_DEAL_COLS,
    N_EVENT_COLS,
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
from ..rules.variants import Variant
from ..text import (
    messages,
    record_texts,  # noqa: F401  (importing it declares the sentences this module says)
    system_texts,  # noqa: F401  (a file that cannot be read: files.cannot_read)
)
from ..text.errors import TraceError, VariantError, keyed

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

    Names are those of kozel_stats.engine.bots (random, heavy, doubles, partner, counter, sampler,
    sampler:N)."""
    from ..engine.bots import parse_bot

    names = spec.split(",") if isinstance(spec, str) else list(spec)
    names = [n.strip() for n in names if n.strip()]
    if any("=" in n for n in names):
        if players != 4:
            raise keyed(ValueError, "records.bots_sides_exist_only")
        sides: dict[str, str] = {}
        for item in names:
            key, _, bot = item.partition("=")
            key = key.strip().upper()
            if key not in ("A", "B") or not bot.strip():
                raise keyed(ValueError, "records.bots_side_bot_side", item=item)
            sides[key] = bot.strip()
        if set(sides) != {"A", "B"}:
            raise keyed(ValueError, "records.bots_both_sides_counter")
        names = [sides["A"], sides["B"], sides["A"], sides["B"]]
    if len(names) == 1:
        names = names * players
    if len(names) != players:
        raise keyed(ValueError, "records.bots_bot_all_seats", players=players, n_names=len(names))
    for n in names:
        try:
            parse_bot(n)
        except ValueError as exc:
            raise bot_error("--bots", n, exc) from None
    return names


def bot_error(where: str | messages.Sentence, name: str, exc: ValueError) -> VariantError:
    """An unknown bot, with «вы имели в виду …?» and the closest bot names (`--bots counterr`: counter); `where`
    is an option ('--bots') or a sentence of the table (the bot of a duel's side)."""
    from ..rules.roster import BOTS
    from ..text.say import closest, did_you_mean

    near = [] if ":" in name else closest(name, [bot.name for bot in BOTS])
    hint_en, hint_ru = (did_you_mean(near, "en"), did_you_mean(near, "ru")) if near else ("", "")
    return VariantError.keyed(
        "records.bot_error",
        where=where,
        reason=exc,
        hint=messages.Both(hint_en, hint_ru),
    )


def parse_skill(text: str) -> tuple[str, str]:
    """--skill STRONG/WEAK -> (STRONG, WEAK): one bot name each (sampler:N allowed)."""
    from ..engine.bots import parse_bot

    parts = text.split("/")
    if len(parts) != 2 or not all(part.strip() for part in parts):
        raise keyed(ValueError, "records.skill_two_bots_strong", text=text)
    strong, weak = (part.strip() for part in parts)
    for role, name in (("STRONG", strong), ("WEAK", weak)):
        if "," in name or "=" in name:
            raise keyed(ValueError, "records.skill_bot_whole_side", text=text, role=role, name=name)
        try:
            parse_bot(name)
        except ValueError as exc:
            raise keyed(ValueError, "records.skill_bot", text=text, role=role, reason=exc) from None
    return strong, weak


def bot_array(names: list[str]) -> np.ndarray:
    from ..engine.bots import parse_bot

    return np.array([parse_bot(n) for n in names], dtype=np.int64)


def run_seed_game(run_seed: int, game_index: int) -> int:
    from ..engine.game import game_seed

    return int(game_seed(np.uint64(run_seed % 2**64), game_index))


def _titles(bits: int, loser: int = 0) -> list[str]:
    """The record's titles; a match that ended level (R-004-match) has the title ``draw``."""
    return [name for bit, name in TITLE_NAMES.items() if bits & bit] + (["draw"] if loser == LOSER_DRAW else [])


def _event_dict(row: list[int], cross: bool) -> dict[str, Any]:
    """One event row (a list of ints: `ndarray.tolist()`, read far faster than numpy's scalars) as its record."""
    seat = row[E_SEAT]
    if row[E_KIND] == EV_KNOCK:
        return {"p": seat, "knock": True}
    if row[E_KIND] == EV_DRAW:
        return {"p": seat, "draw": tile_name(row[E_TILES])}
    tiles, at, closed = [], [], []
    for k in range(row[E_NTILES]):
        tiles.append(tile_name(row[E_TILES + E_STRIDE * k]))
        value = row[E_TILES + E_STRIDE * k + 1]
        at.append(None if value == AT_NONE else "gap" if value == AT_GAP else value)
        closed.append(bool(row[E_TILES + E_STRIDE * k + 2]))
    event = {"p": seat, "play": tiles, "at": at}
    if cross:
        event["closed"] = closed
    return event


def record_game(variant: Variant, seed: int, bots: list[str], game: int = 0) -> dict[str, Any]:
    """Play one game with the given 63-bit game seed and return its kozel-trace/1 object."""
    from ..engine.game import run_game

    p = compile_rules(variant.rule_dict)
    seat_bots = bot_array(bots)
    deals = np.zeros((variant["max_deals"], N_DEAL_COLS), dtype=np.int64)
    players, sides = table(variant)
    cross = variant["layout"] == "cross"
    cap = 4096
    while True:
        ev = np.zeros((cap, N_EVENT_COLS), dtype=np.int64)
        result = run_game(p, seed, seat_bots, deals, events=ev, game_index=game)
        if not result[R_OVERFLOW]:
            break
        cap *= 8
    n_deals, loser, titles = int(result[R_DEALS]), int(result[R_LOSER]), int(result[R_TITLES])
    n_sides = len(sides)
    deal_objs = []
    events = ev[: int(deals[n_deals - 1, D_EV_END])].tolist() if n_deals else []
    for d in range(n_deals):
        row = deals[d]
        deal = {
            "redeals": int(row[D_REDEALS]),
            "hands": [mask_names(int(row[D_HAND + s])) for s in range(players)],
            "bazaar": [tile_name(int(t)) for t in row[D_BAZAAR : D_BAZAAR + MAX_BAZAAR] if t >= 0],
            "leader": int(row[D_LEADER]),
            "events": [_event_dict(events[i], cross) for i in range(row[D_EV_START], row[D_EV_END])],
            "end": "out" if row[D_END] == END_OUT else "fish",
            "last": int(row[D_LAST]),
            "hand_sums": [int(row[D_SUM + s]) for s in range(n_sides)],
            "written": [int(row[D_WRITTEN + s]) for s in range(n_sides)],
            "score": [int(row[D_SCORE + s]) for s in range(n_sides)],
            "carry": int(row[D_CARRY]),
        }
        if variant["memory"]:
            deal["memory"] = [int(row[D_MEMORY + s]) for s in range(n_sides)]
        deal |= deal_decisions(row, n_sides)
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


#: The keys of a deal that say what the engine decided (beyond kozel-trace/1's own keys): `play --trace`
#: writes them, `replay` checks those present, and the `play` log prints them instead of deciding again.
DECISION_KEYS = ("losers", "eggs", "vanished", "burned", "lead", "fast", "applied")


def deal_decisions(row: np.ndarray, n_sides: int) -> dict[str, Any]:
    """What the engine decided in a deal, from its deal row: who lost it, whether it was eggs, what
    vanished under the threshold per side, the points burned, why its leader led, whether it was a
    fast lead, and the special rules its scoring applied."""
    fast = int(row[D_FAST])
    return {
        "losers": [s for s in range(n_sides) if int(row[D_LOSERS]) >> s & 1],
        "eggs": bool(row[D_EGGS]),
        "vanished": [int(row[D_VANISHED_SIDE + s]) for s in range(n_sides)],
        "burned": int(row[D_BURNED]),
        "lead": LEAD_NAMES[int(row[D_LEAD])],
        "fast": None if fast == 0 else "66" if fast == 1 else "00",
        "applied": [name for bit, name in APPLIED_NAMES.items() if int(row[D_APPLIED]) & bit],
    }


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
    deal: int | None  # 0-based indexes into the record's lists
    event: int | None
    problem: messages.Sentence  # what is wrong, keyed (text/record_texts.py: replay.*)

    def said(self, lang: str) -> str:
        """Where and what, in `lang`; deals and events numbered from 1, as in the `play` log."""
        where = messages.text("replay.game", lang, game=self.game)
        if self.deal is not None:
            where = messages.text("records.place.deal", lang, where=where, deal=self.deal + 1)
        if self.event is not None:
            where = messages.text("records.place.event", lang, where=where, event=self.event + 1)
        return messages.text("replay.at", lang, where=where, problem=self.problem)

    @property
    def text(self) -> str:
        return str(self.problem)

    def __str__(self) -> str:
        return self.said("en")


def _differs(key: str, got: object, want: object) -> messages.Sentence:
    """A field of the record that is not what the rules give: named in the reader's words, its id after it."""
    from ..text.say import FIELD_RU

    field = messages.Both(key, f"{FIELD_RU[key]} '{key}'" if key in FIELD_RU else key)
    plural = key in ("goats", "titles")
    return messages.Sentence(
        "replay.differ" if plural else "replay.differs", field=field, got=repr(got), want=repr(want)
    )


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
        raise TraceError.keyed("records.such_file", path=path) from None
    except IsADirectoryError:
        raise TraceError.keyed("records.folder_jsonl_record_file", path=path) from None
    except OSError as exc:
        raise TraceError.keyed("files.cannot_read", path=path, reason=exc) from None
    with handle:
        try:
            for lineno, line in enumerate(handle, 1):
                if not line.strip():
                    continue
                try:
                    obj = json.loads(line, parse_int=_record_int)
                except _HugeNumber as huge:
                    raise TraceError.keyed(
                        "records.line_holds_integer_digits", path=path, lineno=lineno, huge_digits=huge.digits
                    ) from None
                except RecursionError:
                    raise TraceError.keyed("records.line_nested_too_deeply", path=path, lineno=lineno) from None
                except json.JSONDecodeError as exc:
                    raise TraceError.keyed(
                        "records.line_valid_json_column",
                        path=path,
                        lineno=lineno,
                        exc_msg=messages.foreign(exc.msg),
                        exc_colno=exc.colno,
                    ) from None
                if not isinstance(obj, dict):
                    raise TraceError.keyed("records.line_record_line_json", path=path, lineno=lineno)
                yield lineno, obj
        except UnicodeDecodeError:
            raise TraceError.keyed("records.utf_text_file", path=path) from None


def _need(obj: dict, key: str, kind: type | tuple, where: Place) -> Any:
    if key not in obj:
        raise TraceError.keyed("records.missing_field", where=where, key=key)
    value = obj[key]
    if isinstance(value, bool) and kind is not bool:
        raise TraceError.keyed("records.field_type", where=where, key=key, kind=messages.type_as(kind), value=value)
    if not isinstance(value, kind):
        raise TraceError.keyed("records.field_type", where=where, key=key, kind=messages.type_as(kind), value=value)
    return value


MAX_REDEALS = 1_000_000  # far more than any deal needs (a redeal happens in 2% of shuffles)
MAX_RECORD_DEALS = 100_000  # the largest max_deals a variant may set
MAX_EVENTS = 10_000  # events of one deal: at most 28 plays and a few knocks and draws each


def _bounded(value: int, low: int, high: int, key: str, where: Place) -> int:
    if not low <= value <= high:
        raise TraceError.keyed("records.field_range", where=where, key=key, low=low, high=high, value=value)
    return value


def _tile(name: Any, where: Place) -> int:
    try:
        return tile_from_name(name)
    except ValueError as exc:
        raise TraceError.keyed("records.not_a_tile", where=where, reason=exc) from None


def _event_row(event: Any, ew: Place, players: int) -> list[int]:
    """One recorded event (a play of 1 to 4 tiles, a knock or a draw) as the engine's script row."""
    if not isinstance(event, dict):
        raise TraceError.keyed("records.event_not_object", where=ew)
    seat = _bounded(_need(event, "p", int, ew), 0, players - 1, "p", ew)
    row = [0] * N_EVENT_COLS
    row[E_SEAT] = seat
    if event.get("knock") is True:
        row[E_KIND] = EV_KNOCK
    elif "play" in event:
        tiles = _need(event, "play", list, ew)
        at = _need(event, "at", list, ew)
        if not 1 <= len(tiles) <= 4 or len(at) != len(tiles):
            raise TraceError.keyed("records.play_tiles", where=ew)
        closed = event.get("closed", [False] * len(tiles))
        if not isinstance(closed, list) or len(closed) != len(tiles) or not all(isinstance(c, bool) for c in closed):
            raise TraceError.keyed("records.closed_per_tile", where=ew)
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
                raise TraceError.keyed("records.at_values", where=ew, value=value)
    elif "draw" in event:
        row[E_KIND] = EV_DRAW
        row[E_NTILES] = 1
        row[E_TILES] = _tile(event["draw"], ew)
    else:
        raise TraceError.keyed("records.event_kind", where=ew)
    return row


def script_arrays(
    record: dict[str, Any], where: Place, players: int = 4, tiles_each: int = 7
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Turn a record's deals into the engine's script arrays (hands, event rows, offsets)."""
    if record.get("format") != FORMAT:
        raise TraceError.keyed("records.format", where=where, FORMAT=FORMAT, format=record.get("format"))
    if _need(record, "players", int, where) != players:
        raise TraceError.keyed("records.players", where=where, written=record["players"], players=players)
    deals = _need(record, "deals", list, where)
    if len(deals) > MAX_RECORD_DEALS:
        raise TraceError.keyed("records.too_many_deals", where=where, n=len(deals), most=MAX_RECORD_DEALS)
    hands = np.full((len(deals), 5 + MAX_BAZAAR), -1, dtype=np.int64)
    rows: list[list[int]] = []
    offsets = [0]
    for d, deal in enumerate(deals):
        dw = messages.Sentence("records.place.deal", where=where, deal=d + 1)
        if not isinstance(deal, dict):
            raise TraceError.keyed("records.deal_not_object", where=dw)
        seat_hands = _need(deal, "hands", list, dw)
        if len(seat_hands) != players or not all(isinstance(h, list) for h in seat_hands):
            raise TraceError.keyed("records.hands", where=dw, players=players)
        hands[d, :4] = 0
        for s, hand in enumerate(seat_hands):
            for name in hand:
                hands[d, s] |= 1 << _tile(name, messages.Sentence("records.place.item", where=dw, item=f"hands[{s}]"))
        hands[d, 4] = _bounded(_need(deal, "redeals", int, dw), 0, MAX_REDEALS, "redeals", dw)
        bazaar = _need(deal, "bazaar", list, dw)
        if len(bazaar) != 28 - tiles_each * players:
            raise TraceError.keyed(
                "records.bazaar", where=dw, tiles=28 - tiles_each * players, players=players, tiles_each=tiles_each
            )
        for k, name in enumerate(bazaar):
            hands[d, 5 + k] = _tile(name, messages.Sentence("records.place.item", where=dw, item=f"bazaar[{k}]"))
        events_list = _need(deal, "events", list, dw)
        if len(events_list) > MAX_EVENTS:
            raise TraceError.keyed("records.too_many_events", where=dw, n=len(events_list))
        for e, event in enumerate(events_list):
            rows.append(_event_row(event, messages.Sentence("records.place.event", where=dw, event=e + 1), players))
        offsets.append(len(rows))
    events = np.array(rows, dtype=np.int64).reshape(-1, N_EVENT_COLS)
    return hands, events, np.array(offsets, dtype=np.int64)


def _replay(record: dict[str, Any], variant: Variant, where: Place) -> tuple[np.ndarray, np.ndarray]:
    """The engine's deal rows and result for a recorded game's moves (TraceError on a malformed record)."""
    from ..engine.game import run_game

    game = record.get("game", 0)
    players, _ = table(variant)
    script = script_arrays(record, where, players, variant["tiles_each"])
    p = compile_rules(variant.rule_dict)
    deals = np.zeros((max(variant["max_deals"], len(script[0])) + 1, N_DEAL_COLS), dtype=np.int64)
    bots = np.full(4, BOT_SCRIPT, dtype=np.int64)
    # the game's seed and index decide its first-lead double under first_lead_cycle (R-004-morskoy-day)
    seed = record.get("seed", 0) if isinstance(record.get("seed", 0), int) else 0
    index = game if isinstance(game, int) else 0
    result = run_game(p, seed, bots, deals, script=script, game_index=index)
    return deals, result


def with_decisions(record: dict[str, Any], variant: Variant) -> dict[str, Any]:
    """The record with what the engine decides in each deal it replays cleanly (`DECISION_KEYS`),
    for a record written without them (by hand, or before they were recorded)."""
    deals, result = _replay(record, variant, "record")
    n_ok = int(result[R_DEALS]) if not result[R_ERROR] else min(int(result[R_DEALS]), int(result[R_ERROR_DEAL]))
    n_sides = len(table(variant)[1])
    out = dict(record)
    out["deals"] = [
        {**deal, **deal_decisions(deals[d], n_sides)} if d < n_ok else deal for d, deal in enumerate(record["deals"])
    ]
    return out


def replay_record(record: dict[str, Any], variant: Variant, where: Place = "record") -> list[ReplayProblem]:
    """Replay one recorded game through the engine; return every problem found (empty: correct)."""
    game = record.get("game", 0)
    n_sides = len(table(variant)[1])
    deals, result = _replay(record, variant, where)
    problems: list[ReplayProblem] = []
    n_ok = int(result[R_DEALS])
    error = int(result[R_ERROR])
    if error:
        deal = int(result[R_ERROR_DEAL])
        whole_deal = (ERR_BAD_HANDS, ERR_MISSED_REDEAL, ERR_TOO_MANY_DEALS, ERR_GAME_UNFINISHED)
        event = None if error in whole_deal else int(result[R_ERROR_EVENT])
        problem = messages.Sentence(f"replay.{ERROR_NAMES[error]}", hint=_event_hint(record, deal, event))
        problems.append(ReplayProblem(game, deal, event, problem))
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
        expected |= {k: v for k, v in deal_decisions(row, n_sides).items() if k in rec}  # optional keys
        for key, value in expected.items():
            if rec.get(key) != value:
                problems.append(ReplayProblem(game, d, None, _differs(key, rec.get(key), value)))
    if not error:
        loser = None if result[R_LOSER] < 0 else int(result[R_LOSER])
        if record.get("loser") != loser:
            problems.append(ReplayProblem(game, None, None, _differs("loser", record.get("loser"), loser)))
        if variant["goats"] == "every" or "goats" in record:
            goats = goat_list(int(result[R_GOATS]), n_sides)
            if record.get("goats") != goats:
                problems.append(ReplayProblem(game, None, None, _differs("goats", record.get("goats"), goats)))
        titles = _titles(int(result[R_TITLES]), int(result[R_LOSER]))
        if sorted(record.get("titles") or []) != sorted(titles):
            problems.append(ReplayProblem(game, None, None, _differs("titles", record.get("titles"), titles)))
        final = [int(deals[n_ok - 1, D_SCORE + s]) for s in range(n_sides)] if n_ok else [0] * n_sides
        if record.get("final_score") != final:
            problems.append(ReplayProblem(game, None, None, _differs("final_score", record.get("final_score"), final)))
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
                raise TraceError.keyed("records.trace_file_exists_another", self_path=self.path) from None
            except OSError as exc:
                raise TraceError.keyed(
                    "records.trace_cannot_written", self_path=self.path, reason=messages.foreign(exc.strerror or exc)
                ) from None
            try:  # one writer at a time: two commands never mix their records in one file
                fcntl.flock(self.fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                os.close(self.fd)
                self.fd = None
                raise TraceError.keyed("records.trace_another_command_writing", self_path=self.path) from None
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
            from ..system.files import disk_error

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


#: where in a records file, in the reader's language (a field of the errors below)
Place = str | messages.Sentence
