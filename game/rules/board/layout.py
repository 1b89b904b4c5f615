"""Board geometry, premium layouts and tile sets of Эрудит, Скрэббл and Словодел.

Cells are numbered ``row * 15 + col``. A premium layout is 15 strings of 15 characters:
``T`` triple word, ``D`` double word, ``t`` triple letter, ``d`` double letter, ``*`` the centre
(a double word in Эрудит/Скрэббл, a plain square in Словодел), ``.`` plain.
"""
from __future__ import annotations

SIZE = 15
CELLS = SIZE * SIZE
CENTRE = 7 * SIZE + 7
BLANK = "?"  # the face of a blank tile in tile sets and position files
RACK = 7  # tiles on a full rack

ALPHABET = "абвгдеёжзийклмнопрстуфхцчшщъыьэюя"

CLASSIC_LAYOUT = (
    "T..d...T...d..T",
    ".D...t...t...D.",
    "..D...d.d...D..",
    "d..D...d...D..d",
    "....D.....D....",
    ".t...t...t...t.",
    "..d...d.d...d..",
    "T..d...*...d..T",
    "..d...d.d...d..",
    ".t...t...t...t.",
    "....D.....D....",
    "d..D...d...D..d",
    "..D...d.d...D..",
    ".D...t...t...D.",
    "T..d...T...d..T",
)

# Словодел has letter multipliers only: the classic squares with word premiums turned into
# letter premiums of the same strength (T -> t, D -> d); the centre is a plain square.
SLOVODEL_LAYOUT = tuple(row.replace("T", "t").replace("D", "d") for row in CLASSIC_LAYOUT)

# (count, points) per letter; Эрудит and Скрэббл share the Russian edition's set (И×5).
CLASSIC_TILES: dict[str, tuple[int, int]] = {
    "а": (8, 1), "б": (2, 3), "в": (4, 1), "г": (2, 3), "д": (4, 2), "е": (8, 1), "ё": (1, 3),
    "ж": (1, 5), "з": (2, 5), "и": (5, 1), "й": (1, 4), "к": (4, 2), "л": (4, 2), "м": (3, 2),
    "н": (5, 1), "о": (10, 1), "п": (4, 2), "р": (5, 1), "с": (5, 1), "т": (5, 1), "у": (4, 2),
    "ф": (1, 10), "х": (1, 5), "ц": (1, 5), "ч": (1, 5), "ш": (1, 8), "щ": (1, 10), "ъ": (1, 10),
    "ы": (2, 4), "ь": (2, 3), "э": (1, 8), "ю": (1, 8), "я": (2, 3), BLANK: (2, 0),
}

# 130 tiles in proportion to Russian letter frequency (each letter at least once), points by
# rarity; derivation in docs/RULES.md (Эрудит, Скрэббл, Словодел).
SLOVODEL_TILES: dict[str, tuple[int, int]] = {
    "о": (14, 1), "е": (11, 1), "а": (10, 1), "и": (9, 1), "н": (9, 1), "т": (8, 1), "с": (7, 1),
    "р": (6, 1), "в": (6, 1), "л": (6, 1), "к": (4, 2), "м": (4, 2), "д": (4, 2), "п": (4, 2),
    "у": (3, 2), "я": (2, 3), "ы": (2, 3), "ь": (2, 3), "г": (2, 3), "з": (2, 3), "б": (2, 3),
    "ч": (2, 4), "й": (1, 4), "х": (1, 4), "ж": (1, 4), "ш": (1, 5), "ю": (1, 5), "ц": (1, 8),
    "щ": (1, 8), "э": (1, 8), "ф": (1, 10), "ъ": (1, 10), "ё": (1, 10),
}

VOWELS = frozenset("аеёиоуыэюя")


def premiums(layout: tuple[str, ...], centre_doubles: bool = True) -> tuple[list[int], list[int]]:
    """Per-cell letter and word multipliers of a layout."""
    letter_mul = [1] * CELLS
    word_mul = [1] * CELLS
    for r, row in enumerate(layout):
        for c, ch in enumerate(row):
            i = r * SIZE + c
            if ch == "d":
                letter_mul[i] = 2
            elif ch == "t":
                letter_mul[i] = 3
            elif ch == "D" or (ch == "*" and centre_doubles):
                word_mul[i] = 2
            elif ch == "T":
                word_mul[i] = 3
    return letter_mul, word_mul


def tile_count(tiles: dict[str, tuple[int, int]]) -> int:
    return sum(n for n, _ in tiles.values())


assert tile_count(CLASSIC_TILES) == 104
assert tile_count(SLOVODEL_TILES) == 130
