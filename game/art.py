"""Card, tile, table and avatar art, drawn by code at any size.

Scenes call these at the size they need (results are cached, so treat the returned surfaces as read-only and
`.copy()` before drawing on one). tools/make_sprites.py saves previews at the base sizes into assets/sprites.
Everything is drawn SUPERSAMPLE times larger and smooth-scaled down, which anti-aliases every edge and glyph.
Works without a display (no convert()); the caller may convert the surfaces once a window exists.

UNO faces: "0".."9", "skip" (Пропусти ход), "reverse" (Наоборот), "draw2" (Возьми две), "wild" (Закажи цвет),
"wild4" (Закажи цвет и возьми четыре); house-rule extras "draw1" (+1), "wild2" (Закажи цвет и возьми две),
"draw10" (Возьми 10). Colours: "red", "yellow", "green", "blue"; black cards take colour None.
"""
from __future__ import annotations

import math
import random
from functools import lru_cache
from pathlib import Path
from typing import Iterable, Sequence

import pygame
import pygame.freetype

from game import assets

FONT_DIR = Path(__file__).resolve().parent.parent / "assets" / "fonts"
ROUND_FONT = FONT_DIR / "Comfortaa-Bold.ttf"  # UNO's big round digits and its «УНО»
# letters on tiles and letter cards: Comfortaa draws Cyrillic Л and Д as Greek Λ and Δ, Manrope keeps their flat tops
LETTER_FONT = FONT_DIR / "Manrope-ExtraBold.ttf"
PLAIN_FONT = FONT_DIR / "NotoSans-Bold.ttf"   # everything else

SUPERSAMPLE = 3
CACHE_SIZE = 2048

UNO_CARD_SIZE = (120, 180)
TILE_SIZE = 64
LETTER_CARD_SIZE = (90, 126)
AVATAR_SIZE = 96
FELT_SIZE = (256, 256)

UNO_COLORS = {
    "red": (222, 44, 44),
    "yellow": (246, 196, 20),
    "green": (36, 158, 72),
    "blue": (28, 106, 204),
}
UNO_COLOR_NAMES_RU = {"red": "красный", "yellow": "жёлтый", "green": "зелёный", "blue": "синий"}
UNO_BLACK = (28, 28, 34)
UNO_NUMBER_FACES = tuple(str(n) for n in range(10))
UNO_ACTION_FACES = ("skip", "reverse", "draw2")
UNO_WILD_FACES = ("wild", "wild4")
UNO_EXTRA_COLOR_FACES = ("draw1",)
UNO_EXTRA_WILD_FACES = ("wild2", "draw10")
UNO_FACES = UNO_NUMBER_FACES + UNO_ACTION_FACES + UNO_WILD_FACES + UNO_EXTRA_COLOR_FACES + UNO_EXTRA_WILD_FACES
UNO_BLACK_FACES = UNO_WILD_FACES + UNO_EXTRA_WILD_FACES
# colour-blind marks, one shape per colour (drawn as polygons: the fonts have no such glyphs)
COLOR_SHAPES = {"red": "circle", "yellow": "triangle", "green": "square", "blue": "diamond"}

INK = (24, 20, 18)
WHITE = (255, 255, 255)

AVATAR_KINDS = ("smile", "cat", "bear", "rabbit", "owl", "fox", "frog", "robot")
AVATAR_COLORS = ((224, 160, 48), (210, 70, 70), (70, 150, 220), (80, 170, 90), (160, 100, 200), (230, 120, 170),
                 (60, 180, 170), (140, 140, 150), (240, 200, 60), (200, 110, 60))


# --- basics --------------------------------------------------------------------------------------------------------

@lru_cache(maxsize=None)
def _font(path: Path) -> pygame.freetype.Font:
    if not pygame.freetype.get_init():
        pygame.freetype.init()
    font = pygame.freetype.Font(str(path), 24)
    font.antialiased = True
    return font


def _size2(size: int | Sequence[int]) -> tuple[int, int]:
    if isinstance(size, int):
        return size, size
    width, height = size
    return int(width), int(height)


def _canvas(size: tuple[int, int]) -> pygame.Surface:
    return pygame.Surface((size[0] * SUPERSAMPLE, size[1] * SUPERSAMPLE), pygame.SRCALPHA)


# The layout check's hook (tests/layout_check.py): while set, every finished picture is handed to it and it returns
# the picture to draw, one that says it is art whose letters text must not cover (a board's square is not: tiles and
# labels are laid on it). None, the default, costs nothing.
art_registry = None


def kept_clear(picture: pygame.Surface) -> pygame.Surface:
    """A finished card, tile or face, also one made from a sprite file: what the layout check's hook makes of it."""
    return picture if art_registry is None else art_registry(picture)


def _finish(canvas: pygame.Surface, size: tuple[int, int], ground: bool = False) -> pygame.Surface:
    finished = pygame.transform.smoothscale(canvas, size)
    return finished if ground else kept_clear(finished)  # ground: tiles and labels are laid on it


def _seed(*parts: object) -> int:
    """A seed that is the same in every run (str hash() is salted per process)."""
    value = 1469598103934665603
    for byte in "|".join(map(str, parts)).encode("utf-8"):
        value = ((value ^ byte) * 1099511628211) & 0xFFFFFFFFFFFFFFFF
    return value


def _shade(color: Sequence[int], factor: float) -> tuple[int, int, int]:
    """Darker below 1, lighter above 1 (towards white)."""
    if factor <= 1:
        return tuple(max(0, int(c * factor)) for c in color[:3])
    return tuple(min(255, int(c + (255 - c) * (factor - 1))) for c in color[:3])


def _tinted(mask: pygame.Surface, color: Sequence[int]) -> pygame.Surface:
    """A copy of a white-on-transparent shape in another colour."""
    out = mask.copy()
    out.fill((*color[:3], 255), special_flags=pygame.BLEND_RGBA_MULT)
    return out


