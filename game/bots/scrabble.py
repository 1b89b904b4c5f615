"""Скрэббл bots: the board bots of :mod:`game.bots.erudit` on the Скрэббл dictionary."""
from game.bots.erudit import BoardBot
from game.rules.base import Rng


def make(level: str, seat: int, rng: Rng) -> BoardBot:
    return BoardBot("scrabble", level, seat, rng)
