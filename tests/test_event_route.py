"""Tests give input the way a player does: SDL events read by the app's own route. A scene's handler
called straight from a test skips the routing (pause menu, global keys, text input, couch seats) where
this project's input bugs lived, so this file keeps such calls out of the suite."""
import re
from pathlib import Path

import pygame

from game.app import STEP_MS
from game.scenes.base import Scene
from game.scenes.menu import MainMenu
from table_driver import press_key

TESTS = Path(__file__).parent
# a scene's or widget's input handler called directly, or an intent made by hand
DIRECT = re.compile(r"\.handle(?:_(?!events\b)\w+)?\(|\.activate\(|\bIntent\(")
DRIVER = {"table_driver.py", Path(__file__).name}  # the one way in, and this file's own patterns


def test_no_test_calls_a_handler_or_makes_an_intent():
    offenders = []
    for path in sorted(TESTS.glob("*.py")):
        if path.name in DRIVER:
            continue
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            code = line.split("#", 1)[0]
            if DIRECT.search(code) and not code.lstrip().startswith("def "):
                offenders.append(f"{path.name}:{number}: {line.strip()}")
    assert not offenders, ("post events with table_driver (post, press_key, type_text, click, press_pad) "
                           "instead of calling handlers:\n" + "\n".join(offenders))


def test_the_driver_and_the_main_loop_read_events_alike(app):
    """Esc in the main menu jumps to «Выход»: once through a frame of the main loop, once through the driver."""
    menu = MainMenu()
    app.push(menu)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0))
    app.frame(STEP_MS, 0.0)
    assert menu.group.focused.label == "Выход"
    menu.group.focus = 0
    press_key(app, pygame.K_ESCAPE)
    assert menu.group.focused.label == "Выход"


class Recorder(Scene):
    def __init__(self):
        self.heard = []

    def handle(self, intent):
        self.heard.append(intent.name)


class Opener(Scene):
    """«confirm» opens the next screen, as a menu entry does."""

    def __init__(self, then):
        self.then = then

    def handle(self, intent):
        if intent.name == "confirm":
            self.app.push(self.then)


def test_a_screen_opened_by_a_press_gets_nothing_of_that_press(app):
    """Enter is «confirm» and «play»: the screen its «confirm» opened must not get its «play»."""
    later = Recorder()
    app.push(Opener(later))
    press_key(app, pygame.K_RETURN)
    assert app.top is later and later.heard == []
