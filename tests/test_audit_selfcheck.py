"""Self-checks of the rules auditor (tests/audit.py), without the engine.

Games are built here by small players of their own (their own move lists and
scoring, written apart from the auditor: pair Козёл with a chain, каждый сам за
себя with a bazaar, Осёл «Крест»), plus games written out by hand (pairs, solo
with three and four players, Осёл, Морской) and the worked examples of the rules
text; the auditor must accept them all, and must report every mutation of them.
The hand-made records of the readings: the Осёл house as the first double laid
open and `closed_before_house`; the `solo_fish` readings (a fish shown on the
table, a fish hidden in the bazaar played out to a round of knocks, the draw-down
and take-all draws); `solo_eggs`; Морской's `out_00_writes`.
"""

from __future__ import annotations

import collections
import copy
import random
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from audit import add_score, audit_game, first_lead_tile, settle  # noqa: E402

ALL = [f"{a}{b}" for a in range(7) for b in range(a, 7)]
DEFAULT = {
    "players": 4,
    "redeal_doubles": 5,
    "redeal_suit": 6,
    "first_lead": "double-11",
    "next_lead": "last-mover",
    "two_doubles": True,
    "fish_winner": "lower-sum",
    "fish_writes": "own",
    "threshold": "once",
    "threshold_value": 13,
    "specials": "per-player",
    "lone_00": 25,
    "lone_66": 50,
    "both_00_66": 75,
    "eggs": "one-side",
    "target": 101,
    "general": False,
    "shared_score": False,
    "out_66_writes": 0,
    "out_00_ends_game": False,
    "max_deals": 1000,
    "match_deals": 0,
    "scoring": "points",
    "general_out": "00-or-66",
    "out_66_wipes": False,
    "lead_repeats": 0,
    "fast_writes": 0,
    "pairs": True,
    "layout": "chain",
    "memory": False,
    "closed_before_house": "any",
    "solo_fish": "visible",
    "solo_eggs": "none",
    "solo_loser": "every",
    "solo_writes": "own",
    "first_lead_cycle": "none",
    "goats": "one",
    "out_66_writers": "losers",
    "kept_00_goat": False,
    "kept_66_writes": 0,
    "tiles_each": 7,
    "draw_last": False,
    "voluntary_fast": False,
    "fast_writes_00": 0,
    "fast_out_66": "fast-cost",  # R-004-morskoy-fast-66
    "out_00_writes": False,
    "extra_lead": "none",
}


def R(**kw):
    return {**DEFAULT, **kw}


def game_record(variant, seed, deals, loser, titles, final_score, players=4, pairs=True, bot="hand"):
    """A kozel-trace/1 game of these deals: in pairs sides A = seats 0 + 2 and B = 1 + 3, else each seat its own."""
    return {
        "format": "kozel-trace/1",
        "variant": variant,
        "seed": seed,
        "game": 0,
        "players": players,
        "sides": [[0, 2], [1, 3]] if pairs else [[s] for s in range(players)],
        "bots": [bot] * players,
        "deals": deals,
        "loser": loser,
        "titles": titles,
        "final_score": final_score,
    }


# --- an independent little player ---------------------------------------------


def pip(t):
    return int(t[0]) + int(t[1])


def options(hand, ends, two):
    """Legal moves as (tiles, ats)."""
    if not ends:
        return [([t], [None]) for t in hand]
    out = [([t], [e]) for t in hand for e in sorted(set(ends)) if e in (int(t[0]), int(t[1]))]
    x, y = ends
    if two and x != y and f"{x}{x}" in hand and f"{y}{y}" in hand:
        out.append(([f"{x}{x}", f"{y}{y}"], [x, y]))
    return out


def place(ends, tiles, ats):
    ends = list(ends)
    for t, v in zip(tiles, ats):
        a, b = int(t[0]), int(t[1])
        if v is None:
            ends = [a, b]
        else:
            i = 0 if ends[0] == v else 1
            ends[i] = b if a == v else a
    return ends


def bad_hand(h, r):
    if r["redeal_doubles"] and sum(t[0] == t[1] for t in h) >= r["redeal_doubles"]:
        return True
    return bool(r["redeal_suit"]) and any(sum(str(v) in t for t in h) >= r["redeal_suit"] for v in range(7))


def penalty(hands, r):
    """What a losing pair's hands are worth."""
    lone = {"00": r["lone_00"], "66": r["lone_66"], "0066": r["both_00_66"]}
    if r["specials"] == "plain":
        return sum(pip(t) for h in hands for t in h)
    groups = hands if r["specials"] == "per-player" else [[t for h in hands for t in h]]
    return sum(lone.get("".join(sorted(g)), sum(pip(t) for t in g)) for g in groups)


def rating(h):
    suits = [sum(str(v) in t for t in h) for v in range(7)]
    return 3 * max(suits) - 2 * sum(t[0] == t[1] for t in h) + sum(n > 0 for n in suits)


def random_policy(rng, opts, hand):
    return rng.choice(opts)


def hoard_policy(rng, opts, hand):
    """Keeps 00 and 66 for last and loves two doubles: finds «генерал» and bald goats."""
    two = [o for o in opts if len(o[0]) == 2]
    if two:
        return two[0]
    plain = [o for o in opts if o[0][0] not in ("00", "66")]
    return rng.choice(plain or opts)


def make_game(r, seed, policy=random_policy):
    rng = random.Random(seed)
    score, carry, opened, wrote, deals = [0, 0], 0, [False, False], [False, False], []
    loser, general, prev = None, False, None
    for n in range(r["max_deals"]):
        redeals = -1
        while True:
            tiles = ALL[:]
            rng.shuffle(tiles)
            hands = [tiles[7 * s : 7 * s + 7] for s in range(4)]
            redeals += 1
            if not any(bad_hand(h, r) for h in hands):
                break
        if n == 0:
            double = "00" if r["first_lead"] == "lowest-double" else r["first_lead"][-2:]
            leader = next(s for s in range(4) if double in hands[s])
        elif r["next_lead"] == "round-robin":
            leader = (prev["leader"] + 1) % 4
        elif (
            r["next_lead"] == "last-mover"
            or prev["end"] == "fish"
            and (r["next_lead"] == "winners-choose" or prev["win"] in (None, prev["last"] % 2))
        ):
            leader = prev["last"]
        elif prev["end"] == "fish":
            leader = (prev["last"] + 1) % 4
        elif r["next_lead"] == "fish-winner":
            leader = prev["last"]
        else:  # winners-choose after an out
            mate = (prev["last"] + 2) % 4
            leader = mate if rating(hands[mate]) > rating(hands[prev["last"]]) else prev["last"]
        left, ends, events, seat = [sorted(h) for h in hands], [], [], leader
        while True:
            opts = options(left[seat], ends, r["two_doubles"])
            if n == 0 and not events:
                opts = [([double], [None])]
            if not opts:
                events.append({"p": seat, "knock": True})
            else:
                tiles, ats = policy(rng, opts, left[seat])
                events.append({"p": seat, "play": tiles, "at": ats})
                ends = place(ends, tiles, ats)
                for t in tiles:
                    left[seat].remove(t)
                if not left[seat]:
                    end = "out"
                    break
                if not any(options(h, ends, False) for h in left):
                    end = "fish"
                    break
            seat = (seat + 1) % 4
        sums = [sum(pip(t) for t in left[a] + left[b]) for a, b in ((0, 2), (1, 3))]
        written = [0, 0]
        if end == "fish" and r["fish_winner"] == "lower-sum" and sums[0] == sums[1]:
            win = None
            carry += {"one-side": sums[0], "both-sides": 2 * sums[0], "none": 0}[r["eggs"]]
        elif r["out_00_ends_game"] and not r["out_00_writes"] and end == "out" and "00" in events[-1]["play"]:
            win = seat % 2  # Морской: the game is over and nothing is written, the pot stays
        else:
            win = seat % 2 if end == "out" or r["fish_winner"] == "fisherman" else sums.index(min(sums))
            lose, move = 1 - win, events[-1]["play"]
            pts = penalty([left[lose], left[lose + 2]], r)
            if end == "out" and r["out_66_writes"] and "66" in move and "00" not in move:
                pts = r["out_66_writes"]
            if end == "fish" and r["fish_writes"] == "all":
                pts += sums[win]
            if end == "fish" and r["fish_writes"] == "difference":
                pts = abs(pts - sums[win])
            pts += carry
            carry = 0
            if pts >= r["threshold_value"] or r["threshold"] == "none" or (r["threshold"] == "once" and opened[lose]):
                written[lose] = pts
                if pts > 0 and not opened[lose] and r["shared_score"]:  # Морской: one score for both
                    score[win], opened[win] = 0, False
                opened[lose] = opened[lose] or pts > 0
                wrote[lose] = wrote[lose] or pts > 0
            score[lose] += written[lose]
        deals.append(
            {
                "redeals": redeals,
                "hands": hands,
                "bazaar": [],
                "leader": leader,
                "events": events,
                "end": end,
                "last": seat,
                "hand_sums": sums,
                "written": written,
                "score": list(score),
                "carry": carry,
                "memory": [0, 0],
            }
        )
        prev = {"leader": leader, "end": end, "last": seat, "win": win}
        general = r["general"] and end == "out" and {"00", "66"} <= set(events[-1]["play"])
        if general or r["out_00_ends_game"] and end == "out" and "00" in events[-1]["play"]:
            loser = 1 - seat % 2
            break
        if max(score) >= r["target"]:
            loser = score.index(max(score))
            break
    titles = []
    if loser is not None:
        if not wrote[1 - loser]:
            titles.append("naked")
        if end == "out" and "00" in events[-1]["play"]:
            titles.append("bald")
        if general:
            titles.append("general")
    return game_record("test", seed, deals, loser, titles, list(score), bot="random")


CONFIGS = {
    "default": R(),
    "short": R(target=30),
    "fisherman-all": R(
        fish_winner="fisherman", fish_writes="all", threshold="every-deal", specials="per-pair", next_lead="fish-winner"
    ),
    "difference": R(
        fish_writes="difference",
        specials="plain",
        threshold="none",
        eggs="both-sides",
        next_lead="round-robin",
        threshold_value=25,
    ),
    "text-003": R(
        eggs="none",
        two_doubles=False,
        first_lead="lowest-double",
        next_lead="winners-choose",
        redeal_doubles=6,
        lone_00=10,
        lone_66=12,
        both_00_66=12,
    ),
    "fish-winner": R(next_lead="fish-winner", target=60, first_lead="double-66"),
    "general": R(general=True, max_deals=3, target=200),
    "morskoy": R(threshold_value=25, shared_score=True, target=125, out_00_ends_game=True, out_66_writes=100),
    "morskoy-writes": R(
        threshold_value=25, shared_score=True, target=125, out_00_ends_game=True, out_66_writes=100, out_00_writes=True
    ),
}


@pytest.fixture(scope="module")
def games():
    out = {}
    for name, r in CONFIGS.items():
        for seed in range(24 if name.startswith("morskoy") else 12):
            out[name, seed] = (r, make_game(r, seed))
    for seed in range(400):  # hunt for «генерал» and bald goats
        g = make_game(CONFIGS["general"], 1000 + seed, hoard_policy)
        if g["titles"]:
            out["general", 1000 + seed] = (CONFIGS["general"], g)
    return out


def find(games, pred):
    """First (rules, game, deal index) whose deal satisfies pred(deal, game)."""
    for r, g in games.values():
        for k, d in enumerate(g["deals"]):
            if pred(d, g):
                return r, copy.deepcopy(g), k
    raise AssertionError("no such deal in the sample games")


def eggs(d, g):
    return d["end"] == "fish" and d["hand_sums"][0] == d["hand_sums"][1] and d["written"] == [0, 0]


def test_generated_games_pass(games):
    bad = {key: audit_game(g, r)[:3] for key, (r, g) in games.items() if audit_game(g, r)}
    assert not bad
    deals = [d for _, g in games.values() for d in g["deals"]]
    assert any(d["end"] == "out" for d in deals)
    assert any(d["end"] == "fish" and not eggs(d, None) for d in deals)
    assert any(eggs(d, None) and d["carry"] > 0 for d in deals)
    assert any(len(e.get("play", [])) == 2 for d in deals for e in d["events"])
    assert any(d["redeals"] > 0 for d in deals)
    titles = [t for _, g in games.values() for t in g["titles"]]
    assert {"naked", "bald", "general"} <= set(titles)
    assert any(g["loser"] is None for _, g in games.values())


# --- a two-deal game written out by hand (target 55) ------------------------------------

HAND_RULES = R(target=55)


def parse(moves, leader):
    """Events from move tokens, seat `leader` first: `tile@end` (`-` for the first tile), `a@x+b@y`, `.` a knock."""
    events = []
    for i, tok in enumerate(moves.split()):
        seat = (leader + i) % 4
        if tok == ".":
            events.append({"p": seat, "knock": True})
        else:
            tiles, ats = zip(*(part.split("@") for part in tok.split("+")))
            events.append({"p": seat, "play": list(tiles), "at": [None if a == "-" else int(a) for a in ats]})
    return events


