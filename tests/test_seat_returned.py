"""A key that came too late: a newcomer took a lobby bot's seat and did not connect within the host's wait, so the
seat went back to its bot. Their key is then refused with its own reason (``bye`` ``seat_returned``), a Russian
sentence saying what happened and, while a bot's seat is free, that they may sit down again; the phone page shows it
and offers the seat again. The host's clock starts far from zero and is driven in virtual time."""
from __future__ import annotations

import pytest

from game.net import protocol as P
from game.net.host import NEWCOMER_WAIT_MS, HostCore
from net_support import TcpLine, VirtualClock, Wire

START_MS = 10**9
RETURNED_AGAIN = "Место снова занял бот: вы не подключились за минуту. Можно сесть снова."
RETURNED_TAKEN = "Место снова занял бот: вы не подключились за минуту. Теперь за ним играет другой человек."


def _run_until(core: HostCore, clock: VirtualClock, until_ms: int) -> None:
    """The host's loop: it wakes when it says it must (never later than ``until_ms``), as ``LanHost`` does."""
    while clock.ms < until_ms:
        wake = core.next_wakeup()
        clock.ms = until_ms if wake is None else min(max(wake, clock.ms + 1), until_ms)
        core.advance(clock.ms)


def _take(core: HostCore, name: str) -> str:
    watcher = Wire(core)
    watcher.hello(name, role="spectator")
    watcher.send({"type": "take_bot_seat"})
    return watcher.last("seat_key")["token"]


def test_a_key_late_past_the_wait_is_told_the_bot_has_the_seat_again_and_may_sit_again():
    clock = VirtualClock(START_MS)
    core = HostCore("uno", "Комната", clock=clock, bots=1, seed=7)
    Wire(core).hello("Аня")
    core.start()
    key = _take(core, "Лена")
    _run_until(core, clock, clock.ms + NEWCOMER_WAIT_MS)
    assert core.seats[0].is_bot

    late = Wire(core)
    late.hello("Лена", token=key, seat=0)
    bye = late.last("bye")
    assert (bye["code"], bye["reason"]) == ("seat_returned", RETURNED_AGAIN)
    assert not late.of_type("welcome")

    # the same phone comes in as a watcher and sits down again; the seat is theirs once the new key comes
    again = Wire(core)
    again.hello("Лена", role="spectator")
    again.send({"type": "take_bot_seat"})
    second_key = again.last("seat_key")["token"]
    assert Wire(core).hello("Лена", token=second_key)["seat"] == 0

    # the first key stays told apart from a stranger's, now saying the seat is someone's
    later = Wire(core)
    later.hello("Лена", token=key)
    assert (later.last("bye")["code"], later.last("bye")["reason"]) == ("seat_returned", RETURNED_TAKEN)
    stranger = Wire(core)
    stranger.hello("Гоша", token="not-a-key-of-this-room")
    assert stranger.last("bye")["code"] == "token"


def test_a_phone_whose_key_came_late_reads_why_and_sits_down_again():
    from tests.phone_support import PhoneRoom, click, join, phone, shot, wait

    room = PhoneRoom("uno", bots=1, speed=4.0)
    anya = TcpLine(room.host.port)
    driver = None
    try:
        anya.send({"type": "hello", "version": P.PROTOCOL_VERSION, "name": "Аня"})
        anya.until(lambda m: m.get("type") == "welcome", 10)
        room.call(room.core.start)
        anya.close()
        # host time: half a second at this speed
        room.call(lambda: setattr(room.core.takeover, "newcomer_wait_ms", 2_000))

        driver = phone()
        join(driver, room.url, "Лена")
        wait(driver, lambda s: s["update"] is not None and s["welcome"]["role"] == "spectator", what="Лена watches")
        # a slow phone: the key arrives and is kept, but the page's next connection is held back
        driver.execute_script("window.heldConnect = connect; connect = (hello) => { window.heldHello = hello; };")
        assert click(driver, "#take-seat")
        wait(driver, lambda s: driver.execute_script("return !!window.heldHello"), what="the seat's key")
        assert room.until(lambda: room.core.seats[0].is_bot, timeout=20), "the seat did not go back to its bot"

        driver.execute_script("connect = window.heldConnect; connect(window.heldHello);")
        got = wait(driver, lambda s: s["welcome"] is not None and s["welcome"]["role"] == "spectator"
                   and s["update"] is not None and driver.execute_script(
                       "return !!document.getElementById('seat-returned')"), timeout=15, what="the late key's reason")
        assert driver.execute_script("return document.getElementById('seat-returned').textContent") \
            == RETURNED_AGAIN.replace("за минуту", "за 2 с")  # the room's own wait
        assert driver.execute_script("return localStorage.getItem(KEY)") is None, "the dead key was kept"
        shot(driver, "seat_returned")

        room.call(lambda: setattr(room.core.takeover, "newcomer_wait_ms", NEWCOMER_WAIT_MS))
        assert click(driver, "#take-seat")
        wait(driver, lambda s: s["me"] == 0 and s["welcome"]["role"] == "player" and s["update"] is not None
             and s["lobby"]["seats"][0]["name"] == "Лена", what="Лена sits down again")
        assert not driver.execute_script("return !!document.getElementById('seat-returned')")
    finally:
        if driver is not None:
            driver.quit()
        room.close()
