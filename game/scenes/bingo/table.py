"""The «Скрэббл Бинго» table: write two words, then cross out the letters the host calls.

Layout (1280×720): the other players along the top (how many letters each has crossed out, who is
paying for a false call); the caller in the middle — the letter just called, the time to the next one,
the letters called so far; your sheet below (two words of seven tiles) with the «Скрэббл Бинго!» button
(a watcher's corner says who is nearest to Бинго instead).

Writing the words: type them (the first seven letters are the first word, the next seven the second),
Backspace erases, Enter writes them; with nothing typed, Enter (A on a pad, or the button) takes the
suggested pair. Crossing out: type the letter just called, or click its tile, or walk the tiles with
the arrows / D-pad and press Enter / A. «Скрэббл Бинго!»: the button, F2, Enter once the sheet is full,
or Y on a pad. A wrong cross-out goes to the host, which refuses it with its reason.
"""
from __future__ import annotations

import pygame

from game import art, assets
from game.input import KEYBOARD, Intent
from game.rules.bingo import SHEET, TILE_POINTS, WORD_LETTERS
from game.rules.words_ru import count as count_of
from game.scenes.base import (ACCENT, DANGER, DANGER_TEXT, GOLD, GOOD, HEIGHT, INK, INK_DIM, PANEL_EDGE, RUSSIAN_LETTERS,
                              WIDTH, fitted_text, pad_names, panel)
from game.scenes.table.results import ResultRow, ResultsLook, draw_results_panel
from game.scenes.table.plates import felt_cloth
from game.scenes.table.scene import TableScene

EVENT_SOUNDS = {
    "sheet_ready": "menu_confirm",
    "sheet_written": None,
    "calling_started": "shuffle",
    "letter_called": "tile_place",
    "crossed": "score_tick",
    "bingo_pressed": "uno_shout",
    "false_bingo": "lose",
    "bingo_won": "win",
    "game_over": "win",
}

TOP = pygame.Rect(12, 8, WIDTH - 24, 96)
CALLER = pygame.Rect(12, 116, WIDTH - 24, 250)
SHEET_AREA = pygame.Rect(12, 378, 900, 334)
BUTTONS = pygame.Rect(924, 378, WIDTH - 936, 334)
BIG_TILE = 150
SMALL_TILE = 40
SHEET_TILE = 96
POINTS = TILE_POINTS


def sheet_cell_rect(cell: int) -> pygame.Rect:
    row, col = divmod(cell, WORD_LETTERS)
    x = SHEET_AREA.x + 40 + col * (SHEET_TILE + 16)
    y = SHEET_AREA.y + 54 + row * (SHEET_TILE + 36)
    return pygame.Rect(x, y, SHEET_TILE, SHEET_TILE)


RESULTS_LOOK = ResultsLook(width=WIDTH - 360,  # clear of «Ваш листок» in large text
                           row_h=38, fill=(20, 10, 28), edge=GOLD, title_color=GOLD, title_size=30,
                           winner_color=GOOD, name_size=20, name_x=40, detail_size=18, detail_x=330,  # 24-letter names
                           total_size=22)
BINGO_BUTTON = pygame.Rect(BUTTONS.x + 20, BUTTONS.y + 60, BUTTONS.w - 40, 110)
SUGGEST_BUTTON = pygame.Rect(BUTTONS.x + 20, BUTTONS.y + 60, BUTTONS.w - 40, 80)
WRITE_BUTTON = pygame.Rect(BUTTONS.x + 20, BUTTONS.y + 160, BUTTONS.w - 40, 80)


