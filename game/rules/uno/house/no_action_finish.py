from game.rules.base import HouseRule, Rejected

from ..cards import is_number
from .base import HouseHooks

CARD_MOVES = ("play", "jump_in", "bounce")


class NoActionFinish(HouseHooks):
    rule = HouseRule(
        "no_action_finish",
        "Нельзя закончить картой действия",
        "Последней картой в руке нельзя сыграть карту действия («Пропусти ход», «Возьми две», «Наоборот») или "
        "чёрную карту: закончить можно только цифрой.",
    )
    order = 15

    def refuse(self, eng, state, seat, action):
        cards = getattr(action, "cards", None) or ((action.card,) if action.kind in CARD_MOVES else ())
        hand = state.hands[seat]
        if not cards or len(hand) != len(cards) or any(c not in hand for c in cards):
            return None
        if is_number(state.faces[cards[-1]]):
            return None
        return Rejected("По правилу «Нельзя закончить картой действия» последней картой может быть только цифра.",
                        "last_card")
