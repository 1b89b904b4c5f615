"""Where things stand on the «Нет слов» table (1280×720): opponents along the top; the showcase on the left; the
conversation in the middle; the deck, the common discard and the race results on the right; your hand, your pile
and the big «Не говори!» button below; the claim panel over the whole bottom strip while a word is being named."""
from __future__ import annotations

import pygame

RED_INK = (226, 70, 70)
PLATE_FILL = (16, 38, 34)  # a seat's plate, yours and a watcher's corner too
TABLE_CARD = (74, 103)
HAND_CARD = (96, 134)
SHOW_CARD = (60, 84)
PILE_CARD = (26, 36)
HAND_BACK, HAND_BACK_STEP = (14, 19), 11  # a seat's hand counted in small backs on its plate
TALK = pygame.Rect(258, 146, 766, 330)  # the conversation zone
TALK_COLS, TALK_ROWS = 8, 3
SHOWCASE = pygame.Rect(22, 150, 214, 336)  # six showcase cards in three rows, the last inside too
RIGHT = pygame.Rect(1044, 150, 214, 318)
DECK_POS = (1098, 212)
COMMON_POS = (1204, 212)
BOTTOM_Y = 486
HAND_Y = 610
HAND_TOP = HAND_Y - HAND_CARD[1] // 2 - 14  # a focused hand card is lifted 14 px
HAND_XS = (520, 632, 744)
SHOUT = pygame.Rect(930, 548, 320, 120)
MY_PILE = pygame.Rect(22, 500, 330, 200)
CLAIM_PANEL = pygame.Rect(22, 490, 1236, 222)  # the whole bottom strip: the pile and the shout button wholly under it


def showcase_point(index: int) -> tuple[float, float]:
    col, row = index % 2, index // 2
    return (SHOWCASE.x + 60 + col * 94, SHOWCASE.y + 102 + row * 92)


def card_rect(size: tuple[int, int], x: float, y: float) -> pygame.Rect:
    """A card of ``size`` centred on (x, y), as the pointer finds it."""
    return pygame.Rect(0, 0, *size).move(x - size[0] / 2, y - size[1] / 2)
