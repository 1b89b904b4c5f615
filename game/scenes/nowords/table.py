"""The «Нет слов» table: the conversation scattered on the felt, the red showcase, your hand,
everyone's penalty piles, and the «Не говори!» claim panel.

Layout (1280×720): opponents along the top; the showcase on the left; the conversation in the
middle (each card keeps its own spot and tilt while it stays); the deck, the common discard and
the race results on the right; your hand, your pile and the big «Не говори!» button below.
The claim panel takes the bottom strip: type the word, or pick letters from the conversation
with the mouse or the D-pad. Dialogs: who moves next, a word named against you (take its letters or
doubt it), a refused word, a vote.
"""
from __future__ import annotations

import math
import zlib
from dataclasses import dataclass, field
from typing import Callable

import pygame

from game import art, assets
from game.input import KEYBOARD, Intent
from game.rules.lexicon import REASON_UNKNOWN
from game.rules.words_ru import acts, count as count_of, of_player, opens, verb_for
from game.scenes.base import (ACCENT, DANGER, DANGER_TEXT, DISABLED, GOOD, HEIGHT, INK, INK_DIM, MOVES, PANEL, PANEL_EDGE,
                              WIDTH, fitted_text, mix, nearest, pad_names, panel, wrapped)
from game.scenes.table.banner import BannerLook
from game.scenes.table.dialog import DialogLook, button_at, button_rects, draw_buttons, draw_dialog_frame
from game.scenes.table.flight import Flight
from game.scenes.table.results import ResultRow, ResultsLook, draw_results_panel
from game.scenes.table.scene import TableScene, felt_cloth
from game.scenes.table.tween import Tween, ease_in_out_cubic, ease_out_back

EVENT_SOUNDS = {
    "laid": "card_play",
    "drew": "card_draw",
    "claim_announced": "catch",
    "claim_made": "ne_govori",
    "claim_judged": "score_tick",
    "letters_taken": "tile_return",
    "conversation_reset": "shuffle",
    "next_chosen": "turn_start",
    "vote_called": "timer_warning",
    "voted": "menu_move",
    "vote_result": "score_tick",
    "claim_dropped": "invalid",
    "game_ended": "win",
    "dealt": "deal",
    "hand_dealt": "card_draw",
}

RED_INK = (226, 70, 70)
TABLE_CARD = (74, 103)
HAND_CARD = (96, 134)
SHOW_CARD = (60, 84)
PILE_CARD = (26, 36)
HAND_BACK, HAND_BACK_STEP = (14, 19), 11  # a seat's hand counted in small backs on its plate
TALK = pygame.Rect(258, 146, 766, 330)  # the conversation zone
TALK_COLS, TALK_ROWS = 8, 3
SHOWCASE = pygame.Rect(22, 150, 214, 336)  # six showcase cards in three rows, the last inside too
RIGHT = pygame.Rect(1044, 150, 214, 318)
DECK_POS = (1098, 212)
COMMON_POS = (1204, 212)
BOTTOM_Y = 486
HAND_Y = 610
HAND_TOP = HAND_Y - HAND_CARD[1] // 2 - 14  # a focused hand card is lifted 14 px
HAND_XS = (520, 632, 744)
SHOUT = pygame.Rect(930, 548, 320, 120)
MY_PILE = pygame.Rect(22, 500, 330, 200)
CLAIM_PANEL = pygame.Rect(22, 490, 1236, 222)  # the whole bottom strip: the pile and the shout button wholly under it
CYRILLIC = set("абвгдеёжзийклмнопрстуфхцчшщъыьэюя")


def verdict_note(ok: bool, reason: str) -> str:
    """The dictionary's verdict on a word the table argues about, said beside it."""
    return "словарь: такое слово есть" if ok else f"словарь: {reason or REASON_UNKNOWN}"


def refusal_title(word: str, reason: str) -> str:
    """What the dictionary said of ``word``: «не знает» only when it does not know the word; a proper name,
    slang or a plural is a word it knows and refuses, so the title names the reason."""
    if not reason or reason == REASON_UNKNOWN:
        return f"Словарь не знает «{word.upper()}»"
    return f"«{word.upper()}» — {reason}"


def _hash(text: str) -> int:
    return zlib.crc32(text.encode("utf-8"))


_rotated: dict[tuple, pygame.Surface] = {}
assets.on_reset(_rotated.clear)


def card_image(letter: str, red: bool, size: tuple[int, int], angle: float = 0.0, glow: tuple | None = None,
               dim: bool = False) -> pygame.Surface:
    """A card with its shadow (and an optional glow), tilted, perhaps dimmed; cached per look."""
    key = (letter, red, size, round(angle), glow, dim)
    cached = _rotated.get(key)
    if cached is not None:
        return cached
    face = art.nowords_card(letter, red, size)
    pad = 7
    base = pygame.Surface((size[0] + 2 * pad, size[1] + 2 * pad), pygame.SRCALPHA)
    pygame.draw.rect(base, (0, 0, 0, 70), pygame.Rect(pad + 3, pad + 5, *size), border_radius=9)
    if glow is not None:
        pygame.draw.rect(base, (*glow, 230), pygame.Rect(pad - 6, pad - 6, size[0] + 12, size[1] + 12), 6,
                         border_radius=14)
    base.blit(face, (pad, pad))
    out = pygame.transform.rotozoom(base, round(angle), 1.0) if round(angle) else base
    if dim:
        out.fill((255, 255, 255, 150), special_flags=pygame.BLEND_RGBA_MULT)
    if pygame.display.get_surface() is not None:
        out = out.convert_alpha()
    if len(_rotated) > 600:
        _rotated.clear()
    _rotated[key] = out
    return out


def back_image(size: tuple[int, int], angle: float = 0.0) -> pygame.Surface:
    key = ("back", size, round(angle))
    cached = _rotated.get(key)
    if cached is None:
        cached = pygame.transform.rotozoom(art.card_back("nowords", size), round(angle), 1.0)
        _rotated[key] = cached
    return cached


DIALOG_LOOK = DialogLook(fill=PANEL, radius=22, title_top=20, note_size=16, note_color=INK, note_top=66, button_w=240,
                         button_h=58, button_gap=20, button_bottom=21, button_fill_focused=(40, 70, 60), button_radius=14,
                         label_size=22)
# lower is better here: the winners' rows in the accent, totals as plainly as the names
RESULTS_LOOK = ResultsLook(width=560, row_h=34, fill=(12, 28, 26), winner_color=ACCENT, name_size=20, name_x=40,
                           total_size=20)


@dataclass
class CardFlight(Flight):
    """A card moving across the table (laid, taken, swept away), turning from the start's angle to the end's;
    with ``glow`` it waits lit where it lay before it leaves, so a taken word lights up letter by letter."""

    letter: str
    red: bool
    start: tuple[float, float, float]
    end: tuple[float, float, float]
    size: tuple[int, int]
    tween: Tween
    end_size: tuple[int, int] | None = None
    glow: tuple | None = None
    badge: str = ""
    card_id: str = ""
    arc: float = 40.0
    on_land: Callable[[], None] | None = None
    landed: bool = False

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        t = self.tween
        if not t.started:
            if self.glow is not None:  # waiting its turn, lit, where it lay
                lit = t.elapsed > t.delay_ms - 380 and self.badge
                img = card_image(self.letter, self.red, self.size, self.start[2], self.glow if lit else None)
                surface.blit(img, img.get_rect(center=self.start[:2]))
                if lit:
                    n = assets.text(self.badge, 14, (20, 20, 20), "bold")
                    dot = pygame.Rect(0, 0, 22, 22)
                    dot.center = (round(self.start[0] + 30), round(self.start[1] - 44))
                    pygame.draw.ellipse(surface, ACCENT, dot)
                    surface.blit(n, n.get_rect(center=dot.center))
            return
        x, y, angle = self.point(alpha)
        size = self.end_size if self.end_size is not None and t.progress(alpha) > 0.5 else self.size
        img = card_image(self.letter, self.red, size, angle)
        surface.blit(img, img.get_rect(center=(x, y)))


