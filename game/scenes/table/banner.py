"""The banner strip: the short messages a table shows across itself («Тур 2», «Ход снят», «Ваш ход»).

Every table has one. What differs between the tables is only the look (sizes, colours, one line or two) and
where the strip stands; how a banner fades in and out, which one shows when several come at once, and when
they are gone is the same everywhere.
"""
from __future__ import annotations

from dataclasses import dataclass

import pygame

from game import assets
from game.scenes.base import INK, PANEL_EDGE, panel

FADE_IN_MS = 200.0
FADE_OUT_MS = 400.0
SMALLEST_SHARE = 0.6  # a banner squeezed into a room keeps at least this share of its text size
AIR = (8, 2, 10)  # pixels above a two-line banner's title, between its lines, below its sub-line
TIGHT_AIR = (2, 0, 4)
HURRY_AFTER_MS = 900.0  # a queued strip: a banner others wait behind fades out once it has been read this long


@dataclass
class Banner:
    text: str
    sub: str = ""
    color: tuple = INK
    ms: float = 2600.0
    elapsed: float = 0.0
    _previous: float = 0.0

    def step(self, dt_ms: float) -> None:
        self._previous = self.elapsed
        self.elapsed += dt_ms

    @property
    def done(self) -> bool:
        return self.elapsed >= self.ms

    def age(self, alpha: float) -> float:
        return self._previous + (self.elapsed - self._previous) * alpha

    def opacity(self, alpha: float) -> float:
        t = self.age(alpha)
        return max(0.0, min(1.0, t / FADE_IN_MS, (self.ms - t) / FADE_OUT_MS))


@dataclass(frozen=True)
class BannerLook:
    """How one table's banners look. ``edge`` None: the banner's own colour (the panel edge for plain ink);
    ``one_line``: the sub-line stands right of the title instead of under it; ``rise``: pixels it slides in by."""

    title_size: int = 26
    sub_size: int = 17
    fill: tuple = (12, 22, 20)
    edge: tuple | None = None
    radius: int = 16
    opacity: int = 225
    one_line: bool = False
    rise: int = 0
    max_width: int | None = None

    def edge_of(self, banner: Banner) -> tuple:
        if self.edge is not None:
            return self.edge
        return PANEL_EDGE if banner.color == INK else banner.color

    def box(self, title: pygame.Surface, sub: pygame.Surface | None, tight: bool = False) -> pygame.Rect:
        """The banner's panel for these texts, at (0, 0); ``tight``: two lines with less air above, between
        and below them (the lines' own leading still keeps the letters off the edge)."""
        if self.one_line:
            width = title.get_width() + (14 + sub.get_width() if sub else 0) + 40
            height = max(title.get_height(), sub.get_height() if sub else 0) + 4
        else:
            top, gap, bottom = TIGHT_AIR if tight else AIR
            width = max(title.get_width(), sub.get_width() if sub else 0) + 48
            height = top + title.get_height() + (gap + sub.get_height() if sub else 0) + bottom
        if self.max_width is not None:
            width = min(width, self.max_width)
        return pygame.Rect(0, 0, width, height)


