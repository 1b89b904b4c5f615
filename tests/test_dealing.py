"""From «Начать игру» to the table the window keeps drawing: a board game's word graph is built on a background
thread while the setup screen shows «Раскладываем доску…» with its dots moving, and the table opens when it is ready
(Эрудит used to freeze the window for over a second)."""
import threading

import pygame

from board_words import COMMON, WORDS
from game.app import STEP_MS
from game import rules
from game.rules.board import words as wordsrc
from game.scenes.setup import SetupScene
from game.scenes.table.scene import TableScene
from table_driver import centre_of_screen, click, press_key


def frames(app, n):
    for _ in range(n):
        app.frame(STEP_MS, 0.0)


def a_deal_the_person_opens(players: int) -> int:
    """A seed at which seat 0 (the person) moves first. With a bot first the deal needs no words at all (the bot
    looks for them on its thinking thread, with the table already open), so the wait is only seen at such a deal."""
    engine = rules.load("erudit")
    return next(seed for seed in range(1000) if engine.new_game({}, players, seed).turn == 0)


def test_the_window_keeps_drawing_while_the_board_is_dealt(app):
    released = threading.Event()
    app.deal_seed = a_deal_the_person_opens(4)  # the setup screen's default table: the person and three bots

    def words_found_later(game_id, options):  # the dictionary arrives only when the test says so
        released.wait(10)
        return wordsrc.FixedWords.of(WORDS, COMMON)

    wordsrc.use_words(words_found_later)
    try:
        setup = SetupScene("erudit")
        app.push(setup)
        frames(app, 2)
        start = next(w for w in setup.group.widgets if w.label == "Начать игру")
        click(app, start.rect.center)
        frames(app, 3)
        assert app.top is setup and setup.dealing is not None, ("the table opened before its words were there", [t.message for t in app.toasts])
        pictures = set()
        for _ in range(12):
            frames(app, 5)
            pictures.add(centre_of_screen(app))
        assert len(pictures) > 1, "nothing moves on the screen while the board is dealt"
        press_key(app, pygame.K_ESCAPE)  # the screen waits: keys do not leave it half-way
        frames(app, 1)
        assert app.top is setup
        released.set()
        setup.dealing.result(timeout=60)
        frames(app, 2)
        assert isinstance(app.top, TableScene)
        assert app.top.view is not None
    finally:
        released.set()
        wordsrc.use_words(None)
