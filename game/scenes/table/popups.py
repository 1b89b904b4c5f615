"""Texts rising over a table («+2», «Пропуск!», a word's score): where each starts, its rise and its fading."""
from __future__ import annotations

import pygame

from game import assets
from game.scenes.base import INK, mix, panel
from game.scenes.table.tween import Popup

POPUP_GAP = 4  # between popups stacked over one spot


def popup_box(p: Popup, k: float) -> pygame.Rect:
    """Where popup ``p`` stands at ``k`` of its life (0 new, 1 gone): its words on their backing."""
    label = assets.text(p.text, p.size, INK, "heading")  # the size of the words, whatever their colour
    return label.get_rect(center=(p.x, p.y - p.rise * k)).inflate(20, 2)


class PopupLayer:
    """The popups of one table (``TableScene.popups``): stepped together, gone when faded, drawn over the table."""

    def __init__(self) -> None:
        self.items: list[Popup] = []

    def add(self, made: Popup) -> None:
        """One that would start on a popup still rising («+2» and «Пропуск!» over one seat) starts right under where
        that one started: both rise alike, the older ahead, so they never meet."""
        box = popup_box(made, 0.0)
        crossed = True
        while crossed:
            crossed = False
            for other in (popup_box(p, 0.0) for p in self.items):
                if box.colliderect(other):
                    made.y += other.bottom + POPUP_GAP - box.top
                    box = popup_box(made, 0.0)
                    crossed = True
        self.items.append(made)

    def step(self, dt_ms: float) -> None:
        for p in self.items:
            p.tween.step(dt_ms)
        self.items = [p for p in self.items if not p.tween.done]

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        for p in self.items:
            k = p.tween.progress(alpha)
            opacity = int(255 * (1 - k) ** 0.7)
            # on a dark plate: bare, a popup in a card's or the felt's colour vanished into it; a deep colour
            # (the danger red) is lifted toward white to read on that plate
            colour = mix(p.color, INK, 0.4) if sum(p.color[:3]) < 420 else p.color
            label = assets.text(p.text, p.size, colour, "heading")
            box = popup_box(p, k)
            backing = panel(box.size, (10, 22, 20), (10, 22, 20), 0, 12)
            backing.set_alpha(round(opacity * 0.92))
            surface.blit(backing, box)
            backing.set_alpha(None)
            label.set_alpha(opacity)
            surface.blit(label, label.get_rect(center=box.center))

    def __bool__(self) -> bool:
        return bool(self.items)