class BingoScene(TableScene):
    takes_text = True  # letters typed at the table write the words, then cross them out
    EVENT_SOUNDS = EVENT_SOUNDS
    GAME_OVER_EVENT = "game_over"  # the shared cheer (game.scenes.table.cheer) starts with it
    HOLD_TO_PEEK = True  # everyone plays at once: at the couch sheets stay covered unless peeking
    HAND_AREA = SHEET_AREA
    JOIN_CORNER = BUTTONS  # a watcher's corner: who is nearest to Бинго, when nobody is to come in or sit down
    REPLAY_CORNER = pygame.Rect(BUTTONS.x, 566, BUTTONS.w, BUTTONS.bottom - 566)  # below the results at six seats
    REFLEX_INTENTS = frozenset({"shout", "slap", "catch", "claim"})

    def __init__(self, connection, game_id: str, names: list[str]):
        super().__init__(connection, game_id, names)
        self.typed = ""
        self.focus_cell = 0
        self.since_call_ms = 0.0  # local time since the last call: the countdown to the next
        self.flash_ms = 0.0

    # ------------------------------------------------------------------ helpers

    def letters(self) -> str:
        return "".join(self.view["words"]) if self.view else ""

    def on_seat_change(self, previous_seat: int) -> None:
        self.typed = ""
        self.focus_cell = 0

    def ev_letter_called(self, e: dict, before: dict) -> None:
        self.since_call_ms = 0.0
        self.flash_ms = 600.0
        self.log.append(f"Буква «{e['letter'].upper()}»")

    def ev_false_bingo(self, e: dict, before: dict) -> None:
        who = self.name(e["seat"])
        self.log.append(f"{who}: ложное «Бинго!» — {count_of(e['deaf_calls'], 'буква')} мимо")
        self.popup(f"{who}: рано!", WIDTH // 2, CALLER.bottom - 30, DANGER_TEXT)

    def ev_bingo_won(self, e: dict, before: dict) -> None:
        self.popup(f"{self.name(e['seat'])}: Скрэббл Бинго!", WIDTH // 2, CALLER.centery, GOLD, 48)

    def ev_crossed(self, e: dict, before: dict) -> None:
        if e["seat"] == self.me:
            rect = sheet_cell_rect(e["cell"])
            self.popup("есть!", rect.centerx, rect.y, GOOD, 26)  # the fonts have no ✓: it showed an empty box

    def update_table(self, dt_ms: float) -> None:
        self.since_call_ms += dt_ms
        self.flash_ms = max(0.0, self.flash_ms - dt_ms)

    # ------------------------------------------------------------------ acting
    def write_words(self, suggested: bool) -> None:
        offer = self.legal_of("choose_words")
        if not offer:
            return
        if suggested or not self.typed:
            self.send(offer[0])
        elif len(self.typed) < 2 * WORD_LETTERS:
            self.on_error("Нужно два слова по семь букв: допечатайте их или нажмите Enter без букв, "
                          "чтобы взять предложенные.")
            return
        else:  # the letters stay until the host writes them: a refused pair is mended, not typed anew
            self.send({"kind": "choose_words", "first": self.typed[:WORD_LETTERS], "second": self.typed[WORD_LETTERS:]})

    def ev_sheet_written(self, e: dict, before: dict) -> None:
        if e.get("to") == self.me:
            self.typed = ""

    def cross(self, cell: int) -> None:
        if self.view is None or self.view["phase"] != "calling":
            return
        self.focus_cell = cell
        self.send({"kind": "cross", "cell": cell})  # the host judges it and says why not

    def cross_letter(self, letter: str) -> None:
        letters = self.letters()
        if letter not in letters:
            self.on_error(f"Буквы «{letter.upper()}» нет в ваших словах.")
            return
        crossable = [c for c in self.view["crossable"] if letters[c] == letter]
        if crossable:
            self.cross(crossable[0])
            return
        open_cells = [c for c, ch in enumerate(letters) if ch == letter and not self.view["crossed"][c]]
        self.cross(open_cells[0] if open_cells else letters.index(letter))

    def call_bingo(self) -> None:
        if self.can("call_bingo"):
            self.send({"kind": "call_bingo"})

    def handle_table(self, intent: Intent) -> None:
        v = self.view
        if v is None or self.leaves_when_over(intent):
            return
        name, key = intent.name, intent.extra.get("key")
        writing = v["phase"] == "words" and self.can("choose_words")
        if name == "text":
            if (writing or v["phase"] == "calling") and self.refused_latin(intent.text):
                return
            for ch in intent.text.lower():
                if ch not in RUSSIAN_LETTERS:
                    continue
                if writing:
                    if len(self.typed) < 2 * WORD_LETTERS:
                        self.typed += ch
                elif v["phase"] == "calling":
                    self.cross_letter(ch)
            return
        if name == "back":
            if writing and self.typed:
                self.typed = self.typed[:-1]
            return
        if intent.device == KEYBOARD:
            if key in (pygame.K_RETURN, pygame.K_KP_ENTER) and name == "confirm":
                if writing:
                    self.write_words(suggested=False)
                elif v["phase"] == "calling":
                    if all(v["crossed"]):
                        self.call_bingo()
                    else:
                        self.cross(self.focus_cell)
                return
            if key == pygame.K_F2:
                self.call_bingo()
                return
            arrows = {pygame.K_LEFT: -1, pygame.K_RIGHT: 1, pygame.K_UP: -WORD_LETTERS, pygame.K_DOWN: WORD_LETTERS}
            if key in arrows:
                self.focus_cell = (self.focus_cell + arrows[key]) % SHEET
            return  # letters typed in a Russian layout also arrive as key intents: swallow them
        if name == "click" and intent.pos is not None:
            self.click(intent.pos, writing)
            return
        moves = {"left": -1, "right": 1, "up": -WORD_LETTERS, "down": WORD_LETTERS}
        if name in moves:
            self.focus_cell = (self.focus_cell + moves[name]) % SHEET
        elif name == "confirm":
            if writing:
                self.write_words(suggested=True)
            elif v["phase"] == "calling":
                self.cross(self.focus_cell)
        elif name == "shout":
            self.call_bingo()

    def click(self, pos, writing: bool) -> None:
        v = self.view
        if writing:
            if SUGGEST_BUTTON.collidepoint(pos):
                self.write_words(suggested=True)
            elif WRITE_BUTTON.collidepoint(pos):
                self.write_words(suggested=False)
            return
        if v["phase"] != "calling":
            return
        if BINGO_BUTTON.collidepoint(pos):
            self.call_bingo()
            return
        for cell in range(SHEET):
            if sheet_cell_rect(cell).collidepoint(pos):
                self.cross(cell)
                return

    # ------------------------------------------------------------------ drawing
    def notice_zone(self) -> pygame.Rect:
        # the caller's panel right of what it says and above the row of called letters: the screen's bottom centre
        # is the sheet, where a few refusals («Буквы «Ж» нет в ваших словах.») piled over the letters
        top = CALLER.y + 64
        return pygame.Rect(CALLER.centerx + 120, top, CALLER.right - 16 - CALLER.centerx - 120, CALLER.y + 154 - top)

    def build_backdrop(self) -> pygame.Surface:
        felt = felt_cloth((74, 40, 92), seed=17, rings=20)
        self.paint_seat_plates(felt, self.seat_rect, (34, 18, 44), 44, (60, 8))
        felt.blit(panel(CALLER.size, (28, 14, 38), PANEL_EDGE, 1, 20), CALLER)
        felt.blit(assets.text("Ведущий называет", 20, ACCENT, "heading"), (CALLER.x + 16, CALLER.y + 8))
        felt.blit(panel(SHEET_AREA.size, (24, 12, 32), PANEL_EDGE, 1, 18), SHEET_AREA)
        if self.me >= 0:  # a watcher's heading comes and goes with the phase (draw_watching)
            felt.blit(assets.text("Ваш листок", 20, ACCENT, "heading"), (SHEET_AREA.x + 16, SHEET_AREA.y + 10))
        felt.blit(panel(BUTTONS.size, (24, 12, 32), PANEL_EDGE, 1, 18), BUTTONS)
        return felt.convert() if pygame.display.get_surface() is not None else felt

    def seat_rect(self, seat: int) -> pygame.Rect:
        others = self.others()
        width = min(300, (TOP.w - 12 * (len(others) - 1)) // max(1, len(others)))
        i = others.index(seat)
        return pygame.Rect(TOP.x + i * (width + 12), TOP.y, width, TOP.h)

    def draw_table(self, surface: pygame.Surface, alpha: float) -> None:
        v = self.view
        assert v is not None
        self.draw_others(surface, v)
        self.draw_caller(surface, v)
        if v["phase"] == "words":
            self.draw_writing(surface, v)
        else:
            self.draw_sheet(surface, v, round(self.shake.offset(alpha)))
        if self.me < 0:
            self.draw_watching(surface, v)
        elif v["phase"] == "calling" and not self.replaying:  # after the game (and in a replay) its keys do nothing
            self.draw_bingo_button(surface, v)
        if v["phase"] == "over":
            self.draw_results(surface, v)

    def draw_others(self, surface: pygame.Surface, v: dict) -> None:
        for seat in self.others():
            rect = self.seat_rect(seat)
            if v["phase"] == "words":
                chip, color = ("слова записаны", GOOD) if v["ready"][seat] else ("придумывает слова…", INK_DIM)
            else:
                chip, color = f"зачёркнуто {v['progress'][seat]} из {SHEET}", INK
            room = rect.w - 60 - 10  # from beside the face to the plate's edge, large text and six seats too
            surface.blit(fitted_text(chip, 16, color, "bold", room), (rect.x + 60, rect.y + 34))
            if v["deaf_left"][seat]:
                surface.blit(fitted_text(f"штраф: ещё {count_of(v['deaf_left'][seat], 'буква')} мимо", 15, DANGER_TEXT,
                                         "text", room), (rect.x + 60, rect.y + 58))
            elif seat in v["pressed"]:
                surface.blit(fitted_text("«Скрэббл Бинго!»", 15, GOLD, "bold", room), (rect.x + 60, rect.y + 58))
            bar = pygame.Rect(rect.x + 8, rect.bottom - 12, rect.w - 16, 5)
            pygame.draw.rect(surface, (60, 40, 70), bar, border_radius=2)
            done = bar.copy()
            done.w = bar.w * v["progress"][seat] // SHEET
            pygame.draw.rect(surface, GOOD, done, border_radius=2)

    def draw_caller(self, surface: pygame.Surface, v: dict) -> None:
        big = pygame.Rect(CALLER.x + 30, CALLER.y + 44, BIG_TILE, BIG_TILE)
        if v["last_call"]:
            tile = art.letter_tile(v["last_call"], POINTS.get(v["last_call"]), BIG_TILE)
            surface.blit(tile, big)
            if self.flash_ms:
                pygame.draw.rect(surface, GOLD, big.inflate(12, 12), 4, border_radius=18)
        else:
            pygame.draw.rect(surface, (255, 255, 255, 40), big, 2, border_radius=16)
        info_x = big.right + 30
        if v["phase"] == "words":
            lines = ["Придумайте два слова по семь букв —", "или возьмите предложенные."]
        elif v["phase"] == "calling":
            left = max(0, v["call_ms"] - int(self.since_call_ms)) if v["calls"] else None
            next_line = (f"следующая буква через {left / 1000:.0f} с" if left is not None
                         else "сейчас будет первая буква")
            lines = [f"Названо букв: {len(v['calls'])}, в мешочке {v['bag']}", next_line]
        else:
            lines = [f"Названо букв: {len(v['calls'])}", "Игра окончена"]
        for i, line in enumerate(lines):
            surface.blit(assets.text(line, 22 if i == 0 else 18, INK if i == 0 else INK_DIM), (info_x, CALLER.y + 52 + i * 32))
        recent = v["calls"][-22:]
        for i, letter in enumerate(recent):
            x = info_x + i * (SMALL_TILE + 6)
            surface.blit(art.letter_tile(letter, POINTS.get(letter), SMALL_TILE), (x, CALLER.y + 160))
        recent_log = list(self.log)[-2:] if v["phase"] != "over" else []  # the results' panel reaches there
        for i, line in enumerate(recent_log):  # inside the panel with a long name and large text too
            surface.blit(fitted_text(line, 15, INK_DIM, "text", 330 - 14),
                         (CALLER.right - 330, CALLER.y + 12 + round(i * 20 * assets.text_scale)))

    def draw_writing(self, surface: pygame.Surface, v: dict) -> None:
        if self.me < 0:
            label = assets.text("Игроки записывают слова…", 26, INK_DIM, "heading")
            surface.blit(label, label.get_rect(center=SHEET_AREA.center))
            return
        if not self.can("choose_words"):
            label = assets.text("Слова записаны. Ждём остальных…", 26, GOOD, "heading")
            surface.blit(label, label.get_rect(center=SHEET_AREA.center))
            words = v["words"]
        else:
            words = [self.typed[:WORD_LETTERS], self.typed[WORD_LETTERS:]]
            hint = f"Предложено: {' и '.join(w.upper() for w in v['suggested'])}"
            surface.blit(assets.text(hint, 18, INK_DIM), (SHEET_AREA.x + 200, SHEET_AREA.y + 14))
        if self.can("choose_words"):
            for cell in range(SHEET):
                rect = sheet_cell_rect(cell)
                row, col = divmod(cell, WORD_LETTERS)
                ch = words[row][col] if col < len(words[row]) else ""
                if ch:
                    surface.blit(art.letter_tile(ch, POINTS.get(ch), SHEET_TILE), rect)
                else:
                    pygame.draw.rect(surface, (255, 255, 255), rect, 2, border_radius=12)
        if self.can("choose_words") and not self.replaying:  # a replay's controls stand there
            mine = len(self.typed) == SHEET  # Enter writes them; with no letters typed it takes the suggested pair
            self.draw_button(surface, SUGGEST_BUTTON, "Взять предложенные", not self.typed, enabled=True)
            self.draw_button(surface, WRITE_BUTTON, "Записать мои", mine)
            self.draw_help(surface, ("Печатайте буквы, Enter — записать,",
                                     f"Enter без букв или {pad_names(self.app.settings)['confirm']} — предложенные"),
                           BUTTONS.bottom - 56)

    def draw_sheet(self, surface: pygame.Surface, v: dict, shake: int) -> None:
        letters = self.letters()
        if not letters:
            return
        crossable = set(v["crossable"])
        for cell, ch in enumerate(letters):
            rect = sheet_cell_rect(cell).move(shake, 0)
            tile = art.letter_tile(ch, POINTS.get(ch), SHEET_TILE)
            if v["crossed"][cell]:
                tile = tile.copy()
                tile.set_alpha(110)
                surface.blit(tile, rect)
                pygame.draw.line(surface, DANGER, rect.topleft, rect.bottomright, 6)
                pygame.draw.line(surface, DANGER, rect.topright, rect.bottomleft, 6)
            else:
                surface.blit(tile, rect)
                if cell in crossable:
                    pygame.draw.rect(surface, GOLD, rect.inflate(8, 8), 4, border_radius=14)
            if cell == self.focus_cell and v["phase"] == "calling" and not self.replaying:  # a player's cursor
                pygame.draw.rect(surface, INK, rect.inflate(16, 16), 2, border_radius=16)
        if v["deaf_left"][self.me] if self.me >= 0 else 0:
            surface.blit(fitted_text(f"Штраф за ложное «Бинго!»: мимо вас пройдёт ещё "  # DANGER read 4.47:1 here
                                     f"{count_of(v['deaf_left'][self.me], 'буква')}", 16, DANGER_TEXT, "text",
                                     SHEET_AREA.right - 16 - SHEET_AREA.x - 200), (SHEET_AREA.x + 200, SHEET_AREA.y + 14))

    def draw_bingo_button(self, surface: pygame.Surface, v: dict) -> None:
        ready = bool(v["crossed"]) and all(v["crossed"])
        self.draw_button(surface, BINGO_BUTTON, "Скрэббл Бинго!", ready, big=True)
        pad = pad_names(self.app.settings)  # the buttons the settings bind
        help_lines = ("Буква с клавиатуры, щелчок или Enter —", f"зачеркнуть · F2 / {pad['shout']} — «Бинго!»")
        if self.app.input.pads:  # a pad walks the sheet instead of typing
            help_lines = (f"Крестовина — буква, {pad['confirm']} — зачеркнуть,", f"{pad['shout']} или F2 — «Бинго!»")
        self.draw_help(surface, help_lines, BINGO_BUTTON.bottom + 20)

    @staticmethod
    def draw_help(surface: pygame.Surface, help_lines: tuple[str, ...], top: int) -> None:
        """The keys under the corner's buttons, both lines at the size the wider one fits in: large text ran them
        off the screen."""
        fits = min(1.0, (BUTTONS.w - 40) / max(assets.text(line, 15).get_width() for line in help_lines))
        for i, line in enumerate(help_lines):
            surface.blit(assets.text(line, max(8, int(15 * fits)), INK_DIM),
                         (BUTTONS.x + 20, top + i * round(20 * assets.text_scale)))

    def draw_watching(self, surface: pygame.Surface, v: dict) -> None:
        """A watcher's corner (when no join card or seat offer covers it): it can neither cross out nor call
        «Бинго!», so instead of those controls it reads who is nearest to Бинго by the crossed-out counts."""
        if v["phase"] == "over":  # the results stand over the table and say it all: nothing half under them
            return
        # a watcher (a laptop's, the phones' TV view) has no sheet: the players hold theirs
        surface.blit(assets.text("Листки у игроков", 20, ACCENT, "heading"), (SHEET_AREA.x + 16, SHEET_AREA.y + 10))
        room = BUTTONS.w - 40
        surface.blit(fitted_text("Вы смотрите игру", 24, ACCENT, "heading", room), (BUTTONS.x + 20, BUTTONS.y + 20))
        if v["phase"] == "words":
            return
        best = max(v["progress"], default=0)
        if not best:
            surface.blit(fitted_text("Никто ещё ничего не зачеркнул", 18, INK_DIM, "text", room),
                         (BUTTONS.x + 20, BUTTONS.y + 80))
            return
        leaders = ", ".join(self.name(seat) for seat, done in enumerate(v["progress"]) if done == best)
        lines = [("Ближе всех к «Бинго!»:", 18, INK_DIM, "text"), (leaders, 22, INK, "bold"),
                 (f"зачёркнуто {best} из {SHEET}", 18, GOOD, "text")]
        for i, (line, size, colour, face) in enumerate(lines):
            surface.blit(fitted_text(line, size, colour, face, room),
                         (BUTTONS.x + 20, BUTTONS.y + 80 + i * round(32 * assets.text_scale)))

    @staticmethod
    def draw_button(surface: pygame.Surface, rect: pygame.Rect, label: str, lit: bool, big: bool = False,
                    enabled: bool | None = None) -> None:
        """Lit (gold): what Enter does now. Enabled: a click does it, plain. Neither: dim. Two lit buttons looked
        as if both had the focus."""
        enabled = lit if enabled is None else enabled
        fill = (120, 70, 20) if lit else (50, 34, 58)
        surface.blit(panel(rect.size, fill, GOLD if lit else PANEL_EDGE, 2, 16), rect)
        text = assets.text(label, 28 if big else 20, INK if lit or enabled else INK_DIM, "heading")
        surface.blit(text, text.get_rect(center=rect.center))

    def draw_results(self, surface: pygame.Surface, v: dict) -> None:
        winners = v["winners"]
        subtitle = ""
        if v["end_reason"] == "bingo":
            title = f"Скрэббл Бинго! — {', '.join(self.name(s) for s in winners)}"
        else:  # the leaders under the title: six of them ran a title of 3000 px off the screen
            title = "Мешочек пуст"
            most = count_of(max(v["progress"], default=0), "буква")
            subtitle = (f"Поровну у всех: зачёркнуто по {most}" if len(winners) == v["players"] else
                        f"Больше всех зачёркнуто ({most}): {', '.join(self.name(s) for s in winners)}")
        rows = []
        for seat, words in enumerate(v["sheets"]):
            detail = " · ".join(w.upper() for w in words)
            if v["false_calls"][seat]:
                detail += f" · ложных «Бинго!»: {v['false_calls'][seat]}"
            rows.append(ResultRow(self.name(seat), f"{v['progress'][seat]} из {SHEET}", detail, seat in winners))
        draw_results_panel(surface, (WIDTH // 2, HEIGHT // 2), title, rows, RESULTS_LOOK, subtitle=subtitle,
                           headers=("Игрок", "Слова", "Зачёркнуто"), foot=self.leave_hint())

    def leave_hint(self) -> str:
        """How the finished game is left and seen again; nothing in a replay (its controls stand beside)."""
        return "" if self.replaying else " · ".join(h for h in ("Enter или щелчок — в меню", self.replay_hint()) if h)


def create(connection, game_id: str, names: list[str]) -> BingoScene:
    return BingoScene(connection, game_id, names)
