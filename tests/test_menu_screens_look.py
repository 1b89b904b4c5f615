"""What the menu screens tell a player: the footers and the seat screen name the pad buttons the player bound in the
settings, not the defaults; their red lines (the UNO house rules' cap warning) read at 4.5:1. The screens are opened
in a headless window and read from the layout check's trace of the drawn frame."""
from __future__ import annotations

import json

import pygame
import pytest

import layout_check
from game import assets
from game.app import STEP_MS
from game.rules.uno import cap, house
from game.scenes.menu import MainMenu
from game.scenes.remap import RemapScene
from game.scenes.seats import SeatScene, screenshot_scene as seats_screenshot
from game.scenes.settings import SettingsScene
from table_driver import motion, post, press_key, press_pad, type_text, unplug_pads
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
    """UNO with every house rule on but those that end a round early runs into the turn cap: the warning's title
    «Раунды могут не кончиться» reads at 4.5:1 on its dark red plate."""
    from test_uno_cap import RUNS_TO_THE_CAP

    with screen_app(tmp_path, monkeypatch) as app:
        scene = house_screen(app, RUNS_TO_THE_CAP)
        assert scene.risk is not None and scene.risk.risky
        found = layout_check.draw_looked_at(app)
        shown = [line.words for line in layout_check._lines_of(app.canvas) if not line.hidden]
        assert cap.WARNING_TITLE in shown, shown
        assert [f.detail for f in found if cap.WARNING_TITLE in f.key] == []


REBOUND_KEYS = {"keys": {"confirm": ["f"], "back": ["q"], "play": ["return"], "up": ["i"], "down": ["k"],
                         "left": ["j"], "right": ["l"]}}


def test_the_footers_and_the_seats_name_the_keys_the_player_bound(tmp_path, monkeypatch):
    """«Выбрать, да» moved to F, «Назад» to Q, the directions to I/K/J/L: the main menu's and the settings' footers,
    the seat screen's footer and a keyboard's seat say those keys, and F on the keyboard sits down as the footer
    says; the pad buttons screen, waiting for a button, says Q cancels. A text field keeps Enter and Esc, as its tip
    says: Enter (bound to «play» only) finishes the name."""
    (tmp_path / "settings.json").write_text(json.dumps(REBOUND_KEYS), encoding="utf-8")
    with screen_app(tmp_path, monkeypatch) as app:
        app.push(MainMenu())
        shown = shown_lines(app)
        assert "I/K/J/L или крестовина — выбор, F или A — да, Q или B — назад" in shown, shown
        settings = SettingsScene()
        app.push(settings)
        shown = shown_lines(app)
        assert any(line.startswith("I/K/J/L или крестовина — выбор · F, A или щелчок — да · Q, B") for line in shown), shown
        press_key(app, pygame.K_f)  # the name field is focused first: F starts typing
        assert settings.name_field.editing
        type_text(app, "Ёж")
        assert "Enter — готово, Esc — отмена" in shown_lines(app)
        press_key(app, pygame.K_RETURN)
        assert not settings.name_field.editing and app.settings.player_name.endswith("Ёж")
        app.pop()
        seats = SeatScene("uno", 3, "player")
        app.push(seats)
        shown = shown_lines(app)
        assert any(line.endswith("|   F или щелчок по месту — сесть с клавиатурой и мышью") for line in shown), shown
        press_key(app, pygame.K_f)
        assert list(seats.plan.seated.values()) == ["keyboard"], "F sat the keyboard down"
        assert "F или щелчок — встать" in shown_lines(app)
        app.pop()
        app.push(RemapScene("pad"))
        press_key(app, pygame.K_f)  # the first action waits for its new button
        app.update(STEP_MS)
        assert "Та же кнопка — оставить как есть · Q или щелчок — отмена" in shown_lines(app)


