"""A round of every other game from a phone in a real browser: the page's own controls make the
moves (tap a cell then a tile, tap letters, lay a card), the host's rules accept them."""
from __future__ import annotations

import json
import time

import pytest

from game.rules.hardsign import read_row
from tests.phone_support import PhoneRoom, click, join, shot, state, type_into, wait

pytestmark = pytest.mark.timeout(240)


def seated_game(driver, game_id: str, options: dict | None = None, speed: float = 8.0, bot_level: str = "player",
                bots: int = 1, host_starts: bool = False, seed: int = 7) -> tuple[PhoneRoom, dict]:
    """The phone seated with ``bots``; the page's «Начать игру» starts (its free seats go to more bots),
    or the host does with the table as it is (``host_starts``: the board bots think on the CI's cores)."""
    room = PhoneRoom(game_id, bots=bots, options=options, speed=speed, bot_level=bot_level, seed=seed)
    driver.execute_script("localStorage.clear()") if driver.current_url.startswith("http") else None
    join(driver, room.url, "Петя")
    if host_starts:
        room.call(room.core.start)
    else:
        assert click(driver, "#start")
    got = wait(driver, lambda s: s["update"] is not None and s["update"]["view"].get("me") is not None, what="the deal")
    return room, got


def lay_tile(driver, tile_id: str, letter: str) -> None:
    """Tap a rack tile; a blank then asks on the page which letter it stands for."""
    assert click(driver, f'#rack [data-id="{tile_id}"]')
    if driver.execute_script("return !!document.getElementById('chooser')"):
        shot(driver, "blank_chooser")
        assert click(driver, f'#chooser [data-letter="{letter}"]')


def a_place(got) -> list | None:
    """The move the phone makes: the rules' own example, else what the board bots' move generator
    finds on the page's view (Словодел's list carries no examples)."""
    move = next((a for a in got["update"]["legal"] if a["kind"] == "place"), None)
    if move is not None:
        return move["tiles"]
    from game.bots.erudit import BoardBot
    from game.rules.base import Rng

    view = got["update"]["view"]
    bot = BoardBot(view["game"], "player", got["me"], Rng(1))
    moves = bot.moves(view)
    return [list(t) for t in bot.to_place(view, moves[0]).tiles] if moves else None


def my_turn(s) -> bool:
    return bool(s["update"]) and any(a["kind"] not in s["update"]["reflex_kinds"] for a in s["update"]["legal"])


def exchange_two(driver, got) -> None:
    """A rack with no word in it: the phone changes two tiles with the page's «Обмен»."""
    assert click(driver, "#exchange")
    for tile in got["update"]["view"]["rack"][:2]:
        assert click(driver, f'#rack [data-id="{tile["id"]}"]')
    shot(driver, f"{got['update']['view']['game']}_exchange")
    assert click(driver, "#exchange")


@pytest.mark.parametrize("game_id", ["erudit", "scrabble", "slovodel"])
def test_board_round_from_a_phone(driver, game_id):
    """The phone lays a word with taps (a blank asks its letter on the page), the preview shows what the
    rules then score, and the round goes on until the turn is the phone's again."""
    room, got = seated_game(driver, game_id, host_starts=True)
    try:
        for _turn in range(3):
            got = wait(driver, lambda s: my_turn(s) and s["update"]["view"]["phase"] == "play", what="the phone's turn")
            tiles = a_place(got)
            if tiles:
                break
            moves = len(got["update"]["view"]["history"])
            exchange_two(driver, got)
            wait(driver, lambda s: len(s["update"]["view"]["history"]) > moves, what="the exchange")
        assert tiles, "three racks without a word"
        for row, col, tile_id, letter in tiles:
            assert click(driver, f'[data-cell="{row},{col}"]')
            lay_tile(driver, tile_id, letter)
        shown = driver.execute_script(
            "return new Promise(r => { const t = () => { const p = document.getElementById('preview').textContent;"
            " if (/\\d/.test(p)) r(p); else setTimeout(t, 30); }; t(); })")
        shot(driver, f"{game_id}_move")
        before = got["update"]["view"]["scores"][got["me"]]
        moves = len(got["update"]["view"]["history"])
        assert click(driver, "#send-place")
        after = wait(driver, lambda s: s["update"]["view"]["scores"][s["me"]] != before, what="the move standing")
        score = after["update"]["view"]["scores"][after["me"]] - before
        assert str(score) in shown  # the preview said what the rules then scored
        # the round closes when every other seat has answered and the turn is the phone's again
        back = wait(driver, lambda s: my_turn(s) and s["update"]["view"]["phase"] == "play"
                    and len(s["update"]["view"]["history"]) > moves + 1 or s["update"]["over"], what="the round's end")
        assert back["update"]["over"] or back["update"]["view"]["turn"] == back["me"]
    finally:
        room.close()


