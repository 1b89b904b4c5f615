from __future__ import annotations

from dataclasses import dataclass

from game.rules.base import HouseRule
from game.rules.words_ru import count as count_of

from ..state import ATTACK, MATCH_OVER, PLAY, READY, ROUND_OVER
from .base import HouseHooks

LIMITS = (15, 20, 25, 30)


@dataclass
class Eliminated:
    seat: int
    points: int  # what the hand was worth when it reached the limit: it counts against its player at the end
    faces: list  # the hand as it was, for the results screen


class CardLimit(HouseHooks):
    """Elimination play: a hand that reaches the limit leaves the round; its cards go back under the deck, their
    points still count against it."""

    rule = HouseRule(
        "card_limit",
        "Лимит карт",
        "Игрок, у которого на руках набралось столько карт (от 15 до 30), выбывает из тура: его карты идут в "
        "подсчёт очков и уходят под колоду, а тур продолжают остальные. Если остался один игрок, тур выигрывает он.",
        default=False,
        choices=((False, "Нет"), *((n, count_of(n, "карта")) for n in LIMITS)),
    )
    order = 78
    slot = "eliminated"  # ``Eliminated`` of the seats that reached the limit, in order
    keeps_between_rounds = True
    player_defaults = {"eliminated": False}

    def fresh(self, state):
        return []

    def eliminated_seats(self, state) -> list[int]:
        return [e.seat for e in self.my(state)]

    def after_take(self, eng, ctx, seat):
        state = ctx.state
        if seat in state.out or len(state.hands[seat]) < state.options[self.rule.id]:
            return
        hand = state.hands[seat]
        self.my(state).append(Eliminated(seat, eng.hand_values(state)[seat],
                                         [list(state.faces[c]) for c in hand]))
        eng.leave_round(ctx, seat)
        # the cards leave the table with their player, under the deck: kept in hand they took every later
        # penalty (50–75 cards) and starved the draw pile. They go under new ids: by the old ones their player
        # (and a partner they tell) would know which card lies where in the pile
        returned, state.hands[seat] = eng.give_new_ids(state, hand), []
        state.rng.shuffle(returned)
        state.deck = returned + state.deck  # the view's ``deck_count`` and the seat's ``cards`` tell the table

    def kept_points(self, state, seat):
        return next((e.points for e in self.my(state) if e.seat == seat), None)

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
            eng.pass_attack_on(ctx)
        elif state.phase == READY and state.actor in state.out:  # a penalty sent them out while they sorted
            state.ready_deadline = None
            resume = state.resume_seat
            eng.start_turn(ctx, resume if resume not in state.out else eng.next_seat(state, resume))

    def round_loser(self, state, points, winner):
        still_in = [s for s in range(state.n) if s not in state.out]
        if state.round_winner in state.out and len(still_in) == 1:
            # the round went on after its winner went out, down to one player: that one is the last and loses
            # («До последнего»: «проигрывает последний игрок»), whoever reached the limit meanwhile
            return still_in[0]
        eliminated = self.eliminated_seats(state)
        return eliminated[0] if eliminated else None

    def round_result(self, state, result):
        hands = list(result["hands"])
        for e in self.my(state):
            hands[e.seat] = [{"colour": colour, "value": value} for colour, value in e.faces]
        return {"hands": hands}

    def player_view(self, state, seat):
        return {"eliminated": seat in self.eliminated_seats(state)}
