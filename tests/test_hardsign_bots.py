"""«Твёрдый знак» bots: they find words with the specials, score them, think for a level-dependent time."""
from __future__ import annotations

import pytest

from game.bots.hardsign import make
from game.net.session import SeatInfo, Session
from game.rules.base import Rng
from game.rules.hardsign import RULES
from game.rules.hardsign import words as W
from game.rules.hardsign.actions import Submit
from hardsign_support import SMALL, arrange, ids


@pytest.fixture(autouse=True)
def small_dictionary():
    W.use_words(SMALL)
    yield
    W.use_words(None)


def plan(state, seat, level, seed=1, now=0):
    bot = make(level=level, seat=seat, rng=Rng(seed))
    return bot.plan(RULES.view(state, seat), RULES.legal_actions(state, seat), now)


def test_ace_lays_the_best_scoring_word_quickly():
    state = arrange(RULES.new_game({}, 3, 1), ["КОТ", "ЕЕЕ", "ИИИ"], "СЛН", bonuses=("животное", "рыба", "птица"))
    at, action = plan(state, 0, "ace")
    assert action.kind == "submit"
    # слон: 2+2+1+2 stars + животное 3 + early 1 = 11 beats кот (5 + 3 + 1), ток and сон
    assert action.word == "слон"
    assert 1_500 <= at <= 4_000
    RULES.apply(state, 0, action, at)


def test_novice_is_slower_and_keeps_to_short_common_words():
    state = arrange(RULES.new_game({}, 3, 1), ["КОТ", "ЕЕЕ", "ИИИ"], "СЛН")
    times = []
    for seed in range(1, 12):
        result = plan(state, 0, "novice", seed)
        if result and result[1].kind == "submit":
            assert len(result[1].word) <= 5 and result[1].word in SMALL.common
            times.append(result[0])
    assert times and min(times) >= 9_000


def test_instant_win_is_laid_at_once():
    W.use_words(W.FixedWords(["съезд", "сад"]))
    state = arrange(RULES.new_game({}, 2, 1), ["СЪЕ", "ИИИ"], "ЗДА")
    at, action = plan(state, 0, "player")
    assert action.word == "съезд" and at <= 2_000


def test_without_a_word_the_bot_asks_for_a_letter_then_waits():
    state = arrange(RULES.new_game({}, 2, 1), ["ЕЕЕ", "ИИИ"], "ААА")
    _, action = plan(state, 0, "ace")
    assert action.kind == "ask_letter"
    RULES.apply(state, 0, action, 10)
    assert plan(state, 0, "ace", now=20) is None


def test_without_a_word_after_two_words_the_ace_bribes_or_passes():
    state = arrange(RULES.new_game({}, 3, 1), ["КОТ", "РОС", "ЕЕЕ"], "ОНЛ", banks=["", "", "ФЩЦЭ"])
    RULES.apply(state, 0, Submit(ids(state, 0, "КОТ"), "кот"), 100)
    RULES.apply(state, 1, Submit(ids(state, 1, "СОН"), "сон"), 200)
    chosen = {plan(state, 2, "ace", seed)[1].kind for seed in range(1, 20)}
    assert chosen == {"bribe", "pass"}
    assert {plan(state, 2, "novice", seed)[1].kind for seed in range(1, 10)} == {"pass"}


def test_bots_of_every_level_finish_a_game_on_the_real_dictionary():
    W.use_words(None)
    seats = [SeatInfo("Н", "novice"), SeatInfo("И", "player"), SeatInfo("А", "ace")]
    session = Session("hardsign", seats, 5, {}, check_invariants=True)
    assert session.run_bots_to_end()
    assert session.violations == []
    assert RULES.result(session.state)["winners"]
