from game.rules.base import HouseRule
from game.rules.words_ru import count as count_of

from ..state import ATTACK, MATCH_OVER, PLAY, ROUND_OVER
from .base import HouseHooks

LIMITS = (15, 20, 25, 30)


class CardLimit(HouseHooks):
    """Elimination play: a hand that reaches the limit leaves the round (its cards still count against it)."""

    rule = HouseRule(
        "card_limit",
        "Лимит карт",
        "Игрок, у которого на руках набралось столько карт (от 15 до 30), выбывает из тура: его карты идут в "
        "подсчёт очков, а тур продолжают остальные. Если остался один игрок, тур выигрывает он.",
        default=False,
        choices=((False, "Нет"), *((n, count_of(n, "карта")) for n in LIMITS)),
    )
    order = 78
    slot = "eliminated"  # seats that reached the limit, in order
    keeps_between_rounds = True
    player_defaults = {"eliminated": False}

    def fresh(self, state):
        return []

    def after_take(self, eng, ctx, seat):
        state = ctx.state
        if seat not in state.out and len(state.hands[seat]) >= state.options[self.rule.id]:
            self.my(state).append(seat)
            eng.leave_round(ctx, seat)

    def after_move(self, eng, ctx):
        state = ctx.state
        if state.phase in (ROUND_OVER, MATCH_OVER) or not self.my(state):
            return
        active = eng.active_seats(state)
        if len(active) <= 1:
            return eng.end_round(ctx, active[0] if active and state.round_winner is None else state.round_winner,
                                 "limit_out")
        teams = eng.seat_teams(state.options, state.n)
        if teams is not None and len({teams[s] for s in active}) == 1:  # a whole team has left: the other one won
            points = eng.hand_values(state)
            lightest = min(active, key=lambda s: (points[s], len(state.hands[s])))
            return eng.end_round(ctx, lightest if state.round_winner is None else state.round_winner, "limit_out")
        # whoever must move now may just have left: the move passes on
        if state.phase == PLAY and state.turn in state.out:
            eng.start_turn(ctx, eng.next_seat(state, state.turn))
        elif state.phase == ATTACK and state.attack.target in state.out:
            target = eng.next_seat(state, state.attack.target)
            state.attack.target = state.turn = state.actor = target
            state.attack.challenge = None

    def round_loser(self, state, points, winner):
        eliminated = self.my(state)
        return eliminated[0] if eliminated else None

    def player_view(self, state, seat):
        return {"eliminated": seat in self.my(state)}
