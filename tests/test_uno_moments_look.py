"""UNO as a LAN party reads it in the moments an ordinary turn never shows: a «+4» to check, the colour wheel, a
forgotten «УНО!» to catch, someone else's round won. Each moment is arranged on a local table, driven through the
app's own event route and read from the drawn frame (normal and large text)."""
import json

import pygame
import pytest

import layout_check
from test_uno_scene import arranged, plus_four_on_me
from window_support import kept_equals_fresh, screen_app, shown_lines


@pytest.fixture(params=[False, True], ids=["normal", "large"])
def looked_at(tmp_path, monkeypatch, request):
    """A headless window that traces its text lines, «Крупный текст» on or off as the settings say."""
    (tmp_path / "settings.json").write_text(json.dumps({"large_text": request.param}), encoding="utf-8")
    with screen_app(tmp_path, monkeypatch) as application:
        yield application


def status_words(table) -> str:
    line = table.scene.status_line()
    assert line is not None, "the status line says nothing"
    return table.scene.status_text()


def test_a_plus_four_to_check_says_what_enter_does(looked_at):
    """Enter presses the focused «Проверить!»: the status line said «Enter или X, взять карты»."""
    table, _ = plus_four_on_me(looked_at)
    scene = table.scene
    assert scene.can("challenge") and scene.group.focused.key == "challenge"
    words = status_words(table)
    assert words in shown_lines(looked_at)
    assert "Enter — проверить" in words and "X — взять" in words, words
    assert kept_equals_fresh(looked_at, scene)
    table.key(pygame.K_RETURN)
    table.settle(30)
    assert not scene.can("challenge") and len(table.session.state.hands[2]) == 7  # checked, as the line said
