"""The library's public face (docs/library.md): its example runs as written."""

from __future__ import annotations

import re
from pathlib import Path

DOC = Path(__file__).resolve().parent.parent / "docs" / "library.md"


def test_the_documented_example_runs_as_written(capsys):
    block = re.search(r"```python\n(.*?)```", DOC.read_text(encoding="utf-8"), re.S)
    assert block, "docs/library.md lost its example"
    exec(compile(block.group(1), str(DOC), "exec"), {})
    out = capsys.readouterr().out
    assert "target-125: +" in out  # a longer target makes longer games
    assert "counter's side wins" in out
    assert "no-such-yard" in out
