"""Settings walked through with the keyboard alone, the mouse alone and a gamepad alone:
values, key and button remapping (with swaps and reset), default house rules per game."""
import json

import pygame
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game import rules as rules_registry
from game.app import STEP_MS
from game.scenes.menu import MainMenu
from game.scenes.remap import KEY_ACTIONS, RemapScene, rebind_button, rebind_key
from game.scenes.settings import DefaultRulesScene, SettingsScene
from game.scenes.setup import HouseRulesScene
from game.settings import DEFAULT_KEYS, DEFAULT_PAD
from table_driver import press_pad
from virtual_pad import VirtualPad


@pytest.fixture
def app(app, tmp_path):
    app.push(MainMenu())
    app.push(SettingsScene())
    app.saved = lambda: json.loads((tmp_path / "settings.json").read_text(encoding="utf-8"))
    return app


def frames(app, n=2):
    for _ in range(n):
        app.frame(STEP_MS, 0.0)


def key(app, k, up=False):
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0))
    frames(app, 1)


def click(app, pos, button=1):
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=button, pos=pos))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, button=button, pos=pos))
    frames(app, 1)


def widget(app, label):
    return next(w for w in app.top.group.widgets if w.label.startswith(label))


def reach(app, label, step):
    """Press directions along the shortest path of focus moves to the widget labelled ``label``
    (left and right change a value instead of moving when the focused widget has one)."""
    from collections import deque

    from game.scenes.base import Widget

    group = app.top.group
    start, goal = group.focus, group.widgets.index(widget(app, label))
    moves = {"up": (0, -1), "down": (0, 1), "left": (-1, 0), "right": (1, 0)}
    paths, queue = {start: []}, deque([start])
    while queue:
        here = queue.popleft()
        for name, (dx, dy) in moves.items():
            if dx and type(group.widgets[here]).adjust is not Widget.adjust:
                continue
            group.focus = here
            if group.move(dx, dy) and group.focus not in paths:
                paths[group.focus] = paths[here] + [name]
                queue.append(group.focus)
    group.focus = start
    assert goal in paths, f"«{label}» cannot be reached"
    for name in paths[goal]:
        step(name)
    assert group.focused is group.widgets[goal]


KEYS = {"up": pygame.K_UP, "down": pygame.K_DOWN, "left": pygame.K_LEFT, "right": pygame.K_RIGHT}


def test_keyboard_alone(app):
    press = lambda d: key(app, KEYS[d])  # noqa: E731
    reach(app, "Общая громкость", press)
    key(app, pygame.K_LEFT)
    assert app.settings.master_volume == pytest.approx(0.7)
    reach(app, "Крупный текст", press)
    key(app, pygame.K_RETURN)
    assert app.saved()["large_text"] is True

    reach(app, "Клавиши", press)
    key(app, pygame.K_RETURN)
    assert isinstance(app.top, RemapScene) and app.top.kind == "keys"
    reach(app, "Взять карту", press)
    key(app, pygame.K_RETURN)
    assert app.top.listening is not None
    key(app, pygame.K_u)  # «u» was «крикнуть УНО»: the two swap
    assert app.top.listening is None
    assert app.settings.keys["draw"] == ["u"] and app.settings.keys["shout"] == ["x"]
    assert app.saved()["keys"]["draw"] == ["u"]
    assert app.input.key_to_intents[pygame.K_u] == ["draw"]
    # Esc while listening cancels and binds nothing
    reach(app, "Хлопнуть", press)
    key(app, pygame.K_RETURN)
    key(app, pygame.K_ESCAPE)
    assert app.top.listening is None and app.settings.keys["slap"] == ["c"]
    reach(app, "Сбросить", press)
    key(app, pygame.K_RETURN)
    assert app.settings.keys == DEFAULT_KEYS
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.top, SettingsScene)

    reach(app, "Правила по умолчанию", press)
    key(app, pygame.K_RETURN)
    assert isinstance(app.top, DefaultRulesScene)
    games = [w for w in app.top.group.widgets if w.enabled and w.label != "Готово"]
    assert games, "no game with rules to edit"
    title = games[0].label
    game_id = next(g.id for g in rules_registry.GAMES if g.title == title)
    reach(app, title, press)
    key(app, pygame.K_RETURN)
    assert isinstance(app.top, HouseRulesScene)
    rule_widget = next(w for w in app.top.group.widgets if getattr(w, "rule", None) is not None)
    app.top.group.focus = app.top.group.widgets.index(rule_widget)
    key(app, pygame.K_RETURN)
    key(app, pygame.K_ESCAPE)
    saved = app.saved()["house_rules"][game_id]
    assert saved[rule_widget.rule.id] != rule_widget.rule.default
    assert "изменено правил: 1" in widget(app, title).note
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.top, MainMenu)


def test_the_mute_keys_can_be_chosen_while_listening(app):
    """While the screen waits for a key, M and F9 are keys to bind, not «звук вкл/выкл»."""
    press = lambda d: key(app, KEYS[d])  # noqa: E731
    reach(app, "Клавиши", press)
    key(app, pygame.K_RETURN)
    muted = app.settings.muted
    for k in (pygame.K_m, pygame.K_F9):
        reach(app, "Взять карту", press)
        key(app, pygame.K_RETURN)
        assert app.top.listening is not None
        key(app, k)
        assert app.top.listening is None and app.settings.muted == muted


