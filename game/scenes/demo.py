"""Scenes at a position reached by bots from a seed: for screenshots, bench and tests."""
from __future__ import annotations

from game.launch import BOT_NAMES, SeatInfo, start_played
from game.net.origin import FAR_ORIGIN


class VirtualClock:
    """A clock the caller moves: demos and tests run without waiting for real time. It starts far from 0, as the
    monotonic clock of a machine that has been on for days does, so nothing shown may count from 0."""

    def __init__(self, start_ms: int = FAR_ORIGIN):
        self.ms = start_ms

    def __call__(self) -> int:
        return self.ms


def demo_connection(game_id: str, seed: int, players: int, actions: int, level: str = "player",
                    options: dict | None = None):
    """A local game (with ``options``, the house rules) where bots (seat 0 included) played ``actions`` moves, then
    seat 0 is handed to a person; returns (connection, clock, names) with the clock frozen there."""
    clock = VirtualClock()
    names = ["Вы"] + BOT_NAMES[: players - 1]
    connection = start_played(game_id, [SeatInfo(n, level) for n in names], seed, actions, clock, options)
    return connection, clock, names
