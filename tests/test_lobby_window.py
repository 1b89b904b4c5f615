"""The LAN screens driven the way a player would: the menu's entries, a room hosted by the window,
the lobby's controls, the room list, typed addresses and their errors. Everything stays on
loopback with discovery off (a fake browser stands in for zeroconf)."""
from __future__ import annotations

import socket
import threading

import pygame
import pytest

from game.app import App
from game.cli import build_parser
from game.net.client import LanConnection
from game.net.discovery import Room
from game.net.host import HostCore, LanHost
from game.net.protocol import PROTOCOL_VERSION
from game.scenes import lobby
from game.scenes.lobby import HostLobby, JoinScene, LobbyScene, parse_endpoint
from game.scenes.menu import MainMenu
from game.scenes.room import connect_failure
from game.scenes.uno.table import UnoScene
from lobby_support import Windows, click, press, type_text
from table_driver import press_key
from table_driver import type_text as driver_type


@pytest.fixture(autouse=True)
def quiet_lan(tmp_path, monkeypatch):
    monkeypatch.setattr(lobby, "DISCOVERY", False)
    monkeypatch.setattr(lobby, "HOST_BIND", "127.0.0.1")
    monkeypatch.setattr(lobby, "HOST_PORT", 0)
    monkeypatch.setattr(lobby, "TOKEN_FILE", tmp_path / "window-tokens.json")
    monkeypatch.setenv("IGROTEKA_CONFIG_DIR", str(tmp_path))


def make_windows(*names: str) -> Windows:
    apps = []
    for name in names:
        app = App(headless=True)
        app.settings.player_name = name
        app.push(MainMenu())
        apps.append(app)
    return Windows(*apps)


def close_windows(windows: Windows) -> None:
    for app in windows.apps[1:]:
        while app.scenes:
            app.scenes.pop().exit()
    windows.apps[0].shutdown()


@pytest.fixture
def two():
    windows = make_windows("Аня", "Боря")
    yield windows
    close_windows(windows)


@pytest.fixture
def one():
    windows = make_windows("Аня")
    yield windows
    close_windows(windows)


def menu_entry(app: App, label: str):
    return next(w for w in app.top.group.widgets if w.label == label)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def refused(port: int) -> bool:
    try:
        socket.create_connection(("127.0.0.1", port), timeout=2).close()
    except OSError:
        return True
    return False


# ---------------------------------------------------------------------------------------------- the room's owner
def test_menu_entries_are_on(one):
    app = one.apps[0]
    for label in ("Создать игру по сети", "Присоединиться"):
        assert menu_entry(app, label).enabled


