"""The `play` log prints what the engine decided and decides no rule itself (issue 29): every line
of the log of every shipped variant is checked against the game record the engine wrote."""

from __future__ import annotations

import re

import pytest

from kozel_stats.records.playlog import PHRASES, format_game
from kozel_stats.records.trace import DECISION_KEYS, record_game, replay_record, run_seed_game
from kozel_stats.rules.variants import load_variant, shipped_names

SCORE_ITEM = re.compile(r"(\S+) (-?\d+)")


def _names(record: dict) -> tuple[list[str], list[str]]:
    pairs = record["sides"] == [[0, 2], [1, 3]]
    seats = [f"P{s}({'AB'[s % 2]})" if pairs else f"P{s}" for s in range(record["players"])]
    return seats, (["A", "B"] if pairs else [f"P{s}" for s in range(record["players"])])


def _scores(text: str, side: list[str]) -> list[int]:
    found = dict((name, int(v)) for name, v in SCORE_ITEM.findall(text))
    assert list(found) == side, text
    return [found[s] for s in side]


def _named_sides(text: str, side: list[str]) -> set[int]:
    return {side.index(name) for name in re.split(r" and | / ", text.removeprefix("side ").strip())}


def check_deal(lines: list[str], deal: dict, d: int, record: dict) -> None:
    seat, side = _names(record)
    assert lines[0].startswith(f"Deal {d + 1}: {seat[deal['leader']]} leads"), lines[0]
    for s, hand in enumerate(deal["hands"]):
        assert f"  {seat[s]} holds {' '.join(hand)}" in lines
    events = [line for line in lines if re.match(r"\s+\d+\. ", line)]
    assert len(events) == len(deal["events"])
    end = next(line for line in lines if line.endswith(" is out.") or "Fish (рыба)!" in line)
    if deal["end"] == "out":
        assert end == f"  {seat[deal['last']]} is out."
    else:
        assert end.startswith(f"  Fish (рыба)! {seat[deal['last']]} is the fisherman")
        winners = re.search(r"; (?:the fisherman's )?((?:side )?[A-Z]\S*(?: and \S+)*) wins it", end)
        if winners:
            won = {s for s in range(len(side)) if s not in deal["losers"]}
            assert _named_sides(winners.group(1), side) == won, (end, deal["losers"])
        loser = re.search(r"; (\S+) loses it", end)
        if loser:
            assert [side.index(loser.group(1))] == deal["losers"]
        if "eggs (яйца)" in end:
            assert deal["eggs"] and not deal["losers"]
    left = next(line for line in lines if line.startswith("  Left in hand: "))
    assert _scores(left.removeprefix("  Left in hand: ").rstrip("."), side) == deal["hand_sums"]
    body = "\n".join(lines)
    writes = {side.index(name): int(v) for name, v in re.findall(r"(\S+) writes (\d+)", body) if name in side}
    generals = re.search(r"one general written against (.+)\.", body)  # scoring: generals writes one a deal
    writes |= {s: 1 for s in _named_sides(generals.group(1), side)} if generals else {}
    assert writes == {s: v for s, v in enumerate(deal["written"]) if v}, (body, deal["written"])
    for kind, values in (("vanished", deal["vanished"]), ("remembered for the next loss", deal.get("memory", []))):
        claimed: dict[int, int] = {}
        for group in re.findall(r"((?:\S+'s \d+(?: / )?)+) stays? under the threshold[^(]*\(" + kind, body):
            claimed |= {side.index(n): int(v) for n, v in re.findall(r"(\S+)'s (\d+)", group)}
        assert claimed == {s: v for s, v in enumerate(values) if v}, (body, values)
        for s in claimed:  # only a side that lost the deal can have points under the threshold
            assert s in deal["losers"], (body, deal["losers"])
    score = next(line for line in lines if line.startswith("  Score: "))
    assert _scores(score.removeprefix("  Score: "), side) == deal["score"]
    if "out-66-wipes" in deal["applied"]:
        assert "The out on 66 wipes" in body
    if "no-fishing" in deal["applied"] or "fish-replayed" in deal["applied"]:
        assert "Nothing written; the deal does not count." in body


