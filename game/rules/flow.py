"""The flow vocabulary every game speaks: phases, who acts, dispatch, table votes, deadlines, seat counts.

These sit next to :class:`~game.rules.base.ReflexRace` so the four engines say the same things the same
way; each piece carries as parameters what really differs between the games that use it.
"""
from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Any, Callable, Iterable, Mapping, NamedTuple

from game.rules.base import Rejected
from game.rules.words_ru import count as count_of


class Phase(enum.StrEnum):
    """Base of every game's phases. Members are strings equal to their wire value, so views, snapshots
    and journals carry exactly the text they carried as plain constants."""


# --------------------------------------------------------------------------- dispatch
Handler = Callable[..., Any]


def handler_for(table: Mapping[type, Handler], action: Any, unknown: str, code: str = "malformed") -> Handler:
    """The one dispatch idiom: every engine keeps a table from action type to its handler and asks it here;
    ``unknown`` is the Russian refusal for an action the game has no handler for (another game's, a stranger)."""
    handler = table.get(type(action))
    if handler is None:
        raise Rejected(unknown, code)
    return handler


def raise_if(refusal: Rejected | None) -> None:
    """``apply`` raises what an engine's ``_*_refusal`` answer says; ``legal_actions`` asks the same answer, so the
    two can never disagree about what is allowed."""
    if refusal is not None:
        raise refusal


# --------------------------------------------------------------------------- seat counts
def seat_count_refusal(rules: Any, seats: int) -> Rejected | None:
    """Why a game of ``rules`` cannot start with ``seats`` players (None when it can)."""
    if rules.min_players <= seats <= rules.max_players:
        return None
    return Rejected(f"В «{rules.title}» играют от {rules.min_players} до {count_of(rules.max_players, 'игрока')}.",
                    "options")


# --------------------------------------------------------------------------- deadlines
class Deadline(NamedTuple):
    """A moment ``tick`` acts at, with the name of what happens then (tests and logs read the name)."""

    at: int
    name: str


def earliest(deadlines: Iterable[Deadline | None]) -> Deadline | None:
    due = [d for d in deadlines if d is not None and d.at is not None]
    return min(due, key=lambda d: d.at) if due else None


# --------------------------------------------------------------------------- table votes
@dataclass(frozen=True)
class TableVote:
    """The table decides by a show of hands whether something counts (a word the dictionary refused).

    The games differ in who raises a hand and in nothing else: in Нет слов the one who said the word votes
    too (``author_votes``), at the board the mover waits while the others decide. Every vote closes when the
    last voter has voted, or at its deadline with the hands raised so far; a tie does not pass."""

    window_ms: int
    author_votes: bool

    def voters(self, players: int, author: int) -> tuple[int, ...]:
        return tuple(s for s in range(players) if self.author_votes or s != author)

    def waiting(self, players: int, author: int, votes: Mapping[Any, bool], key: Callable[[int], Any] = int
                ) -> tuple[int, ...]:
        """Voters who have not voted yet (``key`` turns a seat into the key ``votes`` stores it under)."""
        return tuple(s for s in self.voters(players, author) if key(s) not in votes)

    def refusal(self, players: int, author: int, seat: int, votes: Mapping[Any, bool],
                key: Callable[[int], Any] = int) -> Rejected | None:
        if seat not in self.voters(players, author):
            return Rejected("За своё слово голосуют другие игроки.", "vote")
        if key(seat) in votes:
            return Rejected("Вы уже проголосовали.", "vote")
        return None

    def complete(self, players: int, author: int, votes: Mapping[Any, bool]) -> bool:
        return len(votes) >= len(self.voters(players, author))

    @staticmethod
    def tally(votes: Mapping[Any, bool]) -> tuple[int, int, bool]:
        """(yes, no, passed)."""
        yes = sum(1 for v in votes.values() if v)
        no = len(votes) - yes
        return yes, no, yes > no
