"""A headless window beside a room that runs on its own threads: its loop paced like the real one, and the check
that a frame drawn from the table's kept pictures equals one painted from scratch."""
from __future__ import annotations

import time
from contextlib import contextmanager

import layout_check
from game import assets
from game.app import STEP_MS, App


def frames(app: App, condition, timeout: float = 15.0) -> bool:
    """The window's loop (events, simulation steps, a draw) until ``condition`` holds or the time is up."""
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            return False
        app.frame(STEP_MS, 0.0)
        time.sleep(STEP_MS / 1000)  # the window's pace: the room talks on its own threads
    app.frame(STEP_MS, 0.0)
    return True


def kept_equals_fresh(app: App, table) -> bool:
    """The frame the window draws now equals the one it draws after ``table`` dropped every picture it keeps."""
    app.draw(0.5)
    kept = bytes(app.canvas.get_view("1"))
    table.forget_drawn()
    app.draw(0.5)
    return kept == bytes(app.canvas.get_view("1"))


def shown_lines(app: App) -> list[str]:
    """The words of every text line the window's canvas shows now (hidden ones left out)."""
    layout_check.draw_looked_at(app)
    return [line.words for line in layout_check._lines_of(app.canvas) if not line.hidden]


@contextmanager
def screen_app(config_dir, monkeypatch):
    """A headless window that draws as a screen does (its text lines traced for ``shown_lines``), its settings and
    its «История» in ``config_dir``; closed afterwards with every scene it still holds."""
    monkeypatch.setenv("IGROTEKA_CONFIG_DIR", str(config_dir))
    monkeypatch.setenv("IGROTEKA_HISTORY_DIR", str(config_dir))  # «История» of this window alone
    layout_check.install(monkeypatch)
    application = App(headless=True)
    application.canvas.screen = True
    try:
        yield application
    finally:
        while application.scenes:
            application.scenes.pop().exit()
        application.shutdown()
        assets.reset()


def finished_demo_table(app: App, game_id: str, players: int, seed: int = 7):
    """A game bots played to its end from ``seed``, handed to the person at seat 0 of ``app`` and shown for 240
    frames: the table scene, its results up."""
    from game.scenes import game_scene
    from game.scenes.demo import demo_connection

    connection, clock, names = demo_connection(game_id, seed=seed, players=players, actions=10 ** 6)
    app.now_ms = clock
    table = game_scene(connection, game_id, names)
    app.push(table)
    for _ in range(240):
        app.update(STEP_MS)
    assert table.over
    return table


def watched_bots_game(app: App, game_id: str, names: list, seed: int, moves: int):
    """A bots' game on a virtual clock, played ``moves`` states on, seen by ``app`` as a window with no seat of its
    own (a watcher) for 120 frames: the table scene and the local host."""
    from game.launch import play_on
    from game.net.local import LocalHost
    from game.net.session import SeatInfo
    from game.scenes import game_scene
    from game.scenes.demo import VirtualClock

    clock = VirtualClock()
    host = LocalHost(game_id, [SeatInfo(name, "player") for name in names], seed, clock=clock)
    play_on(host.session, clock, moves)
    app.now_ms = clock
    table = game_scene(host.connect(-1), game_id, names)
    app.push(table)
    for _ in range(120):
        app.update(STEP_MS)
    return table, host
