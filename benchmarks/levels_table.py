"""The table of docs/results.md "The yard differences at three levels of play", from one `compare --levels` folder.

    kozel-stats compare default fish-to-fisherman ... --seed 1 --games 100000 \
        --levels beginner,player,expert --expert-games 10000 --out levels/
    python benchmarks/levels_table.py levels/ [--lang en]

Prints the markdown table (the headline metrics of every variant at each level, bold when significant, and the
level verdict of kozel_stats/present/level_verdict.py), the count of each mark, and how many verdicts moved from the
first rule (`across_levels` of before: significance read level by level) to this one.
"""

from __future__ import annotations

import argparse
import json
from collections import Counter
from pathlib import Path

from kozel_stats.present.level_verdict import LevelVerdict, decide_again, mark_words
from kozel_stats.present.tables import fmt_value
from kozel_stats.rules.levels import ACROSS, LEVELS
from kozel_stats.stats.metrics import HEADLINE

SHORT = {"deals_per_game": "deals/game", "naked_rate": "naked goats, pp", "fish_rate": "fish, pp"}
SHORT["written_per_deal"] = "points/deal"


def old_rule(significant: dict[str, float | None]) -> str:
    """The first rule (levels.across_levels before level_verdict), for the count of the verdicts that moved."""
    found = {name: d for name, d in significant.items() if d is not None}
    if not found:
        return "no effect"
    if len({d > 0 for d in found.values()}) > 1:
        return "opposite signs"
    if len(found) == len(significant):
        return "every level"
    strong = [name for name in significant if name != "beginner"]
    if set(found) == {"beginner"}:
        return "beginners only"
    if "beginner" in significant and strong and set(found) == set(strong):
        return "strong only"
    return "some levels"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("folder", type=Path, help="the --out folder of compare --levels")
    parser.add_argument("--lang", default="en", choices=("ru", "en"))
    args = parser.parse_args()
    matrix = json.loads((args.folder / "summary.json").read_text(encoding="utf-8"))["matrix"]
    levels = matrix["levels"]
    bots = {name: LEVELS[name].bot for name in levels}
    print(f"<!-- {matrix.get('command', '')} -->")
    print(f"| variant | metric | {' | '.join(levels)} | level verdict |")
    print("|---|---|" + "---:|" * len(levels) + "---|")
    marks: Counter[str] = Counter()
    moved: Counter[tuple[str, str]] = Counter()
    for row in matrix["rows"]:
        if row["metric"] not in HEADLINE:
            continue
        verdict = decide_again(LevelVerdict.from_json(row["level_verdict"]))  # by this rule, whoever wrote it
        cells = []
        for name in levels:
            c = row["by_mix"].get(bots[name])
            shown = "—" if c is None else fmt_value(row["metric"], c["diff"], True, "en")
            cells.append(f"**{shown}**" if c is not None and c["significant"] else shown)
        print(
            f"| `{row['variant']}` | {SHORT[row['metric']]} | {' | '.join(cells)} | "
            f"{mark_words(verdict, row['metric'], args.lang)} |"
        )
        marks[verdict.mark] += 1
        old = old_rule(
            {
                name: (row["by_mix"][bots[name]]["diff"] if row["by_mix"][bots[name]]["significant"] else None)
                for name in levels
                if bots[name] in row["by_mix"]
            }
        )
        moved[(ACROSS[old][1], verdict.mark)] += 1
    print()
    print("Marks: " + ", ".join(f"{mark} {n}" for mark, n in marks.most_common()))
    print("From the first rule to this one (first → now: verdicts):")
    for (old, new), n in sorted(moved.items(), key=lambda x: -x[1]):
        print(f"- {old} → {new}: {n}")


if __name__ == "__main__":
    main()
