"""What the results folders say, English and Russian: the errors of a folder, its lock, its files and their
schema (results/folders.py, results/schema.py).

Both modules import this one, which declares the sentences at import.
"""

from __future__ import annotations

from . import messages

# --- results/folders.py -----------------------------------------------------------------------------------------------
messages.add(
    {
        "results.no_checkpoint_yet": (
            "{folder}: the run writing there ({owner}) has not saved its first checkpoint yet (one every 10 s); "
            "read it again in a moment.",
            "{folder}: прогон, который туда пишет ({owner}), ещё не сохранил первую контрольную точку (она — "
            "каждые 10 с); прочитайте папку чуть позже.",
        ),
        "results.before_checkpoint": (
            "{folder}: the run there was stopped before its first checkpoint (no stats.json yet): it kept no "
            "games, so there is nothing to continue or read. Play it again into that folder with --out {folder} "
            "--force (only the run's files are removed).",
            "{folder}: прогон там остановлен до первой контрольной точки (stats.json ещё нет): партий не "
            "сохранено, продолжать и читать нечего. Сыграйте его заново в эту папку с --out {folder} --force "
            "(удаляются только файлы прогона).",
        ),
    }
)


messages.add(
    {
        "results.lock_file_keeps_changing": (
            "{option} {folder}: its lock file {path} keeps changing; is another run starting there?",
            "{option} {folder}: его файл блокировки {path} всё время меняется; не запускается ли там другой прогон?",
        ),
        "results.cannot_create_lock_file": (
            "{option} {folder}: cannot create its lock file {path} ({reason}).",
            "{option} {folder}: не удаётся создать файл блокировки {path} ({reason}).",
        ),
        "results.another_run_writing_into": (
            "{option} {folder}: another kozel-stats run is writing into this folder "
            "({owner}); nothing was played and nothing was changed. Wait until it ends, or "
            "choose another folder.",
            "{option} {folder}: в эту папку пишет другой прогон kozel-stats ({owner}); "
            "ничего не сыграно и не изменено. Дождитесь его конца или выберите другую папку.",
        ),
        "results.another_run_writing_into_2": (
            "{option} {folder}: another kozel-stats run is writing into this folder "
            "({owner}); nothing was played and nothing was changed. Wait until it ends, or, "
            "if that run is gone, remove {path}.",
            "{option} {folder}: в эту папку пишет другой прогон kozel-stats ({owner}); "
            "ничего не сыграно и не изменено. Дождитесь его конца или, если того прогона уже нет, "
            "удалите {path}.",
        ),
        "results.force_replaces_results_folder": (
            "--out {folder}: --force replaces a kozel-stats results folder, but {join_found} there "
            "were not written by kozel-stats (or are damaged); nothing was removed. Choose another "
            "folder, or remove them yourself.",
            "--out {folder}: --force заменяет папку результатов kozel-stats, но {join_found} там "
            "записала не kozel-stats (или они повреждены); ничего не удалено. Выберите другую папку "
            "или удалите их сами.",
        ),
        "results.force_only_removes_files": (
            "--out {folder}: {folder_name} is {kind}; --force only removes the files a run wrote. Nothing was removed.",
            "--out {folder}: {folder_name} — {kind}; --force удаляет только файлы, записанные "
            "прогоном. Ничего не удалено.",
        ),
        "results.file_folder": (
            "--out {folder}: is a file, not a folder.",
            "--out {folder}: это файл, а не папка.",
        ),
        "results.cannot_write": (
            "--out {folder}: cannot write there ({reason}).",
            "--out {folder}: туда нельзя писать ({reason}).",
        ),
        "results.folder_already_holds_run": (
            "--out {folder}: the folder already holds a run's results; nothing was played and nothing "
            "was changed. Choose another folder, continue that run with --resume, or replace it with "
            "--force.",
            "--out {folder}: в папке уже лежат результаты прогона; ничего не сыграно и не изменено. "
            "Выберите другую папку, продолжите тот прогон с --resume или замените его с --force.",
        ),
        "results.folder_file_name": (
            "{option} {path}: is a folder; give a file name.",
            "{option} {path}: это папка; нужно имя файла.",
        ),
        "results.file_results_folder_report": (
            "{option} {path}: is a file of the results folder {inside}; a report, a card or a record "
            "never replaces a run's results (not even with --force). Give a name outside its run files.",
            "{option} {path}: это файл папки результатов {inside}; отчёт, карточка или запись партий "
            "никогда не заменяют результаты прогона (даже с --force). Дайте имя вне его файлов.",
        ),
        "results.file_exists_nothing_was": (
            "{option} {path}: the file exists; nothing was done. Give another name or add --force.",
            "{option} {path}: такой файл уже есть; ничего не сделано. Дайте другое имя или добавьте --force.",
        ),
        "results.folder_does_exist": (
            "{option} {path}: the folder {parent} does not exist.",
            "{option} {path}: папки {parent} нет.",
        ),
        "results.cannot_write_2": (
            "{option} {path}: cannot write in {parent}.",
            "{option} {path}: в {parent} нельзя писать.",
        ),
        "results.force_only_replaces_regular": (
            "{option} {path}: is {kind}; --force only replaces a regular file. Nothing was done; give another name.",
            "{option} {path}: это {kind}; --force заменяет только обычный файл. Ничего не сделано; дайте другое имя.",
        ),
        "results.damaged": (
            "{part}: damaged ({error_type}: {reason}).",
            "{part}: файл повреждён ({error_type}: {reason}).",
        ),
        "results.missing_results_folder_compare": (
            "{path}: missing; a results folder from `kozel-stats compare --out` holds it.",
            "{path}: файла нет; он есть в папке результатов `kozel-stats compare --out`.",
        ),
        "results.valid_json": (
            "{path}: not valid JSON ({reason}).",
            "{path}: это не JSON ({reason}).",
        ),
        "results.field_missing_results_file": (
            "{path}: field {key!r} is missing; not a kozel-stats results file.",
            "{path}: нет поля {key!r}; это не файл результатов kozel-stats.",
        ),
        "results.saved_other_metrics_version": (
            "{path}: saved by kozel-stats {version} with other metrics than this version's "
            "({diff}). It is not damaged: read it with the version that wrote it, or "
            "play the run again with this one (`compare --resume` cannot continue it).",
            "{path}: сохранено kozel-stats {version} с другими показателями, чем у этой "
            "версии ({diff}). Файл не повреждён: читайте его той версией, что его "
            "записала, или сыграйте прогон заново этой (`compare --resume` его не продолжит).",
        ),
        "results.such_results_folder": (
            "{folder}: no such results folder.",
            "{folder}: такой папки с результатами нет.",
        ),
        "results.folder_folder_written_compare": (
            "{folder}: not a folder; give the folder written by `compare --out`.",
            "{folder}: это не папка; нужна папка, которую записал `compare --out`.",
        ),
        "results.missing_results_folder_compare_2": (
            "{stats_path}: missing; a results folder from `kozel-stats compare --out` holds it.",
            "{stats_path}: файла нет; он есть в папке результатов `kozel-stats compare --out`.",
        ),
        "results.format": (
            "{path}: format {data_format!r} is not {FORMAT!r}.",
            "{path}: формат {data_format!r}, а нужен {FORMAT!r}.",
        ),
        "results.arms_but_statistics": (
            "{path}: {n_arms} arms but statistics for {len_stats_arms}.",
            "{path}: вариантов {n_arms}, а статистика — для {len_stats_arms}.",
        ),
        "results.holds_finished_games": (
            "{path}: holds no finished games.",
            "{path}: в нём нет доигранных партий.",
        ),
        "results.statistics_damaged": (
            "{path}: the statistics are damaged ({error_type}: {reason}).",
            "{path}: статистика повреждена ({error_type}: {reason}).",
        ),
        "results.arm_unknown_knob": (
            "{STATS_FILE}: arm {a_name!r} has an unknown knob {key!r}.",
            "{STATS_FILE}: у варианта {a_name!r} неизвестная настройка {key!r}.",
        ),
        "results.arm_damaged_skill_two": (
            "{STATS_FILE}: arm {a_name!r} has a damaged 'skill' (two bot names expected).",
            "{STATS_FILE}: у варианта {a_name!r} повреждено поле 'skill' (нужны имена двух ботов).",
        ),
        "results.arm": (
            "{STATS_FILE}, arm {a_name!r}: {reason}",
            "{STATS_FILE}, вариант {a_name!r}: {reason}",
        ),
        "results.holds_games": (
            "{path}: holds no games.",
            "{path}: в нём нет партий.",
        ),
        "results.readable_parquet_file": (
            "{path}: not a readable Parquet file ({error_type}: {reason}).",
            "{path}: это не читаемый файл Parquet ({error_type}: {reason}).",
        ),
        "results.missing_columns_docs_results": (
            "{path}: missing columns {join_missing} (docs/results.md).",
            "{path}: нет столбцов {join_missing} (docs/results.md).",
        ),
        "results.column_deals_holds_games": (
            "{path}: column 'deals' holds games with no deal.",
            "{path}: в столбце 'deals' есть партии без сдач.",
        ),
        "results.column_type_expected_integers": (
            "{path}: column {c!r} has type {dtype}, expected integers (docs/results.md).",
            "{path}: у столбца {c!r} тип '{dtype}', а нужны целые числа (docs/results.md).",
        ),
        "results.column_missing_values": (
            "{path}: column {c!r} has {nulls:,} missing values.",
            "{path}: в столбце {c!r} пропущено значений: {nulls:count}.",
        ),
    }
)


