from game.rules.base import HouseRule

from ..cards import BLACK, COLOURS, DRAW1, WILD2
from .base import HouseHooks


class H2O(HouseHooks):
    rule = HouseRule(
        "h2o",
        "UNO H2O: «+1» и «+2»",
        "Колода как у UNO H2O: добавлены «Возьми одну» (по две каждого цвета) и «Закажи цвет и возьми две» "
        "(четыре). Кто закончил тур картой «+1», получает 20 очков, картой «Закажи цвет и возьми две» — 40 "
        "очков в свою пользу.",
    )
    order = 2

    def extra_faces(self):
        return [(c, DRAW1) for c in COLOURS for _ in range(2)] + [(BLACK, WILD2)] * 4

    def going_out_bonus(self, last):
        return {DRAW1: 20, WILD2: 40}.get(last[1], 0)