@pytest.mark.parametrize("large", [False, True], ids=["normal", "large text"])
def test_ten_seats_say_how_to_stand_up(tmp_path, monkeypatch, large):
    """Ten seats stand in two rows of small cards: the keyboard's and the pad's still say how to stand up, whole and
    clear of the lines above them, in large text too. The canvas is the same 1280×720 picture in a window of any
    size (1024×600 and 1920×1080 scale it), so this frame is what each of those windows shows."""
    (tmp_path / "settings.json").write_text(json.dumps({"large_text": large}), encoding="utf-8")
    with screen_app(tmp_path, monkeypatch) as app:
        app.push(seats_screenshot(7, 10))
        found = layout_check.draw_looked_at(app)
        lines = [line for line in layout_check._lines_of(app.canvas) if not line.hidden]
        stand = [line for line in lines if line.words.endswith("— встать") and "·" not in line.words]
        assert sorted(line.words.split(" ")[0] for line in stand) == ["B", "Enter"], [line.words for line in lines]
        assert all(line.picture.get_height() >= assets.text("Ж", 14).get_height() for line in stand), "not shrunk"
        assert [f.detail for f in found if "встать" in f.key] == []
        for line in stand:
            assert not any(other is not line and other.ink.colliderect(line.ink) for other in lines if other.words.strip())


@pytest.mark.parametrize("kind, says", [("keys", "«Не говори…!»"), ("pad", "«Сыграть» в Эрудите, Скрэббле и Словоделе")])
def test_the_keys_screens_say_what_else_a_shared_action_does(tmp_path, monkeypatch, kind, says):
    """«Крикнуть «УНО!»» is also Нет слов's «Не говори…!» (and on the pad the board tables' «Сыграть», Твёрдый
    знак's «Выложить», Бинго's cry): its row says so under the rows when pointed at, in large text inside the
    screen and clear of the rows and buttons; and every line of the screen reads, the subtitle under the title too
    (its grey read 4.3:1 on the backdrop's top)."""
    (tmp_path / "settings.json").write_text(json.dumps({"large_text": True}), encoding="utf-8")
    with screen_app(tmp_path, monkeypatch) as app:
        scene = RemapScene(kind)
        app.push(scene)
        row = next(r for r in scene.rows if r.action == "shout")
        post(app, motion(row.rect.center))
        assert scene.group.focused is row
        found = layout_check.draw_looked_at(app)
        lines = [line for line in layout_check._lines_of(app.canvas) if not line.hidden and line.words.strip()]
        assert says in " ".join(line.words for line in lines), [line.words for line in lines]
        assert [f.detail for f in found] == []
        for i, a in enumerate(lines):
            for b in lines[i + 1:]:
                assert not a.ink.colliderect(b.ink), (a.words, b.words)


def test_the_footer_names_only_the_ways_the_arrows_lost():
    """«Вверх» moved to I keeps the arrows for the other three ways: the footer says «I и стрелки», short enough for
    its line, not four key names."""
    from game.scenes.base import bound_hint
    from game.settings import Settings

    settings = Settings()
    assert bound_hint(settings, "{arrows} — выбор") == "Стрелки — выбор"
    settings.keys["up"] = ["i", "w"]
    assert bound_hint(settings, "{arrows} — выбор") == "I и стрелки — выбор"


def test_the_rules_of_a_preset_are_named_by_it(tmp_path, monkeypatch):
    """UNO's rules saved as «Вечеринка»: «Играть с ботами» and «Правила по умолчанию» say «набор «Вечеринка»» under
    the house rules (they said «изменено правил: 7»); one rule more, and they count the rules changed."""
    from game import rules as registry
    from game.scenes.settings import DefaultRulesScene
    from game.scenes.setup import SetupScene

    party = dict(registry.load("uno").presets["party"][1])
    (tmp_path / "settings.json").write_text(json.dumps({"house_rules": {"uno": party}}), encoding="utf-8")
    with screen_app(tmp_path, monkeypatch) as app:
        app.push(SetupScene("uno"))
        assert "набор «Вечеринка»" in shown_lines(app)
        app.push(DefaultRulesScene())
        assert "набор «Вечеринка»" in shown_lines(app)
    other = next(r for r in registry.load("uno").house_rules if r.id not in party and r.default is False)
    (tmp_path / "settings.json").write_text(json.dumps({"house_rules": {"uno": {**party, other.id: True}}}),
                                            encoding="utf-8")
    with screen_app(tmp_path, monkeypatch) as app:
        app.push(SetupScene("uno"))
        assert any(line.startswith("изменено правил: ") for line in shown_lines(app)), shown_lines(app)
