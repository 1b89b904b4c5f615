"""A one-line text field for Cyrillic input (names, words to check, claims).

Confirm starts editing (the scene then takes text, and the app starts SDL text input, so any
keyboard layout works); Enter finishes,
Esc cancels and restores the old text; Backspace deletes — these keys whatever the settings bind (a pad's
«confirm» and «back» finish and cancel). ``allowed`` filters characters.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

import pygame

from game.input import Intent
from game.scenes.base import ACCENT, INK_DIM, Widget


@dataclass(eq=False)
class TextField(Widget):
    text: str = ""
    max_len: int = 24
    editing: bool = False
    placeholder: str = ""
    allowed: Callable[[str], bool] | None = None
    on_change: Callable[[str], None] | None = None
    on_submit: Callable[[str], None] | None = None
    fresh: bool = False  # editing starts empty (a new query each time); Esc brings the old text back
    _before: str = ""
    _blink: float = 0.0

    def value_text(self) -> str:
        if not self.text and not self.editing:
            return self.placeholder  # beside the label, as a value stands (drawn on its own it lay on a long label)
        # the caret's off beat is a space: an empty field's value never goes blank, which set its label in the middle
        return self.text + ("|" if int(self._blink / 500) % 2 == 0 else " ") if self.editing else self.text

    def value_colour(self) -> tuple[int, int, int]:
        return INK_DIM if not self.text and not self.editing else ACCENT

    def activate(self) -> None:
        if not self.enabled:
            return
        if self.editing:
            self.finish(True)
        else:
            self.editing = True  # the scene now takes text: the app turns SDL text input on
            self._before = self.text
            if self.fresh:
                self.text = ""

    def finish(self, keep: bool) -> None:
        self.editing = False
        if not keep:
            self.text = self._before
        elif self.on_submit:
            self.on_submit(self.text)
        if self.on_change:
            self.on_change(self.text)

    def feed(self, intent: Intent) -> bool:
        """Consume an intent while editing; True if it was used."""
        if not self.editing:
            return False
        leaving = (intent.name in ("press", "click") and intent.pos is not None and not self.rect.collidepoint(intent.pos)) or (
            intent.device != "keyboard" and intent.name in ("up", "down", "left", "right"))
        if leaving:
            self.finish(True)  # the mouse (a click, the wheel) or a pad went on: what was typed is kept
            return False
        if intent.name == "text":
            for ch in intent.text:
                if len(self.text) < self.max_len and (self.allowed is None or self.allowed(ch)):
                    self.text += ch
            return True
        key = intent.extra.get("key")
        # one key press can map to several intents (Enter is «confirm» and «play»): act on
        # the navigation intent only, and swallow the rest
        if key == pygame.K_BACKSPACE:
            if intent.name in ("back", "key"):
                self.text = self.text[:-1]
            return True
        if intent.device == "keyboard":
            # a field keeps its own keys, as the tip under it says, whatever the settings bind «confirm» and «back»
            # to: a letter bound there is typed (it comes as text), and Enter still finishes where it is not bound
            bound = intent.extra.get("bound") or [intent.name]
            if key == pygame.K_RETURN and intent.name == ("confirm" if "confirm" in bound else bound[0]):
                self.finish(True)  # once a press: Enter is «confirm» and «play», and the confirm that began editing
            elif key == pygame.K_ESCAPE and intent.name == ("back" if "back" in bound else bound[0]):
                self.finish(False)
            return True  # typing never leaks into navigation
        if intent.name == "confirm":
            self.finish(True)
            return True
        if intent.name == "back":
            self.finish(False)
            return True
        return False

    def tick(self, dt_ms: float) -> None:
        self._blink += dt_ms

    def draw(self, surface: pygame.Surface, focused: bool) -> None:
        super().draw(surface, focused)
        if self.editing:  # what finishes it is said in the screen's footer (MenuScene.footer, EDITING_TIP): under the field it
            pygame.draw.rect(surface, ACCENT, self.rect.inflate(6, 6), 2, border_radius=16)  # lay under the next row
