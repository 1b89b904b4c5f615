"""«Нет слов» on its menu tile: two letter cards, one of them red."""
from __future__ import annotations

import pygame

from game import art


def paint_menu_picture(canvas: pygame.Surface, game_id: str) -> None:
    w, h = canvas.get_size()
    for i, (letter, red) in enumerate((("А", True), ("Ж", False))):
        card = pygame.transform.rotozoom(art.nowords_card(letter, red, (56, 78)), 12 - 24 * i, 1.0)
        canvas.blit(card, card.get_rect(center=(w // 2 - 14 + 28 * i, h // 2)))
