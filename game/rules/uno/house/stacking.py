from game.rules.base import HouseRule

from ..cards import is_black
from .base import HouseHooks


class Stacking(HouseHooks):
    rule = HouseRule(
        "stacking",
        "Накопление",
        "На «Возьми две» можно положить «Возьми две», на «Закажи цвет и возьми четыре» — такую же; штраф "
        "суммируется, и берёт его тот, на ком цепочка закончилась. Цвет заказывает последний положивший «+4». "
        "За один ход — только одна карта. Пойманный на нечестной «+4» берёт всю накопленную сумму.",
    )
    order = 20

    def answer(self, state, seat, face):
        # coloured draw cards already answer each other by the basic rule; stacking adds black on black
        attack = state.attack
        if attack is not None and is_black(face) and face[1] == attack.kind:
            return "stack"
        return None

    def chain(self, prev, amount, cards):
        return prev.amount + amount, prev.cards + cards
