from game.rules.base import HouseRule

from ..scoring import Scoring
from .base import HouseHooks


class LazyScoring(Scoring):
    """No points: a winner and a loser per round; the winner starts the next round, the loser deals."""

    mode = "lazy"
    label = "«Ленивый» счёт: победы в турах"
    target = 0
    rounds_by_default = 3  # «до очков» means three rounds

    def gains(self, state, winner, points, bonus):
        return [0] * state.n

    def record(self, state, winner, loser):
        state.round_wins[winner] += 1
        state.round_losses[loser] += 1

    def reached(self, state):
        return False

    def standings(self, state, by_target):
        n = state.n
        ranking = sorted(range(n), key=lambda s: (-state.round_wins[s], state.round_losses[s], s))
        loser = max(range(n), key=lambda s: (state.round_losses[s], -state.round_wins[s], -s))
        return ranking, [ranking[0]], [loser] if n > 1 else []

    def next_round(self, state):
        return state.round_loser, state.round_start_winner


LAZY = LazyScoring()


class Lazy(HouseHooks):
    rule = HouseRule(
        "lazy",
        "«Ленивый» подсчёт очков",
        "Победитель и проигравший определяются в каждом туре: победитель первым скинул карты и начинает "
        "следующий тур, проигравший — тот, у кого на руках больше всего очков, — сдаёт. Прерваться можно "
        "после любого тура.",
    )
    order = 90

    def scoring_way(self, state):
        return LAZY
