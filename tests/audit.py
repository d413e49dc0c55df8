"""Independent rules auditor for kozel-trace/1 game records.

A second implementation of the rules, written from docs/readings.md and the rule
texts only (never from the engine), used by tests to catch engine bugs:

    audit_game(record, rules) -> list of problems (empty = the record is a correct game)

`rules` is the resolved knob dict of the variant (`load_variant(...).rule_dict`).
It covers pair Козёл with a chain (with the Морской knobs shared_score,
out_66_writes, out_00_ends_game and out_00_writes), каждый сам за себя
(`pairs: false`, `players` 2..4: sides are seats, a bazaar with draws, several
winners of a tied fish, a threshold per player, the goat with the most points,
`solo_fish` and `solo_eggs`) and Осёл «Крест» (`layout: cross`: the house is the
first double laid open, open on four sides; multi-double moves, closed doubles,
`closed_before_house`, early closure, `memory` of points under the threshold), also каждый сам
за себя (`layout: cross` with `pairs: false`: R-004-osel-solo, the memory per player).
Knobs that a dict does not name count as their defaults (pairs, four seats, a
chain, no memory, Морской off, `closed_before_house: any`, `solo_fish: visible`,
`solo_eggs: none`, `out_00_writes: false`, no match, `scoring: points`,
`general_out: 00-or-66`).  «Генерал» and Морской's out on 00 are judged in pairs only.

The games of text 004 (readings R-004-*): a match of `match_deals` deals (every deal
counts, eggs too, but a replayed fish; `target` ends nothing; the sudden ends still do;
after the last deal the side with the most against it loses, a shared top score is a
draw: `loser: null`, title `draw`); `scoring: generals` (no points: an out whose move
holds 00 or 66, or with `general_out: 00-and-66` both, writes 1 against the side of the
player next after the one who went out, `score` counts the generals, no `naked`);
`fish_winner: replayed` (a fish writes nothing, the pot stays, nobody wins it, it does
not count in the match); `next_lead: first-lead` (every deal opens like the first: the
holder of the `first_lead` tile leads with it).

Морской of text 004 (readings R-004-morskoy-*): `lead_repeats` N > 0: while nobody has written a
point in the game (every earlier deal's `written` all zero), deals 0..N-1 open like the first (the
holder of the `first_lead` tile, with it); from deal N on, still while nobody has written, every
deal is a fast lead: the holder of 66 leads with 66.  `fast_writes` F > 0: the loser of a fast deal
writes F instead of its hands (plus the eggs pot, then the threshold); a fish on a fast lead is
replayed (nothing written, the pot stays, no winner, it does not count in a match).  F = 0: a fast
deal is scored as usual.  `out_66_wipes`: after the losers write for an out whose move holds
66 and no 00, the score of the side (solo: the player) that went out becomes 0 (it must open again).
Once anyone has written, `next_lead` leads as usual.  A fast lead (forced or chosen) that ends in a
fish is played again (R-004-morskoy-replay): the next deal is led by the same player with the same
tile, which he holds, and it is the same fast lead.  With a bazaar the tile a deal must open with is
always in a hand (R-lead-in-bazaar: such a deal is dealt again).

`solo_writes: all-hands` (R-004-chechevae-writes): a losing player writes the plain pips of every hand
left.  `tiles_each` (R-004-chechevae-deal): hands of that many tiles, the rest is the bazaar; `draw_last`
(R-004-chechevae-draw): a player without a move draws while the bazaar holds any tile, and knocks only
when it is empty; `first_lead: double-11-upward` (R-004-chechevae-lead): 11 opens, else 22 … 66, else 00.

Чечевэ (R-004-chechevae-goats, -66, -kept): `goats: every` makes every player at the target a goat (the
record's `goats`, in seat order; `loser` is the goat with the most points, then the lowest seat), and an
out on 00 that ends the game (`out_00_ends_game`) makes every player but the one who went out a goat
(it needs no one loser); `out_66_writers: all-others`: after an out on 66 every player but the one who
went out writes `out_66_writes`; `kept_00_goat`: a player left holding 00 when a deal ends is a goat at
once (title `kept-00`); `kept_66_writes` K: the player left holding 66 writes K more (a winner too, and
in eggs; not after an out on 00 that ends the game unwritten).

The extra lead (`extra_lead`, R-004-morskoy-extra): a leader who chooses his tile (a "next" lead) may lead
66 and 00 together (at null, null): the ends are 6 and 0 with a gap between them that only 60 fits (at
"gap", a move of its own, on any move while it is open).  Each next player lays two tiles, one on each end,
while he can; the first at whose turn that is impossible ends it for every later move.  A fish in such a
deal is replayed (nothing written, the pot stays, not counted): the same leader leads 66 and 00 again and
holds both.  Otherwise the deal is scored as any other and the same player leads the next deal.  With
`extra_lead: ends-game` (R-004-morskoy-extra-end) its loser is the goat at once (title `extra-goat`).

Каждый сам за себя with `solo_loser: most` (R-004-morskoy-solo): of the players who did not win, only
the one with the most plain pips loses and writes; several sharing the most are eggs (`solo_eggs`:
the tied sums, all or one); an out on 00 (`out_00_ends_game`) or on 00 and 66 (`general`) ends the
game with that one loser as the goat, and a shared most (eggs) ends nothing.

The fish (all layouts) is never decided from hidden tiles: "the table shows a
fish" when every tile carrying an open end value is on the table (none in a hand,
none in the bazaar, its last tile included).  Without a bazaar that is exactly
"nobody can move".  With a bazaar (`solo_fish`): `visible` ends the deal at once;
`draw-down` first makes the next player draw the bazaar down to its last tile,
`take-all` makes him take the whole bazaar (draw events after the last play);
otherwise play goes on, drawing and knocking, and a full round of knocks (one per
player) ends the deal as a fish, the fisherman being the last player who laid a tile.

After a wrong number the auditor carries on from the record's own score, carry
and memory, so that one bug is reported once and not in every later deal.
"""

from __future__ import annotations

ALL_TILES = [f"{a}{b}" for a in range(7) for b in range(a, 7)]
TILESET = frozenset(ALL_TILES)
SIDES = [[0, 2], [1, 3]]
SEATS = 4
HAND = 7


def is_int(x) -> bool:
    return type(x) is int  # not bool


def int_list(x, n: int) -> bool:
    return isinstance(x, list) and len(x) == n and all(is_int(v) for v in x)


def pips(tile: str) -> int:
    return int(tile[0]) + int(tile[1])


def is_double(tile: str) -> bool:
    return tile[0] == tile[1]


