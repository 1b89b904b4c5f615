"""The menu driven the way a player would: keys, a virtual gamepad, the mouse."""
import subprocess
import sys

import pygame
import pytest

from game.app import STEP_MS
from game.scenes.menu import MainMenu
from game.scenes.settings import SettingsScene
from table_driver import click, press_key, type_text
from virtual_pad import VirtualPad


@pytest.fixture
def app(app):
    app.push(MainMenu())
    return app


KEYS = {"right": pygame.K_RIGHT, "down": pygame.K_DOWN}
PAD = {"right": "dpright", "down": "dpdown"}


def frames(app, n=3):
    for _ in range(n):
        app.frame(STEP_MS, 0.0)


def key(app, k):
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0))
    frames(app, 1)


def focused_label(app):
    return app.top.group.focused.label


def toward_right_column(press):
    """A path a player takes to the action buttons: right out of the game tiles, then down."""
    def step(app):
        press("right" if app.top.group.focused.rect.left < 800 else "down")
    return step


def go_to(app, label, step):
    for _ in range(20):
        if focused_label(app) == label:
            return
        step()
    raise AssertionError(f"could not reach «{label}», stuck at «{focused_label(app)}»")


def test_window_is_1280_by_720_with_the_russian_menu(app):
    assert app.window.get_size() == (1280, 720)
    labels = [w.label for w in app.top.group.widgets]
    for expected in ["UNO", "Эрудит", "Словодел", "Нет слов", "Твёрдый знак", "Играть с ботами",
                     "Создать игру по сети", "Присоединиться", "Проверка слова", "Настройки", "Выход"]:
        assert expected in labels


def test_keyboard_reaches_settings_and_escape_returns(app):
    go_to(app, "Настройки", lambda: toward_right_column(lambda d: key(app, KEYS[d]))(app))
    key(app, pygame.K_RETURN)
    assert isinstance(app.top, SettingsScene)
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.top, MainMenu)


def test_disabled_entries_cannot_be_entered(app):
    disabled = [w for w in app.top.group.widgets if not w.enabled]
    for widget in disabled:
        app.top.group.focus = app.top.group.widgets.index(widget)
        key(app, pygame.K_RETURN)
        assert isinstance(app.top, MainMenu)


def test_virtual_gamepad_navigates_and_backs_out(app):
    pad = VirtualPad()
    try:
        frames(app)
        assert pad.instance_id in app.input.pads
        go_to(app, "Настройки", lambda: toward_right_column(lambda d: (pad.press(PAD[d]), frames(app, 1)))(app))
        pad.press("a")
        frames(app)
        assert isinstance(app.top, SettingsScene)
        before = app.top.group.focus
        pad.axis("lefty", 32000)  # the stick moves the focus too
        frames(app)
        pad.axis("lefty", 0)
        frames(app)
        assert app.top.group.focus != before
        pad.press("b")
        frames(app)
        assert isinstance(app.top, MainMenu)
    finally:
        pad.unplug()
    frames(app)
    assert pad.instance_id not in app.input.pads


def test_gamepad_replugged_is_known_by_its_new_instance_id(app):
    first = VirtualPad()
    frames(app)
    first.unplug()
    frames(app)
    second = VirtualPad()
    try:
        frames(app)
        assert second.instance_id in app.input.pads and first.instance_id not in app.input.pads
    finally:
        second.unplug()


def test_mouse_click_on_exit_stops_the_app(app):
    exit_widget = next(w for w in app.top.group.widgets if w.label == "Выход")
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=exit_widget.rect.center))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=exit_widget.rect.center))
    frames(app, 1)
    assert app.running is False


def test_settings_change_by_keys_is_saved(app, tmp_path):
    go_to(app, "Настройки", lambda: toward_right_column(lambda d: key(app, KEYS[d]))(app))
    key(app, pygame.K_RETURN)
    go_to(app, "Символы цветов", lambda: key(app, pygame.K_RIGHT) if app.top.group.focused.rect.left < 600 else key(app, pygame.K_DOWN))
    key(app, pygame.K_RETURN)
    assert app.settings.colorblind is True
    assert '"colorblind": true' in (tmp_path / "settings.json").read_text(encoding="utf-8")


