"""«Места за столом»: who sits where on a shared screen.

Each gamepad pressing A takes the next free seat, B stands up again; Enter on a free seat or a
click on it seats the keyboard and mouse (the keyboard may take several seats: a hot seat
passed around). Start, or «Начать игру», starts once at least one person sits; free seats
become bots. A pad that is unplugged frees its seat.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

import pygame

from game import assets, launch
from game import rules as rules_registry
from game.input import KEYBOARD, Intent
from game.scenes.base import (
    ACCENT,
    DISABLED,
    HEIGHT,
    INK,
    INK_DIM,
    PANEL,
    PANEL_EDGE,
    WIDTH,
    MenuScene,
    Widget,
    dealing_words,
    draw_background,
    draw_busy,
    fitted_text,
    draw_hint,
    draw_title,
    key_names,
    pad_names,
    mix,
    panel,
)
from game.scenes.dealing import picture_steps, wait_for_deal
from game.scenes.table.couch import binding_of, device_label, is_pad

# couch players are named after their seat's avatar (art.AVATAR_KINDS), bots by people's names
AVATAR_NAMES = ("Смайлик", "Кот", "Мишка", "Зайка", "Сова", "Лиса", "Лягушка", "Робот")


def plural(n: int, one: str, few: str, many: str) -> str:
    if n % 10 == 1 and n % 100 != 11:
        return one
    if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
        return few
    return many


def couch_name(seat: int) -> str:
    lap, kind = divmod(seat, len(AVATAR_NAMES))
    return AVATAR_NAMES[kind] + (f" {lap + 1}" if lap else "")


@dataclass(eq=False)
class SeatSlot(Widget):
    seat: int = 0
    device: str | None = None  # the binding sitting here; None — free, a bot will play
    device_text: str = ""
    name: str = ""
    flash: float = 0.0  # 1 right after someone sat down, fades out
    pulse: float = 1.0  # the invitation on a free seat breathes
    sit_button: str = "A"  # the pad's buttons that sit down and stand up, as the settings bind them
    stand_button: str = "B"
    keyboard_key: str = "Enter"  # the keyboard's «confirm», which seats the keyboard and stands it up again

    def draw(self, surface: pygame.Surface, focused: bool) -> None:
        from game import art

        lift = round(self.hover * 8) / 8
        rect = self.rect.move(0, -round(4 * lift))
        taken = self.device is not None
        fill = mix(PANEL, (40, 80, 64), min(1.0, self.flash)) if taken else (16, 32, 30)
        edge = mix(PANEL_EDGE if taken else (50, 70, 64), ACCENT, max(lift, self.flash))
        surface.blit(panel(rect.size, (6, 14, 12), (0, 0, 0), 0, 20), rect.move(0, 6))
        surface.blit(panel(rect.size, fill, edge, 2 + round(2 * lift), 20), rect)
        place = assets.text(f"Место {self.seat + 1}", 16, INK_DIM, "bold")
        surface.blit(place, place.get_rect(midtop=(rect.centerx, rect.top + 10)))
        compact = rect.height < 260  # two rows of seats for big tables
        size = 58 if compact else 96
        face = art.avatar_for_seat(self.seat, size)
        if not taken:
            face = face.copy()
            face.set_alpha(90)
        face_y = rect.top + (32 if compact else 36) + size // 2
        surface.blit(face, face.get_rect(center=(rect.centerx, face_y)))
        y = face_y + size // 2 + (18 if compact else 22)
        if taken:
            name = assets.text(self.name, 22 if compact else 24, INK, "heading")
            surface.blit(name, name.get_rect(center=(rect.centerx, y)))
            icon_y = y + (30 if compact else 42)  # compact: room under the device's line for «встать»
            draw_icon = draw_pad_icon if self.device and is_pad(self.device) else draw_keyboard_icon
            draw_icon(surface, (rect.centerx, icon_y), ACCENT, 0.7 if compact else 1.0)
            dev = assets.text(self.device_text, 15 if compact else 16, ACCENT, "bold")
            surface.blit(dev, dev.get_rect(center=(rect.centerx, icon_y + (24 if compact else 32))))
            # in two rows too (six seats and more): under the device's line, as a free seat says its bot there
            how = f"{self.stand_button} — встать" if is_pad(self.device) else f"{self.keyboard_key} или щелчок — встать"
            if assets.text(how, 14, INK_DIM).get_width() > rect.width - 16:
                how = f"{self.keyboard_key} — встать"  # a narrow card in large text: the click goes without saying
            leave = fitted_text(how, 14, INK_DIM, "text", rect.width - 16)
            surface.blit(leave, leave.get_rect(midbottom=(rect.centerx, rect.bottom - 10)))
        else:
            free = assets.text("Свободно", 22, INK_DIM, "heading")
            surface.blit(free, free.get_rect(center=(rect.centerx, y)))
            glow = mix(INK_DIM, INK, self.pulse)
            lines = (f"{self.sit_button} — сесть",) if compact else (f"Нажмите {self.sit_button},", "чтобы сесть")
            for k, line in enumerate(lines):
                tip = assets.text(line, 17, glow, "bold")
                surface.blit(tip, tip.get_rect(center=(rect.centerx, y + (32 if compact else 36) + 22 * k)))
            bot = assets.text("иначе сыграет бот", 14, DISABLED)
            surface.blit(bot, bot.get_rect(midbottom=(rect.centerx, rect.bottom - 10)))


def draw_pad_icon(surface: pygame.Surface, center: tuple[int, int], color: tuple, scale: float = 1.0) -> None:
    x, y = center
    s = scale
    body = pygame.Rect(0, 0, round(64 * s), round(30 * s))
    body.center = (x, y - round(2 * s))
    for gx in (-1, 1):
        pygame.draw.circle(surface, color, (x + gx * round(22 * s), y + round(6 * s)), round(12 * s))
    pygame.draw.rect(surface, color, body, border_radius=round(14 * s))
    dark = (20, 36, 32)
    cx, cy = x - round(18 * s), y - round(2 * s)
    pygame.draw.rect(surface, dark, (cx - round(7 * s), cy - round(2 * s), round(14 * s), round(4 * s)))
    pygame.draw.rect(surface, dark, (cx - round(2 * s), cy - round(7 * s), round(4 * s), round(14 * s)))
    bx, by = x + round(18 * s), y - round(2 * s)
    for dx, dy in ((0, -5), (5, 0), (0, 5), (-5, 0)):
        pygame.draw.circle(surface, dark, (bx + round(dx * s), by + round(dy * s)), max(2, round(2.5 * s)))


def draw_keyboard_icon(surface: pygame.Surface, center: tuple[int, int], color: tuple, scale: float = 1.0) -> None:
    x, y = center
    s = scale
    body = pygame.Rect(0, 0, round(56 * s), round(28 * s))
    body.center = (x - round(10 * s), y)
    pygame.draw.rect(surface, color, body, border_radius=round(5 * s))
    dark = (20, 36, 32)
    for row in range(2):
        for col in range(6):
            key = pygame.Rect(body.left + round((4 + col * 8.5) * s), body.top + round((4 + row * 8) * s),
                              round(6 * s), round(6 * s))
            pygame.draw.rect(surface, dark, key, border_radius=1)
    pygame.draw.rect(surface, dark, (body.left + round(12 * s), body.top + round(20 * s), round(32 * s), round(4 * s)))
    mouse = pygame.Rect(0, 0, round(16 * s), round(24 * s))
    mouse.midleft = (body.right + round(5 * s), y)
    pygame.draw.ellipse(surface, color, mouse)
    pygame.draw.line(surface, dark, (mouse.centerx, mouse.top + 2), (mouse.centerx, mouse.top + round(9 * s)), 2)


@dataclass
class SeatPlan:
    """What the seat screen decided: who sits where, by which device."""

    game_id: str
    count: int
    level: str
    options: dict = field(default_factory=dict)
    seated: dict[int, str] = field(default_factory=dict)  # seat -> binding
    seed: int | None = None  # None: from the clock
    clock: Any = None  # the host's clock; None: real time (tests pass a virtual one)


class SeatScene(MenuScene):
    title = "Места за столом"
    hint = ("{pad_confirm} — сесть · {pad_back} — встать · {pad_menu} — начать   |   "
            "{key_confirm} или щелчок по месту — сесть с клавиатурой и мышью")

    def __init__(self, game_id: str, count: int, level: str, options: dict | None = None,
                 seated: dict[int, str] | None = None):
        super().__init__()
        self.plan = SeatPlan(game_id, count, level, dict(options or {}), dict(seated or {}))
        self.slots: list[SeatSlot] = []
        self.pending_start = False
        self.dealing = None  # the table being dealt in the background (a Future of its connections)
        self.dealing_seats: list = []
        self.dealing_ms = 0.0
        self.waiting_intents: list[Intent] = []  # pads plugged or unplugged while the table is dealt: the table's news
        self.pictures = iter(())
        self.t = 0.0

    @property
    def subtitle(self) -> str:  # type: ignore[override]
        info = rules_registry.BY_ID.get(self.plan.game_id)
        title = info.title if info else self.plan.game_id
        count = self.plan.count
        return f"{title}: {count} {plural(count, 'место', 'места', 'мест')} · свободные места займут боты"

    def device_text(self, device: str) -> str:
        return device_label(device, self.app.input.pad_numbers)  # the number the table will say too

    def enter(self) -> None:
        self.build()  # the focus starts on the first free seat: Enter there seats the keyboard
        self.pictures = picture_steps(self.plan.game_id)  # drawn ahead while people sit down, as the setup screen does

    def build(self) -> None:
        g = self.group
        g.widgets.clear()
        self.slots = []
        count = self.plan.count
        per_row = count if count <= 5 else (count + 1) // 2
        rows = 1 if count <= 5 else 2
        gap = 18
        width = min(220, (WIDTH - 80 - gap * (per_row - 1)) // per_row)
        height = 330 if rows == 1 else 206
        top = 140 if rows == 1 else 122
        for seat in range(count):
            row, col = divmod(seat, per_row)
            in_row = min(per_row, count - row * per_row)
            left = (WIDTH - (in_row * width + (in_row - 1) * gap)) // 2
            rect = pygame.Rect(left + col * (width + gap), top + row * (height + gap), width, height)
            slot = SeatSlot(rect, "", seat=seat)
            self.slots.append(g.add(slot))
        y = 520 if rows == 1 else 570
        self.start_button = g.add(Widget(pygame.Rect(WIDTH // 2 - 10 - 300, y, 300, 64), "Начать игру",
                                         on_confirm=self.request_start, size=28))
        self.back_button = g.add(Widget(pygame.Rect(WIDTH // 2 + 10, y, 220, 64), "Назад", on_confirm=self.app.pop))
        self.refresh()
        g.focus = next((i for i, s in enumerate(self.slots) if s.device is None), len(self.slots))

    def refresh(self) -> None:
        keyboard_seats = 0
        buttons, keys = pad_names(self.app.settings), key_names(self.app.settings)
        for slot in self.slots:
            slot.sit_button, slot.stand_button = buttons["confirm"], buttons["back"]
            slot.keyboard_key = keys["confirm"]
            device = self.plan.seated.get(slot.seat)
            slot.device = device
            if device is None:
                slot.name, slot.device_text = "", ""
                continue
            slot.device_text = self.device_text(device)
            if device == KEYBOARD and keyboard_seats == 0:
                slot.name = self.app.settings.player_name
            else:
                slot.name = couch_name(slot.seat)
            keyboard_seats += device == KEYBOARD
        people = len(self.plan.seated)
        self.start_button.enabled = people > 0
        self.start_button.note = f"людей: {people}, ботов: {self.plan.count - people}" if people else "сначала сядьте"

    # ------------------------------------------------------------------ seats
    def sit(self, device: str, seat: int | None = None) -> bool:
        device = binding_of(device)
        if seat is None:
            seat = next((s for s in range(self.plan.count) if s not in self.plan.seated), None)
            if seat is None:
                self.app.toast("Все места заняты.", 2000)
                return False
        if seat in self.plan.seated:
            return False
        self.plan.seated[seat] = device
        self.slots[seat].flash = 1.0
        self.app.play_sound("menu_confirm")
        self.refresh()
        if is_pad(device):
            self.app.input.rumble(device, 0.4, 120)
        return True

    def stand(self, seat: int) -> None:
        if self.plan.seated.pop(seat, None) is not None:
            self.app.play_sound("menu_move")
            self.refresh()

    def seats_of(self, device: str) -> list[int]:
        device = binding_of(device)
        return sorted(s for s, d in self.plan.seated.items() if d == device)

    def request_start(self) -> None:
        if not self.plan.seated:
            self.app.toast(self.bound_hint("Сначала кто-нибудь должен сесть: {pad_confirm} на геймпаде или {key_confirm}."), 2500)
            return
        # started on the next step: the key that pressed the button must not reach the table
        self.pending_start = True

    # ------------------------------------------------------------------ input
    def handle(self, intent: Intent) -> None:
        name, device = intent.name, intent.device
        if self.dealing is not None:  # while the table is being dealt the screen only waits
            if name in ("pad_added", "pad_removed"):
                self.waiting_intents.append(intent)
            return
        if name == "pad_added":
            self.app.toast(self.bound_hint(f"{self.device_text(device)} подключён — нажмите {{pad_confirm}}, чтобы сесть"), 2500)
            return
        if name == "pad_removed":
            for seat in self.seats_of(device):
                self.stand(seat)
            return
        if is_pad(device):
            self.handle_pad(intent)
            return
        if name == "play":
            return  # Enter is also «play»: here only its «confirm» counts
        if name in ("confirm", "click"):
            target = self.group.focused if name == "confirm" else self.widget_at(intent.pos)
            if isinstance(target, SeatSlot):
                self.group.focus = self.group.widgets.index(target)
                self.toggle_keyboard(target.seat)
                return
        super().handle(intent)

    def widget_at(self, pos) -> Widget | None:
        if pos is None:
            return None
        return next((w for w in self.group.widgets if w.rect.collidepoint(pos)), None)

    def toggle_keyboard(self, seat: int) -> None:
        holder = self.plan.seated.get(seat)
        if holder == KEYBOARD:
            self.stand(seat)
        elif holder is None:
            if self.sit(KEYBOARD, seat):
                after = next((i for i, s in enumerate(self.slots) if s.device is None), None)
                self.group.focus = self.group.widgets.index(self.start_button) if after is None else after
        else:
            self.app.toast(f"Место {seat + 1} занято: {self.device_text(holder)}.", 2000)

    def handle_pad(self, intent: Intent) -> None:
        name, device = intent.name, intent.device
        mine = self.seats_of(device)
        if name == "confirm":
            if not mine:
                self.sit(device)
        elif name == "back":
            if mine:
                for seat in mine:
                    self.stand(seat)
            else:
                self.app.play_sound("menu_move")
                self.app.pop()
        elif name == "menu":
            self.request_start()

    # ------------------------------------------------------------------ frame
    def update(self, dt_ms: float) -> None:
        super().update(dt_ms)
        self.t += dt_ms
        breath = 0.5 + 0.5 * math.sin(self.t / 400.0)
        for slot in self.slots:
            slot.flash = max(0.0, slot.flash - dt_ms / 700.0)
            slot.pulse = breath
        if self.pending_start:
            self.pending_start = False
            self.start_game()
        wait_for_deal(self, dt_ms)

    def start_game(self) -> None:
        self.dealing, self.dealing_seats = deal_couch_game(self.app, self.plan, [s.name for s in self.slots])
        self.dealing_ms = 0.0

    def sit_down(self) -> None:
        """The dealt table is ready: to it, told of the pads that came and went meanwhile; or a toast saying why
        it could not begin."""
        dealing, self.dealing = self.dealing, None
        news, self.waiting_intents = self.waiting_intents, []
        try:
            connections = dealing.result()
        except launch.GameNotStarted as exc:
            self.app.toast(str(exc))
            for intent in news:
                self.handle(intent)
            return
        scene = seat_couch_game(self.plan, connections, self.dealing_seats)
        self.app.replace(scene)
        for intent in news:
            scene.handle(intent)

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        draw_background(surface)
        draw_title(surface, self.title, self.subtitle)
        self.group.draw(surface)
        draw_hint(surface, self.bound_hint(self.hint))
        if self.dealing is not None:
            draw_busy(surface, dealing_words(self.plan.game_id), self.dealing_ms)


def deal_couch_game(app, plan: SeatPlan, couch_names: list[str]):
    """A local host with every seated person on their own connection, dealt on the background thread
    (launch.start_local_soon): the future of its connections, and the table's seats."""
    people = {seat: couch_names[seat] if seat < len(couch_names) and couch_names[seat] else couch_name(seat)
              for seat in plan.seated}
    seats = launch.table_seats(plan.count, people, plan.level)
    seed = plan.seed if plan.seed is not None else app.now_ms() & 0xFFFFFFFF
    return launch.start_local_soon(plan.game_id, seats, seed, plan.options, clock=plan.clock), seats


def seat_couch_game(plan: SeatPlan, connections: dict, seats: list):
    """The table scene of a dealt couch game: each seated person's connection and device at their seat."""
    from game.scenes import game_scene

    people_seats = sorted(plan.seated)
    scene = game_scene(connections[people_seats[0]], plan.game_id, [s.name for s in seats])
    for seat in people_seats[1:]:
        scene.add_local_seat(connections[seat])
    for seat in people_seats:
        scene.bind_device(plan.seated[seat], seat)
    return scene


def screenshot_scene(seed: int, players: int) -> SeatScene:
    """Two seats taken (the keyboard and a pad), the rest free."""
    from game.scenes import menu_games, playable

    game_id = next((g for g in menu_games() if playable(g)), "uno")
    players = max(2, min(10, players))
    return SeatScene(game_id, players, "player", seated={0: KEYBOARD, 1: "pad:0"})