def table(rules: dict) -> tuple[int, list[list[int]]]:
    """(number of seats, scoring sides) of a variant."""
    if rules.get("pairs", True):
        return SEATS, [list(s) for s in SIDES]
    n = rules.get("players", SEATS)
    return n, [[s] for s in range(n)]


def side_of(seat: int, sides: list[list[int]] = SIDES) -> int:
    return next(i for i, side in enumerate(sides) if seat in side)


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


def first_lead_tile(hands: list[list[str]], rules: dict) -> str | None:
    """The tile that opens the first deal of a game (None: the rule names no tile)."""
    fl = rules["first_lead"]
    held = [t for h in hands for t in h]
    doubles = [t for t in held if is_double(t)]
    if fl == "double-11-upward":  # R-004-chechevae-lead: 11, else 22, … 66, else 00
        return min(doubles, key=lambda t: (t == "00", t)) if doubles else None
    if fl in ("lowest-double", "lowest-double-or-heaviest"):
        if doubles:
            return min(doubles, key=pips)
        if fl == "lowest-double" or not held:
            return None
        return max(held, key=lambda t: (pips(t), int(t[1])))  # most pips, then the higher half: 36 before 45
    return fl[-2:]  # "double-NN"


# --- the chain ----------------------------------------------------------------


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


def pairs_of(hand: list[str], ends: list[int]) -> list[tuple[str, str]]:
    """R-004-morskoy-extra: the two-tile moves after an extra lead, one tile on each end (a, b)."""
    a_end, b_end = ends
    return [(a, b) for a in hand for b in hand if a != b and str(a_end) in a and str(b_end) in b]


class Chain:
    """The chain: two ends; with `two_doubles` both matching doubles may go in one move.

    The extra lead (`extra_lead`, R-004-morskoy-extra, text 004 «Морской козёл» rule 7): a lead of 66 and
    00 together (at null, null) leaves the ends 6 and 0 and a gap between the two that only 60 fits
    (at "gap"), on any move, as a move of its own, while the gap is open.  Each next player must lay
    two tiles, one on each end, while he can; the first player (at his turn: a play, a draw or a knock)
    who cannot ends that for good, and from him on every move is as usual.  (`turn` is called at each
    event of a turn.)"""

    def __init__(self, rules: dict):
        self.two_doubles = rules["two_doubles"]
        self.extra_rule = rules.get("extra_lead", "none") != "none"
        self.ends: list[int] = []
        self.gap = False  # the extra lead's gap is open
        self.pairs = False  # the extra lead's two tiles a move are still on

    def turn(self, hand: list[str]) -> None:
        if self.pairs and not pairs_of(hand, self.ends):
            self.pairs = False  # «как только у очередного игрока отсутствует возможность поставить 2 камня»

    def fits(self, tile: str) -> bool:
        return has_move([tile], self.ends) or (self.gap and tile == "06")

    def example(self, hand: list[str]):
        if self.pairs:
            return list(pairs_of(hand, self.ends)[0])
        if self.gap and "06" in hand and not has_move(hand, self.ends):
            return [("06", "gap")]
        return legal_moves(hand, self.ends, self.two_doubles)[0]

    def problem(self, ev: dict, hand: list[str]) -> str | None:
        extra = set(ev) - {"p", "play", "at", "closed"}
        closed = ev.get("closed", [])
        if extra or not (isinstance(closed, list) and not any(closed)):
            return f"unexpected keys {sorted(extra)} or closed doubles {closed!r} in {ev!r}"
        play, at = ev.get("play"), ev.get("at")
        if not self.ends and isinstance(play, list) and len(play) == 2 and at == [None, None]:
            if not self.extra_rule:
                return f"a lead of two tiles {play}, but extra_lead is none"
            if sorted(play) != ["00", "66"]:
                return f"a lead of two tiles must be the extra lead on 66 and 00, not {play}"
            if not {"00", "66"} <= set(hand):
                return f"the extra lead needs 66 and 00 in the hand {sorted(hand)}"
            return None
        if at == ["gap"]:
            if play != ["06"] or not self.gap:
                return f"only 60 fits the gap of an extra lead, while it is open (gap open: {self.gap}), not {play}"
            return "06" not in hand and f"tile 06 is not in the hand {sorted(hand)}" or None
        if self.pairs:
            ok = isinstance(play, list) and isinstance(at, list) and len(play) == 2 and len(at) == 2
            if not ok or not any(
                sorted(zip(play, at)) == sorted([(a, self.ends[0]), (b, self.ends[1])])
                for a, b in pairs_of(hand, self.ends)
            ):
                return (
                    f"after an extra lead each player lays two tiles, one on each end {self.ends}, while he can "
                    f"(he can: {pairs_of(hand, self.ends)[:3]}), or 60 in the gap; not {play} at {at}"
                )
            return None
        return move_problem(play, at, hand, self.ends, self.two_doubles)

    def apply(self, ev: dict) -> None:
        play, at = ev["play"], ev["at"]
        if at == ["gap"]:
            self.gap = False
        elif at == [None, None]:
            self.ends, self.gap, self.pairs = [6, 0], True, True  # 66 and 00 apart: the gap between them
        elif self.pairs:  # one tile on each end: the one laid on end 0's value first
            a, b = play if at[0] == self.ends[0] and at[1] == self.ends[1] else play[::-1]
            other = lambda tile, v: int(tile[1]) if int(tile[0]) == v else int(tile[0])  # noqa: E731
            self.ends = [other(a, self.ends[0]), other(b, self.ends[1])]
        else:
            self.ends = apply_move(self.ends, play, at)


