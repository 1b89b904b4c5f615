"""Remapping keys and gamepad buttons: choose an action, press the new key (button) for it.

A key or button that already belonged to another action moves there in exchange (a swap), so
no action is ever left without a binding. «Сбросить» restores the defaults. Directions on the
gamepad stay on the D-pad and the stick. Everything is saved at once.
"""
from __future__ import annotations

from dataclasses import dataclass

import pygame

from game import assets
from game.input import KEYBOARD, MOUSE, Intent
from game.scenes.base import (  # noqa: F401 - key_label, pad_label: handed on, the tables name controls by them
    ACCENT, HEIGHT, INK, INK_DIM, PAD_LABELS, PANEL, WIDTH, MenuScene, Widget, fitted_text, key_label, pad_label,
    panel, wrapped)
from game.settings import DEFAULT_KEYS, DEFAULT_PAD

ACTION_LABELS = {
    "up": "Вверх",
    "down": "Вниз",
    "left": "Влево",
    "right": "Вправо",
    "confirm": "Выбрать, да",
    "back": "Назад, пауза",
    "play": "Сыграть выбранное",
    "draw": "Взять карту",
    "shout": "Крикнуть «УНО!»",
    "slap": "Хлопнуть",
    "catch": "Поймать",
    "peek": "Подглядеть (держать)",
    "mute": "Звук вкл/выкл",
    "menu": "Пауза",
}
KEY_ACTIONS = ("up", "down", "left", "right", "confirm", "back", "play", "draw", "shout", "slap", "catch", "peek", "mute")
PAD_ACTIONS = ("confirm", "back", "draw", "shout", "slap", "catch", "peek", "menu")
# what else an action does beyond the UNO table its label names, as the tables read it (a key and a button can differ:
# the board tables and Твёрдый знак take their own keys from the keyboard, Бинго's cry is F2 there), so a player
# rebinding it knows what else moves with it
BOARDS = "в Эрудите, Скрэббле и Словоделе"
SHARED_USES = {
    ("keys", "shout"): "Эта же клавиша в «Нет слов» — «Не говори…!»: сказать замеченное слово.",
    ("pad", "shout"): f"Эта же кнопка: «Не говори…!» в «Нет слов», «Сыграть» {BOARDS}, «Выложить» в «Твёрдом знаке»,"
                      " «Бинго!» в «Скрэббл Бинго».",
    ("pad", "draw"): f"Эта же кнопка: направление слова {BOARDS}, «Ещё букву» в «Твёрдом знаке»,"
                     " стереть букву в «Не говори…» («Нет слов»).",
    ("pad", "slap"): f"Эта же кнопка: следующая фишка {BOARDS}, «Пас» в «Твёрдом знаке».",
    ("pad", "catch"): f"Эта же кнопка: предыдущая фишка {BOARDS}, «Забрать слово» в «Твёрдом знаке».",
}
USES_SIZE = 18  # the focused row's other uses, told under the rows
# Enter both selects and plays the selected card: these two may share a key
COMPANIONS = {frozenset({"confirm", "play"})}


def may_share(a: str, b: str) -> bool:
    return frozenset({a, b}) in COMPANIONS


def rebind_key(keys: dict[str, list[str]], action: str, new: str) -> list[str] | None:
    """Make ``new`` the first key of ``action``; the actions that held it get ``action``'s old
    first key instead (a swap). Returns those actions, or None when a swap would leave a key
    on two actions that must not share one (then nothing changes)."""
    mine = keys.setdefault(action, [])
    old = mine[0] if mine else None
    if mine and mine[0] == new:
        return []
    holders = [o for o, names in keys.items() if o != action and new in names and not may_share(action, o)]
    if holders:
        keeping_old = [o for o, names in keys.items() if o != action and old is not None and old in names]
        for h in holders:
            if old is None and len(keys[h]) == 1:
                return None  # it would be left without a key
            if any(o != h and not may_share(h, o) for o in keeping_old + holders):
                return None
    for h in holders:
        names = keys[h]
        if old is not None and old not in names:
            names[names.index(new)] = old
        else:
            names.remove(new)
    if new in mine:
        mine.remove(new)
    keys[action] = [new] + mine[1:] if mine else [new]
    return holders


