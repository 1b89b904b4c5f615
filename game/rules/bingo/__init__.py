"""«Скрэббл Бинго» (scrabble.txt «SCRABBLE Бинго»): two seven-letter words each, a caller draws the
tiles one by one, players cross out, the first to cross out both words calls «Скрэббл Бинго!».

What a table scene may use is exported here: the rules object, the sheet's shape and what each letter is worth."""
from game.rules.board.layout import CLASSIC_TILES

from .actions import SHEET, WORD_LETTERS
from .engine import RULES, BingoRules, BingoState

TILE_POINTS = {ch: points for ch, (_, points) in CLASSIC_TILES.items()}  # the points printed on each tile

__all__ = ["RULES", "BingoRules", "BingoState", "SHEET", "WORD_LETTERS", "TILE_POINTS"]
