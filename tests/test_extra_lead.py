"""The extra lead («внеочередной» заход, text 004 «Морской козёл» rule 7, R-004-morskoy-extra): one focused
test per sentence of the rule on a constructed deal, quoting it; then whole games of the shipped Морской of
text 004 (records that replay and pass the independent auditor) and the `ends-game` reading of rule 16."""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np
import pytest
from helpers import Game, Position, mask, out_by, params

from kozel_stats.engine import core as C
from kozel_stats.engine import game as E
from kozel_stats.engine.bots import parse_bot
from kozel_stats.engine.codes import AT_GAP, AT_NONE, E_TILES, TITLE_EXTRA, compile_rules
from kozel_stats.play.runner import play_range
from kozel_stats.records.playlog import format_game
from kozel_stats.records.trace import record_game, replay_record, run_seed_game, script_arrays
from kozel_stats.rules.variants import VariantError, load_variant, with_rules
from kozel_stats.stats.metrics import METRIC_BY_NAME, applies, columns_from_engine
from kozel_stats.text.errors import TraceError

sys.path.insert(0, str(Path(__file__).parent))
from audit import audit_game  # noqa: E402

EXTRA = dict(extra_lead="goes-on")
GAP = AT_GAP


def lead_extra(p, hands: list[str], seat: int = 0) -> Position:
    """The position right after `seat` led 66 and 00 together."""
    pos = Position(hands)
    C.apply_move(pos.st, seat, C.EXTRA_LEAD_MOVE)
    return pos


def play(pos: Position, seat: int, move: list[tuple[str, int]]) -> None:
    """Lay the legal move of `seat` that puts these (tile, end value) placements on the table."""
    moves = np.zeros(C.MAX_MOVES, dtype=np.int64)
    n = int(C.legal_moves(params(**EXTRA), pos.st, seat, moves))
    legal = pos.legal(params(**EXTRA), seat)
    # legal_moves cleared nothing it should not have: the list is the same when asked again
    assert len(legal) == n
    C.apply_move(pos.st, seat, int(moves[legal.index(sorted(move))]))


# --- who may lead it ---------------------------------------------------------------------------------------
# «Заходящий, при наличии соответствующих камней, может начать кон заходом одновременно на 0:0 и 6:6»
def test_a_leader_holding_00_and_66_may_lead_both_at_once():
    hands = ["00 66 12 13 14 15 16", "", "", ""]
    assert sorted([("00", AT_NONE), ("66", AT_NONE)]) in Position(hands).legal(params(**EXTRA), 0)
    assert len(Position(hands).legal(params(**EXTRA), 0)) == 8  # seven single tiles and the extra lead
    assert all(len(m) == 1 for m in Position(hands).legal(params(), 0))  # not without the knob
    assert all(len(m) == 1 for m in Position(["00 12 13", "", "", ""]).legal(params(**EXTRA), 0))  # needs both


def test_a_forced_lead_is_never_the_extra_lead():
    pos = Position(["00 66 11 13", "", "", ""])
    pos.st[C.ST_FORCED] = mask("11").bit_length() - 1  # the first lead on 11
    assert pos.legal(params(**EXTRA), 0) == [[("11", AT_NONE)]]


# R-004-morskoy-voluntary: 66 and 00 alone are fast leads that need every other player's record; the
# extra lead is rule 7's own and needs only the tiles
def test_the_extra_lead_needs_no_record_where_a_fast_lead_does():
    p = params(**EXTRA, voluntary_fast=True, fast_writes=50, fast_writes_00=75, lead_repeats=3)
    legal = Position(["00 66 12", "", "", ""]).legal(p, 0)
    assert legal == [[("12", AT_NONE)], sorted([("00", AT_NONE), ("66", AT_NONE)])]


