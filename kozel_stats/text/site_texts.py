"""The yard arguments site's words (`kozel-stats atlas`: site/pages.py and site/atlas.py say them), English and
Russian: the pages' headings and leads (``PAGES_TEXT[lang][key]``), a question's answer in words (``atlas.*`` in
the message table, kozel_stats/text/messages.py), the topics, the skill quote's players, the build's lines.

Light on purpose (no numpy).
"""

from __future__ import annotations

from . import messages

PAGES_TEXT: dict[str, dict[str, str]] = {
    "ru": {
        "site": "Споры двора",
        "site_lead": "Каждый спор о правилах козла — вопрос, и на каждый ответ: обычные правила против правила "
        "двора, {games} на правило и уровень игры. Играют программы (боты) на уровнях: {levels}; ответ держится "
        "или нет на каждом уровне — отмечено.",
        "group_argued": "О чём спорят чаще всего",
        "group_yard": "Чем различаются дворы",
        "group_ruleset": "Правила из книг и статей",
        "group_game": "Другие игры с костями домино",
        "group_within": "Как меняются другие игры (каждое правило — против своей игры, а не обычного козла)",
        "one_level": "один уровень игры",
        "answer": "Ответ",
        "at_levels": "На каждом уровне игры",
        "level_bots": "уровень «{level}»: все места играет бот {bot}",
        "figures": "Цифры с интервалами",
        "figures_note": "Разница «{variant}» минус «{base}»; интервал — {level} доверительный (поправка на четыре "
        "главных показателя). Значимые разницы — жирным.",
        "metric": "показатель",
        "level": "уровень",
        "base_value": "обычные",
        "variant_value": "этот двор",
        "difference": "разница (интервал)",
        "chart": "График: разница на каждом уровне",
        "rules": "Чем отличаются правила",
        "card": "Карточка для чата",
        "card_image": "Картинка карточки",
        "copy": "Скопировать",
        "copied": "Скопировано",
        "reproduce": "Как получить то же самое",
        "reproduce_note": "Каждая команда играет те же партии заново (то же зерно случайности — те же числа на "
        "любой машине); вторая пишет полный отчёт из сохранённой папки.",
        "not_played": "ещё не сыграно",
        "back": "← все вопросы",
        "lang_other": "English",
        "nav_index": "Споры двора",
        "nav_skill": "Везение или мастерство",
        "nav_matters": "Что важнее всего",
        "nav_yard": "Правила вашего двора",
        "interrupted": "Прогон не доигран: показаны партии последней сохранённой точки.",
        "footer": "Собрано kozel-stats {version}: `kozel-stats atlas`. Боты — программы, не люди.",
        "games_per": "{games} на правило и уровень",
        "skill_title": "Везение или мастерство",
        "skill_lead": "Это ещё игра или уже лотерея? Для каждого различия дворов: сколько партий сильная пара "
        "выигрывает у слабой на одних и тех же раздачах, как часто раздача сама решает, кто проиграет, и "
        "насколько выгоден заход.",
        "matters_title": "Что важнее всего",
        "matters_lead": "Какое правило двора сильнее всего меняет длину партии, голых козлов, рыбу и запись, и "
        "какие правила действуют вместе иначе, чем порознь: {cells} сочетаний правил раздела 13, {games} на "
        "сочетание, боты {bots}.",
        "matters_interactions": "Правила, которые вместе действуют иначе, чем порознь",
        "no_interactions": "Взаимодействий не найдено: каждое правило действует само по себе.",
        "effects": "Влияние каждого правила",
        "yard_title": "Правила вашего двора",
        "yard_lead": "Выберите правила, как играют у вас; страница сама напишет файл правил (YAML) и команду, "
        "которая сравнит ваш двор с обычными правилами. Всё работает в браузере, без сервера.",
        "yard_main": "Различия дворов (раздел 13)",
        "yard_more": "Остальные правила (другие игры семьи)",
        "yard_name": "Имя файла (латиницей, без пробелов)",
        "yard_title_field": "Название двора",
        "yard_yaml": "Файл правил",
        "yard_download": "Скачать",
        "yard_command": "Команда",
        "yard_check": "Проверить файл: {command}. Сочетания правил, которых не бывает "
        "(например, правило Осла в обычном козле), программа назовёт с причиной.",
        "yard_default": "как обычно",
        "yard_estimate": "Что говорит перебор «Что важнее всего»",
        "yard_estimate_note": "Сочетание правил раздела 13, которое перебор сыграл, — измерено, с "
        "95-процентным доверительным интервалом (ДИ); несыгранное — оценка модели, подогнанной к сыгранным "
        "сочетаниям: обычные правила плюс главные эффекты выбранных правил и взаимодействия каждых двух из них. "
        "Правила вне модели не учтены. Измеренный ответ для любого сочетания даст команда выше.",
        "yard_estimate_col": "ваш двор",
        "yard_ci": "95 % ДИ",
        "yard_outside": "правила вне модели: {knobs}",
        "yard_not_played": "Этого сочетания правил раздела 13 перебор не сыграл (он сыграл {played} из {total} "
        "сочетаний): оценка — предсказание модели со взаимодействиями каждых двух правил по сыгранным; если "
        "три выбранных правила или больше действуют вместе иначе, чем по два, она ошибётся сильнее, чем "
        "говорит интервал.",
        "yes": "да",
        "no": "нет",
        "our_yard": "Наш двор",
    },
    "en": {
        "site": "Yard arguments",
        "site_lead": "Every argument about the rules of Козёл as a question, each answered: the default rules "
        "against the yard's rule, {games} per rule and level of play. Programs (bots) play at the levels: "
        "{levels}; whether the answer holds at each level is marked.",
        "group_argued": "What yards argue about most",
        "group_yard": "How yards differ",
        "group_ruleset": "Rules from books and articles",
        "group_game": "Other games with domino tiles",
        "group_within": "How the other games change (each rule against its own game, not plain Козёл)",
        "one_level": "one level of play",
        "answer": "The answer",
        "at_levels": "At each level of play",
        "level_bots": "level «{level}»: the bot {bot} plays every seat",
        "figures": "The figures with intervals",
        "figures_note": "The difference «{variant}» minus «{base}»; the interval is {level} (corrected for the four "
        "headline metrics). Significant differences in bold.",
        "metric": "metric",
        "level": "level",
        "base_value": "default",
        "variant_value": "this yard",
        "difference": "difference (interval)",
        "chart": "Chart: the difference at each level",
        "rules": "How the rules differ",
        "card": "The card for a chat",
        "card_image": "The card as a picture",
        "copy": "Copy",
        "copied": "Copied",
        "reproduce": "How to get the same",
        "reproduce_note": "Each command plays the same games again (the same seed: the same numbers on any "
        "machine); the second writes the full report from the saved folder.",
        "not_played": "not played yet",
        "back": "← every question",
        "lang_other": "По-русски",
        "nav_index": "Yard arguments",
        "nav_skill": "Luck or skill",
        "nav_matters": "What matters most",
        "nav_yard": "Your yard's rules",
        "interrupted": "The run is not finished: these are the games of its last checkpoint.",
        "footer": "Built by kozel-stats {version}: `kozel-stats atlas`. Bots are programs, not people.",
        "games_per": "{games} per rule and level",
        "skill_title": "Luck or skill",
        "skill_lead": "Still a game or already a lottery? For every yard difference: how many games the strong "
        "side wins against the weak one on the same deals, how often the deal alone decides who loses, and how "
        "much leading is worth.",
        "matters_title": "What matters most",
        "matters_lead": "Which yard rule changes the game's length, the naked goats, the fish and the writing "
        "most, and which rules act differently together than apart: {cells} combinations of the rules of section "
        "13, {games} per combination, bots {bots}.",
        "matters_interactions": "Rules that act differently together than apart",
        "no_interactions": "No interaction found: each rule acts on its own.",
        "effects": "The effect of each rule",
        "yard_title": "Your yard's rules",
        "yard_lead": "Choose the rules as your yard plays them; the page writes the rules file (YAML) and the "
        "command that compares your yard with the default rules. It all works in the browser, with no server.",
        "yard_main": "Yard differences (section 13)",
        "yard_more": "The other rules (the other games of the family)",
        "yard_name": "File name (Latin letters, no spaces)",
        "yard_title_field": "Your yard's name",
        "yard_yaml": "The rules file",
        "yard_download": "Download",
        "yard_command": "The command",
        "yard_check": "Check the file: {command}. A combination that cannot be (a rule of "
        "Осёл in plain Козёл, say) is named with its reason.",
        "yard_default": "as by default",
        "yard_estimate": "What the sweep of «What matters most» says",
        "yard_estimate_note": "A combination of the section-13 rules the sweep played is measured, with its 95% "
        "confidence interval (CI); one it did not play is the estimate of the model fitted to the combinations "
        "played: the default rules plus the main effects of the rules chosen and the interactions of every two "
        "of them. Rules outside the model are not counted. The command above gives the measured answer for any "
        "combination.",
        "yard_estimate_col": "your yard",
        "yard_ci": "95% CI",
        "yard_outside": "rules outside the model: {knobs}",
        "yard_not_played": "The sweep did not play this combination of the section-13 rules (it played "
        "{played} of {total}): the estimate is the prediction of the model with the interactions of every two "
        "rules from the combinations played; if three or more of the chosen rules act differently together "
        "than two at a time, it is further off than its interval says.",
        "yes": "yes",
        "no": "no",
        "our_yard": "Our yard",
    },
}


