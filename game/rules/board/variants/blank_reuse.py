"""«Повторные пустышки»: a blank on the board may be given back for the real tile of its letter, and played again
in the same move."""
from __future__ import annotations

from game.rules.base import HouseRule

from .base import BoardVariant


class BlankReuse(BoardVariant):
    rule = HouseRule("blank_reuse", "Повторные пустышки", "Пустышку на поле можно заменить настоящей буквой и сразу "
                     "сыграть ею в этом же ходу.", False)
    classic_only = True

    def allows_blank_swaps(self, options):
        return True


VARIANT = BlankReuse()
