from game.rules.base import HouseRule

from .base import HouseHooks
from .jumping import JUMPING


class JumpIn(HouseHooks):
    rule = HouseRule(
        "jump_in",
        "Перехват хода",
        "Игрок может пойти вне очереди, если у него есть точно такая же карта, что лежит сверху в «Сбросе»: "
        "тот же цвет и та же цифра, картинка или чёрная «Закажи цвет». На «Закажи цвет и возьми четыре» не "
        "распространяется — её кладут только в свой ход. На первой карте тура перехват не работает.",
    )
    parts = (JUMPING,)
    order = 10

    def may_jump_in(self, state, seat):
        # jumping in on one's own card is the separate rule «Две одинаковые карты»
        return seat != state.last_player
