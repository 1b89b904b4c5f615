"""The dialog a table opens over itself (who moves next, a word to vote on, the blank's letter, a «+4» to check):
a framed panel with a title and a line or two, and a row of buttons along its bottom. Tables keep what their dialogs
ask and how the keys move among the answers; the frame, the buttons' places and their look are drawn here."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

import pygame

from game import assets
from game.scenes.base import ACCENT, INK, INK_DIM, PANEL, PANEL_EDGE, panel


@dataclass(frozen=True)
class DialogLook:
    fill: tuple = (16, 34, 30)
    border: int = 3
    radius: int = 20
    title_size: int = 28
    title_top: int = 16
    note_size: int = 15
    note_color: tuple = INK_DIM
    note_top: int = 54
    line_gap: int = 21
    shadow: bool = True  # a soft dark plate under the panel, lifting it off the table
    button_w: int = 200
    button_h: int = 44
    button_gap: int = 16
    button_bottom: int = 18  # the buttons' row ends this far above the panel's bottom
    button_fill: tuple = PANEL
    button_fill_focused: tuple = PANEL
    button_radius: int = 10
    button_border: int = 2  # a focused button's edge is one wider and in the accent
    label_size: int = 18


def draw_dialog_frame(surface: pygame.Surface, box: pygame.Rect, title: str, lines: Sequence[str] = (),
                      look: DialogLook = DialogLook()) -> None:
    if look.shadow:
        shade = panel(box.inflate(12, 12).size, (0, 0, 0), (0, 0, 0), 0, look.radius + 2)
        shade.set_alpha(110)
        surface.blit(shade, box.inflate(12, 12).move(4, 6))
        shade.set_alpha(None)
    surface.blit(panel(box.size, look.fill, ACCENT, look.border, look.radius), box)
    heading = assets.text(title, look.title_size, ACCENT, "heading")
    surface.blit(heading, heading.get_rect(midtop=(box.centerx, box.top + look.title_top)))
    for i, line in enumerate(lines):
        label = assets.text(line, look.note_size, look.note_color)
        surface.blit(label, label.get_rect(midtop=(box.centerx, box.top + look.note_top + look.line_gap * i)))


def button_rects(box: pygame.Rect, count: int, look: DialogLook = DialogLook()) -> list[pygame.Rect]:
    """``count`` buttons side by side, centred along the bottom of ``box``."""
    width = count * look.button_w + (count - 1) * look.button_gap
    left, top = box.centerx - width // 2, box.bottom - look.button_bottom - look.button_h
    return [pygame.Rect(left + i * (look.button_w + look.button_gap), top, look.button_w, look.button_h)
            for i in range(count)]


def draw_buttons(surface: pygame.Surface, rects: Sequence[pygame.Rect], labels: Sequence[str], focused: int | None,
                 look: DialogLook = DialogLook()) -> None:
    for i, (rect, text) in enumerate(zip(rects, labels)):
        on = i == focused
        surface.blit(panel(rect.size, look.button_fill_focused if on else look.button_fill, ACCENT if on else PANEL_EDGE,
                           look.button_border + (1 if on else 0), look.button_radius), rect)
        label = assets.text(text, look.label_size, INK, "bold")
        surface.blit(label, label.get_rect(center=rect.center))


def button_at(rects: Sequence[pygame.Rect], pos: tuple[int, int] | None) -> int | None:
    """The button under the pointer, if any."""
    if pos is None:
        return None
    return next((i for i, rect in enumerate(rects) if rect.collidepoint(pos)), None)
