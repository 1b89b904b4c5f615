from game.rules.base import HouseRule

from ..events import ChoiceWait
from ..state import FIVE_OFFER
from .base import HouseHooks


class FiveSwap(HouseHooks):
    rule = HouseRule(
        "five_swap",
        "Обмен карты на пятёрке",
        "Игрок, положивший «пятёрку», может по желанию поменяться одной картой с любым игроком; каждый из "
        "меняющихся сам выбирает, какую карту отдать.",
    )
    order = 31

    def after_number(self, eng, ctx, seat, card):
        state = ctx.state
        if state.faces[card][1] != "5" or not state.hands[seat]:
            return False
        if not any(state.hands[s] for s in eng.active_seats(state) if s != seat):
            return False
        state.phase, state.actor = FIVE_OFFER, seat
        ctx.ev.append(ChoiceWait(seat, "offer"))
        return True
