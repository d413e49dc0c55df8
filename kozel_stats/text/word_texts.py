"""The words and numbers' words a yard player reads, English and Russian (present/words.py says them): the
metrics' names and units, the verdict's and the headline's phrases, the glossary, skill or luck.

Word tables per language (``WORDS[lang][key]``, str.format fields), the metrics' names by metric; Russian-only
entries where the English sentence is the statistics module's own (stats/comparison.py: a verdict, a note).

Light on purpose (no numpy).
"""

from __future__ import annotations

from typing import Any

from . import messages

# --- the metrics ------------------------------------------------------------------------------------------------------
RU_LABELS = {
    "deals_per_game": "сдач за партию",
    "naked_rate": "голые козлы",
    "fish_rate": "рыба (доля сдач)",
    "written_per_deal": "очков записано за сдачу",
    "bald_rate": "лысые козлы",
    "general_rate": "генерал",
    "hanging_rate": "подвесные козлы",
    "several_goats_rate": "несколько козлов сразу",
    "kept_00_rate": "козёл с 0:0 на руках",
    "extra_goat_rate": "внеочередной козёл",
    "first_lead_loss_rate": "проигрыш пары, зашедшей первой в партии",
    "eggs_rate": "яйца (доля сдач)",
    "redeal_rate": "передача (доля раздач)",
    "fisherman_share": "рыбу выиграла пара рыбака",
    "moves_per_deal": "ходов за сдачу",
    "vanished_share": "очки сгорели под порогом (доля проигранных сдач)",
    "draws_per_deal": "добор из базара за сдачу",
    "early_closure_rate": "досрочное закрытие (доля сдач)",
    "out66_rate": "выход на 6:6 с особой записью (доля сдач)",
    "burn_rate": "сожжённый счёт (доля сдач)",
    "leader_win_share": "сдачу выиграла пара заходящего",
    "draw_rate": "ничья в матче",
    "margin": "разрыв в счёте в конце матча",
    "last_deal_rate": "матч решила последняя сдача",
    "generals_rate": "генералы на 100 сдач",
    "generals_a_rate": "генералы паре A на 100 сдач",
    "generals_b_rate": "генералы паре B на 100 сдач",
    "skill_edge": "мастерство: сильная пара выигрывает (доля партий)",
    "deal_decides": "сдача решает: та же пара проигрывает оба раза",
}


RU_SOLO = {
    "naked_rate": "голый козёл",
    "bald_rate": "лысый козёл",
    "hanging_rate": "подвесной козёл",
    "first_lead_loss_rate": "проигрыш игрока, зашедшего первым в партии",
    "fisherman_share": "рыбу выиграл рыбак",
    "leader_win_share": "сдачу выиграл заходящий",
    "deal_decides": "сдача решает: тот же игрок проигрывает оба раза",
}


EN_SOLO = {
    "naked_rate": "naked-goat rate",
    "first_lead_loss_rate": "first leader loses",
    "fisherman_share": "fisherman's share of fish wins",
    "leader_win_share": "the deal's leader wins it",
    "deal_decides": "deal decides: the same player loses both plays",
}


#: the unit of a metric's values in words (rates are shown in % and differences in п.п./pp)
RU_UNITS = {
    "deals_per_game": ("сдача", "сдачи", "сдач"),
    "written_per_deal": ("очко", "очка", "очков"),
    "moves_per_deal": ("ход", "хода", "ходов"),
    "draws_per_deal": ("кость", "кости", "костей"),
}


EN_UNITS = {
    "deals_per_game": "deals",
    "written_per_deal": "points",
    "moves_per_deal": "moves",
    "draws_per_deal": "tiles",
}


#: "из 100 ..." per unit of a share (metrics.Metric.per_unit; the English words are stats.PER_EN)
PER_WORDS_RU = {"games": "партий", "matches": "матчей", "deals": "сдач", "shuffles": "раздач", "fishes": "рыб"}


# --- verdicts -------------------------------------------------------------------------------------------------------
RU_MORE_LESS = {
    "deals_per_game": ("длиннее", "короче"),
    "moves_per_deal": ("длиннее", "короче"),
    "written_per_deal": ("больше", "меньше"),
    "draws_per_deal": ("больше", "меньше"),
}


