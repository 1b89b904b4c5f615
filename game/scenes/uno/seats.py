"""The seats around the UNO table: each other seat's plate (face, name, cards, score) with its cards fanned in front
of it and its marks («УНО!», «сдаёт», «напарник»…), and your own plate in the corner. ``SeatPlates`` keeps what the
plates ease and count between frames; the drawing reads the table scene (``table``) it is given."""
from __future__ import annotations

import math
from functools import lru_cache
from typing import NamedTuple

import pygame

from game import assets
from game.rules.words_ru import count as count_of
from game.scenes.base import ACCENT, HEIGHT, INK, INK_DIM, PANEL_EDGE, WIDTH, mix, panel
from game.scenes.table.plates import paint_absence, plate_name
from game.scenes.uno.buttons import EMOTE_GRID
from game.scenes.uno.layout import ME_PLATE, MINI_CARD, avatar, back, badge_row, fitted, name_corner

PARTNER_EDGE = (70, 130, 220)  # a partner's plate in «Командная игра»
DEALER_MARK = (220, 210, 180)
BADGE_DARK_INK = (30, 30, 30)  # on the light marks (gold, orange, the dealer's cream)
COUNT_COLOURS = {"green": (40, 160, 75), "yellow": (190, 150, 20), "red": (180, 40, 40)}
PARTNER_BADGE = (56, 110, 200)  # «напарник» without partner counts: white on it reads 5:1 (4.4:1 on PARTNER_EDGE)


