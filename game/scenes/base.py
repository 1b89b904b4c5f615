"""Scene base class and the focus-navigation widgets every menu-like screen shares.

Navigation is spatial: arrows / D-pad / stick move the focus to the nearest widget in that
direction, so any layout works with keyboard or gamepad alone; the mouse hovers and clicks.
"""
from __future__ import annotations

import math
from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any, Callable, Sequence

import pygame

from game import assets, rules
from game.assets import fitted_text, panel  # noqa: F401 - handed on: the scenes draw with them (the app's notices too)
from game.app import HEIGHT, WIDTH, Scene  # noqa: F401 - handed on: screens take the canvas and their base from here
from game.input import Intent

# palette: a card-table evening
BG_TOP = (22, 58, 48)
BG_BOTTOM = (10, 28, 26)
INK = (244, 240, 228)
INK_DIM = (150, 160, 150)
ACCENT = (244, 186, 66)
PANEL = (18, 40, 36)
PANEL_EDGE = (70, 110, 96)
DISABLED = (90, 100, 96)
DANGER = (220, 80, 70)
DANGER_TEXT = (226, 120, 110)  # DANGER lifted toward INK: a line of it reads 4.5:1 on the dark panels and felt
GOOD = (124, 214, 134)  # accepted, in the dictionary, yes-votes: the opposite of DANGER
GOLD = (246, 184, 28)  # stars, points and totals on the word tables
SWITCHED_ON = (120, 214, 140)  # «вкл»: green, «выкл» stays grey, so the two read apart without reading them


_background_cache: dict[tuple[int, int], pygame.Surface] = {}
assets.on_reset(_background_cache.clear)




def mix(a: tuple, b: tuple, k: float, steps: int = 8) -> tuple:
    """Colour between a and b, quantised so cached panels are reused while a highlight fades."""
    k = round(k * steps) / steps
    return tuple(round(x + (y - x) * k) for x, y in zip(a, b))


def wrapped(words: str, size: int, width: int, face: str = "text") -> list[str]:
    """``words`` broken into lines of at most ``width`` pixels at ``size`` (a single longer word stays whole)."""
    lines, line = [], ""
    for word in words.split(" "):
        trial = f"{line} {word}".strip()
        if line and assets.text(trial, size, face=face).get_width() > width:
            lines.append(line)
            line = word
        else:
            line = trial
    return lines + [line] if line else lines


def draw_background(surface: pygame.Surface) -> None:
    size = surface.get_size()
    bg = _background_cache.get(size)
    if bg is None:
        bg = pygame.Surface(size).convert()
        h = size[1]
        for y in range(h):
            k = y / max(1, h - 1)
            color = [round(a + (b - a) * k) for a, b in zip(BG_TOP, BG_BOTTOM)]
            pygame.draw.line(bg, color, (0, y), (size[0], y))
        # faint card shapes in the corners, drawn once
        ghost = pygame.Surface(size, pygame.SRCALPHA)
        for x, y, angle in [(110, 600, -14), (1180, 120, 12), (1130, 620, -6), (170, 110, 8)]:
            card = pygame.Surface((150, 220), pygame.SRCALPHA)
            pygame.draw.rect(card, (255, 255, 255, 12), card.get_rect(), border_radius=16)
            pygame.draw.rect(card, (255, 255, 255, 18), card.get_rect(), 3, border_radius=16)
            rotated = pygame.transform.rotate(card, angle)
            ghost.blit(rotated, rotated.get_rect(center=(x, y)))
        bg.blit(ghost, (0, 0))
        _background_cache[size] = bg
    surface.blit(bg, (0, 0))