# --- the glossary ---------------------------------------------------------------------------------------------------
GLOSSARY = {
    "ru": [
        ("сдача", "от раздачи до выхода или рыбы; партия — сдачи, пока кто-то не наберёт {target} (козлы)."),
        ("голые козлы", "проигравшие, у победителей которых за всю партию не записано ни одного очка."),
        ("лысые козлы", "партия кончилась выходом, в последнем ходе которого был 0:0 (два дубля за ход считаются)."),
        ("рыба", "сдача встала: на столе видно, что ни у кого нет подходящей кости; рыбак — кто поставил её."),
        ("яйца", "рыба с равными суммами: никто не пишет, сумма переходит к проигравшим следующую сдачу."),
        ("сгорел под порогом", "проигравшие набрали меньше порога ({threshold}), и очки не записаны, а пропали."),
        ("передача", "пересдача, когда у кого-то {doubles} дублей или {suit} костей одной масти."),
        ("доля", "рыба, яйца, досрочное закрытие — доля сдач; голые и лысые козлы — доля партий."),
        ("п.п.", "процентный пункт: разница долей 22 % и 20 % — 2 п.п."),
        (
            "ДИ",
            "доверительный интервал: где, с учётом случайности, лежит настоящее значение. У четырёх главных "
            "показателей (длина партии, голые козлы, рыба, очков за сдачу) — 98,75 % ДИ: они проверяются вместе, "
            "каждый на уровне 5 %/4 (поправка Бонферрони), так что ложный вывод о варианте — не чаще 5 %. "
            "Остальные — второстепенные, каждый со своим 95 % ДИ.{generals}",
        ),
        (
            "значимо",
            "интервал разницы не захватывает ноль; «разницы больше ±X не найдено» — столько прогон мог бы заметить.",
        ),
        (
            "по самому правилу",
            "разница, которая следует из правила по определению (рыба рыбаку — рыбу выигрывает "
            "пара рыбака), а не открытие.",
        ),
        (
            "боты",
            "программы, а не люди: играют по простым правилам; вывод, который держится при разных ботах, надёжнее.",
        ),
    ],
    "en": [
        ("deal", "from dealing to an out or a fish; a game is deals until a side reaches {target} (the goats)."),
        ("naked goats (голые козлы)", "the losers whose winners never wrote a point in the game."),
        ("bald goats (лысые козлы)", "the game ended with an out whose last move held 00 (a two-doubles move counts)."),
        ("fish (рыба)", "a blocked deal: the table shows nobody can move; the fisherman laid the last tile."),
        ("eggs (яйца)", "a fish with equal sums: nobody writes, the sum goes to the next deal's losers."),
        (
            "vanished under the threshold",
            "the losers' points were below the threshold ({threshold}) and were not written.",
        ),
        ("redeal (передача)", "a new deal when a hand holds {doubles} doubles or {suit} tiles of one suit."),
        ("share", "fish, eggs, early closure: a share of deals; naked and bald goats: a share of games."),
        ("pp", "percentage point: the difference between 22% and 20% is 2 pp."),
        (
            "CI",
            "confidence interval: where the true value lies, allowing for chance. The four headline metrics (game "
            "length, naked goats, fish, points per deal) get 98.75% CIs: tested together, each at 5%/4 "
            "(Bonferroni), so a false verdict about a variant happens at most 5% of the time. The others are "
            "secondary, each with its own 95% CI.{generals}",
        ),
        (
            "significant",
            "the interval of the difference excludes zero; 'no difference bigger than ±X found': what "
            "the run could have seen.",
        ),
        (
            "restates the rule",
            "a difference that follows from the rule by definition (fish to the fisherman: the "
            "fisherman's side wins every fish), not a finding.",
        ),
        (
            "bots",
            "programs, not people: they play by simple rules; a verdict that holds with several bots is "
            "more trustworthy.",
        ),
    ],
}


GLOSSARY_GENERALS = {
    "ru": " В Генерале очков не пишут: главных показателей там два (длина партии, рыба), каждый на уровне 5 %/2.",
    "en": " Генерал writes no points: it has two headline metrics (game length, fish), each at 5%/2.",
}


