"""What the UNO table asks of the seat on screen over itself: the colour wheel, the choice of a seat («Семь-ноль»:
whose hand to take; «Обмен карты на пятёрке»: whom to offer a card), the «+4» check and «Готов» (framed dialogs
whose answers are the table's buttons), and a hand shown for a moment. Each is open while the legal actions say
so; it answers through the table scene it was given (``table``: ``send``, the sounds)."""
from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from game import art, assets
from game.input import Intent
from game.rules.uno import COLOUR_LABELS
from game.scenes.base import ACCENT, INK, panel
from game.scenes.table.dialog import DialogLook, draw_dialog_frame
from game.scenes.uno.layout import TABLE_CENTER, WHEEL_ORDER, card, glow, shortened, wheel_segment

DIALOG_LOOK = DialogLook(fill=(16, 36, 32), border=2, radius=18, title_size=21, title_top=12, note_color=INK, note_top=44)
DARK_INK_COLOURS = ("yellow", "green")  # the wheel's: white words read 1.6:1 on the yellow, 3.5:1 on the green


def dialog_rect() -> pygame.Rect:
    """Where the «+4» check and «Готов» stand, over the piles."""
    # wider in large text: the +4 check's notes reached its edges (still clear of the side plates at ten seats)
    rect = pygame.Rect(0, 0, round(560 * assets.text_scale), 172)
    rect.center = (TABLE_CENTER[0], TABLE_CENTER[1] - 24)
    return rect


def draw_answer_dialog(table, surface: pygame.Surface) -> None:
    """The «+4» check («Проверить на честность?») or «Готов», while the seat on screen must answer one; its buttons
    are the table's."""
    attack = table.attack() or {}
    if table.can("challenge") or table.can("ready"):
        if table.can("challenge"):
            source, tail = table.name(attack.get("source", -1)), f" кладёт на вас «+{attack.get('amount', 4)}»"
            room = dialog_rect().width - 32
            letters = len(source)  # a long name gives way, the news stays whole
            title = source + tail
            while assets.text(title, DIALOG_LOOK.title_size, ACCENT, "heading").get_width() > room and letters > 4:
                letters -= 1
                title = shortened(source, letters) + tail
            lines = ("Проверить на честность? Был у игрока цвет стола —",
                     "«+4» вернётся к нему со штрафом, не было — вам ещё 2 карты")
        else:
            title = "Разберите новые карты"
            left, _ = table.countdowns.get("ready", (0.0, 1.0))
            lines = ("Игра ждёт вашего «Готов»" + (f" · {math.ceil(left / 1000)} с" if left > 0 else ""),)
        draw_dialog_frame(surface, dialog_rect(), title, lines, DIALOG_LOOK)


