"""What happened, for the table scene and the log. Card fields are dicts
``{"id", "colour", "value"}`` (plus ``"named"`` for a black card once its colour is named);
``faces`` fields carry ``{"colour", "value"}`` without ids (cards shown but not handed over).
Private events carry ``to``: only that seat receives them."""
from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from game.rules.base import Event


@dataclass(frozen=True)
class RoundStarted(Event):
    kind: ClassVar[str] = "round_started"
    round: int
    dealer: int
    first: int  # whose turn it is
    top: dict  # the starting card
    hand_sizes: tuple
    deck_count: int


@dataclass(frozen=True)
class Dealt(Event):
    """Your seven cards (private)."""

    kind: ClassVar[str] = "dealt"
    to: int
    cards: tuple


@dataclass(frozen=True)
class StarterReturned(Event):
    """A non-number card was flipped first and went back into the deck (no id: it is hidden again)."""

    kind: ClassVar[str] = "starter_returned"
    face: dict


@dataclass(frozen=True)
class CardPlayed(Event):
    kind: ClassVar[str] = "card_played"
    seat: int
    card: dict
    jump_in: bool = False
    uno: bool = False  # «УНО!» shouted with the card
    answer: bool = False  # played in answer to a pending +N
    left: int = 0  # cards left in that hand


@dataclass(frozen=True)
class ColourChosen(Event):
    kind: ClassVar[str] = "colour_chosen"
    seat: int
    colour: str
    auto: bool = False  # «Смена цвета по кругу» chose it


@dataclass(frozen=True)
class CardsDrawn(Event):
    """Public: how many cards a seat took and why ("draw", "penalty", "challenge", "uno",
    "slap", "silence", "mistake", "false_catch", "false_shout", "refill", "last_card")."""

    kind: ClassVar[str] = "cards_drawn"
    seat: int
    count: int
    reason: str
    short: int = 0  # cards that could not be drawn: both piles ran dry


@dataclass(frozen=True)
class CardsReceived(Event):
    """Private: the faces of the cards you took."""

    kind: ClassVar[str] = "cards_received"
    to: int
    cards: tuple
    reason: str


@dataclass(frozen=True)
class Passed(Event):
    kind: ClassVar[str] = "passed"
    seat: int
    auto: bool = False  # the drawn card did not fit


@dataclass(frozen=True)
class TurnSkipped(Event):
    kind: ClassVar[str] = "turn_skipped"
    seat: int


@dataclass(frozen=True)
class DirectionChanged(Event):
    kind: ClassVar[str] = "direction_changed"
    direction: int


@dataclass(frozen=True)
class TurnStarted(Event):
    kind: ClassVar[str] = "turn_started"
    seat: int


@dataclass(frozen=True)
class AttackPending(Event):
    """A +N waits on ``target``: the scene shows the amount over their seat."""

    kind: ClassVar[str] = "attack_pending"
    source: int
    target: int
    amount: int
    challengeable: bool


@dataclass(frozen=True)
class Challenged(Event):
    kind: ClassVar[str] = "challenged"
    challenger: int
    accused: int
    guilty: bool
    penalty_seat: int
    penalty: int


@dataclass(frozen=True)
class HandShown(Event):
    """Private to the challenger: the accused's hand, faces only."""

    kind: ClassVar[str] = "hand_shown"
    to: int
    seat: int
    faces: tuple


@dataclass(frozen=True)
class CardTakenBack(Event):
    """A cheating +4 goes back into its owner's hand; the top and colour revert."""

    kind: ClassVar[str] = "card_taken_back"
    seat: int
    card: dict
    top: dict
    colour: str


@dataclass(frozen=True)
class ReadyWait(Event):
    kind: ClassVar[str] = "ready_wait"
    seat: int
    deadline_ms: int


@dataclass(frozen=True)
class ReadySaid(Event):
    kind: ClassVar[str] = "ready_said"
    seat: int
    auto: bool = False


@dataclass(frozen=True)
class UnoShouted(Event):
    kind: ClassVar[str] = "uno_shouted"
    seat: int
    on_time: bool  # with the card; False: a late shout that still made it
    margin_ms: int = 0  # late shout: lead over the fastest catcher (0 when nobody tried)


@dataclass(frozen=True)
class UnoMissed(Event):
    """The second-to-last card landed silently: catching is open (after the grace period)."""

    kind: ClassVar[str] = "uno_missed"
    seat: int
    grace_until: int


@dataclass(frozen=True)
class CatchPressed(Event):
    kind: ClassVar[str] = "catch_pressed"
    seat: int
    target: int


@dataclass(frozen=True)
class UnoCaught(Event):
    kind: ClassVar[str] = "uno_caught"
    seat: int  # the forgetful one, who takes two
    by: int
    margin_ms: int  # lead of the catcher over the next press (late shout or another catcher)
    reaction_ms: int  # from the card landing to the catch
    tie: bool = False


@dataclass(frozen=True)
class UnoWindowClosed(Event):
    """The table moved on before anyone caught the silent player: they got away with it."""

    kind: ClassVar[str] = "uno_window_closed"
    seat: int


@dataclass(frozen=True)
class FalseReflex(Event):
    """A catch, slap or shout with nothing behind it: locked out until ``until_ms``."""

    kind: ClassVar[str] = "false_reflex"
    seat: int
    what: str  # "catch", "slap", "shout"
    until_ms: int
    penalty: int


@dataclass(frozen=True)
class LockoutOver(Event):
    kind: ClassVar[str] = "lockout_over"
    seat: int


@dataclass(frozen=True)
class ChoiceWait(Event):
    """Someone must choose: ``what`` is "colour", "swap", "offer" or "reply"."""

    kind: ClassVar[str] = "choice_wait"
    seat: int
    what: str


@dataclass(frozen=True)
class Emoted(Event):
    kind: ClassVar[str] = "emoted"
    seat: int
    emote: str


@dataclass(frozen=True)
class PlayerOut(Event):
    kind: ClassVar[str] = "player_out"
    seat: int
    place: int


@dataclass(frozen=True)
class DeckRecycled(Event):
    kind: ClassVar[str] = "deck_recycled"
    count: int


@dataclass(frozen=True)
class RoundOver(Event):
    """``result``: the dict the results screen shows (see views.round_result)."""

    kind: ClassVar[str] = "round_over"
    result: dict


@dataclass(frozen=True)
class ContinuePressed(Event):
    kind: ClassVar[str] = "continue_pressed"
    seat: int


@dataclass(frozen=True)
class MatchOver(Event):
    kind: ClassVar[str] = "match_over"
    result: dict


# the basic game's events; each house rule brings its own (``HouseHooks.events``), joined in ``house.EVENTS``
BASE_EVENTS = (
    RoundStarted, Dealt, StarterReturned, CardPlayed, ColourChosen, CardsDrawn, CardsReceived, Passed, TurnSkipped,
    DirectionChanged, TurnStarted, AttackPending, Challenged, HandShown, CardTakenBack, ReadyWait, ReadySaid,
    UnoShouted, UnoMissed, CatchPressed, UnoCaught, UnoWindowClosed, FalseReflex, LockoutOver, ChoiceWait, Emoted,
    PlayerOut, DeckRecycled, RoundOver, ContinuePressed, MatchOver,
)