def hand_record():
    # Deal 0: seat 1 holds 11 and leads it. Ends after each move: 11 1 1, 12 2 1, 02 0 1, 03 3 1,
    # 01 3 0, 05 3 5, 34 4 5, 14 1 5, 35 1 3, 13 3 3, 36 6 3, 26 2 3, 33 2 3, 23 3 3: all seven
    # threes are out, fish by seat 2. Left: A 15 22 25 55 (27) + 16 44 66 (27) = 54;
    # B 06 45 56 (26) + 00 04 24 46 (20) = 46. B is lower and wins; A opens with 54 >= 13.
    deal0 = {
        "redeals": 0,
        "bazaar": [],
        "leader": 1,
        "hands": [
            ["15", "03", "55", "26", "22", "25", "14"],
            ["35", "56", "01", "33", "45", "11", "06"],
            ["12", "16", "66", "05", "23", "44", "13"],
            ["04", "02", "00", "36", "34", "46", "24"],
        ],
        "events": parse("11@- 12@1 02@2 03@0 01@1 05@0 34@3 14@4 35@5 13@1 36@3 26@6 33@3 23@2", 1),
        "end": "fish",
        "last": 2,
        "hand_sums": [54, 46],
        "written": [54, 0],
        "score": [54, 0],
        "carry": 0,
    }
    # Deal 1: the fisherman, seat 2, leads. Seat 0 knocks at event 22 (holds 25 55, ends 6 3);
    # seat 2 goes out with 22. Left: A 25 55 (17) + nothing; B 35 (8) + a lone 66 (50) = 58,
    # B opens with 58: 54 / 58, B reaches 55 and are the goats; A has 54, not naked; no 00: not bald.
    deal1 = {
        "redeals": 2,
        "bazaar": [],
        "leader": 2,
        "hands": [
            ["04", "15", "55", "25", "36", "12", "24"],
            ["26", "45", "35", "05", "06", "01", "14"],
            ["11", "02", "34", "46", "03", "13", "22"],
            ["33", "23", "56", "66", "44", "00", "16"],
        ],
        "events": parse(
            "11@- 16@1 12@1 06@6 02@0 23@2 24@2 14@4 03@3 00@0 04@0 01@1 34@4 33@3 36@3 "
            "05@0 46@6 44@4 15@5 45@4 13@1 56@5 . 26@6 22@2",
            2,
        ),
        "end": "out",
        "last": 2,
        "hand_sums": [17, 20],
        "written": [0, 58],
        "score": [54, 58],
        "carry": 0,
        "memory": [0, 0],
    }
    return game_record("hand", 7, [deal0, deal1], 1, [], [54, 58])


def test_hand_game_is_correct():
    assert audit_game(hand_record(), HAND_RULES) == []


def test_hand_game_under_other_rules():
    assert any("stops after 2 deal" in p for p in audit_game(hand_record(), R()))  # target 101: not over
    assert any("deal 0" in p and "redealt" in p for p in audit_game(hand_record(), R(target=55, redeal_suit=4)))
    assert any("leader" in p for p in audit_game(hand_record(), R(target=55, first_lead="double-22")))
    problems = audit_game(hand_record(), R(target=55, first_lead="lowest-double"))
    assert any("must be the double 00" in p for p in problems)
    assert audit_game(hand_record(), R(target=55, next_lead="round-robin")) == []  # seat 1 led, then seat 2
    assert audit_game(hand_record(), R(target=55, next_lead="winners-choose")) == []  # the fisherman leads
    # B won the fish of seat 2 (side A): the next B player clockwise, seat 3, leads
    assert any(
        "deal 1: leader is seat 2, must be 3" in p
        for p in audit_game(hand_record(), R(target=55, next_lead="fish-winner"))
    )
    # per-pair specials: B's two hands {35, 66} are not a lone 66, so B writes 20
    assert any("written" in p for p in audit_game(hand_record(), R(target=55, specials="per-pair")))


def _set(path, value):
    def mutate(rec):
        *keys, last = path
        obj = rec
        for k in keys:
            obj = obj[k]
        obj[last] = value(obj[last]) if callable(value) else value

    return mutate


def _rotate_leader(rec):
    d = rec["deals"][1]
    d["leader"] = 1
    for i, e in enumerate(d["events"]):
        e["p"] = (1 + i) % 4


HAND_MUTATIONS = {
    "at is not an open end": (_set(("deals", 0, "events", 3, "at"), [3]), "deal 0 event 3", "not an open end"),
    "tile does not match": (_set(("deals", 0, "events", 3, "play"), ["15"]), "deal 0 event 3", "does not match"),
    "tile not in hand": (_set(("deals", 0, "events", 3, "play"), ["00"]), "deal 0 event 3", "not in the hand"),
    "knock with a legal move": (_set(("deals", 0, "events", 3), {"p": 0, "knock": True}), "deal 0 event 3", "knocks"),
    "play instead of a knock": (
        _set(("deals", 1, "events", 22), {"p": 0, "play": ["25"], "at": [3]}),
        "deal 1 event 22",
        "does not match",
    ),
    "first tile with an end": (_set(("deals", 1, "events", 0, "at"), [1]), "deal 1 event 0", "at null"),
    "first move not 11": (_set(("deals", 0, "events", 0, "play"), ["35"]), "deal 0 event 0", "double 11"),
    "wrong seat": (_set(("deals", 1, "events", 5, "p"), 0), "deal 1 event 5", "turn"),
    "draw": (_set(("deals", 1, "events", 22), {"p": 0, "draw": "25"}), "deal 1 event 22", "malformed"),
    "closed double": (_set(("deals", 0, "events", 12, "closed"), [True]), "deal 0 event 12", "closed"),
    "wrong leader": (_rotate_leader, "deal 1", "leader"),
    "missed fish": (lambda r: r["deals"][0]["events"].append({"p": 3, "knock": True}), "deal 0 event 13", "follow"),
    "event after an out": (
        lambda r: r["deals"][1]["events"].append({"p": 3, "knock": True}),
        "deal 1 event 24",
        "follow",
    ),
    "events stop early": (lambda r: r["deals"][1]["events"].pop(), "deal 1", "not over"),
    "end": (_set(("deals", 0, "end"), "out"), "deal 0", "end/last"),
    "last": (_set(("deals", 1, "last"), 0), "deal 1", "end/last"),
    "hand_sums": (_set(("deals", 0, "hand_sums"), [46, 54]), "deal 0", "hand_sums"),
    "written": (_set(("deals", 1, "written"), [0, 20]), "deal 1", "written"),
    "written as bool": (_set(("deals", 0, "written"), [54, False]), "deal 0", "written"),
    "score": (_set(("deals", 0, "score"), [55, 0]), "deal 0", "score"),
    "carry": (_set(("deals", 0, "carry"), 54), "deal 0", "carry"),
    "memory": (_set(("deals", 1, "memory"), [3, 0]), "deal 1", "memory"),
    "bazaar": (_set(("deals", 1, "bazaar"), ["00"]), "deal 1", "bazaar"),
    "duplicate tile": (_set(("deals", 0, "hands", 0, 1), "15"), "deal 0", "7 distinct"),
    "tile of another hand": (_set(("deals", 0, "hands", 0, 0), "35"), "deal 0", "cover all 28"),
    "bad tile name": (_set(("deals", 1, "hands", 3, 0), "63"), "deal 1", "7 distinct"),
    "missing key": (lambda r: r["deals"][1].pop("carry"), "deal 1", "missing"),
    "titles": (_set(("titles",), ["naked"]), "", "titles"),
    "loser": (_set(("loser",), 0), "", "loser"),
    "loser null": (_set(("loser",), None), "", "loser"),
    "final_score": (_set(("final_score",), [58, 54]), "", "final_score"),
    "deal after the end": (lambda r: r["deals"].append(copy.deepcopy(r["deals"][1])), "deal 1", "more deal"),
    "stops early": (lambda r: r["deals"].pop(), "", "stops after 1 deal"),
    "players": (_set(("players",), 3), "", "players"),
    "sides": (_set(("sides",), [[0, 1], [2, 3]]), "", "sides"),
    "bots": (_set(("bots",), ["a", "b", "c"]), "", "bots"),
    "format": (_set(("format",), "kozel-trace/2"), "", "format"),
}


@pytest.mark.parametrize("name", HAND_MUTATIONS)
def test_hand_mutation_is_reported(name):
    mutate, where, what = HAND_MUTATIONS[name]
    rec = hand_record()
    mutate(rec)
    problems = audit_game(rec, HAND_RULES)
    assert any(where in p and what in p for p in problems), problems


# --- mutations of generated games -----------------------------------------------------


def test_wrong_carry_after_eggs(games):
    r, g, k = find(games, lambda d, g: eggs(d, g) and d["carry"] > 0)
    g["deals"][k]["carry"] += 2
    assert any(f"deal {k}: carry" in p for p in audit_game(g, r))
    r, g, k = find(games, lambda d, g: eggs(d, g) and d["carry"] > 0 and d is not g["deals"][-1])
    g["deals"][k]["carry"] = 0  # the next loser must still add the pot
    assert any(f"deal {k}: carry" in p for p in audit_game(g, r))
    assert any(f"deal {k + 1}: written" in p for p in audit_game(g, r))  # no pot added: the record's carry


def test_eggs_read_under_other_rules(games):
    r, g, k = find(games, lambda d, g: eggs(d, g) and d["carry"] > 0 and d["hand_sums"][0] > 0)
    other = "both-sides" if r["eggs"] == "one-side" else "one-side"
    assert any(f"deal {k}: carry" in p for p in audit_game(g, {**r, "eggs": other}))
    assert any(f"deal {k}: written" in p for p in audit_game(g, {**r, "fish_winner": "fisherman"}))


def test_fish_winner_and_fish_writes(games):
    r, g, k = find(
        games,
        lambda d, g: (
            d["end"] == "fish"
            and not eggs(d, g)
            and d["written"][d["last"] % 2] > 0
            and d["hand_sums"][0] * d["hand_sums"][1] > 0
        ),
    )
    # the fisherman's side lost this fish on sums; under `fisherman` it would have won
    assert audit_game(g, r) == [] and r["fish_winner"] == "lower-sum"
    assert any(f"deal {k}: written" in p for p in audit_game(g, {**r, "fish_winner": "fisherman"}))
    for writes in {"own", "all", "difference"} - {r["fish_writes"]}:
        assert any(f"deal {k}:" in p for p in audit_game(g, {**r, "fish_writes": writes}))


def test_two_doubles_only_when_allowed(games):
    r, g, k = find(games, lambda d, g: any(len(e.get("play", [])) == 2 for e in d["events"]))
    assert any(f"deal {k} event" in p and "two_doubles is off" in p for p in audit_game(g, {**r, "two_doubles": False}))
    i = next(i for i, e in enumerate(g["deals"][k]["events"]) if len(e.get("play", [])) == 2)
    g["deals"][k]["events"][i]["at"].reverse()
    assert any(f"deal {k} event {i}" in p for p in audit_game(g, r))


def test_titles_and_general(games):
    for title in ("naked", "bald", "general"):
        r, g, k = find(games, lambda d, g, title=title: title in g["titles"] and d is g["deals"][-1])
        g["titles"].remove(title)
        assert any("titles" in p for p in audit_game(g, r))
    r, g, k = find(games, lambda d, g: "general" in g["titles"] and d is g["deals"][-1])
    problems = audit_game(g, {**r, "general": False})
    assert any("loser" in p for p in problems)


def test_cut_off_games(games):
    r, g, k = find(games, lambda d, g: g["loser"] is None and d is g["deals"][-1])
    assert len(g["deals"]) == r["max_deals"] and audit_game(g, r) == []
    assert any("stops after" in p for p in audit_game(g, {**r, "max_deals": r["max_deals"] + 1}))
    assert any("max_deals" in p for p in audit_game(g, {**r, "max_deals": r["max_deals"] - 1}))
    g["loser"] = 0
    assert any("loser" in p for p in audit_game(g, r))


def test_winners_choose_accepts_either_winner_only(games):
    r = CONFIGS["text-003"]
    _, g, k = find(
        {key: v for key, v in games.items() if key[0] == "text-003"},
        lambda d, g: d["end"] == "out" and d is not g["deals"][-1],
    )
    d = g["deals"][k + 1]
    mate = (g["deals"][k]["last"] + 2) % 4
    for leader, ok in ((mate, True), (g["deals"][k]["last"], True), ((mate + 1) % 4, False)):
        if leader == d["leader"]:
            continue
        bad = copy.deepcopy(g)
        bad["deals"][k + 1]["leader"] = leader
        assert any(f"deal {k + 1}: leader" in p for p in audit_game(bad, r)) != ok


def test_threshold_readings(games):
    r, g, k = find(games, lambda d, g: d["written"] == [0, 0] and not eggs(d, g))  # lost under the threshold
    assert any(f"deal {k}: written" in p for p in audit_game(g, {**r, "threshold": "none"}))


# --- the worked examples of the rules text (section 12) and texts 001 / 003 --------------


def test_example_1_out():
    left = [["56", "44", "02"], [], ["36"], ["12"]]
    assert settle(R(), "out", 1, left, 0, [False, False]) == ([30, 3], [30, 0], 0, 1)


def test_example_2_threshold_once():
    opened, score = [False, False], 0
    for hand, want in ((["56"], 0), (["55", "02"], 0), (["56", "04"], 15), (["05"], 5)):
        _, written, _, _ = settle(R(), "out", 1, [hand, [], [], ["01"]], 0, opened)
        assert written == [want, 0]
        score += written[0]
        opened[0] = opened[0] or score > 0
    assert score == 20
    assert settle(R(threshold="every-deal"), "out", 1, [["05"], [], [], []], 0, [True, False])[1] == [0, 0]
    assert settle(R(threshold="none"), "out", 1, [["05"], [], [], []], 0, [False, False])[1] == [5, 0]


def test_example_3_fish():
    left = [["66", "12"], ["36"], ["03", "44"], ["01", "24"]]
    assert settle(R(), "fish", 0, left, 0, [False, False]) == ([26, 16], [26, 0], 0, 1)
    assert settle(R(fish_winner="fisherman"), "fish", 1, left, 0, [False, False])[1:] == ([26, 0], 0, 1)
    assert settle(R(fish_winner="fisherman"), "fish", 0, left, 0, [False, False])[1:] == ([0, 16], 0, 0)
    assert settle(R(fish_writes="all"), "fish", 0, left, 0, [False, False])[1] == [42, 0]
    assert settle(R(fish_writes="difference"), "fish", 0, left, 0, [True, False])[1] == [10, 0]
    assert settle(R(fish_writes="difference"), "fish", 0, left, 0, [False, False])[1] == [0, 0]  # 10 < 13


