"""Records written by `play --trace` for every shipped variant pass the independent audit."""

import json

import pytest
from audit import audit_game
from typer.testing import CliRunner

from kozel_stats.cli import app
from kozel_stats.rules import load_variant, shipped_names


@pytest.mark.parametrize("name", shipped_names())
def test_play_trace_passes_the_independent_audit(tmp_path, name):
    trace = tmp_path / f"{name}.jsonl"
    rules = load_variant(name).rule_dict
    mixed = ",".join((["random", "heavy"] * 2)[:rules["players"]])  # one bot name per seat
    for bots, seed in (("random", 1), ("heavy", 2), (mixed, 3)):
        result = CliRunner().invoke(app, ["play", name, "--seed", str(seed), "--games", "40", "--bots", bots,
                                          "--trace", str(trace), "-q"])
        assert result.exit_code == 0, result.output
        records = [json.loads(line) for line in trace.read_text().splitlines()]
        assert len(records) == 40
        for record in records:
            assert audit_game(record, rules) == [], (name, bots, record["game"])
