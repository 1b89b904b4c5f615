"""The room screen reads whole with «Крупный текст» too: no line of text on another, and every line inside the
control or panel it is drawn in, off its border (a control's small note, the phones' join strip under the seats).
The room is the screenshot's (you the owner on loopback, a ready guest, bots); the lines and their ink come from the
layout check's trace of the drawn frame."""
from __future__ import annotations

import json
from contextlib import contextmanager

import pygame
import pytest

import layout_check
from lobby_support import join_in_order
from game.scenes import lobby
from game.scenes.lobby import ERROR_BOX
from game.scenes.room import JOIN_STRIP, TIPS_BOX, SeatRow
from window_support import frames, screen_app


def drawn_inside(widget) -> pygame.Rect:
    """Where a control's letters may stand: inside its panel as drawn (lifted when focused) and off its border."""
    lift = round(widget.hover * 8) / 8
    rect = widget.rect if isinstance(widget, SeatRow) else widget.rect.move(0, -round(3 * lift))
    border = 2 + round(2 * lift)
    return rect.inflate(-2 * border, -2 * border)


@contextmanager
def two_seat_room(app, seen_by: str):
    """A UNO room on loopback with Аня (its owner) and Боря seated, its room screen pushed as ``seen_by``
    («owner» or «guest») sees it once both seats are in the host's lobby; everything closed after."""
    from game import launch

    hosting = launch.open_room("uno", "Комната Ани", None, bind="127.0.0.1", port=0, discovery=False,
                               journal=None, seed=7)
    owner, guest = join_in_order(hosting.port, "Аня", "Боря")
    scene = lobby.LobbyScene(owner if seen_by == "owner" else guest, f"127.0.0.1:{hosting.port}")
    app.push(scene)
    try:
        assert frames(app, lambda: scene.lobby is not None and len(scene.lobby["seats"]) == 2)
        yield scene, owner
    finally:
        app.pop()
        guest.close()
        owner.close()
        hosting.close()


@pytest.mark.parametrize("large", [False, True], ids=["normal", "large text"])
def test_the_room_screen_keeps_every_line_apart_and_inside_its_panel(tmp_path, monkeypatch, large):
    from game.cli.screenshot import make_scene

    monkeypatch.setattr(lobby, "TOKEN_FILE", tmp_path / "window-tokens.json")
    (tmp_path / "settings.json").write_text(json.dumps({"large_text": large}), encoding="utf-8")
    with screen_app(tmp_path, monkeypatch) as app:
        scene = make_scene("lobby", 7, 4)
        app.push(scene)
        try:
            assert frames(app, lambda: scene.lobby is not None and len(scene.lobby["seats"]) == 4)
            assert frames(app, lambda: all(abs(w.hover - (w is scene.group.focused)) < 0.01 for w in scene.group.widgets))
            layout_check.draw_looked_at(app)
            lines = [line for line in layout_check._lines_of(app.canvas) if not line.hidden and line.words.strip()]
            assert any(line.words.startswith("код комнаты") for line in lines), "the phones' join strip is shown"
            for i, a in enumerate(lines):
                for b in lines[i + 1:]:
                    assert not a.ink.colliderect(b.ink), (a.words, tuple(a.ink), b.words, tuple(b.ink))
            panels = [drawn_inside(w) for w in scene.group.widgets] + [JOIN_STRIP.inflate(-2, -2)]
            for line in lines:
                home = next((rect for rect in panels if rect.inflate(8, 8).collidepoint(line.ink.center)), None)
                assert home is None or home.contains(line.ink), (line.words, tuple(line.ink), tuple(home))
        finally:
            app.pop()
            scene.guest.close()
            scene.hosting.stopper.join(10)


def test_a_guests_room_screen_keeps_its_tips_inside_their_panel(tmp_path, monkeypatch):
    """A guest's room screen in large text: the tips under the seats («Друзья входят через «Присоединиться» или по
    адресу …», «Нажмите «Я готов» …») are wrapped to their panel's width and stay inside it."""
    monkeypatch.setattr(lobby, "TOKEN_FILE", tmp_path / "window-tokens.json")
    (tmp_path / "settings.json").write_text(json.dumps({"large_text": True}), encoding="utf-8")
    with screen_app(tmp_path, monkeypatch) as app, two_seat_room(app, "guest"):
        found = layout_check.draw_looked_at(app)
        tips = [line for line in layout_check._lines_of(app.canvas) if not line.hidden and TIPS_BOX.colliderect(line.ink)]
        told = " ".join(line.words for line in tips)
        assert "Друзья входят" in told and "Я готов" in told, told
        assert all(TIPS_BOX.inflate(-2, -2).contains(line.ink) for line in tips), [(l.words, tuple(l.ink)) for l in tips]
        assert [f.detail for f in found if any(f"«{line.words}»" in f.key for line in tips)] == []


