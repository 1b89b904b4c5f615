"""«Тематический» (+5 за слово на тему) counts wherever moves are ranked: the bots that look for the best move («игрок», «ас», «мастер»; a «новичок» picks among the same scores), «Подсказка» and
the review after the game rank a move by what the table will score for it, not by its letters and premiums alone.
With a rack that makes «коса» (10) or the animals «кот»/«кит» (8, and 13 with the bonus) on an empty board, the
plain game lays «коса» and the themed game an animal; every ranked score is what applying the move scores."""
from __future__ import annotations

import copy

import pytest
from hypothesis import given, settings, strategies as st

from board_words import deal_rack
from game.bots.erudit import BoardBot
from game.rules.base import Rng
from game.rules.board import review
from game.rules.board import words as wordsrc
from game.rules.board.actions import Place
from game.rules.board.erudit import RULES
from game.rules.board.movegen import move_key

WORDS = {"кот", "сок", "кит", "тис", "коса", "оса", "сот", "ток"}
ANIMALS = {"кот", "кит", "оса"}
RACK = "котсиаъ"
T0 = 1_000_007_919  # a host clock that has run for days: nothing may count from 0


@pytest.fixture(autouse=True)
def tagged_words():
    wordsrc.use_words(wordsrc.FixedWords.of(WORDS, WORDS, tags={w: {"животное"} for w in ANIMALS}))
    yield
    wordsrc.use_words(None)


def dealt(theme: str, seed: int = 3, rack: str = RACK):
    options = {rule.id: rule.default for rule in RULES.house_rules} | {"theme": theme, "hints": True}
    state = RULES.new_game(options, 2, seed, start_ms=T0)
    deal_rack(state, state.turn, rack)
    return state, state.turn


def laid_word(state, seat: int, action) -> str:
    after = copy.deepcopy(state)
    RULES.apply(after, seat, action, T0)
    return RULES.history(after)[-1]["words"][0].lower()


@pytest.mark.parametrize("level", ["player", "ace", "master"])
def test_every_bot_lays_the_themed_word_when_the_bonus_makes_it_best(level):
    plain, seat = dealt("")
    themed, _ = dealt("животное")
    for state, wanted in ((plain, {"коса"}), (themed, ANIMALS)):
        action = BoardBot("erudit", level, seat, Rng(1)).decide(RULES.view(state, seat), RULES.legal_actions(state, seat))
        assert isinstance(action, Place), action
        assert laid_word(state, seat, action) in wanted, (state.options["theme"], laid_word(state, seat, action))


def test_the_hint_and_the_review_name_the_themed_word():
    for theme, wanted in (("", {"коса"}), ("животное", ANIMALS)):
        state, seat = dealt(theme)
        hint = next(a for a in RULES.legal_actions(state, seat) if a.kind == "hint")
        events = RULES.apply(state, seat, hint, T0)
        hinted = next(e for e in events if e.kind == "hint_given").move
        assert hinted["word"].lower() in wanted, (theme, hinted)
        # the turn is played (the hint's word), then the review looks back at it
        RULES.apply(state, seat, RULES.move_to_place(state, seat, best_move(state, seat)), T0)
        best = review.best_alternatives(RULES, state)[0]["best"]
        assert best["word"].lower() in wanted, (theme, best)


def best_move(state, seat: int):
    return max(RULES.moves_for(state, seat), key=move_key)


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10_000), rack=st.permutations(RACK))
def test_a_ranked_score_is_what_applying_the_move_scores(seed, rack):
    state, seat = dealt("животное", seed, "".join(rack))
    for move in RULES.moves_for(state, seat)[:40]:
        after = copy.deepcopy(state)
        RULES.apply(after, seat, RULES.move_to_place(after, seat, move), T0)
        assert after.scores[seat] - state.scores[seat] == move.score, (move.word, move.score)
