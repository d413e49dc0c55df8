"""The numba that an install resolves has its shipped machine code, or the first run says why it compiles
(issue 36): pyproject.toml's numba range and the archives agree."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest
import tomllib

from kozel_stats.engine import precompiled

ROOT = Path(__file__).resolve().parent.parent


def _numba_requirement() -> str:
    deps = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["dependencies"]
    return next(d for d in deps if re.match(r"numba\b", d))


def test_the_newest_numba_pip_would_choose_has_its_shipped_code():
    """Today's newest numba that pyproject.toml allows (asked of the package index, as pip asks it) is a numba
    the archives hold code for, for every Python they serve: a new numba release fails this test until the
    archives are rebuilt with it (docs/development.md) or the range stops below it."""
    from packaging.specifiers import SpecifierSet
    from packaging.version import Version

    try:
        listed = subprocess.run(
            [sys.executable, "-m", "pip", "index", "versions", "numba"],
            capture_output=True,
            text=True,
            timeout=120,
        )
    except (OSError, subprocess.TimeoutExpired) as exc:
        pytest.skip(f"the package index cannot be asked: {exc}")
    found = re.search(r"Available versions: (.+)", listed.stdout)
    if listed.returncode != 0 or not found:
        pytest.skip(f"the package index cannot be asked: {listed.stderr.strip()[:200]}")
    allowed = SpecifierSet(_numba_requirement()[len("numba") :])
    versions = [Version(v.strip()) for v in found.group(1).split(",")]
    newest = max(v for v in versions if v in allowed and not v.is_prerelease)
    shipped = precompiled.shipped()
    assert shipped, "no archive ships"
    pythons = {entry.split()[0] for entry in shipped}
    for python in sorted(pythons):
        assert f"{python} numba {newest}" in shipped, (
            f"pip would install numba {newest}, and no machine code ships for it with {python}: rebuild the "
            f"archives with numba {newest} or bound the range below it (shipped: {shipped})"
        )


def test_the_compile_notice_says_why(monkeypatch):
    """Where the shipped code cannot serve, the notice names the reason and what would avoid it."""
    monkeypatch.setattr(precompiled, "archive_name", lambda: "linux-x86_64-cpython-399-numba9.9.tar.xz")
    monkeypatch.delenv(precompiled.SWITCH, raising=False)
    if not precompiled.portable():
        assert "x86-64" in (precompiled.why_compiling() or "")
        return
    why = precompiled.why_compiling()
    assert why is not None and "cpython-" in why and "numba" in why and "not for" in why
    monkeypatch.setenv(precompiled.SWITCH, "0")
    assert precompiled.SWITCH in (precompiled.why_compiling() or "")
    assert "выключен" in (precompiled.why_compiling("ru") or "")
