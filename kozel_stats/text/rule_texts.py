"""What the rules layer says, English and Russian: the errors of loading a variant (its YAML, its keys, its
values, the knobs' combinations, the reasons a knob needs another: variants.needs.*) and of naming a level of
play (levels.*).

rules/variants.py and rules/levels.py import this module, which declares the sentences at import.
"""

from __future__ import annotations

from . import messages

messages.add(
    {
        "variants.variant_file_mapping_keys": (
            "{path}: a variant file must be a mapping with keys {join_top_keys}.",
            "{path}: файл варианта должен быть словарём с ключами {join_top_keys}.",
        ),
        "variants.bytes_far_too_large": (
            "{path}: {size:,} bytes is far too large for a variant file (at most {MAX_VARIANT_BYTES:,}).",
            "{path}: файл слишком велик для варианта ({size:count} Б, самое большее {MAX_VARIANT_BYTES:count} Б).",
        ),
        "variants.such_variant_file": (
            "{path}: no such variant file.",
            "{path}: такого файла варианта нет.",
        ),
        "variants.folder_variant_file": (
            "{path}: is a folder, not a variant file.",
            "{path}: это папка, а не файл.",
        ),
        "variants.message": (
            "{path}: {reason}.",
            "{path}: {reason}.",
        ),
        "variants.value_cannot_read": (
            "{path}: a value cannot be read ({reason}).",
            "{path}: значение не читается ({reason}).",
        ),
        "variants.key_extends_names_unknown": (
            "{here}: key 'extends' names the unknown variant {name!r}; allowed: a variant file in "
            "{here_parent} or a shipped variant ({join_shipped_names}).",
            "{here}: ключ 'extends' называет неизвестный вариант {name!r}; можно: файл варианта в "
            "{here_parent} или готовый вариант ({join_shipped_names}).",
        ),
        "variants.key_extends_makes_cycle": (
            "{path}: key 'extends' makes a cycle: {cycle}.",
            "{path}: ключ 'extends' замыкает круг: {cycle}.",
        ),
        "variants.key_name_but_equal": (
            "{path}: key 'name' is {data_name!r} but must equal the file name {path_stem!r}.",
            "{path}: ключ 'name' — {data_name!r}, а должен совпадать с именем файла {path_stem!r}.",
        ),
        "variants.key_game_bad_value": (
            "{path}: key 'game' has the bad value {game!r}; allowed: one of {join_games}.",
            "{path}: у ключа 'game' недопустимое значение {game!r}; можно: одно из: {join_games}.",
        ),
        "variants.key_non_empty_string": (
            "{path}: key '{key}' must be a non-empty string, not {data_key!r:.80}.",
            "{path}: ключ '{key}' должен быть непустой строкой, а не {data_key!r:.80}.",
        ),
        "variants.key_extends_variant_name": (
            "{path}: key 'extends' must be a variant name, not {parent!r}.",
            "{path}: ключ 'extends' должен быть именем варианта, а не {parent!r}.",
        ),
        "variants.key_non_empty_string_2": (
            "{path}: key '{key}' must be a non-empty string or a mapping of languages "
            "({join_languages}) to non-empty strings, not {value!r:.80}.",
            "{path}: ключ '{key}' должен быть непустой строкой или словарём язык → непустая строка "
            "(языки: {join_languages}), а не {value!r:.80}.",
        ),
        "variants.key_tiles_each_but": (
            "{path}: key 'tiles_each' is {rules_tiles_each}, but pairs are dealt 7 each; set 'pairs: "
            "false' for a game каждый сам за себя with a bazaar.",
            "{path}: ключ 'tiles_each' — {rules_tiles_each}, но в парной игре сдают по 7 костей; для "
            "игры «каждый сам за себя» с базаром поставьте 'pairs: false'.",
        ),
        "variants.key_players_but_pairs": (
            "{path}: key 'players' is {rules_players} but 'pairs: true' needs 4 players; set 'pairs: "
            "false' for каждый сам за себя.",
            "{path}: ключ 'players' — {rules_players}, а для 'pairs: true' нужны 4 игрока; для игры "
            "«каждый сам за себя» поставьте 'pairs: false'.",
        ),
        "variants.key_shared_score_but": (
            "{path}: key 'shared_score' is {shown_rules_shared_score}, but it is implemented for pair "
            "games only (pairs: true).",
            "{path}: ключ 'shared_score' — {shown_rules_shared_score}, но он есть только в парной игре "
            "(pairs: {shown_rules_shared_score}).",
        ),
        "variants.key_but": (
            "{path}: key '{knob}' is {shown_rules_knob}, but it {why}.",
            "{path}: ключ '{knob}' — {shown_rules_knob}, но {why}.",
        ),
        "variants.key_but_game_ends": (
            "{path}: key '{knob}' is {shown_rules_knob}, but the game it ends needs one loser: play in "
            "pairs (pairs: true), with 'solo_loser: most', or with 'goats: every' (every other player "
            "a goat).",
            "{path}: ключ '{knob}' — {shown_rules_knob}, но конец игры, который он задаёт, требует "
            "одного проигравшего: играйте парами (pairs: true), с 'solo_loser: most' или с 'goats: "
            "every' (козлы — все остальные игроки).",
        ),
        "variants.keys_redeal_doubles_redeal": (
            "{path}: keys 'redeal_doubles' ({doubles}) and 'redeal_suit' ({suit}) ask a redeal of "
            "every deal of {rules_tiles_each} tiles to {rules_players} players: none of "
            "{DEALABLE_TRIES:,} random deals could be played. Raise them (a hand holds 7 tiles; 0 "
            "means never redeal).",
            "{path}: ключи 'redeal_doubles' ({doubles}) и 'redeal_suit' ({suit}) требуют передачи при "
            "каждой раздаче (игроков: {rules_players}, костей на руку: {rules_tiles_each}): ни одну из "
            "{DEALABLE_TRIES:count} случайных раздач нельзя сыграть. Увеличьте их (в руке 7 костей; 0 "
            "— никогда не передавать).",
        ),
        "variants.base_variant_before_first": (
            "{shown}: no base variant before the first '+'; write BASE+knob=value (e.g. default+threshold=none).",
            "{shown}: перед первым '+' нет основного варианта; пишите ОСНОВА+настройка=значение "
            "(например, default+threshold=none).",
        ),
        "variants.knob_value_changed_variant": (
            "{shown}: {part!r} is not knob=value; a changed variant is written "
            "BASE+knob=value+knob=value (e.g. default+threshold=none), knobs: {join_knob_by_name}.",
            "{shown}: {part!r} — не настройка=значение; изменённый вариант пишется "
            "ОСНОВА+настройка=значение+настройка=значение (например, default+threshold=none), "
            "настройки: {join_knob_by_name}.",
        ),
        "variants.knob_given_twice_each": (
            "{shown}: the knob {knob_name!r} is given twice; give each knob once.",
            "{shown}: настройка {knob_name!r} указана дважды; каждую настройку — один раз.",
        ),
        "variants.empty_variant_name_variant": (
            "an empty variant name; give a variant name or a .yaml file.",
            "пустое имя варианта; назовите вариант или файл .yaml.",
        ),
        "variants.folder_holds_variant_files": (
            "{path}: folder holds no variant files (*.yaml).",
            "{path}: в папке нет файлов вариантов (*.yaml).",
        ),
        "variants.key_given_twice_lines": (
            "the key {key!r} is given twice, at lines {seen_key} and {line}",
            "ключ {key!r} указан дважды, в строках {seen_key} и {line}",
        ),
        "variants.key_line_value_cannot": (
            "key {key!r} at line {line}: its value cannot be read ({why})",
            "ключ {key!r} в строке {line}: значение не читается ({why})",
        ),
    }
)


