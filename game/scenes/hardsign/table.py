"""The «Твёрдый знак» table: everyone builds a word at once.

Building a word: type it (the row picks the cards, hand first, jokers for missing letters), or click / drag cards into
the row, or walk the cards with the D-pad and press A. A joker in the row shows «?» until a letter is chosen for it
(up/down or the wheel while it is focused, or simply type the word). Enter or Y lays the word; Backspace or B takes the
last card back; X asks for a letter (or bribes when that is the way to get one); RB passes.

The scene coordinates: it turns the host's events into flights, popups and banners, maps the keys, the pad and the
mouse to the word in the row and to the actions, and draws the table from its pieces beside it — where things stand
(``layout``), the pictures (``cards``), the seats' plates (``plates``), the bonus column (``bonuses``), the table
letters (``centre``) and the deal's clock (``timer``), the word being made (``word``), its live score (``score``),
the buttons (``buttons``), the reveal after a deal (``reveal``) and the results (``results``).
"""
from __future__ import annotations

from dataclasses import dataclass

import pygame

from game import assets
from game.input import KEYBOARD, MOUSE, Intent
from game.rules.words_ru import of_player, place_of
from game.scenes.base import ACCENT, DANGER, GOLD, INK, INK_DIM, MOVES, PANEL_EDGE, nearest, panel
from game.scenes.hardsign.bonuses import draw_bonuses
from game.scenes.hardsign.buttons import KEY_BUTTONS, PAD_BUTTONS, Buttons, why_not
from game.scenes.hardsign.cards import back_surface, card_surface, crown_badge, dimmed, draw_card_tip, early_badge
from game.scenes.hardsign.centre import draw_centre
from game.scenes.hardsign.layout import (BONUS_CARD, CENTER, DECK_POS, HAND, HAND_CARD, LEFT, ME, MINI_CARD, RIGHT,
                                         ROW, TABLE_CARD, bonus_slot, button_rects, extra_rects, hand_slot, row_slot,
                                         table_slot)
from game.scenes.hardsign.plates import SeatPlates
from game.scenes.hardsign.results import draw_results
from game.scenes.hardsign.reveal import Reveal
from game.scenes.hardsign.score import LiveScore
from game.scenes.hardsign.timer import RoundTimer
from game.scenes.hardsign.word import ROW_PREFIX, Drag, WordRow
from game.scenes.table.banner import BannerLook
from game.scenes.table.flight import PictureFlight
from game.scenes.table.plates import felt_cloth
from game.scenes.table.scene import TableScene
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


@dataclass
class Target:
    kind: str  # "hand" | "table" | "row" | "button"
    key: str  # card id, row index or button id
    rect: pygame.Rect


