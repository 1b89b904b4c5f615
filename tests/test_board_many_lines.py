"""Словодел: a turn may lay two or more separate lines («количество слов, составляемых за один
ход — не ограничено»); every line must use a letter already on the board."""
import pytest

from board_words import COMMON, WORDS
from game.net.session import SeatInfo, Session
from game.rules.base import Rejected
from game.rules.board import words as wordsrc
from game.rules.board.actions import Place
from game.rules.board.layout import SIZE
from game.rules.board.movegen import line_count
from game.rules.board.slovodel import RULES as SLOVODEL


def _opts():
    return {r.id: r.default for r in SLOVODEL.house_rules}


def _rig(state, seat, letters):
    rack = state.racks[seat]
    state.bag.extend(rack)
    rack.clear()
    for ch in letters:
        t = next(t for t in state.bag if state.faces[t] == ch)
        state.bag.remove(t)
        rack.append(t)


def _lay(state, seat, word, row, col):
    _rig(state, seat, word)
    tiles = tuple((row, col + i, SLOVODEL.tid(t), ch) for i, (t, ch) in enumerate(zip(state.racks[seat], word)))
    SLOVODEL.apply(state, seat, Place(tiles), 0)


@pytest.fixture
def small_dictionary():
    wordsrc.use_words(wordsrc.FixedWords.of(WORDS, COMMON))
    yield
    wordsrc.use_words(None)


def test_two_line_moves_are_offered_and_the_judge_takes_them(small_dictionary):
    state = SLOVODEL.new_game(_opts(), 2, 31)
    seat = state.turn
    _lay(state, seat, "кот", 7, 6)
    other = state.turn
    _rig(state, other, "ротасим")
    moves = SLOVODEL.moves_for(state, other)
    many = [m for m in moves if line_count(m) >= 2]
    assert many, "no two-line move found"
    best_many = max(many, key=lambda m: m.score)
    # each line alone is a move of its own, and the turn scores their tiles together
    assert best_many.score == sum(SLOVODEL.points[ch] * SLOVODEL.letter_mul[c] for c, ch, _ in best_many.tiles)
    before = state.scores[other]
    SLOVODEL.apply(state, other, SLOVODEL.move_to_place(state, other, best_many), 0)
    assert state.scores[other] - before == best_many.score
    rows = {c // SIZE for c, _, _ in best_many.tiles}
    cols = {c % SIZE for c, _, _ in best_many.tiles}
    assert len(rows) > 1 and len(cols) > 1


def test_a_parallel_word_of_new_tiles_only_is_refused():
    # ЖУ under УМ: the cross-words УЖ and МУ use board letters, the line ЖУ itself uses none
    wordsrc.use_words(wordsrc.FixedWords.of(["ум", "уж", "му", "жу", "жук"]))
    try:
        state = SLOVODEL.new_game(_opts(), 2, 32)
        seat = state.turn
        _lay(state, seat, "ум", 7, 7)
        other = state.turn
        _rig(state, other, "жу")
        letters, _ = SLOVODEL.letters_of(state)
        assert not any({c for c, _, _ in m.tiles} == {8 * SIZE + 7, 8 * SIZE + 8} for m in SLOVODEL.moves_for(state, other))
        ids = [SLOVODEL.tid(t) for t in state.racks[other]]
        with pytest.raises(Rejected, match="букву, уже стоящую на поле"):
            SLOVODEL.apply(state, other, Place(((8, 7, ids[0], "ж"), (8, 8, ids[1], "у"))), 0)
    finally:
        wordsrc.use_words(None)


def test_slovodel_bots_lay_two_or_more_lines_in_one_move_in_ten_and_are_never_refused():
    placed = many = refused = 0
    for game in range(2):
        session = Session("slovodel", [SeatInfo("а", "player"), SeatInfo("б", "master")], 500 + game)
        submit = session.submit

        def judged(seat, action, t_ms, _submit=submit):
            nonlocal refused
            outcome = _submit(seat, action, t_ms)
            refused += not outcome.accepted
            return outcome

        session.submit = judged
        assert session.run_bots_to_end()
        for h in session.rules.history(session.state):
            if h["kind"] == "place":
                placed += 1
                rows = {t[0] for t in h["tiles"]}
                cols = {t[1] for t in h["tiles"]}
                many += len(rows) > 1 and len(cols) > 1
    assert refused == 0
    assert placed and many * 10 >= placed, (many, placed)
