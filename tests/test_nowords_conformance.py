"""«Нет слов» through the generic harness: random legal play by every seat, secrets, replays."""
import pytest

from conformance import check_game, check_origins, origin_of

HOUSE_SETS = [
    {},
    {"allow_proper": True, "allow_slang": True},
    {"wrong_claim_penalty": True, "first": "random"},
    {"series": 3},
    {"allow_slang": True, "wrong_claim_penalty": True, "series": 3, "first": "random"},
]


@pytest.mark.parametrize("seed", range(12))
def test_nowords_conforms(seed):
    report = check_game("nowords", players=2 + seed % 5, seed=seed, options=HOUSE_SETS[seed % len(HOUSE_SETS)],
                        probe_every=1 if seed < 4 else 3, origin=origin_of(seed))
    assert report.finished


def test_the_same_game_at_every_clock_origin():
    assert check_origins("nowords", 4, 40, HOUSE_SETS[4], probe_every=6).finished