SKILL_TEXT: dict[str, dict[str, Any]] = {
    "ru": {
        "skill_edge": ("мастерство значит больше", "мастерство значит меньше", "мастерство значит столько же"),
        "deal_decides": ("сдача решает больше", "сдача решает меньше", "сдача решает столько же"),
        "leader_win_share": (
            "у заходящего преимущество больше",
            "у заходящего преимущество меньше",
            "преимущество заходящего то же",
        ),
        "who": {
            "skill_edge": "сильная пара выигрывает {new} партий",
            "deal_decides": "одна и та же пара проигрывает оба раза в {new} партий",
            "leader_win_share": "пара заходящего выигрывает {new} сдач",
        },
        "who_solo": {
            "deal_decides": "один и тот же игрок проигрывает оба раза в {new} партий",
            "leader_win_share": "заходящий выигрывает {new} сдач",
        },
        "intro": "Мастерство: каждая партия сыграна ещё дважды с теми же раздачами — {strong} за одну пару "
        "и {weak} за другую, потом пары меняются местами; доля этих партий, выигранных сильной парой (50 % — "
        "мастерство ничего не даёт). Сдача решает: каждая партия сыграна ещё раз с теми же раздачами теми же "
        "ботами ({bots}) с независимыми решениями; как часто одна и та же пара проигрывает оба раза (монетка — "
        "50 % в парной игре, 100 % — всё решает сдача). Заходящий: доля сдач, выигранных парой "
        "заходящего. У каждого — 95 % ДИ; разницы с вариантом «{base}» — второстепенные показатели (95 %, "
        "* — значимо).",
        "instead": " вместо {base}",
        "against": " против {base}",
        "by": "разница {diff}",
        "not_found": "разницы больше ±{mde} не найдено: {diff}",
        "same": "все партии дали те же числа",
        "base": {
            "skill_edge": "сильная пара (бот {strong} против бота {weak}) выигрывает {value} партий ({ci}; "
            "без мастерства "
            "— 50 %)",
            "deal_decides": "при тех же раздачах одна и та же пара проигрывает оба раза в {value} партий ({ci}; "
            "монетка — {chance}, 100 % — всё решает сдача)",
            "leader_win_share": "пара заходящего выигрывает {value} сдач ({ci}; наугад — {chance})",
        },
        "base_solo": {
            "deal_decides": "при тех же раздачах один и тот же игрок проигрывает оба раза в {value} партий ({ci}; "
            "наугад — {chance}, 100 % — всё решает сдача)",
            "leader_win_share": "заходящий выигрывает {value} сдач ({ci}; наугад — около {chance})",
        },
    },
    "en": {
        "skill_edge": ("skill counts for more", "skill counts for less", "skill counts as much"),
        "deal_decides": ("the deal decides more", "the deal decides less", "the deal decides as much"),
        "leader_win_share": (
            "leading a deal is a bigger advantage",
            "leading a deal is a smaller advantage",
            "leading a deal is as much of an advantage",
        ),
        "who": {
            "skill_edge": "the strong side wins {new} of games",
            "deal_decides": "the same side loses both plays in {new} of games",
            "leader_win_share": "the side that leads a deal wins {new} of deals",
        },
        "who_solo": {
            "deal_decides": "the same player loses both plays in {new} of games",
            "leader_win_share": "the player who leads a deal wins {new} of deals",
        },
        "intro": "Skill edge: every game is played twice more from the same deals, {strong} on one side "
        "and {weak} on the other, then the sides swapped; the share of those games the strong side wins (50%: "
        "skill gives nothing). Deal decides: every game is played again from the same deals by the same bots "
        "({bots}) with independent decisions; how often the same side loses both times (a coin: 50% in pair "
        "games, 100%: the deal alone decides). Leader: the share of deals won by the side that led them. "
        "Each with its 95% interval; the differences against {base} are secondary metrics (95%, * significant).",
        "instead": " instead of {base}",
        "against": " against {base}",
        "by": "a difference of {diff}",
        "not_found": "no difference bigger than ±{mde} found: {diff}",
        "same": "every game gave the same numbers",
        "base": {
            "skill_edge": "the strong side ({strong} against {weak}) wins {value} of games ({ci}; without skill: 50%)",
            "deal_decides": "with the same deals the same side loses both plays in {value} of games ({ci}; a coin: "
            "{chance}, 100%: the deal alone decides)",
            "leader_win_share": "the side that leads a deal wins {value} of deals ({ci}; by chance: {chance})",
        },
        "base_solo": {
            "deal_decides": "with the same deals the same player loses both plays in {value} of games ({ci}; by "
            "chance: {chance}, 100%: the deal alone decides)",
            "leader_win_share": "the player who leads a deal wins {value} of deals ({ci}; by chance: about {chance})",
        },
    },
}