def _blit_outlined(target: pygame.Surface, shape: pygame.Surface, center: tuple[float, float],
                   color: Sequence[int], outline: Sequence[int] | None, thickness: float) -> None:
    """Blit a white shape mask in `color`, ringed by `outline` (drawn as copies around a circle)."""
    rect = shape.get_rect(center=(round(center[0]), round(center[1])))
    if outline is not None and thickness > 0:
        dark = _tinted(shape, outline)
        steps = 16
        for i in range(steps):
            angle = 2 * math.pi * i / steps
            target.blit(dark, rect.move(round(math.cos(angle) * thickness), round(math.sin(angle) * thickness)))
    target.blit(_tinted(shape, color), rect)


def _text_mask(text: str, font_path: Path, px: float, max_width: float | None = None) -> pygame.Surface:
    """White text, tight to its ink, shrunk to fit max_width."""
    font = _font(font_path)
    px = max(4.0, px)
    surface, _ = font.render(text, WHITE, size=px)
    if max_width is not None and surface.get_width() > max_width:
        px = max(4.0, px * max_width / surface.get_width())
        surface, _ = font.render(text, WHITE, size=px)
    return surface


def _draw_text(target: pygame.Surface, text: str, center: tuple[float, float], px: float, color: Sequence[int], *,
               font_path: Path = LETTER_FONT, outline: Sequence[int] | None = None, thickness: float = 0.0,
               max_width: float | None = None, angle: float = 0.0) -> None:
    mask = _text_mask(text, font_path, px, max_width)
    if angle:
        mask = pygame.transform.rotozoom(mask, angle, 1.0)
    _blit_outlined(target, mask, center, color, outline, thickness)


def _rounded_mask(size: tuple[int, int], radius: int) -> pygame.Surface:
    mask = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=radius)
    return mask


def _clip_to(surface: pygame.Surface, mask: pygame.Surface) -> None:
    surface.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)


def _rotate_points(points: Iterable[tuple[float, float]], degrees: float,
                   center: tuple[float, float]) -> list[tuple[float, float]]:
    a = math.radians(degrees)
    cos, sin = math.cos(a), math.sin(a)
    cx, cy = center
    return [(cx + x * cos - y * sin, cy + x * sin + y * cos) for x, y in points]


def _star_points(center: tuple[float, float], radius: float, inner: float = 0.45) -> list[tuple[float, float]]:
    cx, cy = center
    points = []
    for i in range(10):
        r = radius if i % 2 == 0 else radius * inner
        a = -math.pi / 2 + i * math.pi / 5
        points.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    return points


def draw_color_shape(target: pygame.Surface, color_name: str, center: tuple[float, float], radius: float,
                     fill: Sequence[int] = WHITE, outline: Sequence[int] | None = INK) -> None:
    """The colour-blind mark of a UNO colour (● red, ▲ yellow, ■ green, ◆ blue), at any size on any surface."""
    shape = COLOR_SHAPES[color_name]
    cx, cy = center
    r = radius
    if shape == "circle":
        polygon = [(cx + r * 0.9 * math.cos(a / 24 * 2 * math.pi), cy + r * 0.9 * math.sin(a / 24 * 2 * math.pi))
                   for a in range(24)]
    elif shape == "triangle":
        polygon = [(cx, cy - r), (cx + r * 0.95, cy + r * 0.72), (cx - r * 0.95, cy + r * 0.72)]
    elif shape == "square":
        s = r * 0.78
        polygon = [(cx - s, cy - s), (cx + s, cy - s), (cx + s, cy + s), (cx - s, cy + s)]
    else:
        polygon = [(cx, cy - r), (cx + r * 0.8, cy), (cx, cy + r), (cx - r * 0.8, cy)]
    if outline is not None:
        pygame.draw.polygon(target, outline, polygon, max(1, round(r * 0.45)))
    pygame.draw.polygon(target, fill, polygon)


# --- UNO -----------------------------------------------------------------------------------------------------------

def uno_deck() -> list[tuple[str | None, str]]:
    """The 108 faces of the standard deck as (colour, face), with repeats: one 0 and two of 1..9, skip, reverse, draw2
    per colour; four wild and four wild4."""
    deck: list[tuple[str | None, str]] = []
    for color in UNO_COLORS:
        deck.append((color, "0"))
        for face in UNO_NUMBER_FACES[1:] + UNO_ACTION_FACES:
            deck += [(color, face), (color, face)]
    deck += [(None, "wild")] * 4 + [(None, "wild4")] * 4
    return deck


def uno_face_label(face: str) -> str:
    """The short text shown in a corner (and read by screen text): digits, «+2», «+4», …; '' for a pure symbol."""
    return {"draw2": "+2", "wild4": "+4", "draw1": "+1", "wild2": "+2", "draw10": "+10"}.get(
        face, face if face in UNO_NUMBER_FACES else "")


def _check_uno(color: str | None, face: str) -> None:
    if face not in UNO_FACES:
        raise ValueError(f"Неизвестная карта УНО: {face!r}")
    if face in UNO_BLACK_FACES:
        if color is not None:
            raise ValueError(f"Карта {face!r} чёрная, у неё нет цвета (получен {color!r})")
    elif color not in UNO_COLORS:
        raise ValueError(f"Неизвестный цвет карты УНО: {color!r}")


