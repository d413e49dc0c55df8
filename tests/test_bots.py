"""The scripted bots: one rule per bot on a built position, observation only, full games."""

from __future__ import annotations

import numpy as np
import pytest
from helpers import Position, mask, params

from kozel_stats.engine import bots as B
from kozel_stats.engine import core as C
from kozel_stats.engine import game as E
from kozel_stats.engine.codes import (
    ALL_TILES,
    BOT_DOCS,
    BOT_IDS,
    P_BAZAAR,
    P_CROSS,
    P_PLAYERS,
    SUIT_MASK,
    compile_rules,
    tile_name,
)
from kozel_stats.rules.variants import load_variant

SCRIPTED = ["random", "heavy", "doubles", "partner", "counter"]
ALL_BOTS = SCRIPTED + ["sampler", "first", "general", "general-signal", "expert"]


# The engine calls the scripted bots through one compiled function; calling that one here
# saves compiling bots.choose_move a second time (it is the same code).
pick_move = getattr(E, "choose_thoughtful", B.choose_move)
#: the bots' scratch, and the kernel's flag: True, the kernel in which every bot plays (searching ones too)
WORKSPACE = (np.zeros(B.W_SIZE, dtype=np.int64), np.zeros(B.F_WORK_SIZE), True)


def variant_params(name: str) -> np.ndarray:
    return compile_rules(load_variant(name).rule_dict)


def rng_state(seed: int = 12345) -> np.ndarray:
    """Stream 1 (the bots' stream) seeded with `seed`; xorshift needs a non-zero state."""
    return np.array([1, (seed * 0x9E3779B97F4A7C15 + 1) % 2**64], dtype=np.uint64)


def legal(p, st, seat):
    moves = np.zeros(C.MAX_MOVES, dtype=np.int64)
    n = int(C.legal_moves(p, st, seat, moves))
    return moves, n


def describe(st, move) -> list[tuple[str, int]]:
    """A move as sorted (tile, end value it attaches to) pairs, like Position.legal."""
    out = []
    for k in range(int(move) & 7):
        pl = int(C.placement(move, k))
        out.append((tile_name(pl & 31), int(C.attach_value(st, (pl >> 5) & 7))))
    return sorted(out)


def choose(bot: str | int, pos: Position | np.ndarray, seat: int = 0, p=None, seed: int = 12345):
    """The bot's move (as tile/end pairs) and the number of legal moves."""
    p = params() if p is None else p
    st = pos.st if isinstance(pos, Position) else pos
    moves, n = legal(p, st, seat)
    code = B.parse_bot(bot) if isinstance(bot, str) else bot
    i = int(pick_move(code, p, st, seat, moves, n, rng_state(seed), *WORKSPACE))
    assert 0 <= i < n
    return describe(st, moves[i]), n


def choices(bot: str, pos: Position, seeds=range(8), p=None) -> set:
    return {tuple(choose(bot, pos, p=p, seed=s)[0]) for s in seeds}


# --- names ---------------------------------------------------------------------------------------
def test_names_and_ids():
    assert list(BOT_IDS) == ALL_BOTS and set(BOT_DOCS) == set(BOT_IDS)
    for name, code in BOT_IDS.items():
        assert B.parse_bot(name) == code and B.bot_name(code) == name
    assert B.parse_bot(" sampler:40 ") == 5 + 16 * 40
    assert B.bot_name(B.parse_bot("sampler:40")) == "sampler:40"
    for bad in ["", "greedy", "sampler:", "sampler:0", "sampler:-3", "sampler:x", "heavy:2"]:
        with pytest.raises(ValueError):
            B.parse_bot(bad)


@pytest.mark.parametrize("variant", ["default", "osel"])
def test_ends_after_follows_apply_move(variant):
    p = variant_params(variant)
    checked = 0
    for st, seat in _observations(p, 150, seed=4):
        moves, n = legal(p, st, seat)
        for m in moves[:n]:
            after = st.copy()
            C.apply_move(after, seat, m)
            values = [int(after[C.ST_END + i]) for i in range(int(after[C.ST_N_ENDS])) if after[C.ST_OPEN] >> i & 1]
            multiset = [sum(1 << v for v in set(values) if values.count(v) >= k) for k in (1, 2, 3, 4)]
            assert list(B.ends_after(st, m)) == multiset
            checked += 1
    assert checked > 300


