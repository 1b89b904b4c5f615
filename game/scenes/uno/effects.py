"""Moving things on the UNO table: flying cards, speech bubbles and flashes (its banners are the shared strip,
game.scenes.table.banner; the confetti of a won match is the shared cheer, game.scenes.table.cheer). All are advanced by the fixed simulation step and drawn with the interpolation factor."""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Callable

import pygame

from game.scenes.table.flight import Flight as FlightBase
from game.scenes.table.tween import Tween, ease_out_back, ease_out_cubic
from game.scenes.uno.layout import TABLE_CARD, Rotations, back, card

Pose = tuple[float, float, float, float]  # x, y, angle, scale


@dataclass
class Flight(FlightBase):
    """A card travelling across the table. ``face`` None: seen from the back all the way;
    ``flip``: starts as a back and turns face up halfway."""

    face: dict | None
    start: Pose
    end: Pose
    tween: Tween
    flip: bool = False
    arc: float = 40.0
    on_land: Callable[[], None] | None = None
    landed: bool = False

    def draw(self, surface: pygame.Surface, alpha: float, rotations: Rotations, colorblind: bool) -> None:
        if not self.tween.started:
            return
        x, y, angle, scale = self.point(alpha)
        k = self.tween.progress(alpha)
        face_up = self.face is not None and (not self.flip or k >= 0.5)
        source = card(self.face["colour"], self.face["value"], TABLE_CARD, colorblind) if face_up else back(TABLE_CARD)
        if self.flip and 0.2 < k < 0.8:
            # the turn-over: squeeze the card to its edge and open it again on the other side
            squeeze = abs(math.cos((k - 0.2) / 0.6 * math.pi))
            w = max(2, round(TABLE_CARD[0] * scale * squeeze))
            h = round(TABLE_CARD[1] * scale)
            picture = pygame.transform.scale(source, (w, h))
        else:
            key = ("face", self.face["colour"], self.face["value"], colorblind) if face_up else ("back",)
            picture = rotations.get(key, source, angle, scale, step=3.0)
        # the shadow falls further the higher the card flies; a flat ellipse is cheap to draw
        drop = 4 + 10 * math.sin(k * math.pi)
        r = picture.get_rect(center=(round(x + drop), round(y + drop)))
        pygame.draw.ellipse(surface, (8, 30, 18), r.inflate(-r.width * 0.35, -r.height * 0.75).move(0, r.height * 0.3))
        surface.blit(picture, picture.get_rect(center=(round(x), round(y))))


@dataclass
class Bubble:
    """A speech bubble over a seat (emotes, «Пас», «Готов!»)."""

    seat: int
    text: str
    color: tuple = (30, 30, 30)
    tween: Tween = field(default_factory=lambda: Tween((0.0,), (1.0,), 1600.0, lambda t: t))


@dataclass
class Mark:
    """A symbol that pops over a seat: ``skip`` (crossed circle), ``plus`` (a +N chip), ``star``."""

    seat: int
    kind: str
    text: str = ""
    tween: Tween = field(default_factory=lambda: Tween((0.0,), (1.0,), 1200.0, lambda t: t))

    def scale(self, alpha: float) -> float:
        t = self.tween.progress(alpha)
        grow = ease_out_back(min(1.0, t / 0.3))
        return grow

    def opacity(self, alpha: float) -> float:
        t = self.tween.progress(alpha)
        return 1.0 if t < 0.7 else max(0.0, 1 - (t - 0.7) / 0.3)


@dataclass
class Flash:
    """A soft burst of light (colour chosen, skip, +N) fading out."""

    color: tuple
    pos: tuple[float, float]
    radius: int = 200
    tween: Tween = field(default_factory=lambda: Tween((0.0,), (1.0,), 650.0, ease_out_cubic))
