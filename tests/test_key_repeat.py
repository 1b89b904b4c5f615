"""A held key repeats; a pressed-and-released one does not, however late the frame that reads it.

pygame's own repeat counted a key as held until the event pump saw its release, so a slow frame
right after a press turned one Return into several (four submits of one word in Словодел). The app
now repeats keys itself on its fixed-step clock, and only while SDL still reports the key down."""
import ctypes

import pygame

from game.app import STEP_MS
from game.scenes.base import Scene
from table_driver import post
from virtual_pad import _sdl

REPEAT_DELAY_MS, REPEAT_EVERY_MS = 350, 60


class Recorder(Scene):
    def __init__(self):
        self.heard = []

    def handle(self, intent):
        self.heard.append(intent.name)


def down(key):
    return pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0)


def up(key):
    return pygame.event.Event(pygame.KEYUP, key=key, mod=0, unicode="", scancode=0)


class HeldKeys:
    """SDL's keyboard state, the one ``pygame.key.get_pressed`` reads: what a real keyboard would
    leave in it while a key is held (the dummy video driver has no keyboard of its own)."""

    def __init__(self):
        lib = _sdl()
        lib.SDL_GetKeyboardState.restype = ctypes.POINTER(ctypes.c_uint8)
        lib.SDL_GetKeyboardState.argtypes = [ctypes.c_void_p]
        lib.SDL_GetScancodeFromKey.argtypes = [ctypes.c_int32]
        lib.SDL_GetScancodeFromKey.restype = ctypes.c_int
        self.lib = lib
        self.state = lib.SDL_GetKeyboardState(None)

    def set(self, key, pressed):
        self.state[self.lib.SDL_GetScancodeFromKey(key)] = 1 if pressed else 0


def run_frames(app, ms):
    accumulator = 0.0
    for _ in range(int(ms / STEP_MS)):
        accumulator = app.frame(STEP_MS, accumulator)


def test_a_stalled_frame_delivers_one_press_once(app):
    """One Return, then a 0.6 s frame: the batch holds the press, the repeats counted during the
    stall and the release. The player pressed once."""
    scene = Recorder()
    app.push(scene)
    post(app, down(pygame.K_RETURN), *[down(pygame.K_RETURN) for _ in range(5)], up(pygame.K_RETURN))
    run_frames(app, 600)
    assert scene.heard.count("confirm") == 1


def test_a_press_and_release_read_by_a_slow_frame_never_repeats(app):
    scene = Recorder()
    app.push(scene)
    for event in (down(pygame.K_DOWN), up(pygame.K_DOWN)):
        pygame.event.post(event)
    app.frame(600.0, 0.0)
    run_frames(app, 1000)
    assert scene.heard.count("down") == 1


def test_a_held_key_repeats_on_the_apps_clock_and_stops_when_released(app):
    scene = Recorder()
    app.push(scene)
    held = HeldKeys()
    held.set(pygame.K_DOWN, True)
    try:
        post(app, down(pygame.K_DOWN))
        run_frames(app, 1000)
    finally:
        held.set(pygame.K_DOWN, False)
    repeats = 1 + (1000 - REPEAT_DELAY_MS) // REPEAT_EVERY_MS
    assert abs(scene.heard.count("down") - (1 + repeats)) <= 1
    count = scene.heard.count("down")
    run_frames(app, 500)  # SDL says the key is up: the release event may come late, repeats stop at once
    post(app, up(pygame.K_DOWN))
    run_frames(app, 500)
    assert scene.heard.count("down") == count


def test_a_key_released_while_the_window_was_away_does_not_repeat(app):
    scene = Recorder()
    app.push(scene)
    held = HeldKeys()
    held.set(pygame.K_UP, True)
    try:
        post(app, down(pygame.K_UP), pygame.event.Event(pygame.WINDOWFOCUSLOST))
        run_frames(app, 1000)
    finally:
        held.set(pygame.K_UP, False)
    assert scene.heard.count("up") == 1
