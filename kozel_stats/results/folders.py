"""Results folders: writing a run safely, reading it back safely.

Layout (docs/results.md): `stats.json` (the plan and the sufficient statistics: enough to
recompute every number and to continue an interrupted run), `summary.json` (metadata and
every statistic; written last, so a folder without it was never presented as complete),
`by_deal.parquet` and `fish_sums.parquet` (small derived tables), and on request the
per-game (`games/`) and per-deal (`deals/`) tables in Parquet parts.

Nothing a user saved is ever lost: a folder that holds a run is refused unless `--force`
(which removes that run's files, and only them) or `--resume`; every file is written
under a temporary name in the folder and renamed when complete; a full disk is one clear
error naming the file, and the earlier files are left as they were.
"""

from __future__ import annotations

import atexit
import contextlib
import errno
import json
import math
import os
import shutil
import socket
import stat
import sys
import time
from collections import Counter
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

import numpy as np
import polars as pl

from .. import __version__
from ..system.files import disk_error, write_atomic, write_text_atomic
from ..text import (
    messages,
    notice_texts,  # noqa: F401  (importing these declares the sentences this module says: its notices,
    result_texts,  # noqa: F401  its errors)
    system_texts,  # noqa: F401  (a file that cannot be read: files.cannot_read)
)
from ..text.errors import ResultsError, again
from ..text.say import note
from . import schema

SUMMARY_FILE = "summary.json"
STATS_FILE = "stats.json"
BY_DEAL_FILE = "by_deal.parquet"
FISH_SUMS_FILE = "fish_sums.parquet"
GAMES_DIR = "games"
DEALS_DIR = "deals"
LEGACY_GAMES_FILE = "games.parquet"  # folders written before 0.2 (one games table, no stats.json)
#: Every name a run writes into its folder (what --force removes).
RUN_FILES = (
    SUMMARY_FILE,
    STATS_FILE,
    BY_DEAL_FILE,
    FISH_SUMS_FILE,
    LEGACY_GAMES_FILE,
    "games.csv",
    "by_deal.csv",
    "fish_sums.csv",
    "deals.parquet",
    # a sweep's tables (sweep.EFFECTS_FILE, sweep.CELLS_FILE) and their CSV copies
    "effects.parquet",
    "cells.parquet",
    "effects.csv",
    "cells.csv",
)
RUN_DIRS = (GAMES_DIR, DEALS_DIR)
FORMAT = "kozel-results/2"
#: The lock file of the run that owns a results folder (docs/results.md).
LOCK_FILE = ".kozel-stats.lock"


# --- one run per folder -----------------------------------------------------------------------------------------
@dataclass
class _Held:
    fd: int
    path: Path


_held: dict[str, _Held] = {}


def _owner(info: dict) -> messages.Sentence:
    """Who holds a lock, in the reader's language: 'pid 4242 on yard-pc, since …: kozel-stats compare …'."""
    pid, host, started = info.get("pid", "?"), info.get("host", "?"), info.get("started", "?")
    command = str(info.get("command", ""))[:120]
    key = "results.owner.command" if command else "results.owner"
    return messages.Sentence(key, pid=pid, host=host, started=started, command=command)


def _owner_text(info: dict) -> str:
    return str(_owner(info))


def _read_owner(fd: int) -> dict:
    try:
        os.lseek(fd, 0, os.SEEK_SET)
        data = json.loads(os.read(fd, 4096).decode("utf-8", "replace") or "{}")
        return data if isinstance(data, dict) else {}
    except (OSError, ValueError):
        return {}


def _pid_alive(pid: Any) -> bool:
    if not isinstance(pid, int) or pid <= 0:
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    try:  # a process killed (kill -9) and not yet reaped by its parent is a zombie: gone, not running
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except (OSError, IndexError):
        return True


