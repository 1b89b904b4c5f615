"""What «Перехват хода» and «Две одинаковые карты» share: an identical card laid out of turn, judged as a race.

Which seats may jump in is each rule's ``may_jump_in``; the race, its action, events, refusals and view are here.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from game.rules.base import FRAME_MS, Action, Event, ReflexRace, Rejected, require_types

from ..cards import WILD4, identical
from ..state import PLAY
from .base import HouseHooks

JUMP_COLLECT_MS = FRAME_MS  # jump-ins within one frame are a tie


@dataclass(frozen=True)
class JumpIn(Action):
    """«Перехват хода»: an identical card laid out of turn."""

    kind: ClassVar[str] = "jump_in"
    reflex: ClassVar[bool] = True
    lays_card: ClassVar[bool] = True
    card: str
    uno: bool = False

    def check_types(self):
        require_types(self, card=str, uno=bool)


@dataclass(frozen=True)
class JumpPressed(Event):
    kind: ClassVar[str] = "jump_pressed"
    seat: int


@dataclass(frozen=True)
class JumpInWon(Event):
    kind: ClassVar[str] = "jump_in_won"
    seat: int
    margin_ms: int
    reaction_ms: int
    rivals: tuple
    tie: bool = False


@dataclass
class JumpRace:
    top: str  # the card being jumped on
    landed_ms: int  # when that card landed, for the reaction time shown
    race: ReflexRace


class Jumping(HouseHooks):
    order = 9
    actions = (JumpIn,)
    events = (JumpPressed, JumpInWon)
    sounds = {"jump_pressed": "slap", "jump_in_won": "menu_confirm"}
    slot = "jump"
    view_defaults = {"jump_race": None, "jump_ins": False}

    def handlers(self):
        return {JumpIn: self._do_jump}

    # ------------------------------------------------------------------ why not
    def jump_refusal(self, eng, state, seat) -> Rejected | None:
        """May ``seat`` jump in at all now (whatever the card)."""
        hooks = eng.hooks(state)
        if not any(h.may_jump_in(state, seat) for h in hooks):
            if self in hooks:
                return Rejected("Перехватывать свою же карту можно только по правилу «Две одинаковые карты».",
                                "jump")
            return Rejected("Сейчас не ваш ход (перехват хода в этой игре выключен).", "turn")
        if state.phase != PLAY or state.attack is not None:
            return Rejected("Перехват хода возможен, только пока никто ничего не выбирает и не тянет штраф.",
                            "jump")
        if state.first_card_fresh:
            return Rejected("На первую карту тура перехватывать нельзя: ходит игрок после раздающего.", "jump")
        if seat == state.turn:
            return Rejected("Сейчас ваш ход — просто положите карту.", "jump")
        jr = self.my(state)
        if jr is not None and any(p.seat == seat for p in jr.race.presses):
            return Rejected("Вы уже перехватываете.", "jump")
        return None

    def card_refusal(self, eng, state, seat, card, uno) -> Rejected | None:
        """Everything but the likeness: an unlike card may still be tried, at a price («Штрафы»)."""
        return (self.jump_refusal(eng, state, seat) or eng.card_refusal(state, seat, card)
                or eng.uno_flag_refusal(state, seat, uno) or eng.house_refusal(state, seat, JumpIn(card, uno)))

    @staticmethod
    def identical_refusal(state, card) -> Rejected | None:
        if identical(state.faces[card], state.faces[state.discard[-1]]):
            return None
        if state.faces[card][1] == WILD4:
            return Rejected("«Закажи цвет и возьми четыре» кладут только в свой ход.", "jump")
        return Rejected("Перехватить ход можно только точно такой же картой: тот же цвет и то же значение.", "jump")

    def offers(self, eng, state, seat):
        if self.jump_refusal(eng, state, seat) is not None:
            return []
        out = []
        top = state.faces[state.discard[-1]]
        for c in state.hands[seat]:
            if identical(state.faces[c], top):
                out += eng.offers(JumpIn, c, lambda u, c=c: self.card_refusal(eng, state, seat, c, u))
        return out

    def turn_hold(self, state):
        return None if self.my(state) is None else Rejected("Идёт перехват хода — подождите мгновение.", "jump")

    # ------------------------------------------------------------------ the race
    def _do_jump(self, eng, ctx, seat, action: JumpIn) -> None:
        state = ctx.state
        eng.raise_refusal(self.card_refusal(eng, state, seat, action.card, action.uno))
        unlike = self.identical_refusal(state, action.card)
        if unlike is not None:
            return eng.wrong_card(ctx, seat, unlike, "Для перехвата нужна точно такая же карта.")
        if self.my(state) is None:
            self.put(state, JumpRace(state.discard[-1], state.last_landed_ms, ReflexRace(ctx.t, JUMP_COLLECT_MS)))
        self.my(state).race.press(seat, ctx.t, [action.card, action.uno])
        ctx.ev.append(JumpPressed(seat))

    def deadlines(self, state):
        jr = self.my(state)
        return [] if jr is None else [(jr.race.deadline(), 0, "jump")]

    def on_deadline(self, eng, ctx, key):
        state = ctx.state
        jr = self.my(state)
        self.put(state, None)
        ranked = jr.race.ranked(state.rng)
        winner, margin, tie = ranked[0]
        card, uno = winner.payload
        ctx.ev.append(JumpInWon(winner.seat, margin, winner.t_ms - jr.landed_ms,
                                tuple(p.seat for p, _, _ in ranked[1:]), tie))
        state.last_reflex = {"kind": "jump_in", "winner": winner.seat, "margin_ms": margin, "tie": tie,
                             "reaction_ms": winner.t_ms - jr.landed_ms, "at_ms": ctx.t}
        eng.table_moves(ctx, winner.seat)
        state.turn = winner.seat
        eng.lay(ctx, winner.seat, card, uno=uno and len(state.hands[winner.seat]) == 2, jump=True)

    def view(self, state, seat):
        jr = self.my(state)
        return {
            "jump_race": None if jr is None else {
                "opened_ms": jr.race.opened_ms, "deadline_ms": jr.race.deadline(),
                "seats": [p.seat for p in jr.race.presses],
            },
            "jump_ins": True,
        }


JUMPING = Jumping()