def check_log(record: dict, text: str) -> None:
    _, side = _names(record)
    blocks = text.split("\n\nDeal ")
    assert len(blocks) == len(record["deals"]) + 1
    for d, deal in enumerate(record["deals"]):
        lines = ("Deal " + blocks[d + 1]).split("\n")
        if d == len(record["deals"]) - 1:
            lines = lines[: lines.index("")]  # the game's end follows the last deal
        check_deal(lines, deal, d, record)
    end = text.rsplit("\n\n", 1)[1]
    if record["loser"] is None:
        assert ("draw" in end) == ("draw" in record["titles"]) and ("cut off" in end) != ("draw" in end)
    else:
        goats = record.get("goats") or [record["loser"]]
        who = re.match(r"(?:Side )?(.+?) (?:are the goats|is the goat)", end)
        assert who is not None and _named_sides(who.group(1), side) == set(goats), end
        for title in record["titles"]:
            assert title in end
        assert _scores(end.split("final score ")[1].split(";")[0].rstrip("."), side) == record["final_score"]


@pytest.mark.parametrize("name", shipped_names())
def test_every_line_of_the_log_agrees_with_the_record(name):
    variant = load_variant(name)
    for game in range(4):
        record = record_game(variant, run_seed_game(1, game), ["random"] * variant["players"], game=game)
        assert all(key in deal for deal in record["deals"] for key in DECISION_KEYS)
        assert replay_record(record, variant) == []  # the decisions are checked by replay too
        check_log(record, format_game(record, variant))


def test_a_player_who_did_not_lose_has_nothing_vanished():
    """`kozel-stats play morskoy-004-solo-3 --seed 1`: under solo_loser: most only the player with the most
    pips loses; the log once said the other's points vanished under the threshold."""
    variant = load_variant("morskoy-004-solo-3")
    record = record_game(variant, run_seed_game(1, 0), ["random"] * 3)
    text = format_game(record, variant)
    first = text.split("\n\nDeal ")[1]
    assert "P1 is out." in first and "P2 writes 30." in first and "vanished" not in first
    assert "P2 loses it" not in first  # an out: no fish
    check_log(record, text)


def test_a_record_without_the_decisions_gets_them_from_the_engine():
    variant = load_variant("morskoy-004")
    record = record_game(variant, run_seed_game(5, 0), ["random"] * 4)
    bare = {**record, "deals": [{k: v for k, v in deal.items() if k not in DECISION_KEYS} for deal in record["deals"]]}
    assert format_game(bare, variant) == format_game(record, variant)
    assert replay_record(bare, variant) == []


def test_replay_catches_a_wrong_decision():
    variant = load_variant("threshold-25")
    for game in range(50):
        record = record_game(variant, run_seed_game(2, game), ["random"] * 4, game=game)
        deal = next((x for x in record["deals"] if any(x["vanished"])), None)
        if deal is not None:
            break
    assert deal is not None
    deal["vanished"] = [0] * len(deal["vanished"])
    problems = [str(p) for p in replay_record(record, variant)]
    assert any("vanished is [0, 0], the rules give" in p for p in problems), problems


@pytest.mark.parametrize("name", shipped_names())
def test_the_log_in_russian_says_the_same(name):
    """Issue 27: `play --lang ru` prints the log in Russian: no English word beyond ids (variant and bot names,
    max_deals), and the same numbers line by line as the English log."""
    from test_russian import english_words

    variant = load_variant(name)
    record = record_game(variant, run_seed_game(3, 0), ["random"] * variant["players"])
    en, ru = format_game(record, variant), format_game(record, variant, "ru")
    assert not english_words(ru), sorted(english_words(ru))
    assert len(en.splitlines()) == len(ru.splitlines())
    for line_en, line_ru in zip(en.splitlines(), ru.splitlines()):
        numbers_en = sorted(re.findall(r"\d+", line_en.replace("kept-00 ", "").replace(":", "")))  # the title id
        assert numbers_en == sorted(re.findall(r"\d+", line_ru.replace(":", ""))), (line_en, line_ru)


