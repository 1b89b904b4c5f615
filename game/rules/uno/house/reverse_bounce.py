from game.rules.base import HouseRule

from ..cards import REVERSE
from .base import HouseHooks


class ReverseBounce(HouseHooks):
    rule = HouseRule(
        "reverse_bounce",
        "Реверс",
        "Карта «Наоборот» нужного цвета возвращает действие «Пропусти ход», «Возьми две» и даже «Закажи цвет и "
        "возьми четыре» тому, кто их сыграл: теперь он берёт карты (или спасается сам).",
    )
    order = 21

    def answer(self, state, seat, face):
        attack = state.attack
        if attack is None or face[1] != REVERSE or face[0] != state.colour:
            return None
        return "bounce" if attack.source not in state.out else None

    def skip_bounces(self):
        return True
