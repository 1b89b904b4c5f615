"""«Первое слово от пяти букв» (Jacks to Open): the first word has at least five letters; when every player
passed on it, four; then any."""
from __future__ import annotations

from game.rules.base import HouseRule

from .base import BoardVariant


class JacksToOpen(BoardVariant):
    rule = HouseRule("jacks_to_open", "Первое слово от пяти букв",
                     "Первое слово — не короче 5 букв; если никто не может, то 4.", False)
    classic_only = True

    def opening_min(self, options, base):
        return 5

    def relaxed_opening(self, current):
        return 4 if current == 5 else None


VARIANT = JacksToOpen()
