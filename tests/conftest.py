"""The test session: its environment, and the fixtures (the helpers the tests import are in helpers.py)."""

from __future__ import annotations

import os

import pytest

# The command line speaks the locale's language unless --lang says: the tests run in an English locale,
# whatever the developer's (the tests of Russian output pass --lang ru or set LANG themselves).
os.environ["LANG"] = "C.UTF-8"
for _key in ("LC_ALL", "LC_MESSAGES"):
    os.environ.pop(_key, None)


@pytest.fixture
def game():
    from helpers import Game  # after the environment above is set

    return Game