def _luminance(colour: tuple) -> float:
    channels = [c / 255 for c in colour[:3]]
    r, g, b = (c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def ink_on(fill: tuple) -> tuple:
    """White or dark words on ``fill``, whichever reads better (WCAG's contrast): a coloured mark or button whose
    colour says something (a partner's count, the catch's orange) keeps it, and its words still read."""
    lum = _luminance(fill)
    return (255, 255, 255) if 1.05 / (lum + 0.05) >= (lum + 0.05) / (_luminance(BADGE_DARK_INK) + 0.05) else BADGE_DARK_INK


class PlateBadge(NamedTuple):
    """A mark on a seat's plate, where it is drawn."""

    text: str
    rect: pygame.Rect
    fill: tuple
    ink: tuple
    size: int


def badge_label(text: str, size: int, ink: tuple) -> pygame.Surface:
    return assets.text(text, size, ink, "bold")


def badge_box(text: str, size: int) -> tuple[int, int]:
    """A mark's pill: its line's height less the font's empty leading, which kept a row of them too tall to hang
    over a plate at the top of the screen."""
    return badge_label(text, size, INK).get_rect().inflate(12, -4 if size > 12 else -2).size


@lru_cache(maxsize=256)
def plate_picture(seat: int, size: tuple[int, int], name: str, detail: str, glow_k: float, edge: tuple, out: bool,
                  corner: int, colour: tuple | None = None) -> pygame.Surface:
    """A seat's plate drawn once per look (avatar, name, cards, highlight): one blit a frame. ``corner``: the
    right end of the name line its marks cover (``name_corner``), where the name stops short."""
    margin = 10
    w, h = size
    surface = pygame.Surface((w + 2 * margin, h + 2 * margin), pygame.SRCALPHA)
    rect = pygame.Rect(margin, margin, w, h)
    if glow_k > 0.05:
        halo = rect.inflate(round(10 * glow_k), round(10 * glow_k))
        surface.blit(panel(halo.size, mix((14, 32, 28), ACCENT, 0.5 * glow_k), ACCENT, 0, 16), halo)
    fill = (30, 34, 34) if out else (14, 32, 28)
    surface.blit(panel(rect.size, fill, edge, 2 + round(glow_k * 2), 14), rect)
    picture = avatar(seat, h - 16, colour)
    surface.blit(picture, (rect.left + 7, rect.top + 8))
    text_left = rect.left + h - 2
    name_room = rect.right - text_left - 8 - corner
    surface.blit(plate_name(name, name_room, 17), (text_left, rect.top + 6))
    surface.blit(fitted(detail, 14, INK_DIM, "text", rect.right - text_left - 6), (text_left, rect.top + 31))
    return surface.convert_alpha() if pygame.display.get_surface() is not None else surface


@lru_cache(maxsize=16)
def fan_picture(count: int) -> pygame.Surface:
    """``count`` small backs side by side: a seat's cards on the table."""
    mini = back(MINI_CARD)
    step = 7
    surface = pygame.Surface((MINI_CARD[0] + step * (count - 1), MINI_CARD[1]), pygame.SRCALPHA)
    for i in range(count):
        surface.blit(mini, (i * step, 0))
    return surface.convert_alpha() if pygame.display.get_surface() is not None else surface


for _cached in (plate_picture, fan_picture):
    assets.on_reset(_cached.cache_clear)


class SeatPlates:
    """What the plates ease and count between frames: the glow of the seat the table waits for, and the cards still
    flying to a seat, left out of its count until they land."""

    def __init__(self) -> None:
        self.glow: dict[int, float] = {}
        self.incoming: dict[int, int] = {}

    def card_sent(self, seat: int) -> None:
        self.incoming[seat] = self.incoming.get(seat, 0) + 1

    def card_landed(self, seat: int) -> None:
        self.incoming[seat] = max(0, self.incoming.get(seat, 0) - 1)

    def shown_count(self, players: list[dict], seat: int) -> int:
        count = players[seat]["cards"] if seat < len(players) else 0
        return max(0, count - self.incoming.get(seat, 0))

    def step(self, active: int | None, seats: int, dt_ms: float) -> None:
        k = 1.0 - math.exp(-dt_ms / 110.0)
        for seat in range(seats):
            target = 1.0 if seat == active else 0.0
            self.glow[seat] = self.glow.get(seat, 0.0) + (target - self.glow.get(seat, 0.0)) * k

    def glow_of(self, seat: int) -> float:
        """The glow as a plate is painted, in eighths (a plate picture is kept per look)."""
        return round(self.glow.get(seat, 0.0) * 8) / 8


def plate_badges(table, seat: int) -> list[PlateBadge]:
    """The marks a seat's plate shows now, where they are drawn: from its right corner along its top edge the
    news (a place, «УНО!», «молчит!»), a +N aimed at it, then the small dealer mark; «напарник» under it.
    Your own plate shows only «УНО!» and the dealer mark (the rest is in your dialogs and buttons)."""
    view = table.view
    players = view.get("players", [])
    info = players[seat] if 0 <= seat < len(players) else {}
    pending = view.get("pending") or {}
    mine = seat == table.me
    row: list[tuple[str, tuple, tuple, int]] = []  # text, fill, ink, size
    if info.get("out") and not mine:
        row.append((f"{info['out']}-е место", (200, 160, 40), BADGE_DARK_INK, 15))  # white on gold read 2.5:1
    elif info.get("uno"):
        row.append(("УНО!", (214, 40, 40), (255, 255, 255), 15))
    elif (view.get("uno_watch") or {}).get("seat") == seat and not mine:
        pulse = 0.5 + 0.5 * math.sin(table.clock_ms / 220)
        row.append(("молчит!", mix((220, 130, 30), (245, 170, 50), pulse), BADGE_DARK_INK, 15))  # white read 2.2:1
    if pending.get("target") == seat and not mine:
        row.append((f"+{pending.get('amount', 0)}", (170, 30, 30), (255, 255, 255), 15))
    if view.get("dealer") == seat:
        row.append(("сдаёт", DEALER_MARK, BADGE_DARK_INK, 12))
    plate = table.plate_of(seat)
    sizes = [badge_box(text, size) for text, _, _, size in row]
    ceiling = EMOTE_GRID.bottom + 3 if mine else 2
    badges = [PlateBadge(text, rect, fill, ink, size)
              for (text, fill, ink, size), rect in zip(row, badge_row(plate, sizes, ceiling))]
    my_team = players[table.me].get("team", -1) if 0 <= table.me < len(players) else -1
    if not mine and my_team >= 0 and info.get("team") == my_team:  # «Командная игра»: its colour says how close
        box = pygame.Rect((0, 0), badge_box("напарник", 15))  # the partner is to going out («Карты напарника»)
        box.topright = (plate.left + 110, plate.bottom - 4)
        colour = COUNT_COLOURS.get(info.get("count_colour"), PARTNER_BADGE)
        badges.append(PlateBadge("напарник", box.clamp(pygame.Rect(0, 0, WIDTH, HEIGHT)), colour,
                                 ink_on(colour), 15))  # white read 2.8:1 on the yellow, 3.4:1 on the green
    return badges


def draw_seats(table, surface: pygame.Surface) -> None:
    """Every other seat's cards and plate with its marks, the marks that pop over the seats, then your plate."""
    view = table.view
    players = view.get("players", [])
    picker = table.chooser.seats() if not table.results.open() else []
    if picker and table.chooser.seat not in picker:
        table.chooser.seat = picker[0]
    pulse = 0.5 + 0.5 * math.sin(table.clock_ms / 220)
    lazy = view.get("scoring") == "lazy"
    my_team = players[table.me].get("team", -1) if 0 <= table.me < len(players) else -1
    for seat in range(table.n):
        if seat == table.me:
            continue
        rect = table.plate_of(seat)
        info = players[seat] if seat < len(players) else {}
        partner = my_team >= 0 and info.get("team") == my_team  # «Командная игра»
        count = table.plates.shown_count(players, seat)
        if count:  # the cards, fanned on the table in front of the plate
            fan = fan_picture(min(count, 9))
            fx, fy = table.fan_anchor(seat)
            surface.blit(fan, fan.get_rect(center=(round(fx), round(fy))))
        glow_k = table.plates.glow_of(seat)
        edge = mix(PANEL_EDGE, ACCENT, glow_k)
        if seat in picker:
            edge = mix(PANEL_EDGE, ACCENT, 0.4 + 0.6 * pulse) if seat == table.chooser.seat else (120, 160, 140)
        elif partner and glow_k == 0:
            edge = PARTNER_EDGE
        detail = count_of(count, "карта")
        detail += f" · побед {info.get('round_wins', 0)}" if lazy else f" · {info.get('score', 0)} оч."
        badges = plate_badges(table, seat)
        picture = plate_picture(seat, rect.size, table.name(seat), detail, glow_k, edge, bool(info.get("out")),
                                name_corner(rect, [b.rect for b in badges]), table.seat_colour(seat))
        surface.blit(picture, picture.get_rect(center=rect.center))
        paint_absence(surface, rect, table.absence(seat))
        for badge in badges:
            draw_badge(surface, badge)
    table.effects.draw_marks(surface, table.seat_anchor)
    if table.me >= 0:
        draw_my_plate(table, surface)


def draw_badge(surface: pygame.Surface, badge: PlateBadge) -> None:
    label = badge_label(badge.text, badge.size, badge.ink)
    edge = (255, 255, 255) if badge.fill != DEALER_MARK else (120, 110, 90)
    surface.blit(panel(badge.rect.size, badge.fill, edge, 1, badge.rect.height // 2), badge.rect)
    surface.blit(label, label.get_rect(center=badge.rect.center))


def draw_my_plate(table, surface: pygame.Surface) -> None:
    view = table.view
    info = view["players"][table.me]
    rect = ME_PLATE
    glow_k = table.plates.glow_of(table.me)
    count = len(view.get("hand", []))
    detail = count_of(count, "карта")
    if info.get("locked"):
        detail = "ловля на паузе"
    name = table.names[table.me] if table.me < len(table.names) else "Вы"
    badges = plate_badges(table, table.me)
    picture = plate_picture(table.me, rect.size, name, detail, glow_k, mix(PANEL_EDGE, ACCENT, glow_k), False,
                            name_corner(rect, [b.rect for b in badges]), table.seat_colour(table.me))
    surface.blit(picture, picture.get_rect(center=rect.center))
    for badge in badges:
        draw_badge(surface, badge)
