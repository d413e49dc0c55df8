"""Self-checks of the rules auditor (tests/audit.py), without the engine.

Games are built here by a small player of its own (its own move list and its
own scoring, written apart from the auditor), plus one game written out by
hand and the worked examples of the rules text; the auditor must accept them
all, and must report every mutation of them.
"""

from __future__ import annotations

import copy
import random
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from audit import add_score, audit_game, settle  # noqa: E402

ALL = [f"{a}{b}" for a in range(7) for b in range(a, 7)]
DEFAULT = {
    "players": 4, "redeal_doubles": 5, "redeal_suit": 6, "first_lead": "double-11",
    "next_lead": "last-mover", "two_doubles": True, "fish_winner": "lower-sum", "fish_writes": "own",
    "threshold": "once", "threshold_value": 13, "specials": "per-player", "lone_00": 25, "lone_66": 50,
    "both_00_66": 75, "eggs": "one-side", "target": 101, "general": False, "shared_score": False,
    "out_66_writes": 0, "out_00_ends_game": False, "max_deals": 1000, "pairs": True, "layout": "chain",
    "memory": False,
}


def R(**kw):
    return {**DEFAULT, **kw}


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
            hands = [tiles[7 * s:7 * s + 7] for s in range(4)]
            redeals += 1
            if not any(bad_hand(h, r) for h in hands):
                break
        if n == 0:
            double = "00" if r["first_lead"] == "lowest-double" else r["first_lead"][-2:]
            leader = next(s for s in range(4) if double in hands[s])
        elif r["next_lead"] == "round-robin":
            leader = (prev["leader"] + 1) % 4
        elif r["next_lead"] == "last-mover" or prev["end"] == "fish" and (
                r["next_lead"] == "winners-choose" or prev["win"] in (None, prev["last"] % 2)):
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
        deals.append({"redeals": redeals, "hands": hands, "bazaar": [], "leader": leader, "events": events,
                      "end": end, "last": seat, "hand_sums": sums, "written": written, "score": list(score),
                      "carry": carry, "memory": [0, 0]})
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
    return {"format": "kozel-trace/1", "variant": "test", "seed": seed, "game": 0, "players": 4,
            "sides": [[0, 2], [1, 3]], "bots": ["random"] * 4, "deals": deals, "loser": loser,
            "titles": titles, "final_score": list(score)}


CONFIGS = {
    "default": R(),
    "short": R(target=30),
    "fisherman-all": R(fish_winner="fisherman", fish_writes="all", threshold="every-deal",
                       specials="per-pair", next_lead="fish-winner"),
    "difference": R(fish_writes="difference", specials="plain", threshold="none", eggs="both-sides",
                    next_lead="round-robin", threshold_value=25),
    "text-003": R(eggs="none", two_doubles=False, first_lead="lowest-double", next_lead="winners-choose",
                  redeal_doubles=6, lone_00=10, lone_66=12, both_00_66=12),
    "fish-winner": R(next_lead="fish-winner", target=60, first_lead="double-66"),
    "general": R(general=True, max_deals=3, target=200),
    "morskoy": R(threshold_value=25, shared_score=True, target=125, out_00_ends_game=True, out_66_writes=100),
}