def lock_folder(folder: Path, option: str = "--out", notice=None) -> None:
    """Make this process the one run that writes into `folder` (until `release_folders`): a lock file
    holding the owner's pid, host, start time and command, locked with flock (the kernel releases it
    when the owner dies, also by kill -9). Another live owner: ResultsError naming the folder and the
    owner. A lock file left by a run that is gone (stale) is taken over, with a notice."""
    key = str(folder.resolve())
    if key in _held:
        return
    path = folder / LOCK_FILE
    import fcntl

    for _ in range(20):
        try:
            fd = os.open(path, os.O_RDWR | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0), 0o644)
        except OSError as exc:
            raise ResultsError.keyed(
                "results.cannot_create_lock_file",
                option=option,
                folder=folder,
                path=path,
                reason=messages.foreign(exc.strerror or exc),
            ) from None
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            owner = _read_owner(fd)
            os.close(fd)
            raise ResultsError.keyed(
                "results.another_run_writing_into",
                option=option,
                folder=folder,
                owner=_owner(owner),
            ) from None
        except OSError:  # no flock on this file system: the owner's pid decides
            owner = _read_owner(fd)
            same_host = owner.get("host") == socket.gethostname()
            if owner and owner.get("pid") != os.getpid() and (not same_host or _pid_alive(owner.get("pid"))):
                os.close(fd)
                raise ResultsError.keyed(
                    "results.another_run_writing_into_2",
                    option=option,
                    folder=folder,
                    owner=_owner(owner),
                    path=path,
                ) from None
        try:  # the file we locked may have been removed by its owner meanwhile: lock the one that is there
            same = os.fstat(fd).st_ino == os.stat(path, follow_symlinks=False).st_ino
        except FileNotFoundError:
            same = False
        if not same:
            os.close(fd)
            continue
        owner = _read_owner(fd)
        if owner.get("pid") not in (None, os.getpid()) or owner.get("host") not in (None, socket.gethostname()):
            _say_taken_over(folder, owner, notice)
        info = {
            "pid": os.getpid(),
            "host": socket.gethostname(),
            "started": time.strftime("%Y-%m-%d %H:%M:%S UTC", time.gmtime()),
            "command": " ".join(["kozel-stats", *sys.argv[1:]])[:400],
        }
        _held[key] = _Held(fd, path)  # ours now: released (and removed) however this run ends
        try:
            os.ftruncate(fd, 0)
            os.lseek(fd, 0, os.SEEK_SET)
            os.write(fd, json.dumps(info).encode())
        except OSError as exc:
            raise disk_error(exc, path) from None
        return
    raise ResultsError.keyed("results.lock_file_keeps_changing", option=option, folder=folder, path=path)


def _say_taken_over(folder: Path, owner: dict, notice) -> None:
    """What is true of the run a free lock file names: gone, a live process that is not it (its pid reused),
    or a run on another host."""
    from ..text.say import note_key

    pid, here = owner.get("pid"), owner.get("host") in (None, socket.gethostname())
    if here and not _pid_alive(pid):
        message = messages.Sentence("results.lock_taken_over", folder=folder, owner=_owner(owner))
        (notice or note)(str(message) if notice else message)
        return
    key = "lock.pid_reused" if here else "lock.other_host"
    if notice is not None:
        notice(messages.text(key, "en", folder=folder, owner=_owner_text(owner), pid=pid))
    else:
        note_key(key, folder=folder, owner=_owner(owner), pid=pid)


def writing_now(folder: Path) -> messages.Sentence | None:
    """Who owns `folder` now, when another process is writing a run into it (None when nobody is)."""
    path = folder / LOCK_FILE
    if str(folder.resolve()) in _held or not path.is_file():
        return None
    import fcntl

    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0))
    except OSError:
        return None
    try:
        fcntl.flock(fd, fcntl.LOCK_SH | fcntl.LOCK_NB)
    except BlockingIOError:
        return _owner(_read_owner(fd))
    except OSError:
        return None
    finally:
        os.close(fd)
    return None


def release_folders() -> None:
    """Give up every folder this process owns: its lock file is removed (a run that ends, well or not)."""
    for key, held in list(_held.items()):
        try:
            if os.fstat(held.fd).st_ino == os.stat(held.path, follow_symlinks=False).st_ino:
                held.path.unlink()
        except OSError:
            pass
        with contextlib.suppress(OSError):
            os.close(held.fd)
        del _held[key]


atexit.register(release_folders)


# --- writing ------------------------------------------------------------------------------------------------
def holds_a_run(folder: Path) -> bool:
    return folder.is_dir() and (
        any(os.path.lexists(folder / n) for n in RUN_FILES) or any(os.path.lexists(folder / d) for d in RUN_DIRS)
    )


