"""Fault injection: bad input and faults of every kind get one clear message naming what and
where, exit code 2 (1 for a record that breaks the rules), never a traceback, and no file
that existed before is changed. Signals are in test_compare.py (Ctrl-C, twice, SIGTERM)."""

from __future__ import annotations

import json
import math
import re
import shutil
import subprocess
import sys
from pathlib import Path

import polars as pl
import pytest
from helpers import alive, children_of, run_cli

HEAD = "description: d\nsource: s\n"


def snapshot(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def refused(tmp_path: Path, args, words: str | list[str], code: int = 2) -> str:
    """Run the command; it must fail with `code`, name `words`, show no traceback and leave every
    file that was under tmp_path before as it was (files it wrote itself may stay: a run
    interrupted by a full disk keeps what it finished)."""
    before = snapshot(tmp_path)
    status, out = run_cli(*args)
    assert status == code, (args, out)
    for word in [words] if isinstance(words, str) else words:
        assert word in out, (args, word, out)
    assert "Traceback" not in out and "internal error" not in out, out
    after = snapshot(tmp_path)
    assert {k: after.get(k) for k in before} == before, f"{args} changed a file"
    return out


def variant_file(tmp_path: Path, name: str, body: str, raw: bytes | None = None) -> Path:
    path = tmp_path / f"{name}.yaml"
    if raw is not None:
        path.write_bytes(raw)
    else:
        path.write_text(body, encoding="utf-8")
    return path


# --- variant files --------------------------------------------------------------------------------------------
LAUGHS = "".join(f"{c}: &{c} [" + ",".join([f"*{p}"] * 9) + "]\n" for p, c in zip("abcdefgh", "bcdefghi"))
YAML_CASES = {
    "syntax": ("name: syntax\n" + HEAD + "rules: {target: [\n", ["YAML syntax error", "line"]),
    "duplicate key": (
        "name: duplicate-key\n" + HEAD + "rules:\n  target: 50\n  target: 200\n",
        ["'target' is given twice", "lines 5 and 6"],
    ),
    "unknown knob": ("name: unknown-knob\n" + HEAD + "rules: {targte: 50}\n", ["rules.targte", "allowed knobs"]),
    "bad type": ("name: bad-type\n" + HEAD + "rules: {target: high}\n", ["'target'", "'high'", "integer from 1"]),
    "out of range": ("name: out-of-range\n" + HEAD + "rules: {threshold_value: 0}\n", ["threshold_value", "1 to 400"]),
    "huge integer": (
        "name: huge-integer\n" + HEAD + "rules:\n  target: " + "9" * 5000 + "\n",
        ["'target' at line 5", "far too large"],
    ),
    "billion laughs": (
        "name: billion-laughs\n" + HEAD + 'a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]\n' + LAUGHS,
        ["more than 10,000 values"],
    ),
    "not a mapping": ("- just\n- a list\n", ["must be a mapping"]),
    "no description": ("name: no-description\nsource: s\n", ["missing key 'description'"]),
    "wrong name": ("name: other\n" + HEAD, ["'other'", "must equal the file name 'wrong-name'"]),
    "unknown extends": ("name: unknown-extends\n" + HEAD + "extends: nowhere\n", ["'nowhere'", "extends"]),
    "does nothing here": (
        "name: does-nothing-here\n" + HEAD + "extends: default\nrules: {solo_eggs: one-hand}\n",
        ["'solo_eggs'", "pairs: false"],
    ),
    "empty": ("", ["must be a mapping"]),
    "bad title": ("name: bad-title\n" + HEAD + "title: {fr: Bouc}\n", ["'title'", "en, ru"]),
}


@pytest.mark.parametrize("case", sorted(YAML_CASES))
def test_broken_variant_files(tmp_path, case):
    body, words = YAML_CASES[case]
    path = variant_file(tmp_path, case.replace(" ", "-"), body)
    refused(tmp_path, ["variants", "show", path], [str(path), *words])
    refused(tmp_path, ["compare", path, "--games", 100, "--workers", 1], [str(path), *words])


def test_variant_file_faults(tmp_path):
    latin = variant_file(tmp_path, "latin", "", raw="name: latin\ndescription: caf\xe9\n".encode("latin-1"))
    refused(tmp_path, ["variants", "show", latin], [str(latin), "cannot be read"])
    (tmp_path / "folder.yaml").mkdir()
    refused(tmp_path, ["variants", "show", tmp_path / "folder.yaml"], ["is a folder"])
    refused(tmp_path, ["variants", "show", tmp_path / "absent.yaml"], ["absent.yaml", "no such variant file"])
    refused(tmp_path, ["compare", "nonsense"], ["nonsense", "unknown variant"])
    variant_file(tmp_path, "a", "name: a\n" + HEAD + "extends: b\n")
    variant_file(tmp_path, "b", "name: b\n" + HEAD + "extends: a\n")
    refused(tmp_path, ["variants", "show", tmp_path / "a.yaml"], ["cycle: a -> b -> a"])
    big = variant_file(tmp_path, "big", "name: big\n" + HEAD + "#" + "x" * 300_000 + "\n")
    refused(tmp_path, ["variants", "show", big], ["far too large for a variant file"])


# --- the command line: every option checked before anything is written or played ------------------------------
@pytest.mark.parametrize(
    "args, words",
    [
        (["compare", "default", "--games", 0], "--games must be at least 1"),
        (["compare", "default", "--games", 10**30], "more than any machine could play"),
        (["compare", "default", "--workers", 0], "--workers must be from 1"),
        (["compare", "default", "--batch-size", 5], "--batch-size must be from 100"),
        (["compare", "default", "--max-games", 5000], "--max-games only applies with --precision"),
        (["compare", "default", "--margin", 5], "--margin is a share"),
        (["compare", "default", "--precision", 2], "--precision must be from"),
        (["compare", "default", "--bots", "nobody"], "unknown bot 'nobody'"),
        (["compare", "default", "--bots", "A=counter"], "give both sides"),
        (["compare", "default", "--bots", "random,heavy"], "one per seat (4), not 2"),
        (["compare", "default", "target-100", "--baseline", "olympic"], "--baseline 'olympic' is not among"),
        (["compare", "default", "--seed", 2**70], "--seed must fit in 64 bits"),
        (["compare"], "give the variants to compare"),
        (["compare", "default", "--csv"], "give --out DIR"),
        (["compare", "default", "--bots-matrix", "random"], "--bots-matrix needs at least two bots"),
        (["play", "default", "--games", 0], "--games must be from 1"),
        (["play", "default", "--game-seed", -1], "--game-seed must be from 0"),
        (["play", "solo-3", "--bots", "A=counter,B=random"], "exist only in pair games"),
        (["duel", "counter", "foo"], "the bot of side B: unknown bot 'foo'"),
        (["duel", "heavy", "random", "--variant", "solo-3", "--games", 10], "pair games"),
        (["duel", "heavy", "random", "--games", 1], "--games must be from 2"),
        (["summarize", "nowhere-at-all"], "no such results folder"),
        # the backend's options, checked alike by compare and sweep (cluster.check_backend_options; atlas: test_atlas)
        (["compare", "default", "--scheduler", "tcp://127.0.0.1:1", "--cluster", "local:2"], "not both"),
        (["compare", "default", "--connect-timeout", 5], "give it with --scheduler"),
        (["sweep", "default", "--vary", "threshold=once,none", "--connect-timeout", 5], "give it with --scheduler"),
        (["sweep", "default", "--vary", "threshold=once,none", "--cluster", "local:0"], "--cluster"),
    ],
)
def test_bad_options(tmp_path, args, words):
    refused(tmp_path, args, words)


def test_nothing_is_created_before_every_option_is_checked(tmp_path):
    out = tmp_path / "out"
    refused(tmp_path, ["compare", "default", "--lang", "xx", "--out", out], "--lang must be ru or en")
    assert not out.exists()
    (tmp_path / "folder.html").mkdir()
    refused(tmp_path, ["compare", "default", "--report", tmp_path / "folder.html", "--out", out], "is a folder")
    assert not out.exists()
    refused(tmp_path, ["compare", "default", "--report", tmp_path / "no" / "such" / "r.html"], "does not exist")
    refused(tmp_path, ["report", tmp_path, "-o", tmp_path / "no" / "r.html"], "does not exist")


def test_existing_files_are_never_overwritten(tmp_path):
    report = tmp_path / "old.html"
    report.write_text("earlier report")
    refused(tmp_path, ["compare", "default", "--games", 100, "--report", report], ["old.html", "the file exists"])
    trace = tmp_path / "old.jsonl"
    trace.write_text("earlier records\n")
    refused(tmp_path, ["play", "default", "--trace", trace], ["old.jsonl", "--force"])


def test_a_results_folder_is_refused_unless_force(tmp_path):
    run = tmp_path / "run"
    code, out = run_cli("compare", "default", "target-100", "--games", 500, "--workers", 1, "--out", run, "--csv")
    assert code == 0, out
    (run / "my-notes.txt").write_text("mine")
    refused(tmp_path, ["compare", "default", "--games", 100, "--out", run], ["already holds a run", "--force"])
    code, out = run_cli("compare", "default", "--games", 300, "--workers", 1, "--out", run, "--force")
    assert code == 0, out
    assert (run / "my-notes.txt").read_text() == "mine"  # --force removes that run's files, and only them
    assert not (run / "by_deal.csv").exists()  # nothing of the earlier run is left beside the new one
    assert json.loads((run / "summary.json").read_text())["meta"]["games_per_variant"] == 300
    refused(tmp_path, ["compare", "--resume", run], "that run is complete")
    refused(tmp_path, ["compare", "--resume", run, "default"], "give no variants with it")
    refused(tmp_path, ["compare", "--resume", tmp_path / "empty-nothing"], "no such results folder")


def test_a_closed_pipe_ends_quietly():
    proc = subprocess.run(
        f"{sys.executable} -m kozel_stats variants | head -1", shell=True, capture_output=True, text=True
    )
    assert proc.stderr == "" and proc.stdout.count("\n") == 1


# --- results folders from the outside world ----------------------------------------------------------------------
@pytest.fixture(scope="module")
def good_run(tmp_path_factory):
    run = tmp_path_factory.mktemp("good") / "run"
    code, out = run_cli("compare", "default", "target-100", "--games", 400, "--workers", 1, "--out", run)
    assert code == 0, out
    return run


def damaged(tmp_path: Path, good_run: Path, change) -> Path:
    run = tmp_path / "run"
    shutil.copytree(good_run, run)
    change(run)
    return run


def stats_edit(edit):
    def change(run):
        data = json.loads((run / "stats.json").read_text())
        edit(data)
        (run / "stats.json").write_text(json.dumps(data))

    return change


@pytest.mark.parametrize(
    "case, change, words",
    [
        ("not json", lambda r: (r / "stats.json").write_text("{oops"), "not valid JSON"),
        ("deep", lambda r: (r / "stats.json").write_text("[" * 100000 + "]" * 100000), "not valid JSON"),
        ("format", stats_edit(lambda d: d.update(format="other/9")), "is not 'kozel-results/2'"),
        ("shape", stats_edit(lambda d: d["stats"]["arms"][0].update(sx=[1, 2])), "'stats.arms[0].sx' must be a list"),
        ("missing arms", stats_edit(lambda d: d.pop("arms")), "field 'arms' is missing"),
        (
            "older metrics",  # saved before a metric was added: not damaged, another version's
            stats_edit(lambda d: d["stats"]["metrics"].remove("hanging_rate")),
            "with other metrics than this version's (new here: hanging_rate). It is not damaged",
        ),
        ("bad knob", stats_edit(lambda d: d["arms"][0]["rules"].update(target="lots")), "'target'"),
        ("no games", stats_edit(lambda d: d["stats"].update(games=0)), "holds no finished games"),
        ("summary", lambda r: (r / "summary.json").write_text("[1, 2"), "not valid JSON"),
        ("gone", lambda r: (r / "stats.json").unlink(), "stats.json: missing"),
    ],
)
def test_damaged_results_folders(tmp_path, good_run, case, change, words):
    run = damaged(tmp_path, good_run, change)
    refused(tmp_path, ["summarize", run], words)
    refused(tmp_path, ["report", run, "-o", tmp_path / "r.html"], words)


def legacy_folder(tmp_path: Path, frame: pl.DataFrame) -> Path:
    run = tmp_path / "legacy"
    run.mkdir()
    frame.write_parquet(run / "games.parquet")
    return run


def legacy_games(n: int, variant: str, first: int = 0) -> pl.DataFrame:
    from kozel_stats.stats.metrics import STORED

    cols = {c: [1] * n for c in STORED}
    cols.update(deals=[5] * n, loser=[0] * n, naked=[False] * n, bald=[False] * n, general=[False] * n)
    return pl.DataFrame(
        {"variant": [variant] * n, "game": list(range(first, first + n)), "bots": ["random"] * n, **cols}
    )


def test_legacy_games_tables_are_checked(tmp_path):
    bad_type = legacy_games(10, "default").with_columns(pl.col("fishes").cast(pl.String))
    refused(tmp_path, ["summarize", legacy_folder(tmp_path, bad_type)], ["'fishes'", "expected integers"])
    shutil.rmtree(tmp_path / "legacy")
    nulls = legacy_games(10, "default").with_columns(
        pl.when(pl.col("game") == 3).then(None).otherwise(pl.col("deals")).alias("deals")
    )
    refused(tmp_path, ["summarize", legacy_folder(tmp_path, nulls)], ["'deals'", "1 missing values"])
    shutil.rmtree(tmp_path / "legacy")
    missing = legacy_games(10, "default").drop("eggs")
    refused(tmp_path, ["summarize", legacy_folder(tmp_path, missing)], ["missing columns eggs"])


def test_legacy_tables_without_a_later_column_have_no_data_for_its_metric(tmp_path):
    """A folder from before the leader's-advantage column: its other metrics are computed; that one is
    "no data" (not a false 0%)."""
    from kozel_stats.cli.commands import analysis_of

    frame = pl.concat([legacy_games(30, "default"), legacy_games(30, "other")]).drop("leader_wins")
    meta, analysis = analysis_of(legacy_folder(tmp_path, frame), None)
    leader = next(e for e in analysis.estimates["default"] if e.metric == "leader_win_share")
    fish = next(e for e in analysis.estimates["default"] if e.metric == "fish_rate")
    assert math.isnan(leader.value) and fish.value == pytest.approx(0.2)  # 1 fish in 5 deals
    code, out = run_cli("summarize", tmp_path / "legacy")
    assert code == 0, out


def test_unequal_games_are_said_to_be_unpaired(tmp_path):
    frame = pl.concat([legacy_games(30, "default"), legacy_games(20, "other", first=100)])
    code, out = run_cli("summarize", legacy_folder(tmp_path, frame))
    assert code == 0 and "unpaired" in out, out


# --- game records from the outside world ---------------------------------------------------------------------------
@pytest.fixture(scope="module")
def record_line(tmp_path_factory):
    trace = tmp_path_factory.mktemp("rec") / "one.jsonl"
    code, out = run_cli("play", "default", "--seed", 3, "--trace", trace, "-q")
    assert code == 0, out
    return trace.read_text().strip()


def record_with(record_line, edit) -> str:
    record = json.loads(record_line)
    edit(record)
    return json.dumps(record)


@pytest.mark.parametrize(
    "case, make, words, code",
    [
        ("not json", lambda r: "{nope", "not valid JSON", 2),
        ("deep", lambda r: "[" * 100000 + "]" * 100000, "line 1", 2),
        ("not an object", lambda r: "[1, 2]", "must be a JSON object", 2),
        (
            "huge seat",
            lambda r: record_with(r, lambda x: x["deals"][0]["events"][0].update(p=10**30)),
            "field 'p' must be from 0 to 3",
            2,
        ),
        (
            "huge redeals",
            lambda r: record_with(r, lambda x: x["deals"][0].update(redeals=10**40)),
            "field 'redeals' must be from 0",
            2,
        ),
        (
            "bad tile",
            lambda r: record_with(r, lambda x: x["deals"][0]["hands"][0].__setitem__(0, "77")),
            "not a tile",
            2,
        ),
        ("missing field", lambda r: record_with(r, lambda x: x["deals"][0].pop("events")), "missing field 'events'", 2),
        ("bad at", lambda r: record_with(r, lambda x: x["deals"][0]["events"][1].update(at=[9])), "'at' values", 2),
        ("wrong format", lambda r: record_with(r, lambda x: x.update(format="other")), "field 'format'", 2),
        (
            "breaks the rules",
            lambda r: record_with(r, lambda x: x["deals"][0].update(written=[999, 0])),
            "written is [999, 0]",
            1,
        ),
    ],
)
def test_hostile_records(tmp_path, record_line, case, make, words, code):
    path = tmp_path / "bad.jsonl"
    path.write_text(make(record_line) + "\n")
    refused(tmp_path, ["replay", path], words, code=code)


# --- a full disk (a small tmpfs; needs root) -------------------------------------------------------------------------
@pytest.fixture
def full_disk(tmp_path):
    mount = tmp_path / "small"
    mount.mkdir()
    if (
        shutil.which("mount") is None
        or subprocess.run(["id", "-u"], capture_output=True, text=True).stdout.strip() != "0"
    ):
        pytest.skip("mounting a small tmpfs needs root (a full disk is simulated with one)")
    done = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=256k", "tmpfs", str(mount)], capture_output=True)
    if done.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here: {done.stderr.decode().strip()}")
    try:
        yield mount
    finally:
        subprocess.run(["umount", "-l", str(mount)], capture_output=True)


def test_a_full_disk_is_one_clear_error_and_keeps_earlier_files(tmp_path, full_disk):
    earlier = full_disk / "earlier.txt"
    earlier.write_text("keep me")
    (full_disk / "filler").write_bytes(b"\0" * 150_000)
    refused(
        full_disk,
        [
            "compare",
            "default",
            "target-100",
            "--games",
            2000,
            "--workers",
            1,
            "--out",
            full_disk / "run",
            "--games-table",
            "--deals",
        ],
        "no space left",
    )
    assert earlier.read_text() == "keep me"
    assert not list(full_disk.rglob("*.partial"))
    out = refused(
        full_disk, ["play", "default", "--games", 200, "--trace", full_disk / "games.jsonl", "-q"], "no space left"
    )
    assert "games.jsonl" in out
    lines = (full_disk / "games.jsonl").read_text().splitlines() if (full_disk / "games.jsonl").exists() else []
    assert all(json.loads(line)["format"] == "kozel-trace/1" for line in lines)  # whole records only


def test_a_full_disk_never_leaves_half_a_report(tmp_path, full_disk, good_run):
    (full_disk / "filler").write_bytes(b"\0" * 200_000)
    report = full_disk / "r.html"
    refused(full_disk, ["report", good_run, "-o", report], "no space left")
    assert not report.exists() and not list(full_disk.glob(".*partial"))


def test_a_signal_during_a_write_waits_for_the_write():
    """signals.protected: Ctrl-C (or SIGTERM) inside a write is raised only when the write is over;
    a second one is handled like the first."""
    import os
    import signal

    from kozel_stats.system import signals

    old = signal.getsignal(signal.SIGINT), signal.getsignal(signal.SIGTERM)
    signals.install()
    try:
        steps = []
        with pytest.raises(KeyboardInterrupt), signals.protected():
            os.kill(os.getpid(), signal.SIGINT)
            steps.append("after the first")
            os.kill(os.getpid(), signal.SIGTERM)
            steps.append("after the second")
        assert steps == ["after the first", "after the second"] and signals.received() == "Ctrl-C"
        signals.clear()
        with pytest.raises(KeyboardInterrupt), signals.interruptible():  # the games themselves stop at once
            os.kill(os.getpid(), signal.SIGINT)
            steps.append("never")
        assert "never" not in steps
    finally:
        signals.clear()
        signal.signal(signal.SIGINT, old[0])
        signal.signal(signal.SIGTERM, old[1])


# --- one run per results folder (issue 28) --------------------------------------------------------------------------
def until(condition, what: str, timeout: float = 300.0) -> None:
    """Poll `condition` until it holds (never a fixed sleep), failing with `what` after `timeout` s."""
    import time

    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        time.sleep(0.05)


def start_cli(*args, output=subprocess.PIPE) -> subprocess.Popen:
    return subprocess.Popen(
        [sys.executable, "-m", "kozel_stats", *[str(a) for a in args]],
        stdout=output,
        stderr=output,
        text=True,
    )


LONG_RUN = ["default", "--games", 5_000_000, "--batch-size", 5000, "--workers", 1, "--seed", 1]


def test_two_runs_into_one_folder_the_second_is_refused_naming_the_owner(tmp_path):
    import signal

    run = tmp_path / "run"
    first = start_cli("compare", *LONG_RUN, "--out", run)
    try:
        lock = run / ".kozel-stats.lock"
        until(lambda: lock.exists() and lock.stat().st_size > 0 or first.poll() is not None, "the first run's lock")
        assert first.poll() is None, first.communicate()
        for args in (
            ["compare", "default", "no-threshold", "--games", 300, "--seed", 2, "--workers", 1, "--out", run],
            ["compare", "default", "--games", 300, "--workers", 1, "--out", run, "--force"],
            ["compare", "--resume", run],
            ["sweep", "default", "--vary", "target=101,125", "--games", 200, "--workers", 1, "--out", run],
        ):
            # (not `refused`: the first run writes its checkpoints into the folder meanwhile)
            code, out = run_cli(*args)
            assert code == 2, (args, out)
            for words in (str(run), "another kozel-stats run is writing", f"pid {first.pid}", "nothing was played"):
                assert words in out, (args, out)
            assert "Traceback" not in out and "internal error" not in out, out
    finally:
        first.send_signal(signal.SIGTERM)
        said = first.communicate(timeout=300)
    assert first.returncode == 2, said  # what it said, should a rare race ever end it otherwise
    assert not (run / ".kozel-stats.lock").exists()  # the run that ended gave the folder up
    code, out = run_cli("compare", "default", "--games", 200, "--workers", 1, "--out", run, "--force")
    assert code == 0, out


def test_a_stale_lock_is_taken_over_with_a_notice(tmp_path):
    import socket

    gone = subprocess.Popen([sys.executable, "-c", "pass"])
    gone.wait()
    run = tmp_path / "run"
    run.mkdir()
    owner = {"pid": gone.pid, "host": socket.gethostname(), "started": "2026-01-01 00:00:00 UTC"}
    (run / ".kozel-stats.lock").write_text(json.dumps(owner))
    code, out = run_cli("compare", "default", "--games", 200, "--workers", 1, "--out", run)
    assert code == 0, out
    assert f"pid {gone.pid}" in out and "no longer running" in out and "takes the folder over" in out
    assert not (run / ".kozel-stats.lock").exists() and (run / "summary.json").exists()


def test_force_replaces_only_a_regular_file(tmp_path, good_run):
    import os

    fifo = tmp_path / "pipe.html"
    os.mkfifo(fifo)
    refused(tmp_path, ["report", good_run, "-o", fifo, "--force"], [str(fifo), "not a regular file"])
    assert fifo.is_fifo()
    outside = tmp_path / "outside.txt"
    outside.write_text("not yours")
    link = tmp_path / "link.html"
    link.symlink_to(outside)
    refused(tmp_path, ["report", good_run, "-o", link, "--force"], [str(link), "symbolic link"])
    assert link.is_symlink() and outside.read_text() == "not yours"
    if os.path.exists("/dev/null") and os.access("/dev/null", os.W_OK):
        refused(tmp_path, ["report", good_run, "-o", "/dev/null", "--force"], ["/dev/null", "a device"])
        assert Path("/dev/null").is_char_device()


def test_force_replaces_only_a_results_folder_it_recognises(tmp_path):
    other = tmp_path / "other"
    other.mkdir()
    (other / "summary.json").write_text('{"someone": "else"}')
    refused(tmp_path, ["compare", "default", "--games", 100, "--out", other, "--force"], ["not written by kozel-stats"])
    assert (other / "summary.json").read_text() == '{"someone": "else"}'

    run = tmp_path / "run"
    code, out = run_cli("compare", "default", "--games", 200, "--workers", 1, "--out", run)
    assert code == 0, out
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "keep.txt").write_text("keep")
    (run / "games").symlink_to(outside)
    refused(tmp_path, ["compare", "default", "--games", 100, "--out", run, "--force"], ["symbolic link"])
    assert (outside / "keep.txt").read_text() == "keep"


