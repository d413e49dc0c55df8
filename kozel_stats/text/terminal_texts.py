"""What the terminal shows, English and Russian: the command line's own lines (which files a command wrote, how
many games it played, what a signal stopped, the matrix's titles and columns, `variants show`, `play -q`), the
progress bar (present/progress.py) and compare's tables (present/tables.py).

Keys in the message table (kozel_stats/text/messages.py): ``cli.*`` (the commands' own lines), ``show.*``
(`variants show`), ``play.summary*`` (`play -q`), ``progress.*`` (the bar); the code names the key and its fields:
``messages.text("cli.results_written", lang, out=out)``. Word tables per language where a module looks its words
up by name: ``TABLE_TEXT[lang][key]`` (the tables), ``KNOB_VALUE`` (`variants show`).

Light on purpose (no numpy): the command line imports it at start.
"""

from __future__ import annotations

from typing import Any

from . import messages

messages.add(
    {
        # what a signal that comes once everything is saved is told: the run's, the report's
        "cli.run_whole": (
            "{} received after the run was complete: its results are whole; nothing to resume.",
            "{} получен, когда прогон уже закончен: его результаты целы, продолжать нечего.",
        ),
        "cli.report_whole": (
            "{} received after the report was written: it is whole.",
            "{} получен, когда отчёт уже записан: он цел.",
        ),
        # after a usage error said in Russian (the English one is click's own)
        "cli.usage_hint": ("See `{command} --help`.", "Справка: `{command} --help`."),
        # the files a command wrote
        "cli.results_written": ("results written to {out}/", "результаты записаны в {out}/"),
        "cli.card_written": ("card written to {path}", "карточка записана в {path}"),
        "cli.site_written": ("site written to {path}", "сайт записан в {path}"),
        "cli.not_played": ("not played: {names}", "не сыграно: {names}"),
        # how many games were played, in how long
        "cli.played_per_variant": (
            "{games} games per variant played in {time}",
            "сыграно партий на вариант: {games}, за {time}",
        ),
        "cli.played_per_cell": (
            "{games} games per cell played in {time}",
            "сыграно партий на клетку: {games}, за {time}",
        ),
        "cli.compile_took": (
            " (compiling the engine first took {s:.0f} s of CPU)",
            " (сначала компиляция движка: {s:.0f} с процессора)",
        ),
        # a signal stopped the run: what it was played per (cli.interrupted_after)
        "cli.per_variant": ("variant", "вариант"),
        "cli.per_cell": ("cell", "клетку"),
        # what a run of the matrix (or a level of a sweep) is about to play
        "cli.level_playing_cells": (
            "{level}: playing {n:count} games per cell ...",
            "{level}: играем по {n:count} {n:plural:партии|партий|партий} на клетку…",
        ),
        "cli.level_playing_variants": (
            "{level}: playing {n:count} games per variant ...",
            "{level}: играем по {n:count} {n:plural:партии|партий|партий} на вариант…",
        ),
        "cli.bots_playing_variants": (
            "bots {bots}: playing {n:count} games per variant ...",
            "боты {bots}: играем по {n:count} {n:plural:партии|партий|партий} на вариант…",
        ),
        # compare --bots / --levels: the matrix
        "cli.levels_hold": (
            "Does the verdict hold at every level of play? (* significant)",
            "Держится ли вывод на каждом уровне игры? (* — значимо)",
        ),
        "cli.matrix_title_levels": (
            "Does the verdict hold at every level of play? ({n:count} games per variant and level{expert}; * "
            "significant)",
            "Держится ли вывод на каждом уровне игры? ({n:count} {n:plural:партия|партии|партий} на вариант и "
            "уровень{expert}; * — значимо)",
        ),
        "cli.matrix_title_bots": (
            "Does the verdict survive a change of bots? ({n:count} games per variant and bot; * significant)",
            "Держится ли вывод при других ботах? ({n:count} {n:plural:партия|партии|партий} на вариант и бота; * "
            "— значимо)",
        ),
        "cli.expert_note": (", the expert: {n:count}", ", знаток: {n:count}"),
        "cli.column_variant": ("variant", "вариант"),
        "cli.column_metric": ("metric", "показатель"),
        "cli.column_verdict": ("verdict", "вывод"),
        "cli.verdict.robust": ("robust", "держится"),
        "cli.verdict.depends on bots": ("depends on bots", "зависит от ботов"),
        "cli.verdict.no effect": ("no effect", "нет эффекта"),
        "cli.matrix_results_written": (
            "results of the {run} run and the matrix written to {out}/",
            "результаты прогона с ботами {run} и матрица записаны в {out}/",
        ),
        "cli.matrix_report_written": (
            "report written to {path} (the {run} run in full, and the verdicts under every bot)",
            "отчёт записан в {path} (прогон с ботами {run} полностью и выводы при каждом боте)",
        ),
        # duel
        "cli.duel_pairs": ("{n:count}", "{n:count} {n:plural:серия|серии|серий} сдач"),
    }
)

