from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from game.rules.base import Event, HouseRule

from .base import DrawReason, HouseHooks

MISTAKE_CARDS = 2


@dataclass(frozen=True)
class Mistake(Event):
    """A wrong card went back to its hand and cost two."""

    kind: ClassVar[str] = "mistake"
    seat: int
    reason: str


class Penalties(HouseHooks):
    rule = HouseRule(
        "penalties",
        "Штрафы",
        "При любой ошибочно выложенной карте, ложном крике «УНО!», ложной поимке и т. п. игрок берёт из колоды "
        "две карты.",
    )
    order = 95
    events = (Mistake,)
    sounds = {"mistake": "invalid"}
    draw_reasons = {"mistake": DrawReason("ошибка")}

    def mistake_cost(self):
        return MISTAKE_CARDS

    def on_mistake(self, eng, ctx, seat, why):
        ctx.ev.append(Mistake(seat, why))
        eng.take(ctx, seat, MISTAKE_CARDS, "mistake")
        return True
