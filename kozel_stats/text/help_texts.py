"""The command line's help, English and Russian, in the message table (kozel_stats/text/messages.py).

Keys: ``help.cmd.PATH`` for a command (``help.cmd.app``, ``help.cmd.play``, ``help.cmd.variants.show``) and
``help.opt.PATH.PARAM`` for an option or argument of one (``help.opt.play.games``), else ``help.opt.PARAM`` for
one said the same way by every command that has it (``help.opt.lang``). `localize` writes the texts of one
language into the click commands before they parse anything (`cli.Group.make_context`): ``--help`` follows
the language rule of every command (--lang, else the locale). tests/test_cli_help.py checks that every
command and option of the command line has its sentence here.

Light on purpose (no numpy): `kozel-stats --help` imports it.
"""

from __future__ import annotations

from typing import Any

from . import messages

LANG_RULE_EN = "--lang, else the locale (ru when LC_ALL, LC_MESSAGES or LANG starts with ru), else English"
LANG_RULE_RU = (
    "--lang, иначе язык системы (русский, если LC_ALL, LC_MESSAGES или LANG начинается с ru), иначе английский"
)

#: the commands' help
COMMANDS: dict[str, tuple[str, str]] = {
    "app": (
        "Settle arguments about the domino game Kozel with data: rule variants, games, records. Language (every "
        f"command, --lang ru|en, before or after the command): {LANG_RULE_EN}.",
        "Споры о «Козле» — цифрами: варианты правил, партии, записи. Язык (у каждой команды --lang ru|en, до "
        f"команды или после): {LANG_RULE_RU}.",
    ),
    "play": (
        "Play games and print a readable deal-by-deal log (-q: one summary; --brief: a line per game); optionally "
        "write game records.",
        "Сыграть партии и напечатать их сдача за сдачей (-q — одна сводка, --brief — строка на партию); по желанию "
        "записать партии в файл.",
    ),
    "replay": (
        "Replay recorded games through the engine; report any illegal move or wrong score.",
        "Переиграть записанные партии по правилам; сказать о каждом недопустимом ходе и неверном счёте.",
    ),
    "compare": (
        "Compare rule variants by Monte Carlo: game length, naked goats, fish and more, against a baseline.",
        "Сравнить варианты правил методом Монте-Карло: длина партий, голые козлы, рыба и другое — с основным.",
    ),
    "sweep": (
        "Which rule matters most: play every combination of knob values and rank the knobs by their effect.",
        "Что важнее всего: сыграть каждое сочетание значений настроек и расставить настройки по их влиянию.",
    ),
    "duel": (
        "Side A with one bot against side B with another, in duplicate (the same deals, seats swapped). No --level: "
        "a level is one bot at every seat, and a duel has two; give a level as a side's bot instead (duel player "
        "beginner).",
        "Пара A с одним ботом против пары B с другим, дублем (те же раздачи, места переставлены). --level здесь нет: "
        "уровень — это один бот на всех местах, а в дуэли их два; уровень можно дать как бота пары (duel игрок "
        "новичок).",
    ),
    "summarize": (
        "Recompute the statistics from a saved results folder.",
        "Пересчитать статистику по сохранённой папке результатов.",
    ),
    "report": (
        "Write a self-contained HTML report (plotly.js embedded, works offline) from a results folder.",
        "Записать отчёт HTML одним файлом (plotly.js внутри, открывается без сети) по папке результатов.",
    ),
    "atlas": (
        "Build the yard arguments site: every yard argument as a question answered at each level of play, a static "
        "site.",
        "Собрать «Споры двора»: каждый дворовый спор — вопрос с ответом на каждом уровне игры, статический сайт.",
    ),
    "variants": (
        "List the shipped rule variants (--json: as JSON), or show one resolved.",
        "Список вариантов правил из пакета (--json — в JSON) или один вариант целиком.",
    ),
    "variants.show": (
        "Print the rules of a variant: what differs from the default game first, every knob with --all.",
        "Напечатать правила варианта: сначала то, чем он отличается от правил по умолчанию; --all — все настройки.",
    ),
}

