"""The board games' analysis asks the master itself (game/bots/erudit.py), as a table asks it: a game two masters
played is analysed move for move as they played it; each seat's analysis is the same alone as together (what lets
the seats share a machine's cores); a turn's equity and the players' summary are the master's own measures, worked
out on a game where the «новичок» bot plays short common words."""
from __future__ import annotations

import pytest

from board_words import COMMON, WORDS
from game.net.analysis import analyse, analyse_seats
from game.net.origin import ORIGINS
from game.net.session import SeatInfo, Session
from game.rules.board import words as wordsrc
from game.rules.board.equity import leave_value


@pytest.fixture
def small_dictionary():
    wordsrc.use_words(wordsrc.FixedWords.of(WORDS, COMMON))
    yield
    wordsrc.use_words(None)


def bots_game(level: str, seed: int, origin: int = ORIGINS[-1], game_id: str = "erudit") -> Session:
    session = Session(game_id, [SeatInfo("Маша", level), SeatInfo("Петя", level)], seed, {}, start_ms=origin)
    assert session.run_bots_to_end()
    return session


@pytest.mark.parametrize("origin", ORIGINS)
def test_the_analysis_of_a_masters_game_is_what_the_masters_played(small_dictionary, origin):
    session = bots_game("master", 7, origin)
    header, entries = session.journal.header, session.journal.entries
    analysis = analyse(header, entries)
    turns = [(number, e) for number, e in enumerate(entries, 1) if (e.action or {}).get("kind") in ("place", "exchange",
                                                                                                    "pass")]
    assert [t.step for t in analysis.turns] == [number for number, _ in turns]
    for review, (_, entry) in zip(analysis.turns, turns):
        assert review.best_action == entry.action, f"ход {review.step}: мастер выбрал бы {review.best_action}"
        assert review.same and review.loss == 0 and review.left_on_table == 0
    assert {p.left_on_table for p in analysis.players} == {0}


def test_each_seat_is_analysed_alike_alone_and_together(small_dictionary):
    session = bots_game("player", 3)
    header, entries = session.journal.header, session.journal.entries
    together = analyse(header, entries)
    apart = sorted(analyse_seats(header, entries, [1]) + analyse_seats(header, entries, [0]), key=lambda t: t.step)
    assert apart == together.turns


def test_turns_are_weighed_by_the_masters_equity_and_summed_up(small_dictionary):
    session = bots_game("novice", 11)
    header, entries = session.journal.header, session.journal.entries
    analysis = analyse(header, entries)
    history = session.rules.view(session.state, -1)["history"]
    assert any(not t.same for t in analysis.turns), "the novice never played otherwise than the master"
    for review in analysis.turns:
        logged = history[review.index]
        assert (logged["seat"], logged["kind"], logged.get("score", 0)) == (
            review.seat, review.played.kind, review.played.score)
        # score plus the tiles kept, counted in full while the bag holds seven or more, less as it empties
        weight = 1.0 if review.bag >= 7 else review.bag / 7
        for turn, worth in ((review.played, review.played_equity), (review.best, review.best_equity)):
            kept = kept_letters(review.rack.lower(), turn.tiles)
            assert worth == round(turn.score + (weight * leave_value("erudit", kept) if review.bag else 0), 1)
        assert review.loss == round(review.best_equity - review.played_equity, 1)
    for player in analysis.players:
        mine = [t for t in analysis.turns if t.seat == player.seat]
        assert player.turns == len(mine)
        assert player.left_on_table == sum(max(0, t.best.score - t.played.score) for t in mine)
        assert player.bingos == sum(1 for t in mine if t.played.bingo)
        assert player.best.played.score == max(t.played.score for t in mine if t.played.kind == "place")
        losing = [t for t in mine if t.loss > 0]
        assert player.worst is (None if not losing else player.worst)
        assert not losing or player.worst.loss == max(t.loss for t in losing)
    assert sum(p.left_on_table for p in analysis.players) > 0


def kept_letters(rack: str, tiles: tuple) -> str:
    """The rack less what the turn laid or gave, a blank as «?»."""
    left = list(rack)
    for _, letter, blank in tiles:
        left.remove("?" if blank else letter)
    return "".join(sorted(left))


def test_seats_share_the_cores_and_come_out_the_same():
    """The real dictionary, two processes: the first entries of a game, analysed both ways."""
    session = Session("erudit", [SeatInfo("Маша", "player"), SeatInfo("Петя", "player")], 4, {}, start_ms=0)
    for _ in range(4):
        session.advance(session.next_due())
    header, entries = session.journal.header, session.journal.entries
    told = []
    shared = analyse(header, entries, progress=lambda done, total: told.append((done, total)), processes=2)
    assert shared.turns == analyse(header, entries).turns and len(shared.turns) == len(entries)
    assert told and told[-1] == (2 * len(entries), 2 * len(entries))
