"""On a small portrait phone (360×640) the buttons of the player's turn are on screen without scrolling, in
every game the page plays: the reflex clock does not wait for a thumb to find them. A real tap at a
button's place (no script click, no scroll) reaches the host, and nothing the page scrolls hides under them."""
from __future__ import annotations

import pytest

from tests.phone_support import PhoneRoom, join, phone, shot, type_into, wait

pytestmark = pytest.mark.timeout(240)

SMALL = {"width": 360, "height": 640}


@pytest.fixture(scope="module")
def small_phone():
    """One browser for every game of this file, at the smallest common portrait viewport."""
    driver = phone(SMALL["width"], SMALL["height"])
    yield driver
    driver.quit()


def seated(driver, game_id: str, **room_options) -> tuple[PhoneRoom, int]:
    room = PhoneRoom(game_id, bots=1, **room_options)
    if driver.current_url.startswith("http"):
        driver.execute_script("localStorage.clear()")  # the last game's seat key is of another room
    seat = join(driver, room.url, "Петя")["welcome"]["seat"]
    room.call(room.core.start)
    return room, seat


def turn_of(kinds: set[str]):
    """The page's update offers one of ``kinds``: the player's turn."""
    def ready(s) -> bool:
        update = s["update"]
        return bool(update) and not update["over"] and any(a["kind"] in kinds for a in update["legal"])
    return ready


def rects(driver, css: str) -> list[dict]:
    return driver.execute_script(
        "return [...document.querySelectorAll(arguments[0])].map(e => { const r = e.getBoundingClientRect();"
        " return {id: e.id || e.dataset.kind || e.textContent, left: r.left, top: r.top, right: r.right, bottom: r.bottom}; })",
        css)


def assert_on_screen(driver, selectors: list[str], game: str) -> None:
    """Every button of ``selectors`` is there (a «?» before one: if there is one) and lies wholly inside the
    viewport, the page not scrolled."""
    driver.execute_script("window.scrollTo(0, 0)")
    width, height = driver.execute_script("return [innerWidth, innerHeight]")
    assert (width, height) == (SMALL["width"], SMALL["height"])
    for css in selectors:
        found = rects(driver, css.removeprefix("?"))
        assert found or css.startswith("?"), f"{game}: no {css} on the page"
        for r in found:
            inside = r["left"] >= 0 and r["top"] >= 0 and r["right"] <= width and r["bottom"] <= height
            assert inside, f"{game}: {css} «{r['id']}» at {r} is outside the {width}×{height} viewport"


def tap(driver, css: str) -> None:
    """A finger's tap at the button's centre, where it is now: the page is not scrolled to it first, and the
    button must be what lies under the finger (no toast, no other layer over it)."""
    x, y, on_top = driver.execute_script(
        "const e = document.querySelector(arguments[0]), r = e.getBoundingClientRect();"
        "const x = r.left + r.width / 2, y = r.top + r.height / 2, under = document.elementFromPoint(x, y);"
        "return [x, y, !!under && (under === e || e.contains(under))];", css)
    assert on_top, f"{css} is covered at its centre"
    for kind, points in (("touchStart", [{"x": x, "y": y}]), ("touchEnd", [])):
        driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})


def host_saw(room: PhoneRoom, seat: int, kind: str) -> bool:
    """The host's journal holds an accepted ``kind`` from the phone's seat."""
    return room.until(lambda: any(e.seat == seat and (e.action or {}).get("kind") == kind
                                  for e in room.core.session.journal.entries), timeout=15)


def assert_nothing_hidden_under_the_dock(driver, game: str) -> None:
    """Scrolled to the end, everything the page scrolls ends above the bar of buttons (what a box scrolls
    inside itself, as the board's cells, ends where the box does)."""
    driver.execute_script("window.scrollTo(0, document.documentElement.scrollHeight)")
    lowest, dock_top = driver.execute_script(
        "const dock = document.getElementById('dock'), table = document.getElementById('table');"
        "const seen = (e) => { let bottom = e.getBoundingClientRect().bottom;"
        "  for (let p = e.parentElement; p && p !== table; p = p.parentElement)"
        "    if (getComputedStyle(p).overflowY !== 'visible') bottom = Math.min(bottom, p.getBoundingClientRect().bottom);"
        "  return bottom; };"
        "const rest = [...table.querySelectorAll('*')].filter(e => !dock.contains(e) && e.getClientRects().length);"
        "return [Math.max(...rest.map(seen)), dock.getBoundingClientRect().top];")
    assert lowest <= dock_top + 0.5, f"{game}: the page's content ends at {lowest}, under the bar at {dock_top}"
    driver.execute_script("window.scrollTo(0, 0)")


