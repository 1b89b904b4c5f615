"""«Повторные пустышки»: a blank on the board may be given back for the real tile of its letter, and played again
in the same move (``Place.swaps``)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from game.rules.base import Event, HouseRule, Rejected

from ..layout import BLANK, SIZE
from ..phases import P
from .base import BoardVariant, VariantLook


@dataclass(frozen=True)
class BlankSwapped(Event):
    kind: ClassVar[str] = "blank_swapped"
    seat: int
    row: int
    col: int
    tile: str
    blank: str


class BlankReuse(BoardVariant):
    rule = HouseRule("blank_reuse", "Повторные пустышки", "Пустышку на поле можно заменить настоящей буквой и сразу "
                     "сыграть ею в этом же ходу.", False)
    classic_only = True
    events = (BlankSwapped,)
    look = VariantLook(sounds={BlankSwapped.kind: "tile_place"})

    def view(self, rules, state, seat):
        """``blank_swaps``: the board blanks ``seat`` may give a tile of the same letter for now (its turn in play),
        so a table offers the swap where the rules take it."""
        if not self.on(state.options) or state.phase != P.PLAY or rules.turn_refusal(state, seat) is not None:
            return {"blank_swaps": []}
        held = {state.faces[t] for t in state.racks[seat]}
        return {"blank_swaps": [[cell // SIZE, cell % SIZE] for cell, t in enumerate(state.cells)
                                if t and state.faces[t] == BLANK and state.blank_as.get(t) in held]}

    def take_blanks(self, rules, state, action, rack):
        taken = []
        for r, c, wire_id in action.swaps:
            tid = rules.parse_id(wire_id)
            cell = r * SIZE + c
            if not (0 <= r < SIZE and 0 <= c < SIZE) or not state.cells[cell]:
                raise Rejected("Здесь нет пустышки для замены.")
            blank = state.cells[cell]
            if state.faces[blank] != BLANK:
                raise Rejected("Заменить можно только пустышку.")
            if tid not in rack or state.faces[tid] != state.blank_as[blank]:
                raise Rejected("Для замены нужна фишка с той же буквой, что означает пустышка.")
            rack.remove(tid)
            rack.append(blank)
            taken.append((cell, blank, tid))
        return taken

    def swap_blanks(self, rules, state, seat, swaps):
        events = []
        for cell, blank, tid in swaps:
            state.cells[cell] = tid
            del state.blank_as[blank]
            state.racks[seat].remove(tid)
            state.racks[seat].append(blank)
            events.append(BlankSwapped(seat, cell // SIZE, cell % SIZE, rules.tid(tid), rules.tid(blank)))
        return events

    def unswap_blanks(self, state, seat, swaps):
        for cell, blank, tid in reversed(swaps):
            state.racks[seat].remove(blank)
            state.racks[seat].append(tid)
            state.cells[cell] = blank
            state.blank_as[blank] = state.faces[tid]  # a blank stood for the letter of the tile given for it


VARIANT = BlankReuse()