#: `variants show`: what a knob's value means, after its rule (ru: the value's own word first)
KNOB_VALUE = {"en": " This value: {detail}", "ru": " {word}: {detail}"}

messages.add(
    {
        "show.changed": (
            "differs from the default game ({n:count} {n:plural:knob|knobs}):",
            "чем отличается от правил по умолчанию ({n:count} {n:plural:настройка|настройки|настроек}):",
        ),
        "show.unchanged": (
            "the default game's rules: no knob differs (--all prints every knob).",
            "правила по умолчанию: все настройки те же (--all напечатает все).",
        ),
        "show.rest": (
            "the other {n:count} {n:plural:knob is|knobs are} the default game's (--all prints every knob).",
            "остальные {n:count} {n:plural:настройка|настройки|настроек} — как по умолчанию (--all напечатает все).",
        ),
        "show.rest_all": (
            "the other {n:count} {n:plural:knob, as|knobs, as} in the default game:",
            "остальные {n:count} {n:plural:настройка|настройки|настроек} — как по умолчанию:",
        ),
    }
)

messages.add(
    {
        "play.summary": (
            "{n:count} {n:plural:game|games} of {variant}, {deals} deals a game on average",
            "{n:count} {n:plural:партия|партии|партий} по правилам {variant}, в среднем {deals} сдачи за партию",
        ),
        "play.summary_lost": ("  lost (the goats): {who}", "  проигрыши (козлы): {who}"),
        "play.summary_side": ("side {side} {n:count}", "пара {side} — {n:count}"),
        "play.summary_seat": ("P{p} {n:count}", "P{p} — {n:count}"),
        "play.summary_draws": ("draws {n:count}", "ничьих {n:count}"),
        "play.summary_cut": ("cut off at max_deals {n:count}", "оборвано на max_deals {n:count}"),
        "play.summary_titles": ("  titles: {titles}", "  звания: {titles}"),
    }
)


# the progress bar (present/progress.py)
messages.add(
    {
        "progress.variants": (
            "{n:count} {n:plural:variant|variants}",
            "{n:count} {n:plural:вариант|варианта|вариантов}",
        ),
        "progress.playing": ("playing {what}", "играю {what}"),
        "progress.computing": ("computing the statistics…", "считаю статистику…"),
        "progress.played": ("played {count} ({share}%) of {what}", "сыграно {count} ({share}%), {what}"),
        "progress.games": ("games", "партий"),
        "progress.per_second": ("{rate}/s", "{rate}/с"),
    }
)


