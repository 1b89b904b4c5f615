"""Your corner of the «Нет слов» table: your penalty pile (a watcher's corner in its place, saying who leads) and the
big «Не говори!» button, lit and pulsing while you may name a word."""
from __future__ import annotations

import math
from typing import Callable

import pygame

from game import assets
from game.scenes.base import ACCENT, DISABLED, INK, INK_DIM, PANEL_EDGE, fitted_text, panel
from game.scenes.nowords.cards import card_image
from game.scenes.nowords.layout import MY_PILE, PLATE_FILL, SHOUT


def draw_my_pile(surface: pygame.Surface, v: dict, me: int) -> None:
    """Your penalty letters so far against the losing count (and the series' total), over your plate."""
    total = v["totals"][me] + (v["scores"][me] if v["phase"] not in ("between", "over") else 0)
    info = f"личный отбой · {v['scores'][me]} из {v.get('losing_letters', 10)}"
    if v.get("series", 1) > 1:
        info += f" · серия {total}"
    surface.blit(fitted_text(info, 15, INK_DIM, "text", MY_PILE.right - 12 - (MY_PILE.x + 80)),
                 (MY_PILE.x + 80, MY_PILE.y + 44))  # «· серия N» in large text ran out of the panel
    pile = v["discards"][me]
    step = min(28, (MY_PILE.w - 60) // max(1, len(pile)))
    for k, c in enumerate(pile):
        img = card_image(c["letter"], False, (34, 48), (k * 53 % 11) - 5)
        surface.blit(img, (MY_PILE.x + 12 + k * step, MY_PILE.y + 96))
    if not pile:
        surface.blit(assets.text("пока чисто — так держать", 15, INK_DIM), (MY_PILE.x + 16, MY_PILE.y + 120))


def draw_watching(surface: pygame.Surface, v: dict, name: Callable[[int], str]) -> None:
    """A watcher's corner, where a player's own pile stands (when no join card or seat offer covers it): what it
    is doing and who has the fewest penalty letters."""
    room = MY_PILE.width - 32
    surface.blit(panel(MY_PILE.size, PLATE_FILL, PANEL_EDGE, 1, 16), MY_PILE)
    surface.blit(fitted_text("Вы смотрите игру", 24, ACCENT, "heading", room), (MY_PILE.x + 16, MY_PILE.y + 16))
    fewest = min(v["scores"], default=0)
    leaders = ", ".join(name(seat) for seat, points in enumerate(v["scores"]) if points == fewest)
    y = MY_PILE.y + 16 + round(44 * assets.text_scale)
    surface.blit(fitted_text("Меньше всех штрафа:", 16, INK_DIM, "text", room), (MY_PILE.x + 16, y))
    surface.blit(fitted_text(leaders, 18, INK, "bold", room), (MY_PILE.x + 16, y + round(26 * assets.text_scale)))


class ShoutButton:
    def __init__(self) -> None:
        self.hover = 0.0  # how lit the button is: eases toward 1 while a word may be named

    def step(self, dt_ms: float, able: bool) -> None:
        target = 1.0 if able else 0.0
        self.hover += (target - self.hover) * min(1.0, dt_ms / 120)

    def draw(self, surface: pygame.Surface, focused: bool, able: bool, clock: float, tip: str) -> None:
        k = self.hover
        pulse = round(3 + 3 * math.sin(clock / 260)) / 6 if able else 0  # a few steps: panels are cached
        fill = (round(150 + 60 * round(k * 4) / 4 + 20 * pulse), 34, 40) if able else (36, 32, 34)
        edge = ACCENT if focused else ((255, 210, 210) if able else (110, 100, 100))
        surface.blit(panel(SHOUT.size, fill, edge, 4 if focused else 2, 30), SHOUT)
        title = assets.text("Не говори!", 40, (255, 255, 255) if able else DISABLED, "heading")  # the app's inactive ink
        surface.blit(title, title.get_rect(center=(SHOUT.centerx, SHOUT.centery - 12)))
        t = assets.text(tip, 14, (255, 255, 255) if able else DISABLED)  # pink on the lit red read 3.9:1
        surface.blit(t, t.get_rect(center=(SHOUT.centerx, SHOUT.bottom - 22)))
