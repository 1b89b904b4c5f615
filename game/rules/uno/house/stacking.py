from game.rules.base import HouseRule

from ..cards import is_black
from .base import HouseHooks


class Stacking(HouseHooks):
    rule = HouseRule(
        "stacking",
        "Накопление",
        "На «Возьми две» можно положить «Возьми две», на «Закажи цвет и возьми четыре» — такую же; штраф "
        "суммируется, и берёт его тот, на ком цепочка закончилась. Цвет заказывает последний положивший «+4». "
        "«Возьми две» заказанного цвета на чёрной «+4» спасает от неё: дальше копятся только «Возьми две». "
        "За один ход — только одна карта. Пойманный на нечестной «+4» берёт всю накопленную сумму.",
    )
    order = 20

    def answer(self, state, seat, face):
        # coloured draw cards already answer each other by the basic rule; stacking adds black on black
        attack = state.attack
        if attack is not None and is_black(face) and face[1] == attack.kind:
            return "stack"
        return None

    def chain(self, prev, face, amount, cards):
        # the sum grows like on like (+2 on +2, +4 on +4); a «Возьми две» of the named colour on a black +N is the
        # basic dodge — «спастись… далее всё идёт как обычно со стандартным действием карты «Возьми две»»
        if prev.black and not is_black(face):
            return amount, cards
        return prev.amount + amount, prev.cards + cards