def written_by_us(folder: Path) -> bool:
    """Whether the run files of `folder` are a kozel-stats run's (what --force may remove): its stats.json
    or summary.json says so, or (before 0.2) its games.parquet has a games table's columns."""
    for name, test in (
        (STATS_FILE, lambda d: isinstance(d, dict) and str(d.get("format", "")).startswith("kozel-results/")),
        (
            SUMMARY_FILE,
            lambda d: (
                isinstance(d, dict) and isinstance(d.get("meta"), dict) and d["meta"].get("tool") == "kozel-stats"
            ),
        ),
    ):
        path = folder / name
        if path.is_file() and not path.is_symlink():
            try:
                if test(json.loads(path.read_text(encoding="utf-8"))):
                    return True
            except (OSError, ValueError, RecursionError):
                pass
    legacy = folder / LEGACY_GAMES_FILE
    if legacy.is_file() and not legacy.is_symlink():
        try:
            return {"variant", "game", "bots"} <= set(pl.read_parquet_schema(legacy))
        except Exception:  # polars raises several kinds for damaged files
            return False
    return _only_first_parts(folder)


def _only_first_parts(folder: Path) -> bool:
    """Whether `folder` holds only the table parts of a run killed before its first checkpoint (no stats.json
    yet): every run file there is a games/ or deals/ part a games table's columns, none other."""
    if any(os.path.lexists(folder / n) for n in RUN_FILES):
        return False
    parts = [p for d in RUN_DIRS if (folder / d).is_dir() for p in (folder / d).iterdir()]
    if not parts:
        return False
    for part in parts:
        if part.is_symlink() or not part.is_file() or not part.name.startswith("part-"):
            return False
        try:
            if not {"variant", "game"} <= set(pl.read_parquet_schema(part)):
                return False
        except Exception:  # polars raises several kinds for damaged files
            return False
    return True


def _remove_run(folder: Path) -> None:
    """--force: remove the run in `folder`, only if kozel-stats wrote it, and only its files; never what a
    symbolic link points to, a device or a folder it does not know."""
    found = [n for n in (*RUN_FILES, *RUN_DIRS) if os.path.lexists(folder / n)]
    if not written_by_us(folder):
        raise ResultsError.keyed("results.force_replaces_results_folder", folder=folder, join_found=", ".join(found))
    for name in found:
        mode = os.lstat(folder / name).st_mode
        expected = stat.S_ISDIR if name in RUN_DIRS else stat.S_ISREG
        if not expected(mode):
            kind = messages.Sentence(
                "results.kind.symlink"
                if stat.S_ISLNK(mode)
                else "results.kind.odd_" + ("folder" if name in RUN_DIRS else "file")
            )
            raise ResultsError.keyed(
                "results.force_only_removes_files",
                folder=folder,
                folder_name=folder / name,
                kind=kind,
            )
    for name in found:
        if name in RUN_DIRS:
            shutil.rmtree(folder / name)
        else:
            (folder / name).unlink()


def _half_written(path: Path) -> bool:
    """Whether `path` is a temporary file of `write_atomic` for one of a run's files (.NAME[.PID].partial)."""
    name = path.name[1:].removesuffix(".partial")
    head, _, pid = name.rpartition(".")
    if pid.isdigit():
        name = head
    return name in RUN_FILES or (path.parent.name in RUN_DIRS and name.startswith("part-"))


def prepare_folder(folder: Path, force: bool = False, resume: bool = False) -> None:
    """Check, before anything is played, that `folder` can receive a run, and make this run its owner
    (`lock_folder`): refuse one that holds another run (unless --force: its files are removed, and only
    them, and only when kozel-stats wrote them), and check it can be written."""
    if os.path.lexists(folder) and not folder.is_dir():
        raise ResultsError.keyed("results.file_folder", folder=folder)
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise ResultsError.keyed(
            "results.cannot_write", folder=folder, reason=messages.foreign(exc.strerror or exc)
        ) from None
    lock_folder(folder, "--resume" if resume else "--out")
    for sub in (folder, *(folder / d for d in RUN_DIRS)):  # half files of a run that was killed while writing:
        for leftover in sub.glob(".*.partial") if sub.is_dir() else []:  # only the folder's owner writes here
            if _half_written(leftover) and leftover.is_file() and not leftover.is_symlink():
                leftover.unlink()
    if holds_a_run(folder) and not resume:
        if not force:
            raise ResultsError.keyed("results.folder_already_holds_run", folder=folder)
        _remove_run(folder)
    probe = folder / ".kozel-stats-write-test"
    try:
        probe.unlink(missing_ok=True)
        probe.write_text("ok")
        probe.unlink()
    except OSError as exc:
        with contextlib.suppress(OSError):  # no test file outlives a failed test (a full disk leaves one empty)
            probe.unlink(missing_ok=True)
        if exc.errno == errno.ENOSPC:
            raise disk_error(exc, probe) from None
        raise ResultsError.keyed(
            "results.cannot_write", folder=folder, reason=messages.foreign(exc.strerror or exc)
        ) from None


