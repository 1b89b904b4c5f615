"""The winning moment every table ends with: confetti over the table and fireworks bursting with their crackle.

``TableScene`` starts it when the event its table names in ``GAME_OVER_EVENT`` arrives (UNO's «match_over», the
board games' «game_ended»…), steps it with the fixed simulation step, plays the sounds it asks for and draws it over
the table. A win at this screen gets the whole cheer; a win of someone else, a lighter shower for them.
Everything moves from a seeded generator: two screens of the same end show the same cheer.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from game.rules.base import Rng
from game.scenes.base import HEIGHT, WIDTH

PAPER = ((222, 44, 44), (246, 196, 20), (36, 158, 72), (28, 106, 204), (250, 250, 250), (240, 120, 200))
STEP_MS = 1000 / 60  # the speeds below are in pixels per 60 Hz step


class Confetti:
    """Paper bits falling and turning."""

    COLORS = PAPER

    def __init__(self, seed: int = 1):
        self.rng = Rng(seed)
        self.bits: list[list[float]] = []  # x, y, vx, vy, phase, spin, colour index, size
        self.spawn_ms = 0.0
        self.per_step = 3

    def burst(self, ms: float = 3500.0, count: int = 90, per_step: int = 3) -> None:
        self.spawn_ms = ms
        self.per_step = per_step
        for _ in range(count):
            self._add(self.rng.below(WIDTH), -self.rng.below(150))

    def _add(self, x: float, y: float) -> None:
        r = self.rng
        self.bits.append([x, y, (r.random() - 0.5) * 2.2, 2.4 + r.random() * 2.4, r.random() * 6.28,
                          0.08 + r.random() * 0.2, r.below(len(self.COLORS)), 5 + r.below(6)])

    @property
    def active(self) -> bool:
        return bool(self.bits) or self.spawn_ms > 0

    def step(self, dt_ms: float) -> None:
        if self.spawn_ms > 0:
            self.spawn_ms -= dt_ms
            for _ in range(self.per_step):
                self._add(self.rng.below(WIDTH), -10)
        k = dt_ms / STEP_MS
        for b in self.bits:
            b[0] += (b[2] + math.sin(b[4]) * 0.8) * k
            b[1] += b[3] * k
            b[4] += b[5] * k
        self.bits = [b for b in self.bits if b[1] < HEIGHT + 20]

    def draw(self, surface: pygame.Surface) -> None:
        for x, y, _, _, phase, _, ci, size in self.bits:
            w = max(1, round(size * abs(math.cos(phase))))
            pygame.draw.rect(surface, self.COLORS[int(ci)], (round(x), round(y), w, round(size * 0.6) + 2))


@dataclass
class Spark:
    x: float
    y: float
    vx: float
    vy: float
    colour: tuple
    age_ms: float = 0.0


class Fireworks:
    """Rockets of sparks that open in the upper half of the screen one after another, each with a crackle."""

    SPARK_MS = 1100.0
    GRAVITY = 0.06  # pixels per step², so the sparks droop as they fade

    def __init__(self, rng: Rng):
        self.rng = rng
        self.due: list[float] = []  # when each burst still to come opens, ms from the start
        self.clock_ms = 0.0
        self.sparks: list[Spark] = []

    def launch(self, bursts: int, every_ms: float) -> None:
        self.clock_ms = 0.0
        self.due = [i * every_ms for i in range(bursts)]

    @property
    def active(self) -> bool:
        return bool(self.due or self.sparks)

    def step(self, dt_ms: float) -> list[tuple[str, float]]:
        """Move the sparks; the sounds of the bursts that opened in this step, with their pan (−1 left … 1 right)."""
        self.clock_ms += dt_ms
        sounds = []
        while self.due and self.due[0] <= self.clock_ms:
            self.due.pop(0)
            x = WIDTH * (0.15 + 0.7 * self.rng.random())
            y = HEIGHT * (0.12 + 0.3 * self.rng.random())
            colour = PAPER[self.rng.below(len(PAPER))]
            count = 26
            for i in range(count):
                angle = 2 * math.pi * i / count + self.rng.random() * 0.2
                speed = 2.6 + self.rng.random() * 1.6
                self.sparks.append(Spark(x, y, math.cos(angle) * speed, math.sin(angle) * speed, colour))
            sounds.append(("score_tick", 2 * x / WIDTH - 1))
        k = dt_ms / STEP_MS
        for s in self.sparks:
            s.age_ms += dt_ms
            s.x += s.vx * k
            s.y += s.vy * k
            s.vx *= 0.985 ** k
            s.vy = s.vy * 0.985 ** k + self.GRAVITY * k
        self.sparks = [s for s in self.sparks if s.age_ms < self.SPARK_MS]
        return sounds

    def draw(self, surface: pygame.Surface) -> None:
        for s in self.sparks:
            left = 1 - s.age_ms / self.SPARK_MS
            radius = max(1, round(4 * left))
            tail = (round(s.x - s.vx * 3), round(s.y - s.vy * 3))
            pygame.draw.line(surface, s.colour, tail, (round(s.x), round(s.y)), max(1, radius - 1))
            pygame.draw.circle(surface, (255, 250, 230) if left > 0.7 else s.colour, (round(s.x), round(s.y)), radius)


def winners_of(event: dict) -> list[int]:
    """The seats an end-of-game event names as winners (its own ``winners`` or its ``result``'s)."""
    return list(event.get("winners") or (event.get("result") or {}).get("winners") or ())


def ends_the_game(event: dict) -> bool:
    """An end event of one game of a series (Нет слов) that is not ``final`` leaves the cheer for the last one."""
    return bool(event.get("final", True))


class Cheer:
    def __init__(self, seed: int = 7):
        rng = Rng(seed)
        self.confetti = Confetti(seed)
        self.fireworks = Fireworks(rng)
        self.won = False

    def start(self, won: bool) -> None:
        """Begin the cheer (``won``: a seat of this screen won)."""
        self.won = won
        if won:
            self.confetti.burst(2000.0, 90, 3)
            self.fireworks.launch(5, 420.0)
        else:
            self.confetti.burst(1200.0, 30, 1)
            self.fireworks.launch(1, 0.0)

    @property
    def active(self) -> bool:
        return self.confetti.active or self.fireworks.active

    def step(self, dt_ms: float) -> list[tuple[str, float]]:
        """Advance one simulation step; the sounds (name, pan) that belong to it."""
        if not self.active:
            return []
        self.confetti.step(dt_ms)
        return self.fireworks.step(dt_ms)

    def draw(self, surface: pygame.Surface) -> None:
        if self.active:
            self.fireworks.draw(surface)
            self.confetti.draw(surface)
