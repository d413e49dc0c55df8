"""The `play` log: a game told deal by deal, in English or Russian, from its record.

It prints what the engine decided (the record's `trace.DECISION_KEYS`: who lost a deal, what
vanished under the threshold, why the leader leads, the special rules applied), replayed through
the engine when a record lacks them, and decides no rule itself. Only the open ends after each move
are followed here, from the moves (`_Table`), to show the table as a player sees it.
"""

from __future__ import annotations

import re
from typing import Any

from ..rules.variants import Variant
from ..text.errors import TraceError
from ..text.log_texts import LOG_PHRASES as PHRASES
from ..text.log_texts import SOLO_TITLE_WORDS, TITLE_WORDS

SIDE_NAMES = ["A", "B"]


class _Say:
    """The phrases of one language."""

    def __init__(self, lang: str):
        self.ru = lang == "ru"

    def __call__(self, key: str, **values: Any) -> str:
        if self.ru:  # one tile notation: the players' 6:6 in Russian (the record's 66 in English)
            for name in ("tile", "tiles"):
                if isinstance(values.get(name), str):
                    values[name] = re.sub(r"\b([0-6])([0-6])\b", r"\1:\2", values[name])
        return PHRASES[key][self.ru].format(**values)


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

    def text(self, say: _Say) -> str:
        if not self.ends:
            return say("no_end")
        return say("ends", ends=" ".join(str(e) for e in self.ends)) + (say("gap_open") if self.gap else "")


def lead_tile(deal: dict) -> str | None:
    """The first tile laid in a deal (a fact of the record)."""
    first = next((ev for ev in deal["events"] if "play" in ev), None)
    return first["play"][0] if first else None


def _first_lead_text(variant: Variant, deal: dict, d: int, say: _Say) -> str:
    """Why the leader of a deal opened like the first (R-lead-first, R-solo-lead, R-004-chechevae-lead) leads:
    the first_lead rule in words, with the tile he led."""
    rule = variant["first_lead"]
    tile = lead_tile(deal)
    if rule == "double-11-upward":
        return say("lead_11_up", tile=tile)
    cycle = variant["first_lead_cycle"]
    if rule.startswith("double-") and cycle != "none":  # R-004-morskoy-day
        key = {"days": "lead_day", "11-to-66": "lead_11_66", "random-day": "lead_random_day"}[cycle]
        return say(key, tile=tile)
    if rule.startswith("double-"):
        return say("lead_double_game" if d == 0 else "lead_double_deal", tile=rule[-2:])
    if tile is not None and tile[0] == tile[1]:
        return say("lead_lowest", tile=tile)
    return say("lead_heaviest")


def _next_lead_text(record: dict, d: int, variant: Variant, say: _Say) -> str:
    """The next_lead rule in words, with the facts of the deal before that it read."""
    seat, _ = _names(record)
    prev, deal = record["deals"][d - 1], record["deals"][d]
    rule = variant["next_lead"]
    if rule == "last-mover":
        return say("lead_last_out" if prev["end"] == "out" else "lead_last_fish", d=d)
    if rule == "round-robin":
        return say("lead_round", seat=seat[prev["leader"]], d=d)
    if rule == "fish-winner":
        if prev["end"] == "out":
            return say("lead_went_out", d=d)
        if deal["leader"] == prev["last"]:
            return say("lead_fisher_won", d=d)
        return say("lead_after_fisher", seat=seat[prev["last"]], d=d)
    if rule == "winners-choose":
        return say("lead_chosen" if prev["end"] == "out" else "lead_fisher", d=d)
    return ""


def _lead_reason(record: dict, d: int, variant: Variant | None, say: _Say) -> str:
    """Why the leader of deal d leads, as the engine decided it (the deal's `lead`, `fast`)."""
    deal = record["deals"][d]
    kind = deal.get("lead")
    if variant is None or kind is None:
        return ""
    tile = lead_tile(deal)
    if kind == "replay":
        if "extra-lead" in record["deals"][d - 1].get("applied", []):
            return say("lead_replay_extra", d=d)
        return say("lead_replay_fast", d=d, tile=tile)
    if kind == "extra-leader":
        return say("lead_extra_leader", d=d)
    if kind == "fast":
        cost = say("fast_cost", cost=variant["fast_writes"]) if variant["fast_writes"] else ""
        return say("lead_fast", d=d, cost=cost)
    if kind == "first-again":
        return say("lead_again", why=_first_lead_text(variant, deal, d, say), k=d + 1, n=variant["lead_repeats"])
    if kind == "first":
        return _first_lead_text(variant, deal, d, say)
    if deal.get("fast"):  # a fast lead the leader chose (R-004-morskoy-voluntary)
        cost = variant["fast_writes_00"] if deal["fast"] == "00" else variant["fast_writes"]
        return say("lead_voluntary", tile=tile, cost=cost)
    return _next_lead_text(record, d, variant, say)


