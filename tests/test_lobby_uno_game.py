"""Issue 7, done when: two game windows on one machine play a full game of UNO against each other
and bots, through a headless host. Each window joins by a typed address, goes through the
lobby (the owner seats two bots, sets a one-round match in the house rules and starts once the
guest is ready), and plays its own seat at the UNO table with the table's own inputs until both
windows show the result."""
from __future__ import annotations

import dataclasses

import pytest

from game.app import App
from game.bots import uno as uno_bots
from game.net.host import HostCore, LanHost
from game.scenes import lobby
from game.scenes.lobby import JoinScene, LobbyScene
from game.scenes.menu import MainMenu
from game.scenes.setup import HouseRulesScene
from game.scenes.uno.table import UnoScene
from lobby_support import UnoHand, Windows, click, press, type_text


@pytest.fixture(autouse=True)
def quiet_lan(tmp_path, monkeypatch):
    """The menu's LAN entries stay on loopback and never multicast from a test."""
    monkeypatch.setattr(lobby, "DISCOVERY", False)
    monkeypatch.setattr(lobby, "HOST_BIND", "127.0.0.1")
    monkeypatch.setattr(lobby, "TOKEN_FILE", tmp_path / "window-tokens.json")


@pytest.fixture
def fast_bots(monkeypatch):
    """Bots that think in a fifth of a second, so a whole round fits the test's time."""
    quick = dataclasses.replace(uno_bots.LEVELS["ace"], think_ms=(120, 260), ready_ms=(120, 260))
    monkeypatch.setitem(uno_bots.LEVELS, "ace", quick)


@pytest.fixture
def host():
    lan = LanHost(HostCore("uno", "Кухня", seed=21), "127.0.0.1", 0)  # loopback, no zeroconf
    lan.start()
    yield lan
    lan.stop()


@pytest.fixture
def windows(tmp_path, monkeypatch):
    monkeypatch.setenv("IGROTEKA_CONFIG_DIR", str(tmp_path))
    first, second = App(headless=True), App(headless=True)
    first.settings.player_name, second.settings.player_name = "Аня", "Боря"
    for app in (first, second):
        app.push(MainMenu())
    yield Windows(first, second)
    while second.scenes:
        second.scenes.pop().exit()
    first.shutdown()


def join_by_address(windows: Windows, app: App, port: int) -> LobbyScene:
    menu = app.top
    click(app, next(w for w in menu.group.widgets if w.label == "Присоединиться"))
    join = app.top
    assert isinstance(join, JoinScene)
    assert join.browser is None and not join.discovery
    type_text(app, join.address, f"127.0.0.1:{port}")  # Enter in the field connects
    lobby = app.top
    assert isinstance(lobby, LobbyScene)
    windows.until(lambda: lobby.lobby is not None, what="лобби комнаты")
    return lobby


def test_two_windows_play_a_whole_uno_game_with_bots(windows, host, fast_bots, tmp_path):
    anna_app, boris_app = windows.apps
    anna = join_by_address(windows, anna_app, host.port)
    assert anna.is_owner and anna.you == 0

    # the owner seats two bots of level «ас»
    anna.bots.index = [lv for lv, _ in anna.bots.options].index("ace")
    click(anna_app, anna.bots)
    windows.until(lambda: len(anna.lobby["seats"]) == 2, what="первый бот")
    click(anna_app, anna.bots)
    windows.until(lambda: len(anna.lobby["seats"]) == 3, what="второй бот")
    assert [s["bot"] for s in anna.lobby["seats"]] == [None, "ace", "ace"]

    # house rules: a single round
    click(anna_app, anna.house)
    rules = anna_app.top
    assert isinstance(rules, HouseRulesScene)
    match = next(w for w in rules.group.widgets if getattr(w, "rule", None) and w.rule.id == "match")
    press(anna_app, "point", device="mouse", pos=match.rect.center)
    while match.value != "1":
        press(anna_app, "right")
    press(anna_app, "back")
    assert anna_app.top is anna
    windows.until(lambda: anna.lobby["options"]["match"] == "1", what="один тур в настройках комнаты")

    boris = join_by_address(windows, boris_app, host.port)
    assert boris.you == 3 and not boris.is_owner
    assert not boris.game.enabled and not boris.bots.enabled  # only the owner changes the room
    windows.until(lambda: len(anna.lobby["seats"]) == 4, what="гость в лобби хозяина")
    click(anna_app, anna.go)  # not everyone is ready: refused, nothing starts
    windows.until(lambda: any("не готовы" in t.message for t in anna_app.toasts), what="отказ: гость не готов")
    assert not host.core.started
    click(boris_app, boris.go)  # «Я готов»
    windows.until(lambda: anna.lobby["seats"][3]["ready"], what="гость готов")
    click(anna_app, anna.go)  # «Начать игру»
    windows.until(lambda: isinstance(anna_app.top, UnoScene) and isinstance(boris_app.top, UnoScene),
                  what="стол UNO в обоих окнах")
    tables = [anna_app.top, boris_app.top]
    assert [t.seat for t in tables] == [0, 3]
    assert tables[0].names == ["Аня", "Бот 1", "Бот 2", "Боря"]

    hands = [UnoHand(anna_app), UnoHand(boris_app)]
    windows.players = hands
    session = host.core.session
    windows.until(lambda: session.rules.is_over(session.state), timeout=45, what="конец партии")
    windows.until(lambda: all(t.over and t.results_open() for t in tables), what="итоги в обоих окнах")
    for app in windows.apps:
        app.draw(1.0)
    result = session.rules.result(session.state)
    for table in tables:
        assert table.view["phase"] == "match_over"
        assert table.view["result"]["winners"] == result["winners"]
    assert all(hand.moves >= 3 for hand in hands), [hand.moves for hand in hands]  # people played, not bots
    assert not any(session.seats[i].is_bot for i in (0, 3))

    # «В меню» from the results: the table and its lobby go, the connection closes
    press(boris_app, "confirm")
    windows.until(lambda: isinstance(boris_app.top, JoinScene), what="гость вернулся к списку комнат")
    assert boris.closed and boris.conn.finished.is_set()
