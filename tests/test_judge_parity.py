"""One judge: the same scripted presses give the same game at a local table and over the LAN.

Each game plays a few hundred seeded steps (legal moves, moves from the wrong seat, near misses, stale presses,
reflexes such as a false catch, emotes, claims and typed words, waits for the timers) at once through
``LocalHost`` and through ``HostCore`` with fake peers. After every step every seat and a spectator must have
received the same updates (events, views, legal actions) and the same refusals (code and Russian reason), and the
journals must be equal.
"""
from __future__ import annotations

import pytest

from game.net.host import HostCore
from game.rules.board import words as board_words
from game.rules.hardsign import words as hardsign_words
from game.rules.uno.house import all_on
from board_words import COMMON, WORDS
from hardsign_support import SMALL
from parity_support import play_both

BOARD_HOUSE = {"checking": "challenge", "vote": True, "hints": True, "exchange_needs_7": True}

TABLES = [
    # (game, players, seed, options, steps)
    ("uno", 3, 1, {**all_on(), "match": "1"}, 400),  # every house rule, «Штрафы» among them
    ("uno", 4, 2, {"match": "1", "jump_in": True, "uno_center": True, "silent_twos": True}, 300),
    ("uno", 2, 3, {"match": "1"}, 250),  # the classic game: a false catch is a lockout, not a refusal
    ("erudit", 2, 4, {**BOARD_HOUSE, "jacks_to_open": True, "blank_reuse": True, "theme": "животное"}, 200),
    ("scrabble", 3, 5, {**BOARD_HOUSE, "checking": "auto", "double_bag": True, "reverse": True,
                         "allow_slang": True}, 200),
    ("slovodel", 3, 7, BOARD_HOUSE, 200),
    # «Часы»: pauses (a reflex), forced passes at the move's minute, the clocks in every view
    ("erudit", 2, 8, {**BOARD_HOUSE, "clock": "move1"}, 200),
    ("scrabble", 2, 9, {"clock": "game10", "reverse": True}, 150),
    ("nowords", 3, 7, {"wrong_claim_penalty": True, "allow_slang": True, "allow_proper": True,
                       "series": 3}, 300),
    ("hardsign", 3, 10, {"think_seconds": 60, "answer_seconds": 15, "hidden_bonuses": True,
                        "bribe_after_one": True, "allow_proper": True, "allow_slang": True}, 300),
]


@pytest.fixture(autouse=True)
def small_dictionaries():
    board_words.use_words(board_words.FixedWords.of(WORDS, COMMON))
    hardsign_words.use_words(SMALL)
    yield
    board_words.use_words(None)
    hardsign_words.use_words(None)


@pytest.mark.parametrize("game_id, players, seed, options, steps", TABLES, ids=[f"{t[0]}-{t[2]}" for t in TABLES])
def test_local_and_lan_tables_judge_alike(game_id, players, seed, options, steps):
    played, refusals = play_both(game_id, players, seed, options, steps)
    assert played >= min(steps, 50)
    # the script reaches the judge's refusals, not just the transport's
    assert any(code not in ("malformed", "stale", "spectator") for code, _ in refusals), refusals


def test_the_comparison_sees_a_host_that_stamps_presses_its_own_way(monkeypatch):
    """A LAN host that ignored when a reflex was pressed would give other journals: the test must say so."""
    monkeypatch.setattr(HostCore, "press_time", staticmethod(lambda peer, pressed, state_id, now: now))
    with pytest.raises(AssertionError, match="differ|different"):
        play_both("uno", 3, 1, {**all_on(), "match": "1"}, 400)


def test_a_word_doubted_by_the_last_mover_is_judged_alike():
    """Нет слов: КОТ named against the last mover, the others' tries to answer for them refused with the same code,
    the doubt, the vote, and the word voted down refused when named again: the same at both tables."""
    from game.rules.nowords.engine import CLAIM_WINDOW_MS
    from nowords_tables import arrange
    from parity_support import BothTables, Step

    both = BothTables("nowords", 3, 7, {"wrong_claim_penalty": True}, 1_000)
    fresh = arrange(3, "АОИктр", last_mover=0, turn=1)
    both.arrange(lambda state: [setattr(state, name, getattr(fresh, name))
                                for name in ("deck", "hands", "conversation", "showcase", "last_mover", "turn")])
    t = 2_000
    script = [Step("act", t, 1, {"kind": "claim", "word": "кот"}, t), Step("wait", t + CLAIM_WINDOW_MS),
              Step("act", t + 200, 2, {"kind": "accept_word"}, t + 200),
              Step("act", t + 210, 1, {"kind": "call_vote"}, t + 210),
              Step("act", t + 220, 2, {"kind": "claim", "word": "рот"}, t + 220),
              Step("act", t + 300, 0, {"kind": "call_vote"}, t + 300)]
    script += [Step("act", t + 400 + seat, seat, {"kind": "vote", "accept": seat == 1}, t + 400 + seat)
               for seat in range(3)]
    script += [Step("act", t + 500, 2, {"kind": "claim", "word": "кот"}, t + 500),
               Step("act", t + 510, 0, {"kind": "accept_word"}, t + 510)]
    for step in script:
        both.play(step)
    assert {code for code, _ in both.refusals} == {"doubt", "phase", "word"}, both.refusals
    state = both.local.session.state
    assert state.voted_down == ["кот"] and state.discards[0] == [] and state.phase == "play"


def test_the_clock_is_judged_alike():
    """«Часы», a minute a move: the first move passes when its minute is out (a timer), a pause by the other seat
    holds the next move back (refused as paused at both tables), a wrong seat cannot end it, and a move sent after
    its minute is late."""
    from parity_support import BothTables, Step

    both = BothTables("erudit", 2, 8, {"clock": "move1"}, 1_000)
    first = both.local.session.state.turn
    second = 1 - first
    script = [Step("wait", 61_000), Step("act", 70_000, first, {"kind": "pause"}, 69_990),
              Step("act", 71_000, second, {"kind": "pass"}, 71_000),
              Step("act", 72_000, second, {"kind": "resume"}, 72_000),
              Step("act", 400_000, first, {"kind": "resume"}, 400_000),
              Step("act", 455_000, second, {"kind": "pass"}, 455_000)]
    for step in script:
        both.play(step)
    assert {code for code, _ in both.refusals} == {"paused", "paused_by_other", "stale"}, both.refusals
    history = both.local.session.rules.history(both.local.session.state)
    assert [(h["seat"], h.get("timeout")) for h in history] == [(first, True), (second, True)]
