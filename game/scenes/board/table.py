"""The board-game table of Эрудит, Скрэббл and Словодел: the 15×15 board with its premium
squares on the left; the players, the bag, the move history, the live score of the tiles you
are laying, your rack and the buttons on the right.

The scene coordinates its pieces, each with its own state: the rack and the tiles laid from it (``rack``), the
board and its cursor (``board``), the dialog open over it (``dialogs``), the side panel (``side``), the buttons
under the rack (``buttons``), the end of the game (``ending``) and the input mapping (``controls``); here are the
events' animations, the moves sent, and the order things are drawn in. The scene sees only its seat's view, the
legal actions and the events; what a house variant's phase, buttons, question and sounds look like is the
variant's own look (``game.rules.board.LOOK``), so no variant is named here.
"""
from __future__ import annotations

from typing import Callable

import pygame

from game.input import KEYBOARD, MOUSE, Intent
from game.rules.board import HOLD, LOOK, TURN, WINDOW, PhaseLook, Pick
from game.rules.words_ru import acts, count as count_of
from game.scenes.base import ACCENT, DANGER, HEIGHT, INK, INK_DIM, pad_names
from game.scenes.board import replay as shown
from game.scenes.board.board import Board
from game.scenes.board.buttons import ButtonRow
from game.scenes.board.controls import Controls
from game.scenes.board.dialogs import BlankChooser, BoardDialog, QuestionDialog
from game.scenes.board.ending import Ending
from game.scenes.board.layout import (BLANK, BOARD_TILE, BUTTONS_Y, FRAME, GOLD, GOOD, GRID, PENDING, PREVIEW,
                                      RACK_TILE, SIDE_W, SIDE_X, TRAY, Cell, bag_point, board_picture, cell_center,
                                      history_rect, info_rect, plate_point, plate_score_point, rack_slot,
                                      table_background, tile_back, tile_picture, warm_pictures, word_point)
from game.scenes.board.rack import Rack
from game.scenes.board.side import SidePanel
from game.scenes.table.banner import BannerLook
from game.scenes.table.flight import PictureFlight
from game.scenes.table.scene import TableScene
from game.scenes.table.tween import Tween, ease_in_out_cubic, ease_out_cubic

EVENT_SOUNDS: dict[str, str] = {  # the base game's events', and those of every variant by its look
    "order_drawn": "shuffle",
    "dealt": "tile_return",
    "drew": "tile_return",
    "placed": "tile_place",
    "move_stands": "score_tick",
    "move_withdrawn": "tile_return",
    "exchanged": "shuffle",
    "passed": "menu_move",
    "phase_changed": "turn_start",
    "game_ended": "win",
    **LOOK.sounds,
}
# the banner a phase opens with, by its kind: every kind has one, so a variant may give any of its phases an opening
OPENING_BANNERS = {WINDOW: (PENDING, 2400), TURN: (ACCENT, 3000), HOLD: (ACCENT, 2400)}
DEMO_ACTIONS = 16  # screenshots and the bench: a board in mid-game (40 moves end a two-player game)


