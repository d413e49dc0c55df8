"""The game log's phrases, English and Russian: what `play` prints deal by deal (records/playlog.py says
them). A table keyed by phrase, each (English, Russian), str.format fields; the titles of a game's end.

Light on purpose (no numpy).
"""

from __future__ import annotations

#: Every phrase of the log: (English, Russian), formatted with str.format
LOG_PHRASES: dict[str, tuple[str, str]] = {
    "head": (
        "Game {game}  variant {variant}  seed {seed}  bots {bots}",
        "Партия {game}  вариант {variant}  зерно {seed}  боты {bots}",
    ),
    "pairs": (
        "Sides: A = P0 + P2, B = P1 + P3; play goes {order}.",
        "Пары: A = P0 + P2, B = P1 + P3; ход идёт {order}.",
    ),
    "solo": ("Each for himself; play goes {order}.", "Каждый сам за себя; ход идёт {order}."),
    "deal": ("Deal {n}: {seat} leads", "Сдача {n}: заходит {seat}"),
    "redeals": ("; after {k} redeal(s) (передача)", "; передач перед ней: {k}"),
    "holds": ("  {seat} holds {tiles}", "  у {seat}: {tiles}"),
    "bazaar": ("  bazaar (in draw order): {tiles}", "  базар (в порядке, в каком его берут): {tiles}"),
    "extra": (
        "  An extra lead («внеочередной заход») on 66 and 00 at once: each next player lays two tiles, one on each "
        "end, until one cannot (then one a move); 06 fits the gap between them on any move; no fishing.",
        "  Внеочередной заход сразу на 6:6 и 0:0: каждый следующий кладёт две кости, по одной на каждый конец, пока "
        "кто-то не сможет (дальше по одной); 0:6 встаёт в промежуток на любом ходу; рыбачить нельзя.",
    ),
    "knocks": ("  {e:>3}. {seat} knocks", "  {e:>3}. {seat} стучит"),
    "draws": ("  {e:>3}. {seat} draws {tile}", "  {e:>3}. {seat} берёт из базара {tile}"),
    "plays": ("  {e:>3}. {seat} plays {parts}  -> {table}", "  {e:>3}. {seat} кладёт {parts}  -> {table}"),
    "on": ("{tile} on {at}", "{tile} на {at}"),
    "on_first": ("{tile}", "{tile}"),
    "gap": ("{tile} in the gap", "{tile} в промежуток"),
    "and": (" and ", " и "),
    "closed": (" closed", " закрытым"),
    "no_end": ("no open end", "открытых концов нет"),
    "ends": ("ends {ends}", "концы {ends}"),
    "gap_open": (", the gap for 06 open", ", промежуток для 0:6 открыт"),
    "out": ("  {seat} is out.", "  {seat} вышел."),
    "fish": ("  Fish (рыба)! {seat} is the fisherman{why}.", "  Рыба! Рыбак — {seat}{why}."),
    "left": ("  Left in hand: {scores}.", "  Осталось на руках: {scores}."),
    "score": ("  Score: {scores}", "  Счёт: {scores}"),
    # why the leader leads
    "lead_11_up": (
        "holds {tile}, the first of 11, 22 … 66, 00 in the hands",
        "у него {tile}, первый из 11, 22 … 66, 00 на руках",
    ),
    "lead_day": (
        "holds {tile}, the double of this game's day of the week",
        "у него {tile}, дубль дня недели этой партии",
    ),
    "lead_11_66": (
        "holds {tile}, this game's double in the 11 … 66 rotation",
        "у него {tile}, дубль этой партии по кругу 11 … 66",
    ),
    "lead_random_day": (
        "holds {tile}, the double of a day of the week drawn for this game",
        "у него {tile}, дубль дня недели, выпавшего этой партии",
    ),
    "lead_double_game": ("holds {tile}, which opens the game", "у него {tile}, с которого начинают партию"),
    "lead_double_deal": ("holds {tile}, which opens every deal", "у него {tile}, с которого начинают каждую сдачу"),
    "lead_lowest": ("holds the lowest double in the hands, {tile}", "у него младший дубль на руках, {tile}"),
    "lead_heaviest": (
        "no double in any hand: holds the heaviest tile",
        "дублей ни у кого нет: у него самая тяжёлая кость",
    ),
    "lead_last_out": ("he made the last move of deal {d}: he went out", "он сделал последний ход сдачи {d}: вышел"),
    "lead_last_fish": ("he made the last move of deal {d}: the fisherman", "он сделал последний ход сдачи {d}: рыбак"),
    "lead_round": (
        "sits clockwise of {seat}, who led deal {d}",
        "сидит по часовой стрелке от {seat}, заходившего в сдаче {d}",
    ),
    "lead_went_out": ("went out in deal {d}", "вышел в сдаче {d}"),
    "lead_fisher_won": (
        "was the fisherman of deal {d} and his side won it (or it was eggs)",
        "был рыбаком в сдаче {d}, и его сторона её выиграла (или были яйца)",
    ),
    "lead_after_fisher": (
        "the first player clockwise of the fisherman {seat} on the side that won the fish of deal {d}",
        "первый по часовой стрелке от рыбака {seat} из стороны, выигравшей рыбу сдачи {d}",
    ),
    "lead_chosen": (
        "the side that won deal {d} chose him (the better lead hand)",
        "его выбрала сторона, выигравшая сдачу {d} (у него рука для захода лучше)",
    ),
    "lead_fisher": ("was the fisherman of deal {d}", "был рыбаком в сдаче {d}"),
    "lead_replay_extra": (
        "the extra lead of deal {d} ended in a fish: he leads it again and keeps its 66 and 00",
        "внеочередной заход сдачи {d} кончился рыбой: он заходит снова и оставляет себе 6:6 и 0:0",
    ),
    "lead_replay_fast": (
        "the fast lead of deal {d} ended in a fish: he leads it again and keeps its {tile}",
        "быстрый заход сдачи {d} кончился рыбой: он заходит снова и оставляет себе {tile}",
    ),
    "lead_extra_leader": (
        "he led the extra lead of deal {d}, and its leader leads the next deal too (rule 7д)",
        "он заходил внеочередным в сдаче {d}, и заходящий заходит и в следующей (правило 7д)",
    ),
    "lead_fast": (
        "holds 66: nobody has written in {d} deals, a fast lead on 66{cost}",
        "у него 6:6: за {d} сдач никто не записал, быстрый заход на 6:6{cost}",
    ),
    "fast_cost": (": its loser writes {cost}, a fish replays it", ": проигравшему пишут {cost}, рыба переигрывается"),
    "lead_again": (
        "{why}: nobody has written yet, the first lead is repeated ({k} of {n})",
        "{why}: записи ещё нет, первый заход повторяется ({k} из {n})",
    ),
    "lead_voluntary": (
        "everyone else has a record: he chooses a fast lead on {tile}: its loser writes {cost}, a fish replays",
        "у всех остальных есть запись: он выбирает быстрый заход на {tile}: проигравшему пишут {cost}, рыба "
        "переигрывается",
    ),
    # who won a fish
    "no_fishing_extra": (
        "no fishing on an extra lead: the deal is replayed",
        "на внеочередном заходе не рыбачат: сдачу переигрывают",
    ),
    "no_fishing_fast": (
        "no fishing on a fast lead: the deal is replayed",
        "на быстром заходе не рыбачат: сдачу переигрывают",
    ),
    "fish_void": (
        "a fish does not count: nobody wins it and the deal is dealt again",
        "рыба не в счёт: её никто не выигрывает, сдачу сдают заново",
    ),
    "eggs_all": ("all sums equal ({top}): eggs (яйца)", "все суммы равны ({top}): яйца"),
    "eggs_top": ("{tied} share the most pips ({top}): eggs (яйца)", "у {tied} поровну больше всех очков ({top}): яйца"),
    "fisher_side": (
        "the fisherman's {side}{who} wins it (the sums are not compared)",
        "её выигрывает {side}{who} рыбака (суммы не сравнивают)",
    ),
    "side_word": ("side ", "сторона "),
    "loses_most": (
        "{who} loses it with the most pips left, {high} against {low} (by {diff})",
        "её проигрывает {who}: больше всех очков на руках, {high} против {low} (на {diff})",
    ),
    "wins_lower": (
        "{side}{who} wins it with the lower sum, {low} against {high} (by {diff})",
        "её выигрывает {side}{who}: сумма меньше, {low} против {high} (на {diff})",
    ),
    # what was written
    "void": ("Nothing written; the deal does not count.", "Ничего не записано; сдача не в счёт."),
    "no_general": (
        "No general (the out held neither 00 nor 66 as the rules ask): nothing written.",
        "Генерала нет (выход не на 0:0 / 6:6, как требуют правила): ничего не записано.",
    ),
    "general": (
        "A генерал (the out on 00 / 66): one general written against {sides}.",
        "Генерал (выход на 0:0 / 6:6): {sides} пишут одного генерала.",
    ),
    "out_00_ends": (
        "The out on 00 ends the game at once: nothing is written for this deal.",
        "Выход на 0:0 сразу кончает партию: за эту сдачу ничего не пишут.",
    ),
    "eggs": (
        "Eggs: nobody writes; {carry} carried to the next loser.",
        "Яйца: никто не пишет; {carry} переходят следующему проигравшему.",
    ),
    "writes": ("{side} writes {n}", "{side} пишет {n}"),
    "threshold": (" under the threshold {t}", " меньше порога {t}"),
    "vanished": ("{parts} {verb}{under} (vanished)", "{parts} — {verb}{under} (пропадают)"),
    "remembered": (
        "{parts} {verb}{under} (remembered for the next loss)",
        "{parts} — {verb}{under} (запомнены до следующего проигрыша)",
    ),
    "stays": ("stays", "это"),
    "stay": ("stay", "это"),
    "nothing": ("Nothing written", "Ничего не записано"),
    "carry": (" Carry: {carry}.", " Переходит: {carry}."),
    # the special rules applied
    "eggs_carried": (
        "  Eggs: {carry} carried to the next loser.",
        "  Яйца: {carry} переходят следующему проигравшему.",
    ),
    "out_66_all": (
        "  The out on 66: every other player writes {n} (not his hand).",
        "  Выход на 6:6: каждому другому игроку пишут {n} (не его руку).",
    ),
    "kept_66": (
        "  {seat} is left holding 66:{cost} more written to him.",
        "  У {seat} остался 6:6: ему пишут ещё{cost}.",
    ),
    "kept_00": (
        "  {seat} is left holding 00: a goat at once, the game is over.",
        "  У {seat} остался 0:0: сразу козёл, партия окончена.",
    ),
    "extra_lost": (
        "  {who} {lost} the extra lead: {title} («внеочередной козёл»){after}",
        "  {who} {lost} внеочередной заход: внеочередной козёл{after}",
    ),
    "extra_one": ("the extra goat", ""),
    "extra_many": ("extra goats", ""),
    "lost_one": ("lost", "проиграл"),
    "lost_many": ("lost", "проиграли"),
    # why a side writes what it writes (the parts of deal's writing, when they add up to it)
    "why": ("  ({side}: {parts} = {n})", "  ({side}: {parts} = {n})"),
    "part_hand": ("{n} in {seat}'s hand", "{n} на руках у {seat}"),
    "part_hands": ("{n} in the hands", "{n} на руках"),
    "part_all_hands": (
        "{n} of every hand left (the loser writes all hands)",
        "{n} всех рук (проигравшему пишут все руки)",
    ),
    "part_lone": ("{n} for {seat}'s lone {tiles}", "{n} за одинокий {tiles} у {seat}"),
    "part_both": ("{n} for {seat}'s {tiles} alone", "{n} за {tiles} без других костей у {seat}"),
    "part_lone_pair": (
        "{n} for the side's lone {tiles} (instead of {pips})",
        "{n} за одинокий {tiles} у пары (вместо {pips})",
    ),
    "part_pot": ("{n} of the eggs pot", "{n} из яиц"),
    "part_memory": ("{n} remembered from deal {d} (memory of points)", "{n} в памяти со сдачи {d} (память очков)"),
    "extra_rule16": ("; the game is over (rule 16).", "; партия окончена (правило 16)."),
    "extra_target": (
        "; the score reaches the target: the game is over.",
        "; счёт дошёл до конца партии: партия окончена.",
    ),
    "extra_goes_on": ("; the game goes on (rule 7д).", "; партия продолжается (правило 7д)."),
    "wipe": ("  The out on 66 wipes {side}'s score to 0.", "  Выход на 6:6 списывает счёт {side} до 0."),
    "burn": (
        "  One score for both: opening a score burns the other's ({n} points).",
        "  Счёт один на двоих: открытая запись сжигает чужую ({n} очков).",
    ),
    # the end of the game
    "draw": ("\nThe match ends level, a draw: final score {scores}.", "\nМатч окончен вничью: итоговый счёт {scores}."),
    "cut_off": ("\nGame cut off (max_deals) without a loser.", "\nПартия остановлена (max_deals) без проигравшего."),
    "goats_pair": ("Side {side} are the goats (козлы)", "Козлы — сторона {side}"),
    "goats_many": ("{who} are the goats (козлы)", "Козлы — {who}"),
    "goat_one": ("{who} is the goat (козёл)", "Козёл — {who}"),
    "final": ("\n{who}, final score {scores}{titles}.", "\n{who}, итоговый счёт {scores}{titles}."),
    "titles": ("; titles: {titles}", "; звания: {titles}"),
}


#: The titles of a game's end, in the record's words and the players'
TITLE_WORDS = {
    "naked": ("naked (голые козлы)", "голые козлы"),
    "bald": ("bald (лысые козлы)", "лысые козлы"),
    "general": ("general (генерал)", "генерал"),
    "hanging": ("hanging (подвесной козёл)", "подвесной козёл"),
    "kept-00": ("kept-00 (остался с 0:0)", "остался с 0:0"),
    "extra-goat": ("extra-goat (внеочередной козёл)", "внеочередной козёл"),
}


SOLO_TITLE_WORDS = {"naked": ("naked (голый козёл)", "голый козёл"), "bald": ("bald (лысый козёл)", "лысый козёл")}
