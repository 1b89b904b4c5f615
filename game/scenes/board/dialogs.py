"""The dialogs over the board, each with its own state, keys and drawing: the blank's letter, the tiles to exchange,
and the question a variant's phase asks about the move waiting in it (its look's ``Question``: «Принять слово?»).
The scene holds the one open (``scene.dialog``) and gives it every intent while it stands."""
from __future__ import annotations

import pygame

from game import assets
from game.input import Intent
from game.rules.board import Question
from game.rules.words_ru import acts, count as count_of
from game.scenes.base import ACCENT, INK, panel
from game.scenes.board.controls import ENTER_KEYS, INTENT_ARROWS, confirms, steers
from game.scenes.board.layout import ALPHABET, BLANK, FRAME, GOLD, GRID, RACK_STEP, RACK_TILE, Cell, veil
from game.scenes.table.dialog import DialogLook, button_rects, draw_buttons, draw_dialog_frame

DIALOG_LOOK = DialogLook(shadow=False)  # the veil over the board sets it off already
PAD_BLANK_NOTE = "Крестовина — буква · {confirm} — выбрать · {back} — отмена"
PAD_EXCHANGE_NOTE = "{confirm} — отметить фишку · {shout} — обменять"


class BoardDialog:
    title = ""
    rect = pygame.Rect(0, 0, 640, 300).move(GRID.centerx - 320, GRID.centery - 150)

    def __init__(self, scene):
        self.scene = scene
        self.focus = 0

    def answers(self) -> list[tuple[object, str]]:
        """(what pressing it does, label) of each button along the bottom."""
        return []

    def buttons(self) -> list[tuple[object, str, pygame.Rect]]:
        answers = self.answers()
        return [(key, label, rect) for (key, label), rect in zip(answers, button_rects(self.rect, len(answers)))]

    def still_wanted(self) -> bool:
        """False once the rules no longer take what it asks for: it closes."""
        return True

    def handle(self, intent: Intent) -> None: ...

    def draw(self, surface: pygame.Surface) -> None: ...

    def draw_frame(self, surface: pygame.Surface, note: str) -> None:
        surface.blit(veil(), FRAME)  # the board under a dialog goes dim: its letters do not compete with it
        draw_dialog_frame(surface, self.rect, self.title, (note,), DIALOG_LOOK)

    def draw_buttons(self, surface: pygame.Surface, focused: int | None) -> None:
        buttons = self.buttons()
        draw_buttons(surface, [rect for _, _, rect in buttons], [label for _, label, _ in buttons], focused)