def test_example_4_eggs():
    left = [["46", "11"], ["44", "04"], ["26"], ["34", "01"]]
    assert settle(R(), "fish", 2, left, 0, [False, False]) == ([20, 20], [0, 0], 20, None)
    assert settle(R(eggs="both-sides"), "fish", 2, left, 5, [False, False])[2] == 45
    assert settle(R(eggs="none"), "fish", 2, left, 0, [False, False])[2] == 0
    assert settle(R(fish_winner="fisherman"), "fish", 2, left, 0, [False, False])[1:] == ([0, 20], 0, 0)
    nxt = [["46", "11"], ["55"], [], []]  # B loses the next deal with 10; 10 + 20 = 30 is written
    assert settle(R(), "out", 2, nxt, 20, [False, False])[1:] == ([0, 30], 0, 0)
    # the pot empties even when the total stays under the threshold
    assert settle(R(), "out", 2, [[], ["01"], [], []], 4, [False, False])[1:] == ([0, 0], 0, 0)


def test_example_7_morskoy():
    m, score = CONFIGS["morskoy"], [0, 0]
    # (seat that goes out, the losers' two hands, the out move) -> score after the deal
    for last, hands, move, want in (
        (1, (["55", "35"], []), ["12"], [0, 0]),  # A 18 < 25
        (1, (["66", "55"], ["56", "34"]), ["12"], [40, 0]),  # A opens with 40
        (0, (["55", "46"], []), ["12"], [40, 0]),  # B 20 < 25
        (0, (["66", "55"], ["35"]), ["12"], [0, 30]),  # B opens: A's 40 burns
        (0, (["06"], ["15"]), ["12"], [0, 42]),  # open: any sum
        (0, (["01"], ["02"]), ["66"], [0, 142]),
    ):  # out on 66: B writes 100
        left = [[], [], [], []]
        left[(last + 1) % 4], left[(last + 3) % 4] = hands
        _, written, _, _ = settle(m, "out", last, left, 0, [s > 0 for s in score], move)
        score = add_score(m, score, written)
        assert score == want
    assert settle(m, "out", 0, [[], ["01"], [], []], 7, [False, False], ["66"])[1] == [0, 107]
    # «Выход на 00 ... партия сразу заканчивается»: with out_00_writes off nothing is written and the pot of 7 stays
    assert settle(m, "out", 0, [[], ["01"], [], []], 7, [False, True], ["00", "66"]) == ([0, 1], [0, 0], 7, 0)
    assert settle(m, "out", 0, [[], ["55"], [], ["66"]], 7, [False, False], ["00"]) == ([0, 22], [0, 0], 7, 0)
    w = {**m, "out_00_writes": True}  # the deal written first: 1 + 7, and not 100 (the move holds 00)
    assert settle(w, "out", 0, [[], ["01"], [], []], 7, [False, True], ["00", "66"]) == ([0, 1], [0, 8], 0, 0)
    assert settle(w, "out", 0, [[], ["55"], [], ["66"]], 7, [False, False], ["00"])[1:] == ([0, 67], 0, 0)
    # without out_00_ends_game an out on 00 is an ordinary out, whatever out_00_writes says
    assert settle({**m, "out_00_ends_game": False}, "out", 0, [[], ["55"], [], []], 0, [False, False], ["00"])[1] == [
        0,
        0,
    ]  # 10 < 25
    assert settle({**m, "out_00_ends_game": False}, "out", 0, [[], ["55"], [], []], 0, [False, True], ["00"])[1] == [
        0,
        10,
    ]


def out_on_00(d, g):
    return d is g["deals"][-1] and d["end"] == "out" and "00" in d["events"][-1]["play"]


def test_morskoy_games(games):
    # out_00_writes: the last deal of a game ended by an out on 00, read under the other value
    r, g, k = find(
        {key: v for key, v in games.items() if key[0] == "morskoy"},
        lambda d, g: out_on_00(d, g) and d["hand_sums"][1 - d["last"] % 2] >= 25,
    )
    assert g["deals"][k]["written"] == [0, 0] and audit_game(g, r) == []
    assert any(f"deal {k}: written is [0, 0]" in p for p in audit_game(g, {**r, "out_00_writes": True}))
    r, g, k = find(
        {key: v for key, v in games.items() if key[0] == "morskoy-writes"},
        lambda d, g: out_on_00(d, g) and d["written"] != [0, 0],
    )
    problems = audit_game(g, {**r, "out_00_writes": False})
    assert any(f"deal {k}: written" in p and "must be [0, 0]" in p for p in problems)
    games = {key: v for key, v in games.items() if key[0] == "morskoy"}
    r, g, k = find(
        games,
        lambda d, g: (
            g["deals"][-1]["end"] == "out"
            and "00" in g["deals"][-1]["events"][-1]["play"]
            and max(g["final_score"]) < 125
            and g["loser"] is not None
            and d is g["deals"][-1]
        ),
    )
    assert r["out_00_ends_game"] and audit_game(g, {**r, "out_00_ends_game": False})
    r, g, k = find(games, lambda d, g: k_burns(d, g))
    assert any(f"deal {k}: score" in p for p in audit_game(g, {**r, "shared_score": False}))
    r, g, k = find(
        games,
        lambda d, g: (
            d["end"] == "out"
            and "66" in d["events"][-1]["play"]
            and "00" not in d["events"][-1]["play"]
            and max(d["written"]) >= 100
        ),
    )
    assert any(f"deal {k}: written" in p for p in audit_game(g, {**r, "out_66_writes": 0}))
    r, g, k = find(
        games,
        lambda d, g: (
            d is g["deals"][-1]
            and g["loser"] is not None
            and "naked" not in g["titles"]
            and g["final_score"][1 - g["loser"]] == 0
        ),
    )  # the winners wrote, then burned: not naked
    g["titles"].append("naked")
    assert any("titles" in p for p in audit_game(g, r))


# Text 000 §10: «Выход на 00. Если кто-то вышел, а среди костей последнего хода есть 00, партия сразу
# заканчивается: пара вышедшего выиграла, соперники проиграли, независимо от счёта.» `out_00_writes: false`: the
# game is simply over, nothing is written for that deal (no score, no burn, the eggs pot stays); `true`: the deal
# is written first. The loser and the titles are the same either way.


def morskoy_record(writes=False):
    # Deal 0: seat 2 leads 11; fish by seat 0 (ends 1 1, every one is laid). A keep 34 46 66 + 03 06 26 = 46,
    # B 00 02 04 36 + 35 44 45 55 = 50: B lose and open with 50 >= 25.
    deal0 = {
        "redeals": 0,
        "bazaar": [],
        "leader": 2,
        "hands": [
            ["14", "15", "16", "33", "34", "46", "66"],
            ["00", "01", "02", "04", "12", "13", "36"],
            ["03", "06", "11", "22", "23", "26", "56"],
            ["05", "24", "25", "35", "44", "45", "55"],
        ],
        "events": parse("11@- . 15@1 01@1 56@5 05@0 16@6 12@1 23@2 25@5 33@3 13@3 22@2 24@2 14@4", 2),
        "end": "fish",
        "last": 0,
        "hand_sums": [46, 50],
        "written": [0, 50],
        "score": [0, 50],
        "carry": 0,
    }
    # Deal 1: seat 0, the fisherman, leads 36. Seat 1 (B) goes out with 55 and 00 in one move (ends 5 0): an out
    # on 00. A keeps 05 66 (17) + 26 56 (19) = 36; B 22 25 = 11. The game is over, A lose, B wrote: not naked;
    # the out held 00: bald. Nothing written: the score stays 0 50. Written first (`out_00_writes`): A, never
    # open, write 36 >= 25 (05 66 is no lone 66, and the 100 of an out on 66 needs no 00 in the move), which
    # opens A's score and burns B's 50: 36 0.
    written, score = ([36, 0], [36, 0]) if writes else ([0, 0], [0, 50])
    deal1 = {
        "redeals": 0,
        "bazaar": [],
        "leader": 0,
        "hands": [
            ["04", "05", "06", "14", "36", "45", "66"],
            ["00", "02", "16", "33", "34", "46", "55"],
            ["01", "12", "13", "26", "35", "44", "56"],
            ["03", "11", "15", "22", "23", "24", "25"],
        ],
        "events": parse(
            "36@- 46@6 13@3 11@1 45@4 16@1 35@5 23@3 06@6 02@2 01@0 03@0 14@1 33@3 44@4 24@4 . "
            "34@3 12@2 15@1 04@4 55@5+00@0",
            0,
        ),
        "end": "out",
        "last": 1,
        "hand_sums": [36, 11],
        "written": written,
        "score": score,
        "carry": 0,
    }
    return game_record("hand-morskoy", 12, [deal0, deal1], 0, ["bald"], score)


def morskoy_eggs_record(writes=False):
    # Deal 0: seat 0 leads 11; fish by seat 0 with 35 on each side: eggs, the pot is one side's 35.
    deal0 = {
        "redeals": 0,
        "bazaar": [],
        "leader": 0,
        "hands": [
            ["03", "11", "12", "23", "25", "36", "46"],
            ["00", "01", "15", "16", "44", "55", "66"],
            ["02", "04", "14", "24", "35", "45", "56"],
            ["05", "06", "13", "22", "26", "33", "34"],
        ],
        "events": parse("11@- 15@1 14@1 05@5 46@4 00@0+66@6 56@6 06@0 25@5 16@6 02@2 13@1 36@3 01@0 . 26@6 12@2", 0),
        "end": "fish",
        "last": 0,
        "hand_sums": [35, 35],
        "written": [0, 0],
        "score": [0, 0],
        "carry": 35,
    }
    # Deal 1: seat 0 leads 44; seat 1 (B) goes out with 00 (on the end 0). A keep 26 45 56 (28) + 02 (2) = 30,
    # B nothing + 22 24 66 (22). Nothing written: the pot of 35 stays, the score 0 0: A lose, naked and bald.
    # Written first: A write 30 + the pot 35 = 65 and the pot empties.
    written, carry = ([65, 0], 0) if writes else ([0, 0], 35)
    deal1 = {
        "redeals": 0,
        "bazaar": [],
        "leader": 0,
        "hands": [
            ["14", "25", "26", "44", "45", "55", "56"],
            ["00", "01", "03", "04", "11", "33", "34"],
            ["02", "05", "06", "12", "13", "15", "35"],
            ["16", "22", "23", "24", "36", "46", "66"],
        ],
        "events": parse(
            "44@- 34@4 35@3 46@4 55@5 . 15@5 16@6 14@1 04@4 06@0 36@6 . 33@3+11@1 12@1 23@2 . "
            "03@3 13@3 . . 01@1 05@0 . 25@5 00@0",
            0,
        ),
        "end": "out",
        "last": 1,
        "hand_sums": [30, 22],
        "written": written,
        "score": written,
        "carry": carry,
    }
    return game_record("hand-morskoy", 13, [deal0, deal1], 0, ["bald", "naked"], written)


MORSKOY = CONFIGS["morskoy"]


def test_out_00_writes_records():
    for writes in (False, True):
        rules = {**MORSKOY, "out_00_writes": writes}
        assert audit_game(morskoy_record(writes), rules) == [], writes
        assert audit_game(morskoy_eggs_record(writes), rules) == [], writes
        problems = audit_game(morskoy_record(not writes), rules)
        want = "[0, 0], must be [36, 0]" if writes else "[36, 0], must be [0, 0]"
        assert any(f"deal 1: written is {want}" in p for p in problems), problems
        assert any("deal 1: score" in p for p in problems), problems  # the burn, or none
        problems = audit_game(morskoy_eggs_record(not writes), rules)
        want = "carry is 35, must be 0" if writes else "carry is 0, must be 35"
        assert any(f"deal 1: {want}" in p for p in problems), problems
    # nothing written, but the score still burned / the pot still emptied
    rec = morskoy_record()
    rec["deals"][1]["score"] = rec["final_score"] = [0, 0]
    assert any("deal 1: score is [0, 0], must be [0, 50]" in p for p in audit_game(rec, MORSKOY))
    rec = morskoy_eggs_record()
    rec["deals"][1]["carry"] = 0
    assert any("deal 1: carry is 0, must be 35" in p for p in audit_game(rec, MORSKOY))
    # the loser and the titles do not depend on the knob
    for writes in (False, True):
        for make, titles in ((morskoy_record, ["naked", "bald"]), (morskoy_eggs_record, ["bald"])):
            rec = make(writes)
            rec["loser"] = 1
            rec["titles"] = titles
            problems = audit_game(rec, {**MORSKOY, "out_00_writes": writes})
            assert any("loser is 1, must be 0" in p for p in problems) and any("titles" in p for p in problems)
    # without out_00_ends_game the out on 00 is an ordinary out and the game goes on
    problems = audit_game(morskoy_record(True), {**MORSKOY, "out_00_ends_game": False})
    assert any("stops after 2 deal" in p for p in problems) and any("loser is 0, must be None" in p for p in problems)


def k_burns(d, g):
    i = g["deals"].index(d)
    return i > 0 and any(a > 0 and b == 0 for a, b in zip(g["deals"][i - 1]["score"], d["score"]))


def test_specials():
    lone = [["00"], ["66"], ["12"], ["00", "66"]]
    assert settle(R(), "out", 0, lone, 0, [True, True])[1] == [0, 125]
    assert settle(R(), "out", 1, lone, 0, [True, True])[1] == [28, 0]
    assert settle(R(specials="plain"), "out", 1, lone, 0, [True, True])[1] == [3, 0]
    assert settle(R(specials="per-pair"), "out", 0, lone, 0, [True, True])[1] == [0, 24]
    assert settle(R(specials="per-pair"), "out", 0, [[], ["00"], [], ["66"]], 0, [True, True])[1] == [0, 75]
    assert settle(R(specials="per-pair"), "out", 0, [[], ["00"], [], []], 0, [True, True])[1] == [0, 25]
    # text 001: a lone 00 counts 10; specials never decide a fish (sums 0 < 3: A wins)
    assert settle(R(lone_00=10), "fish", 1, [["00"], ["12"], [], []], 0, [True, True])[1:] == ([0, 3], 0, 0)


@pytest.mark.parametrize("junk", [None, True, 7, "x", [], [[0]], {}, {"p": 0}])
def test_garbled_values_are_reported_not_raised(junk):
    for path in (
        ("deals",),
        ("deals", 0),
        ("deals", 1, "hands"),
        ("deals", 1, "hands", 2),
        ("deals", 0, "events"),
        ("deals", 0, "events", 4),
        ("deals", 0, "events", 4, "play"),
        ("deals", 0, "events", 4, "play", 0),
        ("deals", 1, "leader"),
        ("deals", 1, "score"),
        ("titles",),
        ("loser",),
    ):
        rec = hand_record()
        _set(path, junk)(rec)
        if rec != hand_record():
            assert audit_game(rec, HAND_RULES), path
    assert audit_game(junk, HAND_RULES)