ASKED_WORDS = {
    # metric: (not more, not less, the same) — «партии не длиннее — меньше 0,2 сдачи разницы»
    "deals_per_game": (
        ("games are not longer", "партии не длиннее"),
        ("games are not shorter", "партии не короче"),
        ("the game's length does not change", "длина партии не меняется"),
    ),
    "naked_rate": (
        ("no more naked goats", "голых козлов не больше"),
        ("no fewer naked goats", "голых козлов не меньше"),
        ("as many naked goats", "голых козлов столько же"),
    ),
    "fish_rate": (
        ("no more fish", "рыбы не больше"),
        ("no less fish", "рыбы не меньше"),
        ("as much fish", "рыбы столько же"),
    ),
    "written_per_deal": (
        ("no more points written per deal", "за сдачу пишут не больше"),
        ("no fewer points written per deal", "за сдачу пишут не меньше"),
        ("as many points written per deal", "за сдачу пишут столько же"),
    ),
}


SKILL_WHO = {
    "counter": ("counts the tiles", "считает кости"),
    "random": ("beginners who move at random", "новичков, которые ходят наугад"),
}

messages.add(
    {
        **{
            f"atlas.asked.{metric}.{kind}": pair
            for metric, pairs in ASKED_WORDS.items()
            for kind, pair in zip(("up", "down", "same"), pairs, strict=True)
        },
        "atlas.yes": ("Yes: {effect}", "Да: {effect}"),
        "atlas.opposite": ("No, the other way: {effect}", "Нет, наоборот: {effect}"),
        "atlas.no": ("No: {what} — less than {bound} difference", "Нет: {what} — меньше {bound} разницы"),
        "atlas.same": ("{what} — less than {bound} difference", "{what} — меньше {bound} разницы"),
        "atlas.unsure": (
            "Not shown either way: {estimate}, at most {bound} difference",
            "Пока не ясно: {estimate}, разница не больше {bound}",
        ),
        "atlas.at_level": ("Played by {who}.", "Играют {who}."),
        "atlas.page_level": (
            "Played by {who}: the level every question's answer leads with.",
            "Играют {who} — тот же уровень, что в ответах на вопросы.",
        ),
        "atlas.page_other_level": (
            "Played by {who}; the questions' answers lead with {lead}.",
            "Играют {who}; ответы на вопросы — при игре уровня «{lead}».",
        ),
        "atlas.skill_quote": (
            "A pair who {strong} wins {n} {k:plural:game|games} in 100 against {weak} (95% CI {low}–{high}).",
            "Пара, которая {strong}, выигрывает {n} {k:plural:партию|партии|партий} из 100 у {weak} "
            "(95 % ДИ {low}–{high}).",
        ),
        "atlas.measured": ("measured", "измерено"),
        "atlas.estimated": ("the model's estimate", "оценка модели"),
        "atlas.unchecked": ("not checked — play it", "не проверено — сыграйте"),
        "atlas.yard_played": (
            "The sweep played this combination of the section-13 rules (one of its {played}): the figures are "
            "measured, with their 95% intervals.",
            "Это сочетание правил раздела 13 перебор сыграл (одно из {played}): цифры измерены, с 95-процентными "
            "интервалами.",
        ),
        "atlas.yard_not_played": (
            "The sweep did not play this combination of the section-13 rules (it played {played} of {total}): "
            "the figures are the estimate of the model with the interactions of every two rules, and its interval "
            "is not shown: on combinations played apart it did not cover the measured value at its stated "
            "rate (not checked — play it: the command above).",
            "Этого сочетания правил раздела 13 перебор не сыграл (он сыграл {played} из {total}): цифры — оценка "
            "модели со взаимодействиями каждых двух правил, и её интервал не показан: на сыгранных отдельно "
            "сочетаниях он не накрывал измеренное с заявленной частотой (не проверено — сыграйте: команда "
            "выше).",
        ),
        "atlas.yard_model": (
            "The model: the main effect of each of the {knobs:count} rules of the sweep and the interaction of "
            "every two of them ({pairs:count} {pairs:plural:pair|pairs}); interactions of three rules or more "
            "are not in it.",
            "Модель: главный эффект каждого из {knobs:count} правил перебора и взаимодействие каждых двух из них "
            "({pairs:count} {pairs:plural:пара|пары|пар}); взаимодействий трёх правил и больше в ней нет.",
        ),
        "atlas.yard_model_left_out": (
            "The model: the main effect of each of the {knobs:count} rules of the sweep and {pairs:count} of "
            "their two-way interactions; left out, as the combinations played cannot tell them apart: {left}. "
            "Interactions of three rules or more are not in it.",
            "Модель: главный эффект каждого из {knobs:count} правил перебора и {pairs:count} их "
            "взаимодействий по два; без тех, что сыгранные сочетания не различают: {left}. Взаимодействий трёх "
            "правил и больше в ней нет.",
        ),
        "atlas.other_levels": ("Across the levels of play", "По уровням игры"),
        "atlas.also": ("What else changes", "Что ещё меняется"),
        "atlas.nothing_else": (
            "no other difference found in the headline metrics",
            "других разниц в главных показателях не найдено",
        ),
    }
)