# --- one rule per bot ---------------------------------------------------------------------------------
def test_doubles_plays_a_double_over_a_heavier_tile():
    pos = Position(["33 56 01", "", "", ""], ends=(3, 5))
    assert choices("heavy", pos) == {(("56", 5),)}
    assert choices("doubles", pos) == {(("33", 3),)}
    # among doubles the heavier first; two doubles at once beat one
    assert choices("doubles", Position(["22 55 16", "", "", ""], ends=(2, 5))) == {(("22", 2), ("55", 5))}
    p1 = params(two_doubles=False)
    assert choices("doubles", Position(["22 55 16", "", "", ""], ends=(2, 5)), p=p1) == {(("55", 5),)}


def test_first_plays_the_first_legal_move_whatever_the_random_numbers():
    pos = Position(["33 56 01 35", "", "", ""], ends=(3, 5))
    first_legal = tuple(pos.legal(params(), 0)[0])
    assert len(pos.legal(params(), 0)) > 2
    assert choices("first", pos, seeds=range(20)) == {first_legal}
    assert len(choices("random", pos, seeds=range(20))) > 1  # the same seeds do move a random player
    rng = rng_state(3)
    before = rng.copy()
    moves, n = legal(params(), pos.st, 0)
    assert int(pick_move(B.parse_bot("first"), params(), pos.st, 0, moves, n, rng, *WORKSPACE)) == 0
    assert np.array_equal(rng, before)  # it draws no random number


def test_partner_keeps_the_end_its_partner_fed():
    pos = Position(["45 16", "02", "33", "03"], ends=(4, 1))
    pos.st[C.ST_FED + 2] = 1 << 4  # the partner (seat 2) made the 4 end
    assert choices("heavy", pos) == {(("45", 4),)}  # heavy would cover it
    assert choices("partner", pos) == {(("16", 1),)}
    # a fed end of the opponents does not count
    pos.st[C.ST_FED + 2] = 0
    pos.st[C.ST_FED + 1] = 1 << 4
    assert choices("partner", pos) == {(("45", 4),)}


def test_partner_keeps_away_from_ends_its_partner_knocked_on():
    pos = Position(["36 25", "01", "11", "04"], ends=(3, 2))
    pos.st[C.ST_LACKS + 2] = 1 << 6  # the partner knocked on 6
    assert choices("heavy", pos) == {(("36", 3),)}
    assert choices("partner", pos) == {(("25", 2),)}


def test_partner_leads_from_its_longest_suit():
    pos = Position(["01 02 03 56 45 44 66", "", "", ""])
    pos.st[C.ST_FORCED] = -1
    assert choices("heavy", pos) == {(("66", 7),)}
    assert choices("partner", pos) == {(("03", 7),)}


def fish_position(mine: str, others: tuple[str, str, str]) -> Position:
    """Ends 5 and 6; every 6 and every 0 or 4 not in `mine`/`others` is on the table."""
    return Position([mine, *others], ends=(5, 6))


def test_counter_makes_a_fish_when_its_side_is_lighter():
    # 05 on the 5 makes ends 0 and 6: nobody holds a 0 or a 6 -> fish. We keep 45 (9);
    # the partner holds 1 tile, the opponents 6 of the 7 unseen tiles (29 pips).
    pos = fish_position("05 45", ("14 12 33", "11", "13 22 23"))
    moves, n = legal(params(), pos.st, 0)
    fish = [describe(pos.st, m) for m in moves[:n] if _makes_fish(pos.st, m)]
    assert fish == [[("05", 5)]]
    assert choices("heavy", pos) == {(("45", 5),)}
    assert choices("counter", pos) == {(("05", 5),)}


def test_counter_avoids_a_fish_when_its_side_is_heavier():
    # 45 on the 5 makes a fish (no 4 and no 6 left); we keep 35 and the partner holds
    # 3 of the 5 unseen tiles: our side is likely heavier -> 35 instead.
    pos = fish_position("45 35", ("13", "22 23 12", "11"))
    moves, n = legal(params(), pos.st, 0)
    assert [describe(pos.st, m) for m in moves[:n] if _makes_fish(pos.st, m)] == [[("45", 5)]]
    assert choices("heavy", pos) == {(("45", 5),)}
    assert choices("counter", pos) == {(("35", 5),)}
    # where the fisherman's side always wins the fish, it fishes
    assert choices("counter", pos, p=params(fish_winner="fisherman")) == {(("45", 5),)}


def _makes_fish(st, move) -> bool:
    s = st.copy()
    C.apply_move(s, 0, move)
    return bool(C.is_fish(params(), s)) and s[C.ST_HAND] != 0