def first_there(driver, choices: list[tuple[str, str]]) -> tuple[str, str]:
    return next((css, kind) for css, kind in choices if driver.execute_script("return !!document.querySelector(arguments[0])", css))


BOARD = (["#send-place", "#take-back", "#exchange", "#actions button"], [('#actions [data-kind="pass"]', "pass")])
# each game: the moves that make it the player's turn, the buttons that must be on screen then, what is tapped
TURNS = {
    "uno": ({"play", "draw"}, ["#uno", "?#actions button"],
            [('#actions [data-kind="draw"]', "draw"), ("#hand .card.playable", "play")]),
    "erudit": ({"place", "pass", "exchange"}, *BOARD),
    "slovodel": ({"place", "pass", "exchange"}, *BOARD),
    "hardsign": ({"submit", "pass"}, ["#submit", "#erase", "#actions button"], [('#actions [data-kind="pass"]', "pass")]),
}


@pytest.mark.parametrize("game_id", list(TURNS))
def test_the_turns_buttons_are_on_a_small_phones_screen(small_phone, game_id):
    kinds, buttons, taps = TURNS[game_id]
    room, seat = seated(small_phone, game_id)
    try:
        wait(small_phone, turn_of(kinds), what=f"the phone's turn in {game_id}", timeout=60)
        shot(small_phone, f"small_{game_id}")
        assert_on_screen(small_phone, buttons, game_id)
        assert_nothing_hidden_under_the_dock(small_phone, game_id)
        tapped, action = first_there(small_phone, taps)
        tap(small_phone, tapped)
        assert host_saw(room, seat, action)
    finally:
        room.close()


def test_nowords_claim_is_on_a_small_phones_screen(small_phone):
    """The claim (a field and its button) is there on the phone's turn to lay, as soon as a bot has laid."""
    room, seat = seated(small_phone, "nowords", bot_level="novice")
    try:
        got = wait(small_phone, lambda s: turn_of({"lay"})(s) and s["update"]["view"]["can_claim"],
                   what="a claim to make", timeout=60)
        shot(small_phone, "small_nowords")
        assert_on_screen(small_phone, ["#claim-word", "#claim"], "nowords")
        assert_nothing_hidden_under_the_dock(small_phone, "nowords")
        # the conversation's own letters: a claim the rules take (whether it is a word is the table's to judge)
        type_into(small_phone, "claim-word", "".join(c["letter"] for c in got["update"]["view"]["conversation"]))
        assert_on_screen(small_phone, ["#claim"], "nowords")  # the keyboard's typing scrolled nothing away
        tap(small_phone, "#claim")
        assert host_saw(room, seat, "claim")
    finally:
        room.close()


def test_nowords_doubt_of_a_word_named_against_the_phone_is_on_a_small_phones_screen(small_phone):
    """The word, the dictionary's verdict and «Беру буквы» / «Оспорить» stand in the dock; a real tap doubts."""
    from tests.test_phone_nowords_doubt import word_named_against_the_phone

    room, me, _ = word_named_against_the_phone(small_phone)
    try:
        wait(small_phone, turn_of({"accept_word"}), what="the word named against the phone")
        shot(small_phone, "small_nowords_doubt")
        assert_on_screen(small_phone, ["#dispute", "#accept-word", "#doubt-word"], "nowords")
        assert_nothing_hidden_under_the_dock(small_phone, "nowords")
        tap(small_phone, "#doubt-word")
        assert host_saw(room, me, "call_vote")
    finally:
        room.close()


def test_bingo_words_and_bingo_are_on_a_small_phones_screen(small_phone):
    room, seat = seated(small_phone, "bingo")
    try:
        wait(small_phone, lambda s: s["update"] and s["update"]["view"]["phase"] == "words", what="the sheet to write")
        assert_on_screen(small_phone, ["#word1", "#word2", "#choose"], "bingo")
        tap(small_phone, "#choose")
        assert host_saw(room, seat, "choose_words")
        wait(small_phone, lambda s: s["update"]["view"]["phase"] != "words", what="the calling", timeout=60)
        shot(small_phone, "small_bingo")
        assert_on_screen(small_phone, ["#sheet0 .tile", "#sheet1 .tile", "#bingo"], "bingo")
        assert_nothing_hidden_under_the_dock(small_phone, "bingo")
        tap(small_phone, "#bingo")
        assert host_saw(room, seat, "call_bingo")
    finally:
        room.close()
