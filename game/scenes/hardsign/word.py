"""The word being made at the «Твёрдый знак» table: its row of cards (from your hand and the table), each with what
it reads — a joker «?» until a letter is chosen for it; how typing, clicks and drags change it; and how the row is
drawn under the table letters (the word laid, or a hint while it is empty).

Typing picks the cards itself (hand first, jokers for missing letters: ``cards_for_word``); building by hand forgets
the typed word."""
from __future__ import annotations

from dataclasses import dataclass

import pygame

from game import assets
from game.rules import hardsign as hs
from game.scenes.base import ACCENT, DANGER_TEXT, GOLD, INK, INK_DIM, fitted_text, pad_names, panel
from game.scenes.hardsign.cards import card_surface
from game.scenes.hardsign.layout import ROW, ROW_CARD, row_slot
from game.scenes.table.scene import TableScene

CYRILLIC = set(hs.ALPHABET)
ROW_PREFIX = "row:"  # a dragged card that left the row, by its place there (hand and table cards go by their id)


class WordRow:
    def __init__(self, table: TableScene):
        self.table = table  # whose view holds the cards and whose legal actions say whether a word may be built
        self.cards: list[tuple[str, str]] = []  # (card id, what it reads: a letter, «пи», «три», or «?»)
        self.typed = ""  # the word typed on the keyboard (empty when the row was built by hand)

    def usable(self) -> dict[str, dict]:
        """The cards a word may take now, by id: your hand's and the table's."""
        v = self.table.view or {}
        return {c["id"]: c for c in v.get("hand", []) + v.get("table", [])}

    def word(self) -> str:
        return "".join(reading for _, reading in self.cards)

    def can_build(self) -> bool:
        return self.table.can("submit") or self.table.can("pass")

    def index_of(self, card_id: str) -> int | None:
        return next((i for i, (cid, _) in enumerate(self.cards) if cid == card_id), None)

    def add(self, card_id: str, at: int | None = None) -> None:
        cards = self.usable()
        if card_id not in cards or self.index_of(card_id) is not None or not self.can_build():
            return
        self.typed = ""
        entry = (card_id, hs.default_reading(cards[card_id]["face"]))
        self.cards.insert(len(self.cards) if at is None else max(0, min(at, len(self.cards))), entry)
        self.table.app.play_sound("tile_place")

    def remove(self, index: int) -> None:
        if 0 <= index < len(self.cards):
            self.cards.pop(index)
            self.typed = ""
            self.table.app.play_sound("tile_return")

    def cycle_reading(self, index: int, step: int) -> bool:
        """Turn the card at ``index`` to its next reading (a joker's letter, «п»/«пи»); False when it has one only."""
        if not 0 <= index < len(self.cards):
            return False
        card_id, reading = self.cards[index]
        face = self.usable().get(card_id, {}).get("face", "")
        choices = hs.reading_choices(face)
        if len(choices) < 2:
            return False
        position = choices.index(reading) if reading in choices else -1
        self.cards[index] = (card_id, choices[(position + step) % len(choices)])
        self.typed = ""
        self.table.app.play_sound("menu_move")
        return True

    def type_letters(self, text: str) -> None:
        if not self.can_build() or self.table.refused_latin(text):
            return
        base = self.typed or self.word().replace("?", "")
        self.set_typed((base + "".join(ch for ch in text.lower() if ch in CYRILLIC))[:hs.MAX_TYPED])

    def set_typed(self, text: str) -> None:
        self.typed = text
        v = self.table.view or {}
        hand = [(c["id"], c["face"]) for c in v.get("hand", [])]
        table = [(c["id"], c["face"]) for c in v.get("table", [])]
        row = hs.cards_for_word(text, hand, table) if text else []
        self.cards = row or []

    def erase(self) -> None:
        if self.typed:
            self.set_typed(self.typed[:-1])
            self.table.app.play_sound("tile_return")
        elif self.cards:
            self.remove(len(self.cards) - 1)

    def clear(self) -> None:
        self.cards, self.typed = [], ""

    def prune(self) -> None:
        """Cards that left the hand or the table leave the row too."""
        cards = self.usable()
        if any(cid not in cards for cid, _ in self.cards):
            if self.typed:
                self.set_typed(self.typed)
            else:
                self.cards = [(cid, r) for cid, r in self.cards if cid in cards]

    def index_at(self, x: float) -> int:
        """Where a card dropped at ``x`` goes in the row."""
        for i in range(len(self.cards)):
            if x < row_slot(i, len(self.cards)).centerx:
                return i
        return len(self.cards)

    def drop(self, dragged: str, pos) -> None:
        """A dragged card let go at ``pos``: into the row at its place, moved along it, or out of it."""
        inside = ROW.inflate(0, 20).collidepoint(pos)
        at = self.index_at(pos[0])
        if dragged.startswith(ROW_PREFIX):
            index = int(dragged[len(ROW_PREFIX):])
            if not 0 <= index < len(self.cards):
                return
            if not inside:
                self.remove(index)
                return
            entry = self.cards.pop(index)
            self.cards.insert(at if at <= index else at - 1, entry)
            self.typed = ""
            return
        if inside:
            self.add(dragged, at)

    def draw(self, surface: pygame.Surface, v: dict, shake: int, focused: int | None) -> None:
        """The row under the table letters; ``focused``: the row card the keys stand on, if any."""
        me = self.table.me
        status = v["status"][me] if me >= 0 else ""
        title = "Ваше слово" if me >= 0 else "Игроки собирают слова: их покажут после раздачи"
        if status == "laid" and v.get("my_word"):
            title = f"Выложено: «{v['my_word']['word'].upper()}» — ждём остальных"
        elif status == "passed":
            title = "Вы спасовали в этой раздаче"
        elif status == "asked":
            title = "Вы попросили ещё букву"
        surface.blit(assets.text(title, 17, ACCENT if status == "laid" else INK, "bold"), (ROW.x + 16, ROW.y + 8))
        if status == "laid" and v.get("my_word") and not self.cards:
            cards = {c["id"]: c for c in v["hand"] + v["table"]}
            ids = v["my_word"]["cards"]
            for i, cid in enumerate(ids):
                if cid in cards:
                    surface.blit(card_surface(cards[cid]["face"], ROW_CARD), row_slot(i, len(ids)).move(-6, -6))
            return
        cards = self.usable()
        if not self.cards:
            hint = "Напечатайте слово или перетащите сюда карты" if self.can_build() else ""
            # a pad neither types nor drags: its buttons, as the settings bind them
            if hint and self.table.app.input.pads:
                pad = pad_names(self.table.app.settings)
                hint = f"Крестовина — карта, {pad['confirm']} — в слово, {pad['shout']} — выложить"
            if self.typed:
                hint = f"«{self.typed}» не сложить из ваших карт и стола"
            label = fitted_text(hint, 20, DANGER_TEXT if self.typed else INK_DIM, "text", ROW.w - 32)
            surface.blit(label, label.get_rect(center=(ROW.centerx, ROW.centery + 6)))
            return
        for i, (cid, reading) in enumerate(self.cards):
            slot = row_slot(i, len(self.cards)).move(shake, 0)
            glow = ACCENT if focused == i else None
            face = cards.get(cid, {}).get("face", "")
            if face:
                surface.blit(card_surface(face, ROW_CARD, glow), slot.move(-6, -6))
            if len(hs.reading_choices(face)) > 1 or reading == "?":
                tag = assets.text(reading.upper(), 16, DANGER_TEXT if reading == "?" else GOLD, "heading")
                box = tag.get_rect(midtop=(slot.centerx, slot.bottom + 3)).inflate(10, 2)
                surface.blit(panel(box.size, (20, 20, 26), GOLD, 1, 8), box)
                surface.blit(tag, tag.get_rect(center=box.center))
        word = self.word().upper()
        label = assets.text(word, 22, INK, "heading")
        surface.blit(label, label.get_rect(topright=(ROW.right - 16, ROW.y + 6)))


@dataclass
class Drag:
    """A card the mouse carries: from the hand or the table (its id), or out of the row (``ROW_PREFIX`` + place)."""

    card: str
    start: tuple[int, int]
    pos: tuple[int, int]

    def moved(self, pos) -> bool:
        """Far enough from where it was picked up to be a drag, not a click."""
        return abs(pos[0] - self.start[0]) + abs(pos[1] - self.start[1]) > 10

    def draw(self, surface: pygame.Surface, row: WordRow) -> None:
        """The carried card under the pointer, and where it would go in the row."""
        if not self.moved(self.pos):
            return
        cards = row.usable()
        cid = self.card
        if cid.startswith(ROW_PREFIX):
            index = int(cid[len(ROW_PREFIX):])
            cid = row.cards[index][0] if 0 <= index < len(row.cards) else ""
        if cid in cards:
            image = card_surface(cards[cid]["face"], ROW_CARD, ACCENT)
            surface.blit(image, image.get_rect(center=self.pos))
            if ROW.collidepoint(self.pos):
                x = row_slot(row.index_at(self.pos[0]), len(row.cards) + 1).x - 5
                pygame.draw.line(surface, ACCENT, (x, ROW.y + 28), (x, ROW.y + 28 + ROW_CARD[1]), 3)
