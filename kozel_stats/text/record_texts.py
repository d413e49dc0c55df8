"""What the records say, English and Russian: the errors of reading a trace or a replay record (its places,
its fields, its moves).

Keys of records/trace.py; it imports this module, which declares the sentences at import.
"""

from __future__ import annotations

from . import messages

messages.add(
    {
        "records.bots_bot_all_seats": (
            "--bots: give one bot for all seats or one per seat ({players}), not {n_names}.",
            "--bots: один бот на все места или по одному на место ({players}), а не {n_names}.",
        ),
        "records.bots_sides_exist_only": (
            "--bots: sides A= and B= exist only in pair games; give one bot per seat.",
            "--bots: пары A= и B= бывают только в парной игре; дайте по боту на каждое место.",
        ),
        "records.bots_both_sides_counter": (
            "--bots: give both sides, e.g. A=counter,B=random.",
            "--bots: нужны обе пары, например A=counter,B=random.",
        ),
        "records.bots_side_bot_side": (
            "--bots: {item!r} is not SIDE=BOT with SIDE A (seats 0, 2) or B (seats 1, 3).",
            "--bots: {item!r} — не ПАРА=БОТ, где ПАРА — A (места 0, 2) или B (места 1, 3).",
        ),
        "records.skill_two_bots_strong": (
            "--skill {text!r}: give two bots as STRONG/WEAK, the strong side's bot, a slash and the "
            "weak side's, e.g. --skill counter/random.",
            "--skill {text!r}: дайте двух ботов как СИЛЬНЫЙ/СЛАБЫЙ — бот сильной пары, косая черта и "
            "бот слабой, например --skill counter/random.",
        ),
        "records.skill_bot_whole_side": (
            "--skill {text!r}: {role} is one bot for a whole side, e.g. counter, not {name!r}.",
            "--skill {text!r}: сильная пара ({role}) — это один бот на всю пару, например counter, а не {name!r}.",
        ),
        "records.skill_bot": (
            "--skill {text!r}: the {role} bot: {reason}",
            "--skill {text!r}: сильная пара ({role}): {reason}",
        ),
        "records.such_file": (
            "{path}: no such file.",
            "{path}: такого файла нет.",
        ),
        "records.folder_jsonl_record_file": (
            "{path}: is a folder, not a .jsonl record file.",
            "{path}: это папка, а не файл.",
        ),
        "records.utf_text_file": (
            "{path}: not a UTF-8 text file.",
            "{path}: это не текстовый файл в UTF-8.",
        ),
        "records.line_record_line_json": (
            "{path}, line {lineno}: a record line must be a JSON object (one game).",
            "{path}, строка {lineno}: строка записи должна быть объектом JSON (одна партия).",
        ),
        "records.line_holds_integer_digits": (
            "{path}, line {lineno}: holds an integer of {huge_digits:,} digits; no field of a game "
            "record is anywhere near that long.",
            "{path}, строка {lineno}: в строке целое число из {huge_digits:count} цифр; ни одно поле "
            "записи партии и близко не бывает такой длины.",
        ),
        "records.line_nested_too_deeply": (
            "{path}, line {lineno}: nested too deeply to be a game record.",
            "{path}, строка {lineno}: вложенность слишком глубока для записи партии.",
        ),
        "records.line_valid_json_column": (
            "{path}, line {lineno}: not valid JSON ({exc_msg} at column {exc_colno}).",
            "{path}, строка {lineno}: это не JSON ({exc_msg}, столбец {exc_colno}).",
        ),
        "records.trace_file_exists_another": (
            "--trace {self_path}: the file exists (another command created it just now); nothing was "
            "written. Give another name or add --force.",
            "--trace {self_path}: файл уже есть (его только что создала другая команда); ничего не "
            "записано. Дайте другое имя или добавьте --force.",
        ),
        "records.trace_cannot_written": (
            "--trace {self_path}: cannot be written ({reason}).",
            "--trace {self_path}: не записывается ({reason}).",
        ),
        "records.trace_another_command_writing": (
            "--trace {self_path}: another command is writing its records there; nothing was written. "
            "Give another name, or wait until it ends.",
            "--trace {self_path}: туда пишет записи другая команда; ничего не записано. Дайте другое "
            "имя или дождитесь её конца.",
        ),
    }
)


