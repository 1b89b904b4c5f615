"""«Начать игру» on the seat screen (gamepads, several people at one screen) deals the table in the background like
the setup screen does: every frame returns while an Эрудит board is being prepared, the screen says so, and the
table opens when it is ready."""
import threading
import time

import pygame

from board_words import COMMON, WORDS
from game.app import STEP_MS
from game.rules.board import words as wordsrc
from game.scenes.seats import SeatScene
from game.scenes.table.scene import TableScene
from table_driver import centre_of_screen, key_events

WORDS_HELD_S = 5  # how long a blocking start would stall a frame: far beyond any frame of a screen that waits
LONGEST_FRAME_MS = 1000


def timed_frame(app, *events) -> float:
    """One pass of the app's loop with ``events`` queued first, as the window runs it; its own duration in ms."""
    for event in events:
        pygame.event.post(event)
    began = time.perf_counter()
    app.frame(STEP_MS, 0.0)
    return (time.perf_counter() - began) * 1000.0


def test_the_seat_screens_start_never_blocks_a_frame(app):
    released = threading.Event()

    def words_found_later(game_id, options):  # a cold start: the board's words arrive only when the test says so
        released.wait(WORDS_HELD_S)
        return wordsrc.FixedWords.of(WORDS, COMMON)

    wordsrc.use_words(words_found_later)
    try:
        seats = SeatScene("erudit", 2, "player", {})
        app.push(seats)
        timed_frame(app)
        timed_frame(app, *key_events(pygame.K_RETURN))  # the keyboard sits at seat 1…
        timed_frame(app, *key_events(pygame.K_RETURN))  # …and at seat 2 (a hot seat); the focus goes to «Начать»
        assert seats.plan.seated == {0: "keyboard", 1: "keyboard"}
        assert seats.group.focused is seats.start_button
        durations = [timed_frame(app, *key_events(pygame.K_RETURN))]
        pictures = set()
        for _ in range(40):
            durations.append(timed_frame(app))
            pictures.add(centre_of_screen(app))
        assert max(durations) < LONGEST_FRAME_MS, f"a frame waited for the deal: {max(durations):.0f} ms"
        assert app.top is seats and not released.is_set(), "the table opened before its words were there"
        assert len(pictures) > 1, "nothing moves on the screen while the board is dealt"
        timed_frame(app, *key_events(pygame.K_ESCAPE))  # the screen waits: keys do not leave it half-way
        assert app.top is seats
        released.set()
        for _ in range(3000):
            if isinstance(app.top, TableScene):
                break
            timed_frame(app)
        assert isinstance(app.top, TableScene), [t.message for t in app.toasts]
        assert sorted(app.top.local) == [0, 1]
    finally:
        released.set()
        wordsrc.use_words(None)
