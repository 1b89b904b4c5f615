"""The board of the table: its squares and standing tiles as one kept layer (the last move, a word waiting for its
verdict and the tiles picked to take off outlined), the cursor that letters and the pad lay at, the squares shown
empty while a tile flies to them, and the tiles picked in a phase whose turn is picking tiles off the board."""
from __future__ import annotations

import math
from collections import Counter
from functools import lru_cache

import pygame

from game.scenes.base import ACCENT, DANGER, INK_DIM, mix
from game.scenes.board.layout import (CELL, FRAME, LAST_MOVE, PENDING, SIZE, Cell, board_background, board_picture,
                                      cell_rect, premium_square)


class InAir(Counter):
    """What tiles in the air fly to (squares, rack tiles), each counted until its last tile lands: till then it shows
    empty."""

    def land(self, key) -> None:
        self[key] -= 1
        if self[key] <= 0:
            del self[key]


class Board:
    def __init__(self, scene):
        self.scene = scene
        self.cursor: Cell = (7, 7)
        self.across = True
        self.picked: list[Cell] = []  # the tiles picked to take off the board
        self.in_air: InAir = InAir()  # squares a tile still flies to

    def tile(self, cell: Cell) -> dict | None:
        view = self.scene.view
        return view["board"][cell[0]][cell[1]] if view else None

    def free(self, cell: Cell) -> bool:
        """Nothing stands on ``cell``, laid or played."""
        return not self.tile(cell) and cell not in self.scene.rack.placed

    # ---- the cursor
    def advance(self) -> None:
        """The cursor to the next free square in its direction."""
        r, c = self.cursor
        dr, dc = (0, 1) if self.across else (1, 0)
        while True:
            r, c = r + dr, c + dc
            if not (0 <= r < SIZE and 0 <= c < SIZE):
                return
            if self.free((r, c)):
                self.cursor = (r, c)
                return

    def step_back(self) -> None:
        r, c = self.cursor
        dr, dc = (0, 1) if self.across else (1, 0)
        if 0 <= r - dr < SIZE and 0 <= c - dc < SIZE:
            self.cursor = (r - dr, c - dc)

    def turn(self) -> None:
        self.across = not self.across
        self.scene.app.play_sound("menu_move")

    # ---- tiles picked to take off
    def toggle_pick(self, cell: Cell) -> None:
        if not self.tile(cell):
            return
        if cell in self.picked:
            self.picked.remove(cell)
        elif len(self.picked) < self.scene.pick().most:
            self.picked.append(cell)
        self.scene.app.play_sound("menu_move")

    def drop_stale_picks(self) -> None:
        """Picks count only in the phase that takes them."""
        if self.picked and self.scene.pick() is None:
            self.picked = []

    # ---- drawing
    def layer(self) -> pygame.Surface:
        """The board with every standing tile, redrawn only when they or the highlights change."""
        key = self.key()
        return self.scene.kept.get("board", key, lambda: self.paint(None, key), lambda layer, _: self.paint(layer, key))

    def key(self) -> tuple:
        """Everything the board layer paints: the squares, each standing tile's face, the
        outlines of the last move, of a word waiting for its check and of tiles picked to remove."""
        return (*self.scene.view_drawing()["board"], tuple(self.picked))

    @staticmethod
    def paint(layer: pygame.Surface | None, key: tuple) -> pygame.Surface:
        premiums, tiles, last_cells, pending, picked = key
        background = board_background(premiums)
        if layer is None:
            layer = background.copy()
        else:  # one surface reused: a fresh copy a move costs page faults
            layer.blit(background, (0, 0))
        ox, oy = FRAME.left, FRAME.top
        for r, c, letter, points, blank in tiles:
            picture = board_picture({"letter": letter, "points": points, "blank": blank})
            layer.blit(picture, cell_rect(r, c).move(-ox, -oy).move(1, 1))
        for cells, colour, width in ((last_cells, LAST_MOVE, 2), (pending, PENDING, 3), (picked, DANGER, 3)):
            for r, c in cells:
                pygame.draw.rect(layer, colour, cell_rect(r, c).move(-ox, -oy).inflate(-1, -1), width, border_radius=6)
        return layer

    def draw_in_air(self, surface: pygame.Surface, shake: int) -> None:
        """Tiles still in the air: their squares show empty until they land."""
        layout = self.scene.view["premiums"]
        for r, c in self.in_air:
            surface.blit(premium_square(layout[r][c]), cell_rect(r, c).move(shake, 0))

    def draw_cursor(self, surface: pygame.Surface, alpha: float, shake: int) -> None:
        scene = self.scene
        if scene.over or scene.dialog or scene.watching() or scene.replaying:
            return
        rect = cell_rect(*self.cursor).move(shake, 0)
        on_board = scene.zone == "board"
        pulse = 0.5 + 0.5 * math.sin(scene.age / 220.0)
        colour = mix(ACCENT, (255, 255, 255), pulse * 0.7, 6) if on_board else INK_DIM
        if on_board and self.free(self.cursor):
            surface.blit(_cursor_fill(), rect)
        pygame.draw.rect(surface, (20, 20, 20), rect.inflate(6, 6), 2, border_radius=9)
        pygame.draw.rect(surface, colour, rect.inflate(4, 4), 4, border_radius=8)
        if scene.pick() is not None:
            return  # no direction: nothing is laid
        cx, cy = rect.center
        if self.across:
            pts = [(rect.right + 2, cy - 9), (rect.right + 13, cy), (rect.right + 2, cy + 9)]
        else:
            pts = [(cx - 9, rect.bottom + 2), (cx, rect.bottom + 13), (cx + 9, rect.bottom + 2)]
        pygame.draw.polygon(surface, colour, pts)
        pygame.draw.polygon(surface, (20, 20, 20), pts, 2)


@lru_cache(maxsize=1)
def _cursor_fill() -> pygame.Surface:
    fill = pygame.Surface((CELL, CELL), pygame.SRCALPHA)
    fill.fill((*ACCENT, 90))
    return fill