def check_new_file(path: Path, force: bool, option: str) -> None:
    """A file the command will create: refuse an existing one unless --force, a folder always,
    and a folder that cannot be written."""
    if path.is_dir():
        raise ResultsError.keyed("results.folder_file_name", option=option, path=path)
    inside = _run_file_of(path)
    if inside is not None:
        raise ResultsError.keyed("results.file_results_folder_report", option=option, path=path, inside=inside)
    if os.path.lexists(path) and not force:
        raise ResultsError.keyed("results.file_exists_nothing_was", option=option, path=path)
    if os.path.lexists(path):
        mode = os.lstat(path).st_mode
        if not stat.S_ISREG(mode):
            kind = messages.Sentence(
                "results.kind.symlink"
                if stat.S_ISLNK(mode)
                else "results.kind.device"
                if stat.S_ISCHR(mode) or stat.S_ISBLK(mode)
                else "results.kind.odd_file"
            )
            raise ResultsError.keyed("results.force_only_replaces_regular", option=option, path=path, kind=kind)
    parent = path.parent if str(path.parent) else Path(".")
    if not parent.is_dir():
        raise ResultsError.keyed("results.folder_does_exist", option=option, path=path, parent=parent)
    if not os.access(parent, os.W_OK):
        raise ResultsError.keyed("results.cannot_write_2", option=option, path=path, parent=parent)


def _run_file_of(path: Path) -> Path | None:
    """The results folder whose run file (or table part, or lock file) `path` would be, if any."""
    parent = path.parent if str(path.parent) else Path(".")
    if path.name in (*RUN_FILES, LOCK_FILE) and holds_a_run(parent):
        return parent
    if parent.name in RUN_DIRS and holds_a_run(parent.parent):
        return parent.parent
    return None


def write_json(path: Path, data: Any) -> None:
    """summary.json: its sections and their fields one a line, a list of records (comparisons, metrics,
    estimates...) one record a line: read by eye a line at a time, and a sixth smaller than indented
    (the atlas's site publishes 120 of these files, within its 15 MB)."""
    write_text_atomic(path, _record_lines(to_jsonable(data)) + "\n")


def _record_lines(obj: Any, depth: int = 0) -> str:
    def one_line(value: Any) -> str:
        return json.dumps(value, ensure_ascii=False, separators=(",", ":"))

    pad = "\n" + " " * (depth + 1)
    if isinstance(obj, dict) and obj and depth < 2:
        items = [
            f"{json.dumps(key, ensure_ascii=False)}: {_record_lines(value, depth + 1)}" for key, value in obj.items()
        ]
        return "{" + pad + ("," + pad).join(items) + "\n" + " " * depth + "}"
    if isinstance(obj, list) and obj and depth < 2 and all(isinstance(x, (dict, list)) for x in obj):
        return "[" + pad + ("," + pad).join(one_line(x) for x in obj) + "\n" + " " * depth + "]"
    return one_line(obj)


def to_jsonable(obj: Any) -> Any:
    if hasattr(obj, "__dataclass_fields__"):
        return to_jsonable(asdict(obj))
    if isinstance(obj, dict):
        return {str(k): to_jsonable(v) for k, v in obj.items()}
    if isinstance(obj, (list, tuple)):
        return [to_jsonable(v) for v in obj]
    if isinstance(obj, (np.integer,)):
        return int(obj)
    if isinstance(obj, (np.bool_,)):
        return bool(obj)
    if isinstance(obj, (float, np.floating)):
        value = float(obj)
        return value if math.isfinite(value) else None
    return obj


def run_level(bots: list[str]) -> dict[str, Any]:
    """The level of play a run's bots make (levels.py), for summary.json and stats.json: its name and its
    plain words in each language; None for any other mix, so that a reader never guesses a level."""
    from ..rules.levels import level_of_bots

    found = level_of_bots([b.strip() for item in bots for b in str(item).split(",")])
    if found is None:
        return {"level": None, "level_words": None}
    return {"level": found.name, "level_words": {"ru": found.ru_plain, "en": found.en_plain}}


