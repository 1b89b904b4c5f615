"""Moving things on the UNO table: flying cards, speech bubbles, marks over the seats and flashes (its banners are
the shared strip, game.scenes.table.banner; the confetti of a won match is the shared cheer,
game.scenes.table.cheer). All are advanced by the fixed simulation step and drawn with the interpolation factor."""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Callable

import pygame

from game import assets
from game.scenes.base import mix, panel
from game.scenes.table.flight import Flight as FlightBase
from game.scenes.table.tween import Tween, ease_out_back, ease_out_cubic
from game.scenes.uno.layout import TABLE_CARD, Rotations, back, card, glow

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


Anchor = Callable[[int], tuple[float, float]]  # where things about a seat appear (``UnoScene.seat_anchor``)


class SeatEffects:
    """The bubbles, marks and flashes over the seats, each gone when its tween ends; a seat speaks one bubble at a
    time."""

    def __init__(self) -> None:
        self.bubbles: list[Bubble] = []
        self.marks: list[Mark] = []
        self.flashes: list[Flash] = []

    def hush(self, seat: int) -> None:
        """The seat's bubble gives way (to a popup rising over the seat)."""
        self.bubbles = [b for b in self.bubbles if b.seat != seat]

    def bubble(self, seat: int, text: str) -> None:
        self.hush(seat)
        self.bubbles.append(Bubble(seat, text))

    def mark(self, seat: int, kind: str, text: str = "") -> None:
        self.marks.append(Mark(seat, kind, text))

    def flash(self, colour: tuple, pos: tuple[float, float], radius: int) -> None:
        self.flashes.append(Flash(colour, pos, radius))

    def unmark(self, seat: int, kind: str) -> None:
        self.marks = [m for m in self.marks if not (m.seat == seat and m.kind == kind)]

    def step(self, dt_ms: float) -> None:
        for group in (self.bubbles, self.marks, self.flashes):
            for item in group:
                item.tween.step(dt_ms)
        self.bubbles = [b for b in self.bubbles if not b.tween.done]
        self.marks = [m for m in self.marks if not m.tween.done]
        self.flashes = [f for f in self.flashes if not f.tween.done]

    def draw_flashes(self, surface: pygame.Surface, alpha: float) -> None:
        for flash in self.flashes:
            k = flash.tween.progress(alpha)
            light = glow(flash.color, flash.radius, 200)
            light.set_alpha(round(255 * (1 - k)))
            surface.blit(light, light.get_rect(center=(round(flash.pos[0]), round(flash.pos[1]))))
            light.set_alpha(None)

    def draw_marks(self, surface: pygame.Surface, anchor: Anchor) -> None:
        for mark in self.marks:
            x, y = anchor(mark.seat)
            y += 14
            scale = mark.scale(1.0)
            opacity = mark.opacity(1.0)
            if opacity <= 0:
                continue
            r = max(2, round(26 * scale))
            if mark.kind == "skip":
                colour = mix((40, 20, 20), (230, 60, 50), opacity)
                pygame.draw.circle(surface, colour, (round(x), round(y)), r, max(2, r // 4))
                d = r * 0.7
                pygame.draw.line(surface, colour, (x - d, y + d), (x + d, y - d), max(2, r // 4))
            else:
                colour = (200, 40, 40) if mark.kind == "plus" else (220, 170, 40)
                ink = (255, 255, 255) if mark.kind == "plus" else (30, 30, 30)  # white on the gold star read 2:1
                label = assets.text(mark.text, max(8, round(24 * scale)), ink, "heading")
                box = label.get_rect(center=(round(x), round(y))).inflate(16, 6)
                surface.blit(panel(box.size, colour, (255, 255, 255), 2, 12), box)
                surface.blit(label, label.get_rect(center=box.center))

    def draw_bubbles(self, surface: pygame.Surface, alpha: float, anchor: Anchor) -> None:
        for b in self.bubbles:
            t = b.tween.progress(alpha)
            opacity = min(1.0, t / 0.1, (1 - t) / 0.2)
            if opacity <= 0:
                continue
            x, y = anchor(b.seat)
            y -= 26 + 8 * ease_out_back(min(1.0, t / 0.15))
            label = assets.text(b.text, 16, (30, 30, 30), "bold")
            box = label.get_rect(center=(round(x), round(y))).inflate(18, 8)
            box.clamp_ip(surface.get_rect())
            bubble = panel(box.size, (250, 248, 240), (120, 120, 120), 1, 12)
            bubble.set_alpha(round(255 * opacity))
            surface.blit(bubble, box)
            bubble.set_alpha(None)
            pygame.draw.polygon(surface, (250, 248, 240), [(box.centerx - 6, box.bottom - 1),
                                                            (box.centerx + 6, box.bottom - 1),
                                                            (box.centerx, box.bottom + 7)])
            label.set_alpha(round(255 * opacity))
            surface.blit(label, label.get_rect(center=box.center))
            label.set_alpha(None)