def test_a_hosted_room_its_controls_and_a_clean_exit(two):
    owner_app, guest_app = two.apps
    click(owner_app, menu_entry(owner_app, "Создать игру по сети"))
    room = owner_app.top
    assert isinstance(room, HostLobby) and room.hosting is not None
    two.until(lambda: room.lobby is not None, what="лобби своей комнаты")
    port = room.hosting.port
    assert room.is_owner and room.you == 0 and room.lobby["seats"][0]["name"] == "Аня"
    assert room.shown_address == f"127.0.0.1:{port}"
    # alone in a room for two or more: «Начать игру» cannot start, so Enter seats a bot instead
    assert not room.go.enabled and owner_app.top.group.focused is room.bots

    # bots of a chosen level
    room.bots.index = [lv for lv, _ in room.bots.options].index("novice")
    click(owner_app, room.bots)
    two.until(lambda: len(room.lobby["seats"]) == 2, what="бот сел")
    assert room.lobby["seats"][1]["bot"] == "novice"
    # the turn timer, the colour and the name
    press(owner_app, "point", device="mouse", pos=room.timer.rect.center)
    press(owner_app, "right")
    two.until(lambda: room.lobby["turn_s"] == 15, what="таймер хода")
    press(owner_app, "point", device="mouse", pos=room.colour.rect.center)
    before = room.lobby["seats"][0]["colour"]
    press(owner_app, "right")
    two.until(lambda: room.lobby["seats"][0]["colour"] != before, what="новый цвет")
    muted = owner_app.settings.muted
    type_text(owner_app, room.name_field, "Анна Мышкина")  # a space, and «м» on M, the mute key
    two.until(lambda: room.lobby["seats"][0]["name"] == "Анна Мышкина", what="новое имя")
    assert owner_app.settings.player_name == "Анна Мышкина" and owner_app.settings.muted == muted
    # Esc while renaming gives the old name back and stays in the room
    press(owner_app, "point", device="mouse", pos=room.name_field.rect.center)
    press_key(owner_app, pygame.K_RETURN)
    driver_type(owner_app, "Зоя")
    press_key(owner_app, pygame.K_ESCAPE)
    assert room.name_field.text == "Анна Мышкина" and owner_app.top is room
    # the bot's row: Enter removes it
    click(owner_app, room.rows[1])
    two.until(lambda: len(room.lobby["seats"]) == 1, what="бот убран")

    # a guest window comes in by the typed address and says it is ready
    click(guest_app, menu_entry(guest_app, "Присоединиться"))
    join = guest_app.top
    type_text(guest_app, join.address, f"127.0.0.1:{port}")
    guest = guest_app.top
    assert isinstance(guest, LobbyScene)
    two.until(lambda: guest.lobby is not None and len(room.lobby["seats"]) == 2, what="гость вошёл")
    assert not guest.is_owner and guest.you == 1
    assert not guest.rows[0].enabled  # only the owner removes people
    assert guest.go.label == "Я готов"
    click(guest_app, guest.go)
    two.until(lambda: room.lobby["seats"][1]["ready"] and guest.lobby["seats"][1]["ready"], what="гость готов")
    assert guest.go.label == "Я не готов"
    # the game choice reaches the guest, and resets ready flags
    if len(room.game.options) > 1:
        press(owner_app, "point", device="mouse", pos=room.game.rect.center)
        press(owner_app, "right")
        chosen = room.game.options[room.game.index][0]
        two.until(lambda: guest.lobby["game"] == chosen, what="игра сменилась у гостя")
        assert not guest.lobby["seats"][1]["ready"]

    # the owner asks the guest to leave: the guest's window goes back to the list with the reason
    click(owner_app, room.rows[1])
    two.until(lambda: guest_app.top is join, what="гость исключён")
    assert any("исключил" in t.message for t in guest_app.toasts)
    # the owner's room list comes in its own message, which may arrive after the guest's notice
    two.until(lambda: len(room.lobby["seats"]) == 1, what="место гостя освободилось у хозяина")

    # leaving the room stops the host thread and closes the port
    press(owner_app, "back")
    two.step()
    assert isinstance(owner_app.top, MainMenu)
    room.hosting.stopper.join(10)
    assert room.hosting.stopped
    assert room.conn.finished.is_set()
    assert refused(port)


def test_a_busy_port_falls_back_to_any_free_one(one, monkeypatch):
    app = one.apps[0]
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        monkeypatch.setattr(lobby, "HOST_PORT", taken.getsockname()[1])
        click(app, menu_entry(app, "Создать игру по сети"))
        room = app.top
        one.until(lambda: room.lobby is not None, what="лобби на другом порту")
        assert room.hosting.port != taken.getsockname()[1]
    press(app, "back")
    one.step()
    room.hosting.stopper.join(10)