def _symbol_mask(face: str, box: float) -> pygame.Surface:
    """White mask of a UNO action symbol fitting a box×box square."""
    side = max(4, round(box))
    mask = pygame.Surface((side, side), pygame.SRCALPHA)
    c = side / 2
    if face == "skip":
        pygame.draw.circle(mask, WHITE, (c, c), side * 0.46, max(2, round(side * 0.14)))
        bar = [(-side * 0.42, -side * 0.075), (side * 0.42, -side * 0.075), (side * 0.42, side * 0.075),
               (-side * 0.42, side * 0.075)]
        pygame.draw.polygon(mask, WHITE, _rotate_points(bar, -45, (c, c)))
    elif face == "reverse":
        # two fat arrows on the diagonal, pointing opposite ways
        arrow = [(-side * 0.44, -side * 0.08), (side * 0.12, -side * 0.08), (side * 0.12, -side * 0.2),
                 (side * 0.46, 0.0), (side * 0.12, side * 0.2), (side * 0.12, side * 0.08),
                 (-side * 0.44, side * 0.08)]
        offset = side * 0.16
        up = [(x, y - offset) for x, y in arrow]
        down = [(-x, -y + offset) for x, y in arrow]
        pygame.draw.polygon(mask, WHITE, _rotate_points(up, -45, (c, c)))
        pygame.draw.polygon(mask, WHITE, _rotate_points(down, -45, (c, c)))
    return mask


def _mini_card(target: pygame.Surface, center: tuple[float, float], width: float, fill: Sequence[int],
               angle: float = 0.0) -> None:
    """A small card drawn inside a bigger one (the +2/+4 pictures)."""
    w, h = round(width), round(width * 1.45)
    pad = max(2, round(width * 0.12))
    card = pygame.Surface((w + 2 * pad, h + 2 * pad), pygame.SRCALPHA)
    pygame.draw.rect(card, INK, card.get_rect(), border_radius=round(width * 0.25))
    inner = card.get_rect().inflate(-pad, -pad)
    pygame.draw.rect(card, WHITE, inner, border_radius=round(width * 0.2))
    pygame.draw.rect(card, fill, inner.inflate(-pad, -pad), border_radius=round(width * 0.15))
    if angle:
        card = pygame.transform.rotate(card, angle)
    target.blit(card, card.get_rect(center=(round(center[0]), round(center[1]))))


def _wheel(target: pygame.Surface, center: tuple[float, float], radius: float, rim: Sequence[int] | None = WHITE) -> None:
    """The four-colour wheel of a wild card."""
    cx, cy = center
    order = ("red", "blue", "yellow", "green")  # clockwise from the top-right quarter, as on the real wild card
    for i, name in enumerate(order):
        start = -math.pi / 2 + i * math.pi / 2
        points = [(cx, cy)] + [(cx + radius * math.cos(start + k / 12 * math.pi / 2),
                                cy + radius * math.sin(start + k / 12 * math.pi / 2)) for k in range(13)]
        pygame.draw.polygon(target, UNO_COLORS[name], points)
    if rim is not None:
        pygame.draw.circle(target, rim, (cx, cy), radius, max(1, round(radius * 0.1)))


COLOUR_MARK_RADIUS = 0.1  # of the card's width: the colour-blind shape mark in two corners


