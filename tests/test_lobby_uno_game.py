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
from game.scenes.room import seat_teams
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

    seat_two_aces(windows, anna)
    one_round_rules(windows, anna)
    boris = join_by_address(windows, boris_app, host.port)
    assert boris.you == 3 and not boris.is_owner
    assert not boris.game.enabled and not boris.bots.enabled  # only the owner changes the room
    windows.until(lambda: len(anna.lobby["seats"]) == 4, what="гость в лобби хозяина")
    click(anna_app, anna.go)  # not everyone is ready: refused, nothing starts
    windows.until(lambda: any("не готовы" in t.message for t in anna_app.toasts), what="отказ: гость не готов")
    assert not host.core.started
    tables, hands = start_and_play(windows, anna, boris, host)
    session = host.core.session
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


def seat_two_aces(windows: Windows, owner: LobbyScene) -> None:
    """The owner seats two bots of level «ас»."""
    owner.bots.index = [lv for lv, _ in owner.bots.options].index("ace")
    for seats in (2, 3):
        click(owner.app, owner.bots)
        windows.until(lambda: len(owner.lobby["seats"]) == seats, what=f"бот на месте {seats}")
    assert [s["bot"] for s in owner.lobby["seats"]] == [None, "ace", "ace"]


def one_round_rules(windows: Windows, owner: LobbyScene, preset: str | None = None) -> None:
    """The owner opens the room's house rules, takes ``preset`` («Набор») if given, sets a single round, and
    comes back."""
    app = owner.app
    click(app, owner.house)
    rules = app.top
    assert isinstance(rules, HouseRulesScene)
    if preset is not None:
        press(app, "point", device="mouse", pos=rules.preset_choice.rect.center)
        for _ in rules.preset_choice.options:
            if rules.preset_choice.value_text() == f"‹ {preset} ›":
                break
            press(app, "right")
        assert rules.preset_choice.value_text() == f"‹ {preset} ›", f"в «Наборе» нет «{preset}»"
    match = next(w for w in rules.group.widgets if getattr(w, "rule", None) and w.rule.id == "match")
    press(app, "point", device="mouse", pos=match.rect.center)
    while match.value != "1":
        press(app, "right")
    press(app, "back")
    assert app.top is owner
    windows.until(lambda: owner.lobby["options"]["match"] == "1", what="один тур в настройках комнаты")


def start_and_play(windows: Windows, owner: LobbyScene, guest: LobbyScene, host: LanHost):
    """The guest says «Я готов», the owner starts, and both windows play their seats with the table's own inputs
    until both show the match's results. Returns the two tables and the two hands."""
    click(guest.app, guest.go)  # «Я готов»
    windows.until(lambda: owner.lobby["seats"][3]["ready"], what="гость готов")
    click(owner.app, owner.go)  # «Начать игру»
    windows.until(lambda: isinstance(owner.app.top, UnoScene) and isinstance(guest.app.top, UnoScene),
                  what="стол UNO в обоих окнах")
    tables = [owner.app.top, guest.app.top]
    assert [t.seat for t in tables] == [0, 3]
    assert tables[0].names == ["Аня", "Бот 1", "Бот 2", "Боря"]
    hands = [UnoHand(owner.app), UnoHand(guest.app)]
    windows.players = hands
    session = host.core.session
    windows.until(lambda: session.rules.is_over(session.state), timeout=45, what="конец партии")
    windows.until(lambda: all(t.over and t.results_open() for t in tables), what="итоги в обоих окнах")
    for app in windows.apps:
        app.draw(1.0)
    return tables, hands


def test_two_windows_play_a_2v2_round_over_the_lan(windows, host, fast_bots):
    """«Командная игра» over TCP: Аня (seat 0) and Бот 2 against Бот 1 and Боря (seat 3), partners opposite; the
    lobby names the teams, both tables show them, and the match goes to a whole team whose score is the round's."""
    anna_app, boris_app = windows.apps
    anna = join_by_address(windows, anna_app, host.port)
    seat_two_aces(windows, anna)
    one_round_rules(windows, anna, preset="Командный")
    assert anna.lobby["options"]["team_play"] is True
    boris = join_by_address(windows, boris_app, host.port)
    windows.until(lambda: len(boris.lobby["seats"]) == len(anna.lobby["seats"]) == 4, what="гость в лобби у обоих")
    assert seat_teams(boris.lobby) == [0, 1, 0, 1]
    tables, hands = start_and_play(windows, anna, boris, host)
    session = host.core.session
    result = session.rules.result(session.state)
    team = result["winning_team"]
    assert sorted(result["winners"]) == [[0, 2], [1, 3]][team]
    for table in tables:
        teams = table.view["teams"]
        assert teams["members"] == [[0, 2], [1, 3]]
        assert teams["team_scores"][team] == session.state.history[0]["gained"][session.state.history[0]["winner"]]
        assert table.view["players"][table.seat]["team"] == table.seat % 2
    assert all(hand.moves >= 1 for hand in hands), [hand.moves for hand in hands]
