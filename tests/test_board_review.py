"""«Подсказка» after the game: each turn's best alternative is worked out once, when the game
ends, kept in the state (so replays match byte for byte) and shown in every view's result."""
import pytest

from board_words import COMMON, WORDS
from game.rules.base import snapshot
from game.rules.board import words as wordsrc
from game.rules.board.actions import Pass, Place
from game.rules.board.erudit import RULES as ERUDIT
from game.rules.board.slovodel import RULES as SLOVODEL
from game.rules.board import review


@pytest.fixture(autouse=True)
def small_dictionary():
    wordsrc.use_words(wordsrc.FixedWords.of(WORDS, COMMON))
    yield
    wordsrc.use_words(None)


def opts(rules, **given):
    out = {r.id: r.default for r in rules.house_rules}
    out.update(given)
    return out


def play_out(rules, options, seed, best_first=3):
    """The first few turns lay each legal offer's first placement, then everyone passes."""
    s = rules.new_game(options, 2, seed)
    journal = []
    for _ in range(best_first):
        seat = s.turn
        offer = next((a for a in rules.legal_actions(s, seat) if isinstance(a, Place)), None)
        action = offer if offer is not None else Pass()
        rules.apply(s, seat, action, 0)
        journal.append((seat, action))
    while not rules.is_over(s):
        seat = s.turn
        rules.apply(s, seat, Pass(), 0)
        journal.append((seat, Pass()))
    return s, journal


@pytest.mark.parametrize("rules", [ERUDIT, SLOVODEL])
def test_finished_game_lists_each_turns_best_alternative_in_every_view(rules):
    s, _ = play_out(rules, opts(rules, hints=True), 21)
    turns = [h for h in rules.history(s) if h["kind"] in review.TURN_KINDS]
    for seat in (0, 1, -1):
        listed = rules.view(s, seat)["result"]["best_alternatives"]
        assert len(listed) == len(turns)
        assert [e["seat"] for e in listed] == [h["seat"] for h in turns]
        assert [e["score"] for e in listed] == [h.get("score", 0) for h in turns]
    listed = rules.view(s, 0)["result"]["best_alternatives"]
    placed = [e for e in listed if e["played"] == "place"]
    assert placed and all(e["word"] and e["best"]["score"] >= e["score"] for e in placed)


def test_no_list_without_the_hints_option():
    s, _ = play_out(ERUDIT, opts(ERUDIT, hints=False), 22)
    assert "best_alternatives" not in ERUDIT.view(s, 0)["result"]
    assert not s.review


def test_the_list_is_made_once_and_replays_byte_identically(monkeypatch):
    calls = []
    real = review.best_alternatives

    def counted(rules, state, budget=400_000):
        calls.append(budget)
        return real(rules, state, budget)

    monkeypatch.setattr(review, "best_alternatives", counted)
    s, journal = play_out(ERUDIT, opts(ERUDIT, hints=True), 23)
    for seat in (0, 1, -1, 0):
        ERUDIT.view(s, seat)
    assert calls == [ERUDIT.REVIEW_BUDGET]
    again = ERUDIT.new_game(opts(ERUDIT, hints=True), 2, 23)
    for seat, action in journal:
        ERUDIT.apply(again, seat, action, 0)
    assert snapshot(again) == snapshot(s)
