"""The flight layer: cards and tiles flying across a table (dealt, played, taken, swept away).

Every table keeps its flights in one :class:`FlightLayer` (``TableScene.flights``), stepped with the scene. A flight
knows where it is at the render moment (``point``: along a straight line, lifted by ``arc`` in the middle) and runs
``on_land`` once when it arrives; what it looks like is the game's (a subclass's ``draw``), or a ready picture
(:class:`PictureFlight`).
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Callable, Iterator

import pygame

from game.scenes.table.tween import Tween


class Flight:
    """A thing carried by ``self.tween`` from ``start`` to ``end`` (tuples whose first two values are x and y; any
    further ones, an angle or a scale, move along). The using dataclass declares the fields: ``start``, ``end``,
    ``tween``, ``arc``, ``on_land`` and ``landed``."""

    start: tuple[float, ...]
    end: tuple[float, ...]
    tween: Tween
    arc: float
    on_land: Callable[[], None] | None
    landed: bool

    def step(self, dt_ms: float) -> None:
        self.tween.step(dt_ms)
        if self.tween.done and not self.landed:
            self.landed = True
            if self.on_land:
                self.on_land()

    def point(self, alpha: float) -> tuple[float, ...]:
        """Where it is at the render moment: every value of ``start`` moved toward ``end``, y lifted by the arc."""
        k = self.tween.progress(alpha)
        values = [a + (b - a) * k for a, b in zip(self.start, self.end)]
        values[1] -= math.sin(k * math.pi) * self.arc
        return tuple(values)

    def draw(self, surface: pygame.Surface, alpha: float) -> None: ...


_shadows: dict[int, pygame.Surface] = {}


def shadow_of(size: int) -> pygame.Surface:
    """A soft square shadow under a tile or card of this width, made once per size."""
    if size not in _shadows:
        s = pygame.Surface((size, size), pygame.SRCALPHA)
        pygame.draw.rect(s, (0, 0, 0, 70), s.get_rect(), border_radius=size // 6)
        _shadows[size] = s
    return _shadows[size]


@dataclass
class PictureFlight(Flight):
    """A ready picture in flight; with ``shadow`` it casts one that falls further the higher it flies."""

    picture: pygame.Surface
    start: tuple[float, ...]
    end: tuple[float, ...]
    tween: Tween
    arc: float = 0.0
    on_land: Callable[[], None] | None = None
    landed: bool = False
    shadow: bool = False

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        if not self.tween.started:
            return
        x, y = self.point(alpha)[:2]
        r = self.picture.get_rect(center=(round(x), round(y)))
        if self.shadow:
            lift = math.sin(self.tween.progress(alpha) * math.pi)
            surface.blit(shadow_of(r.width), r.move(3 + 6 * lift, 5 + 8 * lift))
        surface.blit(self.picture, r)


class FlightLayer:
    """The flights of one table: stepped together, the landed ones gone, drawn where the table wants them."""

    def __init__(self) -> None:
        self.items: list[Flight] = []

    def add(self, flight: Flight) -> Flight:
        self.items.append(flight)
        return flight

    def step(self, dt_ms: float) -> None:
        for flight in list(self.items):  # a landing may start another flight
            flight.step(dt_ms)
        self.items = [f for f in self.items if not f.landed]

    def draw(self, surface: pygame.Surface, alpha: float, *how) -> None:
        for flight in self.items:
            flight.draw(surface, alpha, *how)

    def clear(self) -> None:
        self.items.clear()

    def __iter__(self) -> Iterator[Flight]:
        return iter(self.items)

    def __bool__(self) -> bool:
        return bool(self.items)

    def __len__(self) -> int:
        return len(self.items)
