"""The seats of the «Нет слов» table, seen from the one on screen: where each one's plate, pile and hand stand (the
others along the top, yours below), and what the others' plates show over the backdrop — who is deciding, the
hand counted in backs, the penalty pile against its limit, a «Не говори…!» bubble while they name a word."""
from __future__ import annotations

import pygame

from game import assets
from game.scenes.base import ACCENT, DANGER, INK, INK_DIM, WIDTH, fitted_text, mix, panel
from game.scenes.nowords.cards import back_image, card_image
from game.scenes.nowords.layout import HAND_BACK, HAND_BACK_STEP, HAND_XS, HAND_Y, MY_PILE, PILE_CARD, PLATE_FILL
from game.scenes.table.scene import TableScene


def draw_pile(surface: pygame.Surface, v: dict, seat: int, x: int, y: int, width: int) -> None:
    """A seat's penalty: its points, its pile of black letters, and a bar filling toward the losing count."""
    pile = v["discards"][seat]
    limit = v.get("losing_letters", 10)
    score = v["scores"][seat]
    warn = mix(DANGER, INK, 0.35)  # DANGER itself reads 4:1 on the plate
    label = assets.text(f"штраф {score}", 15, warn if len(pile) >= limit - 2 else INK_DIM, "bold")
    surface.blit(label, (x, y + 16))
    after = x + max(74, label.get_width() + 10)  # «Крупный текст» widens the label: the pile starts after it
    step = min(16, max(6, (width - (after - x) - 6 - PILE_CARD[0]) // max(1, len(pile) - 1))) if len(pile) > 1 else 0
    for k, c in enumerate(pile):
        surface.blit(card_image(c["letter"], False, PILE_CARD, (k * 37 % 9) - 4), (after + k * step, y - 6))
    if not pile:
        surface.blit(assets.text("отбой пуст", 13, INK_DIM), (after + 2, y + 17))
    bar = pygame.Rect(x, y + 40, width, 5)
    pygame.draw.rect(surface, (40, 60, 56), bar, border_radius=3)
    fill = bar.copy()
    fill.w = round(bar.w * min(1.0, len(pile) / limit))
    if fill.w:
        pygame.draw.rect(surface, DANGER if len(pile) >= limit - 2 else ACCENT, fill, border_radius=3)


class SeatPlates:
    def __init__(self, table: TableScene):
        self.table = table  # whose seat is on screen, and the others in turn order from it

    def width(self) -> int:
        k = max(1, len(self.table.others()))
        return min(250, (WIDTH - 24 - 10 * (k - 1)) // k)

    def center(self, seat: int) -> tuple[float, float]:
        if seat == self.table.me:
            return (MY_PILE.x + 170, MY_PILE.y + 120)
        others = self.table.others()
        i = others.index(seat) if seat in others else 0
        width, gap = self.width(), 10
        block = len(others) * width + (len(others) - 1) * gap
        return ((WIDTH - block) / 2 + width / 2 + i * (width + gap), 66)

    def rect(self, seat: int, width: int) -> pygame.Rect:
        cx, _ = self.center(seat)
        rect = pygame.Rect(0, 0, width, 118)
        rect.center = (round(cx), 66)
        return rect

    def pile_point(self, seat: int) -> tuple[float, float]:
        if seat == self.table.me:
            return (MY_PILE.x + 200, MY_PILE.y + 150)
        x, y = self.center(seat)
        return (x + 40, y + 30)

    def hand_point(self, seat: int, index: int = 1) -> tuple[float, float]:
        if seat == self.table.me:
            return (HAND_XS[index % 3], HAND_Y)
        x, y = self.center(seat)
        return (x - 60, y + 28)

    def paint(self, felt: pygame.Surface) -> None:
        """The others' plates with their names and faces, into the backdrop."""
        width = self.width()
        self.table.paint_seat_plates(felt, lambda seat: self.rect(seat, width), PLATE_FILL, 44, (58, 10))

    def draw(self, surface: pygame.Surface, v: dict) -> None:
        width = self.width()
        for seat in self.table.others():
            rect = self.rect(seat, width)
            deciding = {"play": v["turn"], "choose": v["chooser"], "doubt": v.get("last_mover")}.get(v["phase"])
            active = deciding == seat
            if active:
                pygame.draw.rect(surface, ACCENT, rect, 3, border_radius=16)
            note = {"play": "ходит", "choose": "выбирает, кто ходит", "doubt": "оспорит ли слово?"}[v["phase"]] \
                if active else ""
            if seat == v.get("last_mover") and not note:
                note = "последняя буква"
            key = (width, note, active, v["hand_counts"][seat], v["scores"][seat], v.get("losing_letters", 10),
                   tuple((c["id"], c["letter"]) for c in v["discards"][seat]))

            def paint(rect=rect, note=note, active=active, seat=seat) -> pygame.Surface:
                # what changes only when this player moves or is penalised: drawn once per change
                layer = pygame.Surface(rect.size, pygame.SRCALPHA)
                # the hand's backs stand at the right of the note's row, under the name's row: the name may take
                # the plate's whole width (24 letters), the note is fitted into what the backs leave of its row
                count = v["hand_counts"][seat]
                backs_x = rect.w - 12 - HAND_BACK[0] - HAND_BACK_STEP * max(0, count - 1)
                if note:  # under the name's line, which «Крупный текст» makes taller
                    below_name = max(32, 6 + assets.text("Йу", 18, INK, "bold").get_height())
                    layer.blit(fitted_text(note, 14, ACCENT if active else INK_DIM, "text", backs_x - 4 - 58),
                               (58, below_name))
                for k in range(count):
                    layer.blit(back_image(HAND_BACK, -6 + 6 * k), (backs_x + HAND_BACK_STEP * k, 35))
                draw_pile(layer, v, seat, 10, 60, width - 20)
                return layer.convert_alpha() if pygame.display.get_surface() is not None else layer

            surface.blit(self.table.kept.get(f"seat {seat}", key, paint), rect)
            if seat in v.get("announced", []) or (v.get("race") and seat in v["race"]["pressed"]):
                bubble = assets.text("Не говори…!", 16, (255, 255, 255), "bold")
                box = bubble.get_rect(midtop=(rect.centerx, rect.bottom + 4)).inflate(14, 6)
                surface.blit(panel(box.size, (170, 36, 40), (255, 200, 200), 1, 10), box)
                surface.blit(bubble, bubble.get_rect(center=box.center))
