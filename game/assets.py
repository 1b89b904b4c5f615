"""Fonts, images and rendered text, loaded once and cached."""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import pygame
import pygame.freetype

ROOT = Path(__file__).resolve().parent.parent
ASSETS = ROOT / "assets"
FONTS = ASSETS / "fonts"
SPRITES = ASSETS / "sprites"
SOUNDS = ASSETS / "sounds"

FACES = {
    "heading": FONTS / "Manrope-ExtraBold.ttf",  # titles and big numbers: geometric, with upright Cyrillic т and д
    "bold": FONTS / "NotoSans-Bold.ttf",
    "text": FONTS / "NotoSans-Regular.ttf",
}

text_scale = 1.0  # «крупный текст» in settings raises it


def _ensure_freetype() -> None:
    if not pygame.freetype.get_init():
        pygame.freetype.init()


@lru_cache(maxsize=None)
def font(face: str, size: int) -> pygame.freetype.Font:
    _ensure_freetype()
    f = pygame.freetype.Font(str(FACES[face]), size)
    f.pad = True  # every line of one size has the same height: no jumping baselines
    return f


@lru_cache(maxsize=4096)
def _text(content: str, face: str, size: int, color: tuple[int, int, int]) -> pygame.Surface:
    surface, _ = font(face, size).render(content, color)
    # matching the display's pixel format once makes every later blit several times cheaper
    return surface.convert_alpha() if pygame.display.get_surface() is not None else surface


# The layout check's registry (tests/layout_check.py): while set, every line of text is handed to it and it returns
# the surface to draw, one that remembers its words and colour. None, the default, costs one comparison a call.
text_registry = None


def text(content: str, size: int, color=(240, 240, 240), face: str = "text") -> pygame.Surface:
    """A rendered line of text; the same line is rendered once and then reused."""
    surface = _text(content, face, max(6, round(size * text_scale)), tuple(color))
    return surface if text_registry is None else text_registry(surface, content, tuple(color))


def set_text_scale(scale: float) -> None:
    """«Крупный текст» switched: every picture kept with text in it is drawn again at the new size."""
    global text_scale
    if scale != text_scale:
        text_scale = scale
        reset()


def missing_glyphs(face: str, chars: str) -> list[str]:
    f = font(face, 24)
    return [c for c in chars if f.get_metrics(c)[0] is None]


@lru_cache(maxsize=None)
def image(name: str) -> pygame.Surface:
    surface = pygame.image.load(str(SPRITES / name))
    return surface.convert_alpha() if pygame.display.get_surface() else surface


_reset_hooks: list = []


def on_reset(hook) -> None:
    """Register a cache that must be emptied when pygame shuts down (fonts die with it)."""
    _reset_hooks.append(hook)


def reset() -> None:
    font.cache_clear()
    _text.cache_clear()
    image.cache_clear()
    for hook in _reset_hooks:
        hook()


@lru_cache(maxsize=512)
def panel(size: tuple[int, int], fill: tuple, edge: tuple, border: int, radius: int = 14) -> pygame.Surface:
    """A rounded panel, drawn once per look: rounded rectangles are slow to draw every frame."""
    surface = pygame.Surface(size, pygame.SRCALPHA)
    rect = surface.get_rect()
    pygame.draw.rect(surface, fill, rect, border_radius=radius)
    if border:
        pygame.draw.rect(surface, edge, rect, border, border_radius=radius)
    return surface.convert_alpha() if pygame.display.get_surface() is not None else surface


on_reset(panel.cache_clear)


def fitted_text(words: str, size: int, color: tuple, face: str, width: int) -> pygame.Surface:
    """A line no wider than ``width``: drawn smaller when «Крупный текст» would run it out of its box."""
    label = text(words, size, color, face)
    if label.get_width() <= width:
        return label
    return text(words, max(8, size * width // label.get_width()), color, face)
