"""Independent rules auditor for kozel-trace/1 game records (pair Козёл, four seats).

A second implementation of the rules, written from docs/readings.md only (never
from the engine), used by tests to catch engine bugs:

    audit_game(record, rules) -> list of problems (empty = the record is a correct game)

`rules` is the resolved knob dict of the variant (`load_variant(...).rule_dict`);
the Морской knobs shared_score, out_66_writes and out_00_ends_game count as off
when absent.
After a wrong number the auditor carries on from the record's own score and
carry, so that one bug is reported once and not in every later deal.
"""

from __future__ import annotations

ALL_TILES = [f"{a}{b}" for a in range(7) for b in range(a, 7)]
TILESET = frozenset(ALL_TILES)
SIDES = [[0, 2], [1, 3]]
SEATS = 4


def is_int(x) -> bool:
    return type(x) is int  # not bool


def int_list(x, n: int) -> bool:
    return isinstance(x, list) and len(x) == n and all(is_int(v) for v in x)


def pips(tile: str) -> int:
    return int(tile[0]) + int(tile[1])


def is_double(tile: str) -> bool:
    return tile[0] == tile[1]


def side_of(seat: int) -> int:
    return seat % 2


def redeal_reason(hand: list[str], rules: dict) -> str | None:
    """Why this hand forces a redeal (передача), or None."""
    doubles = sum(is_double(t) for t in hand)
    if rules["redeal_doubles"] and doubles >= rules["redeal_doubles"]:
        return f"{doubles} doubles"
    for v in "0123456":
        n = sum(v in t for t in hand)  # a double counts once, in its own suit
        if rules["redeal_suit"] and n >= rules["redeal_suit"]:
            return f"{n} tiles of suit {v}"
    return None


def first_lead_double(hands: list[list[str]], rules: dict) -> str:
    fl = rules["first_lead"]
    if fl == "lowest-double":
        return min((t for h in hands for t in h if is_double(t)), key=pips)
    return fl[-2:]  # "double-NN"


def has_move(hand: list[str], ends: list[int]) -> bool:
    if not ends:
        return bool(hand)
    return any(str(e) in t for t in hand for e in ends)


def legal_moves(hand: list[str], ends: list[int], two_doubles: bool) -> list[list[tuple[str, int | None]]]:
    """Every legal move as a list of (tile, at) pairs (two pairs for two doubles)."""
    if not ends:
        return [[(t, None)] for t in hand]
    moves = [[(t, e)] for t in hand for e in sorted(set(ends)) if str(e) in t]
    a, b = ends
    if two_doubles and a != b and f"{a}{a}" in hand and f"{b}{b}" in hand:
        moves.append([(f"{a}{a}", a), (f"{b}{b}", b)])
    return moves


def move_problem(play, at, hand: list[str], ends: list[int], two_doubles: bool) -> str | None:
    """Why placing `play` at `at` is not a legal move, or None if it is."""
    if not (isinstance(play, list) and isinstance(at, list) and len(play) == len(at) and 1 <= len(play) <= 2):
        return f"play {play!r} / at {at!r} must be lists of the same length, 1 or 2"
    for t in play:
        if not isinstance(t, str) or t not in TILESET:
            return f"{t!r} is not a tile"
        if t not in hand:
            return f"tile {t} is not in the hand {sorted(hand)}"
    if len(set(play)) != len(play):
        return f"tile played twice in {play}"
    if not ends:
        if len(play) != 1 or at != [None]:
            return f"the first tile of a deal is one tile with at null, not {play} at {at}"
        return None
    if len(play) == 2:
        if not two_doubles:
            return f"two tiles {play} in one move, but two_doubles is off"
        if ends[0] == ends[1]:
            return f"two doubles {play} in one move need different ends, the ends are {ends}"
        if not all(is_double(t) for t in play) or sorted(int(t[0]) for t in play) != sorted(ends):
            return f"two tiles in one move must be the doubles of the ends {ends}, not {play}"
    for t, v in zip(play, at):
        if not is_int(v) or v not in ends:
            return f"at {v!r} is not an open end (ends {ends})"
        if str(v) not in t:
            return f"tile {t} does not match the end {v}"
    return None


def apply_move(ends: list[int], play: list[str], at: list) -> list[int]:
    ends = list(ends)
    for t, v in zip(play, at):
        if v is None:
            ends = [int(t[0]), int(t[1])]
        else:
            other = int(t[1]) if int(t[0]) == v else int(t[0])
            ends[ends.index(v)] = other
    return ends


