"""Actions and events of «Скрэббл Бинго». Every action is ``reflex``: everyone plays at once, so a
cross-out or a call is judged on its own merits and time, never refused as stale because
somebody else moved meanwhile."""
from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from game.rules.base import Action, Event, Rejected, WireCodec, require_types

WORD_LETTERS = 7
SHEET = 2 * WORD_LETTERS  # the cells of a sheet: the first word's letters, then the second's


@dataclass(frozen=True)
class ChooseWords(Action):
    """The two words of a sheet, typed or the suggested pair accepted."""

    kind: ClassVar[str] = "choose_words"
    reflex: ClassVar[bool] = True
    first: str
    second: str

    def check_types(self) -> None:
        require_types(self, first=str, second=str)
        if len(self.first) > 40 or len(self.second) > 40:
            raise Rejected("Слово слишком длинное: нужны слова из семи букв.", "malformed")


@dataclass(frozen=True)
class Cross(Action):
    """Cross out one letter of the sheet (cell 0–6: the first word, 7–13: the second)."""

    kind: ClassVar[str] = "cross"
    reflex: ClassVar[bool] = True
    cell: int

    def check_types(self) -> None:
        require_types(self, cell=int)


@dataclass(frozen=True)
class CallBingo(Action):
    """«Скрэббл Бинго!» — the caller checks the sheet."""

    kind: ClassVar[str] = "call_bingo"
    reflex: ClassVar[bool] = True


@dataclass(frozen=True)
class SheetReady(Event):
    kind: ClassVar[str] = "sheet_ready"
    seat: int


@dataclass(frozen=True)
class SheetWritten(Event):
    """The seat's own words (only the seat sees them until the end)."""

    kind: ClassVar[str] = "sheet_written"
    to: int
    words: tuple


@dataclass(frozen=True)
class CallingStarted(Event):
    kind: ClassVar[str] = "calling_started"
    first_call_ms: int


@dataclass(frozen=True)
class LetterCalled(Event):
    kind: ClassVar[str] = "letter_called"
    letter: str
    number: int  # 1 for the first call
    left: int  # tiles still in the bag
    deaf: tuple  # seats for whom this call does not count (a false «Бинго!» is being paid for)


@dataclass(frozen=True)
class Crossed(Event):
    kind: ClassVar[str] = "crossed"
    seat: int
    cell: int
    letter: str
    crossed: int  # how many of the sheet's letters the seat has crossed out now


@dataclass(frozen=True)
class BingoPressed(Event):
    """Somebody called «Скрэббл Бинго!»: the caller is checking (the race window is open)."""

    kind: ClassVar[str] = "bingo_pressed"
    seat: int


@dataclass(frozen=True)
class FalseBingo(Event):
    kind: ClassVar[str] = "false_bingo"
    seat: int
    left: int  # letters the seat had not crossed out
    deaf_calls: int  # calls that will not count for the seat


@dataclass(frozen=True)
class BingoWon(Event):
    kind: ClassVar[str] = "bingo_won"
    seat: int
    margin_ms: int  # ahead of the next valid call (0 when nobody else called)
    tie: bool


@dataclass(frozen=True)
class GameOver(Event):
    kind: ClassVar[str] = "game_over"
    winners: tuple
    reason: str  # "bingo" or "bag_empty"
    sheets: tuple  # every seat's two words, shown at the end


ACTIONS = WireCodec([ChooseWords, Cross, CallBingo])
EVENTS = WireCodec([SheetReady, SheetWritten, CallingStarted, LetterCalled, Crossed, BingoPressed, FalseBingo,
                    BingoWon, GameOver])
