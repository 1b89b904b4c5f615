from game.rules.base import HouseRule

from ..cards import BLACK, DRAW10
from .base import HouseHooks


class PlusTen(HouseHooks):
    rule = HouseRule(
        "plus_ten",
        "+10",
        "Четыре запасные карты-пустышки становятся «Возьми 10 карт»: следующий игрок берёт 10 карт. "
        "Закончить игру в таких условиях почти нереально.",
    )
    order = 1

    def extra_faces(self):
        return [(BLACK, DRAW10)] * 4