class Cross:
    """Осёл «Крест»: open ends ("arms", a multiset of numbers), the house, closed doubles.

    The house is the first double of the deal laid OPEN (text 000 §11: «открыт со всех четырёх
    сторон»; a closed double is open on no side): a double laid closed before it only kills its
    own end.  `closed_before_house: closing-pair-only` (text 004: «до первого открытого дубля можно
    закрытой выставить только пару дублей») allows a closed double before the house only in a move
    whose first listed double is laid open (it becomes the house) or in the early closure (every
    double of the move closed and no open end left after it).  `never` (Чечевэ's «Первый дубль не
    может быть закрыт» read literally) allows it only after an open first double in the move."""

    def __init__(self, rules: dict):
        self.started = False  # a tile is on the table
        self.house = False  # a double has been laid open (or led): the house exists
        self.ends: list[int] = []  # the open ends; a dead (closed) end is simply gone
        self.before_house = rules.get("closed_before_house", "any")

    def fits(self, tile: str) -> bool:
        return not self.started or any(str(e) in tile for e in self.ends)

    def turn(self, hand: list[str]) -> None:
        pass  # no extra lead on the cross

    def example(self, hand: list[str]):
        return next(
            (t, e)
            for t in hand
            for e in ([None] if not self.started else sorted(set(self.ends)))
            if e is None or str(e) in t
        )

    def problem(self, ev: dict, hand: list[str]) -> str | None:
        play, at, closed = ev.get("play"), ev.get("at"), ev.get("closed")
        extra = set(ev) - {"p", "play", "at", "closed"}
        if extra:
            return f"unexpected keys {sorted(extra)} in {ev!r}"
        if not (
            isinstance(play, list)
            and isinstance(at, list)
            and isinstance(closed, list)
            and len(play) == len(at) == len(closed)
            and 1 <= len(play) <= 4
        ):
            return f"play {play!r} / at {at!r} / closed {closed!r} must be lists of the same length, 1 to 4"
        if not all(type(c) is bool for c in closed):
            return f"closed {closed!r} must be booleans"
        for t in play:
            if not isinstance(t, str) or t not in TILESET:
                return f"{t!r} is not a tile"
            if t not in hand:
                return f"tile {t} is not in the hand {sorted(hand)}"
        if not self.started:
            if len(play) != 1 or at != [None] or closed != [False]:
                return (
                    f"the first tile of a deal is one tile with at null, never closed, not {play} at {at} "
                    f"closed {closed}"
                )
            return None
        if len(play) > 1 and not all(is_double(t) for t in play):
            return f"several tiles {play} in one move must all be doubles"
        for t, c in zip(play, closed):
            if c and not is_double(t):
                return f"tile {t} is not a double: it cannot be laid closed"
        for t, v in zip(play, at):
            if not is_int(v) or v not in self.ends:
                return f"at {v!r} is not an open end (open ends {sorted(self.ends)})"
            if str(v) not in t:
                return f"tile {t} does not match the end {v}"
        if len(set(at)) != len(at):
            return f"doubles {play} on ends of the same number {at}: at most one double per end number"
        if len(set(play)) != len(play):
            return f"tile played twice in {play}"
        if self.before_house == "never" and not self.house and closed[0]:
            return (
                f"closed {closed} with no house yet: closed_before_house is never, so the first double laid "
                "is the house, open (Чечевэ: «Первый дубль не может быть закрыт»)"
            )
        if self.before_house == "closing-pair-only" and not self.house and any(closed) and closed[0]:
            after = Cross({})
            after.started, after.ends = True, list(self.ends)
            after.apply(ev)
            if not all(closed) or after.ends:
                return (
                    f"closed {closed} with no house yet: closed_before_house is closing-pair-only, so a "
                    "closed double needs an open first double (the house) in its move, or must be the "
                    f"early closure (every double closed, no open end left; left: {sorted(after.ends)})"
                )
        return None

    def apply(self, ev: dict) -> None:
        for t, v, c in zip(ev["play"], ev["at"], ev["closed"]):  # in the listed order
            a, b = int(t[0]), int(t[1])
            if v is None:  # the first tile (never closed): a double is the house, open on four sides
                self.started = True
                self.house = a == b
                self.ends = [a] * 4 if a == b else [a, b]
            elif a == b:
                if c:
                    self.ends.remove(v)  # the end dies for good; a closed double is never the house
                elif not self.house:
                    self.house = True
                    self.ends += [v, v]  # the house laid open on an end: two more ends of its number
            else:
                self.ends[self.ends.index(v)] = b if a == v else a


# --- scoring ------------------------------------------------------------------


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


