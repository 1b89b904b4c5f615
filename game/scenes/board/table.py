"""The board-game table of Эрудит, Скрэббл and Словодел: the 15×15 board with its premium
squares on the left; the players, the bag, the move history, the live score of the tiles you
are laying, your rack and the buttons on the right.

Tiles are laid tentatively (the host never sees them) until the move is sent: by dragging them
with the mouse, by typing letters at the board cursor (arrows move it, Space turns it across or
down, Backspace takes the last tile back) or with a gamepad (D-pad cursor, shoulders pick a rack
tile, A lays it, Y sends the move, X turns the cursor). A refused move keeps every tile where it
was, with the reason in a toast. The scene sees only its seat's view, the legal actions and the
events; the score preview is the rules' own (``preview``: the scoring ``apply`` uses).
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache
from typing import Callable

import pygame

from game import art, assets
from game.input import KEYBOARD, MOUSE, Intent
from game.rules import load as load_rules
from game.rules.board import WORD_DISPUTABLE
from game.rules.words_ru import acts, count as count_of
from game.scenes.base import (ACCENT, DANGER, DANGER_TEXT, DISABLED, HEIGHT, INK, INK_DIM, PANEL, PANEL_EDGE, FocusGroup,
                              Widget, fitted_text, mix, pad_names, panel)
from game.scenes.board.layout import (
    BOARD_TILE,
    BUTTON_H,
    BUTTONS_Y,
    CELL,
    DETAIL_REACH,
    FRAME,
    GRID,
    HELP_Y,
    LAST_MOVE,
    NAME_REACH,
    PENDING,
    PLATE_INSET,
    PREVIEW,
    RACK_STEP,
    RACK_TILE,
    SIDE_W,
    SIDE_X,
    SIZE,
    TRAY,
    board_background,
    cell_at,
    cell_center,
    cell_rect,
    history_rect,
    info_rect,
    plate_rect,
    premium_square,
    rack_index_at,
    rack_slot,
    table_background,
    tile_back,
    tile_picture,
    warm_pictures,
)
from game.scenes.table.banner import BannerLook
from game.scenes.table.scene import TableScene, device_label, is_pad, paint_absence
from game.scenes.table.dialog import DialogLook, button_rects, draw_buttons, draw_dialog_frame
from game.scenes.table.flight import PictureFlight, shadow_of
from game.scenes.table.results import ResultRow, ResultsLook, draw_results_panel
from game.scenes.table.tween import Tween, ease_in_out_cubic, ease_out_cubic

EVENT_SOUNDS: dict[str, str] = {
    "order_drawn": "shuffle",
    "dealt": "tile_return",
    "drew": "tile_return",
    "placed": "tile_place",
    "move_stands": "score_tick",
    "move_withdrawn": "tile_return",
    "exchanged": "shuffle",
    "passed": "menu_move",
    "challenged": "catch",
    "accepted": "menu_confirm",
    "vote_opened": "timer_warning",
    "voted": "menu_move",
    "vote_closed": "menu_confirm",
    "blank_swapped": "tile_place",
    "hint_given": "menu_confirm",
    "opening_relaxed": "menu_move",
    "removed": "tile_return",
    "phase_changed": "turn_start",
    "game_ended": "win",
    "clock_paused": "menu_confirm",
    "clock_resumed": "menu_confirm",
    "move_timed_out": "timer_warning",
    "time_penalty": "invalid",
}
ALPHABET = "АБВГДЕЁЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯ"
BLANK = "?"
DRAG_SLOP = 8  # pixels the pointer must travel before a press becomes a drag
GOLD = (255, 206, 84)
GOOD = (120, 220, 130)
# Double bag: (``vowels`` of the action, button label). -1 is the table's own mix, the rack size
# takes every new tile from the vowel bag, 0 every one from the consonant bag.
DRAW_CHOICES = ((-1, "Добор: любые"), (7, "Добор: гласные"), (0, "Добор: согласн."))
KEY_ARROWS = {pygame.K_UP: (-1, 0), pygame.K_DOWN: (1, 0), pygame.K_LEFT: (0, -1), pygame.K_RIGHT: (0, 1)}
INTENT_ARROWS = {"up": (-1, 0), "down": (1, 0), "left": (0, -1), "right": (0, 1)}
SHORTCUTS = {pygame.K_F2: "pass", pygame.K_F3: "exchange", pygame.K_F4: "shuffle", pygame.K_F5: "hint",
             pygame.K_DELETE: "recall", pygame.K_F6: "challenge", pygame.K_F7: "accept"}
KEY_HELP = ("Буквы — у курсора · стрелки — курсор · пробел — направление · Enter — сыграть",
            "Backspace — убрать · Del — вернуть · F2 пас · F3 обмен · F4 перемешать")
HINT_KEY = " · F5 подсказка"  # only where the game's rules count hints: elsewhere F5 only says they are off
# the pad's buttons by intent, filled in with today's bindings (the settings may move them)
PAD_HELP = ("Крестовина — курсор · {catch}/{slap} — фишка · {confirm} — выложить или убрать · {shout} — сыграть",
            "{draw} — направление · {back} — убрать последнюю · вправо за край поля — кнопки")
PAD_INVITATION = "{catch}/{slap} — выбрать фишку · {confirm} — на поле под курсор"
PAD_BLANK_NOTE = "Крестовина — буква · {confirm} — выбрать · {back} — отмена"
PAD_EXCHANGE_NOTE = "{confirm} — отметить фишку · {shout} — обменять"
DEMO_ACTIONS = 16  # screenshots and the bench: a board in mid-game (40 moves end a two-player game)
HISTORY_KINDS = {"pass": "пас", "withdrawn": "ход снят", "end": "конец партии"}
CLOCK_LOW_MS = 30_000  # a clock with less than this left (or over its time) turns red
CLOCK_SIZE = 18
CLOCK_RUNNING = (30, 62, 52)  # the clock that runs: lit like the plate of the seat on turn
CLOCK_IDLE = (12, 28, 26)
CLOCK_LOW = (150, 34, 30)  # deep enough under INK for 4.5:1 (the danger red itself reads 3.5:1 under it)
Cell = tuple[int, int]


DIALOG_LOOK = DialogLook(shadow=False)  # the veil over the board sets it off already
RESULTS_LOOK = ResultsLook(width=600, row_h=52, name_x=70, detail_size=20, detail_x=300, detail_right=True,
                           total_size=30)  # the tiles left on a rack in the middle column, what they cost or brought


@dataclass
class Drag:
    tid: str
    source: str  # "rack" or "board"
    cell: Cell | None
    start: tuple[int, int]
    pos: tuple[int, int]
    moving: bool = False


class BoardButton(Widget):
    label_size: int = 17  # the row's one size: every label of the row fits its button at it

    def draw(self, surface: pygame.Surface, focused: bool) -> None:
        lift = round(self.hover * 8) / 8
        rect = self.rect.move(0, -round(2 * lift))
        base = PANEL if self.enabled else (24, 34, 32)
        edge = mix(PANEL_EDGE, ACCENT, lift) if self.enabled else (60, 70, 66)
        surface.blit(panel(rect.size, base, edge, 2 + round(lift), 10), rect)
        color = INK if self.enabled else DISABLED  # the app's one inactive ink (WCAG asks no contrast of it)
        size = self.label_size
        label = assets.text(self.label, size, color, "bold")
        while label.get_width() > rect.width - 10 and size > 11:  # the text grew since the row was laid out
            size -= 1
            label = assets.text(self.label, size, color, "bold")
        surface.blit(label, label.get_rect(center=rect.center))


def shortened_path(path) -> str:
    """``path`` as a notice names it: its root and first folder, «…», the folder it lies in and its name, whole. A
    deep folder's full path did not fit the notice over the moves list even wrapped and shrank to 9 px letters."""
    parts = path.parts
    if len(parts) <= 5:
        return str(path)
    return str(type(path)(*parts[:2], "…", *parts[-2:]))


