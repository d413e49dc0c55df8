"""The command line through typer's runner: normal use and every kind of bad input."""

import json
import subprocess
import sys

from helpers import run_cli as run


def test_variants_list_and_show():
    code, out = run("variants")
    assert code == 0 and "default" in out and "fish-to-fisherman" in out and "olympic" in out
    code, out = run("variants", "show", "olympic")
    assert code == 0 and "threshold_value" in out and "25" in out and "source: text 001 (docs/sources.md)" in out
    code, out = run("variants", "show", "default", "--json")
    assert code == 0 and json.loads(out)["rules"]["target"] == 101


def test_play_prints_a_log_and_writes_records(tmp_path):
    trace = tmp_path / "games.jsonl"
    code, out = run("play", "default", "--seed", 4, "--games", 2, "--trace", trace)
    assert code == 0
    assert "Deal 1: P" in out and "leads — holds 11" in out and "plays 11" in out and "Score: A " in out
    assert "goats" in out and "  1. P" in out and "-> ends 1 1" in out
    records = [json.loads(line) for line in trace.read_text().splitlines()]
    assert len(records) == 2 and records[0]["format"] == "kozel-trace/1"
    assert records[0]["variant"] == "default" and records[1]["game"] == 1
    # the record's seed replays that game alone
    again = tmp_path / "again.jsonl"
    code, _ = run("play", "default", "--game-seed", records[1]["seed"], "--trace", again, "-q")
    assert code == 0
    replayed = json.loads(again.read_text())
    assert replayed["deals"] == records[1]["deals"]
    code, out = run("replay", trace)
    assert code == 0 and "2 games replayed, 2 correct" in out


def test_replay_reports_where_a_record_is_wrong(tmp_path):
    trace = tmp_path / "games.jsonl"
    run("play", "default", "--seed", 11, "--trace", trace, "-q")
    record = json.loads(trace.read_text())
    record["deals"][0]["written"] = [999, 0]
    ev = record["deals"][0]["events"]
    second_play = next(i for i, e in enumerate(ev) if i > 0 and "play" in e)
    bad = json.loads(json.dumps(record))
    bad["deals"][0]["events"][second_play]["at"] = [9 if ev[second_play]["at"][0] != 9 else 8]
    (tmp_path / "wrong.jsonl").write_text(json.dumps(record) + "\n")
    code, out = run("replay", tmp_path / "wrong.jsonl")
    assert code == 1 and "deal 1: written is [999, 0]" in out  # deals and events counted from 1, as in the log
    (tmp_path / "illegal.jsonl").write_text(json.dumps(bad) + "\n")
    code, out = run("replay", tmp_path / "illegal.jsonl")
    assert code == 2 and "'at' values must be 0..6" in out
    bad["deals"][0]["events"][second_play]["at"] = [(ev[second_play]["at"][0] + 1) % 7]
    (tmp_path / "illegal.jsonl").write_text(json.dumps(bad) + "\n")
    code, out = run("replay", tmp_path / "illegal.jsonl")
    assert code == 1 and f"deal 1, event {second_play + 1}: illegal move" in out


def test_bad_input_exits_2_without_traceback(tmp_path):
    broken = tmp_path / "broken.yaml"
    broken.write_text("name: broken\ndescription: d\nsource: s\nrules: {target: [1}\n")
    unknown = tmp_path / "unknown.yaml"
    unknown.write_text("name: unknown\ndescription: d\nsource: s\nrules: {colour: red}\n")
    corrupt = tmp_path / "corrupt.jsonl"
    corrupt.write_text('{"format": "kozel-trace/1", "players": 4, "deals": [\n')
    cases = [
        (("play", broken), "YAML syntax error at line 4"),
        (("play", unknown), "unknown key 'rules.colour'"),
        (("play", tmp_path / "missing.yaml"), "no such variant file"),
        (("play", "nonsense"), "unknown variant"),
        (("play", "default", "--bots", "genius"), "unknown bot 'genius'"),
        (("play", "default", "--bots", "random,heavy"), "one per seat"),
        (("play", "default", "--trace", tmp_path / "no" / "dir" / "x.jsonl"), "does not exist"),
        (("variants", "show", "nonsense"), "unknown variant"),
        (("replay", tmp_path / "absent.jsonl"), "no such file"),
        (("replay", corrupt), "line 1: not valid JSON"),
        (("replay", tmp_path), "is a folder"),
    ]
    for args, words in cases:
        code, out = run(*args)
        assert code == 2, (args, out)
        assert words in out, (args, out)
        assert "Traceback" not in out


def test_help_does_not_import_numba():
    code = (
        "import sys; from kozel_stats.cli.commands import main; sys.argv=['kozel-stats','--help']\n"
        "try:\n    main()\nexcept SystemExit:\n    pass\nprint('numba' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip().endswith("False")


def test_python_dash_m():
    out = subprocess.run([sys.executable, "-m", "kozel_stats", "variants"], capture_output=True, text=True)
    assert out.returncode == 0 and "default" in out.stdout


def test_a_double_ctrl_c_before_the_first_batch_exits_2_with_the_message():
    """Issue 27: the second Ctrl-C used to kill the process with the default action (exit code 130): LLVM's
    own SIGINT handler, and Python's finalization resetting ours while the worker pool shuts down."""
    import contextlib
    import os
    import signal
    import time

    args = ["compare", "default", "morskoy", "--games", "2000000", "--batch-size", "1000000", "--workers", "2"]
    proc = subprocess.Popen(
        [sys.executable, "-c", "from kozel_stats.cli.commands import main; main()", *args, "--lang", "ru"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        start_new_session=True,  # Ctrl-C goes to the whole group, the workers too
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    children = f"/proc/{proc.pid}/task/{proc.pid}/children"
    deadline = time.monotonic() + 300
    while time.monotonic() < deadline and proc.poll() is None:  # the pool is up: the first batch is playing
        with open(children) as handle:
            if handle.read().split():
                break
        time.sleep(0.1)
    time.sleep(0.5)
    os.killpg(proc.pid, signal.SIGINT)
    time.sleep(0.2)
    with contextlib.suppress(ProcessLookupError):
        os.killpg(proc.pid, signal.SIGINT)
    err = proc.communicate(timeout=300)[1].decode()
    assert proc.returncode == 2, (proc.returncode, err)
    assert "kozel-stats: ошибка: прервано (Ctrl-C)" in err and "Traceback" not in err, err
