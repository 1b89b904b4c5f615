"""A couch table's «На экране: …» badge (whose seat the screen shows now) stands clear of the table's own text:
on the board tables the top-right corner is the first plate's score."""
import pygame
import pytest

import layout_check
from game import assets, scenes
from game.scenes.demo import VirtualClock
from table_driver import unplug_pads
from test_couch_cover_words import bot_first_couch
from test_couch_play import pads  # noqa: F401
from window_support import screen_app


@pytest.fixture
def app(tmp_path, monkeypatch):
    monkeypatch.setitem(scenes.GAME_SCENES, "toy", "couch_toy_scene")
    with screen_app(tmp_path, monkeypatch) as application:
        clock = VirtualClock()
        application.now_ms = application.clock = clock
        yield application
        unplug_pads()
    assets.set_text_scale(1.0)


@pytest.mark.parametrize("scale", [1.0, 1.2])
@pytest.mark.parametrize("game_id", ["erudit", "scrabble", "nowords"])
def test_the_on_screen_badge_covers_nothing(app, pads, game_id, scale, tmp_path):
    assets.set_text_scale(scale)
    table, _, _ = bot_first_couch(app, pads, game_id)
    findings = [str(f) for f in layout_check.draw_looked_at(app) if "На экране" in str(f)]
    badge = [line for line in layout_check._lines_of(app.canvas) if line.words.startswith("На экране")]
    pygame.image.save(app.canvas, str(tmp_path / f"{game_id}.png"))
    assert badge and findings == [], (findings, tmp_path)