def test_force_on_a_sweep_folder_leaves_nothing_of_the_earlier_run(tmp_path):
    run = tmp_path / "sweep"
    args = ["sweep", "default", "--vary", "target=101,125", "--games", 200, "--workers", 1, "--out", run]
    code, out = run_cli(*args, "--csv")
    assert code == 0, out
    assert (run / "cells.csv").exists() and (run / "effects.csv").exists()
    (run / "mine.txt").write_text("mine")
    code, out = run_cli(*args, "--force")
    assert code == 0, out
    assert not (run / "cells.csv").exists() and not (run / "effects.csv").exists()
    assert (run / "cells.parquet").exists() and (run / "mine.txt").read_text() == "mine"


# --- kill -9 of the command: its workers end at once ------------------------------------------------------------
@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads the process table from /proc")
def test_kill_9_of_the_command_ends_its_workers_at_once(tmp_path):
    """The workers notice that their parent is gone and end within seconds, not after their batch (a
    batch of 2,000 sampler games takes a minute or more)."""
    import os
    import signal
    import time

    args = ["compare", "default", "--bots", "sampler", "--games", 100_000, "--batch-size", 2000, "--workers", 2]
    main = start_cli(*args, output=subprocess.DEVNULL)  # no pipe a lingering worker could hold open
    try:
        until(lambda: len(children_of(main.pid)) >= 2 or main.poll() is not None, "the workers to start")
        workers = children_of(main.pid)
        assert main.poll() is None and len(workers) >= 2
        main.send_signal(signal.SIGKILL)
        main.wait()
        killed = time.monotonic()
        try:
            until(lambda: not any(alive(w) for w in workers), "the workers to end", timeout=10)
        finally:
            for pid in workers:  # never leave one behind, whatever the outcome
                if alive(pid):
                    os.kill(pid, signal.SIGKILL)
        assert time.monotonic() - killed < 10, "the workers outlived their parent"
    finally:
        if main.poll() is None:
            main.kill()
        main.wait()


