"""A second person at a window (a pad that arrives mid-game) takes over a bot's seat by asking the connection — the
same request at a local table and in a room on the LAN, judged by the host, never by reaching into its session."""
from __future__ import annotations

import time

import pytest

from game import launch
from game.net.connection import SeatRefused
from game.net.session import SeatInfo


def _until(condition, what: str, timeout: float = 10.0) -> None:
    deadline = time.monotonic() + timeout
    while not condition():  # the network thread delivers; the test only looks
        if time.monotonic() > deadline:
            raise AssertionError(f"не дождались: {what}")
        time.sleep(0.01)


def test_at_a_local_table_the_bots_seats_are_taken_in_order_then_refused():
    seats = [SeatInfo("Вы"), SeatInfo("Маша", "novice"), SeatInfo("Петя", "novice")]
    you = launch.start_local("uno", seats, 5)[0]
    taken = [you.take_bot_seat().seat, you.take_bot_seat().seat]
    assert taken == [1, 2]
    with pytest.raises(SeatRefused, match="Свободных мест нет"):
        you.take_bot_seat()
    assert not any(info.is_bot for info in you.host.session.seats)


def test_in_a_lan_room_the_host_hands_the_seat_to_a_new_connection():
    hosting = launch.open_room("uno", "Комната", None, bind="127.0.0.1", port=0, discovery=False, journal=None,
                               seed=5, phones=-1)
    you = launch.join_room("127.0.0.1", hosting.port, "Вы")
    others = []
    try:
        assert you.welcomed.wait(5)
        with pytest.raises(SeatRefused, match="идущей игры"):
            you.take_bot_seat()  # in the lobby there is no game to sit down at
        you.add_bot("novice")
        _until(lambda: you.lobby is not None and len(you.lobby["seats"]) == 2, "бот сел")
        you.start_game()
        _until(lambda: you.lobby is not None and you.lobby["started"], "игра началась")
        second = you.take_bot_seat()
        others.append(second)
        assert second.welcomed.wait(5)
        assert (second.welcome["role"], second.welcome["seat"]) == ("player", 1)
        _until(lambda: you.lobby["seats"][1]["bot"] is None and you.lobby["seats"][1]["connected"], "место у человека")
        with pytest.raises(SeatRefused, match="Свободных мест нет"):
            you.take_bot_seat()
    finally:
        for connection in [you, *others]:
            connection.close()
        hosting.close()
        hosting.stopper.join(10)
