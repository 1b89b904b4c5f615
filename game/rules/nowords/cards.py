"""The 84 cards of «Нет слов»: 76 black letters and 8 red vowels.

The black distribution follows Russian letter frequency (per mille, Ё and Ъ left out as the
rules say): every one of the 31 letters appears at least once, the remaining cards are shared
in proportion to frequency by largest remainder. docs/RULES.md (Нет слов) has the table.
"""
from __future__ import annotations

BLACK_COUNTS: dict[str, int] = {
    "о": 8, "е": 6, "а": 6, "и": 5, "н": 5, "т": 5, "с": 4, "р": 3, "в": 3, "л": 3, "к": 3,
    "м": 2, "д": 2, "п": 2, "у": 2, "я": 2,
    "ы": 1, "ь": 1, "г": 1, "з": 1, "б": 1, "ч": 1, "й": 1, "х": 1, "ж": 1, "ш": 1, "ю": 1,
    "ц": 1, "щ": 1, "э": 1, "ф": 1,
}
RED_LETTERS = ("а", "а", "е", "е", "и", "и", "о", "о")

# ids: black "n0".."n75", red "r0".."r7"; the letter of an id never changes
BLACK_IDS: tuple[str, ...] = tuple(f"n{i}" for i in range(sum(BLACK_COUNTS.values())))
RED_IDS: tuple[str, ...] = tuple(f"r{i}" for i in range(len(RED_LETTERS)))
LETTER: dict[str, str] = {}
_i = 0
for _letter, _count in BLACK_COUNTS.items():
    for _ in range(_count):
        LETTER[f"n{_i}"] = _letter
        _i += 1
for _j, _letter in enumerate(RED_LETTERS):
    LETTER[f"r{_j}"] = _letter
ALL_IDS: frozenset[str] = frozenset(LETTER)
TOTAL_CARDS = len(ALL_IDS)


def is_red(card: str) -> bool:
    return card.startswith("r")


def match_letter(letter: str) -> str:
    """The card letter a word's letter needs: there is no Ё card, Е stands for it."""
    return "е" if letter == "ё" else letter