# --- a signal after the run is complete -----------------------------------------------------------------------------
@pytest.fixture
def installed_signals():
    import signal

    from kozel_stats.system import signals

    old = signal.getsignal(signal.SIGINT), signal.getsignal(signal.SIGTERM)
    signals.install()
    try:
        yield
    finally:
        signals.clear()
        signals._installed = False
        signal.signal(signal.SIGINT, old[0])
        signal.signal(signal.SIGTERM, old[1])


def signal_after(module, name: str, monkeypatch, signum=None) -> None:
    """`module.name` does its work, then the process receives a signal (Ctrl-C by default)."""
    import os
    import signal

    original = getattr(module, name)

    def then_signal(*args, **kwargs):
        value = original(*args, **kwargs)
        os.kill(os.getpid(), signum or signal.SIGINT)
        return value

    monkeypatch.setattr(module, name, then_signal)


@pytest.mark.parametrize("when", ["after the save", "while printing"])
def test_a_signal_after_the_results_are_written_ends_the_run_as_finished(
    tmp_path, monkeypatch, installed_signals, when
):
    import signal

    from kozel_stats.present import tables
    from kozel_stats.results import folders as results

    if when == "after the save":
        signal_after(results, "save", monkeypatch, signal.SIGTERM)
    else:
        signal_after(tables, "print_analysis", monkeypatch)
    run = tmp_path / "run"
    code, out = run_cli("compare", "default", "--games", 200, "--workers", 1, "--out", run)
    assert code == 0, out
    assert "received after the run was complete" in out and "interrupted" not in out
    saved = json.loads((run / "stats.json").read_text())
    assert saved["complete"] and saved["stats"]["games"] == 200