def score_deal(
    rules: dict,
    sides: list[list[int]],
    end: str,
    last: int,
    left: list[list[str]],
    carry: int,
    opened: list[bool],
    memory: list[int],
    move=(),
    fast: bool | str = False,
    extra: bool = False,
) -> dict:
    """Score one deal ending with the move `move` (its tiles), for pairs or каждый сам за себя.

    `opened[s]`: side s has an open score; `memory[s]`: its remembered points (Осёл).
    `fast`: the deal is a fast lead on 66 (R-004-morskoy-fast); `extra`: it opened with the extra lead on
    66 and 00 (R-004-morskoy-extra): no fishing on it either, but its loser writes as in any deal.
    Returns hand_sums, written, carry (after), memory (after) and winners (a set of
    sides, None for eggs and for a replayed fish)."""
    n = len(sides)
    pairs = rules.get("pairs", True)
    sums = [sum(pips(t) for s in side for t in left[s]) for side in sides]
    memory = list(memory)
    fast_writes = (rules.get("fast_writes_00", 0) if fast == "00" else rules.get("fast_writes", 0)) if fast else 0
    if end == "fish" and (rules["fish_winner"] == "replayed" or fast_writes or extra):
        # R-004-general-fish, R-004-morskoy-fast («рыбачить не допускается … заход переигрывается»):
        # the deal does not count; nobody wins, nothing is written, the pot stays
        return {"hand_sums": sums, "written": [0] * n, "carry": carry, "memory": memory, "winners": None}
    if rules.get("scoring", "points") == "generals":
        # R-004-general-scoring: no points; an out on 00/66 writes one general against the side of
        # the player whose turn follows the one who went out (in pairs: the side that did not go out)
        written = [0] * n
        if end == "out":
            held = {"00", "66"} & set(move)
            both = rules.get("general_out", "00-or-66") == "00-and-66"
            if held == {"00", "66"} or (held and not both):
                seats = sum(len(side) for side in sides)
                written[side_of((last + 1) % seats, sides)] = 1
            winners = {side_of(last, sides)}
        else:
            winners = {s for s in range(n) if sums[s] == min(sums)}
            if rules["fish_winner"] == "fisherman":
                winners = {side_of(last, sides)}
            winners = None if len(winners) == n else winners
        return {"hand_sums": sums, "written": written, "carry": carry, "memory": memory, "winners": winners}
    if end == "out" or rules["fish_winner"] == "fisherman":
        winners = {side_of(last, sides)}
    else:
        winners = {s for s in range(n) if sums[s] == min(sums)}
    most = not pairs and rules.get("solo_loser", "every") == "most"
    tied = [s for s in range(n) if s not in winners] or list(range(n))
    tied = [s for s in tied if sums[s] == max(sums[x] for x in tied)]
    if most and len(tied) == 1:  # R-004-morskoy-solo: only the player with the most pips loses
        winners = {s for s in range(n) if s != tied[0]}
    out_66 = end == "out" and rules.get("out_66_writes", 0) and "66" in move and "00" not in move
    if out_66 and rules.get("out_66_writers", "losers") == "all-others":
        # R-004-chechevae-66: «всем кроме него записывается 50 очков»: every player but the one out loses
        winners, most = {side_of(last, sides)}, False
    # R-004-chechevae-kept: the side left holding 66 writes kept_66_writes on top, winner, loser or eggs
    kept_66 = next((s for s in range(n) if any("66" in left[x] for x in sides[s])), None)
    ends_unwritten = (
        end == "out" and rules.get("out_00_ends_game", False) and "00" in move and not rules.get("out_00_writes")
    )
    eggs = len(winners) == n or (most and len(tied) > 1)
    if ends_unwritten and (not eggs or rules.get("goats", "one") == "every"):
        kept_66 = None  # the game is over at once: nothing at all is written for the deal
    extra = [rules.get("kept_66_writes", 0) if s == kept_66 else 0 for s in range(n)]
    if eggs:  # eggs: nobody writes, the pot grows, memories stay
        if pairs:
            add = {"one-side": sums[0], "both-sides": sum(sums), "none": 0}[rules["eggs"]]
        else:  # the players sharing the most pips (all of them when all sums are equal at a fish)
            top = sums[tied[0]]
            add = {"one-hand": top, "all-hands": top * len(tied), "none": 0}[rules.get("solo_eggs", "none")]
        written = threshold_pass(rules, extra, opened)
        return {"hand_sums": sums, "written": written, "carry": carry + add, "memory": memory, "winners": None}
    if (
        (pairs or most)
        and end == "out"
        and rules.get("out_00_ends_game", False)
        and "00" in move
        and not rules.get("out_00_writes", False)
    ):
        # Морской: an out on 00 ends the game and nothing is written: no score, no burn, the pot stays
        return {"hand_sums": sums, "written": [0] * n, "carry": carry, "memory": memory, "winners": winners}
    written = [0] * n
    wsum = sum(sums[w] for w in winners)
    losers = [s for s in range(n) if s not in winners]
    # the pot goes to one loser: in pairs the losing side, solo the loser with the most pips (then the lowest seat)
    pot_to = max(losers, key=lambda s: (sums[s], -s))
    for s in range(n):
        if s in winners:
            memory[s] = 0  # a side that does not lose forgets what it remembered
            written[s] = threshold_pass(rules, extra, opened)[s]
            continue
        if fast_writes and not (out_66 and rules.get("fast_out_66", "fast-cost") == "out-66"):
            base = fast_writes  # R-004-morskoy-fast: the loser of a fast lead writes fast_writes (-fast-66: not
            # with fast_out_66: out-66 when it ended on 66)
        elif out_66:
            base = rules["out_66_writes"]  # Морской: an out on 66
        elif rules.get("solo_writes", "own") == "all-hands":  # R-004-chechevae-writes: every hand left, plain
            base = sum(pips(t) for h in left for t in h)
        else:
            base = hands_value([left[x] for x in sides[s]], rules)
        if end == "fish" and rules["fish_writes"] == "all":
            base += wsum
        elif end == "fish" and rules["fish_writes"] == "difference":
            base = abs(base - wsum)
        total = base + extra[s] + (carry if s == pot_to else 0) + memory[s]
        lost = total < rules["threshold_value"] and (
            rules["threshold"] == "every-deal" or (rules["threshold"] == "once" and not opened[s])
        )
        written[s] = 0 if lost else total
        memory[s] = total if lost and rules.get("memory", False) else 0
    return {"hand_sums": sums, "written": written, "carry": 0, "memory": memory, "winners": winners}


def threshold_pass(rules: dict, totals: list[int], opened: list[bool]) -> list[int]:
    """What the threshold lets through of each side's total (the memory of Осёл aside)."""
    return [
        0
        if t < rules["threshold_value"]
        and (rules["threshold"] == "every-deal" or (rules["threshold"] == "once" and not opened[s]))
        else t
        for s, t in enumerate(totals)
    ]


def settle(
    rules: dict,
    end: str,
    last: int,
    left: list[list[str]],
    carry: int,
    opened: list[bool],
    move=(),
    fast: bool = False,
):
    """Score one pair deal: (hand_sums, written, carry after, winning side or None for eggs)."""
    r = score_deal(rules, SIDES, end, last, left, carry, opened, [0, 0], move, fast)
    winner = None if r["winners"] is None else min(r["winners"])
    return r["hand_sums"], r["written"], r["carry"], winner


def add_score(rules: dict, score: list[int], written: list[int]) -> list[int]:
    """Scores after a deal; with `shared_score` a side that opens burns the other's score to 0."""
    new = [a + b for a, b in zip(score, written)]
    if rules.get("shared_score", False) and len(score) == 2:
        for s in (0, 1):
            if written[s] > 0 and score[s] == 0:
                new[1 - s] = 0
    return new


def wiped(rules: dict, score: list[int], end: str, last: int, move, sides: list[list[int]] = SIDES) -> list[int]:
    """R-004-morskoy-66 (`out_66_wipes`): after the losers wrote for an out whose move holds 66 and no
    00, the score of the side (solo: the player) that went out becomes 0 (and it must open again),
    also when the deal is eggs (R-004-morskoy-solo)."""
    score = list(score)
    if rules.get("out_66_wipes", False) and end == "out" and "66" in move and "00" not in move:
        score[side_of(last, sides)] = 0
    return score


def fast_lead(k: int, rules: dict, nobody_wrote: bool) -> bool:
    """R-004-morskoy-fast: deal k is a fast lead on 66 (nobody has written in the first lead_repeats deals)."""
    repeats = rules.get("lead_repeats", 0)
    return bool(repeats) and nobody_wrote and k >= repeats


def deal_lead(k: int, rules: dict, nobody_wrote: bool, hands: list[list[str]]) -> tuple[str, str | None]:
    """How deal k is led: ("first", tile), ("fast", "66") or ("next", None: the next_lead rule, any tile).

    R-lead-first, R-004-general-lead, R-004-morskoy-lead, R-004-morskoy-fast."""
    if fast_lead(k, rules, nobody_wrote):
        return "fast", "66"
    if rules.get("lead_repeats", 0) and nobody_wrote:  # deals 0..lead_repeats-1: the first lead, repeated
        return "first", first_lead_tile(hands, rules)
    if k == 0 or rules["next_lead"] == "first-lead":
        return "first", first_lead_tile(hands, rules)
    return "next", None