messages.add(
    {
        "atlas.search": ("Find a question", "Найти вопрос"),
        "atlas.scroll_hint": (
            "The table is wider than the screen: swipe it sideways →",
            "Таблица шире экрана — листайте вбок →",
        ),
        "atlas.all_topics": ("all", "все"),
        "atlas.nothing_found": ("No question found: try another word.", "Вопрос не найден: попробуйте другое слово."),
    }
)

messages.add({"atlas.drawing_cards": ("drawing the cards {done}/{total}", "рисую карточки {done}/{total}")})

#: the index's topic chips (site/pages.py TOPICS: which questions each holds), (en, ru)
TOPIC_WORDS = {
    "fish": ("fish", "рыба"),
    "threshold": ("threshold", "порог"),
    "specials": ("0:0 / 6:6", "0:0 / 6:6"),
    "eggs": ("eggs", "яйца"),
    "target": ("to how many", "до скольких"),
    "lead": ("who leads", "кто заходит"),
    "games": ("other games", "другие игры"),
}

#: the description the yard page writes into its YAML file, in both languages
YARD_DESCRIPTION = {
    "ru": "Правила нашего двора (написано на странице «Правила вашего двора»)",
    "en": "Our yard's rules (written by the page «Your yard's rules»)",
}

messages.add(
    {
        "atlas.in_100": ("in 100", "из 100"),
        "atlas.axis_difference": ("difference", "разница"),
        "atlas.expert_games": (" (the expert: {n})", " (знаток: {n})"),
        "atlas.expert_games_two": (
            " (the expert: {n}; {slow} in the games where it plays every position out: Осёл, Генерал, each for "
            "himself)",
            " (знаток: {n}; {slow} в играх, где он доигрывает каждую позицию: Осёл, Генерал, каждый сам за себя)",
        ),
        "atlas.plays_bot": ("plays {bot}", "играет ботом {bot}"),
        "atlas.no_chromium": (
            "no Chromium: the chat cards are not drawn (apt-get install chromium)",
            "нет Chromium: картинки карточек не нарисованы (apt-get install chromium)",
        ),
        "atlas.pages_written": ("{n} pages written into {out}", "страниц записано: {n}, в {out}"),
        "atlas.cards_failed": (
            "Chromium did not draw {n:count} chat {n:plural:card|cards} ({cards}): the pages show those cards "
            "as text. The played data and the pages are whole; `--render-only --cards` draws the cards again, "
            "`--no-cards` builds the site without pictures.",
            "Chromium не нарисовал {n:count} {n:plural:картинку|картинки|картинок} карточек ({cards}): на "
            "страницах эти карточки — текстом. Сыгранные данные и страницы целы; `--render-only --cards` нарисует "
            "карточки снова, `--no-cards` соберёт сайт без картинок.",
        ),
    }
)

