"""Where things stand on the «Твёрдый знак» table (1280×720): opponents along the top with the race indicator; bonus
cards and the three extra cards on the left; the table letters and the deck in the middle with the round timer; the
word-building row under them; the live score of the word on the right; your plate and bank, your hand and the
buttons below."""
from __future__ import annotations

import pygame

from game.scenes.base import WIDTH

PALE = (197, 200, 189)  # between INK_DIM and INK: small words on the bare felt (INK_DIM read under 3:1 there)
TABLE_CARD = (86, 120)
HAND_CARD = (100, 140)
ROW_CARD = (62, 87)
BONUS_CARD = (66, 92)
MINI_CARD = (34, 48)
TOP = pygame.Rect(12, 8, WIDTH - 24, 104)
LEFT = pygame.Rect(12, 122, 232, 356)
CENTER = pygame.Rect(256, 122, 760, 210)
ROW = pygame.Rect(256, 340, 760, 138)
RIGHT = pygame.Rect(1028, 122, 240, 356)
ME = pygame.Rect(12, 490, 300, 222)
HAND = pygame.Rect(326, 490, 430, 222)
BUTTONS = pygame.Rect(770, 490, 498, 222)
DECK_POS = (318, 227)


def table_slot(index: int) -> pygame.Rect:
    step = TABLE_CARD[0] + 16
    x0 = CENTER.centerx + 40 - (5 * step - 16) // 2
    return pygame.Rect(x0 + index * step, CENTER.y + 38, *TABLE_CARD)


def hand_slot(index: int, count: int = 3) -> pygame.Rect:
    step = HAND_CARD[0] + 22
    x0 = HAND.centerx - (count * step - 22) // 2
    return pygame.Rect(x0 + index * step, HAND.y + 44, *HAND_CARD)


def row_slot(index: int, count: int) -> pygame.Rect:
    count = max(1, count)
    step = ROW_CARD[0] + 8
    x0 = ROW.centerx - (count * step - 8) // 2
    return pygame.Rect(x0 + index * step, ROW.y + 30, *ROW_CARD)


def bonus_slot(index: int) -> pygame.Rect:
    return pygame.Rect(LEFT.x + 10 + index * (BONUS_CARD[0] + 8), LEFT.y + 34, *BONUS_CARD)


def extra_rects() -> dict[str, pygame.Rect]:
    """The three extra cards under the bonuses: «Раньше всех», «Из всех карт», «Самое длинное»."""
    y = LEFT.y + 140
    return {"early": pygame.Rect(LEFT.x + 10, y, LEFT.w - 20, 58),
            "all": pygame.Rect(LEFT.x + 10, y + 66, LEFT.w - 20, 58),
            "longest": pygame.Rect(LEFT.x + 10, y + 132, LEFT.w - 20, 76)}


def button_rects() -> dict[str, pygame.Rect]:
    x, y = BUTTONS.x, BUTTONS.y
    return {
        "submit": pygame.Rect(x + 8, y + 8, 236, 66),
        "clear": pygame.Rect(x + 254, y + 8, 236, 66),
        "pass": pygame.Rect(x + 8, y + 84, 236, 58),
        "letter": pygame.Rect(x + 254, y + 84, 236, 58),
        "withdraw": pygame.Rect(x + 8, y + 152, 236, 58),
        "bribe": pygame.Rect(x + 254, y + 152, 236, 58),
    }
