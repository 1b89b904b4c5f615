"""Словодел: 130 letters, letter multipliers only, words read either way, several words a turn."""
from .engine import COMMON_RULES, BoardRules, GameProfile
from .layout import SLOVODEL_LAYOUT, SLOVODEL_TILES

PROFILE = GameProfile("slovodel", "Словодел", "s", SLOVODEL_LAYOUT, SLOVODEL_TILES, 25, True, False, False, COMMON_RULES)
RULES = BoardRules(PROFILE)