#: what the atlas's build says while it plays (site/atlas.py), per language
BUILD_TEXT = {
    "en": {
        "on_dask": "playing on the Dask cluster {where}",
        "playing": "{where}: {games} games",
        "skill": "skill or luck: {n} variants, {games} games",
        "sweep": "what matters most: {cells} cells",
    },
    "ru": {
        "on_dask": "играем на кластере Dask {where}",
        "playing": "{where}: {games} партий",
        "skill": "везение или мастерство: {n} вариантов",
        "sweep": "что важнее всего: сочетаний правил — {cells}",
    },
}

#: each atlas question (site/atlas.py QUESTIONS, by its variant) as a player asks it at the table: (ru, en)
QUESTION_TITLES = {
    "fish-to-fisherman": ("Рыба рыбаку — партии длиннее?", "Fish to the fisherman — longer games?"),
    "fish-writes-all": ("В рыбе пишут всё — партии короче?", "A fish writes all four hands — shorter games?"),
    "fish-writes-difference": ("В рыбе пишут разность — что меняется?", "A fish writes the difference — what changes?"),
    "threshold-every-deal": (
        "Порог 13 в каждой сдаче — больше голых козлов?",
        "Threshold 13 in every deal — more naked goats?",
    ),
    "no-threshold": ("Без порога — партии короче?", "No threshold — shorter games?"),
    "threshold-25": ("Порог 25 — больше голых козлов?", "Threshold 25 — more naked goats?"),
    "specials-plain": (
        "Одинокие 0:0 и 6:6 по своим очкам — что меняется?",
        "A lone 0:0 and 6:6 at face value — what changes?",
    ),
    "specials-per-pair": (
        "Одинокие 0:0 и 6:6 на пару — что меняется?",
        "A lone 0:0 and 6:6 judged per pair — what changes?",
    ),
    "eggs-both": ("Яйца переносят обе суммы — партии короче?", "Eggs carry both sums — shorter games?"),
    "eggs-none": ("Яйца без переноса — что меняется?", "Eggs carry nothing — what changes?"),
    "target-100": ("До 100, а не до 101 — есть разница?", "To 100 instead of 101 — any difference?"),
    "target-125": ("До 125 — насколько длиннее партия?", "To 125 — how much longer is a game?"),
    "lead-lowest-double": ("Заход с младшего дубля — что меняется?", "The lowest double leads — what changes?"),
    "lead-66": ("Заход с 6:6 — что меняется?", "6:6 leads every game — what changes?"),
    "next-lead-fish-winner": (
        "После рыбы заходит выигравший — есть разница?",
        "After a fish the winner leads — any difference?",
    ),
    "next-lead-round-robin": ("Заход по кругу — есть разница?", "The lead goes round — any difference?"),
    "olympic": ("«Олимпийские правила» — другая игра?", "The «Olympic rules» — a different game?"),
    "article-house": ("Домашние правила из статьи — что меняется?", "The article's house rules — what changes?"),
    "morskoy": ("Морской козёл — быстрее обычного?", "Морской козёл — quicker than the usual game?"),
    "morskoy-00-written": (
        "Морской, выход на 0:0 пишется — что меняется?",
        "Морской with an out on 0:0 written — what changes?",
    ),
    "morskoy-004": (
        "Морской по энциклопедии (текст 004) — чем отличается?",
        "Морской of the encyclopedia (text 004) — how does it differ?",
    ),
    "solo-2": ("Каждый сам за себя вдвоём — чем отличается?", "Every man for himself, two — how different?"),
    "solo-3": ("Каждый сам за себя втроём — чем отличается?", "Every man for himself, three — how different?"),
    "solo-4": ("Каждый сам за себя вчетвером — чем отличается?", "Every man for himself, four — how different?"),
    "osel": ("Осёл «Крест» — длиннее козла?", "Осёл «Крест» — longer than Козёл?"),
    "osel-closing-pair": (
        "Осёл, закрытая только пара — что меняется?",
        "Осёл with only a closing pair — what changes?",
    ),
    "chechevae-4": ("Чечевэ вчетвером — чем отличается?", "Чечевэ with four — how different?"),
    "sport": ("Спортивное домино — чем отличается?", "Sport domino — how different?"),
    "generals": ("Генерал — чем отличается?", "Генерал — how different?"),
    "solo-3-draw-down": (
        "Втроём: при рыбе добирают базар — что меняется?",
        "Three alone: at a fish the bazaar is drawn down — what changes?",
    ),
    "solo-3-take-all": (
        "Втроём: при рыбе забирают весь базар — что меняется?",
        "Three alone: at a fish the whole bazaar is taken — what changes?",
    ),
    "solo-3-eggs": ("Втроём с яйцами — что меняется?", "Three alone, with eggs — what changes?"),
    "osel-solo-2": (
        "Осёл вдвоём, каждый сам за себя — не то что парами?",
        "Осёл for two, each for himself — not as in pairs?",
    ),
    "osel-solo-3": (
        "Осёл втроём, каждый сам за себя — не то что парами?",
        "Осёл for three, each for himself — not as in pairs?",
    ),
    "osel-solo-4": (
        "Осёл вчетвером, каждый сам за себя — не то что парами?",
        "Осёл for four, each for himself — not as in pairs?",
    ),
    "chechevae-2": ("Чечевэ вдвоём — не то что вчетвером?", "Чечевэ for two — not as for four?"),
    "chechevae-3": ("Чечевэ втроём — не то что вчетвером?", "Чечевэ for three — not as for four?"),
    "morskoy-004-solo-2": (
        "Морской по энциклопедии вдвоём — не то что парами?",
        "Морской of the encyclopedia for two — not as in pairs?",
    ),
    "morskoy-004-solo-3": (
        "Морской по энциклопедии втроём — не то что парами?",
        "Морской of the encyclopedia for three — not as in pairs?",
    ),
    "morskoy-004-solo-4": (
        "Морской по энциклопедии вчетвером, каждый сам за себя — не то что парами?",
        "Морской of the encyclopedia for four, each for himself — not as in pairs?",
    ),
    "generals-both": (
        "Генерал только за 0:0 и 6:6 одним ходом — что меняется?",
        "Генерал only for 0:0 and 6:6 in one move — what changes?",
    ),
}


