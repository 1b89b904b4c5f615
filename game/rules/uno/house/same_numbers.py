from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations
from typing import ClassVar

from game.rules.base import Action, HouseRule, Rejected, require_types

from ..cards import is_number
from ..events import CardPlayed
from ..state import PLAY
from .base import HouseHooks


@dataclass(frozen=True)
class PlayMany(Action):
    """«Несколько одинаковых»: cards of one number laid in one move, in this order; the last one counts.
    ``uno``: «УНО!» shouted with the move that leaves one card."""

    kind: ClassVar[str] = "play_many"
    cards: tuple
    uno: bool = False

    def check_types(self):
        require_types(self, cards=tuple, uno=bool)
        if not all(isinstance(c, str) for c in self.cards):
            raise Rejected("Действие составлено неверно.", "malformed")


class SameNumbers(HouseHooks):
    rule = HouseRule(
        "same_numbers",
        "Несколько одинаковых",
        "В свой ход можно выложить сразу несколько карт с одной и той же цифрой (любых цветов): первая должна "
        "подходить к «Сбросу», в силе — последняя (её цвет и её действие).",
    )
    order = 17
    actions = (PlayMany,)

    def handlers(self):
        return {PlayMany: self._do_play_many}

    def many_refusal(self, eng, state, seat, cards, uno) -> Rejected | None:
        hand = state.hands[seat]
        refusal = eng.turn_refusal(state, seat)
        if refusal is None and state.drawn is not None:
            refusal = Rejected("После взятия карты можно сыграть только её — или сказать «Пас».", "drawn")
        if refusal is None and (len(cards) < 2 or len(set(cards)) != len(cards)):
            refusal = Rejected("Сразу кладут две карты или больше, и каждую — один раз.", "many")
        if refusal is None and any(c not in hand for c in cards):
            refusal = Rejected("Такой карты у вас нет.", "card")
        if refusal is None:
            faces = [state.faces[c] for c in cards]
            if not all(is_number(f) for f in faces) or len({f[1] for f in faces}) != 1:
                refusal = Rejected("Вместе кладут только карты с одной и той же цифрой.", "many")
        if refusal is None and not eng.fits(state, cards[0]):
            refusal = Rejected("Первая из карт должна подходить к «Сбросу» по цвету или цифре.", "match")
        if refusal is None and uno and len(hand) - len(cards) != 1:
            refusal = Rejected("«УНО!» кричат, когда после хода остаётся одна карта.", "uno")
        return refusal or eng.house_refusal(state, seat, PlayMany(tuple(cards), uno))

    def offers(self, eng, state, seat):
        if state.phase != PLAY or seat != state.turn or state.drawn is not None:
            return []
        by_value: dict[str, list[str]] = {}
        for c in state.hands[seat]:
            face = state.faces[c]
            if is_number(face):
                by_value.setdefault(face[1], []).append(c)
        out = []
        for same in by_value.values():
            for first in same:
                if len(same) < 2 or not eng.fits(state, first):
                    continue
                rest = [c for c in same if c != first]
                # the middle cards change nothing: one order of them, and each choice of the last card
                for size in range(1, len(rest) + 1):
                    for chosen in combinations(rest, size):
                        for last in chosen:
                            cards = (first, *(c for c in chosen if c != last), last)
                            out += [PlayMany(cards, uno) for uno in (False, True)
                                    if self.many_refusal(eng, state, seat, cards, uno) is None]
        return out

    def _do_play_many(self, eng, ctx, seat, action: PlayMany) -> None:
        state = ctx.state
        cards = tuple(action.cards)
        eng.raise_refusal(self.many_refusal(eng, state, seat, cards, action.uno))
        eng.table_moves(ctx, seat)
        hand = state.hands[seat]
        for c in cards[:-1]:  # these land one by one under the last, which counts
            hand.remove(c)
            state.discard.append(c)
            ctx.ev.append(CardPlayed(seat, eng.card(state, c), False, False, False, len(hand)))
        eng.lay(ctx, seat, cards[-1], uno=action.uno)
