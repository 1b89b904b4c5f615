"""Бинго seen by someone without a sheet (a laptop that watches, the phones' TV view): the sheet's panel says whose
sheets they are and what the players are doing, never «Ваш листок» or «Слова записаны» of a sheet nobody wrote."""
from __future__ import annotations

import time

import pytest

from game import launch
from game.rules.base import SPECTATOR
from game.scenes import lobby as lobby_screens
from game.scenes.table.scene import TableScene
from phone_support import fast_clock
from window_support import frames, kept_equals_fresh, screen_app, shown_lines

pytestmark = pytest.mark.timeout(60)


@pytest.fixture
def app(tmp_path, monkeypatch):
    with screen_app(tmp_path, monkeypatch) as application:
        yield application


def test_a_watcher_of_bingo_is_not_told_of_its_own_sheet(app):
    core = launch.new_room("bingo", "Комната", seed=7, clock=fast_clock(4))
    host = launch.serve(core, "127.0.0.1", 0, False)
    owner = launch.join_room("127.0.0.1", host.port, "Аня")  # writes no words: the words' phase stands
    try:
        owner.wait_for(lambda m: m.get("type") == "lobby")
        owner.add_bot()
        owner.wait_for(lambda m: m.get("type") == "lobby" and len(m["seats"]) == 2)
        owner.start_game()
        line = launch.join_room("127.0.0.1", host.port, "Лена", role="spectator")
        app.push(lobby_screens.LobbyScene(line, f"127.0.0.1:{host.port}"))
        assert frames(app, lambda: isinstance(app.top, TableScene) and app.top.view is not None)
        table = app.top
        assert table.me == SPECTATOR and table.view["phase"] == "words"
        assert frames(app, lambda: table.view["ready"][1]), "the bot wrote no words"
        lines = shown_lines(app)
        assert "Ваш листок" not in lines and "Слова записаны. Ждём остальных…" not in lines, lines
        assert "Листки у игроков" in lines and "Игроки записывают слова…" in lines, lines
        assert kept_equals_fresh(app, table)
    finally:
        owner.close()
        host.stop()
