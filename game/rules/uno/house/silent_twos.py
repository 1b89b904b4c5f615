from game.rules.base import HouseRule

from .silence import SILENCE
from .base import HouseHooks


class SilentTwos(HouseHooks):
    rule = HouseRule(
        "silent_twos",
        "Молчание после двойки",
        "Когда кто-то выкладывает двойку, все молчат, пока ход не вернётся к положившему её. Нарушивший "
        "молчание (эмоция, чат, ложный крик) берёт две карты, и молчание прерывается. Крик «УНО!», кашель, "
        "смех и оспаривание «+4» молчание не нарушают.",
    )
    parts = (SILENCE,)
    order = 40

    def after_number(self, eng, ctx, seat, card):
        if ctx.state.faces[card][1] == "2":
            SILENCE.start(ctx, "two", seat)
        return False

    def on_turn_start(self, eng, ctx, seat):
        state = ctx.state
        quiet = SILENCE.my(state)
        if quiet is None or quiet.kind != "two":
            return
        # «пока ход опять не вернется к тому же человеку»: a player who went out with the 2 («До последнего»)
        # never gets the turn again, so the silence ends when the turn goes past their empty place
        if quiet.by == seat or quiet.by in state.out and _goes_past(state, quiet.at, seat, quiet.by):
            SILENCE.end(ctx)
        else:
            quiet.at = seat


def _goes_past(state, start: int, end: int, place: int) -> bool:
    """Whether the turn, moving from ``start`` to ``end`` in the direction of play, went over ``place``
    (all the way round when it came back to ``start``)."""
    seat = start
    for _ in range(state.n):
        seat = (seat + state.direction) % state.n
        if seat == place:
            return True
        if seat == end:
            return False
    return False