def test_default_knobs_match_the_package():
    rules = pytest.importorskip("kozel_stats.rules.variants")
    try:
        variant = rules.load_variant("default")
    except rules.VariantError:
        pytest.skip("no shipped default variant yet")
    assert variant.rule_dict == DEFAULT


# --- каждый сам за себя, written out by hand ---------------------------------------------

SOLO3_RULES = R(players=3, pairs=False, first_lead="lowest-double-or-heaviest", target=60)
SOLO4_RULES = R(players=4, pairs=False, target=40)


def parse_n(moves, leader, n, cross=False):
    """Events for `n` seats: `tile@end` (`-` for the first tile; `!` after the end: laid closed), `a@x+b@y`,
    `.` a knock, `^ab` a draw (the same seat goes on)."""
    events, seat = [], leader
    for tok in moves.split():
        if tok.startswith("^"):
            events.append({"p": seat, "draw": tok[1:]})
            continue
        if tok == ".":
            events.append({"p": seat, "knock": True})
        else:
            tiles, ats = zip(*(part.split("@") for part in tok.split("+")))
            ev = {
                "p": seat,
                "play": list(tiles),
                "at": [None if a.rstrip("!") == "-" else int(a.rstrip("!")) for a in ats],
            }
            if cross:
                ev["closed"] = [a.endswith("!") for a in ats]
            events.append(ev)
        seat = (seat + 1) % n
    return events


def solo3_record():
    # Three players, seven tiles in the bazaar. Seat 0 holds the lowest double in the hands, 11 (00 is in the
    # bazaar), and leads it. Ends: 11 1 1, 12 2 1, 26 6 1, 16 1 1, 13 3 1; seat 2 (no 3, no 1) draws 00 and 06
    # (no fit) and 34 (fits), plays 34: 4 1; 14 1 1, 15 5 1; seat 2 (no 5, no 1) draws 23, 66, 03, none fits,
    # and knocks: one tile (35) is left and it is never drawn; 05 0 1, 01 1 1: all seven ones are out, fish by
    # seat 1. Left: seat 0 33 45 56 = 26, seat 1 25 36 55 = 26, seat 2 02 04 22 24 44 46 00 06 23 66 03 = 60.
    # Seats 0 and 1 tie for the smallest sum: both win; seat 2 alone writes his 60 (>= 13, opens), reaches
    # the target 60 and is the goat; nobody else ever wrote: naked.
    deal = {
        "redeals": 0,
        "bazaar": ["00", "06", "34", "23", "66", "03", "35"],
        "leader": 0,
        "hands": [
            ["11", "16", "14", "05", "33", "45", "56"],
            ["12", "13", "15", "01", "25", "36", "55"],
            ["26", "02", "04", "22", "24", "44", "46"],
        ],
        "events": parse_n("11@- 12@1 26@2 16@6 13@1 ^00 ^06 ^34 34@3 14@4 15@1 ^23 ^66 ^03 . 05@5 01@0", 0, 3),
        "end": "fish",
        "last": 1,
        "hand_sums": [26, 26, 60],
        "written": [0, 0, 60],
        "score": [0, 0, 60],
        "carry": 0,
    }
    return game_record("hand-solo-3", 3, [deal], 2, ["naked"], [0, 0, 60], players=3, pairs=False)


def solo4_record(swap=False):
    # Four players, no bazaar, 11 leads. 11 1 1, 12 2 1, 26 6 1, 16 1 1, 13 3 1, 34 4 1, 14 1 1, 15 5 1,
    # 05 0 1, 01 1 1: fish by seat 1. Left: seat 0 00 02 03 04 = 9 (wins), seat 1 66 56 46 25 = 40,
    # seat 2 06 23 24 33 44 = 31, seat 3 55 45 36 35 22 = 40. Every loser writes his own hand. Target 40:
    # seats 1 and 3 cross with 40 each: the goat is the lower seat, 1. With `swap` seat 1's 46 and seat 3's
    # 45 change hands: 39 and 41; with target 35 both cross and seat 3, with more points, is the goat.
    h1, h3 = ["12", "34", "01", "66", "56", "46", "25"], ["16", "15", "55", "45", "36", "35", "22"]
    if swap:
        h1[5], h3[3] = h3[3], h1[5]
    s1, s3 = (39, 41) if swap else (40, 40)
    deal = {
        "redeals": 0,
        "bazaar": [],
        "leader": 0,
        "hands": [["11", "13", "05", "00", "02", "03", "04"], h1, ["26", "14", "06", "23", "24", "33", "44"], h3],
        "events": parse_n("11@- 12@1 26@2 16@6 13@1 34@3 14@4 15@1 05@5 01@0", 0, 4),
        "end": "fish",
        "last": 1,
        "hand_sums": [9, s1, 31, s3],
        "written": [0, s1, 31, s3],
        "score": [0, s1, 31, s3],
        "carry": 0,
    }
    return game_record("hand-solo-4", 4, [deal], 3 if swap else 1, [], [0, s1, 31, s3], pairs=False)


def test_solo_hand_games_are_correct():
    assert audit_game(solo3_record(), SOLO3_RULES) == []
    assert audit_game(solo4_record(), SOLO4_RULES) == []
    assert audit_game(solo4_record(swap=True), {**SOLO4_RULES, "target": 35}) == []


# --- Осёл «Крест», written out by hand ------------------------------------------------------
# threshold 100 on every deal, so that short deals leave points to remember

OSEL_RULES = R(layout="cross", threshold="every-deal", memory=True, threshold_value=100)


def osel_record():
    # Deal 0: seat 0 leads 11, the house, open on four sides: ends 1 1 1 1. 12 -> 2 1 1 1; 13 -> 2 3 1 1;
    # seat 3 lays 22 closed (the end 2 dies) and 33 open (not the house: no change) -> 3 1 1; 36 -> 6 1 1;
    # 66 closed -> 1 1; 14 -> 4 1; 44 closed -> 1; 15 -> 5; 55 closed: no open end, fish by seat 1.
    # Left: A 00 01 02 03 (6) + 04 05 06 16 23 (27) = 33; B 24 25 26 34 (28) + 35 45 46 56 (38) = 66.
    # B loses with 66 < 100: not written, remembered. Memory 0 66.
    deal0 = {
        "redeals": 0,
        "bazaar": [],
        "leader": 0,
        "hands": [
            ["11", "36", "15", "00", "01", "02", "03"],
            ["12", "66", "55", "24", "25", "26", "34"],
            ["13", "14", "04", "05", "06", "16", "23"],
            ["22", "33", "44", "35", "45", "46", "56"],
        ],
        "events": parse_n("11@- 12@1 13@1 22@2!+33@3 36@3 66@6! 14@1 44@4! 15@1 55@5!", 0, 4, cross=True),
        "end": "fish",
        "last": 1,
        "hand_sums": [33, 66],
        "written": [0, 0],
        "score": [0, 0],
        "carry": 0,
        "memory": [0, 66],
    }
    # Deal 1: the fisherman, seat 1, leads 24: ends 2 4. Seat 2 lays 22 open on the 2: the house laid on an
    # end keeps it and opens two more: 2 4 2 2. 23, 25 and 26 take the three 2s: 3 4 5 6. Seat 2 lays 33, 44
    # and 55 closed in one move: 6; seat 3 lays 66 closed: no open end, fish by seat 3. Left: A 36 45 35 34
    # 16 15 (46) + 02 56 46 (23) = 69; B 00 01 03 11 12 (9) + 04 05 06 13 14 (24) = 33. A loses: 69 < 100 is
    # remembered; B did not lose and forgets its 66. Memory 69 0.
    deal1 = {
        "redeals": 1,
        "bazaar": [],
        "leader": 1,
        "hands": [
            ["25", "36", "45", "35", "34", "16", "15"],
            ["24", "26", "00", "01", "03", "11", "12"],
            ["22", "33", "44", "55", "02", "56", "46"],
            ["23", "66", "04", "05", "06", "13", "14"],
        ],
        "events": parse_n("24@- 22@2 23@2 25@2 26@2 33@3!+44@4!+55@5! 66@6!", 1, 4, cross=True),
        "end": "fish",
        "last": 3,
        "hand_sums": [69, 33],
        "written": [0, 0],
        "score": [0, 0],
        "carry": 0,
        "memory": [69, 0],
    }
    # Deal 2: early closure. Seat 3 leads 35: ends 3 5; seat 0 lays 33 (the house) and 55, both closed: no
    # open end, fish by seat 0. Left: A 34 25 24 16 15 (33) + 66 56 46 45 36 26 44 (67) = 100; B 00 01 02 11
    # 12 13 22 (16) + 03 04 05 06 14 23 (28) = 44. A loses: 100 + its remembered 69 = 169 is written and the
    # memory clears. A reaches 101: the goats; B never wrote: naked.
    deal2 = {
        "redeals": 0,
        "bazaar": [],
        "leader": 3,
        "hands": [
            ["33", "55", "34", "25", "24", "16", "15"],
            ["00", "01", "02", "11", "12", "13", "22"],
            ["66", "56", "46", "45", "36", "26", "44"],
            ["35", "03", "04", "05", "06", "14", "23"],
        ],
        "events": parse_n("35@- 33@3!+55@5!", 3, 4, cross=True),
        "end": "fish",
        "last": 0,
        "hand_sums": [100, 44],
        "written": [169, 0],
        "score": [169, 0],
        "carry": 0,
        "memory": [0, 0],
    }
    return game_record("hand-osel", 11, [deal0, deal1, deal2], 0, ["naked"], [169, 0])


def test_osel_hand_game_is_correct():
    assert audit_game(osel_record(), OSEL_RULES) == []


def _insert(path, index, value):
    def mutate(rec):
        obj = rec
        for k in path:
            obj = obj[k]
        obj.insert(index, value)

    return mutate


def _swap_events(k, i, j):
    def mutate(rec):
        ev = rec["deals"][k]["events"]
        ev[i], ev[j] = ev[j], ev[i]

    return mutate


EV = ("deals", 0, "events")
SOLO_MUTATIONS = {  # (mutation, where, what) on solo3_record()
    "a draw when a tile fits": (_insert(EV, 4, {"p": 1, "draw": "00"}), "deal 0 event 4", "but can play"),
    "a draw after a fitting draw": (_insert(EV, 8, {"p": 2, "draw": "23"}), "deal 0 event 8", "but can play"),
    "drawing the last bazaar tile": (_set(EV + (14,), {"p": 2, "draw": "35"}), "deal 0 event 14", "never drawn"),
    "a draw out of bazaar order": (_swap_events(0, 5, 6), "deal 0 event 5", "next bazaar tile is 00"),
    "a draw of a tile not in the bazaar": (_set(EV + (5,), {"p": 2, "draw": "45"}), "deal 0 event 5", "next bazaar"),
    "a missing draw": (_set(EV + (11,), {"p": 2, "knock": True}), "deal 0 event 11", "must draw"),
    "a knock with two tiles left": (lambda r: r["deals"][0]["events"].pop(13), "deal 0 event 13", "must draw"),
    "the draws left out": (
        lambda r: r["deals"][0]["events"].__delitem__(slice(5, 8)),
        "deal 0 event 5",
        "not in the hand",
    ),
    "a draw by the wrong seat": (_set(EV + (5, "p"), 0), "deal 0 event 5", "turn"),
    "malformed draw": (_set(EV + (5,), {"p": 2, "draw": "00", "knock": True}), "deal 0 event 5", "malformed"),
    "first move not the lowest double": (_set(EV + (0, "play"), ["33"]), "deal 0 event 0", "double 11"),
    "a tied fish winner writes": (
        lambda r: r["deals"][0].update(written=[26, 0, 60], score=[26, 0, 60]),
        "deal 0",
        "written",
    ),
    "only one tied winner": (
        lambda r: r["deals"][0].update(written=[0, 26, 60], score=[0, 26, 60]),
        "deal 0",
        "written",
    ),
    "an eggs pot": (_set(("deals", 0, "carry"), 26), "deal 0", "carry"),
    "hand_sums": (_set(("deals", 0, "hand_sums"), [26, 26, 25]), "deal 0", "hand_sums"),
    "the fish missed": (lambda r: r["deals"][0]["events"].append({"p": 2, "knock": True}), "deal 0 event 16", "follow"),
    "wrong goat": (_set(("loser",), 0), "", "loser is 0, must be 2"),
    "not naked": (_set(("titles",), []), "", "titles"),
    "bazaar too short": (_set(("deals", 0, "bazaar"), ["00", "06", "34", "23", "66", "03"]), "deal 0", "bazaar"),
    "bazaar overlaps a hand": (_set(("deals", 0, "bazaar", 6), "11"), "deal 0", "bazaar"),
    "a hand in the bazaar's place": (_set(("deals", 0, "hands", 2, 0), "35"), "deal 0", "cover all 28"),
    "pair sides": (_set(("sides",), [[0, 2], [1]]), "", "sides"),
    "bots": (_set(("bots",), ["a"] * 4), "", "bots"),
    "players": (_set(("players",), 4), "", "players"),
    "final_score": (_set(("final_score",), [0, 60]), "", "final_score"),
}


@pytest.mark.parametrize("name", SOLO_MUTATIONS)
def test_solo_mutation_is_reported(name):
    mutate, where, what = SOLO_MUTATIONS[name]
    rec = solo3_record()
    mutate(rec)
    problems = audit_game(rec, SOLO3_RULES)
    assert any(where in p and what in p for p in problems), problems


