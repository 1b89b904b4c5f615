"""«Скрэббл Бинго»: sheets judged by the lexicon and the tile counts, one letter per call, the host's
«Бинго!» race and the price of a false call, conformance and bot games to the end."""
import pytest

from conformance import check_game, origin_of
from game.cli.simulate import simulate
from game.rules.base import Rejected
from game.rules.bingo import RULES
from game.rules.bingo.actions import CallBingo, ChooseWords, Cross
from game.rules.bingo.engine import CALLING, FALSE_CALL_DEAF, FIRST_CALL_MS, OVER, spelling_problem


def _calling(seed=1, players=2, start=5000):
    state = RULES.new_game({}, players, seed, start_ms=start)
    for seat in range(players):
        RULES.apply(state, seat, ChooseWords(*state.suggested[seat]), start + 10)
    assert state.phase == CALLING and state.next_call_ms == start + 10 + FIRST_CALL_MS
    return state


def _rig_next_call(state, letter):
    tile = next(t for t in state.bag if state.face(t) == letter)
    state.bag.remove(tile)
    state.bag.append(tile)


def test_words_are_checked_by_the_lexicon_length_and_tile_counts():
    state = RULES.new_game({}, 2, 3, start_ms=100)
    with pytest.raises(Rejected, match="ровно из семи букв"):
        RULES.apply(state, 0, ChooseWords("кот", "каталог"), 200)
    with pytest.raises(Rejected, match="КВАЗЫРЬ"):
        RULES.apply(state, 0, ChooseWords("квазырь", "каталог"), 200)
    # Ф is a single tile: two real words with Ф cannot both be on one sheet
    with pytest.raises(Rejected, match="в наборе Скрэббла их только 1"):
        RULES.apply(state, 0, ChooseWords("фонарик", "фанатка"), 200)
    assert spelling_problem(["фонарик", "каталог"]) == ""
    events = RULES.apply(state, 0, ChooseWords("КАТАЛОГ", "изумруд"), 200)
    assert state.words[0] == ["каталог", "изумруд"] and [e.kind for e in events] == ["sheet_ready", "sheet_written"]


def test_unwritten_sheets_get_the_suggested_pair_at_the_deadline():
    state = RULES.new_game({"choose_seconds": 30}, 2, 4, start_ms=10**9)
    assert RULES.next_deadline(state) == 10**9 + 30_000
    RULES.tick(state, 10**9 + 30_000)
    assert state.words == state.suggested and state.phase == CALLING
    assert state.next_call_ms == 10**9 + 30_000 + FIRST_CALL_MS


def test_one_letter_per_call_and_a_wrong_cross_out_is_refused_in_russian():
    state = _calling()
    letters = "".join(state.words[0])
    letter = letters[0]
    with pytest.raises(Rejected, match="ещё не называлась"):
        RULES.apply(state, 0, Cross(0), state.next_call_ms - 1)
    _rig_next_call(state, letter)
    RULES.tick(state, state.next_call_ms)
    RULES.apply(state, 0, Cross(0), state.next_call_ms - 100)
    with pytest.raises(Rejected, match="уже зачёркнута"):
        RULES.apply(state, 0, Cross(0), state.next_call_ms - 90)
    twin = letters.find(letter, 1)
    if twin > 0:
        with pytest.raises(Rejected, match="за один вызов — одна буква"):
            RULES.apply(state, 0, Cross(twin), state.next_call_ms - 80)


def test_a_false_bingo_makes_the_next_calls_not_count_and_a_full_sheet_wins():
    state = _calling(seed=7)
    t = state.next_call_ms
    RULES.apply(state, 1, CallBingo(), t - 500)
    events = RULES.tick(state, t - 500 + 150)
    assert [e.kind for e in events] == ["false_bingo"] and state.deaf_left[1] == FALSE_CALL_DEAF
    deaf_letter = "".join(state.words[1])[0]
    _rig_next_call(state, deaf_letter)
    RULES.tick(state, state.next_call_ms)
    with pytest.raises(Rejected, match="не засчитывается"):
        RULES.apply(state, 1, Cross(0), state.next_call_ms - 10)
    # seat 0 crosses everything as the letters come, then calls
    now = state.next_call_ms
    while not all(state.crossed[0]):
        while RULES.crossable(state, 0):
            RULES.apply(state, 0, Cross(RULES.crossable(state, 0)[0]), now)
        if not all(state.crossed[0]):
            now = state.next_call_ms
            RULES.tick(state, now)
    RULES.apply(state, 0, CallBingo(), now + 1)
    RULES.apply(state, 1, CallBingo(), now + 2)
    events = RULES.tick(state, now + 1 + 150)
    assert state.phase == OVER and state.winners == [0]
    assert {e.kind for e in events} >= {"bingo_won", "game_over"}
    assert RULES.result(state)["false_calls"] == [0, 2]


def test_conformance():
    report = check_game("bingo", 3, 41, {"call_seconds": 3}, probe_every=10, origin=origin_of(2))
    assert report.finished


def test_bot_games_always_finish_with_a_winner():
    report = simulate("bingo", 12, 3, 900, "", ["novice", "player", "ace"])
    assert report["completed"] == 12 and report["invariant_violations"] == 0
    assert report["replay_mismatches"] == 0 and report["origin_mismatches"] == 0
    assert sum(report["wins_by_seat"]) >= 12
