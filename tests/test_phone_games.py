"""A round of every other game from a phone in a real browser: the page's own controls make the
moves (tap a cell then a tile, tap letters, lay a card), the host's rules accept them."""
from __future__ import annotations

import pytest

from tests.phone_support import PhoneRoom, click, join, phone, shot, state, wait

pytestmark = pytest.mark.timeout(240)


@pytest.fixture(scope="module")
def driver():
    d = phone()
    yield d
    d.quit()


def seated_game(driver, game_id: str, options: dict | None = None, speed: float = 8.0) -> tuple[PhoneRoom, dict]:
    room = PhoneRoom(game_id, bots=1, options=options, speed=speed)
    driver.execute_script("localStorage.clear()") if driver.current_url.startswith("http") else None
    join(driver, room.url, "Петя")
    assert click(driver, "#start")
    got = wait(driver, lambda s: s["update"] is not None and s["update"]["view"].get("me") is not None, what="the deal")
    driver.execute_script("window.prompt = () => 'а'")  # a blank or a joker asks which letter it stands for
    return room, got


def my_turn(s) -> bool:
    return bool(s["update"]) and any(a["kind"] not in s["update"]["reflex_kinds"] for a in s["update"]["legal"])


@pytest.mark.parametrize("game_id", ["erudit", "scrabble", "slovodel"])
def test_board_round_from_a_phone(driver, game_id):
    room, got = seated_game(driver, game_id)
    try:
        got = wait(driver, lambda s: my_turn(s) and s["update"]["view"]["phase"] == "play", what="the phone's turn")
        move = next((a for a in got["update"]["legal"] if a["kind"] == "place"), None)
        if move is None:  # Словодел lists no example moves: the phone changes two tiles instead
            bag = got["update"]["view"]["bag"]
            assert click(driver, "#exchange")
            rack = got["update"]["view"]["rack"]
            for tile in rack[:2]:
                assert click(driver, f'#rack [data-id="{tile["id"]}"]')
            shot(driver, f"{game_id}_exchange")
            assert click(driver, "#exchange")
            wait(driver, lambda s: len(s["update"]["view"]["history"]) >= 1 and s["update"]["view"]["history"][-1]["kind"] == "exchange",
                 what="the exchange")
            assert state(driver)["update"]["view"]["bag"] == bag
            return
        for row, col, tile_id, _letter in move["tiles"]:
            assert click(driver, f'[data-cell="{row},{col}"]')
            assert click(driver, f'#rack [data-id="{tile_id}"]')
        shown = driver.execute_script(
            "return new Promise(r => { const t = () => { const p = document.getElementById('preview').textContent;"
            " if (/\\d/.test(p)) r(p); else setTimeout(t, 30); }; t(); })")
        shot(driver, f"{game_id}_move")
        before = got["update"]["view"]["scores"][got["me"]]
        assert click(driver, "#send-place")
        after = wait(driver, lambda s: s["update"]["view"]["scores"][s["me"]] != before, what="the move standing")
        score = after["update"]["view"]["scores"][after["me"]] - before
        assert str(score) in shown  # the preview said what the rules then scored
        # the round closes when the bot has answered
        wait(driver, lambda s: len(s["update"]["view"]["history"]) >= 2, what="the bot's answer")
    finally:
        room.close()


def test_nowords_round_from_a_phone(driver):
    room, got = seated_game(driver, "nowords")
    try:
        laid = 0
        while laid < 3:
            got = wait(driver, lambda s: s["update"]["over"] or any(a["kind"] == "lay" for a in s["update"]["legal"])
                       or s["update"]["view"]["phase"] not in ("play",), what="a chance to lay a card", timeout=60)
            if got["update"]["over"] or got["update"]["view"]["phase"] != "play":
                break
            before = got["update"]["state_id"]
            if laid == 1:
                shot(driver, "nowords_hand")
            assert click(driver, "#hand .tile.sel") or click(driver, "#showcase .tile.sel")
            wait(driver, lambda s: s["update"]["state_id"] != before, what="the card laid")
            laid += 1
        assert laid >= 1
        driver.find_element("id", "claim-word").send_keys("кот")
        click(driver, "#claim")
        wait(driver, lambda s: s["update"]["events"] is not None, what="the claim judged")
    finally:
        room.close()


def test_hardsign_round_from_a_phone(driver):
    room, got = seated_game(driver, "hardsign", speed=2.0)
    try:
        got = wait(driver, lambda s: s["update"]["view"]["phase"] == "race" and s["update"]["view"]["status"][s["me"]] == "thinking"
                   and any(a["kind"] == "submit" for a in s["update"]["legal"]), what="a word to lay")
        submit = next(a for a in got["update"]["legal"] if a["kind"] == "submit")
        for card in submit["cards"]:
            assert click(driver, f'[data-id="{card}"]')
        shot(driver, "hardsign_word")
        assert click(driver, "#submit")
        laid = wait(driver, lambda s: s["update"]["view"]["status"][s["me"]] != "thinking", what="the word laid")
        assert laid["update"]["view"]["status"][laid["me"]] == "laid"
        wait(driver, lambda s: s["update"]["view"]["round"] > got["update"]["view"]["round"] or s["update"]["over"],
             what="the round's end", timeout=90)
    finally:
        room.close()


def test_bingo_from_a_phone(driver):
    room, got = seated_game(driver, "bingo")
    try:
        assert click(driver, "#choose")  # the suggested pair of words
        wait(driver, lambda s: s["update"]["view"]["ready"][s["me"]], what="the words written")
        got = wait(driver, lambda s: s["update"]["view"]["crossable"] or s["update"]["over"], what="a letter to cross",
                   timeout=90)
        if not got["update"]["over"]:
            cell = got["update"]["view"]["crossable"][0]
            shot(driver, "bingo")
            assert click(driver, f'#sheet{cell // 7} [data-cell="{cell}"]')
            wait(driver, lambda s: s["update"]["view"]["crossed"][cell], what="the letter crossed out")
    finally:
        room.close()


def test_phone_presses_map_to_the_hosts_clock(driver):
    """The page's pings give the host the offset it stamps reflex presses with: a moment on the
    page's performance.now(), converted, is that moment on the host's clock (within the round trip)."""
    room = PhoneRoom("uno", bots=1, speed=1.0)
    try:
        driver.execute_script("localStorage.clear()") if driver.current_url.startswith("http") else None
        join(driver, room.url, "Часы")
        seat = wait(driver, lambda s: s["welcome"] is not None)["welcome"]["seat"]
        assert room.until(lambda: room.core.seats[seat].peer.offset is not None)
        for _ in range(3):
            before = room.call(room.core.now)
            page_ms = driver.execute_script("return performance.now()")
            after = room.call(room.core.now)
            peer = room.call(lambda: room.core.seats[seat].peer)
            host_ms = room.core.press_time(peer, page_ms, -1, after)
            assert before - 20 <= page_ms + peer.offset <= after + 20
            assert host_ms <= after
    finally:
        room.close()