# --- the small words (present/words.py), per language ---------------------------------------------------------------
WORDS: dict[str, dict[str, Any]] = {
    "en": {
        "time_units": ("h", "min", "s"),
        "pp": "pp",
        "ci": "CI",
        "slightly": "slightly ",
        "much": "much ",
        "far": "far ",  # English: «much fewer» is «far fewer»
    },
    "ru": {
        "time_units": ("ч", "мин", "с"),
        "pp": "п.п.",
        "ci": "ДИ",
        "slightly": "чуть ",
        "much": "намного ",
    },
}

#: a Russian verdict (stats/comparison.py says the English one) in its parts; NBSP written as \u00a0
VERDICT_RU: dict[str, Any] = {
    "only_in": "не сравнивается: правило есть только в варианте «{only}»",
    "nowhere": "не сравнивается: правила нет ни там, ни там",
    "sides": "не сравнивается: у вариантов «{variant}» и «{base}» разное число сторон, и шанс проиграть разный",
    "not_compared": "не сравнивается",
    "no_data": "не оценить: нет данных",
    "ci": "{level} ДИ {interval}",
    "of_100": "{base} → {new} из 100 {per}; ",
    "secondary": "второстепенный: ",
    "more_less_rate": ("чаще", "реже"),
    "more_less": ("больше", "меньше"),
    "by": "{word} на {amount}\u00a0{unit}",
    "same_numbers": "разницы нет: все партии дали одни и те же числа",
    "not_found": "разницы больше ±{mde}{unit} не найдено: {diff}",
    "equivalent": "; то же в пределах ±{margin}\u00a0%",
    "not_equivalent": "; не показано, что в пределах ±{margin}\u00a0%",
}

#: one effect in a few words (words.effect_phrase): {q} is the qualifier (чуть, намного), {way} the direction
EFFECT: dict[str, dict[str, Any]] = {
    "en": {
        "length": "games {q}{way} ({amount} deals)",
        "length_ways": ("longer", "shorter"),
        "written": "{q}{way} points written per deal ({amount})",
        "written_ways": ("more", "fewer"),
        "subjects": {"naked_rate": "naked goats", "fish_rate": "fish", "bald_rate": "bald goats", "eggs_rate": "eggs"},
        "subject": "{q}{way} {subject}: {new} instead of {base} in 100 {per}",
        "subject_ways": ("more", "fewer"),
        "fish_ways": ("more", "less"),
        "rate": "{label} {q}{way}: {new} instead of {base} in 100 {per}",
        "rate_ways": ("higher", "lower"),
    },
    "ru": {
        "length": "партии {q}{way} ({amount} {unit})",
        "length_ways": ("длиннее", "короче"),
        "length_units": ("сдача", "сдачи", "сдач", "сдачи"),  # 1, 2, 5 and a fraction (0,2 сдачи)
        "written": "за сдачу пишут {q}{way} ({amount} очка)",
        "written_ways": ("больше", "меньше"),
        "subjects": {
            "naked_rate": "голых козлов",
            "fish_rate": "рыбы",
            "bald_rate": "лысых козлов",
            "eggs_rate": "яиц",
        },
        "subject": "{subject} {q}{way}: {new} вместо {base}{per} из 100",
        "subject_ways": ("больше", "меньше"),
        "rate": "{label}: {q}{way}, {new} вместо {base}{per} из 100",
        "rate_ways": ("чаще", "реже"),
    },
}

messages.add(
    {
        "words.games": ("{n:count} {n:plural:game|games}", "{n:count} {n:plural:партия|партии|партий}"),
        "words.nothing_comparable": ("nothing comparable", "главные показатели не сравниваются"),
        "words.no_headline_difference": (
            "no difference found in the headline metrics",
            "по главным показателям разницы не найдено",
        ),
        "words.at_level": (" — played by {who}", " — играют {who}"),
        "words.seat": ("player {n}", "игрок {n}"),
        "words.or": ("{some} or {last}", "{some} или {last}"),
        "words.not_estimable": ("{label}: not estimable: no data", "{label}: не оценить: нет данных"),
    }
)
