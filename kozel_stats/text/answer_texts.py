"""What the answers say, English and Russian: the errors of compare, duel and sweep (their options, their
results folders, their runs), and the notes of an analysis that summary.json keeps by key (notes.*,
sweep.note.*: present/words.py renders them).

Keys ``options.*`` (the options compare, sweep and the command line check alike), ``compare.*``, ``duel.*``,
``sweep.*``, ``notes.*``; answers/compare.py, duel.py and sweep.py (and cli/commands.py, present/words.py) import
this module, which declares the sentences at import (a keyed error renders when it is raised or shown).
"""

from __future__ import annotations

from . import messages

# --- the options compare, sweep and the command line check alike -------------------------------------------------
messages.add(
    {
        "options.lang_ru_en": (
            "--lang must be ru or en, not {req_lang!r}.",
            "--lang — это ru или en, а не {req_lang!r}.",
        ),
        "options.seed_fit_bits": (
            "--seed must fit in 64 bits, not {seed}.",
            "--seed должно помещаться в 64 бита, а не {seed}.",
        ),
        "options.workers": (
            "--workers must be from 1 to 4096, not {req_workers}.",
            "--workers должно быть от 1 до 4096, а не {req_workers:count}.",
        ),
        "options.resume_dir_writes_into": (
            "--resume DIR writes into DIR: --out is not needed.",
            "--resume ПАПКА пишет в эту папку: --out не нужен.",
        ),
    }
)


# --- answers/compare.py -----------------------------------------------------------------------------------------------
messages.add(
    {
        "compare.expert_games_without_expert": (
            "--expert-games sets the expert level's games of --levels: name expert in --levels.",
            "--expert-games задаёт число партий уровня «знаток» в --levels: назовите expert в --levels.",
        ),
        "compare.expert_games_range": (
            "--expert-games must be from 1 to 100,000,000, not {n:count}.",
            "--expert-games — от 1 до 100 000 000, а не {n:count}.",
        ),
    }
)


messages.add(
    {
        "compare.levels_kept": (
            "interrupted ({stopped}) after {n:count} games per variant of the lead level; they are saved in {out} "
            "(continue with --resume {out}: the other levels are played again, the same games).",
            "прервано ({stopped}) после {n:count} {n:plural:партии|партий|партий} на вариант ведущего уровня; они "
            "сохранены в {out} (продолжить: --resume {out}; другие уровни сыграются заново, те же партии).",
        ),
        "compare.matrix_resume": (
            "--resume {out}: holds a --bots-matrix run, which --resume does not continue (its matrix would be "
            "lost); nothing was played and nothing was changed. Play it again with more --games into a new folder.",
            "--resume {out}: здесь прогон --bots-matrix, который --resume не продолжает (его матрица пропала бы); "
            "ничего не сыграно и не изменено. Сыграйте его заново с большим --games в новую папку.",
        ),
    }
)


