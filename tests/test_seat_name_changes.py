"""A seat changes hands mid-game: a watcher sits down in a bot's seat (``take_bot_seat``) and the seat takes their
name. Every big screen follows the room's names as the host reports them (the ``lobby`` the phones read): the TV view
of a phone room and a laptop at the table show the newcomer's name on the seat's plate, in the frame drawn from the
kept pictures as in a fresh repaint."""
from __future__ import annotations

import time

import pytest

import layout_check
from game import assets, launch
from game.app import App, STEP_MS
from game.scenes import lobby as lobby_screens, phone_table
from window_support import kept_equals_fresh, shown_lines

pytestmark = pytest.mark.timeout(120)

NEWCOMER, BOT = "Лена", "Бот 1"


@pytest.fixture
def traced_app(tmp_path, monkeypatch):
    """Headless windows whose canvases know which lines of text they show and where (tests/layout_check.py)."""
    monkeypatch.setenv("IGROTEKA_CONFIG_DIR", str(tmp_path))
    layout_check.install(monkeypatch)
    made: list[App] = []

    def make() -> App:
        application = App(headless=True)
        application.canvas.screen = True
        made.append(application)
        return application

    yield make
    for application in made:
        while application.scenes:
            application.scenes.pop().exit()
    made[0].shutdown()
    assets.reset()


def frames(apps, condition=lambda: False, timeout: float = 10.0) -> bool:
    """Each window's own loop (events, simulation steps, a draw) until ``condition`` holds or the time is up; the
    room talks on its own threads."""
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            return False
        for app in apps:
            app.frame(STEP_MS, 0.0)
        time.sleep(STEP_MS / 1000)  # the windows' pace: a loop spinning flat out starves the room's threads
    for app in apps:
        app.frame(STEP_MS, 0.0)
    return True


def bot_moved(table) -> bool:
    """The board's bot has a move in the list; the laptop passes when the turn is its own, so the bot gets one."""
    if any(entry.get("seat") == 1 for entry in table.view.get("history", [])):
        return True
    if table.legal_of("pass") and table.view.get("turn") == table.me:
        table.send(table.legal_of("pass")[0])
    return False


@pytest.mark.parametrize("game_id", ["uno", "erudit", "nowords", "hardsign", "bingo"])
def test_the_tv_and_a_laptop_at_the_table_show_the_newcomer_in_the_bots_seat(traced_app, game_id):
    tv, laptop = traced_app(), traced_app()
    room = phone_table.PhoneTableScene(game_id, port=0, web_port=0, discovery=False, journal="")
    tv.push(room)
    port = room.hosting.port
    line = launch.join_room("127.0.0.1", port, "Ноутбук")
    laptop.push(lobby_screens.LobbyScene(line, f"127.0.0.1:{port}"))
    watcher = seated = None
    try:
        line.wait_for(lambda m: m.get("type") == "lobby")
        line.add_bot()
        assert frames([tv, laptop], lambda: line.lobby is not None and len(line.lobby["seats"]) == 2)
        line.start_game()
        tables = lambda: [room.table, laptop.top]  # noqa: E731 - the two windows' tables, once they stand
        assert frames([tv, laptop], lambda: room.table is not None and tv.top is room.table
                      and getattr(laptop.top, "view", None) is not None and room.table.view is not None)
        if game_id == "erudit":  # the moves list names the bot's move: from the change on, under the seat's new name
            assert frames([tv, laptop], lambda: bot_moved(laptop.top), timeout=30), "the bot did not move"
        for app in (tv, laptop):
            assert BOT in shown_lines(app), f"{game_id}: the bot's plate is not shown before the change"

        watcher = launch.join_room("127.0.0.1", port, NEWCOMER, role="spectator")
        watcher.wait_for(lambda m: m.get("type") == "update")
        seated = watcher.take_bot_seat()
        assert seated.seat == 1
        watcher.wait_for(lambda m: m.get("type") == "lobby" and m["seats"][1]["name"] == NEWCOMER)
        frames([tv, laptop], lambda: all(NEWCOMER in table.names for table in tables()), timeout=5)

        for app, who in ((tv, "the TV"), (laptop, "the laptop")):
            lines = shown_lines(app)
            assert NEWCOMER in lines and BOT not in lines, f"{game_id}, {who}: the seat's plate shows {lines}"
            assert kept_equals_fresh(app, app.top), f"{game_id}, {who}: the kept frame differs from a fresh repaint"
            lines = shown_lines(app)  # painted from scratch
            assert NEWCOMER in lines and BOT not in lines, f"{game_id}, {who}, repainted: {lines}"
    finally:
        for connection in (seated, watcher):
            if connection is not None:
                connection.close()


