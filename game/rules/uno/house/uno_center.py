from game.rules.base import HouseRule

from .base import HouseHooks


class UnoCenter(HouseHooks):
    rule = HouseRule(
        "uno_center",
        "UNO в центр",
        "Крикнувший «УНО!» не убирает руку с положенной карты; остальные должны успеть положить свои руки "
        "поверх. Последний — или не успевший вовсе — берёт 2 карты.",
    )
    order = 50

    def on_shout(self, eng, ctx, seat):
        eng.open_slap(ctx, seat)
