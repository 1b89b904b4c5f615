"""A local game shown in a headless app, driven like a player would: the host's clock is a
virtual one the test moves, and input arrives as real pygame events.

The module-level functions are the only way tests give input to an ``App``: they post SDL
events (keys with their KEYUP, typed text the way a Russian keyboard sends it, mouse
buttons at screen positions, a virtual gamepad's buttons) and let the app read them with
``App.handle_events`` — the same call its main loop makes every frame. A guard test keeps
scene handlers from being called straight from tests.
"""
from __future__ import annotations

import ctypes
import functools
import json

import pygame
import pytest

from game.app import STEP_MS, App
from game.net.local import LocalHost
from game.net.session import SeatInfo
from game.scenes import game_scene
from game.net.origin import FAR_ORIGIN
from game.scenes.demo import VirtualClock


class LocalTable:
    SETTLE_FRAMES = 80
    UNTIL_LIMIT = 3000

    def __init__(self, app: App, game: str, names: list[str], seed=1, options=None, human=True, level="player",
                 origin=FAR_ORIGIN):
        self.app = app
        self.clock = VirtualClock(origin)  # far from 0, as on a machine that has been on for days
        app.now_ms = self.clock  # presses are stamped in the same virtual time as the host
        seats = [SeatInfo(n, None if (i == 0 and human) else level) for i, n in enumerate(names)]
        self.host = LocalHost(game, seats, seed, options or {}, clock=self.clock)
        self.session = self.host.session
        self.scene = game_scene(self.host.connect(0), game, names)
        app.push(self.scene)

    def step(self, frames=1, ms=17, draw_every=1):
        for i in range(frames):
            self.app.handle_events()  # a virtual gamepad's buttons arrive as events
            self.clock.ms += ms
            self.app.update(STEP_MS)
            if draw_every and i % draw_every == 0:
                self.app.draw(0.5)

    def settle(self, frames=None):
        """Let the flights land and the buttons appear, without host time moving much."""
        self.step(frames or self.SETTLE_FRAMES, ms=1)

    def until(self, condition, limit=None, ms=40):
        for _ in range(limit or self.UNTIL_LIMIT):
            if condition():
                return
            self.step(1, ms=ms, draw_every=4)
        raise AssertionError("the table never got there")

    def post(self, *events):
        post(self.app, *events)
        self.step(1, ms=1)

    def key(self, k, mod=0):
        press_key(self.app, k, mod)
        self.step(1, ms=1)

    def type(self, text):
        for ch in text:
            type_text(self.app, ch)
            self.step(1, ms=1)

    def drag(self, start, end):
        self.post(motion(start), button_event(pygame.MOUSEBUTTONDOWN, start))
        mid = ((start[0] + end[0]) // 2, (start[1] + end[1]) // 2)
        for pos in (mid, end):
            self.post(motion(pos, held=True))
        self.post(button_event(pygame.MOUSEBUTTONUP, end))

    def click(self, pos, button=1):
        self.post(*click_events(pos, button))

    def pad(self, name):
        """The intent ``name`` pressed on a virtual gamepad (its button under today's bindings)."""
        press_pad(self.app, name)
        self.step(1, ms=1)


# ---------------------------------------------------------------------------------------------- input
# The Russian ЙЦУКЕН layout on the keys of a US keyboard: SDL reports the Latin key (so «ы» is
# also S, bound to «down», and «ь» is M, bound to «mute») and sends the letter as TEXTINPUT.
RUSSIAN_KEYS = dict(zip("йцукенгшщзхъфывапролджэячсмитьбюё", "qwertyuiop[]asdfghjkl;'zxcvbnm,.`"))
SHIFTED = {"*": "8", "!": "1", "?": "7", "%": "5", ":": "6", ";": "4", ",": "/"}


@pytest.fixture
def saved_seats_app(tmp_path, monkeypatch, request):
    """(app, seats) for ``request.param`` = (seats, window size, «Крупный текст»), the app started from those saved
    settings (a test module imports this fixture and parametrises it indirectly)."""
    seats, window, large = request.param
    application = app_with_saved_settings(tmp_path, monkeypatch, large, window)
    yield application, seats
    application.shutdown()


def app_with_saved_settings(config_dir, monkeypatch, large_text: bool, window: tuple[int, int]) -> App:
    """A headless app started the way a player left it: «Крупный текст» and the window size saved in settings.json."""
    (config_dir / "settings.json").write_text(json.dumps({"large_text": large_text, "window_size": list(window)}),
                                              encoding="utf-8")
    monkeypatch.setenv("IGROTEKA_CONFIG_DIR", str(config_dir))
    return App(headless=True)


def centre_of_screen(app: App) -> bytes:
    """The pixels of a strip at the middle of the canvas, where a waiting screen shows its animation."""
    box = pygame.Rect(0, 0, 240, 60)
    box.center = (app.canvas.get_width() // 2, app.canvas.get_height() // 2 + 40)
    return pygame.image.tobytes(app.canvas.subsurface(box), "RGB")


def post(app: App, *events) -> None:
    """Queue SDL events and let the app take them the way its main loop does."""
    for event in events:
        pygame.event.post(event)
    app.handle_events()


def key_events(key: int, mod: int = 0) -> list:
    return [pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode="", scancode=0),
            pygame.event.Event(pygame.KEYUP, key=key, mod=mod, unicode="", scancode=0)]


def press_key(app: App, key: int, mod: int = 0) -> None:
    post(app, *key_events(key, mod))


def text_input_active() -> bool:
    """SDL sends TEXTINPUT only while text input is started: a scene that forgot to start it
    gets the key presses and no letters, as in a real window."""
    return bool(_sdl().SDL_IsTextInputActive())


def typing_events(ch: str) -> list:
    """What one typed character sends: the key under it (with Shift for capitals), the text
    when text input is on, the key's release."""
    lower = ch.lower()
    latin = RUSSIAN_KEYS.get(lower, lower if lower.isascii() else "")
    mod = pygame.KMOD_LSHIFT if ch != lower else 0
    if ch in SHIFTED:
        latin, mod = SHIFTED[ch], pygame.KMOD_LSHIFT
    try:
        key = pygame.key.key_code(latin) if latin else None
    except ValueError:
        key = None
    down = [] if key is None else [pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode=ch, scancode=0)]
    up = [] if key is None else [pygame.event.Event(pygame.KEYUP, key=key, mod=mod, unicode="", scancode=0)]
    text = [pygame.event.Event(pygame.TEXTINPUT, text=ch)] if text_input_active() else []
    return down + text + up