def next_leaders(rules: dict, prev: dict, n: int = SEATS, sides: list[list[int]] = SIDES) -> set[int]:
    """Seats that may lead the deal after `prev` (leader, end, last, winners)."""
    rule, last, winners = rules["next_lead"], prev["last"], prev["winners"]
    if rule == "last-mover":
        return {last}
    if rule == "round-robin":
        return {(prev["leader"] + 1) % n}
    if rule == "first-lead":
        raise ValueError("next_lead first-lead: the leader is the holder of the first lead tile, not after prev")
    if prev["end"] == "fish":
        if rule == "winners-choose" or winners is None or side_of(last, sides) in winners:
            return {last}  # the fisherman (also after eggs)
        return {next(s % n for s in range(last + 1, last + n) if side_of(s % n, sides) in winners)}
    if rule == "fish-winner":
        return {last}
    return {s for w in winners for s in sides[w]}  # winners-choose after an out: either player is accepted


# --- the record ---------------------------------------------------------------


def _check_header(rec: dict, rules: dict, n: int, sides: list[list[int]], P: list[str]) -> None:
    if rec.get("format") != "kozel-trace/1":
        P.append(f"format is {rec.get('format')!r}, not 'kozel-trace/1'")
    for key, ok in (
        ("variant", isinstance(rec.get("variant"), str)),
        ("seed", is_int(rec.get("seed"))),
        ("game", is_int(rec.get("game"))),
    ):
        if not ok:
            P.append(f"key {key!r} is missing or mistyped: {rec.get(key)!r}")
    if rec.get("players") != n or not is_int(rec.get("players")) or rules.get("players", SEATS) != n:
        P.append(f"players is {rec.get('players')!r} (rules {rules.get('players', SEATS)}), must be {n}")
    if rec.get("sides") != sides:
        P.append(f"sides is {rec.get('sides')!r}, must be {sides}")
    bots = rec.get("bots")
    if not (isinstance(bots, list) and len(bots) == n and all(isinstance(b, str) for b in bots)):
        P.append(f"bots must be {n} strings, not {bots!r}")
    loser = rec.get("loser")
    if not (loser is None or is_int(loser) and 0 <= loser < len(sides)):
        P.append(f"loser must be a side 0..{len(sides) - 1} or null, not {loser!r}")
    titles = rec.get("titles")
    if not (isinstance(titles, list) and all(isinstance(t, str) for t in titles)):
        P.append(f"titles must be a list of strings, not {titles!r}")
    if not int_list(rec.get("final_score"), len(sides)):
        P.append(f"final_score must be {len(sides)} ints, not {rec.get('final_score')!r}")


def _check_cards(k: int, hands, bazaar, rules: dict, n: int, P: list[str]) -> bool:
    """The dealt hands (`tiles_each`, 7 unless said, redeal rule) and the bazaar (the rest)."""
    each = rules.get("tiles_each", HAND)
    if not (isinstance(hands, list) and len(hands) == n and all(isinstance(h, list) for h in hands)):
        P.append(f"deal {k}: hands must be {n} lists, not {hands!r}")
        return False
    ok = True
    for s, h in enumerate(hands):
        if not all(isinstance(t, str) for t in h):
            P.append(f"deal {k}: seat {s}'s hand {h!r} holds non-strings")
            ok = False
        elif len(h) != each or len(set(h)) != each or not set(h) <= TILESET:
            P.append(f"deal {k}: seat {s}'s hand {h} is not {each} distinct valid tiles")
            ok = False
        elif redeal_reason(h, rules):
            P.append(f"deal {k}: seat {s}'s hand {sorted(h)} holds {redeal_reason(h, rules)}: it must be redealt")
    size = len(TILESET) - each * n
    if not (
        isinstance(bazaar, list)
        and len(bazaar) == size
        and all(isinstance(t, str) for t in bazaar)
        and len(set(bazaar)) == size
        and set(bazaar) <= TILESET
    ):
        P.append(f"deal {k}: bad bazaar: {bazaar!r} (must be the {size} undealt tiles)")
        return False
    if ok and set(bazaar).union(*map(set, hands)) != TILESET:
        P.append(f"deal {k}: the hands{' and the bazaar' if size else ''} do not cover all 28 tiles")
        ok = False
    return ok


def _closing_draws(k: int, i: int, deal: dict, rules: dict, n: int, seat: int, drawn: int, left, P: list[str]):
    """After the play at event i made the table show a fish: the draws `solo_fish` asks for.

    Returns the index of the deal's last event (i, or the last closing draw) or None after a problem."""
    mode, bazaar, events = rules.get("solo_fish", "visible"), deal["bazaar"], deal["events"]
    if mode == "visible" or rules.get("pairs", True):
        return i
    taker = (seat + 1) % n  # the player to move
    want = bazaar[drawn:] if mode == "take-all" else bazaar[drawn:-1]
    what = "takes the whole bazaar" if mode == "take-all" else "draws the bazaar down to its last tile"
    for j, tile in enumerate(want):
        if i + 1 + j >= len(events):
            P.append(
                f"deal {k}: the events stop after event {len(events) - 1}, but after the fish seat {taker} "
                f"still draws {want[j:]} (solo_fish {mode}: the player to move {what})"
            )
            return None
        ev = events[i + 1 + j]
        if ev != {"p": taker, "draw": tile}:
            P.append(
                f"deal {k} event {i + 1 + j}: {ev!r}, but the table shows a fish and seat {taker} {what}: "
                f"the next draw is {{'p': {taker}, 'draw': {tile!r}}} (solo_fish {mode})"
            )
            return None
        left[taker].append(tile)
    return i + len(want)


