from game.rules.base import HouseRule

from .base import HouseHooks


class DrawUntilFit(HouseHooks):
    rule = HouseRule(
        "draw_until_fit",
        "Берёшь, пока не найдёшь",
        "Кому нечем ходить, берёт из колоды по одной карте, пока не вытянет подходящую; её можно сразу "
        "сыграть или оставить себе, сказав «Пас».",
    )
    order = 12

    def draws_on(self, state, seat):
        return True
