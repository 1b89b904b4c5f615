"""The shared flow pieces: one table vote for Нет слов and the board games (who votes is its one parameter), and the
one table of seat counts that the registry and the rules read."""
from __future__ import annotations

from hypothesis import given, strategies as st

from game.rules.flow import TableVote

BOARD_LIKE = TableVote(30_000, author_votes=False)
NOWORDS_LIKE = TableVote(20_000, author_votes=True)


@given(players=st.integers(2, 6), data=st.data())
def test_a_vote_closes_when_every_voter_has_voted_and_a_tie_does_not_pass(players, data):
    author = data.draw(st.integers(0, players - 1))
    for vote in (BOARD_LIKE, NOWORDS_LIKE):
        votes: dict = {}
        for seat in vote.voters(players, author):
            assert vote.refusal(players, author, seat, votes) is None
            assert not vote.complete(players, author, votes)
            votes[seat] = data.draw(st.booleans())
            assert vote.refusal(players, author, seat, votes).reason == "Вы уже проголосовали."
        assert vote.complete(players, author, votes) and vote.waiting(players, author, votes) == ()
        yes, no, passed = vote.tally(votes)
        assert (yes, no) == (sum(votes.values()), len(votes) - sum(votes.values())) and passed == (yes > no)
    assert author not in BOARD_LIKE.voters(players, author)
    assert BOARD_LIKE.refusal(players, author, author, {}) is not None
    assert author in NOWORDS_LIKE.voters(players, author)
