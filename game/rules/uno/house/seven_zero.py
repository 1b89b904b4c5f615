from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from game.rules.base import Action, Event, HouseRule, Rejected, require_types

from ..events import ChoiceWait
from .base import HouseHooks, Phase, seat_named

SEVEN_SWAP = "seven_swap"  # whoever played a 7 picks a hand to swap with


@dataclass(frozen=True)
class SwapWith(Action):
    """«Семь-ноль»: swap hands with this seat."""

    kind: ClassVar[str] = "swap_with"
    seat: int

    def check_types(self):
        require_types(self, seat=int)


@dataclass(frozen=True)
class HandsRotated(Event):
    """A zero: every hand moved one seat along the direction of play."""

    kind: ClassVar[str] = "hands_rotated"
    direction: int
    hand_sizes: tuple


@dataclass(frozen=True)
class HandsSwapped(Event):
    kind: ClassVar[str] = "hands_swapped"
    seat: int
    other: int


@dataclass(frozen=True)
class NewHand(Event):
    """Private: your whole hand after a swap or a rotation."""

    kind: ClassVar[str] = "new_hand"
    to: int
    cards: tuple


def swap_line(e, name, me):
    return f"Обмен руками: {seat_named(e, name)} и {name(e.get('other', -1))}"


class SevenZero(HouseHooks):
    rule = HouseRule(
        "seven_zero",
        "Семь-ноль",
        "Каждый раз, когда выпадает «ноль», все передают свои карты соседям по направлению игры. "
        "Положивший «семь» обменивается картами с одним из игроков по своему выбору.",
    )
    order = 30
    actions = (SwapWith,)
    events = (HandsRotated, HandsSwapped, NewHand)
    sounds = {"hands_rotated": "shuffle", "hands_swapped": "shuffle", "new_hand": "deal"}
    ticker_lines = {"hands_swapped": swap_line}
    phases = {SEVEN_SWAP: Phase("Обмен руками", "выбирает, с кем меняться руками",
                                "Сейчас не нужно выбирать, с кем меняться.")}

    def handlers(self):
        return {SwapWith: self._do_swap}

    def after_number(self, eng, ctx, seat, card):
        state = ctx.state
        value = state.faces[card][1]
        if value == "0":
            seats = eng.active_seats(state)
            old = {s: state.hands[s] for s in seats}
            for s in seats:
                state.hands[eng.next_seat(state, s)] = old[s]
            ctx.ev.append(HandsRotated(state.direction, tuple(len(h) for h in state.hands)))
            for s in seats:
                ctx.ev.append(NewHand(s, eng.card_dicts(state, state.hands[s])))
            return False
        if value == "7" and state.hands[seat] and len(eng.active_seats(state)) > 1:
            state.phase, state.actor = SEVEN_SWAP, seat
            ctx.ev.append(ChoiceWait(seat, "swap"))
            return True
        return False

    def swap_refusal(self, eng, state, seat, other) -> Rejected | None:
        refusal = eng.actor_refusal(state, seat, SEVEN_SWAP)
        if refusal is None and (other == seat or other not in eng.active_seats(state)):
            refusal = Rejected("Поменяться руками можно только с другим игроком за столом.", "seat")
        return refusal

    def phase_offers(self, eng, state, seat, phase):
        return [SwapWith(s) for s in range(state.n) if self.swap_refusal(eng, state, seat, s) is None]

    def after_move(self, eng, ctx):
        state = ctx.state
        if state.phase == SEVEN_SWAP and state.actor in state.out:
            # the one choosing left the round («Лимит карт»): no hand is swapped into an empty place
            eng.start_turn(ctx, eng.next_seat(state, state.actor))

    def _do_swap(self, eng, ctx, seat, action):
        state = ctx.state
        other = action.seat
        eng.raise_refusal(self.swap_refusal(eng, state, seat, other))
        state.hands[seat], state.hands[other] = state.hands[other], state.hands[seat]
        ctx.ev.append(HandsSwapped(seat, other))
        for s in (seat, other):
            ctx.ev.append(NewHand(s, eng.card_dicts(state, state.hands[s])))
        eng.start_turn(ctx, eng.next_seat(state, seat))
