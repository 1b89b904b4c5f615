"""A latecomer sits down in a bot's seat: a spectator (a phone that scanned the TV's card, a laptop that watches)
asks the host for the first seat a bot plays for nobody, gets its key and plays on from where the bot stood. A
person's seat a bot covers while they are away is never given away."""
from __future__ import annotations

import pytest

from game.net import protocol as P
from tests.net_support import TcpLine, VirtualClock, Wire

pytestmark = pytest.mark.timeout(180)

TAKEOVER_MS = 2_000


def away_covered_room(clock: VirtualClock):
    """UNO: seat 0 a bot's from the lobby, seats 1 and 2 people who left after the start, a bot covering each."""
    from game.net.host import HostCore

    core = HostCore("uno", "Комната", clock=clock, bots=1, seed=7, takeover_ms=TAKEOVER_MS)
    people = [Wire(core), Wire(core)]
    for name, wire in zip(["Аня", "Боря"], people):
        wire.hello(name)
    core.start()
    for wire in people:
        wire.drop()
    clock.ms += TAKEOVER_MS
    core.advance(clock.ms)
    assert [(s.is_bot, s.substituted) for s in core.seats] == [(True, False), (False, True), (False, True)]
    return core, people


def test_a_watching_laptop_takes_the_bots_seat_and_never_an_away_persons():
    clock = VirtualClock()
    core, people = away_covered_room(clock)
    laptop = Wire(core)
    assert laptop.hello("Лена", role="spectator")["role"] == "spectator"
    hand_before = core.rules.view(core.session.state, 0)["hand"]

    laptop.send({"type": "take_bot_seat"})
    key = laptop.last("seat_key")
    assert key["seat"] == 0
    lobby = laptop.last("lobby")["seats"]
    assert (lobby[0]["name"], lobby[0]["bot"]) == ("Лена", None)  # the seat is the person's, under their name

    seated = Wire(core)
    welcome = seated.hello("Лена", token=key["token"], seat=0)
    assert (welcome["role"], welcome["seat"]) == ("player", 0)
    assert seated.last("update")["view"]["hand"] == hand_before  # the bot's hand, as it stood

    latecomer = Wire(core)
    latecomer.hello("Гоша", role="spectator")
    latecomer.send({"type": "take_bot_seat"})
    refusal = latecomer.last("error")
    assert (refusal["code"], refusal["ref"]) == ("full", "take_bot_seat")
    assert "заняты людьми" in refusal["reason"]
    assert not latecomer.of_type("seat_key")
    assert [(s.is_bot, s.substituted) for s in core.seats[1:]] == [(False, True), (False, True)]

    screen = Wire(core)
    screen.hello("Экран", role="tv")
    screen.send({"type": "take_bot_seat"})
    assert screen.last("error")["code"] == "spectator"  # a shared screen shows the table, nobody sits at it

    back = Wire(core)
    assert back.hello("Боря", token=people[1].messages[0]["token"])["seat"] == 2  # the away seat stayed Боря's


