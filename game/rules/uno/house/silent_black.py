from game.rules.base import HouseRule

from . import silence
from .base import HouseHooks


class SilentBlack(HouseHooks):
    rule = HouseRule(
        "silent_black",
        "Молчание после чёрной карты",
        "Когда игрок выкладывает чёрную карту и заказывает цвет, все молчат, пока заказанный цвет кто-нибудь "
        "не сменит или пока кто-нибудь не нарушит молчание и не возьмёт две штрафные карты. Кашель, смех, "
        "крики «УНО!» и оспаривание «+4» нарушением не считаются.",
    )
    order = 41

    def on_colour(self, eng, ctx, seat, by_black):
        state = ctx.state
        if by_black:
            silence.start(ctx, "black", seat, state.colour)
        elif state.silence is not None and state.silence.kind == "black" and state.silence.colour != state.colour:
            silence.end(ctx)

    def on_noise(self, eng, ctx, seat):
        return silence.punish(eng, ctx, seat)
