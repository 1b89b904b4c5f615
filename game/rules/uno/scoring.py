"""«Выигрыш»: the two ways of uno.txt to score rounds and decide the match (a house rule may bring its own).

A scoring answers what a round gives each seat, when the match is over and who won it; the view shows its
``mode`` and ``target``, the results screen its ``label``.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # pragma: no cover
    from .state import UnoState


class Scoring:
    mode = "winner"
    label = "Очки победителю: до 500"
    target = 500
    rounds_by_default: int | None = None  # «до очков» counts rounds instead (the lazy way)

    def gains(self, state: "UnoState", winner: int, points: list[int], bonus: int) -> list[int]:
        gained = [0] * state.n
        gained[winner] = sum(points[s] for s in range(state.n) if s != winner) + bonus
        return gained

    def record(self, state: "UnoState", winner: int, loser: int) -> None:
        """Anything a round leaves besides points."""

    def rounds_needed(self, match: str) -> int | None:
        return self.rounds_by_default if match == "target" else int(match)

    def reached(self, state: "UnoState") -> bool:
        return max(state.scores) >= self.target

    def standings(self, state: "UnoState", by_target: bool) -> tuple[list[int], list[int], list[int]]:
        """(ranking, winners, losers) of the match."""
        ranking = sorted(range(state.n), key=lambda s: (-state.scores[s], s))
        return ranking, [ranking[0]], [ranking[-1]] if state.n > 1 else []

    def next_round(self, state: "UnoState") -> tuple[int, int]:
        """(dealer, first to play): the deal passes clockwise."""
        dealer = (state.dealer + 1) % state.n
        return dealer, (dealer + 1) % state.n


class OwnScoring(Scoring):
    mode = "own"
    label = "Свои очки: проигрывает набравший 200"
    target = 200

    def gains(self, state, winner, points, bonus):
        return [points[s] if s != winner else -bonus for s in range(state.n)]

    def standings(self, state, by_target):
        ranking = sorted(range(state.n), key=lambda s: (state.scores[s], s))
        losers = own_losers(state.scores, by_target, self.target)
        return ranking, [s for s in ranking if s not in losers], losers


def own_losers(scores: list[int], counting_to_target: bool, target: int = OwnScoring.target) -> list[int]:
    """«Каждому свои — до 200»: everyone who reached 200 loses, the others win (highest score first). A match of a
    set number of rounds (or one stopped by the round cap) short of 200: the highest score loses, ties together; all
    level is a draw with no loser."""
    reached = [s for s in range(len(scores)) if scores[s] >= target] if counting_to_target else []
    if not reached and len(set(scores)) > 1:
        reached = [s for s in range(len(scores)) if scores[s] == max(scores)]
    return sorted(reached, key=lambda s: (-scores[s], s))


BY_SETUP = {"winner": Scoring(), "own": OwnScoring()}
