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

    def on_out(self, eng, ctx, seat, last, answer):
        state = ctx.state
        eng.leave_round(ctx, seat)
        if len(eng.active_seats(state)) <= 1:
            eng.end_round(ctx, state.round_winner, "out")
        return True

    def round_loser(self, state, points, winner):
        active = [s for s in range(state.n) if s not in state.out]
        return active[0] if len(active) == 1 and state.out else None
