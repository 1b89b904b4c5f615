"""The board games' pictures on their menu tiles, in their own tiles' letters and points: Эрудит two words crossing at
their Р, Словодел a word that reads from either end (Скрэббл has no tile: it is chosen on Эрудит's setup screen)."""
from __future__ import annotations

import pygame

from game import art
from game import rules
from game.scenes.base import ACCENT


def _tile(game_id: str, letter: str, size: int) -> pygame.Surface:
    return art.letter_tile(letter, rules.load(game_id).points.get(letter.lower(), 0), size)


def paint_menu_picture(canvas: pygame.Surface, game_id: str) -> None:
    if game_id == "slovodel":
        _paint_both_ways(canvas, game_id, "КОТ")
    else:
        _paint_crossing(canvas, game_id, "ЭРУ", "РОД")


def _paint_crossing(canvas: pygame.Surface, game_id: str, across: str, down: str) -> None:
    size = 30
    for i, letter in enumerate(across):
        canvas.blit(_tile(game_id, letter, size), (4 + i * (size + 2), 14))
    for i, letter in enumerate(down[1:], 1):
        canvas.blit(_tile(game_id, letter, size), (4 + size + 2, 14 + i * (size + 2)))


def _paint_both_ways(canvas: pygame.Surface, game_id: str, word: str) -> None:
    w, h = canvas.get_size()
    size = 32
    left = (w - len(word) * (size + 2)) // 2
    for i, letter in enumerate(word):
        canvas.blit(_tile(game_id, letter, size), (left + i * (size + 2), 20))
    y, x0, x1 = 20 + size + 18, left + 4, left + len(word) * (size + 2) - 6
    pygame.draw.line(canvas, ACCENT, (x0, y), (x1, y), 3)
    for tip, way in ((x0, 1), (x1, -1)):
        pygame.draw.polygon(canvas, ACCENT, [(tip, y), (tip + 10 * way, y - 7), (tip + 10 * way, y + 7)])
