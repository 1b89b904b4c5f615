from game.rules.base import HouseRule

from ..cards import is_black
from .base import HouseHooks


class DoubleScore(HouseHooks):
    rule = HouseRule(
        "double_score",
        "Двойной счёт",
        "Тур, выигранный чёрной картой («Закажи цвет» или «+4» последней), приносит вдвое больше очков.",
    )
    order = 60
    slot = "won_by_black"
    keeps_between_rounds = True  # read when the round is scored, after its moment is cleared

    def fresh(self, state):
        return False

    def on_out(self, eng, ctx, seat, last, answer):
        if ctx.state.round_winner == seat:
            self.put(ctx.state, is_black(last))
        return False

    def round_gains(self, state, scoring, winner, points, bonus, gained):
        return [2 * g for g in gained] if self.my(state) else gained

    def round_result(self, state, result):
        return {"doubled": bool(self.my(state))}
