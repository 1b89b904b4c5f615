"""Geometry and pictures of the board-game table (Эрудит, Скрэббл,
Словодел). Pictures are drawn once and cached: a letter tile costs 10–20 ms to draw with the
art module, a blit of a cached one a few microseconds."""
from __future__ import annotations

from functools import lru_cache

import pygame

from game import art, assets
from game.scenes.base import HEIGHT, INK_DIM, PANEL, PANEL_EDGE, WIDTH, draw_background, panel

SIZE = 15
CELL = 44
GRID_X, GRID_Y = 24, 30
GRID = pygame.Rect(GRID_X, GRID_Y, CELL * SIZE, CELL * SIZE)
FRAME = GRID.inflate(20, 20)
BOARD_TILE = CELL - 2
RACK_TILE = 58
RACK_STEP = 64
RACK_SLOTS = 7

SIDE_X, SIDE_W = 712, 552
PLATE_H, PLATE_GAP, PLATES_TOP = 48, 6, 14
PREVIEW = pygame.Rect(SIDE_X, 478, SIDE_W, 32)
TRAY = pygame.Rect(SIDE_X, 514, SIDE_W, 78)
BUTTONS_Y, BUTTON_H = 600, 42
HELP_Y = 652

# the rules text: light blue doubles a letter, dark blue triples it, pink doubles the word, red triples it
PREMIUM_COLOURS = {
    "d": (118, 182, 228),
    "t": (36, 96, 186),
    "D": (236, 150, 150),
    "T": (196, 46, 48),
    "*": (236, 150, 150),
}
PLAIN_SQUARE = (216, 208, 182)
FRAME_WOOD = (92, 58, 30)
PREMIUM_LABELS = {"d": ("×2", "буква"), "t": ("×3", "буква"), "D": ("×2", "слово"), "T": ("×3", "слово")}
LAST_MOVE = (255, 214, 90)
PENDING = (120, 220, 255)
GOLD = (255, 206, 84)  # points scored, the hint, the tiles given for a blank
GOOD = (120, 220, 130)  # a word that stands, a vote for it

ALPHABET = "АБВГДЕЁЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯ"
BLANK = "?"  # a blank's letter on the rack
Cell = tuple[int, int]


def cell_rect(row: int, col: int) -> pygame.Rect:
    return pygame.Rect(GRID_X + col * CELL, GRID_Y + row * CELL, CELL, CELL)


def cell_center(row: int, col: int) -> tuple[int, int]:
    return GRID_X + col * CELL + CELL // 2, GRID_Y + row * CELL + CELL // 2


def cell_at(pos) -> tuple[int, int] | None:
    x, y = pos
    if not GRID.collidepoint(x, y):
        return None
    return (y - GRID_Y) // CELL, (x - GRID_X) // CELL


# a plate's name and tiles line are set by where their letters may reach: Й's breve over the capitals, у under the line
NAME_REACH, DETAIL_REACH = "Йу", "фу"
PLATE_INSET = 4  # from the plate's edge (3 px when it is lit) to the letters


def plate_height() -> int:
    """A plate holds a name over a tiles line; «Крупный текст» needs a few pixels more for the two to stay apart."""
    return _plate_height(assets.text_scale)


@lru_cache(maxsize=4)
def _plate_height(scale: float) -> int:
    name = assets.text(NAME_REACH, 20, INK_DIM, "bold").get_bounding_rect(1).height
    detail = assets.text(DETAIL_REACH, 14, INK_DIM, "text").get_bounding_rect(1).height
    return max(PLATE_H, PLATE_INSET + name + 1 + detail + PLATE_INSET)


def plate_rect(seat: int) -> pygame.Rect:
    height = plate_height()
    return pygame.Rect(SIDE_X, PLATES_TOP + seat * (height + PLATE_GAP), SIDE_W, height)


def info_rect(players: int) -> pygame.Rect:
    return pygame.Rect(SIDE_X, PLATES_TOP + players * (plate_height() + PLATE_GAP) + 2, SIDE_W, 28)


def history_rect(players: int) -> pygame.Rect:
    top = info_rect(players).bottom + 6
    return pygame.Rect(SIDE_X, top, SIDE_W, PREVIEW.top - 6 - top)


def plate_point(seat: int) -> tuple[int, int]:
    """Where tiles fly from and to for a seat, and its popups rise: the avatar on its plate."""
    r = plate_rect(seat)
    return r.left + 30, r.centery


def plate_score_point(seat: int) -> tuple[int, int]:
    r = plate_rect(seat)
    return r.right - 50, r.centery


def bag_point(players: int) -> tuple[int, int]:
    r = info_rect(players)
    return r.left + 30, r.centery


def word_point(cells: list[Cell]) -> tuple[float, float]:
    """Over the middle of the tiles of a move: where its points rise."""
    if not cells:
        return GRID.center
    xs = [cell_center(*c)[0] for c in cells]
    ys = [cell_center(*c)[1] for c in cells]
    return sum(xs) / len(xs), min(ys) - 16


def rack_slot(index: int) -> tuple[int, int]:
    """Centre of rack slot ``index`` (slots beyond seven continue to the right)."""
    left = TRAY.centerx - (RACK_SLOTS * RACK_STEP - (RACK_STEP - RACK_TILE)) // 2
    return left + index * RACK_STEP + RACK_TILE // 2, TRAY.centery