@lru_cache(maxsize=CACHE_SIZE)
def _uno_card(color: str | None, face: str, size: tuple[int, int], colorblind: bool) -> pygame.Surface:
    _check_uno(color, face)
    canvas = _canvas(size)
    W, H = canvas.get_size()
    card_radius = round(W * 0.09)
    pygame.draw.rect(canvas, WHITE, canvas.get_rect(), border_radius=card_radius)
    border = round(W * 0.065)
    inner = canvas.get_rect().inflate(-2 * border, -2 * border)
    fill = UNO_COLORS[color] if color else UNO_BLACK
    face_surface = pygame.Surface(inner.size, pygame.SRCALPHA)
    face_surface.fill(fill)
    fw, fh = inner.size
    center = (fw / 2, fh / 2)

    # the tilted oval: white on coloured cards, the colour wheel on wild, dark with a white rim on other black cards
    oval = pygame.Surface((round(fw * 0.86), round(fh * 0.80)), pygame.SRCALPHA)
    if face == "wild":
        _wheel(oval, (oval.get_width() / 2, oval.get_height() / 2), max(oval.get_size()), rim=None)
        oval_mask = pygame.Surface(oval.get_size(), pygame.SRCALPHA)
        pygame.draw.ellipse(oval_mask, WHITE, oval_mask.get_rect())
        _clip_to(oval, oval_mask)
    elif color is None:
        pygame.draw.ellipse(oval, WHITE, oval.get_rect())
        pygame.draw.ellipse(oval, _shade(UNO_BLACK, 1.25), oval.get_rect().inflate(-W * 0.05, -W * 0.05))
    else:
        pygame.draw.ellipse(oval, WHITE, oval.get_rect())
    oval = pygame.transform.rotozoom(oval, -28, 1.0)
    face_surface.blit(oval, oval.get_rect(center=(round(center[0]), round(center[1]))))

    big_outline = W * 0.022
    if face in UNO_NUMBER_FACES:
        digit = _text_mask(face, ROUND_FONT, W * 0.78)
        if face in ("6", "9"):  # underlined, so that 6 and 9 survive being seen upside down
            line = pygame.Rect(0, 0, round(W * 0.3), round(W * 0.045))
            gap = W * 0.09
            digit_center = (center[0], center[1] - (gap + line.h) / 2)
            line.center = (round(center[0]), round(digit_center[1] + digit.get_height() / 2 + gap + line.h / 2))
            _blit_outlined(face_surface, digit, digit_center, fill, INK, big_outline)
            pygame.draw.rect(face_surface, INK, line.inflate(big_outline * 2, big_outline * 2), border_radius=line.h)
            pygame.draw.rect(face_surface, fill, line, border_radius=line.h // 2)
        else:
            _blit_outlined(face_surface, digit, center, fill, INK, big_outline)
    elif face in ("skip", "reverse"):
        _blit_outlined(face_surface, _symbol_mask(face, W * (0.62 if face == "skip" else 0.7)), center, fill, INK,
                       big_outline)
    elif face in ("draw2", "draw1"):
        if face == "draw2":
            _mini_card(face_surface, (center[0] - W * 0.09, center[1] + W * 0.08), W * 0.22, fill)
            _mini_card(face_surface, (center[0] + W * 0.09, center[1] - W * 0.08), W * 0.22, fill)
        else:
            _mini_card(face_surface, center, W * 0.25, fill)
    elif face == "wild4":
        for i, name in enumerate(("blue", "green", "red", "yellow")):
            dx = (i - 1.5) * W * 0.1
            _mini_card(face_surface, (center[0] + dx, center[1] - dx * 0.9), W * 0.19, UNO_COLORS[name])
    elif face == "wild2":
        _mini_card(face_surface, (center[0] - W * 0.09, center[1] + W * 0.08), W * 0.22, UNO_COLORS["red"])
        _mini_card(face_surface, (center[0] + W * 0.09, center[1] - W * 0.08), W * 0.22, UNO_COLORS["blue"])
    elif face == "draw10":
        _draw_text(face_surface, "+10", center, W * 0.5, WHITE, font_path=ROUND_FONT, outline=INK,
                   thickness=big_outline, max_width=fw * 0.72, angle=0)

    # corner index, repeated upside down in the opposite corner
    corner = (W * 0.13, W * 0.16)
    label = uno_face_label(face)
    index = pygame.Surface((round(W * 0.34), round(W * 0.34)), pygame.SRCALPHA)
    index_center = (index.get_width() / 2, index.get_height() / 2)
    if label:
        _draw_text(index, label, index_center, W * 0.24, WHITE, font_path=ROUND_FONT, outline=INK,
                   thickness=W * 0.012, max_width=index.get_width() * 0.92)
    elif face in ("skip", "reverse"):
        _blit_outlined(index, _symbol_mask(face, W * 0.25), index_center, WHITE, INK, W * 0.012)
    elif face == "wild":
        _wheel(index, index_center, W * 0.1)
    face_surface.blit(index, index.get_rect(center=(round(corner[0]), round(corner[1]))))
    flipped = pygame.transform.rotate(index, 180)
    face_surface.blit(flipped, flipped.get_rect(center=(round(fw - corner[0]), round(fh - corner[1]))))

    if colorblind and color:
        # at table size a smaller mark read as a dot, not as a circle, triangle, square or diamond
        mark = (fw - W * 0.15, W * 0.16)
        draw_color_shape(face_surface, color, mark, COLOUR_MARK_RADIUS * W, WHITE, INK)
        draw_color_shape(face_surface, color, (fw - mark[0], fh - mark[1]), COLOUR_MARK_RADIUS * W, WHITE, INK)

    _clip_to(face_surface, _rounded_mask(inner.size, round(W * 0.06)))
    canvas.blit(face_surface, inner)
    pygame.draw.rect(canvas, (190, 190, 190), canvas.get_rect(), max(1, SUPERSAMPLE), border_radius=card_radius)
    return _finish(canvas, size)


def uno_card(color: str | None, face: str, size: int | Sequence[int] = UNO_CARD_SIZE, *,
             colorblind: bool = False) -> pygame.Surface:
    """A UNO card face. `colorblind` adds the shape mark of the colour in two corners."""
    return _uno_card(color, face, _size2(size), bool(colorblind))


@lru_cache(maxsize=64)
def _uno_back(size: tuple[int, int]) -> pygame.Surface:
    canvas = _canvas(size)
    W, H = canvas.get_size()
    pygame.draw.rect(canvas, WHITE, canvas.get_rect(), border_radius=round(W * 0.09))
    border = round(W * 0.065)
    inner = canvas.get_rect().inflate(-2 * border, -2 * border)
    back = pygame.Surface(inner.size, pygame.SRCALPHA)
    back.fill(UNO_BLACK)
    fw, fh = inner.size
    oval = pygame.Surface((round(fw * 0.86), round(fh * 0.78)), pygame.SRCALPHA)
    pygame.draw.ellipse(oval, UNO_COLORS["red"], oval.get_rect())
    oval = pygame.transform.rotozoom(oval, -28, 1.0)
    back.blit(oval, oval.get_rect(center=(fw // 2, fh // 2)))
    _draw_text(back, "УНО", (fw / 2, fh * 0.48), W * 0.36, UNO_COLORS["yellow"], font_path=ROUND_FONT, outline=INK,
               thickness=W * 0.025, max_width=fw * 0.7, angle=18)
    _draw_text(back, "ИГРОТЕКА", (fw / 2, fh - W * 0.1), W * 0.1, WHITE, font_path=PLAIN_FONT,
               max_width=fw * 0.8)
    _clip_to(back, _rounded_mask(inner.size, round(W * 0.06)))
    canvas.blit(back, inner)
    pygame.draw.rect(canvas, (190, 190, 190), canvas.get_rect(), max(1, SUPERSAMPLE), border_radius=round(W * 0.09))
    return _finish(canvas, size)


def uno_back(size: int | Sequence[int] = UNO_CARD_SIZE) -> pygame.Surface:
    return _uno_back(_size2(size))


def color_wheel(radius: int) -> pygame.Surface:
    """The four-colour wheel on its own (colour choice, current-colour indicator)."""
    size = (2 * radius, 2 * radius)
    canvas = _canvas(size)
    r = radius * SUPERSAMPLE
    _wheel(canvas, (r, r), r * 0.94, rim=WHITE)
    return _finish(canvas, size)


# --- letter tiles (Эрудит, Словодел) ------------------------------------------------------------------------------

WOOD = (226, 190, 132)
WOOD_INK = (52, 34, 18)
BLANK_LETTER_INK = (150, 40, 40)  # a blank standing for a letter shows it in red, without points


@lru_cache(maxsize=CACHE_SIZE)
def _tile(letter: str, points: int | None, size: tuple[int, int], from_blank: bool) -> pygame.Surface:
    canvas = _canvas(size)
    W, H = canvas.get_size()
    radius = round(W * 0.14)
    rect = canvas.get_rect()
    # bevel: dark bottom-right body, light top-left rim, wood face on top
    pygame.draw.rect(canvas, _shade(WOOD, 0.55), rect, border_radius=radius)
    pygame.draw.rect(canvas, _shade(WOOD, 1.35), rect.inflate(-W * 0.06, -W * 0.06).move(-W * 0.02, -W * 0.02),
                     border_radius=radius)
    face_rect = rect.inflate(-W * 0.12, -W * 0.12).move(-W * 0.005, -W * 0.005)
    face = pygame.Surface(face_rect.size, pygame.SRCALPHA)
    fw, fh = face_rect.size
    for y in range(fh):  # light falls from the top
        face.fill(_shade(WOOD, 1.12 - 0.2 * y / fh), (0, y, fw, 1))
    rng = random.Random(_seed("tile", letter))
    for _ in range(7):  # wood grain: faint wavy lines, different on every letter
        y0 = rng.uniform(0, fh)
        amplitude = rng.uniform(fh * 0.01, fh * 0.05)
        phase = rng.uniform(0, 2 * math.pi)
        waves = rng.uniform(1, 2)
        points_line = [(x, y0 + amplitude * math.sin(phase + x / fw * math.pi * waves))
                       for x in range(0, fw + 8, 8)]
        pygame.draw.lines(face, (*_shade(WOOD, 0.82), 90), False, points_line, max(1, round(W * 0.012)))
    _clip_to(face, _rounded_mask(face_rect.size, round(W * 0.1)))
    canvas.blit(face, face_rect)
    if letter:
        ink = BLANK_LETTER_INK if from_blank else WOOD_INK
        _draw_text(canvas, letter, (face_rect.centerx - W * 0.06, face_rect.centery - W * 0.05), W * 0.54, ink,
                   outline=ink, thickness=W * 0.008, max_width=W * 0.56)
    if points is not None and not from_blank and letter:
        _draw_text(canvas, str(points), (face_rect.right - W * 0.13, face_rect.bottom - W * 0.13), W * 0.26,
                   WOOD_INK, font_path=PLAIN_FONT, max_width=W * 0.3)
    return _finish(canvas, size)


def letter_tile(letter: str, points: int | None, size: int | Sequence[int] = TILE_SIZE, *,
                from_blank: bool = False) -> pygame.Surface:
    """A wooden letter tile with its points in the corner. letter '' is an unused blank (пустышка); a blank standing
    for a letter on the board passes that letter with from_blank=True (red letter, no points)."""
    return _tile(letter.upper(), points, _size2(size), bool(from_blank))


def board_square(label: str, color: Sequence[int], size: int | Sequence[int] = TILE_SIZE) -> pygame.Surface:
    """An empty board square, e.g. a premium square ('×2 буквы') in its colour; label may be ''."""
    return _board_square(label, tuple(color), _size2(size))


@lru_cache(maxsize=256)
def _board_square(label: str, color: tuple[int, int, int], size: tuple[int, int]) -> pygame.Surface:
    canvas = _canvas(size)
    W, H = canvas.get_size()
    pygame.draw.rect(canvas, _shade(color, 0.8), canvas.get_rect(), border_radius=round(W * 0.08))
    pygame.draw.rect(canvas, color, canvas.get_rect().inflate(-W * 0.06, -W * 0.06), border_radius=round(W * 0.07))
    if label == "★":
        pygame.draw.polygon(canvas, _shade(color, 0.5), _star_points((W / 2, H / 2), W * 0.36))
        pygame.draw.polygon(canvas, WHITE, _star_points((W / 2, H / 2), W * 0.3))
    elif label:
        lines = label.split("\n")
        for i, line in enumerate(lines):
            y = H / 2 + (i - (len(lines) - 1) / 2) * W * 0.24
            _draw_text(canvas, line, (W / 2, y), W * 0.2, WHITE, font_path=PLAIN_FONT, outline=_shade(color, 0.5),
                       thickness=W * 0.015, max_width=W * 0.86)
    return _finish(canvas, size, ground=True)


# --- letter cards (Нет слов, Твёрдый знак) -------------------------------------------------------------------------

CARD_PAPER = (250, 246, 236)
NOWORDS_BLACK = (30, 30, 34)
NOWORDS_RED = (204, 32, 44)
HARDSIGN_INK = (28, 42, 92)
HARDSIGN_PAPER = (240, 236, 222)
STAR_GOLD = (246, 184, 28)


def _paper_card(size: tuple[int, int], paper: Sequence[int], edge: Sequence[int]) -> tuple[pygame.Surface, int]:
    canvas = _canvas(size)
    W, _ = canvas.get_size()
    radius = round(W * 0.09)
    pygame.draw.rect(canvas, edge, canvas.get_rect(), border_radius=radius)
    pygame.draw.rect(canvas, paper, canvas.get_rect().inflate(-W * 0.03, -W * 0.03), border_radius=radius)
    return canvas, radius


def _corner_letters(canvas: pygame.Surface, letter: str, ink: Sequence[int], font_path: Path = LETTER_FONT,
                    both: bool = True) -> None:
    W, H = canvas.get_size()
    index = pygame.Surface((round(W * 0.28), round(W * 0.28)), pygame.SRCALPHA)
    _draw_text(index, letter, (index.get_width() / 2, index.get_height() / 2), W * 0.2, ink, font_path=font_path,
               max_width=index.get_width() * 0.9)
    canvas.blit(index, (round(W * 0.07), round(W * 0.07)))
    if both:
        flipped = pygame.transform.rotate(index, 180)
        canvas.blit(flipped, flipped.get_rect(bottomright=(round(W * 0.93), round(H - W * 0.07))))


@lru_cache(maxsize=CACHE_SIZE)
def _nowords_card(letter: str, red: bool, size: tuple[int, int]) -> pygame.Surface:
    ink = NOWORDS_RED if red else NOWORDS_BLACK
    canvas, radius = _paper_card(size, CARD_PAPER, (170, 160, 150))
    W, H = canvas.get_size()
    if red:  # a red frame, so the two kinds differ by shape as well as colour
        pygame.draw.rect(canvas, NOWORDS_RED, canvas.get_rect().inflate(-W * 0.1, -W * 0.1), round(W * 0.035),
                         border_radius=round(radius * 0.7))
    _draw_text(canvas, letter, (W / 2, H / 2), W * 0.68, ink, max_width=W * 0.7)
    _corner_letters(canvas, letter, ink)
    return _finish(canvas, size)


def nowords_card(letter: str, red: bool = False, size: int | Sequence[int] = LETTER_CARD_SIZE) -> pygame.Surface:
    """A Нет слов letter card: black letter, or red letter (the shared vowels А Е И О) with a red frame."""
    return _nowords_card(letter.upper(), bool(red), _size2(size))


def _draw_stars(canvas: pygame.Surface, stars: int, center_y: float, width: float) -> None:
    W = canvas.get_width()
    rows = [stars] if stars <= 5 else [5, stars - 5]
    radius = min(W * 0.075, width / 11)
    for r, count in enumerate(rows):
        y = center_y + (r - (len(rows) - 1) / 2) * radius * 2.1
        for i in range(count):
            x = W / 2 + (i - (count - 1) / 2) * radius * 2.1
            pygame.draw.polygon(canvas, INK, _star_points((x, y), radius * 1.18, 0.48))
            pygame.draw.polygon(canvas, STAR_GOLD, _star_points((x, y), radius, 0.45))


@lru_cache(maxsize=CACHE_SIZE)
def _hardsign_card(label: str, stars: int | None, special: bool, size: tuple[int, int]) -> pygame.Surface:
    if special:
        paper, ink, edge = UNO_BLACK, STAR_GOLD, (80, 80, 90)
    else:
        paper, ink, edge = HARDSIGN_PAPER, HARDSIGN_INK, (150, 150, 170)
    canvas, radius = _paper_card(size, paper, edge)
    W, H = canvas.get_size()
    pygame.draw.rect(canvas, ink, canvas.get_rect().inflate(-W * 0.1, -W * 0.1), round(W * 0.02),
                     border_radius=round(radius * 0.7))
    has_stars = stars is not None and stars > 0
    letter_y = H * (0.46 if has_stars else 0.5)
    lines = label.split() if len(label) > 3 else [label]
    if len(lines) == 1:
        _draw_text(canvas, label, (W / 2, letter_y), W * (0.54 if len(label) <= 2 else 0.4), ink, max_width=W * 0.6)
    else:  # a long special such as «любая согласная»: one word a line
        for i, line in enumerate(lines):
            y = letter_y + (i - (len(lines) - 1) / 2) * W * 0.24
            _draw_text(canvas, line, (W / 2, y), W * 0.2, ink, max_width=W * 0.76)
    # one corner only: the stars take the bottom of the card
    _corner_letters(canvas, label if len(label) <= 3 else label[:1].upper(), ink, both=not has_stars)
    if has_stars:
        _draw_stars(canvas, min(10, stars), H * 0.81, W * 0.72)
    return _finish(canvas, size)


def hardsign_card(label: str, stars: int | None, size: int | Sequence[int] = LETTER_CARD_SIZE, *,
                  special: bool = False) -> pygame.Surface:
    """A Твёрдый знак card: a letter with its value in stars (1–10); special cards (*, π, æ, ъ, …) are black with
    gold and keep their label as given (ъ and Ъ are different cards). Long labels wrap and shrink to fit."""
    return _hardsign_card(label if special else label.upper(), stars, bool(special), _size2(size))


@lru_cache(maxsize=CACHE_SIZE)
def _hardsign_bonus(title: str, points: int, size: tuple[int, int]) -> pygame.Surface:
    canvas, radius = _paper_card(size, (46, 40, 70), (20, 18, 30))
    W, H = canvas.get_size()
    pygame.draw.rect(canvas, STAR_GOLD, canvas.get_rect().inflate(-W * 0.1, -W * 0.1), round(W * 0.02),
                     border_radius=round(radius * 0.7))
    _draw_text(canvas, f"+{points}", (W / 2, H * 0.3), W * 0.36, STAR_GOLD, max_width=W * 0.7)
    words = title.split()
    lines: list[str] = []
    for word in words:  # greedy wrap at about 11 letters a line
        if lines and len(lines[-1]) + 1 + len(word) <= 11:
            lines[-1] += " " + word
        else:
            lines.append(word)
    for i, line in enumerate(lines[:4]):
        y = H * 0.62 + (i - (min(4, len(lines)) - 1) / 2) * W * 0.17
        _draw_text(canvas, line, (W / 2, y), W * 0.14, WHITE, font_path=PLAIN_FONT, max_width=W * 0.8)
    return _finish(canvas, size)


def hardsign_bonus(title: str, points: int, size: int | Sequence[int] = LETTER_CARD_SIZE) -> pygame.Surface:
    """A Твёрдый знак bonus card: «+N» and its condition, e.g. hardsign_bonus("Животное", 3)."""
    return _hardsign_bonus(title, int(points), _size2(size))


CARD_BACKS = ("nowords", "hardsign", "hardsign_bonus")


@lru_cache(maxsize=64)
def _card_back(kind: str, size: tuple[int, int]) -> pygame.Surface:
    if kind == "nowords":
        paper, ink, title, mark = (40, 48, 70), (240, 240, 240), "НЕТ СЛОВ", "?!"
    elif kind == "hardsign":
        paper, ink, title, mark = (232, 222, 196), HARDSIGN_INK, "ТВЁРДЫЙ ЗНАК", "Ъ"
    elif kind == "hardsign_bonus":
        paper, ink, title, mark = (46, 40, 70), STAR_GOLD, "БОНУС", "★"
    else:
        raise ValueError(f"Неизвестная рубашка: {kind!r}")
    canvas, radius = _paper_card(size, paper, _shade(paper, 0.6))
    W, H = canvas.get_size()
    step = W * 0.12  # a quiet diagonal lattice so a back reads as a back at any size
    for i in range(-12, 24):
        x = i * step
        pygame.draw.line(canvas, (*_shade(paper, 0.85), 255), (x, 0), (x + H, H), max(1, round(W * 0.01)))
    frame = canvas.get_rect().inflate(-W * 0.1, -W * 0.1)
    pygame.draw.rect(canvas, ink, frame, round(W * 0.025), border_radius=round(radius * 0.7))
    if mark == "★":
        pygame.draw.polygon(canvas, ink, _star_points((W / 2, H * 0.42), W * 0.28))
    else:
        _draw_text(canvas, mark, (W / 2, H * 0.42), W * 0.5, ink, max_width=W * 0.7)
    _draw_text(canvas, title, (W / 2, H * 0.78), W * 0.12, ink, font_path=PLAIN_FONT, max_width=W * 0.76)
    mask = _rounded_mask(canvas.get_size(), radius)
    _clip_to(canvas, mask)
    return _finish(canvas, size)


def card_back(kind: str, size: int | Sequence[int] = LETTER_CARD_SIZE) -> pygame.Surface:
    """The back of a letter card: "nowords", "hardsign" (light, letter cards) or "hardsign_bonus" (dark)."""
    return _card_back(kind, _size2(size))


# --- table and seats -----------------------------------------------------------------------------------------------

@lru_cache(maxsize=16)
def _felt(size: tuple[int, int], color: tuple[int, int, int], seed: int) -> pygame.Surface:
    w, h = size
    surface = pygame.Surface(size)
    surface.fill(color)
    rng = random.Random(seed)
    # soft blotches: small random grids, tiled 3×3 and smooth-scaled, so the middle copy wraps without a seam
    for cells, strength in ((4, 8), (8, 8), (16, 7)):
        grid = pygame.image.frombytes(rng.randbytes(cells * cells), (cells, cells), "P")
        grid.set_palette([(v, v, v) for v in range(256)])
        grid = _to_rgb(grid)
        tiled = pygame.Surface((cells * 3, cells * 3))
        for i in range(3):
            for j in range(3):
                tiled.blit(grid, (i * cells, j * cells))
        big = pygame.transform.smoothscale(tiled, (w * 3, h * 3)).subsurface((w, h, w, h)).copy()
        _overlay(surface, big, strength)
    grain = pygame.image.frombytes(rng.randbytes(w * h), size, "P")
    grain.set_palette([(v, v, v) for v in range(256)])
    _overlay(surface, _to_rgb(grain), 7)
    return surface


def _to_rgb(surface: pygame.Surface) -> pygame.Surface:
    rgb = pygame.Surface(surface.get_size())
    rgb.blit(surface, (0, 0))
    return rgb


def _overlay(target: pygame.Surface, noise: pygame.Surface, strength: int) -> None:
    """Lighten where the grey noise is above 128 and darken where it is below, by at most `strength` levels."""
    factor = (min(127, 2 * strength),) * 3  # BLEND_RGB_MULT divides by 256: 127 × 2s / 256 ≈ s
    light = noise.copy()
    light.fill((128, 128, 128), special_flags=pygame.BLEND_RGB_SUB)
    light.fill(factor, special_flags=pygame.BLEND_RGB_MULT)
    dark = pygame.Surface(noise.get_size())
    dark.fill((128, 128, 128))
    dark.blit(noise, (0, 0), special_flags=pygame.BLEND_RGB_SUB)
    dark.fill(factor, special_flags=pygame.BLEND_RGB_MULT)
    target.blit(light, (0, 0), special_flags=pygame.BLEND_RGB_ADD)
    target.blit(dark, (0, 0), special_flags=pygame.BLEND_RGB_SUB)


def felt(size: int | Sequence[int] = FELT_SIZE, color: Sequence[int] = (26, 104, 58), seed: int = 1) -> pygame.Surface:
    """A tileable felt texture for the table (repeat it across the window)."""
    return _felt(_size2(size), tuple(color[:3]), int(seed))


@lru_cache(maxsize=256)
def _avatar(kind: str, color: tuple[int, int, int], size: tuple[int, int]) -> pygame.Surface:
    if kind not in AVATAR_KINDS:
        raise ValueError(f"Неизвестный аватар: {kind!r}")
    canvas = _canvas(size)
    S = canvas.get_width()
    c = S / 2
    pygame.draw.circle(canvas, _shade(color, 0.6), (c, c), S * 0.5)
    pygame.draw.circle(canvas, color, (c, c), S * 0.46)
    body = _shade(color, 1.55)
    dark = _shade(color, 0.35)
    eye_y = c - S * 0.04
    eye_dx = S * 0.11
    eye_r = S * 0.045
    head_r = S * 0.3

    def eyes(r: float = eye_r, y: float = eye_y, dx: float = eye_dx) -> None:
        for sx in (-1, 1):
            pygame.draw.circle(canvas, dark, (c + sx * dx, y), r)
            pygame.draw.circle(canvas, WHITE, (c + sx * dx + r * 0.3, y - r * 0.3), r * 0.35)

    if kind == "smile":
        pygame.draw.circle(canvas, body, (c, c + S * 0.02), head_r)
        eyes()
        pygame.draw.arc(canvas, dark, (c - S * 0.14, c - S * 0.06, S * 0.28, S * 0.24), math.pi * 1.1, math.pi * 1.9,
                        max(2, round(S * 0.03)))
    elif kind == "cat":
        for sx in (-1, 1):
            pygame.draw.polygon(canvas, body, [(c + sx * S * 0.27, c - S * 0.05), (c + sx * S * 0.24, c - S * 0.36),
                                               (c + sx * S * 0.06, c - S * 0.2)])
        pygame.draw.circle(canvas, body, (c, c + S * 0.04), head_r * 0.92)
        eyes()
        pygame.draw.polygon(canvas, dark, [(c - S * 0.035, c + S * 0.06), (c + S * 0.035, c + S * 0.06),
                                           (c, c + S * 0.1)])
        for sy in (0.09, 0.13):
            for sx in (-1, 1):
                pygame.draw.line(canvas, dark, (c + sx * S * 0.08, c + S * sy), (c + sx * S * 0.26, c + S * (sy - 0.03)),
                                 max(1, round(S * 0.012)))
    elif kind == "bear":
        for sx in (-1, 1):
            pygame.draw.circle(canvas, body, (c + sx * S * 0.22, c - S * 0.2), S * 0.1)
            pygame.draw.circle(canvas, _shade(color, 1.2), (c + sx * S * 0.22, c - S * 0.2), S * 0.05)
        pygame.draw.circle(canvas, body, (c, c + S * 0.03), head_r)
        pygame.draw.ellipse(canvas, _shade(color, 1.2), (c - S * 0.12, c + S * 0.03, S * 0.24, S * 0.17))
        pygame.draw.ellipse(canvas, dark, (c - S * 0.05, c + S * 0.05, S * 0.1, S * 0.06))
        eyes()
    elif kind == "rabbit":
        for sx in (-1, 1):
            ear = pygame.Rect(0, 0, S * 0.12, S * 0.34)
            ear.center = (round(c + sx * S * 0.1), round(c - S * 0.28))
            pygame.draw.ellipse(canvas, body, ear)
            pygame.draw.ellipse(canvas, (240, 170, 190), ear.inflate(-S * 0.06, -S * 0.1))
        pygame.draw.circle(canvas, body, (c, c + S * 0.06), head_r * 0.9)
        eyes(y=c + S * 0.02)
        pygame.draw.circle(canvas, (230, 120, 150), (c, c + S * 0.12), S * 0.03)
    elif kind == "owl":
        pygame.draw.ellipse(canvas, body, (c - S * 0.28, c - S * 0.3, S * 0.56, S * 0.64))
        for sx in (-1, 1):
            pygame.draw.polygon(canvas, body, [(c + sx * S * 0.12, c - S * 0.26), (c + sx * S * 0.26, c - S * 0.36),
                                               (c + sx * S * 0.26, c - S * 0.18)])
            pygame.draw.circle(canvas, WHITE, (c + sx * S * 0.12, c - S * 0.06), S * 0.1)
        eyes(r=S * 0.05, y=c - S * 0.06, dx=S * 0.12)
        pygame.draw.polygon(canvas, (240, 170, 40), [(c - S * 0.04, c + S * 0.04), (c + S * 0.04, c + S * 0.04),
                                                     (c, c + S * 0.12)])
    elif kind == "fox":
        for sx in (-1, 1):
            pygame.draw.polygon(canvas, body, [(c + sx * S * 0.3, c - S * 0.02), (c + sx * S * 0.26, c - S * 0.36),
                                               (c + sx * S * 0.05, c - S * 0.18)])
        pygame.draw.polygon(canvas, body, [(c - S * 0.32, c - S * 0.12), (c + S * 0.32, c - S * 0.12),
                                           (c + S * 0.2, c + S * 0.14), (c, c + S * 0.3), (c - S * 0.2, c + S * 0.14)])
        pygame.draw.polygon(canvas, WHITE, [(c - S * 0.2, c + S * 0.06), (c + S * 0.2, c + S * 0.06),
                                            (c, c + S * 0.3)])
        eyes(y=c - S * 0.02)
        pygame.draw.circle(canvas, dark, (c, c + S * 0.25), S * 0.04)
    elif kind == "frog":
        pygame.draw.ellipse(canvas, body, (c - S * 0.32, c - S * 0.1, S * 0.64, S * 0.4))
        for sx in (-1, 1):
            pygame.draw.circle(canvas, body, (c + sx * S * 0.15, c - S * 0.13), S * 0.11)
            pygame.draw.circle(canvas, WHITE, (c + sx * S * 0.15, c - S * 0.13), S * 0.075)
        eyes(r=S * 0.045, y=c - S * 0.13, dx=S * 0.15)
        pygame.draw.arc(canvas, dark, (c - S * 0.18, c - S * 0.02, S * 0.36, S * 0.2), math.pi * 1.1, math.pi * 1.9,
                        max(2, round(S * 0.025)))
    elif kind == "robot":
        pygame.draw.line(canvas, body, (c, c - S * 0.22), (c, c - S * 0.34), max(2, round(S * 0.03)))
        pygame.draw.circle(canvas, (240, 80, 80), (c, c - S * 0.35), S * 0.04)
        pygame.draw.rect(canvas, body, (c - S * 0.26, c - S * 0.22, S * 0.52, S * 0.46), border_radius=round(S * 0.08))
        for sx in (-1, 1):
            pygame.draw.rect(canvas, dark, (c + sx * S * 0.11 - S * 0.06, c - S * 0.1, S * 0.12, S * 0.1),
                             border_radius=round(S * 0.02))
        pygame.draw.rect(canvas, dark, (c - S * 0.13, c + S * 0.08, S * 0.26, S * 0.05), border_radius=round(S * 0.02))
    return _finish(canvas, size)


def avatar(kind: str, color: Sequence[int], size: int = AVATAR_SIZE) -> pygame.Surface:
    """A round seat avatar: a face or an animal (AVATAR_KINDS) on a disc of `color`."""
    return _avatar(kind, tuple(color[:3]), _size2(size))


def avatar_for_seat(seat: int, size: int = AVATAR_SIZE, color: Sequence[int] | None = None) -> pygame.Surface:
    """A distinct default avatar for each seat number, on the colour its player chose in a room when ``color``."""
    return avatar(AVATAR_KINDS[seat % len(AVATAR_KINDS)], color or AVATAR_COLORS[seat % len(AVATAR_COLORS)], size)


def clear_cache() -> None:
    """Forget every drawing and font: they die with pygame.quit(), and a new App draws anew."""
    for cached in (_uno_card, _uno_back, _tile, _board_square, _nowords_card, _hardsign_card, _hardsign_bonus,
                   _card_back, _felt, _avatar, _font):
        cached.cache_clear()


assets.on_reset(clear_cache)
