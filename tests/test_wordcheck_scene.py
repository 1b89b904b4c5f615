"""«Проверка слова» as a player uses it: typing, choosing the game, reading the verdict."""
import threading

import pygame
import pytest

from game.app import STEP_MS
from game.scenes.menu import MainMenu
from game.scenes.wordcheck import WordCheckScene, input_problem
from table_driver import click, press_key, type_text


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
    """Enter on the field, the word typed key by key (its letters arrive only if the field turned
    text input on), Enter."""
    scene = app.top
    scene.group.focus = scene.group.widgets.index(scene.field)
    press_key(app, pygame.K_RETURN)
    app.frame(STEP_MS, 0.0)
    type_text(app, word)
    press_key(app, pygame.K_RETURN)
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
    click(app, entry.rect.center)
    scene = app.top
    assert isinstance(scene, WordCheckScene)
    type_word(app, "латте")
    wait_for_verdict(app, scene)
    assert scene.loader.error is None
    word, ok, reason, _ = scene.verdict
    assert word == "латте"
    type_word(app, "бегу")  # the next word replaces the last one: no need to erase it first
    wait_for_verdict(app, scene)
    assert scene.verdict[0] == "бегу" and scene.verdict[1] is False and scene.verdict[2]
    type_word(app, "tree")
    assert "Латинские" in scene.message and scene.verdict is None
    muted = app.settings.muted
    type_word(app, "мышь")  # М is also the mute key: here it types «ь»
    assert scene.field.text == "мышь" and app.settings.muted == muted


def test_typing_right_away_checks_the_word_and_backspace_edits_it(app):
    """«Напишите слово и нажмите Enter»: no Enter needed first, and Backspace after a verdict edits the
    word instead of leaving the screen."""
    entry = next(w for w in app.top.group.widgets if w.label == "Проверка слова")
    click(app, entry.rect.center)
    scene = app.top
    type_text(app, "кот")
    press_key(app, pygame.K_RETURN)
    wait_for_verdict(app, scene)
    assert scene.verdict[0] == "кот"
    press_key(app, pygame.K_BACKSPACE)
    assert app.top is scene and scene.field.editing and scene.field.text == "ко"