def test_two_newcomers_one_after_the_other_are_both_named_in_the_moves_list(traced_app):
    """The board works out its moves list once per view: a name that changes with the view standing (the host's
    ``lobby`` comes on its own) is said there at once, as in a fresh repaint, also while the first newcomer's notice
    still stands (the list steps aside for a notice, and was repainted for it)."""
    from table_driver import LocalTable

    app = traced_app()
    names = ["Аня", "Бот 1", "Бот 2"]
    table = LocalTable(app, "erudit", names, human=False)
    table.until(lambda: {1, 2} <= {e.get("seat") for e in (table.scene.view or {}).get("history", [])})
    table.step(300, ms=0, draw_every=10)  # banners over, host time standing: no move comes meanwhile
    lines = shown_lines(app)
    assert lines.count("Бот 1") == lines.count("Бот 2") == 2, lines  # each bot's plate and its move
    view = table.scene.view
    for seat, newcomer in ((1, NEWCOMER), (2, "Гоша")):
        names[seat] = newcomer
        table.scene.conn.inbox.append({"type": "lobby", "seats": [
            {"seat": i, "name": name, "bot": None if name in (NEWCOMER, "Гоша") else "player"}
            for i, name in enumerate(names)]})
        table.step(1, ms=0)
    assert table.scene.view is view, "a new view came with the names: the moves list was not put to the test"
    lines = shown_lines(app)
    assert lines.count(NEWCOMER) == lines.count("Гоша") == 2 and not {"Бот 1", "Бот 2"} & set(lines), lines
    assert kept_equals_fresh(app, app.top)


# ---------------------------------------------------------------------------- crash resume
def test_a_resumed_room_gives_the_seat_taken_from_a_bot_back_to_the_newcomers_key(tmp_path):
    """The journal records the seat changing hands (its name, a person's, the key), so a room resumed after a crash
    (twice here: the resumed room keeps writing the same journal) gives it back to that key, under that name; the
    journal replays to the very state."""
    from game.net.host import HostCore
    from game.net.journal import Journal
    from game.net.session import replay_journal
    from game.rules.base import snapshot
    from net_support import VirtualClock, Wire, state_bytes

    path = tmp_path / "room.journal"
    clock = VirtualClock()
    core = HostCore("uno", "Комната", clock=clock, bots=1, seed=7, journal_path=path, turn_timer_ms=1_000)
    anya = Wire(core)
    anya_key = anya.hello("Аня")["token"]

    def play(room: HostCore, seconds: int) -> None:  # the idle people's turns go to the turn timer's bot
        for _ in range(seconds):
            clock.ms += 1_000
            room.advance(clock.ms)

    core.start()
    play(core, 6)
    watcher = Wire(core)
    watcher.hello(NEWCOMER, role="spectator")
    watcher.send({"type": "take_bot_seat"})
    key = watcher.last("seat_key")
    assert key["seat"] == 0 and core.seats[0].name == NEWCOMER
    assert Wire(core).hello(NEWCOMER, token=key["token"])["seat"] == 0
    play(core, 6)

    for crash in range(2):
        expected, expected_id = state_bytes(core), core.session.state_id
        core.session.journal.close()  # the host's process is gone, and its lock on the file with it
        core = HostCore.resume(path, clock=clock)
        assert state_bytes(core) == expected and core.session.state_id == expected_id
        assert [(s.name, s.is_bot) for s in core.seats] == [(NEWCOMER, False), ("Аня", False)], crash
        back = Wire(core)
        welcome = back.hello(NEWCOMER, token=key["token"])
        assert (welcome["role"], welcome["seat"]) == ("player", 0), back.of_type("bye")
        assert back.last("lobby")["seats"][0]["name"] == NEWCOMER and back.last("lobby")["seats"][0]["bot"] is None
        assert Wire(core).hello("Аня", token=anya_key)["seat"] == 1
        play(core, 6)
    header, entries = Journal.read(path)
    assert len(entries) == core.session.state_id
    assert snapshot(replay_journal(header, entries)) == state_bytes(core)
