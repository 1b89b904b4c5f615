"""A text field reads steadily: while one types into an empty field its label stays put through the caret's blink
(it jumped between the middle and the left twice a second), and an empty field's hint (the join screen's address
example) stands beside its label, not on it, in large text too. Driven by posted events; lines from the layout
check's trace of the drawn frame."""
from __future__ import annotations

import json

import pygame
import pytest

import layout_check
from game.app import STEP_MS
from game.scenes import lobby
from lobby_support import open_join_screen
from table_driver import press_key
from window_support import screen_app


def line_at(app, words: str):
    layout_check.draw_looked_at(app)
    return next(line for line in layout_check._lines_of(app.canvas) if not line.hidden and line.words == words)


def test_the_label_of_an_empty_field_being_typed_into_stays_put(tmp_path, monkeypatch):
    from game.cli.screenshot import make_scene

    with screen_app(tmp_path, monkeypatch) as app:
        scene = make_scene("wordcheck", 7, 2)
        app.push(scene)
        app.update(STEP_MS)
        press_key(app, pygame.K_UP)  # the word field
        press_key(app, pygame.K_RETURN)  # typing begins: the field is emptied for a new word
        assert scene.field.editing and scene.field.text == ""
        places = set()
        for _ in range(8):  # past two beats of the caret
            for _ in range(9):
                app.update(STEP_MS)
            places.add(tuple(line_at(app, "Слово").ink))
        assert len(places) == 1, places


@pytest.mark.parametrize("large", [False, True], ids=["normal", "large text"])
def test_an_empty_fields_hint_stands_beside_its_label(tmp_path, monkeypatch, large):
    monkeypatch.setattr(lobby, "DISCOVERY", False)
    monkeypatch.setattr(lobby, "TOKEN_FILE", tmp_path / "window-tokens.json")
    (tmp_path / "settings.json").write_text(json.dumps({"large_text": large}), encoding="utf-8")
    with screen_app(tmp_path, monkeypatch) as app:
        field = open_join_screen(app).address
        assert not field.text and field.placeholder
        label, hint = line_at(app, "Адрес"), line_at(app, field.placeholder)
        assert label.ink.right + 8 <= hint.ink.left and field.rect.contains(hint.ink), (tuple(label.ink), tuple(hint.ink))
