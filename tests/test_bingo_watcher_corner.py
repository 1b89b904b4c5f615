"""Бинго watched with no seat to take (every seat a person's): the corner of the table's controls shows the watcher
what it is doing and who is nearest to Бинго, never the «Скрэббл Бинго!» button and its keys it cannot press."""
from __future__ import annotations

import pytest

from game import launch
from game.rules.base import SPECTATOR
from game.scenes import lobby as lobby_screens
from game.scenes.table.scene import TableScene
from lobby_support import join_in_order
from phone_support import fast_clock
from test_bingo_watcher_view import app  # noqa: F401  (the headless window, as a fixture)
from window_support import frames, kept_equals_fresh, shown_lines

pytestmark = pytest.mark.timeout(60)


def write_suggested_words(player) -> None:
    update = player.wait_for(lambda m: m.get("type") == "update" and m["view"]["suggested"])
    first, second = update["view"]["suggested"]
    player.send({"kind": "choose_words", "first": first, "second": second})


def test_a_watcher_without_a_seat_to_take_sees_no_bingo_controls(app):  # noqa: F811
    core = launch.new_room("bingo", "Комната", seed=7, clock=fast_clock(4))
    host = launch.serve(core, "127.0.0.1", 0, False)
    owner, guest = join_in_order(host.port, "Аня", "Боря")
    try:
        guest.set_ready(True)
        owner.wait_for(lambda m: m.get("type") == "lobby" and len(m["seats"]) == 2
                       and all(s["ready"] or s["seat"] == owner.seat for s in m["seats"]))
        owner.start_game()
        for player in (owner, guest):
            write_suggested_words(player)
        line = launch.join_room("127.0.0.1", host.port, "Лена", role="spectator")
        app.push(lobby_screens.LobbyScene(line, f"127.0.0.1:{host.port}"))
        assert frames(app, lambda: isinstance(app.top, TableScene) and app.top.view is not None)
        table = app.top
        assert frames(app, lambda: table.view["phase"] == "calling" and table.view["calls"]), table.view["phase"]
        assert table.me == SPECTATOR and table.seat_offer() is None and table.join_card is None
        lines = shown_lines(app)
        assert "Скрэббл Бинго!" not in lines, lines
        assert not any("зачеркнуть" in text or "F2" in text for text in lines), lines
        assert "Вы смотрите игру" in lines, lines
        assert kept_equals_fresh(app, table)
    finally:
        owner.close()
        guest.close()
        host.stop()
