"""Golden results: a hash of the per-game results of a seeded run of every shipped variant.

A change meant to change no result (a refactor, a speed-up) must leave every hash as it is;
a change of the rules or of the random streams changes them on purpose:

    python tests/golden.py            # print the hashes of this checkout and what differs
    python tests/golden.py --update   # write them to tests/golden.json (say why in the commit)

The hash covers a fixed list of per-game fields (not the engine's column layout), so adding
a column or a metric does not move it.
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path

import numpy as np

GOLDEN_FILE = Path(__file__).with_name("golden.json")
SEED = 20261130
#: (bot, games): the fast bots over many games, the thinking one over a few, the searching ones over a handful (a
#: speed-up of the expert's reading or search, or of the sampling its deals share with the sampler's, is proven here)
RUNS = (("random", 2000), ("heavy", 500), ("counter", 200), ("sampler", 3), ("expert", 4), ("expert-classic", 2))
RECORDED_GAMES = 10
FIELDS = (
    "seed",
    "deals",
    "loser",
    "titles",
    "score_a",
    "score_b",
    "score_c",
    "score_d",
    "redeals",
    "fishes",
    "eggs",
    "fisherman_wins",
    "moves",
    "knocks",
    "written",
    "vanished",
    "lost_deals",
    "vanished_deals",
    "first_leader_side",
    "draws",
    "early_closures",
    "out_66",
    "burns",
    "swapped",
)


def golden_hash(variant_name: str, bot: str, games: int) -> str:
    from kozel_stats.engine import game as E
    from kozel_stats.engine.codes import compile_rules
    from kozel_stats.play.runner import play_range
    from kozel_stats.records.trace import bot_array, parse_bots
    from kozel_stats.rules.variants import load_variant

    variant = load_variant(variant_name)
    params = compile_rules(variant.rule_dict)
    bots = bot_array(parse_bots(bot, variant["players"]))
    batch = play_range(params, SEED, 0, games, bots)
    columns = {
        "seed": E.G_SEED,
        "deals": E.G_DEALS,
        "loser": E.G_LOSER,
        "titles": E.G_TITLES,
        "score_a": E.G_SCORE,
        "score_b": E.G_SCORE + 1,
        "score_c": E.G_SCORE + 2,
        "score_d": E.G_SCORE + 3,
        "redeals": E.G_REDEALS,
        "fishes": E.G_FISHES,
        "eggs": E.G_EGGS,
        "fisherman_wins": E.G_FISHERMAN_WINS,
        "moves": E.G_MOVES,
        "knocks": E.G_KNOCKS,
        "written": E.G_WRITTEN,
        "vanished": E.G_VANISHED,
        "lost_deals": E.G_LOST_DEALS,
        "vanished_deals": E.G_VANISHED_DEALS,
        "first_leader_side": E.G_FIRST_LEADER,
        "draws": E.G_DRAWS,
        "early_closures": E.G_EARLY_CLOSURES,
        "out_66": E.G_OUT_66,
        "burns": E.G_BURNS,
        "swapped": E.G_SWAPPED,
    }
    table = np.stack([batch.games[:, columns[f]] for f in FIELDS], axis=1).astype("<i8")
    digest = hashlib.sha256(",".join(FIELDS).encode())
    digest.update(np.ascontiguousarray(table).tobytes())
    return digest.hexdigest()[:20]


def records_hash(variant_name: str, games: int = RECORDED_GAMES) -> str:
    """The game records (every move, draw and knock) of a few games, as `play --trace` writes them, in
    the keys of kozel-trace/1 (the engine's decisions that records also hold, trace.DECISION_KEYS,
    restate the same play: tests/test_play_log.py checks them)."""
    from kozel_stats.records.trace import DECISION_KEYS, play_records
    from kozel_stats.rules.variants import load_variant

    variant = load_variant(variant_name)
    digest = hashlib.sha256()
    for record in play_records(variant, SEED, games, ["random"] * variant["players"]):
        record["deals"] = [{k: v for k, v in deal.items() if k not in DECISION_KEYS} for deal in record["deals"]]
        digest.update(json.dumps(record, sort_keys=True, separators=(",", ":")).encode())
    return digest.hexdigest()[:20]


def all_hashes() -> dict[str, dict[str, str]]:
    from kozel_stats.rules.variants import shipped_names

    out = {}
    for name in shipped_names():
        runs = {f"{bot}x{games}": golden_hash(name, bot, games) for bot, games in RUNS}
        runs[f"recordsx{RECORDED_GAMES}"] = records_hash(name)
        out[name] = runs
    return out


def stored() -> dict[str, dict[str, str]]:
    return json.loads(GOLDEN_FILE.read_text(encoding="utf-8"))["hashes"]


def main(argv: list[str]) -> int:
    now = all_hashes()
    if "--update" in argv:
        GOLDEN_FILE.write_text(
            json.dumps(
                {"seed": SEED, "runs": [list(r) for r in RUNS], "fields": list(FIELDS), "hashes": now},
                indent=1,
                sort_keys=True,
            )
            + "\n",
            encoding="utf-8",
        )
        print(f"wrote {GOLDEN_FILE}")
        return 0
    before = stored() if GOLDEN_FILE.exists() else {}
    changed = 0
    for name, runs in now.items():
        for run, value in runs.items():
            old = before.get(name, {}).get(run)
            mark = "" if old == value else f"   CHANGED (was {old})"
            changed += bool(mark)
            print(f"{name:<26} {run:<13} {value}{mark}")
    print(f"{changed} hash(es) differ from {GOLDEN_FILE.name}")
    return 1 if changed else 0


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    raise SystemExit(main(sys.argv[1:]))
