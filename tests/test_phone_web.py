"""The phones' WebSocket: admission by room code, the JSON mapping, and the TCP protocol's limits applying to web
peers as they are (without a browser); and a room closing under a real browser's page."""
from __future__ import annotations

import asyncio
import json
import time

import pytest

from game.net.web import jsonable
from tests.phone_support import PhoneRoom, join, wait

pytestmark = pytest.mark.timeout(60)


@pytest.fixture(scope="module")
def room():
    r = PhoneRoom("uno", bots=1, speed=1.0)
    yield r
    r.close()


def talk(room, sends, code=None, until=lambda ms: False, limit=8):
    """Open the socket (with ``code``, the room's own by default), send ``sends`` in order, and
    collect what the host says until ``until(messages)`` or the socket closes."""
    import aiohttp

    code = room.web.code if code is None else code

    async def run():
        got = []
        async with aiohttp.ClientSession() as session:
            async with session.ws_connect(f"http://127.0.0.1:{room.web.port}/ws?code={code}") as ws:
                for message in sends:
                    try:
                        await ws.send_str(message if isinstance(message, str) else json.dumps(message))
                    except ConnectionError:  # the host already closed it (a flood is cut mid-way): read its bye
                        break
                while not until(got):
                    msg = await asyncio.wait_for(ws.receive(), limit)
                    if msg.type != aiohttp.WSMsgType.TEXT:
                        break
                    got.append(json.loads(msg.data))
        return got

    return asyncio.run(run())


def hello(name="Телефон", **fields):
    return {"type": "hello", "version": 1, "name": name, **fields}


def has(kind):
    return lambda got: any(m["type"] == kind for m in got)


def first(got, kind):
    return next(m for m in got if m["type"] == kind)


def test_without_the_room_code_a_page_only_watches(room):
    got = talk(room, [hello()], code="0000" if room.web.code != "0000" else "1111", until=has("lobby"))
    assert first(got, "welcome")["role"] == "spectator"
    got = talk(room, [hello(role="tv")], code="", until=has("lobby"))
    assert first(got, "welcome")["role"] == "tv"  # a TV screen asks for nothing more than watching


def test_with_the_code_a_seat_and_its_token_bring_the_page_back_without_it():
    import aiohttp

    room = PhoneRoom("uno", bots=1, speed=1.0)

    async def seated_then_gone():
        async with aiohttp.ClientSession() as session:
            async with session.ws_connect(f"http://127.0.0.1:{room.web.port}/ws?code={room.web.code}") as ws:
                await ws.send_str(json.dumps(hello("Вера")))
                welcome = json.loads((await ws.receive()).data)
                # the game starts while the page is there: its seat is then kept when it goes
                await asyncio.get_running_loop().run_in_executor(None, room.call, room.core.start)
                return welcome

    try:
        welcome = asyncio.run(seated_then_gone())
        assert welcome["role"] == "player" and welcome["token"]
        back = talk(room, [hello("", token=welcome["token"], seat=welcome["seat"])], code="", until=has("update"))
        assert first(back, "welcome")["role"] == "player"
        assert first(back, "welcome")["seat"] == welcome["seat"]
        assert first(back, "update")["view"]["me"] == welcome["seat"]
    finally:
        room.close()


def test_broken_json_closes_with_a_russian_bye(room):
    got = talk(room, ["{not json"], until=has("bye"))
    assert first(got, "bye")["code"] == "garbage" and "повреждён" in first(got, "bye")["reason"]


def test_the_tcp_limits_hold_for_web_peers(room):
    got = talk(room, [hello(), {"type": "ping", "id": 1, "t": 1, "deep": [[[[[[[1]]]]]]]}], until=has("error"))
    assert first(got, "error")["code"] == "malformed"
    got = talk(room, [hello()] + [{"type": "ping", "id": i, "t": 0} for i in range(150)], until=has("bye"))
    assert first(got, "bye")["code"] == "rate"
    got = talk(room, ["x" * (17 * 1024)], until=has("bye"))
    assert first(got, "bye")["code"] == "too_big"


def test_zeroconf_names_the_pages_port(room):
    assert room.call(room.host._txt)["web"] == str(room.web.port)


def test_integer_keys_become_strings_and_bytes_base64():
    assert jsonable({0: 1, "a": {2: b"ok"}, "l": (1, {3: None})}) == {"0": 1, "a": {"2": "b2s="}, "l": [1, {"3": None}]}


def test_a_room_closes_at_once_and_its_page_hears_why(driver):
    """A room closed with a phone's page at the table finishes each close handshake: the page's answering close frame
    reaches the host, and the page shows the host's «Хост завершил игру.» with its socket closed. aiohttp's shutdown
    drops what a connection still receives, the page's answering close frame too, so each close used to wait until
    Chromium gave up on the server and cut the connection itself, 2 s later (the host's socket then reads 1006,
    «abnormal closure»). Judged by the handshake, not by a time: a loaded machine may take its time to finish it."""
    room = PhoneRoom("uno", bots=1, speed=1.0)
    try:
        join(driver, room.url, "Лена")
        pages = list(room.web.links)
    finally:
        started = time.monotonic()
        room.close()
        took = time.monotonic() - started
    assert pages and all(link.ws.close_code == 1000 for link in pages), (
        [link.ws.close_code for link in pages], f"closing took {took:.2f} s")
    gone = wait(driver, lambda s: s["gone"] and s["socket"] == 3, timeout=5, what="the page hearing the room close")
    assert gone["socket"] == 3  # WebSocket.CLOSED
    assert driver.execute_script("return [document.getElementById('gone-title').textContent,"
                                 " document.getElementById('gone-reason').textContent]") == [
        "Соединение закрыто", "Хост завершил игру."]


def test_the_phones_room_says_ready_of_a_woman_as_of_a_woman(driver):
    """«Маша — не готова», «Я готова», and after the tap «Маша — готова», «Я не готова»: the page said «готов» of
    everyone (the host sends each seat's ``feminine``, read from the name)."""
    from tests.phone_support import click

    room = PhoneRoom("uno", bots=1)
    try:
        join(driver, room.url, "Маша")

        def told() -> tuple[str, str]:
            return tuple(driver.execute_script(
                "return [document.querySelector('.seats').innerText, document.getElementById('ready').innerText];"))

        wait(driver, lambda s: "Маша" in told()[0], what="the seats listed")
        seats, button = told()
        assert "Маша — не готова" in seats and button == "Я готова", (seats, button)
        assert "— готов" in seats or "бот" in seats  # the bot's seat, a man's word for «Бот 1»
        assert click(driver, "#ready")
        wait(driver, lambda s: told()[1] == "Я не готова", what="ready")
        assert "Маша — готова" in told()[0]
    finally:
        room.close()
