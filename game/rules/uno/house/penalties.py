from game.rules.base import HouseRule

from .base import HouseHooks


class Penalties(HouseHooks):
    rule = HouseRule(
        "penalties",
        "Штрафы",
        "При любой ошибочно выложенной карте, ложном крике «УНО!», ложной поимке и т. п. игрок берёт из колоды "
        "две карты.",
    )
    order = 95

    def mistakes_cost(self):
        return True
