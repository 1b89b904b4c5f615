"""What every game table scene shares: the line to the host, messages, sounds for events,
refusals shown with a shake, pop-ups, and the pause menu.

A game scene subclasses :class:`TableScene`, declares ``EVENT_SOUNDS`` (every event kind of
its game → a sound name from assets/sounds, a test checks the coverage), and implements
``on_event`` (start animations) and ``draw_table``. It sees only the view, the legal actions
and the events of its seat, as plain data: never the rules' state.
"""
from __future__ import annotations

from collections import deque

import pygame

from game import assets
from game.input import Intent
from game.scenes.base import ACCENT, DANGER, HEIGHT, INK, WIDTH, FocusGroup, Scene, Widget, draw_background
from game.scenes.tween import Animator, Popup, Shake


class TableScene(Scene):
    EVENT_SOUNDS: dict[str, str | None] = {}

    def __init__(self, connection, game_id: str, names: list[str]):
        self.conn = connection
        self.game_id = game_id
        self.names = names
        self.seat: int = connection.seat
        self.view: dict | None = None
        self.legal: list[dict] = []
        self.state_id = 0
        self.over = False
        self.animator = Animator()
        self.shake = Shake()
        self.popups: list[Popup] = []
        self.last_error = ""
        self.log: deque[str] = deque(maxlen=6)

    # ------------------------------------------------------------------ host line
    def send(self, action: dict) -> None:
        self.conn.send(action, pressed_ms=self.app.now_ms())

    def legal_of(self, kind: str) -> list[dict]:
        return [a for a in self.legal if a.get("kind") == kind]

    def can(self, kind: str) -> bool:
        return any(a.get("kind") == kind for a in self.legal)

    def pump(self) -> None:
        self.conn.pump()
        for message in self.conn.poll():
            kind = message.get("type")
            if kind == "update":
                self.state_id = message.get("state_id", self.state_id)
                previous = self.view
                self.view = message["view"]
                self.legal = message.get("legal", [])
                for event in message.get("events", []):
                    sound = self.event_sound(event)
                    if sound:
                        self.app.play_sound(sound)
                    self.on_event(event, previous)
                if message.get("over") and not self.over:
                    self.over = True
                    self.on_over()
            elif kind == "error":
                self.on_error(message.get("reason", "Так нельзя."))

    def event_sound(self, event: dict) -> str | None:
        """The sound of one event; subclasses may pick by who it concerns (your turn, your win)."""
        return self.EVENT_SOUNDS.get(event.get("kind"))

    def on_event(self, event: dict, previous_view: dict | None) -> None:
        """Start the animation of one event (subclasses)."""

    def on_error(self, reason: str) -> None:
        self.last_error = reason
        self.shake.start()
        self.app.play_sound("invalid")
        self.app.toast(reason, 3000)

    def on_over(self) -> None:
        """The game ended (subclasses show results)."""

    def popup(self, text: str, x: float, y: float, color=ACCENT, size: int = 36) -> None:
        self.popups.append(Popup(text, x, y, color, size))

    # ------------------------------------------------------------------ scene
    def handle(self, intent: Intent) -> None:
        if intent.name == "back" or intent.name == "menu":
            self.app.push(PauseOverlay())
            return
        self.handle_table(intent)

    def handle_table(self, intent: Intent) -> None: ...

    def update(self, dt_ms: float) -> None:
        self.pump()
        self.animator.step(dt_ms)
        self.shake.step(dt_ms)
        for p in self.popups:
            p.tween.step(dt_ms)
        self.popups = [p for p in self.popups if not p.tween.done]
        self.update_table(dt_ms)

    def update_table(self, dt_ms: float) -> None: ...

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        draw_background(surface)
        if self.view is None:
            label = assets.text("Раздаём…", 32, INK, "heading")
            surface.blit(label, label.get_rect(center=(WIDTH // 2, HEIGHT // 2)))
            return
        self.draw_table(surface, alpha)
        for p in self.popups:
            k = p.tween.progress(alpha)
            label = assets.text(p.text, p.size, p.color, "heading")
            label.set_alpha(int(255 * (1 - k) ** 0.7))
            surface.blit(label, label.get_rect(center=(p.x, p.y - 70 * k)))

    def draw_table(self, surface: pygame.Surface, alpha: float) -> None: ...

    def exit(self) -> None:
        self.conn.close()


class PauseOverlay(Scene):
    """Esc during a game: continue or leave to the menu."""

    opaque = False

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
        shade.fill((0, 0, 0, 150))
        surface.blit(shade, (0, 0))
        title = assets.text("Пауза", 48, ACCENT, "heading")
        surface.blit(title, title.get_rect(center=(WIDTH // 2, 220)))
        note = assets.text("Игра по сети не ждёт: пауза только у вас", 18, DANGER)
        surface.blit(note, note.get_rect(center=(WIDTH // 2, 262)))
        self.group.draw(surface)