# ---------------------------------------------------------------------------------------------- joining
def test_connection_failures_read_as_russian_sentences():
    import asyncio
    import socket

    from game.net.client import unreachable_reason

    assert connect_failure("10.0.0.5:40001", unreachable_reason(asyncio.TimeoutError())) == \
        "Не удалось подключиться к 10.0.0.5:40001: сервер не отвечает."
    assert "нет комнаты" in unreachable_reason(ConnectionRefusedError(111, "Connect call failed ('127.0.0.1', 9)"))
    assert "адрес не найден" in unreachable_reason(socket.gaierror(socket.EAI_NONAME, "Name or service not known"))
    # asyncio's error for several addresses tried carries no errno of its own
    assert "нет комнаты" in unreachable_reason(OSError("Multiple exceptions: [Errno 111] Connect call failed "
                                                       "('::1', 9, 0, 0), [Errno 111] Connect call failed"))
    assert unreachable_reason(OSError(1234, "Strange")).startswith("ошибка сети (")
    assert connect_failure("1.2.3.4:5", "В этой комнате играют в «UNO».") == \
        "Не удалось подключиться к 1.2.3.4:5: в этой комнате играют в «UNO»."
    assert parse_endpoint("192.168.1.5:47701", 47700) == ("192.168.1.5", 47701)
    assert parse_endpoint(" host.local ", 47700) == ("host.local", 47700)
    for bad in ("", ":5", "1.2.3.4:", "1.2.3.4:99999", "1.2.3.4:x"):
        with pytest.raises(ValueError, match="Адрес нужно писать так"):
            parse_endpoint(bad, 47700)


def test_typed_addresses_that_do_not_work_say_why(one):
    app = one.apps[0]
    click(app, menu_entry(app, "Присоединиться"))
    join = app.top
    type_text(app, join.address, "1.2.3.4:99999")
    assert app.top is join and "Адрес нужно писать так" in join.error
    port = free_port()
    type_text(app, join.address, f"127.0.0.1:{port}")
    one.until(lambda: app.top is join and join.error, what="ошибка подключения")
    assert join.error == f"Не удалось подключиться к 127.0.0.1:{port}: по этому адресу нет комнаты (подключение отклонено)."
    press(app, "back")
    assert isinstance(app.top, MainMenu)


class FakeBrowser:
    """Stands in for zeroconf's RoomBrowser: the test says which rooms are on the network."""

    def __init__(self):
        self.list: list[Room] = []
        self.stopped = threading.Event()

    def rooms(self) -> list[Room]:
        return list(self.list)

    def stop(self) -> None:
        self.stopped.set()


def test_the_room_list_follows_the_network_and_a_room_is_entered(one):
    app = one.apps[0]
    browser = FakeBrowser()
    host = LanHost(HostCore("uno", "Кухня", seed=5, bots=1), "127.0.0.1", 0)
    host.start()
    try:
        join = JoinScene(discovery=True, browser_factory=lambda: browser)
        app.push(join)
        one.until(lambda: join.browser is browser, what="поиск комнат запущен")
        kitchen = Room("Кухня (ab12)", "127.0.0.1", host.port, "Кухня", "uno", "1/10", str(PROTOCOL_VERSION), False)
        other = Room("Зал (cd34)", "127.0.0.1", 1, "Зал", "uno", "3/4", "99", True)
        browser.list = [kitchen, other]
        one.until(lambda: len(join.room_rows) == 2, what="две комнаты в списке")
        assert join.group.focused is join.room_rows[0]
        browser.list = [kitchen]
        one.until(lambda: len(join.room_rows) == 1, what="комната исчезла")
        join.connect_room(other)  # another protocol version: refused before connecting
        assert "другая версия" in join.error
        click(app, join.room_rows[0])
        room = app.top
        assert isinstance(room, LobbyScene)
        one.until(lambda: room.lobby is not None, what="вошли в найденную комнату")
        assert [s["name"] for s in room.lobby["seats"]] == ["Бот 1", "Аня"] and room.is_owner
        press(app, "back")
        one.until(lambda: app.top is join, what="назад к списку")
        press(app, "back")
        assert browser.stopped.is_set() and isinstance(app.top, MainMenu)
    finally:
        host.stop()