#: the options and arguments: PATH.PARAM, or PARAM for one said alike by every command
OPTIONS: dict[str, tuple[str, str]] = {
    "lang": (
        "Language of everything printed (and of the report): ru or en; default: the locale (ru when LC_ALL, "
        "LC_MESSAGES or LANG starts with ru), else en. The same rule for every command.",
        "Язык всего, что печатается (и отчёта): ru или en; по умолчанию — язык системы (ru, если LC_ALL, "
        "LC_MESSAGES или LANG начинается с ru), иначе en. Правило одно для всех команд.",
    ),
    "workers": ("Worker processes (default: all cores).", "Рабочие процессы (по умолчанию — все ядра)."),
    "scheduler": (
        "Play the batches on a running Dask cluster (tcp://HOST:PORT of its scheduler; needs "
        "pip install 'kozel-stats[dask]'). The result is bit-identical to a local run.",
        "Играть на работающем кластере Dask (tcp://HOST:PORT его планировщика; нужен "
        "pip install 'kozel-stats[dask]'). Результат до бита тот же, что у прогона на этой машине.",
    ),
    "cluster": (
        "Play on a Dask LocalCluster of N worker processes started for this run: local:N.",
        "Играть на Dask LocalCluster из N рабочих процессов, запущенном для этого прогона: local:N.",
    ),
    "connect_timeout": (
        "With --scheduler: seconds to reach the scheduler and hear its handshake (default 20).",
        "С --scheduler: сколько секунд ждать ответа планировщика (по умолчанию 20).",
    ),
    "bots": (
        "Bots: one for all seats ({choices}), one per seat (random,heavy,random,heavy) or one per side in pair "
        "games (A=counter,B=random). With --level it is refused.",
        "Боты: один на все места ({choices}), по одному на место (random,heavy,random,heavy) или по одному на пару "
        "в парной игре (A=counter,B=random). Вместе с --level не принимается.",
    ),
    "level": (
        "The level of play: beginner (every seat plays random), player (counter: counts the tiles; the default) "
        "or expert (expert: searches the deal); their Russian names too. For any other mix of bots, --bots "
        "instead.",
        "Уровень игры: beginner или новичок (на всех местах random), player или игрок (counter: считает кости; "
        "по умолчанию) или expert или знаток (expert: просчитывает сдачу). Для любого другого набора ботов — --bots.",
    ),
    "play.level": (
        "The level of play, as in compare: beginner (random), player (counter) or expert (expert); their Russian "
        "names too. Default here beginner, not compare's player: play shows the rules "
        "move by move, and its records and logs in the docs are the random bots'. For any other mix, --bots.",
        "Уровень игры, как у compare: beginner или новичок (random), player или игрок (counter), expert или "
        "знаток (expert). Здесь по умолчанию beginner, а не player, как у compare: play показывает правила ход за "
        "ходом, и записи и журналы в документации сыграны ботами random. Для любого другого набора — --bots.",
    ),
    "folder": (
        "A results folder written by `compare --out` or `sweep --out`.",
        "Папка результатов, записанная `compare --out` или `sweep --out`.",
    ),
    "csv": ("With --out: also write CSV copies of the tables.", "С --out: ещё и копии таблиц в CSV."),
    "report": ("Write a self-contained HTML report here.", "Записать сюда отчёт HTML одним файлом."),
    "force": (
        "Replace the run already in --out (or an existing --report).",
        "Заменить прогон, уже лежащий в --out (или уже записанный --report).",
    ),
    "seed": (
        "Run seed: fixes every number of the output.",
        "Зерно случайности прогона: с ним все числа ответа те же.",
    ),
    "baseline": (
        "Variant to compare against (default: the run's).",
        "Вариант, с которым сравнивать (по умолчанию — тот, что у прогона).",
    ),
    "as_json": ("Print it as JSON (machine-readable).", "Напечатать в JSON (для программ)."),
    # play
    "play.variant": (
        "A shipped variant name (or its title), BASE+knob=value, or a path to a .yaml file.",
        "Имя варианта из пакета (или его название), ОСНОВА+настройка=значение или путь к файлу .yaml.",
    ),
    "play.seed": (
        "Run seed: game i is played from a seed derived from it.",
        "Зерно случайности прогона: партия i играется от зерна, выведенного из него.",
    ),
    "play.games": ("Number of games (at most 1,000,000).", "Сколько партий (не больше 1\u00a0000\u00a0000)."),
    "play.trace": (
        "Write kozel-trace/1 records (JSON Lines) here.",
        "Записать сюда записи партий kozel-trace/1 (JSON Lines).",
    ),
    "play.force": ("Replace an existing --trace file.", "Заменить уже существующий файл --trace."),
    "play.game_seed": (
        "Replay one game from the 'seed' field of a record (overrides --seed).",
        "Переиграть одну партию по полю 'seed' её записи (вместо --seed).",
    ),
    "play.game_index": (
        "With --game-seed: the game's index in its run (the 'game' field of a record or of the games table); it "
        "decides the seats of the bots in odd games and the first-lead double under first_lead_cycle.",
        "С --game-seed: номер партии в её прогоне (поле 'game' записи или таблицы партий); от него зависят места "
        "ботов в нечётных партиях и дубль первого захода при first_lead_cycle.",
    ),
    "play.quiet": (
        "Print one summary of all the games instead of the log.",
        "Вместо журнала напечатать одну сводку по всем партиям.",
    ),
    "play.brief": ("Print one line per game instead of the log.", "Вместо журнала — по строке на партию."),
    # replay
    "replay.records": ("A kozel-trace/1 JSON Lines file.", "Файл записей kozel-trace/1 (JSON Lines)."),
    "replay.variant": (
        "Rules to check against (default: each record's 'variant' field).",
        "Правила, по которым проверять (по умолчанию — поле 'variant' каждой записи).",
    ),
    # compare
    "compare.variants": (
        "Variant names (or Russian titles), .yaml files or folders of them (the first is the baseline unless "
        "default is among them or --baseline says otherwise). A variant with knobs changed is written "
        "BASE+knob=value+knob=value, e.g. default+threshold=none or osel+target=125+general=true "
        "(`kozel-stats variants show default --all` lists the knobs).",
        "Имена вариантов (или русские названия), файлы .yaml или папки с ними (первый — основной, если среди них "
        "нет default и --baseline не говорит иное). Вариант с изменёнными настройками пишется "
        "ОСНОВА+настройка=значение+настройка=значение, например default+threshold=none или "
        "osel+target=125+general=true (`kozel-stats variants show default --all` перечисляет настройки).",
    ),
    "compare.games": (
        "Games per variant (default 100,000; the start, with --precision; with --resume, the new target).",
        "Партий на вариант (по умолчанию 100\u00a0000; с --precision — для начала; с --resume — новая цель).",
    ),
    "compare.expert_games": (
        "With --levels naming expert: the expert level's games (default: --games).",
        "При --levels с expert: число партий уровня «знаток» (по умолчанию --games).",
    ),
    "compare.levels": (
        "Run the comparison once per level (e.g. beginner,player,expert; the same deals) and say of every "
        "verdict whether it holds at every level.",
        "Сыграть сравнение на каждом уровне (например, beginner,player,expert; на тех же раздачах) и сказать про "
        "каждый вывод, держится ли он на всех уровнях.",
    ),
    "compare.baseline": (
        "Variant to compare against (default: default).",
        "Вариант, с которым сравнивать (по умолчанию — default).",
    ),
    "compare.precision": (
        "Add games until every headline interval is this narrow (rates: absolute, 0.005 = ±0.5 pp; others: "
        "relative to the value), up to --max-games.",
        "Добавлять партии, пока каждый главный интервал не станет таким узким (доли — абсолютно, 0.005 = ±0,5 п.п.; "
        "остальное — относительно значения), не больше --max-games.",
    ),
    "compare.max_games": (
        "With --precision: the most games per variant (default 10,000,000).",
        "С --precision: больше всего партий на вариант (по умолчанию 10\u00a0000\u00a0000).",
    ),
    "compare.margin": (
        "Also say whether each difference is within ±MARGIN of the baseline value (0.05 = 5%), by two "
        "one-sided tests: 'the same within ±5%'.",
        "Ещё сказать, лежит ли каждая разница в пределах ±MARGIN от значения основного варианта (0.05 = 5 %), "
        "двумя односторонними тестами: «то же в пределах ±5 %».",
    ),
    "compare.out": (
        "Write the results folder here (stats.json, summary.json, tables; docs/results.md). An existing run is "
        "never overwritten.",
        "Записать сюда папку результатов (stats.json, summary.json, таблицы; docs/results.md). Уже записанный "
        "прогон никогда не затирается.",
    ),
    "compare.resume": (
        "Continue the interrupted run saved in this folder (the result is the same as an uninterrupted run).",
        "Продолжить прерванный прогон из этой папки (результат тот же, что без перерыва).",
    ),
    "compare.games_table": (
        "With --out: also write one row per game (games/*.parquet).",
        "С --out: ещё и строку на каждую партию (games/*.parquet).",
    ),
    "compare.deals": (
        "With --out: also write one row per deal (deals/*.parquet; large).",
        "С --out: ещё и строку на каждую сдачу (deals/*.parquet; большие).",
    ),
    "compare.details": (
        "Per-variant tables (default: <= 3 variants).",
        "Таблицы по каждому варианту (по умолчанию — когда вариантов не больше 3).",
    ),
    "compare.batch_size": (
        "Games per unit of work (default: games / (4 x workers), between 1,000 and 50,000; with the expert or "
        "the sampler, from 1 game: they search every move).",
        "Партий в одной порции работы (по умолчанию партии / (4 × процессы), от 1000 до 50\u00a0000; со знатоком или "
        "sampler — от 1 партии: они просчитывают каждый ход).",
    ),
    "compare.card": (
        "Also write the headline of every variant as a card to paste into a chat: FILE.txt (text) or FILE.png "
        "(a picture, drawn by Chromium).",
        "Ещё записать главное о каждом варианте карточкой для чата: FILE.txt (текст) или FILE.png (картинка, "
        "рисует Chromium).",
    ),
    "compare.bots_matrix": (
        "Run the comparison once per bot (e.g. random,heavy,counter) and say which verdicts survive.",
        "Сыграть сравнение с каждым ботом (например, random,heavy,counter) и сказать, какие выводы держатся.",
    ),
    "compare.skill": (
        "Skill or luck, e.g. counter/random: per variant, the share of games the STRONG side wins against the "
        "WEAK one in duplicate play (the same deals, sides swapped), how often the same side loses both times "
        "when the --bots play every game twice from the same deals (the deal decides), and the leader's "
        "advantage; every game is played three more times.",
        "Везение или мастерство, например counter/random: для каждого варианта — доля партий, которые сильная "
        "пара (STRONG) выигрывает у слабой (WEAK) дублем (те же раздачи, пары переставлены), как часто одна и та "
        "же пара проигрывает оба раза, когда боты --bots играют каждую партию дважды с тех же раздач (решает "
        "раздача), и преимущество заходящего; каждая партия играется ещё три раза.",
    ),
    # sweep
    "sweep.base": (
        "The base variant: a name (or its title), a .yaml file, or BASE+knob=value (default+target=125).",
        "Основной вариант: имя (или название), файл .yaml или ОСНОВА+настройка=значение (default+target=125).",
    ),
    "sweep.vary": (
        "A knob and its values, e.g. --vary threshold=once,every-deal,none (repeat for more knobs). Every "
        "combination is a cell.",
        "Настройка и её значения, например --vary threshold=once,every-deal,none (повторите для других "
        "настроек). Каждое сочетание — клетка.",
    ),
    "sweep.games": ("Games per cell (default 20,000).", "Партий на клетку (по умолчанию 20\u00a0000)."),
    "sweep.levels": (
        "Play the sweep at each of these levels on the same deals (e.g. beginner,player,expert) and say whether "
        "each rule's effect holds at every level; --out and --report keep the player level's sweep in full with "
        "every level's effects.",
        "Сыграть перебор на каждом из этих уровней на тех же раздачах (например, beginner,player,expert) и "
        "сказать, держится ли влияние каждого правила на всех уровнях; --out и --report сохраняют перебор уровня "
        "player целиком и влияния на каждом уровне.",
    ),
    "sweep.cells": (
        "Play only N cells of a large grid: the reference cell and a seeded random subset.",
        "Сыграть только N клеток большой сетки: опорную и случайную (по зерну) выборку остальных.",
    ),
    "sweep.metrics": (
        "The metrics whose effects are estimated, comma-separated (default: the four headline metrics).",
        "Показатели, влияние на которые оценивать, через запятую (по умолчанию — четыре главных).",
    ),
    "sweep.margin": (
        "Also say whether each main effect is within ±MARGIN of the reference value.",
        "Ещё сказать, лежит ли каждое главное влияние в пределах ±MARGIN от опорного значения.",
    ),
    "sweep.out": (
        "Write the results folder here (stats.json, summary.json, effects.parquet, cells.parquet). An existing "
        "run is never overwritten.",
        "Записать сюда папку результатов (stats.json, summary.json, effects.parquet, cells.parquet). Уже "
        "записанный прогон никогда не затирается.",
    ),
    "sweep.resume": (
        "Continue the interrupted sweep saved in this folder.",
        "Продолжить прерванный перебор из этой папки.",
    ),
    "sweep.batch_size": ("Games per unit of work.", "Партий в одной порции работы."),
    # duel
    "duel.bot_a": (
        "The bot of side A (a bot, or a level of play: beginner, player, expert, or their Russian names).",
        "Бот пары A (бот или уровень игры: beginner, player, expert, новичок, игрок, знаток).",
    ),
    "duel.bot_b": ("The bot of side B (as side A's).", "Бот пары B (как у пары A)."),
    "duel.variant": ("Rules to play (a name or a .yaml file).", "Правила игры (имя или файл .yaml)."),
    "duel.games": (
        "Deal sequences (2 to 100,000,000); each is played twice, seats swapped.",
        "Серий сдач (от 2 до 100\u00a0000\u00a0000); каждая играется дважды, с обменом мест.",
    ),
    "duel.seed": ("Run seed.", "Зерно случайности прогона."),
    # summarize, report
    "summarize.details": ("Per-variant tables.", "Таблицы по каждому варианту."),
    "summarize.margin": ("Equivalence margin, as in compare.", "Допуск равенства, как у compare."),
    "report.output": ("The HTML file to write.", "Файл HTML, который записать."),
    "report.force": ("Replace an existing file.", "Заменить уже существующий файл."),
    # atlas
    "atlas.out": (
        "The folder of the site (its results folders go into OUT/data/).",
        "Папка сайта (его папки результатов — в OUT/data/).",
    ),
    "atlas.games": (
        "Games per question and level of play (default 20,000, or the site's own).",
        "Партий на вопрос и уровень игры (по умолчанию 20\u00a0000 или сколько было у сайта).",
    ),
    "atlas.expert_games": (
        "Games per question at the expert level where it evaluates by its learned value: four players in pairs "
        "on a chain (default 2000).",
        "Партий на вопрос на уровне знатока там, где он оценивает позицию выученной оценкой: четверо парами, "
        "цепочка (по умолчанию 2000).",
    ),
    "atlas.slow_expert_games": (
        "Games per question at the expert level where it plays every searched position out, four to forty times "
        "slower: Осёл, Генерал, каждый сам за себя, a bazaar (default 500).",
        "Партий на вопрос на уровне знатока там, где он доигрывает каждую позицию поиска, в 4–40 раз медленнее: "
        "Осёл, Генерал, каждый сам за себя, базар (по умолчанию 500).",
    ),
    "atlas.levels": (
        "Levels of play: beginner (random), player (counter), expert (default: all three, or the site's own).",
        "Уровни игры: beginner (random), player (counter), expert (по умолчанию все три или те, что у сайта).",
    ),
    "atlas.lang": (
        "The site's languages, the first at its root: ru,en (default, or the site's own).",
        "Языки сайта, первый — в его корне: ru,en (по умолчанию или как у сайта).",
    ),
    "atlas.resume": (
        "Continue a site: play only what is missing or unfinished.",
        "Продолжить сайт: сыграть только то, чего нет или что не доиграно.",
    ),
    "atlas.render_only": (
        "Rebuild the pages from OUT/data/, play nothing.",
        "Пересобрать страницы из OUT/data/, ничего не играя.",
    ),
    "atlas.only": (
        "Only these questions (variant names, comma-separated).",
        "Только эти вопросы (имена вариантов через запятую).",
    ),
    "atlas.extras": (
        "Also the skill-or-luck table and the sweep of the section-13 knobs (default: yes, or the site's own).",
        "Ещё таблица «везение или мастерство» и перебор настроек раздела 13 (по умолчанию да или как у сайта).",
    ),
    "atlas.site_url": (
        "Where the site will be published (https://…/): absolute og:url and og:image links.",
        "Где сайт будет опубликован (https://…/): полные адреса страниц и картинок для превью ссылок в чатах.",
    ),
    "atlas.cards": (
        "Draw each question's chat card as a picture (default: yes, or the site's own).",
        "Нарисовать карточку каждого вопроса для чата картинкой (по умолчанию да или как у сайта).",
    ),
    "atlas.seed": (
        "Run seed of every comparison (default 1, or the site's own).",
        "Зерно случайности каждого сравнения (по умолчанию 1 или как у сайта).",
    ),
    "atlas.cluster": (
        "Play on a Dask LocalCluster of N worker processes started once for the build: local:N.",
        "Играть на Dask LocalCluster из N рабочих процессов, запущенном один раз на всю сборку: local:N.",
    ),
    # variants
    "variants.show.name": (
        "A shipped variant name (or its title), BASE+knob=value, or a path to a .yaml file.",
        "Имя варианта из пакета (или его название), ОСНОВА+настройка=значение или путь к файлу .yaml.",
    ),
    "variants.show.show_all": (
        "Print every knob (default: what differs from the default game, then a count of the rest).",
        "Напечатать все настройки (по умолчанию — чем вариант отличается от правил по умолчанию и сколько остальных).",
    ),
    # the root's own
    "app.install_completion": (
        "Install completion for the current shell (variant names and knobs too).",
        "Установить дополнение по Tab для этой оболочки (и имён вариантов, и настроек).",
    ),
    "app.show_completion": (
        "Show completion for the current shell, to copy it or customize the installation.",
        "Показать дополнение по Tab для этой оболочки, чтобы скопировать его или установить по-своему.",
    ),
}

