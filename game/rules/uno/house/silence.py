"""What the two silence rules share: the silence itself, its breaking, its events and its view."""
from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from game.rules.base import Event

from ..actions import Emote
from .base import DrawReason, HouseHooks

QUIET_EMOTES = ("смех", "кашель")  # «Кашель, смех… не считаются нарушением тишины»


@dataclass(frozen=True)
class SilenceStarted(Event):
    kind: ClassVar[str] = "silence_started"
    by: int
    reason: str  # "two" or "black"


@dataclass(frozen=True)
class SilenceEnded(Event):
    kind: ClassVar[str] = "silence_ended"
    broken_by: int = -1  # -1: ended by the rule (turn came back, colour changed)


@dataclass
class Silence:
    kind: str  # "two" or "black"
    by: int
    colour: str | None = None
    at: int = -1  # the seat of the latest turn in this silence: shows the turn going past an empty seat


class Silences(HouseHooks):
    order = 39
    events = (SilenceStarted, SilenceEnded)
    sounds = {"silence_started": "timer_warning", "silence_ended": "menu_confirm"}
    draw_reasons = {"silence": DrawReason("нарушение тишины")}
    slot = "silence"
    view_defaults = {"silence": None}

    def start(self, ctx, kind, seat, colour=None):
        self.put(ctx.state, Silence(kind, seat, colour, at=seat))
        ctx.ev.append(SilenceStarted(seat, kind))

    def end(self, ctx, broken_by=-1):
        self.put(ctx.state, None)
        ctx.ev.append(SilenceEnded(broken_by))

    def on_noise(self, eng, ctx, seat):
        if self.my(ctx.state) is None or seat in ctx.state.out:  # a spectator of the round keeps no silence
            return False
        self.end(ctx, seat)
        eng.take(ctx, seat, 2, "silence")
        return True

    def offers(self, eng, state, seat):
        return [Emote("ой")] if self.my(state) is not None and seat not in state.out else []

    def view(self, state, seat):
        quiet = self.my(state)
        return {"silence": None if quiet is None else {"kind": quiet.kind, "by": quiet.by, "colour": quiet.colour}}


SILENCE = Silences()
