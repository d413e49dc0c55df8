"""The knobs of a rule variant: every rule where yards differ, declared once.

Each knob has its type, its allowed values, its default (the rules of the main text,
sections 1-8) and the words of the rule, so that validation (`rules`), the engine's
parameter array (`codes.compile_rules`), `variants show`, docs/variants.md and the reports
all read the same table. Pure data: importing it costs nothing (and it imports only the text layer).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from ..text.messages import count


@dataclass(frozen=True)
class Knob:
    name: str
    kind: type  # int, bool or str
    default: Any
    rule: str  # the words of the rule, shown by `variants show` and reports
    choices: tuple[str, ...] = ()  # for str knobs
    pattern: str | None = None  # extra str values matching this regex
    low: int | None = None  # for int knobs
    high: int | None = None
    meaning: dict[str, str] = field(default_factory=dict)  # per choice
    rule_ru: str = ""  # the rule in the players' Russian (reports, terminal with --lang ru)
    meaning_ru: dict[str, str] = field(default_factory=dict)  # per choice, in Russian
    short: str = ""  # a few words naming the rule (report: "what differs")
    short_ru: str = ""
    #: a few Russian words per choice, read after the short name: «порог: в каждой сдаче» (value_word;
    #: the English ids are words already)
    words_ru: dict[str, str] = field(default_factory=dict)

    def describe(self, lang: str = "en") -> str:
        """The words of the rule in `lang` (en or ru)."""
        return self.rule_ru if lang == "ru" and self.rule_ru else self.rule

    def value_meaning(self, value: Any, lang: str = "en") -> str:
        """What a value of this knob means, in `lang` ("" when the value speaks for itself)."""
        meanings = self.meaning_ru if lang == "ru" else self.meaning
        key = str(value)
        if key not in meanings and isinstance(value, str) and LEAD_DOUBLE.match(value):
            return meanings.get("double-NN", "").replace(
                "NN", f"{value[-2]}:{value[-1]}" if lang == "ru" else value[-2:]
            )
        return meanings.get(key, "")


LEAD_DOUBLE = re.compile(r"^double-([0-6])\1$")

KNOBS: tuple[Knob, ...] = (
    Knob(
        "players",
        int,
        4,
        "Number of players: 4 in pairs; 2, 3 or 4 each for himself.",
        low=2,
        high=4,
        rule_ru="Число игроков: 4 — в парах; 2, 3 или 4 — каждый сам за себя.",
        short="players",
        short_ru="игроков",
        meaning_ru={},
    ),
    Knob(
        "tiles_each",
        int,
        7,
        "Tiles dealt to each player; the rest is the bazaar (Чечевэ: 6 each with four players).",
        low=5,
        high=7,
        rule_ru="Сколько костей сдают каждому; остальные — базар (Чечевэ: по шесть, когда играют вчетвером).",
        short="tiles each",
        short_ru="костей на руки",
        meaning_ru={},
    ),
    Knob(
        "draw_last",
        bool,
        False,
        "With a bazaar, a player without a move may draw its last tile too and knocks only when it is empty "
        "(Чечевэ); false: the last tile is never drawn.",
        rule_ru="С базаром тот, кому нечем ходить, может взять и последнюю кость и стучит, только когда базар пуст "
        "(Чечевэ); нет — последнюю кость не берут.",
        short="the last bazaar tile is drawn",
        short_ru="последнюю кость базара берут",
        meaning_ru={"True": "да", "False": "нет"},
    ),
    Knob(
        "pairs",
        bool,
        True,
        "Two pairs, partners opposite (false: каждый сам за себя, every player scores alone, "
        "the undealt tiles form the bazaar).",
        rule_ru="Две пары, партнёры напротив (нет: каждый сам за себя, каждый пишет себе, нерозданные кости — базар).",
        short="pairs",
        short_ru="игра парами",
        meaning_ru={"True": "две пары, партнёры напротив", "False": "каждый сам за себя"},
    ),
    Knob(
        "layout",
        str,
        "chain",
        "How tiles are laid out.",
        choices=("chain", "cross"),
        meaning={
            "chain": "a chain with two ends; doubles are laid across and change nothing",
            "cross": "Осёл «Крест»: the first double of a deal is a house open on four sides; one to four "
            "doubles per move, each on its own end; a double may be laid closed (its end is dead)",
        },
        rule_ru="Как выкладывают кости.",
        short="layout",
        short_ru="выкладка",
        words_ru={"chain": "цепочка", "cross": "крест"},
        meaning_ru={
            "chain": "цепочка с двумя концами; дубли кладут поперёк, они ничего не меняют",
            "cross": "Осёл «Крест»: первый открытый дубль сдачи — дом, открытый на четыре стороны; за ход "
            "от одного до четырёх дублей, каждый на свой конец; дубль можно положить закрытым (его конец мёртв)",
        },
    ),
    Knob(
        "redeal_doubles",
        int,
        5,
        "Redeal (передача) when a hand holds at least this many doubles; 0 = never.",
        low=0,
        high=7,
        rule_ru="Передача, когда у кого-то на руках столько дублей или больше; 0 — никогда.",
        short="redeal on doubles",
        short_ru="передача по дублям",
        meaning_ru={},
    ),
    Knob(
        "redeal_suit",
        int,
        6,
        "Redeal when a hand holds at least this many tiles of one suit; 0 = never.",
        low=0,
        high=7,
        rule_ru="Передача, когда у кого-то столько костей одной масти или больше; 0 — никогда.",
        short="redeal on a suit",
        short_ru="передача по масти",
        meaning_ru={},
    ),
    Knob(
        "first_lead",
        str,
        "double-11",
        "Who opens the first deal of a game, and with what.",
        choices=("lowest-double", "lowest-double-or-heaviest", "double-11-upward"),
        pattern=LEAD_DOUBLE.pattern,
        meaning={
            "double-NN": "the holder of the double NN leads and must play it",
            "lowest-double": "the holder of the lowest double dealt leads and must play it",
            "lowest-double-or-heaviest": "the holder of the lowest double in the hands leads with it; "
            "with no double in any hand, the holder of the heaviest tile leads with it",
            "double-11-upward": "the holder of 11 leads with it; without 11 in the hands 22, then 33 … 66, and "
            "00 last (Чечевэ)",
        },
        rule_ru="Кто начинает первую сдачу партии и с какой кости.",
        short="first lead",
        short_ru="первый заход",
        words_ru={
            "lowest-double": "младший дубль",
            "lowest-double-or-heaviest": "младший дубль или самая тяжёлая",
            "double-11-upward": "1:1, потом выше",
        },
        meaning_ru={
            "double-NN": "заходит тот, у кого дубль NN, и ходит им",
            "lowest-double": "заходит тот, у кого младший дубль, и ходит им",
            "lowest-double-or-heaviest": "заходит тот, у кого младший дубль на руках, и ходит им; если дублей "
            "ни у кого нет — тот, у кого самая тяжёлая кость",
            "double-11-upward": "заходит тот, у кого 1:1; если её ни у кого нет — 2:2, потом 3:3 … 6:6, и 0:0 "
            "последним (Чечевэ)",
        },
    ),
    Knob(
        "first_lead_cycle",
        str,
        "none",
        "With first_lead: double-NN, how the double that opens a game changes from game to game (game i of a "
        "run is the i-th game after the first of a session).",
        choices=("none", "days", "11-to-66", "random-day"),
        meaning={
            "none": "every game opens with the same double NN",
            "days": "by the day of the week, NN on the first game's day (11 Monday, 22 Tuesday … 66 Saturday, 00 "
            "Sunday), each next game the next day's double (Морской of text 004)",
            "11-to-66": "NN, then the next double up to 66, then 11 again («чаще производится розыгрыш с 1:1 и до "
            "6:6»)",
            "random-day": "the double of a day of the week drawn at random for each game (11 … 66, 00)",
        },
        rule_ru="Как меняется от партии к партии дубль первого захода (партия i прогона — i-я "
        "после первой партии дня).",
        short="first lead from game to game",
        short_ru="первый заход от партии к партии",
        words_ru={
            "none": "всегда один",
            "days": "по дням недели",
            "11-to-66": "от 1:1 до 6:6",
            "random-day": "случайный день",
        },
        meaning_ru={
            "none": "каждую партию начинают с одного и того же дубля",
            "days": "по дню недели: дубль первого захода — день первой партии (1:1 — понедельник, 2:2 — вторник "
            "… 6:6 — суббота, 0:0 — воскресенье), каждая следующая партия — с дубля следующего дня (Морской "
            "текста 004)",
            "11-to-66": "дубль первого захода, потом следующий дубль до 6:6, потом снова 1:1 («чаще производится "
            "розыгрыш с 1:1 и до 6:6»)",
            "random-day": "дубль случайного дня недели для каждой партии (1:1 … 6:6, 0:0)",
        },
    ),
    Knob(
        "next_lead",
        str,
        "last-mover",
        "Who leads the later deals of a game (with any tile).",
        choices=("last-mover", "fish-winner", "round-robin", "winners-choose", "first-lead"),
        meaning={
            "last-mover": "whoever made the last move: the player who went out, or the fisherman",
            "fish-winner": "after an out the player who went out; after a fish the fisherman "
            "if his side won it, else the next player clockwise of the winning side; "
            "after eggs the fisherman",
            "round-robin": "the player clockwise of the previous deal's leader",
            "winners-choose": "after an out the winning side chooses which of its two players "
            "leads (long suit, few doubles, many suits); after a fish the fisherman",
            "first-lead": "every deal is opened like the first, by the first_lead rule (Генерал: «в любом "
            "случае игра начинается с 1х1»)",
        },
        rule_ru="Кто заходит в следующих сдачах партии (с любой кости).",
        short="next lead",
        short_ru="заход в следующих сдачах",
        words_ru={
            "last-mover": "сделавший последний ход",
            "fish-winner": "выигравший рыбу",
            "round-robin": "по кругу",
            "winners-choose": "выбирают выигравшие",
            "first-lead": "как в первой сдаче",
        },
        meaning_ru={
            "last-mover": "кто сделал последний ход: вышедший или рыбак",
            "fish-winner": "после выхода — вышедший; после рыбы — рыбак, если его пара выиграла, иначе "
            "следующий по часовой стрелке игрок выигравшей пары; после яиц — рыбак",
            "round-robin": "следующий по часовой стрелке после прошлого заходившего",
            "winners-choose": "после выхода выигравшая пара выбирает, кто из двоих заходит (длинная масть, мало "
            "дублей, много мастей); после рыбы — рыбак",
            "first-lead": "каждую сдачу начинают как первую, по правилу первого захода (Генерал: «в любом "
            "случае игра начинается с 1х1»)",
        },
    ),
    Knob(
        "two_doubles",
        bool,
        True,
        "With different ends and both matching doubles in hand, both may be played in one move.",
        rule_ru="Если концы разные и на руках оба подходящих дубля, их можно поставить за один ход.",
        short="two doubles in one move",
        short_ru="два дубля за ход",
        meaning_ru={"True": "можно", "False": "нельзя: один ход — одна кость"},
    ),
    Knob(
        "fish_winner",
        str,
        "lower-sum",
        "Which side wins a fish (рыба).",
        choices=("lower-sum", "fisherman", "replayed"),
        meaning={
            "lower-sum": "the side with the lower plain sum in hand; equal sums are eggs",
            "fisherman": "always the fisherman's side (sums are not compared, no eggs)",
            "replayed": "nobody: a fish does not count, nothing is written and the deal is dealt again "
            "(Генерал: «рыба недопустима»)",
        },
        rule_ru="Какая пара выигрывает рыбу.",
        short="fish winner",
        short_ru="кто выигрывает рыбу",
        words_ru={"lower-sum": "меньшая сумма", "fisherman": "рыбак", "replayed": "никто, переигрывают"},
        meaning_ru={
            "lower-sum": "пара, у которой меньше очков на руках; при равных суммах — яйца",
            "fisherman": "всегда пара рыбака (суммы не сравнивают, яиц нет)",
            "replayed": "никто: рыба не засчитывается, ничего не пишут и раздают заново (Генерал: «рыба недопустима»)",
        },
    ),
    Knob(
        "fish_writes",
        str,
        "own",
        "What the side that lost a fish writes.",
        choices=("own", "all", "difference"),
        meaning={
            "own": "its own hands",
            "all": "the hands of all four players",
            "difference": "the difference of the two sides' sums",
        },
        rule_ru="Что пишет пара, проигравшая рыбу.",
        short="fish loser writes",
        short_ru="что пишут за рыбу",
        words_ru={"own": "свои очки", "all": "очки всех", "difference": "разность"},
        meaning_ru={
            "own": "свои очки",
            "all": "очки всех четырёх игроков",
            "difference": "разность сумм двух пар",
        },
    ),
    Knob(
        "threshold",
        str,
        "once",
        "Threshold (порог) on the points a side writes.",
        choices=("once", "every-deal", "none"),
        meaning={
            "once": "a side writes nothing below the threshold until its first writing opens its score",
            "every-deal": "a deal's points below the threshold are never written",
            "none": "every point is written",
        },
        rule_ru="Порог: сколько нужно набрать, чтобы очки записали.",
        short="threshold",
        short_ru="порог",
        words_ru={"once": "один раз", "every-deal": "в каждой сдаче", "none": "нет"},
        meaning_ru={
            "once": "пока пара ни разу не записывалась, меньше порога не пишут; после первой записи пишут всё",
            "every-deal": "меньше порога не пишут ни в одной сдаче",
            "none": "пишут каждое очко",
        },
    ),
    Knob(
        "threshold_value",
        int,
        13,
        "The threshold value.",
        low=1,
        high=400,
        rule_ru="Величина порога.",
        short="threshold value",
        short_ru="величина порога",
        meaning_ru={},
    ),
    Knob(
        "specials",
        str,
        "per-player",
        "How a lone 00 or 66 left in a losing hand is valued.",
        choices=("per-player", "per-pair", "plain"),
        meaning={
            "per-player": "a losing player's hand of exactly {00}, {66} or {00,66} is worth "
            "lone_00, lone_66 or both_00_66",
            "per-pair": "the same, judged on the losing pair's two hands together",
            "plain": "no special values: 00 counts 0, 66 counts 12",
        },
        rule_ru="Сколько стоит одинокий 0:0 или 6:6 на руках у проигравших.",
        short="lone 00/66",
        short_ru="одинокие 0:0 и 6:6",
        words_ru={"per-player": "на руку", "per-pair": "на пару", "plain": "по очкам"},
        meaning_ru={
            "per-player": "рука проигравшего ровно из 0:0, 6:6 или 0:0 и 6:6 стоит особую цену (обычно 25, 50 или 75)",
            "per-pair": "то же, но по двум рукам проигравшей пары вместе",
            "plain": "без особых цен: 0:0 — 0 очков, 6:6 — 12",
        },
    ),
    Knob(
        "lone_00",
        int,
        25,
        "Value of a hand of exactly {00}.",
        low=0,
        high=400,
        rule_ru="Цена руки ровно из 0:0.",
        short="lone 00 costs",
        short_ru="цена одинокого 0:0",
        meaning_ru={},
    ),
    Knob(
        "lone_66",
        int,
        50,
        "Value of a hand of exactly {66}.",
        low=0,
        high=400,
        rule_ru="Цена руки ровно из 6:6.",
        short="lone 66 costs",
        short_ru="цена одинокого 6:6",
        meaning_ru={},
    ),
    Knob(
        "both_00_66",
        int,
        75,
        "Value of a hand of exactly {00, 66}.",
        low=0,
        high=400,
        rule_ru="Цена руки ровно из 0:0 и 6:6.",
        short="00 and 66 cost",
        short_ru="цена 0:0 и 6:6 вместе",
        meaning_ru={},
    ),
    Knob(
        "eggs",
        str,
        "one-side",
        "What a fish with equal sums (яйца) carries to the loser of the next deal.",
        choices=("one-side", "both-sides", "none"),
        meaning={
            "one-side": "one side's sum; the threshold applies to the total; eggs accumulate",
            "both-sides": "both sides' sums",
            "none": "nothing: the deal is simply replayed with a new deal",
        },
        rule_ru="Что яйца (рыба с равными суммами) переносят проигравшим следующую сдачу.",
        short="eggs",
        short_ru="яйца",
        words_ru={"one-side": "одна сумма", "both-sides": "обе суммы", "none": "ничего"},
        meaning_ru={
            "one-side": "сумму одной пары; порог — к общей сумме; яйца копятся",
            "both-sides": "суммы обеих пар",
            "none": "ничего: просто раздают заново",
        },
    ),
    Knob(
        "target",
        int,
        101,
        "A side with at least this score loses the game (козлы).",
        low=1,
        high=10000,
        rule_ru="Пара, набравшая столько или больше, проигрывает партию (козлы).",
        short="target",
        short_ru="до скольких",
        meaning_ru={},
    ),
    Knob(
        "general",
        bool,
        False,
        "«Генерал»: going out with 00 and 66 in one move ends the game, the other side "
        "losing in disgrace whatever the score.",
        rule_ru="«Генерал»: выход с 0:0 и 6:6 за один ход кончает партию, другая пара "
        "проигрывает с позором при любом счёте.",
        short="генерал",
        short_ru="генерал",
        meaning_ru={"True": "играют", "False": "не играют"},
    ),
    Knob(
        "shared_score",
        bool,
        False,
        "One score for both sides (Морской): a side whose writing opens its score burns the "
        "other side's score to 0, and that side must open again.",
        rule_ru="Один счёт на двоих (Морской): пара, открывшая счёт, сжигает счёт другой пары до 0, и той надо "
        "открываться снова.",
        short="one score for both",
        short_ru="один счёт на двоих",
        meaning_ru={"True": "да", "False": "нет, у каждой пары свой счёт"},
    ),
    Knob(
        "out_66_writes",
        int,
        0,
        "When the out move holds 66 (and no 00), the losers write this instead of their hands; 0 = off (Морской: 100).",
        low=0,
        high=10000,
        rule_ru="Если выход с 6:6 (без 0:0), проигравшие пишут столько вместо своих очков; 0 — нет такого правила "
        "(Морской: 100).",
        short="out on 66 costs",
        short_ru="выход на 6:6 стоит",
        meaning_ru={"0": "ничего особого"},
    ),
    Knob(
        "out_00_ends_game",
        bool,
        False,
        "An out whose move holds 00 ends the game at once: the side that went out wins, whatever the score (Морской).",
        rule_ru="Выход с 0:0 сразу кончает партию: вышедшая пара выигрывает при любом счёте (Морской).",
        short="out on 00 wins",
        short_ru="выход на 0:0 выигрывает",
        meaning_ru={"True": "да", "False": "нет"},
    ),
    Knob(
        "memory",
        bool,
        False,
        "Memory of points (Осёл): a losing side's total under the threshold is remembered and added to its "
        "next loss; it is forgotten when the side does not lose the next deal, and kept through eggs.",
        rule_ru="Память очков (Осёл): очки проигравших меньше порога запоминают и прибавляют к их следующему "
        "проигрышу; их забывают, если пара не проиграла следующую сдачу, и хранят через яйца.",
        short="memory of points",
        short_ru="память очков",
        meaning_ru={"True": "да", "False": "нет"},
    ),
    Knob(
        "closed_before_house",
        str,
        "any",
        "Осёл: which doubles may be laid closed before the house (the first double laid open) exists.",
        choices=("any", "closing-pair-only", "never"),
        meaning={
            "any": "any double may be laid closed; it only closes its end, the house is still to come",
            "closing-pair-only": "only the pair that closes both ends at once (the early closure); a move "
            "that lays an open double first may close the others (text 004)",
            "never": "none: the first double laid is the house and is never closed; a move that lays it open "
            "may close the others after it (Чечевэ's «Первый дубль не может быть закрыт» read literally)",
        },
        rule_ru="Осёл: какие дубли можно класть закрытыми, пока нет дома (первого открытого дубля).",
        short="closed doubles before the house",
        short_ru="закрытые дубли до дома",
        words_ru={"any": "любые", "closing-pair-only": "только пара", "never": "никакие"},
        meaning_ru={
            "any": "любой дубль; он закрывает только свой конец, дом ещё впереди",
            "closing-pair-only": "только пару, закрывающую оба конца сразу; в ходе, где первым кладут открытый "
            "дубль, остальные можно закрыть (текст 004)",
            "never": "никакой: первый выложенный дубль — дом, его не закрывают; в ходе, где его кладут открытым, "
            "остальные можно закрыть (Чечевэ: «Первый дубль не может быть закрыт» буквально)",
        },
    ),
    Knob(
        "solo_fish",
        str,
        "visible",
        "Каждый сам за себя with a bazaar: when a fish ends the deal (never decided from hidden tiles).",
        choices=("visible", "draw-down", "take-all"),
        meaning={
            "visible": "at once when the table shows it (every tile of the open end values is on the table); "
            "otherwise play goes on, drawing and knocking, and a full round of knocks is a fish",
            "draw-down": "when the table shows it, the player to move first draws the bazaar down to its last tile",
            "take-all": "when the table shows it, the player to move first takes the whole bazaar, the last "
            "tile too (text 004)",
        },
        rule_ru="Каждый сам за себя с базаром: когда рыба кончает сдачу (никогда по скрытым костям).",
        short="fish with a bazaar",
        short_ru="рыба при базаре",
        words_ru={"visible": "когда видно", "draw-down": "добирают базар", "take-all": "забирают базар"},
        meaning_ru={
            "visible": "сразу, когда её видно на столе (все кости нужных концов уже выложены); иначе играют "
            "дальше, добирая и стуча, и полный круг стуков — рыба",
            "draw-down": "когда её видно, тот, чей ход, сначала добирает базар до последней кости",
            "take-all": "когда её видно, тот, чей ход, сначала забирает весь базар, и последнюю кость (текст 004)",
        },
    ),
    Knob(
        "solo_eggs",
        str,
        "none",
        "Каждый сам за себя: what a fish with all sums equal (яйца) carries to the next deal's loser.",
        choices=("none", "one-hand", "all-hands"),
        meaning={
            "none": "nothing",
            "one-hand": "one player's sum, to the next deal's losing player with the most pips left (text 004)",
            "all-hands": "all players' sums, to the same player",
        },
        rule_ru="Каждый сам за себя: что переносят яйца (рыба, где у всех поровну) проигравшему следующую сдачу.",
        short="eggs (each for himself)",
        short_ru="яйца (каждый сам за себя)",
        words_ru={"none": "ничего", "one-hand": "одна рука", "all-hands": "все руки"},
        meaning_ru={
            "none": "ничего",
            "one-hand": "сумму одной руки — проигравшему следующую сдачу, у кого больше очков (текст 004)",
            "all-hands": "суммы всех рук — ему же",
        },
    ),
    Knob(
        "solo_loser",
        str,
        "every",
        "Каждый сам за себя: who loses a deal and writes.",
        choices=("every", "most"),
        meaning={
            "every": "every player but the winner(s) writes his own hand",
            "most": "only the player with the most pips left writes (Морской of text 004); when several share "
            "the most it is eggs, and the eggs rule each for himself says what they carry",
        },
        rule_ru="Каждый сам за себя: кто проигрывает сдачу и записывает.",
        short="who loses a deal (each for himself)",
        short_ru="кто проиграл сдачу (каждый сам за себя)",
        words_ru={"every": "все, кроме выигравших", "most": "у кого больше всех"},
        meaning_ru={
            "every": "все, кроме выигравших, записывают свои руки",
            "most": "только тот, у кого на руках больше всех очков (Морской текста 004); если таких несколько — "
            "яйца, а что они переносят, решает правило яиц каждого за себя",
        },
    ),
    Knob(
        "solo_writes",
        str,
        "own",
        "Каждый сам за себя: what a losing player writes for the deal.",
        choices=("own", "all-hands"),
        meaning={
            "own": "his own hand, with the 00/66 specials",
            "all-hands": "the plain pips of every hand left, his and the others' (Чечевэ, with solo_loser: most)",
        },
        rule_ru="Каждый сам за себя: что записывают проигравшему за сдачу.",
        short="what a loser writes (each for himself)",
        short_ru="что пишут проигравшему (каждый сам за себя)",
        words_ru={"own": "своя рука", "all-hands": "все руки"},
        meaning_ru={
            "own": "его собственную руку, с правилами 0:0 и 6:6",
            "all-hands": "очки всех рук, что остались, его и чужих (Чечевэ: «Алёне записывают 25+23=48»)",
        },
    ),
    Knob(
        "out_00_writes",
        bool,
        False,
        "When an out on 00 ends the game (out_00_ends_game), the deal is written first; false: nothing is "
        "written, the game is simply over.",
        rule_ru="Если выход на 0:0 кончает партию, сдачу сначала записывают; нет — не пишут "
        "ничего, партия просто кончена.",
        short="out on 00 is written",
        short_ru="выход на 0:0 пишется",
        meaning_ru={"True": "да", "False": "нет"},
    ),
    Knob(
        "match_deals",
        int,
        0,
        "A match of this many deals instead of a race to the target: after the last one the side with the "
        "most points against it loses, equal scores are a draw; a fish that is replayed does not count; "
        "0 = off (Спортивное домино: a multiple of four).",
        low=0,
        high=1000,
        rule_ru="Игра на число сдач, а не до цели: после последней сдачи проигрывает пара, на которую записали больше, "
        "при равенстве — ничья; переигранная рыба не в счёт; 0 — нет (Спортивное домино: кратно четырём).",
        short="match of N deals",
        short_ru="игра на число сдач",
        meaning_ru={"0": "нет, играют до цели"},
    ),
    Knob(
        "scoring",
        str,
        "points",
        "What is written against the loser of a deal.",
        choices=("points", "generals"),
        meaning={
            "points": "points (hands, specials, threshold, eggs)",
            "generals": "no points: an out whose move holds 00 or 66 (general_out) makes the loser, the player "
            "after the one who went out, a генерал; a side's score counts its generals (Генерал, text 004)",
        },
        rule_ru="Что пишут проигравшему сдачу.",
        short="scoring",
        short_ru="что пишут",
        words_ru={"points": "очки", "generals": "генералы"},
        meaning_ru={
            "points": "очки (руки, особые цены, порог, яйца)",
            "generals": "очков не пишут: выход, в котором есть 0:0 или 6:6 (как задано правилом «генерал за "
            "выход»), делает проигравшего — "
            "того, чей ход следующий после вышедшего, — генералом; счёт пары — число её генералов (Генерал, "
            "текст 004)",
        },
    ),
    Knob(
        "general_out",
        str,
        "00-or-66",
        "Генерал (scoring: generals): which out makes the loser a генерал.",
        choices=("00-or-66", "00-and-66"),
        meaning={
            "00-or-66": "an out whose move holds 00, 66 or both («закончить на два нуля или две шестёрки»)",
            "00-and-66": "only an out on 00 and 66 together («кому навесили сразу и 0х0, и 6х6»)",
        },
        rule_ru="Генерал (пишут генералов): какой выход делает проигравшего генералом.",
        short="general on",
        short_ru="генерал за выход",
        words_ru={"00-or-66": "0:0 или 6:6", "00-and-66": "0:0 и 6:6 вместе"},
        meaning_ru={
            "00-or-66": "выход, где есть 0:0, 6:6 или оба («закончить на два нуля или две шестёрки»)",
            "00-and-66": "только выход на 0:0 и 6:6 вместе («кому навесили сразу и 0х0, и 6х6»)",
        },
    ),
    Knob(
        "out_66_wipes",
        bool,
        False,
        "An out whose move holds 66 (and no 00) wipes the score of the side that went out to 0; it must open "
        "again (Морской of text 004).",
        rule_ru="Выход на 6:6 (без 0:0) списывает счёт вышедшей пары до 0; ей надо открываться "
        "снова (Морской, текст 004).",
        short="out on 66 wipes",
        short_ru="выход на 6:6 списывает",
        meaning_ru={"True": "да", "False": "нет"},
    ),
    Knob(
        "lead_repeats",
        int,
        0,
        "While nobody has written, the first N deals of a game are opened like the first (first_lead); if still "
        "nobody has written, every next deal is a fast lead on 66; 0 = off (Морской of text 004: 3).",
        low=0,
        high=10,
        rule_ru="Пока никто не записался, первые N сдач партии начинают как первую; если записи "
        "всё нет — каждую следующую "
        "начинают быстрым заходом на 6:6; 0 — нет (Морской, текст 004: 3).",
        short="lead repeats",
        short_ru="повтор захода",
        meaning_ru={"0": "нет"},
    ),
    Knob(
        "fast_writes",
        int,
        0,
        "The loser of a fast deal (the lead on 66 after lead_repeats deals without writing) writes this instead "
        "of his hands, and a fish in it is replayed; 0 = scored as usual (Морской of text 004: 50).",
        low=0,
        high=10000,
        rule_ru="Проигравший быстрый заход (на 6:6 после повторов без записи) пишет столько "
        "вместо своих очков, а рыба в нём "
        "переигрывается; 0 — считают как обычно (Морской, текст 004: 50).",
        short="fast lead costs",
        short_ru="быстрый заход стоит",
        meaning_ru={"0": "как обычно"},
    ),
    Knob(
        "voluntary_fast",
        bool,
        False,
        "A leader who chooses his tile may open with 66 or 00 only when every other player has a record, and "
        "such a lead is a fast lead (fast_writes, fast_writes_00; Морской of text 004).",
        rule_ru="Заходящий, выбирающий камень, может зайти на 6:6 или 0:0, только если у всех "
        "остальных игроков уже есть "
        "запись, и такой заход — быстрый: проигравший пишет цену быстрого захода (Морской, текст 004).",
        short="fast leads by choice",
        short_ru="быстрые заходы по выбору",
        meaning_ru={"True": "да", "False": "нет"},
    ),
    Knob(
        "fast_writes_00",
        int,
        0,
        "The loser of a fast lead on 00 (voluntary_fast) writes this instead of his hands (Морской of text 004: 75).",
        low=0,
        high=10000,
        rule_ru="Проигравший быстрый заход на 0:0 (заход по выбору) пишет столько вместо своих "
        "очков (Морской, текст 004: 75).",
        short="fast lead on 00 costs",
        short_ru="быстрый заход на 0:0 стоит",
        meaning_ru={"0": "как обычно"},
    ),
    Knob(
        "fast_out_66",
        str,
        "fast-cost",
        "A fast lead on 00 that ends with an out on 66: what its loser writes (the out on 66 wipes the score of "
        "who went out either way, out_66_wipes).",
        choices=("fast-cost", "out-66"),
        meaning={
            "fast-cost": "the fast lead's cost (fast_writes_00): the price of the lead, set before the deal is played "
            "(Морской of text 004, rule 6)",
            "out-66": "the out on 66's sum (out_66_writes), as for any deal ended on 66 (rule 9)",
        },
        rule_ru="Быстрый заход на 0:0, закончившийся выходом на 6:6: что пишет проигравший (очки вышедшего на 6:6 "
        "списываются в любом случае).",
        short="fast lead on 00 ended on 66",
        short_ru="быстрый заход на 0:0 с выходом на 6:6",
        words_ru={"fast-cost": "цена быстрого захода", "out-66": "цена выхода на 6:6"},
        meaning_ru={
            "fast-cost": "цену быстрого захода (правило 6): её назначили до того, как сдачу сыграли",
            "out-66": "столько же, сколько за любой выход на 6:6 (правило 9)",
        },
    ),
    Knob(
        "extra_lead",
        str,
        "none",
        "The extra lead («внеочередной» заход): a leader who chooses his tile and holds 00 and 66 may lead "
        "both at once; each next player then lays two tiles, one on each end, until one cannot (then one tile "
        "a move); 60 "
        "fits the gap between the two on any move; a fish is replayed with both tiles kept by the leader, "
        "who also leads the next deal (Морской of text 004, rule 7).",
        choices=("none", "goes-on", "ends-game"),
        meaning={
            "none": "no such lead",
            "goes-on": "the deal is scored as any other and the game goes on; its loser is the extra goat "
            "(«внеочередной козёл»), a title of the deal (rule 7д)",
            "ends-game": "its loser is the goat of the game at once, with the title extra-goat (rule 16: «в один "
            'заход: … "внеочередной козел"»)',
        },
        rule_ru="Внеочередной заход: заходящий, который сам выбирает камень и держит 0:0 и 6:6, может зайти сразу "
        "обоими; каждый следующий игрок кладёт по два камня, по одному с каждой стороны, пока кто-то не "
        "сможет (дальше по одному); 6:0 можно поставить в промежуток между ними на любом ходу; рыба "
        "переигрывается, оба камня остаются у заходящего, и он же заходит следующую сдачу (Морской, текст "
        "004, правило 7).",
        short="extra lead on 00 and 66",
        short_ru="внеочередной заход на 0:0 и 6:6",
        words_ru={"none": "нет", "goes-on": "партия продолжается", "ends-game": "кончает партию"},
        meaning_ru={
            "none": "такого захода нет",
            "goes-on": "сдачу считают как обычно, партия продолжается; проигравший — «внеочередной козёл», "
            "звание сдачи (правило 7д)",
            "ends-game": "проигравший сразу козёл партии со званием «внеочередной козёл» (правило 16: «в один "
            'заход: … "внеочередной козел"»)',
        },
    ),
    Knob(
        "goats",
        str,
        "one",
        "Каждый сам за себя: who are the goats when a game ends.",
        choices=("one", "every"),
        meaning={
            "one": "one player: of those at the target the one with the most points (the lower seat on a tie); "
            "an out on 00 that ends the game (out_00_ends_game) makes the deal's one loser the goat, and a 00 "
            "left in hand (kept_00_goat) its holder",
            "every": "every player at the target is a goat; an out on 00 that ends the game (out_00_ends_game) "
            "makes every player but the one who went out a goat (Чечевэ)",
        },
        rule_ru="Каждый сам за себя: кто козлы, когда партия кончается.",
        short="goats",
        short_ru="козлы",
        words_ru={"one": "один", "every": "все"},
        meaning_ru={
            "one": "один игрок: из набравших до конца партии — тот, у кого больше очков (при равенстве — младшее "
            "место); выход на 0:0, кончающий партию, делает козлом одного проигравшего сдачу, а 0:0 на руках — "
            "того, у кого он остался",
            "every": "козлы все, кто набрал до конца партии; выход на 0:0, кончающий партию, делает козлами всех, "
            "кроме вышедшего (Чечевэ)",
        },
    ),
    Knob(
        "out_66_writers",
        str,
        "losers",
        "Who writes the fixed sum of an out on 66 (out_66_writes).",
        choices=("losers", "all-others"),
        meaning={
            "losers": "the deal's losers (Морской: the losing side; solo_loser: most, the one loser)",
            "all-others": "every player but the one who went out (Чечевэ: «всем кроме него записывается 50 очков»)",
        },
        rule_ru="Кто пишет особую цену выхода на 6:6.",
        short="out on 66 written by",
        short_ru="кто пишет за выход на 6:6",
        words_ru={"losers": "проигравшие", "all-others": "все, кроме вышедшего"},
        meaning_ru={
            "losers": "проигравшие сдачу (Морской: проигравшая пара; когда пишет только один — он)",
            "all-others": "все, кроме вышедшего (Чечевэ: «всем кроме него записывается 50 очков»)",
        },
    ),
    Knob(
        "kept_00_goat",
        bool,
        False,
        "A player left holding 00 when a deal ends is a goat at once, and the game ends (Чечевэ).",
        rule_ru="Кто остался с 0:0 на руках, когда сдача кончилась, сразу козёл, и партия кончена (Чечевэ).",
        short="00 left in hand makes a goat",
        short_ru="0:0 на руках — козёл",
        meaning_ru={"True": "да", "False": "нет"},
    ),
    Knob(
        "kept_66_writes",
        int,
        0,
        "A player left holding 66 when a deal ends writes this many points on top of the deal's writing; "
        "0 = off (Чечевэ: 50).",
        low=0,
        high=10000,
        rule_ru="Кто остался с 6:6 на руках, когда сдача кончилась, пишет себе ещё столько "
        "очков; 0 — нет (Чечевэ: 50).",
        short="66 left in hand costs",
        short_ru="цена 6:6 на руках",
        meaning_ru={},
    ),
    Knob(
        "max_deals",
        int,
        1000,
        "Safety cut-off: a game still going after this many deals is recorded as cut off.",
        low=1,
        high=100000,
        rule_ru="Предохранитель: партию, не кончившуюся за столько сдач, обрывают.",
        short="safety cut-off",
        short_ru="предохранитель",
        meaning_ru={},
    ),
)

#: The Russian words of every knob and value (the players' words, docs/sources.md's glossary), and a short
#: name of each rule in both languages: rule_ru, short_en, short_ru, meaning_ru.

KNOB_BY_NAME = {k.name: k for k in KNOBS}
DEFAULTS: dict[str, Any] = {k.name: k.default for k in KNOBS}


def _allowed(knob: Knob) -> str:
    if knob.kind is bool:
        return "true / false"
    if knob.kind is int:
        return f"{knob.low}..{knob.high}"
    values = list(knob.choices)
    if knob.pattern:
        values.insert(0, "double-NN")
    return " / ".join(values)


def markdown_table() -> str:
    """The knob table of docs/variants.md, generated from KNOBS (a test checks the page holds it):
    `python -m kozel_stats.rules.knobs` prints it."""
    lines = ["| knob | default | allowed | rule |", "|---|---|---|---|"]
    for k in KNOBS:
        default = str(k.default).lower() if isinstance(k.default, bool) else k.default
        lines.append(f"| `{k.name}` | {default} | {_allowed(k)} | {k.rule} |")
    return "\n".join(lines)


if __name__ == "__main__":
    print(markdown_table())


# --- knob values in words (a sweep's cells, charts and sentences in Russian: Knob.words_ru) ---------------------
def value_word(knob: str, value: object, lang: str) -> str:
    """A knob's value in words: «в каждой сдаче», «да», «25» (ru); the value as written (en: the ids are
    English words already)."""
    text = ("true" if value else "false") if isinstance(value, bool) else str(value)
    if lang != "ru":
        return text
    if text in ("true", "false", "True", "False"):
        return "да" if text.lower() == "true" else "нет"
    declared = KNOB_BY_NAME.get(knob)
    words = declared.words_ru if declared is not None else {}
    if text in words:
        return words[text]
    found = re.fullmatch(r"double-([0-6])\1", text)
    if found:
        return f"дубль {found[1]}:{found[1]}"
    if re.fullmatch(r"[+-]?\d+", text):
        return count(int(text), lang)
    return text