# --- the atlas's and the pages' errors and build lines (site/atlas.py, site/pages.py) --------------------------------
messages.add(
    {
        "atlas.site_url": (
            "--site-url {url!r}: give the address the site will be published at, starting with https:// or http://.",
            "--site-url {url!r}: укажите адрес, где будет опубликован сайт, начиная с https:// или http://.",
        )
    }
)


messages.add(
    {
        "atlas.nothing": ("nothing", "пусто"),
        "atlas.not_a_question": (
            "--only {spec!r}: {given} is not a question of the atlas; its questions: {listed}.",
            "--only {spec!r}: {given} — не вопрос атласа; его вопросы: {listed}.",
        ),
        "atlas.mark_damaged": (
            "{path}: damaged ({reason}); it marks {out} as an atlas. Remove {out} to build the site anew.",
            "{path}: повреждён ({reason}); он отмечает {out} как атлас. Удалите {out}, чтобы собрать сайт заново.",
        ),
        "atlas.mark_field": (
            "{path}: field '{field}' {problem}; it is the atlas's record of how {out} was built. Correct it, or "
            "remove {out} to build the site anew.",
            "{path}: поле '{field}' {problem}; это запись атласа о том, как собран {out}. Исправьте его или "
            "удалите {out}, чтобы собрать сайт заново.",
        ),
        "atlas.contradicts": (
            "--resume {out}: {option} {given} contradicts the build it continues ({option} {saved}, saved in "
            "{path}); nothing was played and nothing was changed. Drop {option} to continue that build, or build "
            "the other site into another folder.",
            "--resume {out}: {option} {given} противоречит продолжаемой сборке ({option} {saved}, записано в "
            "{path}); ничего не сыграно и не изменено. Уберите {option}, чтобы продолжить ту сборку, или соберите "
            "другой сайт в другую папку.",
        ),
        "atlas.folder_mismatch": (
            "{folder}: played with --seed {seed} and the bots {bots}, but the site is built with --seed {site_seed} "
            "and the bots {site_bots}; nothing was played and nothing was changed. Remove {folder} to play it again "
            "with the site's settings.",
            "{folder}: сыграно с --seed {seed} и ботами {bots}, а сайт собирается с --seed {site_seed} и ботами "
            "{site_bots}; ничего не сыграно и не изменено. Удалите {folder}, чтобы сыграть его заново с настройками "
            "сайта.",
        ),
        "atlas.interrupted": (
            "interrupted ({stopped}); every results folder saved before it is whole. Continue the site with "
            "`kozel-stats atlas --out {out} --resume` (its settings are kept in {out}/data/atlas.json).",
            "прервано ({stopped}); все папки результатов, сохранённые до этого, целы. Продолжите сайт командой "
            "`kozel-stats atlas --out {out} --resume` (его настройки сохранены в {out}/data/atlas.json).",
        ),
        "atlas.raced": (
            "--out {out}: another build wrote into it while this one was starting; nothing was played and nothing "
            "was changed. Continue that site with --resume, or give another folder.",
            "--out {out}: пока эта сборка запускалась, в папку записала другая; ничего не сыграно и не изменено. "
            "Продолжите тот сайт с --resume или укажите другую папку.",
        ),
        "atlas.contradicts_flag": (
            "--resume {out}: {given} contradicts the build it continues (built with {saved}, saved in {path}); "
            "nothing was played and nothing was changed. Drop {given} to continue that build, or build the "
            "other site into another folder.",
            "--resume {out}: {given} противоречит продолжаемой сборке (она собиралась с {saved}, записано в "
            "{path}); ничего не сыграно и не изменено. Уберите {given}, чтобы продолжить ту сборку, или "
            "соберите другой сайт в другую папку.",
        ),
        "atlas.fewer_games": (
            "--resume {out}: {option} {given:count} is fewer than the {saved:count} games the build was started "
            "with (saved in {path}); nothing was played and nothing was changed. A resume continues or grows a build.",
            "--resume {out}: {option} {given:count} меньше тех {saved:count} партий, с которыми начата сборка "
            "(записано в {path}); ничего не сыграно и не изменено. Продолжение доигрывает или наращивает сборку.",
        ),
    }
)