# --- the table after it ----------------------------------------------------------------------------------
# «каждый очередной игрок после зашедшего обязан поставить 2 камня - по одному с каждой стороны»
def test_the_next_player_must_lay_two_tiles_one_on_each_end():
    pos = lead_extra(params(**EXTRA), ["00 66", "56 03 26 12", "", ""])
    assert [int(pos.st[C.ST_END]), int(pos.st[C.ST_END + 1])] == [6, 0]
    legal = pos.legal(params(**EXTRA), 1)
    assert sorted(legal) == sorted([[("03", 0), ("56", 6)], [("03", 0), ("26", 6)]])


# «б) как только у очередного игрока отсутствует возможность поставить 2 камня, то дальнейшие ходы идут
# как обычно - по 1 камню»
def test_the_first_player_who_cannot_lay_two_ends_it_for_everyone():
    pos = lead_extra(params(**EXTRA), ["00 66", "56 12", "03 05 34", "26 01"])
    assert pos.legal(params(**EXTRA), 1) == [[("56", 6)]]  # no tile for the 0 end: one tile
    play(pos, 1, [("56", 6)])
    # seat 2 could lay one on each end now (05 on 5, 03 on 0), but the two-tile moves are over
    assert sorted(pos.legal(params(**EXTRA), 2)) == [[("03", 0)], [("05", 0)], [("05", 5)]]


def test_two_tiles_on_equal_ends_are_one_move_whichever_goes_where():
    pos = lead_extra(params(**EXTRA), ["00 66", "36 03", "13 23", ""])
    play(pos, 1, [("03", 0), ("36", 6)])  # ends 3 and 3
    assert pos.legal(params(**EXTRA), 2) == [[("13", 3), ("23", 3)]]


# «в) камень 6:0 можно поставить на любом ходу, в промежуток между заходными камнями 6:6 и 0:0»
def test_60_fits_the_gap_on_any_move_and_only_while_it_is_open():
    pos = lead_extra(params(**EXTRA), ["00 66", "06 16 01", "26", ""])
    legal = pos.legal(params(**EXTRA), 1)
    assert [("06", GAP)] in legal  # instead of the two tiles it could lay
    assert sorted([("01", 0), ("16", 6)]) in legal and sorted([("06", 6), ("01", 0)]) in legal
    play(pos, 1, [("06", GAP)])
    assert int(pos.st[C.ST_END]) == 6 and int(pos.st[C.ST_END + 1]) == 0  # no end changed
    assert pos.st[C.ST_EXTRA] & C.EXTRA_GAP == 0
    assert pos.legal(params(**EXTRA), 2) == [[("26", 6)]]


# «(в том числе и закончить им игру)»: 60 in the gap may be the out
def test_60_in_the_gap_may_be_a_players_last_tile():
    p = params(**EXTRA)
    pos = lead_extra(p, ["00 66", "11", "22", "06"])
    pos.st[C.ST_EXTRA] &= ~C.EXTRA_PAIRS
    assert pos.legal(p, 3) == [[("06", 6)], [("06", 0)], [("06", GAP)]]  # on either end, or in the gap
    play(pos, 3, [("06", GAP)])
    assert pos.st[C.ST_HAND + 3] == 0


# R-fish-visible: the table shows no fish while 60 could still fill the gap
def test_no_fish_while_the_gap_is_open_and_60_is_off_the_table():
    p = params(**EXTRA)
    pos = lead_extra(p, ["00 66 12", "11 13", "", ""])
    # the ends 1 and 2, every other tile on the table but 60 (in seat 3's hand), the gap open
    pos.st[C.ST_END], pos.st[C.ST_END + 1] = 1, 2
    pos.st[C.ST_HAND + 3] = 1 << C.T06
    pos.st[C.ST_BOARD] = C.ALL_TILES & ~(1 << C.T06)
    C.apply_move(pos.st, 0, C.one_tile_move(mask("12").bit_length() - 1, 0))  # refreshes the end mask
    assert not C.is_fish(p, pos.st)
    C.apply_move(pos.st, 3, C.one_tile_move(C.T06, C.SLOT_GAP))
    assert C.is_fish(p, pos.st)


# --- scoring and what follows ---------------------------------------------------------------------------------
def extra_deal(game: Game, position: Position) -> dict:
    game.gs[E.GS_EXTRA] = 1
    return game.deal(position)