def test_a_signal_after_a_sweep_is_written_ends_it_as_finished(tmp_path, monkeypatch, installed_signals):
    from kozel_stats.answers import sweep

    signal_after(sweep, "save", monkeypatch)
    run = tmp_path / "run"
    code, out = run_cli("sweep", "default", "--vary", "target=101,125", "--games", 200, "--workers", 1, "--out", run)
    assert code == 0, out
    assert "received after the run was complete" in out and "interrupted" not in out


# --- --resume is exact -----------------------------------------------------------------------------------------------
def derived(run: Path) -> dict:
    summary = json.loads((run / "summary.json").read_text())
    return {k: v for k, v in summary.items() if k not in ("meta", "notes")}


def test_a_resumed_sweep_gives_every_derived_number_bit_for_bit(tmp_path):
    """The interaction estimates of summary.json come from the sums in a fixed order: a sweep played in one
    go, and the same sweep played in two parts with other batches, have the same summary to the last bit."""
    args = ["sweep", "default", "--vary", "threshold=once,none", "--vary", "target=101,125", "--seed", 3]
    code, out = run_cli(*args, "--games", 1200, "--batch-size", 200, "--workers", 1, "--out", tmp_path / "one")
    assert code == 0, out
    code, out = run_cli(*args, "--games", 500, "--batch-size", 100, "--workers", 1, "--out", tmp_path / "two")
    assert code == 0, out
    code, out = run_cli("sweep", "--resume", tmp_path / "two", "--games", 1200, "--batch-size", 300, "--workers", 2)
    assert code == 0, out
    one, two = derived(tmp_path / "one"), derived(tmp_path / "two")
    assert (
        json.loads((tmp_path / "one" / "stats.json").read_text())["stats"]
        == json.loads((tmp_path / "two" / "stats.json").read_text())["stats"]
    )
    assert one == two