ARROWS = {pygame.K_UP: (0, -1), pygame.K_DOWN: (0, 1), pygame.K_LEFT: (-1, 0), pygame.K_RIGHT: (1, 0)}


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
        self.plates = SeatPlates(self)
        self.row = WordRow(self)
        self.score = LiveScore(self, self.row)
        self.buttons = Buttons(self, self.row)
        self.timer = RoundTimer()
        self.reveal = Reveal(self)
        self.focus_index = 0
        self.drag: Drag | None = None

    # ================================================================== events
    def on_event(self, event: dict, previous_view: dict | None) -> None:
        super().on_event(event, previous_view)
        self.row.prune()

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
        self.row.clear()
        self.timer.warned = False
        for i, card in enumerate(e["table"]):
            self.fly_card(card["face"], DECK_POS, table_slot(i).center, delay=120 * i)
        for i in range(len(e.get("bonuses", ()))):
            self.fly_card(None, (LEFT.centerx, LEFT.y - 40), bonus_slot(i).center, size=BONUS_CARD,
                          delay=80 * i)
        self.banner(f"Раздача {e['round']}", "Составьте слово из своих карт и букв на столе", INK, 1800)

    def ev_hand_dealt(self, e: dict, before: dict) -> None:
        for i, card in enumerate(e["cards"]):
            self.fly_card(card["face"], DECK_POS, hand_slot(i).center, size=HAND_CARD, delay=300 + 110 * i)

    def ev_word_laid(self, e: dict, before: dict) -> None:
        seat = e["seat"]
        x, y = self.plates.point(seat)
        for i in range(e["cards"]):
            self.fly_card(None, (CENTER.centerx, ROW.centery) if seat == self.me else (x, y + 40),
                          (x - 20 + 10 * i, y + 10), size=MINI_CARD, delay=50 * i)
        # the place alone: «Слово выложено — 1-й» ran off the screen in large text
        self.popup(f"{place_of(e['place'], self.seat_name(seat))}!", x, y + 30, GOLD, 28)
        if seat == self.me:
            self.row.clear()

    def ev_word_taken(self, e: dict, before: dict) -> None:
        x, y = self.plates.point(e["seat"])
        taken = f"{of_player('забрал', self.seat_name(e['seat']), False)} слово"
        self.popup(taken if e["seat"] != self.me else "Слово у вас в руке", x, y + 30, INK_DIM, 24)

    def ev_early_card(self, e: dict, before: dict) -> None:
        seat = e["seat"]
        start = extra_rects()["early"].center
        if seat >= 0:
            self.fly_surface(early_badge(self.seat_name(seat)), start, self.plates.point(seat))
            x, y = self.plates.point(seat)
            self.popup("Раньше всех +1", x, y + 40, ACCENT, 26)  # from the plate's middle it rose off the screen
        else:
            self.popup("«Раньше всех» вернулась на стол", *start, INK_DIM, 20)

    def ev_passed(self, e: dict, before: dict) -> None:
        x, y = self.plates.point(e["seat"])
        self.popup("Пас", x, y + 30, INK_DIM, 30)

    def ev_letter_asked(self, e: dict, before: dict) -> None:
        x, y = self.plates.point(e["seat"])
        self.popup("Ещё букву!", x, y + 30, ACCENT, 26)

    def ev_letter_added(self, e: dict, before: dict) -> None:
        index = e["count"] - 1
        self.fly_card(e["card"]["face"], DECK_POS, table_slot(index).center, ms=520)
        word = "Четвёртая" if e["count"] == 4 else "Пятая"
        self.banner(f"{word} буква на столе", "за взятку" if e["reason"] == "bribe" else "никто не нашёл слова",  # not a count
                    ACCENT, 1800)

    def ev_bribe_paid(self, e: dict, before: dict) -> None:
        start = self.plates.bank_point(e["seat"])
        for i, (taker, face) in enumerate(zip(e["takers"], e["faces"])):
            self.fly_card(face, start, self.plates.bank_point(taker), size=MINI_CARD, ms=600, delay=120 * i)
        self.popup("Взятка!", *self.plates.point(e["seat"]), DANGER, 30)

    def ev_time_up(self, e: dict, before: dict) -> None:
        self.timer.flash_ms = 900.0
        if self.me in e["seats"]:
            self.banner("Время вышло", "вы пасуете" if e["stage"] == "answer" else "добавляем букву", DANGER, 1600)

    def ev_round_won(self, e: dict, before: dict) -> None:
        self.reveal.restart()
        words = {w["seat"]: w for w in e["words"]}
        for winner, won in zip(e["winners"], e["won"]):
            word = words[winner]
            for i, face in enumerate(won[:10]):
                self.fly_card(face, (CENTER.centerx, CENTER.centery), self.plates.bank_point(winner), size=MINI_CARD,
                              ms=650, delay=1600 + 60 * i)
            self.popup(f"+{word['total']}", *self.plates.bank_point(winner), GOLD, 34)
        # no banner: the deal's panel says who took it (its star, its title), and a banner stood on its words

    def ev_longest_word(self, e: dict, before: dict) -> None:
        start = extra_rects()["longest"].center if e["previous"] < 0 else self.plates.point(e["previous"])
        self.fly_surface(crown_badge(), start, self.plates.point(e["seat"]), ms=800, delay=900)
        self.popup("Самое длинное слово!", *self.plates.point(e["seat"]), GOLD, 24)

    def ev_round_void(self, e: dict, before: dict) -> None:
        self.reveal.restart()
        for i, slot in enumerate(range(len(before.get("table", [])))):
            self.fly_card(None, table_slot(slot).center, DECK_POS, delay=60 * i)
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
            return self.drag is not None
        return super().uses_back(intent) or (intent.device != KEYBOARD and bool(self.row.cards or self.row.typed))

    def on_back(self, intent: Intent) -> None:
        """«back» that ``uses_back`` kept from the pause menu."""
        if intent.device == MOUSE:
            self.drag = None
        else:
            self.row.erase()

    def targets(self) -> list[Target]:
        if self.me < 0 or self.replaying:
            return []  # a watcher has no hand, no row and no buttons of its own; in a replay nobody walks them
        v = self.view or {}
        out = [Target("hand", c["id"], hand_slot(i, len(v.get("hand", [])))) for i, c in enumerate(v.get("hand", []))]
        out += [Target("table", c["id"], table_slot(i)) for i, c in enumerate(v.get("table", []))]
        out += [Target("row", str(i), row_slot(i, len(self.row.cards))) for i in range(len(self.row.cards))]
        out += [Target("button", b, r) for b, r in button_rects().items()]
        return out

    def focused(self, targets: list[Target]) -> Target | None:
        """The target among ``targets`` the focus stands on (the last one when the focus fell off their end)."""
        return targets[min(self.focus_index, len(targets) - 1)] if targets else None

    def focus_on(self, kind: str) -> str | None:
        """The key of the target the focus stands on, when it is of ``kind``."""
        target = self.focused(self.targets())
        return target.key if target is not None and target.kind == kind else None

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
        focused = self.focused(targets)
        if name == "text":
            self.row.type_letters(intent.text)
            return
        if intent.device == KEYBOARD:
            if key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                if name == "confirm":
                    if self.row.cards and (focused is None or focused.kind != "button"):
                        self.submit_word()
                    elif focused is not None:
                        self.activate(focused)
                return
            if key in KEY_BUTTONS:
                self.press_button(KEY_BUTTONS[key])
                return
            if key in ARROWS:
                if focused is not None and focused.kind == "row" and key in (pygame.K_UP, pygame.K_DOWN):
                    if self.row.cycle_reading(int(focused.key), 1 if key == pygame.K_UP else -1):
                        return
                self.move_focus(targets, *ARROWS[key])
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
                self.row.cycle_reading(int(hover.key), 1 if name == "up" else -1)
            return
        if name in MOVES:
            if focused is not None and focused.kind == "row" and name in ("up", "down"):
                if self.row.cycle_reading(int(focused.key), 1 if name == "up" else -1):
                    return
            self.move_focus(targets, *MOVES[name])
        elif name == "confirm" and focused is not None:
            self.activate(focused)
        elif name in PAD_BUTTONS:
            self.press_button(PAD_BUTTONS[name])
        elif name == "catch":
            self.press_button("withdraw" if self.can("withdraw") else "clear")

    @staticmethod
    def target_at(pos, targets: list[Target]) -> Target | None:
        for t in reversed(targets):
            if t.rect.collidepoint(pos):
                return t
        return None

    def handle_mouse(self, name: str, pos, targets: list[Target]) -> None:
        hit = self.target_at(pos, targets)
        if name == "point":
            if self.drag is not None:
                self.drag.pos = pos
            elif hit is not None:
                self.focus_index = targets.index(hit)
            return
        if name == "press":
            if hit is not None and hit.kind in ("hand", "table", "row"):
                self.drag = Drag(hit.key if hit.kind != "row" else ROW_PREFIX + hit.key, pos, pos)
            return
        # click = the button went up: a drop, or a plain click when the pointer barely moved
        drag, self.drag = self.drag, None
        if drag is not None and drag.moved(pos):
            self.row.drop(drag.card, pos)
            return
        if hit is not None:
            self.focus_index = targets.index(hit)
            self.activate(hit)

    def activate(self, target: Target) -> None:
        if target.kind in ("hand", "table"):
            index = self.row.index_of(target.key)
            if index is not None:
                self.row.remove(index)
            elif not self.row.can_build():
                self.refuse(why_not(self.view or {}, self.me, "submit"))
            else:
                self.row.add(target.key)
        elif target.kind == "row":
            self.row.remove(int(target.key))
        elif target.kind == "button":
            self.press_button(target.key)

    def on_seat_change(self, previous_seat: int) -> None:
        self.row.clear()
        self.focus_index = 0

    # ================================================================== actions
    def submit_word(self) -> None:
        if not self.can("submit"):
            self.refuse(why_not(self.view or {}, self.me, "submit"))
            return
        word = self.row.word()
        if not self.row.cards:
            self.refuse("Соберите слово: напечатайте его или выберите карты.")
            return
        if "?" in word:
            # short enough for the notice's corner in large text (the longer one ran off the screen in one line)
            self.refuse("Джокеру нужна буква: стрелки вверх/вниз, колёсико или слово с клавиатуры.")
            return
        self.send({"kind": "submit", "cards": [cid for cid, _ in self.row.cards], "word": word})

    def refuse(self, text: str) -> None:
        self.app.play_sound("invalid")
        self.app.toast(text, 2600)

    def press_button(self, button: str) -> None:
        v = self.view or {}
        if button == "submit":
            self.submit_word()
        elif button == "clear":
            self.row.clear()
            self.app.play_sound("tile_return")
        elif button == "pass":
            if self.can("pass"):
                self.send({"kind": "pass"})
                self.row.clear()
            else:
                self.refuse(why_not(v, self.me, "pass"))
        elif button == "letter":
            if self.can("ask_letter"):
                self.send({"kind": "ask_letter"})
            elif self.can("bribe"):
                self.send({"kind": "bribe"})
            else:
                self.refuse(why_not(v, self.me, "letter"))
        elif button == "bribe":
            if self.can("bribe"):
                self.send({"kind": "bribe"})
            else:
                self.refuse(why_not(v, self.me, "letter"))
        elif button == "withdraw":
            if self.can("withdraw"):
                self.send({"kind": "withdraw"})
            else:
                self.refuse("У вас нет слова на столе.")

    # ================================================================== time
    def update_table(self, dt_ms: float) -> None:
        v = self.view
        warn = self.timer.step(dt_ms, v)
        self.reveal.step(dt_ms)
        if warn and (v["status"][self.me] in ("thinking", "asked") if self.me >= 0 else False):
            self.app.play_sound("timer_warning")

    # ================================================================== drawing
    def build_backdrop(self) -> pygame.Surface:
        felt = felt_cloth((30, 70, 88), seed=11, rings=20)
        self.paint_seat_plates(felt, self.plates.rect, (14, 32, 42), 46, (62, 8))
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
            slot = table_slot(i)
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
        self.plates.draw_others(surface, v, self.timer.clock)
        draw_bonuses(surface, v, self.name)
        if v["phase"] == "race":
            in_row = {cid for cid, _ in self.row.cards}
            draw_centre(surface, v, in_row, self.focus_on("table"), self.flying_to)
            self.timer.draw(surface, v)
            row_focus = self.focus_on("row")
            self.row.draw(surface, v, shake, None if row_focus is None else int(row_focus))
            self.score.draw(surface)
        elif v["phase"] == "reveal":
            self.reveal.draw(surface, v, self.timer.left(v))
        self.plates.draw_mine(surface, v, self.timer.clock)
        self.draw_hand(surface, v)
        self.buttons.draw(surface, self.focus_on("button"))
        if self.drag is not None:
            self.drag.draw(surface, self.row)
        self.flights.draw(surface, alpha)
        self.banners.draw(surface, alpha, centre=(CENTER.centerx, CENTER.y + 120))
        if v["phase"] == "over":
            draw_results(surface, v, self.name, self.leave_hint())

    def flying_to(self, point) -> bool:
        return any(f.end == tuple(point) and not f.landed for f in self.flights)

    def draw_hand(self, surface: pygame.Surface, v: dict) -> None:
        if self.me < 0:
            return
        hand = v.get("hand", [])
        in_row = {cid for cid, _ in self.row.cards}
        if v.get("my_word"):
            in_row |= set(v["my_word"]["cards"])
        focused = self.focus_on("hand")
        label = assets.text("Ваши карты", 17, INK, "bold")
        surface.blit(label, label.get_rect(midtop=(HAND.centerx, HAND.y + 10)))
        for i, card in enumerate(hand):
            slot = hand_slot(i, len(hand))
            if self.flying_to(slot.center):
                continue
            lift = 10 if focused == card["id"] else 0
            if card["id"] in in_row:
                surface.blit(dimmed(card["face"], HAND_CARD), slot.move(-6, -6 - lift))
            else:
                glow = ACCENT if lift else None
                surface.blit(card_surface(card["face"], HAND_CARD, glow), slot.move(-6, -6 - lift))
            draw_card_tip(surface, card["face"], slot, HAND_CARD[0] + 22 - 6)

    def leave_hint(self) -> str:
        """How the finished game is left and seen again; nothing in a replay (its controls stand beside)."""
        return "" if self.replaying else " · ".join(h for h in ("Enter или щелчок — в меню", self.replay_hint()) if h)


def create(connection, game_id: str, names: list[str]) -> HardSignScene:
    return HardSignScene(connection, game_id, names)