def run_metadata(result, games_per_variant: int, baseline: str, command: str, bots: list[str]) -> dict[str, Any]:
    return {
        "tool": "kozel-stats",
        "version": __version__,
        "seed": result.seed,
        "bots": list(bots),
        **run_level(bots),
        "seat_bots": {arm.name: list(arm.bots) for arm in result.arms},
        "skill": list(result.arms[0].skill) if result.arms and result.arms[0].skill else None,
        "workers": result.workers,
        "duration_s": round(result.duration, 2),
        "compile_cpu_s": round(result.compile_seconds, 1),
        "games_per_variant": games_per_variant,
        "interrupted": result.interrupted,
        "baseline": baseline,
        "command": command,
        "variants": [
            {
                "name": arm.name,
                "hash": arm.variant.content_hash,
                "title": dict(arm.variant.titles),
                "description": arm.variant.description,
                "descriptions": dict(arm.variant.descriptions),
                "source": arm.variant.source,
                "rules": arm.variant.rule_dict,
            }
            for arm in result.arms
        ],
    }


def plan_json(arms, pairs, seed: int, batch_size: int | None, command: str, extra: dict | None = None) -> dict:
    """What `--resume` needs to play the same games again: the arms with their resolved rules."""
    return {
        "format": FORMAT,
        "version": __version__,
        "seed": seed,
        "batch_size": batch_size,
        "command": command,
        "arms": [
            {
                "name": a.name,
                "variant": a.variant.name,
                "title": dict(a.variant.titles),
                "description": a.variant.description,
                "descriptions": dict(a.variant.descriptions),
                "source": a.variant.source,
                "rules": a.variant.rule_dict,
                **({"path": str(Path(a.variant.path).resolve())} if a.variant.path else {}),
                "bots": list(a.bots),
                **({"skill": list(a.skill)} if a.skill is not None else {}),
            }
            for a in arms
        ],
        "pairs": [list(p) for p in pairs],
        "level": run_level(list(arms[0].bots))["level"] if len({tuple(a.bots) for a in arms}) == 1 else None,
        **(extra or {}),
    }


def write_stats(folder: Path, plan: dict, stats, complete: bool) -> None:
    """stats.json: the plan indented and the statistics on one line: thousands of sums no one reads by eye,
    at 40% of their indented size (the atlas's site publishes 120 of these files)."""
    head = json.dumps(to_jsonable({**plan, "complete": complete}), ensure_ascii=False, indent=1)
    sums = json.dumps(to_jsonable(stats.to_json()), ensure_ascii=False, separators=(",", ":"))
    write_text_atomic(folder / STATS_FILE, head.removesuffix("\n}") + ',\n "stats": ' + sums + "\n}\n")


def by_deal_frame(analysis) -> pl.DataFrame:
    rows = [{"variant": name, **row} for name, table in analysis.by_deal.items() for row in table]
    schema = {
        "variant": pl.String,
        "deal": pl.Int32,
        "games": pl.Int64,
        "loser_score_mean": pl.Float64,
        "winner_score_mean": pl.Float64,
    }
    return pl.DataFrame(rows, schema=schema)


def fish_sums_frame(analysis) -> pl.DataFrame:
    rows = [
        {"variant": name, "fish_sum": k, "count": c}
        for name, hist in analysis.fish_sums.items()
        for k, c in sorted(hist.items())
    ]
    return pl.DataFrame(rows, schema={"variant": pl.String, "fish_sum": pl.Int32, "count": pl.Int64})


def save(folder: Path, plan: dict, stats, summary: dict[str, Any], analysis, csv: bool = False) -> list[Path]:
    """Write a finished (or interrupted) run: stats.json, the small tables, summary.json last."""
    # what can fail on its input (a damaged part) comes first, stats.json (which says "complete") just before
    # summary.json: a failure leaves the statistics of the last checkpoint, never a complete stats.json beside
    # an older summary
    written = []
    if csv:
        for sub in RUN_DIRS:
            for part in sorted((folder / sub).glob("*.parquet")) if (folder / sub).is_dir() else []:
                try:
                    frame = pl.read_parquet(part).with_columns(pl.col(pl.Categorical).cast(pl.String))
                except Exception as exc:  # polars raises several kinds for damaged files
                    raise ResultsError.because("results.damaged", exc, 120, part=part) from None
                write_atomic(part.with_suffix(".csv"), frame.write_csv)
                written.append(part.with_suffix(".csv"))
    for name, frame in ((BY_DEAL_FILE, by_deal_frame(analysis)), (FISH_SUMS_FILE, fish_sums_frame(analysis))):
        write_atomic(folder / name, frame.write_parquet)
        written.append(folder / name)
        if csv:
            path = folder / name.replace(".parquet", ".csv")
            write_atomic(path, frame.write_csv)
            written.append(path)
    write_stats(folder, plan, stats, complete=not summary["meta"].get("interrupted", False))
    written.append(folder / STATS_FILE)
    write_json(folder / SUMMARY_FILE, summary)
    written.append(folder / SUMMARY_FILE)
    return written