class BannerStrip:
    """The banners of one table. The newest shows at once and the one before it may show again when it is gone
    (``queued`` False), or they show one after another, a waiting one hurrying the one on screen (``queued``)."""

    def __init__(self, look: BannerLook = BannerLook(), queued: bool = False, ms: float = 2600.0):
        self.look = look
        self.queued = queued
        self.ms = ms
        self.items: list[Banner] = []

    def show(self, text: str, sub: str = "", color=INK, ms: float | None = None) -> None:
        banner = Banner(text, sub, color, self.ms if ms is None else ms)
        if self.queued:
            if len(self.items) >= 3:
                self.items.pop(1)  # the one on screen finishes; the oldest waiting one is dropped
        else:
            self.items = [b for b in self.items if b.text != text][-1:]
        self.items.append(banner)

    def clear(self) -> None:
        self.items.clear()

    @property
    def current(self) -> Banner | None:
        if not self.items:
            return None
        return self.items[0] if self.queued else self.items[-1]

    def __bool__(self) -> bool:
        return bool(self.items)

    def __len__(self) -> int:
        return len(self.items)

    def __iter__(self):
        return iter(self.items)

    def step(self, dt_ms: float) -> None:
        if self.queued:
            for b in self.items[:1]:
                b.step(dt_ms)
                if len(self.items) > 1 and HURRY_AFTER_MS < b.elapsed < b.ms - FADE_OUT_MS:
                    b.elapsed = b.ms - FADE_OUT_MS  # others are waiting: fade this one out
        else:
            for b in self.items:
                b.step(dt_ms)
        self.items = [b for b in self.items if not b.done]

    def layout(self, centre: tuple[int, int] | None = None, midtop: tuple[int, int] | None = None,
               room: pygame.Rect | None = None) -> tuple[pygame.Rect, list[tuple[pygame.Surface, pygame.Rect]]] | None:
        """Where the current banner's panel and its lines stand once it has risen in (None: no banner): the
        panel centred on ``centre``, hanging from ``midtop``, or hanging from the top of ``room`` and kept inside
        it, with less air first and then smaller words (with «Крупный текст» a table's free felt can be shorter
        than a banner at its full size). Drawing and a table's own layout both ask it."""
        banner = self.current
        if banner is None:
            return None
        look = self.look
        for title, sub, tight in self._sizes(banner):
            box = look.box(title, sub, tight)
            if room is None or (box.width <= room.width and box.height <= room.height):
                break
        if room is not None:
            box.midtop = room.midtop
        elif midtop is not None:
            box.midtop = midtop
        else:
            box.center = centre
        if look.one_line:
            spots = [(title, title.get_rect(midleft=(box.x + 20, box.centery)))]
            if sub:
                spots.append((sub, sub.get_rect(midleft=(box.x + 34 + title.get_width(), box.centery + 1))))
        else:
            top, gap, _ = TIGHT_AIR if tight else AIR
            spots = [(title, title.get_rect(midtop=(box.centerx, box.top + top)))]
            if sub:
                spots.append((sub, sub.get_rect(midtop=(box.centerx, box.top + top + title.get_height() + gap))))
        return box, spots

    def _sizes(self, banner: Banner):
        """The banner's lines from the largest down: at the look's sizes with the usual air, then with less air,
        then a pixel of title size smaller at a time (the sub-line in step) down to ``SMALLEST_SHARE``."""
        look = self.look
        smallest = max(6, round(look.title_size * SMALLEST_SHARE))
        for title_size in range(look.title_size, smallest - 1, -1):
            sub_size = max(6, round(look.sub_size * title_size / look.title_size))
            title = assets.text(banner.text, title_size, banner.color, "heading")
            sub = assets.text(banner.sub, sub_size, INK) if banner.sub else None
            if title_size == look.title_size:
                yield title, sub, False
            yield title, sub, True

    def draw(self, surface: pygame.Surface, alpha: float, centre: tuple[int, int] | None = None,
             midtop: tuple[int, int] | None = None, room: pygame.Rect | None = None) -> None:
        """The banner on screen, where ``layout`` puts it."""
        banner = self.current
        if banner is None:
            return
        k = banner.opacity(alpha)
        if k <= 0:
            return
        look = self.look
        box, spots = self.layout(centre, midtop, room)
        if look.rise:
            shift = round(look.rise * (1 - min(1.0, banner.age(alpha) / FADE_IN_MS)))
            box = box.move(0, shift)
            spots = [(picture, where.move(0, shift)) for picture, where in spots]
        back = panel(box.size, look.fill, look.edge_of(banner), 2, look.radius)
        # the pictures are cached and shared: fade them for this blit only
        back.set_alpha(round(look.opacity * k))
        surface.blit(back, box)
        back.set_alpha(None)
        for picture, where in spots:
            picture.set_alpha(round(255 * k))
            surface.blit(picture, where)
            picture.set_alpha(None)
