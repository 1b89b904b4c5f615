from game.rules.base import HouseRule

from .silence import SILENCE
from .base import HouseHooks


class SilentBlack(HouseHooks):
    rule = HouseRule(
        "silent_black",
        "Молчание после чёрной карты",
        "Когда игрок выкладывает чёрную карту и заказывает цвет, все молчат, пока заказанный цвет кто-нибудь "
        "не сменит или пока кто-нибудь не нарушит молчание и не возьмёт две штрафные карты. Кашель, смех, "
        "крики «УНО!» и оспаривание «+4» нарушением не считаются.",
    )
    parts = (SILENCE,)
    order = 41

    def on_colour(self, eng, ctx, seat, by_black):
        state = ctx.state
        quiet = SILENCE.my(state)
        if by_black:
            SILENCE.start(ctx, "black", seat, state.colour)
        elif quiet is not None and quiet.kind == "black" and quiet.colour != state.colour:
            SILENCE.end(ctx)
