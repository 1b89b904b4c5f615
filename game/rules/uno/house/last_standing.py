from game.rules.base import HouseRule

from .base import HouseHooks


class LastStanding(HouseHooks):
    rule = HouseRule(
        "last_standing",
        "До последнего",
        "После того как один игрок скинет все карты, игра не заканчивается, а продолжается до последнего "
        "игрока: выигрывает первый, проигрывает последний.",
    )
    order = 80

    def continues_after_out(self):
        return True
