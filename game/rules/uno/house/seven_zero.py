from game.rules.base import HouseRule

from ..events import ChoiceWait, HandsRotated, NewHand
from ..state import SEVEN_SWAP
from .base import HouseHooks


class SevenZero(HouseHooks):
    rule = HouseRule(
        "seven_zero",
        "Семь-ноль",
        "Каждый раз, когда выпадает «ноль», все передают свои карты соседям по направлению игры. "
        "Положивший «семь» обменивается картами с одним из игроков по своему выбору.",
    )
    order = 30

    def after_number(self, eng, ctx, seat, card):
        state = ctx.state
        value = state.faces[card][1]
        if value == "0":
            seats = eng.active_seats(state)
            old = {s: state.hands[s] for s in seats}
            for s in seats:
                state.hands[eng.next_seat(state, s)] = old[s]
            ctx.ev.append(HandsRotated(state.direction, tuple(len(h) for h in state.hands)))
            for s in seats:
                ctx.ev.append(NewHand(s, eng.card_dicts(state, state.hands[s])))
            return False
        if value == "7" and state.hands[seat] and len(eng.active_seats(state)) > 1:
            state.phase, state.actor = SEVEN_SWAP, seat
            ctx.ev.append(ChoiceWait(seat, "swap"))
            return True
        return False
