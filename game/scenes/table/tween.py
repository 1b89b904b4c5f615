"""Tweens: values that move over time with easing, advanced by the fixed simulation step
and sampled with the render interpolation factor, so nothing jumps between frames."""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Callable

Easing = Callable[[float], float]


def linear(t: float) -> float:
    return t


def ease_out_cubic(t: float) -> float:
    return 1 - (1 - t) ** 3


def ease_in_out_cubic(t: float) -> float:
    return 4 * t * t * t if t < 0.5 else 1 - (-2 * t + 2) ** 3 / 2


def ease_out_back(t: float) -> float:
    c1 = 1.70158
    return 1 + (c1 + 1) * (t - 1) ** 3 + c1 * (t - 1) ** 2


@dataclass
class Tween:
    """Interpolates a tuple of floats from ``start`` to ``end`` over ``duration_ms``,
    after ``delay_ms``; ``on_done`` runs once when it arrives."""

    start: tuple[float, ...]
    end: tuple[float, ...]
    duration_ms: float
    easing: Easing = ease_out_cubic
    delay_ms: float = 0.0
    on_done: Callable[[], None] | None = None
    elapsed: float = 0.0
    _previous: float = 0.0
    done: bool = False

    def step(self, dt_ms: float) -> None:
        self._previous = self.elapsed
        self.elapsed += dt_ms
        if not self.done and self.elapsed >= self.delay_ms + self.duration_ms:
            self.done = True
            if self.on_done:
                self.on_done()

    def progress(self, alpha: float = 1.0) -> float:
        """Eased progress at the render moment between the last two steps."""
        t = self._previous + (self.elapsed - self._previous) * alpha - self.delay_ms
        if self.duration_ms <= 0:
            return 1.0 if t >= 0 else 0.0
        return self.easing(min(1.0, max(0.0, t / self.duration_ms)))

    def value(self, alpha: float = 1.0) -> tuple[float, ...]:
        k = self.progress(alpha)
        return tuple(a + (b - a) * k for a, b in zip(self.start, self.end))

    @property
    def started(self) -> bool:
        return self.elapsed >= self.delay_ms


@dataclass
class Shake:
    """A short decaying horizontal shake, for an invalid move."""

    duration_ms: float = 380.0
    amplitude: float = 12.0
    elapsed: float = 1e9
    _previous: float = 1e9

    def start(self) -> None:
        self.elapsed = self._previous = 0.0

    def step(self, dt_ms: float) -> None:
        self._previous = self.elapsed
        self.elapsed += dt_ms

    def offset(self, alpha: float = 1.0) -> float:
        t = self._previous + (self.elapsed - self._previous) * alpha
        if t >= self.duration_ms:
            return 0.0
        k = 1 - t / self.duration_ms
        return math.sin(t / 18.0) * self.amplitude * k


@dataclass
class Popup:
    """A rising, fading text (score pop-ups, «+2», «Пропуск!»), ``rise`` pixels up over its life."""

    text: str
    x: float
    y: float
    color: tuple[int, int, int]
    size: int = 36
    rise: float = 70.0
    tween: Tween = field(default_factory=lambda: Tween((0.0,), (1.0,), 1100.0, ease_out_cubic))
