"""`compare` and `summarize` end to end: outputs, determinism whatever the workers and batches,
pairing, resuming an interrupted run, Ctrl-C and SIGTERM."""

import json
import multiprocessing
import os
import signal
import struct
import subprocess
import sys
import threading
from concurrent.futures import ProcessPoolExecutor

import polars as pl
import pytest
from helpers import run_cli as run

from kozel_stats import __version__
from kozel_stats.answers.compare import run_compare
from kozel_stats.play.runner import stop_pool
from kozel_stats.rules.variants import load_variant


@pytest.fixture(scope="module")
def saved(tmp_path_factory):
    out = tmp_path_factory.mktemp("results") / "run"
    code, text = run(
        "compare",
        "default",
        "fish-to-fisherman",
        "--games",
        3000,
        "--seed",
        7,
        "--workers",
        1,
        "--out",
        out,
        "--csv",
        "--games-table",
    )
    assert code == 0, text
    return out, text


def test_compare_prints_verdicts_and_writes_documented_outputs(saved):
    out, text = saved
    assert "Fish to the fisherman (fish-to-fisherman) against Default game" in text  # titles, the id too
    assert "deals per game" in text and "98.75% CI" in text
    for name in ("stats.json", "summary.json", "by_deal.parquet", "fish_sums.parquet", "by_deal.csv"):
        assert (out / name).is_file(), name
    games = pl.concat([pl.read_parquet(p) for p in sorted((out / "games").glob("*.parquet"))])
    assert games.height == 6000 and set(games["variant"].cast(pl.String)) == {"default", "fish-to-fisherman"}
    assert sorted((out / "games").glob("*.csv"))  # --csv copies the parts too
    summary = json.loads((out / "summary.json").read_text())
    meta = summary["meta"]
    assert meta["version"] == __version__ and meta["seed"] == 7 and meta["games_per_variant"] == 3000
    hashes = {v["name"]: v["hash"] for v in meta["variants"]}
    assert hashes["default"] == load_variant("default").content_hash
    assert meta["bots"] == ["counter"] and meta["level"] == "player"  # the default level: players who count
    # the headline numbers of the summary are the statistics of the saved games
    deals = next(e for e in summary["estimates"]["default"] if e["metric"] == "deals_per_game")
    mean = games.filter(pl.col("variant") == "default")["deals"].mean()
    assert deals["value"] == pytest.approx(mean)
    assert any(c["variant"] == "fish-to-fisherman" and c["paired"] for c in summary["comparisons"])
    assert summary["decision"]["headline"] == ["deals_per_game", "naked_rate", "fish_rate", "written_per_deal"]


def test_common_random_numbers_pair_the_games(saved):
    games = pl.concat([pl.read_parquet(p) for p in sorted((saved[0] / "games").glob("*.parquet"))])
    a = games.filter(pl.col("variant") == "default").sort("game")
    b = games.filter(pl.col("variant") == "fish-to-fisherman").sort("game")
    assert a["seed"].to_list() == b["seed"].to_list()  # game i of every variant: the same seed


def test_summarize_recomputes_the_same_statistics(saved):
    out, text = saved
    code, again = run("summarize", out)
    assert code == 0, again
    line = next(x for x in text.splitlines() if "deals per game:" in x and ("longer" in x or "shorter" in x))
    assert line.strip() in again


def test_same_seed_same_bits_whatever_the_workers_and_batches():
    variants = [load_variant("default"), load_variant("no-threshold")]
    one = run_compare(variants, 4000, seed=3, bots=["random"], workers=1, batch_size=1000)
    two = run_compare(variants, 4000, seed=3, bots=["random"], workers=2, batch_size=700)
    assert one.result.stats.to_json()["arms"] == two.result.stats.to_json()["arms"]
    assert one.result.stats.to_json()["pairs"] == two.result.stats.to_json()["pairs"]
    assert [c.p_value for c in one.analysis.comparisons] == [c.p_value for c in two.analysis.comparisons]


