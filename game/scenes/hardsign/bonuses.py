"""The left column of the «Твёрдый знак» table: the deal's bonus cards (the hidden ones face down) and the three
extra cards — «Раньше всех», «Из всех карт», «Самое длинное» — with who holds them."""
from __future__ import annotations

from typing import Callable

import pygame

from game import assets
from game.rules.words_ru import count as count_of
from game.scenes.base import INK, INK_DIM, fitted_text, panel
from game.scenes.hardsign.cards import back_surface, bonus_surface
from game.scenes.hardsign.layout import BONUS_CARD, bonus_slot, extra_rects


def draw_bonuses(surface: pygame.Surface, v: dict, name: Callable[[int], str]) -> None:
    bonuses = v["bonuses"]
    for i in range(3):
        slot = bonus_slot(i)
        if i < len(bonuses):
            b = bonuses[i]
            surface.blit(bonus_surface(b["title"], b["points"], BONUS_CARD), slot)
        elif i < len(bonuses) + v.get("bonuses_hidden", 0):
            surface.blit(back_surface(BONUS_CARD, "hardsign_bonus"), slot)
    rects = extra_rects()
    early = v.get("early", -1)
    rows = [
        ("early", "Раньше всех", "+1", "первому слову" if early < 0 else f"у: {name(early)}", (70, 140, 220)),
        ("all", "Из всех карт", "+5", "все карты руки и стола", (60, 160, 110)),
    ]
    longest = v.get("longest")
    holder = f"{name(longest['seat'])}: «{longest['word']}»" if longest else "ещё ни у кого"
    rows.append(("longest", "Самое длинное", "+10", holder, (200, 150, 40)))
    for key, title, points, sub, color in rows:
        rect = rects[key]
        surface.blit(panel(rect.size, (24, 22, 30), color, 2, 12), rect)
        pts = assets.text(points, 22, color, "heading")
        surface.blit(pts, pts.get_rect(topright=(rect.right - 10, rect.y + 4)))
        title_label = assets.text(title, 17, INK, "bold")
        room = rect.w - 30 - pts.get_width()
        if title_label.get_width() > room:  # «Крупный текст»: the title gives way instead of running under the points
            title_label = assets.text(title, max(8, 17 * room // title_label.get_width()), INK, "bold")
        surface.blit(title_label, (rect.x + 10, rect.y + 6))
        surface.blit(fitted_text(sub, 14, INK_DIM, "text", rect.w - 20), (rect.x + 10, rect.y + 32))
        if key == "longest" and longest:
            surface.blit(fitted_text(f"{count_of(longest['length'], 'буква')} · +10 в конце игры", 14, INK_DIM, "text",
                                     rect.w - 20), (rect.x + 10, rect.y + 52))
