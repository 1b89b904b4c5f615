"""Словодел bots: the board bots of :mod:`game.bots.erudit` (words read either way)."""
from game.bots.erudit import BoardBot
from game.rules.base import Rng


def make(level: str, seat: int, rng: Rng) -> BoardBot:
    return BoardBot("slovodel", level, seat, rng)
