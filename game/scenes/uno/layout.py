"""Geometry and cached pictures of the UNO table: where the seats sit, how the hand fans out,
and card surfaces already scaled, rotated and dimmed (rotating every frame would blow the budget)."""
from __future__ import annotations

import math
from collections import OrderedDict
from functools import lru_cache

import pygame

from game import art, assets
from game.scenes.base import BG_BOTTOM, BG_TOP, HEIGHT, WIDTH

HAND_CARD = (96, 144)
TABLE_CARD = (88, 132)
MINI_CARD = (24, 36)

TABLE_CENTER = (640, 300)
FELT_RADII = (505, 222)
SEAT_RADII = (560, 262)
DIRECTION_RADII = (300, 150)
DECK_POS = (548, 296)
DISCARD_POS = (712, 296)
HAND_BASE_Y = 644  # centre line of an unlifted hand card
HAND_SPAN = 760  # widest the fan gets before cards overlap more
HAND_CENTER_X = 640
PLATE_SIZE = (172, 58)
ME_PLATE = pygame.Rect(14, HEIGHT - 70, 176, 62)
# a plate's top edge stays this far down the screen: its row of marks («сдаёт», «УНО!»; 23 px tall in
# «Крупный текст») hangs above it there, not over the name of a seat at the top of the table
PLATE_TOP = 18

COLOUR_RGB = dict(art.UNO_COLORS)
COLOUR_RGB["black"] = (60, 60, 70)
WHEEL_ORDER = ("red", "blue", "green", "yellow")  # top, right, bottom, left: the arrows pick directly


def stable_hash(text: str) -> int:
    """FNV-1a: the same in every run (str hash() is salted per process)."""
    value = 2166136261
    for byte in text.encode("utf-8"):
        value = ((value ^ byte) * 16777619) & 0xFFFFFFFF
    return value


def pile_pose(card_id: str) -> tuple[float, float, float]:
    """Offset and tilt of a card on the discard pile, fixed per card so the pile never twitches."""
    h = stable_hash(card_id)
    angle = (h % 33) - 16
    dx = ((h >> 8) % 13) - 6
    dy = ((h >> 16) % 11) - 5
    return dx, dy, angle


# ---------------------------------------------------------------------------------------------- seats
def seat_angle(rel: int, n: int) -> float:
    """Angle (degrees, screen coordinates: 90 is straight down) of the seat ``rel`` places after
    mine; play goes clockwise on screen: left, over the top, right."""
    if rel == 0:
        return 90.0
    others = n - 1
    start, end = 162.0, 378.0
    return start + (rel - 0.5) / others * (end - start)


@lru_cache(maxsize=32)
def seat_centres(n: int, me: int) -> tuple[tuple[int, int], ...]:
    """Plate centre of every seat; ``me`` (0 for a watcher) sits at the bottom-left corner."""
    cx, cy = TABLE_CENTER
    rx, ry = SEAT_RADII
    out = []
    for seat in range(n):
        rel = (seat - me) % n
        if rel == 0:
            out.append(ME_PLATE.center)
            continue
        a = math.radians(seat_angle(rel, n))
        out.append((round(cx + rx * math.cos(a)), round(cy + ry * math.sin(a))))
    return tuple(out)


def plate_rect(centre: tuple[int, int]) -> pygame.Rect:
    rect = pygame.Rect((0, 0), PLATE_SIZE)
    rect.center = centre
    return rect.clamp(pygame.Rect(6, PLATE_TOP, WIDTH - 12, HEIGHT - 6 - PLATE_TOP))


BADGE_GAP = 4  # between two marks of one plate
BADGE_HANG = 7  # how far a plate's marks reach down over its top edge: onto its frame, short of its name


