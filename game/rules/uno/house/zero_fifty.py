from game.rules.base import HouseRule

from .base import HouseHooks


class ZeroFifty(HouseHooks):
    rule = HouseRule(
        "zero_fifty",
        "Сбрось ноль",
        "Если при подсчёте очков у игрока на руках осталась единственная карта «ноль», она стоит не ноль, "
        "а 50 очков.",
    )
    order = 60

    def hand_points(self, faces, default):
        if len(faces) == 1 and faces[0][1] == "0":
            return 50
        return default
