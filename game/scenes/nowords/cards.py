"""The «Нет слов» cards as the table draws them: a letter card with its shadow, tilted, lit or dimmed, and a back;
each look made once and kept (rotating every frame would blow the budget). The numbered dot on a card tells its
place in a word being spelled or taken."""
from __future__ import annotations

import pygame

from game import art, assets
from game.scenes.base import ACCENT

_rotated: dict[tuple, pygame.Surface] = {}
assets.on_reset(_rotated.clear)


def card_image(letter: str, red: bool, size: tuple[int, int], angle: float = 0.0, glow: tuple | None = None,
               dim: bool = False) -> pygame.Surface:
    """A card with its shadow (and an optional glow), tilted, perhaps dimmed; cached per look."""
    key = (letter, red, size, round(angle), glow, dim)
    cached = _rotated.get(key)
    if cached is not None:
        return cached
    face = art.nowords_card(letter, red, size)
    pad = 7
    base = pygame.Surface((size[0] + 2 * pad, size[1] + 2 * pad), pygame.SRCALPHA)
    pygame.draw.rect(base, (0, 0, 0, 70), pygame.Rect(pad + 3, pad + 5, *size), border_radius=9)
    if glow is not None:
        pygame.draw.rect(base, (*glow, 230), pygame.Rect(pad - 6, pad - 6, size[0] + 12, size[1] + 12), 6,
                         border_radius=14)
    base.blit(face, (pad, pad))
    out = pygame.transform.rotozoom(base, round(angle), 1.0) if round(angle) else base
    if dim:
        out.fill((255, 255, 255, 150), special_flags=pygame.BLEND_RGBA_MULT)
    if pygame.display.get_surface() is not None:
        out = out.convert_alpha()
    if len(_rotated) > 600:
        _rotated.clear()
    _rotated[key] = out
    return out


def back_image(size: tuple[int, int], angle: float = 0.0) -> pygame.Surface:
    key = ("back", size, round(angle))
    cached = _rotated.get(key)
    if cached is None:
        cached = pygame.transform.rotozoom(art.card_back("nowords", size), round(angle), 1.0)
        _rotated[key] = cached
    return cached


def number_dot(surface: pygame.Surface, number: int, x: float, y: float) -> None:
    """``number`` in a gold dot at the top right of the card centred on (x, y)."""
    n = assets.text(str(number), 14, (20, 20, 20), "bold")
    dot = pygame.Rect(0, 0, 22, 22)
    dot.center = (round(x + 30), round(y - 44))
    pygame.draw.ellipse(surface, ACCENT, dot)
    surface.blit(n, n.get_rect(center=dot.center))