# rule 8: «При заходе … на "внеочередном" заходе "рыбачить" не допускается. Если в итоге … "внеочередного"
# захода все равно получилась "рыба" - заход переигрывается»
def test_a_fish_on_an_extra_lead_writes_nothing_and_grows_no_pot():
    hands = ["12 13", "45", "14", "36"]  # A 11, B 18: B would lose it
    result = extra_deal(Game(**EXTRA), Position(hands).end("fish", 1))
    assert result["losers"] == 0 and result["written"] == [0, 0]
    assert Game(**EXTRA).deal(Position(hands).end("fish", 1))["written"] == [0, 18]  # not an extra lead
    level = ["12", "03", "", ""]  # equal sums: eggs, but for an extra lead
    assert extra_deal(Game(**EXTRA), Position(level).end("fish", 1))["carry"] == 0
    assert Game(**EXTRA).deal(Position(level).end("fish", 1))["carry"] == 3


# rule 7д: «последующие заходы игры продолжаются … с продолжением счета всех игроков»: written as any deal
def test_the_loser_of_an_extra_lead_writes_as_in_any_deal_and_the_game_goes_on():
    game = Game(**EXTRA, target=125)
    result = extra_deal(game, out_by(1, ("56", "34")))
    assert result["written"] == [18, 0] and result["goat"] == -1


# R-004-morskoy-extra-end, rule 16: «в один заход: … "внеочередной козел"»
def test_with_ends_game_the_loser_of_an_extra_lead_is_the_goat_at_once():
    game = Game(extra_lead="ends-game", target=125)
    result = extra_deal(game, out_by(1, ("56", "34")))
    assert result["goat"] == 0 and result["titles"] & TITLE_EXTRA
    assert result["written"] == [18, 0]
    fish = extra_deal(Game(extra_lead="ends-game"), Position(["12", "45", "", ""]).end("fish", 0))
    assert fish["goat"] == -1  # a fish has no loser: it is replayed and the game goes on


# R-004-morskoy-replay: «заходной камень (6:6, 0:0, или оба) в перемешивании домино не участвует, а
# забирается заходящим»
def test_the_replay_of_an_extra_lead_keeps_both_tiles_with_its_leader():
    p = params(**EXTRA)
    _, rng, _ = E.workspace()
    perm = np.zeros(28, dtype=np.int64)
    hands = np.zeros(4, dtype=np.int64)
    for deal in range(60):
        E.deal_tiles(p, 9, deal, rng, perm, hands, False, False, C.FORCED_EXTRA, deal % 4)
        held = int(hands[deal % 4])
        assert held >> C.T66 & 1 and held >> C.T00 & 1 and bin(held).count("1") == 7
        assert sorted(int(t) for t in perm) == list(range(28))
    solo = params(**EXTRA, pairs=False, players=3)  # with a bazaar of 7: both tiles in the hand, never in it
    for deal in range(60):
        E.deal_tiles(solo, 9, deal, rng, perm, hands, False, False, C.FORCED_EXTRA, deal % 3)
        held = int(hands[deal % 3])
        assert held >> C.T66 & 1 and held >> C.T00 & 1
        assert sorted(int(t) for t in perm) == list(range(28)) and not {C.T00, C.T66} & set(perm[21:].tolist())
    pos = Position(["00 66 12", "", "", ""])
    pos.st[C.ST_FORCED] = C.FORCED_EXTRA
    assert pos.legal(p, 0) == [sorted([("00", AT_NONE), ("66", AT_NONE)])]


def extra_deals(record: dict) -> list[int]:
    return [d for d, deal in enumerate(record["deals"]) if len(deal["events"][0].get("play", [])) == 2]