@pytest.fixture(scope="module")
def games():
    out = {}
    for name, r in CONFIGS.items():
        for seed in range(24 if name == "morskoy" else 12):
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
    deal0 = {"redeals": 0, "bazaar": [], "leader": 1,
             "hands": [["15", "03", "55", "26", "22", "25", "14"], ["35", "56", "01", "33", "45", "11", "06"],
                       ["12", "16", "66", "05", "23", "44", "13"], ["04", "02", "00", "36", "34", "46", "24"]],
             "events": parse("11@- 12@1 02@2 03@0 01@1 05@0 34@3 14@4 35@5 13@1 36@3 26@6 33@3 23@2", 1),
             "end": "fish", "last": 2, "hand_sums": [54, 46], "written": [54, 0], "score": [54, 0], "carry": 0}
    # Deal 1: the fisherman, seat 2, leads. Seat 0 knocks at event 22 (holds 25 55, ends 6 3);
    # seat 2 goes out with 22. Left: A 25 55 (17) + nothing; B 35 (8) + a lone 66 (50) = 58,
    # B opens with 58: 54 / 58, B reaches 55 and are the goats; A has 54, not naked; no 00: not bald.
    deal1 = {"redeals": 2, "bazaar": [], "leader": 2,
             "hands": [["04", "15", "55", "25", "36", "12", "24"], ["26", "45", "35", "05", "06", "01", "14"],
                       ["11", "02", "34", "46", "03", "13", "22"], ["33", "23", "56", "66", "44", "00", "16"]],
             "events": parse("11@- 16@1 12@1 06@6 02@0 23@2 24@2 14@4 03@3 00@0 04@0 01@1 34@4 33@3 36@3 "
                             "05@0 46@6 44@4 15@5 45@4 13@1 56@5 . 26@6 22@2", 2),
             "end": "out", "last": 2, "hand_sums": [17, 20], "written": [0, 58], "score": [54, 58], "carry": 0,
             "memory": [0, 0]}
    return {"format": "kozel-trace/1", "variant": "hand", "seed": 7, "game": 0, "players": 4,
            "sides": [[0, 2], [1, 3]], "bots": ["hand"] * 4, "deals": [deal0, deal1], "loser": 1,
            "titles": [], "final_score": [54, 58]}


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
    assert any("deal 1: leader is seat 2, must be 3" in p
               for p in audit_game(hand_record(), R(target=55, next_lead="fish-winner")))
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
    "play instead of a knock": (_set(("deals", 1, "events", 22), {"p": 0, "play": ["25"], "at": [3]}),
                                "deal 1 event 22", "does not match"),
    "first tile with an end": (_set(("deals", 1, "events", 0, "at"), [1]), "deal 1 event 0", "at null"),
    "first move not 11": (_set(("deals", 0, "events", 0, "play"), ["35"]), "deal 0 event 0", "double 11"),
    "wrong seat": (_set(("deals", 1, "events", 5, "p"), 0), "deal 1 event 5", "turn"),
    "draw": (_set(("deals", 1, "events", 22), {"p": 0, "draw": "25"}), "deal 1 event 22", "malformed"),
    "closed double": (_set(("deals", 0, "events", 12, "closed"), [True]), "deal 0 event 12", "closed"),
    "wrong leader": (_rotate_leader, "deal 1", "leader"),
    "missed fish": (lambda r: r["deals"][0]["events"].append({"p": 3, "knock": True}), "deal 0 event 13", "follow"),
    "event after an out": (lambda r: r["deals"][1]["events"].append({"p": 3, "knock": True}), "deal 1 event 24",
                           "follow"),
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
    r, g, k = find(games, lambda d, g: d["end"] == "fish" and not eggs(d, g) and d["written"][d["last"] % 2] > 0
                   and d["hand_sums"][0] * d["hand_sums"][1] > 0)
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
        r, g, k = find(games, lambda d, g: title in g["titles"] and d is g["deals"][-1])
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
    _, g, k = find({key: v for key, v in games.items() if key[0] == "text-003"},
                   lambda d, g: d["end"] == "out" and d is not g["deals"][-1])
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
    for last, hands, move, want in ((1, (["55", "35"], []), ["12"], [0, 0]),  # A 18 < 25
                                    (1, (["66", "55"], ["56", "34"]), ["12"], [40, 0]),  # A opens with 40
                                    (0, (["55", "46"], []), ["12"], [40, 0]),  # B 20 < 25
                                    (0, (["66", "55"], ["35"]), ["12"], [0, 30]),  # B opens: A's 40 burns
                                    (0, (["06"], ["15"]), ["12"], [0, 42]),  # open: any sum
                                    (0, (["01"], ["02"]), ["66"], [0, 142])):  # out on 66: B writes 100
        left = [[], [], [], []]
        left[(last + 1) % 4], left[(last + 3) % 4] = hands
        _, written, _, _ = settle(m, "out", last, left, 0, [s > 0 for s in score], move)
        score = add_score(m, score, written)
        assert score == want
    assert settle(m, "out", 0, [[], ["01"], [], []], 7, [False, True], ["00", "66"])[1] == [0, 8]  # not on 66
    assert settle(m, "out", 0, [[], ["01"], [], []], 7, [False, False], ["66"])[1] == [0, 107]


def test_morskoy_games(games):
    games = {key: v for key, v in games.items() if key[0] == "morskoy"}
    r, g, k = find(games, lambda d, g: g["deals"][-1]["end"] == "out" and "00" in g["deals"][-1]["events"][-1]["play"]
                   and max(g["final_score"]) < 125 and g["loser"] is not None and d is g["deals"][-1])
    assert r["out_00_ends_game"] and audit_game(g, {**r, "out_00_ends_game": False})
    r, g, k = find(games, lambda d, g: k_burns(d, g))
    assert any(f"deal {k}: score" in p for p in audit_game(g, {**r, "shared_score": False}))
    r, g, k = find(games, lambda d, g: d["end"] == "out" and "66" in d["events"][-1]["play"]
                   and "00" not in d["events"][-1]["play"] and max(d["written"]) >= 100)
    assert any(f"deal {k}: written" in p for p in audit_game(g, {**r, "out_66_writes": 0}))
    r, g, k = find(games, lambda d, g: d is g["deals"][-1] and g["loser"] is not None and "naked" not in g["titles"]
                   and g["final_score"][1 - g["loser"]] == 0)  # the winners wrote, then burned: not naked
    g["titles"].append("naked")
    assert any("titles" in p for p in audit_game(g, r))


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
    for path in (("deals",), ("deals", 0), ("deals", 1, "hands"), ("deals", 1, "hands", 2), ("deals", 0, "events"),
                 ("deals", 0, "events", 4), ("deals", 0, "events", 4, "play"), ("deals", 0, "events", 4, "play", 0),
                 ("deals", 1, "leader"), ("deals", 1, "score"), ("titles",), ("loser",)):
        rec = hand_record()
        _set(path, junk)(rec)
        if rec != hand_record():
            assert audit_game(rec, HAND_RULES), path
    assert audit_game(junk, HAND_RULES)


def test_default_knobs_match_the_package():
    rules = pytest.importorskip("kozel_stats.rules")
    try:
        variant = rules.load_variant("default")
    except rules.VariantError:
        pytest.skip("no shipped default variant yet")
    assert variant.rule_dict == DEFAULT