def draw_title(surface: pygame.Surface, title: str, subtitle: str = "") -> int:
    """The screen's title and its line under it; returns where their letters end (what stands below keeps off)."""
    label = assets.text(title, 44, ACCENT, "heading")
    surface.blit(label, label.get_rect(midtop=(WIDTH // 2, 28)))
    if not subtitle:
        return 28 + label.get_bounding_rect(1).bottom
    sub = assets.text(subtitle, 20, mix(INK_DIM, INK, 0.5))  # as the main menu's: INK_DIM read 4.3:1 up there
    # under the title's letters: in large text a title's р and ц («Присоединиться») reached the line
    top = max(88, 28 + label.get_bounding_rect(1).bottom + 3 - sub.get_bounding_rect(1).top)
    surface.blit(sub, sub.get_rect(midtop=(WIDTH // 2, top)))
    return top + sub.get_bounding_rect(1).bottom




def dealing_words(game_id: str) -> str:
    """What a screen says while a table of ``game_id`` is being prepared in the background."""
    return "Раскладываем доску…" if rules.word_board(game_id) else "Раздаём карты…"


def draw_busy(surface: pygame.Surface, words: str, ms: float) -> None:
    """A dimmed screen and a plate with ``words`` and three dots swelling in turn: the app is busy, not frozen."""
    shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    shade.fill((0, 0, 0, 150))
    surface.blit(shade, (0, 0))
    box = pygame.Rect(0, 0, 520, 150)
    box.center = (WIDTH // 2, HEIGHT // 2)
    surface.blit(panel(box.size, PANEL, ACCENT, 3, 18), box)
    label = assets.text(words, 30, INK, "heading")
    surface.blit(label, label.get_rect(center=(box.centerx, box.top + 52)))
    for k in range(3):  # one dot swells after the other, a turn each 0.9 s
        swell = max(0.0, math.sin(ms / 900 * 2 * math.pi - k * 2 * math.pi / 3))
        pygame.draw.circle(surface, ACCENT, (box.centerx + (k - 1) * 34, box.top + 108), round(6 + 5 * swell))


PAD_LABELS = {"a": "A", "b": "B", "x": "X", "y": "Y", "back": "Select", "start": "Start",
              "leftshoulder": "LB", "rightshoulder": "RB"}


def pad_label(name: str) -> str:
    return PAD_LABELS.get(name, name)


def pad_names(settings) -> dict[str, str]:
    """The pad's button of each intent under ``settings``' bindings (the player may have moved them), as hints name
    it: «{confirm} — да» reads «A — да» by default; «—» for an intent the settings left without a button."""
    return defaultdict(lambda: "—", {intent: pad_label(button) for intent, button in settings.pad_buttons.items()})


KEY_LABELS = {"return": "Enter", "space": "Пробел", "escape": "Esc", "backspace": "Backspace", "tab": "Tab",
              "up": "Стрелка вверх", "down": "Стрелка вниз", "left": "Стрелка влево", "right": "Стрелка вправо"}
DIRECTIONS = ("up", "down", "left", "right")


def key_label(name: str) -> str:
    """A key as a player reads it, from its pygame name: «return» is «Enter», «f9» is «F9», «u» is «U»."""
    return KEY_LABELS.get(name, name.upper() if len(name) == 1 else name.capitalize())


def key_names(settings) -> dict[str, str]:
    """The keyboard's key of each intent under ``settings``' bindings, as hints name it: the first key bound (the one
    a rebinding sets), «Enter» for «confirm» by default; «—» for an intent left without a key."""
    return defaultdict(lambda: "—", {intent: key_label(keys[0]) for intent, keys in settings.keys.items() if keys})


def direction_keys(settings) -> str:
    """The keys that move the focus: «Стрелки» while each arrow still moves its way, the four first keys when none
    does, and short of that the keys of the ways an arrow lost before «и стрелки» («I и стрелки»: a footer's room)."""
    keys, names = settings.keys, key_names(settings)
    lost = [d for d in DIRECTIONS if d not in keys.get(d, ())]
    if not lost:
        return "Стрелки"
    if len(lost) == len(DIRECTIONS):
        return "/".join(names[d] for d in DIRECTIONS)
    return "/".join(names[d] for d in lost) + " и стрелки"


class _BoundNames(dict):
    def __init__(self, settings):
        super().__init__(arrows=direction_keys(settings))
        self.keys, self.pads = key_names(settings), pad_names(settings)

    def __missing__(self, field: str) -> str:
        device, _, intent = field.partition("_")
        if device == "key":
            return self.keys[intent]
        if device == "pad":
            return self.pads[intent]
        raise KeyError(field)


def bound_hint(settings, text: str) -> str:
    """``text`` with the controls the player bound today named in it (the settings may have moved any of them):
    {key_confirm} is the keyboard's key of «confirm» («Enter» by default), {pad_back} the pad's button of «back»
    («B»), {arrows} the keys that move the focus («Стрелки»)."""
    return text.format_map(_BoundNames(settings))


def draw_hint(surface: pygame.Surface, text: str) -> None:
    label = assets.text(text, 17, INK_DIM)
    surface.blit(label, label.get_rect(midbottom=(WIDTH // 2, HEIGHT - 12)))


# ---------------------------------------------------------------------------- widgets
MOVES = {"up": (0, -1), "down": (0, 1), "left": (-1, 0), "right": (1, 0)}
RUSSIAN_LETTERS = frozenset("абвгдеёжзийклмнопрстуфхцчшщъыьэюя")  # what a word table takes as typed letters


def nearest(rects: Sequence[pygame.Rect], index: int, dx: int, dy: int, across: float = 2.5,
            detour: Callable[[int], float] | None = None) -> int | None:
    """The one spatial navigation of every screen: the rect nearest to ``rects[index]`` in the direction (dx, dy),
    by the distance along it plus ``across`` times the distance sideways (plus ``detour(i)``, to steer around
    some), or None when nothing lies that way."""
    index = min(index, len(rects) - 1)
    here = rects[index]
    best, best_cost = None, math.inf
    for i, rect in enumerate(rects):
        ox, oy = rect.centerx - here.centerx, rect.centery - here.centery
        along = ox * dx + oy * dy
        if i == index or along <= 0:
            continue
        cost = along + across * (abs(ox * dy) + abs(oy * dx)) + (detour(i) if detour is not None else 0)
        if cost < best_cost:
            best, best_cost = i, cost
    return best


@dataclass(eq=False)
class Widget:
    rect: pygame.Rect
    label: str
    enabled: bool = True
    note: str = ""  # small text: why disabled, or a hint
    on_confirm: Callable[[], None] | None = None
    hover: float = 0.0  # 0..1, eased toward focus for a smooth highlight
    size: int = 26

    def value_text(self) -> str:
        return ""

    def value_colour(self) -> tuple[int, int, int]:
        return ACCENT

    def activate(self) -> None:
        if self.enabled and self.on_confirm is not None:
            self.on_confirm()

    def adjust(self, step: int) -> bool:
        """Left/right on a value widget; False if the widget has no value to change."""
        return False

    def draw(self, surface: pygame.Surface, focused: bool) -> None:
        lift = round(self.hover * 8) / 8
        rect = self.rect.move(0, -round(3 * lift))
        base = PANEL if self.enabled else (24, 34, 32)
        edge = mix(PANEL_EDGE, ACCENT, lift) if self.enabled else DISABLED
        border = 2 + round(2 * lift)
        surface.blit(panel(rect.size, base, edge, border), rect)
        color = INK if self.enabled else DISABLED
        value = self.value_text()
        if value:
            val = assets.text(value, self.size - 2, self.value_colour() if self.enabled else DISABLED, "bold")
            # «Крупный текст»: the label gives way rather than run under the value
            width = rect.width - 40 - val.get_width() - 12
            pieces = self.label_and_note(rect, color, width, border, ("midleft", rect.left + 20), 8, 11)
            pieces.append((val, val.get_rect(midright=(rect.right - 20, rect.centery))))
        else:  # a button: its words across the middle, off its left and right borders («Кнопки геймпада»)
            pieces = self.label_and_note(rect, color, rect.width - 2 * (border + 10), border,
                                         ("center", rect.centerx), 7, 14)
        for picture, place in pieces:
            surface.blit(picture, place)

    def label_and_note(self, rect: pygame.Rect, color, width: int, border: int, anchor: tuple[str, int],
                       lift_label: int, note_up: int) -> list[tuple[pygame.Surface, pygame.Rect]]:
        """The label (``lift_label`` px above the middle when a note is under it) and the note (its middle
        ``note_up`` px above the bottom), each no wider than ``width``. «Крупный текст»: the letters stay a pixel off
        the border, moved or drawn smaller, the label's off the note's (a button's label ran over its top edge)."""
        key, x = anchor
        label = fitted_text(self.label, self.size, color, "bold", width)
        if not self.note:
            return [(label, label.get_rect(**{key: (x, rect.centery)}))]
        note = fitted_text(self.note, 15, INK_DIM if self.enabled else DISABLED, "text", width)
        inset = border + 2
        note_ink = note.get_bounding_rect(1)
        note_place = note.get_rect(**{key: (x, rect.bottom - note_up)})
        note_place.top = min(note_place.top, rect.bottom - inset - note_ink.bottom)
        room = note_place.top + note_ink.top - 1 - (rect.top + inset)  # for the label's letters
        if label.get_bounding_rect(1).height > room:
            label = fitted_text(self.label, self.size * room // label.get_bounding_rect(1).height, color, "bold", width)
        label_ink = label.get_bounding_rect(1)
        place = label.get_rect(**{key: (x, rect.centery - lift_label)})
        place.top = min(place.top, note_place.top + note_ink.top - 1 - label_ink.bottom)
        place.top = max(place.top, rect.top + inset - label_ink.top)
        return [(note, note_place), (label, place)]


@dataclass(eq=False)
class Toggle(Widget):
    value: bool = False
    on_change: Callable[[bool], None] | None = None

    def value_text(self) -> str:
        return "вкл" if self.value else "выкл"

    def value_colour(self) -> tuple[int, int, int]:
        return SWITCHED_ON if self.value else INK_DIM

    def activate(self) -> None:
        self.adjust(1)

    def adjust(self, step: int) -> bool:
        if not self.enabled:
            return True
        self.value = not self.value
        if self.on_change:
            self.on_change(self.value)
        return True


@dataclass(eq=False)
class Choice(Widget):
    options: Sequence[tuple[Any, str]] = ()
    index: int = 0
    on_change: Callable[[Any], None] | None = None

    def value_text(self) -> str:
        return f"‹ {self.options[self.index][1]} ›" if self.options else ""

    @property
    def value(self) -> Any:
        return self.options[self.index][0]

    def activate(self) -> None:
        self.adjust(1)

    def adjust(self, step: int) -> bool:
        if not self.enabled or not self.options:
            return True
        self.index = (self.index + step) % len(self.options)
        if self.on_change:
            self.on_change(self.value)
        return True


@dataclass(eq=False)
class Slider(Widget):
    value: float = 0.5
    on_change: Callable[[float], None] | None = None

    def value_text(self) -> str:
        return f"{round(self.value * 100)} %"

    def adjust(self, step: int) -> bool:
        self.value = min(1.0, max(0.0, round(self.value + 0.1 * step, 2)))
        if self.on_change:
            self.on_change(self.value)
        return True

    def activate(self) -> None:
        self.adjust(1 if self.value < 1.0 else -10)


@dataclass(eq=False)
class FocusGroup:
    """Widgets navigated by direction; the focused one is highlighted."""

    widgets: list[Widget] = field(default_factory=list)
    focus: int = 0

    def add(self, widget: Widget) -> Widget:
        self.widgets.append(widget)
        return widget

    @property
    def focused(self) -> Widget | None:
        return self.widgets[self.focus] if self.widgets else None

    def first_enabled(self) -> None:
        for i, w in enumerate(self.widgets):
            if w.enabled:
                self.focus = i
                return

    def move(self, dx: int, dy: int) -> bool:
        """Move focus to the nearest widget in the direction; True if it moved."""
        if not self.widgets:
            return False
        best = nearest([w.rect for w in self.widgets], self.focus, dx, dy,
                       detour=lambda i: 0 if self.widgets[i].enabled else 400)
        if best is None:
            return False
        self.focus = best
        return True

    def handle(self, intent: Intent) -> bool:
        """Navigation and activation; True when the intent was used."""
        name = intent.name
        if name in ("left", "right") and self.focused is not None:
            if self.focused.adjust(-1 if name == "left" else 1):
                return True
        if name in MOVES:
            return self.move(*MOVES[name])
        if name == "confirm" and self.focused is not None:
            self.focused.activate()
            return True
        if name in ("point", "press", "click") and intent.pos is not None:
            for i, w in enumerate(self.widgets):
                if w.rect.collidepoint(intent.pos):
                    self.focus = i
                    if name == "click":
                        w.activate()
                    return True
        return False

    def update(self, dt_ms: float) -> None:
        k = 1.0 - math.exp(-dt_ms / 60.0)
        for i, w in enumerate(self.widgets):
            target = 1.0 if i == self.focus else 0.0
            w.hover += (target - w.hover) * k

    def draw(self, surface: pygame.Surface) -> None:
        for i, w in enumerate(self.widgets):
            w.draw(surface, i == self.focus)


EDITING_TIP = "Enter — готово, Esc — отмена"  # a text field being edited: these keys, whatever is bound (textfield.py)


class MenuScene(Scene):
    """A screen made of a FocusGroup, a title and a hint line; Esc/B goes back."""

    title = ""
    subtitle = ""
    # {key_confirm}, {pad_back}…: the keys and buttons of those intents, named as the settings bind them (bound_hint)
    hint = "{arrows} или крестовина — выбор, {key_confirm} или {pad_confirm} — да, {key_back} или {pad_back} — назад"

    def __init__(self) -> None:
        self.group = FocusGroup()

    def bound_hint(self, text: str) -> str:
        """``text`` with its {key_…}/{pad_…} fields filled by the controls bound today (see ``bound_hint``)."""
        return bound_hint(self.app.settings, text)

    def enter(self) -> None:
        self.build()
        self.group.first_enabled()

    def build(self) -> None: ...

    @property
    def takes_text(self) -> bool:
        return any(getattr(w, "editing", False) for w in self.group.widgets)

    def footer(self) -> str:
        """The hint line at the bottom, its keys named as bound: while a text field is edited, how to finish it."""
        editing = any(getattr(w, "editing", False) for w in self.group.widgets)
        return self.bound_hint(EDITING_TIP if editing else self.hint)

    def handle(self, intent: Intent) -> None:
        if intent.name == "back":
            self.app.play_sound("menu_move")
            self.app.pop()
            return
        before = self.group.focus
        if self.group.handle(intent):
            if intent.name == "confirm" or intent.name == "click":
                self.app.play_sound("menu_confirm")
            elif self.group.focus != before or intent.name in ("left", "right"):
                self.app.play_sound("menu_move")

    def update(self, dt_ms: float) -> None:
        self.group.update(dt_ms)

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        draw_background(surface)
        draw_title(surface, self.title, self.subtitle)
        self.group.draw(surface)
        draw_hint(surface, self.footer())
