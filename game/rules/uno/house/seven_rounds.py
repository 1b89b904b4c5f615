from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from game.rules.base import Event, HouseRule

from .base import DrawReason, HouseHooks

FIRST_REFILL = 6  # after the first seven cards: 6, then 5 … then 1


@dataclass(frozen=True)
class HandRefilled(Event):
    """An emptied hand takes the next, smaller batch."""

    kind: ClassVar[str] = "hand_refilled"
    seat: int
    count: int


class SevenRounds(HouseHooks):
    rule = HouseRule(
        "seven_rounds",
        "UNO в 7 раундов",
        "Избавившись от первых 7 карт, игрок берёт из колоды 6 новых и продолжает игру, в следующий раз — 5 "
        "и так далее, пока не возьмёт одну карту и не избавится от неё.",
    )
    order = 70
    events = (HandRefilled,)
    sounds = {"hand_refilled": "deal"}
    draw_reasons = {"refill": DrawReason("новые карты", costly=False)}
    slot = "refill"  # per seat: the size of the next refill
    keeps_between_rounds = True
    player_defaults = {"refills_left": 0}

    def on_round_start(self, eng, ctx):
        self.put(ctx.state, [FIRST_REFILL] * ctx.state.n)

    def round_turn_limit(self, limit):
        # seven hands to empty instead of one: seven rounds' worth of turns (alone it runs ~9 plain rounds long)
        return limit * (FIRST_REFILL + 1)

    def on_hand_empty(self, eng, ctx, seat):
        state = ctx.state
        refill = self.my(state)
        count = refill[seat]
        if count <= 0:
            return False
        refill[seat] = count - 1
        got = eng.take(ctx, seat, count, "refill")
        ctx.ev.append(HandRefilled(seat, len(got)))
        return bool(got)

    def player_view(self, state, seat):
        return {"refills_left": self.my(state)[seat]}
