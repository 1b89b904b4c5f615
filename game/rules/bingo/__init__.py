"""«Скрэббл Бинго» (scrabble.txt «SCRABBLE Бинго»): two seven-letter words each, a caller draws the
tiles one by one, players cross out, the first to cross out both words calls «Скрэббл Бинго!»."""
from .engine import RULES, BingoRules, BingoState

__all__ = ["RULES", "BingoRules", "BingoState"]
