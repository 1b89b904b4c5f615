"""«Повтор партии»: a finished game shown again by its own table scene, step by step from its journal.

The table is the game's own (``make_table``: its scene class on a ``ReplayConnection``), watching one seat's view at a
time as the rules give it: the viewer switches seats to show every hand. A step forward brings that step's events, so
the table animates it as it did then (its banners say who shouted first and by how many milliseconds, as judged); a
step back or a jump opens the table afresh at that step, as a window that connects mid-game does. The table gets no
input: the viewer takes every press, and draws its controls in the table's ``REPLAY_CORNER``, where the table's own
buttons for making moves stand (a replay draws none). A board game is analysed meanwhile on a worker
(``launch.analyse_soon``): the table shows the analysis (``analysis_panel``) as it comes.

Controls (through the app's input mapping, named in the hint as bound today): left/right a step, up/down ten steps
(the mouse wheel a step), «confirm» play or pause, «draw» the speed (1× the game's own pace, long waits shortened;
4× four times that), «peek» whose hand, «catch»/«slap» (the pad's shoulders) and Home/End the start and the end,
«back» leaves; the mouse clicks the buttons and the timeline."""
from __future__ import annotations

import threading
from typing import Callable

import pygame

from game import assets, launch
from game.input import MOUSE, Intent
from game.net.analysis import Analysis, Progress, analysable
from game.net.replay import ReplayConnection, ReplayTape, ReplayUnavailable
from game.scenes.base import (
    ACCENT,
    DISABLED,
    INK,
    INK_DIM,
    PANEL,
    PANEL_EDGE,
    FocusGroup,
    Scene,
    Widget,
    bound_hint,
    dealing_words,
    draw_background,
    draw_busy,
    fitted_text,
    mix,
    panel,
    wrapped,
)

SPEEDS = (1, 4)
LONGEST_WAIT_MS = 3000  # at 1×: a long think is shortened to this
SHORTEST_WAIT_MS = 450  # at 1×: a step shows at least this long
BIG_STEP = 10
ICON = 34  # an icon button's side
GAP = 4
# the fullest that fits the corner is shown: every control named where there is room, the main ones where there is not
KEY_HINTS = ("{arrows} — ход, вверх/вниз — по 10 · {key_confirm} — пуск/пауза · {key_draw} — скорость · "
             "{key_peek} — чьи {hand} · Home/End — начало/конец · {key_back} — выйти",
             "{arrows} — ход · {key_confirm} — пуск · {key_draw} — скорость · {key_peek} — чьи {hand} · "
             "{key_back} — выйти",
             "{arrows} — ход · {key_confirm} — пуск · {key_back} — выйти")
PAD_HINTS = ("Крестовина — ход, вверх/вниз — по 10 · {pad_confirm} — пуск/пауза · {pad_draw} — скорость · "
             "{pad_peek} — чьи {hand} · {pad_catch}/{pad_slap} — начало/конец · {pad_back} — выйти",
             "Крестовина — ход · {pad_confirm} — пуск · {pad_draw} — скорость · {pad_peek} — чьи {hand} · "
             "{pad_back} — выйти",
             "Крестовина — ход · {pad_confirm} — пуск · {pad_back} — выйти")
ICONS = ("start", "back", "play", "forward", "end")


def open_table_replay(app, header: dict, entries: list, names: list[str], seat: int,
                      make_table: Callable[[ReplayConnection], Scene]) -> None:
    """The viewer of a finished game, pushed at once: it says it is getting ready while the journal is walked."""
    app.push(ReplayScene(header, entries, names, seat, make_table))


class ReplayButton(Widget):
    """A compact button of the viewer: an icon (``icon``) or a short label, lit while the pointer is on it."""

    icon: str = ""

    def draw(self, surface: pygame.Surface, focused: bool) -> None:
        lit = self.enabled and self.hover > 0.5
        edge = ACCENT if lit else (PANEL_EDGE if self.enabled else DISABLED)
        surface.blit(panel(self.rect.size, (28, 56, 50) if lit else PANEL, edge, 2, 9), self.rect)
        ink = INK if self.enabled else DISABLED
        if self.icon:
            draw_icon(surface, self.icon, self.rect.center, ink)
            return
        label = fitted_text(self.label, self.size, ink, "bold", self.rect.w - 10)
        surface.blit(label, label.get_rect(center=self.rect.center))