def touch(driver, kind: str, *points) -> None:
    """A touch event as a finger makes it (Chromium's input pipeline, not a script's synthetic event)."""
    driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": kind, "touchPoints": [{"x": x, "y": y} for x, y in points]})


def centre(driver, css: str) -> tuple[float, float]:
    return tuple(driver.execute_script(
        "const r = document.querySelector(arguments[0]).getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2];", css))


def swipe(driver, start: list[tuple[float, float]], end: list[tuple[float, float]], steps: int = 8) -> None:
    touch(driver, "touchStart", *start)
    for k in range(1, steps + 1):
        touch(driver, "touchMove", *[(a[0] + (b[0] - a[0]) * k / steps, a[1] + (b[1] - a[1]) * k / steps)
                                     for a, b in zip(start, end)])
    touch(driver, "touchEnd")


def test_board_by_touch_pinch_pan_drag_and_a_blank(driver):
    """Two fingers zoom the board about the point between them, one finger pans it (and a redraw keeps
    the pan), a tile dragged from the rack lands on the cell under the finger, and a blank asks its
    letter on the page (no browser dialog)."""
    room, got = seated_game(driver, "erudit", host_starts=True, seed=17)  # the phone opens, a blank on its rack
    try:
        got = wait(driver, lambda s: my_turn(s) and s["update"]["view"]["phase"] == "play", what="the phone's turn")
        cell_px = lambda: driver.execute_script(  # noqa: E731
            "return document.querySelector('[data-cell=\"0,0\"]').getBoundingClientRect().width")
        small = cell_px()
        x, y = centre(driver, "#boardwrap")
        swipe(driver, [(x - 30, y), (x + 30, y)], [(x - 100, y), (x + 100, y)])
        assert cell_px() > small * 1.8  # fingers spread to about 3.3× apart: the board grew with them
        wrap = "document.getElementById('boardwrap')"
        left = driver.execute_script(f"return {wrap}.scrollLeft")
        swipe(driver, [(x + 100, y)], [(x - 60, y)])
        panned = driver.execute_async_script(  # a swipe may glide on after the finger lifts: read where it rests
            f"const done = arguments[0], w = {wrap}; let last = -1;"
            "const look = () => { if (w.scrollLeft === last) done(last); else { last = w.scrollLeft; setTimeout(look, 150); } }; look();")
        assert panned > left + 60
        driver.execute_script("drawTable()")
        assert abs(driver.execute_script(f"return {wrap}.scrollLeft") - panned) <= 1
        blank = next(t for t in got["update"]["view"]["rack"] if t["letter"] == "?")
        other = next(t for t in got["update"]["view"]["rack"] if t["letter"] != "?")
        for tile, cell in ((blank, "7,7"), (other, "7,8")):
            driver.execute_script("document.querySelector(`[data-cell=\"${arguments[0]}\"]`)"
                                  ".scrollIntoView({block: 'center', inline: 'center'})", cell)
            cx, cy = centre(driver, f'[data-cell="{cell}"]')
            # the tile rides above the finger so the finger does not hide it: the cell under the tile takes it
            swipe(driver, [centre(driver, f'#rack [data-id="{tile["id"]}"]')], [(cx, cy + 36)], steps=10)
            if tile is blank:
                assert driver.execute_script("return !!document.getElementById('chooser')")
                shot(driver, "blank_chooser")
                assert click(driver, '#chooser [data-letter="а"]')
        placed = driver.execute_script("return S.placed")
        assert placed["7,7"] == {"id": blank["id"], "letter": "а", "blank": True}
        assert placed["7,8"]["id"] == other["id"]
        assert driver.execute_script("return document.querySelector('[data-cell=\"7,7\"]').textContent") == "А"
        shot(driver, "board_dragged")
    finally:
        room.close()


