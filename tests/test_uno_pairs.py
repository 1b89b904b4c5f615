"""Every pair of UNO house rules meets in a short seeded game through the conformance harness: legal actions
apply, near misses are refused unchanged, invariants hold, views leak nothing, the journal replays."""
from itertools import combinations

import pytest

from conformance import check_game, origin_of
from game.rules.uno.house import ALL, switched_on

IDS = [h.rule.id for h in ALL]
PAIRS = list(combinations(IDS, 2))
# «Штрафы» accept a wrong card at a price, which the harness's probes (rightly) call «not offered but accepted»
UNPROBED = {"penalties"}


@pytest.mark.parametrize("index", range(len(PAIRS)), ids=["+".join(p) for p in PAIRS])
def test_a_pair_of_house_rules_plays_a_conforming_game(index):
    pair = PAIRS[index]
    options = {r.rule.id: switched_on(r.rule) for r in ALL if r.rule.id in pair} | {"match": "1"}
    probe_every = 10**9 if UNPROBED & set(pair) else 25
    report = check_game("uno", 4, 1000 + index, options, max_steps=90, probe_every=probe_every,
                        origin=origin_of(index))
    assert report.steps > 0