messages.add(
    {
        "compare.baseline_among_compared_variants": (
            "--baseline {baseline!r} is not among the compared variants ({join_unique}).",
            "--baseline {baseline!r} нет среди вариантов ({join_unique}).",
        ),
        "compare.two_different_variants_both": (
            "two different variants are both named {v_name!r} ({seen_path} and {v_path}).",
            "два разных варианта названы одинаково, {v_name!r} ({seen_path} и {v_path}).",
        ),
        "compare.games_least": (
            "--games must be at least 1, not {games}.",
            "--games должно быть не меньше 1, а не {games}.",
        ),
        "compare.games_more_any_machine": (
            "--games {games:,} is more than any machine could play; at most {MAX_GAMES:,}.",
            "--games {games:count} — больше, чем сыграет любая машина; самое большее {MAX_GAMES:count}.",
        ),
        "compare.max_games_games": (
            "--max-games must be from --games ({games:,}) to {MAX_GAMES:,}, not {max_games:,}.",
            "--max-games должно быть от --games ({games:count}) до {MAX_GAMES:count}, а не {max_games:count}.",
        ),
        "compare.batch_size_games": (
            "--batch-size must be from 100 to 1,000,000 games, not {batch_size:,}.",
            "--batch-size — от 100 до 1 000 000 партий, а не {batch_size:count}.",
        ),
        "compare.level_bots_both_level": (
            "give --level {level_name} or --bots {bots}, not both: a level is every seat playing one "
            "bot ({levels}); --bots is for any other mix.",
            "нужно что-то одно: --level {level_name} или --bots {bots}. Уровень — это один бот на всех "
            "местах ({levels}); --bots — для любого другого набора ботов.",
        ),
        "compare.levels_plays_every_level": (
            "--levels plays every level it names: drop --level / --bots.",
            "--levels играет на каждом названном уровне: уберите --level / --bots.",
        ),
        "compare.levels_name_least_two": (
            "--levels {levels_spec}: name at least two levels, e.g. beginner,player,expert.",
            "--levels {levels_spec}: нужны хотя бы два уровня, например beginner,player,{levels_spec}.",
        ),
        "compare.levels_bots_matrix_own": (
            "--levels is a bots matrix of its own: run it without --bots-matrix and --skill.",
            "--levels — это уже матрица ботов: запускайте без --bots-matrix и --skill.",
        ),
        "compare.resume_dir_continues_run": (
            "--resume DIR continues the run with the bots it was planned with: drop --bots / --level / --levels.",
            "--resume ПАПКА продолжает прогон с теми ботами, с которыми он начат: уберите --bots / --level / --levels.",
        ),
        "compare.skill_plays_own_strong": (
            "--skill plays its own STRONG and WEAK bots; run it without --bots-matrix.",
            "--skill играет своими ботами, сильным и слабым; запускайте его без --bots-matrix.",
        ),
        "compare.resume_dir_continues_run_2": (
            "--resume DIR continues the run as it was planned (with or without --skill): drop --skill.",
            "--resume ПАПКА продолжает прогон таким, каким он был задуман (с --skill или без): уберите --skill.",
        ),
        "compare.max_games_only_applies": (
            "--max-games only applies with --precision.",
            "--max-games работает только вместе с --precision.",
        ),
        "compare.precision": (
            "--precision must be from 0.000001 to 1, not {req_precision}.",
            "--precision должно быть от 0.000001 до 1, а не {req_precision:count}.",
        ),
        "compare.margin_share_baseline_value": (
            "--margin is a share of the baseline value, from 0 (excluded) to 1, not {req_margin}.",
            "--margin — доля от опорного значения, больше 0 и не больше 1, а не {req_margin}.",
        ),
        "compare.csv_deals_games_table": (
            "--csv, --deals and --games-table write into the --out folder; give --out DIR.",
            "--csv, --deals и --games-table пишут в папку --out; укажите --out ПАПКА.",
        ),
        "compare.bots_matrix_runs_machine": (
            "--bots-matrix runs on this machine only; drop --scheduler / --cluster.",
            "--bots-matrix работает только на этой машине; уберите --scheduler / --cluster.",
        ),
        "compare.resume_dir_continues_run_3": (
            "--resume DIR continues the run saved in DIR: give no variants with it.",
            "--resume ПАПКА продолжает прогон из этой папки: больше ничего (вариантов, --vary) не указывают.",
        ),
        "compare.resume_does_continue_bots": (
            "--resume does not continue a --bots-matrix run.",
            "--resume не продолжает прогон с --bots-matrix.",
        ),
        "compare.resume_holds_sweep_continue": (
            "--resume {req_resume}: holds a sweep; continue it with `kozel-stats sweep --resume`.",
            "--resume {req_resume}: здесь перебор правил; продолжайте его командой `kozel-stats sweep --resume`.",
        ),
        "compare.resume_run_complete_games": (
            "--resume {req_resume}: that run is complete ({loaded_stats_games:,} games per variant); "
            "ask for more with --games.",
            "--resume {req_resume}: этот прогон закончен (партий на вариант: "
            "{loaded_stats_games:count}); больше партий — с --games.",
        ),
        "compare.games_fewer_games_already": (
            "--games {games:,} is fewer than the {loaded_stats_games:,} games already played.",
            "--games {games:count} — меньше, чем уже сыграно ({loaded_stats_games:count}).",
        ),
        "compare.variants_compare_names_yaml": (
            "give the variants to compare (names, .yaml files or folders), or --resume DIR.",
            "назовите варианты для сравнения (имена, файлы .yaml или папки) или --resume ПАПКА.",
        ),
        "compare.levels_runs_machine_only": (
            "--levels runs on this machine only; drop --scheduler / --cluster.",
            "--levels работает только на этой машине; уберите --scheduler / --cluster.",
        ),
        "compare.bots_matrix_needs_least": (
            "--bots-matrix needs at least two bots, e.g. random,heavy,counter.",
            "--bots-matrix — это хотя бы два бота, например random,heavy,counter.",
        ),
        "compare.card_txt_text_png": (
            "--card {req_card}: give a .txt (text) or a .png (picture) file.",
            "--card {req_card}: нужен файл .txt (текст) или .png (картинка).",
        ),
        "compare.card_png_card_drawn": (
            "--card {req_card}: a PNG card is drawn by Chromium, which is not installed (apt-get "
            "install chromium); give a .txt card.",
            "--card {req_card}: картинку PNG рисует Chromium, а он не установлен (`apt-get install "
            "chromium`); возьмите карточку .txt.",
        ),
        "compare.resume_part_tool_writes": (
            "--resume {folder}: {part} is not a part this tool writes (part-GAME-VARIANT).",
            "--resume {folder}: {part} — не файл, который пишет эта программа (`part-GAME-VARIANT`).",
        ),
        "compare.resume_damaged_nothing_was": (
            "--resume {folder}: {part} is damaged ({error_type}: {reason}); nothing was played and "
            "nothing was changed. The run cannot be continued with its games table whole: play it "
            "again into a new folder.",
            "--resume {folder}: {part} повреждён ({error_type}: {reason}); ничего не сыграно и не "
            "изменено. Продолжить прогон с целой таблицей партий нельзя: сыграйте его заново в новую "
            "папку.",
        ),
    }
)


