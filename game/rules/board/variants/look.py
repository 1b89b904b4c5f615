"""What a table shows of a board variant (its look): what its phases are called and what the table does in them,
the buttons it adds, the question it asks, the pause it makes of the pause menu, what the moves list says of the
moves it logs, its count on the players' plates and its events' sounds. Words, action kinds, view keys and sound
names only: the board table (game.scenes.board) reads the looks of every variant (``variants.LOOK``) and names
none, so a variant with a phase, a button and a sound changes no scene."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Mapping

from game.rules.base import Action
from game.rules.words_ru import count

# what a variant's phase is at the table
WINDOW = "window"  # a move lies on the board waiting for the others' verdict: its mover is marked, its time counts down
TURN = "turn"  # the seats take turns as in play: the one on turn is lit and moves
HOLD = "hold"  # the table stands still until one seat goes on


@dataclass(frozen=True)
class Button:
    """A button under the rack for one of the variant's actions; ``key`` presses it wherever the table is."""

    action: str  # the kind of the action it sends
    label: str
    key: str = ""  # a keyboard key, as pygame names it («F6»)
    refused: str = "Сейчас так нельзя."  # what the table says when the rules do not take it now
    shown_by: str = ""  # a button of one's turn stands while this view key is not None (the variant is on)
    off: str = ""  # what the table says when it is pressed and the variant is off in this game


@dataclass(frozen=True)
class Answer:
    label: str
    action: Action  # what answering so sends
    typed: tuple[str, ...] = ()  # what typed alone answers so («д», «y»)


@dataclass(frozen=True)
class Question:
    """A dialog over the board asking the seats who may act in the phase about the move waiting in it (its words and
    their points stand in it): «{mover} {verb} {rest}»."""

    title: str
    verb: str  # what the mover does, agreeing with the mover's name («предлагает»)
    rest: str
    answers: tuple[Answer, ...]


@dataclass(frozen=True)
class Pick:
    """A turn made by picking tiles off the board, up to ``most`` of them, sent as the action's ``cells``."""

    action: str
    verb: str  # its button, and the line over the rack counting what is picked («Снять 2 фишки»)
    most: int
    invitation: str  # that line before anything is picked
    nothing: str  # what the table says when it is sent with nothing picked


@dataclass(frozen=True)
class Opening:
    """A banner when the phase begins, for a seat that acts in it."""

    title: str
    keys: str  # what it says at a keyboard and mouse
    pad: str = ""  # with a gamepad, where it says something else


@dataclass(frozen=True)
class PhaseLook:
    kind: str  # WINDOW, TURN or HOLD
    status: str  # the table's status line in it
    title: str = ""  # what a couch calls a player up for in it («Проверка слова»)
    buttons: tuple[Button, ...] = ()  # under the rack of a seat that may take one of them; with a question, they
    # bring the question back
    question: Question | None = None
    pick: Pick | None = None
    opening: Opening | None = None
    held_by: Callable[[dict], int | None] | None = None  # HOLD: the seat that goes on, from the view
    goes_on: str = ""  # HOLD: what that seat does, in the status line («снимет»)


@dataclass(frozen=True)
class LoggedMove:
    """What a table's moves list says of a move the variant logs under its kind: «снято: 2 фишки»."""

    name: str  # «снято»: also alone, where moves are named in a word
    counted: str  # the entry's list whose length it counts
    noun: str  # what it counts

    def said(self, entry: dict) -> str:
        return f"{self.name}: {count(len(entry.get(self.counted, [])), self.noun)}"


@dataclass(frozen=True)
class Tally:
    """A count per seat the plates show in the variant's phases and after the game: «снято: 12»."""

    label: str
    view_key: str  # the view's list of it, one a seat
    phases: tuple[str, ...]


@dataclass(frozen=True)
class VariantLook:
    phases: Mapping[str, PhaseLook] = field(default_factory=dict)
    turn_buttons: tuple[Button, ...] = ()  # under the rack in the play phase, after the base game's
    sounds: Mapping[str, str] = field(default_factory=dict)  # event kind -> sound
    pause: tuple[str, ...] = ()  # (action, action): what the pause menu sends when it opens, and when it closes
    logged: Mapping[str, LoggedMove] = field(default_factory=dict)  # history kind -> how the moves list says it
    tallies: tuple[Tally, ...] = ()


def gathered(looks) -> VariantLook:
    """The looks of several variants as one (each names only its own phases, buttons, events and moves)."""
    looks = list(looks)
    return VariantLook(
        phases={phase: look for v in looks for phase, look in v.phases.items()},
        turn_buttons=tuple(b for v in looks for b in v.turn_buttons),
        sounds={kind: sound for v in looks for kind, sound in v.sounds.items()},
        pause=next((v.pause for v in looks if v.pause), ()),
        logged={kind: move for v in looks for kind, move in v.logged.items()},
        tallies=tuple(t for v in looks for t in v.tallies),
    )
