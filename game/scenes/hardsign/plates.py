"""The seats of the «Твёрдый знак» table, seen from the one on screen: where each plate and bank stands (the others
along the top, yours at the bottom left), and what they show over the backdrop — the race (thinking, laid and in
which place, passed, waiting for a letter), the score, the bank of won cards in stars, the hand in backs, the extra
cards a seat holds; a watcher's corner in place of yours."""
from __future__ import annotations

import pygame

from game import assets
from game.rules.words_ru import count as count_of, of_player, place_of
from game.scenes.base import ACCENT, DANGER, GOLD, GOOD, INK, INK_DIM, fitted_text, mix
from game.scenes.hardsign.cards import back_surface, blit_stars, card_surface, crown_badge, early_badge
from game.scenes.hardsign.layout import ME, TOP
from game.scenes.table.scene import TableScene


class SeatPlates:
    def __init__(self, table: TableScene):
        self.table = table  # whose seat is on screen, and the others in turn order from it

    def rect(self, seat: int) -> pygame.Rect:
        if seat == self.table.me:
            return ME
        others = self.table.others()
        k = max(1, len(others))
        width = min(300, (TOP.w - 10 * (k - 1)) // k)
        block = k * width + (k - 1) * 10
        i = others.index(seat) if seat in others else 0
        return pygame.Rect(TOP.centerx - block // 2 + i * (width + 10), TOP.y, width, TOP.h)

    def point(self, seat: int) -> tuple[float, float]:
        rect = self.rect(seat)
        return (rect.centerx, rect.centery) if seat != self.table.me else (ME.x + 150, ME.y + 60)

    def bank_point(self, seat: int) -> tuple[float, float]:
        rect = self.rect(seat)
        if seat == self.table.me:
            return (ME.x + 150, ME.y + 150)
        return (rect.right - 40, rect.bottom - 30)

    def status_chip(self, v: dict, seat: int, clock: float) -> tuple[str, tuple]:
        """Where the seat stands in the race, and its colour."""
        status = v["status"][seat] if v["phase"] == "race" else ""
        mine = seat == self.table.me  # under «Вы»: «Вы думаете», not «Вы думает»
        if status == "laid":
            place = v["laid_order"].index(seat) + 1 if seat in v["laid_order"] else 0
            name = self.table.seat_name(seat)
            return f"{of_player('выложил', name, mine)} слово {place_of(place, name) if place else ''}".rstrip(), GOOD
        if status == "thinking":
            dots = "." * (1 + int(clock / 400) % 3)
            return f"{'думаете' if mine else 'думает'}{dots}", INK_DIM
        if status == "passed":
            return "пас", mix(DANGER, INK, 0.35)  # DANGER itself read 4.2:1 on the plate
        if status == "asked":
            return "ждёте букву" if mine else "ждёт букву", ACCENT
        return "", INK_DIM

    def draw_others(self, surface: pygame.Surface, v: dict, clock: float) -> None:
        for seat in self.table.others():
            rect = self.rect(seat)
            chip, color = self.status_chip(v, seat, clock)
            if v["phase"] == "race" and v["status"][seat] == "laid":
                pygame.draw.rect(surface, GOOD, rect, 2, border_radius=16)
            # the score on the status line, so the name above has the plate's width (a name of 24 letters ran under
            # it); the status up to the score: «Крупный текст» ran «выложил слово 1-й» under it and out of the plate
            score = assets.text(f"{v['scores'][seat]}", 22, ACCENT, "heading")
            surface.blit(score, score.get_rect(topright=(rect.right - 10, rect.y + 30)))
            room = rect.w - 62 - 10 - score.get_width() - 8
            surface.blit(fitted_text(chip, 16, color, "bold", room), (rect.x + 62, rect.y + 32))
            bank = v["banks"][seat]
            blit_stars(surface, f"банк {bank['stars']}", (rect.x + 62, rect.y + 54), 15, INK,
                       f" · {count_of(bank['cards'], 'карта')}", width=rect.w - 62 - 10)
            for i in range(v["hands"][seat]):
                surface.blit(back_surface((20, 28)), (rect.x + 12 + i * 12, rect.bottom - 34))
            self.draw_badges(surface, v, seat, rect.right - 10, rect.bottom - 17)

    def draw_badges(self, surface: pygame.Surface, v: dict, seat: int, right: int, y: int) -> None:
        """The extra cards the seat holds, right-aligned at ``right``: «Самое длинное», then «Раньше всех»."""
        x = right
        longest = v.get("longest")
        if longest and longest["seat"] == seat:
            badge = crown_badge()
            x -= badge.get_width()
            surface.blit(badge, (x, y - badge.get_height() // 2))
            x -= 6
        if v.get("early") == seat and v["phase"] == "race":
            badge = early_badge(self.table.seat_name(seat))
            x -= badge.get_width()
            surface.blit(badge, (x, y - badge.get_height() // 2))

    def draw_mine(self, surface: pygame.Surface, v: dict, clock: float) -> None:
        """Your plate: the race, your score, your bank and its cards, your bonus points; a watcher's corner instead."""
        me = self.table.me
        if me < 0:
            self.draw_watching(surface, v)
            return
        chip, color = self.status_chip(v, me, clock)
        score = assets.text(f"{v['scores'][me]}", 30, ACCENT, "heading")
        surface.blit(score, score.get_rect(topright=(ME.right - 12, ME.y + 8)))
        room = ME.w - 72 - 12 - score.get_width() - 8  # up to the score, large text too
        surface.blit(fitted_text(chip, 16, color, "bold", room), (ME.x + 72, ME.y + 42))
        bank = v["banks"][me]
        blit_stars(surface, f"Банк: {bank['stars']}", (ME.x + 12, ME.y + 70), 17, INK,
                   f" · {count_of(bank['cards'], 'карта')}", width=ME.w - 24)
        extra = v["bonus_points"][me]
        surface.blit(assets.text(f"Бонусы: +{extra}", 17, INK), (ME.x + 12, ME.y + 98))
        faces = bank["faces"][:14]
        for i, face in enumerate(faces):
            surface.blit(card_surface(face, (28, 40)), (ME.x + 8 + (i % 7) * 40, ME.y + 124 + (i // 7) * 46))
        self.draw_badges(surface, v, me, ME.right - 12, ME.y + 111)  # clear of the bank's line, large text too

    def draw_watching(self, surface: pygame.Surface, v: dict) -> None:
        """A watcher's corner (when no join card or seat offer covers it): what it is doing and who leads, where a
        player's bank stands; a watcher has no hand and no buttons to press."""
        if v["phase"] == "over":  # the results stand over the table and say it all: nothing half under them
            return
        room = ME.w - 24
        surface.blit(fitted_text("Вы смотрите игру", 24, ACCENT, "heading", room), (ME.x + 12, ME.y + 14))
        best = max(v["scores"], default=0)
        if not best:
            return
        leaders = ", ".join(self.table.name(seat) for seat, score in enumerate(v["scores"]) if score == best)
        lines = [("Впереди:", 17, INK_DIM, "text"), (leaders, 20, INK, "bold"), (count_of(best, "очко"), 20, GOLD, "bold")]
        for i, (line, size, colour, face) in enumerate(lines):
            surface.blit(fitted_text(line, size, colour, face, room),
                         (ME.x + 12, ME.y + 14 + round((44 + 30 * i) * assets.text_scale)))
