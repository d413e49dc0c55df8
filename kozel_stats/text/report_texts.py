"""The words of an answer as the report, the chat card and the terminal say them, English and Russian: the
report's headings and notes (present/report.py), a sweep's answer (present/sweep_report.py), the level verdicts
(present/level_verdict.py). Keys in the message table (kozel_stats/text/messages.py): ``sweep.*``,
``levels.*``; word tables per language where a module looks its words up by name: ``REPORT_TEXT[lang][key]``
(the report and the card), ``MATRIX_WORDS`` / ``CARD_MATRIX_WORDS`` (a verdict under other bots),
``SWEEP_TEXT``, ``SWEEP_LEVELS_TEXT``.

Light on purpose (no numpy).
"""

from __future__ import annotations

from typing import Any

from . import messages

# the level verdicts (present/level_verdict.py)
messages.add(
    {
        "levels.every": ("holds at every level ({range})", "держится на всех уровнях ({range})"),
        "levels.every_short": ("holds at every level", "держится на всех уровнях"),
        "levels.stronger": (
            "stronger among {who}: {big} against {small} (difference {gap}, {ci})",
            "сильнее у {who}: {big} против {small} (разница {gap}, {ci})",
        ),
        "levels.changes": ("changes with the level: {parts}", "меняется с уровнем: {parts}"),
        "levels.changes_short": ("changes with the level", "меняется с уровнем"),
        "levels.too_few": (
            "{holds}; too few games among {who} to tell",
            "{holds}; у {who} мало партий, чтобы сказать",
        ),
        "levels.too_few_short": ("too few games among {who} to tell", "у {who} мало партий, чтобы сказать"),
        "levels.no_effect": ("no effect at any level", "нет эффекта ни на одном уровне"),
        "levels.not_significant": ("not significant at any level", "не значимо ни на одном уровне"),
        "levels.restated": ("by the rule itself (no level verdict)", "по самому правилу (без вывода по уровням)"),
        "levels.one_level": ("one level of play", "один уровень игры"),
        "levels.part_more": ("more among {who}", "больше у {who}"),
        "levels.part_less": ("less among {who}", "меньше у {who}"),
        "levels.part_absent": ("none among {who}", "нет у {who}"),
        "levels.part_weaker": ("weaker among {who} (not significant there)", "слабее у {who} (там не значимо)"),
        "levels.part_unclear": ("too few games among {who}", "у {who} мало партий"),
        "levels.and": (" and ", " и "),  # the last of several levels: «новичков и игроков»
    }
)


