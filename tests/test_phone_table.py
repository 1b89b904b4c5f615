"""«Стол с телефонами» from the main menu: the window hosts and shows the table's QR code; a phone
that opens what the code holds and gives a name is seated; once the game starts the window
shows the TV view (seat −2: the table and counts, no hand)."""
from __future__ import annotations

import pygame
import pytest
import segno

from game.app import STEP_MS
from game.scenes import phone_table
from game.scenes.menu import MainMenu
from tests.phone_support import SHOTS, click, join, phone, shot, wait

pytestmark = pytest.mark.timeout(120)


def frames(app, n=3):
    for _ in range(n):
        app.frame(STEP_MS, 0.0)


def frames_until(app, condition, timeout: float = 15.0) -> bool:
    """Run the window's frames until ``condition`` holds (the room talks on its own threads)."""
    import time

    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            return False
        frames(app, 1)
    frames(app, 1)
    return True


def confirm(app, label):
    scene = app.top
    scene.group.focus = next(i for i, w in enumerate(scene.group.widgets) if w.label == label)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0))
    frames(app, 2)


def qr_holds(picture: pygame.Surface, text: str) -> bool:
    """The picture is the QR code of ``text`` (module for module)."""
    rows = [list(row) for row in segno.make(text, error="m").matrix_iter(scale=1, border=2)]
    scale = picture.get_width() // len(rows)
    return all((picture.get_at((x * scale + scale // 2, y * scale + scale // 2))[0] < 128) == bool(dark)
               for y, row in enumerate(rows) for x, dark in enumerate(row))


def test_menu_to_a_seated_phone_and_the_tv_view(app, monkeypatch):
    monkeypatch.setattr(phone_table, "TABLE_PORT", 0)
    monkeypatch.setattr(phone_table, "WEB_PORT", 0)
    monkeypatch.setattr(phone_table, "DISCOVERY", False)
    monkeypatch.setattr(phone_table, "JOURNAL", "")
    app.push(MainMenu())
    frames(app)
    confirm(app, "Стол с телефонами")
    confirm(app, "UNO")
    scene = app.top
    assert isinstance(scene, phone_table.PhoneTableScene) and scene.hosting is not None
    assert qr_holds(scene.qr, scene.door.join_url)
    assert scene.door.code in scene.door.join_url
    driver = phone()
    try:
        # the QR holds the LAN address; the test's phone reaches the same page on loopback
        url = scene.door.join_url.replace(scene.door.lan_address, "127.0.0.1")
        seated = join(driver, url, "Оля")  # one scan, one name
        assert seated["welcome"]["role"] == "player"
        assert frames_until(app, lambda: scene.lobby and scene.lobby["seats"])
        pygame.image.save(app.window, str(SHOTS / "phone_table_qr.png"))
        assert click(driver, "#start")  # the first at the table starts; bots fill the seats
        wait(driver, lambda s: s["update"] is not None, what="the start")
        # the game's own table (its flights, banners and sounds) watches as the TV
        assert frames_until(app, lambda: scene.table is not None and app.top is scene.table and scene.table.view is not None)
        table = scene.table
        assert type(table).__module__ == "game.scenes.uno.table"
        frames(app, 30)
        pygame.image.save(app.window, str(SHOTS / "phone_table_tv.png"))
        assert table.view["me"] == -2 and table.view["hand"] == []
        assert len(scene.lobby["seats"]) >= 2 and any(s["bot"] for s in scene.lobby["seats"])
        shot(driver, "table_hand")
    finally:
        driver.quit()
        if app.top is not scene:
            app.pop()  # the table, left: the phones' screen closes behind it
        frames(app)
    assert scene.hosting is None and app.top is not scene  # leaving the table closes the room


def test_the_waiting_screens_red_line_reads_clearly(tmp_path, monkeypatch):
    """The red line of «Стол с телефонами» (what the room's `bye` to the TV said, over the key hint) reads at 4.5:1 on
    the screen's background, as the other screens' red lines do (plain DANGER read 4.3:1 there)."""
    import layout_check
    from window_support import frames as window_frames, screen_app

    monkeypatch.setattr(phone_table, "TABLE_PORT", 0)
    monkeypatch.setattr(phone_table, "WEB_PORT", 0)
    monkeypatch.setattr(phone_table, "DISCOVERY", False)
    monkeypatch.setattr(phone_table, "JOURNAL", "")
    reason = "Хост завершил игру."
    with screen_app(tmp_path, monkeypatch) as app:
        scene = phone_table.PhoneTableScene("uno")
        app.push(scene)
        assert scene.hosting is not None and scene.conn is not None
        scene.conn._inbox.put({"type": "bye", "code": "shutdown", "reason": reason})
        assert window_frames(app, lambda: scene.problem == reason)
        found = layout_check.draw_looked_at(app)
        shown = [line.words for line in layout_check._lines_of(app.canvas) if not line.hidden]
        assert reason in shown, shown
        assert [f.detail for f in found if "contrast" in f.key and reason in f.key] == []