@dataclass
class Dialog:
    title: str
    sub: str
    buttons: list[tuple[str, Callable[[], None]]]
    focus: int = 0
    key: tuple = ()
    rects: list[pygame.Rect] = field(default_factory=list)


class NoWordsScene(TableScene):
    takes_text = True  # letters typed on the table spell words
    EVENT_SOUNDS = EVENT_SOUNDS
    GAME_OVER_EVENT = "game_ended"  # the shared cheer (game.scenes.table.cheer) starts with it
    # typing a word is how the keyboard claims, and a claim is a race for everyone at the screen
    REFLEX_INTENTS = TableScene.REFLEX_INTENTS | {"text"}
    HAND_AREA = pygame.Rect(380, BOTTOM_Y, 530, HEIGHT - BOTTOM_Y)
    JOIN_CORNER = MY_PILE  # a watcher has no pile: the felt is bare there
    REPLAY_CORNER = pygame.Rect(928, 478, 330, 234)  # the «Не говори!» button and the felt above it
    BANNER_LOOK = BannerLook(title_size=22, sub_size=16, fill=(10, 24, 22), opacity=255, one_line=True, rise=8)
    BANNER_MS = 3200.0

    def __init__(self, connection, game_id: str, names: list[str]):
        super().__init__(connection, game_id, names)
        self.slots: dict[str, tuple[float, float, float]] = {}  # card id -> x, y, tilt in the conversation
        self.focus_index = 0  # among the table targets (hand, showcase, the button)
        self.claiming = False
        self.claimer: int | None = None  # the local seat whose word the panel holds (at a couch, maybe not the one shown)
        self.claim_text = ""
        self.claim_focus = 0  # among conversation cards + panel buttons while claiming
        self.picked: dict[int, str] = {}  # letter position in the word -> card picked for it (mouse, pad)
        self.dialog: Dialog | None = None
        self.word_show: tuple[str, list[bool], float] | None = None  # the last word taken: letters, reds, age
        self.race_info: list[str] = []
        self.clock = 0.0
        self.shout_hover = 0.0
        self.results_shown = False

    # ================================================================== helpers

    def seat_center(self, seat: int) -> tuple[float, float]:
        if seat == self.me:
            return (MY_PILE.x + 170, MY_PILE.y + 120)
        others = self.others()
        i = others.index(seat) if seat in others else 0
        width, gap = self.seat_width(), 10
        block = len(others) * width + (len(others) - 1) * gap
        return ((WIDTH - block) / 2 + width / 2 + i * (width + gap), 66)

    def seat_width(self) -> int:
        k = max(1, len(self.others()))
        return min(250, (WIDTH - 24 - 10 * (k - 1)) // k)

    def pile_point(self, seat: int) -> tuple[float, float]:
        if seat == self.me:
            return (MY_PILE.x + 200, MY_PILE.y + 150)
        x, y = self.seat_center(seat)
        return (x + 40, y + 30)

    def hand_point(self, seat: int, index: int = 1) -> tuple[float, float]:
        if seat == self.me:
            return (HAND_XS[index % 3], HAND_Y)
        x, y = self.seat_center(seat)
        return (x - 60, y + 28)

    def showcase_point(self, index: int) -> tuple[float, float]:
        col, row = index % 2, index // 2
        return (SHOWCASE.x + 60 + col * 94, SHOWCASE.y + 102 + row * 92)

    def slot(self, card_id: str) -> tuple[float, float, float]:
        """The card's own spot in the conversation: near the middle, never on another card."""
        if card_id in self.slots:
            return self.slots[card_id]
        taken = {(round(x), round(y)) for x, y, _ in self.slots.values()}
        cw, ch = TALK.w / TALK_COLS, TALK.h / TALK_ROWS
        cells = [(c, r) for r in range(TALK_ROWS) for c in range(TALK_COLS)]
        centre = ((TALK_COLS - 1) / 2, (TALK_ROWS - 1) / 2)
        h = _hash(card_id)
        cells.sort(key=lambda cr: (abs(cr[0] - centre[0]) * 0.8 + abs(cr[1] - centre[1]) * 1.3
                                   + ((h >> (cr[0] + 3 * cr[1])) & 3) * 0.22))
        used_cells = {self._cell_of(x, y) for x, y, _ in self.slots.values()}
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
        del taken
        self.slots[card_id] = (x, y, tilt)
        return self.slots[card_id]

    @staticmethod
    def _cell_of(x: float, y: float) -> tuple[int, int]:
        cw, ch = TALK.w / TALK_COLS, TALK.h / TALK_ROWS
        return (min(TALK_COLS - 1, max(0, int((x - TALK.x) // cw))), min(TALK_ROWS - 1, max(0, int((y - TALK.y) // ch))))

    def flying_ids(self) -> set[str]:
        return {f.card_id for f in self.flights if f.card_id}

    def fly(self, letter: str, red: bool, start, end, size=TABLE_CARD, ms: float = 420.0, delay: float = 0.0,
            end_size=None, glow=None, badge: str = "", card_id: str = "") -> None:
        self.flights.add(CardFlight(letter, red, tuple(start), tuple(end), size,
                                    Tween((0.0,), (1.0,), ms, ease_in_out_cubic, delay_ms=delay), end_size, glow, badge,
                                    card_id))

    def event_sound(self, event: dict) -> str | None:
        kind = event.get("kind")
        if kind == "game_ended":
            if self.me < 0:
                return "score_tick"
            return "win" if self.me in event.get("winners", ()) else "lose"
        if kind == "next_chosen" and event.get("next_turn") != self.me:
            return "menu_move"
        return self.EVENT_SOUNDS.get(kind)

    # ================================================================== events
    def ev_laid(self, e: dict, before: dict) -> None:
        seat, card = e["seat"], e["card"]
        if seat == self.me:
            hand_ids = [c["id"] for c in before.get("hand", [])]
            start = (*self.hand_point(seat, hand_ids.index(card) if card in hand_ids else 1), 0.0)
            size = HAND_CARD
        elif e["red"]:
            ids = [c["id"] for c in before.get("showcase", [])]
            start = (*self.showcase_point(ids.index(card) if card in ids else 0), 0.0)
            size = SHOW_CARD
        else:
            start = (*self.hand_point(seat), 0.0)
            size = (40, 56)
        if e["red"] and seat == self.me:
            ids = [c["id"] for c in before.get("showcase", [])]
            start = (*self.showcase_point(ids.index(card) if card in ids else 0), 0.0)
            size = SHOW_CARD
        x, y, tilt = self.slot(card)
        self.fly(e["letter"], e["red"], start, (x, y, tilt), size=size, end_size=TABLE_CARD, ms=460, card_id=card)
        self.popup(e["letter"].upper(), x, y - 50, RED_INK if e["red"] else INK, 30)
        if e["next_turn"] == self.me:
            self.banner("Ваш ход", "выложите одну букву так, чтобы не сложилось слово", ACCENT, 2200)

    def ev_drew(self, e: dict, before: dict) -> None:
        hand = [c["id"] for c in (self.view or {}).get("hand", [])]
        index = hand.index(e["card"]) if e["card"] in hand else 2
        self.fly(e["letter"], False, (*DECK_POS, 0.0), (*self.hand_point(self.me, index), 0.0), size=TABLE_CARD,
                 end_size=HAND_CARD, ms=420, delay=200, card_id=e["card"])

    def ev_claim_announced(self, e: dict, before: dict) -> None:
        if e["seat"] != self.me:
            x, y = self.seat_center(e["seat"])
            self.popup("Не говори…", x, y + 40, RED_INK, 24)

    def ev_claim_made(self, e: dict, before: dict) -> None:
        x, y = self.seat_center(e["seat"])
        self.popup("Не говори!", x, y + 44, RED_INK, 30)
        if e["seat"] == self.claimer:
            self.close_claim()

    def on_updates_skipped(self) -> None:
        self.race_info = []  # races may have been judged meanwhile: «Последний спор» tells the view's last claim

    def ev_claim_judged(self, e: dict, before: dict) -> None:
        presses = e["presses"]
        lines = []
        for seat, word, ok, reason, dt in presses:
            mark = "•" if ok else "×"
            lines.append(f"{mark} {self.name(seat)}: {word.upper()}" + (f" (+{dt} мс)" if dt else "")
                         + ("" if ok else f" — {reason}"))
        self.race_info = lines[:4]
        if e["winner"] >= 0:
            margin = e["margin_ms"]
            if len(presses) > 1:
                first = of_player("первым", self.seat_name(e["winner"]), e["winner"] == self.me)
                extra = "ничья в пределах кадра — решил жребий" if e["tied"] else f"{first} на {margin} мс"
            else:
                extra = "без соперников"
            # the letters wait for the last mover, who may doubt the word («letters_taken» when they go)
            self.banner(f"{self.name(e['winner'])}: «Не говори {e['word'].upper()}!»",
                        f"{extra} · {verdict_note(True, '')}", RED_INK, 4200)
        else:
            self.banner(refusal_title(e['word'], e.get("reason", "")), e.get("reason", ""), DANGER, 3600)

    def ev_letters_taken(self, e: dict, before: dict) -> None:
        cards = e["cards"]
        self.word_show = (e["word"], [bool(c[2]) for c in cards], 0.0)
        showcase_n = len((self.view or {}).get("showcase", []))
        reds_back = sum(1 for c in cards if c[2])
        red_i = 0
        for i, (cid, letter, red) in enumerate(cards):
            x, y, tilt = self.slots.pop(cid, self.slot_for_missing(cid))
            if red:
                end = (*self.showcase_point(max(0, showcase_n - reds_back + red_i)), 0.0)
                red_i += 1
                size = SHOW_CARD
            else:
                end = (*self.pile_point(e["seat"]), 0.0)
                size = PILE_CARD if e["seat"] != self.me else (34, 48)
            self.fly(letter, red, (x, y, tilt), end, size=TABLE_CARD, end_size=size, ms=520, delay=260 * i + 400,
                     glow=ACCENT, badge=str(i + 1), card_id=cid)
        px, py = self.pile_point(e["seat"])
        if e["points"]:
            self.popup(f"+{e['points']}", px, py - 10, DANGER, 34)

    def slot_for_missing(self, cid: str) -> tuple[float, float, float]:
        return (TALK.centerx, TALK.centery, 0.0)

    def ev_conversation_reset(self, e: dict, before: dict) -> None:
        delay = 400 + 260 * 5
        for i, (cid, letter) in enumerate(e["discarded"]):
            x, y, tilt = self.slots.pop(cid, self.slot_for_missing(cid))
            self.fly(letter, False, (x, y, tilt), (*COMMON_POS, 8.0), size=TABLE_CARD, ms=480, delay=delay + 60 * i,
                     card_id=cid)
        for cid in list(self.slots):
            self.slots.pop(cid)
        for i, (cid, letter) in enumerate(e["conversation"]):
            x, y, tilt = self.slot(cid)
            self.fly(letter, True, (*self.showcase_point(i), 0.0), (x, y, tilt), size=SHOW_CARD,
                     end_size=TABLE_CARD, ms=520, delay=delay + 500 + 120 * i, card_id=cid)
        self.banner("Новый разговор", "в разговоре осталось меньше двух красных букв", ACCENT, 3000)

    def ev_next_chosen(self, e: dict, before: dict) -> None:
        seat, mine = e["seat"], e["seat"] == self.me
        nxt = e["next_turn"]
        if seat == nxt:
            chose = f"{acts(self.name(seat), 'ходит', mine)} {of_player('сам', self.seat_name(seat), mine)}"
        else:  # the one who moves in the nominative: «передаёт ход: Вы» wanted a dative no name can be trusted to take
            chose = f"{acts(self.name(seat), 'выбрал', mine)}: {verb_for('ходит', nxt == self.me)} " \
                    f"{'вы' if nxt == self.me else self.name(nxt)}"
        self.banner(chose, "", INK, 2200)
        x, y = self.seat_center(e["next_turn"])
        self.popup("Ход!", x, y + 40, ACCENT, 28)

    def ev_vote_called(self, e: dict, before: dict) -> None:
        why = acts(self.name(e["seat"]), "сомневается" if e.get("ok") else "настаивает", e["seat"] == self.me)
        self.banner(f"Голосование: «{e['word'].upper()}»", f"{why}, {verdict_note(e.get('ok', False), e['reason'])}",
                    ACCENT, 4000)

    def ev_voted(self, e: dict, before: dict) -> None:
        x, y = self.seat_center(e["seat"])
        self.popup("за" if e["accept"] else "против", x, y + 40, GOOD if e["accept"] else DANGER, 26)

    def ev_vote_result(self, e: dict, before: dict) -> None:
        verdict = "слово засчитано" if e["accepted"] else "слово не засчитано"
        fine = " · штраф 1 очко" if e["fined"] else ""
        self.banner(f"«{e['word'].upper()}»: {verdict}", f"за {e['yes']}, против {e['no']}{fine}",
                    GOOD if e["accepted"] else DANGER, 3600)

    def ev_claim_dropped(self, e: dict, before: dict) -> None:
        fine = " — штраф 1 очко" if e["fined"] else ""
        self.banner(f"{self.name(e['seat'])}: «{e['word'].upper()}» не считается{fine}", "", INK_DIM, 2600)

    def ev_game_ended(self, e: dict, before: dict) -> None:
        reason = "десять чёрных букв в отбое" if e["reason"] == "ten" else "взята последняя чёрная буква"
        winners = ", ".join(self.name(s) for s in e["winners"])
        title = "Серия окончена" if e["final"] and e["game_no"] > 1 else ("Игра окончена" if e["final"]
                                                                          else f"Партия {e['game_no']} окончена")
        self.banner(title, f"{reason} · меньше всего очков: {winners}", ACCENT, 6000)

    def ev_dealt(self, e: dict, before: dict) -> None:
        self.slots.clear()
        self.word_show = None
        self.race_info = []
        for i, (cid, letter) in enumerate(e["conversation"]):
            x, y, tilt = self.slot(cid)
            self.fly(letter, True, (*self.showcase_point(i), 0.0), (x, y, tilt), size=SHOW_CARD, end_size=TABLE_CARD,
                     ms=520, delay=150 * i, card_id=cid)
        self.banner(f"Партия {e['game_no']}", opens(self.seat_name(e["first"]), e["first"] == self.me), ACCENT, 2600)

    def ev_hand_dealt(self, e: dict, before: dict) -> None:
        for i, (cid, letter) in enumerate(e["cards"]):
            self.fly(letter, False, (*DECK_POS, 0.0), (*self.hand_point(self.me, i), 0.0), size=TABLE_CARD,
                     end_size=HAND_CARD, ms=420, delay=300 + 120 * i, card_id=cid)

    def on_over(self) -> None:
        self.close_claim()
        self.dialog = None

    # ================================================================== targets and input
    def table_targets(self) -> list[tuple[str, str, pygame.Rect]]:
        """(kind, card id or '', rect) the D-pad walks through outside the claim panel (none in a replay: nobody's)."""
        out = []
        if not self.view or self.replaying:
            return out
        lay_ids = {a["card"] for a in self.legal_of("lay")}
        for i, c in enumerate(self.view["hand"]):
            x, y = self.hand_point(self.me, i)
            out.append(("hand", c["id"], pygame.Rect(0, 0, *HAND_CARD).move(x - HAND_CARD[0] / 2, y - HAND_CARD[1] / 2)))
        for i, c in enumerate(self.view["showcase"]):
            if c["id"] in lay_ids:
                x, y = self.showcase_point(i)
                out.append(("show", c["id"], pygame.Rect(0, 0, *SHOW_CARD).move(x - SHOW_CARD[0] / 2, y - SHOW_CARD[1] / 2)))
        out.append(("shout", "", SHOUT))
        return out

    def claim_targets(self) -> list[tuple[str, str, pygame.Rect]]:
        out = []
        for c in (self.view or {}).get("conversation", []):
            x, y, _ = self.slot(c["id"])
            out.append(("card", c["id"], pygame.Rect(0, 0, *TABLE_CARD).move(x - TABLE_CARD[0] / 2, y - TABLE_CARD[1] / 2)))
        for i, label in enumerate(("Сказать", "Стереть", "Отмена")):
            out.append(("button", label, self.claim_button_rect(i)))
        return out

    @staticmethod
    def claim_button_rect(i: int) -> pygame.Rect:
        return pygame.Rect(CLAIM_PANEL.x + 24 + i * 178, CLAIM_PANEL.bottom - 66, 164, 50)

    @staticmethod
    def move_focus(targets, index: int, dx: int, dy: int) -> int:
        if not targets:
            return 0
        best = nearest([rect for _, _, rect in targets], index, dx, dy, across=2.2)
        return min(index, len(targets) - 1) if best is None else best

    def steer(self, intent: Intent, targets: list, index: int) -> tuple[int, int | None] | None:
        """Arrows, the pointer and Enter among ``targets`` (the table's or the claim panel's): the focus after the
        intent and the target it chose (a click or Enter), or None when the intent is not about targets."""
        name = intent.name
        if name in MOVES:
            return self.move_focus(targets, index, *MOVES[name]), None
        if name in ("point", "click") and intent.pos is not None:
            for i, (_, _, rect) in enumerate(targets):
                if rect.collidepoint(intent.pos):
                    return i, (i if name == "click" else None)
            return index, None
        if name == "confirm" and targets:
            return index, min(index, len(targets) - 1)
        return None

    def handle_couch(self, intent: Intent) -> None:
        # the open panel is its claimer's: every press of their devices goes to it, shown or not
        if self.claiming and self.claimer in self.seats_of(intent.device) and intent.name not in ("pad_added", "pad_removed"):
            with self.acting_as(self.claimer):
                self.handle_table(intent)
            return
        super().handle_couch(intent)

    def uses_back(self, intent: Intent) -> bool:
        return self.claiming or super().uses_back(intent)  # the panel: «Esc или B — отмена · Backspace или X — стереть»

    def handle_table(self, intent: Intent) -> None:
        if self.view is None or self.leaves_when_over(intent):
            return
        if self.dialog is not None and self.handle_dialog(intent):
            return
        if self.claiming:
            if self.claimer == self.seat:  # one panel: another player's presses do not say this word
                self.handle_claim(intent)
            return
        name = intent.name
        if name == "back":
            return  # Backspace with no word begun: nothing to erase
        if name == "text":
            letters = [ch for ch in intent.text.lower() if ch in CYRILLIC]
            if letters and self.open_claim():
                self.claim_text = "".join(letters)
            return
        if name in ("shout", "claim") or (name == "key" and {"shout", "claim"} & set(intent.extra.get("bound", ()))):
            self.open_claim()  # «U / Y · или начните печатать слово» (as bound): U opens it in any keyboard layout
            return
        targets = self.table_targets()
        steered = self.steer(intent, targets, self.focus_index)
        if steered is not None:
            self.focus_index, chosen = steered
            if name in MOVES:
                self.app.play_sound("menu_move")
            if chosen is not None:
                self.activate(targets[chosen])

    def activate(self, target) -> None:
        kind, card, _ = target
        if kind == "shout":
            self.open_claim()
            return
        if not self.can("lay"):
            self.app.play_sound("invalid")
            self.app.toast(self.status_line(), 2200)
            return
        self.send({"kind": "lay", "card": card})

    # --- the claim panel
    def open_claim(self) -> bool:
        if not self.can("claim"):
            self.app.play_sound("invalid")
            last = (self.view or {}).get("last_mover", -1)
            self.app.toast("Последнюю букву выложили вы: слово называют соперники." if last == self.me and last >= 0
                           else "Сейчас слово назвать нельзя.", 2200)
            return False
        self.claiming = True
        self.claimer = self.seat
        self.claim_text = ""
        self.picked = {}
        self.claim_focus = 0
        self.send({"kind": "claim", "word": ""})
        return True

    def close_claim(self) -> None:
        self.claiming = False
        self.claimer = None
        self.claim_text = ""
        self.picked = {}

    def submit_claim(self) -> None:
        word = self.claim_text.strip()
        if len(word) < 3:
            self.app.play_sound("invalid")
            self.app.toast("В слове должно быть не меньше трёх букв.", 2000)
            return
        self.send({"kind": "claim", "word": word})

    def handle_claim(self, intent: Intent) -> None:
        name, key = intent.name, intent.extra.get("key")
        if intent.device == KEYBOARD:
            if name == "text":
                for ch in intent.text.lower():
                    if ch in CYRILLIC and len(self.claim_text) < 20:
                        self.claim_text += ch
                return
            if key == pygame.K_BACKSPACE:
                if name in ("back", "key"):
                    self.erase()
                return
            if key == pygame.K_ESCAPE:
                if name == "back":
                    self.close_claim()
                return
            if key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                if name == "confirm" or (name == "key"):
                    self.submit_claim()
                return
            return  # letters typed in a Russian layout also arrive as WASD navigation: swallow them
        targets = self.claim_targets()
        steered = self.steer(intent, targets, self.claim_focus)
        if steered is not None:
            self.claim_focus, chosen = steered
            if chosen is not None:
                self.pick(targets[chosen])
        elif name in ("shout", "claim", "play"):
            self.submit_claim()
        elif name == "draw":
            self.erase()
        elif name == "back":
            self.close_claim()  # as the panel says: «Esc или B — отмена», X erases

    def pick(self, target) -> None:
        kind, value, _ = target
        if kind == "button":
            {"Сказать": self.submit_claim, "Стереть": self.erase, "Отмена": self.close_claim}[value]()
            return
        if value in self.spelled_cards():
            return
        letter = next((c["letter"] for c in self.view["conversation"] if c["id"] == value), "")
        if letter and len(self.claim_text) < 20:
            self.picked[len(self.claim_text)] = value
            self.claim_text += letter
            self.app.play_sound("tile_place")

    def erase(self) -> None:
        if self.claim_text:
            self.claim_text = self.claim_text[:-1]
            self.picked.pop(len(self.claim_text), None)

    def spelled_cards(self) -> list[str]:
        """Conversation cards the word typed so far uses, in its order (picked cards first)."""
        conv = {c["id"]: c["letter"] for c in (self.view or {}).get("conversation", [])}
        picked = {i: cid for i, cid in self.picked.items() if cid in conv}
        free = [cid for cid in conv if cid not in picked.values()]
        out: list[str] = []
        for i, ch in enumerate(self.claim_text):
            need = "е" if ch == "ё" else ch
            if i in picked and conv[picked[i]] == need:
                out.append(picked[i])
                continue
            match = next((cid for cid in free if conv[cid] == need), None)
            if match is None:
                out.append("")
                continue
            free.remove(match)
            out.append(match)
        return out

    # --- dialogs
    def wanted_dialog(self) -> Dialog | None:
        v = self.view
        if not v or self.over:
            return None
        if self.can("choose_next"):
            left = (self.me + 1) % v["players"]
            return Dialog("Кто ходит следующим?", "Вы забрали буквы и решаете, кто выложит следующую",
                          [(f"Хожу {of_player('сам', self.seat_name(self.me), False)}",
                            lambda: self.send({"kind": "choose_next", "seat": self.me})),
                           (f"Ходит {self.name(left)}", lambda: self.send({"kind": "choose_next", "seat": left}))],
                          focus=1, key=("choose", v["last_mover"], len(v["discards"][self.me])))
        if self.can("accept_word") and v.get("dispute"):
            d = v["dispute"]  # a word named against me, which the dictionary accepts: «Если игрок… сомневается»
            return Dialog(f"{self.name(d['seat'])}: «Не говори {d['word'].upper()}!»",
                          f"{verdict_note(True, '').capitalize()}. Сомневаетесь — пусть решит голосование",
                          [("Беру буквы", lambda: self.send({"kind": "accept_word"})),
                           ("Оспорить", lambda: self.send({"kind": "call_vote"}))],
                          key=("doubt", d["seat"], d["word"]))
        if self.can("drop_claim") and v.get("dispute"):
            d = v["dispute"]
            return Dialog(refusal_title(d['word'], d['reason']), f"Словарь: {d['reason']}. Позвать всех голосовать?",
                          [("Голосовать", lambda: self.send({"kind": "call_vote"})),
                           ("Не спорить", lambda: self.send({"kind": "drop_claim"}))],
                          key=("dispute", d["word"]))
        if self.can("vote") and v.get("dispute"):
            d = v["dispute"]
            # a refused word its claimer insists on, or an accepted one the last mover doubts
            arguer = v["last_mover"] if d.get("ok") else d["seat"]
            who = acts(self.name(arguer), "сомневается" if d.get("ok") else "настаивает", arguer == self.me)
            return Dialog(f"Есть такое слово — «{d['word'].upper()}»?",
                          f"{who}, {verdict_note(d.get('ok', False), d['reason'])}. Голосуйте честно",
                          [("Да, есть", lambda: self.send({"kind": "vote", "accept": True})),
                           ("Нет", lambda: self.send({"kind": "vote", "accept": False}))],
                          key=("vote", d["word"]))
        return None

    def handle_dialog(self, intent: Intent) -> bool:
        d = self.dialog
        assert d is not None
        name = intent.name
        if name in ("left", "right", "up", "down"):
            d.focus = (d.focus + (1 if name in ("right", "down") else -1)) % len(d.buttons)
            self.app.play_sound("menu_move")
            return True
        if name in ("point", "click") and intent.pos is not None:
            hit = button_at(d.rects, intent.pos)
            if hit is None:
                return False
            d.focus = hit
            if name == "click":
                self.press_dialog(hit)
            return True
        if name == "confirm":
            self.press_dialog(d.focus)
            return True
        return name in ("play", "draw", "text", "key")  # a letter typed at a dialog says no word

    def press_dialog(self, i: int) -> None:
        assert self.dialog is not None
        self.app.play_sound("menu_confirm")
        action = self.dialog.buttons[i][1]
        self.dialog = None
        action()

    # ================================================================== update
    def update_table(self, dt_ms: float) -> None:
        self.clock += dt_ms
        if self.word_show is not None:
            word, reds, age = self.word_show
            age += dt_ms
            self.word_show = None if age > 4200 + 260 * len(word) else (word, reds, age)
        wanted = self.wanted_dialog()
        if wanted is None:
            self.dialog = None
        elif self.dialog is None or self.dialog.key != wanted.key:
            self.dialog = wanted
        if self.claiming and not self.can("claim"):
            self.close_claim()
        live = {c["id"] for c in (self.view or {}).get("conversation", [])}
        for cid in [c for c in self.slots if c not in live and c not in self.flying_ids()]:
            self.slots.pop(cid)
        target = 1.0 if self.can("claim") else 0.0
        self.shout_hover += (target - self.shout_hover) * min(1.0, dt_ms / 120)

    # ================================================================== drawing
    def notice_zone(self) -> pygame.Rect:
        if self.claiming:  # the host's word on a claim stands in the panel beside its buttons, off the word and title
            left = self.claim_button_rect(2).right + 16
            return pygame.Rect(left, CLAIM_PANEL.y + 100, CLAIM_PANEL.right - 16 - left, CLAIM_PANEL.h - 110)
        # the status line's row between the talk and the hand, from your pile to the shout button: the talk fills its
        # whole zone and the hand its own, so a notice takes the status line's place while it stands
        return pygame.Rect(MY_PILE.right + 8, TALK.bottom + 2, SHOUT.left - MY_PILE.right - 16, HAND_TOP - TALK.bottom - 2)

    def called_for(self, seat: int) -> str:
        # a word named against the last mover waits for them to take its letters or doubt it, a refused claim for its
        # claimant, then the voters, and the letters' taker chooses who moves next: none of these is a turn
        phase = (self.view or {}).get("phase")
        return {"doubt": "Принять или оспорить", "dispute": "Спорное слово", "vote": "Голосование",
                "choose": "Кто ходит следующим"}.get(phase, "")

    def status_line(self) -> str:
        v = self.view
        if not v:
            return ""
        phase = v["phase"]
        if phase == "over":
            return "Игра окончена"
        if phase == "between":
            return "Скоро следующая партия серии"
        if v.get("race"):
            return "Кто-то назвал слово… ждём остальных"
        if phase == "choose":
            return ("Выберите, кто ходит следующим" if v["chooser"] == self.me
                    else f"{self.name(v['chooser'])} выбирает, кто ходит следующим")
        if phase == "doubt":
            word = v["dispute"]["word"].upper()
            return (f"Забрать буквы «{word}» или оспорить слово?" if v["last_mover"] == self.me
                    else f"{self.name(v['last_mover'])} решает, оспорить ли «{word}»")
        if phase == "dispute":
            return f"{self.name(v['dispute']['seat'])} решает, звать ли голосование"
        if phase == "vote":
            return "Идёт голосование"
        if v["turn"] == self.me:
            tip = "красную с витрины или чёрную с руки" if v["showcase_open"] else "чёрную букву с руки (витрина закрыта)"
            return f"Ваш ход: выложите {tip}"
        return f"Ходит {self.name(v['turn'])}"

    def draw_table(self, surface: pygame.Surface, alpha: float) -> None:
        v = self.view
        assert v is not None
        shake = round(self.shake.offset(alpha))
        flying = self.flying_ids()
        self.draw_opponents(surface, v)
        self.draw_showcase(surface, v, flying)
        self.draw_conversation(surface, v, flying, shake)
        self.draw_right(surface, v)
        self.draw_bottom(surface, v, flying, shake)
        self.flights.draw(surface, alpha)
        self.draw_word_show(surface)
        self.banners.draw(surface, alpha, midtop=(HAND_XS[1], BOTTOM_Y))
        if self.claiming:
            self.draw_claim_panel(surface)
        if self.dialog is not None:
            self.draw_dialog(surface, self.dialog)
        if v["phase"] in ("over", "between"):
            self.draw_results(surface, v)

    def build_backdrop(self) -> pygame.Surface:
        """Everything that does not move, in one full-canvas blit: felt, panels, names, avatars."""
        felt = felt_cloth((24, 86, 62), seed=5, rings=24)
        zone = pygame.Surface(TALK.inflate(24, 24).size, pygame.SRCALPHA)
        pygame.draw.ellipse(zone, (255, 255, 255, 14), zone.get_rect())
        pygame.draw.ellipse(zone, (255, 255, 255, 34), zone.get_rect(), 2)
        felt.blit(zone, TALK.inflate(24, 24))
        width = self.seat_width()
        self.paint_seat_plates(felt, lambda seat: self.seat_rect(seat, width), (16, 38, 34), 44, (58, 10))
        felt.blit(panel(SHOWCASE.size, (14, 40, 34), PANEL_EDGE, 1, 18), SHOWCASE)
        felt.blit(assets.text("Витрина", 22, (245, 120, 120), "heading"), (SHOWCASE.x + 14, SHOWCASE.y + 8))  # RED_INK: 3.9:1
        felt.blit(panel(RIGHT.size, (14, 40, 34), PANEL_EDGE, 1, 18), RIGHT)
        if self.me >= 0:
            felt.blit(panel(MY_PILE.size, (16, 38, 34), PANEL_EDGE, 1, 16), MY_PILE)
            felt.blit(self.face(self.me, 56), (MY_PILE.x + 12, MY_PILE.y + 12))
            felt.blit(assets.text("Вы", 22, INK, "heading"), (MY_PILE.x + 80, MY_PILE.y + 14))
        return felt.convert() if pygame.display.get_surface() is not None else felt

    def seat_rect(self, seat: int, width: int) -> pygame.Rect:
        cx, _ = self.seat_center(seat)
        rect = pygame.Rect(0, 0, width, 118)
        rect.center = (round(cx), 66)
        return rect

    def draw_opponents(self, surface: pygame.Surface, v: dict) -> None:
        others = self.others()
        width = self.seat_width()
        for seat in others:
            rect = self.seat_rect(seat, width)
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
                self.draw_pile(layer, v, seat, 10, 60, width - 20)
                return layer.convert_alpha() if pygame.display.get_surface() is not None else layer

            surface.blit(self.kept.get(f"seat {seat}", key, paint), rect)
            if seat in v.get("announced", []) or (v.get("race") and seat in v["race"]["pressed"]):
                bubble = assets.text("Не говори…!", 16, (255, 255, 255), "bold")
                box = bubble.get_rect(midtop=(rect.centerx, rect.bottom + 4)).inflate(14, 6)
                surface.blit(panel(box.size, (170, 36, 40), (255, 200, 200), 1, 10), box)
                surface.blit(bubble, bubble.get_rect(center=box.center))

    def draw_pile(self, surface: pygame.Surface, v: dict, seat: int, x: int, y: int, width: int) -> None:
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

    def draw_showcase(self, surface: pygame.Surface, v: dict, flying: set[str]) -> None:
        is_open = v["showcase_open"]
        state = assets.text("можно брать" if is_open else "меньше пяти — закрыта", 13, GOOD if is_open else INK_DIM)
        surface.blit(state, (SHOWCASE.x + 14, SHOWCASE.y + 36))
        targets = self.table_targets() if not self.claiming and self.dialog is None else []
        focused = targets[min(self.focus_index, len(targets) - 1)][1] if targets else None
        for i, c in enumerate(v["showcase"]):
            if c["id"] in flying:
                continue
            x, y = self.showcase_point(i)
            glow = ACCENT if (c["id"] == focused and self.can("lay")) else None
            img = card_image(c["letter"], True, SHOW_CARD, 0, glow, dim=not is_open)
            surface.blit(img, img.get_rect(center=(x, y)))

    def draw_conversation(self, surface: pygame.Surface, v: dict, flying: set[str], shake: int) -> None:
        conv = v["conversation"]
        spelled = self.spelled_cards() if self.claiming else []
        focus_id = None
        if self.claiming:
            targets = self.claim_targets()
            if targets:
                kind, value, _ = targets[min(self.claim_focus, len(targets) - 1)]
                focus_id = value if kind == "card" else None
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
                n = assets.text(str(spelled.index(c["id"]) + 1), 14, (20, 20, 20), "bold")
                dot = pygame.Rect(0, 0, 22, 22)
                dot.center = (round(x + 30), round(y - 44))
                pygame.draw.ellipse(surface, ACCENT, dot)
                surface.blit(n, n.get_rect(center=dot.center))

    def draw_right(self, surface: pygame.Surface, v: dict) -> None:
        for k in range(min(4, max(1, v["deck"] // 12))):
            img = back_image((64, 90), 0)
            surface.blit(img, img.get_rect(center=(DECK_POS[0] - k, DECK_POS[1] - 2 * k)))
        deck_label = assets.text(f"колода: {v['deck']}", 14, INK_DIM, "bold")
        surface.blit(deck_label, deck_label.get_rect(midtop=(DECK_POS[0], DECK_POS[1] + 52)))
        common = v["common_discard"]
        if common:
            top = common[-1]
            for k in range(min(3, len(common))):
                img = card_image(common[-1 - k]["letter"], False, (64, 90), 8 - 7 * k)
                surface.blit(img, img.get_rect(center=(COMMON_POS[0], COMMON_POS[1])))
            del top
        else:
            pygame.draw.rect(surface, (40, 70, 62), pygame.Rect(0, 0, 64, 90).move(COMMON_POS[0] - 32, COMMON_POS[1] - 45),
                             2, border_radius=8)
        lab = assets.text(f"отбой: {len(common)}", 14, INK_DIM, "bold")
        surface.blit(lab, lab.get_rect(midtop=(COMMON_POS[0], COMMON_POS[1] + 52)))
        conv = v["conversation"]
        reds = sum(1 for c in conv if c["red"])
        talk = assets.text(f"Разговор: {count_of(len(conv), 'буква')}", 16, ACCENT, "bold")
        surface.blit(talk, (RIGHT.x + 12, RIGHT.y + 146))
        room = RIGHT.w - 24  # «Крупный текст» ran these lines out of the panel
        surface.blit(fitted_text(f"красных {reds} из 4 возможных", 14, INK_DIM, "text", room), (RIGHT.x + 12, RIGHT.y + 168))
        y = RIGHT.y + 200
        head = assets.text("Последний спор", 16, ACCENT, "bold")
        surface.blit(head, (RIGHT.x + 12, y))
        lines = self.race_info
        if not lines and v.get("last_claim"):
            lc = v["last_claim"]
            lines = [f"• {self.name(lc['claimer'])}: {lc['word'].upper()}", f"буквы достались: {self.name(lc['seat'])}"]
        lines = lines or ["слов пока не называли"]
        # each press wrapped at words, its reason under its word, as many rows as the panel holds (the last one
        # closed with «…» only when more would follow): cut at 28 letters and shrunk to the width, a refusal read
        # «РКОТА — нет в слова…» in letters 9 px high
        step = assets.text("Жу", 14, INK_DIM).get_bounding_rect(1).height + 3  # the letters' own height apart
        bottom = RIGHT.bottom - 6 - (24 if v.get("series", 1) > 1 else 0)
        rows = [(piece, GOOD if line.startswith("•") else (DANGER_TEXT if line.startswith("×") else INK_DIM), k > 0)
                for line in lines[:4] for k, piece in enumerate(wrapped(line, 14, room))]
        fits = max(1, (bottom - (y + 24)) // step)
        if len(rows) > fits:
            rows = rows[:fits]
            rows[-1] = (rows[-1][0] + "…", *rows[-1][1:])
        for i, (piece, color, continued) in enumerate(rows):
            indent = 12 if continued else 0
            txt = fitted_text(piece, 14, color, "text", room - indent)
            surface.blit(txt, (RIGHT.x + 12 + indent, y + 24 + step * i))
        if v.get("series", 1) > 1:
            s = assets.text(f"партия {v['game_no']} из {v['series']}", 14, INK_DIM)
            surface.blit(s, (RIGHT.x + 12, RIGHT.bottom - 24))

    def draw_bottom(self, surface: pygame.Surface, v: dict, flying: set[str], shake: int) -> None:
        me = self.me
        if me >= 0:
            total = v["totals"][me] + (v["scores"][me] if v["phase"] not in ("between", "over") else 0)
            info = f"личный отбой · {v['scores'][me]} из {v.get('losing_letters', 10)}"
            if v.get("series", 1) > 1:
                info += f" · серия {total}"
            surface.blit(fitted_text(info, 15, INK_DIM, "text", MY_PILE.right - 12 - (MY_PILE.x + 80)),
                         (MY_PILE.x + 80, MY_PILE.y + 44))  # «· серия N» in large text ran out of the panel
            pile = v["discards"][me]
            step = min(28, (MY_PILE.w - 60) // max(1, len(pile)))
            for k, c in enumerate(pile):
                img = card_image(c["letter"], False, (34, 48), (k * 53 % 11) - 5)
                surface.blit(img, (MY_PILE.x + 12 + k * step, MY_PILE.y + 96))
            if not pile:
                surface.blit(assets.text("пока чисто — так держать", 15, INK_DIM), (MY_PILE.x + 16, MY_PILE.y + 120))
        elif v["phase"] not in ("over", "between"):
            self.draw_watching(surface, v)
        status = fitted_text(self.status_line(), 20, ACCENT if v["turn"] == me and v["phase"] == "play" else INK, "bold",
                             SHOUT.left - MY_PILE.right - 48)  # between your pile and the shout button, large text too
        # on a dark strip, as UNO's: gold on the bare felt read 4.5:1; none under the results, which say it all
        if not self.banners and not self.notice_up() and v["phase"] not in ("over", "between"):
            place = status.get_rect(midtop=(HAND_XS[1], BOTTOM_Y + 6))
            surface.blit(panel(place.inflate(24, 4).size, (12, 30, 26), (12, 30, 26), 0, 12), place.inflate(24, 4))
            surface.blit(status, place)
        if self.claiming:
            return
        targets = self.table_targets() if self.dialog is None else []
        focused = targets[min(self.focus_index, len(targets) - 1)][1] if targets else None
        my_turn = self.can("lay")
        for i, c in enumerate(v["hand"]):
            if c["id"] in flying:
                continue
            x, y = self.hand_point(me, i)
            lift = HAND_Y - HAND_CARD[1] // 2 - HAND_TOP if (c["id"] == focused and my_turn) else 0
            glow = ACCENT if (c["id"] == focused and my_turn) else None
            img = card_image(c["letter"], False, HAND_CARD, 0, glow)
            surface.blit(img, img.get_rect(center=(x + shake, y - lift)))
        if me >= 0 and not self.replaying:  # a watcher never says a word, nor does anyone in a replay
            self.draw_shout(surface, focused == "" and bool(targets))

    def draw_watching(self, surface: pygame.Surface, v: dict) -> None:
        """A watcher's corner, where a player's own pile stands (when no join card or seat offer covers it): what it
        is doing and who has the fewest penalty letters."""
        room = MY_PILE.width - 32
        surface.blit(panel(MY_PILE.size, (16, 38, 34), PANEL_EDGE, 1, 16), MY_PILE)
        surface.blit(fitted_text("Вы смотрите игру", 24, ACCENT, "heading", room), (MY_PILE.x + 16, MY_PILE.y + 16))
        fewest = min(v["scores"], default=0)
        leaders = ", ".join(self.name(seat) for seat, points in enumerate(v["scores"]) if points == fewest)
        y = MY_PILE.y + 16 + round(44 * assets.text_scale)
        surface.blit(fitted_text("Меньше всех штрафа:", 16, INK_DIM, "text", room), (MY_PILE.x + 16, y))
        surface.blit(fitted_text(leaders, 18, INK, "bold", room), (MY_PILE.x + 16, y + round(26 * assets.text_scale)))

    def draw_shout(self, surface: pygame.Surface, focused: bool) -> None:
        k = self.shout_hover
        able = self.can("claim")
        pulse = round(3 + 3 * math.sin(self.clock / 260)) / 6 if able else 0  # a few steps: panels are cached
        fill = (round(150 + 60 * round(k * 4) / 4 + 20 * pulse), 34, 40) if able else (36, 32, 34)
        edge = ACCENT if focused else ((255, 210, 210) if able else (110, 100, 100))
        surface.blit(panel(SHOUT.size, fill, edge, 4 if focused else 2, 30), SHOUT)
        title = assets.text("Не говори!", 40, (255, 255, 255) if able else DISABLED, "heading")  # the app's inactive ink
        surface.blit(title, title.get_rect(center=(SHOUT.centerx, SHOUT.centery - 12)))
        tip = f"{' / '.join(self.control_names('shout'))} · или начните печатать слово" if able else (
            "вы выложили последнюю букву" if (self.view or {}).get("last_mover") == self.me else "сейчас нельзя")
        t = assets.text(tip, 14, (255, 255, 255) if able else DISABLED)  # pink on the lit red read 3.9:1
        surface.blit(t, t.get_rect(center=(SHOUT.centerx, SHOUT.bottom - 22)))

    def pad_name(self, intent: str) -> str:
        """The pad button of ``intent`` under today's bindings (the settings may have moved it), as hints name it."""
        return pad_names(self.app.settings)[intent]

    def draw_word_show(self, surface: pygame.Surface) -> None:
        if self.word_show is None:
            return
        word, reds, age = self.word_show
        size = 42
        total = len(word) * (size + 6)
        x0 = TALK.centerx - total / 2
        y = TALK.y + 4
        fade = max(0.0, min(1.0, (4200 + 260 * len(word) - age) / 500))
        for i, ch in enumerate(word):
            lit_at = 400 + 260 * i - 380
            k = max(0.0, min(1.0, (age - lit_at) / 220))
            if k <= 0:
                continue
            tile = card_image(ch, reds[i] if i < len(reds) else False, (size, round(size * 1.36)), 0,
                              ACCENT if k >= 1 else None)
            scale = ease_out_back(k)
            img = pygame.transform.smoothscale_by(tile, max(0.05, scale)) if scale < 0.99 else tile
            if fade < 1:
                img = img.copy()
                img.set_alpha(round(255 * fade))
            surface.blit(img, img.get_rect(center=(x0 + i * (size + 6) + size / 2, y)))

    def draw_curtain(self, surface: pygame.Surface, seat: int) -> None:
        if not self.claiming:
            super().draw_curtain(surface, seat)
            return
        # someone at the couch is saying a word: the cards they spell it from stay in sight (a pad picks them one by
        # one), everything public as at the open table; the panel covers the hand, which the curtain keeps
        v, flying = self.view, self.flying_ids()
        self.draw_opponents(surface, v)
        self.draw_showcase(surface, v, flying)
        self.draw_conversation(surface, v, flying, 0)
        self.draw_right(surface, v)
        self.draw_claim_panel(surface)

    def draw_claim_panel(self, surface: pygame.Surface) -> None:
        surface.blit(panel(CLAIM_PANEL.size, (30, 18, 22), RED_INK, 3, 22), CLAIM_PANEL)
        head = assets.text("Не говори…", 26, RED_INK, "heading")
        head_rect = surface.blit(head, (CLAIM_PANEL.x + 24, CLAIM_PANEL.y + 14))
        # the longest word the panel takes, in large text too, stays inside it; the caret is a bar drawn beside the
        # word, not a «|» glyph, which the heading face draws like a Latin «I» at the end of the word
        left = max(CLAIM_PANEL.x + 214, head_rect.right + 24)
        caret_w = 4
        room = CLAIM_PANEL.right - 24 - caret_w - 6 - left
        word_rect = pygame.Rect(left, CLAIM_PANEL.y + 4, 0, assets.text("Ж", 48, INK, "heading").get_height())
        if self.claim_text:
            shown = fitted_text(self.claim_text.upper(), 48, INK, "heading", room)
            word_rect = surface.blit(shown, shown.get_rect(midleft=(left, word_rect.centery)))
        if int(self.clock / 450) % 2 == 0:
            bar = pygame.Rect(word_rect.right + 6, 0, caret_w, word_rect.height * 3 // 5)
            bar.centery = word_rect.centery
            pygame.draw.rect(surface, INK, bar)
        spelled = self.spelled_cards()
        missing = [self.claim_text[i] for i, cid in enumerate(spelled) if not cid]
        if missing:
            note = f"в разговоре нет: {', '.join(ch.upper() for ch in missing)}"
            color = DANGER_TEXT
        elif len(self.claim_text) < 3:
            note = f"печатайте слово или выбирайте буквы в разговоре (мышь, крестовина + {self.pad_name('confirm')})"
            color = INK_DIM
        else:
            note = f"Enter или {self.pad_name('shout')} — сказать!"
            color = GOOD
        surface.blit(assets.text(note, 16, color), (CLAIM_PANEL.x + 24, CLAIM_PANEL.y + 76))
        targets = self.claim_targets()
        focus = targets[min(self.claim_focus, len(targets) - 1)] if targets else None
        for i, label in enumerate(("Сказать", "Стереть", "Отмена")):
            rect = self.claim_button_rect(i)
            on = focus is not None and focus[0] == "button" and focus[1] == label
            fill = (170, 36, 40) if i == 0 else PANEL
            surface.blit(panel(rect.size, fill, ACCENT if on else PANEL_EDGE, 3 if on else 1, 14), rect)
            t = assets.text(label, 20, INK, "bold")
            surface.blit(t, t.get_rect(center=rect.center))
        hint = assets.text(f"Esc или {self.pad_name('back')} — отмена · Backspace или {self.pad_name('draw')} — стереть",
                           14, INK_DIM)
        surface.blit(hint, (CLAIM_PANEL.x + 24, CLAIM_PANEL.y + 102))

    def draw_dialog(self, surface: pygame.Surface, d: Dialog) -> None:
        box = pygame.Rect(0, 0, 600, 210)
        box.center = (WIDTH // 2, 330)
        # the note wrapped to the panel: the dictionary's verdict and the question ran out of it in «Крупный текст»
        draw_dialog_frame(surface, box, d.title, wrapped(d.sub, DIALOG_LOOK.note_size, box.w - 48)[:3], DIALOG_LOOK)
        d.rects = button_rects(box, len(d.buttons), DIALOG_LOOK)
        draw_buttons(surface, d.rects, [label for label, _ in d.buttons], d.focus, DIALOG_LOOK)

    def draw_results(self, surface: pygame.Surface, v: dict) -> None:
        final = v["phase"] == "over"
        winners = v.get("winners") or [s for s, p in enumerate(v["history"][-1])
                                        if p == min(v["history"][-1])] if v["history"] else []
        if final:
            title = "Вы победили!" if self.me in winners and len(winners) == 1 else (
                "Победа поровну!" if self.me in winners else "Игра окончена")
        else:
            title = f"Партия {v['game_no']} окончена"
        reason = "10 чёрных букв в отбое" if v.get("end_reason") == "ten" else "колода кончилась"
        last = v["history"][-1] if v["history"] else v["scores"]
        rows = [ResultRow(self.name(seat),
                          f"{last[seat]}" + (f" · всего {v['totals'][seat]}" if v.get("series", 1) > 1 else ""),
                          winner=seat in winners)
                for seat in sorted(range(v["players"]), key=lambda s: (v["totals"][s], s))]
        # between the seats' plates and your hand, six rows and the foot too
        draw_results_panel(surface, (WIDTH // 2, 338), title, rows, RESULTS_LOOK,
                           subtitle=reason + (" · меньше очков — лучше" if final else " · скоро следующая партия"),
                           foot=self.leave_hint() if self.over else "")

    def leave_hint(self) -> str:
        """How the finished game is left: the pad's button (as bound) while a pad is plugged in, else Enter or a click;
        and how it is seen again («Повтор партии»). Nothing in a replay: its controls stand beside."""
        if self.replaying:
            return ""
        leave = f"{self.pad_name('confirm')} — в меню" if self.app.input.pads else "Enter или щелчок — в меню"
        return " · ".join(hint for hint in (leave, self.replay_hint()) if hint)


def create(connection, game_id: str, names: list[str]) -> NoWordsScene:
    return NoWordsScene(connection, game_id, names)
