"""Эрудит: the Russian-edition word game; nouns only (the lexicon's Эрудит rule)."""
from .engine import CLASSIC_HOUSE, BoardRules, GameProfile
from .layout import CLASSIC_LAYOUT, CLASSIC_TILES

PROFILE = GameProfile("erudit", "Эрудит", "b", CLASSIC_LAYOUT, CLASSIC_TILES, 50, False, True, True, CLASSIC_HOUSE,
                  records_gcg=True)
RULES = BoardRules(PROFILE)
