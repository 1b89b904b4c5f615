"""Эрудит: the Russian-edition word game; nouns only (the lexicon's Эрудит rule)."""
from .engine import CLASSIC_HOUSE, BoardRules, Variant
from .layout import CLASSIC_LAYOUT, CLASSIC_TILES

VARIANT = Variant("erudit", "Эрудит", "b", CLASSIC_LAYOUT, CLASSIC_TILES, 50, False, True, True, CLASSIC_HOUSE,
                  records_gcg=True)
RULES = BoardRules(VARIANT)
