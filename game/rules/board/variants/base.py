"""What a board variant is: one house rule's metadata and the hooks of the engine it changes.

The engine asks every enabled variant at named hook points; each hook's default here is the base rule, so a
variant overrides only what it changes and the engine never names one."""
from __future__ import annotations

from typing import Any

from game.rules.base import HouseRule, Rejected


class BoardVariant:
    rule: HouseRule
    classic_only = False  # Эрудит and Скрэббл only (not Словодел)
    menu_after = ""  # the id of the rule it follows in the menus

    def on(self, options: dict) -> bool:
        return bool(options.get(self.rule.id))

    # ---- hook points (defaults: the base rule)
    def opening_min(self, options: dict, base: int) -> int:
        """The shortest first word of the game."""
        return base

    def relaxed_opening(self, current: int) -> int | None:
        """The shortest first word once every player passed on ``current``; None: the base rule decides."""
        return None

    def move_bonus(self, options: dict, source: Any, readings: list[str], tags_of) -> int:
        """Points a move earns beyond its words' letters and premiums (``readings``: each word as read)."""
        return 0

    def allows_blank_swaps(self, options: dict) -> bool:
        """A blank on the board may be given back for a real tile (the base rule: never)."""
        return False

    def exchange_refusal(self, options: dict, bag: int) -> Rejected | None:
        """Why an exchange may not be made with ``bag`` tiles left, if it may not."""
        return None