class ColourWheel:
    """The four colours around the piles, open while the seat on screen names one: an arrow or a digit picks, Enter or
    a click chooses."""

    def __init__(self, table) -> None:
        self.table = table
        self.index = 0  # the colour picked (WHEEL_ORDER)

    def open(self) -> bool:
        return self.table.can("choose_colour")

    def aim(self) -> None:
        """Pick the colour the hand holds most of."""
        counts = {c: 0 for c in WHEEL_ORDER}
        view = self.table.view
        for c in view.get("hand", []) if view else []:
            if c.get("colour") in counts:
                counts[c["colour"]] += 1
        best = max(WHEEL_ORDER, key=lambda c: counts[c])
        self.index = WHEEL_ORDER.index(best)

    @staticmethod
    def index_at(pos) -> int | None:
        cx, cy = TABLE_CENTER
        dx, dy = pos[0] - cx, pos[1] - cy
        r = math.hypot(dx, dy)
        if not 40 <= r <= 170:
            return None
        angle = math.degrees(math.atan2(dy, dx))  # 0 right, 90 down
        return {0: 1, 1: 2, 2: 3, 3: 0}[int(((angle + 45) % 360) // 90)]

    def choose(self, index: int) -> None:
        self.table.send({"kind": "choose_colour", "colour": WHEEL_ORDER[index]})

    def pick(self, index: int) -> None:
        if self.index != index:
            self.index = index
            self.table.app.play_sound("menu_move")

    def handle(self, intent: Intent, name: str) -> None:
        picks = {"up": 0, "right": 1, "down": 2, "left": 3}
        if name in picks:
            self.pick(picks[name])
        elif name == "confirm":
            self.choose(self.index)
        elif name in ("point", "click") and intent.pos is not None:
            index = self.index_at(intent.pos)
            if index is not None:
                self.index = index
                if name == "click":
                    self.choose(index)
        elif name == "key":
            digits = {pygame.K_1: 0, pygame.K_2: 1, pygame.K_3: 2, pygame.K_4: 3}
            key = intent.extra.get("key")
            if key in digits:  # a digit picks as an arrow does: Enter chooses
                self.pick(digits[key])

    def draw(self, surface: pygame.Surface) -> None:
        rotations, colorblind = self.table.rotations, self.table.colorblind
        cx, cy = TABLE_CENTER
        shade = glow((0, 0, 0), 250, 255)
        surface.blit(shade, shade.get_rect(center=(cx, cy)))
        directions = [(0, -1), (1, 0), (0, 1), (-1, 0)]
        for i, colour in enumerate(WHEEL_ORDER):
            selected = i == self.index
            radius = 166 if selected else 150
            segment = wheel_segment(colour, radius, 56, selected)
            rotated = rotations.get(("wheel", colour, radius, selected), segment, -90 * i)
            dx, dy = directions[i]
            offset = 10 if selected else 0
            surface.blit(rotated, rotated.get_rect(center=(cx + dx * offset, cy + dy * offset)))
            at = (cx + dx * (106 + offset), cy + dy * (104 + offset))
            ink = (12, 12, 12) if colour in DARK_INK_COLOURS else (255, 255, 255)
            label = assets.text(COLOUR_LABELS[colour], 19 if selected else 17, ink, "bold")
            surface.blit(label, label.get_rect(center=(at[0], at[1] - 8)))
            key = assets.text(str(i + 1), 14, ink, "bold")
            if colorblind:
                art.draw_color_shape(surface, colour, (at[0] - 10, at[1] + 14), 8)
                surface.blit(key, key.get_rect(center=(at[0] + 10, at[1] + 14)))
            else:
                surface.blit(key, key.get_rect(center=(at[0], at[1] + 14)))
        pygame.draw.circle(surface, (14, 32, 28), (cx, cy), 53)
        pygame.draw.circle(surface, ACCENT, (cx, cy), 53, 2)
        title = assets.text("Цвет?", 22, INK, "heading")
        surface.blit(title, title.get_rect(center=(cx, cy)))


class SeatChooser:
    """The choice of a seat, on the plates: whose hand to take after a seven («Семь-ноль», ``swap_with``), or whom to
    offer ``card`` after a five («Обмен карты на пятёрке», ``offer_card``: the card is chosen first, in the hand)."""

    def __init__(self, table) -> None:
        self.table = table
        self.seat: int | None = None  # the seat picked
        self.card: str | None = None  # the card to offer

    def seats(self) -> list[int]:
        """The seats to choose among, in turn order from the seat on screen; none while nothing is to be chosen."""
        table = self.table
        if table.can("swap_with"):
            seats = {a["seat"] for a in table.legal_of("swap_with")}
        elif table.can("offer_card") and self.card is not None:
            seats = {a["seat"] for a in table.legal_of("offer_card") if a.get("card") == self.card}
        else:
            return []
        n = table.n
        return sorted(seats, key=lambda s: (s - table.me) % n)

    def open(self) -> bool:
        return bool(self.seats())

    def offer(self, card_id: str) -> bool:
        """Start offering ``card_id``, when it may be offered (True: it is now the card to offer)."""
        table = self.table
        if not (table.can("offer_card") and self.card is None):
            return False
        if not any(a.get("card") == card_id for a in table.legal_of("offer_card")):
            return False
        self.card = card_id
        self.seat = None
        table.app.play_sound("menu_confirm")
        return True

    def cancel(self) -> None:
        self.card = None

    def handle(self, intent: Intent, name: str) -> None:
        table = self.table
        seats = self.seats()
        if self.seat not in seats:
            self.seat = seats[0]
        i = seats.index(self.seat)
        if name in ("left", "up", "right", "down"):
            step = -1 if name in ("left", "down") else 1
            self.seat = seats[(i + step) % len(seats)]
            table.app.play_sound("menu_move")
        elif name == "confirm":
            self.pick(self.seat)
        elif name == "draw" and self.card is not None:
            self.card = None
        elif name in ("point", "click") and intent.pos is not None:
            for s in seats:
                if table.plate_of(s).inflate(10, 10).collidepoint(intent.pos):
                    self.seat = s
                    if name == "click":
                        self.pick(s)
                    return
            if name == "click":
                for w in table.group.widgets:
                    if w.rect.collidepoint(intent.pos):
                        w.activate()
                        return

    def pick(self, seat: int) -> None:
        table = self.table
        if table.can("swap_with"):
            table.send({"kind": "swap_with", "seat": seat})
        elif self.card is not None:
            table.send({"kind": "offer_card", "seat": seat, "card": self.card})
            self.card = None


@dataclass
class ShownHand:
    """A hand shown to the seat on screen for a while: the accused's, after a «+4» check."""

    title: str
    faces: list[dict]
    left_ms: float = 4000.0

    def step(self, dt_ms: float) -> bool:
        """Time passes; False once it is gone."""
        if self.left_ms <= dt_ms:
            return False
        self.left_ms -= dt_ms
        return True

    def draw(self, surface: pygame.Surface, colorblind: bool) -> None:
        faces = self.faces
        size = (60, 90)
        width = max(300, 16 + len(faces) * 44 + 40)
        rect = pygame.Rect(0, 0, min(1100, width), 150)
        rect.midtop = (TABLE_CENTER[0], 90)
        surface.blit(panel(rect.size, (16, 36, 32), ACCENT, 2, 16), rect)
        label = assets.text(self.title, 18, ACCENT, "bold")
        surface.blit(label, label.get_rect(midtop=(rect.centerx, rect.top + 8)))
        step = min(44, (rect.width - 80) / max(1, len(faces)))
        left = rect.centerx - step * (len(faces) - 1) / 2
        for i, face in enumerate(faces):
            picture = card(face.get("colour", "black"), face.get("value", "0"), size, colorblind)
            surface.blit(picture, picture.get_rect(center=(round(left + i * step), rect.top + 90)))
