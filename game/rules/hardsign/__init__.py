"""«Твёрдый знак» — the word-building race with letter cards, bonus cards, bribes and a bank."""
from .engine import RULES, HardSignRules, HardSignState, score_breakdown, split_cards

__all__ = ["RULES", "HardSignRules", "HardSignState", "score_breakdown", "split_cards"]
