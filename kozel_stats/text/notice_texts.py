"""The notices the layers give (say.note_key: a notice on stderr, the run goes on), English and Russian, in
the message table (kozel_stats/text/messages.py): the engine's compile notice and its shipped machine code
(play/warmup.py, engine/precompiled.py), numba's cache folder, a results folder's stale lock
(results/folders.py), a folder named like a shipped variant (rules/variants.py); and a derived variant's title.

Light on purpose (no numpy): the engine's loading imports it.
"""

from __future__ import annotations

from . import messages

messages.add(
    {
        "notice.label": ("note", "замечание"),  # the label of a notice line
        "precompiled.no_space": ("no space left on the device", "на устройстве не осталось места"),
        "rules.derived_title": ("{title} with {changes}", "{title}, но {changes}"),
        "rules.derived_description": ("{description} With {changes}.", "{description} Но {changes}."),
    }
)

# the shipped machine code, numba's cache (engine/precompiled.py)
messages.add(
    {
        "precompiled.why.off": (
            "{switch}=0: the shipped machine code is switched off",
            "{switch}=0: готовый машинный код выключен",
        ),
        "precompiled.why.machine": (
            "no shipped machine code fits this machine (it is for x86-64 Linux with x86-64-v2), or your own "
            "NUMBA_CPU_NAME / NUMBA_CACHE_LOCATOR_CLASSES asks for other code",
            "готовый машинный код этой машине не подходит (он для x86-64 Linux с x86-64-v2), или ваши "
            "NUMBA_CPU_NAME / NUMBA_CACHE_LOCATOR_CLASSES просят другой",
        ),
        "precompiled.why.versions": (
            "the package ships machine code for {shipped}, not for {python} with numba {numba}",
            "готовый машинный код в пакете — для {shipped}, а не для {python} с numba {numba}",
        ),
        "precompiled.why.sources": (
            "the shipped machine code was built from other engine sources (a changed engine: "
            "python -m kozel_stats.engine.precompiled rebuilds it)",
            "готовый машинный код собран из других исходников движка (движок изменён: его пересобирает "
            "python -m kozel_stats.engine.precompiled)",
        ),
        "cache.damaged": (
            "numba's cache file {file} was damaged ({error}); it was removed and the engine's code is compiled "
            "again (minutes, once). To start the cache afresh, delete {folder}.",
            "файл кэша numba {file} был повреждён ({error}); он удалён, и код движка компилируется заново "
            "(минуты, один раз). Чтобы начать кэш с нуля, удалите {folder}.",
        ),
        "cache.unsaved": (
            "numba's cache folder {folder} cannot keep the engine's code ({problem}): it is compiled for this run "
            "only, and every run compiles it again (minutes). Free space there, or set NUMBA_CACHE_DIR to a "
            "folder that can be written.",
            "папка кэша numba {folder} не может сохранить код движка ({problem}): он скомпилирован только для "
            "этого запуска, и каждый запуск компилирует его заново (минуты). Освободите там место или укажите в "
            "NUMBA_CACHE_DIR папку, доступную для записи.",
        ),
    }
)

# a results folder's stale lock (results/folders.py)
messages.add(
    {
        "lock.pid_reused": (
            "{folder} holds the lock file of a run that no longer holds its lock ({owner}); pid {pid} is a live "
            "process now, but not a run writing into this folder (its lock is free). This run takes the folder "
            "over.",
            "в {folder} лежит файл блокировки прогона, который её больше не держит ({owner}); процесс {pid} сейчас "
            "жив, но в эту папку не пишет (блокировка свободна). Этот прогон забирает папку себе.",
        ),
        "lock.other_host": (
            "{folder} holds the lock file of a run on another host ({owner}) that no longer holds its lock (it is "
            "free). This run takes the folder over.",
            "в {folder} лежит файл блокировки прогона на другой машине ({owner}), который её больше не держит (она "
            "свободна). Этот прогон забирает папку себе.",
        ),
    }
)

# a folder named like a shipped variant (rules/variants.py)
messages.add(
    {
        "rules.shadow": (
            "{folder} is a folder that holds no variant files (*.yaml): {name} is the shipped variant of that name.",
            "{folder} — папка без файлов вариантов (*.yaml): {name} — поставляемый вариант с этим именем.",
        ),
        "rules.shadow_one": (
            "{folder} is a folder, not a variant file: {name} is the shipped variant of that name (a folder of "
            "variants is for compare and sweep).",
            "{folder} — папка, а не файл варианта: {name} — поставляемый вариант с этим именем (папку вариантов "
            "принимают compare и sweep).",
        ),
    }
)


#: The compile notice (play/warmup.py) in the user's language (the command line sets it, `use_language`); no
#: estimate of the time it will take, which a slower or busier machine would not keep: the seconds so far, counted
COMPILE_NOTICE = {
    "en": ("compiling the game engine once (later runs start at once)…", "still compiling: {s} s so far…"),
    "ru": ("собираю игровой движок — один раз (следующие запуски начнутся сразу)…", "всё ещё собираю: {s} с…"),
}