def test_a_spectator_window_watches_a_started_game(one):
    app = one.apps[0]
    host = LanHost(HostCore("uno", "Кухня", seed=5, bots=2), "127.0.0.1", 0)
    host.start()
    try:
        host.call(host.core.start)
        click(app, menu_entry(app, "Присоединиться"))
        join = app.top
        press(app, "point", device="mouse", pos=join.watch.rect.center)
        press(app, "right")
        assert join.watch.value == "spectator"
        type_text(app, join.address, f"127.0.0.1:{host.port}")
        one.until(lambda: isinstance(app.top, UnoScene), what="стол для зрителя")
        table = app.top
        one.until(lambda: table.view is not None, what="вид стола")
        for _ in range(20):
            one.step(draw_every=2)
        assert table.seat == -1 and table.view["me"] == -1 and table.view["hand"] == []
    finally:
        host.stop()


def test_a_stale_seat_key_does_not_block_joining(one, tmp_path):
    app = one.apps[0]
    host = LanHost(HostCore("uno", "Кухня", seed=5), "127.0.0.1", 0)
    host.start()
    try:
        keys = lobby.SeatKeys(tmp_path / "window-tokens.json")
        keys.hold(f"127.0.0.1:{host.port}", "ключ-из-прошлой-комнаты")
        keys.release(f"127.0.0.1:{host.port}", "ключ-из-прошлой-комнаты")
        click(app, menu_entry(app, "Присоединиться"))
        join = app.top
        type_text(app, join.address, f"127.0.0.1:{host.port}")
        one.until(lambda: isinstance(app.top, LobbyScene) and app.top.lobby is not None, what="вошли заново")
        assert app.top.you == 0 and join.used_token is None
    finally:
        host.stop()


# ---------------------------------------------------------------------------------------------- tools
def test_screenshot_scene_is_a_lobby_with_seats(one):
    from game.cli.screenshot import make_scene

    app = one.apps[0]
    scene = make_scene("lobby", 7, 4)
    app.push(scene)
    one.until(lambda: scene.lobby is not None and len(scene.lobby["seats"]) == 4, what="четыре места")
    app.draw(1.0)
    assert scene.is_owner and scene.lobby["seats"][1]["ready"]
    app.pop()
    scene.guest.close()
    scene.hosting.stopper.join(10)


def test_join_without_an_address_opens_the_room_list(monkeypatch):
    from game.cli import net as cli_net

    class Window:
        def __init__(self):
            self.scenes = []

        def push(self, scene):
            self.scenes.append(scene)

    window = Window()
    monkeypatch.setattr(cli_net, "_window_at", lambda place: place(window) or 0)
    args = build_parser().parse_args(["join", "--interface", "10.1.2.3"])
    assert args.func(args) == 0
    assert [type(s) for s in window.scenes] == [JoinScene] and window.scenes[0].interface == "10.1.2.3"


def test_a_guest_who_is_a_woman_is_ready_as_a_woman():
    """Маша's window says «Я готова» and «Нажмите «Я готова»», then «Я не готова» (it said «Я готов» to everyone)."""
    windows = make_windows("Аня", "Маша")
    try:
        owner_app, guest_app = windows.apps
        click(owner_app, menu_entry(owner_app, "Создать игру по сети"))
        room = owner_app.top
        windows.until(lambda: room.lobby is not None, what="лобби своей комнаты")
        click(guest_app, menu_entry(guest_app, "Присоединиться"))
        type_text(guest_app, guest_app.top.address, f"127.0.0.1:{room.hosting.port}")
        guest = guest_app.top
        windows.until(lambda: guest.lobby is not None and guest.you == 1, what="гостья вошла")
        assert guest.go.label == "Я готова"
        assert "Нажмите «Я готова» — хозяин начнёт игру, когда готовы все." in guest.tips()
        click(guest_app, guest.go)
        windows.until(lambda: guest.lobby["seats"][1]["ready"], what="гостья готова")
        assert guest.go.label == "Я не готова"
        assert [seat["feminine"] for seat in room.lobby["seats"]] == [True, True]  # Аня and Маша
    finally:
        close_windows(windows)