def test_counter_keeps_the_last_tile_of_a_suit():
    # every 6 but our 36 is on the table: we sit on the 6 end («сидит на конце»)
    pos = Position(["36 12", "13 22", "23 11", "01 02"], ends=(6, 2))
    assert not (ALL_TILES & ~pos.st[C.ST_BOARD] & ~mask("36") & int(SUIT_MASK[6]))
    assert choices("heavy", pos) == {(("36", 6),)}
    assert choices("counter", pos) == {(("12", 2),)}


def test_counter_plays_towards_a_value_the_next_opponent_knocked_on():
    pos = Position(["24 35", "11 16", "44 03", "14 25"], ends=(2, 3))
    pos.st[C.ST_LACKS + 1] = 1 << 4  # seat 1 (next to move) knocked on a 4
    assert choices("heavy", pos) == {(("35", 3),)}
    assert choices("counter", pos) == {(("24", 2),)}
    # had it knocked on a 5 instead, it could not hold 25, the last unseen 2 either:
    # ends 2 and 5 make it knock
    pos.st[C.ST_LACKS + 1] = 1 << 5
    assert B.effective_lacks(pos.st, 1, ALL_TILES & ~pos.st[C.ST_BOARD] & ~pos.st[C.ST_HAND]) == (1 << 5) | (1 << 2)
    assert choices("counter", pos) == {(("35", 3),)}


def test_sampler_goes_out_and_takes_a_winning_fish():
    out = Position(["33 66", "36 02", "04 05", "11 13"], ends=(3, 6))
    assert choices("sampler:8", out, seeds=range(3)) == {(("33", 3), ("66", 6))}
    # the winning fish of the counter test: certain, while 45 hands the opponents the game
    pos = fish_position("05 45", ("14 12 33", "11", "13 22 23"))
    before = pos.st.copy()
    assert choices("sampler:16", pos, seeds=range(3)) == {(("05", 5),)}
    assert np.array_equal(pos.st, before)  # playouts use private copies


def test_sampler_worlds_respect_counts_and_knocks():
    p = params()
    pos = Position(["05 45", "14 12 33", "11", "13 22 23"], ends=(5, 6))
    unseen = ALL_TILES & ~pos.st[C.ST_BOARD] & ~pos.st[C.ST_HAND]
    world = np.zeros(C.N_STATE, dtype=np.int64)
    work = np.zeros(30, dtype=np.int64)
    rng = rng_state()

    def worlds(k):
        seen = set()
        for _ in range(k):
            B.sample_world(p, pos.st, 0, world, rng, work)
            hands = [int(world[C.ST_HAND + s]) for s in range(4)]
            assert hands[0] == pos.st[C.ST_HAND]
            assert hands[1] | hands[2] | hands[3] == unseen
            assert [h.bit_count() for h in hands[1:]] == [3, 1, 3]
            for s in (1, 2, 3):
                assert hands[s] & int(B.SUITS_OF[pos.st[C.ST_LACKS + s]]) == 0
            seen.add(tuple(hands))
        return seen

    assert len(worlds(200)) > 20  # no knocks: 140 ways to deal 7 tiles as 3 + 1 + 3
    pos.st[C.ST_LACKS + 1] = 1 << 2  # these knocks (true of the real hands) leave one way
    pos.st[C.ST_LACKS + 3] = 1 << 1
    assert worlds(100) == {(mask("05 45"), mask("14 11 13"), mask("12"), mask("33 22 23"))}
    pos.st[C.ST_LACKS + 3] = 1 << 4  # and these several
    assert len(worlds(200)) > 3