def hands_value(hands: list[list[str]], rules: dict) -> int:
    """Value of a losing side's hands, with the specials (lone 00 / 66) per `specials`."""
    special = {("00",): rules["lone_00"], ("66",): rules["lone_66"], ("00", "66"): rules["both_00_66"]}
    plain = lambda ts: sum(pips(t) for t in ts)  # noqa: E731
    mode = rules["specials"]
    if mode == "per-player":
        return sum(special.get(tuple(sorted(h)), plain(h)) for h in hands)
    if mode == "per-pair":
        both = [t for h in hands for t in h]
        return special.get(tuple(sorted(both)), plain(both))
    return sum(plain(h) for h in hands)


def settle(rules: dict, end: str, last: int, left: list[list[str]], carry: int, opened: list[bool], move=()):
    """Score one deal ending with the move `move` (its tiles).

    `opened[s]`: side s has an open score. Returns (hand_sums, written, carry after,
    winning side or None for eggs)."""
    sums = [sum(pips(t) for s in side for t in left[s]) for side in SIDES]
    if end == "out" or rules["fish_winner"] == "fisherman":
        winner = side_of(last)
    elif sums[0] == sums[1]:
        add = {"one-side": sums[0], "both-sides": sums[0] + sums[1], "none": 0}[rules["eggs"]]
        return sums, [0, 0], carry + add, None
    else:
        winner = 0 if sums[0] < sums[1] else 1
    loser = 1 - winner
    if end == "out" and rules.get("out_66_writes", 0) and "66" in move and "00" not in move:
        base = rules["out_66_writes"]  # Морской: an out on 66
    else:
        base = hands_value([left[s] for s in SIDES[loser]], rules)
    if end == "fish" and rules["fish_writes"] == "all":
        base += sums[winner]
    elif end == "fish" and rules["fish_writes"] == "difference":
        base = abs(base - sums[winner])
    total = base + carry
    lost = total < rules["threshold_value"] and (
        rules["threshold"] == "every-deal" or (rules["threshold"] == "once" and not opened[loser]))
    written = [0, 0]
    written[loser] = 0 if lost else total
    return sums, written, 0, winner


def add_score(rules: dict, score: list[int], written: list[int]) -> list[int]:
    """Scores after a deal; with `shared_score` a side that opens burns the other's score to 0."""
    new = [a + b for a, b in zip(score, written)]
    if rules.get("shared_score", False):
        for s in (0, 1):
            if written[s] > 0 and score[s] == 0:
                new[1 - s] = 0
    return new


def next_leaders(rules: dict, prev: dict) -> set[int]:
    """Seats that may lead the deal after `prev` (leader, end, last, winner)."""
    rule, last = rules["next_lead"], prev["last"]
    if rule == "last-mover":
        return {last}
    if rule == "round-robin":
        return {(prev["leader"] + 1) % SEATS}
    if prev["end"] == "fish":
        if rule == "winners-choose" or prev["winner"] in (None, side_of(last)):
            return {last}  # the fisherman (also after eggs)
        return {next(s for s in range(last + 1, last + SEATS) if side_of(s % SEATS) == prev["winner"]) % SEATS}
    if rule == "fish-winner":
        return {last}
    return set(SIDES[prev["winner"]])  # winners-choose after an out: either player is accepted


# --- the record ---------------------------------------------------------------

def _check_header(rec: dict, rules: dict, P: list[str]) -> None:
    if rec.get("format") != "kozel-trace/1":
        P.append(f"format is {rec.get('format')!r}, not 'kozel-trace/1'")
    for key, ok in (("variant", isinstance(rec.get("variant"), str)), ("seed", is_int(rec.get("seed"))),
                    ("game", is_int(rec.get("game")))):
        if not ok:
            P.append(f"key {key!r} is missing or mistyped: {rec.get(key)!r}")
    if rec.get("players") != SEATS or not is_int(rec.get("players")) or rules["players"] != SEATS:
        P.append(f"players is {rec.get('players')!r} (rules {rules['players']}), must be 4")
    if rec.get("sides") != SIDES:
        P.append(f"sides is {rec.get('sides')!r}, must be {SIDES}")
    bots = rec.get("bots")
    if not (isinstance(bots, list) and len(bots) == SEATS and all(isinstance(b, str) for b in bots)):
        P.append(f"bots must be 4 strings, not {bots!r}")
    if not (rec.get("loser") is None or rec.get("loser") in (0, 1) and is_int(rec.get("loser"))):
        P.append(f"loser must be 0, 1 or null, not {rec.get('loser')!r}")
    titles = rec.get("titles")
    if not (isinstance(titles, list) and all(isinstance(t, str) for t in titles)):
        P.append(f"titles must be a list of strings, not {titles!r}")
    if not int_list(rec.get("final_score"), 2):
        P.append(f"final_score must be 2 ints, not {rec.get('final_score')!r}")