#: the notes of an analysis (summary.json "notes"), kept by key (messages.stored); words.notes renders them, a
#: variant's name as its title in Russian (words.NOTE_VARIANTS)
messages.add(
    {
        "notes.different_games": (
            "{arm} ({arm_players} players) and {base} ({base_players} players) are different games: shares of "
            "games and of deals compare, but who loses does not (its chance differs), so that is not tested.",
            "«{arm}» ({arm_players} игрока) и «{base}» ({base_players} игрока) — разные игры: доли партий и сдач "
            "сравнимы, а кто проигрывает — нет (шанс разный), это не проверяется.",
        ),
        # several variants with another number of players than the baseline: one sentence (words.notes)
        "notes.different_games_merged": (
            "A different number of players than «{base}» ({players}): {names}. These are different games: shares "
            "of games and of deals compare, but who loses does not (its chance differs), so that is not tested.",
            "Другое число игроков, чем у варианта «{base}» ({players}): {names}. Это разные игры: доли партий и "
            "сдач сравнимы, а кто проигрывает — нет (шанс разный), это не проверяется.",
        ),
        "notes.unpaired": (
            "{arm} and {base} did not play the same games: their comparison is unpaired (independent samples), "
            "and much less sharp.",
            "«{arm}» и «{base}» играли не одни и те же раздачи: сравнение без пар (независимые выборки), гораздо "
            "менее точное.",
        ),
        "notes.folder_unpaired": (
            "the variants of this folder did not play the same games: every comparison is unpaired (independent "
            "samples).",
            "варианты этой папки играли не одни и те же раздачи: каждое сравнение — без пар (независимые выборки).",
        ),
        # an older summary.json's English note said in Russian (words._LEGACY_NOTES): no folder in it
        "notes.legacy_paired_with_first_only": (
            "the folder holds the paired sums against {first} only: the comparisons with {chosen} are unpaired "
            "(independent samples), much less sharp.",
            "в папке только парные суммы против варианта «{first}»: сравнения с вариантом «{chosen}» — без пар "
            "(независимые выборки), гораздо менее точные.",
        ),
        "notes.paired_with_first_only": (
            "{folder} holds the paired sums against {first} only: the comparisons with {chosen} are unpaired "
            "(independent samples), much less sharp.",
            "в {folder} только парные суммы против варианта «{first}»: сравнения с вариантом «{chosen}» — без пар "
            "(независимые выборки), гораздо менее точные.",
        ),
    }
)


