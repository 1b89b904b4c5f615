"""The reveal after a «Твёрдый знак» deal, over the row and the score panel: who took it (a star), every word laid
with its cards, its parts and its total, turning over one by one — or the deal void; the next deal's countdown."""
from __future__ import annotations

import pygame

from game import assets
from game.scenes.base import ACCENT, DANGER_TEXT, GOLD, INK, INK_DIM, fitted_text, panel
from game.scenes.hardsign.cards import card_surface, star_icon
from game.scenes.hardsign.layout import RIGHT, ROW
from game.scenes.table.scene import TableScene

AREA = ROW.union(RIGHT)
TURN_MS = 250  # between two words turning over


class Reveal:
    def __init__(self, table: TableScene):
        self.table = table  # whose backdrop the panel is baked onto, and who names the seats
        self.age = 0.0  # since the deal ended

    def restart(self) -> None:
        self.age = 0.0

    def step(self, dt_ms: float) -> None:
        self.age += dt_ms

    def draw(self, surface: pygame.Surface, v: dict, left: float | None) -> None:
        """``left``: how long until the next deal, when the timer knows."""
        last = v.get("last")
        area = AREA
        surface.blit(self.plate(), area)
        if not last:
            return
        if last["void"]:
            label = fitted_text("Раздача аннулирована: никто не составил слово", 24, DANGER_TEXT, "heading", area.w - 32)
            surface.blit(label, label.get_rect(midbottom=(area.centerx, area.centery)))
            note = fitted_text("карты перемешаны, скоро новая раздача", 18, INK_DIM, "text", area.w - 32)
            surface.blit(note, note.get_rect(midtop=(area.centerx, area.centery + 8)))
            return
        title = f"Итоги раздачи {last['round']}"
        if last["instant"]:
            title = "Мгновенная победа — Ъ внутри слова!"
        elif len(last["winners"]) > 1:
            title += " · ничья: выигранные карты делят поровну"
        surface.blit(assets.text(title, 20, ACCENT, "heading"), (area.x + 16, area.y + 10))
        if left is not None and v["phase"] == "reveal":
            nxt = assets.text(f"новая раздача через {int(left // 1000) + 1} с", 15, INK_DIM)
            surface.blit(nxt, nxt.get_rect(topright=(area.right - 16, area.y + 14)))
        words = sorted(last["words"], key=lambda w: (w["seat"] not in last["winners"], -w["total"]))
        step = min(60, (area.h - 50) // max(1, len(words)))
        for i, w in enumerate(words[:6]):
            if self.age < TURN_MS * i:  # the words turn over one by one
                continue
            y = area.y + 42 + i * step
            winner = w["seat"] in last["winners"]
            color = GOLD if winner else INK
            if winner:
                surface.blit(star_icon(18), (area.x + 12, y + 16))
            surface.blit(fitted_text(self.table.name(w["seat"]), 18, color, "bold", 170 - 34 - 8), (area.x + 34, y + 14))
            for j, card in enumerate(w["cards"][:10]):
                surface.blit(card_surface(card["face"], (36, 50)), (area.x + 170 + j * 40, y))
            parts = [f"звёзды {w['letters']}"] + [f"{b['title']} +{b['points']}" for b in w["bonuses"]]
            if w["early"]:
                parts.append("раньше всех +1")
            if w["all_cards"]:
                parts.append("из всех карт +5")
            total = assets.text(str(w["total"]), 28, color, "heading")
            surface.blit(total, total.get_rect(topright=(area.right - 16, y + 6)))
            room = area.w - 16 - total.get_width() - 12 - 590
            surface.blit(fitted_text(f"«{w['word']}»", 20, color, "heading", room), (area.x + 590, y + 2))
            surface.blit(fitted_text(" · ".join(parts), 13, INK_DIM, "text", room), (area.x + 590, y + 30))

    def plate(self) -> pygame.Surface:
        """The reveal panel baked onto the felt once: an opaque blit instead of a large alpha blend."""
        table, area = self.table, AREA

        def paint() -> pygame.Surface:
            plate = pygame.Surface(area.size)
            plate.blit(table.backdrop(), (0, 0), area)
            plate.blit(panel(area.size, (12, 26, 36), ACCENT, 2, 18), (0, 0))
            return plate.convert() if pygame.display.get_surface() is not None else plate

        return table.kept.get("reveal", (table.seats_key(), tuple(area)), paint)