#: (variant, a line of the log that says which rule added what, en, ru): a deal of each kind (issue 40)
WHY_WRITTEN = [
    ("default", r"^  \(\w: .*\d+ for P\d\(\w\)'s lone (00|66)", r"^  \(\w: .*\d+ за одинокий (0:0|6:6) у P\d"),
    (
        "default",
        r"^  \(\w: \d+ in the hands \+ \d+ of the eggs pot = \d+\)$",
        r"^  \(\w: \d+ на руках \+ \d+ из яиц = \d+\)$",
    ),
    ("osel", r"remembered from deal \d+ \(memory of points\)", r"в памяти со сдачи \d+ \(память очков\)"),
    ("chechevae-4", r"^  \(P\d: \d+ of every hand left", r"^  \(P\d: \d+ всех рук \(проигравшему пишут все руки\)"),
]


@pytest.mark.parametrize("name, en, ru", WHY_WRITTEN, ids=[f"{w[0]}-{i}" for i, w in enumerate(WHY_WRITTEN)])
def test_the_log_says_which_rule_added_what_to_a_writing(name, en, ru):
    """«A пишет 58» after «Осталось на руках: A 20» says why: the parts of the writing, which add up to it."""
    variant = load_variant(name)
    for g in range(60):
        record = record_game(variant, run_seed_game(1, g), ["random"] * variant["players"])
        log_en, log_ru = format_game(record, variant), format_game(record, variant, "ru")
        found = [line for line in log_en.splitlines() if re.search(en, line)]
        if found:
            break
    assert found, f"no deal of this kind in 60 games of {name}"
    for line in log_en.splitlines():  # every explanation adds up to the writing it explains
        if re.match(r"^  \((\w|P\d): ", line):
            numbers = [int(n) for n in re.findall(r"(?:^|[(:+] )(\d+) ", line)]
            assert sum(numbers) == int(re.search(r"= (\d+)\)$", line)[1]), line
    assert any(re.search(ru, line) for line in log_ru.splitlines()), log_ru
    from helpers import run_cli  # and so `play` prints it, in both languages

    for lang, pattern in (("en", en), ("ru", ru)):
        code, said = run_cli(
            "play", name, "--game-seed", record["seed"], "--game", g, "--level", "beginner", "--lang", lang
        )
        assert code == 0 and any(re.search(pattern, line) for line in said.splitlines()), said


def test_one_tile_notation_and_one_player_lost():
    variant = load_variant("morskoy-004-solo-3")
    record = record_game(variant, run_seed_game(1, 0), ["random"] * variant["players"])
    ru, en = format_game(record, variant, "ru"), format_game(record, variant)
    assert "  P1 проиграл внеочередной заход" in ru and "  P1 lost the extra lead" in en  # one player: singular
    holds = [line for line in ru.splitlines() if line.startswith("  у P")]
    assert holds and all(re.fullmatch(r"  у P\d: ([0-6]:[0-6] ?)+", line) for line in holds), holds
    plays = [line for line in ru.splitlines() if re.match(r"^ +\d+\. P\d кладёт ", line)]
    assert plays and all(re.search(r"кладёт [0-6]:[0-6]", line) for line in plays)
    assert all(
        re.fullmatch(r"  P\d holds ([0-6][0-6] ?)+", line)
        for line in en.splitlines()
        if line.startswith("  P") and " holds " in line
    )
    assert "06 fits the gap" in PHRASES["extra"][0] and "0:6 встаёт" in PHRASES["extra"][1]