# --- reading -----------------------------------------------------------------------------------------------
@dataclass
class Loaded:
    plan: dict[str, Any]
    stats: Any  # RunStats
    summary: dict[str, Any]
    complete: bool
    unpaired: bool = False  # the games of the variants are not the same games (legacy tables)


def _read_json(path: Path) -> Any:
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise ResultsError.keyed("results.missing_results_folder_compare", path=path) from None
    except (OSError, UnicodeDecodeError) as exc:
        raise ResultsError.keyed("files.cannot_read", path=path, reason=exc) from None
    try:
        return json.loads(text, parse_int=schema.parse_int)
    except (json.JSONDecodeError, RecursionError) as exc:
        raise ResultsError.keyed("results.valid_json", path=path, reason=messages.cut(exc, 120)) from None


def _need(data: dict, key: str, kind, path: Path) -> Any:
    if not isinstance(data, dict) or key not in data:
        raise ResultsError.keyed("results.field_missing_results_file", path=path, key=key)
    value = data[key]
    if not isinstance(value, kind) or isinstance(value, bool) and kind is not bool:
        raise ResultsError.keyed("results.field_type", path=path, key=key, kind=messages.type_as(kind), value=value)
    return value


def _check_metrics(raw: dict, data: dict, path: Path) -> None:
    """Statistics saved by a version with other metrics are not damaged, only not this version's: say
    which metrics differ instead of calling the file damaged."""
    from ..stats.metrics import METRICS

    saved = raw.get("metrics")
    ours = [m.name for m in METRICS]
    if not isinstance(saved, list) or saved == ours:
        return
    new = ", ".join(m for m in ours if m not in saved)
    gone = ", ".join(str(m) for m in saved if m not in ours)
    diff = messages.Sentence(
        "results.metrics_differ." + ("both" if new and gone else "new" if new else "gone" if gone else "order"),
        new=new,
        gone=gone,
    )
    raise ResultsError.keyed(
        "results.saved_other_metrics_version",
        path=path,
        version=data.get("version", "?"),
        diff=diff,
    )


def load(folder: Path) -> Loaded:
    """A results folder: the plan and the statistics (from stats.json, or recomputed from the
    games table of a folder written before 0.2), and the summary when the run completed."""
    from ..stats.moments import RunStats

    if not folder.exists():
        raise ResultsError.keyed("results.such_results_folder", folder=folder)
    if not folder.is_dir():
        raise ResultsError.keyed("results.folder_folder_written_compare", folder=folder)
    owner = writing_now(folder)
    if owner is not None:  # read anyway (every file is whole), but say what it is
        note(messages.Sentence("results.writing_now", folder=folder, owner=owner))
    summary_path = folder / SUMMARY_FILE
    summary = _read_json(summary_path) if summary_path.exists() else {}
    if summary_path.exists():
        schema.check(summary, "summary", summary_path)
    stats_path = folder / STATS_FILE
    if not stats_path.exists():
        if (folder / LEGACY_GAMES_FILE).exists():
            return load_legacy(folder, summary)
        if not summary and owner is not None:
            raise ResultsError.keyed("results.no_checkpoint_yet", folder=folder, owner=owner)
        if not summary and (_only_first_parts(folder) or os.path.lexists(folder / LOCK_FILE)):
            raise ResultsError.keyed("results.before_checkpoint", folder=folder)
        raise ResultsError.keyed("results.missing_results_folder_compare_2", stats_path=stats_path)
    data = _read_json(stats_path)
    path = stats_path
    if _need(data, "format", str, path) != FORMAT:
        raise ResultsError.keyed("results.format", path=path, data_format=data["format"], FORMAT=FORMAT)
    if isinstance(data.get("stats"), dict):  # another version's metrics: said as such, not as damage
        _check_metrics(data["stats"], data, path)
    schema.check(data, "stats", path)  # every field read below: its type, shape and range
    arms = data["arms"]
    raw = data["stats"]
    try:
        stats = RunStats.from_json(raw)
    except (KeyError, TypeError, ValueError, OverflowError) as exc:
        raise ResultsError.because("results.statistics_damaged", exc, 160, path=path) from None
    if len(stats.arms) != len(arms):
        raise ResultsError.keyed(
            "results.arms_but_statistics", path=path, n_arms=len(arms), len_stats_arms=len(stats.arms)
        )
    if stats.games <= 0:
        raise ResultsError.keyed("results.holds_finished_games", path=path)
    complete = bool(data.get("complete")) and bool(summary)
    if complete:  # a summary of other games than the statistics (a save cut short): not the complete run
        meta = summary["meta"]
        said = meta.get("games_per_cell", meta.get("games_per_variant"))
        complete = said is None or said == stats.games
    return Loaded(data, stats, summary, complete)


