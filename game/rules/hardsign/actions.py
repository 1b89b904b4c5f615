"""Actions and events of «Твёрдый знак». Every action is ``reflex``: everyone plays at once, so a press is judged
by its own merits and its time, never refused because somebody else moved meanwhile."""
from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from game.rules.base import Action, Event, Rejected, WireCodec, require_types

MAX_WORD = 24
MAX_ROW = 12


@dataclass(frozen=True)
class Submit(Action):
    """Lay a word: the cards in reading order (own hand ids and table ids) and the word they read."""

    kind: ClassVar[str] = "submit"
    reflex: ClassVar[bool] = True
    cards: tuple
    word: str

    def check_types(self) -> None:
        require_types(self, cards=tuple, word=str)
        if not self.cards or len(self.cards) > MAX_ROW or not all(isinstance(c, str) for c in self.cards):
            raise Rejected("Выложите от одной до двенадцати карт.", "malformed")
        if len(self.word) > MAX_WORD:
            raise Rejected("Слишком длинное слово.", "malformed")


@dataclass(frozen=True)
class Withdraw(Action):
    kind: ClassVar[str] = "withdraw"
    reflex: ClassVar[bool] = True


@dataclass(frozen=True)
class Pass(Action):
    kind: ClassVar[str] = "pass"
    reflex: ClassVar[bool] = True


@dataclass(frozen=True)
class AskLetter(Action):
    kind: ClassVar[str] = "ask_letter"
    reflex: ClassVar[bool] = True


@dataclass(frozen=True)
class Bribe(Action):
    kind: ClassVar[str] = "bribe"
    reflex: ClassVar[bool] = True


# ------------------------------------------------------------------------------------------------ events
@dataclass(frozen=True)
class RoundDealt(Event):
    kind: ClassVar[str] = "round_dealt"
    round: int
    table: tuple  # ({id, face, stars}, ...)
    bonuses: tuple  # public bonus faces ({id, tag, title, points}); hidden ones are left out
    deck: int


@dataclass(frozen=True)
class HandDealt(Event):
    kind: ClassVar[str] = "hand_dealt"
    to: int
    cards: tuple  # ({id, face, stars}, ...)


@dataclass(frozen=True)
class WordLaid(Event):
    """Somebody laid a word face down: the race indicator. The word stays hidden until the reveal."""

    kind: ClassVar[str] = "word_laid"
    seat: int
    place: int  # 1 for the first word on the table, 2 for the second…
    cards: int


@dataclass(frozen=True)
class WordTaken(Event):
    kind: ClassVar[str] = "word_taken"
    seat: int


@dataclass(frozen=True)
class EarlyCard(Event):
    """«Раньше всех» moved: to a seat, or back to the table (seat -1)."""

    kind: ClassVar[str] = "early_card"
    seat: int


@dataclass(frozen=True)
class Passed(Event):
    kind: ClassVar[str] = "passed"
    seat: int


@dataclass(frozen=True)
class LetterAsked(Event):
    kind: ClassVar[str] = "letter_asked"
    seat: int


@dataclass(frozen=True)
class LetterAdded(Event):
    kind: ClassVar[str] = "letter_added"
    card: dict  # {id, face, stars}
    reason: str  # "asked" | "bribe"
    count: int  # letters now on the table


@dataclass(frozen=True)
class BribePaid(Event):
    kind: ClassVar[str] = "bribe_paid"
    seat: int
    takers: tuple  # seats that took a card each
    faces: tuple  # the faces they took, in the same order (banks are public)


@dataclass(frozen=True)
class TimeUp(Event):
    """A timer of the race ran out: the seats that had not decided pass (or ask for a letter)."""

    kind: ClassVar[str] = "time_up"
    seats: tuple
    stage: str  # "answer" | "think"


@dataclass(frozen=True)
class RoundWon(Event):
    kind: ClassVar[str] = "round_won"
    round: int
    winners: tuple
    instant: bool
    words: tuple  # every laid word with its score breakdown (see Rules.score_word)
    won: tuple  # per winner: the faces that went to the bank
    returned: int  # cards shuffled back into the deck


@dataclass(frozen=True)
class LongestWord(Event):
    kind: ClassVar[str] = "longest_word"
    seat: int
    word: str
    length: int
    previous: int  # the former holder, or -1


@dataclass(frozen=True)
class RoundVoid(Event):
    kind: ClassVar[str] = "round_void"
    round: int


@dataclass(frozen=True)
class GameOver(Event):
    kind: ClassVar[str] = "game_over"
    scores: tuple
    winners: tuple
    reason: str


ACTIONS = WireCodec([Submit, Withdraw, Pass, AskLetter, Bribe])
EVENTS = WireCodec([RoundDealt, HandDealt, WordLaid, WordTaken, EarlyCard, Passed, LetterAsked, LetterAdded,
                    BribePaid, TimeUp, RoundWon, LongestWord, RoundVoid, GameOver])
