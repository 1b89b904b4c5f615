"""«Стол с телефонами» after the start: every game's table, as the TV sees it, keeps the way in for phones in a
corner of its own (a phone that dropped comes back to its seat by it, anyone else watches), painted the same
from the kept pictures as from scratch, and gone once the game is over."""
from __future__ import annotations

import time

import pygame
import pytest

from game import launch
from game.app import STEP_MS
from game.net.client import AutoPlayer
from game.scenes import phone_table
from tests.phone_support import SHOTS, fast_clock, join, phone, wait
from tests.test_phone_table import qr_holds
from tests.window_support import kept_equals_fresh

pytestmark = pytest.mark.timeout(120)


def frames_until(app, condition, timeout: float = 20.0) -> None:
    """The window's loop (its events, simulation steps and draws) until ``condition`` holds: the room talks on
    its own threads."""
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, "the table did not get there in time"
        app.frame(STEP_MS, 0.0)
        time.sleep(STEP_MS / 1000)  # the window's own pace: a loop spinning flat out starves the room's threads
    app.frame(STEP_MS, 0.0)


def running_table(app, game_id: str):
    """The phones' table in the window, its game started by a laptop at the table (one bot beside it)."""
    scene = phone_table.PhoneTableScene(game_id, port=0, web_port=0, discovery=False, journal="")
    app.push(scene)
    laptop = launch.join_room("127.0.0.1", scene.hosting.port, "Ноутбук")
    laptop.wait_for(lambda m: m.get("type") == "lobby")
    laptop.add_bot()
    laptop.start_game()
    frames_until(app, lambda: scene.table is not None and app.top is scene.table and scene.table.view is not None)
    return scene, laptop


def card_shown(app, scene) -> bool:
    """The window's canvas holds, in the table's corner, the QR code of the page's address with the room code."""
    table = scene.table
    spot = phone_table.join_corner(table.JOIN_CORNER.size, scene.door)[1].move(table.JOIN_CORNER.topleft)
    return qr_holds(app.canvas.subsurface(spot), scene.door.join_url)


@pytest.mark.parametrize("game_id", ["uno", "erudit", "nowords", "hardsign", "bingo"])
def test_the_running_table_keeps_the_way_in(app, game_id):
    scene, laptop = running_table(app, game_id)
    try:
        table = scene.table
        assert table.view["me"] == -2 and table.JOIN_CORNER is not None
        for _ in range(20):
            app.frame(STEP_MS, 0.0)
        assert card_shown(app, scene)
        assert kept_equals_fresh(app, scene.table)
        pygame.image.save(app.window, str(SHOTS / f"phone_table_corner_{game_id}.png"))
        # the pause menu opens over the table and closes again: the card is still there
        for _ in range(2):
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="\x1b", scancode=0))
            app.frame(STEP_MS, 0.0)
        assert app.top is table and card_shown(app, scene)
    finally:
        laptop.close()
        app.pop()
        app.frame(STEP_MS, 0.0)


def test_a_dropped_phone_comes_back_by_the_corner_and_the_card_leaves_at_the_end(app, monkeypatch):
    """The code on the running table is the page's: a phone whose page was closed opens it and is at its own seat
    again; when the game is over the corner is the results' again."""
    real_room = launch.new_room
    monkeypatch.setattr(launch, "new_room", lambda *args, **kw: real_room(*args, clock=fast_clock(16.0), **kw))
    scene = phone_table.PhoneTableScene("bingo", port=0, web_port=0, discovery=False, journal="")
    app.push(scene)
    driver = phone()
    try:
        url = scene.door.join_url.replace(scene.door.lan_address, "127.0.0.1")  # the test's phone is on loopback
        seat = join(driver, url, "Оля")["welcome"]["seat"]
        laptop = launch.join_room("127.0.0.1", scene.hosting.port, "Ноутбук")
        player = AutoPlayer(laptop, speed=0.05).start()
        frames_until(app, lambda: scene.lobby and len(scene.lobby["seats"]) == 2)
        driver.execute_script("document.getElementById('start').click()")  # the first at the table starts
        frames_until(app, lambda: scene.table is not None and app.top is scene.table and scene.table.view is not None)
        assert card_shown(app, scene)
        driver.get("about:blank")  # the page is gone, as when the phone's browser drops it
        driver.get(url)
        back = wait(driver, lambda s: s["welcome"] is not None and s["update"] is not None, what="coming back")
        assert back["welcome"]["role"] == "player" and back["welcome"]["seat"] == seat
        driver.execute_script("document.getElementById('choose') && document.getElementById('choose').click()")
        frames_until(app, lambda: scene.table.over, timeout=90)
        assert not card_shown(app, scene)
        assert kept_equals_fresh(app, scene.table)
        pygame.image.save(app.window, str(SHOTS / "phone_table_corner_over.png"))
    finally:
        driver.quit()
        player.stop()
        laptop.close()
        app.pop()
        app.frame(STEP_MS, 0.0)
