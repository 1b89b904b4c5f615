"""«Командная игра» (as in the 2v2 of Ubisoft's and Mattel's UNO): two teams whose players sit alternately — with
four players partners sit opposite — so no two team-mates are neighbours. The round ends when one player goes
out, and the team scores it; the match is decided by team totals (both scoring ways and «ленивый»).

Its two options are rules of their own, in this module: «Не атаковать напарника» and «Карты напарника»."""
from __future__ import annotations

from types import SimpleNamespace

from game.rules.base import HouseRule, Rejected

from ..scoring import Scoring
from .base import HouseHooks

TEAM_SIZES = (4, 6, 8, 10)
TEAM_NAMES = ("Команда 1", "Команда 2")


def team_of(seat: int) -> int:
    return seat % 2


def teams(n: int) -> list[list[int]]:
    return [[s for s in range(n) if team_of(s) == t] for t in range(2)]


def on_teams(state) -> bool:
    return bool(state.options.get(TeamPlay.rule.id))


class TeamScoring(Scoring):
    """A way of scoring counted per team: the team totals of ``inner`` decide the match."""

    def __init__(self, inner: Scoring):
        self.inner = inner
        self.mode, self.target, self.rounds_by_default = inner.mode, inner.target, inner.rounds_by_default
        self.label = inner.label + ", по командам"

    def gains(self, state, winner, points, bonus):
        if self.mode != "winner":
            return self.inner.gains(state, winner, points, bonus)
        # the winner collects the opponents' hands, not the partners'
        return self.inner.gains(state, winner, [p if team_of(s) != team_of(winner) else 0
                                                for s, p in enumerate(points)], bonus)

    def record(self, state, winner, loser):
        self.inner.record(state, winner, loser)

    def _totals(self, state) -> SimpleNamespace:
        """The match as if each team were one player."""
        members = teams(state.n)
        return SimpleNamespace(
            n=2,
            scores=[sum(state.scores[s] for s in m) for m in members],
            round_wins=[sum(state.round_wins[s] for s in m) for m in members],
            round_losses=[sum(state.round_losses[s] for s in m) for m in members],
        )

    def reached(self, state):
        return self.inner.reached(self._totals(state))

    def standings(self, state, by_target):
        members = teams(state.n)
        ranking, winners, losers = self.inner.standings(self._totals(state), by_target)
        return ([s for t in ranking for s in members[t]], [s for t in winners for s in members[t]],
                [s for t in losers for s in members[t]])

    def next_round(self, state):
        return self.inner.next_round(state)


class TeamPlay(HouseHooks):
    rule = HouseRule(
        "team_play",
        "Командная игра",
        "Две команды, игроки которых сидят через одного (вчетвером напарники — друг напротив друга); играют "
        "вчетвером, вшестером, ввосьмером или вдесятером. Тур кончается, когда кто-то скинул все карты, и очки "
        "(или победа в «ленивом» счёте) идут его команде; партию решают суммы команд.",
    )
    order = 79  # before «До последнего»: with teams the round ends at the first player out
    seats = TEAM_SIZES

    def refuse_setup(self, state):
        if state.n not in self.seats:
            return Rejected("Командная игра — для 4, 6, 8 или 10 игроков: две команды, игроки сидят через одного.",
                            "options")
        return None

    def seat_team(self, seat, seats):
        return team_of(seat)

    def on_out(self, eng, ctx, seat, last, answer):
        eng.win_round(ctx, seat, last, answer)
        return True

    def scoring(self, state, base):
        return TeamScoring(base)

    def round_result(self, state, result):
        return _team_totals(state)

    def match_result(self, state, result):
        return {**_team_totals(state), "winning_team": team_of(result["winners"][0]) if result["winners"] else -1}

    view_defaults = {"teams": None}
    player_defaults = {"team": -1}

    def view(self, state, seat):
        return {"teams": {"members": teams(state.n), "names": list(TEAM_NAMES), **_team_totals(state)}}

    def player_view(self, state, seat):
        return {"team": team_of(seat)}


def _team_totals(state) -> dict:
    members = teams(state.n)
    return {"team_scores": [sum(state.scores[s] for s in m) for m in members],
            "team_round_wins": [sum(state.round_wins[s] for s in m) for m in members]}


class NoPartnerAttack(HouseHooks):
    rule = HouseRule(
        "team_no_partner_attack",
        "Не атаковать напарника",
        "В командной игре нельзя направить на напарника «+2», «+4» или «+10» (и вернуть их ему «Реверсом»).",
    )
    order = 18

    def target_refusal(self, state, source, target):
        if on_teams(state) and target != source and team_of(target) == team_of(source):
            return Rejected("По правилу «Не атаковать напарника» штраф на напарника направлять нельзя.", "partner")
        return None


COUNT_COLOURS = ((2, "green"), (5, "yellow"))  # up to 2 cards: close to going out; up to 5; more: "red"


class PartnerCounts(HouseHooks):
    rule = HouseRule(
        "team_partner_counts",
        "Карты напарника",
        "В командной игре число карт напарника показано цветом: зелёный — две карты или меньше, жёлтый — до пяти, "
        "красный — больше.",
    )
    order = 19
    player_defaults = {"count_colour": None}

    def player_view(self, state, seat):
        return {"count_colour": count_colour(len(state.hands[seat])) if on_teams(state) else None}


def count_colour(cards: int) -> str:
    return next((colour for limit, colour in COUNT_COLOURS if cards <= limit), "red")