def test_solo_goat_and_scoring():
    rec = solo4_record()
    rec["loser"] = 3  # tied at 40: the lower seat is the goat
    assert any("loser is 3, must be 1" in p for p in audit_game(rec, SOLO4_RULES))
    rec = solo4_record(swap=True)
    rec["loser"] = 1  # 39 and 41 both cross 35: the one with more points is the goat
    assert any("loser is 1, must be 3" in p for p in audit_game(rec, {**SOLO4_RULES, "target": 35}))
    rec = solo4_record()
    rec["deals"][0]["written"][2] = rec["deals"][0]["score"][2] = 0  # every loser writes, not only the worst
    assert any("deal 0: written" in p for p in audit_game(rec, SOLO4_RULES))
    # the same record read as pairs is nonsense
    assert audit_game(solo4_record(), R(target=40))
    # per-player threshold: with 35 seat 2's 31 is lost, the others open
    problems = audit_game(solo4_record(), {**SOLO4_RULES, "threshold_value": 35})
    assert any("deal 0: written is [0, 40, 31, 40], must be [0, 40, 0, 40]" in p for p in problems)
    # fish rules apply per losing player: seat 1 would be the only winner, and the winners' 9 is added
    assert any("deal 0: written" in p for p in audit_game(solo4_record(), {**SOLO4_RULES, "fish_winner": "fisherman"}))
    assert any(
        "written is [0, 40, 31, 40], must be [0, 49, 40, 49]" in p
        for p in audit_game(solo4_record(), {**SOLO4_RULES, "fish_writes": "all"})
    )
    assert any(
        "written is [0, 40, 31, 40], must be [0, 31, 22, 31]" in p
        for p in audit_game(solo4_record(), {**SOLO4_RULES, "fish_writes": "difference"})
    )
    # the tied fish of the three-player record under the fisherman rule: seat 1 alone wins
    assert any(
        "must be [26, 0, 60]" in p for p in audit_game(solo3_record(), {**SOLO3_RULES, "fish_winner": "fisherman"})
    )


def test_solo_first_lead():
    rules = R(first_lead="lowest-double-or-heaviest")
    assert first_lead_tile([["36", "12"], ["45", "04"]], rules) == "36"  # most pips, then the higher half
    assert first_lead_tile([["36", "12"], ["45", "56"]], rules) == "56"
    assert first_lead_tile([["36", "55"], ["45", "22"]], rules) == "22"
    rec = solo3_record()  # read with 11 as the lead it is still right; with 33 it is not
    assert audit_game(rec, {**SOLO3_RULES, "first_lead": "double-11"}) == []
    assert any(
        "deal 0 event 0" in p and "double 33" in p for p in audit_game(rec, {**SOLO3_RULES, "first_lead": "double-33"})
    )  # seat 0 holds 33 too
    assert any(
        "deal 0: leader is seat 0, must be 2" in p for p in audit_game(rec, {**SOLO3_RULES, "first_lead": "double-22"})
    )
    assert any(
        "no hand holds the first lead tile 00" in p for p in audit_game(rec, {**SOLO3_RULES, "first_lead": "double-00"})
    )


def solo3_fish_record():
    # A fish is never decided from hidden tiles. Text 000 §9: «Последнюю кость базара брать нельзя: если она одна,
    # игрок стучит.» Three players; 00 is the lowest double in the hands: seat 0 leads it. 00 0 0, 01 1 0, 05 1 5,
    # 15 1 1, 12 2 1, 26 6 1, 16 1 1, 13 3 1, 34 4 1, 14 1 1: every one but 11 is laid, and 11 is the bazaar's
    # last tile. The table does not show a fish, so play goes on: seat 1, without a one, draws 06 45 46 55 56 66
    # (none fits) and knocks with one tile left; seats 2 and 0 knock too. A full round of knocks is a fish, by
    # seat 0, who laid the last tile. Left: seat 0 02 03 04 = 9 wins; seat 1 22 23 24 25 and the six drawn
    # tiles = 80 and seat 2 33 35 36 44 = 31 write. Target 20: both cross, seat 1 has more and is the goat.
    deal = {
        "redeals": 0,
        "bazaar": ["06", "45", "46", "55", "56", "66", "11"],
        "leader": 0,
        "hands": [
            ["00", "15", "16", "14", "02", "03", "04"],
            ["01", "12", "13", "22", "23", "24", "25"],
            ["05", "26", "34", "33", "35", "36", "44"],
        ],
        "events": parse_n("00@- 01@0 05@0 15@5 12@1 26@2 16@6 13@1 34@3 14@4 ^06 ^45 ^46 ^55 ^56 ^66 . . .", 0, 3),
        "end": "fish",
        "last": 0,
        "hand_sums": [9, 80, 31],
        "written": [0, 80, 31],
        "score": [0, 80, 31],
        "carry": 0,
    }
    return game_record("hand-solo-3", 5, [deal], 1, [], [0, 80, 31], players=3, pairs=False)


SOLO_FISH_RULES = {**SOLO3_RULES, "target": 20}
HIDDEN = ("deals", 0, "events")
HIDDEN_FISH_MUTATIONS = {  # (mutation, where, what) on solo3_fish_record(), under every solo_fish reading
    "the old reading: a fish while the last bazaar tile fits": (
        lambda r: r["deals"][0].update(
            events=r["deals"][0]["events"][:10], last=0, hand_sums=[9, 22, 31], written=[0, 22, 31], score=[0, 22, 31]
        ),
        "deal 0: the events stop after event 9",
        "not over (no out, no fish: 11 off the table still fits",
    ),
    "two knocks are not a round": (lambda r: r["deals"][0]["events"].pop(), "deal 0: the events stop", "not over"),
    "a fourth knock": (
        lambda r: r["deals"][0]["events"].append({"p": 1, "knock": True}),
        "deal 0 event 18",
        "all 3 players knocked in turn",
    ),
    "a knock instead of the draws": (
        lambda r: r["deals"][0]["events"].__delitem__(slice(10, 16)),
        "deal 0 event 10",
        "must draw",
    ),
    "the last bazaar tile drawn": (_insert(HIDDEN, 16, {"p": 1, "draw": "11"}), "deal 0 event 16", "never drawn"),
    "the fisherman is the last knocker's neighbour": (_set(("deals", 0, "last"), 1), "deal 0", "end/last"),
    "the drawn tiles left out of the sum": (
        lambda r: r["deals"][0].update(hand_sums=[9, 22, 31]),
        "deal 0",
        "hand_sums",
    ),
}


@pytest.mark.parametrize("mode", ["visible", "draw-down", "take-all"])
def test_hidden_fish_goes_on_to_a_round_of_knocks(mode):
    rules = {**SOLO_FISH_RULES, "solo_fish": mode}
    assert audit_game(solo3_fish_record(), rules) == []  # 11 hides in the bazaar: every reading plays on
    for name, (mutate, where, what) in HIDDEN_FISH_MUTATIONS.items():
        rec = solo3_fish_record()
        mutate(rec)
        problems = audit_game(rec, rules)
        assert any(where in p and what in p for p in problems), (name, problems)
    rec = solo3_fish_record()
    bazaar = rec["deals"][0]["bazaar"]
    bazaar[0], bazaar[6] = bazaar[6], bazaar[0]  # 11 comes first: seat 1 draws it and must play it
    assert any("deal 0 event 10: seat 1 draws 06 but the next bazaar tile is 11" in p for p in audit_game(rec, rules))


def solo3_shown_fish_record(mode="visible"):
    # Text 000 §6/§9 and the `solo_fish` readings. The same line as solo3_fish_record, but seat 1 holds 11 and
    # lays it last: 11 1 1 puts all seven ones on the table, so the table shows a fish, by seat 1, with the
    # whole bazaar (25 06 45 46 55 56 66) still there. `visible`: the deal ends at once. `draw-down`: seat 2,
    # the player to move, first draws the bazaar down to its last tile (25 06 45 46 55 56, 53 pips);
    # `take-all` (text 004: «обязуется забрать весь базар»): he takes all seven (65 pips). Left: seat 0 02 03
    # 04 = 9 wins; seat 1 22 23 24 = 15 and seat 2 33 35 36 44 = 31 (+ 53, + 65) write. Target 20: seat 2.
    draws = {
        "visible": [],
        "draw-down": ["25", "06", "45", "46", "55", "56"],
        "take-all": ["25", "06", "45", "46", "55", "56", "66"],
    }[mode]
    s2 = {"visible": 31, "draw-down": 84, "take-all": 96}[mode]
    deal = {
        "redeals": 0,
        "bazaar": ["25", "06", "45", "46", "55", "56", "66"],
        "leader": 0,
        "hands": [
            ["00", "15", "16", "14", "02", "03", "04"],
            ["01", "12", "13", "11", "22", "23", "24"],
            ["05", "26", "34", "33", "35", "36", "44"],
        ],
        "events": parse_n("00@- 01@0 05@0 15@5 12@1 26@2 16@6 13@1 34@3 14@4 11@1", 0, 3)
        + [{"p": 2, "draw": t} for t in draws],
        "end": "fish",
        "last": 1,
        "hand_sums": [9, 15, s2],
        "written": [0, 15, s2],
        "score": [0, 15, s2],
        "carry": 0,
    }
    return game_record("hand-solo-3", 6, [deal], 2, [], [0, 15, s2], players=3, pairs=False)


def _draws(change):
    """Apply `change` to the list of the closing draws (events 11 on) of a shown-fish record."""

    def mutate(rec):
        ev = rec["deals"][0]["events"]
        ev[11:] = change([dict(e) for e in ev[11:]])

    return mutate


SHOWN_FISH_MUTATIONS = {  # (record mode, mutation, audited under, where, what)
    "visible: draws after the fish": (
        "draw-down",
        None,
        "visible",
        "deal 0 event 10",
        "ends here (fish) but 6 more event(s) follow",
    ),
    "draw-down: no draws": (
        "visible",
        None,
        "draw-down",
        "deal 0: the events stop after event 10",
        "seat 2 still draws ['25', '06', '45', '46', '55', '56']",
    ),
    "draw-down: the last tile drawn too": (
        "take-all",
        None,
        "draw-down",
        "deal 0 event 16",
        "ends here (fish) but 1 more event(s) follow",
    ),
    "take-all: the last tile left": (
        "draw-down",
        None,
        "take-all",
        "deal 0: the events stop after event 16",
        "still draws ['66']",
    ),
    "draw-down: the fisherman draws": (
        "draw-down",
        _draws(lambda ds: [{**d, "p": 1} for d in ds]),
        "draw-down",
        "deal 0 event 11",
        "seat 2 draws the bazaar down",
    ),
    "draw-down: out of bazaar order": (
        "draw-down",
        _draws(lambda ds: ds[1:2] + ds[:1] + ds[2:]),
        "draw-down",
        "deal 0 event 11",
        "the next draw is {'p': 2, 'draw': '25'}",
    ),
    "take-all: a draw missing": (
        "take-all",
        _draws(lambda ds: ds[:3] + ds[4:]),
        "take-all",
        "deal 0 event 14",
        "the next draw is {'p': 2, 'draw': '46'}",
    ),
    "take-all: a knock instead": (
        "take-all",
        _draws(lambda ds: [{"p": 2, "knock": True}]),
        "take-all",
        "deal 0 event 11",
        "takes the whole bazaar",
    ),
    "take-all: the taken tiles not counted": (
        "take-all",
        lambda r: r["deals"][0].update(hand_sums=[9, 15, 31], written=[0, 15, 31], score=[0, 15, 31]),
        "take-all",
        "deal 0",
        "hand_sums is [9, 15, 31], must be [9, 15, 96]",
    ),
}


def test_shown_fish_readings():
    for mode in ("visible", "draw-down", "take-all"):
        assert audit_game(solo3_shown_fish_record(mode), {**SOLO_FISH_RULES, "solo_fish": mode}) == [], mode
    # with one tile left in the bazaar there is nothing to draw down; take-all takes it (35: seat 2 has 68)
    assert audit_game(solo3_record(), {**SOLO3_RULES, "solo_fish": "draw-down"}) == []
    assert any(
        "deal 0: the events stop after event 16, but after the fish seat 2 still draws ['35']" in p
        for p in audit_game(solo3_record(), {**SOLO3_RULES, "solo_fish": "take-all"})
    )
    rec = solo3_record()
    rec["deals"][0]["events"].append({"p": 2, "draw": "35"})
    rec["deals"][0].update(hand_sums=[26, 26, 68], written=[0, 0, 68], score=[0, 0, 68])
    rec["final_score"] = [0, 0, 68]
    assert audit_game(rec, {**SOLO3_RULES, "solo_fish": "take-all"}) == []
    # four players have no bazaar: every reading is the plain fish
    for mode in ("draw-down", "take-all"):
        assert audit_game(solo4_record(), {**SOLO4_RULES, "solo_fish": mode}) == []


@pytest.mark.parametrize("name", SHOWN_FISH_MUTATIONS)
def test_shown_fish_mutation_is_reported(name):
    mode, mutate, rule, where, what = SHOWN_FISH_MUTATIONS[name]
    rec = solo3_shown_fish_record(mode)
    if mutate:
        mutate(rec)
    problems = audit_game(rec, {**SOLO_FISH_RULES, "solo_fish": rule})
    assert any(where in p and what in p for p in problems), problems


# --- каждый сам за себя: eggs (`solo_eggs`) -------------------------------------------------
# Text 004: «Если у игроков одинаковое количество очков, то ... "яйца"» is read for каждый сам за себя as: a fish
# where ALL players' plain sums are equal is eggs, nobody writes, and the pot (one hand: `one-hand`, all hands:
# `all-hands`) goes to the next deal's losing player with the most pips left (ties: the lowest seat), added to
# his total before the threshold (text 000 §7: «Порог 13 применяют уже к общей сумме»), and is used up.
# Every deal below is the line of solo3_shown_fish_record (seven ones on the table, a shown fish by the player
# after the leader), dealt `shift` seats on; the hands are given as (leader's, next seat's, the third seat's).

LINE = "00@- 01@0 05@0 15@5 12@1 26@2 16@6 13@1 34@3 14@4 11@1"
# eggs: the leader keeps 02 55 56 = 23, the next seat 24 35 36 = 23, the third 04 06 33 25 = 23
EGGS_HANDS = (
    ["00", "15", "16", "14", "02", "55", "56"],
    ["01", "12", "13", "11", "24", "35", "36"],
    ["05", "26", "34", "04", "06", "33", "25"],
)
EGGS_BAZAAR = ["03", "22", "23", "44", "45", "46", "66"]
# the payout: the leader keeps 02 03 04 = 9 and wins; the next seat 25 33 36 = 22 (with `tie` 25 33 35 = 21)
# and the third 06 22 23 24 = 21 lose
PAY_HANDS = (
    ["00", "15", "16", "14", "02", "03", "04"],
    ["01", "12", "13", "11", "25", "33", "36"],
    ["05", "26", "34", "06", "22", "23", "24"],
)
PAY_BAZAAR = ["35", "44", "45", "46", "55", "56", "66"]