class BoardScene(TableScene):
    takes_text = True  # letters typed on the table spell words
    paused_as: int | None = None  # the local seat that stopped the clock when the pause menu opened
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
        self.rack = Rack(self)
        self.board = Board(self)
        self.side = SidePanel(self)
        self.buttons = ButtonRow(self)
        self.ending = Ending(self)
        self.controls = Controls(self)
        self.dialog: BoardDialog | None = None
        self.zone = "board"  # where arrows act: "board" or "buttons"
        self.timers: list[list] = []
        self._drawing_of: dict | None = None  # the view ``_drawing`` was worked out from
        self._drawing_names: list[str] = []  # and the seats' names its moves list says
        self._drawing: dict = {}
        self.warmed = False
        self.age = 0.0

    # ================================================================== the phase
    @property
    def phase(self) -> str:
        return (self.view or {}).get("phase", "play")

    def phase_look(self) -> PhaseLook | None:
        """A variant's phase as its look shows it; None in the base game's phases."""
        return LOOK.phases.get(self.phase)

    def pick(self) -> Pick | None:
        """The phase's turn is picking tiles off the board: what is picked and sent so."""
        look = self.phase_look()
        return look.pick if look is not None else None

    def turn_phase(self) -> bool:
        return self.turns_in(self.phase)

    @staticmethod
    def turns_in(phase: str) -> bool:
        """The seats move in turn in ``phase`` (play, or a variant's phase of turns)."""
        look = LOOK.phases.get(phase)
        return phase == "play" if look is None else look.kind == TURN

    def called_for(self, seat: int) -> str:
        # what a variant's phase calls a player up for («Проверка слова»): the window after a move waits for the
        # others, never for a turn, the mover's is over
        look = self.phase_look()
        return look.title if look is not None else ""

    def finished(self) -> bool:
        """The game is over and shown so: no moves are left, only the buttons under the rack do anything."""
        return self.over and self.phase == "over"

    def watching(self) -> bool:
        """This window only watches the game in progress: no rack, no moves (after the game its buttons stand)."""
        return self.me < 0 and not self.finished()

    def my_turn(self) -> bool:
        return bool(self.view) and self.view.get("turn") == self.me and self.turn_phase() and bool(self.legal)

    def showing_results(self) -> bool:
        return self.ending.showing()

    def match_view(self) -> None:
        """The rack and the picked tiles as the view now has them."""
        self.rack.sync()
        self.board.drop_stale_picks()

    def on_seat_change(self, previous_seat: int) -> None:
        self.rack.forget()
        self.dialog, self.board.picked = None, []
        self.match_view()
        self.offer_question()  # a question opened while another couch seat was on screen: it is this seat's too

    # ================================================================== the pause menu stops the clock
    def seat_to_pause(self) -> int | None:
        """The seat here the rules let stop the table (a variant's pause: «Часы»): the one on screen first."""
        if not LOOK.pause:
            return None
        stop = LOOK.pause[0]
        return next((s for s in [self.seat, *sorted(self.local)] if any(a.get("kind") == stop
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
            self.send({"kind": LOOK.pause[0]})
        self.paused_as = seat
        # the table under the menu hears nothing until it is back: its clock stops on screen now, as on the host
        self.side.clock_frozen = (self.view["clock"]["at"], self.host_now_ms()) if self.view.get("clock") else None

    def resume(self) -> None:
        """Back from the pause menu (or leaving by it): the seat that stopped the clock starts it again."""
        seat, self.paused_as = self.paused_as, None
        if seat is not None and seat in self.local:
            with self.acting_as(seat):
                self.send({"kind": LOOK.pause[1]})

    # ================================================================== dialogs
    def open_dialog(self, dialog: BoardDialog) -> None:
        self.dialog = dialog
        self.rack.drag = None
        self.app.play_sound("menu_confirm")

    def close_dialog(self) -> None:
        self.dialog = None
        self.app.play_sound("menu_move")

    def choose_blank_for(self, cell: Cell, tid: str) -> None:
        self.open_dialog(BlankChooser(self, cell, tid))

    def offer_question(self) -> None:
        """The phase's question, to a seat that may answer it."""
        look = self.phase_look()
        if look is not None and look.question is not None and self.can(look.question.action):
            self.open_dialog(QuestionDialog(self, look.question))

    # ================================================================== events
    def event_sound(self, event: dict) -> str | None:
        kind = event.get("kind")
        if kind == "phase_changed":
            return "turn_start" if event.get("turn") == self.me and self.turns_in(event.get("phase")) else None
        if kind == "game_ended":
            return "win" if self.me in event.get("winners", ()) else "lose"
        if kind == "drew" and event.get("seat") == self.me:
            return None  # «dealt» already sounded for our own tiles
        return super().event_sound(event)

    def on_event(self, event: dict, previous_view: dict | None) -> None:
        self.rack.remember_slots()  # where tiles leave the rack from
        self.match_view()
        super().on_event(event, previous_view)

    def ev_order_drawn(self, e: dict, before: dict) -> None:
        draws = ", ".join(f"{self.name(s)}: {'пустышка' if ch == BLANK else ch}" for s, ch in e["draws"])
        self.banner(f"Первым ходит {self.name(e['first']).lower() if e['first'] == self.me else self.name(e['first'])}",
                    f"Тянули фишки — {draws}", GOLD, 3200)

    def ev_dealt(self, e: dict, before: dict) -> None:
        rack = self.rack
        bag = bag_point(self.players)
        for i, (tid, letter, points) in enumerate(e["tiles"]):
            if tid not in rack.order:
                continue
            rack.in_air[tid] += 1
            picture = tile_picture("" if letter == BLANK else letter.upper(), None if letter == BLANK else points, RACK_TILE)
            target = rack.target(tid)
            rack.pos[tid] = [*target, *target]
            self.fly(picture, bag, target, delay=120 + 70 * i, ms=420, on_land=lambda t=tid: rack.in_air.land(t))

    def ev_drew(self, e: dict, before: dict) -> None:
        if e["seat"] == self.me:
            return
        for i in range(min(e["count"], 7)):
            self.fly(tile_back(26), bag_point(self.players), plate_point(e["seat"]), delay=80 * i, ms=380, arc=20)

    def ev_placed(self, e: dict, before: dict) -> None:
        seat = e["seat"]
        cells = [(r, c) for r, c, *_ in e["tiles"]]
        mine = seat == self.me
        if mine:
            self.rack.played(cells)
            for cell in cells:
                start = cell_center(*cell)
                # our own tiles are already there: they only settle with a little hop
                self.fly(board_picture(self.board.tile(cell)), (start[0], start[1] - 10), start, ms=220, arc=8,
                         cell=cell)
        else:
            for i, (r, c, tid, letter, points, blank) in enumerate(e["tiles"]):
                tile = {"letter": letter.upper(), "points": points, "blank": blank}
                self.fly(board_picture(tile), plate_point(seat), cell_center(r, c), delay=110 * i,
                         ms=460, cell=(r, c), sound="tile_place")
        delay = 0 if mine else 110 * len(cells) + 420
        x, y = word_point(cells)
        words = " + ".join(e["words"])
        self.later(delay, lambda: self.popup(f"+{e['score']}", x, y - 10, GOLD, 40))
        self.later(delay, lambda: self.popup(words, x, y + 30, INK, 22))
        if e.get("bingo"):
            self.later(delay, lambda: self.banner("Все семь фишек!", f"+{count_of(self.view.get('bingo_bonus', 50), 'очко')}", GOLD))
        if e.get("pending"):
            who = "Ваше слово" if mine else f"{self.name(seat)}: слово"
            self.banner(f"{who} ждёт проверки", " + ".join(e["words"]), PENDING, 2400)

    def ev_move_stands(self, e: dict, before: dict) -> None:
        x, y = plate_score_point(e["seat"])
        self.later(300, lambda: self.popup(f"+{e['score']}", x - 40, y, GOLD, 30))

    def ev_move_withdrawn(self, e: dict, before: dict) -> None:
        seat = e["seat"]
        board = before.get("board") or []
        for i, (r, c) in enumerate(e["cells"]):
            tile = board[r][c] if board and board[r][c] else None
            if tile is None:
                continue
            end = plate_point(seat) if seat != self.me else rack_slot(min(6, i))
            self.fly(board_picture(tile), cell_center(r, c), end, delay=70 * i, ms=420)
        self.banner("Ход снят", e.get("reason", ""), DANGER, 3200)

    def ev_exchanged(self, e: dict, before: dict) -> None:
        seat = e["seat"]
        if seat == self.me:
            old = self.rack.slots_before
            gone = [tid for tid in old if tid not in self.rack.order]
            for i, tid in enumerate(gone):
                self.fly(tile_back(RACK_TILE), old[tid], bag_point(self.players), delay=50 * i, ms=380)
        else:
            for i in range(min(e["count"], 7)):
                self.fly(tile_back(26), plate_point(seat), bag_point(self.players), delay=60 * i, ms=380, arc=20)
        self.popup(f"Обмен: {e['count']}", *plate_point(seat), INK, 24)

    def ev_passed(self, e: dict, before: dict) -> None:
        self.popup("Пас", *plate_point(e["seat"]), INK, 28)

    def ev_challenged(self, e: dict, before: dict) -> None:
        verdicts = ", ".join(f"{w} — {'есть' if ok else 'нет'}" for w, ok, _ in e["verdicts"])
        title = f"{self.name(e['seat'])} оспаривает ход: " + ("слово верно" if e["valid"] else "слово неверно")
        self.banner(title, verdicts, GOOD if e["valid"] else DANGER, 3400)
        self.popup("Оспорено!", *plate_point(e["seat"]), DANGER, 26)

    def ev_accepted(self, e: dict, before: dict) -> None:
        self.popup("Принято", *plate_point(e["seat"]), GOOD, 24)

    def ev_vote_opened(self, e: dict, before: dict) -> None:
        self.banner("Голосование", f"{self.name(e['mover'])}: " + " + ".join(e["words"]), PENDING, 2600)
        self.offer_question()

    def ev_voted(self, e: dict, before: dict) -> None:
        self.popup("за" if e["allow"] else "против", *plate_point(e["seat"]), GOOD if e["allow"] else DANGER, 26)

    def ev_vote_closed(self, e: dict, before: dict) -> None:
        if isinstance(self.dialog, QuestionDialog):
            self.dialog = None
        verdict = "Слово принято" if e["allowed"] else "Слово не принято"
        self.banner(verdict, f"за: {e['yes']}, против: {e['no']}", GOOD if e["allowed"] else DANGER, 2800)

    def ev_blank_swapped(self, e: dict, before: dict) -> None:
        cell = (e["row"], e["col"])
        seat = e["seat"]
        tile = self.board.tile(cell)
        if tile:
            self.fly(board_picture(tile), plate_point(seat), cell_center(*cell), ms=420, cell=cell)
        self.fly(tile_picture("", None, BOARD_TILE), cell_center(*cell), plate_point(seat), ms=420, delay=200)
        self.popup("Пустышка взята", *cell_center(*cell), INK, 22)

    def ev_hint_given(self, e: dict, before: dict) -> None:
        move = e.get("move") or {}
        if not move:
            self.banner("Подсказка", "Хода нет: попробуйте обмен или пас", INK_DIM, 2600)
            return
        rack = self.rack
        rack.recall()
        faces = rack.faces()
        free = list(rack.visible())
        for i, (r, c, letter, blank) in enumerate(move["tiles"]):
            want = BLANK if blank else letter.upper()
            tid = next((t for t in free if faces.get(t, {}).get("letter") == want), None)
            if tid is None:
                continue
            free.remove(tid)
            start = rack.xy(tid)
            rack.lay(tid, (r, c), letter.upper(), quiet=True)
            self.fly(board_picture({"letter": letter.upper(), "points": faces[tid]["points"], "blank": blank}),
                     start, cell_center(r, c), delay=80 * i, ms=380, cell=(r, c))
        self.board.cursor = (move["row"], move["col"])
        self.board.across = move.get("dir", "across") == "across"
        worth = f" (с оставленными фишками {move['equity']:g})" if "equity" in move else ""
        self.banner("Подсказка", f"«{move['word']}» — {count_of(move['score'], 'очко')}{worth}. "
                    + self.say_for_pads("{shout} — сыграть", "Enter — сыграть"), GOLD, 3000)

    def ev_opening_relaxed(self, e: dict, before: dict) -> None:
        self.banner("Первое слово короче", f"теперь достаточно {count_of(e['min_letters'], 'буквы')}", ACCENT, 3000)

    def ev_removed(self, e: dict, before: dict) -> None:
        board = before.get("board") or []
        self.board.picked = []
        for i, (r, c) in enumerate(e["cells"]):
            tile = board[r][c] if board and board[r][c] else None
            if tile:
                self.fly(board_picture(tile), cell_center(r, c), plate_point(e["seat"]), delay=70 * i)
        self.popup(f"+{e['score']}", *plate_score_point(e["seat"]), GOLD, 30)

    def ev_phase_changed(self, e: dict, before: dict) -> None:
        self.side.glow = 0.0
        look = LOOK.phases.get(e["phase"])
        if look is not None:
            if look.opening is not None and self.acts_in(look, e["turn"]):
                colour, ms = OPENING_BANNERS[look.kind]
                self.banner(look.opening.title, self.say_for_pads(look.opening.pad or look.opening.keys,
                                                                  look.opening.keys), colour, ms)
        elif e["phase"] == "play" and e["turn"] == self.me and not self.over:
            self.popup("Ваш ход", GRID.centerx, GRID.centery - 60, ACCENT, 34)

    def acts_in(self, look: PhaseLook, turn: int) -> bool:
        """This seat takes the turn of a phase of turns, or may press a button of a phase a move waits in."""
        return turn == self.me if look.kind == TURN else any(self.can(b.action) for b in look.buttons)

    def ev_clock_paused(self, e: dict, before: dict) -> None:
        name = self.name(e["seat"])
        self.banner("Пауза", f"{acts(name, 'остановил', e['seat'] == self.me)} часы", ACCENT, 2400)

    def ev_clock_resumed(self, e: dict, before: dict) -> None:
        self.banner("Игра продолжается", "Часы снова идут", ACCENT, 1600)

    def ev_move_timed_out(self, e: dict, before: dict) -> None:
        mine = e["seat"] == self.me
        if mine:
            self.rack.recall()  # the tiles laid but not sent go back: the move is over
        self.banner("Время вышло", "Ваш ход пропущен" if mine else f"{self.name(e['seat'])}: ход пропущен", DANGER,
                    2600)

    def ev_time_penalty(self, e: dict, before: dict) -> None:
        self.popup(f"-{e['points']}", *plate_score_point(e["seat"]), DANGER, 26)

    def ev_game_ended(self, e: dict, before: dict) -> None:
        winners = e["winners"]
        if self.me in winners:
            self.banner("Победа!" if len(winners) == 1 else "Ничья!", "Партия окончена", GOLD, 3000)
        else:
            self.banner("Партия окончена", "Победа: " + ", ".join(self.name(s) for s in winners), ACCENT, 3000)
        for seat, adj in enumerate(e["adjustments"]):
            if adj:
                self.popup(f"{adj:+d}", *plate_score_point(seat), GOOD if adj > 0 else DANGER, 26)
        self.ending.game_ended()

    def on_over(self) -> None:
        self.dialog = None
        self.rack.drag = None
        self.rack.recall()
        self.ending.game_over()

    def on_error(self, reason: str, code: str = "illegal") -> None:
        super().on_error(reason, code)
        if self.rack.awaiting:
            self.rack.refused, self.rack.refused_code = reason, code  # the tiles stay where they were
        self.rack.awaiting = False

    # ================================================================== animation helpers
    def later(self, ms: float, action: Callable[[], None]) -> None:
        if ms <= 0:
            action()
        else:
            self.timers.append([ms, action])

    def fly(self, picture, start, end, delay: float = 0.0, ms: float = 420.0, arc: float = 36.0,
            on_land: Callable[[], None] | None = None, cell: Cell | None = None, sound: str | None = None) -> None:
        """A tile in the air from ``start`` to ``end``; the board ``cell`` it flies to shows empty until it lands."""
        if cell is not None:
            self.board.in_air[cell] += 1

        def land() -> None:
            if cell is not None:
                self.board.in_air.land(cell)
            if sound:
                self.app.play_sound(sound)
            if on_land:
                on_land()

        tween = Tween((0.0,), (1.0,), ms, ease_out_cubic if arc < 30 else ease_in_out_cubic, delay_ms=delay)
        self.flights.add(PictureFlight(picture, tuple(start), tuple(end), tween, arc, land, shadow=True))

    # ================================================================== moves sent
    def submit(self) -> None:
        if self.over:
            return
        if self.pick() is not None:
            self.send_pick()
            return
        if not self.rack.placed:
            self.app.toast("Сначала выложите фишки на поле.", 1800)
            self.app.play_sound("invalid")
            return
        if not self.my_turn():
            self.app.toast(f"Сейчас ходит {self.seat_name(self.view.get('turn', 0))}: дождитесь своей очереди.", 2000)
            self.app.play_sound("invalid")
            return
        self.send_place(dispute=False)

    def send_place(self, dispute: bool) -> None:
        tiles = [[r, c, tid, letter.lower()] for (r, c), (tid, letter) in sorted(self.rack.placed.items())]
        swaps = [[r, c, tid] for (r, c), tid in sorted(self.rack.swaps.items())]
        action = {"kind": "place", "tiles": tiles, "swaps": swaps, "dispute": dispute, "vowels": self.buttons.vowels()}
        self.rack.awaiting = True
        self.send(action)

    def send_pick(self) -> None:
        """The tiles picked off the board, as the phase's action."""
        pick = self.pick()
        if not self.board.picked:
            self.app.toast(pick.nothing, 2000)
            self.app.play_sound("invalid")
            return
        self.send({"kind": pick.action, "cells": [list(c) for c in self.board.picked]})

    # ================================================================== input
    def uses_back(self, intent: Intent) -> bool:
        if self.dialog is not None or self.rack.drag is not None:
            return True
        if self.showing_results() or intent.device == MOUSE:
            return False
        if intent.device == KEYBOARD:
            return super().uses_back(intent)  # Backspace takes the last tile back
        return bool(self.rack.place_order) or self.zone == "buttons"  # B on a pad: the last tile, then the board

    def handle_table(self, intent: Intent) -> None:
        self.controls.handle(intent)

    def pad_names(self) -> dict[str, str]:
        """The pad's button of each intent under today's bindings; «—» for one the settings left without a button."""
        return pad_names(self.app.settings)

    def pads_in_use(self) -> bool:
        return bool(self.app.input.pads)

    def say_for_pads(self, pad_words: str, keyboard_words: str) -> str:
        """A hint in the pad's buttons (as bound) while a pad is plugged in, else in keys and the mouse."""
        return pad_words.format_map(self.pad_names()) if self.pads_in_use() else keyboard_words

    # ================================================================== update
    def update_table(self, dt_ms: float) -> None:
        if self.view is None:
            return
        if not self.warmed:
            warm_pictures(self.view.get("tile_points", {}))
            self.warmed = True
        if self.view is not self.rack.matched_view:  # a snapshot (a reconnection) brings a rack without its events
            self.rack.matched_view = self.view
            self.match_view()
        self.age += dt_ms
        for timer in list(self.timers):
            timer[0] -= dt_ms
            if timer[0] <= 0:
                self.timers.remove(timer)
                timer[1]()
        self.side.step(dt_ms)
        self.rack.step(dt_ms)
        self.ending.step(dt_ms)
        if self.dialog is not None and not self.dialog.still_wanted():
            self.dialog = None
        self.buttons.rebuild()
        self.buttons.group.update(dt_ms)

    # ================================================================== drawing
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
                             "history": tuple(self.side.history_lines()), "bag": self.side.bag_text()}
            self._drawing_of, self._drawing_names = view, list(self.names)
        return self._drawing

    def still_layer(self) -> pygame.Surface:
        """The whole canvas as it stands between moves: the cloth, the board with its tiles, the
        bag line, the history and the help. One opaque blit a frame; each part is repainted in
        its own region only when what it shows changes (a move changes two or three of them)."""
        drawing = self.view_drawing()
        parts = {"board": self.board.key(), "info": (drawing["bag"], self.side.status_text()),
                 "history": (drawing["history"], self.notice_up()), "help": self.side.help_lines()}
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
                   "help": self.side.help_rect()}
        painters = {"board": lambda: still.blit(self.board.layer(), FRAME), "info": lambda: self.side.draw_info(still),
                    "history": lambda: self.side.draw_history(still), "help": lambda: self.side.draw_help(still)}
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
            surface.blit(self.board.layer(), FRAME.move(shake, 0))
        if self.board.in_air:
            self.board.draw_in_air(surface, shake)
        self.rack.draw_laid(surface, shake)
        self.board.draw_cursor(surface, alpha, shake)
        self.side.draw_plates(surface)
        if self.watching():
            self.side.draw_watching(surface)
        else:
            self.side.draw_preview(surface)
            self.rack.draw(surface, alpha)
        self.buttons.draw(surface)
        self.flights.draw(surface, alpha)
        self.rack.draw_drag(surface)
        self.banners.draw(surface, alpha, centre=(GRID.centerx, GRID.top + 120))
        if self.showing_results():
            self.ending.draw(surface)

    def draw_over_popups(self, surface: pygame.Surface) -> None:
        if self.dialog is not None:
            self.dialog.draw(surface)

    def screen_badge_corner(self) -> tuple[int, int]:
        # the screen's corner is the first plate's score: the badge stands on the moves list's heading row, whose
        # right side is bare
        rect = history_rect(self.players)
        return rect.right - 14, rect.top + 6

    def notice_zone(self) -> pygame.Rect:
        # the top of the moves list under its heading: the list's newest rows step down below a notice while it stands
        rect = history_rect(self.players)
        return pygame.Rect(rect.left + 8, rect.top + 36, rect.width - 16, 80)

    # ================================================================== «Повтор партии»
    def analysis_panel(self, surface: pygame.Surface, replay) -> None:
        """The moves list with the master's analysis beside it, and the step's move over the rack."""
        if self.view is None:
            return
        shown.draw_moves(surface, self, replay)
        shown.draw_step_line(surface, self, replay)

    def replay_exports(self, replay) -> list[tuple[str, str]]:
        return self.ending.replay_exports(replay)

    def final_page(self, replay) -> pygame.Surface:
        return self.ending.final_page(replay)

    def export(self, key: str, replay) -> None:
        self.ending.export(key, replay)


def create(connection, game_id: str, names: list[str]) -> BoardScene:
    return BoardScene(connection, game_id, names)
