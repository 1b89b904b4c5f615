"""A player with only a pad reaches every entry of the main menu: from «Игротека» as it opens, D-pad presses steer
the focus to each game tile (and to every other enabled entry) and A opens it: a tile's own setup screen, «История»
with its list, its buttons and its statistics."""
from __future__ import annotations

import pytest

from game.scenes import menu_games
from game.scenes.history import HistoryScene, HistoryStatsScene, demo_records
from game.scenes.menu import GameTile, MainMenu
from game.scenes.setup import SetupScene
from table_driver import press_pad, unplug_pads
from window_support import screen_app

pytestmark = pytest.mark.timeout(60)


def steer_to(app, menu: MainMenu, target) -> None:
    """Press the D-pad the way a player would, toward ``target``'s place on the screen, until it holds the focus."""
    for _ in range(20):
        here = menu.group.focused
        if here is target:
            return
        dx = target.rect.centerx - here.rect.centerx
        dy = target.rect.centery - here.rect.centery
        press_pad(app, ("right" if dx > 0 else "left") if abs(dx) > abs(dy) else ("down" if dy > 0 else "up"))
    raise AssertionError(f"the pad got stuck on «{menu.group.focused.label}» on its way to «{target.label}»")


@pytest.fixture
def menu_app(tmp_path, monkeypatch):
    with screen_app(tmp_path, monkeypatch) as app:
        menu = MainMenu()
        app.push(menu)
        app.handle_events()
        try:
            yield app, menu
        finally:
            unplug_pads()


@pytest.mark.parametrize("game_id", menu_games())
def test_a_pad_opens_every_game_tile(menu_app, game_id):
    app, menu = menu_app
    tile = next(w for w in menu.group.widgets if isinstance(w, GameTile) and w.game_id == game_id)
    assert tile.enabled, f"«{tile.label}» is not playable here"
    steer_to(app, menu, tile)
    press_pad(app, "confirm")
    assert isinstance(app.top, SetupScene) and app.top.game_id == game_id, type(app.top).__name__


def test_a_pad_reaches_every_other_entry(menu_app):
    app, menu = menu_app
    for entry in [w for w in menu.group.widgets if not isinstance(w, GameTile) and w.enabled]:
        steer_to(app, menu, entry)


def test_a_pad_opens_the_history_leafs_through_it_and_reaches_its_statistics(menu_app):
    app, menu = menu_app
    for ended_at, record in demo_records(3):
        app.history.add(record, ended_at=ended_at)
    steer_to(app, menu, next(w for w in menu.group.widgets if w.label == "История"))
    press_pad(app, "confirm")
    history = app.top
    assert isinstance(history, HistoryScene) and history.selected == 0
    press_pad(app, "down")
    assert history.selected == 1 and history.group.focused is history.rows[1]
    press_pad(app, "right")  # beside the list: «Повтор партии» of the game shown, the two buttons under it
    assert history.group.focused is history.replay_button
    press_pad(app, "down")
    if history.group.focused is history.clear_button:
        press_pad(app, "left")
    assert history.group.focused is history.stats_button
    press_pad(app, "right")
    assert history.group.focused is history.clear_button
    press_pad(app, "left")
    press_pad(app, "confirm")
    assert isinstance(app.top, HistoryStatsScene)
    press_pad(app, "back")
    press_pad(app, "back")
    assert app.top is menu