def arms_of(plan: dict) -> list:
    """The arms of a saved plan, with their resolved rules (as they were played)."""
    from ..play.runner import Arm
    from ..rules.knobs import DEFAULTS
    from ..rules.variants import KNOB_BY_NAME, Variant, check_value

    out = []
    for a in plan["arms"]:
        rules = dict(DEFAULTS)
        for key, value in a["rules"].items():
            knob = KNOB_BY_NAME.get(key)
            if knob is None:
                raise ResultsError.keyed("results.arm_unknown_knob", STATS_FILE=STATS_FILE, a_name=a["name"], key=key)
            try:
                check_value(knob, value, messages.Sentence("results.arm_place", file=STATS_FILE, arm=a["name"]))
            except Exception as exc:
                raise again(ResultsError, exc) from None
            rules[key] = value
        texts = {key: a.get(key) if isinstance(a.get(key), dict) else {} for key in ("title", "descriptions")}
        variant = Variant(
            a.get("variant", a["name"]),
            str(a.get("description", "")),
            str(a.get("source", "")),
            "kozel",
            tuple((k, rules[k]) for k in DEFAULTS),
            titles=tuple(sorted((str(k), str(v)) for k, v in texts["title"].items())),
            descriptions=tuple(sorted((str(k), str(v)) for k, v in texts["descriptions"].items())),
            # the file it was played from: provenance, kept by a resumed run as by one played in one go
            path=a["path"] if isinstance(a.get("path"), str) else None,
        )
        bots = [str(b) for b in a["bots"]]
        skill = None
        if a.get("skill") is not None:
            from ..records.trace import parse_skill

            saved = a["skill"]
            if not isinstance(saved, list) or len(saved) != 2 or not all(isinstance(b, str) for b in saved):
                raise ResultsError.keyed("results.arm_damaged_skill_two", STATS_FILE=STATS_FILE, a_name=a["name"])
            try:
                skill = parse_skill("/".join(saved))
            except ValueError as exc:
                raise ResultsError.keyed("results.arm", STATS_FILE=STATS_FILE, a_name=a["name"], reason=exc) from None
        out.append(Arm(a["name"], variant, tuple(bots), len(set(bots)) > 1, skill=skill))
    return out


def rules_changed(name: str, spec: str, saved: dict, folder: Path) -> messages.Sentence | None:
    """A note when the variant `spec` (its file, or its name) no longer gives the rules `saved` in the
    folder's stats.json (`--resume` continues with the saved rules, as the run was played)."""
    from ..rules.variants import load_variant

    where = folder / STATS_FILE
    try:
        now = load_variant(spec).rule_dict
    except Exception as exc:  # a file gone or broken since: the saved rules still say what was played
        return messages.Sentence(
            "results.rules_unloadable", name=name, spec=spec, reason=messages.cut(exc, 160), where=where
        )
    changed = [f"{k} {format_value(saved.get(k))} -> {format_value(v)}" for k, v in now.items() if saved.get(k) != v]
    if not changed:
        return None
    shown = "; ".join(changed[:6]) + (" ..." if len(changed) > 6 else "")
    return messages.Sentence("results.rules_changed", name=name, spec=spec, changed=shown, where=where)


def format_value(value: Any) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)


def variant_changes(plan: dict, folder: Path) -> list[messages.Sentence]:
    """`--resume`: a note for every variant of the run whose file now says other rules than it was played
    with (the saved rules are used; the run is never silently played with two sets of rules)."""
    notes = []
    for arm in arms_of(plan):
        raw: dict = next((a for a in plan["arms"] if a["name"] == arm.name), {})
        spec = raw.get("path") if isinstance(raw.get("path"), str) else None
        if spec is None and "+" not in arm.variant.name:
            continue  # saved before the file's path was kept, or a changed variant of a sweep's base
        note = rules_changed(arm.variant.name, spec or arm.variant.name, arm.variant.rule_dict, folder)
        if note:
            notes.append(note)
    return notes


