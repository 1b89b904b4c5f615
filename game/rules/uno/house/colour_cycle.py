from game.rules.base import HouseRule

from ..cards import wheel_next
from .base import HouseHooks


class ColourCycle(HouseHooks):
    rule = HouseRule(
        "colour_cycle",
        "Смена цвета по кругу",
        "Чёрные карты меняют цвет сами: на цвет, нарисованный на карте следующим по кругу после текущего, в "
        "направлении игры. По часовой стрелке после красного идёт синий, против часовой после жёлтого — зелёный.",
    )
    order = 5

    def auto_colour(self, state):
        return wheel_next(state.colour, state.direction)
