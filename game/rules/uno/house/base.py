"""The hook interface every house rule implements (in the spirit of uno-online's rule plugins).

The engine asks the enabled rules, in ``order``, at fixed points of a move; a rule that does
not care about a point keeps the default. ``ctx`` is the engine's move context: ``ctx.state``,
``ctx.t`` (host time) and ``ctx.ev`` (events being produced), plus the engine helpers passed
as ``eng`` (draw cards, start a turn, name the next seat…).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.rules.base import HouseRule

from ..cards import Face

if TYPE_CHECKING:  # pragma: no cover
    from ..state import UnoState


class HouseHooks:
    rule: HouseRule
    order: int = 100

    # --- the deck and the score
    def extra_faces(self) -> list[Face]:
        """Cards this rule adds to the 108."""
        return []

    def hand_points(self, faces: list[Face], default: int) -> int:
        """Points of a hand left at the end of a round."""
        return default

    def going_out_bonus(self, last: Face) -> int:
        """Points off (or, when collecting, on top) for the card that ended the round."""
        return 0

    # --- who may play what, when
    def may_jump_in(self, state: "UnoState", seat: int) -> bool:
        return False

    def answer(self, state: "UnoState", seat: int, face: Face) -> str | None:
        """``"stack"`` or ``"bounce"`` when this rule lets ``face`` answer the pending attack."""
        return None

    def sums_attacks(self) -> bool:
        return False

    def skip_bounces(self) -> bool:
        return False

    def auto_colour(self, state: "UnoState") -> str | None:
        return None

    def mistakes_cost(self) -> bool:
        return False

    def continues_after_out(self) -> bool:
        return False

    def lazy_scoring(self) -> bool:
        return False

    # --- moments of a move
    def after_number(self, eng: Any, ctx: Any, seat: int, card: str) -> bool:
        """A number card's effect; True when it opened a choice (the turn waits for it)."""
        return False

    def on_colour(self, eng: Any, ctx: Any, seat: int, by_black: bool) -> None:
        """The colour in force was set (by a black card when ``by_black``)."""

    def on_turn_start(self, eng: Any, ctx: Any, seat: int) -> None:
        pass

    def on_noise(self, eng: Any, ctx: Any, seat: int) -> bool:
        """Someone made noise (an emote, a false shout); True when this rule punished it."""
        return False

    def on_shout(self, eng: Any, ctx: Any, seat: int) -> None:
        """«УНО!» was said in time."""

    def on_hand_empty(self, eng: Any, ctx: Any, seat: int) -> bool:
        """True when the rule refilled the hand instead of letting the player go out."""
        return False