def test_what_a_phone_types_outlives_the_tables_updates(driver):
    """Every update redraws the phone's table: a half-typed claim keeps its letters and the keyboard's focus."""
    room, got = seated_game(driver, "nowords", speed=4.0, bot_level="novice", bots=3)
    try:
        type_into(driver, "claim-word", "кот")
        before = json.dumps(got["update"]["view"])
        wait(driver, lambda s: json.dumps(s["update"]["view"]) != before, what="the next update", timeout=60)
        kept = driver.execute_script(
            "const f = document.getElementById('claim-word'); return [f.value, document.activeElement === f];")
        assert kept == ["кот", True]
    finally:
        room.close()


def test_nowords_round_from_a_phone(driver):
    """The phone lays its letters, names a word it sees with the page's keyboard field, chooses or
    votes when the table asks, until it has taken a word itself and the next conversation is under way."""
    from collections import Counter

    from game.bots.nowords import known_word

    room, got = seated_game(driver, "nowords", speed=4.0, bot_level="novice", bots=3)  # slow bots leave the phone words to name
    try:
        laid = claims = 0
        deadline = time.monotonic() + 150
        while True:
            got = wait(driver, lambda s: s["update"]["legal"] or s["update"]["over"], what="something to do", timeout=60)
            view, kinds = got["update"]["view"], {a["kind"] for a in got["update"]["legal"]}
            taken = bool(view["last_claim"]) and view["last_claim"]["claimer"] == view["me"]
            if got["update"]["over"] or (taken and view["phase"] == "play" and laid and "lay" in kinds):
                break
            assert time.monotonic() < deadline, f"no round ended; last view: {view}"
            word = known_word(Counter(c["letter"] for c in view["conversation"]), view["options"], common_only=False)
            if (view["can_claim"] or "claim" in kinds) and word and claims < 3:
                type_into(driver, "claim-word", word)
                if claims == 0:
                    shot(driver, "nowords_claim")
                claims += click(driver, "#claim")
            elif not (click(driver, "#accept-word") or click(driver, '#actions [data-kind="drop_claim"]')
                      or click(driver, '#actions [data-kind="vote"]')
                      or click(driver, '#actions [data-kind="choose_next"]')):
                if "lay" not in kinds:
                    driver.execute_async_script("setTimeout(arguments[arguments.length - 1], 100)")  # a race runs
                    continue
                if laid == 1:
                    shot(driver, "nowords_hand")
                assert click(driver, "#hand .tile.sel") or click(driver, "#showcase .tile.sel")
                laid += 1
            try:
                wait(driver, lambda s: s["update"]["state_id"] != got["update"]["state_id"], timeout=3, what="the answer")
            except AssertionError:
                pass
        assert laid >= 1 and claims >= 1 and (taken or got["update"]["over"])
    finally:
        room.close()


def test_hardsign_round_from_a_phone(driver):
    room, got = seated_game(driver, "hardsign", speed=2.0)
    try:
        got = wait(driver, lambda s: s["update"]["view"]["phase"] == "race" and s["update"]["view"]["status"][s["me"]] == "thinking"
                   and any(a["kind"] == "submit" for a in s["update"]["legal"]), what="a word to lay")
        submit = next(a for a in got["update"]["legal"] if a["kind"] == "submit")
        view = got["update"]["view"]
        faces = {c["id"]: c["face"] for c in view["hand"] + view["table"]}
        spans = read_row([faces[card] for card in submit["cards"]], submit["word"])  # what each card reads
        at = 0
        for card, span in zip(submit["cards"], spans):
            assert click(driver, f'[data-id="{card}"]')
            if driver.execute_script("return !!document.getElementById('readings')"):  # a joker, З, Е: which reading
                assert click(driver, f'#readings [data-reading="{submit["word"][at:at + span]}"]')
            at += span
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