def _check_hands(k: int, hands, rules: dict, P: list[str]) -> bool:
    if not (isinstance(hands, list) and len(hands) == SEATS and all(isinstance(h, list) for h in hands)):
        P.append(f"deal {k}: hands must be 4 lists, not {hands!r}")
        return False
    ok = True
    for s, h in enumerate(hands):
        if not all(isinstance(t, str) for t in h):
            P.append(f"deal {k}: seat {s}'s hand {h!r} holds non-strings")
            ok = False
        elif len(h) != 7 or len(set(h)) != 7 or not set(h) <= TILESET:
            P.append(f"deal {k}: seat {s}'s hand {h} is not 7 distinct valid tiles")
            ok = False
        elif redeal_reason(h, rules):
            P.append(f"deal {k}: seat {s}'s hand {sorted(h)} holds {redeal_reason(h, rules)}: it must be redealt")
    if ok and set().union(*map(set, hands)) != TILESET:
        P.append(f"deal {k}: the hands do not cover all 28 tiles")
        ok = False
    return ok


def _replay(k: int, deal: dict, rules: dict, P: list[str]):
    """Replay the events; (end, last, hands left, last move) or None after reporting a problem."""
    left = [list(h) for h in deal["hands"]]
    ends: list[int] = []
    events, leader = deal["events"], deal["leader"]
    for i, ev in enumerate(events):
        where, seat = f"deal {k} event {i}", (leader + i) % SEATS
        if not isinstance(ev, dict) or ev.get("p") != seat or not is_int(ev.get("p")):
            P.append(f"{where}: {ev!r} but it is seat {seat}'s turn")
            return None
        if "knock" in ev or "play" not in ev:
            if ev != {"p": seat, "knock": True}:
                P.append(f"{where}: malformed event {ev!r} (a draw is impossible without a bazaar)")
            elif has_move(left[seat], ends):
                move = legal_moves(left[seat], ends, rules["two_doubles"])[0]
                P.append(f"{where}: seat {seat} knocks but can play {move} (ends {ends}, hand {sorted(left[seat])})")
            else:
                continue
            return None
        play, at = ev.get("play"), ev.get("at")
        extra = set(ev) - {"p", "play", "at", "closed"}
        closed = ev.get("closed", [])
        if extra or not (isinstance(closed, list) and not any(closed)):
            P.append(f"{where}: unexpected keys {sorted(extra)} or closed doubles {closed!r} in {ev!r}")
            return None
        why = move_problem(play, at, left[seat], ends, rules["two_doubles"])
        if why is None and k == 0 and i == 0:
            double = first_lead_double(deal["hands"], rules)
            if play != [double]:
                why = f"the first move of the game must be the double {double}, not {play}"
        if why:
            P.append(f"{where}: seat {seat} plays {play} at {at}: {why}")
            return None
        ends = apply_move(ends, play, at)
        for t in play:
            left[seat].remove(t)
        if left[seat]:
            if any(has_move(h, ends) for h in left):
                continue
            end = "fish"
        else:
            end = "out"
        if i != len(events) - 1:
            P.append(f"{where}: the deal ends here ({end}) but {len(events) - 1 - i} more event(s) follow")
        return end, seat, left, play
    P.append(f"deal {k}: the events stop after event {len(events) - 1} but the deal is not over (no out, no fish)")
    return None