def test_a_variant_file_changed_before_resume_is_named_and_the_saved_rules_play(tmp_path):
    mine = variant_file(tmp_path, "mine", "name: mine\n" + HEAD + "extends: default\nrules: {target: 125}\n")
    run = tmp_path / "run"
    code, out = run_cli("compare", "default", mine, "--games", 300, "--workers", 1, "--out", run)
    assert code == 0, out
    mine.write_text("name: mine\n" + HEAD + "extends: default\nrules: {target: 150}\n")
    code, out = run_cli("compare", "--resume", run, "--games", 600, "--workers", 1)
    assert code == 0, out
    assert "variant mine" in out and str(mine) in out and "target 125 -> 150" in out and "saved in" in out
    saved = json.loads((run / "stats.json").read_text())
    assert saved["arms"][1]["rules"]["target"] == 125 and saved["stats"]["games"] == 600

    sweep = tmp_path / "sweep"
    args = ["sweep", mine, "--vary", "threshold=once,none", "--games", 200, "--workers", 1, "--out", sweep]
    code, out = run_cli(*args)
    assert code == 0, out
    mine.unlink()
    code, out = run_cli("sweep", "--resume", sweep, "--games", 400, "--workers", 1)
    assert code == 0, out
    assert "variant mine" in out and "cannot be loaded now" in out


# --- every field of a results folder is checked by one schema -------------------------------------------------------
def summary_edit(edit):
    def change(run):
        data = json.loads((run / "summary.json").read_text())
        data = edit(data) or data
        (run / "summary.json").write_text(json.dumps(data))

    return change


def set_in(path: list, value):
    def edit(d):
        for key in path[:-1]:
            d = d[key]
        d[path[-1]] = value

    return edit


SCHEMA_CASES = {
    "summary is a list": (lambda r: (r / "summary.json").write_text("[]"), ["summary.json", "must be a JSON object"]),
    "meta bots a number": (summary_edit(set_in(["meta", "bots"], 5)), ["summary.json", "'meta.bots'", "a list"]),
    "meta seed text": (summary_edit(set_in(["meta", "seed"], "x")), ["summary.json", "'meta.seed'", "an integer"]),
    "meta variant name": (
        summary_edit(set_in(["meta", "variants", 0, "name"], 3)),
        ["summary.json", "'meta.variants[0].name'", "a string"],
    ),
    "sx as text": (stats_edit(set_in(["stats", "arms", 0, "sx"], "abc")), ["stats.json", "'stats.arms[0].sx'"]),
    "deals_hist a list": (
        stats_edit(set_in(["stats", "arms", 1, "deals_hist"], [1, 2])),
        ["stats.json", "'stats.arms[1].deals_hist'", "an object"],
    ),
    "ragged by_deal": (
        stats_edit(set_in(["stats", "arms", 0, "by_deal", 3], [1, 2])),
        ["stats.json", "'stats.arms[0].by_deal[3]'", "3 values, not of 2"],
    ),
    "NaN in the sums": (
        stats_edit(set_in(["stats", "pairs", 0, "sxx", 2], math.nan)),
        ["stats.json", "'stats.pairs[0].sxx[2]'", "nan"],
    ),
    "NaN games": (stats_edit(set_in(["stats", "games"], math.nan)), ["stats.json", "'stats.games'", "nan"]),
    "huge sum": (
        lambda r: (r / "stats.json").write_text(
            re.sub(r'"sx":\s*\[\s*-?\d+', '"sx": [' + "9" * 5000, (r / "stats.json").read_text(), count=1)
        ),
        ["stats.json", "'stats.arms[0].sx", "5,000 digits"],
    ),
    "seed text": (stats_edit(set_in(["seed"], "one")), ["stats.json", "'seed'", "an integer"]),
    "bots not a list": (stats_edit(set_in(["arms", 0, "bots"], "random")), ["stats.json", "'arms[0].bots'"]),
}


@pytest.mark.parametrize("case", sorted(SCHEMA_CASES))
def test_every_field_of_a_results_folder_is_checked(tmp_path, good_run, case):
    change, words = SCHEMA_CASES[case]
    run = damaged(tmp_path, good_run, change)
    refused(tmp_path, ["summarize", run], words)
    refused(tmp_path, ["report", run, "-o", tmp_path / "r.html"], words)
    refused(tmp_path, ["compare", "--resume", run, "--games", 800, "--workers", 1], words)


@pytest.fixture(scope="module")
def good_sweep(tmp_path_factory):
    run = tmp_path_factory.mktemp("sweep") / "run"
    code, out = run_cli("sweep", "default", "--vary", "target=101,125", "--games", 200, "--workers", 1, "--out", run)
    assert code == 0, out
    return run


@pytest.mark.parametrize(
    "change, words",
    [
        (stats_edit(set_in(["games"], "many")), ["stats.json", "field 'games'", "'many'"]),
        (stats_edit(set_in(["sweep", "total"], None)), ["stats.json", "'sweep.total'"]),
        (stats_edit(set_in(["sweep", "factors", 0, "levels"], 7)), ["stats.json", "'sweep.factors[0].levels'"]),
        (stats_edit(set_in(["stats", "gram", "upper", 0], 0.5)), ["stats.json", "'stats.gram.upper[0]'"]),
        (summary_edit(set_in(["meta", "interrupted"], "no")), ["summary.json", "'meta.interrupted'"]),
    ],
)
def test_every_field_of_a_sweep_folder_is_checked(tmp_path, good_sweep, change, words):
    run = damaged(tmp_path, good_sweep, change)
    refused(tmp_path, ["summarize", run], words)
    refused(tmp_path, ["report", run, "-o", tmp_path / "r.html"], words)
    refused(tmp_path, ["sweep", "--resume", run, "--games", 400, "--workers", 1], words)


# --- odd names, grids and records -------------------------------------------------------------------------------------
def long_valid_name() -> str:
    from kozel_stats.rules.variants import DEFAULTS, KNOBS, format_knob_value

    name = "default+" + "+".join(f"{k.name}={format_knob_value(DEFAULTS[k.name])}" for k in KNOBS)
    assert len(name) > 255
    return name


def test_a_valid_changed_name_longer_than_a_file_name_loads():
    code, out = run_cli("variants", "show", long_valid_name())
    assert code == 0 and "File name too long" not in out, out


@pytest.mark.parametrize(
    "spec, words",
    [
        ("default+target=101+target=125", ["'target' is given twice"]),
        ("+target=125", ["no base variant before the first '+'"]),
        ("default+target=" + "9" * 3000, ["3,015 characters", "'target'"]),
        ("default+" + "x" * 5000 + "=1", ["5,010 characters", "is not knob=value"]),
        ("nowhere" + "y" * 5000, ["5,007 characters", "unknown variant"]),
    ],
)
def test_odd_changed_variant_names(tmp_path, spec, words):
    out = refused(tmp_path, ["variants", "show", spec], words)
    assert not any(c * 200 in out for c in "9xy"), out  # a short excerpt of a huge argument, never all of it
    assert "is a folder" not in out


