from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from game.rules.base import Action, Event, HouseRule, Rejected, require_types

from ..cards import REVERSE
from ..events import CardPlayed, DirectionChanged, TurnSkipped
from ..state import ATTACK, PLAY
from .base import HouseHooks


@dataclass(frozen=True)
class Bounce(Action):
    """«Реверс» against a «Пропусти ход»: the skipped seat sends the skip back with a Reverse."""

    kind: ClassVar[str] = "bounce"
    reflex: ClassVar[bool] = True
    card: str

    def check_types(self):
        require_types(self, card=str)


@dataclass(frozen=True)
class AttackBounced(Event):
    kind: ClassVar[str] = "attack_bounced"
    seat: int
    back_to: int
    amount: int


@dataclass
class SkipBounce:
    """The skipped seat may send the skip back until the table moves."""

    victim: int
    source: int
    colour: str


class ReverseBounce(HouseHooks):
    rule = HouseRule(
        "reverse_bounce",
        "Реверс",
        "Карта «Наоборот» нужного цвета возвращает действие «Пропусти ход», «Возьми две» и даже «Закажи цвет и "
        "возьми четыре» тому, кто их сыграл: теперь он берёт карты (или спасается сам).",
    )
    order = 21
    actions = (Bounce,)
    events = (AttackBounced,)
    sounds = {"attack_bounced": "slap"}
    slot = "skip_bounce"
    view_defaults = {"skip_bounce": None}

    def handlers(self):
        return {Bounce: self._do_bounce}

    # ------------------------------------------------------------------ a +N sent back
    def answer(self, state, seat, face):
        attack = state.attack
        if attack is None or face[1] != REVERSE or face[0] != state.colour:
            return None
        return "bounce" if attack.source not in state.out else None

    def on_answer(self, eng, ctx, seat, kind):
        if kind != "bounce":
            return False
        state = ctx.state
        a = state.attack
        state.direction = -state.direction
        ctx.ev.append(DirectionChanged(state.direction))
        a.source, a.target, a.challenge = seat, a.source, None
        state.phase, state.turn, state.actor = ATTACK, a.target, a.target
        ctx.ev.append(AttackBounced(seat, a.target, a.amount))
        return True

    def last_bite(self, eng, state, seat, face, answer):
        return (state.attack.source, state.attack.amount) if answer == "bounce" else None

    # ------------------------------------------------------------------ a skip sent back
    def after_skip(self, eng, ctx, seat, victim, colour):
        if seat not in ctx.state.out:
            self.put(ctx.state, SkipBounce(victim, seat, colour))

    def on_table_moves(self, eng, ctx, seat):
        sb = self.my(ctx.state)
        if sb is not None and sb.victim != seat:
            self.put(ctx.state, None)

    def bounce_refusal(self, eng, state, seat, card) -> Rejected | None:
        sb = self.my(state)
        if sb is None or sb.victim != seat or state.phase != PLAY or eng.turn_held(state):
            return Rejected("Вернуть «Пропусти ход» можно только сразу, пока стол не сдвинулся.", "bounce")
        refusal = eng.card_refusal(state, seat, card)
        if refusal is None and state.faces[card] != (sb.colour, REVERSE):
            refusal = Rejected("Вернуть «Пропусти ход» можно только картой «Наоборот» того же цвета.", "bounce")
        return refusal

    def offers(self, eng, state, seat):
        if self.my(state) is None:
            return []
        return [Bounce(c) for c in state.hands[seat] if self.bounce_refusal(eng, state, seat, c) is None]

    def _do_bounce(self, eng, ctx, seat, action):
        state = ctx.state
        sb = self.my(state)
        eng.raise_refusal(self.bounce_refusal(eng, state, seat, action.card))
        self.put(state, None)
        eng.table_moves(ctx, seat)
        hand = state.hands[seat]
        hand.remove(action.card)
        state.discard.append(action.card)
        state.last_player, state.last_landed_ms = seat, ctx.t
        ctx.ev.append(CardPlayed(seat, eng.card(state, action.card), False, False, True, len(hand)))
        if len(hand) == 1:
            eng.open_watch(ctx, seat)
        if not hand and eng.goes_out(ctx, seat, action.card, None):
            return
        state.direction = -state.direction
        ctx.ev.append(DirectionChanged(state.direction))
        ctx.ev.append(TurnSkipped(sb.source))
        eng.start_turn(ctx, eng.next_seat(state, sb.source))

    def view(self, state, seat):
        sb = self.my(state)
        return {"skip_bounce": None if sb is None else {"victim": sb.victim, "source": sb.source,
                                                        "colour": sb.colour}}
