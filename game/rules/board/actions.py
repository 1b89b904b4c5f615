"""The base actions and events of the board games; each variant's own are in its module under ``variants``
(wire shapes are documented in docs/PROTOCOL.md)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from game.rules.base import Action, Event, Rejected, require_types


def check_tuples(value, width: int, types: tuple, name: str) -> None:
    if not isinstance(value, tuple):
        raise Rejected(f"Поле «{name}» имеет неверный тип.", "malformed")
    for item in value:
        if not isinstance(item, tuple) or len(item) != width:
            raise Rejected(f"Поле «{name}» составлено неверно.", "malformed")
        for v, t in zip(item, types):
            if not isinstance(v, t) or (t is int and isinstance(v, bool)):
                raise Rejected(f"Поле «{name}» составлено неверно.", "malformed")


@dataclass(frozen=True)
class Place(Action):
    """Put tiles on the board: ``tiles`` = ((row, col, tile_id, letter), ...); a blank's
    ``letter`` is the one it stands for. ``swaps`` (blank reuse) = ((row, col, tile_id), ...):
    give a real tile for a blank on the board first. ``dispute``: put refused words to a
    vote. ``vowels``: with the double bag, how many of the new tiles to take from the
    vowel bag (-1: the table's default)."""

    kind: ClassVar[str] = "place"
    tiles: tuple
    swaps: tuple = ()
    dispute: bool = False
    vowels: int = -1

    def check_types(self):
        check_tuples(self.tiles, 4, (int, int, str, str), "tiles")
        check_tuples(self.swaps, 3, (int, int, str), "swaps")
        require_types(self, dispute=bool, vowels=int)


@dataclass(frozen=True)
class Exchange(Action):
    kind: ClassVar[str] = "exchange"
    tiles: tuple  # tile ids
    vowels: int = -1

    def check_types(self):
        if not isinstance(self.tiles, tuple) or not all(isinstance(t, str) for t in self.tiles):
            raise Rejected("Поле «tiles» имеет неверный тип.", "malformed")
        require_types(self, vowels=int)


@dataclass(frozen=True)
class Pass(Action):
    kind: ClassVar[str] = "pass"


ACTIONS = (Place, Exchange, Pass)  # the variants add theirs (variants.ACTIONS)


# --------------------------------------------------------------------------- events
@dataclass(frozen=True)
class OrderDrawn(Event):
    kind: ClassVar[str] = "order_drawn"
    draws: tuple  # ((seat, letter), ...) in drawing order; "?" is a blank
    first: int


@dataclass(frozen=True)
class Dealt(Event):
    """Tiles that reached a rack: private to that seat."""

    kind: ClassVar[str] = "dealt"
    to: int
    tiles: tuple  # ((tile_id, letter, points), ...)


@dataclass(frozen=True)
class Drew(Event):
    kind: ClassVar[str] = "drew"
    seat: int
    count: int
    bag: int


@dataclass(frozen=True)
class Placed(Event):
    kind: ClassVar[str] = "placed"
    seat: int
    tiles: tuple  # ((row, col, tile_id, letter, points, is_blank), ...)
    words: tuple  # words formed, upper case
    score: int
    bingo: bool
    pending: bool  # waits for a challenge window or a vote


@dataclass(frozen=True)
class MoveStands(Event):
    kind: ClassVar[str] = "move_stands"
    seat: int
    score: int
    total: int


@dataclass(frozen=True)
class MoveWithdrawn(Event):
    kind: ClassVar[str] = "move_withdrawn"
    seat: int
    cells: tuple  # ((row, col), ...) emptied again
    reason: str


@dataclass(frozen=True)
class Exchanged(Event):
    kind: ClassVar[str] = "exchanged"
    seat: int
    count: int


@dataclass(frozen=True)
class Passed(Event):
    kind: ClassVar[str] = "passed"
    seat: int


@dataclass(frozen=True)
class PhaseChanged(Event):
    kind: ClassVar[str] = "phase_changed"
    phase: str
    turn: int


@dataclass(frozen=True)
class GameEnded(Event):
    kind: ClassVar[str] = "game_ended"
    scores: tuple
    adjustments: tuple
    winners: tuple


# the refusal codes of a move with a word the dictionary does not take: WORD_DISPUTABLE when the same move sent with
# ``dispute`` would go to the table's vote (a variant holds it), WORD_REFUSED when nothing would take it; scenes
# offer the vote by the code, never by the Russian reason or the house rules
WORD_REFUSED = "word"
WORD_DISPUTABLE = "word_disputable"

EVENTS = (  # the variants add theirs (variants.EVENTS)
    OrderDrawn, Dealt, Drew, Placed, MoveStands, MoveWithdrawn, Exchanged, Passed, PhaseChanged, GameEnded,
)
