"""«Скрэббл Бинго» on its menu tile: a sheet of two words with letters crossed out."""
from __future__ import annotations

import pygame

from game import art
from game.rules.bingo import TILE_POINTS
from game.scenes.base import DANGER

SHEET = ("СЛОВ", "БИНГ")
CROSSED = {(0, 1), (0, 3), (1, 0)}


def paint_menu_picture(canvas: pygame.Surface, game_id: str) -> None:
    w, h = canvas.get_size()
    sheet = pygame.Rect(2, 10, w - 4, h - 20)
    pygame.draw.rect(canvas, (244, 238, 222), sheet, border_radius=8)
    size = 22
    for row, word in enumerate(SHEET):
        for col, letter in enumerate(word):
            spot = pygame.Rect(sheet.left + 7 + col * (size + 3), sheet.top + 12 + row * (size + 12), size, size)
            canvas.blit(art.letter_tile(letter, TILE_POINTS.get(letter.lower()), size), spot)
            if (row, col) in CROSSED:
                pygame.draw.line(canvas, DANGER, spot.topleft, spot.bottomright, 3)
                pygame.draw.line(canvas, DANGER, spot.topright, spot.bottomleft, 3)