messages.add(
    {
        "atlas.lang_ru_en_ru": (
            "--lang {spec!r}: give ru, en or ru,en (the site's languages; the first is the site's front page).",
            "--lang {spec!r}: укажите ru, en или ru,en (языки сайта; первый — его главная страница).",
        ),
        "atlas.atlas_mark_format": (
            "{path}: not a kozel-stats atlas mark (format {FORMAT}).",
            "{path}: это не отметка атласа kozel-stats (формат {FORMAT}).",
        ),
        "atlas.resume_plays_what_missing": (
            "--resume plays what is missing, --render-only plays nothing: give one of them.",
            "--resume доигрывает недостающее, --render-only не играет ничего: укажите что-то одно.",
        ),
        "atlas.file_folder_folder_site": (
            "--out {out}: is a file, not a folder; give a folder for the site.",
            "--out {out}: это файл, а не папка; укажите папку для сайта.",
        ),
        "atlas.such_folder": (
            "--out {out}: no such folder.",
            "--out {out}: нет такой папки.",
        ),
        "atlas.parent_folder_does_exist": (
            "--out {out}: its parent folder {out_parent} does not exist.",
            "--out {out}: папки {out_parent}, в которой он должен лежать, нет.",
        ),
        "atlas.levels_levels_play_comma": (
            "--levels {req_levels!r}: the levels of play are {join_levels} (comma-separated).",
            "--levels {req_levels!r}: уровни игры — {join_levels} (через запятую).",
        ),
        "atlas.per_question_level": (
            "{option} must be from 1 to 10,000,000 per question and level, not {games:,}.",
            "{option} — от 1 до 10 000 000 партий на вопрос и уровень, а не {games}.",
        ),
        "atlas.render_only_holds_atlas": (
            "--render-only: {out} holds no atlas (no {DATA_DIR}/{MARK_FILE}); build it first without --render-only.",
            "--render-only: в {out} нет атласа (нет {DATA_DIR}/{MARK_FILE}); сначала соберите его без --render-only.",
        ),
        "atlas.folder_empty_holds_atlas": (
            "--out {out}: the folder is not empty and holds no atlas; nothing was written. Give an "
            "empty or a new folder.",
            "--out {out}: папка не пуста, и атласа в ней нет; ничего не записано. Укажите пустую или новую папку.",
        ),
        "atlas.holds_atlas_already_nothing": (
            "--out {out}: holds an atlas already; nothing was changed. Continue it with --resume, "
            "rebuild its pages with --render-only, or give another folder.",
            "--out {out}: в ней уже есть атлас; ничего не изменено. Продолжите его с --resume, "
            "пересоберите страницы с --render-only или укажите другую папку.",
        ),
        "atlas.render_only_plays_nothing": (
            "--render-only plays nothing: --scheduler, --cluster and --connect-timeout do not apply to it.",
            "--render-only ничего не играет: --scheduler, --cluster и --connect-timeout к нему неприменимы.",
        ),
    }
)


messages.add(
    {
        "pages.write_site": (
            "{out_data}: no question of the atlas has been played; build it without --render-only.",
            "{out_data}: ни один вопрос атласа не сыгран; соберите его без --render-only.",
        ),
    }
)
