"""«Твёрдый знак» through the generic conformance harness: random play from every seat at once, secrecy, replay."""
from __future__ import annotations

import pytest

from conformance import check_game, check_origins, origin_of
from game.rules.base import Rng
from game.rules.hardsign import RULES
from game.rules.hardsign import words as W


@pytest.fixture(autouse=True)
def real_dictionary():
    W.use_words(None)


def random_options(seed: int) -> dict:
    rng = Rng(seed * 31 + 7)
    options = {}
    for rule in RULES.house_rules:
        if rule.id in ("allow_proper", "allow_slang"):
            continue  # another dictionary build: covered by the lexicon's own tests
        if rule.choices:
            options[rule.id] = rng.choice([c[0] for c in rule.choices])
        elif isinstance(rule.default, bool):
            options[rule.id] = rng.chance(0.5)
    return options


@pytest.mark.parametrize("players,seed", [(2, 1), (3, 2), (4, 3), (5, 4), (6, 5), (3, 6), (2, 7), (4, 8)])
def test_conformance(players, seed):
    report = check_game("hardsign", players, seed, random_options(seed), probe_every=2, origin=origin_of(seed))
    assert report.finished


def test_the_same_game_at_every_clock_origin():
    assert check_origins("hardsign", 4, 12, random_options(12), probe_every=6).finished


def test_conformance_default_rules():
    assert check_game("hardsign", 3, 11, {}).finished