#: a sweep's words (present/sweep_report.py), per language
SWEEP_TEXT: dict[str, dict[str, Any]] = {
    "ru": {
        "title": "Козёл: какое правило важнее",
        "lead": "Какое из правил сильнее всего меняет игру? Взят вариант «{base}» <code class='id'>{base_id}</code> и "
        "перебраны все сочетания значений: {factors} — всего {cells}. Каждая клетка сыграла одни и те же "
        "{games} (партия i каждой клетки начинается с той же раздачи), поэтому разница идёт от правил, а не "
        "от везения. Боты: {bots}; это программы, а не люди.",
        "main": "Главное",
        "effects": "Влияние каждого правила",
        "effects_note": "Влияние значения правила — насколько меняется показатель по сравнению с его опорным "
        "значением (отмечено *), в среднем по всем сочетаниям остальных правил. Отрезок — {level} "
        "доверительный интервал; красный — разница есть.",
        "interactions": "Сочетания правил",
        "interactions_note": "Взаимодействие двух правил: насколько влияние одного зависит от значения другого "
        "(разность разностей). Около нуля — правила действуют независимо. Интервалы 95 %; * — взаимодействие "
        "есть.",
        "no_interactions": "Ни одно сочетание правил не действует иначе, чем их сумма.",
        "found_interactions": "Правила, которые действуют вместе иначе, чем по отдельности:",
        "more": "и ещё {n} — все в отчёте (--report)",
        "cells": "Все клетки",
        "cells_note": "Значения показателей в каждой клетке. Опорная клетка — первая.",
        "values": "Что значат значения",
        "notes": "Замечания",
        "run": "Как получены числа",
        "reproduce": "Повторить ровно эти партии:",
        "cell": "клетка",
        "version": "версия",
        "seed": "зерно случайности",
        "per_cell": "партий на клетку",
        "bots": "боты",
        "backend": "где играли",
        "duration": "время игры",
        "reference": "опорное",
        "effect": "влияние",
        "cells_word": ("клетка", "клетки", "клеток"),
        "most": "Сильнее всего на показатель «{metric}» влияет {first}",
        "then": "затем {next}",
        "none": "{knobs} почти не {verb} (разницы больше {mde} не найдено)",
        "no_effect": "На показатель «{metric}» ни одно из правил заметно не влияет",
        "verb_one": "влияет",
        "verb_many": "влияют",
        "interrupted": "Прогон прерван: числа — по сыгранным партиям.",
        "sampled": "Сыграны {played} из {total} клеток (случайный выбор по зерну).",
        "skipped": "Невозможные сочетания пропущены: {names}.",
        "not_estimable": "По сыгранным клеткам не оценить: {terms}.",
    },
    "en": {
        "title": "Kozel: which rule matters most",
        "lead": "Which rule changes the game most? Starting from «{base}» <code class='id'>{base_id}</code>, every "
        "combination of these values was played: {factors} — {cells} in all. Every cell played the same "
        "{games} (game i of every cell starts from the same deal), so the differences come from the rules, "
        "not from luck. Bots: {bots}; they are programs, not people.",
        "main": "The answer",
        "effects": "What each rule does",
        "effects_note": "The effect of a rule's value is how much a metric changes against the rule's reference "
        "value (marked *), averaged over every combination of the other rules. Bars: {level} confidence "
        "intervals; red: a difference was found.",
        "interactions": "Rules together",
        "interactions_note": "The interaction of two rules: how much one rule's effect depends on the other's "
        "value (a difference of differences). Near zero: the rules act independently. 95% intervals; *: an "
        "interaction was found.",
        "no_interactions": "No two rules act differently together than the sum of their effects.",
        "found_interactions": "Rules that act differently together than apart:",
        "more": "and {n} more — all of them in the report (--report)",
        "cells": "Every cell",
        "cells_note": "The metrics of every cell. The reference cell is the first.",
        "values": "What the values mean",
        "notes": "Notes",
        "run": "How the numbers were made",
        "reproduce": "Play exactly these games again:",
        "cell": "cell",
        "version": "version",
        "seed": "seed",
        "per_cell": "games per cell",
        "bots": "bots",
        "backend": "played on",
        "duration": "playing time",
        "reference": "reference",
        "effect": "effect",
        "cells_word": ("cell", "cells", "cells"),
        "most": "What changes “{metric}” most: {first}",
        "then": "then {next}",
        "none": "{knobs} hardly {verb} (no difference bigger than {mde} found)",
        "no_effect": "No rule changes “{metric}” noticeably",
        "verb_one": "matters",
        "verb_many": "matter",
        "interrupted": "The run was interrupted: the numbers cover the games played.",
        "sampled": "{played} of the grid's {total} cells were played (a random choice fixed by the seed).",
        "skipped": "Impossible combinations were skipped: {names}.",
        "not_estimable": "Cannot be told apart with the cells played: {terms}.",
    },
}


#: `sweep --levels`: does each rule's effect hold at every level of play?
SWEEP_LEVELS_TEXT = {
    "ru": {
        "title": "Держится ли влияние правила на каждом уровне игры?",
        "note": "Влияние каждого значения правила при игре новичков, игроков и знатоков на одних и тех же "
        "раздачах (* — разница есть). Ниже — какое правило важнее всего на каждом уровне.",
        "effect": "значение правила",
        "metric": "показатель",
        "across": "вывод",
        "most": "Сильнее всего меняет «{metric}»: {levels}",
    },
    "en": {
        "title": "Does each rule's effect hold at every level of play?",
        "note": "The effect of each rule value among beginners, players and experts, on the same deals "
        "(* a difference was found). Below: which rule matters most at each level.",
        "effect": "rule value",
        "metric": "metric",
        "across": "verdict",
        "most": "What changes “{metric}” most: {levels}",
    },
}

