"""UNO's picture on its menu tile: a fan of three cards, as a hand holds them."""
from __future__ import annotations

import pygame

from game import art

FAN = (("red", "7"), ("yellow", "skip"), ("blue", "draw2"))


def paint_menu_picture(canvas: pygame.Surface, game_id: str) -> None:
    w, h = canvas.get_size()
    for i, (colour, face) in enumerate(FAN):
        card = pygame.transform.rotozoom(art.uno_card(colour, face, (44, 66)), 22 - 22 * i, 1.0)
        canvas.blit(card, card.get_rect(center=(w // 2 - 26 + 26 * i, h // 2 + 4 + abs(i - 1) * 6)))