def _audit_deal(k: int, deal, rules: dict, state: dict, prev: dict | None, P: list[str]):
    """Check one deal; updates state (score, carry, wrote); returns what the next deal needs."""
    if not isinstance(deal, dict):
        P.append(f"deal {k}: not an object")
        return None
    need = ("redeals", "hands", "bazaar", "leader", "events", "end", "last", "hand_sums", "written", "score", "carry")
    missing = [key for key in need if key not in deal]
    if missing:
        P.append(f"deal {k}: missing keys {missing}")
        return None
    for key, ok in (("redeals", is_int(deal["redeals"]) and deal["redeals"] >= 0),
                    ("bazaar", deal["bazaar"] == []),
                    ("leader", is_int(deal["leader"]) and 0 <= deal["leader"] < SEATS),
                    ("events", isinstance(deal["events"], list) and len(deal["events"]) > 0),
                    ("end", deal["end"] in ("out", "fish")),
                    ("last", is_int(deal["last"]) and 0 <= deal["last"] < SEATS),
                    ("carry", is_int(deal["carry"]) and deal["carry"] >= 0),
                    *((key, int_list(deal[key], 2)) for key in ("hand_sums", "written", "score")),
                    ("memory", deal.get("memory", [0, 0]) == [0, 0] and int_list(deal.get("memory", [0, 0]), 2))):
        if not ok:
            P.append(f"deal {k}: bad {key}: {deal.get(key)!r}")
    hands_ok = _check_hands(k, deal["hands"], rules, P)
    rec_leader = deal["leader"]
    if hands_ok and is_int(rec_leader):
        if k == 0:
            double = first_lead_double(deal["hands"], rules)
            want = {s for s in range(SEATS) if double in deal["hands"][s]}
        else:
            want = next_leaders(rules, prev) if prev else {rec_leader}
        if rec_leader not in want:
            P.append(f"deal {k}: leader is seat {rec_leader}, must be {' or '.join(map(str, sorted(want)))}")
    played = None
    if hands_ok and is_int(rec_leader) and 0 <= rec_leader < SEATS and isinstance(deal["events"], list) \
            and deal["events"]:
        played = _replay(k, deal, rules, P)
    info = None
    if played:
        end, last, left, move = played
        if deal["end"] != end or deal["last"] != last:
            P.append(f"deal {k}: end/last is {deal['end']!r}/{deal['last']!r}, must be {end!r}/{last}")
        opened = [s > 0 for s in state["score"]]  # a side is open once it has written (and not burned)
        sums, written, carry, winner = settle(rules, end, last, left, state["carry"], opened, move)
        score = add_score(rules, state["score"], written)
        for key, want in (("hand_sums", sums), ("written", written), ("score", score), ("carry", carry)):
            if not (is_int(deal[key]) if is_int(want) else int_list(deal[key], 2)) or deal[key] != want:
                P.append(f"deal {k}: {key} is {deal[key]!r}, must be {want!r}")
        info = {"leader": rec_leader, "end": end, "last": last, "winner": winner,
                "general": rules["general"] and end == "out" and {"00", "66"} <= set(move),
                "out_00": rules.get("out_00_ends_game", False) and end == "out" and "00" in move,
                "bald": end == "out" and "00" in move}
    else:
        score, carry, written = state["score"], state["carry"], [0, 0]
    # carry on from the record's numbers where they are readable, so a bug is reported once
    state["score"] = deal["score"] if int_list(deal["score"], 2) else score
    state["carry"] = deal["carry"] if is_int(deal["carry"]) else carry
    wrote = deal["written"] if int_list(deal["written"], 2) else written
    state["wrote"] = [w or x > 0 for w, x in zip(state["wrote"], wrote)]
    return info


def audit_game(record: dict, rules: dict) -> list[str]:
    """All the ways `record` (one kozel-trace/1 game) breaks `rules`; [] if none."""
    if not isinstance(record, dict):
        return [f"the record is not a JSON object: {type(record).__name__}"]
    P: list[str] = []
    _check_header(record, rules, P)
    deals = record.get("deals")
    if not isinstance(deals, list) or not deals:
        return P + [f"deals must be a non-empty list, not {deals!r}"]
    if len(deals) > rules["max_deals"]:
        P.append(f"{len(deals)} deals, more than max_deals {rules['max_deals']}")
    state = {"score": [0, 0], "carry": 0, "wrote": [False, False]}
    prev = ended = None
    for k, deal in enumerate(deals):
        try:
            info = _audit_deal(k, deal, rules, state, prev, P)
        except (TypeError, ValueError, KeyError, IndexError, AttributeError) as exc:  # garbled values
            P.append(f"deal {k}: unreadable ({type(exc).__name__}: {exc})")
            info = None
        general, sudden = bool(info and info["general"]), bool(info and (info["general"] or info["out_00"]))
        if sudden or any(s >= rules["target"] for s in state["score"]):
            ended = (k, info, general, sudden)
            if k != len(deals) - 1:
                P.append(f"deal {k}: the game is over after this deal, but {len(deals) - 1 - k} more deal(s) follow")
            break
        prev = info
    titles, loser = record.get("titles"), record.get("loser")
    if ended is None:
        want_loser, want_titles = None, set()
        if len(deals) < rules["max_deals"]:
            P.append(f"the record stops after {len(deals)} deal(s) though no side reached {rules['target']}")
    else:
        k, info, general, sudden = ended
        if sudden:  # «генерал» or Морской's out on 00: the side that went out wins
            want_loser = 1 - side_of(info["last"])
        else:
            want_loser = next(s for s in (0, 1) if state["score"][s] >= rules["target"])
        want_titles = set()
        if not state["wrote"][1 - want_loser]:  # the winners never wrote a point in the game
            want_titles.add("naked")
        if info and info["bald"]:
            want_titles.add("bald")
        if general:
            want_titles.add("general")
        if not info:
            want_titles = None  # the last deal could not be replayed (already reported)
    if loser != want_loser:
        P.append(f"loser is {loser!r}, must be {want_loser!r}")
    if want_titles is not None and isinstance(titles, list) and all(isinstance(t, str) for t in titles) \
            and set(titles) != want_titles:
        P.append(f"titles are {sorted(titles)}, must be {sorted(want_titles)}")
    last_score = deals[-1].get("score") if isinstance(deals[-1], dict) else None
    if record.get("final_score") != last_score:
        P.append(f"final_score {record.get('final_score')!r} differs from the last deal's score {last_score!r}")
    return P