def draw_icon(surface: pygame.Surface, icon: str, centre: tuple[int, int], ink: tuple) -> None:
    """The player's usual signs, drawn, not typed: ⏮ ◀ ▶/❚❚ ▶ ⏭."""
    x, y = centre

    def triangle(tip_x: int, facing: int) -> None:
        pygame.draw.polygon(surface, ink, [(tip_x, y), (tip_x - 9 * facing, y - 8), (tip_x - 9 * facing, y + 8)])

    if icon == "start":
        pygame.draw.rect(surface, ink, (x - 8, y - 8, 3, 16))
        triangle(x - 4, -1)
        triangle(x + 5, -1)
    elif icon == "back":
        triangle(x - 5, -1)
    elif icon == "play":
        triangle(x + 5, 1)
    elif icon == "pause":
        pygame.draw.rect(surface, ink, (x - 6, y - 8, 4, 16))
        pygame.draw.rect(surface, ink, (x + 2, y - 8, 4, 16))
    elif icon == "forward":
        triangle(x + 5, 1)
    elif icon == "end":
        triangle(x - 4, 1)
        triangle(x + 5, 1)
        pygame.draw.rect(surface, ink, (x + 6, y - 8, 3, 16))


class ReplayScene(Scene):
    """The viewer (see the module's text)."""

    def __init__(self, header: dict, entries: list, names: list[str], seat: int,
                 make_table: Callable[[ReplayConnection], Scene], prepared: tuple | None = None, at: int | None = None):
        """``prepared``: (the tape, the analysis or None) made beforehand (a screenshot); ``at``: the step to open at
        (the last one, the game as it ended, unless told)."""
        self.header, self.entries = header, list(entries)
        self.prepared, self.open_at = prepared, at
        self.names = list(names)
        self.seat = seat
        self.make_table = make_table
        self.game_id: str = header["game"]
        self.tape: ReplayTape | None = None
        self.final_view: dict = {}  # the game as it ended, seen from the first seat shown
        self.table = None
        self.step = 0
        self.playing = False
        self.speed = SPEEDS[0]
        self.waited_ms = 0.0
        self.busy_ms = 0.0
        self.preparing = None
        self.analysis: Analysis | None = None
        self.analysis_error = ""
        self.progress = Progress()
        self.stop = threading.Event()
        self.analysing = None
        self.group = FocusGroup()
        self._corner_key: tuple | None = None

    # ------------------------------------------------------------------ the scene
    def enter(self) -> None:
        if self.prepared is not None:
            self.tape, self.analysis = self.prepared
            self.begin()
            return
        self.preparing = launch.replay_soon(self.header, self.entries, self.seat)
        if analysable(self.game_id):
            self.analysing = launch.analyse_soon(self.header, self.entries, self.progress, self.stop)

    def exit(self) -> None:
        self.stop.set()  # an analysis still running ends at its next entry
        if self.table is not None:
            self.table.exit()

    @property
    def shown_table(self):
        """The table scene this viewer shows (the real-window tests' probe reports it as the table)."""
        return self.table

    def notice_zone(self) -> pygame.Rect:
        return self.table.notice_zone() if self.table is not None else super().notice_zone()

    @property
    def last(self) -> int:
        return self.tape.last if self.tape is not None else 0

    def update(self, dt_ms: float) -> None:
        self.busy_ms += dt_ms
        if self.tape is None:
            self.take_tape()
            return
        self.take_analysis()
        if self.playing:
            self.waited_ms += dt_ms
            if self.step >= self.last:
                self.playing = False
            elif self.waited_ms >= self.wait_ms():
                self.waited_ms = 0.0
                self.forward()
        self.table.update(dt_ms)
        self.rebuild_corner()

    def take_tape(self) -> None:
        if self.preparing is None or not self.preparing.done():
            return
        try:
            self.tape = self.preparing.result()
        except ReplayUnavailable as refusal:
            self.app.toast(str(refusal), 5000)
            self.app.pop()
            return
        self.begin()

    def begin(self) -> None:
        self.final_view = self.tape.message(self.tape.last, self.seat)["view"]
        # the game as it ended, still (the results were just seen), unless a step is asked for
        self.show(self.tape.last if self.open_at is None else self.open_at, animate=self.open_at is not None)

    def take_analysis(self) -> None:
        if self.analysing is None or not self.analysing.done():
            return
        future, self.analysing = self.analysing, None
        try:
            self.analysis = future.result()
        except Exception as exc:  # noqa: BLE001 - the replay stands without its analysis; the reason is said
            self.analysis_error = f"Разбор не удался: {exc}"

    # ------------------------------------------------------------------ steps
    def show(self, step: int, animate: bool = True) -> None:
        """The table opened afresh at ``step`` (a jump, a step back, another seat's hand): at the step before, and then
        that step with its events (``animate``), so the table shows the move that led there as it showed it then —
        a reflex race's verdict among them."""
        step = max(0, min(step, self.last))
        if self.table is not None:
            self.table.exit()
        animate = animate and step > 0
        line = ReplayConnection(self.tape, self.seat, step - 1 if animate else step)
        if animate:
            line.show(step, forward=True)
        table = self.make_table(line)
        table.app = self.app
        table.enter()
        table.update(0.0)  # its first update: the view of that step
        self.table, self.step = table, step
        self.waited_ms = 0.0
        self._corner_key = None
        self.rebuild_corner()

    def forward(self) -> None:
        """One step on, its events animated by the table as they were then."""
        if self.step >= self.last:
            self.playing = False
            return
        self.step += 1
        self.table.conn.show(self.step, forward=True)
        self.waited_ms = 0.0

    def go(self, step: int) -> None:
        step = max(0, min(step, self.last))
        if step == self.step + 1:
            self.forward()
        elif step != self.step:
            self.show(step)

    def wait_ms(self) -> float:
        """How long the step shown stands while playing: as long as it stood in the game, within bounds, at speed."""
        gap = self.tape.time_ms(self.step + 1) - self.tape.time_ms(self.step)
        return max(SHORTEST_WAIT_MS, min(LONGEST_WAIT_MS, gap)) / self.speed

    def toggle_play(self) -> None:
        if self.step >= self.last:
            self.show(0)  # at the end «play» plays it from the start
        self.playing = not self.playing
        self.waited_ms = 0.0

    def next_speed(self) -> None:
        self.speed = SPEEDS[(SPEEDS.index(self.speed) + 1) % len(SPEEDS)]

    def next_seat(self) -> None:
        players = self.tape.players
        self.seat = (self.seat + 1) % players
        self.show(self.step)
        self.app.toast(f"{self.hand_word().capitalize()}: {self.seat_name(self.seat)}", 1500)

    # ------------------------------------------------------------------ input
    def handle(self, intent: Intent) -> None:
        name = intent.name
        if name in ("back", "menu"):
            self.app.play_sound("menu_move")
            self.app.pop()
            return
        if self.table is None:
            return
        if name in ("point", "press", "click") and intent.pos is not None:
            self.pointer = intent.pos
            for button in self.group.widgets:
                button.hover = 1.0 if button.rect.collidepoint(intent.pos) else 0.0
            if name != "click":
                return
            if self.timeline().inflate(0, 16).collidepoint(intent.pos):
                self.jump_to_point(intent.pos[0])
                return
            hit = next((b for b in self.group.widgets if b.rect.collidepoint(intent.pos)), None)
            if hit is not None:
                self.app.play_sound("menu_confirm")
                hit.activate()
            return
        key = intent.extra.get("key")
        moves = {"left": -1, "right": 1, "up": -BIG_STEP, "down": BIG_STEP}
        if intent.device == MOUSE and name in ("up", "down"):
            self.go(self.step + (-1 if name == "up" else 1))  # the wheel: a step at a time
        elif name in moves:
            self.playing = False
            self.go(self.step + moves[name])
        elif name == "confirm":
            self.toggle_play()
        elif name == "draw":
            self.next_speed()
        elif name == "peek":
            self.next_seat()
        elif name == "catch" or key == pygame.K_HOME:
            self.playing = False
            self.go(0)
        elif name == "slap" or key == pygame.K_END:
            self.playing = False
            self.go(self.last)

    def jump_to_point(self, x: int) -> None:
        line = self.timeline()
        share = (x - line.left) / max(1, line.width)
        self.playing = False
        self.go(round(share * self.last))

    # ------------------------------------------------------------------ what the viewer says
    def hand_word(self) -> str:
        return getattr(self.table, "HAND_WORD", "карты")

    def seat_name(self, seat: int) -> str:
        return self.names[seat] if 0 <= seat < len(self.names) else f"Игрок {seat + 1}"

    def step_text(self) -> str:
        if self.step == 0:
            return f"Раздача · ходов {self.last}"
        actor = self.tape.actor(self.step)
        who = self.seat_name(actor) if actor is not None else "по времени"
        return f"Ход {self.step} из {self.last} · {who}"

    def hints(self) -> list[str]:
        """The hint in the controls bound today, the fullest first."""
        return [bound_hint(self.app.settings, words.replace("{hand}", self.hand_word()))
                for words in (PAD_HINTS if self.app.input.pads else KEY_HINTS)]

    def replay_report(self) -> dict:
        """What the real-window tests' probe reports of the viewer."""
        return {"step": self.step, "last": self.last, "playing": self.playing, "speed": self.speed,
                "seat": self.seat, "ready": self.table is not None,
                "analysis": None if self.analysis is None else len(self.analysis.turns),
                "analysis_share": round(self.progress.share, 3)}

    # ------------------------------------------------------------------ the corner
    def corner(self) -> pygame.Rect:
        return type(self.table).REPLAY_CORNER

    def rebuild_corner(self) -> None:
        """The buttons of the corner, laid out again when what they say changes."""
        exports = self.table.replay_exports(self)
        key = (self.playing, self.speed, self.seat, tuple(exports), assets.text_scale)
        if key == self._corner_key:
            return
        self._corner_key = key
        pointer = getattr(self, "pointer", None)
        box = self.corner().inflate(-16, -16)
        y = box.top + self.head_height()
        buttons: list[tuple[str, str, Callable[[], None], str]] = [
            ("В начало", "start", lambda: self.go(0), ""),
            ("Назад", "back", lambda: self.go(self.step - 1), ""),
            ("Пауза" if self.playing else "Пуск", "pause" if self.playing else "play", self.toggle_play, ""),
            ("Вперёд", "forward", lambda: self.go(self.step + 1), ""),
            ("В конец", "end", lambda: self.go(self.last), ""),
            (f"{self.speed}×", "", self.next_speed, "speed"),
            (f"{self.hand_word().capitalize()}: {self.seat_name(self.seat)}", "", self.next_seat, "seat"),
        ]
        buttons += [(label, "", lambda k=export: self.table.export(k, self), export) for export, label in exports]
        self.group = FocusGroup()
        x = box.left
        for label, icon, run, note in buttons:
            width = ICON if icon else max(ICON + 8, assets.text(label, 16, INK, "bold").get_width() + 20)
            width = min(width, box.width)
            if x + width > box.right:
                x, y = box.left, y + ICON + GAP
            button = ReplayButton(pygame.Rect(x, y, width, ICON), label, on_confirm=run, size=16)
            button.icon = icon
            button.key = note or icon  # what the probe names it by
            button.hover = 1.0 if pointer is not None and button.rect.collidepoint(pointer) else 0.0
            self.group.add(button)
            x += width + GAP
        self.buttons_bottom = y + ICON

    def head_height(self) -> int:
        return round(20 * assets.text_scale) + 18

    def timeline(self) -> pygame.Rect:
        box = self.corner().inflate(-16, -16)
        return pygame.Rect(box.left + 2, box.top + round(20 * assets.text_scale) + 4, box.width - 4, 8)

    def hint_lines(self, width: int, room: int) -> tuple[list[str], int]:
        """The fullest hint wrapped into ``width`` that stands within ``room`` pixels of height, at the largest size
        that lets it; none where not even the shortest does."""
        for text in self.hints():
            for size in (13, 12):
                lines = wrapped(text, size, width)
                if len(lines) * assets.text("Ёу", size).get_height() <= room:
                    return lines, size
        return [], 12

    def draw_corner(self, surface: pygame.Surface) -> None:
        corner = self.corner()
        surface.blit(panel(corner.size, (14, 30, 28), PANEL_EDGE, 2, 14), corner)
        box = corner.inflate(-16, -16)
        surface.blit(fitted_text(self.step_text(), 17, ACCENT, "bold", box.width), (box.left, box.top - 2))
        line = self.timeline()
        pygame.draw.rect(surface, (40, 70, 64), line, border_radius=4)
        done = line.copy()
        done.width = round(line.width * self.step / max(1, self.last))
        if done.width:
            pygame.draw.rect(surface, mix(ACCENT, INK, 0.2), done, border_radius=4)
        pygame.draw.circle(surface, INK, (line.left + done.width, line.centery), 7)
        for button in self.group.widgets:
            button.draw(surface, False)
        lines, size = self.hint_lines(box.width, box.bottom - self.buttons_bottom - 4)
        y = self.buttons_bottom + 4
        for text in lines:
            label = assets.text(text, size, INK_DIM)
            surface.blit(label, (box.left, y))
            y += label.get_height()

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        if self.table is None:
            draw_background(surface)
            draw_busy(surface, "Готовим повтор партии…" if self.tape is None else dealing_words(self.game_id),
                      self.busy_ms)
            return
        self.table.draw(surface, alpha)
        self.table.analysis_panel(surface, self)
        self.draw_corner(surface)

    def forget_drawn(self) -> None:
        if self.table is not None:
            self.table.forget_drawn()
