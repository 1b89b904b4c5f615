"""A laptop that watches a running game sits down in a bot's seat from its own window: while the host's ``lobby`` names
a seat a lobby bot plays, the watcher's table offers «Сесть вместо бота» where a watcher has nothing of its own (the
table's JOIN_CORNER); Enter or a click asks the host (``take_bot_seat``) and the window becomes that seat's player in
place, with the bot's hand; a refusal is the host's Russian reason in a toast. Over loopback with the real host, the
window driven by the events its main loop reads."""
from __future__ import annotations

import msgpack
import pygame
import pytest

from game import launch
from game.app import App
from game.rules.base import SPECTATOR
from game.scenes import lobby as lobby_screens
from game.scenes.table.scene import TableScene
from phone_support import fast_clock
from table_driver import click, press_key
from window_support import frames, kept_equals_fresh, screen_app, shown_lines

pytestmark = pytest.mark.timeout(120)

OFFER = "Сесть вместо бота"


@pytest.fixture
def app(tmp_path, monkeypatch):
    with screen_app(tmp_path, monkeypatch) as application:
        yield application


@pytest.fixture
def room(tmp_path):
    """An UNO room of two lobby bots, running, its journal in a file; nobody coming, no bot covers a taken seat."""
    core = launch.new_room("uno", "Комната", journal=tmp_path / "room.journal", bots=2, seed=7, takeover_ms=600_000,
                           clock=fast_clock(4))
    host = launch.serve(core, "127.0.0.1", 0, False)
    host.call(core.start)
    yield host, core, tmp_path / "room.journal"
    host.stop()


def watch(app: App, port: int, name: str) -> TableScene:
    line = launch.join_room("127.0.0.1", port, name, role="spectator")
    app.push(lobby_screens.LobbyScene(line, f"127.0.0.1:{port}"))
    assert frames(app, lambda: isinstance(app.top, TableScene) and app.top.view is not None)
    return app.top


def records(path) -> list[dict]:
    with open(path, "rb") as fh:
        return list(msgpack.Unpacker(fh, raw=False, strict_map_key=False))


def test_a_watching_laptop_sits_down_in_the_bots_seat_and_plays_it(app, room):
    host, core, journal = room
    table = watch(app, host.port, "Лена")
    assert table.me == SPECTATOR
    lines = shown_lines(app)
    assert OFFER in lines and "За «Бот 1» играет бот" in lines, lines
    assert kept_equals_fresh(app, app.top)

    click(app, table.seat_offer_button().center)
    assert frames(app, lambda: table.me == 0 and table.view.get("hand")), "the window did not become seat 0's player"
    assert app.top is table and table.seat == 0 and core.seats[0].name == "Лена" and not core.seats[0].is_bot
    assert OFFER not in shown_lines(app)
    assert kept_equals_fresh(app, app.top)

    assert frames(app, lambda: bool(table.legal), timeout=30), "seat 0's turn never came"
    sent = move_by_keys(app, table)
    taken_at = lambda: next(i for i, r in enumerate(records(journal)) if "seat_taken" in r)  # noqa: E731
    mine = lambda: [r for r in records(journal)[taken_at():] if r.get("seat") == 0]  # noqa: E731
    assert frames(app, lambda: bool(mine())), "the host's journal has no move of seat 0 after the seat was taken"
    assert {k: mine()[0]["action"].get(k) for k in sent} == sent, mine()[0]
    assert kept_equals_fresh(app, app.top)


def move_by_keys(app: App, table) -> dict:
    """A move at UNO with the keyboard: a card taken (X) when taking is offered, else the first playable card in the
    hand chosen with the arrows and played with Enter (a wild's colour with Enter too). What the host is to get."""
    taking = next((kind for kind in ("draw", "pass", "accept") if table.can(kind)), None)
    if taking is not None:
        press_key(app, pygame.K_x)
        return {"kind": taking}
    playable = {a["card"] for a in table.legal_of("play")}
    hand = [card["id"] for card in table.visible_hand()]
    for _ in hand:
        press_key(app, pygame.K_LEFT)
    target = next(card for card in hand if card in playable)
    while table.selected != target:
        press_key(app, pygame.K_RIGHT)
    press_key(app, pygame.K_RETURN)
    if table.colour_wheel_open():
        press_key(app, pygame.K_RETURN)
    return {"kind": "play", "card": target}


@pytest.mark.parametrize("game_id", ["erudit", "nowords", "hardsign", "bingo"])
def test_every_table_offers_a_watcher_the_bots_seat_and_seats_it_on_a_click(app, game_id):
    core = launch.new_room(game_id, "Комната", bots=2, seed=7, takeover_ms=600_000, clock=fast_clock(4))
    host = launch.serve(core, "127.0.0.1", 0, False)
    host.call(core.start)
    try:
        table = watch(app, host.port, "Лена")
        assert OFFER in shown_lines(app), game_id
        assert kept_equals_fresh(app, app.top), game_id
        click(app, table.seat_offer_button().center)
        assert frames(app, lambda: table.me == 0), f"{game_id}: the window did not become seat 0's player"
        assert OFFER not in shown_lines(app) and kept_equals_fresh(app, app.top), game_id
    finally:
        host.stop()


def test_a_watcher_too_late_for_the_last_bots_seat_is_told_why_in_a_toast(app, room):
    """Others take both bots' seats while the window still shows the offer (it has read no lobby since): the press
    goes to the host, which refuses, and the window stays a watcher."""
    host, core, _ = room
    table = watch(app, host.port, "Гоша")
    assert OFFER in shown_lines(app)
    for taker in ("Лена", "Оля"):
        line = launch.join_room("127.0.0.1", host.port, taker, role="spectator")
        line.wait_for(lambda m: m.get("type") == "update")
        line.take_bot_seat().close()
        line.close()
    press_key(app, pygame.K_RETURN)  # the events only: the window has not read the host's news yet
    assert table.seat == SPECTATOR and table.me == SPECTATOR and app.top is table
    assert "Свободных мест нет: все места заняты людьми." in [toast.message for toast in app.toasts], list(app.toasts)
    assert frames(app, lambda: OFFER not in shown_lines(app)), "the offer stands with no bot's seat left"


def test_the_window_keeps_the_key_of_the_seat_it_sat_down_in(app, room, tmp_path):
    """The seat is this window's own now: its key is kept like the key of a seat it joined, so the window closed (or
    crashed) and opened again comes back to that seat, with the hand the bot left."""
    host, core, _ = room
    endpoint = f"127.0.0.1:{host.port}"
    join = lobby_screens.JoinScene(discovery=False, token_file=tmp_path / "window-tokens.json")
    app.push(join)
    join.watch.index = [value for value, _ in join.watch.options].index("spectator")
    join.connect("127.0.0.1", host.port)
    assert frames(app, lambda: isinstance(app.top, TableScene) and app.top.view is not None)
    table = app.top
    press_key(app, pygame.K_RETURN)
    assert frames(app, lambda: table.me == 0)
    key = host.call(lambda: core.seats[0].token)
    assert join.keys.free_token(endpoint) is None, "a key this living window holds was offered to another"
    while app.top is not join:  # the table and its lobby closed: the window lets the key go
        app.pop()
    assert join.keys.free_token(endpoint) == key

    join.watch.index = [value for value, _ in join.watch.options].index("player")
    join.connect("127.0.0.1", host.port)
    assert frames(app, lambda: isinstance(app.top, TableScene) and app.top.view is not None)
    assert app.top.me == 0 and app.top.view["hand"], "the window did not come back to the seat it took"
