"""«Твёрдый знак» — the word-building race with letter cards, bonus cards, bribes and a bank.

What a table scene may use is exported here (and nothing else of the package): the rules object, the card
readings and faces, the row reading and the live score, so a scene never writes them a second time."""
from .cards import (
    ALPHABET, CONSONANTS, HARD_SIGN, NAMES_RU, THREE, VOWELS, bonus_titles, default_reading, is_special, label,
    reading_choices, stars,
)
from .engine import RULES, HardSignRules, HardSignState, early_goes_to_next_word, score_breakdown, split_cards
from .words import MAX_TYPED, cards_for_word, read_row, source

__all__ = [
    "RULES", "HardSignRules", "HardSignState", "score_breakdown", "split_cards", "early_goes_to_next_word",
    "ALPHABET", "CONSONANTS", "HARD_SIGN", "NAMES_RU", "THREE", "VOWELS", "default_reading", "is_special", "label",
    "reading_choices", "stars", "bonus_titles", "MAX_TYPED", "cards_for_word", "read_row", "source",
]