def test_the_expert_s_few_games_are_split_among_the_workers_with_the_same_bits():
    """The expert plays seconds a game: 400 of its games are about four batches a worker, not one batch of
    the fast bots' floor of 1,000 games (one core of any cluster); and its games do not depend on the batches."""
    from kozel_stats.answers.compare import _default_batch_size, _searching, plan_arms

    variants = [load_variant("default"), load_variant("threshold-25")]
    assert _searching(plan_arms(variants, ["expert"], None)[0])
    assert not _searching(plan_arms(variants, ["counter"], None)[0])
    assert _default_batch_size(400, 2, 2, None, searching=True) == 50
    assert _default_batch_size(400, 100, 2, None, searching=True) == 1
    assert _default_batch_size(400, 2, 2, None) == 1000
    split = run_compare(variants, 6, seed=3, bots=["expert"], workers=1)  # batches of 2 games
    whole = run_compare(variants, 6, seed=3, bots=["expert"], workers=1, batch_size=100)
    assert split.result.stats.to_json() == whole.result.stats.to_json()


def test_single_variant_is_compared_with_the_default():
    code, text = run("compare", "eggs-none", "--games", 500, "--workers", 1)
    assert code == 0 and "Eggs carry nothing (eggs-none) against Default game" in text


def test_memory_does_not_keep_games():
    """Only sufficient statistics are kept: the same few kilobytes after 2,000 or 20,000 games."""
    variants = [load_variant("default"), load_variant("target-100")]
    small = run_compare(variants, 2000, seed=1, bots=["random"], workers=1)
    big = run_compare(variants, 20000, seed=1, bots=["random"], workers=1)
    size = len(json.dumps(small.result.stats.to_json()))
    assert len(json.dumps(big.result.stats.to_json())) < 2 * size


def test_resume_gives_the_same_bits_as_an_uninterrupted_run(tmp_path):
    """compare --resume: a run stopped after some batches, continued, equals the run played at once."""
    whole = tmp_path / "whole"
    code, text = run(
        "compare",
        "default",
        "target-125",
        "--games",
        6000,
        "--seed",
        4,
        "--workers",
        1,
        "--batch-size",
        1000,
        "--out",
        whole,
    )
    assert code == 0, text
    part = tmp_path / "part"
    code, text = run(
        "compare",
        "default",
        "target-125",
        "--games",
        2000,
        "--seed",
        4,
        "--workers",
        1,
        "--batch-size",
        1000,
        "--out",
        part,
    )
    assert code == 0, text
    code, text = run("compare", "--resume", part, "--games", 6000, "--workers", 2)
    assert code == 0, text
    a = json.loads((whole / "stats.json").read_text())
    b = json.loads((part / "stats.json").read_text())
    assert a["stats"] == b["stats"] and b["complete"]
    assert (
        json.loads((part / "summary.json").read_text())["comparisons"]
        == json.loads((whole / "summary.json").read_text())["comparisons"]
    )


def wait_for_line(stream, words: str, limit: float = 600.0) -> list[str]:
    """Read `stream` line by line until a line holds `words`; return the lines read. Never a fixed
    sleep: the run says when its first games are done. `limit` only guards against a hang."""
    lines: list[str] = []
    found = threading.Event()

    def read() -> None:
        for line in stream:
            lines.append(line)
            if words in line:
                found.set()
                return
        found.set()  # the stream ended

    threading.Thread(target=read, daemon=True).start()
    assert found.wait(limit), f"no line with {words!r} within {limit} s: {lines}"
    return lines