class BoardScene(TableScene):
    takes_text = True  # letters typed on the table spell words
    window_seen: tuple[int, int] | None = None  # (the host's deadline, this machine's time) a window was first shown
    paused_as: int | None = None  # the local seat that stopped the clock when the pause menu opened
    clock_frozen: tuple[int, int] | None = None  # (the clock's ``at``, the host's time) when the pause menu opened
    EVENT_SOUNDS = EVENT_SOUNDS
    GAME_OVER_EVENT = "game_ended"  # the shared cheer (game.scenes.table.cheer) starts with it
    HAND_AREA = TRAY.inflate(0, 8)
    HAND_WORD = "фишки"
    JOIN_CORNER = pygame.Rect(SIDE_X, PREVIEW.top, SIDE_W, HEIGHT - 8 - PREVIEW.top)  # a watcher's empty rack and buttons
    REPLAY_CORNER = pygame.Rect(SIDE_X, BUTTONS_Y - 4, SIDE_W, HEIGHT - 4 - BUTTONS_Y)  # the buttons and their keys
    BANNER_LOOK = BannerLook(title_size=30, sub_size=17, fill=(14, 30, 28), opacity=235, rise=-12,
                             max_width=GRID.width - 20)

    def __init__(self, connection, game_id: str, names: list[str]):
        super().__init__(connection, game_id, names)
        self.rack_order: list[str] = []
        self.placed: dict[Cell, tuple[str, str]] = {}  # cell -> (tile id, letter it shows)
        self.place_order: list[Cell] = []
        self.cursor: Cell = (7, 7)
        self.across = True
        self.rack_sel = 0
        self.zone = "board"  # where arrows act: "board" or "buttons"
        self.group = FocusGroup()
        self._buttons_key: tuple | None = None
        self.drag: Drag | None = None
        self.dialog: str | None = None  # "blank", "exchange", "vote", None
        self.blank_for: tuple[Cell, str] | None = None
        self.blank_index = 0
        self.exchange_pick: set[str] = set()
        self.exchange_index = 0
        self.remove_pick: list[Cell] = []
        self.hidden_cells: dict[Cell, int] = {}
        self.hidden_rack: dict[str, int] = {}
        self.timers: list[list] = []
        self.shown_scores: list[float] = []
        self.rack_pos: dict[str, list[float]] = {}  # tid -> [x, y, previous x, previous y]
        self.glow = 0.0
        self.awaiting: str | None = None
        self.refused = ""
        self.refused_code = ""  # the rules' code of that refusal: what decides whether a vote may be asked
        self._preview_key: tuple | None = None
        self._preview = None
        self._drawing_of: dict | None = None  # the view ``_drawing`` was worked out from
        self._drawing_names: list[str] = []  # and the seats' names its moves list says
        self._drawing: dict = {}
        self.results_after = 0.0
        self.results_hidden = False
        self.swaps: dict[Cell, str] = {}  # blank reuse: board blank's square -> the rack tile given for it
        self.draw_from = DRAW_CHOICES[0][0]  # double bag: the Place/Exchange ``vowels`` field
        self.review_page: int | None = None  # page of the «Лучшие ходы» list shown instead of the scores
        self.pointer = (0, 0)
        self.warmed = False
        self.slots_before: dict[str, tuple[int, int]] = {}  # rack slots before the event being animated
        self.rack_view: dict | None = None  # the view the rack was last matched to
        self.age = 0.0

    # ================================================================== basics

    def board_tile(self, cell: Cell) -> dict | None:
        return self.view["board"][cell[0]][cell[1]] if self.view else None

    def rack_faces(self) -> dict[str, dict]:
        faces = {t["id"]: t for t in (self.view or {}).get("rack", [])}
        for cell in self.swaps:
            blank = self.board_tile(cell)
            if blank:
                faces[blank["id"]] = {"id": blank["id"], "letter": BLANK, "points": 0}
        return faces

    def visible_rack(self) -> list[str]:
        """Rack tile ids in the player's order, without those laid on the board."""
        used = {tid for tid, _ in self.placed.values()} | set(self.swaps.values())
        return [t for t in self.rack_order if t not in used]

    @property
    def phase(self) -> str:
        return (self.view or {}).get("phase", "play")

    def called_for(self, seat: int) -> str:
        # the window after a move waits for the others, never for a turn: the mover's is over
        return {"challenge": "Проверка слова", "vote": "Голосование", "paused": "Пауза"}.get(self.phase, "")

    def finished(self) -> bool:
        """The game is over and shown so: no moves are left, only the buttons under the rack do anything."""
        return self.over and self.phase == "over"

    def watching(self) -> bool:
        """This window only watches the game in progress: no rack, no moves (after the game its buttons stand)."""
        return self.me < 0 and not self.finished()

    def my_turn(self) -> bool:
        return bool(self.view) and self.view.get("turn") == self.me and self.phase in ("play", "reverse") and bool(self.legal)

    def on_seat_change(self, previous_seat: int) -> None:
        self.rack_order, self.placed, self.place_order = [], {}, []
        self.dialog, self.drag, self.remove_pick = None, None, []
        self.rack_pos.clear()
        self.sync_rack()
        if self.can("vote"):  # the vote opened while another couch seat was on screen: its dialog is this seat's too
            self.open_dialog("vote")

    # ================================================================== the pause menu stops the clock
    def seat_to_pause(self) -> int | None:
        """The seat here the rules let stop the clock («Часы»): the one on screen first."""
        return next((s for s in [self.seat, *sorted(self.local)] if any(a.get("kind") == "pause"
                                                                        for a in self.legal_for(s))), None)

    def pause_stops_the_table(self) -> bool:
        return self.seat_to_pause() is not None

    def pause(self) -> None:
        """The pause menu opened over the table: where a seat here may stop the clock, it stops, and the table with
        it, for every player."""
        seat = self.seat_to_pause()
        if seat is None:
            return
        with self.acting_as(seat):
            self.send({"kind": "pause"})
        self.paused_as = seat
        # the table under the menu hears nothing until it is back: its clock stops on screen now, as on the host
        self.clock_frozen = (self.view["clock"]["at"], self.host_now_ms()) if self.view.get("clock") else None

    def resume(self) -> None:
        """Back from the pause menu (or leaving by it): the seat that stopped the clock starts it again."""
        seat, self.paused_as = self.paused_as, None
        if seat is not None and seat in self.local:
            with self.acting_as(seat):
                self.send({"kind": "resume"})

    # ================================================================== events
    def event_sound(self, event: dict) -> str | None:
        kind = event.get("kind")
        if kind == "phase_changed":
            return "turn_start" if event.get("turn") == self.me and event.get("phase") in ("play", "reverse") else None
        if kind == "game_ended":
            return "win" if self.me in event.get("winners", ()) else "lose"
        if kind == "drew" and event.get("seat") == self.me:
            return None  # «dealt» already sounded for our own tiles
        return super().event_sound(event)

    def on_event(self, event: dict, previous_view: dict | None) -> None:
        self.slots_before = {tid: self.rack_xy(tid) for tid in self.rack_order}  # where tiles leave the rack from
        self.sync_rack()
        super().on_event(event, previous_view)

    def ev_order_drawn(self, e: dict, before: dict) -> None:
        draws = ", ".join(f"{self.name(s)}: {'пустышка' if ch == BLANK else ch}" for s, ch in e["draws"])
        self.banner(f"Первым ходит {self.name(e['first']).lower() if e['first'] == self.me else self.name(e['first'])}",
                    f"Тянули фишки — {draws}", GOLD, 3200)

    def ev_dealt(self, e: dict, before: dict) -> None:
        bag = self.bag_point()
        for i, (tid, letter, points) in enumerate(e["tiles"]):
            if tid not in self.rack_order:
                continue
            self.hide_rack(tid)
            picture = tile_picture("" if letter == BLANK else letter.upper(), None if letter == BLANK else points, RACK_TILE)
            target = self.rack_target(tid)
            self.rack_pos[tid] = [*target, *target]
            self.fly(picture, bag, target, delay=120 + 70 * i, ms=420, on_land=lambda t=tid: self.unhide_rack(t))

    def ev_drew(self, e: dict, before: dict) -> None:
        if e["seat"] == self.me:
            return
        for i in range(min(e["count"], 7)):
            self.fly(tile_back(26), self.bag_point(), self.plate_point(e["seat"]), delay=80 * i, ms=380, arc=20)

    def ev_placed(self, e: dict, before: dict) -> None:
        seat = e["seat"]
        cells = [(r, c) for r, c, *_ in e["tiles"]]
        mine = seat == self.me
        if mine:
            self.awaiting = None
            self.refused = ""
            for r, c, tid, *_ in e["tiles"]:
                start = self.cell_xy((r, c))
                self.placed.pop((r, c), None)
                if (r, c) in self.place_order:
                    self.place_order.remove((r, c))
                # our own tiles are already there: they only settle with a little hop
                self.fly(self.board_picture(self.board_tile((r, c))), (start[0], start[1] - 10), start, ms=220, arc=8,
                         cell=(r, c))
            self.sync_rack()
        else:
            for i, (r, c, tid, letter, points, blank) in enumerate(e["tiles"]):
                tile = {"letter": letter.upper(), "points": points, "blank": blank}
                self.fly(self.board_picture(tile), self.plate_point(seat), self.cell_xy((r, c)), delay=110 * i,
                         ms=460, cell=(r, c), sound="tile_place")
        delay = 0 if mine else 110 * len(cells) + 420
        x, y = self.word_point(cells)
        words = " + ".join(e["words"])
        self.later(delay, lambda: self.popup(f"+{e['score']}", x, y - 10, GOLD, 40))
        self.later(delay, lambda: self.popup(words, x, y + 30, INK, 22))
        if e.get("bingo"):
            self.later(delay, lambda: self.banner("Все семь фишек!", f"+{count_of(self.view.get('bingo_bonus', 50), 'очко')}", GOLD))
        if e.get("pending"):
            who = "Ваше слово" if mine else f"{self.name(seat)}: слово"
            self.banner(f"{who} ждёт проверки", " + ".join(e["words"]), PENDING, 2400)

    def ev_move_stands(self, e: dict, before: dict) -> None:
        x, y = self.plate_score_point(e["seat"])
        self.later(300, lambda: self.popup(f"+{e['score']}", x - 40, y, GOLD, 30))

    def ev_move_withdrawn(self, e: dict, before: dict) -> None:
        seat = e["seat"]
        board = before.get("board") or []
        for i, (r, c) in enumerate(e["cells"]):
            tile = board[r][c] if board and board[r][c] else None
            if tile is None:
                continue
            end = self.plate_point(seat) if seat != self.me else rack_slot(min(6, i))
            self.fly(self.board_picture(tile), self.cell_xy((r, c)), end, delay=70 * i, ms=420)
        self.banner("Ход снят", e.get("reason", ""), DANGER, 3200)

    def ev_exchanged(self, e: dict, before: dict) -> None:
        seat = e["seat"]
        if seat == self.me:
            old = self.slots_before
            gone = [tid for tid in old if tid not in self.rack_order]
            for i, tid in enumerate(gone):
                self.fly(tile_back(RACK_TILE), old[tid], self.bag_point(), delay=50 * i, ms=380)
        else:
            for i in range(min(e["count"], 7)):
                self.fly(tile_back(26), self.plate_point(seat), self.bag_point(), delay=60 * i, ms=380, arc=20)
        self.popup(f"Обмен: {e['count']}", *self.plate_point(seat), INK, 24)

    def ev_passed(self, e: dict, before: dict) -> None:
        self.popup("Пас", *self.plate_point(e["seat"]), INK, 28)

    def ev_challenged(self, e: dict, before: dict) -> None:
        verdicts = ", ".join(f"{w} — {'есть' if ok else 'нет'}" for w, ok, _ in e["verdicts"])
        title = f"{self.name(e['seat'])} оспаривает ход: " + ("слово верно" if e["valid"] else "слово неверно")
        self.banner(title, verdicts, GOOD if e["valid"] else DANGER, 3400)
        self.popup("Оспорено!", *self.plate_point(e["seat"]), DANGER, 26)

    def ev_accepted(self, e: dict, before: dict) -> None:
        self.popup("Принято", *self.plate_point(e["seat"]), GOOD, 24)

    def ev_vote_opened(self, e: dict, before: dict) -> None:
        self.banner("Голосование", f"{self.name(e['mover'])}: " + " + ".join(e["words"]), PENDING, 2600)
        if self.can("vote"):
            self.open_dialog("vote")

    def ev_voted(self, e: dict, before: dict) -> None:
        self.popup("за" if e["allow"] else "против", *self.plate_point(e["seat"]), GOOD if e["allow"] else DANGER, 26)

    def ev_vote_closed(self, e: dict, before: dict) -> None:
        if self.dialog == "vote":
            self.dialog = None
        verdict = "Слово принято" if e["allowed"] else "Слово не принято"
        self.banner(verdict, f"за: {e['yes']}, против: {e['no']}", GOOD if e["allowed"] else DANGER, 2800)

    def ev_blank_swapped(self, e: dict, before: dict) -> None:
        cell = (e["row"], e["col"])
        seat = e["seat"]
        tile = self.board_tile(cell)
        if tile:
            self.fly(self.board_picture(tile), self.plate_point(seat), self.cell_xy(cell), ms=420, cell=cell)
        self.fly(tile_picture("", None, BOARD_TILE), self.cell_xy(cell), self.plate_point(seat), ms=420, delay=200)
        self.popup("Пустышка взята", *self.cell_xy(cell), INK, 22)

    def ev_hint_given(self, e: dict, before: dict) -> None:
        move = e.get("move") or {}
        if not move:
            self.banner("Подсказка", "Хода нет: попробуйте обмен или пас", INK_DIM, 2600)
            return
        self.recall()
        faces = self.rack_faces()
        free = list(self.visible_rack())
        for i, (r, c, letter, blank) in enumerate(move["tiles"]):
            want = BLANK if blank else letter.upper()
            tid = next((t for t in free if faces.get(t, {}).get("letter") == want), None)
            if tid is None:
                continue
            free.remove(tid)
            start = self.rack_xy(tid)
            self.lay(tid, (r, c), letter.upper(), quiet=True)
            self.fly(self.board_picture({"letter": letter.upper(), "points": faces[tid]["points"], "blank": blank}),
                     start, self.cell_xy((r, c)), delay=80 * i, ms=380, cell=(r, c), tentative=True)
        self.cursor = (move["row"], move["col"])
        self.across = move.get("dir", "across") == "across"
        worth = f" (с оставленными фишками {move['equity']:g})" if "equity" in move else ""
        self.banner("Подсказка", f"«{move['word']}» — {count_of(move['score'], 'очко')}{worth}. "
                    + self.say_for_pads("{shout} — сыграть", "Enter — сыграть"), GOLD, 3000)

    def ev_opening_relaxed(self, e: dict, before: dict) -> None:
        self.banner("Первое слово короче", f"теперь достаточно {count_of(e['min_letters'], 'буквы')}", ACCENT, 3000)

    def ev_removed(self, e: dict, before: dict) -> None:
        board = before.get("board") or []
        self.remove_pick = []
        for i, (r, c) in enumerate(e["cells"]):
            tile = board[r][c] if board and board[r][c] else None
            if tile:
                self.fly(self.board_picture(tile), self.cell_xy((r, c)), self.plate_point(e["seat"]), delay=70 * i)
        self.popup(f"+{e['score']}", *self.plate_score_point(e["seat"]), GOLD, 30)

    def ev_phase_changed(self, e: dict, before: dict) -> None:
        self.glow = 0.0
        if e["phase"] == "challenge":
            pending = (self.view or {}).get("pending") or {}
            if pending.get("seat") != self.me and self.can("challenge"):
                self.banner("Можно оспорить", self.say_for_pads("Кнопки «Оспорить» и «Принять» — вправо за край поля",
                                                               "F6 или кнопка «Оспорить»; F7 — согласиться"), PENDING, 2400)
        elif e["phase"] == "reverse" and e["turn"] == self.me:
            self.banner("Скрэббл наоборот", "Выберите фишки одного слова и нажмите «Снять»", ACCENT, 3000)
        elif e["phase"] == "play" and e["turn"] == self.me and not self.over:
            self.popup("Ваш ход", GRID.centerx, GRID.centery - 60, ACCENT, 34)

    def ev_clock_paused(self, e: dict, before: dict) -> None:
        name = self.name(e["seat"])
        self.banner("Пауза", f"{acts(name, 'остановил', e['seat'] == self.me)} часы", ACCENT, 2400)

    def ev_clock_resumed(self, e: dict, before: dict) -> None:
        self.banner("Игра продолжается", "Часы снова идут", ACCENT, 1600)

    def ev_move_timed_out(self, e: dict, before: dict) -> None:
        mine = e["seat"] == self.me
        if mine:
            self.recall()  # the tiles laid but not sent go back: the move is over
        self.banner("Время вышло", "Ваш ход пропущен" if mine else f"{self.name(e['seat'])}: ход пропущен", DANGER,
                    2600)

    def ev_time_penalty(self, e: dict, before: dict) -> None:
        self.popup(f"-{e['points']}", *self.plate_score_point(e["seat"]), DANGER, 26)

    def ev_game_ended(self, e: dict, before: dict) -> None:
        winners = e["winners"]
        if self.me in winners:
            self.banner("Победа!" if len(winners) == 1 else "Ничья!", "Партия окончена", GOLD, 3000)
        else:
            self.banner("Партия окончена", "Победа: " + ", ".join(self.name(s) for s in winners), ACCENT, 3000)
        for seat, adj in enumerate(e["adjustments"]):
            if adj:
                self.popup(f"{adj:+d}", *self.plate_score_point(seat), GOOD if adj > 0 else DANGER, 26)
        self.results_after = 1800.0

    def on_over(self) -> None:
        self.dialog = None
        self.drag = None
        self.recall()
        if self.results_after <= 0:
            self.results_after = 1200.0
        if not self.replaying:  # a replay saves what it is asked to (``export``)
            self.save_gcg()

    def save_gcg(self) -> None:
        """A finished Эрудит or Скрэббл game is kept as GCG, the notation board players share."""
        text = ((self.view or {}).get("result") or {}).get("gcg")
        if not text:
            return
        import time

        from game.settings import games_dir

        folder = games_dir()
        path = folder / f"{self.game_id}-{time.strftime('%Y-%m-%d-%H%M%S')}.gcg"
        try:
            folder.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
        except OSError as exc:
            self.app.toast(f"Не удалось сохранить запись партии: {exc.strerror or exc}.")
            return
        self.saved_gcg = path
        self.app.toast(f"Запись партии сохранена: {shortened_path(path)}", 6000)

    def on_error(self, reason: str, code: str = "illegal") -> None:
        super().on_error(reason, code)
        if self.awaiting == "place":
            self.refused, self.refused_code = reason, code  # the tiles stay where they were
        self.awaiting = None

    # ================================================================== animation helpers
    def later(self, ms: float, action: Callable[[], None]) -> None:
        if ms <= 0:
            action()
        else:
            self.timers.append([ms, action])

    def fly(self, picture, start, end, delay: float = 0.0, ms: float = 420.0, arc: float = 36.0,
            on_land: Callable[[], None] | None = None, cell: Cell | None = None, sound: str | None = None,
            tentative: bool = False) -> None:
        if cell is not None:
            self.hidden_cells[cell] = self.hidden_cells.get(cell, 0) + 1

        def land() -> None:
            if cell is not None:
                left = self.hidden_cells.get(cell, 1) - 1
                if left <= 0:
                    self.hidden_cells.pop(cell, None)
                else:
                    self.hidden_cells[cell] = left
            if sound:
                self.app.play_sound(sound)
            if on_land:
                on_land()

        tween = Tween((0.0,), (1.0,), ms, ease_out_cubic if arc < 30 else ease_in_out_cubic, delay_ms=delay)
        self.flights.add(PictureFlight(picture, tuple(start), tuple(end), tween, arc, land, shadow=True))

    def hide_rack(self, tid: str) -> None:
        self.hidden_rack[tid] = self.hidden_rack.get(tid, 0) + 1

    def unhide_rack(self, tid: str) -> None:
        left = self.hidden_rack.get(tid, 1) - 1
        if left <= 0:
            self.hidden_rack.pop(tid, None)
        else:
            self.hidden_rack[tid] = left

    def board_picture(self, tile: dict | None) -> pygame.Surface:
        if not tile:
            return tile_picture("", None, BOARD_TILE)
        if tile.get("blank"):
            return tile_picture(tile["letter"], None, BOARD_TILE, True)
        return tile_picture(tile["letter"], tile.get("points", 0), BOARD_TILE)

    def rack_picture(self, tid: str) -> pygame.Surface:
        face = self.rack_faces().get(tid)
        if face is None or face["letter"] == BLANK:
            return tile_picture("", None, RACK_TILE)
        return tile_picture(face["letter"], face["points"], RACK_TILE)

    # ================================================================== positions
    @staticmethod
    def cell_xy(cell: Cell) -> tuple[int, int]:
        return cell_center(*cell)

    def plate_point(self, seat: int) -> tuple[int, int]:
        r = plate_rect(seat)
        return r.left + 30, r.centery

    def plate_score_point(self, seat: int) -> tuple[int, int]:
        r = plate_rect(seat)
        return r.right - 50, r.centery

    def bag_point(self) -> tuple[int, int]:
        r = info_rect(self.players)
        return r.left + 30, r.centery

    def word_point(self, cells: list[Cell]) -> tuple[float, float]:
        if not cells:
            return GRID.center
        xs = [cell_center(*c)[0] for c in cells]
        ys = [cell_center(*c)[1] for c in cells]
        return sum(xs) / len(xs), min(ys) - 16

    def rack_target(self, tid: str) -> tuple[int, int]:
        rack = self.visible_rack()
        return rack_slot(rack.index(tid)) if tid in rack else rack_slot(len(rack))

    def rack_xy(self, tid: str) -> tuple[float, float]:
        pos = self.rack_pos.get(tid)
        return (pos[0], pos[1]) if pos else self.rack_target(tid)

    # ================================================================== the rack and tentative tiles
    def sync_rack(self) -> None:
        if not self.view:
            return
        ids = [t["id"] for t in self.view.get("rack", [])]
        for cell, tid in list(self.swaps.items()):
            blank = self.board_tile(cell)
            if tid not in ids or not blank or not blank.get("blank") or not self.my_turn():
                del self.swaps[cell]
        ids += [self.board_tile(cell)["id"] for cell in self.swaps]
        keep = [t for t in self.rack_order if t in ids]
        self.rack_order = keep + [t for t in ids if t not in keep]
        for cell, (tid, _) in list(self.placed.items()):
            if tid not in ids or self.board_tile(cell):
                self.placed.pop(cell)
                if cell in self.place_order:
                    self.place_order.remove(cell)
        for tid in list(self.rack_pos):
            if tid not in ids:
                del self.rack_pos[tid]
        if self.remove_pick and self.phase != "reverse":
            self.remove_pick = []
        self.rack_sel = max(0, min(self.rack_sel, len(self.visible_rack()) - 1))

    def can_swap(self, tid: str, cell: Cell) -> bool:
        """Blank reuse: ``tid`` may be given for the blank standing on ``cell`` for the same letter (the rules
        list the blanks the seat may take now)."""
        blank = self.board_tile(cell)
        return bool(blank and list(cell) in (self.view or {}).get("blank_swaps", []) and cell not in self.swaps
                    and tid in self.visible_rack() and self.letter_of(tid) == blank["letter"])

    def mark_swap(self, tid: str, cell: Cell) -> None:
        """Give ``tid`` for the board blank on ``cell``: the blank comes to the rack for this turn."""
        self.swaps[cell] = tid
        self.sync_rack()
        blank = self.board_tile(cell)["id"]
        start = cell_center(*cell)
        self.rack_pos[blank] = [start[0], start[1], start[0], start[1]]
        self.app.toast("Пустышка у вас на подставке — её нужно сыграть в этот ход.", 2200)
        self.app.play_sound("tile_place")

    def letter_of(self, tid: str) -> str:
        return self.rack_faces().get(tid, {}).get("letter", "")

    def lay(self, tid: str, cell: Cell, letter: str | None = None, quiet: bool = False) -> bool:
        """Put a rack tile on an empty square tentatively; a blank without a letter opens the chooser."""
        if self.over or self.board_tile(cell) or cell in self.placed:
            return False
        face = self.letter_of(tid)
        if not face:
            return False
        if face == BLANK and not letter:
            self.blank_for = (cell, tid)
            self.blank_index = 0
            self.open_dialog("blank")
            return True
        self.placed[cell] = (tid, (letter or face).upper())
        self.place_order.append(cell)
        self.refused = ""
        if not quiet:
            self.app.play_sound("tile_place")
        return True

    def take_back(self, cell: Cell, to_index: int | None = None, quiet: bool = False) -> str | None:
        if cell not in self.placed:
            return None
        tid, _ = self.placed.pop(cell)
        if cell in self.place_order:
            self.place_order.remove(cell)
        start = cell_center(*cell)
        self.rack_pos[tid] = [start[0], start[1], start[0], start[1]]
        if to_index is not None:
            self.move_in_rack(tid, to_index)
        self.refused = ""
        if not quiet:
            self.app.play_sound("tile_return")
        return tid

    def move_in_rack(self, tid: str, index: int) -> None:
        """Put ``tid`` at visible slot ``index`` (the rack order also holds laid tiles)."""
        visible = [t for t in self.visible_rack() if t != tid]
        index = max(0, min(index, len(visible)))
        visible.insert(index, tid)
        laid = [t for t in self.rack_order if t not in visible]
        self.rack_order = visible + laid

    def recall(self) -> None:
        had = bool(self.placed)
        for cell in list(self.place_order):
            self.take_back(cell, quiet=True)
        self.placed.clear()
        self.place_order.clear()
        if self.swaps:
            self.swaps.clear()
            self.sync_rack()
            had = True
        if had:
            self.app.play_sound("tile_return")

    def shuffle_rack(self) -> None:
        order = self.visible_rack()
        if len(order) < 2:
            return
        # a shuffle that only the eye needs: deterministic per press so tests can repeat it
        seed = int(self.age) * 7919 + len(order)
        for i in range(len(order) - 1, 0, -1):
            seed = (seed * 1103515245 + 12345) & 0x7FFFFFFF
            j = seed % (i + 1)
            order[i], order[j] = order[j], order[i]
        if order == self.visible_rack():
            order = order[1:] + order[:1]
        laid = [t for t in self.rack_order if t not in order]
        self.rack_order = order + laid
        for tid in order:
            pos = self.rack_pos.get(tid)
            if pos:
                pos[1] -= 24  # they jump up and settle back into their new places
        self.app.play_sound("shuffle")

    def advance_cursor(self) -> None:
        r, c = self.cursor
        dr, dc = (0, 1) if self.across else (1, 0)
        while True:
            r, c = r + dr, c + dc
            if not (0 <= r < SIZE and 0 <= c < SIZE):
                return
            if not self.board_tile((r, c)) and (r, c) not in self.placed:
                self.cursor = (r, c)
                return

    def type_letter(self, ch: str) -> None:
        ch = ch.upper()
        if ch == "Ё" and not any(self.letter_of(t) == "Ё" for t in self.visible_rack()):
            ch = "Е" if not self.has_blank() else ch
        if ch not in ALPHABET and ch not in (BLANK, "*"):
            return
        if self.over or self.dialog:
            return
        if self.phase == "reverse":
            return
        cell = self.cursor
        if self.board_tile(cell) or cell in self.placed:
            self.advance_cursor()
            cell = self.cursor
            if self.board_tile(cell) or cell in self.placed:
                self.app.play_sound("invalid")
                return
        rack = self.visible_rack()
        tid = next((t for t in rack if self.letter_of(t) == ch), None)
        letter = ch
        if tid is None and ch in (BLANK, "*"):
            tid, letter = next((t for t in rack if self.letter_of(t) == BLANK), None), None
        if tid is None:
            tid = next((t for t in rack if self.letter_of(t) == BLANK), None)
        if tid is None:
            self.app.toast(f"На подставке нет буквы «{ch}».", 1800)
            self.app.play_sound("invalid")
            return
        start = self.rack_xy(tid)
        if self.lay(tid, cell, letter):
            if cell in self.placed:
                self.fly(self.tentative_picture(cell), start, cell_center(*cell), ms=220, arc=24, cell=cell)
                self.advance_cursor()

    def has_blank(self) -> bool:
        return any(self.letter_of(t) == BLANK for t in self.visible_rack())

    def backspace(self) -> None:
        if self.place_order:
            cell = self.place_order[-1]
            self.take_back(cell)
            self.cursor = cell
        else:
            r, c = self.cursor
            dr, dc = (0, 1) if self.across else (1, 0)
            if 0 <= r - dr < SIZE and 0 <= c - dc < SIZE:
                self.cursor = (r - dr, c - dc)

    def tentative_picture(self, cell: Cell) -> pygame.Surface:
        tid, letter = self.placed[cell]
        face = self.rack_faces().get(tid, {})
        if face.get("letter") == BLANK:
            return tile_picture(letter, None, BOARD_TILE, True)
        return tile_picture(letter, face.get("points", 0), BOARD_TILE)

    # ================================================================== actions
    def preview(self):
        if not self.view:
            return None
        # the view itself, not its id(): a freed view's id comes back on a later one
        laid = (tuple(sorted(self.placed.items())), tuple(sorted(self.swaps.items())))
        key = self._preview_key
        if key is None or key[0] is not self.view or key[1] != laid:
            faces = self.rack_faces()
            placed = {cell: (letter, faces.get(tid, {}).get("letter") == BLANK) for cell, (tid, letter) in self.placed.items()}
            given_for_blanks = {cell: faces.get(tid, {}).get("letter", "") for cell, tid in self.swaps.items()}
            self._preview = load_rules(self.game_id).preview(self.view, placed, given_for_blanks)
            self._preview_key = (self.view, laid)
        return self._preview

    def submit(self) -> None:
        if self.over:
            return
        if self.phase == "reverse":
            self.send_removal()
            return
        if not self.placed:
            self.app.toast("Сначала выложите фишки на поле.", 1800)
            self.app.play_sound("invalid")
            return
        if not self.my_turn():
            self.app.toast(f"Сейчас ходит {self.seat_name(self.view.get('turn', 0))}: дождитесь своей очереди.", 2000)
            self.app.play_sound("invalid")
            return
        self.send_place(dispute=False)

    def send_place(self, dispute: bool) -> None:
        tiles = [[r, c, tid, letter.lower()] for (r, c), (tid, letter) in sorted(self.placed.items())]
        swaps = [[r, c, tid] for (r, c), tid in sorted(self.swaps.items())]
        action = {"kind": "place", "tiles": tiles, "swaps": swaps, "dispute": dispute, "vowels": self.vowels()}
        self.awaiting = "place"
        self.send(action)

    def double_bag(self) -> bool:
        """The rules keep a vowel bag (its count in the view): a move says where its new tiles come from."""
        return (self.view or {}).get("bag_vowels") is not None

    def hints_on(self) -> bool:
        """The rules count hints in this game (asked for on one's turn: the legal ``hint``)."""
        return (self.view or {}).get("hints_used") is not None

    def vowels(self) -> int:
        return self.draw_from if self.double_bag() else -1

    def draw_label(self) -> str:
        return next(label for value, label in DRAW_CHOICES if value == self.draw_from)

    def can_dispute(self) -> bool:
        """The rules refused these tiles' word with the code saying the same move may go to the table's vote."""
        return bool(self.refused and self.refused_code == WORD_DISPUTABLE and self.placed and self.my_turn())

    def send_removal(self) -> None:
        if not self.remove_pick:
            self.app.toast("Выберите фишки одного слова, которые хотите снять.", 2000)
            self.app.play_sound("invalid")
            return
        self.send({"kind": "remove", "cells": [list(c) for c in self.remove_pick]})

    def press(self, what: str) -> None:
        """A button or its shortcut."""
        if what == "play":
            self.submit()
        elif what == "recall":
            self.recall()
        elif what == "shuffle":
            self.shuffle_rack()
        elif what == "exchange":
            if self.can("exchange"):
                self.exchange_pick = set()
                self.exchange_index = 0
                self.open_dialog("exchange")
            else:
                self.refuse_button("exchange")
        elif what == "pass":
            if self.can("pass"):
                self.recall() if self.phase != "reverse" else None
                self.send({"kind": "pass"})
            else:
                self.refuse_button("pass")
        elif what == "hint":
            if self.can("hint"):
                self.send({"kind": "hint"})
            else:
                self.refuse_button("hint")
        elif what in ("challenge", "accept"):
            if self.can(what):
                self.send({"kind": what})
            else:
                self.refuse_button(what)
        elif what == "dispute":
            if self.can_dispute():
                self.send_place(dispute=True)
        elif what == "remove":
            self.send_removal()
        elif what == "vote":
            if self.can("vote"):
                self.open_dialog("vote")
        elif what == "results":
            self.results_hidden = not self.results_hidden
        elif what == "draw_from":
            values = [value for value, _ in DRAW_CHOICES]
            self.draw_from = values[(values.index(self.draw_from) + 1) % len(values)]
            self.app.play_sound("menu_move")
        elif what == "review":
            self.results_hidden = False
            self.review_page = 0 if self.review_page is None else None
        elif what == "review_next":
            self.review_page = ((self.review_page or 0) + 1) % self.review_pages()
        elif what == "replay":
            self.open_replay()
        elif what == "leave":
            self.app.pop()

    def refuse_button(self, what: str) -> None:
        reasons = {
            "hint": "Подсказка — только в свой ход." if self.hints_on() else "Подсказки выключены в этой партии.",
            "exchange": "Сейчас меняться нельзя." if self.my_turn() else "Меняться можно только в свой ход.",
            "pass": "Пасовать можно только в свой ход.",
            "challenge": "Сейчас нечего оспаривать.",
            "accept": "Сейчас нечего принимать.",
        }
        self.app.toast(reasons.get(what, "Сейчас так нельзя."), 2000)
        self.app.play_sound("invalid")

    def open_dialog(self, name: str) -> None:
        self.dialog = name
        self.drag = None
        self.exchange_index = 0
        self.app.play_sound("menu_confirm")

    # ================================================================== buttons
    def button_specs(self) -> list[tuple[str, str, bool]]:
        """(key, label, enabled) of the buttons under the rack, by phase."""
        if self.watching():
            return []  # nothing here is a watcher's to press
        if self.finished():
            specs = [("results", "Итоги" if self.results_hidden else "Поле", True)]
            if self.best_alternatives():
                specs.append(("review", "Очки" if self.review_page is not None else "Лучшие ходы", True))
                if self.review_page is not None and self.review_pages() > 1:
                    specs.append(("review_next", "Дальше", True))
            if self.finished_journal() is not None:
                specs.append(("replay", "Повтор партии", True))
            return specs + [("leave", "В меню", True)]
        phase = self.phase
        if phase == "challenge" and (self.can("challenge") or self.can("accept")):
            return [("challenge", "Оспорить", True), ("accept", "Принять", True), ("shuffle", "Перемешать", True)]
        if phase == "vote" and self.can("vote"):
            return [("vote", "Голосовать", True), ("shuffle", "Перемешать", True)]
        if phase == "reverse":
            mine = self.my_turn()
            return [("remove", "Снять", mine and bool(self.remove_pick)), ("pass", "Пас", mine)]
        mine = self.my_turn()
        specs = [("play", "Сыграть", mine and bool(self.placed)), ("recall", "Вернуть", bool(self.placed)),
                 ("shuffle", "Перемешать", len(self.visible_rack()) > 1), ("exchange", "Обмен", self.can("exchange")),
                 ("pass", "Пас", self.can("pass"))]
        if self.double_bag():
            specs.append(("draw_from", self.draw_label(), True))
        if self.can_dispute():
            specs.insert(1, ("dispute", "На голосование", True))
        elif self.hints_on():
            specs.append(("hint", "Подсказка", self.can("hint")))
        return specs

    def rebuild_buttons(self) -> None:
        specs = self.button_specs()
        key = tuple(specs)
        if key == self._buttons_key:
            return
        focused = self.group.focused.note if self.group.focused else None
        self._buttons_key = key
        self.group = FocusGroup()
        widths = [max(84, assets.text(label, 17, INK, "bold").get_width() + 26) for _, label, _ in specs]
        gap = 8
        total = sum(widths) + gap * (len(widths) - 1)
        scale = min(1.0, (SIDE_W - gap * (len(widths) - 1)) / max(1, sum(widths)))
        if scale < 1.0:
            widths = [int(w * scale) for w in widths]
            total = sum(widths) + gap * (len(widths) - 1)
        x = SIDE_X + (SIDE_W - total) // 2
        size = 17  # many buttons in a row: all labels smaller, as the widest needs, not each its own
        while size > 11 and any(assets.text(label, size, INK, "bold").get_width() > w - 10
                                for (_, label, _), w in zip(specs, widths)):
            size -= 1
        for (what, label, enabled), w in zip(specs, widths):
            button = BoardButton(pygame.Rect(x, BUTTONS_Y, w, BUTTON_H), label, enabled, note=what,
                                 on_confirm=lambda what=what: self.press(what))
            button.label_size = size
            self.group.add(button)
            x += w + gap
        for i, w in enumerate(self.group.widgets):
            if w.note == focused:
                self.group.focus = i
                break
        else:
            self.group.first_enabled()

    def draw_buttons(self, surface: pygame.Surface) -> None:
        if self.replaying:
            return  # the replay's controls stand there
        for i, w in enumerate(self.group.widgets):
            if self.zone != "buttons" and not self.finished():  # after the game the focused button is Enter's
                w.hover = min(w.hover, 0.0)
            w.draw(surface, self.zone == "buttons" and i == self.group.focus)

    # ================================================================== input
    def uses_back(self, intent: Intent) -> bool:
        if self.dialog is not None or self.drag is not None:
            return True
        if self.showing_results() or intent.device == MOUSE:
            return False
        if intent.device == KEYBOARD:
            return super().uses_back(intent)  # Backspace takes the last tile back
        return bool(self.place_order) or self.zone == "buttons"  # B on a pad: the last tile, then the board

    def on_back(self, intent: Intent) -> None:
        """«back» that ``uses_back`` kept from the pause menu (routed like any intent, so at a
        couch only the device of the player on screen reaches here)."""
        if self.dialog is not None:
            self.close_dialog()
        elif self.drag is not None:
            self.cancel_drag()
        elif intent.device == KEYBOARD or self.place_order:
            self.backspace()
        else:
            self.zone = "board"

    def handle_table(self, intent: Intent) -> None:
        if self.view is None:
            return
        name = intent.name
        if name == "back":
            self.on_back(intent)
            return
        if name in ("point", "press", "click") and intent.pos is not None:
            self.pointer = intent.pos
        if self.dialog is not None:
            self.handle_dialog(intent)
            return
        if self.showing_results() or self.finished():
            self.handle_results(intent)  # over the board looked at after the game too: only its buttons do anything
            return
        self.rebuild_buttons()
        if name == "text":
            for ch in intent.text:
                self.type_letter(ch)
            return
        if intent.device == KEYBOARD:
            self.handle_keys(intent)
            return
        if name in ("point", "press", "click") and intent.pos is not None:
            self.handle_mouse(name, intent.pos)
            return
        if intent.device == MOUSE:
            return  # the wheel: nothing to scroll here
        self.handle_pad(name)

    def handle_keys(self, intent: Intent) -> None:
        name, key = intent.name, intent.extra.get("key")
        # letters typed in a Russian layout also arrive as WASD and other shortcuts: only raw
        # navigation keys count here, the letters come as «text»
        if key in KEY_ARROWS:
            if name in ("up", "down", "left", "right"):
                self.navigate(*KEY_ARROWS[key])
            return
        if key in SHORTCUTS and name == "key":
            self.press(SHORTCUTS[key])
            return
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            if name == "confirm":
                if self.zone == "buttons" and self.group.focused is not None:
                    self.group.focused.activate()
                else:
                    self.submit()
            return
        if key == pygame.K_SPACE and name == "confirm":
            if self.zone == "buttons" and self.group.focused is not None:
                self.group.focused.activate()
            elif self.phase == "reverse":
                self.toggle_removal(self.cursor)
            else:
                self.across = not self.across
                self.app.play_sound("menu_move")

    def handle_pad(self, name: str) -> None:
        if name in INTENT_ARROWS:
            self.navigate(*INTENT_ARROWS[name])
        elif name == "confirm":
            if self.zone == "buttons":
                if self.group.focused is not None:
                    self.group.focused.activate()
            else:
                self.pad_lay()
        elif name in ("slap", "catch"):  # shoulder buttons choose the rack tile
            rack = self.visible_rack()
            if rack:
                self.rack_sel = (self.rack_sel + (1 if name == "slap" else -1)) % len(rack)
                self.app.play_sound("menu_move")
        elif name in ("shout", "play"):
            self.submit()
        elif name == "draw":
            self.across = not self.across
            self.app.play_sound("menu_move")

    def pad_lay(self) -> None:
        cell = self.cursor
        if self.phase == "reverse":
            self.toggle_removal(cell)
            return
        if cell in self.placed:
            self.take_back(cell)
            return
        rack = self.visible_rack()
        if rack and self.can_swap(rack[min(self.rack_sel, len(rack) - 1)], cell):
            self.mark_swap(rack[min(self.rack_sel, len(rack) - 1)], cell)
            return
        if not rack or self.board_tile(cell):
            self.app.play_sound("invalid")
            return
        tid = rack[min(self.rack_sel, len(rack) - 1)]
        start = self.rack_xy(tid)
        if self.lay(tid, cell) and cell in self.placed:
            self.fly(self.tentative_picture(cell), start, cell_center(*cell), ms=260, arc=24, cell=cell)
            self.advance_cursor()

    def navigate(self, dr: int, dc: int) -> None:
        if self.zone == "buttons":
            moved = self.group.move(dc, dr)
            if not moved and (dc < 0 or dr < 0):
                self.zone = "board"
            self.app.play_sound("menu_move")
            return
        r, c = self.cursor
        if dc > 0 and c == SIZE - 1 or dr > 0 and r == SIZE - 1 and c >= SIZE - 4:
            self.zone = "buttons"  # off the right edge: the buttons under the rack
            self.group.first_enabled()
            self.app.play_sound("menu_move")
            return
        self.cursor = (max(0, min(SIZE - 1, r + dr)), max(0, min(SIZE - 1, c + dc)))

    def toggle_removal(self, cell: Cell) -> None:
        if not self.board_tile(cell):
            return
        if cell in self.remove_pick:
            self.remove_pick.remove(cell)
        elif len(self.remove_pick) < 6:
            self.remove_pick.append(cell)
        self.app.play_sound("menu_move")

    # ---- mouse
    def rack_hit(self, pos) -> str | None:
        for i, tid in enumerate(self.visible_rack()):
            x, y = rack_slot(i)
            if abs(pos[0] - x) <= RACK_TILE // 2 and abs(pos[1] - y) <= RACK_TILE // 2:
                return tid
        return None

    def handle_mouse(self, name: str, pos) -> None:
        if self.group.handle(Intent(name, MOUSE, 0, pos=pos)):
            self.zone = "buttons" if name != "point" else self.zone
            if name == "click":
                self.zone = "board"
            return
        cell = cell_at(pos)
        if name == "point":
            if self.drag is not None:
                self.drag.pos = pos
                if abs(pos[0] - self.drag.start[0]) + abs(pos[1] - self.drag.start[1]) > DRAG_SLOP:
                    self.drag.moving = True
            return
        if name == "press":
            tid = self.rack_hit(pos)
            if tid is not None:
                self.drag = Drag(tid, "rack", None, pos, pos)
                return
            if cell is not None and cell in self.placed:
                self.drag = Drag(self.placed[cell][0], "board", cell, pos, pos)
                return
            return
        # click: the button went up
        drag, self.drag = self.drag, None
        if drag is not None:
            moved = drag.moving or abs(pos[0] - drag.start[0]) + abs(pos[1] - drag.start[1]) > DRAG_SLOP
            if moved:
                self.drop(drag, pos)
                return
            if drag.source == "rack":
                visible = self.visible_rack()
                if drag.tid in visible:
                    self.rack_sel = visible.index(drag.tid)
                    self.app.play_sound("menu_move")
                return
            if drag.cell is not None:
                self.take_back(drag.cell)
                return
        if cell is not None:
            self.zone = "board"
            if self.phase == "reverse":
                self.toggle_removal(cell)
                return
            if self.cursor == cell and not self.board_tile(cell) and cell not in self.placed:
                self.pad_lay()  # a second click on the cursor square lays the chosen rack tile
                return
            if self.cursor == cell:
                self.across = not self.across
            self.cursor = cell

    def drop(self, drag: Drag, pos) -> None:
        cell = cell_at(pos)
        if TRAY.inflate(0, 30).collidepoint(pos):
            index = rack_index_at(pos, len(self.visible_rack()))
            if drag.source == "board" and drag.cell is not None:
                tid = self.take_back(drag.cell, quiet=True)
                if tid:
                    self.rack_pos[tid] = [pos[0], pos[1], pos[0], pos[1]]
                    self.move_in_rack(tid, index)
                self.app.play_sound("tile_return")
            else:
                self.move_in_rack(drag.tid, index)
                self.rack_pos[drag.tid] = [pos[0], pos[1], pos[0], pos[1]]
                self.app.play_sound("tile_return")
            return
        if cell is not None and not self.board_tile(cell) and cell not in self.placed:
            letter = None
            if drag.source == "board" and drag.cell is not None:
                letter = self.placed[drag.cell][1] if self.letter_of(drag.tid) == BLANK else None
                self.take_back(drag.cell, quiet=True)
            if self.lay(drag.tid, cell, letter):
                self.cursor = cell
            return
        if cell is not None and drag.source == "rack" and self.can_swap(drag.tid, cell):
            self.mark_swap(drag.tid, cell)
            return
        # dropped somewhere else: it goes back where it came from
        if drag.source == "rack":
            self.rack_pos[drag.tid] = [pos[0], pos[1], pos[0], pos[1]]
        else:
            self.app.play_sound("invalid")

    def cancel_drag(self) -> None:
        self.drag = None

    # ---- dialogs
    def close_dialog(self) -> None:
        if self.dialog == "blank" and self.blank_for is not None:
            self.blank_for = None
        self.dialog = None
        self.app.play_sound("menu_move")

    def blank_grid(self) -> list[pygame.Rect]:
        box = self.dialog_rect()
        cols, size, gap = 11, 46, 6
        left = box.centerx - (cols * size + (cols - 1) * gap) // 2
        top = box.top + 84
        return [pygame.Rect(left + (i % cols) * (size + gap), top + (i // cols) * (size + gap), size, size)
                for i in range(len(ALPHABET))]

    def exchange_slots(self) -> list[pygame.Rect]:
        box = self.dialog_rect()
        rack = self.visible_rack()
        left = box.centerx - (len(rack) * RACK_STEP) // 2
        return [pygame.Rect(left + i * RACK_STEP, box.top + 96, RACK_TILE, RACK_TILE) for i in range(len(rack))]

    def dialog_buttons(self) -> list[tuple[str, str, pygame.Rect]]:
        box = self.dialog_rect()
        if self.dialog == "exchange":
            n = len(self.exchange_pick)
            specs = [("ok", f"Обменять ({n})"), ("cancel", "Отмена")]
        elif self.dialog == "vote":
            specs = [("yes", "Принять слово"), ("no", "Не принимать")]
        else:
            specs = [("cancel", "Отмена")]
        return [(k, label, rect) for (k, label), rect in zip(specs, button_rects(box, len(specs)))]

    def dialog_rect(self) -> pygame.Rect:
        return pygame.Rect(0, 0, 640, 300).move(GRID.centerx - 320, GRID.centery - 150)

    def handle_dialog(self, intent: Intent) -> None:
        name, key = intent.name, intent.extra.get("key")
        pos = intent.pos
        if self.dialog == "blank":
            self.handle_blank(intent)
            return
        buttons = self.dialog_buttons()
        if self.dialog == "exchange":
            rack = self.visible_rack()
            count = len(rack) + len(buttons)
            if name == "text":
                for ch in intent.text.upper():
                    tid = next((t for t in rack if self.letter_of(t) == ch and t not in self.exchange_pick), None)
                    if tid is None and ch in (BLANK, "*"):
                        tid = next((t for t in rack if self.letter_of(t) == BLANK and t not in self.exchange_pick), None)
                    if tid:
                        self.exchange_pick.add(tid)
                        self.app.play_sound("menu_move")
                return
            if name in ("left", "right") and (intent.device != KEYBOARD or key in KEY_ARROWS):
                self.exchange_index = (self.exchange_index + (1 if name == "right" else -1)) % max(1, count)
                return
            if name in ("up", "down") and (intent.device != KEYBOARD or key in KEY_ARROWS):
                self.exchange_index = len(rack) if name == "down" else 0
                return
            if name == "click" and pos is not None:
                for i, rect in enumerate(self.exchange_slots()):
                    if rect.collidepoint(pos):
                        self.exchange_index = i
                        self.toggle_exchange(rack[i])
                        return
                for i, (k, _, rect) in enumerate(buttons):
                    if rect.collidepoint(pos):
                        self.dialog_button(k)
                        return
                return
            if name == "confirm" and (intent.device != KEYBOARD or key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)):
                if key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.exchange_index < len(rack):
                    self.dialog_button("ok")
                elif self.exchange_index < len(rack):
                    self.toggle_exchange(rack[self.exchange_index])
                else:
                    self.dialog_button(buttons[self.exchange_index - len(rack)][0])
            elif name == "shout":
                self.dialog_button("ok")
            return
        if self.dialog == "vote":
            if name == "click" and pos is not None:
                for k, _, rect in buttons:
                    if rect.collidepoint(pos):
                        self.dialog_button(k)
                return
            if name in ("left", "right", "up", "down") and (intent.device != KEYBOARD or key in KEY_ARROWS):
                self.exchange_index = 1 - min(1, self.exchange_index)
                return
            if name == "confirm" and (intent.device != KEYBOARD or key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)):
                self.dialog_button(buttons[min(1, self.exchange_index)][0])
            elif name == "text" and intent.text.lower() in ("д", "y"):
                self.dialog_button("yes")
            elif name == "text" and intent.text.lower() in ("н", "n"):
                self.dialog_button("no")

    def toggle_exchange(self, tid: str) -> None:
        if tid in self.exchange_pick:
            self.exchange_pick.discard(tid)
        else:
            self.exchange_pick.add(tid)
        self.app.play_sound("menu_move")

    def dialog_button(self, key: str) -> None:
        if key == "cancel":
            self.close_dialog()
        elif key == "ok":
            if not self.exchange_pick:
                self.app.toast("Отметьте фишки, которые хотите поменять.", 2000)
                self.app.play_sound("invalid")
                return
            self.recall()
            self.send({"kind": "exchange", "tiles": [t for t in self.rack_order if t in self.exchange_pick],
                       "vowels": self.vowels()})
            self.dialog = None
        elif key in ("yes", "no"):
            self.send({"kind": "vote", "allow": key == "yes"})
            self.dialog = None

    def handle_blank(self, intent: Intent) -> None:
        name, key, pos = intent.name, intent.extra.get("key"), intent.pos
        grid = self.blank_grid()
        if name == "text":
            for ch in intent.text.upper():
                if ch in ALPHABET:
                    self.choose_blank(ch)
                    return
            return
        arrows = INTENT_ARROWS if intent.device != KEYBOARD or key in KEY_ARROWS else {}
        if name in arrows:
            dr, dc = arrows[name]
            self.blank_index = (self.blank_index + dc + 11 * dr) % len(ALPHABET)
            self.app.play_sound("menu_move")
            return
        if name == "click" and pos is not None:
            for i, rect in enumerate(grid):
                if rect.collidepoint(pos):
                    self.choose_blank(ALPHABET[i])
                    return
            for k, _, rect in self.dialog_buttons():
                if rect.collidepoint(pos):
                    self.close_dialog()
            return
        if name == "confirm" and (intent.device != KEYBOARD or key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)):
            self.choose_blank(ALPHABET[self.blank_index])

    def choose_blank(self, letter: str) -> None:
        if self.blank_for is None:
            self.dialog = None
            return
        cell, tid = self.blank_for
        self.blank_for = None
        self.dialog = None
        start = self.rack_xy(tid)
        if self.lay(tid, cell, letter):
            self.fly(self.tentative_picture(cell), start, cell_center(*cell), ms=260, arc=24, cell=cell)
            if self.cursor == cell:
                self.advance_cursor()

    # ---- results
    def showing_results(self) -> bool:
        # a replay keeps its last board in sight: the analysis beside it says who won and how
        return self.over and self.results_after <= 0 and not self.results_hidden and not self.replaying

    def handle_results(self, intent: Intent) -> None:
        name = intent.name
        self.rebuild_buttons()
        if name in ("point", "press", "click") and intent.pos is not None:
            self.group.handle(intent)
            return
        if name in ("left", "right", "up", "down"):
            self.group.move(*INTENT_ARROWS[name][::-1])
        elif name == "confirm" and self.group.focused is not None:
            self.group.focused.activate()

    # ================================================================== update
    def update_table(self, dt_ms: float) -> None:
        if self.view is None:
            return
        if not self.warmed:
            warm_pictures(self.view.get("tile_points", {}))
            self.warmed = True
        if self.view is not self.rack_view:  # a snapshot (a reconnection) brings a rack without events that changed it
            self.rack_view = self.view
            self.sync_rack()
        self.age += dt_ms
        self.glow = min(1.0, self.glow + dt_ms / 400.0)
        for timer in list(self.timers):
            timer[0] -= dt_ms
            if timer[0] <= 0:
                self.timers.remove(timer)
                timer[1]()
        scores = self.view.get("scores", [])
        if len(self.shown_scores) != len(scores):
            self.shown_scores = [float(s) for s in scores]
        k = 1.0 - math.exp(-dt_ms / 180.0)
        for i, s in enumerate(scores):
            d = s - self.shown_scores[i]
            self.shown_scores[i] = float(s) if abs(d) < 0.5 else self.shown_scores[i] + d * k
        self.step_rack(dt_ms)
        if self.results_after > 0:
            self.results_after -= dt_ms
        if self.dialog == "vote" and not self.can("vote"):
            self.dialog = None
        if self.dialog == "exchange" and not self.can("exchange"):
            self.dialog = None
        self.rebuild_buttons()
        self.group.update(dt_ms)

    def step_rack(self, dt_ms: float) -> None:
        k = 1.0 - math.exp(-dt_ms / 55.0)
        for i, tid in enumerate(self.visible_rack()):
            tx, ty = rack_slot(i)
            pos = self.rack_pos.get(tid)
            if pos is None:
                self.rack_pos[tid] = [tx, ty, tx, ty]
                continue
            pos[2], pos[3] = pos[0], pos[1]
            pos[0] += (tx - pos[0]) * k
            pos[1] += (ty - pos[1]) * k
            if abs(tx - pos[0]) < 0.3 and abs(ty - pos[1]) < 0.3:
                pos[0], pos[1] = tx, ty

    # ================================================================== drawing
    def board_layer(self) -> pygame.Surface:
        """The board with every standing tile, redrawn only when they or the highlights change."""
        key = self.board_key()
        return self.kept.get("board", key, lambda: self.paint_board(None, key),
                             lambda layer, _: self.paint_board(layer, key))

    def board_key(self) -> tuple:
        """Everything the board layer paints: the squares, each standing tile's face, the
        outlines of the last move, of a word waiting for its check and of tiles picked to remove."""
        return (*self.view_drawing()["board"], tuple(self.remove_pick))

    def view_drawing(self) -> dict:
        """What the still layer paints from the view, worked out once per view: an update brings
        a new view, none is ever changed in place, and the one in hand is kept referenced here. Again when a seat's
        name changes (a newcomer in a bot's seat): the moves list says it."""
        view = self.view
        if self._drawing_of is not view or self._drawing_names != self.names:
            last = next((h for h in reversed(view.get("history", [])) if h.get("kind") == "place"), None)
            last_cells = tuple((r, c) for r, c, *_ in last["tiles"]) if last else ()
            pending = tuple(tuple(cell) for cell in (view.get("pending") or {}).get("cells", []))
            tiles = tuple((r, c, t["letter"], t.get("points", 0), bool(t.get("blank")))
                          for r, row in enumerate(view["board"]) for c, t in enumerate(row) if t)
            self._drawing = {"board": (tuple(view["premiums"]), tiles, last_cells, pending),
                             "history": tuple(self.history_lines()), "bag": self.bag_text()}
            self._drawing_of, self._drawing_names = view, list(self.names)
        return self._drawing

    def paint_board(self, layer: pygame.Surface | None, key: tuple) -> pygame.Surface:
        premiums, tiles, last_cells, pending, remove_pick = key
        background = board_background(premiums)
        if layer is None:
            layer = background.copy()
        else:  # one surface reused: a fresh copy a move costs page faults
            layer.blit(background, (0, 0))
        ox, oy = FRAME.left, FRAME.top
        for r, c, letter, points, blank in tiles:
            picture = self.board_picture({"letter": letter, "points": points, "blank": blank})
            layer.blit(picture, cell_rect(r, c).move(-ox, -oy).move(1, 1))
        for cells, colour, width in ((last_cells, LAST_MOVE, 2), (pending, PENDING, 3), (remove_pick, DANGER, 3)):
            for r, c in cells:
                pygame.draw.rect(layer, colour, cell_rect(r, c).move(-ox, -oy).inflate(-1, -1), width, border_radius=6)
        return layer

    def still_layer(self) -> pygame.Surface:
        """The whole canvas as it stands between moves: the cloth, the board with its tiles, the
        bag line, the history and the help. One opaque blit a frame; each part is repainted in
        its own region only when what it shows changes (a move changes two or three of them)."""
        drawing = self.view_drawing()
        parts = {"board": self.board_key(), "info": (drawing["bag"], self.status_text()),
                 "history": (drawing["history"], self.notice_up()), "help": self.help_lines()}
        key = (self.players, parts)

        def repaint(still: pygame.Surface, old: tuple) -> pygame.Surface:
            if old[0] != self.players:
                return self.paint_still(None, parts)
            return self.paint_still(still, {name: part for name, part in parts.items() if old[1][name] != part})

        return self.kept.get("still", key, lambda: self.paint_still(None, parts), repaint)

    def paint_still(self, still: pygame.Surface | None, parts: dict) -> pygame.Surface:
        """``parts``: those to paint (all of them on a fresh layer)."""
        background = table_background(self.players)
        fresh = still is None
        if fresh:
            still = background.copy()
        regions = {"board": FRAME, "info": info_rect(self.players), "history": history_rect(self.players),
                   "help": pygame.Rect(SIDE_X, HELP_Y - 2, SIDE_W, HEIGHT - HELP_Y + 2)}
        painters = {"board": lambda: still.blit(self.board_layer(), FRAME), "info": lambda: self.draw_info(still),
                    "history": lambda: self.draw_history(still), "help": lambda: self.draw_help(still)}
        for name in parts:
            # a part never spills over another: they are painted in any order
            still.set_clip(regions[name])
            if not fresh:
                still.blit(background, regions[name], regions[name])
            painters[name]()
        still.set_clip(None)
        return still

    def draw_backdrop(self, surface: pygame.Surface) -> None:
        if self.view is None:
            surface.blit(table_background(2), (0, 0))
        # otherwise draw_table lays the still layer over the whole canvas

    def draw_table(self, surface: pygame.Surface, alpha: float) -> None:
        shake = round(self.shake.offset(alpha))
        surface.blit(self.still_layer(), (0, 0))
        if shake:
            pygame.draw.rect(surface, (10, 28, 26), FRAME.inflate(40, 0))
            surface.blit(self.board_layer(), FRAME.move(shake, 0))
        if self.hidden_cells:
            # tiles still in the air: their squares show empty until they land
            layout = self.view["premiums"]
            for r, c in self.hidden_cells:
                surface.blit(premium_square(layout[r][c]), cell_rect(r, c).move(shake, 0))
        self.draw_tentative(surface, shake)
        self.draw_cursor(surface, alpha, shake)
        self.draw_plates(surface)
        if self.watching():
            self.draw_watching(surface)
        else:
            self.draw_preview(surface)
            self.draw_rack(surface, alpha)
        self.draw_buttons(surface)
        self.flights.draw(surface, alpha)
        self.draw_drag(surface)
        self.banners.draw(surface, alpha, centre=(GRID.centerx, GRID.top + 120))
        if self.showing_results():
            self.draw_results(surface)

    def draw_over_popups(self, surface: pygame.Surface) -> None:
        if self.dialog == "blank":
            self.draw_blank_dialog(surface)
        elif self.dialog == "exchange":
            self.draw_exchange_dialog(surface)
        elif self.dialog == "vote":
            self.draw_vote_dialog(surface)

    def draw_tentative(self, surface: pygame.Surface, shake: int) -> None:
        faces = self.rack_faces()
        for cell, tid in self.swaps.items():  # the real tile now stands where the blank was
            rect = cell_rect(*cell).move(shake, 0)
            pygame.draw.rect(surface, GOLD, rect.inflate(2, 2), border_radius=8)
            face = faces.get(tid, {})
            surface.blit(tile_picture(face.get("letter", ""), face.get("points", 0), BOARD_TILE), rect.move(1, -1))
        if not self.placed:
            return
        p = self.preview()
        edge = DANGER if (self.refused or (p is not None and p.error)) else GOOD
        for cell in self.placed:
            if cell in self.hidden_cells or (self.drag and self.drag.moving and self.drag.cell == cell):
                continue
            rect = cell_rect(*cell).move(shake, 0)
            # not yet played: lifted a little off the board, on a coloured rim
            pygame.draw.rect(surface, edge, rect.inflate(2, 2), border_radius=8)
            surface.blit(self.tentative_picture(cell), rect.move(1, -1))

    def draw_cursor(self, surface: pygame.Surface, alpha: float, shake: int) -> None:
        if self.over or self.dialog or self.watching() or self.replaying:
            return
        rect = cell_rect(*self.cursor).move(shake, 0)
        on_board = self.zone == "board"
        pulse = 0.5 + 0.5 * math.sin(self.age / 220.0)
        colour = mix(ACCENT, (255, 255, 255), pulse * 0.7, 6) if on_board else INK_DIM
        if on_board and not self.board_tile(self.cursor) and self.cursor not in self.placed:
            surface.blit(_cursor_fill(), rect)
        pygame.draw.rect(surface, (20, 20, 20), rect.inflate(6, 6), 2, border_radius=9)
        pygame.draw.rect(surface, colour, rect.inflate(4, 4), 4, border_radius=8)
        if self.phase == "reverse":
            return
        cx, cy = rect.center
        if self.across:
            pts = [(rect.right + 2, cy - 9), (rect.right + 13, cy), (rect.right + 2, cy + 9)]
        else:
            pts = [(cx - 9, rect.bottom + 2), (cx, rect.bottom + 13), (cx + 9, rect.bottom + 2)]
        pygame.draw.polygon(surface, colour, pts)
        pygame.draw.polygon(surface, (20, 20, 20), pts, 2)

    def draw_plates(self, surface: pygame.Surface) -> None:
        view = self.view
        counts = view.get("rack_counts", [])
        turn = view.get("turn")
        phase = self.phase
        pending = view.get("pending") or {}
        reverse = view.get("reverse_scores") if phase in ("reverse", "over") else None
        for seat in range(self.players):
            active = seat == turn and phase in ("play", "reverse") and not self.over
            waiting = phase in ("challenge", "vote") and seat == pending.get("seat")
            n = counts[seat] if seat < len(counts) else 0
            detail = f"фишек: {n}" + ("  · ходит" if active else "") + ("  · ждёт проверки" if waiting else "")
            if reverse is not None:
                detail += f"  · снято: {reverse[seat]}"
            detail += self.couch_device_note(seat)
            glow = round(self.glow * 8) / 8 if active else 0.0
            rect = plate_rect(seat)
            clock = view.get("clock")
            box = clock_box(rect) if clock else None
            # the name and the tiles line end short of the clock (they end 52 px from the plate's edge without it)
            room = max(0, rect.right - 52 - (box.left - 10)) if box else 0
            surface.blit(plate_picture(seat, self.name(seat), seat == self.me, detail, active, waiting, glow, room,
                                       self.seat_colour(seat)),
                         rect)
            paint_absence(surface, rect, self.absence(seat), (rect.centerx, rect.bottom - 3))  # the next plate is close
            shown = round(self.shown_scores[seat]) if seat < len(self.shown_scores) else 0
            label = assets.text(str(shown), 30, GOLD if active else INK, "heading")
            surface.blit(label, label.get_rect(midright=(rect.right - 16, rect.centery)))
            if box:
                self.draw_clock(surface, box, seat, clock)

    def clock_left_ms(self, seat: int) -> int:
        """What the seat's clock shows now: the view's time left as of ``at`` (the host's time of the last change),
        and for the clock that runs, less the host's time since."""
        clock = self.view["clock"]
        left = clock["left_ms"][seat]
        if clock.get("runs") != seat or self.over:
            return left
        frozen = self.clock_frozen
        now = frozen[1] if frozen is not None and frozen[0] == clock["at"] else self.host_now_ms()
        return left - max(0, now - clock["at"])

    def draw_clock(self, surface: pygame.Surface, box: pygame.Rect, seat: int, clock: dict) -> None:
        """The seat's clock in ``box`` on its plate: lit while it runs, red under 30 s and over time."""
        left = self.clock_left_ms(seat)
        running = clock.get("runs") == seat and not self.over
        low = left < CLOCK_LOW_MS
        label = assets.text(clock_text(left), CLOCK_SIZE, INK if running or low else INK_DIM, "bold")
        fill = CLOCK_LOW if low else CLOCK_RUNNING if running else CLOCK_IDLE
        edge = DANGER if low else ACCENT if running else PANEL_EDGE
        surface.blit(panel(box.size, fill, edge, 2, 9), box)
        surface.blit(label, label.get_rect(center=box.center))

    def couch_device_note(self, seat: int) -> str:
        """At a couch, which pad plays a seat («· Геймпад 2», numbered among the connected pads): friends with a pad each
        see whose is whose."""
        ls = self.local.get(seat)
        if not self.couch or ls is None:
            return ""
        if ls.waiting:
            return "  · геймпад отключён"
        return "".join(f"  · {device_label(d, self.app.input.pad_numbers)}" for d in sorted(ls.devices) if is_pad(d))

    def draw_info(self, surface: pygame.Surface) -> None:
        rect = info_rect(self.players)
        pic = tile_back(20)
        surface.blit(pic, pic.get_rect(center=(rect.left + 30, rect.centery)))
        label = assets.text(self.bag_text(), 17, INK, "bold")
        status = self.status_text()
        s = assets.text(status, 16, ACCENT, "bold") if status else None
        room, gap = rect.width - 48 - 8, 16
        wanted = label.get_width() + (gap + s.get_width() if s else 0)
        if wanted > room:  # the double bag's count and a long status (the opening's rule) share the row, smaller
            label = fitted_text(self.bag_text(), 17, INK, "bold", label.get_width() * (room - gap) // (wanted - gap))
            s = fitted_text(status, 16, ACCENT, "bold", room - gap - label.get_width()) if s else None
        surface.blit(label, label.get_rect(midleft=(rect.left + 48, rect.centery)))
        if s:
            surface.blit(s, s.get_rect(midright=(rect.right - 8, rect.centery)))

    def window_left_ms(self, pending: dict) -> int | None:
        """What is left of a challenge or vote window, counted on this machine's clock from when the window was first
        shown: the deadline is a moment on the host's clock, which a LAN player's machine does not share."""
        deadline, length = pending.get("deadline"), pending.get("window_ms")
        if deadline is None or length is None:
            return None
        now = self.app.now_ms()
        if self.window_seen is None or self.window_seen[0] != deadline:
            self.window_seen = (deadline, now)
        return max(0, length - (now - self.window_seen[1]))

    def bag_text(self) -> str:
        view = self.view
        text = f"В мешочке: {view.get('bag', 0)}"
        if view.get("bag_vowels") is not None:
            text += f" (гласных {view['bag_vowels']})"
        return text

    def status_text(self) -> str:
        view = self.view
        phase = self.phase
        if self.finished():
            return "Партия окончена"
        pending = view.get("pending") or {}
        if phase == "paused":
            by = (view.get("clock") or {}).get("paused_by")
            return "Пауза: часы стоят" + (f" — снимет {self.name(by)}" if by is not None and by != self.me else "")
        if phase in ("challenge", "vote"):
            left = self.window_left_ms(pending)
            secs = "" if left is None else f" · {math.ceil(left / 1000)} с"
            what = "оспорить можно" if phase == "challenge" else "голосование"
            return f"{what}{secs}"
        if phase == "reverse":
            return "Скрэббл наоборот: " + ("ваш ход" if view.get("turn") == self.me else f"ходит {self.name(view.get('turn', 0))}")
        if not any(any(row) for row in view.get("board", [])):
            n = view.get("opening_min", 2)
            return "Первое слово — через центр" + (f", от {count_of(n, 'буквы')}" if n > 2 else "")
        return "Ваш ход" if view.get("turn") == self.me else f"Ходит {self.name(view.get('turn', 0))}"

    def history_lines(self) -> list[tuple[str, str, tuple]]:
        out = []
        for h in self.view.get("history", []):
            kind = h.get("kind")
            seat = h.get("seat", -1)
            who = self.name(seat) if seat >= 0 else ""
            if kind == "place":
                text = " + ".join(h.get("words", [])) + (" (все 7!)" if h.get("bingo") else "")
                out.append((who, text, f"+{h.get('score', 0)}", INK))
            elif kind == "exchange":
                out.append((who, f"обмен: {count_of(h.get('count', 0), 'фишка')}", "0", INK_DIM))
            elif kind == "remove":
                out.append((who, f"снято: {count_of(len(h.get('cells', [])), 'фишка')}", f"+{h.get('score', 0)}", INK))
            elif kind == "pass" and h.get("timeout"):
                out.append((who, "время вышло — пас", "0", DANGER_TEXT))
            elif kind == "time":
                out.append((who, f"штраф за время: {clock_text(h.get('over_ms', 0))} сверх", str(h.get("score", 0)),
                            DANGER_TEXT))
            elif kind == "end":
                adj = h.get("adjustments", [])
                text = ", ".join(f"{self.name(i)} {a:+d}" for i, a in enumerate(adj) if a) or "без остатков"
                out.append(("Конец", text, "", ACCENT))
            else:
                out.append((who, HISTORY_KINDS.get(kind, kind or ""), "0", INK_DIM))
        return out

    def screen_badge_corner(self) -> tuple[int, int]:
        # the screen's corner is the first plate's score: the badge stands on the moves list's heading row, whose
        # right side is bare
        rect = history_rect(self.players)
        return rect.right - 14, rect.top + 6

    def notice_zone(self) -> pygame.Rect:
        # the top of the moves list under its heading: the list's newest rows step down below a notice while it stands
        rect = history_rect(self.players)
        return pygame.Rect(rect.left + 8, rect.top + 36, rect.width - 16, 80)

    def draw_history(self, surface: pygame.Surface) -> None:
        if self.replaying:
            return  # the replay's moves list, with the analysis beside each move, is drawn there (``analysis_panel``)
        rect = history_rect(self.players)
        lines = self.history_lines()
        row_h = 21
        y = self.notice_zone().bottom + 4 if self.notice_up() else rect.top + 28
        rows = max(1, (rect.bottom - 6 - y) // row_h)
        shown = lines[-rows:]
        if not shown:
            empty = assets.text("Пока ни одного хода", 15, INK_DIM)
            surface.blit(empty, (rect.left + 14, y))
        for who, text, score, colour in shown:
            # each to its column: a long name drawn smaller, a move of many words cut after a whole word with «…»
            # (cut at 44 letters it ran into the score in large text, and mid-word without a mark)
            w = fitted_text(who, 15, INK_DIM, "bold", 90)
            surface.blit(w, (rect.left + 14, y))
            right = rect.right - 14
            if score:
                s = assets.text(score, 15, GOLD if score.startswith("+") else INK_DIM, "bold")
                surface.blit(s, s.get_rect(topright=(right, y)))
                right -= s.get_width() + 12
            words = words_within(text, 15, colour, "bold" if colour == INK else "text", right - (rect.left + 110))
            surface.blit(words, (rect.left + 110, y))
            y += row_h

    def draw_preview(self, surface: pygame.Surface) -> None:
        if self.finished() or self.replaying:
            return  # nothing is laid any more: no invitation to drag tiles (a replay says its move there)
        p = self.preview()
        if self.refused and self.placed:
            text, colour = self.refused, DANGER_TEXT
        elif self.phase == "reverse":
            n = len(self.remove_pick)
            choose = f"{self.pad_names()['confirm']} выбирает" if self.pads_in_use() else "пробел или щелчок выбирают"
            text, colour = (f"Снять {count_of(n, 'фишку')} — {choose}", INK) if n else ("Выберите фишки одного слова", INK_DIM)
        elif p is None or not self.placed:
            text, colour = self.say_for_pads(PAD_INVITATION, "Перетащите фишки на поле или печатайте буквы"), INK_DIM
        elif p.error:
            text, colour = p.error, DANGER_TEXT
        else:
            words = " + ".join(p.words)
            text, colour = f"{words}: {count_of(p.score, 'очко')}", GOOD
        label = assets.text(text, 18 if colour != INK_DIM else 16, colour, "bold")
        if label.get_width() > PREVIEW.width - 10:
            label = assets.text(text, 14, colour, "bold")
        surface.blit(label, label.get_rect(center=PREVIEW.center))

    def draw_rack(self, surface: pygame.Surface, alpha: float) -> None:
        rack = self.visible_rack()
        dragging = self.drag.tid if self.drag and self.drag.moving else None
        for i, tid in enumerate(rack):
            if tid in self.hidden_rack or tid == dragging:
                continue
            pos = self.rack_pos.get(tid)
            if pos:
                x = pos[2] + (pos[0] - pos[2]) * alpha
                y = pos[3] + (pos[1] - pos[3]) * alpha
            else:
                x, y = rack_slot(i)
            picture = self.rack_picture(tid)
            rect = picture.get_rect(center=(round(x), round(y)))
            surface.blit(picture, rect)
            if i == self.rack_sel and not self.over and not self.replaying:
                pygame.draw.rect(surface, ACCENT, rect.inflate(6, 6), 3, border_radius=10)
        if not rack and not self.flights:
            empty = assets.text("Подставка пуста", 16, INK_DIM)
            surface.blit(empty, empty.get_rect(center=TRAY.center))

    def draw_watching(self, surface: pygame.Surface) -> None:
        """A watcher's corner (when no join card or seat offer covers it): what it is doing and who leads, instead of
        a rack it does not have, greyed buttons and the keys of moves it cannot make."""
        corner = self.JOIN_CORNER
        room = corner.width - 40
        surface.blit(panel(corner.size, (14, 32, 28), PANEL_EDGE, 1, 16), corner)  # over the empty rack's wood
        surface.blit(fitted_text("Вы смотрите игру", 24, ACCENT, "heading", room), (corner.x + 20, corner.y + 20))
        scores = self.view.get("scores", [])
        best = max(scores, default=0)
        if not best:
            return
        leaders = ", ".join(self.name(seat) for seat, score in enumerate(scores) if score == best)
        line = f"Впереди: {leaders} — {count_of(best, 'очко')}"
        surface.blit(fitted_text(line, 18, INK, "bold", room), (corner.x + 20, corner.y + 20 + round(44 * assets.text_scale)))

    def draw_drag(self, surface: pygame.Surface) -> None:
        d = self.drag
        if d is None or not d.moving:
            return
        picture = self.rack_picture(d.tid)
        cell = cell_at(d.pos)
        if cell is not None and not self.board_tile(cell) and cell not in self.placed:
            pygame.draw.rect(surface, ACCENT, cell_rect(*cell).inflate(2, 2), 3, border_radius=7)
        r = picture.get_rect(center=d.pos)
        surface.blit(shadow_of(r.width), r.move(6, 9))
        surface.blit(picture, r.move(0, -4))

    def pad_names(self) -> dict[str, str]:
        """The pad's button of each intent under today's bindings; «—» for one the settings left without a button."""
        return pad_names(self.app.settings)

    def pads_in_use(self) -> bool:
        return bool(self.app.input.pads)

    def say_for_pads(self, pad_words: str, keyboard_words: str) -> str:
        """A hint in the pad's buttons (as bound) while a pad is plugged in, else in keys and the mouse."""
        return pad_words.format_map(self.pad_names()) if self.pads_in_use() else keyboard_words

    def help_lines(self) -> tuple[str, ...]:
        if self.replaying:
            return ()  # the replay's controls and their keys stand there
        pads = self.pads_in_use()
        if self.finished():  # no moves are left: the keys of the buttons under the rack, and of «Повтор партии»
            replay = f" · {self.replay_hint()}" if self.replay_hint() else ""
            return ((f"Крестовина — выбор кнопки · {self.pad_names()['confirm']} — нажать{replay}",) if pads
                    else (f"Стрелки — выбор кнопки · Enter — нажать{replay}",))
        if self.watching():
            return ()
        if pads:
            return tuple(line.format_map(self.pad_names()) for line in PAD_HELP)
        return KEY_HELP[:-1] + (KEY_HELP[-1] + HINT_KEY,) if self.hints_on() else KEY_HELP

    def draw_help(self, surface: pygame.Surface) -> None:
        lines = self.help_lines()
        size = 13  # «Крупный текст»: the lines still fit, both at the size the longer one needs
        while size > 9 and any(assets.text(line, size, INK_DIM).get_width() > SIDE_W for line in lines):
            size -= 1
        for i, line in enumerate(lines):
            label = assets.text(line, size, INK_DIM)
            surface.blit(label, label.get_rect(midtop=(SIDE_X + SIDE_W // 2, HELP_Y + i * 20)))

    def draw_dialog_frame(self, surface: pygame.Surface, title: str, note: str) -> pygame.Rect:
        box = self.dialog_rect()
        surface.blit(_veil(), FRAME)  # the board under a dialog goes dim: its letters do not compete with it
        draw_dialog_frame(surface, box, title, (note,), DIALOG_LOOK)
        return box

    def draw_dialog_buttons(self, surface: pygame.Surface, focused: int | None) -> None:
        buttons = self.dialog_buttons()
        draw_buttons(surface, [rect for _, _, rect in buttons], [label for _, label, _ in buttons], focused)

    def draw_blank_dialog(self, surface: pygame.Surface) -> None:
        self.draw_dialog_frame(surface, "Какую букву означает пустышка?",
                               self.say_for_pads(PAD_BLANK_NOTE, "Напечатайте букву или выберите её стрелками и Enter, мышью — щелчком"))
        for i, rect in enumerate(self.blank_grid()):
            chosen = i == self.blank_index
            surface.blit(panel(rect.size, (232, 200, 146) if not chosen else (250, 222, 160), (150, 110, 66), 2, 8), rect)
            letter = assets.text(ALPHABET[i], 26, (150, 40, 40), "heading")
            surface.blit(letter, letter.get_rect(center=rect.center))
            if chosen:
                pygame.draw.rect(surface, ACCENT, rect.inflate(6, 6), 3, border_radius=10)
        self.draw_dialog_buttons(surface, None)

    def draw_exchange_dialog(self, surface: pygame.Surface) -> None:
        how = self.say_for_pads(PAD_EXCHANGE_NOTE, "Отметьте фишки (щелчок, буква или пробел)")
        self.draw_dialog_frame(surface, "Обмен фишек", f"{how} · в мешочке {self.view.get('bag', 0)}")
        rack = self.visible_rack()
        for i, (tid, rect) in enumerate(zip(rack, self.exchange_slots())):
            lift = -12 if tid in self.exchange_pick else 0
            picture = self.rack_picture(tid)
            surface.blit(picture, rect.move(0, lift))
            if tid in self.exchange_pick:
                pygame.draw.rect(surface, GOLD, rect.move(0, lift).inflate(6, 6), 3, border_radius=10)
            if i == self.exchange_index:
                pygame.draw.rect(surface, INK, rect.move(0, lift).inflate(12, 12), 2, border_radius=12)
        focused = self.exchange_index - len(rack) if self.exchange_index >= len(rack) else None
        self.draw_dialog_buttons(surface, focused)

    def draw_vote_dialog(self, surface: pygame.Surface) -> None:
        pending = self.view.get("pending") or {}
        mover = pending.get("seat", 0)
        self.draw_dialog_frame(surface, "Принять слово?",
                               f"{acts(self.name(mover), 'предлагает', mover == self.me)} слово, которого нет в словаре. Решают игроки.")
        words = assets.text(" + ".join(pending.get("words", [])), 34, INK, "heading")
        box = self.dialog_rect()
        surface.blit(words, words.get_rect(center=(box.centerx, box.top + 130)))
        pts = assets.text(count_of(pending.get('score', 0), 'очко'), 18, GOLD, "bold")
        surface.blit(pts, pts.get_rect(center=(box.centerx, box.top + 172)))
        self.draw_dialog_buttons(surface, min(1, self.exchange_index))

    # ================================================================== «Повтор партии»
    def analysis_panel(self, surface: pygame.Surface, replay) -> None:
        """The moves list with the master's analysis beside it, and the step's move over the rack."""
        from game.scenes.board import replay as shown

        if self.view is None:
            return
        shown.draw_moves(surface, self, replay)
        shown.draw_step_line(surface, self, replay)

    def replay_exports(self, replay) -> list[tuple[str, str]]:
        exports = [("png", "PNG")]
        if (replay.final_view.get("result") or {}).get("gcg"):  # Эрудит and Скрэббл: the notation board players share
            exports.append(("gcg", "GCG"))
        return exports

    def final_page(self, replay) -> pygame.Surface:
        """The game as it ended on one page: the board with its score sheet (and the analysis' summary)."""
        from game.scenes.board import replay as shown

        if replay.step != replay.last:
            replay.go(replay.last)
        return shown.score_page(replay.table, replay.analysis, load_rules(self.game_id).title)

    def export(self, key: str, replay) -> None:
        """The final board with its score sheet as a picture, or the game's GCG record, saved with the games."""
        if replay.step != replay.last:
            replay.go(replay.last)  # both are of the game as it ended
        table = replay.table
        if key == "gcg":
            table.save_gcg()
            return
        import time

        from game.settings import games_dir

        page = table.final_page(replay)
        folder = games_dir()
        path = folder / f"{self.game_id}-{time.strftime('%Y-%m-%d-%H%M%S')}.png"
        try:
            folder.mkdir(parents=True, exist_ok=True)
            pygame.image.save(page, str(path))
        except (OSError, pygame.error) as exc:
            self.app.toast(f"Не удалось сохранить картинку партии: {getattr(exc, 'strerror', None) or exc}.")
            return
        self.saved_png = path
        self.app.toast(f"Картинка партии сохранена: {shortened_path(path)}", 6000)

    REVIEW_ROWS = 14

    def best_alternatives(self) -> list[dict]:
        return ((self.view or {}).get("result") or {}).get("best_alternatives") or []

    def review_pages(self) -> int:
        return max(1, -(-len(self.best_alternatives()) // self.REVIEW_ROWS))

    def review_lines(self) -> list[tuple[str, str, str, str, str, bool]]:
        """(turn, who, played, its score, best alternative, better) for the shown page."""
        played_names = {"pass": "пас", "exchange": "обмен", "withdrawn": "снят"}
        entries = self.best_alternatives()
        start = (self.review_page or 0) * self.REVIEW_ROWS
        out = []
        for number, e in enumerate(entries[start:start + self.REVIEW_ROWS], start + 1):
            played = e.get("word") or "" if e["played"] == "place" else played_names.get(e["played"], e["played"])
            best = e.get("best")
            better = bool(best) and best["score"] > e["score"]
            worth = f" ({best['equity']:g})" if best and "equity" in best else ""  # the equity it was chosen by
            best_text = f"{best['word']}  {best['score']}{worth}" if best else "—"
            out.append((str(number), self.name(e["seat"]), played, str(e["score"]), best_text, better))
        return out

    def draw_review(self, surface: pygame.Surface) -> None:
        lines = self.review_lines()
        box = pygame.Rect(0, 0, 640, 150 + 30 * self.REVIEW_ROWS)
        box.center = GRID.center
        surface.blit(_veil(), FRAME)
        surface.blit(panel(box.size, (16, 34, 30), ACCENT, 3, 22), box)
        title = "Лучшие ходы"
        if self.review_pages() > 1:
            title += f" · {(self.review_page or 0) + 1} из {self.review_pages()}"
        t = assets.text(title, 30, ACCENT, "heading")
        surface.blit(t, t.get_rect(midtop=(box.centerx, box.top + 16)))
        columns = ((box.left + 56, "Ход", "topright"), (box.left + 72, "Кто", "topleft"),
                   (box.left + 220, "Сыграно", "topleft"), (box.left + 400, "Очки", "topright"),
                   (box.left + 424, "Лучший вариант", "topleft"))
        head_y = box.top + 64
        for x, text, anchor in columns:
            h = assets.text(text, 14, INK_DIM, "bold")
            surface.blit(h, h.get_rect(**{anchor: (x, head_y)}))
        for i, (number, who, played, score, best, better) in enumerate(lines):
            y = head_y + 24 + i * 30
            for (x, _, anchor), text, color in zip(columns, (number, who, played, score, best),
                                                   (INK_DIM, INK, INK, INK, GOOD if better else INK_DIM)):
                cell = assets.text(text, 18, color, "bold" if color is not INK_DIM else "text")
                surface.blit(cell, cell.get_rect(**{anchor: (x, y)}))
        note = assets.text("Зелёным — где можно было набрать больше", 15, INK_DIM)
        surface.blit(note, note.get_rect(midbottom=(box.centerx, box.bottom - 14)))

    def draw_results(self, surface: pygame.Surface) -> None:
        if self.review_page is not None and self.best_alternatives():
            self.draw_review(surface)
            return
        view = self.view
        result = view.get("result") or {}
        scores = result.get("scores", view.get("scores", []))
        adjustments = result.get("adjustments", view.get("adjustments", []))
        winners = result.get("winners", [])
        surface.blit(_veil(), FRAME)
        if self.me in winners:
            title = "Вы победили!" if len(winners) == 1 else "Ничья — и вы среди лучших!"
        else:
            title = "Победа: " + ", ".join(self.name(s) for s in winners)
        penalties = result.get("time_penalties") or []
        timed = any(penalties)  # «Часы» took points off: each row says how many, after the tiles left
        rows = []
        for place, seat in enumerate(sorted(range(len(scores)), key=lambda s: -scores[s])):
            adj = adjustments[seat] if seat < len(adjustments) else 0
            fine = penalties[seat] if seat < len(penalties) else 0
            detail = f"{adj:+d}" if adj else "—"
            if timed:
                detail += f" · -{fine}" if fine else " · —"
            colour = GOOD if adj > 0 and not fine else (mix(DANGER, INK, 0.35) if adj < 0 or fine else INK_DIM)
            rows.append(ResultRow(f"{place + 1}. {self.name(seat)}", str(scores[seat]), detail, seat in winners, colour,
                                  self.face(seat, 40)))
        draw_results_panel(surface, GRID.center, title, rows, RESULTS_LOOK,
                           headers=("Игрок", "Остаток · время" if timed else "Остаток", "Очки"),
                           subtitle="Штраф за время: -10 очков за каждую начатую минуту сверх" if timed else "",
                           foot="«Поле» — посмотреть доску, «В меню» — выйти")


def words_within(text: str, size: int, colour: tuple, face: str, width: int) -> pygame.Surface:
    """``text`` in one line no wider than ``width``: a move's words «А + Б + В» lose their last ones behind «+ …»;
    anything else, or one word still too wide, is drawn smaller."""
    parts = text.split(" + ")
    shown = text
    label = assets.text(shown, size, colour, face)
    while label.get_width() > width and len(parts) > 1:
        parts.pop()
        shown = " + ".join(parts) + " + …"
        label = assets.text(shown, size, colour, face)
    return label if label.get_width() <= width else fitted_text(shown, size, colour, face, width)


def clock_box(plate: pygame.Rect) -> pygame.Rect:
    """Where a seat's clock stands on its plate: left of the widest score, as wide as the widest time, «-88:88»."""
    widest = assets.text("-88:88", CLOCK_SIZE, INK, "bold")
    score = assets.text("888", 30, INK, "heading")
    box = pygame.Rect(0, 0, widest.get_width() + 16, max(26, widest.get_height() + 2))
    box.midright = (plate.right - 16 - score.get_width() - 12, plate.centery)
    return box


def clock_text(left_ms: int) -> str:
    """«9:41» of the time left (a second begun counts whole), «-0:12» over it."""
    if left_ms > 0:
        seconds = -(-left_ms // 1000)
        return f"{seconds // 60}:{seconds % 60:02d}"
    seconds = -left_ms // 1000
    return f"-{seconds // 60}:{seconds % 60:02d}"


@lru_cache(maxsize=256)
def plate_picture(seat: int, name: str, is_me: bool, detail: str, active: bool, waiting: bool,
                  glow: float, clock_room: int = 0, colour: tuple | None = None) -> pygame.Surface:
    """One player's plate (avatar — on ``colour``, the room's, when there is one —, name, tiles; the score goes on
    top, and ``clock_room`` pixels left of it the seat's clock), drawn once per look."""
    rect = plate_rect(seat)
    surface = pygame.Surface(rect.size, pygame.SRCALPHA)
    edge = mix(PANEL_EDGE, ACCENT, glow) if active else (PENDING if waiting else PANEL_EDGE)
    fill = (30, 62, 52) if active else PANEL
    surface.blit(panel(rect.size, fill, edge, 3 if active else 2, 12), (0, 0))
    surface.blit(art.avatar_for_seat(seat, 38, colour), (10, (rect.h - 38) // 2))
    # placed by where their letters may reach, not by their lines' boxes, whose blank margins grow with the text's
    # size: with «Крупный текст» the tiles line hung from the bottom ran its ф into the name and its у over the edge
    room = rect.w - 110 - clock_room  # the score is right, and the clock left of it
    name_line = fitted_text(name, 20, ACCENT if is_me else INK, "bold", room)
    surface.blit(name_line, (58, PLATE_INSET - assets.text(NAME_REACH, 20, INK, "bold").get_bounding_rect(1).top))
    line = fitted_text(detail, 14, mix(INK_DIM, INK, 0.4), "text", room)  # lighter than INK_DIM on the lit fill
    low = assets.text(DETAIL_REACH, 14, INK, "text").get_bounding_rect(1).bottom
    surface.blit(line, (58, rect.h - PLATE_INSET - low))
    return surface.convert_alpha() if pygame.display.get_surface() is not None else surface


assets.on_reset(plate_picture.cache_clear)

@lru_cache(maxsize=1)
def _cursor_fill() -> pygame.Surface:
    fill = pygame.Surface((CELL, CELL), pygame.SRCALPHA)
    fill.fill((*ACCENT, 90))
    return fill


_veils: dict[int, pygame.Surface] = {}


def _veil() -> pygame.Surface:
    if 0 not in _veils:
        v = pygame.Surface(FRAME.size, pygame.SRCALPHA)
        v.fill((0, 0, 0, 130))
        _veils[0] = v
    return _veils[0]


def create(connection, game_id: str, names: list[str]) -> BoardScene:
    return BoardScene(connection, game_id, names)
