"""A laptop whose key came too late: it took a lobby bot's seat, then was closed before it came to the table, and
the seat went back to its bot. Opened again, the join screen connects with the kept key, reads the host's reason
(``bye`` ``seat_returned``), forgets the dead key, and choosing the room again brings it in as a watcher who is
offered the seat. Over loopback with the real host, the window driven by the events its main loop reads."""
from __future__ import annotations

import pytest

from game import launch
from game.scenes.lobby import JoinScene
from game.scenes.table.scene import TableScene
from lobby_support import click, open_join_screen, type_text
from net_support import TcpLine
from phone_support import fast_clock
from window_support import frames, screen_app, shown_lines
from game.net import protocol as P

pytestmark = pytest.mark.timeout(120)

RETURNED = "Место снова занял бот: вы не подключились за минуту. Можно сесть снова."
OFFER = "Сесть вместо бота"


def test_a_laptop_whose_key_came_late_reads_why_and_is_offered_the_seat_again(tmp_path, monkeypatch):
    core = launch.new_room("uno", "Комната", bots=2, seed=7, takeover_ms=600_000, clock=fast_clock(4))
    host = launch.serve(core, "127.0.0.1", 0, False)
    try:
        host.call(core.start)
        taker = TcpLine(host.port)
        taker.send({"type": "hello", "version": P.PROTOCOL_VERSION, "name": "Лена", "role": "spectator"})
        taker.until(lambda m: m.get("type") == "welcome", 10)
        taker.send({"type": "take_bot_seat"})
        key = taker.until(lambda m: m.get("type") == "seat_key", 10)["token"]
        taker.close()  # the laptop is closed before its key comes to the table
        # a minute of the host's time later, without the test waiting it out: the seat's wait ends now
        host.call(lambda: setattr(core.seats[0].awaited, "until_ms", core.now()))

        with screen_app(tmp_path, monkeypatch) as app:
            monkeypatch.setattr("game.scenes.lobby.DISCOVERY", False)
            join = open_join_screen(app)
            assert isinstance(join, JoinScene)
            endpoint = f"127.0.0.1:{host.port}"
            join.keys.hold(endpoint, key)
            join.keys.release(endpoint, key)  # kept from the laptop's last run, free to be used
            assert frames(app, lambda: core.seats[0].is_bot), "the seat never went back to its bot"

            type_text(app, join.address, endpoint)  # its Enter connects
            assert frames(app, lambda: app.top is join and join.error), "the join screen never heard the refusal"
            told = " ".join(shown_lines(app))
            assert RETURNED in told and "Не удалось подключиться" not in told, shown_lines(app)
            assert join.keys.free_token(endpoint) is None

            click(app, join.connect_button)
            assert frames(app, lambda: isinstance(app.top, TableScene) and OFFER in shown_lines(app)), shown_lines(app)
    finally:
        host.stop()
