"""A minimal table for the toy game «Выше», so couch-play tests need no real game scene."""
from __future__ import annotations

import pygame

from game import assets
from game.scenes.base import INK, WIDTH
from game.scenes.table.scene import TableScene


class ToyTable(TableScene):
    EVENT_SOUNDS = {"played": "card_play", "took": "card_draw", "got_cards": None, "slapped": "slap"}

    def __init__(self, connection, game_id, names):
        super().__init__(connection, game_id, names)
        self.cursor = 0
        self.seat_changes: list[tuple[int, int]] = []

    def plays(self) -> list[dict]:
        return self.legal_of("play")

    def handle_table(self, intent) -> None:
        plays = self.plays()
        if intent.name in ("left", "right") and plays:
            self.cursor = (self.cursor + (1 if intent.name == "right" else -1)) % len(plays)
        elif intent.name == "confirm" and plays:
            self.send(plays[min(self.cursor, len(plays) - 1)])
        elif intent.name == "draw" and self.can("take"):
            self.send(self.legal_of("take")[0])
        elif intent.name == "slap" and self.can("slap"):
            self.send(self.legal_of("slap")[0])

    def on_seat_change(self, previous_seat: int) -> None:
        self.seat_changes.append((previous_seat, self.seat))
        self.cursor = 0

    def draw_table(self, surface, alpha) -> None:
        hand = " ".join(self.view["hand"])
        label = assets.text(hand, 24, INK)
        surface.blit(label, label.get_rect(center=(WIDTH // 2, 600)))
        pygame.draw.rect(surface, (200, 50, 50), (100, 600, 10, 10))


def create(connection, game_id, names):
    return ToyTable(connection, game_id, names)


def paint_menu_picture(canvas: pygame.Surface, game_id: str) -> None:
    """The toy's menu tile: a high card over a low one."""
    w, h = canvas.get_size()
    for i, number in enumerate(("3", "9")):
        card = pygame.Rect(0, 0, 44, 64)
        card.center = (w // 2 - 14 + 28 * i, h // 2 + 6 - 12 * i)
        pygame.draw.rect(canvas, (240, 236, 224), card, border_radius=6)
        label = assets.text(number, 30, (30, 30, 30), "heading")
        canvas.blit(label, label.get_rect(center=card.center))
