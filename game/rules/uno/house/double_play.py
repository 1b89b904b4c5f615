from game.rules.base import HouseRule

from .base import HouseHooks
from .jumping import JUMPING


class DoublePlay(HouseHooks):
    rule = HouseRule(
        "double_play",
        "Две одинаковые карты",
        "Имея две одинаковые карты, игрок в свой ход может выложить первую и сразу же сам выполнить "
        "«Перехват хода» второй. Одним движением их класть нельзя — только поочерёдно, и следующий игрок "
        "может успеть походить раньше.",
    )
    parts = (JUMPING,)
    order = 11

    def may_jump_in(self, state, seat):
        return seat == state.last_player
