"""«Подсказка»: the best move on request (privately, counted per seat) and, after the game, each turn's best
alternative (``review.best_alternatives``, made once when the game is over)."""
from __future__ import annotations

import json
from dataclasses import dataclass
from typing import ClassVar

from game.rules.base import Action, Event, HouseRule, Rejected
from game.rules.flow import raise_if

from ..equity import best_by_equity
from ..movegen import PLAY_BUDGET
from .. import review
from .base import BoardVariant, Button, VariantLook


@dataclass(frozen=True)
class Hint(Action):
    kind: ClassVar[str] = "hint"


@dataclass(frozen=True)
class HintGiven(Event):
    kind: ClassVar[str] = "hint_given"
    to: int
    move: dict  # {} when there is no move


class Hints(BoardVariant):
    rule = HouseRule("hints", "Подсказка", "Лучший ход по запросу, а после партии — лучший вариант каждого хода.",
                     False)
    presets = {"family": True}
    actions = (Hint,)
    events = (HintGiven,)
    state_fields = (
        ("hints_used", list),  # per seat
        ("review", str),  # JSON list of each turn's best alternative, made once when the game ends
    )
    look = VariantLook(
        turn_buttons=(Button(Hint.kind, "Подсказка", "F5", "Подсказка — только в свой ход.", shown_by="hints_used",
                             off="Подсказки выключены в этой партии."),),
        sounds={HintGiven.kind: "menu_confirm"},
    )

    def start(self, rules, state):
        state.hints_used = [0] * state.players

    def refusal(self, state) -> Rejected | None:
        return None if self.on(state.options) else Rejected("Подсказки выключены в этой партии.")

    def turn_handlers(self):
        return {Hint: self._hint}

    def _hint(self, rules, state, seat, action, t_ms):
        raise_if(self.refusal(state))
        state.hints_used[seat] += 1
        rack = "".join(state.faces[t] for t in state.racks[seat])
        top = best_by_equity(rules.game_id, rules.moves_for(state, seat, budget=PLAY_BUDGET), rack,
                             rules._bag_size(state))
        return [HintGiven(seat, top or {})]

    def turn_legal(self, rules, state, seat):
        return [Hint()]

    def view(self, rules, state, seat):
        """With hints on, how many each seat asked for (a table keeps its hint button by it); else None."""
        return {"hints_used": list(state.hints_used) if self.on(state.options) else None}

    def on_close(self, rules, state):
        best = review.best_alternatives(rules, state, budget=rules.REVIEW_BUDGET)
        state.review = json.dumps(best, ensure_ascii=False, separators=(",", ":"))

    def result(self, rules, state):
        out: dict = {"hints_used": list(state.hints_used)}
        if state.review:
            out["best_alternatives"] = json.loads(state.review)
        return out


VARIANT = Hints()