class BlankChooser(BoardDialog):
    """Which letter the blank laid on ``cell`` stands for."""

    title = "Какую букву означает пустышка?"

    def __init__(self, scene, cell: Cell, tid: str):
        super().__init__(scene)
        self.cell, self.tid = cell, tid

    def answers(self):
        return [("cancel", "Отмена")]

    def grid(self) -> list[pygame.Rect]:
        cols, size, gap = 11, 46, 6
        left = self.rect.centerx - (cols * size + (cols - 1) * gap) // 2
        top = self.rect.top + 84
        return [pygame.Rect(left + (i % cols) * (size + gap), top + (i // cols) * (size + gap), size, size)
                for i in range(len(ALPHABET))]

    def handle(self, intent: Intent) -> None:
        name, pos = intent.name, intent.pos
        if name == "text":
            for ch in intent.text.upper():
                if ch in ALPHABET:
                    self.choose(ch)
                    return
            return
        if steers(intent):
            dr, dc = INTENT_ARROWS[name]
            self.focus = (self.focus + dc + 11 * dr) % len(ALPHABET)
            self.scene.app.play_sound("menu_move")
            return
        if name == "click" and pos is not None:
            for i, rect in enumerate(self.grid()):
                if rect.collidepoint(pos):
                    self.choose(ALPHABET[i])
                    return
            if any(rect.collidepoint(pos) for _, _, rect in self.buttons()):
                self.scene.close_dialog()
            return
        if confirms(intent):
            self.choose(ALPHABET[self.focus])

    def choose(self, letter: str) -> None:
        self.scene.dialog = None
        self.scene.controls.lay_flying(self.tid, self.cell, letter)

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_frame(surface, self.scene.say_for_pads(
            PAD_BLANK_NOTE, "Напечатайте букву или выберите её стрелками и Enter, мышью — щелчком"))
        for i, rect in enumerate(self.grid()):
            chosen = i == self.focus
            surface.blit(panel(rect.size, (232, 200, 146) if not chosen else (250, 222, 160), (150, 110, 66), 2, 8),
                         rect)
            letter = assets.text(ALPHABET[i], 26, (150, 40, 40), "heading")
            surface.blit(letter, letter.get_rect(center=rect.center))
            if chosen:
                pygame.draw.rect(surface, ACCENT, rect.inflate(6, 6), 3, border_radius=10)
        self.draw_buttons(surface, None)


class ExchangeDialog(BoardDialog):
    """The rack's tiles to mark for the exchange, then its two buttons; ``focus`` walks the tiles and the buttons."""

    title = "Обмен фишек"

    def __init__(self, scene):
        super().__init__(scene)
        self.pick: set[str] = set()

    def answers(self):
        return [("ok", f"Обменять ({len(self.pick)})"), ("cancel", "Отмена")]

    def still_wanted(self) -> bool:
        return self.scene.can("exchange")

    def slots(self) -> list[pygame.Rect]:
        rack = self.scene.rack.visible()
        left = self.rect.centerx - (len(rack) * RACK_STEP) // 2
        return [pygame.Rect(left + i * RACK_STEP, self.rect.top + 96, RACK_TILE, RACK_TILE) for i in range(len(rack))]

    def handle(self, intent: Intent) -> None:
        name, key, pos = intent.name, intent.extra.get("key"), intent.pos
        rack = self.scene.rack
        tiles = rack.visible()
        buttons = self.buttons()
        if name == "text":
            for ch in intent.text.upper():
                tid = next((t for t in tiles if rack.letter_of(t) == ch and t not in self.pick), None)
                if tid is None and ch in (BLANK, "*"):
                    tid = next((t for t in tiles if rack.letter_of(t) == BLANK and t not in self.pick), None)
                if tid:
                    self.pick.add(tid)
                    self.scene.app.play_sound("menu_move")
            return
        if steers(intent):
            if name in ("left", "right"):
                self.focus = (self.focus + (1 if name == "right" else -1)) % max(1, len(tiles) + len(buttons))
            else:
                self.focus = len(tiles) if name == "down" else 0
            return
        if name == "click" and pos is not None:
            for i, rect in enumerate(self.slots()):
                if rect.collidepoint(pos):
                    self.focus = i
                    self.toggle(tiles[i])
                    return
            for what, _, rect in buttons:
                if rect.collidepoint(pos):
                    self.press(what)
                    return
            return
        if confirms(intent):
            if key in ENTER_KEYS and self.focus < len(tiles):
                self.press("ok")
            elif self.focus < len(tiles):
                self.toggle(tiles[self.focus])
            else:
                self.press(buttons[self.focus - len(tiles)][0])
        elif name == "shout":
            self.press("ok")

    def toggle(self, tid: str) -> None:
        if tid in self.pick:
            self.pick.discard(tid)
        else:
            self.pick.add(tid)
        self.scene.app.play_sound("menu_move")

    def press(self, what: str) -> None:
        scene = self.scene
        if what == "cancel":
            scene.close_dialog()
            return
        if not self.pick:
            scene.app.toast("Отметьте фишки, которые хотите поменять.", 2000)
            scene.app.play_sound("invalid")
            return
        scene.rack.recall()
        scene.send({"kind": "exchange", "tiles": [t for t in scene.rack.order if t in self.pick],
                    "vowels": scene.buttons.vowels()})
        scene.dialog = None

    def draw(self, surface: pygame.Surface) -> None:
        scene = self.scene
        how = scene.say_for_pads(PAD_EXCHANGE_NOTE, "Отметьте фишки (щелчок, буква или пробел)")
        self.draw_frame(surface, f"{how} · в мешочке {scene.view.get('bag', 0)}")
        tiles = scene.rack.visible()
        for i, (tid, rect) in enumerate(zip(tiles, self.slots())):
            lift = -12 if tid in self.pick else 0
            surface.blit(scene.rack.picture(tid), rect.move(0, lift))
            if tid in self.pick:
                pygame.draw.rect(surface, GOLD, rect.move(0, lift).inflate(6, 6), 3, border_radius=10)
            if i == self.focus:
                pygame.draw.rect(surface, INK, rect.move(0, lift).inflate(12, 12), 2, border_radius=12)
        self.draw_buttons(surface, self.focus - len(tiles) if self.focus >= len(tiles) else None)


class QuestionDialog(BoardDialog):
    """A variant's question about the move waiting in its phase: the mover's words and their points, and the
    answers, each sending its action."""

    def __init__(self, scene, question: Question):
        super().__init__(scene)
        self.question = question
        self.title = question.title

    def answers(self):
        return [(answer, answer.label) for answer in self.question.answers]

    def still_wanted(self) -> bool:
        return self.scene.can(self.question.action)

    def handle(self, intent: Intent) -> None:
        name, pos = intent.name, intent.pos
        if name == "click" and pos is not None:
            for answer, _, rect in self.buttons():
                if rect.collidepoint(pos):
                    self.answer(answer)
            return
        if steers(intent):
            self.focus = (self.focus + (1 if name in ("right", "down") else -1)) % len(self.question.answers)
            return
        if confirms(intent):
            self.answer(self.question.answers[self.focus])
        elif name == "text":
            typed = next((a for a in self.question.answers if intent.text.lower() in a.typed), None)
            if typed is not None:
                self.answer(typed)

    def answer(self, answer) -> None:
        self.scene.send(answer.action.to_wire())
        self.scene.dialog = None

    def draw(self, surface: pygame.Surface) -> None:
        scene = self.scene
        pending = scene.view.get("pending") or {}
        mover = pending.get("seat", 0)
        asks = acts(scene.name(mover), self.question.verb, mover == scene.me)
        self.draw_frame(surface, f"{asks} {self.question.rest}")
        words = assets.text(" + ".join(pending.get("words", [])), 34, INK, "heading")
        surface.blit(words, words.get_rect(center=(self.rect.centerx, self.rect.top + 130)))
        points = assets.text(count_of(pending.get("score", 0), "очко"), 18, GOLD, "bold")
        surface.blit(points, points.get_rect(center=(self.rect.centerx, self.rect.top + 172)))
        self.draw_buttons(surface, self.focus)