def _fish_text(record: dict, deal: dict, variant: Variant | None, side: list[str], say: _Say) -> str:
    """Who won a fish and by how much (R-fish-winner, R-solo-score), as the engine decided it."""
    sums = deal["hand_sums"]
    losers = deal["losers"]
    pairs = len(side) == 2 and record["players"] == 4 and record["sides"] == [[0, 2], [1, 3]]
    side_word = say("side_word") if pairs else ""
    applied = deal.get("applied", [])
    if "no-fishing" in applied:
        return say("no_fishing_extra" if "extra-lead" in applied else "no_fishing_fast")
    if "fish-replayed" in applied:
        return say("fish_void")
    if deal["eggs"] or not losers:
        top = max(sums)
        if all(x == top for x in sums):
            return say("eggs_all", top=top)
        return say("eggs_top", tied=say("and").join(side[i] for i, x in enumerate(sums) if x == top), top=top)
    winners = [i for i in range(len(sums)) if i not in losers]
    who = say("and").join(side[i] for i in winners)
    if variant is not None and variant["fish_winner"] == "fisherman":
        return say("fisher_side", side=side_word, who=who)
    low = max(sums[i] for i in winners)
    high = min(sums[i] for i in losers)
    if len(losers) == 1 and len(winners) > 1:  # solo_loser: most (R-004-morskoy-solo)
        return say("loses_most", who=side[losers[0]], high=high, low=low, diff=high - low)
    return say("wins_lower", side=side_word, who=who, low=low, high=high, diff=high - low)


def _under(deal: dict, values: list[int], key: str, side: list[str], variant: Variant, say: _Say) -> str:
    """The points that stayed under the threshold, per side, vanished or remembered."""
    sides = [s for s, v in enumerate(values) if v]
    parts = " / ".join(f"{side[s]}'s {values[s]}" if not say.ru else f"{side[s]}: {values[s]}" for s in sides)
    verb = say("stays" if len(sides) == 1 else "stay")
    return say(key, parts=parts, verb=verb, under=say("threshold", t=variant["threshold_value"]))


def _written_text(deal: dict, variant: Variant, side: list[str], say: _Say) -> str:
    """What the deal wrote, what vanished under the threshold and what was remembered."""
    written, applied = deal["written"], deal.get("applied", [])
    if "no-fishing" in applied or "fish-replayed" in applied:
        return say("void")
    if variant["scoring"] == "generals":
        if "general" not in applied:
            return say("no_general")
        return say("general", sides=" / ".join(side[s] for s, v in enumerate(written) if v))
    if "out-00-ends-game" in applied:
        return say("out_00_ends")
    if deal["eggs"] and not any(written):
        return say("eggs", carry=deal["carry"])
    parts = [say("writes", side=side[s], n=v) for s, v in enumerate(written) if v]
    if any(deal["vanished"]):
        parts.append(_under(deal, deal["vanished"], "vanished", side, variant, say))
    if any(deal.get("memory", [])):
        parts.append(_under(deal, deal["memory"], "remembered", side, variant, say))
    return ("; ".join(parts) or say("nothing")) + "." + (say("carry", carry=deal["carry"]) if deal["carry"] else "")


def _special_lines(record: dict, d: int, variant: Variant, side: list[str], say: _Say) -> list[str]:
    """The special rules the scoring applied (the deal's `applied`), and the titles of the game's end."""
    seat, _ = _names(record)
    deal = record["deals"][d]
    applied = deal.get("applied", [])
    last_deal = d == len(record["deals"]) - 1
    lines = []
    if deal["eggs"] and any(deal["written"]):
        lines.append(say("eggs_carried", carry=deal["carry"]))
    if "out-66-all-others" in applied:
        lines.append(say("out_66_all", n=variant["out_66_writes"]))
    for s in range(record["players"]):
        held = _left_in_hand(deal, s)
        if "kept-66" in applied and "66" in held:
            lines.append(say("kept_66", seat=seat[s], cost=f" {variant['kept_66_writes']}"))
        if last_deal and "kept-00" in record["titles"] and "00" in held:
            lines.append(say("kept_00", seat=seat[s]))
    if "extra-lead" in applied and deal["losers"] and deal["end"] == "out":
        who = say("and").join(side[s] for s in deal["losers"])
        title = say("extra_one" if len(deal["losers"]) == 1 else "extra_many")
        if last_deal and "extra-goat" in record["titles"]:
            after = say("extra_rule16")
        elif last_deal and record["loser"] is not None:
            after = say("extra_target")
        else:
            after = say("extra_goes_on")
        lost = say("lost_one" if len(deal["losers"]) == 1 and len(record["sides"][0]) == 1 else "lost_many")
        lines.append(say("extra_lost", who=who, title=title, after=after, lost=lost))
    if "out-66-wipes" in applied:  # R-004-morskoy-66
        wiped = next(i for i, members in enumerate(record["sides"]) if deal["last"] in members)
        lines.append(say("wipe", side=side[wiped]))
    if "shared-burn" in applied:  # R-morskoy-shared
        lines.append(say("burn", n=deal["burned"]))
    return lines


