"""«Жаргон»: slang words count. The word source itself reads the option (``lexicon.judge(game, options)``), so
the variant changes no hook of the engine."""
from __future__ import annotations

from game.rules.base import HouseRule

from .base import BoardVariant


class Slang(BoardVariant):
    rule = HouseRule("allow_slang", "Жаргон", "Разрешить жаргонные слова (для компании знатоков).", False)


VARIANT = Slang()
