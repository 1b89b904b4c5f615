"""The side of the board table: the players' plates (name, tiles, the score counting up, a clock with «Часы», a
variant's count such as «снято»), the bag and the status line, the moves list, the line over the rack (the live
score of the laid tiles, the refusal, the tiles picked), the keys' help, and the corner of a window that only
watches. A variant's phase speaks here in its look's words."""
from __future__ import annotations

import math
from functools import lru_cache

import pygame

from game import art, assets
from game.rules.board import HOLD, LOOK, WINDOW, clock_text
from game.rules.words_ru import count as count_of
from game.scenes.base import (ACCENT, DANGER, DANGER_TEXT, HEIGHT, INK, INK_DIM, PANEL, PANEL_EDGE, fitted_text, mix,
                              panel)
from game.scenes.board.moves import is_loss, move_said, score_said
from game.scenes.board.layout import (DETAIL_REACH, GOLD, GOOD, HELP_Y, NAME_REACH, PENDING, PLATE_INSET, PREVIEW,
                                      SIDE_W, SIDE_X, history_rect, info_rect, plate_rect, tile_back)
from game.scenes.table.couch import device_label, is_pad
from game.scenes.table.plates import paint_absence

KEY_HELP = ("Буквы — у курсора · стрелки — курсор · пробел — направление · Enter — сыграть",
            "Backspace — убрать · Del — вернуть · F2 пас · F3 обмен · F4 перемешать")
# the pad's buttons by intent, filled in with today's bindings (the settings may move them)
PAD_HELP = ("Крестовина — курсор · {catch}/{slap} — фишка · {confirm} — выложить или убрать · {shout} — сыграть",
            "{draw} — направление · {back} — убрать последнюю · вправо за край поля — кнопки")
PAD_INVITATION = "{catch}/{slap} — выбрать фишку · {confirm} — на поле под курсор"
CLOCK_LOW_MS = 30_000  # a clock with less than this left (or over its time) turns red
CLOCK_SIZE = 18
CLOCK_RUNNING = (30, 62, 52)  # the clock that runs: lit like the plate of the seat on turn
CLOCK_IDLE = (12, 28, 26)
CLOCK_LOW = (150, 34, 30)  # deep enough under INK for 4.5:1 (the danger red itself reads 3.5:1 under it)


