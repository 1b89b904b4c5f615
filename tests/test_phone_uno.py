"""A phone plays a whole UNO game against bots in a real browser, sleeps mid-game and comes back
to its seat; what its stream carried never names another seat's hidden cards."""
from __future__ import annotations

import pytest

from tests.phone_support import UNO_PREFERENCE, PhoneRoom, click, join, phone, play_until_over, shot, state, wait

pytestmark = pytest.mark.timeout(300)


@pytest.fixture(scope="module")
def uno_game():
    room = PhoneRoom("uno", bots=2, options={"match": "1"}, speed=8.0)
    driver = phone()
    record: dict = {"room": room}
    try:
        seated = join(driver, room.url, "Маша")
        record["welcome"] = seated["welcome"]
        shot(driver, "lobby")
        assert click(driver, "#start")
        first = wait(driver, lambda s: s["update"] is not None and s["update"]["view"]["hand"], what="the deal")
        record["first_hand"] = len(first["update"]["view"]["hand"])
        steps = {"n": 0}

        def sleep_once(got):
            steps["n"] += 1
            if "emotes" not in record and got["update"]["view"]["emotes"]:
                record["emotes"] = driver.execute_script(
                    "return [...document.querySelectorAll('#emotes button')].map(b => b.dataset.emote)")
                record["coughed"] = click(driver, '#emotes [data-emote="кашель"]')
                return True
            if "shot" not in record and any(a["kind"] == "play" for a in got["update"]["legal"]):
                record["shot"] = shot(driver, "uno_hand")  # a hand with its playable cards raised
            view = got["update"]["view"]
            if len(view["hand"]) == 2 and any(a["kind"] == "play" for a in got["update"]["legal"]) \
                    and not driver.execute_script("return S.unoArmed"):
                record["armed"] = record.get("armed", 0) + click(driver, "#uno")  # «УНО!» with the last but one
                return True
            if steps["n"] == 6 and "back" not in record:
                old = driver.current_window_handle
                driver.switch_to.new_window("tab")
                driver.switch_to.window(old)
                driver.close()  # the page is gone, as when a phone sleeps and the browser drops it
                driver.switch_to.window(driver.window_handles[0])
                record["away"] = room.until(lambda: room.core.seats[record["welcome"]["seat"]].away_since is not None)
                driver.get(room.url)
                back = wait(driver, lambda s: s["welcome"] is not None and s["update"] is not None, what="coming back")
                record["back"] = back
                return True
            return False

        end = play_until_over(driver, UNO_PREFERENCE, timeout=200, on_step=sleep_once)
        record["end"] = end
        record["sent"] = driver.execute_script("return S.sent")
        shot(driver, "uno_over")
        yield record
    finally:
        driver.quit()
        room.close()


def test_whole_uno_game_from_a_phone(uno_game):
    end = uno_game["end"]["update"]
    assert end["over"] and end["result"]["ranking"]
    assert uno_game["welcome"]["role"] == "player"
    assert uno_game["sent"] > 0  # the phone played: its own taps, accepted along the way


def test_the_phone_offers_the_emotes_and_a_cough_reaches_the_table(uno_game):
    """The page offers the view's emotes, «кашель» among them (the silence rules' quiet one), and a tap sends it."""
    from game.rules.uno.actions import EMOTES

    assert uno_game["emotes"] == list(EMOTES) and uno_game["coughed"]
    seat = uno_game["welcome"]["seat"]
    journal = uno_game["room"].core.session.journal.entries
    assert any(e.seat == seat and e.action == {"kind": "emote", "emote": "кашель"} for e in journal)


def test_phone_comes_back_to_its_seat(uno_game):
    back = uno_game["back"]
    assert uno_game["away"]  # the host saw the phone leave (its seat kept, not given away)
    assert back["welcome"]["role"] == "player"
    assert back["welcome"]["seat"] == uno_game["welcome"]["seat"]
    assert back["update"]["view"]["me"] == uno_game["welcome"]["seat"]


def test_no_web_stream_carries_hidden_ids(uno_game):
    room = uno_game["room"]
    assert room.web_texts > 50
    assert room.leaks == []
