"""What moves on the «Нет слов» table: cards in flight (laid, drawn, taken, swept away) and the word just taken, its
letters lit one by one over the conversation. Both are advanced by the fixed step and drawn with the interpolation
factor; the banners are the shared strip and the confetti the shared cheer."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

import pygame

from game.scenes.base import ACCENT
from game.scenes.nowords.cards import card_image, number_dot
from game.scenes.nowords.layout import TALK
from game.scenes.table.flight import Flight
from game.scenes.table.tween import Tween, ease_out_back


@dataclass
class CardFlight(Flight):
    """A card moving across the table (laid, taken, swept away), turning from the start's angle to the end's;
    with ``glow`` it waits lit where it lay before it leaves, so a taken word lights up letter by letter, each card
    with its ``number`` in the word."""

    letter: str
    red: bool
    start: tuple[float, float, float]
    end: tuple[float, float, float]
    size: tuple[int, int]
    tween: Tween
    end_size: tuple[int, int] | None = None
    glow: tuple | None = None
    number: int = 0
    card_id: str = ""
    arc: float = 40.0
    on_land: Callable[[], None] | None = None
    landed: bool = False

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        t = self.tween
        if not t.started:
            if self.glow is not None:  # waiting its turn, lit, where it lay
                lit = t.elapsed > t.delay_ms - 380 and self.number
                img = card_image(self.letter, self.red, self.size, self.start[2], self.glow if lit else None)
                surface.blit(img, img.get_rect(center=self.start[:2]))
                if lit:
                    number_dot(surface, self.number, *self.start[:2])
            return
        x, y, angle = self.point(alpha)
        size = self.end_size if self.end_size is not None and t.progress(alpha) > 0.5 else self.size
        img = card_image(self.letter, self.red, size, angle)
        surface.blit(img, img.get_rect(center=(x, y)))


@dataclass
class WordShow:
    """The last word taken, over the top of the conversation: its letters pop up one by one as the taken cards
    light up, then the whole word fades."""

    word: str
    reds: list[bool]
    age: float = 0.0

    def step(self, dt_ms: float) -> bool:
        """False once it has faded away."""
        self.age += dt_ms
        return self.age <= 4200 + 260 * len(self.word)

    def draw(self, surface: pygame.Surface) -> None:
        word, reds, age = self.word, self.reds, self.age
        size = 42
        total = len(word) * (size + 6)
        x0 = TALK.centerx - total / 2
        y = TALK.y + 4
        fade = max(0.0, min(1.0, (4200 + 260 * len(word) - age) / 500))
        for i, ch in enumerate(word):
            lit_at = 400 + 260 * i - 380
            k = max(0.0, min(1.0, (age - lit_at) / 220))
            if k <= 0:
                continue
            tile = card_image(ch, reds[i] if i < len(reds) else False, (size, round(size * 1.36)), 0,
                              ACCENT if k >= 1 else None)
            scale = ease_out_back(k)
            img = pygame.transform.smoothscale_by(tile, max(0.05, scale)) if scale < 0.99 else tile
            if fade < 1:
                img = img.copy()
                img.set_alpha(round(255 * fade))
            surface.blit(img, img.get_rect(center=(x0 + i * (size + 6) + size / 2, y)))
