"""The words of an answer as the report, the chat card and the terminal say them, English and Russian: the
report's headings and notes (present/report.py), a sweep's answer (present/sweep_report.py), the level verdicts
(present/level_verdict.py). Keys in the message table (kozel_stats/text/messages.py): ``report.*``,
``sweep.*``, ``levels.*``; word tables per language (``REPORT_TEXT[lang][key]``) where a module looks its
words up by name.

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
