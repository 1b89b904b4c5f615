from game.rules.base import HouseRule

from ..events import HandRefilled
from .base import HouseHooks


class SevenRounds(HouseHooks):
    rule = HouseRule(
        "seven_rounds",
        "UNO в 7 раундов",
        "Избавившись от первых 7 карт, игрок берёт из колоды 6 новых и продолжает игру, в следующий раз — 5 "
        "и так далее, пока не возьмёт одну карту и не избавится от неё.",
    )
    order = 70

    def on_hand_empty(self, eng, ctx, seat):
        state = ctx.state
        count = state.refill_next[seat]
        if count <= 0:
            return False
        state.refill_next[seat] = count - 1
        got = eng.take(ctx, seat, count, "refill")
        ctx.ev.append(HandRefilled(seat, len(got)))
        return bool(got)
