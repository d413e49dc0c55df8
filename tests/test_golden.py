"""Golden results: every shipped variant plays exactly the games it played when the hashes were written.

A change meant to change no result is proven by this test; a change of the rules or of the random
streams updates tests/golden.json on purpose (`python tests/golden.py --update`) and says why.
"""

import pytest
from golden import RECORDED_GAMES, RUNS, golden_hash, records_hash, stored

from kozel_stats.rules.variants import shipped_names

GOLDEN = stored()


def test_every_shipped_variant_has_golden_hashes():
    assert sorted(GOLDEN) == shipped_names(), "run `python tests/golden.py --update` after adding a variant"


@pytest.mark.parametrize("name", shipped_names())
def test_results_match_the_golden_hashes(name):
    expected = GOLDEN.get(name, {})
    for bot, games in RUNS:
        key = f"{bot}x{games}"
        assert golden_hash(name, bot, games) == expected.get(key), (
            f"{name}, {key}: the per-game results changed; if that is intended, "
            "run `python tests/golden.py --update` and say why in the commit"
        )
    assert records_hash(name) == expected.get(f"recordsx{RECORDED_GAMES}"), (
        f"{name}: the game records changed; if intended, update tests/golden.json"
    )