class SidePanel:
    window_seen: tuple[int, int] | None = None  # (the host's deadline, this machine's time) a window was first shown
    clock_frozen: tuple[int, int] | None = None  # (the clock's ``at``, the host's time) when the pause menu opened

    def __init__(self, scene):
        self.scene = scene
        self.shown_scores: list[float] = []  # each seat's score as counted up to its new value
        self.glow = 0.0  # how lit the plate of the seat on turn is, after the turn passed to it

    def step(self, dt_ms: float) -> None:
        self.glow = min(1.0, self.glow + dt_ms / 400.0)
        scores = self.scene.view.get("scores", [])
        if len(self.shown_scores) != len(scores):
            self.shown_scores = [float(s) for s in scores]
        k = 1.0 - math.exp(-dt_ms / 180.0)
        for i, s in enumerate(scores):
            d = s - self.shown_scores[i]
            self.shown_scores[i] = float(s) if abs(d) < 0.5 else self.shown_scores[i] + d * k

    # ---- the plates
    def draw_plates(self, surface: pygame.Surface) -> None:
        scene = self.scene
        view = scene.view
        counts = view.get("rack_counts", [])
        turn = view.get("turn")
        phase = scene.phase
        look = scene.phase_look()
        pending = view.get("pending") or {}
        tallies = [(t.label, view.get(t.view_key)) for t in LOOK.tallies if phase in t.phases or phase == "over"]
        for seat in range(scene.players):
            active = seat == turn and scene.turn_phase() and not scene.over
            waiting = look is not None and look.kind == WINDOW and seat == pending.get("seat")
            n = counts[seat] if seat < len(counts) else 0
            detail = f"фишек: {n}" + ("  · ходит" if active else "") + ("  · ждёт проверки" if waiting else "")
            for label, values in tallies:
                if values is not None:
                    detail += f"  · {label}: {values[seat]}"
            detail += self.couch_device_note(seat)
            glow = round(self.glow * 8) / 8 if active else 0.0
            rect = plate_rect(seat)
            clock = view.get("clock")
            box = clock_box(rect) if clock else None
            # the name and the tiles line end short of the clock (they end 52 px from the plate's edge without it)
            room = max(0, rect.right - 52 - (box.left - 10)) if box else 0
            surface.blit(plate_picture(seat, scene.name(seat), seat == scene.me, detail, active, waiting, glow, room,
                                       scene.seat_colour(seat)),
                         rect)
            paint_absence(surface, rect, scene.absence(seat), (rect.centerx, rect.bottom - 3))  # the next plate is close
            shown = round(self.shown_scores[seat]) if seat < len(self.shown_scores) else 0
            label = assets.text(str(shown), 30, GOLD if active else INK, "heading")
            surface.blit(label, label.get_rect(midright=(rect.right - 16, rect.centery)))
            if box:
                self.draw_clock(surface, box, seat, clock)

    def clock_left_ms(self, seat: int) -> int:
        """What the seat's clock shows now: the view's time left as of ``at`` (the host's time of the last change),
        and for the clock that runs, less the host's time since."""
        scene = self.scene
        clock = scene.view["clock"]
        left = clock["left_ms"][seat]
        if clock.get("runs") != seat or scene.over:
            return left
        frozen = self.clock_frozen
        now = frozen[1] if frozen is not None and frozen[0] == clock["at"] else scene.host_now_ms()
        return left - max(0, now - clock["at"])

    def draw_clock(self, surface: pygame.Surface, box: pygame.Rect, seat: int, clock: dict) -> None:
        """The seat's clock in ``box`` on its plate: lit while it runs, red under 30 s and over time."""
        left = self.clock_left_ms(seat)
        running = clock.get("runs") == seat and not self.scene.over
        low = left < CLOCK_LOW_MS
        label = assets.text(clock_text(left), CLOCK_SIZE, INK if running or low else INK_DIM, "bold")
        fill = CLOCK_LOW if low else CLOCK_RUNNING if running else CLOCK_IDLE
        edge = DANGER if low else ACCENT if running else PANEL_EDGE
        surface.blit(panel(box.size, fill, edge, 2, 9), box)
        surface.blit(label, label.get_rect(center=box.center))

    def couch_device_note(self, seat: int) -> str:
        """At a couch, which pad plays a seat («· Геймпад 2», numbered among the connected pads): friends with a pad each
        see whose is whose."""
        scene = self.scene
        ls = scene.local.get(seat)
        if not scene.couch or ls is None:
            return ""
        if ls.waiting:
            return "  · геймпад отключён"
        return "".join(f"  · {device_label(d, scene.app.input.pad_numbers)}" for d in sorted(ls.devices) if is_pad(d))

    # ---- the bag and the status line
    def draw_info(self, surface: pygame.Surface) -> None:
        rect = info_rect(self.scene.players)
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
        """What is left of a window a move waits in, counted on this machine's clock from when the window was first
        shown: the deadline is a moment on the host's clock, which a LAN player's machine does not share."""
        deadline, length = pending.get("deadline"), pending.get("window_ms")
        if deadline is None or length is None:
            return None
        now = self.scene.app.now_ms()
        if self.window_seen is None or self.window_seen[0] != deadline:
            self.window_seen = (deadline, now)
        return max(0, length - (now - self.window_seen[1]))

    def bag_text(self) -> str:
        view = self.scene.view
        text = f"В мешочке: {view.get('bag', 0)}"
        if view.get("bag_vowels") is not None:
            text += f" (гласных {view['bag_vowels']})"
        return text

    def status_text(self) -> str:
        scene = self.scene
        view = scene.view
        if scene.finished():
            return "Партия окончена"
        look = scene.phase_look()
        turn = view.get("turn", 0)
        if look is not None and look.kind == HOLD:
            by = scene.to_act[0] if scene.to_act else None  # the one the rules wait for: the seat that goes on
            return look.status + (f" — {look.goes_on} {scene.name(by)}" if by is not None and by != scene.me else "")
        if look is not None and look.kind == WINDOW:
            left = self.window_left_ms(view.get("pending") or {})
            return look.status + ("" if left is None else f" · {math.ceil(left / 1000)} с")
        if look is not None:
            return f"{look.status}: " + ("ваш ход" if view.get("turn") == scene.me else f"ходит {scene.name(turn)}")
        if not any(any(row) for row in view.get("board", [])):
            n = view.get("opening_min", 2)
            return "Первое слово — через центр" + (f", от {count_of(n, 'буквы')}" if n > 2 else "")
        return "Ваш ход" if view.get("turn") == scene.me else f"Ходит {scene.name(turn)}"

    # ---- the moves list
    def history_lines(self) -> list[tuple[str, str, str, tuple]]:
        """(who, the move, its score, the move's colour) of every entry of the game's history."""
        scene = self.scene
        out = []
        for h in scene.view.get("history", []):
            kind = h.get("kind")
            seat = h.get("seat", -1)
            who = scene.name(seat) if seat >= 0 else ""
            colour = (ACCENT if kind == "end" else DANGER_TEXT if is_loss(h)
                      else INK if kind == "place" or kind in LOOK.logged else INK_DIM)
            out.append(("Конец" if kind == "end" else who, move_said(h, scene.name), score_said(h), colour))
        return out

    def draw_history(self, surface: pygame.Surface) -> None:
        scene = self.scene
        if scene.replaying:
            return  # the replay's moves list, with the analysis beside each move, is drawn there (``analysis_panel``)
        rect = history_rect(scene.players)
        lines = self.history_lines()
        row_h = 21
        y = scene.notice_zone().bottom + 4 if scene.notice_up() else rect.top + 28
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

    # ---- over the rack, and under it
    def draw_preview(self, surface: pygame.Surface) -> None:
        scene, rack = self.scene, self.scene.rack
        if scene.finished() or scene.replaying:
            return  # nothing is laid any more: no invitation to drag tiles (a replay says its move there)
        p = rack.preview()
        pick = scene.pick()
        if rack.refused and rack.placed:
            text, colour = rack.refused, DANGER_TEXT
        elif pick is not None:
            n = len(scene.board.picked)
            choose = f"{scene.pad_names()['confirm']} выбирает" if scene.pads_in_use() else "пробел или щелчок выбирают"
            text, colour = (f"{pick.verb} {count_of(n, 'фишку')} — {choose}", INK) if n else (pick.invitation, INK_DIM)
        elif p is None or not rack.placed:
            text, colour = scene.say_for_pads(PAD_INVITATION, "Перетащите фишки на поле или печатайте буквы"), INK_DIM
        elif p.error:
            text, colour = p.error, DANGER_TEXT
        else:
            words = " + ".join(p.words)
            text, colour = f"{words}: {count_of(p.score, 'очко')}", GOOD
        label = assets.text(text, 18 if colour != INK_DIM else 16, colour, "bold")
        if label.get_width() > PREVIEW.width - 10:
            label = assets.text(text, 14, colour, "bold")
        surface.blit(label, label.get_rect(center=PREVIEW.center))

    def draw_watching(self, surface: pygame.Surface) -> None:
        """A watcher's corner (when no join card or seat offer covers it): what it is doing and who leads, instead of
        a rack it does not have, greyed buttons and the keys of moves it cannot make."""
        scene = self.scene
        corner = scene.JOIN_CORNER
        room = corner.width - 40
        surface.blit(panel(corner.size, (14, 32, 28), PANEL_EDGE, 1, 16), corner)  # over the empty rack's wood
        surface.blit(fitted_text("Вы смотрите игру", 24, ACCENT, "heading", room), (corner.x + 20, corner.y + 20))
        scores = scene.view.get("scores", [])
        best = max(scores, default=0)
        if not best:
            return
        leaders = ", ".join(scene.name(seat) for seat, score in enumerate(scores) if score == best)
        line = f"Впереди: {leaders} — {count_of(best, 'очко')}"
        surface.blit(fitted_text(line, 18, INK, "bold", room), (corner.x + 20, corner.y + 20 + round(44 * assets.text_scale)))

    def help_lines(self) -> tuple[str, ...]:
        scene = self.scene
        if scene.replaying:
            return ()  # the replay's controls and their keys stand there
        pads = scene.pads_in_use()
        if scene.finished():  # no moves are left: the keys of the buttons under the rack, and of «Повтор партии»
            replay = f" · {scene.replay_hint()}" if scene.replay_hint() else ""
            return ((f"Крестовина — выбор кнопки · {scene.pad_names()['confirm']} — нажать{replay}",) if pads
                    else (f"Стрелки — выбор кнопки · Enter — нажать{replay}",))
        if scene.watching():
            return ()
        if pads:
            return tuple(line.format_map(scene.pad_names()) for line in PAD_HELP)
        # the keys of a variant's buttons where they stand («F5 подсказка»)
        keys = "".join(f" · {b.key} {b.label.lower()}" for b in LOOK.turn_buttons if b.key and scene.buttons.shown(b))
        return KEY_HELP[:-1] + (KEY_HELP[-1] + keys,) if keys else KEY_HELP

    def draw_help(self, surface: pygame.Surface) -> None:
        lines = self.help_lines()
        size = 13  # «Крупный текст»: the lines still fit, both at the size the longer one needs
        while size > 9 and any(assets.text(line, size, INK_DIM).get_width() > SIDE_W for line in lines):
            size -= 1
        for i, line in enumerate(lines):
            label = assets.text(line, size, INK_DIM)
            surface.blit(label, label.get_rect(midtop=(SIDE_X + SIDE_W // 2, HELP_Y + i * 20)))

    @staticmethod
    def help_rect() -> pygame.Rect:
        return pygame.Rect(SIDE_X, HELP_Y - 2, SIDE_W, HEIGHT - HELP_Y + 2)


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