messages.add(
    {
        "records.place.line": ("{path}, line {line}", "{path}, строка {line}"),
        "records.place.deal": ("{where}, deal {deal}", "{where}, сдача {deal}"),
        "records.place.event": ("{where}, event {event}", "{where}, событие {event}"),
        "records.place.item": ("{where}, {item}", "{where}, {item}"),
        "records.bot_error": ("{where}: {reason}{hint}", "{where}: {reason}{hint}"),
        "records.missing_field": ("{where}: missing field '{key}'.", "{where}: нет поля '{key}'."),
        "records.field_type": (
            "{where}: field '{key}' must be {kind}, not {value!r}.",
            "{where}: поле '{key}' должно быть {kind}, а не {value!r}.",
        ),
        "records.field_range": (
            "{where}: field '{key}' must be from {low} to {high}, not {value!r:.40}.",
            "{where}: поле '{key}' должно быть от {low} до {high}, а не {value!r:.40}.",
        ),
        "records.not_a_tile": ("{where}: {reason}.", "{where}: {reason}."),
        "records.event_not_object": (
            "{where}: an event must be a JSON object.",
            "{where}: событие должно быть объектом JSON.",
        ),
        "records.play_tiles": (
            "{where}: 'play' needs 1 to 4 tiles and 'at' one value per tile.",
            "{where}: в 'play' нужно от 1 до 4 костей, а в 'at' — по значению на кость.",
        ),
        "records.closed_per_tile": (
            "{where}: 'closed' must be one true/false per tile.",
            "{where}: в 'closed' нужно по одному true или false на кость.",
        ),
        "records.at_values": (
            "{where}: 'at' values must be 0..6, \"gap\" or null, not {value!r}.",
            "{where}: значения 'at' — это 0..6, 'gap' или null, а не {value!r}.",
        ),
        "records.event_kind": (
            "{where}: an event needs 'play', 'knock' or 'draw'.",
            "{where}: в событии нужно 'play', 'knock' или 'draw'.",
        ),
        "records.format": (
            "{where}: field 'format' must be {FORMAT!r}, not {format!r}.",
            "{where}: поле 'format' должно быть {FORMAT!r}, а не {format!r}.",
        ),
        "records.players": (
            "{where}: field 'players' is {written}, but the variant has {players} players.",
            "{where}: в поле 'players' — {written}, а в варианте игроков: {players}.",
        ),
        "records.too_many_deals": (
            "{where}: {n:,} deals is more than a game can have (at most {most:,}).",
            "{where}: сдач {n:count} — больше, чем бывает в партии (самое большее {most:count}).",
        ),
        "records.deal_not_object": (
            "{where}: a deal must be a JSON object.",
            "{where}: сдача должна быть объектом JSON.",
        ),
        "records.hands": (
            "{where}: field 'hands' must be {players} lists of tiles.",
            "{where}: в поле 'hands' должно быть по списку костей на каждого из {players} игроков.",
        ),
        "records.bazaar": (
            "{where}: field 'bazaar' must hold {tiles} tiles with {players} players of {tiles_each} tiles.",
            "{where}: в поле 'bazaar' должно быть костей: {tiles} (игроков: {players}, костей на руку: {tiles_each}).",
        ),
        "records.too_many_events": (
            "{where}: {n:,} events is more than a deal can have.",
            "{where}: событий {n:count} — больше, чем бывает в сдаче.",
        ),
    }
)


#: what `replay` finds wrong in a record, by the engine's replay error (codes.ERR_*'s names, lower case)
REPLAY_ERRORS = {
    "bad_hands": ("the hands are not 4 x 7 distinct tiles of the set", "руки — не 4 × 7 разных костей набора"),
    "missed_redeal": ("a hand as dealt required a redeal", "при такой раздаче полагалась передача"),
    "wrong_seat": ("the event's seat is not the seat whose turn it is", "ходит не тот, чей ход"),
    "illegal_move": ("illegal move", "недопустимый ход"),
    "knock_with_move": ("knock while holding a legal move", "стук, когда есть чем ходить"),
    "events_after_end": ("events after the deal had ended", "события после конца сдачи"),
    "deal_unfinished": (
        "the events stop before the deal ends (no out and no fish)",
        "события кончаются до конца сдачи (ни выхода, ни рыбы)",
    ),
    "too_many_deals": ("deals recorded after the game had ended", "сдачи после конца партии"),
    "game_unfinished": (
        "the record stops before any side reached the target",
        "запись кончается раньше, чем кто-то набрал до цели",
    ),
    "wrong_leader": ("the wrong player led the deal", "сдачу начал не тот игрок"),
    "bad_draw": (
        "a draw that the rules do not allow here (a playable tile in hand, the last bazaar tile, or not the next "
        "bazaar tile), or a missing draw",
        "добор, которого правила здесь не позволяют (есть чем ходить, последняя кость базара или не следующая "
        "кость), или пропущенный добор",
    ),
}
messages.add({f"replay.{name}": (en + "{hint}", ru + "{hint}") for name, (en, ru) in REPLAY_ERRORS.items()})
messages.add(
    {
        "replay.game": ("game {game}", "партия {game}"),
        "replay.at": ("{where}: {problem}", "{where}: {problem}"),
        "replay.differs": ("{field} is {got}, the rules give {want}", "{field} — {got}, а по правилам {want}"),
        "replay.differ": ("{field} are {got}, the rules give {want}", "{field} — {got}, а по правилам {want}"),
    }
)
