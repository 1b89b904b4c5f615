"""Bots: policies from one seat's view to an action, with a human-like delay.

A bot sees exactly what a human in its seat would see (its view and its legal actions),
never the state. ``make_bot`` finds the game's bot module (``game.bots.<game_id>``).
"""
from __future__ import annotations

import importlib
from typing import Any, Protocol

from game.rules.base import Action, Rng

LEVELS: tuple[str, ...] = ("novice", "player", "ace")
LEVEL_LABELS = {"novice": "новичок", "player": "игрок", "ace": "ас", "master": "мастер"}


class Bot(Protocol):
    seat: int
    level: str

    def plan(self, view: dict, legal: list[Action], now_ms: int) -> tuple[int, Action] | None:
        """What to do and at which host time, or None to wait for the next change."""
        ...


# A bot may also name ``least_delay_ms``: it never acts sooner than that after the change it answers (its
# human-like delay). Local play and LAN rooms then let it think on a worker thread instead of the window's frame
# loop or the host's network loop (game/net/thinking.py); bots without it think inline.


FACTORIES: dict[str, Any] = {}  # game id -> make(level=, seat=, rng=); filled lazily


def make_bot(game_id: str, level: str, seat: int, seed: int) -> Bot:
    """A bot for ``game_id`` from the bots' module its registry entry names (``GameInfo.bots_module``)."""
    factory = FACTORIES.get(game_id)
    if factory is None:
        from game import rules

        factory = importlib.import_module(rules.BY_ID[game_id].bots_module).make
        FACTORIES[game_id] = factory
    return factory(level=level, seat=seat, rng=Rng(seed))
