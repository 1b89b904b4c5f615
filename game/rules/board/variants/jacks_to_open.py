"""«Первое слово от пяти букв» (Jacks to Open): the first word has at least five letters; when every player
passed (or exchanged) on it, four; then any. Those turns do not count towards the end of the game."""
from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from game.rules.base import Event, HouseRule

from ..actions import PhaseChanged
from ..phases import P
from .base import BASE_OPENING, BoardVariant, VariantLook

FIRST = 5
THEN = 4


@dataclass(frozen=True)
class OpeningRelaxed(Event):
    """Nobody could open with the required length; it drops."""

    kind: ClassVar[str] = "opening_relaxed"
    min_letters: int


class JacksToOpen(BoardVariant):
    rule = HouseRule("jacks_to_open", "Первое слово от пяти букв",
                     "Первое слово — не короче 5 букв; если никто не может, то 4.", False)
    classic_only = True
    events = (OpeningRelaxed,)
    look = VariantLook(sounds={OpeningRelaxed.kind: "menu_move"})
    state_fields = (("opening_passes", int),)  # turns in a row that could not open at the length asked

    def opening_min(self, options, base):
        return FIRST

    def scoreless_turn(self, rules, state):
        if state.opening_min <= BASE_OPENING or any(state.cells):
            return None
        state.opening_passes += 1
        events: list = []
        if state.opening_passes >= state.players:
            state.opening_passes = 0
            state.opening_min = THEN if state.opening_min == FIRST else BASE_OPENING
            state.turn = state.starter
            events.append(OpeningRelaxed(state.opening_min))
        else:
            rules.next_turn(state)
        return events + [PhaseChanged(P.PLAY, state.turn)]


VARIANT = JacksToOpen()
