"""The pause menu over a table (Esc during a game)."""
from __future__ import annotations

import pygame

from game import assets
from game.input import Intent
from game.scenes.base import ACCENT, DANGER, HEIGHT, PANEL, PANEL_EDGE, WIDTH, FocusGroup, Scene, Widget, panel


class PauseOverlay(Scene):
    """Esc during a game: continue or leave to the menu."""

    opaque = False

    def __init__(self, online: bool = True, stops_the_table: bool = False):
        self.online = online  # only a network game goes on on other screens while this one is paused
        self.stops_the_table = stops_the_table  # the table's clock stops for everyone until «Продолжить»

    def enter(self) -> None:
        self.group = FocusGroup()
        self.group.add(Widget(pygame.Rect(WIDTH // 2 - 180, 300, 360, 64), "Продолжить", on_confirm=self.app.pop))
        self.group.add(Widget(pygame.Rect(WIDTH // 2 - 180, 380, 360, 64), "Выйти в меню", on_confirm=self.leave))

    def leave(self) -> None:
        self.app.pop()  # this overlay
        self.app.pop()  # the table

    def handle(self, intent: Intent) -> None:
        if intent.name in ("back", "menu"):
            self.app.pop()
            return
        self.group.handle(intent)

    def update(self, dt_ms: float) -> None:
        self.group.update(dt_ms)

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        shade = pygame.Surface((WIDTH, HEIGHT), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 190))  # at 150 a bright table (Нет слов' cards, the board) left «Пауза» at 3.4:1
        surface.blit(shade, (0, 0))
        title = assets.text("Пауза", 48, ACCENT, "heading")
        words = [(title, title.get_rect(center=(WIDTH // 2, 220)))]
        if self.stops_the_table:
            note = assets.text("Часы и игра стоят у всех, пока вы не продолжите", 18, ACCENT)
            words.append((note, note.get_rect(center=(WIDTH // 2, 262))))
        elif self.online:
            note = assets.text("Игра по сети не ждёт: пауза только у вас", 18, DANGER)
            words.append((note, note.get_rect(center=(WIDTH // 2, 262))))
        # its own panel: through the bare shade a table's results (their title, their rows) read around the words
        box = words[0][1].unionall([rect for _, rect in words] + [w.rect for w in self.group.widgets]).inflate(64, 48)
        surface.blit(panel(box.size, PANEL, PANEL_EDGE, 2, 18), box)
        for label, rect in words:
            surface.blit(label, rect)
        self.group.draw(surface)
