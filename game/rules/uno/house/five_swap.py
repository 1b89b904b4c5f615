from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from game.rules.base import Action, Event, HouseRule, Rejected, require_types

from ..cards import card_dict
from ..events import CardsReceived, ChoiceWait
from .base import DrawReason, HouseHooks, Phase

FIVE_OFFER = "five_offer"  # whoever played a 5 may offer one card to someone
FIVE_REPLY = "five_reply"  # …who chooses the card they give back


@dataclass(frozen=True)
class OfferCard(Action):
    """«Обмен карты» after a 5: give ``card`` to ``seat``, who gives one back."""

    kind: ClassVar[str] = "offer_card"
    seat: int
    card: str

    def check_types(self):
        require_types(self, seat=int, card=str)


@dataclass(frozen=True)
class KeepCards(Action):
    """Decline the exchange after a 5."""

    kind: ClassVar[str] = "keep_cards"


@dataclass(frozen=True)
class GiveCard(Action):
    """The answer to an exchange: the card given back."""

    kind: ClassVar[str] = "give_card"
    card: str

    def check_types(self):
        require_types(self, card=str)


@dataclass(frozen=True)
class CardsExchanged(Event):
    kind: ClassVar[str] = "cards_exchanged"
    seat: int
    other: int
    declined: bool = False


@dataclass
class Exchange:
    offerer: int
    target: int
    card: str


class FiveSwap(HouseHooks):
    rule = HouseRule(
        "five_swap",
        "Обмен карты на пятёрке",
        "Игрок, положивший «пятёрку», может по желанию поменяться одной картой с любым игроком; каждый из "
        "меняющихся сам выбирает, какую карту отдать.",
    )
    order = 31
    actions = (OfferCard, KeepCards, GiveCard)
    events = (CardsExchanged,)
    sounds = {"cards_exchanged": "card_draw"}
    draw_reasons = {"exchange": DrawReason(from_deck=False)}
    phases = {
        FIVE_OFFER: Phase("Обмен картой", "решает, меняться ли картой", "Сейчас нельзя предлагать обмен."),
        FIVE_REPLY: Phase("Ответ на обмен", "выбирает карту для обмена", "Сейчас не нужно отдавать карту."),
    }
    slot = "exchange"
    view_defaults = {"exchange": None}

    def handlers(self):
        return {OfferCard: self._do_offer, KeepCards: self._do_keep, GiveCard: self._do_give}

    def after_number(self, eng, ctx, seat, card):
        state = ctx.state
        if state.faces[card][1] != "5" or not state.hands[seat]:
            return False
        if not any(state.hands[s] for s in eng.active_seats(state) if s != seat):
            return False
        state.phase, state.actor = FIVE_OFFER, seat
        ctx.ev.append(ChoiceWait(seat, "offer"))
        return True

    def offer_refusal(self, eng, state, seat, other, card) -> Rejected | None:
        """``card`` None: may ``seat`` offer ``other`` any card at all."""
        refusal = eng.actor_refusal(state, seat, FIVE_OFFER)
        if refusal is None and (other == seat or other not in eng.active_seats(state) or not state.hands[other]):
            refusal = Rejected("Меняться картой можно только с другим игроком, у которого есть карты.", "seat")
        if refusal is None and card is not None:
            refusal = eng.card_refusal(state, seat, card)
        return refusal

    def phase_offers(self, eng, state, seat, phase):
        hand = state.hands[seat]
        if phase == FIVE_REPLY:
            return [GiveCard(c) for c in hand]
        out: list = [KeepCards()]
        for s in range(state.n):
            if self.offer_refusal(eng, state, seat, s, None) is None:
                out += [OfferCard(s, c) for c in hand]
        return out

    def _do_offer(self, eng, ctx, seat, action):
        state = ctx.state
        other = action.seat
        eng.raise_refusal(self.offer_refusal(eng, state, seat, other, action.card))
        self.put(state, Exchange(seat, other, action.card))
        state.phase, state.actor = FIVE_REPLY, other
        ctx.ev.append(ChoiceWait(other, "reply"))

    def _do_keep(self, eng, ctx, seat, action):
        state = ctx.state
        eng.raise_refusal(eng.actor_refusal(state, seat, FIVE_OFFER))
        ctx.ev.append(CardsExchanged(seat, seat, True))
        eng.start_turn(ctx, eng.next_seat(state, seat))

    def _do_give(self, eng, ctx, seat, action):
        state = ctx.state
        eng.raise_refusal(eng.actor_refusal(state, seat, FIVE_REPLY) or eng.card_refusal(state, seat, action.card))
        ex = self.my(state)
        a_hand, b_hand = state.hands[ex.offerer], state.hands[seat]
        a_hand[a_hand.index(ex.card)] = action.card
        b_hand[b_hand.index(action.card)] = ex.card
        self.put(state, None)
        ctx.ev.append(CardsExchanged(ex.offerer, seat))
        ctx.ev.append(CardsReceived(ex.offerer, (eng.card(state, action.card),), "exchange"))
        ctx.ev.append(CardsReceived(seat, (eng.card(state, ex.card),), "exchange"))
        eng.start_turn(ctx, eng.next_seat(state, ex.offerer))

    def after_move(self, eng, ctx):
        state = ctx.state
        ex = self.my(state)
        if ex is not None:
            gone = ex.offerer in state.out or ex.target in state.out
            offerer = ex.offerer
        else:
            gone = state.phase == FIVE_OFFER and state.actor in state.out
            offerer = state.actor
        if gone:  # one of the two left the round («Лимит карт») while the exchange waited: it falls, play goes on
            self.put(state, None)
            eng.start_turn(ctx, eng.next_seat(state, offerer))

    def view(self, state, seat):
        ex = self.my(state)
        return {"exchange": None if ex is None else {
            "offerer": ex.offerer, "target": ex.target,
            "card": card_dict(ex.card, state.faces[ex.card]) if seat == ex.offerer else None,
        }}
