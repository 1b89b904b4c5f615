"""«Обмен при 7 в мешочке»: tiles may be exchanged only while the bag holds at least seven."""
from __future__ import annotations

from game.rules.base import HouseRule, Rejected

from .base import BoardVariant

LEAST_IN_BAG = 7


class ExchangeNeedsSeven(BoardVariant):
    rule = HouseRule("exchange_needs_7", "Обмен при 7 в мешочке",
                     "Меняться можно, только если в мешочке не меньше 7 фишек.", False)

    def exchange_refusal(self, options, bag):
        if bag < LEAST_IN_BAG:
            return Rejected("Меняться можно, только пока в мешочке не меньше 7 фишек.")
        return None


VARIANT = ExchangeNeedsSeven()
