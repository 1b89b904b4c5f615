"""«Часы» on the phone's board: the page shows the player's own clock and the one that runs, counting that one down
on the host's time, in red under 30 s; its «Пауза» stops the table at the host and «Продолжить» goes on."""
from __future__ import annotations

import re

import pytest

from tests.phone_support import PhoneRoom, click, join, shot, wait

pytestmark = pytest.mark.timeout(120)

FACE = r"-?\d+:\d\d"


def clock_line(driver) -> str:
    return driver.execute_script("const el = document.getElementById('clock'); return el ? el.textContent : null") or ""


def own_seconds(line: str) -> int:
    minutes, seconds = re.match(rf"Часы: вы ({FACE})", line).group(1).split(":")
    return int(minutes) * 60 + int(seconds)


def test_the_phone_shows_its_clock_and_the_running_one_and_pauses_the_table(driver):
    room = PhoneRoom("erudit", bots=1, options={"clock": "game10"}, speed=1.0)
    try:
        if driver.current_url.startswith("http"):
            driver.execute_script("localStorage.clear()")
        join(driver, room.url, "Петя")
        room.call(room.core.start)
        got = wait(driver, lambda s: s["update"]["view"]["clock"]["runs"] is not None, what="the deal")
        view = got["update"]["view"]
        me, runs = view["me"], view["clock"]["runs"]
        bot_name = next(s["name"] for s in got["lobby"]["seats"] if s["name"] != "Петя")
        line = clock_line(driver)
        if runs == me:  # its own clock is the one that runs: one face, marked
            assert re.fullmatch(rf"Часы: вы {FACE} ▸", line), line
        else:
            assert re.fullmatch(rf"Часы: вы 10:00 · {bot_name} {FACE} ▸", line), line
        mine = wait(driver, lambda s: s["update"]["view"]["clock"]["runs"] == me, what="the phone's turn")
        first = clock_line(driver)
        wait(driver, lambda s: clock_line(driver) != first, what="its clock counting down")
        assert re.fullmatch(rf"Часы: вы 9:5\d ▸", clock_line(driver)), clock_line(driver)
        assert mine["update"]["view"]["clock"]["left_ms"][me] <= 10 * 60_000

        assert click(driver, '[data-kind="pause"]')
        assert room.until(lambda: room.core.session.state.phase == "paused")
        paused = wait(driver, lambda s: s["update"]["view"]["phase"] == "paused", what="the pause")
        assert paused["update"]["view"]["clock"]["paused_by"] == me
        assert "Пауза: часы стоят" in driver.find_element("id", "table").text  # the clock's look: its hold
        assert "снимет" not in driver.find_element("id", "table").text  # the one who goes on is this phone
        frozen = clock_line(driver)
        shot(driver, "board_clock_paused")
        assert click(driver, '[data-kind="resume"]')
        assert room.until(lambda: room.core.session.state.phase == "play")
        wait(driver, lambda s: s["update"]["view"]["phase"] == "play", what="play again")
        assert 0 <= own_seconds(frozen) - own_seconds(clock_line(driver)) <= 2  # the pause cost it nothing

        # under 30 s the face turns red: the host's clock is moved on while the phone thinks
        room.call(lambda: room.core.session.state.clock_left.__setitem__(me, 20_000))
        room.call(lambda: room.core.session._broadcast([]))
        wait(driver, lambda s: s["update"]["view"]["clock"]["left_ms"][me] == 20_000, what="20 s left")
        assert driver.execute_script(
            f"return document.querySelector('#clock span[data-seat=\"{me}\"]').className") == "low"
        shot(driver, "board_clock_low")
    finally:
        room.close()