# «Заходящий остается старым (тот, кто должен был заходить очередной кон)»; a fish is led again with both tiles
def test_whole_games_the_leader_stays_and_a_fish_is_led_again():
    variant = load_variant("morskoy-004")
    assert variant["extra_lead"] == "goes-on"
    stayed = replayed = 0
    for seed in range(300):
        record = record_game(variant, seed, ["heavy", "random"] * 2)  # heavy leads 66 and 00 half the time
        assert replay_record(record, variant) == [] and audit_game(record, variant.rule_dict) == []
        deals = record["deals"]
        for d in extra_deals(record):
            if d + 1 == len(deals):
                continue
            assert deals[d + 1]["leader"] == deals[d]["leader"]
            stayed += 1
            if deals[d]["end"] == "fish":
                assert deals[d]["written"] == [0, 0]
                assert sorted(deals[d + 1]["events"][0]["play"]) == ["00", "66"]
                replayed += 1
    assert stayed > 20 and replayed > 0


@pytest.mark.parametrize("name", ["morskoy-004", "morskoy-004-solo-2", "morskoy-004-solo-3", "morskoy-004-solo-4"])
@pytest.mark.parametrize("mode", ["goes-on", "ends-game"])
def test_records_of_both_readings_replay_and_pass_the_auditor(name, mode):
    variant = with_rules(load_variant(name), {"extra_lead": mode})
    seen = titled = 0
    for seed in range(60):
        bots = ["random", "heavy", "counter", "partner"][: variant["players"]]
        record = record_game(variant, seed, bots)
        assert replay_record(record, variant) == []
        assert audit_game(record, variant.rule_dict) == []
        seen += len(extra_deals(record))
        titled += "extra-goat" in record["titles"]
        if extra_deals(record):
            log = format_game(record, variant)
            assert "An extra lead («внеочередной заход»)" in log and "plays 66 and 00" in log
    assert seen > 0
    assert (titled > 0) == (mode == "ends-game")


@pytest.mark.slow
@pytest.mark.parametrize("bot", ["random", "heavy", "doubles", "partner", "counter", "sampler:4"])
def test_1000_games_per_bot_with_extra_leads(bot):
    variant = load_variant("morskoy-004")
    p = compile_rules(variant.rule_dict)
    games = play_range(p, 3, 0, 1000 if bot != "sampler:4" else 100, np.full(4, parse_bot(bot), np.int64)).games
    assert (games[:, E.G_LOSER] >= 0).all()
    assert games[:, E.G_EXTRA_GOATS].sum() > 0


# --- the record, the auditor, the metric and the knob -------------------------------------------------------------
def test_the_auditor_catches_a_broken_extra_lead():
    variant = load_variant("morskoy-004")
    record = next(r for r in (record_game(variant, s, ["random"] * 4) for s in range(200)) if extra_deals(r))
    d = extra_deals(record)[0]
    events = record["deals"][d]["events"]
    pair = next(i for i, ev in enumerate(events[1:], 1) if len(ev.get("play", [])) == 2)
    broken = {**events[pair], "play": events[pair]["play"][:1], "at": events[pair]["at"][:1]}
    bad = {**record, "deals": list(record["deals"])}
    bad["deals"][d] = {**record["deals"][d], "events": events[:pair] + [broken] + events[pair + 1 :]}
    assert any("two tiles, one on each end" in problem for problem in audit_game(bad, variant.rule_dict))
    gap = {**record, "deals": list(record["deals"])}
    gap["deals"][d] = {
        **record["deals"][d],
        "events": [*events[:1], {"p": events[1]["p"], "play": ["12"], "at": ["gap"]}],
    }
    assert any("only 60 fits the gap" in problem for problem in audit_game(gap, variant.rule_dict))


def test_at_gap_reads_back_and_a_wrong_at_says_what_it_may_be():
    variant = load_variant("morskoy-004")
    record = next(
        r
        for r in (record_game(variant, s, ["random"] * 4) for s in range(400))
        if any(ev.get("at") == ["gap"] for deal in r["deals"] for ev in deal["events"])
    )
    _, events, _ = script_arrays(record, "record", 4, 7)
    assert (events[:, E_TILES + 1] == AT_GAP).any()
    bad = {**record, "deals": [dict(deal) for deal in record["deals"]]}
    bad["deals"][0]["events"] = [{"p": 0, "play": ["11"], "at": ["middle"]}]
    with pytest.raises(TraceError, match='0..6, "gap" or null'):
        script_arrays(bad, "record", 4, 7)