#: the words of compare's terminal tables (present/tables.py), per language
TABLE_TEXT: dict[str, dict[str, Any]] = {
    "en": {
        "head": "Козёл: {n} × {games} per variant, bots {bots} (programs, not people), seed {seed}",
        "variants": ("variant", "variants", "variants"),
        "design": "Game i of every variant starts from the same shuffle, so differences come from the rules. A "
        "verdict rests on the four headline metrics, tested together (each at 5%/4, with its 98.75% interval); "
        "the others are secondary, each with its own 95% interval. p (adj.): the chance of a difference this "
        "large by luck alone, times the number of headline metrics.",
        "generals": " (Генерал keeps no points: its two, each at 5%/2.)",
        "interrupted": "Interrupted: these are the games finished before Ctrl-C.",
        "baseline": "{title} ({name}): the baseline",
        "metric": "metric",
        "value": "value",
        "ci95": "95% CI",
        "n": "n",
        "length": "deals per game: median [q1, q3], p90",
        "overview": "Differences against {title} (rates in pp; * significant)",
        "variant": "variant",
        "vs": "{title} ({name}) against {base}",
        "table": "{title} ({name}) against {base}: intervals {level_h} for the headline metrics, 95% otherwise",
        "diff": "difference",
        "interval": "interval",
        "p": "p (adj.)",
        "secondary": "(secondary)",
        "only_here": "(only in this game; its 95% CI)",
        "summary": "Summary",
        "placings": "{title}: places of the players over {games} (1 = best, {n} = the goat; by chance {chance}; "
        "95% CI under each share)",
        "player": "player",
        "mean_place": "mean place",
        "place": "place {k}",
        "skill": "Skill or luck",
        "skill_head": ("strong wins", "deal decides", "leader wins"),
        "precision_met": "Precision ±{target} reached with {games} per variant.",
        "precision_short": "Precision ±{target} NOT reached with {games} per variant (limit {limit}); still too "
        "wide: {short}.",
        "note": "Note",
        "short": {
            "deals_per_game": "deals/game",
            "naked_rate": "naked",
            "fish_rate": "fish",
            "written_per_deal": "points/deal",
        },
    },
    "ru": {
        "head": "Козёл: {n} × {games} на вариант, боты {bots} (программы, не люди), зерно случайности {seed} "
        "(с тем же зерном — те же числа)",
        "variants": ("вариант", "варианта", "вариантов"),
        "design": "Партия i каждого варианта начинается с той же раздачи, поэтому разница идёт от правил. Вывод "
        "решают четыре главных показателя, проверенные вместе (каждый на уровне 5{nbsp}%/4, с 98,75{nbsp}% ДИ); "
        "остальные — второстепенные, каждый со своим 95{nbsp}% ДИ. «Случайно»: вероятность получить такую "
        "разницу одним везением, с поправкой на число главных показателей.",
        "generals": " (В Генерале очков нет: там главных показателей два, каждый на уровне 5{nbsp}%/2.)",
        "interrupted": "Прервано: здесь партии, доигранные до Ctrl-C.",
        "baseline": "{title} ({name}): базовый вариант",
        "metric": "показатель",
        "value": "значение",
        "ci95": "95 % ДИ",
        "n": "партий",
        "length": "сдач за партию: медиана [четверти], 90 %",
        "overview": "Разница с вариантом «{title}» (доли в п.п.; * — значимо)",
        "variant": "вариант",
        "vs": "{title} ({name}) против варианта «{base}»",
        "table": "{title} ({name}) против варианта «{base}»: ДИ {level_h} у главных показателей, 95 % у остальных",
        "diff": "разница",
        "interval": "ДИ",
        "p": "случайно",
        "secondary": "(второстеп.)",
        "only_here": "(есть только в этой игре; её 95 % ДИ)",
        "summary": "Главное",
        "placings": "{title}: места игроков за {games} (1 — лучшее, {n} — козёл; случайно {chance}; под "
        "каждой долей — 95 % ДИ)",
        "player": "игрок",
        "mean_place": "среднее место",
        "place": "{k} место",
        "skill": "Мастерство или везение",
        "skill_head": ("сильные", "сдача решает", "заходящий"),
        "precision_met": "Точность ±{target} достигнута при {games} на вариант.",
        "precision_short": "Точность ±{target} НЕ достигнута при {games} на вариант (предел {limit}); ещё "
        "широки: {short}.",
        "note": "Заметка",
        "short": {
            "deals_per_game": "сдач/партию",
            "naked_rate": "голые",
            "fish_rate": "рыба",
            "written_per_deal": "очков/сдачу",
        },
    },
}


# --- the command line's errors (cli/commands.py) ----------------------------------------------------------------
messages.add(
    {
        "play.quiet_brief": (
            "-q prints one summary and --brief one line per game: give one of them.",
            "-q печатает одну сводку, а --brief — строку на партию: нужно что-то одно.",
        ),
        "play.level_and_bots": (
            "give --level {level} or --bots {bots}, not both: a level is every seat playing one bot.",
            "нужно что-то одно: --level {level} или --bots {bots}. Уровень — это один бот на всех местах.",
        ),
    }
)


