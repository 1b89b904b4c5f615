"""Скрэббл: the same board and tiles as Эрудит; every form of a word counts (the lexicon's Скрэббл rule)."""
from .engine import CLASSIC_HOUSE, BoardRules, GameProfile
from .layout import CLASSIC_LAYOUT, CLASSIC_TILES

PROFILE = GameProfile("scrabble", "Скрэббл", "b", CLASSIC_LAYOUT, CLASSIC_TILES, 50, False, True, True, CLASSIC_HOUSE,
                  records_gcg=True)
RULES = BoardRules(PROFILE)