def test_the_extra_goat_rate_applies_only_with_the_knob_and_counts_games():
    metric = METRIC_BY_NAME["extra_goat_rate"]
    assert applies(metric, load_variant("morskoy-004").rule_dict)
    assert not applies(metric, load_variant("default").rule_dict)
    variant = load_variant("morskoy-004")
    p = compile_rules(variant.rule_dict)
    heavy = np.full(4, parse_bot("heavy"), np.int64)
    columns = columns_from_engine(play_range(p, 5, 0, 300, heavy).games)
    # counted again from the records of the same games: extra leads that did not end in a fish (in pairs an
    # out always has a loser; a fish is replayed)
    for game in range(300):
        record = record_game(variant, run_seed_game(5, game), ["heavy"] * 4, game=game)
        lost = sum(record["deals"][d]["end"] == "out" for d in extra_deals(record))
        assert columns["extra_goats"][game] == lost, game
    assert 0.05 < (columns["extra_goats"] > 0).mean() < 0.6


def test_the_cross_has_no_extra_lead_and_a_match_does_not_end_on_one():
    with pytest.raises(VariantError, match="extra_lead"):
        with_rules(load_variant("osel"), {"extra_lead": "goes-on"})
    with pytest.raises(VariantError, match="match_deals"):
        with_rules(load_variant("sport"), {"extra_lead": "ends-game"})
    assert with_rules(load_variant("sport"), {"extra_lead": "goes-on"})["extra_lead"] == "goes-on"


def test_the_extra_lead_plays_and_compares_from_the_command_line(tmp_path):
    """The CLI: a game log with an extra lead, a compare against Морской of section 10 that reports the
    extra-goat rate, and its Russian report."""
    from helpers import run_cli

    variant = load_variant("morskoy-004")
    seed = next(s for s in range(400) if extra_deals(record_game(variant, s, ["heavy"] * 4)))
    code, log = run_cli("play", "morskoy-004", "--game-seed", seed, "--game", 0, "--bots", "heavy")
    assert code == 0, log
    assert "plays 66 and 00" in log and "An extra lead («внеочередной заход»)" in log
    report = tmp_path / "morskoy.html"
    code, text = run_cli(
        "compare", "morskoy", "morskoy-004", "--baseline", "morskoy", "--games", "3000", "--workers", "1",
        "--report", report, "--lang", "ru",
    )  # fmt: skip
    assert code == 0, text
    assert "внеочередной козёл" in text and "внеочередной козёл" in report.read_text(encoding="utf-8")


def test_the_auditor_catches_a_wrong_leader_a_written_fish_and_a_missing_title():
    """The auditor's own checks of what follows an extra lead, each shown to fail on a broken record."""
    goes_on = load_variant("morskoy-004")
    records = [record_game(goes_on, s, ["heavy", "random"] * 2) for s in range(300)]
    after = next((r, d) for r in records for d in extra_deals(r) if d + 1 < len(r["deals"]))
    record, d = after
    bad = {**record, "deals": [dict(deal) for deal in record["deals"]]}
    bad["deals"][d + 1]["leader"] = (record["deals"][d]["leader"] + 1) % 4
    assert any(f"deal {d + 1}: leader is seat" in problem for problem in audit_game(bad, goes_on.rule_dict))
    fished = next((r, d) for r in records for d in extra_deals(r) if r["deals"][d]["end"] == "fish")
    record, d = fished
    bad = {**record, "deals": [dict(deal) for deal in record["deals"]]}
    bad["deals"][d]["written"] = [0, 5]
    assert any(f"deal {d}: written is" in problem for problem in audit_game(bad, goes_on.rule_dict))
    ends = with_rules(goes_on, {"extra_lead": "ends-game"})
    record = next(r for r in (record_game(ends, s, ["heavy"] * 4) for s in range(100)) if "extra-goat" in r["titles"])
    assert audit_game(record, ends.rule_dict) == []
    untitled = {**record, "titles": [t for t in record["titles"] if t != "extra-goat"]}
    assert any("titles are" in problem for problem in audit_game(untitled, ends.rule_dict))
    assert audit_game(record, goes_on.rule_dict) != []  # under goes-on the game would have gone on


