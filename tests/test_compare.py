"""`compare` and `summarize` end to end: determinism, pairing, outputs, bad input, Ctrl-C."""

import json
import signal
import subprocess
import sys

import polars as pl
import pytest
from conftest import run_cli as run

from kozel_stats import __version__
from kozel_stats.compare import run_compare
from kozel_stats.rules import load_variant


@pytest.fixture(scope="module")
def saved(tmp_path_factory):
    out = tmp_path_factory.mktemp("results")
    code, text = run("compare", "default", "fish-to-fisherman", "--games", 3000, "--seed", 7, "--workers", 1,
                     "--out", out, "--csv")
    assert code == 0, text
    return out, text


def test_compare_prints_verdicts_and_writes_documented_outputs(saved):
    out, text = saved
    assert "fish-to-fisherman vs default" in text and "deals per game" in text and "95% CI" in text
    for name in ("games.parquet", "by_deal.parquet", "fish_sums.parquet", "summary.json", "games.csv"):
        assert (out / name).is_file(), name
    games = pl.read_parquet(out / "games.parquet")
    assert games.height == 6000 and set(games["variant"].cast(pl.String)) == {"default", "fish-to-fisherman"}
    summary = json.loads((out / "summary.json").read_text())
    meta = summary["meta"]
    assert meta["version"] == __version__ and meta["seed"] == 7 and meta["games_per_variant"] == 3000
    hashes = {v["name"]: v["hash"] for v in meta["variants"]}
    assert hashes["default"] == load_variant("default").content_hash
    assert meta["bots"] == ["random"]
    # the headline numbers of the summary are the statistics of the saved games
    deals = next(e for e in summary["estimates"]["default"] if e["metric"] == "deals_per_game")
    mean = games.filter(pl.col("variant") == "default")["deals"].mean()
    assert deals["value"] == pytest.approx(mean)
    assert any(c["variant"] == "fish-to-fisherman" and c["paired"] for c in summary["comparisons"])


def test_common_random_numbers_pair_the_games(saved):
    games = pl.read_parquet(saved[0] / "games.parquet")
    a = games.filter(pl.col("variant") == "default").sort("game")
    b = games.filter(pl.col("variant") == "fish-to-fisherman").sort("game")
    assert a["seed"].to_list() == b["seed"].to_list()  # game i of every variant: the same seed


def test_summarize_recomputes_the_same_statistics(saved):
    out, text = saved
    code, again = run("summarize", out)
    assert code == 0
    line = next(x for x in text.splitlines() if "deals per game:" in x and ("longer" in x or "shorter" in x))
    assert line.strip() in again


def test_same_seed_same_numbers_whatever_the_workers():
    variants = [load_variant("default"), load_variant("no-threshold")]
    one = run_compare(variants, 4000, seed=3, bots=["random"], workers=1, batch_size=1000)
    two = run_compare(variants, 4000, seed=3, bots=["random"], workers=2, batch_size=700)
    assert one.result.games().equals(two.result.games())
    assert [c.p_value for c in one.analysis.comparisons] == [c.p_value for c in two.analysis.comparisons]


def test_precision_adds_games_until_intervals_are_narrow():
    variants = [load_variant("default"), load_variant("target-125")]
    outcome = run_compare(variants, 1000, seed=1, bots=["random"], workers=1, precision=0.03, max_games=64000)
    assert outcome.analysis.games_per_variant > 1000
    naked = next(e for e in outcome.analysis.estimates["default"] if e.metric == "naked_rate")
    assert (naked.high - naked.low) / 2 <= 0.03


def test_single_variant_is_compared_with_the_default(tmp_path):
    code, text = run("compare", "eggs-none", "--games", 500, "--workers", 1)
    assert code == 0 and "eggs-none vs default" in text


def test_bad_input(tmp_path):
    corrupt = tmp_path / "corrupt"
    corrupt.mkdir()
    (corrupt / "summary.json").write_text('{"meta": {"baseline": "default"}}')
    (corrupt / "games.parquet").write_bytes(b"not parquet at all")
    blocked = tmp_path / "file"
    blocked.write_text("x")
    cases = [
        (("compare", "nonsense"), "unknown variant"),
        (("compare", "default", "--games", 0), "--games"),
        (("compare", "default", "target-100", "--out", blocked / "sub"), "cannot write there"),
        (("compare", "default", "target-100", "--baseline", "olympic"), "not among the compared variants"),
        (("compare", "default", "--bots", "nobody"), "unknown bot"),
        (("summarize", tmp_path / "absent"), "no such results folder"),
        (("summarize", corrupt), "not a readable Parquet file"),
    ]
    for args, words in cases:
        code, out = run(*args)
        assert code == 2, (args, out)
        assert words in out, (args, out)
        assert "Traceback" not in out


def wait_for_line(stream, words: str, limit: float = 600.0) -> list[str]:
    """Read `stream` line by line until a line holds `words`; return the lines read. Never a fixed
    sleep: the run says when its first games are done. `limit` only guards against a hang."""
    import threading

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


def test_ctrl_c_keeps_the_finished_games(tmp_path):
    out = tmp_path / "run"
    proc = subprocess.Popen(
        [sys.executable, "-m", "kozel_stats", "compare", "default", "no-threshold", "--games", "5000000",
         "--batch-size", "5000", "--workers", "2", "--out", str(out)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    seen = wait_for_line(proc.stderr, "played ")  # the first progress line: some batches are finished
    assert any("played " in line for line in seen), seen
    proc.send_signal(signal.SIGINT)
    stdout, stderr = proc.communicate(timeout=600)
    stderr = "".join(seen) + stderr
    assert proc.returncode == 2, stderr
    assert "interrupted (Ctrl-C)" in stderr and "Traceback" not in stderr
    games = pl.read_parquet(out / "games.parquet")
    counts = games.group_by("variant").len()["len"].to_list()
    assert len(counts) == 2 and counts[0] == counts[1] and counts[0] % 5000 == 0 and counts[0] > 0
    assert json.loads((out / "summary.json").read_text())["meta"]["interrupted"] is True