def line_deal(hands, bazaar, shift):
    dealt = [None] * 3
    for s, h in enumerate(hands):
        dealt[(s + shift) % 3] = list(h)
    return {
        "redeals": 0,
        "hands": dealt,
        "bazaar": list(bazaar),
        "leader": shift,
        "events": parse_n(LINE, shift, 3),
        "end": "fish",
        "last": (shift + 1) % 3,
    }


EGGS_CASES = {  # (solo_eggs, eggs deals, tie) -> the pot after each eggs deal, the payout's hand_sums and written
    # one eggs deal (23 each, fish by seat 1); seat 1 leads the payout: seat 2 keeps 22, seat 0 21: seat 2 gets
    # the pot, 22 + 23 = 45
    ("one-hand", 1, False): ([23], [21, 9, 22], [21, 0, 45]),
    ("all-hands", 1, False): ([69], [21, 9, 22], [21, 0, 91]),  # 22 + 3 x 23
    # seats 2 and 0 both keep 21: the lower seat, 0, gets the pot
    ("one-hand", 1, True): ([23], [21, 9, 21], [44, 0, 21]),
    # two eggs deals in a row (fish by seat 1, then by seat 2): the pot grows to 46; seat 2 leads the payout,
    # seat 0 keeps 22 and gets it, seat 1 keeps 21 («Если и следующая сдача кончилась "яйцами", суммы складываются»)
    ("one-hand", 2, False): ([23, 46], [22, 21, 9], [68, 21, 0]),
    ("all-hands", 2, False): ([69, 138], [22, 21, 9], [160, 21, 0]),
}
SOLO_EGGS_RULES = {**SOLO3_RULES, "target": 40}


def solo3_eggs_record(pot="one-hand", eggs=1, tie=False):
    carries, sums, written = EGGS_CASES[pot, eggs, tie]
    deals = []
    for k, carry in enumerate(carries):
        deals.append(
            {
                **line_deal(EGGS_HANDS, EGGS_BAZAAR, k),
                "hand_sums": [23, 23, 23],
                "written": [0, 0, 0],
                "score": [0, 0, 0],
                "carry": carry,
            }
        )
    hands, bazaar = PAY_HANDS, PAY_BAZAAR
    if tie:
        hands = (hands[0], hands[1][:6] + ["35"], hands[2])
        bazaar = ["36"] + bazaar[1:]
    deals.append(
        {**line_deal(hands, bazaar, eggs), "hand_sums": sums, "written": written, "score": written, "carry": 0}
    )
    return game_record("hand-solo-eggs", 8, deals, written.index(max(written)), [], written, players=3, pairs=False)


def test_solo_eggs_records_are_correct():
    for pot, eggs, tie in EGGS_CASES:
        assert audit_game(solo3_eggs_record(pot, eggs, tie), {**SOLO_EGGS_RULES, "solo_eggs": pot}) == [], (pot, eggs)


SOLO_EGGS_MUTATIONS = {  # (record, mutation, where, what), under the record's own solo_eggs
    "no eggs pot under none": (("one-hand", 1, False), "none", None, "deal 0", "carry is 23, must be 0"),
    "one hand under all-hands": (("one-hand", 1, False), "all-hands", None, "deal 0", "carry is 23, must be 69"),
    "all hands under one-hand": (("all-hands", 1, False), "one-hand", None, "deal 0", "carry is 69, must be 23"),
    "writing in eggs": (
        ("one-hand", 1, False),
        "one-hand",
        lambda r: r["deals"][0].update(written=[23, 23, 23], score=[23, 23, 23]),
        "deal 0",
        "written is [23, 23, 23], must be [0, 0, 0]",
    ),
    "the pot to the lighter loser": (
        ("one-hand", 1, False),
        "one-hand",
        lambda r: r["deals"][1].update(written=[44, 0, 22], score=[44, 0, 22]),
        "deal 1",
        "written is [44, 0, 22], must be [21, 0, 45]",
    ),
    "the pot to every loser": (
        ("one-hand", 1, False),
        "one-hand",
        lambda r: r["deals"][1].update(written=[44, 0, 45], score=[44, 0, 45]),
        "deal 1",
        "must be [21, 0, 45]",
    ),
    "the tie to the higher seat": (
        ("one-hand", 1, True),
        "one-hand",
        lambda r: r["deals"][1].update(written=[21, 0, 44], score=[21, 0, 44]),
        "deal 1",
        "must be [44, 0, 21]",
    ),
    "the pot kept after the payout": (
        ("one-hand", 1, False),
        "one-hand",
        _set(("deals", 1, "carry"), 23),
        "deal 1",
        "carry is 23, must be 0",
    ),
    "eggs in a row not added up": (
        ("one-hand", 2, False),
        "one-hand",
        _set(("deals", 1, "carry"), 23),
        "deal 1",
        "carry is 23, must be 46",
    ),
    "the pot of the first eggs only": (
        ("one-hand", 2, False),
        "one-hand",
        lambda r: r["deals"][2].update(written=[45, 21, 0], score=[45, 21, 0]),
        "deal 2",
        "must be [68, 21, 0]",
    ),
}


@pytest.mark.parametrize("name", SOLO_EGGS_MUTATIONS)
def test_solo_eggs_mutation_is_reported(name):
    case, rule, mutate, where, what = SOLO_EGGS_MUTATIONS[name]
    rec = solo3_eggs_record(*case)
    if mutate:
        mutate(rec)
    problems = audit_game(rec, {**SOLO_EGGS_RULES, "solo_eggs": rule})
    assert any(where in p and what in p for p in problems), problems


def test_solo_eggs_pot_used_up_under_the_threshold():
    # with a threshold of 50 (once) seat 2's 22 + 23 = 45 is lost, and so is the pot: nothing carries on
    problems = audit_game(solo3_eggs_record(), {**SOLO_EGGS_RULES, "solo_eggs": "one-hand", "threshold_value": 50})
    assert any("deal 1: written is [21, 0, 45], must be [0, 0, 0]" in p for p in problems)
    assert not any("carry" in p for p in problems)
    # the fisherman's fish has no eggs (sums are not compared): seat 1 alone wins, the others write 23
    problems = audit_game(solo3_eggs_record(), {**SOLO_EGGS_RULES, "solo_eggs": "one-hand", "fish_winner": "fisherman"})
    assert any("deal 0: written is [0, 0, 0], must be [23, 0, 23]" in p for p in problems)
    # under solo_eggs none the tied fish is still nobody's: nothing written, and the next loser gets nothing
    problems = audit_game(solo3_eggs_record(), {**SOLO_EGGS_RULES, "solo_eggs": "none"})
    assert any("deal 0: carry is 23, must be 0" in p for p in problems)
    rec = solo3_eggs_record()
    rec["deals"][0]["carry"] = 0  # (the auditor carries on from the record's own pot, so set the right one)
    problems = audit_game(rec, {**SOLO_EGGS_RULES, "solo_eggs": "none"})
    assert problems[0] == "deal 1: written is [21, 0, 45], must be [21, 0, 22]", problems
    # pairs keep their own eggs knob: `solo_eggs` changes nothing there
    assert audit_game(hand_record(), {**HAND_RULES, "solo_eggs": "all-hands"}) == []


OSEL_MUTATIONS = {  # (mutation, where, what) on osel_record()
    "the house opening four ends on an end": (
        _set(("deals", 1, "events", 5), {"p": 2, "play": ["02"], "at": [2], "closed": [False]}),
        "deal 1 event 5",
        "not an open end",
    ),
    "a double on an end of another number": (
        _set(("deals", 0, "events", 5, "at"), [1]),
        "deal 0 event 5",
        "does not match",
    ),
    "two doubles on ends of the same number": (
        _set(("deals", 1, "events", 5), {"p": 2, "play": ["33", "33"], "at": [3, 3], "closed": [True, True]}),
        "deal 1 event 5",
        "same number",
    ),
    "a closed end used later": (
        _set(("deals", 0, "events", 5), {"p": 1, "play": ["24"], "at": [2], "closed": [False]}),
        "deal 0 event 5",
        "not an open end",
    ),
    "an end closed in a multi-double move used later": (
        _set(("deals", 1, "events", 6), {"p": 3, "play": ["04"], "at": [4], "closed": [False]}),
        "deal 1 event 6",
        "not an open end",
    ),
    "the first tile closed": (_set(("deals", 0, "events", 0, "closed"), [True]), "deal 0 event 0", "never closed"),
    "a non-double closed": (_set(("deals", 0, "events", 1, "closed"), [True]), "deal 0 event 1", "cannot be laid"),
    "a double and a tile in one move": (
        _set(("deals", 1, "events", 5), {"p": 2, "play": ["33", "56"], "at": [3, 6], "closed": [False, False]}),
        "deal 1 event 5",
        "must all be doubles",
    ),
    "closed missing": (lambda r: r["deals"][0]["events"][3].pop("closed"), "deal 0 event 3", "closed"),
    "closed too short": (_set(("deals", 0, "events", 3, "closed"), [True]), "deal 0 event 3", "closed"),
    "early closure not detected": (
        lambda r: r["deals"][2]["events"].append({"p": 1, "knock": True}),
        "deal 2 event 1",
        "ends here (fish)",
    ),
    "closure fish read as going on": (
        lambda r: r["deals"][0]["events"].append({"p": 2, "knock": True}),
        "deal 0 event 9",
        "ends here (fish)",
    ),
    "end": (_set(("deals", 2, "end"), "out"), "deal 2", "end/last"),
    "memory not kept": (_set(("deals", 0, "memory"), [0, 0]), "deal 0", "memory"),
    "points under the threshold written": (
        lambda r: r["deals"][0].update(written=[0, 66], score=[0, 66]),
        "deal 0",
        "written",
    ),
    "the winner's memory not reset": (_set(("deals", 1, "memory"), [69, 66]), "deal 1", "memory"),
    "the memory not carried": (lambda r: r["deals"][2].update(written=[100, 0], score=[100, 0]), "deal 2", "written"),
    "the memory not cleared when written": (_set(("deals", 2, "memory"), [69, 0]), "deal 2", "memory"),
    "memory missing": (lambda r: r["deals"][1].pop("memory"), "deal 1", "missing"),
}


@pytest.mark.parametrize("name", OSEL_MUTATIONS)
def test_osel_mutation_is_reported(name):
    mutate, where, what = OSEL_MUTATIONS[name]
    rec = osel_record()
    mutate(rec)
    problems = audit_game(rec, OSEL_RULES)
    assert any(where in p and what in p for p in problems), problems


def test_osel_under_other_rules():
    assert any("deal 0: bad memory" in p for p in audit_game(osel_record(), {**OSEL_RULES, "memory": False}))
    assert any("deal 0 event 3" in p for p in audit_game(osel_record(), {**OSEL_RULES, "layout": "chain"}))
    assert any("deal 0 event 0" in p for p in audit_game(hand_record(), {**HAND_RULES, "layout": "cross"}))


# --- Осёл: the house is the first double laid OPEN ---------------------------------------------
# Text 000 §11: «Первый выложенный в сдаче дубль ... открыт со всех четырёх сторон» and «Закрытие ... К закрытому
# дублю ничего приставлять нельзя, его конец "мёртвый"»: a closed double is open on no side, so it is not the
# house; it only kills its end, and the first double laid open is the house.


def osel_house_record():
    # Deal 0 is deal 0 of osel_record (B remembers 66; the fisherman, seat 1, leads next).
    # Deal 1: seat 1 leads 26: ends 2 6. Seat 2 lays 22 CLOSED on the 2: the end dies, no house: 6. Seat 3 lays
    # 66 open on the 6: the first open double is the house, two more sixes open: 6 6 6. 16, 36 and 46 take the
    # three sixes: 1 3 4; 11, 33 and 44 are laid closed one by one: no open end, fish by seat 1.
    # Left: A 00 01 02 03 04 (10) + 14 15 23 24 25 (29) = 39; B 05 06 12 13 (18) + 34 35 45 55 56 (45) = 63.
    # B loses: 63 + its remembered 66 = 129 >= 100 is written and the memory clears; B reaches 101: the goats,
    # and A never wrote: naked.
    rec = osel_record()
    deal1 = {
        "redeals": 0,
        "bazaar": [],
        "leader": 1,
        "hands": [
            ["16", "33", "00", "01", "02", "03", "04"],
            ["26", "36", "44", "05", "06", "12", "13"],
            ["22", "46", "14", "15", "23", "24", "25"],
            ["66", "11", "34", "35", "45", "55", "56"],
        ],
        "events": parse_n("26@- 22@2! 66@6 16@6 36@6 46@6 11@1! 33@3! 44@4!", 1, 4, cross=True),
        "end": "fish",
        "last": 1,
        "hand_sums": [39, 63],
        "written": [0, 129],
        "score": [0, 129],
        "carry": 0,
        "memory": [0, 0],
    }
    rec["deals"][1:] = [deal1]
    rec.update(loser=1, titles=["naked"], final_score=[0, 129])
    return rec


def _ev(k, i, moves, seat):
    """Replace event i of deal k by the cross move token `moves` played by `seat`."""
    return _set(("deals", k, "events", i), parse_n(moves, seat, 4, cross=True)[0])


OSEL_HOUSE_MUTATIONS = {  # (mutation, where, what) on osel_house_record()
    "the second double closed too: still no house": (
        _ev(1, 2, "66@6!", 3),
        "deal 1 event 2",
        "ends here (fish) but 6 more",
    ),
    "22 laid open is the house, 66 is then ordinary": (
        _ev(1, 1, "22@2", 2),
        "deal 1 event 4",
        "at 6 is not an open end",
    ),
    "the house opens two more ends, not three": (_ev(1, 6, "56@6", 3), "deal 1 event 6", "at 6 is not an open end"),
    "the dead 2 end used later": (_ev(1, 5, "24@2", 2), "deal 1 event 5", "at 2 is not an open end"),
}