messages.add({"variants.integer_far_too_large": ("an integer far too large", "слишком большое целое число")})


#: why a knob of KNOB_NEEDS does nothing without the others (its 4th item names the sentence)
messages.add(
    {
        "variants.needs.closed_before_house": (
            "applies to Осёл's cross layout only (layout: cross)",
            "он действует только при крестовой раскладке Осла (layout: cross)",
        ),
        "variants.needs.solo_fish": (
            "applies only when there is a bazaar (pairs: false with 2 or 3 players)",
            "он действует только при базаре (pairs: false с 2 или 3 игроками)",
        ),
        "variants.needs.draw_last": (
            "applies only when there is a bazaar (fewer tiles dealt than the 28 of the set)",
            "он действует только при базаре (сдано меньше костей, чем 28 в наборе)",
        ),
        "variants.needs.solo_eggs": (
            "applies to каждый сам за себя only (pairs: false)",
            "он действует только в игре «каждый сам за себя» (pairs: false)",
        ),
        "variants.needs.solo_writes": (
            "applies to каждый сам за себя only (pairs: false)",
            "он действует только в игре «каждый сам за себя» (pairs: false)",
        ),
        "variants.needs.solo_loser": (
            "applies to каждый сам за себя only (pairs: false)",
            "он действует только в игре «каждый сам за себя» (pairs: false)",
        ),
        "variants.needs.out_00_writes": (
            "only matters when an out on 00 ends the game (out_00_ends_game: true)",
            "он важен, только когда выход на 0:0 кончает игру (out_00_ends_game: true)",
        ),
        "variants.needs.fast_writes": (
            "only matters when there are fast leads (lead_repeats > 0 or voluntary_fast: true)",
            "он важен, только когда есть быстрые заходы (lead_repeats > 0 или voluntary_fast: true)",
        ),
        "variants.needs.voluntary_fast": (
            "makes fast leads on 66 and 00, which need what their loser writes (fast_writes > 0 and "
            "fast_writes_00 > 0)",
            "он вводит быстрые заходы с 6:6 и 0:0, а им нужно то, что записывает проигравший "
            "(fast_writes > 0 и fast_writes_00 > 0)",
        ),
        "variants.needs.fast_writes_00": (
            "only matters when a leader may choose a fast lead on 00 (voluntary_fast: true)",
            "он важен, только когда заходящий может выбрать быстрый заход с 0:0 (voluntary_fast: true)",
        ),
        "variants.needs.fast_out_66": (
            "only matters when a fast lead on 00 has a cost (voluntary_fast: true, fast_writes_00 > 0) "
            "and an out on 66 writes a sum of its own (out_66_writes > 0)",
            "он важен, только когда быстрый заход с 0:0 чего-то стоит (voluntary_fast: true, "
            "fast_writes_00 > 0), а выход на 6:6 записывает свою сумму (out_66_writes > 0)",
        ),
        "variants.needs.first_lead_cycle": (
            "changes the double of 'first_lead: double-NN' from game to game (11 … 66 for '11-to-66')",
            "он меняет дубль из 'first_lead: double-NN' от партии к партии (11 … 66 при '11-to-66')",
        ),
        "variants.needs.goats": (
            "applies to каждый сам за себя only (pairs: false): in pairs the goats are one side",
            "он действует только в игре «каждый сам за себя» (pairs: false): в парной игре козлы — одна пара",
        ),
        "variants.needs.out_66_writers": (
            "only matters when an out on 66 costs a fixed sum (out_66_writes > 0)",
            "он важен, только когда выход на 6:6 стоит заданную сумму (out_66_writes > 0)",
        ),
        "variants.needs.kept_66_writes": (
            "writes points, and Генерал's scoring keeps none (scoring: generals)",
            "он записывает очки, а в счёте Генерала очков нет (scoring: generals)",
        ),
        "variants.needs.kept_66_writes_2": (
            "is not implemented with the memory of points (memory: true): the 66's points would mix "
            "with the remembered ones",
            "он не сделан вместе с памятью очков (memory: true): очки 6:6 смешались бы с запомненными",
        ),
        "variants.needs.kept_00_goat": (
            "ends the game, and a match (match_deals > 0) ends after its deals",
            "он кончает игру, а матч (match_deals > 0) кончается после своих сдач",
        ),
        "variants.needs.extra_lead": (
            "lays 00 and 66 apart on a chain with a gap between them; the cross (layout: cross) has no such lead",
            "он кладёт 0:0 и 6:6 порознь в цепочку с разрывом между ними; у креста (layout: cross) такого захода нет",
        ),
        "variants.needs.extra_lead_2": (
            "ends the game, and a match (match_deals > 0) ends after its deals",
            "он кончает игру, а матч (match_deals > 0) кончается после своих сдач",
        ),
        "variants.needs.general_out": (
            "applies to Генерал's scoring only (scoring: generals)",
            "он действует только в счёте Генерала (scoring: generals)",
        ),
        "variants.needs.scoring": (
            "is implemented for pair games only (pairs: true): the loser is the side after the one who went out",
            "он сделан только для парной игры (pairs: true): проигравшие — пара после вышедшего",
        ),
    }
)


