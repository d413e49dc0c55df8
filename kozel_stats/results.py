"""Results folders: writing a run's tables and summary, reading them back safely.

The layout is documented in docs/results.md. Reading checks every file and
column it needs and names what is wrong, so a damaged folder gives one clear
message instead of a traceback.
"""

from __future__ import annotations

import json
import os
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

import numpy as np
import polars as pl

from . import __version__
from .errors import ResultsError
from .runner import RunResult

GAMES_FILE = "games.parquet"
BY_DEAL_FILE = "by_deal.parquet"
FISH_SUMS_FILE = "fish_sums.parquet"
SUMMARY_FILE = "summary.json"
DEALS_DIR = "deals"
REQUIRED_GAME_COLUMNS = (
    "variant", "game", "seed", "bots", "deals", "redeals", "fishes", "eggs", "fisherman_wins", "moves", "knocks",
    "written", "lost_deals", "vanished_deals", "vanished", "loser", "naked", "bald", "general", "score_a",
    "score_b", "first_leader_side",
)  # later columns (draws, early_closures, out_66, burns, score_c, score_d) are optional: older folders lack them




def check_writable(folder: Path) -> None:
    """Fail before a long run, not after it, when the output folder cannot be written."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
        probe = folder / ".kozel-stats-write-test"
        probe.write_text("ok")
        probe.unlink()
    except OSError as exc:
        raise ResultsError(f"--out {folder}: cannot write there ({exc.strerror or exc}).") from None


def by_deal_frame(result: RunResult) -> pl.DataFrame:
    frames = []
    for run in result.runs:
        agg = run.by_deal
        games = agg[:, 0]
        keep = games > 0
        k = np.nonzero(keep)[0]
        frames.append(pl.DataFrame({
            "variant": [run.variant.name] * len(k),
            "deal": (k + 1).astype(np.int32),
            "games": games[k],
            "loser_score_mean": agg[k, 1] / games[k],
            "winner_score_mean": agg[k, 2] / games[k],
        }))
    return pl.concat(frames) if frames else pl.DataFrame()


def fish_sums_frame(result: RunResult) -> pl.DataFrame:
    frames = []
    for run in result.runs:
        counts = run.fish_sums
        k = np.nonzero(counts)[0]
        frames.append(pl.DataFrame({"variant": [run.variant.name] * len(k), "fish_sum": k.astype(np.int32),
                                    "count": counts[k]}))
    return pl.concat(frames) if frames else pl.DataFrame()


def run_metadata(result: RunResult, games_per_variant: int, baseline: str, command: str) -> dict[str, Any]:
    return {
        "tool": "kozel-stats",
        "version": __version__,
        "seed": result.seed,
        "bots": result.bots,
        "workers": result.workers,
        "duration_s": round(result.duration, 2),
        "games_per_variant": games_per_variant,
        "interrupted": result.interrupted,
        "baseline": baseline,
        "command": command,
        "variants": [
            {"name": r.variant.name, "hash": r.variant.content_hash, "description": r.variant.description,
             "source": r.variant.source, "rules": r.variant.rule_dict}
            for r in result.runs
        ],
    }


def to_jsonable(obj: Any) -> Any:
    if hasattr(obj, "__dataclass_fields__"):
        return to_jsonable(asdict(obj))
    if isinstance(obj, dict):
        return {str(k): to_jsonable(v) for k, v in obj.items()}
    if isinstance(obj, (list, tuple)):
        return [to_jsonable(v) for v in obj]
    if isinstance(obj, (np.integer,)):
        return int(obj)
    if isinstance(obj, (float, np.floating)):
        value = float(obj)
        return value if np.isfinite(value) else None
    return obj


def save(folder: Path, result: RunResult, summary: dict[str, Any], csv: bool = False) -> list[Path]:
    """Write the tables and summary.json; each file is written whole then renamed into place."""
    folder.mkdir(parents=True, exist_ok=True)
    tables = {GAMES_FILE: result.games(), BY_DEAL_FILE: by_deal_frame(result), FISH_SUMS_FILE: fish_sums_frame(result)}
    written = []
    for name, frame in tables.items():
        tmp = folder / (name + ".tmp")
        frame.write_parquet(tmp)
        os.replace(tmp, folder / name)
        written.append(folder / name)
        if csv:
            path = folder / name.replace(".parquet", ".csv")
            frame.with_columns(pl.col(pl.Categorical).cast(pl.String)).write_csv(path)
            written.append(path)
    tmp = folder / (SUMMARY_FILE + ".tmp")
    tmp.write_text(json.dumps(to_jsonable(summary), ensure_ascii=False, indent=2), encoding="utf-8")
    os.replace(tmp, folder / SUMMARY_FILE)
    written.append(folder / SUMMARY_FILE)
    return written


@dataclass
class Loaded:
    games: pl.DataFrame
    summary: dict[str, Any]
    by_deal: pl.DataFrame
    fish_sums: pl.DataFrame


def _read_parquet(path: Path) -> pl.DataFrame:
    if not path.is_file():
        raise ResultsError(f"{path}: missing; a results folder from `kozel-stats compare --out` holds it.")
    try:
        return pl.read_parquet(path)
    except Exception as exc:  # polars raises several kinds for damaged files
        raise ResultsError(f"{path}: not a readable Parquet file ({type(exc).__name__}: {str(exc)[:200]}).") from None


def load(folder: Path) -> Loaded:
    if not folder.exists():
        raise ResultsError(f"{folder}: no such results folder.")
    if not folder.is_dir():
        raise ResultsError(f"{folder}: not a folder; give the folder written by `compare --out`.")
    summary_path = folder / SUMMARY_FILE
    if not summary_path.is_file():
        raise ResultsError(f"{summary_path}: missing; a results folder from `kozel-stats compare --out` holds it.")
    try:
        summary = json.loads(summary_path.read_text(encoding="utf-8"))
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise ResultsError(f"{summary_path}: not valid JSON ({exc}).") from None
    if not isinstance(summary, dict) or not isinstance(summary.get("meta"), dict):
        raise ResultsError(f"{summary_path}: no 'meta' object; not a kozel-stats summary.")
    games = _read_parquet(folder / GAMES_FILE)
    missing = [c for c in REQUIRED_GAME_COLUMNS if c not in games.columns]
    if missing:
        raise ResultsError(f"{folder / GAMES_FILE}: missing columns {', '.join(missing)}.")
    if games.height == 0:
        raise ResultsError(f"{folder / GAMES_FILE}: holds no games.")
    games = games.with_columns(pl.col("variant").cast(pl.Categorical), pl.col("bots").cast(pl.Categorical))
    by_deal = _read_parquet(folder / BY_DEAL_FILE)
    fish_sums = _read_parquet(folder / FISH_SUMS_FILE)
    return Loaded(games, summary, by_deal, fish_sums)