messages.add({f"help.cmd.{key}": pair for key, pair in COMMANDS.items()})
messages.add({f"help.opt.{key}": pair for key, pair in OPTIONS.items()})

#: what click itself prints around the help, in Russian
CLICK_RU = {
    "Usage:": "Использование:",
    "Options:": "Параметры:",
    "Arguments:": "Аргументы:",
    "Commands:": "Команды:",
    "Show this message and exit.": "Показать эту справку и выйти.",
    "[OPTIONS]": "[ПАРАМЕТРЫ]",  # the usage line's words
    "COMMAND [ARGS]...": "КОМАНДА [АРГУМЕНТЫ]...",
}
#: click's "[default: …]" (a regex replacement: \1 is the value) and "[required]", in Russian
DEFAULT_RU = r"[по умолчанию: \1]"
REQUIRED_RU = "[обязательно]"
#: the options' metavars (<int>, <path>, …) in Russian
METAVAR_RU = {"str": "текст", "int": "целое", "float": "число", "path": "путь", "list": "список"}


def H(key: str, **fields: Any) -> str:
    """The English help of option `key` (PATH.PARAM or PARAM): what a decorator writes; `localize` says it in
    the user's language."""
    return messages.text(f"help.opt.{key}", "en", **fields)


def option_key(path: str, name: str) -> str | None:
    """The table's key of option `name` of command `path`: its own, else the one every command shares."""
    for key in (f"help.opt.{path}.{name}", f"help.opt.{name}"):
        if key in messages.MESSAGES:
            return key
    return None


def localize(command: Any, lang: str, path: str = "app", **fields: Any) -> None:
    """Write the help of `command` and of everything under it in `lang` (a click command or group)."""
    key = f"help.cmd.{path}"
    if key in messages.MESSAGES:
        command.help = messages.text(key, lang)
    for param in command.params:
        found = option_key(path, param.name or "")
        if found is not None:
            param.help = messages.text(found, lang, **fields)
    for name, sub in (getattr(command, "commands", None) or {}).items():
        localize(sub, lang, name if path == "app" else f"{path}.{name}", **fields)
