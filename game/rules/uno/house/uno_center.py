from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from game.rules.base import Action, Event, HouseRule, ReflexRace, Rejected

from .base import DrawReason, HouseHooks

SLAP_MS = 2000  # time to get a hand on the pile


@dataclass(frozen=True)
class Slap(Action):
    """«UNO в центр»: put a hand on the pile on top of the shouter's."""

    kind: ClassVar[str] = "slap"
    reflex: ClassVar[bool] = True


@dataclass(frozen=True)
class SlapOpened(Event):
    kind: ClassVar[str] = "slap_opened"
    shouter: int
    deadline_ms: int


@dataclass(frozen=True)
class Slapped(Event):
    kind: ClassVar[str] = "slapped"
    seat: int
    reaction_ms: int


@dataclass(frozen=True)
class SlapResult(Event):
    kind: ClassVar[str] = "slap_result"
    losers: tuple  # seats that take two
    last: int  # the last hand on the pile (-1 when some never slapped)
    margin_ms: int  # how far behind the previous hand the last one was
    tie: bool = False


@dataclass
class SlapRace:
    """Everyone but the shouter puts a hand on the pile; the last one pays."""

    shouter: int
    deadline_ms: int
    expected: list[int]
    race: ReflexRace


class UnoCenter(HouseHooks):
    rule = HouseRule(
        "uno_center",
        "UNO в центр",
        "Крикнувший «УНО!» не убирает руку с положенной карты; остальные должны успеть положить свои руки "
        "поверх. Последний — или не успевший вовсе — берёт 2 карты.",
    )
    order = 50
    actions = (Slap,)
    events = (SlapOpened, Slapped, SlapResult)
    sounds = {"slap_opened": "timer_warning", "slapped": "slap", "slap_result": "catch"}
    draw_reasons = {"slap": DrawReason("последняя рука"), "false_slap": DrawReason("ложный хлопок")}
    free_form = ("slap",)
    slot = "slap"
    view_defaults = {"slap": None}

    def handlers(self):
        return {Slap: self._do_slap}

    def on_shout(self, eng, ctx, seat):
        state = ctx.state
        if self.my(state) is not None:
            self._resolve(eng, ctx)
        expected = [s for s in eng.active_seats(state) if s != seat]
        if expected:
            self.put(state, SlapRace(seat, ctx.t + SLAP_MS, expected, ReflexRace(ctx.t, SLAP_MS)))
            ctx.ev.append(SlapOpened(seat, ctx.t + SLAP_MS))

    def slap_refusal(self, eng, state, seat, t) -> Rejected | None:
        refusal = eng.lockout_refusal(state, seat, t)
        sr = self.my(state)
        if refusal is None and sr is not None and any(p.seat == seat for p in sr.race.presses):
            refusal = Rejected("Ваша рука уже на колоде.", "slap")
        return refusal

    def offers(self, eng, state, seat):
        sr = self.my(state)
        if sr is not None and seat in sr.expected and self.slap_refusal(eng, state, seat, 0) is None:
            return [Slap()]
        return []

    def _do_slap(self, eng, ctx, seat, action):
        state = ctx.state
        eng.raise_refusal(self.slap_refusal(eng, state, seat, ctx.t))
        sr = self.my(state)
        if sr is None or seat not in sr.expected:
            return eng.false_reflex(ctx, seat, "slap")
        sr.race.press(seat, ctx.t)
        ctx.ev.append(Slapped(seat, ctx.t - sr.race.opened_ms))
        if not self._missing(state, sr):
            self._resolve(eng, ctx)

    @staticmethod
    def _missing(state, sr) -> list[int]:
        """Who still owes a hand on the pile: one who left the round meanwhile owes nothing (a spectator)."""
        pressed = {p.seat for p in sr.race.presses}
        return [s for s in sr.expected if s not in pressed and s not in state.out]

    def _resolve(self, eng, ctx) -> None:
        state = ctx.state
        sr = self.my(state)
        self.put(state, None)
        missing = self._missing(state, sr)
        tie = False
        if missing:
            losers, last, margin = missing, -1, 0
        else:
            loser, margin, tie = sr.race.slowest(state.rng)
            losers, last = [loser.seat], loser.seat
        ctx.ev.append(SlapResult(tuple(losers), last, margin, tie))
        state.last_reflex = {"kind": "slap", "winner": -1, "losers": list(losers), "last": last, "margin_ms": margin,
                             "tie": tie, "reaction_ms": 0, "at_ms": ctx.t}
        for s in losers:
            eng.take(ctx, s, 2, "slap")

    def deadlines(self, state):
        sr = self.my(state)
        return [] if sr is None else [(sr.deadline_ms, 2, "slap")]

    def on_deadline(self, eng, ctx, key):
        self._resolve(eng, ctx)

    def view(self, state, seat):
        sr = self.my(state)
        return {"slap": None if sr is None else {
            "shouter": sr.shouter, "opened_ms": sr.race.opened_ms, "deadline_ms": sr.deadline_ms,
            "expected": list(sr.expected), "slapped": [p.seat for p in sr.race.presses],
        }}