SPECIAL_SETS = {frozenset({"00"}): "lone_00", frozenset({"66"}): "lone_66", frozenset({"00", "66"}): "both_00_66"}


def _pips(tiles: set[str]) -> int:
    return sum(int(t[0]) + int(t[1]) for t in tiles)


def _hand_parts(deal: dict, seats: list[int], variant: Variant, say: _Say) -> list[tuple[int, str]]:
    """The hands a losing side writes, a lone 00 / 66 at its price (R-score-specials), as (points, words)."""
    held = {seat: _left_in_hand(deal, seat) for seat in seats}
    pips = sum(_pips(tiles) for tiles in held.values())
    together = frozenset().union(*held.values())
    if variant["specials"] == "per-pair" and len(seats) > 1 and together in SPECIAL_SETS:
        price = variant[SPECIAL_SETS[together]]
        return [(price, say("part_lone_pair", n=price, tiles=say("and").join(sorted(together)), pips=pips))]
    parts: list[tuple[int, str]] = []
    priced = False
    for seat in seats:
        tiles = frozenset(held[seat])
        if variant["specials"] != "plain" and tiles in SPECIAL_SETS:
            price, priced = variant[SPECIAL_SETS[tiles]], True
            key = "part_both" if len(tiles) == 2 else "part_lone"
            words = say(key, n=price, seat=_seat_name(seat, variant), tiles=say("and").join(sorted(tiles)))
            parts.append((price, words))
        elif held[seat]:
            parts.append((_pips(held[seat]), say("part_hand", n=_pips(held[seat]), seat=_seat_name(seat, variant))))
    return parts if priced else [(pips, say("part_hands", n=pips))]


def _seat_name(seat: int, variant: Variant) -> str:
    return f"P{seat}({SIDE_NAMES[seat % 2]})" if variant["pairs"] else f"P{seat}"


def _why_written(record: dict, d: int, variant: Variant, side: list[str], say: _Say) -> list[str]:
    """Which rule added what when a side writes more than the pips left in its hands (a lone 00 / 66's price,
    the eggs pot, Осёл's memory, Чечевэ writing every hand): the parts of the deal's writing, said only
    when they add up to what the engine wrote (the log decides no rule itself)."""
    deal = record["deals"][d]
    applied = deal.get("applied", [])
    if deal["end"] == "fish" and variant["fish_writes"] != "own" or {"fast-cost", "general", "kept-66"} & set(applied):
        return []
    prev = record["deals"][d - 1] if d else None
    lines = []
    for s, n in enumerate(deal["written"]):
        if not n:
            continue
        if not variant["pairs"] and variant["solo_writes"] == "all-hands":
            total = sum(deal["hand_sums"])
            parts = [(total, say("part_all_hands", n=total))]
        else:
            parts = _hand_parts(deal, record["sides"][s], variant, say)
        if prev is not None and prev["eggs"] and prev["carry"]:
            parts.append((prev["carry"], say("part_pot", n=prev["carry"])))
        if prev is not None and variant["memory"] and any(prev.get("memory", [])) and prev["memory"][s]:
            parts.append((prev["memory"][s], say("part_memory", n=prev["memory"][s], d=d)))
        plain = len(parts) == 1 and parts[0][0] == deal["hand_sums"][s]
        if parts and not plain and sum(v for v, _ in parts) == n:
            lines.append(say("why", side=side[s], parts=" + ".join(words for _, words in parts), n=n))
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


def _load_rules(record: dict[str, Any], variant: Variant | None) -> tuple[dict[str, Any], Variant | None]:
    """The rules played (by default the record's shipped variant, when it exists) and the record with
    the engine's decisions (replayed when the record does not hold them)."""
    from .trace import DECISION_KEYS, with_decisions

    if variant is None:
        try:
            from ..rules.variants import load_variant

            variant = load_variant(record["variant"])
        except Exception:  # a yard's own variant file: the log is still readable without the reasons
            return record, None
    if record["deals"] and not all(key in deal for deal in record["deals"] for key in DECISION_KEYS):
        try:
            record = with_decisions(record, variant)
        except TraceError:
            return record, None
    if not all(key in deal for deal in record["deals"] for key in DECISION_KEYS):
        return record, None  # a deal the engine cannot replay: the log gives the facts without the reasons
    return record, variant