# --- observation only -------------------------------------------------------------------------------
def _observations(p, n_positions: int, seed: int):
    """Decisions (st, seat) with more than one legal move, from random play as the engine
    plays a deal: draws from the bazaar, knocks, outs and fishes."""
    players = int(p[P_PLAYERS])
    rs = np.random.default_rng(seed)
    moves = np.zeros(C.MAX_MOVES, dtype=np.int64)
    rng = rng_state(seed)
    out = []
    while len(out) < n_positions:
        perm = rs.permutation(28)
        st = np.zeros(C.N_STATE, dtype=np.int64)
        st[C.ST_FORCED] = -1
        st[C.ST_CROSS_FLAG] = p[P_CROSS]
        st[C.ST_BAZAAR_POS] = 7 * players
        st[C.ST_ORDER : C.ST_ORDER + 28] = perm
        for s in range(players):
            st[C.ST_HAND + s] = sum(1 << int(t) for t in perm[7 * s : 7 * s + 7])
        turn = int(rs.integers(players))
        for _ in range(80):
            n = int(C.legal_moves(p, st, turn, moves))
            if n == 0 and C.bazaar_left(p, st) > 1:
                C.remember(st, C.HIST_DRAW, turn, 0)  # the deal's public record, as the engine keeps it
                st[C.ST_HAND + turn] |= 1 << int(st[C.ST_ORDER + st[C.ST_BAZAAR_POS]])
                st[C.ST_BAZAAR_POS] += 1
                continue
            if n == 0:
                C.remember(st, C.HIST_KNOCK, turn, 0)
                for i in range(st[C.ST_N_ENDS]):
                    if st[C.ST_OPEN] >> i & 1:
                        st[C.ST_LACKS + turn] |= 1 << int(st[C.ST_END + i])
                turn = (turn + 1) % players
                continue
            if n > 1 and rs.random() < 0.4:
                out.append((st.copy(), turn))
            move = moves[int(C.rng_below(rng, 1, n))]
            C.remember(st, C.HIST_PLAY, turn, move)
            C.apply_move(st, turn, move)
            if st[C.ST_HAND + turn] == 0 or C.is_fish(p, st):
                break
            turn = (turn + 1) % players
    return out[:n_positions]


def _redeal_hidden(p, st, seat, rs):
    """The same observation with other tiles in the other hands and the bazaar (same counts,
    knocks and draws respected: no tile that fitted the table when the seat last began to draw) and another
    record of the deal order."""
    players = int(p[P_PLAYERS])
    unseen = [t for t in range(28) if int(B.unseen_tiles(st, seat)) >> t & 1]
    others = [s for s in range(players) if s != seat]
    counts = [int(st[C.ST_HAND + s]).bit_count() for s in others]
    pos = int(st[C.ST_BAZAAR_POS]) if p[P_BAZAAR] > 0 else 28
    for _ in range(10000):
        order = [int(t) for t in rs.permutation(unseen)]
        hands, k = [], 0
        for c in counts:
            hands.append(sum(1 << t for t in order[k : k + c]))
            k += c
        if all(h & (int(B.SUITS_OF[st[C.ST_LACKS + s]]) | int(st[C.ST_DREW + s])) == 0 for s, h in zip(others, hands)):
            new = st.copy()
            for s, h in zip(others, hands):
                new[C.ST_HAND + s] = h
            new[C.ST_ORDER : C.ST_ORDER + pos] = rs.permutation(28)[:pos]
            new[C.ST_ORDER + pos : C.ST_ORDER + 28] = order[k:]
            return new
    return None


OBSERVATION_CASES = (
    [(b, "default") for b in SCRIPTED + ["sampler:6", "first", "general"]]
    + [("general", "generals")]
    + [(b, v) for v in ("solo-3", "osel") for b in ("partner", "counter", "sampler:4")]
    + [("expert:3", v) for v in ("default", "solo-3", "osel")]  # issue 26: the search sees no more
    + [("expert:3", "chechevae-2"), ("expert-classic:3", "default")]  # issue 37: nor its reading of the play
)
#: the bots that think by sampling hidden deals: fewer observations (each decision costs more)
SEARCHING = ("sampler", "expert")


@pytest.mark.parametrize("bot,variant", OBSERVATION_CASES)
def test_bots_see_only_the_observation(bot, variant):
    p = variant_params(variant)
    rs = np.random.default_rng(7)
    code = B.parse_bot(bot)
    differing = 0
    for st, seat in _observations(p, 12 if bot.startswith(SEARCHING) else 40, seed=3):
        moves, n = legal(p, st, seat)
        before = st.copy()
        first = int(pick_move(code, p, st, seat, moves, n, rng_state(99), *WORKSPACE))
        assert np.array_equal(st, before)  # bots never write to the state
        for _ in range(3):
            other = _redeal_hidden(p, st, seat, rs)
            if other is None:
                continue
            differing += int(not np.array_equal(other, st))
            again = int(pick_move(code, p, other, seat, moves, n, rng_state(99), *WORKSPACE))
            assert again == first, f"{bot} changed its move when only hidden tiles changed"
    assert differing > 0


