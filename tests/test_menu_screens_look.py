"""What the menu screens tell a player: the footers and the seat screen name the pad buttons the player bound in the
settings, not the defaults; their red lines (the UNO house rules' cap warning) read at 4.5:1. The screens are opened
in a headless window and read from the layout check's trace of the drawn frame."""
from __future__ import annotations

import json

import pygame

import layout_check
from game.app import STEP_MS
from game.rules.uno import cap, house
from game.scenes.menu import MainMenu
from game.scenes.remap import RemapScene
from game.scenes.seats import SeatScene
from table_driver import press_key, press_pad, unplug_pads
from test_uno_cap import house_screen
from window_support import screen_app, shown_lines

REBOUND = {"pad_buttons": {"confirm": "x", "draw": "a", "back": "y", "shout": "b", "menu": "back", "peek": "start"}}


def test_the_footers_and_the_seats_name_the_pad_buttons_the_player_bound(tmp_path, monkeypatch):
    """«Выбрать, да» moved to X, «Назад» to Y, «Пауза» to Select: the main menu's footer, the seat screen's footer,
    a free seat's invitation and a pad's seat say those, and X on the pad sits down as the seat says; the keys
    screen, waiting for a key, says Y cancels."""
    (tmp_path / "settings.json").write_text(json.dumps(REBOUND), encoding="utf-8")
    with screen_app(tmp_path, monkeypatch) as app:
        try:
            app.push(MainMenu())
            shown = shown_lines(app)
            assert "Стрелки или крестовина — выбор, Enter или X — да, Esc или Y — назад" in shown, shown
            seats = SeatScene("uno", 3, "player")
            app.push(seats)
            shown = shown_lines(app)
            assert any(line.startswith("X — сесть · Y — встать · Select — начать") for line in shown), shown
            assert "Нажмите X," in shown and "Нажмите A," not in shown, shown
            press_pad(app, "confirm")
            assert len(seats.plan.seated) == 1, "X on the pad sat down"
            shown = shown_lines(app)
            assert "Y — встать" in shown and "B — встать" not in shown, shown
            app.pop()
            app.push(RemapScene("keys"))
            press_key(app, pygame.K_RETURN)  # the first action waits for its new key
            app.update(STEP_MS)
            shown = shown_lines(app)
            assert "Esc, Y на геймпаде или щелчок — отмена" in shown, shown
        finally:
            unplug_pads()


def test_the_house_rules_cap_warning_reads_clearly(tmp_path, monkeypatch):
    """UNO with every house rule on runs into the turn cap: the warning's title «Раунды могут не кончиться» reads
    at 4.5:1 on its dark red plate."""
    with screen_app(tmp_path, monkeypatch) as app:
        scene = house_screen(app, house.all_on(cap.TRIAL_PLAYERS))
        assert scene.risk is not None and scene.risk.risky
        found = layout_check.draw_looked_at(app)
        shown = [line.words for line in layout_check._lines_of(app.canvas) if not line.hidden]
        assert cap.WARNING_TITLE in shown, shown
        assert [f.detail for f in found if cap.WARNING_TITLE in f.key] == []