def _event_lines(deal: dict, seat: list[str], cross: bool, say: _Say) -> list[str]:
    lines = []
    table_ = _Table(cross)
    for e, ev in enumerate(deal["events"], 1):
        if ev.get("knock"):
            lines.append(say("knocks", e=e, seat=seat[ev["p"]]))
        elif "draw" in ev:
            lines.append(say("draws", e=e, seat=seat[ev["p"]], tile=ev["draw"]))
        else:
            parts = []
            closed = ev.get("closed", [False] * len(ev["play"]))
            for tile, at, shut in zip(ev["play"], ev["at"], closed, strict=True):
                where = (
                    say("on_first", tile=tile)
                    if at is None
                    else say("gap", tile=tile)
                    if at == "gap"
                    else say("on", tile=tile, at=at)
                )
                parts.append(where + (say("closed") if shut else ""))
            table_.play(ev["play"], ev["at"], closed)
            lines.append(say("plays", e=e, seat=seat[ev["p"]], parts=say("and").join(parts), table=table_.text(say)))
    return lines


def _deal_lines(record: dict, d: int, variant: Variant | None, say: _Say) -> list[str]:
    seat, side = _names(record)
    deal = record["deals"][d]
    reason = _lead_reason(record, d, variant, say)
    head = "\n" + say("deal", n=d + 1, seat=seat[deal["leader"]]) + (f" — {reason}" if reason else "")
    if deal["redeals"]:
        head += say("redeals", k=deal["redeals"])
    lines = [head] + [say("holds", seat=seat[s], tiles=" ".join(hand)) for s, hand in enumerate(deal["hands"])]
    if deal["bazaar"]:
        lines.append(say("bazaar", tiles=" ".join(deal["bazaar"])))
    if variant is not None and "extra-lead" in deal["applied"]:
        lines.append(say("extra"))
    lines += _event_lines(deal, seat, variant is not None and variant["layout"] == "cross", say)
    if deal["end"] == "out":
        lines.append(say("out", seat=seat[deal["last"]]))
    else:
        why = f"; {_fish_text(record, deal, variant, side, say)}" if variant is not None else ""
        lines.append(say("fish", seat=seat[deal["last"]], why=why))
    lines.append(say("left", scores=_scores(side, deal["hand_sums"])))
    if variant is None:
        w = " / ".join(say("writes", side=side[s], n=v) for s, v in enumerate(deal["written"]) if v)
        lines.append(f"  {w or say('nothing')}." + (say("carry", carry=deal["carry"]) if deal["carry"] else ""))
    else:
        lines.append("  " + _written_text(deal, variant, side, say))
        lines += _why_written(record, d, variant, side, say)
        lines += _special_lines(record, d, variant, side, say)
    lines.append(say("score", scores=_scores(side, deal["score"])))
    return lines


def _end_line(record: dict, side: list[str], say: _Say) -> str:
    final = _scores(side, record["final_score"])
    if record["loser"] is None and "draw" in record["titles"]:
        return say("draw", scores=final)
    if record["loser"] is None:
        return say("cut_off")
    pair = len(record["sides"][record["loser"]]) > 1  # two players each for himself are no pair
    goats = record.get("goats") or [record["loser"]]
    words = dict(TITLE_WORDS)
    if not pair and len(goats) == 1:
        words |= SOLO_TITLE_WORDS
    titles = ", ".join(words[t][say.ru] if t in words else t for t in record["titles"])
    if pair:
        who = say("goats_pair", side=side[record["loser"]])
    elif len(goats) > 1:
        who = say("goats_many", who=say("and").join(side[g] for g in goats))
    else:
        who = say("goat_one", who=side[record["loser"]])
    return say("final", who=who, scores=final, titles=say("titles", titles=titles) if titles else "")


def format_game(record: dict[str, Any], variant: Variant | None = None, lang: str = "en") -> str:
    """A deal-by-deal log a player can follow, in English or Russian (`lang`): deals and events numbered
    from 1 (as `replay` numbers them), the open ends after each move, who leads and why, who won a fish
    and by how much, and the points that vanished under the threshold. It prints what the engine
    decided (the record's `trace.DECISION_KEYS`, replayed through the engine when the record lacks them)
    and decides no rule itself. `variant`: the rules played (by default the record's shipped variant,
    when it exists); without them the log leaves out the reasons."""
    say = _Say(lang)
    record, variant = _load_rules(record, variant)
    order = " -> ".join(f"P{s}" for s in range(record["players"]))
    lines = [
        say("head", game=record["game"], variant=record["variant"], seed=record["seed"], bots=",".join(record["bots"])),
        say("pairs" if record["sides"] == [[0, 2], [1, 3]] else "solo", order=order),
    ]
    for d in range(len(record["deals"])):
        lines += _deal_lines(record, d, variant, say)
    lines.append(_end_line(record, _names(record)[1], say))
    return "\n".join(lines)