def rebind_button(buttons: dict[str, str], action: str, new: str) -> list[str]:
    """Give ``new`` to ``action``; whoever had it takes ``action``'s old button."""
    old = buttons.get(action)
    if old == new:
        return []
    swapped = [other for other, b in buttons.items() if b == new and other != action]
    for other in swapped:
        if old is not None:
            buttons[other] = old
        else:
            del buttons[other]
    buttons[action] = new
    return swapped


@dataclass(eq=False)
class BindingRow(Widget):
    action: str = ""
    shown: str = ""

    def value_text(self) -> str:
        return self.shown


class RemapScene(MenuScene):
    """``kind`` is "keys" or "pad"."""

    def __init__(self, kind: str):
        super().__init__()
        self.kind = kind
        self.listening: BindingRow | None = None
        self.listen_started_ms = -1
        self.rows: list[BindingRow] = []

    @property
    def title(self) -> str:  # type: ignore[override]
        return "Клавиши" if self.kind == "keys" else "Кнопки геймпада"

    @property
    def subtitle(self) -> str:  # type: ignore[override]
        if self.kind == "keys":
            return "Выберите действие и нажмите новую клавишу · занятая клавиша поменяется местами"
        return "Выберите действие и нажмите новую кнопку · направления всегда на крестовине и стике"

    @property
    def actions(self) -> tuple[str, ...]:
        return KEY_ACTIONS if self.kind == "keys" else PAD_ACTIONS

    def build(self) -> None:
        g = self.group
        g.widgets.clear()
        actions = self.actions
        per_col = (len(actions) + 1) // 2
        self.rows = []
        for i, action in enumerate(actions):
            col, row = divmod(i, per_col)
            rect = pygame.Rect(90 + col * 570, 126 + row * 60, 530, 52)
            self.rows.append(g.add(BindingRow(rect, ACTION_LABELS[action], size=22, action=action)))
        for row in self.rows:
            if (self.kind, row.action) in SHARED_USES:
                row.note = "и в других играх — ниже"
        self.uses_top = 126 + per_col * 60
        lines = max((len(self.uses_lines(text)) for (kind, _), text in SHARED_USES.items() if kind == self.kind), default=0)
        y = self.uses_top + 10 + lines * assets.text("Ж", USES_SIZE).get_height() + 10
        g.add(Widget(pygame.Rect(WIDTH // 2 - 330, y, 310, 60), "Сбросить", note="как было сначала",
                     on_confirm=self.reset))
        g.add(Widget(pygame.Rect(WIDTH // 2 + 20, y, 310, 60), "Готово", on_confirm=self.app.pop))
        self.refresh()

    def refresh(self) -> None:
        s = self.app.settings
        for row in self.rows:
            if self.kind == "keys":
                row.shown = " / ".join(key_label(k) for k in s.keys.get(row.action, [])) or "—"
            else:
                button = s.pad_buttons.get(row.action)
                row.shown = pad_label(button) if button else "—"

    def reset(self) -> None:
        s = self.app.settings
        if self.kind == "keys":
            s.keys = {k: list(v) for k, v in DEFAULT_KEYS.items()}
        else:
            s.pad_buttons = dict(DEFAULT_PAD)
        self.apply()
        self.app.toast("Восстановлено как было сначала.", 2000)

    def apply(self) -> None:
        s = self.app.settings
        self.app.input.set_bindings(s.keys, s.pad_buttons)
        self.app.save_settings()
        self.refresh()

    # ------------------------------------------------------------------ input
    @property
    def captures_keys(self) -> bool:
        """While waiting for a key every key is for binding: M and F9 do not toggle the sound."""
        return self.listening is not None

    def handle(self, intent: Intent) -> None:
        if self.listening is not None:
            self.listen(intent)
            return
        if intent.name in ("confirm", "click"):
            target = self.group.focused if intent.name == "confirm" else next(
                (w for w in self.group.widgets if intent.pos and w.rect.collidepoint(intent.pos)), None)
            if isinstance(target, BindingRow):
                self.group.focus = self.group.widgets.index(target)
                self.listening = target
                self.listen_started_ms = intent.t_ms
                self.app.play_sound("menu_confirm")
                return
        if intent.name == "play":
            return  # Enter is also «play»
        super().handle(intent)

    def listen(self, intent: Intent) -> None:
        row = self.listening
        assert row is not None
        device = intent.device
        if intent.t_ms == self.listen_started_ms and device == KEYBOARD:
            return  # the rest of the key press that started listening
        if self.kind == "keys" and device == KEYBOARD and "key" in intent.extra:
            key = intent.extra["key"]
            if key == pygame.K_ESCAPE:
                self.stop("Отменено.")
                return
            name = pygame.key.name(key)
            try:
                pygame.key.key_code(name)
            except ValueError:
                self.stop("Эту клавишу назначить нельзя.")
                return
            self.listen_started_ms = intent.t_ms  # swallow the other intents of this press
            swapped = rebind_key(self.app.settings.keys, row.action, name)
            if swapped is None:
                holders = [a for a, names in self.app.settings.keys.items() if name in names and a != row.action]
                taken = ", ".join(f"«{ACTION_LABELS.get(a, a)}»" for a in holders)
                self.stop(f"Клавиша {key_label(name)} уже у {taken}; обмен запутал бы управление — сначала переназначьте их.")
                return
            self.done(row, key_label(name), swapped)
            return
        if self.kind == "pad" and device.startswith("pad:") and "button" in intent.extra:
            button = intent.extra["button"]
            if button in PAD_LABELS:
                swapped = rebind_button(self.app.settings.pad_buttons, row.action, button)
                self.done(row, pad_label(button), swapped)
            return  # the D-pad stays for directions
        if intent.name == "back" or (device == MOUSE and intent.name in ("click", "back")):
            self.stop("Отменено.")

    def done(self, row: BindingRow, label: str, swapped: list[str]) -> None:
        self.listening = None
        self.apply()
        self.app.play_sound("menu_confirm")
        if swapped:
            others = ", ".join(f"«{ACTION_LABELS[a]}»" for a in swapped)
            self.app.toast(f"«{label}» теперь «{ACTION_LABELS[row.action]}»; поменялись местами с {others}.", 3000)

    def stop(self, message: str) -> None:
        self.listening = None
        self.app.play_sound("menu_move")
        self.app.toast(message, 1500)

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        super().draw(surface, alpha)
        focused = self.listening or self.group.focused
        uses = SHARED_USES.get((self.kind, getattr(focused, "action", "")))
        if uses:
            y = self.uses_top + 10
            for line in self.uses_lines(uses):
                label = fitted_text(line, USES_SIZE, INK, "text", WIDTH - 180)
                surface.blit(label, label.get_rect(midtop=(WIDTH // 2, y)))
                y += label.get_height()
        self.draw_listening(surface)

    @staticmethod
    def uses_lines(uses: str) -> list[str]:
        return wrapped(uses, USES_SIZE, WIDTH - 180)

    def draw_listening(self, surface: pygame.Surface) -> None:
        if self.listening is not None:
            shade = pygame.Surface((WIDTH, HEIGHT), pygame.SRCALPHA)
            shade.fill((0, 0, 0, 150))
            surface.blit(shade, (0, 0))
            box = pygame.Rect(WIDTH // 2 - 360, HEIGHT // 2 - 90, 720, 180)
            surface.blit(panel(box.size, PANEL, ACCENT, 3, 18), box)
            what = "клавишу" if self.kind == "keys" else "кнопку на геймпаде"
            title = assets.text(f"Нажмите {what}", 34, ACCENT, "heading")
            surface.blit(title, title.get_rect(center=(box.centerx, box.top + 50)))
            action = assets.text(f"для действия «{ACTION_LABELS[self.listening.action]}»", 24, INK, "bold")
            surface.blit(action, action.get_rect(center=(box.centerx, box.top + 100)))
            # waiting for a key, Esc itself cancels (listen); waiting for a button, the keyboard's «back» does
            cancel = self.bound_hint("Esc, {pad_back} на геймпаде или щелчок — отмена" if self.kind == "keys"
                                     else "Та же кнопка — оставить как есть · {key_back} или щелчок — отмена")
            tip = assets.text(cancel, 17, INK_DIM)
            surface.blit(tip, tip.get_rect(center=(box.centerx, box.bottom - 30)))
