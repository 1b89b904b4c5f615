"""The «Твёрдый знак» results at the end of the game: the players from the most points down, each with the stars of
their bank and their bonus points (and the ten for the longest word), the winners starred."""
from __future__ import annotations

from typing import Callable

import pygame

from game.scenes.base import HEIGHT, WIDTH
from game.scenes.hardsign.cards import star_icon
from game.scenes.table.results import ResultRow, ResultsLook, draw_results_panel

RESULTS_LOOK = ResultsLook(width=800, fill=(10, 20, 28), detail_x=330)  # a name of 24 letters keeps 280 px


def draw_results(surface: pygame.Surface, v: dict, name: Callable[[int], str], foot: str) -> None:
    result = v.get("result") or {}
    scores = result.get("scores", v["scores"])
    rows = []
    for seat in sorted(range(v["players"]), key=lambda s: -scores[s]):
        winner = seat in result.get("winners", [])
        stars = result.get("bank_stars", [0] * v["players"])[seat]
        bonus = result.get("bonus_points", [0] * v["players"])[seat]
        longest = " + 10 за длинное" if result.get("longest") == seat else ""
        rows.append(ResultRow(name(seat), str(scores[seat]), f"звёзды {stars} + бонусы {bonus}{longest}",
                              winner, mark=star_icon(22) if winner else None))
    draw_results_panel(surface, (WIDTH // 2, HEIGHT // 2), "Итоги игры", rows, RESULTS_LOOK, foot=foot)