def test_sampler_worlds_with_a_bazaar():
    p = variant_params("solo-3")
    world = np.zeros(C.N_STATE, dtype=np.int64)
    work = np.zeros(30, dtype=np.int64)
    rng = rng_state(5)
    checked = 0
    for st, seat in _observations(p, 30, seed=11):
        unseen = int(B.unseen_tiles(st, seat))
        pos = int(st[C.ST_BAZAAR_POS])
        B.sample_world(p, st, seat, world, rng, work)
        hands = [int(world[C.ST_HAND + s]) for s in range(3)]
        assert hands[seat] == st[C.ST_HAND + seat]
        bazaar = [int(t) for t in world[C.ST_ORDER + pos : C.ST_ORDER + 28]]
        assert len(set(bazaar)) == len(bazaar) == 28 - pos
        others = sum(hands[s] for s in range(3) if s != seat)
        assert sum(1 << t for t in bazaar) + others == unseen
        for s in range(3):
            if s != seat:
                assert hands[s].bit_count() == int(st[C.ST_HAND + s]).bit_count()
                assert hands[s] & int(B.SUITS_OF[st[C.ST_LACKS + s]]) == 0
                assert hands[s] & ~unseen == 0
        assert not world[C.ST_ORDER : C.ST_ORDER + pos].any()  # the deal order is not passed on
        checked += 1
    assert checked == 30


@pytest.mark.parametrize("variant", ["solo-3", "chechevae-2", "osel-solo-3"])
def test_sampled_deals_read_the_draws(variant):
    """A player draws only when no tile of his fits (R-solo-draw): the real hands never hold a tile that
    fitted the table when their seat last began to draw (core.remember's ST_DREW), and neither do the sampled
    deals; dealing without the draws (expert-classic's sampling) does give drawers such tiles."""
    p = variant_params(variant)
    world = np.zeros(C.N_STATE, dtype=np.int64)
    work = np.zeros(30, dtype=np.int64)
    rng = rng_state(5)
    drawn = ignored = 0
    for st, seat in _observations(p, 60, seed=13):
        players = int(p[P_PLAYERS])
        for s in range(players):  # true of the real deal (but the seat to move, who may just have drawn)
            assert s == seat or int(st[C.ST_HAND + s]) & int(st[C.ST_DREW + s]) == 0
        drawers = [s for s in range(players) if s != seat and st[C.ST_DREW + s]]
        drawn += len(drawers)
        for _ in range(20):
            B.sample_world(p, st, seat, world, rng, work)
            for s in drawers:
                assert int(world[C.ST_HAND + s]) & int(st[C.ST_DREW + s]) == 0
            B.sample_deal(p, st, seat, world, rng, work, False)
            ignored += sum(int(world[C.ST_HAND + s]) & int(st[C.ST_DREW + s]) != 0 for s in drawers)
    assert drawn > 10 and ignored > 0


# --- full games ---------------------------------------------------------------------------------------
VARIANTS = ["default", "morskoy", "solo-2", "solo-3", "solo-4", "osel"]


@pytest.mark.parametrize("bot", SCRIPTED + ["first"])
def test_scripted_bots_play_full_games(bot):
    from kozel_stats.play.runner import play_range

    for name in VARIANTS:
        p = variant_params(name)
        n = 200 if name == "default" else 40
        games = play_range(p, 11, 0, n, np.full(4, B.parse_bot(bot), dtype=np.int64)).games
        assert (games[:, E.G_DEALS] > 0).all()
        assert (games[:, E.G_LOSER] >= 0).all()


def test_sampler_and_mixed_tables_play_full_games():
    from kozel_stats.play.runner import play_range

    mixed = [B.parse_bot(b) for b in ("counter", "sampler:2", "partner", "doubles")]
    for name in VARIANTS:
        p = variant_params(name)
        for bots in ([B.parse_bot("sampler:2")] * 4, mixed):
            games = play_range(p, 5, 0, 2, np.array(bots, dtype=np.int64)).games
            assert (games[:, E.G_LOSER] >= 0).all()


@pytest.mark.parametrize("variant", ["default", "fish-to-fisherman", "solo-3", "osel"])
def test_recorded_games_replay_as_legal(variant):
    from kozel_stats.records.trace import record_game, replay_record, run_seed_game

    v = load_variant(variant)
    tables = [SCRIPTED[1:], ["sampler", "counter", "partner", "doubles"]]
    for g, bots in enumerate(tables):
        record = record_game(v, run_seed_game(3, g), bots[: v["players"]], game=g)
        assert record["loser"] is not None
        assert replay_record(record, v) == []


def test_reproducible():
    from kozel_stats.play.runner import play_range

    p = variant_params("default")
    bots = np.array([B.parse_bot(b) for b in ("counter", "partner", "doubles", "sampler:2")], dtype=np.int64)
    a = play_range(p, 9, 0, 4, bots).games
    b = play_range(p, 9, 0, 4, bots).games
    assert np.array_equal(a, b)
