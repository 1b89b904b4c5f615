"""The «Твёрдый знак» pictures as the table draws them: letter cards (the specials black) with their shadow and glow,
backs, bonus cards, a card dimmed at its place while the word uses it, the gold star, the badges of the extra cards;
each look made once and kept. Beside them the two lines a card or a bank carries: what a special card stands for,
and a count of stars with a drawn star."""
from __future__ import annotations

import math

import pygame

from game import art, assets
from game.rules import hardsign as hs
from game.rules.words_ru import place_of
from game.scenes.base import GOLD, fitted_text, panel
from game.scenes.hardsign.layout import PALE

DIMMED_CARD = (96, 112, 120)  # a card in the word being made, at its place: multiplied toward the felt's blue

_cards: dict[tuple, pygame.Surface] = {}


def _forget_pictures() -> None:
    """pygame.quit() kills the fonts and the display format: a new App draws everything anew."""
    _cards.clear()  # art's own drawings and fonts are cleared by art itself


assets.on_reset(_forget_pictures)


def card_surface(face: str, size: tuple[int, int], glow: tuple | None = None) -> pygame.Surface:
    """A letter card (cached by the art module); specials are the black cards."""
    key = (face, size, glow)
    cached = _cards.get(key)
    if cached is None:
        special = hs.is_special(face) or face == hs.HARD_SIGN
        label = hs.label(face) if hs.is_special(face) else face
        face_surface = art.hardsign_card(label, hs.stars(face), size, special=special)
        pad = 6
        cached = pygame.Surface((size[0] + 2 * pad, size[1] + 2 * pad), pygame.SRCALPHA)
        pygame.draw.rect(cached, (0, 0, 0, 70), pygame.Rect(pad + 2, pad + 4, *size), border_radius=9)
        if glow is not None:
            pygame.draw.rect(cached, glow, pygame.Rect(0, 0, size[0] + 2 * pad, size[1] + 2 * pad), 4,
                             border_radius=12)
        cached.blit(face_surface, (pad, pad))
        if pygame.display.get_surface() is not None:
            cached = cached.convert_alpha()
        _cards[key] = cached
    return cached


def back_surface(size: tuple[int, int], kind: str = "hardsign") -> pygame.Surface:
    key = ("back", kind, size)
    cached = _cards.get(key)
    if cached is None:
        cached = art.card_back(kind, size)
        if pygame.display.get_surface() is not None:
            cached = cached.convert_alpha()
        _cards[key] = cached
    return cached


def bonus_surface(title: str, points: int, size: tuple[int, int]) -> pygame.Surface:
    key = ("bonus", title, points, size)
    cached = _cards.get(key)
    if cached is None:
        cached = art.hardsign_bonus(title, points, size)
        if pygame.display.get_surface() is not None:
            cached = cached.convert_alpha()
        _cards[key] = cached
    return cached


def dimmed(face: str, size: tuple[int, int]) -> pygame.Surface:
    key = ("dim", face, size)
    cached = _cards.get(key)
    if cached is None:  # darkened, not see-through: a fourth or fifth place's «4-я» read through its letter
        cached = card_surface(face, size).copy()
        cached.fill(DIMMED_CARD, special_flags=pygame.BLEND_RGB_MULT)
        _cards[key] = cached
    return cached


def star_icon(size: int) -> pygame.Surface:
    """A gold star drawn as a polygon: the text fonts have no ★ glyph."""
    key = ("star", size)
    cached = _cards.get(key)
    if cached is None:
        cached = pygame.Surface((size, size), pygame.SRCALPHA)
        c, r = size / 2, size / 2 - 1
        points = [(c + (r if i % 2 == 0 else r * 0.45) * math.sin(i * math.pi / 5),
                   c - (r if i % 2 == 0 else r * 0.45) * math.cos(i * math.pi / 5)) for i in range(10)]
        pygame.draw.polygon(cached, GOLD, points)
        _cards[key] = cached
    return cached


def badge(text: str, color: tuple) -> pygame.Surface:
    """A small pill: an extra card held by a seat («1-й +1», «длинное +10»)."""
    key = ("badge", text, color)
    cached = _cards.get(key)
    if cached is None:
        light = 0.2126 * color[0] + 0.7152 * color[1] + 0.0722 * color[2] > 110  # white on gold read 2.7:1
        label = assets.text(text, 15, (30, 30, 30) if light else (255, 255, 255), "bold")
        cached = panel((label.get_width() + 16, 24), color, (255, 255, 255), 1, 12).copy()
        cached.blit(label, label.get_rect(center=(cached.get_width() // 2, 12)))
        _cards[key] = cached
    return cached


def early_badge(holder: str) -> pygame.Surface:
    """«Раньше всех» on the seat that holds it: «1-й +1», «1-я +1», as the holder's name agrees."""
    return badge(f"{place_of(1, holder)} +1", (70, 140, 220))


def crown_badge() -> pygame.Surface:
    return badge("длинное +10", (200, 150, 40))


def draw_card_tip(surface: pygame.Surface, face: str, slot: pygame.Rect, width: int, colour=PALE) -> None:
    """Under a special card, in hand or on the table, what it stands for («æ» — «любая гласная»): its mark alone
    explains nothing. ``width``: up to the next card's tip, large text too."""
    if hs.is_special(face) or face == hs.THREE:
        text = fitted_text(hs.NAMES_RU.get(face, ""), 13, colour, "text", width)
        surface.blit(text, text.get_rect(midtop=(slot.centerx, slot.bottom + 4)))


def blit_stars(surface: pygame.Surface, text: str, pos, size: int, color, tail: str = "",
               width: int | None = None) -> None:
    """«text★tail»: a line with a drawn star after the number, all of it smaller where ``width`` is too little
    (six seats' plates in large text: « · 14 карт» ran out of its plate)."""
    label, tail_label = assets.text(text, size, color), assets.text(tail, size, color) if tail else None
    star = round(size * assets.text_scale)
    whole = label.get_width() + 4 + star + (tail_label.get_width() if tail_label else 0)
    if width is not None and whole > width:
        size = max(8, size * width // whole)
        label, tail_label = assets.text(text, size, color), assets.text(tail, size, color) if tail else None
        star = round(size * assets.text_scale)
    surface.blit(label, pos)
    x = pos[0] + label.get_width() + 2
    surface.blit(star_icon(star), (x, pos[1] + 2))
    if tail_label:
        surface.blit(tail_label, (x + star + 2, pos[1]))
