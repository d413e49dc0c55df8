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