def test_the_join_screen_keeps_its_heading_and_its_error_whole_in_large_text(tmp_path, monkeypatch):
    """«Присоединиться» in large text with a mistyped address: the error stays inside its red plate (wrapped to its
    width), and «Комнаты в сети» stands clear of the title's line above it."""
    from lobby_support import open_join_screen, type_text

    monkeypatch.setattr(lobby, "DISCOVERY", False)
    monkeypatch.setattr(lobby, "TOKEN_FILE", tmp_path / "window-tokens.json")
    (tmp_path / "settings.json").write_text(json.dumps({"large_text": True}), encoding="utf-8")
    with screen_app(tmp_path, monkeypatch) as app:
        join = open_join_screen(app)
        type_text(app, join.address, "1.2.3.4:99999")
        assert "Адрес нужно писать так" in join.error
        found = layout_check.draw_looked_at(app)
        lines = [line for line in layout_check._lines_of(app.canvas) if not line.hidden]
        told = " ".join(line.words for line in lines if ERROR_BOX.colliderect(line.ink))
        assert "65535" in told, told
        for i, a in enumerate(lines):
            for b in lines[i + 1:]:
                assert not a.ink.colliderect(b.ink), (a.words, tuple(a.ink), b.words, tuple(b.ink))
        assert [f.detail for f in found] == []


@pytest.mark.parametrize("large", [False, True], ids=["normal", "large text"])
def test_the_room_list_keeps_each_rooms_lines_apart_and_inside_its_row(tmp_path, monkeypatch, large):
    """Rooms found on the network, one with a long name in a started game of another version: in each row the name,
    the details and the address stand apart and inside the row, and «Комнаты в сети» over the list stays clear of
    the focused row, which lifts."""
    from game.app import STEP_MS
    from game.net.discovery import Room
    from game.scenes.lobby import JoinScene

    class Rooms:
        def __init__(self):
            self.list = [Room("a", "192.168.100.200", 47700, "Большая комната Александра", "hardsign", "6/6", "99", True),
                         Room("b", "192.168.1.5", 47701, "Кухня", "erudit", "2/4", "1", False)]

        def rooms(self):
            return list(self.list)

        def stop(self):
            pass

    monkeypatch.setattr(lobby, "TOKEN_FILE", tmp_path / "window-tokens.json")
    (tmp_path / "settings.json").write_text(json.dumps({"large_text": large}), encoding="utf-8")
    with screen_app(tmp_path, monkeypatch) as app:
        join = JoinScene(discovery=True, browser_factory=Rooms)
        app.push(join)
        for _ in range(60):
            app.update(STEP_MS)
        assert len(join.room_rows) == 2
        found = layout_check.draw_looked_at(app)
        lines = [line for line in layout_check._lines_of(app.canvas) if not line.hidden and line.ink.right < 780]
        for i, a in enumerate(lines):
            for b in lines[i + 1:]:
                assert not a.ink.colliderect(b.ink), (a.words, tuple(a.ink), b.words, tuple(b.ink))
        for row in join.room_rows:
            inside = drawn_inside(row)
            mine = [line for line in lines if row.rect.inflate(8, 8).collidepoint(line.ink.center)]
            assert len(mine) == 3 and all(inside.contains(line.ink) for line in mine), [(l.words, tuple(l.ink)) for l in mine]
        assert [f.detail for f in found if any(f"«{line.words}»" in f.key for line in lines)] == []


def test_a_dropped_guest_and_the_lost_link_read_clearly(tmp_path, monkeypatch):
    """A room on loopback seen by its owner: the host's lobby after the game began says a guest's line is gone
    (its «connected» false), and the line to the host is lost meanwhile («Связь с хостом потеряна, переподключаемся…»,
    as the connection puts it): the seat's «нет связи» and the red status line both read at 4.5:1 (the toast saying
    it too passes over the key hint, as toasts do)."""
    monkeypatch.setattr(lobby, "TOKEN_FILE", tmp_path / "window-tokens.json")
    with screen_app(tmp_path, monkeypatch) as app, two_seat_room(app, "owner") as (scene, owner):
        dropped = json.loads(json.dumps(scene.lobby))
        dropped["seats"][1]["connected"] = False
        lost = "Связь с хостом потеряна, переподключаемся…"
        owner._inbox.put(dropped)
        owner._inbox.put({"type": "link", "status": "lost", "reason": lost})
        assert frames(app, lambda: scene.status == lost and not scene.lobby["seats"][1]["connected"])
        found = layout_check.draw_looked_at(app)
        shown = [line.words for line in layout_check._lines_of(app.canvas) if not line.hidden]
        assert "нет связи" in shown and lost in shown, shown
        assert [f.detail for f in found if "contrast" in f.key and ("«нет связи»" in f.key or lost in f.key)] == []
