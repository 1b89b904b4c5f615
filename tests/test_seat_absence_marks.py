"""A player who drops out is seen on every other table: their plate says «нет связи» while their link is gone and
«играет бот» once the host's bot covers the seat (``lobby`` seats' ``connected`` and ``substituted``), and the mark
goes when they are back. One's own seat is never marked so (one's own lost link is the connection's own notice). The
kept frame equals a fresh repaint in every state."""
from __future__ import annotations

import time

import pytest

import layout_check
from game import launch
from game.rules import player_range
from game.scenes import lobby as lobby_screens
from game.scenes.table.scene import TableScene
from table_driver import LocalTable, app_with_saved_settings
from window_support import frames, kept_equals_fresh, screen_app, shown_lines

pytestmark = pytest.mark.timeout(120)

ABSENT, COVERED = "нет связи", "играет бот"
TAKEOVER_MS = 600_000  # never on its own in a test: the test moves host time past it


class SteeredClock:
    """Host time: the wall's, plus what the test adds to step past the takeover delay without waiting for it."""

    def __init__(self) -> None:
        self.ahead = 0

    def __call__(self) -> int:
        return int(time.monotonic() * 1000) + self.ahead


@pytest.fixture
def app(tmp_path, monkeypatch):
    with screen_app(tmp_path, monkeypatch) as application:
        yield application


def seat_entry(table: TableScene, seat: int) -> dict:
    return next(s for s in (table.lobby or {}).get("seats", []) if s.get("seat") == seat)


def marks(app) -> list[str]:
    return [line for line in shown_lines(app) if line in (ABSENT, COVERED)]


@pytest.mark.parametrize("game_id", ["uno", "erudit"])
def test_a_dropped_player_is_marked_on_the_others_table_until_back(app, game_id):
    clock = SteeredClock()
    core = launch.new_room(game_id, "Комната", seed=7, takeover_ms=TAKEOVER_MS, clock=clock)
    host = launch.serve(core, "127.0.0.1", 0, False)
    anya = launch.join_room("127.0.0.1", host.port, "Аня")
    petya = back = None
    try:
        anya.wait_for(lambda m: m.get("type") == "lobby")
        petya = launch.join_room("127.0.0.1", host.port, "Петя")
        petya.wait_for(lambda m: m.get("type") == "lobby")
        petya.set_ready()
        app.push(lobby_screens.LobbyScene(anya, f"127.0.0.1:{host.port}"))
        assert frames(app, lambda: anya.lobby is not None and len(anya.lobby["seats"]) == 2
                      and anya.lobby["seats"][1]["ready"])
        anya.start_game()
        assert frames(app, lambda: isinstance(app.top, TableScene) and app.top.view is not None)
        table = app.top
        assert table.me == 0 and marks(app) == []

        petya.close()  # his laptop loses its link
        assert frames(app, lambda: seat_entry(table, 1).get("connected") is False), "the host never said he is away"
        assert marks(app) == [ABSENT], f"{game_id}: Петя's plate while he is away: {shown_lines(app)}"
        assert kept_equals_fresh(app, table), f"{game_id}: away, the kept frame differs from a fresh repaint"

        clock.ahead += TAKEOVER_MS + 1
        host.call(core.advance)
        assert frames(app, lambda: seat_entry(table, 1).get("substituted") is True), "no bot took the seat over"
        assert marks(app) == [COVERED], f"{game_id}: Петя's plate with a bot for him: {shown_lines(app)}"
        assert kept_equals_fresh(app, table), f"{game_id}: covered, the kept frame differs from a fresh repaint"

        back = launch.join_room("127.0.0.1", host.port, "Петя", token=petya.token)
        assert frames(app, lambda: seat_entry(table, 1).get("connected") is True
                      and not seat_entry(table, 1).get("substituted")), "Петя did not come back"
        assert marks(app) == [], f"{game_id}: Петя is back: {shown_lines(app)}"
        assert kept_equals_fresh(app, table), f"{game_id}: back, the kept frame differs from a fresh repaint"
    finally:
        for connection in (back, petya, anya):
            if connection is not None:
                connection.close()
        host.stop()


def lobby(names: list[str], away: dict[int, str]) -> dict:
    """The host's ``lobby`` for these seats, ``away``: seat → ABSENT or COVERED."""
    return {"type": "lobby", "seats": [
        {"seat": i, "name": name, "bot": None, "connected": i not in away, "substituted": away.get(i) == COVERED}
        for i, name in enumerate(names)]}


def plate_names(app) -> list[str]:
    """The names on the plates as the plates fit them («Александра К.»), not the lines that speak of a seat."""
    return [line for line in shown_lines(app) if line.startswith("Александра") and len(line.split()) == 2
            and ":" not in line]


@pytest.mark.parametrize("game_id", ["uno", "erudit", "nowords", "hardsign", "bingo"])
def test_every_table_marks_absent_seats_in_large_text_at_its_most_seats(tmp_path, monkeypatch, game_id):
    """At the game's largest seat count, large text, every name 24 letters: the marks stand whole and readable
    beside names still shown as the plates fit them, one's own seat (0, said away here too) never marked."""
    layout_check.install(monkeypatch)
    app = app_with_saved_settings(tmp_path, monkeypatch, True, (1280, 720))
    app.canvas.screen = True
    try:
        seats = player_range(game_id)[1]
        names = ["Александра Константинова"] * seats  # 24 letters, the most a name may have
        table = LocalTable(app, game_id, names)
        table.settle(20)
        plates_before = plate_names(app)
        known = {str(f) for f in layout_check.draw_looked_at(app)}  # the table's own, the marks' are new
        away = {0: ABSENT, 1: ABSENT, seats - 1: COVERED}
        for state, expected in ((away, sorted([ABSENT, COVERED])), ({}, [])):
            table.scene.conn.inbox.append(lobby(names, state))
            table.step(1, ms=0)
            findings = layout_check.draw_looked_at(app)
            assert sorted(marks(app)) == expected, f"{game_id}: {shown_lines(app)}"
            named = plate_names(app)
            assert named == plates_before, f"{game_id}: the marks pushed the names: {named} (were {plates_before})"
            ours = [f"«{words}»" for words in (ABSENT, COVERED, *plates_before)]
            wrong = [str(f) for f in findings if str(f) not in known and any(w in str(f) for w in ours)]
            assert not wrong, f"{game_id}: {wrong}"
            assert kept_equals_fresh(app, table.scene), f"{game_id}: the kept frame differs from a fresh repaint"
    finally:
        while app.scenes:
            app.scenes.pop().exit()
        app.shutdown()