@pytest.mark.parametrize(
    "vary, words",
    [
        (["threshold=once,,none"], ["--vary", "'threshold'", "an empty value"]),
        (["threshold=once,none,"], ["an empty value"]),
        (["threshold=once,none,once"], ["the value 'once' of 'threshold' is given twice"]),
        (["solo_eggs=one-hand,none"], ["only one cell", "default+solo_eggs=one-hand", "'solo_eggs'", "pairs: false"]),
    ],
)
def test_impossible_or_odd_grids_say_which_knob_and_why(tmp_path, vary, words):
    args = ["sweep", "default", *[a for v in vary for a in ("--vary", v)], "--games", 100, "--workers", 1]
    refused(tmp_path, args, words)


def test_a_skipped_cell_is_shown_with_its_reason(tmp_path):
    args = ["sweep", "default", "--vary", "pairs=true,false", "--vary", "solo_eggs=none,one-hand"]
    code, out = run_cli(*args, "--games", 100, "--workers", 1)
    assert code == 0, out
    assert "skipped: default+solo_eggs=one-hand (key 'solo_eggs'" in " ".join(out.split())


def test_an_alias_bomb_inside_a_knob_names_the_knob(tmp_path):
    body = "name: bomb\n" + HEAD + 'a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]\n' + LAUGHS
    path = variant_file(tmp_path, "bomb", body + "rules:\n  target: *i\n")
    refused(tmp_path, ["variants", "show", path], [str(path), "more than 10,000 values", "the knob 'target'"])


@pytest.mark.parametrize(
    "make, words",
    [
        (lambda r: r.replace('"seed":', '"seed":' + "9" * 5000 + ',"x":', 1), ["line 1", "5,000 digits"]),
        (lambda r: r + "\n" + r.replace('"variant":"default"', '"variant":"no-such-rules"'), ["line 2", "'variant'"]),
        (lambda r: r.replace('"variant":"default"', '"variant":"' + "z" * 300 + '+target=5"'), ["line 1", "'variant'"]),
    ],
)
def test_records_with_huge_numbers_or_unknown_variants_name_the_line(tmp_path, record_line, make, words):
    path = tmp_path / "odd.jsonl"
    path.write_text(make(record_line) + "\n")
    refused(tmp_path, ["replay", path], [str(path), *words])


# --- --resume checks what it will need before playing, and leaves no files that disagree ------------------------------
def test_resume_with_a_damaged_games_table_part_is_refused_before_playing(tmp_path):
    run = tmp_path / "run"
    args = ["compare", "default", "--games", 400, "--batch-size", 200, "--workers", 1, "--games-table"]
    code, out = run_cli(*args, "--out", run)
    assert code == 0, out
    part = sorted((run / "games").glob("part-*.parquet"))[0]
    part.write_bytes(b"PAR1 this is not a parquet file PAR1")
    refused(tmp_path, ["compare", "--resume", run, "--games", 800, "--workers", 1, "--csv"], [str(part), "damaged"])
    saved = json.loads((run / "stats.json").read_text())
    summary = json.loads((run / "summary.json").read_text())
    assert saved["stats"]["games"] == summary["meta"]["games_per_variant"] == 400


def test_resume_keeps_the_tables_and_csv_copies_with_the_statistics(tmp_path):
    run = tmp_path / "run"
    args = ["compare", "default", "--games", 400, "--batch-size", 200, "--workers", 1, "--games-table", "--csv"]
    code, out = run_cli(*args, "--out", run)
    assert code == 0, out
    code, out = run_cli("compare", "--resume", run, "--games", 800, "--workers", 1)  # neither option again
    assert code == 0, out
    assert len(list((run / "games").glob("part-*.parquet"))) == len(list((run / "games").glob("part-*.csv"))) == 4
    by_deal = pl.read_csv(run / "by_deal.csv")
    assert by_deal.equals(pl.read_parquet(run / "by_deal.parquet"))
    assert pl.read_csv(run / "by_deal.csv")["games"][0] == 800


def test_a_report_or_record_never_replaces_a_runs_own_files(tmp_path, good_run):
    run = tmp_path / "run"
    shutil.copytree(good_run, run)
    for args in (
        ["report", run, "-o", run / "summary.json", "--force"],
        ["play", "default", "--trace", run / "stats.json", "--force", "-q"],
        ["compare", "default", "--games", 100, "--report", run / "by_deal.parquet", "--force"],
    ):
        refused(tmp_path, args, ["is a file of the results folder", str(run)])
    code, out = run_cli("report", run, "-o", run / "report.html")  # beside the results: fine
    assert code == 0, out


def test_a_write_never_goes_through_a_link_left_at_its_temporary_name(tmp_path, good_run):
    import os

    outside = tmp_path / "outside.txt"
    outside.write_text("not yours")
    for name in (".r.html.partial", f".r.html.{os.getpid()}.partial"):  # the names a write uses, then and now
        (tmp_path / name).symlink_to(outside)
    code, out = run_cli("report", good_run, "-o", tmp_path / "r.html")
    assert code == 0, out
    assert outside.read_text() == "not yours" and (tmp_path / "r.html").read_text().startswith("<!DOCTYPE html>")


def test_the_half_files_of_a_killed_run_are_removed_by_the_next_owner(tmp_path, good_run):
    run = tmp_path / "run"
    shutil.copytree(good_run, run)
    (run / ".stats.json.4242.partial").write_text('{"half": ')
    (run / ".my-own.partial").write_text("not a run's")
    code, out = run_cli("compare", "--resume", run, "--games", 800, "--workers", 1)
    assert code == 0, out
    assert not (run / ".stats.json.4242.partial").exists() and (run / ".my-own.partial").read_text() == "not a run's"


def test_a_signal_after_a_report_is_written_ends_it_as_finished(tmp_path, good_run, monkeypatch, installed_signals):
    from kozel_stats.present import report

    signal_after(report, "write", monkeypatch)
    code, out = run_cli("report", good_run, "-o", tmp_path / "r.html")
    assert code == 0, out
    assert "received after the report was written: it is whole" in out and "report written to" in out
    assert (tmp_path / "r.html").read_text().startswith("<!DOCTYPE html>")


def test_two_commands_never_write_records_into_one_file(tmp_path):
    import fcntl
    import os

    trace = tmp_path / "games.jsonl"
    trace.write_text("")
    fd = os.open(trace, os.O_RDWR)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)  # as a `play --trace` that is writing there holds it
        refused(tmp_path, ["play", "default", "--trace", trace, "--force", "-q"], [str(trace), "another command"])
    finally:
        os.close(fd)
    code, out = run_cli("play", "default", "--trace", trace, "--force", "-q")
    assert code == 0 and len(trace.read_text().splitlines()) == 1, out


def test_a_signal_after_a_bots_matrix_is_written_ends_it_as_finished(tmp_path, monkeypatch, installed_signals):
    from kozel_stats.results import folders as results

    signal_after(results, "save", monkeypatch)
    run = tmp_path / "run"
    args = ["compare", "default", "--bots-matrix", "random,heavy", "--games", 200, "--workers", 1, "--out", run]
    code, out = run_cli(*args)
    assert code == 0, out
    assert "received after the run was complete" in out and "interrupted" not in out
    assert json.loads((run / "summary.json").read_text())["matrix"]["bots"] == ["random", "heavy"]


def test_reading_a_folder_that_a_run_is_writing_says_so(tmp_path, good_run):
    import fcntl
    import os

    run = tmp_path / "run"
    shutil.copytree(good_run, run)
    lock = run / ".kozel-stats.lock"
    lock.write_text(json.dumps({"pid": 4242, "host": "h", "started": "now"}))
    fd = os.open(lock, os.O_RDWR)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)  # as the run that writes there holds it
        code, out = run_cli("summarize", run)
        assert code == 0 and "a run is writing into" in out and "pid 4242" in out, out
    finally:
        os.close(fd)
    code, out = run_cli("summarize", run)
    assert code == 0 and "a run is writing" not in out, out