def test_osel_house_after_a_closed_double():
    assert audit_game(osel_house_record(), OSEL_RULES) == []
    for name, (mutate, where, what) in OSEL_HOUSE_MUTATIONS.items():
        rec = osel_house_record()
        mutate(rec)
        problems = audit_game(rec, OSEL_RULES)
        assert any(where in p and what in p for p in problems), (name, problems)


# Text 004 (Осёл): «Если же начало было не с дубля, то до первого открытого дубля можно закрытой выставить только
# пару дублей» (`closed_before_house: closing-pair-only`): with no house yet a closed double may be laid only in
# a move whose first listed double is open (the house; the closed ones follow it) or as the early closure (every
# double of the move closed, no open end left, «Розыгрыш на этом заканчивается»).
PAIR_ONLY_RULES = {**OSEL_RULES, "closed_before_house": "closing-pair-only"}


def osel_pair_only_record():
    # Deal 0 is deal 0 of osel_record (B remembers 66; seat 1 leads next).
    # Deal 1: seat 1 leads 24: ends 2 4. Seat 2 lays 44 open on the 4, then 22 closed on the 2, in one move:
    # 44, listed first, is the house: 2 4 4 4, and the 2 dies: 4 4 4. 04 -> 0 4 4; 00 closed -> 4 4; 14 -> 1 4;
    # 11 closed -> 4; 34 -> 3; 33 closed: no open end, fish by seat 0. Left: A 45 46 55 56 66 (52) + 25 26 35 36
    # (32) = 84; B 01 02 03 05 06 (17) + 12 13 15 16 23 (25) = 42. A loses: 84 < 100 is remembered; B did not
    # lose and forgets its 66. Memory 84 0.
    deal1 = {
        "redeals": 0,
        "bazaar": [],
        "leader": 1,
        "hands": [
            ["00", "33", "45", "46", "55", "56", "66"],
            ["24", "14", "01", "02", "03", "05", "06"],
            ["44", "22", "11", "35", "36", "26", "25"],
            ["04", "34", "12", "13", "15", "16", "23"],
        ],
        "events": parse_n("24@- 44@4+22@2! 04@4 00@0! 14@4 11@1! 34@4 33@3!", 1, 4, cross=True),
        "end": "fish",
        "last": 0,
        "hand_sums": [84, 42],
        "written": [0, 0],
        "score": [0, 0],
        "carry": 0,
        "memory": [84, 0],
    }
    # Deal 2: the early closure. Seat 0 leads 35: ends 3 5; seat 1 lays 33 and 55, both closed: no open end,
    # fish by seat 1. Left: A 26 36 45 46 56 66 (59) + 16 22 23 24 25 34 44 (44) = 103; B 00 01 02 03 04 (10) +
    # 05 06 11 12 13 14 15 (31) = 41. A loses: 103 + its remembered 84 = 187 is written; A are the goats, B
    # never wrote: naked.
    deal2 = {
        "redeals": 0,
        "bazaar": [],
        "leader": 0,
        "hands": [
            ["35", "66", "56", "46", "45", "36", "26"],
            ["33", "55", "00", "01", "02", "03", "04"],
            ["44", "34", "25", "24", "23", "22", "16"],
            ["05", "06", "11", "12", "13", "14", "15"],
        ],
        "events": parse_n("35@- 33@3!+55@5!", 0, 4, cross=True),
        "end": "fish",
        "last": 1,
        "hand_sums": [103, 41],
        "written": [187, 0],
        "score": [187, 0],
        "carry": 0,
        "memory": [0, 0],
    }
    rec = osel_record()
    rec["deals"][1:] = [deal1, deal2]
    rec.update(loser=0, titles=["naked"], final_score=[187, 0])
    return rec


PAIR_ONLY_MUTATIONS = {  # (mutation, where, what: True = the closing-pair-only refusal) on osel_pair_only_record()
    "the closed double listed before the house": (_ev(1, 1, "22@2!+44@4", 2), "deal 1 event 1", True),
    "one closed double before the house": (_ev(2, 1, "33@3!", 1), "deal 2 event 1", True),
    "a closed pair that leaves an end open": (_ev(2, 1, "33@3!+55@5", 1), "deal 2 event 1", True),
    # the open double first is the house and may close the other: legal, but the deal then goes on
    "the house first, then a closed double": (_ev(2, 1, "55@5+33@3!", 1), "deal 2: the events stop", False),
}


def test_closed_before_house_closing_pair_only():
    assert audit_game(osel_pair_only_record(), PAIR_ONLY_RULES) == []
    assert audit_game(osel_pair_only_record(), OSEL_RULES) == []
    assert audit_game(osel_record(), PAIR_ONLY_RULES) == []  # closed doubles after the house; an early closure
    problems = audit_game(osel_house_record(), PAIR_ONLY_RULES)  # 22 closed alone before the house
    assert any("deal 1 event 1" in p and "closing-pair-only" in p for p in problems), problems
    for name, (mutate, where, refused) in PAIR_ONLY_MUTATIONS.items():
        rec = osel_pair_only_record()
        mutate(rec)
        problems = audit_game(rec, PAIR_ONLY_RULES)
        assert any(where in p and ("closing-pair-only" in p) == refused for p in problems), (name, problems)
        any_problems = audit_game(rec, OSEL_RULES)  # under `any` every open/closed mix is legal
        assert not any("closing-pair-only" in p for p in any_problems), (name, any_problems)
    rec = osel_pair_only_record()
    _ev(1, 1, "22@2!+44@4", 2)(rec)  # the same ends either way: under `any` the swapped record is right
    assert audit_game(rec, OSEL_RULES) == []


# R-004-chechevae-first-double: «Первый дубль не может быть закрыт» read literally (`closed_before_house:
# never`): with no house yet, a move's first listed double is laid open (it is the house); doubles closed after
# it in the same move are legal, an early closure before any house is not.
NEVER_RULES = {**OSEL_RULES, "closed_before_house": "never"}


def test_closed_before_house_never():
    problems = audit_game(osel_pair_only_record(), NEVER_RULES)
    assert [p for p in problems if "never" in p] and all("deal 2 event 1" in p for p in problems if "never" in p)
    assert not any("deal 1" in p for p in problems)  # 44 open (the house), then 22 closed: legal
    problems = audit_game(osel_house_record(), NEVER_RULES)  # 22 closed alone before the house
    assert any("deal 1 event 1" in p and "never" in p for p in problems), problems
    assert not any("never" in p for p in audit_game(osel_pair_only_record(), OSEL_RULES))


# --- little players of their own for каждый сам за себя and Осёл ------------------------------


def first_tile(hands, r):
    held = [t for h in hands for t in h]
    if r["first_lead"].startswith("double-"):
        return r["first_lead"][-2:]
    doubles = sorted(t for t in held if t[0] == t[1])
    return doubles[0] if doubles else max(held, key=lambda t: (pip(t), t[1]))


def make_solo_game(r, seed):
    """Каждый сам за себя with the chain and `next_lead: last-mover`, the `solo_fish` and `solo_eggs` knobs."""
    rng, n = random.Random(seed), r["players"]
    score, opened, wrote, deals, loser, last, carry = [0] * n, [False] * n, [False] * n, [], None, None, 0
    for k in range(r["max_deals"]):
        redeals = -1
        while True:
            tiles = ALL[:]
            rng.shuffle(tiles)
            hands, bazaar = [tiles[7 * s : 7 * s + 7] for s in range(n)], tiles[7 * n :]
            redeals += 1
            if not any(bad_hand(h, r) for h in hands):
                break
        lead = first_tile(hands, r) if k == 0 else None
        seat = next(s for s in range(n) if lead in hands[s]) if k == 0 else last
        left, ends, events, taken, leader, knocks = [sorted(h) for h in hands], [], [], 0, seat, 0
        while True:
            opts = [([lead], [None])] if lead and not events else options(left[seat], ends, r["two_doubles"])
            while not opts and len(bazaar) - taken > 1:
                events.append({"p": seat, "draw": bazaar[taken]})
                left[seat].append(bazaar[taken])
                taken += 1
                opts = options(left[seat], ends, r["two_doubles"])
            if not opts:
                events.append({"p": seat, "knock": True})
                knocks += 1
                if knocks == n:  # everybody knocked in turn: a fish, by the last player who laid a tile
                    end = "fish"
                    break
            else:
                tiles, ats = rng.choice(opts)
                events.append({"p": seat, "play": tiles, "at": ats})
                ends = place(ends, tiles, ats)
                for t in tiles:
                    left[seat].remove(t)
                knocks, fisher = 0, seat
                if not left[seat]:
                    end = "out"
                    break
                if not any(options([t], ends, False) for t in [t for h in left for t in h] + bazaar[taken:]):
                    end = "fish"  # the table shows it: every tile of the end numbers is laid
                    nxt = (seat + 1) % n
                    for t in {"visible": [], "draw-down": bazaar[taken:-1], "take-all": bazaar[taken:]}[r["solo_fish"]]:
                        events.append({"p": nxt, "draw": t})
                        left[nxt].append(t)
                    break
            seat = (seat + 1) % n
        sums = [sum(pip(t) for t in h) for h in left]
        written = [0] * n
        if end == "fish" and r["fish_winner"] == "lower-sum" and len(set(sums)) == 1:  # eggs
            carry += {"none": 0, "one-hand": sums[0], "all-hands": n * sums[0]}[r["solo_eggs"]]
        else:
            if end == "out" or r["fish_winner"] == "fisherman":
                win = [fisher]
            else:
                win = [s for s in range(n) if sums[s] == min(sums)]
            losers = [s for s in range(n) if s not in win]
            heavy = min(losers, key=lambda s: (-sums[s], s))
            for s in losers:
                pts = penalty([left[s]], r)
                if end == "fish" and r["fish_writes"] == "all":
                    pts += sum(sums[w] for w in win)
                if end == "fish" and r["fish_writes"] == "difference":
                    pts = abs(pts - sum(sums[w] for w in win))
                if s == heavy:
                    pts += carry
                if pts >= r["threshold_value"] or r["threshold"] == "none" or (r["threshold"] == "once" and opened[s]):
                    written[s] = pts
                    opened[s] = wrote[s] = opened[s] or pts > 0
                score[s] += written[s]
            carry = 0
        last = fisher
        deals.append(
            {
                "redeals": redeals,
                "hands": hands,
                "bazaar": bazaar,
                "leader": leader,
                "events": events,
                "end": end,
                "last": fisher,
                "hand_sums": sums,
                "written": written,
                "score": list(score),
                "carry": carry,
            }
        )
        if max(score) >= r["target"]:
            loser = min(range(n), key=lambda s: (-score[s], s))
            break
    titles = []
    if loser is not None:
        if not any(wrote[s] for s in range(n) if s != loser):
            titles.append("naked")
        if end == "out" and "00" in events[-1]["play"]:
            titles.append("bald")
    return game_record("test-solo", seed, deals, loser, titles, list(score), players=n, pairs=False, bot="random")


def cross_options(hand, arms, started):
    """Осёл moves as (tiles, ats); `arms` counts the open ends by number. Doubles: every non-empty set of the
    doubles of the open numbers (closing and order are chosen by the caller)."""
    if not started:
        return [([t], [None]) for t in hand]
    numbers = [v for v in range(7) if arms[v]]
    out = [([t], [v]) for t in hand if t[0] != t[1] for v in numbers if str(v) in t]
    doubles = [v for v in numbers if f"{v}{v}" in hand]
    for m in range(1, 1 << len(doubles)):
        chosen = [v for i, v in enumerate(doubles) if m >> i & 1]
        out.append(([f"{v}{v}" for v in chosen], chosen))
    return out


def make_cross_game(r, seed, p_close=0.4):
    """Осёл «Крест» in pairs, `next_lead: last-mover`, with the memory of points when `memory` is on."""
    rng = random.Random(seed)
    score, memory, carry, wrote, deals, loser, last = [0, 0], [0, 0], 0, [False, False], [], None, None
    for k in range(r["max_deals"]):
        redeals = -1
        while True:
            tiles = ALL[:]
            rng.shuffle(tiles)
            hands = [tiles[7 * s : 7 * s + 7] for s in range(4)]
            redeals += 1
            if not any(bad_hand(h, r) for h in hands):
                break
        seat = next(s for s in range(4) if r["first_lead"][-2:] in hands[s]) if k == 0 else last
        left, arms, started, house, events, leader = [sorted(h) for h in hands], [0] * 7, False, False, [], seat
        while True:
            opts = cross_options(left[seat], arms, started)
            if k == 0 and not started:
                opts = [([r["first_lead"][-2:]], [None])]
            if not opts:
                events.append({"p": seat, "knock": True})
            else:
                most = max(opts, key=lambda o: len(o[0]))
                tiles, ats = most if len(most[0]) > 1 and rng.random() < 0.7 else rng.choice(opts)
                order = list(range(len(tiles)))
                rng.shuffle(order)
                tiles, ats = [tiles[i] for i in order], [ats[i] for i in order]
                closed = [started and t[0] == t[1] and rng.random() < p_close for t in tiles]
                if r["closed_before_house"] == "closing-pair-only" and started and not house:
                    closing = len(tiles) == sum(arms) and len(set(ats)) == len(ats)  # every open end gets a double
                    if closing and rng.random() < 0.5:
                        closed = [True] * len(tiles)  # the early closure
                    elif closed and closed[0] and not (closing and all(closed)):
                        closed = [False] + closed[1:]  # the first double laid open is the house
                events.append({"p": seat, "play": tiles, "at": ats, "closed": closed})
                for t, v, c in zip(tiles, ats, closed):
                    a, b = int(t[0]), int(t[1])
                    left[seat].remove(t)
                    if v is None:
                        arms[a] += 4 if a == b else 1
                        arms[b] += 0 if a == b else 1
                        started, house = True, a == b
                    elif a != b:
                        arms[v] -= 1
                        arms[a + b - v] += 1
                    elif c:
                        arms[v] -= 1  # a closed double only kills its end: the house is still to come
                    elif not house:
                        arms[v] += 2
                        house = True
                if not left[seat]:
                    end = "out"
                    break
                if not any(arms[int(t[0])] or arms[int(t[1])] for h in left for t in h):
                    end = "fish"
                    break
            seat = (seat + 1) % 4
        sums = [sum(pip(t) for t in left[a] + left[b]) for a, b in ((0, 2), (1, 3))]
        written = [0, 0]
        if end == "fish" and r["fish_winner"] == "lower-sum" and sums[0] == sums[1]:
            carry += {"one-side": sums[0], "both-sides": 2 * sums[0], "none": 0}[r["eggs"]]
        else:
            win = seat % 2 if end == "out" or r["fish_winner"] == "fisherman" else sums.index(min(sums))
            lose = 1 - win
            pts = penalty([left[lose], left[lose + 2]], r)
            if end == "fish" and r["fish_writes"] == "all":
                pts += sums[win]
            if end == "fish" and r["fish_writes"] == "difference":
                pts = abs(pts - sums[win])
            pts += carry + memory[lose]
            carry, memory[win] = 0, 0
            if pts >= r["threshold_value"] or r["threshold"] == "none" or (r["threshold"] == "once" and score[lose]):
                written[lose], memory[lose] = pts, 0
                wrote[lose] = wrote[lose] or pts > 0
            else:
                memory[lose] = pts if r["memory"] else 0
            score[lose] += written[lose]
        last = seat
        deals.append(
            {
                "redeals": redeals,
                "hands": hands,
                "bazaar": [],
                "leader": leader,
                "events": events,
                "end": end,
                "last": seat,
                "hand_sums": sums,
                "written": written,
                "score": list(score),
                "carry": carry,
                "memory": list(memory),
            }
        )
        if max(score) >= r["target"]:
            loser = score.index(max(score))
            break
    titles = []
    if loser is not None:
        if not wrote[1 - loser]:
            titles.append("naked")
        if end == "out" and "00" in events[-1]["play"]:
            titles.append("bald")
    return game_record("test-osel", seed, deals, loser, titles, list(score), bot="random")