def emptied_name_field(app):
    """Settings opened from the menu, the name field being edited and its old name erased."""
    go_to(app, "Настройки", lambda: toward_right_column(lambda d: key(app, KEYS[d]))(app))
    key(app, pygame.K_RETURN)
    field = app.top.name_field
    app.top.group.focus = app.top.group.widgets.index(field)
    key(app, pygame.K_RETURN)
    for _ in range(10):
        key(app, pygame.K_BACKSPACE)
    return field


def test_name_field_takes_cyrillic_and_refuses_empty(app):
    field = emptied_name_field(app)
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="Ёлка№1"))
    frames(app, 1)
    key(app, pygame.K_RETURN)
    assert app.settings.player_name == "Ёлка1"  # № is not a name character
    app.top.group.focus = app.top.group.widgets.index(field)
    key(app, pygame.K_RETURN)
    for _ in range(10):
        key(app, pygame.K_BACKSPACE)
    key(app, pygame.K_RETURN)
    assert app.settings.player_name == "Ёлка1"
    assert any("пустым" in t.message for t in app.toasts)


def test_a_name_with_a_space_is_typed_whole_and_enter_keeps_it(app):
    """Space is «confirm» too: in a text field it is a space, only Enter (either one) finishes."""
    field = emptied_name_field(app)
    type_text(app, "Маша Петрова")
    assert field.editing and field.text == "Маша Петрова"
    press_key(app, pygame.K_KP_ENTER)
    assert not field.editing and app.settings.player_name == "Маша Петрова"


def test_a_click_elsewhere_keeps_the_name_being_typed(app):
    """The mouse leaves the field for «Готово»: the typed name is kept, not lost with the screen."""
    go_to(app, "Настройки", lambda: toward_right_column(lambda d: key(app, KEYS[d]))(app))
    key(app, pygame.K_RETURN)
    settings_scene = app.top
    field = settings_scene.name_field
    click(app, field.rect.center)
    assert field.editing
    for _ in range(10):
        key(app, pygame.K_BACKSPACE)
    type_text(app, "Маша")
    done = next(w for w in settings_scene.group.widgets if w.label == "Готово")
    click(app, done.rect.center)
    assert app.top is not settings_scene and app.settings.player_name == "Маша"


def test_spiral_of_death_is_clamped(app):
    steps = []
    app.top.update = lambda dt: steps.append(dt)
    app.frame(5000.0, 0.0)  # a five-second stall
    assert len(steps) <= 16


def test_font_renders_every_letter_we_need():
    from game import assets

    needed = "АБВГДЕЁЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯабвгдеёжзийклмнопрстуфхцчшщъыьэюя№«»—"
    for face in ("heading", "bold", "text"):
        assert assets.missing_glyphs(face, needed) == [], face


def test_screenshot_command_writes_a_1280x720_png(tmp_path):
    out = tmp_path / "m.png"
    env = {"IGROTEKA_CONFIG_DIR": str(tmp_path), "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "PATH": ""}
    done = subprocess.run([sys.executable, "-m", "game", "screenshot", "menu", "--out", str(out)],
                          capture_output=True, text=True, env=env, timeout=60)
    assert done.returncode == 0, done.stderr
    assert "сохранён" in done.stdout
    assert pygame.image.load(str(out)).get_size() == (1280, 720)


def test_unknown_scene_gets_a_russian_message(tmp_path):
    env = {"IGROTEKA_CONFIG_DIR": str(tmp_path), "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "PATH": ""}
    done = subprocess.run([sys.executable, "-m", "game", "screenshot", "нет-такой", "--out", str(tmp_path / "x.png")],
                          capture_output=True, text=True, env=env, timeout=60)
    assert done.returncode == 2 and "Сцены" in done.stdout


def test_m_types_a_soft_sign_while_typing_but_mutes_elsewhere(app):
    from game.scenes.wordcheck import WordCheckScene

    assert app.audio is not None  # silent without a sound card, but always there
    muted = app.audio.muted
    key(app, pygame.K_m)
    assert app.audio.muted != muted  # in the menu M mutes
    app.push(WordCheckScene())
    frames(app, 1)
    scene = app.top
    scene.group.focus = scene.group.widgets.index(scene.field)
    key(app, pygame.K_RETURN)  # start typing
    before = app.audio.muted
    key(app, pygame.K_m)
    assert app.audio.muted == before
    key(app, pygame.K_F9)
    assert app.audio.muted != before
