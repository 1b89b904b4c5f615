"""The deal's clock at the «Твёрдый знак» table, as this window keeps it: the host names each stage's length, the
window counts it down from the moment it saw the stage begin; red in the last five seconds and for a moment when
the time ran out, with a warning once as the last five seconds begin."""
from __future__ import annotations

import pygame

from game.scenes.base import ACCENT, DANGER, GOOD, INK, fitted_text, mix
from game.scenes.hardsign.layout import CENTER

WARN_MS = 5000.0  # the last seconds of a stage, in red


class RoundTimer:
    def __init__(self) -> None:
        self.clock = 0.0  # the window's own time since the table opened
        self.stage_seen: tuple = ()
        self.stage_local_ms = 0.0  # the window's time when it saw the stage begin
        self.warned = False  # the last seconds of this stage have begun
        self.flash_ms = 0.0  # red for a moment after the time ran out

    def step(self, dt_ms: float, v: dict | None) -> bool:
        """Advance the clock: True when the last seconds of a race have just begun."""
        self.clock += dt_ms
        self.flash_ms = max(0.0, self.flash_ms - dt_ms)
        if v is None:
            return False
        stage = (v.get("round"), v.get("stage_started_ms"), v.get("deadline_ms"), v.get("phase"))
        if stage != self.stage_seen:
            self.stage_seen = stage
            self.stage_local_ms = self.clock
            self.warned = False
        left = self.left(v)
        if left is not None and left < WARN_MS and not self.warned and v.get("phase") == "race":
            self.warned = True
            return True
        return False

    def left(self, v: dict | None) -> float | None:
        if v is None or v.get("deadline_ms") is None:
            return None
        total = v["deadline_ms"] - v["stage_started_ms"]
        return max(0.0, total - (self.clock - self.stage_local_ms))

    def draw(self, surface: pygame.Surface, v: dict) -> None:
        """The bar along the bottom of the table letters' panel, and the seconds left beside it."""
        left = self.left(v)
        if left is None:
            return
        total = max(1, v["deadline_ms"] - v["stage_started_ms"])
        bar = pygame.Rect(CENTER.x + 120, CENTER.bottom - 22, CENTER.w - 140, 10)
        pygame.draw.rect(surface, (30, 40, 48), bar, border_radius=5)
        k = left / total
        color = DANGER if left < WARN_MS or self.flash_ms > 0 else (ACCENT if left < 15000 else GOOD)
        pygame.draw.rect(surface, color, pygame.Rect(bar.x, bar.y, max(6, round(bar.w * k)), bar.h), border_radius=5)
        if v["phase"] == "race":
            what = "на ответ" if v["answer_stage"] else "на слово"
        else:
            what = "до новой раздачи"
        label = fitted_text(f"{int(left // 1000) + 1} с {what}", 15, mix(color, INK, 0.4), "bold",  # the bar keeps the hue
                            bar.x - 10 - CENTER.x - 12)  # inside the centre panel, large text too
        surface.blit(label, label.get_rect(midright=(bar.x - 10, bar.centery)))