def load_legacy(folder: Path, summary: dict) -> Loaded:
    """A folder from before 0.2: one games.parquet table. Its statistics are recomputed from the
    table after checking every column the metrics need (name, type, no nulls)."""
    from ..stats.metrics import METRICS, OPTIONAL, STORED, variables
    from ..stats.moments import RunStats, batch_stats

    path = folder / LEGACY_GAMES_FILE
    try:
        games = pl.read_parquet(path)
    except Exception as exc:  # polars raises several kinds for damaged files
        raise ResultsError.keyed(
            "results.readable_parquet_file", path=path, error_type=type(exc).__name__, reason=str(exc)[:200]
        ) from None
    # a column added since (leader_wins) is not required: its metrics have no data in such a folder
    if "decided_fishes" not in games.columns and {"fishes", "eggs"} <= set(games.columns):
        # before this column every fish was decided unless eggs (no replayed fish, no eggs on an out)
        games = games.with_columns((pl.col("fishes") - pl.col("eggs")).alias("decided_fishes"))
    absent = [c for c in OPTIONAL if c not in games.columns]
    games = validate_games_table(games, path, [c for c in STORED if c not in absent])
    games = games.with_columns([pl.lit(0, dtype=pl.Int32).alias(c) for c in absent])
    blank = [j for j, m in enumerate(METRICS) if set(variables(m)) & set(absent)]
    if games.height == 0:
        raise ResultsError.keyed("results.holds_games", path=path)
    names = [str(n) for n in games.get_column("variant").unique(maintain_order=True).to_list()]
    parts = {str(k[0]): v.sort("game") for k, v in games.partition_by("variant", as_dict=True).items()}
    same_games = len({tuple(p.get_column("game").to_list()) for p in parts.values()}) == 1
    variants = {v["name"]: v for v in summary.get("meta", {}).get("variants", [])} if summary else {}
    plan = {
        "format": FORMAT,
        "seed": summary.get("meta", {}).get("seed", 0) if summary else 0,
        "batch_size": None,
        "arms": [
            {
                "name": n,
                "variant": n,
                "rules": variants.get(n, {}).get("rules", {}),
                "bots": str(parts[n].get_column("bots").cast(pl.String)[0]).split(","),
            }
            for n in names
        ],
        "pairs": [[a, 0] for a in range(1, len(names))] if same_games else [],
    }
    cols = [{c: parts[n].get_column(c).to_numpy() for c in STORED} for n in names]
    if same_games:
        stats = batch_stats(cols, [(a, 0) for a in range(1, len(names))])
    else:  # unequal game sets: each variant on its own, compared as independent samples
        stats = RunStats.empty(len(names), [])
        for a, c in enumerate(cols):
            stats.arms[a] = batch_stats([c], []).arms[0]
        stats.games = min(parts[n].height for n in names)
    for arm in stats.arms:  # no data (rather than zeros) for the metrics of the absent columns
        for key in ("sx", "sn", "sxx", "snn", "sxn"):
            getattr(arm, key)[blank] = 0
    for pair in stats.pairs.values():
        for key in ("sxx", "sxn", "snx", "snn", "differing"):
            getattr(pair, key)[blank] = 0
        for j in blank:
            pair.differences[j] = Counter()
    return Loaded(plan, stats, summary, bool(summary), unpaired=not same_games)


def validate_games_table(games: pl.DataFrame, path: Path, needed) -> pl.DataFrame:
    """Every column the statistics read: present, of an integer or boolean type, without nulls."""
    missing = [c for c in ("variant", "game", "bots", *needed) if c not in games.columns]
    if missing:
        raise ResultsError.keyed("results.missing_columns_docs_results", path=path, join_missing=", ".join(missing))
    for c in needed:
        dtype = games.schema[c]
        if not (dtype.is_integer() or dtype == pl.Boolean):
            raise ResultsError.keyed("results.column_type_expected_integers", path=path, c=c, dtype=dtype)
        nulls = games.get_column(c).null_count()
        if nulls:
            raise ResultsError.keyed("results.column_missing_values", path=path, c=c, nulls=nulls)
    fewest = games.get_column("deals").min()
    if isinstance(fewest, int) and fewest < 1:
        raise ResultsError.keyed("results.column_deals_holds_games", path=path)
    return games.with_columns(pl.col("variant").cast(pl.String), pl.col("bots").cast(pl.String))