def test_a_pad_leaves_the_name_field_by_moving_on(app):
    """A on the name field starts typing (for the keyboard); the D-pad moving on ends it, the name kept."""
    scene = app.top
    scene.group.focus = scene.group.widgets.index(scene.name_field)
    press_pad(app, "confirm")
    assert scene.name_field.editing
    press_pad(app, "down")
    frames(app, 1)
    assert not scene.name_field.editing and scene.group.focused is not scene.name_field
    assert not scene.takes_text


def test_the_mouse_wheel_leaving_the_name_field_ends_the_editing(app):
    scene = app.top
    scene.group.focus = scene.group.widgets.index(scene.name_field)
    key(app, pygame.K_RETURN)
    assert scene.name_field.editing
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False, precise_x=0.0, precise_y=-1.0))
    frames(app, 1)
    assert not scene.name_field.editing and scene.group.focused is not scene.name_field


def test_mouse_alone(app):
    toggle = widget(app, "Полный экран")
    click(app, toggle.rect.center)
    assert app.settings.fullscreen is True
    slider = widget(app, "Звуки")
    click(app, (slider.rect.right - 24, slider.rect.centery))
    assert app.settings.effects_volume == 1.0
    click(app, (slider.rect.centerx + 2, slider.rect.centery))
    assert app.settings.effects_volume == 0.0
    click(app, widget(app, "Цвет фишки").rect.center)
    assert app.saved()["avatar_color"] != "#e0a030"

    click(app, widget(app, "Кнопки геймпада").rect.center)
    assert isinstance(app.top, RemapScene) and app.top.kind == "pad"
    click(app, widget(app, "Поймать").rect.center)
    assert app.top.listening is not None
    click(app, (5, 5))  # a click while listening cancels
    assert app.top.listening is None and app.settings.pad_buttons == DEFAULT_PAD
    click(app, widget(app, "Сбросить").rect.center)
    click(app, widget(app, "Готово").rect.center)
    assert isinstance(app.top, SettingsScene)
    click(app, (5, 5), button=3)  # the right button goes back
    assert isinstance(app.top, MainMenu)


def test_gamepad_alone_remaps_its_buttons(app):
    pad = VirtualPad()
    try:
        frames(app)
        reach(app, "Кнопки геймпада", lambda d: (pad.press({"up": "dpup", "down": "dpdown", "left": "dpleft",
                                                           "right": "dpright"}[d]), frames(app, 1)))
        pad.press("a")
        frames(app)
        assert isinstance(app.top, RemapScene)
        reach(app, "Взять карту", lambda d: (pad.press({"up": "dpup", "down": "dpdown", "left": "dpleft",
                                                       "right": "dpright"}[d]), frames(app, 1)))
        pad.press("a")
        frames(app)
        assert app.top.listening is not None
        pad.press("dpdown")  # directions are not buttons to bind
        frames(app)
        assert app.top.listening is not None
        pad.press("y")
        frames(app)
        assert app.settings.pad_buttons["draw"] == "y" and app.settings.pad_buttons["shout"] == "x"
        assert app.saved()["pad_buttons"]["draw"] == "y"
        seen = []
        app.top.handle = seen.append
        pad.press("y")
        frames(app)
        assert [i.name for i in seen] == ["draw"]
        del app.top.handle
        pad.press("b")
        frames(app)
        assert isinstance(app.top, SettingsScene)
    finally:
        pad.unplug()


def test_screenshot_of_settings(tmp_path):
    import subprocess
    import sys

    out = tmp_path / "s.png"
    env = {"IGROTEKA_CONFIG_DIR": str(tmp_path), "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "PATH": ""}
    for scene in ("settings", "seats"):
        done = subprocess.run([sys.executable, "-m", "game", "screenshot", scene, "--players", "4", "--out", str(out)],
                              capture_output=True, text=True, env=env, timeout=60)
        assert done.returncode == 0, done.stdout + done.stderr
        assert pygame.image.load(str(out)).get_size() == (1280, 720)


names = st.sampled_from(["a", "b", "c", "x", "u", "return", "space", "tab", "m", "q"])


relaxed = settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@relaxed
@given(st.lists(st.tuples(st.sampled_from(KEY_ACTIONS), names), max_size=12))
def test_key_swaps_never_strand_an_action(changes):
    keys = {k: list(v) for k, v in DEFAULT_KEYS.items()}
    for action, new in changes:
        before = {a: list(v) for a, v in keys.items()}
        swapped = rebind_key(keys, action, new)
        if swapped is None:
            assert keys == before  # a refused swap changes nothing
            continue
        assert keys[action][0] == new
        for a, v in keys.items():
            assert len(v) == len(set(v))
            assert v or not before[a], f"«{a}» lost its only key"
        owners: dict[str, list[str]] = {}
        for a, v in keys.items():
            for name in v:
                owners.setdefault(name, []).append(a)
        for name, who in owners.items():
            assert len(who) == 1 or set(who) == {"confirm", "play"}, (name, who)


@relaxed
@given(st.lists(st.tuples(st.sampled_from(list(DEFAULT_PAD)), st.sampled_from(["a", "b", "x", "y", "back", "start",
                                                                               "leftshoulder", "rightshoulder"])),
                max_size=12))
def test_button_swaps_keep_one_button_per_action(changes):
    buttons = dict(DEFAULT_PAD)
    for action, new in changes:
        rebind_button(buttons, action, new)
        assert buttons[action] == new
        assert len(set(buttons.values())) == len(buttons)  # no two actions share a button
        assert set(buttons) == set(DEFAULT_PAD)