# a sweep's answer (present/sweep_report.py)
messages.add(
    {
        "sweep.baselines": (
            "Before each \u2192: the mean over the cells where that bullet's rule is at its reference value, "
            "the others at every value played; so each rule has its own baseline.",
            "До стрелки \u2192 — среднее по клеткам, где правило этой строки — как в опорной клетке, а остальные "
            "правила — любые из сыгранных; поэтому у каждого правила своя основа.",
        )
    }
)

messages.add(
    {
        "sweep.played_by": ("Played by {who}.", "Играют {who}."),
        "sweep.interactions": (
            "{n:count} {n:plural:interaction|interactions}",
            "{n:count} {n:plural:взаимодействие|взаимодействия|взаимодействий}",
        ),
        "sweep.no_rule": ("no rule", "ни одно правило"),
        "sweep.among": ("{who}", "у {who}"),  # a level's players: «у новичков» / "beginners"
    }
)


#: the HTML report's and the chat card's words (present/report.py), per language
REPORT_TEXT: dict[str, dict[str, Any]] = {
    "en": {
        "title": "Козёл: what each rule changes",
        "lead": "How do the variants below differ from <b>{baseline}</b>? Every variant played the same {games} "
        "(game i of every variant starts from the same shuffle), so the differences come from the rules, not "
        "from luck. Bots: {bots} — {bots_caveat}",
        "bots_caveat": "programs, not people: they play by simple rules; a verdict that holds with several bots "
        "is more trustworthy.",
        "per_variant": "games per variant",
        "glossary": "What the words and numbers mean here",
        "main": "The answer",
        "baseline_card": "the baseline: every variant is compared with it",
        "effects": "What changes, largest first",
        "restated": "Restates the rule itself (not a finding):",
        "no_found": "No difference found:",
        "more_effects": "all effects",
        "chat": "A card to paste into a chat",
        "copy": "Copy",
        "copied": "Copied",
        "forest": "The differences with their intervals",
        "forest_note": "Each dot is a variant minus {baseline}, the line its {level} interval; a line that crosses "
        "zero (the vertical line) is no detectable difference. Dark: significant.",
        "details": "Every metric, per variant",
        "details_note": "Values with 95% intervals; differences against {baseline} with the interval that "
        "decides ({level_h} for the four headline metrics, 95% for the secondary ones); bold when significant; "
        "— when the metric does not exist under the variant's rules.",
        "metric": "metric",
        "value": "value",
        "diff": "difference (interval)",
        "interval95": "95% interval",
        "placings": "Places of the players (каждый сам за себя)",
        "placings_note": "Share of games each player finished in each place (1 = best, the last = the goat), with "
        "its 95% interval; by chance every place would be 1 in {players} ({chance}).",
        "mean_place": "mean place",
        "place": "place",
        "charts": "Charts",
        "length_hist": "Game length: share of games by number of deals",
        "survival": "Share of games still going after k deals",
        "rates": "Shares with 95% intervals (naked and bald goats: of games; fish, eggs, redeal: of deals)",
        "by_deal": "Mean score of the eventual loser (solid) and winner (dashed) after each deal",
        "fish_sums": "Pips left in all hands at a fish",
        "deals": "deals",
        "share": "share of games",
        "k": "k (deals)",
        "still": "still going",
        "score": "score",
        "pips": "pips left",
        "fish_share": "share of fishes",
        "rules": "What each variant changes",
        "rules_base": "The baseline's rules where some variant differs:",
        "instead": "instead of",
        "nothing_differs": "the same rules as the baseline",
        "meta": "The run",
        "reproduce": "Reproduce this run with:",
        "version": "version",
        "seed": "seed",
        "bots": "bots",
        "workers": "workers",
        "duration": "play time",
        "hashes": "variant hashes",
        "interrupted": "Interrupted run: these are the games finished before Ctrl-C.",
        "precision_met": "Precision ±{target} reached with {games} per variant.",
        "precision_short": "Precision ±{target} NOT reached with {games} per variant (limit {limit}); still too "
        "wide: {short}.",
        "matrix": "Does the verdict depend on the players? The difference under each bot (* significant)",
        "groups": {
            "pairs": "Pair Козёл",
            "morskoy": "Морской козёл",
            "osel": "Осёл «Крест»",
            "solo": "Each for himself (каждый сам за себя)",
        },
        "chance": "by chance",
        "player": "player",
        "skill": "Skill or luck",
        "skill_chart": "Skill edge: the share of games the strong side ({strong}) wins against the weak one "
        "({weak}), with 95% intervals; the vertical line is {base}",
        "deal_chart": "Deal decides: the share of games where the same side loses both plays from the same "
        "deals, with 95% intervals; the vertical line is {base}",
        "skill_cols": ("variant", "strong side wins", "deal decides", "leader wins the deal"),
        "skill_diff": "against {base}",
        "won": "share of games",
        "same": "share of games",
        "secondary": "(secondary)",
        "axis_diff": "difference",
        "yes": "yes",
        "no": "no",
        "length_text": "median {median}, quartiles {q1}–{q3}, 90% of games within {p90}",
        "card_head": "Козёл: what the rules change — {games} per variant, bots {bots} (programs, not people).",
        "card_played_by": "Played by {who}.",
        "card_against": "Against «{baseline}»:",
        "checked_levels": "Checked at the levels of play: {shown} (↳: does the verdict hold).",
        "checked_bots": "Checked with the bots: {shown} (↳: does the verdict hold).",
    },
    "ru": {
        "title": "Козёл: что меняет каждое правило",
        "lead": "Чем варианты ниже отличаются от варианта <b>{baseline}</b>? Все варианты сыграли одни и те же "
        "{games} (партия i каждого варианта начинается с той же раздачи), поэтому разница идёт от правил, а не "
        "от везения. Боты: {bots} — {bots_caveat}",
        "bots_caveat": "это программы, а не люди: играют по простым правилам; вывод, который держится при "
        "разных ботах, надёжнее.",
        "per_variant": "партий на вариант",
        "glossary": "Что здесь значат слова и числа",
        "main": "Главное",
        "baseline_card": "базовый вариант: с ним сравнивается каждый",
        "effects": "Что меняется, от большего к меньшему",
        "restated": "По самому правилу (не открытие):",
        "no_found": "Разницы не найдено:",
        "more_effects": "все изменения",
        "chat": "Карточка для чата",
        "copy": "Скопировать",
        "copied": "Скопировано",
        "forest": "Разницы и их интервалы",
        "forest_note": "Точка — вариант минус {baseline}, черта — её {level} ДИ; если черта пересекает ноль "
        "(вертикальную линию), заметной разницы нет. Тёмные — значимые.",
        "details": "Все показатели по вариантам",
        "details_note": "Значения с 95 % ДИ; разница с вариантом {baseline} с тем ДИ, который решает ({level_h} для "
        "четырёх главных показателей, 95 % для второстепенных); жирным — значимая; «—» — показателя нет по правилам "
        "варианта.",
        "metric": "показатель",
        "value": "значение",
        "diff": "разница (ДИ)",
        "interval95": "95 % ДИ",
        "placings": "Места игроков (каждый сам за себя)",
        "placings_note": "Доля партий, в которых игрок занял каждое место (1 — лучшее, последнее — козёл), с "
        "95 % ДИ; случайно каждое место было бы у каждого в 1 из {players} партий ({chance}).",
        "mean_place": "среднее место",
        "place": "место",
        "charts": "Графики",
        "length_hist": "Длина партии: доля партий по числу сдач",
        "survival": "Доля партий, которые ещё идут после k сдач",
        "rates": "Доли с 95 % ДИ (голые и лысые козлы — доля партий; рыба, яйца, передача — доля сдач)",
        "by_deal": "Средний счёт будущих козлов (сплошная) и победителей (пунктир) после каждой сдачи",
        "fish_sums": "Очки на руках у всех при рыбе",
        "deals": "сдач",
        "share": "доля партий",
        "k": "k (сдач)",
        "still": "ещё идут",
        "score": "счёт",
        "pips": "очков на руках",
        "fish_share": "доля рыб",
        "rules": "Чем варианты отличаются",
        "rules_base": "Правила базового варианта там, где какой-то вариант отличается:",
        "instead": "вместо",
        "nothing_differs": "те же правила, что в базовом",
        "meta": "Прогон",
        "reproduce": "Повторить этот прогон:",
        "version": "версия",
        "seed": "зерно случайности",
        "bots": "боты",
        "workers": "процессов",
        "duration": "время игры",
        "hashes": "хэши вариантов",
        "interrupted": "Прогон прерван: здесь партии, доигранные до Ctrl-C.",
        "precision_met": "Точность ±{target} достигнута при {games} на вариант.",
        "precision_short": "Точность ±{target} НЕ достигнута при {games} на вариант (предел {limit}); ещё "
        "широки: {short}.",
        "matrix": "Зависит ли вывод от игроков? Разница при каждом боте (* — значимо)",
        "groups": {
            "pairs": "Парный козёл",
            "morskoy": "Морской козёл",
            "osel": "Осёл «Крест»",
            "solo": "Каждый сам за себя",
        },
        "chance": "случайно",
        "player": "игрок",
        "skill": "Мастерство или везение",
        "skill_chart": "Мастерство: доля партий, которые сильная пара ({strong}) выигрывает у слабой ({weak}), "
        "с 95 % ДИ; вертикальная линия — «{base}»",
        "deal_chart": "Сдача решает: доля партий, где при тех же раздачах одна и та же пара проигрывает оба "
        "раза, с 95 % ДИ; вертикальная линия — «{base}»",
        "skill_cols": ("вариант", "сильная пара выигрывает", "сдача решает", "заходящий выигрывает сдачу"),
        "skill_diff": "разница с вариантом «{base}»",
        "won": "доля партий",
        "same": "доля партий",
        "secondary": "(второстеп.)",
        "axis_diff": "разница",
        "yes": "да",
        "no": "нет",
        "length_text": "медиана {median}, четверти {q1}–{q3}, 90 % партий — до {p90}",
        "card_head": "Козёл: что меняют правила — {games} на вариант, боты {bots} (программы, не люди).",
        "card_played_by": "Играют {who}.",
        "card_against": "Против варианта «{baseline}»:",
        "checked_levels": "Проверено на уровнях игры: {shown} (↳ — держится ли вывод).",
        "checked_bots": "Проверено с ботами: {shown} (↳ — держится ли вывод).",
    },
}


