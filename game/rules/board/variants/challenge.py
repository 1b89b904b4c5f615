"""«Проверка слов: оспаривание» (scrabble.txt «Оспаривание слов»): a move lies on the board, pending, until every
other player accepted it or its window passed; a challenge checks its words then — valid, the move stands; not,
it is withdrawn and the turn lost (or, with «Голосование», the table votes). The base rule checks at once."""
from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from game.rules.base import Action, Event, HouseRule, Rejected
from game.rules.flow import Phase, raise_if

from ..actions import PhaseChanged
from .base import NOTHING_TO_DISPUTE, WINDOW, BoardVariant, Button, Opening, PhaseLook, VariantLook

CHALLENGE_MS = 15_000  # how long the others may challenge a move


class ChallengePhase(Phase):
    CHALLENGE = "challenge"  # the others may challenge the move just made


@dataclass(frozen=True)
class Challenge(Action):
    kind: ClassVar[str] = "challenge"


@dataclass(frozen=True)
class Accept(Action):
    kind: ClassVar[str] = "accept"


@dataclass(frozen=True)
class Challenged(Event):
    kind: ClassVar[str] = "challenged"
    seat: int
    mover: int
    valid: bool
    verdicts: tuple  # ((WORD, ok, reason), ...)


@dataclass(frozen=True)
class Accepted(Event):
    kind: ClassVar[str] = "accepted"
    seat: int


class ChallengeMode(BoardVariant):
    rule = HouseRule("checking", "Проверка слов", "Автоматически (неверное слово не принимается) или по оспариванию: "
                     "слово остаётся, если его не оспорили до следующего хода.", "auto",
                     (("auto", "автоматическая"), ("challenge", "оспаривание")), "setup")
    actions = (Challenge, Accept)
    events = (Challenged, Accepted)
    phases = (ChallengePhase.CHALLENGE,)
    state_fields = (("accepted", list),)  # the seats that accepted the pending move
    look = VariantLook(
        phases={ChallengePhase.CHALLENGE: PhaseLook(
            WINDOW, "оспорить можно", "Проверка слова",
            buttons=(Button(Challenge.kind, "Оспорить", "F6", "Сейчас нечего оспаривать."),
                     Button(Accept.kind, "Принять", "F7", "Сейчас нечего принимать.")),
            opening=Opening("Можно оспорить", "F6 или кнопка «Оспорить»; F7 — согласиться",
                            "Кнопки «Оспорить» и «Принять» — вправо за край поля"))},
        sounds={Challenged.kind: "catch", Accepted.kind: "menu_confirm"},
    )

    def on(self, options):
        return options.get(self.rule.id) == "challenge"

    @staticmethod
    def refusal(state, seat: int, challenge: bool) -> Rejected | None:
        """May ``seat`` challenge (or accept) the move waiting for a verdict."""
        if state.phase != ChallengePhase.CHALLENGE:
            return Rejected("Сейчас нечего оспаривать." if challenge else "Сейчас нечего принимать.", "phase")
        if seat == state.pending["seat"]:
            return Rejected("Своё слово оспаривать нельзя." if challenge else
                            "Свой ход принимать не нужно: его принимают другие игроки.")
        if seat in state.accepted:
            return Rejected("Вы уже согласились с этим ходом.")
        return None

    def anyone_handlers(self):
        return {Challenge: self._challenge, Accept: self._accept}

    def _challenge(self, rules, state, seat, action, t_ms):
        raise_if(self.refusal(state, seat, True))
        source = rules.source(state)
        checks = [rules.verdict(source, text, rules.allowed_words(state)) for text in state.pending["texts"]]
        valid = all(ok for ok, _, _ in checks)
        events: list = [Challenged(seat, state.pending["seat"], valid,
                                   tuple((read.upper(), ok, reason) for ok, reason, read in checks))]
        if valid:
            return events + rules.stand(state, t_ms)
        appealed = rules.appeal(state, t_ms)
        if appealed is not None:
            return events + appealed
        reason = next(f"«{read.upper()}»: {why}" for ok, why, read in checks if not ok)
        return events + rules.withdraw(state, f"Слово не принято — {reason}. Ход потерян.", t_ms)

    def _accept(self, rules, state, seat, action, t_ms):
        raise_if(self.refusal(state, seat, False))
        state.accepted.append(seat)
        events: list = [Accepted(seat)]
        if len(state.accepted) >= state.players - 1:
            events += rules.stand(state, t_ms)
        return events

    def pending_view(self, state):
        return {"accepted": list(state.accepted)}

    def forget_pending(self, state):
        state.accepted = []

    def holds_move(self, options, refused, dispute):
        if dispute:  # nothing was refused: the words are checked when challenged
            raise Rejected(NOTHING_TO_DISPUTE)
        return True

    def hold(self, rules, state, t_ms):
        state.phase = ChallengePhase.CHALLENGE
        state.deadline = t_ms + CHALLENGE_MS
        state.accepted = []
        return [PhaseChanged(ChallengePhase.CHALLENGE, state.turn)]

    # ---- its phase
    def legal_in_phase(self, rules, state, seat):
        return [] if self.refusal(state, seat, True) else [Challenge(), Accept()]

    def to_act_in_phase(self, rules, state):
        return tuple(s for s in range(state.players) if s != state.pending["seat"] and s not in state.accepted)

    def deadline_in_phase(self, state):
        return state.deadline

    def tick_in_phase(self, rules, state, t_ms):
        if state.deadline is None or t_ms < state.deadline:
            return []
        return rules.stand(state, t_ms)

    def window_ms(self, phase):
        return CHALLENGE_MS


VARIANT = ChallengeMode()
