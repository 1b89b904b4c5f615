"""The «Нет слов» results between the games of a series and at its end: fewer penalty points are better, so the
players stand from the fewest up, the winners in the accent."""
from __future__ import annotations

from typing import Callable

import pygame

from game.scenes.base import ACCENT, WIDTH
from game.scenes.table.results import ResultRow, ResultsLook, draw_results_panel

# lower is better here: the winners' rows in the accent, totals as plainly as the names
RESULTS_LOOK = ResultsLook(width=560, row_h=34, fill=(12, 28, 26), winner_color=ACCENT, name_size=20, name_x=40,
                           total_size=20)


def draw_results(surface: pygame.Surface, v: dict, me: int, name: Callable[[int], str], foot: str) -> None:
    final = v["phase"] == "over"
    winners = v.get("winners") or [s for s, p in enumerate(v["history"][-1])
                                    if p == min(v["history"][-1])] if v["history"] else []
    if final:
        title = "Вы победили!" if me in winners and len(winners) == 1 else (
            "Победа поровну!" if me in winners else "Игра окончена")
    else:
        title = f"Партия {v['game_no']} окончена"
    reason = "10 чёрных букв в отбое" if v.get("end_reason") == "ten" else "колода кончилась"
    last = v["history"][-1] if v["history"] else v["scores"]
    rows = [ResultRow(name(seat),
                      f"{last[seat]}" + (f" · всего {v['totals'][seat]}" if v.get("series", 1) > 1 else ""),
                      winner=seat in winners)
            for seat in sorted(range(v["players"]), key=lambda s: (v["totals"][s], s))]
    # between the seats' plates and your hand, six rows and the foot too
    draw_results_panel(surface, (WIDTH // 2, 338), title, rows, RESULTS_LOOK,
                       subtitle=reason + (" · меньше очков — лучше" if final else " · скоро следующая партия"),
                       foot=foot)
