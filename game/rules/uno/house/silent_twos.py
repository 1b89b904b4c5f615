from game.rules.base import HouseRule

from . import silence
from .base import HouseHooks


class SilentTwos(HouseHooks):
    rule = HouseRule(
        "silent_twos",
        "Silent Two's",
        "Когда кто-то выкладывает двойку, все молчат, пока ход не вернётся к положившему её. Нарушивший "
        "молчание (эмоция, чат, ложный крик) берёт две карты, и молчание прерывается. Крик «УНО!», кашель, "
        "смех и оспаривание «+4» молчание не нарушают.",
    )
    order = 40

    def after_number(self, eng, ctx, seat, card):
        if ctx.state.faces[card][1] == "2":
            silence.start(ctx, "two", seat)
        return False

    def on_turn_start(self, eng, ctx, seat):
        quiet = ctx.state.silence
        if quiet is not None and quiet.kind == "two" and quiet.by == seat:
            silence.end(ctx)

    def on_noise(self, eng, ctx, seat):
        return silence.punish(eng, ctx, seat)