def _replay(k: int, deal: dict, rules: dict, n: int, P: list[str], lead: tuple[str, str | None] = ("next", None)):
    """Replay the events; (end, last, hands left, last move) or None after reporting a problem.

    `lead`: (kind, tile) from deal_lead: with a tile, the first move of the deal must be that tile."""
    left = [list(h) for h in deal["hands"]]
    bazaar, drawn = deal["bazaar"], 0
    board = Cross(rules) if rules.get("layout", "chain") == "cross" else Chain(rules)
    events, seat = deal["events"], deal["leader"]
    first = True  # the next play is the first move of the deal
    keep = 0 if rules.get("draw_last", False) else 1  # R-solo-draw / R-004-chechevae-draw: tiles never drawn
    knocks, laid, move = 0, None, None  # knocks in a row since the last play; who laid it, and what
    for i, ev in enumerate(events):
        where = f"deal {k} event {i}"
        if not isinstance(ev, dict) or ev.get("p") != seat or not is_int(ev.get("p")):
            P.append(f"{where}: {ev!r} but it is seat {seat}'s turn")
            return None
        hand = left[seat]
        board.turn(hand)
        can = any(board.fits(t) for t in hand)
        pool = len(bazaar) - drawn
        if "draw" in ev:
            tile = ev["draw"]
            if not bazaar or set(ev) != {"p", "draw"} or not isinstance(tile, str):
                P.append(f"{where}: malformed event {ev!r} (a draw is impossible without a bazaar)")
            elif can:
                P.append(
                    f"{where}: seat {seat} draws {tile} but can play {board.example(hand)} "
                    f"(ends {board.ends}, hand {sorted(hand)})"
                )
            elif pool <= keep:
                P.append(
                    f"{where}: seat {seat} draws {tile} but the bazaar holds {pool} tile(s): "
                    + ("it is empty" if keep == 0 else "the last bazaar tile is never drawn")
                )
            elif tile != bazaar[drawn]:
                P.append(f"{where}: seat {seat} draws {tile} but the next bazaar tile is {bazaar[drawn]}")
            else:
                hand.append(tile)
                drawn += 1
                continue  # the same seat goes on: draws again or plays
            return None
        if "knock" in ev or "play" not in ev:
            if ev != {"p": seat, "knock": True}:
                P.append(f"{where}: malformed event {ev!r}")
            elif can:
                P.append(
                    f"{where}: seat {seat} knocks but can play {board.example(hand)} "
                    f"(ends {board.ends}, hand {sorted(hand)})"
                )
            elif pool > keep:
                P.append(f"{where}: seat {seat} knocks but must draw: the bazaar holds {pool} tile(s)")
            else:
                knocks += 1
                if knocks < n:
                    seat = (seat + 1) % n
                    continue
                # every player knocked in turn: a fish; the fisherman laid the last tile
                if i != len(events) - 1:
                    P.append(
                        f"{where}: the deal ends here (fish: all {n} players knocked in turn) but "
                        f"{len(events) - 1 - i} more event(s) follow"
                    )
                return "fish", laid, left, move
            return None
        why = board.problem(ev, hand)
        if why is None and lead[0] != "next" and first:
            tile = lead[1]
            if sorted(ev["play"]) != sorted(str(tile).split("+")):
                if lead[0] == "replay" and tile == "66+00":
                    what = "deal (the replay of an extra lead that ended in a fish)"
                elif lead[0] == "replay":
                    what = "deal (the replay of a fast lead that ended in a fish)"
                elif lead[0] == "fast":
                    what = "deal (a fast lead: nobody has written)"
                elif k == 0:
                    what = "game"
                elif rules["next_lead"] == "first-lead":
                    what = "deal (next_lead first-lead)"
                else:
                    what = "deal (the first lead repeated: nobody has written)"
                why = (
                    f"the first move of the {what} must be the {'double ' if tile and is_double(tile) else ''}"
                    f"{tile}, not {ev['play']}"
                )
        if why:
            P.append(f"{where}: seat {seat} plays {ev.get('play')} at {ev.get('at')}: {why}")
            return None
        board.apply(ev)
        first, knocks, laid, move = False, 0, seat, ev["play"]
        for t in ev["play"]:
            hand.remove(t)
        if hand:
            # the table shows a fish when no tile off the table (hands, the whole bazaar) fits an open end
            if any(board.fits(t) for h in left for t in h) or any(board.fits(t) for t in bazaar[drawn:]):
                seat = (seat + 1) % n
                continue
            end = "fish"
            stop = _closing_draws(k, i, deal, rules, n, seat, drawn, left, P)
            if stop is None:
                return None
        else:
            end, stop = "out", i
        if stop != len(events) - 1:
            P.append(
                f"deal {k} event {stop}: the deal ends here ({end}) but {len(events) - 1 - stop} more event(s) follow"
            )
        return end, seat, left, ev["play"]
    hidden = sorted(t for t in [t for h in left for t in h] + bazaar[drawn:] if board.fits(t))
    P.append(
        f"deal {k}: the events stop after event {len(events) - 1} but the deal is not over (no out, no fish: "
        f"{', '.join(hidden) or 'nothing'} off the table still fit{'s' if len(hidden) == 1 else ''} the open "
        f"ends {sorted(board.ends)}{f'; only {knocks} of {n} players knocked in turn' if knocks else ''})"
    )
    return None


