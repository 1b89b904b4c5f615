"""The «Твёрдый знак» table: everyone builds a word at once.

Layout (1280×720): opponents along the top with the race indicator (who has laid a word, in which place); bonus
cards and the three extra cards on the left; the table letters and the deck in the middle with the round timer; the
word-building row under them; the live score of the word on the right; your hand, your bank and the buttons below.

Building a word: type it (the row picks the cards, hand first, jokers for missing letters), or click / drag cards into
the row, or walk the cards with the D-pad and press A. A joker in the row shows «?» until a letter is chosen for it
(up/down or the wheel while it is focused, or simply type the word). Enter or Y lays the word; Backspace or B takes the
last card back; X asks for a letter (or bribes when that is the way to get one); RB passes.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

import pygame

from game import art, assets
from game.input import KEYBOARD, MOUSE, Intent
from game.rules import hardsign as hs
from game.rules.words_ru import count as count_of, of_player, place_of
from game.scenes.base import (ACCENT, DANGER, DANGER_TEXT, DISABLED, GOLD, GOOD, HEIGHT, INK, INK_DIM, MOVES, PANEL_EDGE, WIDTH,
                              fitted_text, mix, nearest, pad_names, panel)
from game.scenes.table.banner import BannerLook
from game.scenes.table.flight import PictureFlight
from game.scenes.table.results import ResultRow, ResultsLook, draw_results_panel
from game.scenes.table.scene import TableScene, felt_cloth
from game.scenes.table.tween import Tween, ease_in_out_cubic, ease_out_back

EVENT_SOUNDS = {
    "round_dealt": "deal",
    "hand_dealt": "card_draw",
    "word_laid": "card_play",
    "word_taken": "tile_return",
    "early_card": "score_tick",
    "passed": "menu_move",
    "letter_asked": "turn_start",
    "letter_added": "card_draw",
    "bribe_paid": "slap",
    "time_up": "timer_warning",
    "round_won": "win",
    "longest_word": "score_tick",
    "round_void": "shuffle",
    "game_over": "win",
}

PALE = (197, 200, 189)  # between INK_DIM and INK: small words on the bare felt (INK_DIM read under 3:1 there)
TABLE_CARD = (86, 120)
HAND_CARD = (100, 140)
ROW_CARD = (62, 87)
BONUS_CARD = (66, 92)
MINI_CARD = (34, 48)
TOP = pygame.Rect(12, 8, WIDTH - 24, 104)
LEFT = pygame.Rect(12, 122, 232, 356)
CENTER = pygame.Rect(256, 122, 760, 210)
ROW = pygame.Rect(256, 340, 760, 138)
RIGHT = pygame.Rect(1028, 122, 240, 356)
ME = pygame.Rect(12, 490, 300, 222)
HAND = pygame.Rect(326, 490, 430, 222)
BUTTONS = pygame.Rect(770, 490, 498, 222)
DECK_POS = (318, 227)
CYRILLIC = set(hs.ALPHABET)


def draw_card_tip(surface: pygame.Surface, face: str, slot: pygame.Rect, width: int, colour=PALE) -> None:
    """Under a special card, in hand or on the table, what it stands for («æ» — «любая гласная»): its mark alone
    explains nothing. ``width``: up to the next card's tip, large text too."""
    if hs.is_special(face) or face == hs.THREE:
        text = fitted_text(hs.NAMES_RU.get(face, ""), 13, colour, "text", width)
        surface.blit(text, text.get_rect(midtop=(slot.centerx, slot.bottom + 4)))


DIMMED_CARD = (96, 112, 120)  # a card in the word being made, at its place: multiplied toward the felt's blue


def card_surface(face: str, size: tuple[int, int], glow: tuple | None = None) -> pygame.Surface:
    """A letter card (cached by the art module); specials are the black cards."""
    key = (face, size, glow)
    cached = _cards.get(key)
    if cached is None:
        special = hs.is_special(face) or face == hs.HARD_SIGN
        label = hs.label(face) if hs.is_special(face) else face
        face_surface = art.hardsign_card(label, hs.stars(face), size, special=special)
        pad = 6
        cached = pygame.Surface((size[0] + 2 * pad, size[1] + 2 * pad), pygame.SRCALPHA)
        pygame.draw.rect(cached, (0, 0, 0, 70), pygame.Rect(pad + 2, pad + 4, *size), border_radius=9)
        if glow is not None:
            pygame.draw.rect(cached, glow, pygame.Rect(0, 0, size[0] + 2 * pad, size[1] + 2 * pad), 4,
                             border_radius=12)
        cached.blit(face_surface, (pad, pad))
        if pygame.display.get_surface() is not None:
            cached = cached.convert_alpha()
        _cards[key] = cached
    return cached


def back_surface(size: tuple[int, int], kind: str = "hardsign") -> pygame.Surface:
    key = ("back", kind, size)
    cached = _cards.get(key)
    if cached is None:
        cached = art.card_back(kind, size)
        if pygame.display.get_surface() is not None:
            cached = cached.convert_alpha()
        _cards[key] = cached
    return cached


def bonus_surface(title: str, points: int, size: tuple[int, int]) -> pygame.Surface:
    key = ("bonus", title, points, size)
    cached = _cards.get(key)
    if cached is None:
        cached = art.hardsign_bonus(title, points, size)
        if pygame.display.get_surface() is not None:
            cached = cached.convert_alpha()
        _cards[key] = cached
    return cached


_cards: dict[tuple, pygame.Surface] = {}


def _forget_pictures() -> None:
    """pygame.quit() kills the fonts and the display format: a new App draws everything anew."""
    _cards.clear()  # art's own drawings and fonts are cleared by art itself


assets.on_reset(_forget_pictures)


def star_icon(size: int) -> pygame.Surface:
    """A gold star drawn as a polygon: the text fonts have no ★ glyph."""
    key = ("star", size)
    cached = _cards.get(key)
    if cached is None:
        import math

        cached = pygame.Surface((size, size), pygame.SRCALPHA)
        c, r = size / 2, size / 2 - 1
        points = [(c + (r if i % 2 == 0 else r * 0.45) * math.sin(i * math.pi / 5),
                   c - (r if i % 2 == 0 else r * 0.45) * math.cos(i * math.pi / 5)) for i in range(10)]
        pygame.draw.polygon(cached, GOLD, points)
        _cards[key] = cached
    return cached


class Note(NamedTuple):
    """The line under the live score: ``fits`` (the word may go: green) comes with the text, never read from it."""

    text: str
    fits: bool


NO_NOTE = Note("", False)


RESULTS_LOOK = ResultsLook(width=800, fill=(10, 20, 28), detail_x=330)  # a name of 24 letters keeps 280 px


@dataclass
class Target:
    kind: str  # "hand" | "table" | "row" | "button"
    key: str  # card id, row index or button id
    rect: pygame.Rect


