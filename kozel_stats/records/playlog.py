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

SIDE_NAMES = ["A", "B"]

#: Every phrase of the log: (English, Russian), formatted with str.format
PHRASES: dict[str, tuple[str, str]] = {
    "head": (
        "Game {game}  variant {variant}  seed {seed}  bots {bots}",
        "Партия {game}  вариант {variant}  зерно {seed}  боты {bots}",
    ),
    "pairs": (
        "Sides: A = P0 + P2, B = P1 + P3; play goes {order}.",
        "Пары: A = P0 + P2, B = P1 + P3; ход идёт {order}.",
    ),
    "solo": ("Each for himself; play goes {order}.", "Каждый сам за себя; ход идёт {order}."),
    "deal": ("Deal {n}: {seat} leads", "Сдача {n}: заходит {seat}"),
    "redeals": ("; after {k} redeal(s) (передача)", "; передач перед ней: {k}"),
    "holds": ("  {seat} holds {tiles}", "  у {seat}: {tiles}"),
    "bazaar": ("  bazaar (in draw order): {tiles}", "  базар (в порядке, в каком его берут): {tiles}"),
    "extra": (
        "  An extra lead («внеочередной заход») on 66 and 00 at once: each next player lays two tiles, one on each "
        "end, until one cannot (then one a move); 06 fits the gap between them on any move; no fishing.",
        "  Внеочередной заход сразу на 6:6 и 0:0: каждый следующий кладёт две кости, по одной на каждый конец, пока "
        "кто-то не сможет (дальше по одной); 0:6 встаёт в промежуток на любом ходу; рыбачить нельзя.",
    ),
    "knocks": ("  {e:>3}. {seat} knocks", "  {e:>3}. {seat} стучит"),
    "draws": ("  {e:>3}. {seat} draws {tile}", "  {e:>3}. {seat} берёт из базара {tile}"),
    "plays": ("  {e:>3}. {seat} plays {parts}  -> {table}", "  {e:>3}. {seat} кладёт {parts}  -> {table}"),
    "on": ("{tile} on {at}", "{tile} на {at}"),
    "on_first": ("{tile}", "{tile}"),
    "gap": ("{tile} in the gap", "{tile} в промежуток"),
    "and": (" and ", " и "),
    "closed": (" closed", " закрытым"),
    "no_end": ("no open end", "открытых концов нет"),
    "ends": ("ends {ends}", "концы {ends}"),
    "gap_open": (", the gap for 06 open", ", промежуток для 0:6 открыт"),
    "out": ("  {seat} is out.", "  {seat} вышел."),
    "fish": ("  Fish (рыба)! {seat} is the fisherman{why}.", "  Рыба! Рыбак — {seat}{why}."),
    "left": ("  Left in hand: {scores}.", "  Осталось на руках: {scores}."),
    "score": ("  Score: {scores}", "  Счёт: {scores}"),
    # why the leader leads
    "lead_11_up": (
        "holds {tile}, the first of 11, 22 … 66, 00 in the hands",
        "у него {tile}, первый из 11, 22 … 66, 00 на руках",
    ),
    "lead_day": (
        "holds {tile}, the double of this game's day of the week",
        "у него {tile}, дубль дня недели этой партии",
    ),
    "lead_11_66": (
        "holds {tile}, this game's double in the 11 … 66 rotation",
        "у него {tile}, дубль этой партии по кругу 11 … 66",
    ),
    "lead_random_day": (
        "holds {tile}, the double of a day of the week drawn for this game",
        "у него {tile}, дубль дня недели, выпавшего этой партии",
    ),
    "lead_double_game": ("holds {tile}, which opens the game", "у него {tile}, с которого начинают партию"),
    "lead_double_deal": ("holds {tile}, which opens every deal", "у него {tile}, с которого начинают каждую сдачу"),
    "lead_lowest": ("holds the lowest double in the hands, {tile}", "у него младший дубль на руках, {tile}"),
    "lead_heaviest": (
        "no double in any hand: holds the heaviest tile",
        "дублей ни у кого нет: у него самая тяжёлая кость",
    ),
    "lead_last_out": ("he made the last move of deal {d}: he went out", "он сделал последний ход сдачи {d}: вышел"),
    "lead_last_fish": ("he made the last move of deal {d}: the fisherman", "он сделал последний ход сдачи {d}: рыбак"),
    "lead_round": (
        "sits clockwise of {seat}, who led deal {d}",
        "сидит по часовой стрелке от {seat}, заходившего в сдаче {d}",
    ),
    "lead_went_out": ("went out in deal {d}", "вышел в сдаче {d}"),
    "lead_fisher_won": (
        "was the fisherman of deal {d} and his side won it (or it was eggs)",
        "был рыбаком в сдаче {d}, и его сторона её выиграла (или были яйца)",
    ),
    "lead_after_fisher": (
        "the first player clockwise of the fisherman {seat} on the side that won the fish of deal {d}",
        "первый по часовой стрелке от рыбака {seat} из стороны, выигравшей рыбу сдачи {d}",
    ),
    "lead_chosen": (
        "the side that won deal {d} chose him (the better lead hand)",
        "его выбрала сторона, выигравшая сдачу {d} (у него рука для захода лучше)",
    ),
    "lead_fisher": ("was the fisherman of deal {d}", "был рыбаком в сдаче {d}"),
    "lead_replay_extra": (
        "the extra lead of deal {d} ended in a fish: he leads it again and keeps its 66 and 00",
        "внеочередной заход сдачи {d} кончился рыбой: он заходит снова и оставляет себе 6:6 и 0:0",
    ),
    "lead_replay_fast": (
        "the fast lead of deal {d} ended in a fish: he leads it again and keeps its {tile}",
        "быстрый заход сдачи {d} кончился рыбой: он заходит снова и оставляет себе {tile}",
    ),
    "lead_extra_leader": (
        "he led the extra lead of deal {d}, and its leader leads the next deal too (rule 7д)",
        "он заходил внеочередным в сдаче {d}, и заходящий заходит и в следующей (правило 7д)",
    ),
    "lead_fast": (
        "holds 66: nobody has written in {d} deals, a fast lead on 66{cost}",
        "у него 6:6: за {d} сдач никто не записал, быстрый заход на 6:6{cost}",
    ),
    "fast_cost": (": its loser writes {cost}, a fish replays it", ": проигравшему пишут {cost}, рыба переигрывается"),
    "lead_again": (
        "{why}: nobody has written yet, the first lead is repeated ({k} of {n})",
        "{why}: записи ещё нет, первый заход повторяется ({k} из {n})",
    ),
    "lead_voluntary": (
        "everyone else has a record: he chooses a fast lead on {tile}: its loser writes {cost}, a fish replays",
        "у всех остальных есть запись: он выбирает быстрый заход на {tile}: проигравшему пишут {cost}, рыба "
        "переигрывается",
    ),
    # who won a fish
    "no_fishing_extra": (
        "no fishing on an extra lead: the deal is replayed",
        "на внеочередном заходе не рыбачат: сдачу переигрывают",
    ),
    "no_fishing_fast": (
        "no fishing on a fast lead: the deal is replayed",
        "на быстром заходе не рыбачат: сдачу переигрывают",
    ),
    "fish_void": (
        "a fish does not count: nobody wins it and the deal is dealt again",
        "рыба не в счёт: её никто не выигрывает, сдачу сдают заново",
    ),
    "eggs_all": ("all sums equal ({top}): eggs (яйца)", "все суммы равны ({top}): яйца"),
    "eggs_top": ("{tied} share the most pips ({top}): eggs (яйца)", "у {tied} поровну больше всех очков ({top}): яйца"),
    "fisher_side": (
        "the fisherman's {side}{who} wins it (the sums are not compared)",
        "её выигрывает {side}{who} рыбака (суммы не сравнивают)",
    ),
    "side_word": ("side ", "сторона "),
    "loses_most": (
        "{who} loses it with the most pips left, {high} against {low} (by {diff})",
        "её проигрывает {who}: больше всех очков на руках, {high} против {low} (на {diff})",
    ),
    "wins_lower": (
        "{side}{who} wins it with the lower sum, {low} against {high} (by {diff})",
        "её выигрывает {side}{who}: сумма меньше, {low} против {high} (на {diff})",
    ),
    # what was written
    "void": ("Nothing written; the deal does not count.", "Ничего не записано; сдача не в счёт."),
    "no_general": (
        "No general (the out held neither 00 nor 66 as the rules ask): nothing written.",
        "Генерала нет (выход не на 0:0 / 6:6, как требуют правила): ничего не записано.",
    ),
    "general": (
        "A генерал (the out on 00 / 66): one general written against {sides}.",
        "Генерал (выход на 0:0 / 6:6): {sides} пишут одного генерала.",
    ),
    "out_00_ends": (
        "The out on 00 ends the game at once: nothing is written for this deal.",
        "Выход на 0:0 сразу кончает партию: за эту сдачу ничего не пишут.",
    ),
    "eggs": (
        "Eggs: nobody writes; {carry} carried to the next loser.",
        "Яйца: никто не пишет; {carry} переходят следующему проигравшему.",
    ),
    "writes": ("{side} writes {n}", "{side} пишет {n}"),
    "threshold": (" under the threshold {t}", " меньше порога {t}"),
    "vanished": ("{parts} {verb}{under} (vanished)", "{parts} — {verb}{under} (пропадают)"),
    "remembered": (
        "{parts} {verb}{under} (remembered for the next loss)",
        "{parts} — {verb}{under} (запомнены до следующего проигрыша)",
    ),
    "stays": ("stays", "это"),
    "stay": ("stay", "это"),
    "nothing": ("Nothing written", "Ничего не записано"),
    "carry": (" Carry: {carry}.", " Переходит: {carry}."),
    # the special rules applied
    "eggs_carried": (
        "  Eggs: {carry} carried to the next loser.",
        "  Яйца: {carry} переходят следующему проигравшему.",
    ),
    "out_66_all": (
        "  The out on 66: every other player writes {n} (not his hand).",
        "  Выход на 6:6: каждому другому игроку пишут {n} (не его руку).",
    ),
    "kept_66": (
        "  {seat} is left holding 66:{cost} more written to him.",
        "  У {seat} остался 6:6: ему пишут ещё{cost}.",
    ),
    "kept_00": (
        "  {seat} is left holding 00: a goat at once, the game is over.",
        "  У {seat} остался 0:0: сразу козёл, партия окончена.",
    ),
    "extra_lost": (
        "  {who} {lost} the extra lead: {title} («внеочередной козёл»){after}",
        "  {who} {lost} внеочередной заход: внеочередной козёл{after}",
    ),
    "extra_one": ("the extra goat", ""),
    "extra_many": ("extra goats", ""),
    "lost_one": ("lost", "проиграл"),
    "lost_many": ("lost", "проиграли"),
    # why a side writes what it writes (the parts of deal's writing, when they add up to it)
    "why": ("  ({side}: {parts} = {n})", "  ({side}: {parts} = {n})"),
    "part_hand": ("{n} in {seat}'s hand", "{n} на руках у {seat}"),
    "part_hands": ("{n} in the hands", "{n} на руках"),
    "part_all_hands": (
        "{n} of every hand left (the loser writes all hands)",
        "{n} всех рук (проигравшему пишут все руки)",
    ),
    "part_lone": ("{n} for {seat}'s lone {tiles}", "{n} за одинокий {tiles} у {seat}"),
    "part_both": ("{n} for {seat}'s {tiles} alone", "{n} за {tiles} без других костей у {seat}"),
    "part_lone_pair": (
        "{n} for the side's lone {tiles} (instead of {pips})",
        "{n} за одинокий {tiles} у пары (вместо {pips})",
    ),
    "part_pot": ("{n} of the eggs pot", "{n} из яиц"),
    "part_memory": ("{n} remembered from deal {d} (memory of points)", "{n} в памяти со сдачи {d} (память очков)"),
    "extra_rule16": ("; the game is over (rule 16).", "; партия окончена (правило 16)."),
    "extra_target": (
        "; the score reaches the target: the game is over.",
        "; счёт дошёл до конца партии: партия окончена.",
    ),
    "extra_goes_on": ("; the game goes on (rule 7д).", "; партия продолжается (правило 7д)."),
    "wipe": ("  The out on 66 wipes {side}'s score to 0.", "  Выход на 6:6 списывает счёт {side} до 0."),
    "burn": (
        "  One score for both: opening a score burns the other's ({n} points).",
        "  Счёт один на двоих: открытая запись сжигает чужую ({n} очков).",
    ),
    # the end of the game
    "draw": ("\nThe match ends level, a draw: final score {scores}.", "\nМатч окончен вничью: итоговый счёт {scores}."),
    "cut_off": ("\nGame cut off (max_deals) without a loser.", "\nПартия остановлена (max_deals) без проигравшего."),
    "goats_pair": ("Side {side} are the goats (козлы)", "Козлы — сторона {side}"),
    "goats_many": ("{who} are the goats (козлы)", "Козлы — {who}"),
    "goat_one": ("{who} is the goat (козёл)", "Козёл — {who}"),
    "final": ("\n{who}, final score {scores}{titles}.", "\n{who}, итоговый счёт {scores}{titles}."),
    "titles": ("; titles: {titles}", "; звания: {titles}"),
}

#: The titles of a game's end, in the record's words and the players'
TITLE_WORDS = {
    "naked": ("naked (голые козлы)", "голые козлы"),
    "bald": ("bald (лысые козлы)", "лысые козлы"),
    "general": ("general (генерал)", "генерал"),
    "hanging": ("hanging (подвесной козёл)", "подвесной козёл"),
    "kept-00": ("kept-00 (остался с 0:0)", "остался с 0:0"),
    "extra-goat": ("extra-goat (внеочередной козёл)", "внеочередной козёл"),
}
SOLO_TITLE_WORDS = {"naked": ("naked (голый козёл)", "голый козёл"), "bald": ("bald (лысый козёл)", "лысый козёл")}


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