SOLO = R(pairs=False, first_lead="lowest-double-or-heaviest")
OSEL = R(layout="cross", threshold="every-deal", memory=True)
NEW_CONFIGS = {
    "solo-2": (make_solo_game, {**SOLO, "players": 2}),
    "solo-3": (make_solo_game, {**SOLO, "players": 3}),
    "solo-4": (make_solo_game, {**SOLO, "players": 4, "first_lead": "double-11"}),
    "solo-3-fisherman-all": (
        make_solo_game,
        {
            **SOLO,
            "players": 3,
            "fish_winner": "fisherman",
            "fish_writes": "all",
            "threshold": "every-deal",
            "target": 60,
        },
    ),
    "solo-4-difference": (
        make_solo_game,
        {
            **SOLO,
            "players": 4,
            "fish_writes": "difference",
            "threshold": "none",
            "specials": "plain",
            "two_doubles": False,
        },
    ),
    "solo-2-draw-down": (make_solo_game, {**SOLO, "players": 2, "solo_fish": "draw-down", "solo_eggs": "one-hand"}),
    "solo-3-take-all": (make_solo_game, {**SOLO, "players": 3, "solo_fish": "take-all", "solo_eggs": "all-hands"}),
    "solo-2-eggs": (
        make_solo_game,
        {**SOLO, "players": 2, "solo_eggs": "all-hands", "threshold_value": 40, "threshold": "every-deal"},
    ),
    "osel": (make_cross_game, OSEL),
    "osel-short": (make_cross_game, {**OSEL, "target": 40, "eggs": "both-sides"}),
    "osel-remembers": (make_cross_game, {**OSEL, "threshold_value": 60, "target": 200}),
    "osel-pair-only": (make_cross_game, {**OSEL, "closed_before_house": "closing-pair-only"}),
}


def pays_eggs(g):
    """Deals of a solo game that pay an eggs pot out (the pot before > 0, after 0)."""
    return [d for a, d in zip(g["deals"], g["deals"][1:]) if a["carry"] > 0 and d["carry"] == 0]


@pytest.fixture(scope="module")
def new_games():
    out = {
        (name, seed): (r, make(r, seed))
        for name, (make, r) in NEW_CONFIGS.items()
        for seed in range(40 if name.startswith("osel") else 15)
    }
    for name in ("solo-2-draw-down", "solo-2-eggs"):  # a solo fish with all sums equal is rare: hunt for some
        make, r = NEW_CONFIGS[name]
        found = 0
        for seed in range(1000, 3000):
            g = make(r, seed)
            if pays_eggs(g):
                out[name, seed] = (r, g)
                found += 1
                if found == 4:
                    break
    return out


def hidden_fish(d):
    """A solo deal ended by a full round of knocks (the fish was hidden in the bazaar)."""
    return d["end"] == "fish" and "knock" in d["events"][-1]


def closing_draws(d):
    """The draws after the last play of a deal."""
    i = max(i for i, e in enumerate(d["events"]) if "play" in e)
    return [e for e in d["events"][i + 1 :] if "draw" in e]


def test_generated_solo_and_osel_games_pass(new_games):
    bad = {key: audit_game(g, r)[:3] for key, (r, g) in new_games.items() if audit_game(g, r)}
    assert not bad
    solo = [(r, g, d) for (name, _), (r, g) in new_games.items() if name.startswith("solo") for d in g["deals"]]
    assert any(e.get("draw") for _, _, d in solo for e in d["events"])
    assert any(d["end"] == "fish" and len(d["bazaar"]) - sum("draw" in e for e in d["events"]) > 1 for _, _, d in solo)
    assert any(d["end"] == "fish" and sorted(d["hand_sums"])[:2] == [min(d["hand_sums"])] * 2 for _, _, d in solo)
    assert any(sum(s >= 101 for s in g["final_score"]) > 1 for _, g, _ in solo)
    for mode in ("visible", "draw-down", "take-all"):
        assert any(r["solo_fish"] == mode and hidden_fish(d) and d["bazaar"] for r, _, d in solo), mode
    assert any(r["solo_fish"] == "draw-down" and len(closing_draws(d)) >= 2 for r, _, d in solo)
    assert any(
        r["solo_fish"] == "take-all" and not hidden_fish(d) and d["end"] == "fish" and len(closing_draws(d)) >= 2
        for r, _, d in solo
    )
    paid = [(r, d) for (name, _), (r, g) in new_games.items() if name.startswith("solo") for d in pays_eggs(g)]
    assert {r["solo_eggs"] for r, _ in paid} == {"one-hand", "all-hands"}
    assert any(d["written"] == [0, 0] for _, d in paid)  # the pot used up though nothing is written
    osel = [d for (name, _), (r, g) in new_games.items() if name.startswith("osel") for d in g["deals"]]
    assert any(sum(e.get("closed", [])) >= 2 for d in osel for e in d["events"])
    assert any(len(e.get("play", [])) >= 3 for d in osel for e in d["events"])
    assert any(d["end"] == "fish" and d["hand_sums"][0] == d["hand_sums"][1] and max(d["memory"]) > 0 for d in osel)
    assert any(max(d["memory"]) > 0 for d in osel)
    houses = collections.Counter(house_of(d) for d in osel)
    assert houses["first"] and houses["open on an end"] and houses["after a closed double"] and houses[None]
    pair_only = [d for (name, _), (r, g) in new_games.items() if name == "osel-pair-only" for d in g["deals"]]
    assert any(house_of(d) is None and d["end"] == "fish" for d in pair_only)  # early closures
    assert not any(house_of(d) == "after a closed double" for d in pair_only)
    assert any(house_closes_in_its_move(d) for d in pair_only)


def house_of(deal):
    """How the house of an Осёл deal was laid: the lead double, or the first double laid open."""
    seen_closed = False
    for i, e in enumerate(deal["events"]):
        for t, c in zip(e.get("play", []), e.get("closed", [])):
            if t[0] == t[1] and not c:
                return "first" if i == 0 else "after a closed double" if seen_closed else "open on an end"
            seen_closed = seen_closed or c
    return None


def house_closes_in_its_move(deal):
    """The house is laid on an end in a move that also lays a double closed (after it, in the listed order)."""
    for i, e in enumerate(deal["events"]):
        closed = e.get("closed", [])
        if any(t[0] == t[1] and not c for t, c in zip(e.get("play", []), closed)):
            return i > 0 and any(closed)
    return False


def test_generated_osel_mutations(new_games):
    osel = {key: v for key, v in new_games.items() if key[0].startswith("osel")}
    # a house after a closed double is right under `any`, refused under closing-pair-only
    r, g, k = find(
        {key: v for key, v in osel.items() if key[0] == "osel"}, lambda d, g: house_of(d) == "after a closed double"
    )
    assert any(
        f"deal {k} event" in p and "closing-pair-only" in p
        for p in audit_game(g, {**r, "closed_before_house": "closing-pair-only"})
    )
    # the first closed double laid open instead: it is the house, the later open double opens nothing, and the
    # rest of the record no longer fits the table
    i, j = next(
        (i, j)
        for i, e in enumerate(g["deals"][k]["events"])
        for j, c in enumerate(e.get("closed", []))
        if c and e["play"][j][0] == e["play"][j][1]
    )
    g["deals"][k]["events"][i]["closed"][j] = False  # now this double, laid open, is the house
    assert any(f"deal {k}" in p for p in audit_game(g, r))
    # eggs keep every memory
    r, g, k = find(
        osel, lambda d, g: d["end"] == "fish" and d["hand_sums"][0] == d["hand_sums"][1] and max(d["memory"]) > 0
    )
    g["deals"][k]["memory"] = [0, 0]
    assert any(f"deal {k}: memory" in p for p in audit_game(g, r))
    # the loser's remembered points are added to its next total
    r, g, k = find(osel, lambda d, g: d is not g["deals"][-1] and max(d["memory"]) > 0)
    g["deals"][k]["memory"] = [0, 0]
    problems = audit_game(g, r)
    assert any(f"deal {k}: memory" in p for p in problems)
    # without memory the points vanish
    r, g, k = find(osel, lambda d, g: max(d["memory"]) > 0)
    assert any(f"deal {k}: " in p and "memory" in p for p in audit_game(g, {**r, "memory": False}))


def test_generated_solo_mutations(new_games):
    solo = {key: v for key, v in new_games.items() if key[0].startswith("solo")}
    r, g, k = find(solo, lambda d, g: any("draw" in e for e in d["events"]))
    i = next(i for i, e in enumerate(g["deals"][k]["events"]) if "draw" in e)
    del g["deals"][k]["events"][i]
    assert any(f"deal {k} event {i}" in p for p in audit_game(g, r))
    # several players cross at once: the goat has the most points, then the lowest seat
    r, g = next(copy.deepcopy(v) for v in solo.values() if sum(s >= v[0]["target"] for s in v[1]["final_score"]) > 1)
    others = [s for s, v in enumerate(g["final_score"]) if v >= r["target"] and s != g["loser"]]
    g["loser"] = others[0]
    assert any("loser" in p for p in audit_game(g, r))


# --- the extra lead (R-004-morskoy-extra), a game written by hand -------------------------------------------------
EXTRA = R(threshold_value=25, target=60, extra_lead="goes-on")


def extra_lead_record(titles=("naked",)):
    """Deal 0 is morskoy_record's: seat 0 makes a fish, B write 50. Deal 1: seat 0 (the last mover) leads 66 and 00
    together. Seats 1, 2, 3 and 0 again each lay two tiles, one on each end; seat 1 then has neither a 0 nor a 6
    (ends 0 and 6): the two-tile moves are over and he knocks. Later seat 1 lays 22 and 33 together (rule 12,
    ends 2 and 3) and seat 0 goes out with 60 in the gap. B keep 45 34 (16) and 26 44 46 24 (32): 48 written,
    B 98 >= 60 are the goats, A never wrote: naked."""
    deal0 = morskoy_record()["deals"][0]
    deal1 = {
        "redeals": 0,
        "bazaar": [],
        "leader": 0,
        "hands": [
            ["00", "03", "05", "06", "16", "23", "66"],
            ["02", "13", "22", "33", "34", "36", "45"],
            ["01", "04", "12", "14", "25", "35", "56"],
            ["11", "15", "24", "26", "44", "46", "55"],
        ],
        "events": parse(
            "66@-+00@- 36@6+02@0 35@3+12@2 55@5+11@1 05@5+16@1 . 56@6 15@5 03@0 13@1 . . 23@3 22@2+33@3 25@2 .", 0
        )
        + [{"p": 0, "play": ["06"], "at": ["gap"]}],
        "end": "out",
        "last": 0,
        "hand_sums": [10, 48],
        "written": [0, 48],
        "score": [0, 98],
        "carry": 0,
    }
    return game_record("hand-extra-lead", 13, [deal0, deal1], 1, list(titles), [0, 98])


def test_extra_lead_hand_game():
    assert audit_game(extra_lead_record(), EXTRA) == []
    # rule 16's reading: the loser of the extra lead is the goat at once, with its title
    assert audit_game(extra_lead_record(("naked", "extra-goat")), {**EXTRA, "extra_lead": "ends-game"}) == []
    problems = audit_game(extra_lead_record(), {**EXTRA, "extra_lead": "ends-game"})
    assert any("titles are ['naked'], must be ['extra-goat', 'naked']" in p for p in problems), problems
    problems = audit_game(extra_lead_record(), {**EXTRA, "extra_lead": "none"})
    assert any("deal 1 event 0" in p and "extra_lead is none" in p for p in problems), problems
    rec = extra_lead_record()
    rec["deals"][1]["events"][3] = {"p": 3, "play": ["55"], "at": [5]}  # one tile where he can lay two
    assert any("deal 1 event 3" in p and "two tiles, one on each end" in p for p in audit_game(rec, EXTRA))
    rec = extra_lead_record()
    rec["deals"][1]["events"][-1] = {"p": 0, "play": ["06"], "at": [6]}  # 60 on an end that is not open
    assert any("deal 1 event 16" in p for p in audit_game(rec, EXTRA))
