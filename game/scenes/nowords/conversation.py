"""The conversation scattered on the felt: each card keeps its own spot and tilt while it stays, near the middle
and never on another card; and how it is drawn, with the cards of a word being spelled numbered."""
from __future__ import annotations

import zlib

import pygame

from game.scenes.base import ACCENT
from game.scenes.nowords.cards import card_image, number_dot
from game.scenes.nowords.layout import TABLE_CARD, TALK, TALK_COLS, TALK_ROWS, card_rect

Spot = tuple[float, float, float]  # x, y, tilt


def _hash(text: str) -> int:
    return zlib.crc32(text.encode("utf-8"))


def _cell_of(x: float, y: float) -> tuple[int, int]:
    cw, ch = TALK.w / TALK_COLS, TALK.h / TALK_ROWS
    return (min(TALK_COLS - 1, max(0, int((x - TALK.x) // cw))), min(TALK_ROWS - 1, max(0, int((y - TALK.y) // ch))))


class Conversation:
    def __init__(self) -> None:
        self.slots: dict[str, Spot] = {}  # card id -> its spot

    def slot(self, card_id: str) -> Spot:
        """The card's own spot in the conversation: near the middle, never on another card."""
        if card_id in self.slots:
            return self.slots[card_id]
        cw, ch = TALK.w / TALK_COLS, TALK.h / TALK_ROWS
        cells = [(c, r) for r in range(TALK_ROWS) for c in range(TALK_COLS)]
        centre = ((TALK_COLS - 1) / 2, (TALK_ROWS - 1) / 2)
        h = _hash(card_id)
        cells.sort(key=lambda cr: (abs(cr[0] - centre[0]) * 0.8 + abs(cr[1] - centre[1]) * 1.3
                                   + ((h >> (cr[0] + 3 * cr[1])) & 3) * 0.22))
        used_cells = {_cell_of(x, y) for x, y, _ in self.slots.values()}
        free = [cell for cell in cells if cell not in used_cells]
        c, r = free[0] if free else cells[h % len(cells)]
        jx = ((h >> 4) % 17 - 8) * 1.0
        jy = ((h >> 9) % 17 - 8) * 1.2
        tilt = ((h >> 14) % 25 - 12) * 1.0
        x = TALK.x + cw * (c + 0.5) + jx
        y = TALK.y + ch * (r + 0.5) + jy
        if not free:  # a very long talk: lay it across the others
            x += 24
            y += 18
        self.slots[card_id] = (x, y, tilt)
        return self.slots[card_id]

    def leave(self, card_id: str) -> Spot:
        """The spot a card leaves from (the middle, for one never seen there), freed."""
        return self.slots.pop(card_id, (TALK.centerx, TALK.centery, 0.0))

    def clear(self) -> None:
        self.slots.clear()

    def keep_only(self, card_ids: set[str]) -> None:
        for cid in [c for c in self.slots if c not in card_ids]:
            self.slots.pop(cid)

    def rect(self, card_id: str) -> pygame.Rect:
        x, y, _ = self.slot(card_id)
        return card_rect(TABLE_CARD, x, y)

    def draw(self, surface: pygame.Surface, v: dict, flying: set[str], shake: int, spelled: list[str],
             focus_id: str | None) -> None:
        """The cards not in flight: the ones ``spelled`` lit and numbered, the focused one in blue, the last laid
        in white."""
        conv = v["conversation"]
        last_id = conv[-1]["id"] if conv else None
        for c in conv:
            if c["id"] in flying:
                continue
            x, y, tilt = self.slot(c["id"])
            glow = None
            if c["id"] in spelled:
                glow = ACCENT
            elif c["id"] == focus_id:
                glow = (140, 200, 255)
            elif c["id"] == last_id and v.get("last_mover", -1) >= 0:
                glow = (255, 255, 255)
            img = card_image(c["letter"], c["red"], TABLE_CARD, tilt, glow)
            surface.blit(img, img.get_rect(center=(x + shake, y)))
            if c["id"] in spelled:
                number_dot(surface, spelled.index(c["id"]) + 1, x, y)