messages.add(
    {
        "results.rules_unloadable": (
            "variant {name}: {spec} cannot be loaded now ({reason}); the run continues with the rules saved in "
            "{where}, as it was played.",
            "вариант {name}: {spec} сейчас не загрузить ({reason}); прогон продолжается с правилами, сохранёнными "
            "в {where}, — как он и игрался.",
        ),
        "results.rules_changed": (
            "variant {name}: {spec} has changed since the run began ({changed}); the run continues with the rules "
            "saved in {where}, as it was played. To play the new rules, start a new run.",
            "вариант {name}: {spec} изменился с начала прогона ({changed}); прогон продолжается с правилами, "
            "сохранёнными в {where}, — как он и игрался. Чтобы сыграть новые правила, начните новый прогон.",
        ),
        "results.lock_taken_over": (
            "{folder} was locked by a run that is no longer running ({owner}); this run takes the folder over.",
            "папку {folder} заняла программа, которой больше нет ({owner}); этот прогон забирает папку себе.",
        ),
        "results.writing_now": (
            "a run is writing into {folder} now ({owner}); these are the games of its last checkpoint.",
            "в {folder} сейчас пишет другой прогон ({owner}); здесь партии, сохранённые им в последний раз.",
        ),
        "results.csv_again": (
            "{folder} holds CSV copies of its tables; they are written again.",
            "в {folder} есть CSV-копии таблиц; они записываются заново.",
        ),
        "results.field_type": (
            "{path}: field {key!r} must be {kind}, not {value!r:.60}.",
            "{path}: поле {key!r} должно быть {kind}, а не {value!r:.60}.",
        ),
        "results.arm_place": ("{file}, arm {arm!r}", "{file}, вариант {arm!r}"),
        "results.owner": ("pid {pid} on {host}, since {started}", "процесс {pid} на узле '{host}', с {started}"),
        "results.owner.command": (
            "pid {pid} on {host}, since {started}: {command}",
            "процесс {pid} на узле '{host}', с {started}: `{command}`",
        ),
        "results.kind.symlink": ("a symbolic link", "символическая ссылка"),
        "results.kind.device": ("a device", "устройство"),
        "results.kind.odd_folder": ("not a regular folder", "не обычная папка"),
        "results.kind.odd_file": ("not a regular file", "не обычный файл"),
        "results.metrics_differ.both": ("new here: {new}; not here: {gone}", "новые здесь: {new}; нет здесь: {gone}"),
        "results.metrics_differ.new": ("new here: {new}", "новые здесь: {new}"),
        "results.metrics_differ.gone": ("not here: {gone}", "нет здесь: {gone}"),
        "results.metrics_differ.order": ("another order", "другой порядок"),
    }
)