def rack_index_at(pos, count: int) -> int:
    """The slot a point over the tray falls into, clamped to 0..count."""
    left = rack_slot(0)[0] - RACK_STEP // 2
    return max(0, min(count, int((pos[0] - left) // RACK_STEP)))


def convert(surface: pygame.Surface) -> pygame.Surface:
    return surface.convert_alpha() if pygame.display.get_surface() is not None else surface


# ------------------------------------------------------------------ pictures
@lru_cache(maxsize=512)
def tile_picture(letter: str, points: int | None, size: int, from_blank: bool = False) -> pygame.Surface:
    """A letter tile; board-sized plain tiles are scaled down from the rack-sized drawing
    (one art drawing per letter instead of two)."""
    if size != RACK_TILE and not from_blank:
        picture = pygame.transform.smoothscale(tile_picture(letter, points, RACK_TILE), (size, size))
    else:
        picture = art.letter_tile(letter, points, size, from_blank=from_blank)
    return convert(picture)


def board_picture(tile: dict | None) -> pygame.Surface:
    """A tile of the view's board (or of an event) at the board's size; an empty square's blank face without one."""
    if not tile:
        return tile_picture("", None, BOARD_TILE)
    if tile.get("blank"):
        return tile_picture(tile["letter"], None, BOARD_TILE, True)
    return tile_picture(tile["letter"], tile.get("points", 0), BOARD_TILE)


@lru_cache(maxsize=8)
def tile_back(size: int) -> pygame.Surface:
    """A tile seen from the back (travelling to another player's rack)."""
    surface = pygame.Surface((size, size), pygame.SRCALPHA)
    radius = max(3, size // 7)
    pygame.draw.rect(surface, (120, 82, 44), surface.get_rect(), border_radius=radius)
    pygame.draw.rect(surface, (176, 130, 80), surface.get_rect().inflate(-size // 6, -size // 6), border_radius=radius)
    return convert(surface)


@lru_cache(maxsize=16)
def premium_square(kind: str) -> pygame.Surface:
    if kind == "*":
        return convert(art.board_square("★", PREMIUM_COLOURS["*"], CELL))
    colour = PREMIUM_COLOURS.get(kind, PLAIN_SQUARE)
    square = art.board_square("", colour, CELL).copy()
    if kind in PREMIUM_LABELS:
        big, small = PREMIUM_LABELS[kind]
        ink = (255, 255, 255) if kind in "tT" else (40, 30, 40)
        label = assets.text(big, 17, ink, "heading")
        square.blit(label, label.get_rect(center=(CELL // 2, CELL // 2 - 6)))
        word = assets.text(small, 10, ink, "bold")
        square.blit(word, word.get_rect(center=(CELL // 2, CELL // 2 + 11)))
    return convert(square)


@lru_cache(maxsize=4)
def board_background(layout: tuple[str, ...]) -> pygame.Surface:
    """The frame and the 225 squares with their premiums, drawn once per layout."""
    surface = pygame.Surface(FRAME.size)
    surface.fill(FRAME_WOOD)
    pygame.draw.rect(surface, (60, 36, 18), surface.get_rect(), 3)
    for r, row in enumerate(layout):
        for c, ch in enumerate(row):
            rect = cell_rect(r, c).move(-FRAME.left, -FRAME.top)
            surface.blit(premium_square(ch), rect)
    return surface.convert() if pygame.display.get_surface() is not None else surface


@lru_cache(maxsize=8)
def table_background(players: int) -> pygame.Surface:
    """Everything behind the table that never changes: the cloth, the side panels' frames."""
    surface = pygame.Surface((WIDTH, HEIGHT))
    draw_background(surface)
    shadow = pygame.Surface(FRAME.inflate(12, 12).size, pygame.SRCALPHA)
    pygame.draw.rect(shadow, (0, 0, 0, 90), shadow.get_rect(), border_radius=12)
    surface.blit(shadow, FRAME.move(6, 8).inflate(12, 12).move(-6, -6))
    hist = history_rect(players)
    surface.blit(panel(hist.size, PANEL, PANEL_EDGE, 2, 12), hist)
    surface.blit(panel(TRAY.size, (70, 46, 26), (120, 84, 50), 3, 14), TRAY)
    groove = pygame.Rect(TRAY.left + 14, TRAY.bottom - 14, TRAY.width - 28, 6)
    pygame.draw.rect(surface, (48, 30, 16), groove, border_radius=3)
    title = assets.text("Ходы", 15, INK_DIM, "bold")
    surface.blit(title, (hist.left + 14, hist.top + 6))
    return surface.convert() if pygame.display.get_surface() is not None else surface


@lru_cache(maxsize=1)
def veil() -> pygame.Surface:
    """The shade over the board under a dialog or the results: its letters do not compete with them."""
    shade = pygame.Surface(FRAME.size, pygame.SRCALPHA)
    shade.fill((0, 0, 0, 130))
    return shade


def warm_pictures(points: dict[str, int]) -> None:
    """Draw every letter at rack size once, on entering the table (about a fifth of a second), so
    no frame of the game waits for the art."""
    for _ in warm_steps(points):
        pass


def warm_steps(points: dict[str, int]):
    """``warm_pictures`` one picture a step, for a screen that draws them a few a frame before the table opens."""
    for letter, value in points.items():
        if letter == BLANK:
            tile_picture("", None, RACK_TILE)
            tile_picture("", None, BOARD_TILE)
        else:
            tile_picture(letter, value, BOARD_TILE)
        yield
    for kind in "dtDT*.":
        premium_square(kind)
        yield


def _clear() -> None:
    for cached in (tile_picture, tile_back, premium_square, board_background, table_background):
        cached.cache_clear()


assets.on_reset(_clear)
