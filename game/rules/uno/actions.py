"""What a seat may ask for in the basic game (house rules add theirs). Reflex actions (shout, catch) are judged
by time."""
from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from game.rules.base import Action, require_types


@dataclass(frozen=True)
class Play(Action):
    """Lay a card from the hand in one's own turn (or in answer to a pending +N).
    ``uno``: «УНО!» shouted while laying the second-to-last card."""

    kind: ClassVar[str] = "play"
    lays_card: ClassVar[bool] = True  # ``card`` goes on the pile: a +N laid so aims at someone (``aimed_at``)
    card: str
    uno: bool = False

    def check_types(self):
        require_types(self, card=str, uno=bool)


@dataclass(frozen=True)
class Draw(Action):
    kind: ClassVar[str] = "draw"


@dataclass(frozen=True)
class Pass(Action):
    """«Пас»: keep the card just drawn."""

    kind: ClassVar[str] = "pass"


@dataclass(frozen=True)
class ChooseColour(Action):
    kind: ClassVar[str] = "choose_colour"
    colour: str

    def check_types(self):
        require_types(self, colour=str)


@dataclass(frozen=True)
class Accept(Action):
    """«Беру»: take the pending penalty and lose the turn."""

    kind: ClassVar[str] = "accept"


@dataclass(frozen=True)
class Challenge(Action):
    """«Проверка на честность» of the +4 just played."""

    kind: ClassVar[str] = "challenge"


@dataclass(frozen=True)
class Ready(Action):
    """«Готов»: the new cards are sorted, the game may go on."""

    kind: ClassVar[str] = "ready"


@dataclass(frozen=True)
class Shout(Action):
    """«УНО!» said late (after the card landed). A shout with nothing to shout about is false."""

    kind: ClassVar[str] = "shout"
    reflex: ClassVar[bool] = True


@dataclass(frozen=True)
class Catch(Action):
    """Remind a forgetful player of «УНО!». A catch with nobody to catch is false."""

    kind: ClassVar[str] = "catch"
    reflex: ClassVar[bool] = True


@dataclass(frozen=True)
class Emote(Action):
    """A reaction or a chat line; during a silence (Silent Two's) it breaks the silence."""

    kind: ClassVar[str] = "emote"
    reflex: ClassVar[bool] = True
    emote: str

    def check_types(self):
        require_types(self, emote=str)


@dataclass(frozen=True)
class Continue(Action):
    """Done looking at the round results."""

    kind: ClassVar[str] = "continue"


# the basic game's actions; each house rule brings its own (``HouseHooks.actions``), joined in ``house.ACTIONS``
BASE_ACTIONS = (Play, Draw, Pass, ChooseColour, Accept, Challenge, Ready, Shout, Catch, Emote, Continue)
# the reactions a seat may send (the view's ``emotes``); «кашель» and «смех» are quiet («Кашель, смех… не считаются
# нарушением тишины»: ``house.silence.QUIET_EMOTES``)
EMOTES: tuple[str, ...] = ("смех", "кашель", "ура", "ой", "хм", "браво", "грр")