class HardSignScene(TableScene):
    BANNER_LOOK = BannerLook(title_size=36, sub_size=18, fill=(10, 18, 24), radius=18, opacity=235)
    takes_text = True  # letters typed on the table spell words
    EVENT_SOUNDS = EVENT_SOUNDS
    GAME_OVER_EVENT = "game_over"  # the shared cheer (game.scenes.table.cheer) starts with it
    HOLD_TO_PEEK = True  # everyone plays at once: at the couch hands stay covered unless peeking
    HAND_AREA = HAND
    JOIN_CORNER = ME  # the own seat's panel: empty for a watcher
    REPLAY_CORNER = pygame.Rect(1046, 490, 222, 222)  # the right column of the buttons, clear of the results panel

    def __init__(self, connection, game_id: str, names: list[str]):
        super().__init__(connection, game_id, names)
        self.row: list[tuple[str, str]] = []  # (card id, what it reads: a letter, «пи», «три», or «?»)
        self.typed = ""  # the word typed on the keyboard (empty when the row was built by hand)
        self.focus_index = 0
        self.dragging: str | None = None
        self.drag_pos = (0, 0)
        self.drag_from = (0, 0)
        self.clock = 0.0
        self.stage_seen: tuple = ()
        self.stage_local_ms = 0.0
        self.preview_key: tuple = ()
        self.preview: dict | None = None
        self.preview_note = NO_NOTE
        self.reveal_age = 0.0
        self.warned = False
        self.flash_timer = 0.0

    # ================================================================== geometry

    def seat_rect(self, seat: int) -> pygame.Rect:
        if seat == self.me:
            return ME
        others = self.others()
        k = max(1, len(others))
        width = min(300, (TOP.w - 10 * (k - 1)) // k)
        block = k * width + (k - 1) * 10
        i = others.index(seat) if seat in others else 0
        return pygame.Rect(TOP.centerx - block // 2 + i * (width + 10), TOP.y, width, TOP.h)

    def seat_point(self, seat: int) -> tuple[float, float]:
        rect = self.seat_rect(seat)
        return (rect.centerx, rect.centery) if seat != self.me else (ME.x + 150, ME.y + 60)

    def bank_point(self, seat: int) -> tuple[float, float]:
        rect = self.seat_rect(seat)
        if seat == self.me:
            return (ME.x + 150, ME.y + 150)
        return (rect.right - 40, rect.bottom - 30)

    def table_slot(self, index: int) -> pygame.Rect:
        step = TABLE_CARD[0] + 16
        x0 = CENTER.centerx + 40 - (5 * step - 16) // 2
        return pygame.Rect(x0 + index * step, CENTER.y + 38, *TABLE_CARD)

    def hand_slot(self, index: int, count: int = 3) -> pygame.Rect:
        step = HAND_CARD[0] + 22
        x0 = HAND.centerx - (count * step - 22) // 2
        return pygame.Rect(x0 + index * step, HAND.y + 44, *HAND_CARD)

    def row_slot(self, index: int, count: int) -> pygame.Rect:
        count = max(1, count)
        step = ROW_CARD[0] + 8
        x0 = ROW.centerx - (count * step - 8) // 2
        return pygame.Rect(x0 + index * step, ROW.y + 30, *ROW_CARD)

    def bonus_slot(self, index: int) -> pygame.Rect:
        return pygame.Rect(LEFT.x + 10 + index * (BONUS_CARD[0] + 8), LEFT.y + 34, *BONUS_CARD)

    def button_rects(self) -> dict[str, pygame.Rect]:
        x, y = BUTTONS.x, BUTTONS.y
        return {
            "submit": pygame.Rect(x + 8, y + 8, 236, 66),
            "clear": pygame.Rect(x + 254, y + 8, 236, 66),
            "pass": pygame.Rect(x + 8, y + 84, 236, 58),
            "letter": pygame.Rect(x + 254, y + 84, 236, 58),
            "withdraw": pygame.Rect(x + 8, y + 152, 236, 58),
            "bribe": pygame.Rect(x + 254, y + 152, 236, 58),
        }

    # ================================================================== the row and the word
    def cards_by_id(self) -> dict[str, dict]:
        v = self.view or {}
        return {c["id"]: c for c in v.get("hand", []) + v.get("table", [])}

    def word(self) -> str:
        return "".join(reading for _, reading in self.row)

    def add_card(self, card_id: str, at: int | None = None) -> None:
        cards = self.cards_by_id()
        if card_id not in cards or any(cid == card_id for cid, _ in self.row) or not self.can_build():
            return
        self.typed = ""
        entry = (card_id, hs.default_reading(cards[card_id]["face"]))
        self.row.insert(len(self.row) if at is None else max(0, min(at, len(self.row))), entry)
        self.app.play_sound("tile_place")

    def remove_card(self, index: int) -> None:
        if 0 <= index < len(self.row):
            self.row.pop(index)
            self.typed = ""
            self.app.play_sound("tile_return")

    def cycle_reading(self, index: int, step: int) -> bool:
        if not 0 <= index < len(self.row):
            return False
        card_id, reading = self.row[index]
        face = self.cards_by_id().get(card_id, {}).get("face", "")
        choices = hs.reading_choices(face)
        if len(choices) < 2:
            return False
        position = choices.index(reading) if reading in choices else -1
        self.row[index] = (card_id, choices[(position + step) % len(choices)])
        self.typed = ""
        self.app.play_sound("menu_move")
        return True

    def type_letters(self, text: str) -> None:
        if not self.can_build() or self.refused_latin(text):
            return
        base = self.typed or self.word().replace("?", "")
        self.set_typed((base + "".join(ch for ch in text.lower() if ch in CYRILLIC))[:hs.MAX_TYPED])

    def set_typed(self, text: str) -> None:
        self.typed = text
        v = self.view or {}
        hand = [(c["id"], c["face"]) for c in v.get("hand", [])]
        table = [(c["id"], c["face"]) for c in v.get("table", [])]
        row = hs.cards_for_word(text, hand, table) if text else []
        self.row = row or []

    def erase(self) -> None:
        if self.typed:
            self.set_typed(self.typed[:-1])
            self.app.play_sound("tile_return")
        elif self.row:
            self.remove_card(len(self.row) - 1)

    def clear_row(self) -> None:
        self.row, self.typed = [], ""

    def can_build(self) -> bool:
        return self.can("submit") or self.can("pass")

    def prune_row(self) -> None:
        """Cards that left the hand or the table leave the row too."""
        cards = self.cards_by_id()
        if any(cid not in cards for cid, _ in self.row):
            if self.typed:
                self.set_typed(self.typed)
            else:
                self.row = [(cid, r) for cid, r in self.row if cid in cards]

    def submit_word(self) -> None:
        if not self.can("submit"):
            self.refuse(self.why_not("submit"))
            return
        word = self.word()
        if not self.row:
            self.refuse("Соберите слово: напечатайте его или выберите карты.")
            return
        if "?" in word:
            # short enough for the notice's corner in large text (the longer one ran off the screen in one line)
            self.refuse("Джокеру нужна буква: стрелки вверх/вниз, колёсико или слово с клавиатуры.")
            return
        self.send({"kind": "submit", "cards": [cid for cid, _ in self.row], "word": word})

    def refuse(self, text: str) -> None:
        self.app.play_sound("invalid")
        self.app.toast(text, 2600)

    def why_not(self, kind: str) -> str:
        v = self.view or {}
        status = v.get("status", [""])[self.me] if self.me >= 0 else ""
        if v.get("phase") != "race":
            return "Раздача закончилась: ждём новых карт."
        if status == "laid":
            return "Ваше слово уже на столе. Его можно забрать и выложить другое."
        if status == "passed":
            return "Вы спасовали в этой раздаче."
        if kind == "letter":
            if v.get("laid_order"):
                need = v.get("bribe_need", 2)
                if len(v["laid_order"]) < need:
                    return f"Слово уже выложено: букву теперь дают только за взятку, когда слов хотя бы {need}."
                return "Для взятки нужна карта в банке для каждого, кто выложил слово."
            if len(v.get("table", [])) >= v.get("table_max", 5):
                return "На столе уже пять букв."
            if status == "asked":
                return "Вы уже попросили букву."
        return "Сейчас так нельзя."

    def press_button(self, button: str) -> None:
        if button == "submit":
            self.submit_word()
        elif button == "clear":
            self.clear_row()
            self.app.play_sound("tile_return")
        elif button == "pass":
            if self.can("pass"):
                self.send({"kind": "pass"})
                self.clear_row()
            else:
                self.refuse(self.why_not("pass"))
        elif button == "letter":
            if self.can("ask_letter"):
                self.send({"kind": "ask_letter"})
            elif self.can("bribe"):
                self.send({"kind": "bribe"})
            else:
                self.refuse(self.why_not("letter"))
        elif button == "bribe":
            if self.can("bribe"):
                self.send({"kind": "bribe"})
            else:
                self.refuse(self.why_not("letter"))
        elif button == "withdraw":
            if self.can("withdraw"):
                self.send({"kind": "withdraw"})
            else:
                self.refuse("У вас нет слова на столе.")

    # ================================================================== the live score
    def live_score(self) -> tuple[dict | None, Note]:
        v = self.view
        if v is None:
            return None, NO_NOTE
        mine = v.get("my_word")
        if mine and not self.row:
            return mine["score"], Note("Ваше слово на столе", True)
        # everything the score and the note are worked out from (the hand decides «from the hand»
        # and «Из всех карт» of the same row)
        key = (tuple(self.row), self.me, tuple(c["id"] for c in v["hand"]), tuple(c["id"] for c in v["table"]),
               tuple(b["tag"] for b in v["bonuses"]), v.get("early"), tuple(v.get("laid_order", ())),
               repr(v.get("words_options")))
        if key == self.preview_key:
            return self.preview, self.preview_note
        self.preview_key = key
        self.preview, self.preview_note = self.compute_preview(v)
        return self.preview, self.preview_note

    def compute_preview(self, v: dict) -> tuple[dict | None, Note]:
        if not self.row:
            return None, NO_NOTE
        cards = self.cards_by_id()
        word = self.word()
        faces = [cards[cid]["face"] for cid, _ in self.row if cid in cards]
        hand_ids = {c["id"] for c in v["hand"]}
        if "?" in word:
            note = Note("Выберите букву для джокера", False)
        elif not any(cid in hand_ids for cid, _ in self.row):
            note = Note("Нужна хотя бы одна карта с руки", False)
        elif hs.read_row(faces, word) is None:
            note = Note("Эти карты так не читаются", False)
        else:
            note = NO_NOTE
        tags: frozenset = frozenset()
        try:
            source = hs.source(v.get("words_options"))
            if not note.text:
                verdict = source.check(word)  # the table's own judge, so the note never promises what it refuses
                note = Note("есть в словаре", True) if verdict.ok else Note(
                    "не подходит: " + (verdict.reason or "нет в словаре"), False)
            tags = source.tags(source.base_word(word)) if "?" not in word else frozenset()
        except Exception:  # noqa: BLE001 - a client without the dictionary still shows the stars
            pass
        all_ids = hand_ids | {c["id"] for c in v["table"]}
        early = hs.early_goes_to_next_word(v.get("early", -1)) or v.get("early") == self.me
        score = hs.score_breakdown(seat=self.me, word=word, faces=faces,
                                from_table=[cid not in hand_ids for cid, _ in self.row],
                                bonuses=[b["tag"] for b in v["bonuses"]], tags=tags, early=early,
                                all_cards={cid for cid, _ in self.row} >= all_ids)
        return score, note

    # ================================================================== events
    def on_event(self, event: dict, previous_view: dict | None) -> None:
        super().on_event(event, previous_view)
        self.prune_row()

    def event_sound(self, event: dict) -> str | None:
        if event.get("kind") == "game_over" and self.me >= 0:
            return "win" if self.me in event.get("winners", ()) else "lose"
        return self.EVENT_SOUNDS.get(event.get("kind"))

    def fly_card(self, face: str | None, start, end, size=TABLE_CARD, ms=420.0, delay=0.0) -> None:
        surface = card_surface(face, size) if face else back_surface(size)
        self.flights.add(PictureFlight(surface, tuple(start), tuple(end),
                                       Tween((0.0,), (1.0,), ms, ease_in_out_cubic, delay_ms=delay)))

    def fly_surface(self, surface: pygame.Surface, start, end, ms=520.0, delay=0.0) -> None:
        self.flights.add(PictureFlight(surface, tuple(start), tuple(end),
                                       Tween((0.0,), (1.0,), ms, ease_out_back, delay_ms=delay)))

    def ev_round_dealt(self, e: dict, before: dict) -> None:
        self.clear_row()
        self.warned = False
        for i, card in enumerate(e["table"]):
            self.fly_card(card["face"], DECK_POS, self.table_slot(i).center, delay=120 * i)
        for i in range(len(e.get("bonuses", ()))):
            self.fly_card(None, (LEFT.centerx, LEFT.y - 40), self.bonus_slot(i).center, size=BONUS_CARD,
                          delay=80 * i)
        self.banner(f"Раздача {e['round']}", "Составьте слово из своих карт и букв на столе", INK, 1800)

    def ev_hand_dealt(self, e: dict, before: dict) -> None:
        for i, card in enumerate(e["cards"]):
            self.fly_card(card["face"], DECK_POS, self.hand_slot(i).center, size=HAND_CARD, delay=300 + 110 * i)

    def ev_word_laid(self, e: dict, before: dict) -> None:
        seat = e["seat"]
        x, y = self.seat_point(seat)
        for i in range(e["cards"]):
            self.fly_card(None, (CENTER.centerx, ROW.centery) if seat == self.me else (x, y + 40),
                          (x - 20 + 10 * i, y + 10), size=MINI_CARD, delay=50 * i)
        # the place alone: «Слово выложено — 1-й» ran off the screen in large text
        self.popup(f"{place_of(e['place'], self.seat_name(seat))}!", x, y + 30, GOLD, 28)
        if seat == self.me:
            self.clear_row()

    def ev_word_taken(self, e: dict, before: dict) -> None:
        x, y = self.seat_point(e["seat"])
        taken = f"{of_player('забрал', self.seat_name(e['seat']), False)} слово"
        self.popup(taken if e["seat"] != self.me else "Слово у вас в руке", x, y + 30, INK_DIM, 24)

    def ev_early_card(self, e: dict, before: dict) -> None:
        seat = e["seat"]
        start = self.extra_rects()["early"].center
        if seat >= 0:
            self.fly_surface(self.early_badge(seat), start, self.seat_point(seat))
            x, y = self.seat_point(seat)
            self.popup("Раньше всех +1", x, y + 40, ACCENT, 26)  # from the plate's middle it rose off the screen
        else:
            self.popup("«Раньше всех» вернулась на стол", *start, INK_DIM, 20)

    def ev_passed(self, e: dict, before: dict) -> None:
        x, y = self.seat_point(e["seat"])
        self.popup("Пас", x, y + 30, INK_DIM, 30)

    def ev_letter_asked(self, e: dict, before: dict) -> None:
        x, y = self.seat_point(e["seat"])
        self.popup("Ещё букву!", x, y + 30, ACCENT, 26)

    def ev_letter_added(self, e: dict, before: dict) -> None:
        index = e["count"] - 1
        self.fly_card(e["card"]["face"], DECK_POS, self.table_slot(index).center, ms=520)
        word = "Четвёртая" if e["count"] == 4 else "Пятая"
        self.banner(f"{word} буква на столе", "за взятку" if e["reason"] == "bribe" else "никто не нашёл слова",  # not a count
                    ACCENT, 1800)

    def ev_bribe_paid(self, e: dict, before: dict) -> None:
        start = self.bank_point(e["seat"])
        for i, (taker, face) in enumerate(zip(e["takers"], e["faces"])):
            self.fly_card(face, start, self.bank_point(taker), size=MINI_CARD, ms=600, delay=120 * i)
        self.popup("Взятка!", *self.seat_point(e["seat"]), DANGER, 30)

    def ev_time_up(self, e: dict, before: dict) -> None:
        self.flash_timer = 900.0
        if self.me in e["seats"]:
            self.banner("Время вышло", "вы пасуете" if e["stage"] == "answer" else "добавляем букву", DANGER, 1600)

    def ev_round_won(self, e: dict, before: dict) -> None:
        self.reveal_age = 0.0
        words = {w["seat"]: w for w in e["words"]}
        for winner, won in zip(e["winners"], e["won"]):
            word = words[winner]
            for i, face in enumerate(won[:10]):
                self.fly_card(face, (CENTER.centerx, CENTER.centery), self.bank_point(winner), size=MINI_CARD,
                              ms=650, delay=1600 + 60 * i)
            self.popup(f"+{word['total']}", *self.bank_point(winner), GOLD, 34)
        # no banner: the deal's panel says who took it (its star, its title), and a banner stood on its words

    def ev_longest_word(self, e: dict, before: dict) -> None:
        start = self.extra_rects()["longest"].center if e["previous"] < 0 else self.seat_point(e["previous"])
        self.fly_surface(self.crown_badge(), start, self.seat_point(e["seat"]), ms=800, delay=900)
        self.popup("Самое длинное слово!", *self.seat_point(e["seat"]), GOLD, 24)

    def ev_round_void(self, e: dict, before: dict) -> None:
        self.reveal_age = 0.0
        for i, slot in enumerate(range(len(before.get("table", [])))):
            self.fly_card(None, self.table_slot(slot).center, DECK_POS, delay=60 * i)
        # no banner: the deal's panel says so, and a banner saying the same stood on its line

    def ev_game_over(self, e: dict, before: dict) -> None:
        names = ", ".join(self.name(s) for s in e["winners"])
        self.banner("Игра окончена", f"Победа: {names}", GOLD, 5000)

    # ================================================================== input
    def uses_back(self, intent: Intent) -> bool:
        # Backspace is «back» too: here it erases a letter; B on a pad takes back the last card first
        if self.over:
            return False
        if intent.device == MOUSE:
            return self.dragging is not None
        return super().uses_back(intent) or (intent.device != KEYBOARD and bool(self.row or self.typed))

    def on_back(self, intent: Intent) -> None:
        """«back» that ``uses_back`` kept from the pause menu."""
        if intent.device == MOUSE:
            self.dragging = None
        else:
            self.erase()

    def targets(self) -> list[Target]:
        if self.me < 0 or self.replaying:
            return []  # a watcher has no hand, no row and no buttons of its own; in a replay nobody walks them
        v = self.view or {}
        out = [Target("hand", c["id"], self.hand_slot(i, len(v.get("hand", [])))) for i, c in enumerate(v.get("hand", []))]
        out += [Target("table", c["id"], self.table_slot(i)) for i, c in enumerate(v.get("table", []))]
        out += [Target("row", str(i), self.row_slot(i, len(self.row))) for i in range(len(self.row))]
        out += [Target("button", b, r) for b, r in self.button_rects().items()]
        return out

    def move_focus(self, targets: list[Target], dx: int, dy: int) -> None:
        best = nearest([t.rect for t in targets], self.focus_index, dx, dy) if targets else None
        if best is not None:
            self.focus_index = best
            self.app.play_sound("menu_move")

    def handle_table(self, intent: Intent) -> None:
        if self.view is None or self.leaves_when_over(intent):
            return
        name, key = intent.name, intent.extra.get("key")
        if name == "back":
            self.on_back(intent)
            return
        targets = self.targets()
        focused = targets[min(self.focus_index, len(targets) - 1)] if targets else None
        if name == "text":
            self.type_letters(intent.text)
            return
        if intent.device == KEYBOARD:
            if key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                if name == "confirm":
                    if self.row and (focused is None or focused.kind != "button"):
                        self.submit_word()
                    elif focused is not None:
                        self.activate(focused)
                return
            shortcuts = {pygame.K_F2: "pass", pygame.K_F3: "letter", pygame.K_F4: "bribe", pygame.K_F5: "withdraw",
                         pygame.K_DELETE: "clear"}
            if key in shortcuts:
                self.press_button(shortcuts[key])
                return
            arrows = {pygame.K_UP: (0, -1), pygame.K_DOWN: (0, 1), pygame.K_LEFT: (-1, 0), pygame.K_RIGHT: (1, 0)}
            if key in arrows:
                if focused is not None and focused.kind == "row" and key in (pygame.K_UP, pygame.K_DOWN):
                    if self.cycle_reading(int(focused.key), 1 if key == pygame.K_UP else -1):
                        return
                self.move_focus(targets, *arrows[key])
                return
            if key == pygame.K_SPACE and name == "confirm" and focused is not None:
                self.activate(focused)
            return  # letters typed in a Russian layout also arrive as WASD and shortcuts: swallow them
        if name in ("point", "press", "click") and intent.pos is not None:
            self.handle_mouse(name, intent.pos, targets)
            return
        if name in ("up", "down") and intent.device == MOUSE:  # the wheel turns a joker over the pointer
            hover = self.target_at(pygame.mouse.get_pos(), targets)
            if hover is not None and hover.kind == "row":
                self.cycle_reading(int(hover.key), 1 if name == "up" else -1)
            return
        if name in MOVES:
            if focused is not None and focused.kind == "row" and name in ("up", "down"):
                if self.cycle_reading(int(focused.key), 1 if name == "up" else -1):
                    return
            self.move_focus(targets, *MOVES[name])
        elif name == "confirm" and focused is not None:
            self.activate(focused)
        elif name in ("shout", "play"):
            self.submit_word()
        elif name == "draw":
            self.press_button("letter")
        elif name == "slap":
            self.press_button("pass")
        elif name == "catch":
            self.press_button("withdraw" if self.can("withdraw") else "clear")

    def target_at(self, pos, targets: list[Target]) -> Target | None:
        for t in reversed(targets):
            if t.rect.collidepoint(pos):
                return t
        return None

    def handle_mouse(self, name: str, pos, targets: list[Target]) -> None:
        hit = self.target_at(pos, targets)
        if name == "point":
            if self.dragging is not None:
                self.drag_pos = pos
            elif hit is not None:
                self.focus_index = targets.index(hit)
            return
        if name == "press":
            if hit is not None and hit.kind in ("hand", "table", "row"):
                self.dragging = hit.key if hit.kind != "row" else f"row:{hit.key}"
                self.drag_pos = self.drag_from = pos
            return
        # click = the button went up: a drop, or a plain click when the pointer barely moved
        dragged, self.dragging = self.dragging, None
        moved = dragged is not None and abs(pos[0] - self.drag_from[0]) + abs(pos[1] - self.drag_from[1]) > 10
        if moved:
            self.drop(dragged, pos)
            return
        if hit is not None:
            self.focus_index = targets.index(hit)
            self.activate(hit)

    def drop(self, dragged: str, pos) -> None:
        inside = ROW.inflate(0, 20).collidepoint(pos)
        at = self.row_index_at(pos[0])
        if dragged.startswith("row:"):
            index = int(dragged[4:])
            if not 0 <= index < len(self.row):
                return
            if not inside:
                self.remove_card(index)
                return
            entry = self.row.pop(index)
            self.row.insert(at if at <= index else at - 1, entry)
            self.typed = ""
            return
        if inside:
            self.add_card(dragged, at)

    def row_index_at(self, x: float) -> int:
        for i in range(len(self.row)):
            if x < self.row_slot(i, len(self.row)).centerx:
                return i
        return len(self.row)

    def activate(self, target: Target) -> None:
        if target.kind in ("hand", "table"):
            if any(cid == target.key for cid, _ in self.row):
                self.remove_card(next(i for i, (cid, _) in enumerate(self.row) if cid == target.key))
            elif not self.can_build():
                self.refuse(self.why_not("submit"))
            else:
                self.add_card(target.key)
        elif target.kind == "row":
            self.remove_card(int(target.key))
        elif target.kind == "button":
            self.press_button(target.key)

    def on_seat_change(self, previous_seat: int) -> None:
        self.clear_row()
        self.focus_index = 0

    # ================================================================== time
    def update_table(self, dt_ms: float) -> None:
        self.clock += dt_ms
        self.reveal_age += dt_ms
        self.flash_timer = max(0.0, self.flash_timer - dt_ms)
        v = self.view
        if v is not None:
            stage = (v.get("round"), v.get("stage_started_ms"), v.get("deadline_ms"), v.get("phase"))
            if stage != self.stage_seen:
                self.stage_seen = stage
                self.stage_local_ms = self.clock
                self.warned = False
            left = self.time_left()
            if left is not None and left < 5000 and not self.warned and v.get("phase") == "race":
                self.warned = True
                if v["status"][self.me] in ("thinking", "asked") if self.me >= 0 else False:
                    self.app.play_sound("timer_warning")

    def time_left(self) -> float | None:
        v = self.view
        if v is None or v.get("deadline_ms") is None:
            return None
        total = v["deadline_ms"] - v["stage_started_ms"]
        return max(0.0, total - (self.clock - self.stage_local_ms))

    # ================================================================== drawing
    def build_backdrop(self) -> pygame.Surface:
        felt = felt_cloth((30, 70, 88), seed=11, rings=20)
        self.paint_seat_plates(felt, self.seat_rect, (14, 32, 42), 46, (62, 8))
        for area in (LEFT, RIGHT):
            felt.blit(panel(area.size, (12, 30, 40), PANEL_EDGE, 1, 18), area)
        felt.blit(assets.text("Бонусы", 20, ACCENT, "heading"), (LEFT.x + 12, LEFT.y + 6))
        felt.blit(assets.text("Счёт слова", 20, ACCENT, "heading"), (RIGHT.x + 12, RIGHT.y + 6))
        table = pygame.Surface(CENTER.size, pygame.SRCALPHA)
        pygame.draw.rect(table, (255, 255, 255, 16), table.get_rect(), border_radius=24)
        pygame.draw.rect(table, (255, 255, 255, 40), table.get_rect(), 2, border_radius=24)
        felt.blit(table, CENTER)
        felt.blit(panel(ROW.size, (10, 26, 34), PANEL_EDGE, 1, 18), ROW)
        felt.blit(panel(ME.size, (14, 32, 42), PANEL_EDGE, 1, 16), ME)
        if self.me >= 0:
            felt.blit(self.face(self.me, 52), (ME.x + 10, ME.y + 10))
            felt.blit(assets.text("Вы", 24, INK, "heading"), (ME.x + 72, ME.y + 12))
        for i in range(5):  # empty places for the letters, the 4th and 5th dashed
            slot = self.table_slot(i)
            outline = pygame.Surface(slot.size, pygame.SRCALPHA)
            pygame.draw.rect(outline, (255, 255, 255, 40 if i < 3 else 26), outline.get_rect(), 2, border_radius=10)
            felt.blit(outline, slot)
            if i >= 3:
                number = assets.text(f"{i + 1}-я", 16, INK)
                felt.blit(number, number.get_rect(center=slot.center))
        return felt.convert() if pygame.display.get_surface() is not None else felt

    def notice_zone(self) -> pygame.Rect:
        # the lower part of the word's score panel, under the total of a word with two bonuses: every other strip of
        # this table holds cards, buttons or lines
        return pygame.Rect(RIGHT.x + 6, RIGHT.y + 200, RIGHT.w - 12, RIGHT.h - 206)

    def draw_table(self, surface: pygame.Surface, alpha: float) -> None:
        v = self.view
        assert v is not None
        shake = round(self.shake.offset(alpha))
        self.draw_opponents(surface, v)
        self.draw_bonuses(surface, v)
        if v["phase"] == "race":
            self.draw_center(surface, v)
        if v["phase"] == "race":
            self.draw_row(surface, v, shake)
            self.draw_score(surface, v)
        elif v["phase"] == "reveal":
            self.draw_reveal(surface, v)
        self.draw_me(surface, v)
        self.draw_hand(surface, v)
        self.draw_buttons(surface, v)
        self.draw_drag(surface)
        self.flights.draw(surface, alpha)
        self.banners.draw(surface, alpha, centre=(CENTER.centerx, CENTER.y + 120))
        if v["phase"] == "over":
            self.draw_results(surface, v)

    # --- seats
    def status_chip(self, v: dict, seat: int) -> tuple[str, tuple]:
        status = v["status"][seat] if v["phase"] == "race" else ""
        mine = seat == self.me  # under «Вы»: «Вы думаете», not «Вы думает»
        if status == "laid":
            place = v["laid_order"].index(seat) + 1 if seat in v["laid_order"] else 0
            name = self.seat_name(seat)
            return f"{of_player('выложил', name, mine)} слово {place_of(place, name) if place else ''}".rstrip(), GOOD
        if status == "thinking":
            dots = "." * (1 + int(self.clock / 400) % 3)
            return f"{'думаете' if mine else 'думает'}{dots}", INK_DIM
        if status == "passed":
            return "пас", mix(DANGER, INK, 0.35)  # DANGER itself read 4.2:1 on the plate
        if status == "asked":
            return "ждёте букву" if mine else "ждёт букву", ACCENT
        return "", INK_DIM

    def draw_opponents(self, surface: pygame.Surface, v: dict) -> None:
        for seat in self.others():
            rect = self.seat_rect(seat)
            chip, color = self.status_chip(v, seat)
            if v["phase"] == "race" and v["status"][seat] == "laid":
                pygame.draw.rect(surface, GOOD, rect, 2, border_radius=16)
            # the score on the status line, so the name above has the plate's width (a name of 24 letters ran under
            # it); the status up to the score: «Крупный текст» ran «выложил слово 1-й» under it and out of the plate
            score = assets.text(f"{v['scores'][seat]}", 22, ACCENT, "heading")
            surface.blit(score, score.get_rect(topright=(rect.right - 10, rect.y + 30)))
            room = rect.w - 62 - 10 - score.get_width() - 8
            surface.blit(fitted_text(chip, 16, color, "bold", room), (rect.x + 62, rect.y + 32))
            bank = v["banks"][seat]
            self.blit_stars(surface, f"банк {bank['stars']}", (rect.x + 62, rect.y + 54), 15, INK,
                            f" · {count_of(bank['cards'], 'карта')}", width=rect.w - 62 - 10)
            for i in range(v["hands"][seat]):
                surface.blit(back_surface((20, 28)), (rect.x + 12 + i * 12, rect.bottom - 34))
            self.draw_badges(surface, v, seat, rect.right - 10, rect.bottom - 17)

    def draw_badges(self, surface: pygame.Surface, v: dict, seat: int, right: int, y: int) -> None:
        x = right
        longest = v.get("longest")
        if longest and longest["seat"] == seat:
            badge = self.crown_badge()
            x -= badge.get_width()
            surface.blit(badge, (x, y - badge.get_height() // 2))
            x -= 6
        if v.get("early") == seat and v["phase"] == "race":
            badge = self.early_badge(seat)
            x -= badge.get_width()
            surface.blit(badge, (x, y - badge.get_height() // 2))

    def blit_stars(self, surface: pygame.Surface, text: str, pos, size: int, color, tail: str = "",
                   width: int | None = None) -> None:
        """«text★tail»: a line with a drawn star after the number, all of it smaller where ``width`` is too little
        (six seats' plates in large text: « · 14 карт» ran out of its plate)."""
        label, tail_label = assets.text(text, size, color), assets.text(tail, size, color) if tail else None
        star = round(size * assets.text_scale)
        whole = label.get_width() + 4 + star + (tail_label.get_width() if tail_label else 0)
        if width is not None and whole > width:
            size = max(8, size * width // whole)
            label, tail_label = assets.text(text, size, color), assets.text(tail, size, color) if tail else None
            star = round(size * assets.text_scale)
        surface.blit(label, pos)
        x = pos[0] + label.get_width() + 2
        surface.blit(star_icon(star), (x, pos[1] + 2))
        if tail_label:
            surface.blit(tail_label, (x + star + 2, pos[1]))

    def early_badge(self, seat: int) -> pygame.Surface:
        """«Раньше всех» on the seat that holds it: «1-й +1», «1-я +1»."""
        return self.badge(f"{place_of(1, self.seat_name(seat))} +1", (70, 140, 220))

    def crown_badge(self) -> pygame.Surface:
        return self.badge("длинное +10", (200, 150, 40))

    def badge(self, text: str, color: tuple) -> pygame.Surface:
        key = ("badge", text, color)
        cached = _cards.get(key)
        if cached is None:
            light = 0.2126 * color[0] + 0.7152 * color[1] + 0.0722 * color[2] > 110  # white on gold read 2.7:1
            label = assets.text(text, 15, (30, 30, 30) if light else (255, 255, 255), "bold")
            cached = panel((label.get_width() + 16, 24), color, (255, 255, 255), 1, 12).copy()
            cached.blit(label, label.get_rect(center=(cached.get_width() // 2, 12)))
            _cards[key] = cached
        return cached

    # --- bonus cards and the extra cards
    def extra_rects(self) -> dict[str, pygame.Rect]:
        y = LEFT.y + 140
        return {"early": pygame.Rect(LEFT.x + 10, y, LEFT.w - 20, 58),
                "all": pygame.Rect(LEFT.x + 10, y + 66, LEFT.w - 20, 58),
                "longest": pygame.Rect(LEFT.x + 10, y + 132, LEFT.w - 20, 76)}

    def draw_bonuses(self, surface: pygame.Surface, v: dict) -> None:
        bonuses = v["bonuses"]
        for i in range(3):
            slot = self.bonus_slot(i)
            if i < len(bonuses):
                b = bonuses[i]
                surface.blit(bonus_surface(b["title"], b["points"], BONUS_CARD), slot)
            elif i < len(bonuses) + v.get("bonuses_hidden", 0):
                surface.blit(back_surface(BONUS_CARD, "hardsign_bonus"), slot)
        rects = self.extra_rects()
        early = v.get("early", -1)
        rows = [
            ("early", "Раньше всех", "+1", "первому слову" if early < 0 else f"у: {self.name(early)}", (70, 140, 220)),
            ("all", "Из всех карт", "+5", "все карты руки и стола", (60, 160, 110)),
        ]
        longest = v.get("longest")
        holder = f"{self.name(longest['seat'])}: «{longest['word']}»" if longest else "ещё ни у кого"
        rows.append(("longest", "Самое длинное", "+10", holder, (200, 150, 40)))
        for key, title, points, sub, color in rows:
            rect = rects[key]
            surface.blit(panel(rect.size, (24, 22, 30), color, 2, 12), rect)
            pts = assets.text(points, 22, color, "heading")
            surface.blit(pts, pts.get_rect(topright=(rect.right - 10, rect.y + 4)))
            name = assets.text(title, 17, INK, "bold")
            room = rect.w - 30 - pts.get_width()
            if name.get_width() > room:  # «Крупный текст»: the title gives way instead of running under the points
                name = assets.text(title, max(8, 17 * room // name.get_width()), INK, "bold")
            surface.blit(name, (rect.x + 10, rect.y + 6))
            surface.blit(fitted_text(sub, 14, INK_DIM, "text", rect.w - 20), (rect.x + 10, rect.y + 32))
            if key == "longest" and longest:
                surface.blit(fitted_text(f"{count_of(longest['length'], 'буква')} · +10 в конце игры", 14, INK_DIM, "text",
                                         rect.w - 20), (rect.x + 10, rect.y + 52))

    # --- the table letters, the deck, the timer
    def draw_center(self, surface: pygame.Surface, v: dict) -> None:
        deck_rect = pygame.Rect(0, 0, 70, 98)
        deck_rect.center = DECK_POS
        if v["deck"]:
            for k in range(min(3, v["deck"] // 12 + 1)):
                surface.blit(back_surface((70, 98)), deck_rect.move(-2 * k, -2 * k))
        count = assets.text(f"колода: {v['deck']}", 15, INK_DIM)
        plate = count.get_rect(midtop=(DECK_POS[0], deck_rect.bottom + 6)).inflate(14, 2)
        surface.blit(panel(plate.size, (14, 26, 34), (14, 26, 34), 0, 10), plate)  # grey on the bare felt read 2.9:1
        surface.blit(count, count.get_rect(center=plate.center))
        in_row = {cid for cid, _ in self.row}
        targets = self.targets()
        focused = targets[min(self.focus_index, len(targets) - 1)] if targets else None
        for i, card in enumerate(v["table"]):
            slot = self.table_slot(i)
            if self.flying_to(slot.center):
                continue
            glow = ACCENT if focused is not None and focused.kind == "table" and focused.key == card["id"] else None
            image = card_surface(card["face"], TABLE_CARD, glow)
            if card["id"] in in_row:
                image = self.dimmed(card["face"], TABLE_CARD)
            surface.blit(image, slot.move(-6, -6))
            draw_card_tip(surface, card["face"], slot, TABLE_CARD[0] + 16 - 6, INK)  # PALE read 3.9:1 on the table
        title = f"Раздача {v['round']} · букв на столе {len(v['table'])} из {v['table_max']}"
        surface.blit(assets.text(title, 17, INK, "bold"), (CENTER.x + 16, CENTER.y + 10))
        self.draw_timer(surface, v)

    def dimmed(self, face: str, size: tuple[int, int]) -> pygame.Surface:
        key = ("dim", face, size)
        cached = _cards.get(key)
        if cached is None:  # darkened, not see-through: a fourth or fifth place's «4-я» read through its letter
            cached = card_surface(face, size).copy()
            cached.fill(DIMMED_CARD, special_flags=pygame.BLEND_RGB_MULT)
            _cards[key] = cached
        return cached

    def flying_to(self, point) -> bool:
        return any(f.end == tuple(point) and not f.landed for f in self.flights)

    def draw_timer(self, surface: pygame.Surface, v: dict) -> None:
        left = self.time_left()
        if left is None:
            return
        total = max(1, v["deadline_ms"] - v["stage_started_ms"])
        bar = pygame.Rect(CENTER.x + 120, CENTER.bottom - 22, CENTER.w - 140, 10)
        pygame.draw.rect(surface, (30, 40, 48), bar, border_radius=5)
        k = left / total
        color = DANGER if left < 5000 or self.flash_timer > 0 else (ACCENT if left < 15000 else GOOD)
        pygame.draw.rect(surface, color, pygame.Rect(bar.x, bar.y, max(6, round(bar.w * k)), bar.h), border_radius=5)
        if v["phase"] == "race":
            what = "на ответ" if v["answer_stage"] else "на слово"
        else:
            what = "до новой раздачи"
        label = fitted_text(f"{int(left // 1000) + 1} с {what}", 15, mix(color, INK, 0.4), "bold",  # the bar keeps the hue
                            bar.x - 10 - CENTER.x - 12)  # inside the centre panel, large text too
        surface.blit(label, label.get_rect(midright=(bar.x - 10, bar.centery)))

    # --- the word row
    def draw_row(self, surface: pygame.Surface, v: dict, shake: int) -> None:
        status = v["status"][self.me] if self.me >= 0 else ""
        title = "Ваше слово" if self.me >= 0 else "Игроки собирают слова: их покажут после раздачи"
        if status == "laid" and v.get("my_word"):
            title = f"Выложено: «{v['my_word']['word'].upper()}» — ждём остальных"
        elif status == "passed":
            title = "Вы спасовали в этой раздаче"
        elif status == "asked":
            title = "Вы попросили ещё букву"
        surface.blit(assets.text(title, 17, ACCENT if status == "laid" else INK, "bold"), (ROW.x + 16, ROW.y + 8))
        if status == "laid" and v.get("my_word") and not self.row:
            cards = {c["id"]: c for c in v["hand"] + v["table"]}
            ids = v["my_word"]["cards"]
            for i, cid in enumerate(ids):
                if cid in cards:
                    surface.blit(card_surface(cards[cid]["face"], ROW_CARD), self.row_slot(i, len(ids)).move(-6, -6))
            return
        targets = self.targets()
        focused = targets[min(self.focus_index, len(targets) - 1)] if targets else None
        cards = self.cards_by_id()
        if not self.row:
            hint = "Напечатайте слово или перетащите сюда карты" if self.can_build() else ""
            if hint and self.app.input.pads:  # a pad neither types nor drags: its buttons, as the settings bind them
                pad = pad_names(self.app.settings)
                hint = f"Крестовина — карта, {pad['confirm']} — в слово, {pad['shout']} — выложить"
            if self.typed:
                hint = f"«{self.typed}» не сложить из ваших карт и стола"
            label = fitted_text(hint, 20, DANGER_TEXT if self.typed else INK_DIM, "text", ROW.w - 32)
            surface.blit(label, label.get_rect(center=(ROW.centerx, ROW.centery + 6)))
            return
        for i, (cid, reading) in enumerate(self.row):
            slot = self.row_slot(i, len(self.row)).move(shake, 0)
            glow = ACCENT if focused is not None and focused.kind == "row" and focused.key == str(i) else None
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

    def draw_drag(self, surface: pygame.Surface) -> None:
        if self.dragging is None or abs(self.drag_pos[0] - self.drag_from[0]) + abs(self.drag_pos[1] - self.drag_from[1]) <= 10:
            return
        cards = self.cards_by_id()
        cid = self.dragging
        if cid.startswith("row:"):
            index = int(cid[4:])
            cid = self.row[index][0] if 0 <= index < len(self.row) else ""
        if cid in cards:
            image = card_surface(cards[cid]["face"], ROW_CARD, ACCENT)
            surface.blit(image, image.get_rect(center=self.drag_pos))
            if ROW.collidepoint(self.drag_pos):
                x = self.row_slot(self.row_index_at(self.drag_pos[0]), len(self.row) + 1).x - 5
                pygame.draw.line(surface, ACCENT, (x, ROW.y + 28), (x, ROW.y + 28 + ROW_CARD[1]), 3)

    # --- the live score
    def draw_score(self, surface: pygame.Surface, v: dict) -> None:
        score, note = self.live_score()
        x, y = RIGHT.x + 14, RIGHT.y + 40
        if score is None:
            lines = ["Соберите слово —", "здесь появится", "его счёт:", "звёзды букв,", "бонусы,",
                     "«Раньше всех»,", "«Из всех карт»."]
            if self.me < 0:
                lines = ["Счёт каждого слова", "покажут после", "раздачи."]
            for i, line in enumerate(lines):
                surface.blit(assets.text(line, 16, INK_DIM), (x, y + i * 22))
            return
        word = assets.text(score["word"].upper() or "…", 24, INK, "heading")
        surface.blit(word, (x, y))
        y += 34
        if note.text:
            # the host's reason in the readable red (DANGER read 4.2:1 here), inside the panel in large text too
            surface.blit(fitted_text(note.text, 14, GOOD if note.fits else DANGER_TEXT, "bold", RIGHT.right - 14 - x),
                         (x, y))
            y += 24
        rows = [("Звёзды букв", score["letters"], INK)]
        rows += [(b["title"], b["points"], ACCENT) for b in score["bonuses"]]
        if score["early"]:
            rows.append(("Раньше всех", score["early"], (120, 170, 240)))
        if score["all_cards"]:
            rows.append(("Из всех карт", score["all_cards"], GOOD))
        for title, points, color in rows:
            surface.blit(assets.text(title, 17, color), (x, y))
            pts = assets.text(f"+{points}", 17, color, "bold")
            surface.blit(pts, pts.get_rect(topright=(RIGHT.right - 14, y)))
            y += 25
        pygame.draw.line(surface, PANEL_EDGE, (x, y + 4), (RIGHT.right - 14, y + 4), 1)
        total = assets.text(f"Итого {score['total']}", 24, GOLD, "heading")
        surface.blit(total, (x, y + 10))
        if score.get("instant"):
            surface.blit(assets.text("Ъ внутри — мгновенная победа!", 14, GOLD, "bold"), (x, y + 44))

    # --- the reveal after a deal
    def draw_reveal(self, surface: pygame.Surface, v: dict) -> None:
        last = v.get("last")
        area = ROW.union(RIGHT)
        surface.blit(self.reveal_plate(area), area)
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
        left = self.time_left()
        if left is not None and v["phase"] == "reveal":
            nxt = assets.text(f"новая раздача через {int(left // 1000) + 1} с", 15, INK_DIM)
            surface.blit(nxt, nxt.get_rect(topright=(area.right - 16, area.y + 14)))
        words = sorted(last["words"], key=lambda w: (w["seat"] not in last["winners"], -w["total"]))
        step = min(60, (area.h - 50) // max(1, len(words)))
        for i, w in enumerate(words[:6]):
            if self.reveal_age < 250 * i:  # the words turn over one by one
                continue
            y = area.y + 42 + i * step
            winner = w["seat"] in last["winners"]
            color = GOLD if winner else INK
            if winner:
                surface.blit(star_icon(18), (area.x + 12, y + 16))
            surface.blit(fitted_text(self.name(w["seat"]), 18, color, "bold", 170 - 34 - 8), (area.x + 34, y + 14))
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

    def reveal_plate(self, area: pygame.Rect) -> pygame.Surface:
        """The reveal panel baked onto the felt once: an opaque blit instead of a large alpha blend."""
        def paint() -> pygame.Surface:
            plate = pygame.Surface(area.size)
            plate.blit(self.backdrop(), (0, 0), area)
            plate.blit(panel(area.size, (12, 26, 36), ACCENT, 2, 18), (0, 0))
            return plate.convert() if pygame.display.get_surface() is not None else plate

        return self.kept.get("reveal", (self.seats_key(), tuple(area)), paint)

    # --- me, my hand, my buttons
    def draw_me(self, surface: pygame.Surface, v: dict) -> None:
        if self.me < 0:
            self.draw_watching(surface, v)
            return
        chip, color = self.status_chip(v, self.me)
        score = assets.text(f"{v['scores'][self.me]}", 30, ACCENT, "heading")
        surface.blit(score, score.get_rect(topright=(ME.right - 12, ME.y + 8)))
        room = ME.w - 72 - 12 - score.get_width() - 8  # up to the score, large text too
        surface.blit(fitted_text(chip, 16, color, "bold", room), (ME.x + 72, ME.y + 42))
        bank = v["banks"][self.me]
        self.blit_stars(surface, f"Банк: {bank['stars']}", (ME.x + 12, ME.y + 70), 17, INK,
                        f" · {count_of(bank['cards'], 'карта')}", width=ME.w - 24)
        extra = v["bonus_points"][self.me]
        surface.blit(assets.text(f"Бонусы: +{extra}", 17, INK), (ME.x + 12, ME.y + 98))
        faces = bank["faces"][:14]
        for i, face in enumerate(faces):
            surface.blit(card_surface(face, (28, 40)), (ME.x + 8 + (i % 7) * 40, ME.y + 124 + (i // 7) * 46))
        self.draw_badges(surface, v, self.me, ME.right - 12, ME.y + 111)  # clear of the bank's line, large text too

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
        leaders = ", ".join(self.name(seat) for seat, score in enumerate(v["scores"]) if score == best)
        lines = [("Впереди:", 17, INK_DIM, "text"), (leaders, 20, INK, "bold"), (count_of(best, "очко"), 20, GOLD, "bold")]
        for i, (line, size, colour, face) in enumerate(lines):
            surface.blit(fitted_text(line, size, colour, face, room),
                         (ME.x + 12, ME.y + 14 + round((44 + 30 * i) * assets.text_scale)))

    def draw_hand(self, surface: pygame.Surface, v: dict) -> None:
        if self.me < 0:
            return
        hand = v.get("hand", [])
        in_row = {cid for cid, _ in self.row}
        if v.get("my_word"):
            in_row |= set(v["my_word"]["cards"])
        targets = self.targets()
        focused = targets[min(self.focus_index, len(targets) - 1)] if targets else None
        label = assets.text("Ваши карты", 17, INK, "bold")
        surface.blit(label, label.get_rect(midtop=(HAND.centerx, HAND.y + 10)))
        for i, card in enumerate(hand):
            slot = self.hand_slot(i, len(hand))
            if self.flying_to(slot.center):
                continue
            lift = 10 if focused is not None and focused.kind == "hand" and focused.key == card["id"] else 0
            if card["id"] in in_row:
                surface.blit(self.dimmed(card["face"], HAND_CARD), slot.move(-6, -6 - lift))
            else:
                glow = ACCENT if lift else None
                surface.blit(card_surface(card["face"], HAND_CARD, glow), slot.move(-6, -6 - lift))
            draw_card_tip(surface, card["face"], slot, HAND_CARD[0] + 22 - 6)

    def button_state(self, button: str) -> tuple[str, bool, str]:
        v = self.view or {}
        laid = bool(v.get("laid_order"))
        pad = pad_names(self.app.settings)  # the buttons the player bound (they said Y, RB, X, LB whatever the settings)
        if button == "submit":
            return "Выложить", self.can("submit") and bool(self.row), f"Enter · {pad['shout']}"
        if button == "clear":
            return "Очистить", bool(self.row or self.typed), "Delete"
        if button == "pass":
            return "Пас", self.can("pass"), f"F2 · {pad['slap']}"
        if button == "letter":
            label = "Ещё букву" if not laid else "Букву за взятку"
            return label, self.can("ask_letter") or self.can("bribe"), f"F3 · {pad['draw']}"
        if button == "bribe":
            need = v.get("bribe_need", 2)
            return "Дать взятку", self.can("bribe"), "F4 · после двух слов" if need > 1 else "F4 · после первого слова"
        return "Забрать слово", self.can("withdraw"), f"F5 · {pad['catch']}"

    def draw_buttons(self, surface: pygame.Surface, v: dict) -> None:
        if self.me < 0 or self.replaying:  # nobody plays in a replay: its own controls stand there
            return
        targets = self.targets()
        focused = targets[min(self.focus_index, len(targets) - 1)] if targets else None
        for button, rect in self.button_rects().items():
            label, enabled, hint = self.button_state(button)
            is_focused = focused is not None and focused.kind == "button" and focused.key == button
            edge = ACCENT if is_focused else (PANEL_EDGE if enabled else (50, 60, 64))
            fill = (36, 70, 60) if button == "submit" and enabled else ((20, 44, 52) if enabled else (18, 26, 30))
            surface.blit(panel(rect.size, fill, edge, 3 if is_focused else 1, 14), rect)
            color = INK if enabled else DISABLED  # the app's one inactive ink (WCAG asks no contrast of it)
            text = assets.text(label, 22 if button == "submit" else 19, color, "bold")
            surface.blit(text, text.get_rect(center=(rect.centerx, rect.centery - 8)))
            tip = assets.text(hint, 12, (PALE if button == "submit" else INK_DIM) if enabled else DISABLED)  # INK_DIM read 3.5:1 on the green
            surface.blit(tip, tip.get_rect(center=(rect.centerx, rect.bottom - 12)))

    # --- results
    def draw_results(self, surface: pygame.Surface, v: dict) -> None:
        result = v.get("result") or {}
        scores = result.get("scores", v["scores"])
        rows = []
        for seat in sorted(range(v["players"]), key=lambda s: -scores[s]):
            winner = seat in result.get("winners", [])
            stars = result.get("bank_stars", [0] * v["players"])[seat]
            bonus = result.get("bonus_points", [0] * v["players"])[seat]
            longest = " + 10 за длинное" if result.get("longest") == seat else ""
            rows.append(ResultRow(self.name(seat), str(scores[seat]), f"звёзды {stars} + бонусы {bonus}{longest}",
                                  winner, mark=star_icon(22) if winner else None))
        draw_results_panel(surface, (WIDTH // 2, HEIGHT // 2), "Итоги игры", rows, RESULTS_LOOK,
                           foot=self.leave_hint())

    def leave_hint(self) -> str:
        """How the finished game is left and seen again; nothing in a replay (its controls stand beside)."""
        return "" if self.replaying else " · ".join(h for h in ("Enter или щелчок — в меню", self.replay_hint()) if h)


def create(connection, game_id: str, names: list[str]) -> HardSignScene:
    return HardSignScene(connection, game_id, names)

