"""«Твёрдый знак» on its menu tile: a letter card and the special «ъ» before it."""
from __future__ import annotations

import pygame

from game import art


def paint_menu_picture(canvas: pygame.Surface, game_id: str) -> None:
    w, h = canvas.get_size()
    behind = pygame.transform.rotozoom(art.hardsign_card("Т", 3, (56, 78)), 14, 1.0)
    canvas.blit(behind, behind.get_rect(center=(w // 2 - 16, h // 2)))
    card = pygame.transform.rotozoom(art.hardsign_card("ъ", None, (56, 78), special=True), -10, 1.0)
    canvas.blit(card, card.get_rect(center=(w // 2 + 16, h // 2 + 2)))