def _audit_deal(k: int, deal, rules: dict, table_: tuple, state: dict, prev: dict | None, P: list[str]):
    """Check one deal; updates state (score, carry, memory, wrote); returns what the next deal needs.

    state["fast"]: the deal is a fast lead (R-004-morskoy-fast), set by the caller before its events."""
    n, sides = table_
    ns = len(sides)
    if not isinstance(deal, dict):
        P.append(f"deal {k}: not an object")
        return None
    need = ("redeals", "hands", "bazaar", "leader", "events", "end", "last", "hand_sums", "written", "score", "carry")
    need += ("memory",) if rules.get("memory", False) else ()
    missing = [key for key in need if key not in deal]
    if missing:
        P.append(f"deal {k}: missing keys {missing}")
        return None
    zeros = [0] * ns
    for key, ok in (
        ("redeals", is_int(deal["redeals"]) and deal["redeals"] >= 0),
        ("leader", is_int(deal["leader"]) and 0 <= deal["leader"] < n),
        ("events", isinstance(deal["events"], list) and len(deal["events"]) > 0),
        ("end", deal["end"] in ("out", "fish")),
        ("last", is_int(deal["last"]) and 0 <= deal["last"] < n),
        ("carry", is_int(deal["carry"]) and deal["carry"] >= 0),
        *((key, int_list(deal[key], ns)) for key in ("hand_sums", "written", "score")),
        (
            "memory",
            int_list(deal.get("memory", zeros), ns)
            and (rules.get("memory", False) or deal.get("memory", zeros) == zeros),
        ),
    ):
        if not ok:
            P.append(f"deal {k}: bad {key}: {deal.get(key)!r}")
    cards_ok = _check_cards(k, deal["hands"], deal["bazaar"], rules, n, P)
    rec_leader = deal["leader"]
    nobody_wrote = not any(state["wrote"])  # R-004-morskoy-lead: no side has written a point in the game
    lead = ("next", None)
    if cards_ok and is_int(rec_leader):
        lead = deal_lead(k, rules, nobody_wrote, deal["hands"])
        if state.get("replay"):
            # R-004-morskoy-replay: «заход переигрывается. При этом заходной камень … забирается заходящим»
            replay_leader, tile = state["replay"]
            lead = ("replay", tile)
            if tile == "66+00":  # R-004-morskoy-extra: «заходной камень (… или оба) … забирается заходящим»
                state["extra"] = True
            else:
                state["fast"] = tile
            want = set()  # said here, with the reason
            if not set(tile.split("+")) <= set(deal["hands"][replay_leader]):
                P.append(
                    f"deal {k}: the replayed fast lead's {tile} is not in its leader's (seat {replay_leader}) hand"
                )
            if rec_leader != replay_leader:
                P.append(f"deal {k}: leader is seat {rec_leader}, must be {replay_leader} (the replay of a fast lead)")
        elif lead[0] != "next":  # R-004-general-lead, R-004-morskoy-*: a deal opened like the first, or on 66
            tile = lead[1]
            want = {s for s in range(n) if tile in deal["hands"][s]}
            if not want:
                why = "a fast lead" if lead[0] == "fast" else f"first_lead {rules['first_lead']}"
                P.append(f"deal {k}: no hand holds the {lead[0]} lead tile {tile} ({why})")
        else:
            want = next_leaders(rules, prev, n, sides) if prev else {rec_leader}
            if prev and prev["extra"]:
                want = {prev["leader"]}  # R-004-morskoy-extra: «Заходящий остается старым»
            first = next((ev for ev in deal["events"] if isinstance(ev, dict) and "play" in ev), None)
            tile = first["play"][0] if first and isinstance(first["play"], list) and first["play"] else None
            if first and isinstance(first["play"], list) and len(first["play"]) == 2:
                state["extra"] = True  # the extra lead: not a fast lead on its 66 (Chain checks it)
            elif rules.get("voluntary_fast", False) and tile in ("66", "00"):
                # R-004-morskoy-voluntary: a chosen lead on 66 / 00 is a fast lead, allowed only when every
                # other player has a record (in pairs the partner's record is the leader's side's)
                state["fast"] = tile
                if any(state["score"][side_of(s, sides)] <= 0 for s in range(n) if s != rec_leader):
                    P.append(f"deal {k}: a lead on {tile} (a fast lead) though not every other player has a record")
        if want and rec_leader not in want:
            why = ""
            if lead[0] == "fast":
                why = " (a fast lead on 66: nobody has written)"
            elif lead[0] == "first" and k and rules["next_lead"] != "first-lead":
                why = " (the first lead repeated: nobody has written)"
            P.append(f"deal {k}: leader is seat {rec_leader}, must be {' or '.join(map(str, sorted(want)))}{why}")
    played = None
    if cards_ok and is_int(rec_leader) and 0 <= rec_leader < n and isinstance(deal["events"], list) and deal["events"]:
        played = _replay(k, deal, rules, n, P, lead)
    info = None
    if played:
        end, last, left, move = played
        if deal["end"] != end or deal["last"] != last:
            P.append(f"deal {k}: end/last is {deal['end']!r}/{deal['last']!r}, must be {end!r}/{last}")
        opened = [s > 0 for s in state["score"]]  # a side is open once it has written (and not burned)
        r = score_deal(
            rules, sides, end, last, left, state["carry"], opened, state["memory"], move, state["fast"], state["extra"]
        )
        score = wiped(rules, add_score(rules, state["score"], r["written"]), end, last, move, sides)
        want = {"hand_sums": r["hand_sums"], "written": r["written"], "score": score, "carry": r["carry"]}
        if rules.get("memory", False) or "memory" in deal:
            want["memory"] = r["memory"]
        for key, value in want.items():
            if not (is_int(deal[key]) if is_int(value) else int_list(deal[key], ns)) or deal[key] != value:
                P.append(f"deal {k}: {key} is {deal[key]!r}, must be {value!r}")
        # R-004-morskoy-replay: a fast lead (with fast_writes) that ends in a fish is played again
        fast_cost = rules.get("fast_writes", 0)
        first_play = next((ev["play"] for ev in deal["events"] if isinstance(ev, dict) and "play" in ev), None)
        state["replay"] = (rec_leader, first_play[0]) if end == "fish" and state["fast"] and fast_cost else None
        if end == "fish" and state["extra"]:
            state["replay"] = (rec_leader, "66+00")
        # a sudden end needs one loser: a side, or the one player of solo_loser: most (R-004-morskoy-solo)
        one_loser = r["winners"] is not None and len(r["winners"]) == ns - 1
        # R-004-chechevae-goats: with goats: every the sudden ends need no one loser (all others are goats)
        one_loser = one_loser or rules.get("goats", "one") == "every"
        kept_00 = next((side_of(s, sides) for s in range(n) if "00" in left[s]), None)
        info = {
            "leader": rec_leader,
            "fast": state["fast"],
            "end": end,
            "last": last,
            "winners": r["winners"],
            "general": one_loser and rules["general"] and end == "out" and {"00", "66"} <= set(move),
            "out_00": one_loser and rules.get("out_00_ends_game", False) and end == "out" and "00" in move,
            "bald": end == "out" and "00" in move,
            "kept_00": kept_00 if rules.get("kept_00_goat", False) else None,  # R-004-chechevae-kept
            "extra": state["extra"],
        }
        written, carry, memory = r["written"], r["carry"], r["memory"]
    else:
        score, carry, written, memory = state["score"], state["carry"], zeros, state["memory"]
        state["replay"] = None
    # carry on from the record's numbers where they are readable, so a bug is reported once
    state["score"] = deal["score"] if int_list(deal["score"], ns) else score
    state["carry"] = deal["carry"] if is_int(deal["carry"]) else carry
    state["memory"] = deal["memory"] if int_list(deal.get("memory"), ns) else memory
    wrote = deal["written"] if int_list(deal["written"], ns) else written
    state["wrote"] = [w or x > 0 for w, x in zip(state["wrote"], wrote)]
    return info


WEEK = ["11", "22", "33", "44", "55", "66", "00"]  # Monday's double first (R-004-morskoy-day)


def game_first_lead(record: dict, rules: dict, deals: list, P: list[str]) -> dict:
    """R-004-morskoy-day (`first_lead_cycle`): the rules with this game's first-lead double.  `days`: game i
    of the run opens with the double i days after first_lead's (11 Monday … 66 Saturday, 00 Sunday);
    `11-to-66`: i doubles up from first_lead's, 66 followed by 11; `random-day`: the day is drawn by the
    engine, so any double may open, and the same one wherever the game opens like the first."""
    cycle = rules.get("first_lead_cycle", "none")
    lead = rules["first_lead"]
    if cycle == "none" or not lead.startswith("double-") or lead == "double-11-upward":
        return rules
    game = record.get("game", 0) if is_int(record.get("game", 0)) else 0
    if cycle == "days":
        tile = WEEK[(WEEK.index(lead[-2:]) + game) % 7]
    elif cycle == "11-to-66":
        tile = f"{1 + (int(lead[-1]) - 1 + game) % 6}" * 2
    else:
        first = deals[0].get("events", [{}])[0] if isinstance(deals[0], dict) and deals[0].get("events") else {}
        tile = first.get("play", [None])[0] if isinstance(first, dict) else None
        if tile not in WEEK:
            P.append(f"deal 0: a game of random-day first leads opens with {tile!r}, not a double")
            return rules
    return {**rules, "first_lead": f"double-{tile}"}


