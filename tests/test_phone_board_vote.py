"""The phone's board: a move the rules refuse keeps its tiles on the page, and «На голосование» is offered
exactly when the refusal's code says the same tiles may go to the table's vote (never by the house rules)."""
from __future__ import annotations

import pytest

from game.rules import load
from tests.phone_support import PhoneRoom, click, join, shot, state, wait

pytestmark = pytest.mark.timeout(240)


def my_turn(s) -> bool:
    return bool(s["update"]) and s["update"]["view"]["phase"] == "play" and any(
        a["kind"] not in s["update"]["reflex_kinds"] for a in s["update"]["legal"])


def opening_turn(driver, options: dict) -> tuple[PhoneRoom, dict]:
    """A room where the phone makes the first move of the game."""
    for seed in range(7, 30):
        room = PhoneRoom("erudit", bots=1, options=options, speed=8.0, seed=seed)
        driver.execute_script("localStorage.clear()") if driver.current_url.startswith("http") else None
        join(driver, room.url, "Петя")
        room.call(room.core.start)
        dealt = wait(driver, lambda s: s["update"] is not None and s["update"]["view"].get("me") is not None,
                     what="the deal")["update"]["view"]
        if dealt["turn"] == dealt["me"]:  # a seed whose bot opens is left at once, not after the bot's move
            got = wait(driver, my_turn, what="the phone's turn")
            if not any(any(row) for row in got["update"]["view"]["board"]):
                return room, got
        room.close()
    raise AssertionError("no seed let the phone open the game")


def made_up_pair(got, options: dict) -> list[dict]:
    """Two rack tiles (no blank) whose letters the dictionary does not take as a word."""
    rules = load("erudit")
    source = rules.source(options)
    rack = [t for t in got["update"]["view"]["rack"] if t["letter"] != "?"]
    return next([a, b] for a in rack for b in rack
                if a["id"] != b["id"] and not rules.verdict(source, (a["letter"] + b["letter"]).lower())[0])


@pytest.mark.parametrize("options,disputable", [({"vote": True}, True), ({}, False)])
def test_a_refused_word_keeps_its_tiles_and_goes_to_the_vote_when_the_rules_say_so(driver, options, disputable):
    room, got = opening_turn(driver, options)
    try:
        pair = made_up_pair(got, options)
        assert click(driver, '[data-cell="7,7"]')
        for tile in pair:  # the selection steps along the row after each tile
            assert click(driver, f'#rack [data-id="{tile["id"]}"]')
        assert click(driver, "#send-place")
        refused = wait(driver, lambda s: (s["error"] or {}).get("ref") == "action", what="the refusal")
        assert refused["error"]["code"] == ("word_disputable" if disputable else "word")
        assert driver.execute_script("return Object.keys(S.placed).length") == 2  # the tiles stayed
        offered = driver.execute_script("return !!document.getElementById('dispute')")
        shot(driver, "board_refused_word" + ("_vote" if disputable else ""))
        assert offered is disputable
        if disputable:
            assert click(driver, "#dispute")
            wait(driver, lambda s: s["update"]["view"]["phase"] == "vote", what="the vote")
    finally:
        room.close()
