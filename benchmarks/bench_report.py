"""How big the HTML report of every shipped variant is, and how fast it opens in Chromium.

    python benchmarks/bench_report.py [--games 2000]

Opens the report five times in headless Chromium (Debian's chromium) and prints the
median time to DOMContentLoaded as the page measures it (data-load-ms), with the file size.
"""

from __future__ import annotations

import argparse
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

from kozel_stats.present.report import CARD_FLAGS  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
FLAGS = [f for f in CARD_FLAGS if f != "--hide-scrollbars"]  # the report's own headless flags


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=2000)
    args = parser.parse_args()
    chromium = shutil.which("chromium")
    if chromium is None:
        sys.exit("needs Debian's chromium: apt-get install chromium")
    with tempfile.TemporaryDirectory() as tmp:
        report = Path(tmp) / "all.html"
        subprocess.run(
            [
                sys.executable,
                "-m",
                "kozel_stats",
                "compare",
                str(ROOT / "variants"),
                "--games",
                str(args.games),
                "--report",
                str(report),
                "--brief",
            ],
            check=True,
            capture_output=True,
            cwd=ROOT,
        )
        times = []
        for i in range(5):
            dom = subprocess.run(
                [
                    chromium,
                    *FLAGS,
                    f"--user-data-dir={tmp}/p{i}",
                    "--virtual-time-budget=10000",
                    "--dump-dom",
                    report.as_uri(),
                ],
                capture_output=True,
                text=True,
                timeout=120,
            )
            times.append(int(re.search(r'data-load-ms="(\d+)"', dom.stdout).group(1)))
        size = report.stat().st_size
    print(
        f"report of every shipped variant: {size / 1e6:.1f} MB; opens in {statistics.median(times)} ms "
        f"(median of 5, DOMContentLoaded in headless Chromium)"
    )


if __name__ == "__main__":
    main()
