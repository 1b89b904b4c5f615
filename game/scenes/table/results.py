"""The results panel at the end of a game: a title, the players from first to last with their total, a hint how to
go on. The word tables and the board show their results on it; what differs is their look (sizes, colours) and what
each row says — UNO's round-by-round results screen is a scene of its own (game/scenes/uno/results.py)."""
from __future__ import annotations

from dataclasses import dataclass

import pygame

from game import assets
from game.scenes.base import ACCENT, GOLD, INK, INK_DIM, panel


@dataclass(frozen=True)
class ResultRow:
    name: str
    total: str = ""  # the right column, large
    detail: str = ""  # the middle column, small
    winner: bool = False
    detail_color: tuple = INK_DIM
    mark: pygame.Surface | None = None  # before the name: the face, a star


@dataclass(frozen=True)
class ResultsLook:
    width: int = 600
    row_h: int = 44
    fill: tuple = (16, 34, 30)
    edge: tuple = ACCENT
    title_color: tuple = ACCENT
    title_size: int = 34
    winner_color: tuple = GOLD
    name_size: int = 22
    name_x: int = 48  # from the panel's left; a mark stands at 20
    detail_size: int = 16
    detail_x: int = 250
    detail_right: bool = False  # the detail column ends at ``detail_x`` instead of starting there
    total_size: int = 26
    radius: int = 22


def draw_results_panel(surface: pygame.Surface, centre: tuple[int, int], title: str, rows: list[ResultRow],
                       look: ResultsLook = ResultsLook(), subtitle: str = "", headers: tuple[str, str, str] | None = None,
                       foot: str = "") -> pygame.Rect:
    """The panel centred on ``centre``, rows in the order given; returns where it stands."""
    # inside the panel however long the names in them (24 letters each, large text)
    head = assets.fitted_text(title, look.title_size, look.title_color, "heading", look.width - 40)
    sub = assets.fitted_text(subtitle, 16, INK_DIM, "text", look.width - 40) if subtitle else None
    # the note under the title's letters, not under its line's box: in large text a title's р and у reached the note
    sub_top = max(62, 16 + head.get_bounding_rect(1).bottom + 3 - sub.get_bounding_rect(1).top) if sub else 0
    rows_top = max(70 + 28, sub_top + sub.get_height() + 2) if sub else 70
    top_block = rows_top + (26 if headers else 0)
    box = pygame.Rect(0, 0, look.width, top_block + look.row_h * len(rows) + (40 if foot else 16))
    box.center = centre
    surface.blit(panel(box.size, look.fill, look.edge, 3, look.radius), box)
    surface.blit(head, head.get_rect(midtop=(box.centerx, box.top + 16)))
    if sub:
        surface.blit(sub, sub.get_rect(midtop=(box.centerx, box.top + sub_top)))
    y = box.top + rows_top
    if headers:
        for text, where in zip(headers, ("name", "detail", "total")):
            label = assets.text(text, 14, INK_DIM, "bold")
            surface.blit(label, _place(label, box, look, where, y + label.get_height() // 2))
        y += 26
    for row in rows:
        colour = look.winner_color if row.winner else INK
        if row.mark is not None:
            surface.blit(row.mark, (box.left + 20, y + (look.row_h - 12 - row.mark.get_height()) // 2))
        name = assets.text(row.name, look.name_size, colour, "bold")
        middle = y + 4 + name.get_height() // 2  # every column of a row stands on the name's line
        total = assets.text(row.total, look.total_size, colour, "heading") if row.total else None
        total_at = _place(total, box, look, "total", middle) if total else pygame.Rect(box.right - 30, middle, 0, 0)
        detail_at = None
        if row.detail:
            # a line of details shrinks to the room before the total, a long name to the room before the details
            # (24 letters, large text: each ran under the next)
            room = (total_at.left - 12 - (box.left + look.detail_x) if not look.detail_right
                    else look.detail_x - look.name_x - 120)  # right-aligned details leave a name 120 px at least
            detail = assets.fitted_text(row.detail, look.detail_size, row.detail_color, "text", room)
            detail_at = _place(detail, box, look, "detail", middle)
        name_end = detail_at.left - 14 if detail_at else total_at.left - 14
        name = assets.fitted_text(row.name, look.name_size, colour, "bold", name_end - (box.left + look.name_x))
        surface.blit(name, _place(name, box, look, "name", middle))
        if detail_at:
            surface.blit(detail, detail_at)
        if total:
            surface.blit(total, total_at)
        y += look.row_h
    if foot:
        note = assets.text(foot, 15, INK_DIM)
        surface.blit(note, note.get_rect(midbottom=(box.centerx, box.bottom - 12)))
    return box


def _place(picture: pygame.Surface, box: pygame.Rect, look: ResultsLook, column: str, middle: int) -> pygame.Rect:
    """Where a column's text stands, its middle at the height ``middle``."""
    if column == "name":
        return picture.get_rect(midleft=(box.left + look.name_x, middle))
    if column == "detail":
        anchor = "midright" if look.detail_right else "midleft"
        return picture.get_rect(**{anchor: (box.left + look.detail_x, middle)})
    return picture.get_rect(midright=(box.right - 30, middle))