# --- the third round (issue 39) -------------------------------------------------------------------------------------
def test_no_write_test_file_outlives_a_full_disk(tmp_path, monkeypatch):
    """A full disk while the folder's write test is written: one clear error, and no 0-byte test file left to
    make the folder look like a run."""
    import errno

    real = Path.write_text

    def full(self, *args, **kwargs):
        if self.name == ".kozel-stats-write-test":
            self.touch()
            raise OSError(errno.ENOSPC, "No space left on device")
        return real(self, *args, **kwargs)

    monkeypatch.setattr(Path, "write_text", full)
    run = tmp_path / "run"
    refused(tmp_path, ["compare", "default", "--games", 100, "--workers", 1, "--out", run], "no space left")
    assert sorted(p.name for p in run.iterdir()) == []


@pytest.mark.parametrize(
    "args",
    [
        ["summarize", "GOOD"],
        ["compare", "default", "target-100", "--games", 200, "--workers", 1],
        ["sweep", "default", "--vary", "target=101,125", "--games", 200, "--workers", 1],
        ["variants"],
        ["play", "default", "-q", "--games", 3],
    ],
    ids=["summarize", "compare", "sweep", "variants", "play"],
)
def test_a_closed_pipe_is_a_normal_end_for_every_command(good_run, args):
    """`… | head -1` whose reader has gone before the first line: exit 0 and no error on stderr (rich's own
    handling exited 1 for the commands that print through it)."""
    import os

    read, write = os.pipe()
    os.close(read)  # the reader is gone before anything is written: every write meets a closed pipe
    try:
        argv = [str(good_run) if a == "GOOD" else str(a) for a in args]
        done = subprocess.run(
            [sys.executable, "-m", "kozel_stats", *argv], stdout=write, stderr=subprocess.PIPE, text=True, timeout=600
        )
    finally:
        os.close(write)
    assert done.returncode == 0, done.stderr
    for word in ("rror", "Traceback", "Exception", "ошибка"):
        assert word not in done.stderr, done.stderr
    read, write = os.pipe()  # `… 2>&1 | head -1`: stderr's reader is gone too (the progress meets it first)
    os.close(read)
    try:
        both = subprocess.run([sys.executable, "-m", "kozel_stats", *argv], stdout=write, stderr=write, timeout=600)
    finally:
        os.close(write)
    assert both.returncode == 0


def test_a_lock_naming_a_live_unrelated_process_is_said_as_it_is(tmp_path):
    """The lock file names a pid that is alive (reused by an unrelated process) but the lock is free: the note
    says so, not «no longer running»; a run on another host likewise."""
    import socket

    run = tmp_path / "run"
    run.mkdir()
    lock = run / ".kozel-stats.lock"
    live = subprocess.Popen([sys.executable, "-c", "import sys; sys.stdin.read()"], stdin=subprocess.PIPE)
    try:
        lock.write_text(json.dumps({"pid": live.pid, "host": socket.gethostname(), "started": "then"}))
        code, out = run_cli("compare", "default", "--games", 200, "--workers", 1, "--out", run, "--lang", "en")
        assert code == 0, out
        assert f"pid {live.pid} is a live process now, but not a run writing into this folder" in out, out
        assert "no longer running" not in out
    finally:
        live.communicate(b"")
    other = tmp_path / "other"
    other.mkdir()
    (other / ".kozel-stats.lock").write_text(json.dumps({"pid": 1, "host": "elsewhere.example", "started": "then"}))
    code, out = run_cli("compare", "default", "--games", 200, "--workers", 1, "--out", other, "--lang", "en")
    assert code == 0 and "a run on another host (pid 1 on elsewhere.example" in out and "no longer running" not in out


def test_a_resumed_run_keeps_each_arms_variant_path(tmp_path):
    """Provenance is part of the result: after --resume stats.json still names the file each variant was
    played from, as the run played in one go does."""
    yard = variant_file(tmp_path, "yard", "name: yard\n" + HEAD + "extends: default\nrules:\n  target: 125\n")
    run = tmp_path / "run"
    code, out = run_cli("compare", "default", yard, "--games", 200, "--workers", 1, "--out", run)
    assert code == 0, out
    first = [a.get("path") for a in json.loads((run / "stats.json").read_text())["arms"]]
    assert first[1] == str(yard.resolve())
    code, out = run_cli("compare", "--resume", run, "--games", 400, "--workers", 1)
    assert code == 0, out
    assert [a.get("path") for a in json.loads((run / "stats.json").read_text())["arms"]] == first


def test_a_russian_file_name_under_an_ascii_locale(tmp_path):
    """LANG=C LC_ALL=C PYTHONUTF8=0: Python gives the file name as undecodable bytes; the name inside the file is
    compared with the name the bytes say in UTF-8, and the answer (which names «Козёл») is printed."""
    import os

    folder = tmp_path / "наш двор"
    folder.mkdir()
    (folder / "наш двор.yaml").write_text(
        "name: наш двор\n" + HEAD + "extends: default\nrules:\n  target: 125\n", encoding="utf-8"
    )
    (folder / "наш двор 2.yaml").write_text(  # extends its sibling by its text name
        "name: наш двор 2\n" + HEAD + "extends: наш двор\nrules:\n  threshold: none\n", encoding="utf-8"
    )
    env = {**os.environ, "LANG": "C", "LC_ALL": "C", "PYTHONUTF8": "0"}
    env.pop("PYTHONIOENCODING", None)
    for spec in ("наш двор/наш двор.yaml", "наш двор"):
        done = subprocess.run(
            [sys.executable, "-m", "kozel_stats", "compare", "default", spec, "--games", "100", "--workers", "1"],
            cwd=tmp_path,
            env=env,
            capture_output=True,
            timeout=600,
        )
        out = done.stdout.decode("utf-8", "replace") + done.stderr.decode("utf-8", "replace")
        assert done.returncode == 0, out
        assert "наш двор" in out and "must equal the file name" not in out and "unknown variant" not in out


def test_a_folder_named_like_a_shipped_variant_does_not_shadow_it(tmp_path, monkeypatch):
    """`compare default morskoy --out morskoy` (the natural name), then `compare default morskoy` there: the
    folder holds no variant files, so the shipped variant is meant, and a note says so."""
    monkeypatch.chdir(tmp_path)
    code, out = run_cli("compare", "default", "morskoy", "--games", 100, "--workers", 1, "--out", "morskoy")
    assert code == 0, out
    code, out = run_cli("compare", "default", "morskoy", "--games", 100, "--workers", 1, "--lang", "en")
    assert code == 0, out
    assert "morskoy is a folder that holds no variant files (*.yaml): morskoy is the shipped variant" in out
    code, out = run_cli("play", "morskoy", "-q", "--lang", "en")
    assert code == 0 and "morskoy is the shipped variant of that name" in out, out
    (tmp_path / "mine").mkdir()  # a folder of no variants that names no shipped one stays an error
    refused(tmp_path, ["compare", "default", "mine", "--games", 100], "folder holds no variant files")


