"""The middle of the «Твёрдый знак» table: the deck with its count and the letters on the table (a card the word in
the row uses dimmed at its place, what a special card stands for under it), under the deal's title; the round's
timer runs along its bottom (``timer``)."""
from __future__ import annotations

from typing import Callable

import pygame

from game import assets
from game.scenes.base import ACCENT, INK, INK_DIM, panel
from game.scenes.hardsign.cards import back_surface, card_surface, dimmed, draw_card_tip
from game.scenes.hardsign.layout import CENTER, DECK_POS, TABLE_CARD, table_slot


def draw_centre(surface: pygame.Surface, v: dict, in_row: set[str], focused: str | None,
                arriving: Callable[[tuple[int, int]], bool]) -> None:
    """``in_row``: the cards the word in the row uses; ``focused``: the table card the keys stand on; ``arriving``:
    whether a card is still flying to a place (it is drawn when it lands)."""
    deck_rect = pygame.Rect(0, 0, 70, 98)
    deck_rect.center = DECK_POS
    if v["deck"]:
        for k in range(min(3, v["deck"] // 12 + 1)):
            surface.blit(back_surface((70, 98)), deck_rect.move(-2 * k, -2 * k))
    count = assets.text(f"колода: {v['deck']}", 15, INK_DIM)
    plate = count.get_rect(midtop=(DECK_POS[0], deck_rect.bottom + 6)).inflate(14, 2)
    surface.blit(panel(plate.size, (14, 26, 34), (14, 26, 34), 0, 10), plate)  # grey on the bare felt read 2.9:1
    surface.blit(count, count.get_rect(center=plate.center))
    for i, card in enumerate(v["table"]):
        slot = table_slot(i)
        if arriving(slot.center):
            continue
        glow = ACCENT if focused == card["id"] else None
        image = card_surface(card["face"], TABLE_CARD, glow)
        if card["id"] in in_row:
            image = dimmed(card["face"], TABLE_CARD)
        surface.blit(image, slot.move(-6, -6))
        draw_card_tip(surface, card["face"], slot, TABLE_CARD[0] + 16 - 6, INK)  # PALE read 3.9:1 on the table
    title = f"Раздача {v['round']} · букв на столе {len(v['table'])} из {v['table_max']}"
    surface.blit(assets.text(title, 17, INK, "bold"), (CENTER.x + 16, CENTER.y + 10))