def audit_game(record: dict, rules: dict) -> list[str]:
    """All the ways `record` (one kozel-trace/1 game) breaks `rules`; [] if none."""
    if not isinstance(record, dict):
        return [f"the record is not a JSON object: {type(record).__name__}"]
    n, sides = table(rules)
    ns = len(sides)
    P: list[str] = []
    _check_header(record, rules, n, sides, P)
    deals = record.get("deals")
    if not isinstance(deals, list) or not deals:
        return P + [f"deals must be a non-empty list, not {deals!r}"]
    if len(deals) > rules["max_deals"]:
        P.append(f"{len(deals)} deals, more than max_deals {rules['max_deals']}")
    rules = game_first_lead(record, rules, deals, P)
    state = {"score": [0] * ns, "carry": 0, "memory": [0] * ns, "wrote": [False] * ns, "fast": False}
    match = rules.get("match_deals", 0)  # R-004-match: a match of match_deals counted deals; 0 = play to target
    counted = 0  # deals of the match played so far (a replayed fish does not count)
    prev = ended = None
    for k, deal in enumerate(deals):
        state["fast"] = fast_lead(k, rules, not any(state["wrote"]))
        state["extra"] = False
        try:
            info = _audit_deal(k, deal, rules, (n, sides), state, prev, P)
        except (TypeError, ValueError, KeyError, IndexError, AttributeError) as exc:  # garbled values
            P.append(f"deal {k}: unreadable ({type(exc).__name__}: {exc})")
            info = None
        end = info["end"] if info else deal.get("end") if isinstance(deal, dict) else None
        replayed = rules["fish_winner"] == "replayed" or (state["fast"] and rules.get("fast_writes", 0) > 0)
        replayed = replayed or state["extra"]
        counted += not (end == "fish" and replayed)  # a replayed fish (R-004-general-fish, R-004-morskoy-fast)
        general, sudden = bool(info and info["general"]), bool(info and (info["general"] or info["out_00"]))
        # R-004-morskoy-extra-end: with extra_lead: ends-game the loser of an extra lead is the goat at once
        extra_goat = bool(
            info and info["extra"] and info["winners"] is not None and rules.get("extra_lead") == "ends-game"
        )
        sudden = sudden or extra_goat
        kept_00 = info["kept_00"] if info else None
        over = any(s >= rules["target"] for s in state["score"])
        if sudden or (counted >= match if match else over or kept_00 is not None):
            ended = (k, info, general, sudden, extra_goat)
            if k != len(deals) - 1:
                P.append(f"deal {k}: the game is over after this deal, but {len(deals) - 1 - k} more deal(s) follow")
            break
        prev = info
    titles, loser = record.get("titles"), record.get("loser")
    every = rules.get("goats", "one") == "every"
    goats: list[int] = []
    if ended is None:
        want_loser, want_titles = None, set()
        if len(deals) < rules["max_deals"]:
            if match:
                P.append(
                    f"the record stops after {len(deals)} deal(s) though only {counted} of the match's "
                    f"{match} deals counted"
                )
            else:
                P.append(f"the record stops after {len(deals)} deal(s) though no side reached {rules['target']}")
    else:
        k, info, general, sudden, extra_goat = ended
        score = state["score"]
        draw = False
        kept_00 = info["kept_00"] if info else None
        if extra_goat:  # the extra goat: the deal's loser (several, каждый сам за себя: the most points)
            losers = [s for s in range(ns) if s not in info["winners"]]
            goats = losers if every else []
            want_loser = max(losers, key=lambda s: (score[s], -s))
        elif sudden and every:  # R-004-chechevae-goats: an out on 00 makes every other player a goat
            goats = [s for s in range(ns) if s != side_of(info["last"], sides)]
            want_loser = max(goats, key=lambda s: (score[s], -s))
        elif sudden:  # «генерал» or Морской's out on 00: the deal's one loser is the goat
            want_loser = next(s for s in range(ns) if s not in info["winners"])
        elif every:  # R-004-chechevae-goats/-kept: everyone at the target, and the one left holding 00
            goats = [s for s in range(ns) if score[s] >= rules["target"] or s == kept_00]
            want_loser = max(goats, key=lambda s: (score[s], -s))
        elif kept_00 is not None:  # R-004-chechevae-kept: a 00 left in hand makes its holder the goat
            want_loser = kept_00
        elif match:  # the end of the match: the most against it loses; a shared top score is a draw
            top = [s for s in range(ns) if score[s] == max(score)]
            draw = len(top) > 1
            want_loser = None if draw else top[0]
        else:  # the most points, then the lowest seat (in pairs only one side can cross)
            want_loser = max((s for s in range(ns) if score[s] >= rules["target"]), key=lambda s: (score[s], -s))
        want_titles = {"draw"} if draw else set()
        if (
            not draw
            and rules.get("scoring", "points") != "generals"  # no naked in Генерал: no points are written
            and not any(state["wrote"][s] for s in range(ns) if s != want_loser and s not in goats)  # the others
        ):  # never wrote a point
            want_titles.add("naked")
        if kept_00 is not None:
            want_titles.add("kept-00")
        if info and info["bald"] and not draw:  # a drawn match has no goats, bald or naked: only `draw`
            want_titles.add("bald")
        if general:
            want_titles.add("general")
        if extra_goat:
            want_titles.add("extra-goat")
        before = deals[k - 1].get("score") if k and isinstance(deals[k - 1], dict) else [0] * ns
        if (
            info
            and info["fast"]
            and want_loser is not None
            and int_list(before, ns)
            and any(before[s] == rules["target"] - 1 for s in goats or [want_loser])
        ):
            want_titles.add("hanging")  # R-004-morskoy-hanging: at 124 when a fast lead began, and lost
        if not info:
            want_titles = None  # the last deal could not be replayed (already reported)
    if loser != want_loser:
        P.append(f"loser is {loser!r}, must be {want_loser!r}")
    if every and record.get("goats") != (goats or ([want_loser] if want_loser is not None else [])):
        P.append(f"goats are {record.get('goats')!r}, must be {goats or [want_loser]!r}")
    if (
        want_titles is not None
        and isinstance(titles, list)
        and all(isinstance(t, str) for t in titles)
        and set(titles) != want_titles
    ):
        P.append(f"titles are {sorted(titles)}, must be {sorted(want_titles)}")
    last_score = deals[-1].get("score") if isinstance(deals[-1], dict) else None
    if record.get("final_score") != last_score:
        P.append(f"final_score {record.get('final_score')!r} differs from the last deal's score {last_score!r}")
    return P