def test_a_levels_run_checkpoints_and_resumes_keeping_every_section(tmp_path, monkeypatch, installed_signals):
    """compare --levels --out checkpoints the lead level while it plays (docs/results.md: every 10 s; here at
    every batch), a Ctrl-C keeps those games, and --resume continues the --levels run (the other levels played
    again: the same games), summary.json's matrix included: bit for bit the run played in one go."""
    from kozel_stats.answers import compare
    from kozel_stats.results import folders as results

    monkeypatch.setattr(compare, "CHECKPOINT_EVERY", 0.0)
    write_stats = results.write_stats
    signal_after(results, "write_stats", monkeypatch)
    args = ["compare", "default", "target-100", "--levels", "beginner,player", "--workers", 1, "--batch-size", 500]
    run = tmp_path / "run"
    code, out = run_cli(*args, "--games", 3000, "--out", run, "--lang", "en")
    assert code == 2 and f"--resume {run}" in out, out
    saved = json.loads((run / "stats.json").read_text())
    assert saved["levels"] == ["beginner", "player"] and not saved["complete"]
    assert 0 < saved["stats"]["games"] < 3000 and set(saved["arms"][0]["bots"]) == {"counter"}
    monkeypatch.setattr(results, "write_stats", write_stats)
    code, out = run_cli("compare", "--resume", run, "--workers", 1)
    assert code == 0, out
    whole = tmp_path / "whole"
    code, out = run_cli(*args, "--games", 3000, "--out", whole)
    assert code == 0, out
    for name in ("stats.json", "summary.json"):
        assert json.loads((run / name).read_text()).keys() == json.loads((whole / name).read_text()).keys()
    resumed, played = (json.loads((d / "summary.json").read_text()) for d in (run, whole))
    assert resumed["matrix"]["rows"] == played["matrix"]["rows"] and resumed["matrix"]["levels"] == [
        "beginner",
        "player",
    ]
    assert (
        json.loads((run / "stats.json").read_text())["stats"] == json.loads((whole / "stats.json").read_text())["stats"]
    )
    code, out = run_cli("compare", "--resume", run, "--games", 4000, "--workers", 1)  # growing it keeps the matrix
    assert code == 0, out
    grown = json.loads((run / "summary.json").read_text())
    assert grown["matrix"]["levels"] == ["beginner", "player"] and grown["meta"]["games_per_variant"] == 4000


def test_a_bots_matrix_folder_is_not_resumed_into_a_plain_run(tmp_path):
    run = tmp_path / "run"
    code, out = run_cli(
        "compare", "default", "--bots-matrix", "random,counter", "--games", 200, "--workers", 1, "--out", run
    )
    assert code == 0, out
    refused(
        tmp_path,
        ["compare", "--resume", run, "--games", 400, "--lang", "en"],
        ["--bots-matrix", "matrix would be lost"],
    )


def test_a_run_killed_before_its_first_checkpoint_is_not_a_dead_end(tmp_path):
    """kill -9 before the first checkpoint leaves the games table's first parts (and a lock file) and no
    stats.json: --resume and summarize say what happened and what to do, and --out DIR --force replaces it
    (it was refused as «not written by kozel-stats»)."""
    run = tmp_path / "run"
    code, out = run_cli("compare", "default", "--games", 200, "--workers", 1, "--out", run, "--games-table")
    assert code == 0, out
    for name in ("stats.json", "summary.json", "by_deal.parquet", "fish_sums.parquet"):
        (run / name).unlink()
    (run / ".kozel-stats.lock").write_text(json.dumps({"pid": 2**22 + 3, "host": "elsewhere"}))
    for args in (["compare", "--resume", run], ["summarize", run]):
        code, out = run_cli(*args, "--lang", "en")
        assert code == 2 and "stopped before its first checkpoint" in out and f"--out {run} --force" in out, out
    code, out = run_cli("compare", "default", "--games", 200, "--workers", 1, "--out", run, "--force")
    assert code == 0, out
    assert json.loads((run / "stats.json").read_text())["complete"] and not (run / "games").exists()


def test_a_killed_run_not_yet_reaped_is_said_to_be_gone(tmp_path):
    """A run killed by kill -9 whose parent has not reaped it yet (a zombie) is not «a live process»."""
    import signal
    import socket

    # a child that waits on its stdin (never a fixed time), killed at once: a zombie until reaped
    zombie = subprocess.Popen([sys.executable, "-c", "import sys; sys.stdin.read()"], stdin=subprocess.PIPE)
    zombie.send_signal(signal.SIGKILL)
    try:
        until(lambda: Path(f"/proc/{zombie.pid}/stat").read_text().rsplit(")", 1)[1].split()[0] == "Z", "a zombie")
        run = tmp_path / "run"
        run.mkdir()
        (run / ".kozel-stats.lock").write_text(json.dumps({"pid": zombie.pid, "host": socket.gethostname()}))
        code, out = run_cli("compare", "default", "--games", 200, "--workers", 1, "--out", run, "--lang", "en")
        assert code == 0 and "no longer running" in out and "live process" not in out, out
    finally:
        zombie.wait()


def test_growing_a_levels_sweep_keeps_its_levels_section(tmp_path):
    """sweep --levels, then --resume --games more: continued as a --levels sweep (summary.json's `levels`
    section kept, was dropped), bit for bit the sweep played in one go."""
    args = ["sweep", "default", "--vary", "target=101,125", "--levels", "beginner,player", "--workers", 1]
    run, whole = tmp_path / "run", tmp_path / "whole"
    code, out = run_cli(*args, "--games", 300, "--out", run)
    assert code == 0, out
    code, out = run_cli("sweep", "--resume", run, "--games", 600, "--workers", 1)
    assert code == 0, out
    code, out = run_cli(*args, "--games", 600, "--out", whole)
    assert code == 0, out
    resumed, played = (json.loads((d / "summary.json").read_text()) for d in (run, whole))
    assert resumed.keys() == played.keys() and resumed["levels"] == played["levels"]
    assert resumed["effects"] == played["effects"]
    assert json.loads((run / "stats.json").read_text())["levels"] == ["beginner", "player"]


def test_a_picture_card_that_cannot_be_copied_leaves_no_temporary_file(tmp_path, monkeypatch):
    """Chromium drew the card, the disk is full when it is copied into place: one clear error, no card and no
    temporary file beside it (a `.tmp` was left behind)."""
    import errno
    import shutil as sh

    from kozel_stats.present import report

    fake = tmp_path / "chromium"
    fake.write_text(
        '#!/bin/sh\nfor a in "$@"; do case $a in --screenshot=*) printf \'PNG\' > "${a#--screenshot=}";; esac; done\n'
    )
    fake.chmod(0o755)
    monkeypatch.setattr(report, "chromium", lambda: str(fake))
    real = sh.copyfile

    def full(src, dst, *args, **kwargs):
        if str(dst).startswith(str(tmp_path / "out")):
            Path(dst).write_bytes(b"PN")
            raise OSError(errno.ENOSPC, "No space left on device")
        return real(src, dst, *args, **kwargs)

    monkeypatch.setattr(sh, "copyfile", full)
    (tmp_path / "out").mkdir()
    card = tmp_path / "out" / "card.png"
    code, out = run_cli("compare", "default", "target-100", "--games", 100, "--workers", 1, "--card", card)
    assert code == 2 and "no space left" in out, out
    assert sorted(p.name for p in (tmp_path / "out").iterdir()) == []


def test_a_signal_that_escapes_the_command_still_ends_it_with_exit_code_2(monkeypatch):
    """A signal in the instant after the command's own handling (its message said) reaches main(): exit code
    2, not Python's death by SIGINT (-2, 130) with a traceback."""
    from kozel_stats.cli import commands

    def interrupted() -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(commands, "run_command_line", interrupted)
    with pytest.raises(SystemExit) as ended:
        commands.main()
    assert ended.value.code == 2