def test_the_engine_lists_exactly_the_moves_the_auditor_accepts_after_an_extra_lead():
    """3,000 random deals after an extra lead, 2 to 4 players, played on at random: at every turn the
    engine's legal moves are the moves the independent auditor's Chain accepts (none missing, none extra)."""
    import itertools
    import random

    from audit import Chain

    from kozel_stats.engine.codes import tile_name

    p = params(**EXTRA)
    rules = {"two_doubles": True, "extra_lead": "goes-on"}

    def engine_moves(st, seat):
        moves = np.zeros(C.MAX_MOVES, dtype=np.int64)
        out = {}
        for m in moves[: C.legal_moves(p, st, seat, moves)]:
            move = []
            for k in range(int(m) & 7):
                pl = int(C.placement(m, k))
                at = int(C.attach_value(st, (pl >> 5) & 7))
                move.append((tile_name(pl & 31), "gap" if at == AT_GAP else at))
            out[tuple(sorted(move, key=str))] = int(m)
        return out

    def auditor_moves(board, hand):
        candidates = {((t, e),) for t in hand for e in {*board.ends, "gap"}}
        candidates |= {((a, board.ends[0]), (b, board.ends[1])) for a, b in itertools.permutations(hand, 2)}
        accepted = set()
        for c in candidates:
            if board.problem({"p": 0, "play": [t for t, _ in c], "at": [e for _, e in c]}, hand) is None:
                accepted.add(tuple(sorted(c, key=str)))
        return accepted

    rng = random.Random(1)
    turns = 0
    for _ in range(3000):
        deck = [t for t in range(28) if t not in (C.T00, C.T66)]
        rng.shuffle(deck)
        n = rng.choice([2, 3, 4])
        hands = [[C.T00, C.T66, *deck[:5]]] + [deck[5 + 6 * i : 11 + 6 * i] for i in range(n - 1)]
        pos = Position([" ".join(tile_name(t) for t in h) for h in hands + [[]] * (4 - n)])
        C.apply_move(pos.st, 0, C.EXTRA_LEAD_MOVE)
        board = Chain(rules)
        board.apply({"play": ["66", "00"], "at": [None, None]})
        seat, stuck = 1 % n, 0
        while stuck < n:
            hand = [tile_name(t) for t in range(28) if pos.st[C.ST_HAND + seat] >> t & 1]
            board.turn(hand)
            engine = engine_moves(pos.st, seat)
            assert set(engine) == auditor_moves(board, hand), (board.ends, board.gap, board.pairs, hand)
            turns += 1
            stuck = 0 if engine else stuck + 1
            if engine:
                move = rng.choice(sorted(engine, key=str))
                C.apply_move(pos.st, seat, engine[move])
                board.apply({"play": [t for t, _ in move], "at": [e for _, e in move]})
                if pos.st[C.ST_HAND + seat] == 0:
                    break
            seat = (seat + 1) % n
    assert turns > 20000


def test_the_hand_written_extra_lead_game_replays_in_the_engine():
    """The game written by hand for the auditor (test_audit_selfcheck.extra_lead_record) is also what the engine
    plays: its replay finds every move legal and every number equal, under both readings."""
    from test_audit_selfcheck import extra_lead_record

    variant = with_rules(load_variant("default"), {"threshold_value": 25, "target": 60, "extra_lead": "goes-on"})
    assert replay_record(extra_lead_record(), variant) == []
    ends = with_rules(variant, {"extra_lead": "ends-game"})
    assert replay_record(extra_lead_record(("naked", "extra-goat")), ends) == []
    assert replay_record(extra_lead_record(), ends) != []  # the title is missing
    log = format_game(extra_lead_record(), variant)
    assert "plays 06 in the gap  -> ends 5 3" in log and "plays 22 on 2 and 33 on 3" in log
