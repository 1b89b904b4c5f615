"""«Голосование»: a word the dictionary refused may go to the other players (30 s; the mover waits): in automatic
checking a refused move sent with ``dispute``, in checking by challenge a challenge the words lost. More yes than
no: the move stands and its words count for the rest of the game; a tie keeps the dictionary's verdict; a lost
vote costs the turn."""
from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from game.rules.base import Action, Event, HouseRule, Rejected, require_types
from game.rules.flow import Phase, TableVote, raise_if

from .base import WINDOW, Answer, BoardVariant, Button, PhaseLook, Question, VariantLook

VOTE_MS = 30_000
VOTE = TableVote(VOTE_MS, author_votes=False)  # the mover waits while the others decide


class VotePhase(Phase):
    VOTE = "vote"


@dataclass(frozen=True)
class Vote(Action):
    kind: ClassVar[str] = "vote"
    allow: bool

    def check_types(self):
        require_types(self, allow=bool)


@dataclass(frozen=True)
class VoteOpened(Event):
    kind: ClassVar[str] = "vote_opened"
    mover: int
    words: tuple
    deadline: int


@dataclass(frozen=True)
class Voted(Event):
    kind: ClassVar[str] = "voted"
    seat: int
    allow: bool


@dataclass(frozen=True)
class VoteClosed(Event):
    kind: ClassVar[str] = "vote_closed"
    allowed: bool
    yes: int
    no: int


class TheTableVotes(BoardVariant):
    rule = HouseRule("vote", "Голосование", "Спорный вердикт словаря можно вынести на голосование игроков.", False)
    actions = (Vote,)
    events = (VoteOpened, Voted, VoteClosed)
    phases = (VotePhase.VOTE,)
    state_fields = (
        ("votes", dict),  # str(seat) -> allow, on the pending move
        ("house_words", list),  # words allowed by a vote
    )
    look = VariantLook(
        phases={VotePhase.VOTE: PhaseLook(
            WINDOW, "голосование", "Голосование", buttons=(Button(Vote.kind, "Голосовать"),),
            question=Question("Принять слово?", "предлагает", "слово, которого нет в словаре. Решают игроки.",
                              (Answer("Принять слово", Vote(True), ("д", "y")),
                               Answer("Не принимать", Vote(False), ("н", "n")))))},
        sounds={VoteOpened.kind: "timer_warning", Voted.kind: "menu_move", VoteClosed.kind: "menu_confirm"},
    )

    @staticmethod
    def refusal(state, seat: int) -> Rejected | None:
        if state.phase != VotePhase.VOTE:
            return Rejected("Сейчас нет голосования.", "phase")
        return VOTE.refusal(state.players, state.pending["seat"], seat, state.votes, key=str)

    def anyone_handlers(self):
        return {Vote: self._vote}

    def _vote(self, rules, state, seat, action, t_ms):
        raise_if(self.refusal(state, seat))
        state.votes[str(seat)] = action.allow
        events: list = [Voted(seat, action.allow)]
        if VOTE.complete(state.players, state.pending["seat"], state.votes):
            events += self._close(rules, state, t_ms)
        return events

    def _open(self, state, t_ms: int) -> list:
        state.phase = VotePhase.VOTE
        state.votes = {}
        state.deadline = t_ms + VOTE.window_ms
        return [VoteOpened(state.pending["seat"], tuple(state.pending["words"]), state.deadline)]

    def _close(self, rules, state, t_ms: int) -> list:
        yes, no, allowed = VOTE.tally(state.votes)
        events: list = [VoteClosed(allowed, yes, no)]
        if allowed:
            for text in state.pending["texts"]:
                if text not in state.house_words:
                    state.house_words.append(text)
            return events + rules.stand(state, t_ms)
        return events + rules.withdraw(state, "Игроки не приняли слово. Ход потерян.", t_ms)

    def pending_view(self, state):
        return {"votes": len(state.votes)}

    def forget_pending(self, state):
        state.votes = {}

    def view(self, rules, state, seat):
        return {"house_words": list(state.house_words)}

    def allowed_words(self, state):
        return state.house_words

    def holds_move(self, options, refused, dispute):
        return refused and dispute

    def hold(self, rules, state, t_ms):
        return self._open(state, t_ms)

    def appeal(self, rules, state, t_ms):
        return self._open(state, t_ms)

    # ---- its phase
    def legal_in_phase(self, rules, state, seat):
        return [] if self.refusal(state, seat) else [Vote(True), Vote(False)]

    def to_act_in_phase(self, rules, state):
        return VOTE.waiting(state.players, state.pending["seat"], state.votes, key=str)

    def deadline_in_phase(self, state):
        return state.deadline

    def tick_in_phase(self, rules, state, t_ms):
        if state.deadline is None or t_ms < state.deadline:
            return []
        return self._close(rules, state, t_ms)

    def window_ms(self, phase):
        return VOTE.window_ms


VARIANT = TheTableVotes()