messages.add(
    {
        "variants.renamed": (
            "the variant {name!r} is now called {new!r} ({why}); the old name works until version {until}.",
            "вариант {name!r} теперь называется {new!r} ({why}); старое имя работает до версии {until}.",
        ),
        "variants.renamed.lead_00_66": (
            "it opens every game with 66; 00 is lead-lowest-double",
            "в нём каждая партия начинается с 66; с 00 — это lead-lowest-double",
        ),
        "variants.knobs_listed": (" Knobs: {knobs}.", " Настройки: {knobs}."),
        "variants.unknown_key": (
            "{where}: unknown key {shown}.{tail} `kozel-stats variants show default --all` lists the allowed knobs.",
            "{where}: настройки {shown} нет.{tail} Все настройки — в `kozel-stats variants show default --all`.",
        ),
        "variants.unknown_knob": (
            "{where}: unknown knob {key!r}.{tail} `kozel-stats variants show default --all` lists the allowed knobs.",
            "{where}: настройки {key!r} нет.{tail} Все настройки — в `kozel-stats variants show default --all`.",
        ),
        "variants.listing": (
            "`kozel-stats variants` lists all {n}; a .yaml file of your own works too.",
            "Все {n} {n:plural:вариант|варианта|вариантов} — в `kozel-stats variants`; подойдёт и свой файл .yaml.",
        ),
        "variants.unknown_variant": (
            "{spec}: unknown variant.{hint} {listing}",
            "{spec}: такого варианта нет.{hint} {listing}",
        ),
        "variants.allowed.bool": ("true or false", "true или false"),
        "variants.allowed.int": ("an integer from {low} to {high}", "целое число от {low:count} до {high:count}"),
        "variants.allowed.one_of": ("one of {values}", "одно из: {values}"),
        "variants.allowed.double": (
            "one of double-NN (NN one of 00, 11, ..., 66)",
            "double-NN (NN — одно из 00, 11, …, 66)",
        ),
        "variants.allowed.double_or": (
            "one of double-NN (NN one of 00, 11, ..., 66), {values}",
            "double-NN (NN — одно из 00, 11, …, 66) или одно из: {values}",
        ),
        "variants.bad_value": (
            "{where}: key '{knob}' has the bad value {value!r:.60}; allowed: {allowed}.",
            "{where}: у ключа '{knob}' недопустимое значение {value!r:.60}; можно: {allowed}.",
        ),
        "variants.yaml_expands": (
            "{path}: the YAML expands to more than {most:,} values (anchors and aliases repeated within each "
            "other); a variant file is a short mapping.",
            "{path}: YAML разворачивается больше чем в {most:count} значений (якоря и ссылки, повторённые друг в "
            "друге); файл варианта — короткий словарь.",
        ),
        "variants.yaml_expands_in": (
            "{path}: the YAML expands to more than {most:,} values in {expanding} (anchors and aliases repeated "
            "within each other); a variant file is a short mapping.",
            "{path}: YAML разворачивается больше чем в {most:count} значений в {expanding} (якоря и ссылки, "
            "повторённые друг в друге); файл варианта — короткий словарь.",
        ),
        "variants.yaml_syntax_at": (
            "{path}: YAML syntax error at line {line}, column {column}: {problem}.",
            "{path}: ошибка YAML в строке {line}, столбце {column}: {problem}.",
        ),
        "variants.yaml_syntax": ("{path}: YAML syntax error: {problem}.", "{path}: ошибка YAML: {problem}."),
        # what is wrong with a variant file's keys (variants.top_keys' {wrong}, joined by '; ')
        "variants.top_keys.missing_key": ("missing key {quoted}", "нет ключа {quoted}"),
        "variants.top_keys.missing_keys": ("missing keys {quoted}", "нет ключей {quoted}"),
        "variants.top_keys.unknown_key": ("unknown key {quoted}", "лишний ключ {quoted}"),
        "variants.top_keys.unknown_keys": ("unknown keys {quoted}", "лишние ключи {quoted}"),
        "variants.top_keys": (
            "{path}: {wrong}. A variant file has the keys {keys}; name, description and source are required "
            "(every variant states them).",
            "{path}: {wrong}. В файле варианта ключи {keys}; name, description и source обязательны (каждый "
            "вариант их называет).",
        ),
        "variants.rules_not_mapping": (
            "{path}: key 'rules' must be a mapping of knob: value, not {kind}.",
            "{path}: ключ 'rules' должен быть словарём «настройка: значение», а не {kind}.",
        ),
    }
)


# --- rules/levels.py --------------------------------------------------------------------------------------------------
messages.add(
    {
        "levels.level_play_choose": (
            "{option}: {name!r} is not a level of play; choose one of {join_levels}.",
            "{option}: уровня игры {name!r} нет; есть: {join_levels} (новичок, игрок, знаток).",
        ),
        "levels.levels_least": (
            "--levels: give at least one of {join_levels}.",
            "--levels: назовите хотя бы один уровень из {join_levels}.",
        ),
    }
)