def test_a_phone_spectator_sits_down_in_the_bots_seat_plays_and_comes_back_after_a_reload():
    from tests.phone_support import PhoneRoom, click, join, phone, shot, wait
    from tests.test_phone_web import talk

    room = PhoneRoom("uno", bots=1, speed=4.0, takeover_ms=TAKEOVER_MS)
    people = [TcpLine(room.host.port), TcpLine(room.host.port)]
    driver = None
    try:
        for name, line in zip(["Аня", "Боря"], people):
            line.send({"type": "hello", "version": P.PROTOCOL_VERSION, "name": name})
            line.until(lambda m: m.get("type") == "welcome", 10)
        room.call(room.core.start)
        for line in people:
            line.close()
        assert room.until(lambda: [(s.is_bot, s.substituted) for s in room.core.seats]
                          == [(True, False), (False, True), (False, True)]), "the people's seats were not covered"

        driver = phone()
        tabs = {"Лена": driver.current_window_handle}
        join(driver, room.url, "Лена")
        # the second latecomer's tab is another origin (localhost), so the two pages keep separate seat keys
        driver.switch_to.new_window("tab")
        tabs["Гоша"] = driver.current_window_handle
        join(driver, room.url.replace("127.0.0.1", "localhost"), "Гоша")
        for name, tab in tabs.items():
            driver.switch_to.window(tab)
            got = wait(driver, lambda s: s["update"] is not None and s["welcome"]["role"] == "spectator",
                       what=f"{name} watches")
            assert driver.execute_script("return !!document.getElementById('take-seat')"), f"{name} is not offered the seat"

        driver.switch_to.window(tabs["Лена"])
        shot(driver, "take_bot_seat_offer")
        assert click(driver, "#take-seat")
        got = wait(driver, lambda s: s["me"] == 0 and s["welcome"]["role"] == "player" and s["update"] is not None
                   and s["update"]["view"]["hand"], what="Лена sits in the bot's seat")
        assert got["lobby"]["seats"][0]["name"] == "Лена" and got["lobby"]["seats"][0]["bot"] is None
        assert not driver.execute_script("return !!document.getElementById('take-seat')")
        assert room.until(lambda: room.core.seats[0].peer is not None and not room.core.seats[0].substituted
                          and 0 not in room.core.session.bots), "the seat did not pass to the phone"
        recorded = room.call(lambda: len(room.core.session.journal.entries))

        driver.switch_to.window(tabs["Гоша"])
        got = wait(driver, lambda s: s["lobby"]["seats"][0]["bot"] is None, what="Гоша sees the seat taken")
        assert "Лена" in driver.execute_script("return document.getElementById('toast').textContent")
        assert not driver.execute_script("return !!document.getElementById('take-seat')")
        assert "заняты людьми" in driver.execute_script("return document.getElementById('seat-offer').textContent")
        # the page's own socket asks as its button did (the button is gone): the host's refusal is shown in Russian
        shot(driver, "take_bot_seat_none_left")
        driver.execute_script("send({type: 'take_bot_seat'})")
        got = wait(driver, lambda s: (s["error"] or {}).get("ref") == "take_bot_seat", what="the refusal")
        assert "заняты людьми" in got["error"]["reason"]
        assert got["error"]["reason"] in driver.execute_script("return document.getElementById('toast').textContent")
        assert got["welcome"]["role"] == "spectator"
        assert room.call(lambda: [(s.is_bot, s.substituted, s.name) for s in room.core.seats[1:]]) \
            == [(False, True, "Аня"), (False, True, "Боря")]  # the away people's seats were not given away

        driver.switch_to.window(tabs["Лена"])
        wait(driver, lambda s: 0 in s["update"]["to_act"] and any(a["kind"] in ("play", "draw") for a in s["update"]["legal"]),
             timeout=60, what="Лена's turn")
        assert click(driver, "#hand .card.playable") or click(driver, '#actions [data-kind="draw"]')
        assert room.until(lambda: any(e.seat == 0 and e.action and e.action["kind"] in ("play", "draw")
                                      for e in room.core.session.journal.entries[recorded:])), "the move was not recorded"

        driver.refresh()
        got = wait(driver, lambda s: s["me"] == 0 and s["welcome"] is not None and s["welcome"]["role"] == "player"
                   and s["update"] is not None and s["update"]["view"]["hand"], what="Лена back after a reload")
        assert got["lobby"]["seats"][0]["name"] == "Лена"
        shot(driver, "take_bot_seat_seated")

        # a page without the room code watches, and may not sit down either: the code is the proof of the room
        codeless = talk(room, [{"type": "hello", "version": 1, "name": "Чужой"}, {"type": "take_bot_seat"}], code="",
                        until=lambda got: any(m["type"] == "error" for m in got))
        assert "код" in next(m for m in codeless if m["type"] == "error")["reason"]
    finally:
        if driver is not None:
            driver.quit()
        room.close()
