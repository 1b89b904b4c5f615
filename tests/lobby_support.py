"""Helpers for the LAN window tests: headless windows stepped in real time, inputs as a player
gives them (mouse over a widget, Enter, arrows), and a player's hand at the UNO table."""
from __future__ import annotations

import time

import pygame

from game.app import STEP_MS, App, wait_until
from game.rules.uno import RULES as UNO
from table_driver import button_event, motion, post, press_key
from table_driver import type_text as driver_type

UNO_REFLEX = frozenset(kind for kind, cls in UNO.actions.by_kind.items() if getattr(cls, "reflex", False))


def press(app: App, name: str, device: str = "keyboard", pos=None, text: str = "") -> None:
    """What a player does for the intent ``name``, as SDL events read by the app's own route: the
    mouse moving («point») or clicking at ``pos``, typed ``text``, or the first key bound to ``name``."""
    if name == "point":
        post(app, motion(pos))
    elif name == "click":
        post(app, button_event(pygame.MOUSEBUTTONDOWN, pos), button_event(pygame.MOUSEBUTTONUP, pos))
    elif name == "text":
        driver_type(app, text)
    else:
        press_key(app, pygame.key.key_code(app.input.keys[name][0]))


def click(app: App, widget) -> None:
    """The mouse moves over a widget and clicks it."""
    press(app, "point", device="mouse", pos=widget.rect.center)
    press(app, "click", device="mouse", pos=widget.rect.center)


def open_join_screen(app: App):
    """From the main menu, through «Присоединиться»: the join screen (discovery off, see the callers' patches)."""
    from game.scenes.menu import MainMenu

    app.push(MainMenu())
    app.update(STEP_MS)
    click(app, next(w for w in app.top.group.widgets if w.label == "Присоединиться"))
    return app.top


def type_text(app: App, field, text: str) -> None:
    """Focus a text field, start editing, erase what it holds, type, press Enter."""
    press(app, "point", device="mouse", pos=field.rect.center)
    press_key(app, pygame.K_RETURN)
    assert field.editing
    for _ in range(len(field.text)):
        press_key(app, pygame.K_BACKSPACE)
    driver_type(app, text)
    assert field.text == text, f"typed {text!r}, the field holds {field.text!r}"
    press_key(app, pygame.K_RETURN)
    assert not field.editing


class Windows:
    """Several headless App windows in one process, stepped at the windows' own 60 Hz cadence
    (the host and network threads get the time between frames, as in a real window)."""

    def __init__(self, *apps: App):
        self.apps = list(apps)
        self.frame = 0
        self.next_frame = time.perf_counter()
        self.players: list = []

    def step(self, draw_every: int = 6) -> None:
        self.frame += 1
        for app in self.apps:
            app.update(STEP_MS)
            if self.frame % draw_every == 0:
                app.draw(1.0)
        for player in self.players:
            player.act()
        self.next_frame += STEP_MS / 1000 / 4  # four simulated frames per real one: animations settle sooner
        if self.next_frame < time.perf_counter() - 0.1:
            self.next_frame = time.perf_counter()
        wait_until(self.next_frame)

    def until(self, condition, timeout: float = 10.0, what: str = "") -> None:
        deadline = time.monotonic() + timeout
        while not condition():
            if time.monotonic() > deadline:
                raise AssertionError(f"не дождались: {what or condition}")
            self.step()


class UnoHand:
    """A person at one window's UNO table: reads the screen's view and legal moves, and
    answers with the same inputs a player would give (arrows and Enter on a card, X to draw,
    U to shout, Enter on the colour wheel, the side buttons for anything else)."""

    def __init__(self, app: App):
        self.app = app
        self.moves = 0
        self.frames = 0
        self.acted_on: int | None = None
        self.acted_frame = 0

    @property
    def scene(self):
        from game.scenes.uno.table import UnoScene

        top = self.app.top
        return top if isinstance(top, UnoScene) else None

    def tap(self, name: str) -> None:
        press(self.app, name)
        self.moves += 1

    def act(self) -> None:
        scene = self.scene
        self.frames += 1
        if scene is None or scene.view is None or scene.over:
            return
        if scene.state_id == self.acted_on and self.frames - self.acted_frame < 40:
            return  # the host has not answered the last press yet
        before = self.moves
        kinds = {a["kind"] for a in scene.legal}
        if scene.results_open():
            if "continue" in kinds:
                self.tap("confirm")
        elif "shout" in kinds:
            self.tap("shout")
        elif scene.colour_wheel_open() or scene.picker_open():
            self.tap("confirm")
        elif self.play_a_card(scene):
            pass
        elif kinds & {"draw", "pass", "accept"}:
            self.tap("draw")
        elif kinds - UNO_REFLEX and scene.group.widgets:
            scene.zone = "buttons"
            scene.group.focus = next((i for i, w in enumerate(scene.group.widgets) if w.enabled), 0)
            self.tap("confirm")
        if self.moves != before:
            self.acted_on, self.acted_frame = scene.state_id, self.frames

    def play_a_card(self, scene) -> bool:
        visible = [c["id"] for c in scene.visible_hand()]
        cards = [a["card"] for a in scene.legal if a["kind"] == "play" and a["card"] in visible]
        if not cards:
            return False
        target = cards[0]
        scene.zone = "hand"
        for _ in range(len(visible) + 2):
            if scene.selected == target:
                break
            here = visible.index(scene.selected) if scene.selected in visible else 0
            press(self.app, "right" if visible.index(target) > here else "left")
        if scene.selected != target:
            return False
        self.tap("confirm")
        return True


def join_in_order(port: int, *names: str, address: str = "127.0.0.1") -> list:
    """Connections to a room on loopback that sit down in the order named: each joins once the host has welcomed the
    one before. The host seats hellos as they arrive and the first seated owns the room, so two joins sent at once
    could make the second name its owner (who alone may start)."""
    from game import launch

    joined = []
    for name in names:
        connection = launch.join_room(address, port, name)
        joined.append(connection)
        if not connection.welcomed.wait(10):
            for each in joined:
                each.close()
            raise AssertionError(f"the host never welcomed {name}")
    return joined
