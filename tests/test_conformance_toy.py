"""The harness on the toy game, plus checks that the harness itself can fail."""
import copy

import pytest

from conformance import check_game, check_origins, origin_of
from game.rules.base import Rejected


@pytest.mark.parametrize("seed", range(20))
def test_toy_game_conforms(seed):
    report = check_game("toy", players=2 + seed % 3, seed=seed, origin=origin_of(seed))
    assert report.finished


def test_the_same_game_at_every_clock_origin():
    assert check_origins("toy", 3, 5).finished


def test_harness_catches_a_leaky_view(monkeypatch):
    import toy_game

    monkeypatch.setattr(toy_game.ToyRules, "view", lambda self, s, seat: {"all": [c for h in s.hands for c in h]})
    with pytest.raises(AssertionError, match="sees hidden"):
        check_game("toy", players=2, seed=1)


def test_harness_catches_a_rejection_that_mutates(monkeypatch):
    import toy_game

    original = toy_game.ToyRules.apply

    def sloppy(self, state, seat, action, t_ms):
        if seat != state.turn and not isinstance(action, toy_game.Slap):
            state.points[seat] -= 1  # mutates, then refuses
            raise Rejected("Сейчас не ваш ход.")
        return original(self, state, seat, action, t_ms)

    monkeypatch.setattr(toy_game.ToyRules, "apply", sloppy)
    with pytest.raises(AssertionError, match="changed the state"):
        check_game("toy", players=3, seed=2)


def test_harness_catches_nondeterminism(monkeypatch):
    import random

    import toy_game

    original = toy_game.ToyRules.apply

    def flaky(self, state, seat, action, t_ms):
        events = original(self, state, seat, action, t_ms)
        # global randomness: replay must notice. A coin's heads could add up the same in both runs (it did, once in
        # a few hundred): 32 random bits each move do not
        state.points[0] += random.getrandbits(32)
        return events

    monkeypatch.setattr(toy_game.ToyRules, "apply", flaky)
    with pytest.raises(AssertionError, match="replay differs"):
        check_game("toy", players=2, seed=3)


def test_harness_catches_a_game_that_reads_where_the_clock_started(monkeypatch):
    import toy_game

    original = toy_game.ToyRules.apply

    def by_the_clock(self, state, seat, action, t_ms):
        events = original(self, state, seat, action, t_ms)
        if state.race is not None and state.race.opened_ms == t_ms:
            state.race.collect_ms = 100 + t_ms % 1000  # a window that depends on the hour the host was switched on
        return events

    monkeypatch.setattr(toy_game.ToyRules, "apply", by_the_clock)
    with pytest.raises(AssertionError, match="the origin moved"):
        check_origins("toy", 3, 5)