def type_text(app: App, text: str) -> None:
    for ch in text:
        post(app, *typing_events(ch))


def motion(pos, held: bool = False):
    return pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(1 if held else 0, 0, 0))


def button_event(kind: int, pos, button: int = 1):
    return pygame.event.Event(kind, pos=pos, button=button)


def click_events(pos, button: int = 1) -> list:
    return [motion(pos), button_event(pygame.MOUSEBUTTONDOWN, pos, button), button_event(pygame.MOUSEBUTTONUP, pos, button)]


def click(app: App, pos, button: int = 1) -> None:
    post(app, *click_events(pos, button))


DPAD = {"up": "dpup", "down": "dpdown", "left": "dpleft", "right": "dpright"}
_pads: list = []


def virtual_pad(app: App):
    """One virtual gamepad for the tests of this app, plugged in and seen by it."""
    from virtual_pad import VirtualPad

    if not _pads:
        _pads.append(VirtualPad())
        app.handle_events()  # the app opens the pad on its «added» event; only then SDL sends its buttons
    return _pads[0]


def pad_button(app: App, name: str) -> str:
    if name in DPAD:
        return DPAD[name]
    button = app.settings.pad_buttons.get(name)
    if button is None:
        raise KeyError(f"no pad button is bound to «{name}»")
    return button


def press_pad(app: App, name: str) -> None:
    pad = virtual_pad(app)
    pad.press(pad_button(app, name))
    app.handle_events()


def pad_device(app: App) -> str:
    return f"pad:{virtual_pad(app).instance_id}"


def unplug_pads() -> None:
    while _pads:
        _pads.pop().unplug()


@functools.lru_cache(maxsize=1)
def _sdl():
    from virtual_pad import _sdl as load

    lib = load()
    lib.SDL_IsTextInputActive.restype = ctypes.c_int
    return lib