messages.add(
    {
        "summarize.json_details": (
            "--json prints every statistic as JSON: drop --details / --brief (they choose tables to print).",
            "--json печатает всю статистику в JSON: уберите --details / --brief (они выбирают печатные таблицы).",
        )
    }
)


messages.add(
    {
        "commands.replay": (
            "{records}: holds no game records.",
            "{records}: в файле нет записей партий.",
        ),
        "commands.duel": (
            "--workers must be from 1 to 4096, not {workers}.",
            "--workers — от 1 до 4096, а не {workers}.",
        ),
    }
)


messages.add(
    {
        "cli.game_seed": (
            "--game-seed must be from 0 to 2**63-1, not {game_seed}.",
            "--game-seed должно быть от 0 до 2**63-1, а не {game_seed:count}.",
        ),
        "cli.game_seed_needs_game": (
            "--game-seed needs --game with {v_name}: its first lead changes from game to game "
            "(first_lead_cycle: {v_first_lead_cycle}); give the record's 'game' field.",
            "--game-seed с «{v_name}» требует --game: первый заход меняется от партии к партии "
            "(first_lead_cycle: {v_first_lead_cycle}); укажите поле 'game' записи.",
        ),
        "cli.game": (
            "--game must be from 0 to 2**62-1, not {game_index}.",
            "--game должно быть от 0 до 2**62-1, а не {game_index:count}.",
        ),
        "cli.baseline_variants": (
            "--baseline {chosen!r} is not in {folder} (variants: {join_names}).",
            "--baseline {chosen!r} нет в {folder} (варианты: {join_names}).",
        ),
        "cli.holds_sweep_reference_cell": (
            "{folder} holds a sweep: its reference cell is fixed, so --baseline does not apply.",
            "{folder} — это перебор правил (sweep): опорная клетка задана, --baseline неприменим.",
        ),
    }
)


messages.add(
    {
        "cli.play_games_range": (
            "--games must be from 1 to {most:,} for play, not {games:,}.",
            "--games у play — от 1 до {most:count}, а не {games:count}.",
        ),
        "cli.duel_side": ("the bot of side {side}", "бот пары {side}"),
        "cli.duel_games_range": (
            "--games must be from 2 to 100,000,000, not {games:,}.",
            "--games — от 2 до 100 000 000, а не {games:count}.",
        ),
        "cli.interrupted_no_batch": (
            "interrupted ({stopped}) before any batch of games finished; nothing to keep.",
            "прервано ({stopped}) до конца первой пачки партий; сохранять нечего.",
        ),
        "cli.interrupted_no_cells": (
            "interrupted ({stopped}) before two games of every cell finished; nothing to keep.",
            "прервано ({stopped}), пока в каждой клетке не сыграно и двух партий; сохранять нечего.",
        ),
        "cli.interrupted_after": (
            "interrupted ({stopped}) after {n:,} games per {per}; {kept}",
            "прервано ({stopped}) после {n:count} {n:plural:партии|партий|партий} на {per}; {kept}",
        ),
        "cli.kept_in": (
            "those games are saved in {out} (continue with --resume {out}).",
            "они сохранены в {out} (продолжить: --resume {out}).",
        ),
        "cli.kept_above": ("the statistics above cover them.", "числа выше — по ним."),
        "cli.level_kept": (
            "; what the {level} level played is saved in {out} (continue with --resume {out})",
            "; сыгранное на уровне «{level}» сохранено в {out} (продолжить: --resume {out})",
        ),
        "cli.interrupted_levels": (
            "interrupted ({stopped}) before every level was played; no comparison of the levels{kept}.",
            "прервано ({stopped}) до конца всех уровней; сравнения уровней нет{kept}.",
        ),
        "cli.interrupted_mix": (
            "interrupted during the {mix} run; nothing of the matrix is saved.",
            "прервано во время прогона с ботами {mix}; из матрицы ничего не сохранено.",
        ),
        "cli.replay_no_variant": (
            "{where}: field 'variant' missing; pass --variant.",
            "{where}: нет поля 'variant'; укажите --variant.",
        ),
        "cli.replay_bad_variant": ("{where}, field 'variant': {reason}", "{where}, поле 'variant': {reason}"),
    }
)