# --- answers/duel.py --------------------------------------------------------------------------------------------------
messages.add(
    {
        "duel.games_least": (
            "--games must be at least 2, not {games}.",
            "--games должно быть не меньше 2, а не {games}.",
        ),
        "duel.duel_plays_pair_games": (
            "duel plays pair games; {variant_name} is каждый сам за себя.",
            "`duel` играет только в парной игре, а {variant_name} — «каждый сам за себя».",
        ),
    }
)


# --- answers/sweep.py -------------------------------------------------------------------------------------------------
messages.add(
    {
        "sweep.least_vary_knob_value": (
            "give at least one --vary knob=value,value (e.g. --vary threshold=once,none).",
            "нужна хотя бы одна --vary настройка=значение,значение (например, --vary threshold=once,none).",
        ),
        "sweep.vary_write_knob_value": (
            "--vary {text!r}: write knob=value,value,... with a knob from: {join_knob_by_name}.",
            "--vary {text!r}: пишите настройка=значение,значение,… с настройкой из: {join_knob_by_name}.",
        ),
        "sweep.vary_knob_varied_twice": (
            "--vary {text!r}: the knob {key!r} is varied twice; give all its values in one --vary.",
            "--vary {text!r}: настройка {key!r} меняется дважды; дайте все её значения в одной --vary.",
        ),
        "sweep.vary_least_two_different": (
            "--vary {text!r}: give at least two different values of {key!r}.",
            "--vary {text!r}: нужны хотя бы два разных значения {key!r}.",
        ),
        "sweep.vary_empty_value_two": (
            "--vary {excerpt_text!r}: an empty value (two commas, or a comma at an end); give the "
            "values of {key!r} separated by single commas.",
            "--vary {excerpt_text!r}: пустое значение (две запятые подряд или запятая в конце); дайте "
            "значения {key!r} через одну запятую.",
        ),
        "sweep.vary_value_given_twice": (
            "--vary {excerpt_text!r}: the value {format_knob_value_value!r} of {key!r} is given twice; "
            "give each value once.",
            "--vary {excerpt_text!r}: значение {format_knob_value_value!r} у {key!r} указано дважды; "
            "каждое значение — один раз.",
        ),
        "sweep.grid_cells_more_vary": (
            "the grid has {total:,} cells, more than {MAX_GRID:,}; vary fewer knobs or values.",
            "в сетке клеток: {total:count} — больше {MAX_GRID:count}; меняйте меньше настроек или значений.",
        ),
        "sweep.cells_least": (
            "--cells must be at least 2, not {cells}.",
            "--cells должно быть не меньше 2, а не {cells}.",
        ),
        "sweep.note.sampled": (
            "{played} of the grid's {total} cells were played (a seeded random subset); the effects are the "
            "least-squares fit of the knobs' terms to the cells played.",
            "сыграно {played} из {total} клеток сетки (случайная выборка с заданным зерном); эффекты — подгонка "
            "членов настроек к сыгранным клеткам методом наименьших квадратов.",
        ),
        "sweep.note.skipped": (
            "{n} combinations cannot be played and were skipped: {cells}",
            "{n} {n:plural:сочетание нельзя сыграть, оно пропущено|сочетания нельзя сыграть, они пропущены|"
            "сочетаний нельзя сыграть, они пропущены}: {cells}",
        ),
        "sweep.note.no_effects": ("no effects for {why}.", "эффектов нет: {why}."),
        "sweep.note.no_data": (
            "no effects for {metric}: some cell has no data for it.",
            "эффектов для {metric} нет: в какой-то клетке для него нет данных.",
        ),
        "sweep.why.not_everywhere": ("{metric} does not apply in every cell", "{metric} применим не во всех клетках"),
        "sweep.why.sides": (
            "first_lead_loss_rate: the cells have different numbers of sides (its chance differs)",
            "first_lead_loss_rate: в клетках разное число сторон (шанс разный)",
        ),
        "sweep.one_cell": (
            "only one cell of the grid can be played: there is nothing to compare.",
            "сыграть можно только одну клетку сетки: сравнивать нечего.",
        ),
        "sweep.one_cell_others": (
            "only one cell of the grid can be played: there is nothing to compare. The others cannot be played: {why}",
            "сыграть можно только одну клетку сетки: сравнивать нечего. Остальные сыграть нельзя: {why}",
        ),
        "sweep.reference_cell_cannot_played": (
            "the reference cell {name} cannot be played: {why}",
            "опорную клетку {name} сыграть нельзя: {why}",
        ),
        "sweep.grid_playable_cells_more": (
            "the grid has {n_valid:,} playable cells, more than {MAX_CELLS} in one sweep; play a "
            "random subset with --cells {MAX_CELLS} (or fewer).",
            "в сетке клеток, которые можно сыграть: {n_valid:count} — больше {MAX_CELLS} за один "
            "перебор; сыграйте случайную часть с --cells {MAX_CELLS} (или меньше).",
        ),
        "sweep.these_statistics_hold_gram": (
            "these statistics hold no Gram matrix (they are not a sweep's)",
            "в этой статистике нет матрицы Грама (это не перебор)",
        ),
        "sweep.metrics_unknown_metric_known": (
            "--metrics: unknown metric {name!r}; known: {join_metric_by_name}.",
            "--metrics: показателя {name!r} нет; есть: {join_metric_by_name}.",
        ),
        "sweep.cells_columns_metrics_more": (
            "{n_arms} cells × {n_columns} columns of the metrics is more than the sweep's statistics "
            "hold ({MAX_GRAM_SIZE}); play fewer cells (--cells) or fewer --metrics.",
            "клетки × столбцы показателей ({n_arms} × {n_columns}) — больше, чем вмещает статистика "
            "перебора ({MAX_GRAM_SIZE}); сыграйте меньше клеток (--cells) или возьмите меньше "
            "--metrics.",
        ),
        "sweep.resume_dir_continues_sweep": (
            "--resume DIR continues the sweep with the bots it was planned with: drop --bots / --level / --levels.",
            "--resume ПАПКА продолжает прогон с теми ботами, с которыми он начат: уберите --bots / --level / --levels.",
        ),
        "sweep.margin_share_reference_value": (
            "--margin is a share of the reference value, from 0 (excluded) to 1, not {req_margin}.",
            "--margin — доля от опорного значения, больше 0 и не больше 1, а не {req_margin}.",
        ),
        "sweep.csv_writes_into_folder": (
            "--csv writes into the --out folder; give --out DIR.",
            "--csv пишет в папку --out; укажите --out ПАПКА.",
        ),
        "sweep.resume_dir_continues_sweep_2": (
            "--resume DIR continues the sweep saved in DIR: give no base, --vary, --cells or --metrics.",
            "--resume ПАПКА продолжает перебор из этой папки: основной вариант, --vary, --cells и "
            "--metrics не указывают.",
        ),
        "sweep.resume_sweep_complete_games": (
            "--resume {req_resume}: that sweep is complete ({saved_stats_games:,} games per cell); ask "
            "for more with --games.",
            "--resume {req_resume}: этот перебор закончен (партий на клетку: "
            "{saved_stats_games:count}); больше партий — с --games.",
        ),
        "sweep.games_fewer_games_already": (
            "--games {games:,} is fewer than the {saved_stats_games:,} games already played.",
            "--games {games:count} — меньше, чем уже сыграно ({saved_stats_games:count}).",
        ),
        "sweep.base_variant_name_yaml": (
            "give the base variant (a name or a .yaml file) and --vary knob=value,value.",
            "назовите основной вариант (имя или файл .yaml) и --vary настройка=значение,значение.",
        ),
        "sweep.holds_comparison_sweep_use": (
            "{folder}: holds a comparison, not a sweep; use `compare --resume` or `report`.",
            "{folder}: здесь сравнение, а не перебор; используйте `compare --resume` или `report`.",
        ),
        "sweep.sweep_gram_matrix_missing": (
            "{where}: the sweep's Gram matrix is missing or does not match its cells and metrics.",
            "{where}: матрицы Грама перебора нет, или она не соответствует его клеткам и показателям.",
        ),
        "sweep.cells_do_match_arms": (
            "the cells do not match the arms",
            "клетки не соответствуют вариантам",
        ),
        "sweep.sweep_plan_damaged": (
            "{where}: the sweep's plan is damaged ({error_type}: {reason}).",
            "{where}: план перебора повреждён ({error_type}: {reason}).",
        ),
        "sweep.factor_damaged": (
            "factor {f_knob!r} is damaged",
            "фактор {f_knob!r} повреждён",
        ),
    }
)