def badge_row(plate: pygame.Rect, sizes: list[tuple[int, int]], ceiling: int) -> list[pygame.Rect]:
    """Where a plate's marks stand (``sizes`` from its right corner leftward): side by side along its top edge,
    hanging onto the frame, so several read as one row and none covers another. The row stays below ``ceiling``
    (the screen's top, your plate's emote chips above it) and sinks into the plate where the room there is short."""
    if not sizes:
        return []
    height = max(h for _, h in sizes)
    top = max(ceiling, plate.top + BADGE_HANG - height)
    rects = []
    right = plate.right - 10
    for w, h in sizes:
        rects.append(pygame.Rect(right - w, top + (height - h) // 2, w, h))
        right -= w + BADGE_GAP
    push = max(0, 2 - rects[-1].left)  # a row wider than a plate at the screen's left edge
    return [rect.move(push, 0) for rect in rects]


def name_corner(plate: pygame.Rect, marks: list[pygame.Rect]) -> int:
    """How much of the right end of a plate's name line its marks cover (0: they hang above it)."""
    over = [rect for rect in marks if rect.bottom > plate.top + BADGE_HANG + 2 and rect.top < plate.top + 30]
    return plate.right - min(rect.left for rect in over) + BADGE_GAP if over else 0


def shortened(name: str, letters: int) -> str:
    """``name`` cut to ``letters`` with «…» (a typed name may run to 24 letters)."""
    return name if len(name) <= letters else name[:letters].rstrip() + "…"


def fitted(text: str, size: int, color, face: str, width: int) -> pygame.Surface:
    """A label that fits ``width``: a little smaller first («Крупный текст» cut «Маша» to «Ма…»), then cut with «…»
    (names typed in the settings can be long)."""
    label = assets.text(text, size, color, face)
    if label.get_width() > width:
        size = max(round(size * 0.8), size * width // label.get_width())
    return cut_to(text, size, color, face, width)


def cut_to(text: str, size: int, color, face: str, width: int) -> pygame.Surface:
    """``text`` at ``size``, its end cut with «…» until it fits ``width``."""
    label = assets.text(text, size, color, face)
    while label.get_width() > width and len(text) > 1:
        text = text[:-1]
        label = assets.text(text.rstrip() + "…", size, color, face)
    return label


# ---------------------------------------------------------------------------------------------- hand
def hand_layout(count: int, span: float = HAND_SPAN) -> list[tuple[float, float, float]]:
    """Resting (x, y, angle) of each card of a fanned hand."""
    if count <= 0:
        return []
    width = HAND_CARD[0]
    step = min(70.0, (span - width) / max(1, count - 1)) if count > 1 else 0.0
    tilt = min(3.2, 34.0 / max(1, count))
    out = []
    for i in range(count):
        k = i - (count - 1) / 2
        x = HAND_CENTER_X + k * step
        y = HAND_BASE_Y + (k * step / 360.0) ** 2 * 60
        out.append((x, y, -k * tilt))
    return out


def hand_hit(xs: list[float], pos: tuple[int, int], lifted: list[float]) -> int | None:
    """Index of the card under the mouse: each card owns the strip up to its right neighbour."""
    if not xs:
        return None
    px, py = pos
    w, h = HAND_CARD
    for i in range(len(xs) - 1, -1, -1):
        left = xs[i] - w / 2
        top = HAND_BASE_Y - h / 2 - lifted[i] - 6
        if left <= px <= xs[i] + w / 2 and top <= py <= HEIGHT:
            return i
    return None


# ---------------------------------------------------------------------------------------------- sprites
_avatars: dict[tuple, pygame.Surface] = {}
assets.on_reset(_avatars.clear)


def avatar(seat: int, size: int, colour: tuple | None = None) -> pygame.Surface:
    """The seat's face, on its room colour when it has one (``TableScene.seat_colour``)."""
    surface = _avatars.get((seat, size, colour))
    if surface is None:
        surface = art.avatar_for_seat(seat, size, colour)
        if pygame.display.get_surface() is not None:
            surface = surface.convert_alpha()
        _avatars[(seat, size, colour)] = surface
    return surface


def _display_ready(surface: pygame.Surface) -> pygame.Surface:
    return surface.convert_alpha() if pygame.display.get_surface() is not None else surface


SPRITES = assets.SPRITES / "uno"


@lru_cache(maxsize=512)
def card(colour: str, value: str, size: tuple[int, int], colorblind: bool) -> pygame.Surface:
    """A card face at ``size`` (``colour`` as the rules say it: "black" for wild cards).

    Drawing a face with game.art takes tens of milliseconds (it is supersampled), far more than
    a frame, and a new face turns up at any moment of a game; so the faces come from the 120×180
    pictures tools/make_sprites.py made with the same art, scaled down, and art draws only what
    has no picture."""
    path = SPRITES / f"{colour}_{value}.png"
    if path.is_file() and size[0] <= 120:
        try:
            surface = pygame.transform.smoothscale(_display_ready(pygame.image.load(str(path))), size)
        except (pygame.error, OSError):
            surface = None
        if surface is not None:
            if colorblind and colour in art.UNO_COLORS:
                add_colour_marks(surface, colour)
            return art.kept_clear(surface)
    art_colour = None if colour == "black" else colour
    try:
        surface = art.uno_card(art_colour, value, size, colorblind=colorblind)
    except ValueError:  # a face the art does not know yet: a plain card with its name
        surface = pygame.Surface(size, pygame.SRCALPHA)
        pygame.draw.rect(surface, COLOUR_RGB.get(colour, (80, 80, 80)), surface.get_rect(), border_radius=8)
        label = assets.text(value, 18, (255, 255, 255), "bold")
        surface.blit(label, label.get_rect(center=surface.get_rect().center))
    return _display_ready(surface)


def add_colour_marks(surface: pygame.Surface, colour: str) -> None:
    """The colour-blind shape in two corners, where game.art puts it on its own cards."""
    w, h = surface.get_size()
    x, y = w * 0.815, w * 0.195
    for cx, cy in ((x, y), (w - x, h - y)):
        art.draw_color_shape(surface, colour, (cx, cy), max(3.0, w * 0.065))


@lru_cache(maxsize=16)
def back(size: tuple[int, int]) -> pygame.Surface:
    path = SPRITES / "back.png"
    if path.is_file() and size[0] <= 120:
        try:
            return art.kept_clear(pygame.transform.smoothscale(_display_ready(pygame.image.load(str(path))), size))
        except (pygame.error, OSError):
            pass
    return _display_ready(art.uno_back(size))


@lru_cache(maxsize=512)
def dimmed(colour: str, value: str, size: tuple[int, int], colorblind: bool) -> pygame.Surface:
    """The face a little darker: cards that cannot be played now."""
    surface = card(colour, value, size, colorblind).copy()
    surface.fill((150, 150, 150, 255), special_flags=pygame.BLEND_RGBA_MULT)
    return surface


def _forget_pictures() -> None:
    """pygame.quit() kills the fonts and the display format: a new App draws everything anew."""
    for cached in (card, back, dimmed, table_surface, glow, selection_halo, wheel_segment, seat_centres):
        cached.cache_clear()


class Rotations:
    """Rotated (and scaled) copies of card pictures, least recently used dropped first."""

    def __init__(self, limit: int = 900):
        self.limit = limit
        self.cache: OrderedDict[tuple, pygame.Surface] = OrderedDict()

    def get(self, key: tuple, source: pygame.Surface, angle: float, scale: float = 1.0, step: float = 1.0) -> pygame.Surface:
        angle_q = round(angle / step) * step
        scale_q = round(scale * 20) / 20
        if angle_q == 0 and scale_q == 1.0:
            return source
        full = (key, angle_q, scale_q)
        surface = self.cache.get(full)
        if surface is None:
            surface = pygame.transform.rotozoom(source, angle_q, scale_q)
            self.cache[full] = surface
            if len(self.cache) > self.limit:
                self.cache.popitem(last=False)
        else:
            self.cache.move_to_end(full)
        return surface


@lru_cache(maxsize=8)
def table_surface(colour: str | None = None) -> pygame.Surface:
    """The whole backdrop in one opaque picture: the evening gradient, the felt oval with a wooden
    rim, and the light of the colour in force under the discard pile (one picture per colour:
    a full-canvas blit is the most expensive thing in a frame, so it is done once)."""
    if colour is not None:
        surface = table_surface(None).copy()
        light = glow(COLOUR_RGB[colour], 130, 170)
        surface.blit(light, light.get_rect(center=DISCARD_POS))
        return surface
    size = (WIDTH, HEIGHT)
    surface = pygame.Surface(size)
    h = size[1]
    for y in range(h):
        k = y / max(1, h - 1)
        pygame.draw.line(surface, [round(a + (b - a) * k) for a, b in zip(BG_TOP, BG_BOTTOM)], (0, y), (size[0], y))
    cx, cy = TABLE_CENTER
    rx, ry = FELT_RADII
    shadow = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.ellipse(shadow, (0, 0, 0, 90), pygame.Rect(cx - rx - 18, cy - ry - 4, 2 * rx + 36, 2 * ry + 40))
    surface.blit(shadow, (0, 0))
    rim = pygame.Rect(cx - rx - 16, cy - ry - 16, 2 * rx + 32, 2 * ry + 32)
    pygame.draw.ellipse(surface, (92, 58, 34), rim)
    pygame.draw.ellipse(surface, (128, 84, 48), rim.inflate(-6, -6))
    pygame.draw.ellipse(surface, (70, 42, 24), rim.inflate(-26, -26))
    felt_rect = pygame.Rect(cx - rx, cy - ry, 2 * rx, 2 * ry)
    texture = art.felt((256, 256), (28, 110, 62), seed=4)
    felt = pygame.Surface(felt_rect.size, pygame.SRCALPHA)
    for x in range(0, felt_rect.width, texture.get_width()):
        for y in range(0, felt_rect.height, texture.get_height()):
            felt.blit(texture, (x, y))
    # a soft light in the middle, darker toward the rim
    light = pygame.Surface(felt_rect.size, pygame.SRCALPHA)
    for i in range(14):
        k = i / 13
        r = light.get_rect().inflate(-k * felt_rect.width * 0.8, -k * felt_rect.height * 0.8)
        pygame.draw.ellipse(light, (255, 255, 230, 5), r)
    felt.blit(light, (0, 0))
    mask = pygame.Surface(felt_rect.size, pygame.SRCALPHA)
    pygame.draw.ellipse(mask, (255, 255, 255, 255), mask.get_rect())
    felt.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    surface.blit(felt, felt_rect)
    pygame.draw.ellipse(surface, (20, 70, 40), felt_rect, 3)
    # the track the direction chevrons run along
    track = pygame.Rect(0, 0, 2 * DIRECTION_RADII[0], 2 * DIRECTION_RADII[1])
    track.center = TABLE_CENTER
    ring = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.ellipse(ring, (255, 255, 255, 22), track, 14)
    surface.blit(ring, (0, 0))
    # the hand's shelf at the bottom
    shelf = pygame.Surface((WIDTH, 170), pygame.SRCALPHA)
    for y in range(170):
        pygame.draw.line(shelf, (0, 0, 0, round(110 * y / 170)), (0, y), (WIDTH, y))
    surface.blit(shelf, (0, HEIGHT - 170))
    return surface.convert() if pygame.display.get_surface() is not None else surface


@lru_cache(maxsize=16)
def glow(colour: tuple[int, int, int], radius: int, strength: int = 150) -> pygame.Surface:
    """A soft round light: the colour in force under the discard pile, flashes."""
    surface = pygame.Surface((radius * 2, radius * 2), pygame.SRCALPHA)
    steps = 24
    for i in range(steps):
        k = i / steps
        r = round(radius * (1 - k))
        a = round(strength * (k ** 1.6) / steps * 2.2)
        pygame.draw.circle(surface, (*colour, min(255, a)), (radius, radius), r)
    return _display_ready(surface)


@lru_cache(maxsize=1)
def selection_halo() -> pygame.Surface:
    """A golden frame behind the selected hand card."""
    w, h = HAND_CARD
    surface = pygame.Surface((w + 14, h + 14), pygame.SRCALPHA)
    pygame.draw.rect(surface, (244, 186, 66, 110), surface.get_rect(), border_radius=14)
    pygame.draw.rect(surface, (255, 220, 120, 255), surface.get_rect().inflate(-4, -4), 3, border_radius=12)
    return _display_ready(surface)


@lru_cache(maxsize=64)
def wheel_segment(colour: str, radius: int, inner: int, selected: bool) -> pygame.Surface:
    """One quarter of the colour-choice wheel (top quarter; rotated into place by the caller)."""
    size = radius * 2 + 8
    surface = pygame.Surface((size, size), pygame.SRCALPHA)
    c = size / 2
    points = []
    for k in range(25):
        a = math.radians(-135 + 90 * k / 24)
        points.append((c + radius * math.cos(a), c + radius * math.sin(a)))
    for k in range(24, -1, -1):
        a = math.radians(-135 + 90 * k / 24)
        points.append((c + inner * math.cos(a), c + inner * math.sin(a)))
    pygame.draw.polygon(surface, COLOUR_RGB[colour], points)
    pygame.draw.polygon(surface, (255, 255, 255) if selected else (20, 20, 24), points, 5 if selected else 3)
    return _display_ready(surface)


def draw_direction_arrow(surface: pygame.Surface, centre: tuple[float, float], angle_deg: float, size: float,
                         colour: tuple) -> None:
    """A chevron pointing along ``angle_deg`` (the fonts have no arrow glyphs)."""
    a = math.radians(angle_deg)
    cx, cy = centre
    tip = (cx + math.cos(a) * size, cy + math.sin(a) * size)
    left = (cx + math.cos(a + 2.5) * size, cy + math.sin(a + 2.5) * size)
    right = (cx + math.cos(a - 2.5) * size, cy + math.sin(a - 2.5) * size)
    notch = (cx - math.cos(a) * size * 0.2, cy - math.sin(a) * size * 0.2)
    pygame.draw.polygon(surface, colour, [tip, left, notch, right])


assets.on_reset(_forget_pictures)