# --- results/schema.py ------------------------------------------------------------------------------------------------
messages.add(
    {
        "schema.field_bad": (
            "{path}: field '{field}' {problem}; the file is damaged or not a kozel-stats results file.",
            "{path}: поле '{field}' {problem}; файл повреждён или это не файл результатов kozel-stats.",
        ),
        "schema.not_object": (
            "{path}: must be a JSON object, not {value}; not a kozel-stats results file.",
            "{path}: файл должен быть объектом JSON, а не {value}; это не файл результатов kozel-stats.",
        ),
        # what a field must be (instrumental in Russian: «должно быть целым числом»)
        "schema.must_be": ("must be {spec}, not {value}", "должно быть {spec}, а не {value}"),
        "schema.missing": ("is missing", "отсутствует"),
        "schema.list_length": (
            "must be a list of {n} values, not of {m}",
            "должно быть списком из {n} значений, а не из {m}",
        ),
        "schema.least": ("must hold at least {n} values, not {m}", "должно содержать не меньше {n} значений, а не {m}"),
        "schema.map_key": (
            "has the key {key}; its keys must be {what}",
            "содержит ключ {key}; ключи должны быть {what}",
        ),
        "schema.deal_counts": ("deal counts written as integers", "числами сдач, записанными целыми"),
        "schema.any": ("any value", "любым значением"),
        "schema.int_range": ("an integer from {low:,} to {high:,}", "целым числом от {low:count} до {high:count}"),
        "schema.int_at_least": ("an integer of at least {low}", "целым числом не меньше {low}"),
        "schema.int64": ("an integer (64 bits)", "целым числом (64 бита)"),
        "schema.finite": ("a finite number", "конечным числом"),
        "schema.string": ("a string", "строкой"),
        "schema.bool": ("true or false", "true или false"),
        "schema.or_null": ("{spec} or null", "{spec} или null"),
        "schema.list_of_n": ("a list of {n} values", "списком из {n} значений"),
        "schema.list": ("a list", "списком"),
        "schema.object": ("an object", "объектом"),
        "schema.one_of": ("one of {names}", "одним из: {names}"),
        # a value as it is (nominative: «а не список из 3»)
        "schema.nan": ("nan", "не число (NaN)"),
        "schema.inf": ("inf", "бесконечность"),
        "schema.minus_inf": ("-inf", "бесконечность"),
        "schema.huge": ("an integer of {digits:,} digits", "целое число из {digits:count} цифр"),
        "schema.about_digits": ("an integer of about {digits:,} digits", "целое число примерно из {digits:count} цифр"),
        "schema.list_of": ("a list of {n}", "список из {n}"),
        "schema.object_of": ("an object of {n}", "объект из {n}"),
    }
)
