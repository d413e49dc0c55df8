"""The documentation: the site builds from docs/ with no broken page, link or anchor (MkDocs --strict),
and the README stays a start page that links into it."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_the_site_builds_strictly(tmp_path):
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    done = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(tmp_path / "site")],
        cwd=ROOT,
        capture_output=True,
        text=True,
        env=env,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert (tmp_path / "site" / "ru" / "index.html").is_file()


def test_the_readme_is_a_start_page():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert len(readme.splitlines()) <= 250, "the README is the start: move reference text into docs/"
    links = re.findall(r"\]\(((?:docs|reports)/[^)#]+)", readme)
    assert links and all((ROOT / link).is_file() for link in links), [x for x in links if not (ROOT / x).is_file()]
    assert "--lang ru" in (ROOT / "docs" / "ru.md").read_text(encoding="utf-8")


# --- every example of the README and the players' pages runs as written (issue 40) ----------------------------------
#: the pages a player follows, in the order a reader may follow them all in one folder
PLAYER_PAGES = ("README.md", "README.ru.md", "docs/ru.md")
#: the games a command plays here, each option and name kept as written: only the size of the run shrinks
SMALLER = {"compare": "200", "sweep": "100", "duel": "20", "play": "200"}
#: commands not run here, and why
NOT_RUN = {
    "--cluster": "starts a Dask LocalCluster of 8 workers (tests/test_dask.py runs the atlas on one)",
    "--install-completion": "writes into the user's shell profile: --show-completion bash stands for it",
}


def example_blocks(page: str, kind: str) -> list[str]:
    text = (ROOT / page).read_text(encoding="utf-8")
    return re.findall(rf"```{kind}\n(.*?)```", text, re.S)


def example_commands(page: str) -> list[tuple[list[str], str]]:
    """The `kozel-stats …` commands of a page's sh blocks, each with its comment (after `&&` of an install line)."""
    import shlex

    found = []
    for block in example_blocks(page, "sh"):
        for line in block.splitlines():
            command, _, comment = line.partition(" # ")
            for part in command.split("&&"):
                part = part.strip()
                if part.startswith("kozel-stats "):
                    found.append((shlex.split(part)[1:], comment.strip()))
    return found


def smaller(args: list[str]) -> list[str]:
    """The command as written, with fewer games (and one worker) where it plays many."""
    args = list(args)
    command = args[0]
    if command in SMALLER:
        if "--games" in args:
            args[args.index("--games") + 1] = SMALLER[command]
        elif command != "play":
            args += ["--games", SMALLER[command]]
        if command != "play":
            args += ["--workers", "1"]
    if command == "atlas":
        args += ["--only", "threshold-25", "--levels", "beginner", "--games", "100", "--no-cards", "--no-extras"]
        args += ["--workers", "1"]
    return args


def test_every_example_command_and_yaml_file_of_the_players_pages_runs(tmp_path, monkeypatch):
    """Run in one folder, in the pages' order (so two pages writing the same file would stop at «такой файл
    уже есть»); a yard file of a page is written under its name first."""
    from helpers import as_if_in_bash, run_cli

    monkeypatch.chdir(tmp_path)
    (tmp_path / "reports").mkdir()  # as in a clone: the README's screenshots live there
    ran = 0
    for page in PLAYER_PAGES:
        for block in example_blocks(page, "yaml"):
            name = re.search(r"^name: *(\S+)", block, re.M)[1]
            (tmp_path / f"{name}.yaml").write_text(block, encoding="utf-8")
            code, said = run_cli("variants", "show", f"./{name}.yaml", "--lang", "ru")
            assert code == 0, (page, said)
        for args, comment in example_commands(page):
            if any(option in args for option in NOT_RUN):
                if "--install-completion" in args:
                    as_if_in_bash(monkeypatch)
                    code, said = run_cli("--show-completion", "bash")
                    assert code == 0 and "complete" in said
                continue
            code, said = run_cli(*smaller(args))
            if "вы имели в виду" in comment:  # an example of the «did you mean» answer
                assert code == 2 and "Вы имели в виду" in said, (page, args, said)
            else:
                assert code == 0, (page, args, said)
            ran += 1
    assert ran >= 15


def test_the_russian_readme_says_the_reports_size():
    """README.ru.md's «около N МБ»: the quick start's report in Russian (the size hardly depends on the games)."""
    from helpers import run_cli

    said = (ROOT / "README.ru.md").read_text(encoding="utf-8")
    quoted = float(re.search(r"около (\d+,\d+) МБ", said)[1].replace(",", "."))
    import tempfile

    with tempfile.TemporaryDirectory() as folder:
        report = Path(folder) / "quick-start-ru.html"
        args = ["compare", "default", "fish-to-fisherman", "threshold-25", "--games", "2000", "--workers", "1"]
        code, out = run_cli(*args, "--lang", "ru", "--report", report)
        assert code == 0, out
        size = report.stat().st_size / 1e6
    assert abs(size - quoted) <= 0.05, f"the report is {size:.2f} MB, README.ru.md says {quoted}"


def test_the_readmes_real_answer_is_the_quick_starts(tmp_path, monkeypatch):
    """«One real answer»: the README's summary and its interval are what its quick start prints (20,000 games,
    seed 1; the same numbers on any machine, whatever the workers)."""
    from helpers import run_cli

    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    shown = example_blocks("README.md", "text")[0].strip()
    args, _ = example_commands("README.md")[0]
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("COLUMNS", "100")  # the width the README's block was printed at (a piped output's)
    (tmp_path / "reports").mkdir()
    code, said = run_cli(*args, "--lang", "en")
    assert code == 0, said
    printed = said[said.index(shown.splitlines()[0]) :].splitlines()
    assert [line.rstrip() for line in printed[: len(shown.splitlines())]] == shown.splitlines()
    naked = re.search(r"naked goats \+(\d+\.\d) percentage\s+points, 98\.75% interval \+(\S+)…\+(\S+)\)", readme)
    assert naked and f"+{naked[1]}" in said and f"+{naked[2]}…+{naked[3]}" in said.replace(" to ", "…")


def test_the_readmes_beginners_figures_are_the_quick_start_at_beginner(tmp_path):
    """«Among beginners fish to the fisherman changes no fish rate (+0.01 pp) and threshold 25 adds 16 naked goats
    in 100 games, not 23»: the quick start's comparison with --level beginner (the README's figures)."""
    import json

    from helpers import run_cli

    readme = " ".join((ROOT / "README.md").read_text(encoding="utf-8").split())
    assert "threshold 25 adds 16 naked goats in 100 games, not 23" in readme
    assert "as it is among players who move at random (+0.01 pp)" in readme
    args = ["compare", "default", "fish-to-fisherman", "threshold-25", "--games", "20000", "--level", "beginner"]
    code, said = run_cli(*args, "--out", tmp_path / "run")
    assert code == 0, said
    found = {
        (c["variant"], c["metric"]): c
        for c in json.loads((tmp_path / "run" / "summary.json").read_text())["comparisons"]
    }
    fish = found[("fish-to-fisherman", "fish_rate")]
    assert f"{100 * fish['diff']:+.2f}" == "+0.01" and not fish["significant"]
    assert round(100 * found[("threshold-25", "naked_rate")]["diff"]) == 16
