"""«Проверка слова» as a player uses it: typing, choosing the game, reading the verdict."""
import threading

import pygame
import pytest

from game.app import STEP_MS
from game.scenes.menu import MainMenu
from game.scenes.wordcheck import WordCheckScene, input_problem


@pytest.fixture
def app(app):
    app.push(MainMenu())
    return app


@pytest.mark.parametrize("text, fragment", [
    ("", "пустое"), ("   ", "пустое"), ("cat", "Латинские"), ("кот1", "Цифры"), ("кот-пёс", "Только русские"),
])
def test_not_a_word_gets_a_clear_russian_message(text, fragment):
    assert fragment in input_problem(text)


def test_cyrillic_word_passes_the_input_check():
    assert input_problem("Ёжик") is None


def type_word(app, word):
    scene = app.top
    scene.group.focus = scene.group.widgets.index(scene.field)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="", scancode=0))
    app.frame(STEP_MS, 0.0)
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=word))
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="", scancode=0))
    app.frame(STEP_MS, 0.0)


def wait_for_verdict(app, scene):
    """Step frames, joining the loader thread in between (the first start builds the dictionary)."""
    for _ in range(1200):
        if scene.verdict is not None or scene.loader.error:
            return
        for thread in threading.enumerate():
            if thread.daemon and thread is not threading.current_thread():
                thread.join(timeout=0.05)
        app.frame(STEP_MS, 0.0)
    raise AssertionError("no verdict")


def test_menu_entry_opens_the_checker_and_judges_words(app):
    entry = next(w for w in app.top.group.widgets if w.label == "Проверка слова")
    assert entry.enabled
    entry.activate()
    scene = app.top
    assert isinstance(scene, WordCheckScene)
    type_word(app, "латте")
    wait_for_verdict(app, scene)
    assert scene.loader.error is None
    word, ok, reason, _ = scene.verdict
    assert word == "латте"
    type_word(app, "бегу")
    wait_for_verdict(app, scene)
    assert scene.verdict[1] is False and scene.verdict[2]
    type_word(app, "tree")
    assert "Латинские" in scene.message and scene.verdict is None