def start_compare(out, *extra):
    return subprocess.Popen(
        [
            sys.executable,
            "-m",
            "kozel_stats",
            "compare",
            "default",
            "no-threshold",
            "--games",
            "5000000",
            "--batch-size",
            "5000",
            "--workers",
            "2",
            "--out",
            str(out),
            *extra,
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


@pytest.mark.parametrize("how", ["ctrl-c", "ctrl-c twice", "sigterm"])
def test_an_interruption_keeps_the_finished_games(tmp_path, how):
    out = tmp_path / "run"
    proc = start_compare(out)
    seen = wait_for_line(proc.stderr, "played ")  # the first progress line: some batches are finished
    proc.send_signal(signal.SIGTERM if how == "sigterm" else signal.SIGINT)
    if how == "ctrl-c twice":
        proc.send_signal(signal.SIGINT)  # a second Ctrl-C: handled like the first, never mid-write
    stdout, stderr = proc.communicate(timeout=600)
    stderr = "".join(seen) + stderr
    assert proc.returncode == 2, stderr
    word = "SIGTERM" if how == "sigterm" else "Ctrl-C"
    assert f"interrupted ({word})" in stderr and "Traceback" not in stderr
    assert "--resume" in stderr
    saved = json.loads((out / "stats.json").read_text())
    assert saved["stats"]["games"] % 5000 == 0 and saved["stats"]["games"] > 0 and not saved["complete"]
    assert json.loads((out / "summary.json").read_text())["meta"]["interrupted"] is True
    # no worker outlives the run
    children = subprocess.run(["pgrep", "-f", f"--out {out}"], capture_output=True, text=True).stdout.split()
    assert children == []


_half_sent: dict = {}  # the pool and the "result half sent" event, inherited by the forked worker


def send_half_a_result() -> None:
    """A worker caught mid-send: the length of a result and its first bytes are in the pipe."""
    writer = _half_sent["pool"]._result_queue._writer
    os.write(writer.fileno(), struct.pack("!i", 1_000_000) + b"the first bytes")
    _half_sent["sent"].set()
    threading.Event().wait()  # until terminated


def test_stopping_the_pool_never_hangs_on_a_half_sent_result():
    """The hang behind a Ctrl-C that never ended: a worker terminated while sending its result
    left the pool's manager thread waiting for the rest of the message for ever."""
    fork = multiprocessing.get_context("fork")
    _half_sent["sent"] = fork.Event()
    pool = _half_sent["pool"] = ProcessPoolExecutor(1, mp_context=fork)
    pool.submit(send_half_a_result)
    assert _half_sent["sent"].wait(300), "the worker never started"
    workers = list(pool._processes.values())
    stopping = threading.Thread(target=stop_pool, args=(pool,), daemon=True)
    stopping.start()
    stopping.join(300)  # a bound on a hang, not a wait: stop_pool returns at once when it works
    hung = stopping.is_alive()
    if hung:  # release the stuck thread so this test fails instead of hanging the session
        pool._result_queue._writer.close()
    assert not hung, "stop_pool hung on a half-sent result"
    assert workers and all(not process.is_alive() for process in workers)


def wait_until_stopped(_task) -> None:
    """A task that only ends when its worker is terminated (it tells the test it has started)."""
    _half_sent["started"].set()
    threading.Event().wait()


def test_map_on_pool_is_interrupted_between_waits_and_leaves_no_worker():
    """`duel` plays on map_on_pool: a Ctrl-C while the workers play stops them all and ends the call."""
    from kozel_stats.play.runner import map_on_pool
    from kozel_stats.system import signals

    _half_sent["started"] = multiprocessing.get_context("fork").Event()
    before = signal.getsignal(signal.SIGINT), signal.getsignal(signal.SIGTERM)
    signals.install()
    children_before = set(multiprocessing.active_children())

    def ctrl_c_once_started() -> None:
        assert _half_sent["started"].wait(300)
        os.kill(os.getpid(), signal.SIGINT)

    helper = threading.Thread(target=ctrl_c_once_started, daemon=True)
    helper.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            map_on_pool(wait_until_stopped, list(range(8)), 2)
        assert signals.received() == "Ctrl-C"
    finally:
        signals.clear()
        signals._installed = False
        signal.signal(signal.SIGINT, before[0])
        signal.signal(signal.SIGTERM, before[1])
    helper.join(300)
    assert set(multiprocessing.active_children()) <= children_before  # every worker reaped


def test_a_duel_on_two_workers_is_the_duel_on_one():
    from kozel_stats.answers.duel import run_duel

    one = run_duel(load_variant("default"), "counter", "random", 2000, seed=3, workers=1, batch_size=500)
    two = run_duel(load_variant("default"), "counter", "random", 2000, seed=3, workers=2, batch_size=500)
    assert one == two


def test_summary_json_writes_a_record_a_line(tmp_path):
    """summary.json (results.write_json): each section's fields a line and each record of a list a line, read
    back as written (the atlas's site publishes 120 of these files within its 15 MB)."""
    from kozel_stats.results.folders import write_json

    data = {
        "meta": {"seed": 1, "bots": ["counter"], "words": {"ru": "игроки", "en": "players"}},
        "comparisons": [{"metric": m, "diff": d, "low": None} for m, d in (("fish", 0.5), ("deals", -1.25))],
        "notes": [],
    }
    path = tmp_path / "summary.json"
    write_json(path, data)
    text = path.read_text(encoding="utf-8")
    assert json.loads(text) == data
    assert text.splitlines() == [
        "{",
        ' "meta": {',
        '  "seed": 1,',
        '  "bots": ["counter"],',
        '  "words": {"ru":"игроки","en":"players"}',
        " },",
        ' "comparisons": [',
        '  {"metric":"fish","diff":0.5,"low":null},',
        '  {"metric":"deals","diff":-1.25,"low":null}',
        " ],",
        ' "notes": []',
        "}",
    ]