MATRIX_WORDS = {
    "ru": {"robust": "держится при всех ботах", "depends on bots": "зависит от ботов", "no effect": "нет эффекта"},
    "en": {"robust": "robust", "depends on bots": "depends on bots", "no effect": "no effect"},
}


#: the chat card's words for a verdict under other bots (a line of its own, so plainer than the table's)
CARD_MATRIX_WORDS = {
    "ru": MATRIX_WORDS["ru"],
    "en": {"robust": "holds under every bot", "depends on bots": "depends on the bots", "no effect": "no effect"},
}


# --- the reports' errors (present/report.py, present/sweep_report.py) ----------------------------------------------
messages.add(
    {
        "report.lang": (
            "--lang must be one of {join_text}, not {lang!r}.",
            "--lang — одно из: {join_text}, а не {lang!r}.",
        ),
        "report.card_png_card_drawn": (
            "--card {path}: a PNG card is drawn by Chromium, which is not installed; use a .txt card.",
            "--card {path}: картинку PNG рисует Chromium, а он не установлен (`apt-get install "
            "chromium`); возьмите карточку .txt.",
        ),
        "report.card_chromium_did_draw": (
            "--card {path}: Chromium did not draw the card; use a .txt card.",
            "--card {path}: Chromium не нарисовал карточку; возьмите карточку .txt.",
        ),
    }
)


messages.add({})
