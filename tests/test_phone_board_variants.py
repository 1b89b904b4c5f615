"""The phone's board plays the house variants the laptop table does: «Подсказка», the reclaimed blank
(«Повторные пустышки»), the draw choice of «Двойной мешочек» and the removals of «Скрэббл наоборот». Each test
arranges the position on the host (the rules' own state, then a fresh view for every seat) and plays it with
the page's own controls; the rules judge what the page sends."""
from __future__ import annotations

import pytest

from game.rules.board.layout import BLANK, CENTRE, VOWELS
from tests.phone_support import PhoneRoom, click, join, shot, wait

pytestmark = pytest.mark.timeout(120)


def in_vowel_bag(face: str) -> bool:
    return face in VOWELS or face == BLANK


def staged_room(driver, options: dict, arrange) -> tuple[PhoneRoom, dict]:
    """The phone seated against a bot in Эрудит; once dealt, ``arrange(state, seat)`` sets the position up on
    the host's thread, the bot's plan is made again from it, and every seat is sent the new view."""
    room = PhoneRoom("erudit", bots=1, options=options, speed=8.0)
    if driver.current_url.startswith("http"):
        driver.execute_script("localStorage.clear()")
    join(driver, room.url, "Петя")

    def go() -> int:
        core = room.core
        core.start()
        seat = next(i for i, s in enumerate(core.seats) if not s.is_bot)
        session = core.session
        arrange(session.state, seat)
        session._replan(session.now_ms)
        session._broadcast([])
        return seat

    seat = room.call(go)
    got = wait(driver, lambda s: s["update"] is not None and s["update"]["view"]["turn"] == seat
               and s["update"]["legal"], what="the arranged position")
    return room, got


def take(state, face: str) -> int:
    """A tile of ``face`` out of whichever bag holds it (the double bag keeps the vowels apart)."""
    for bag in (state.bag, getattr(state, "bag_vowels", None) or bytearray()):
        for t in bag:
            if state.faces[t] == face:
                bag.remove(t)
                return t
    raise AssertionError(f"no «{face}» left in the bags")


def give_back_rack(state, seat: int) -> None:
    vowel_bag = getattr(state, "bag_vowels", None)
    for t in list(state.racks[seat]):
        state.racks[seat].remove(t)
        (vowel_bag if vowel_bag is not None and in_vowel_bag(state.faces[t]) else state.bag).append(t)


def cat_across_the_centre(state, blank_as: str | None = None) -> None:
    """«КОТ» across the centre; with ``blank_as`` its «О» is a blank standing for that letter."""
    tiles = (take(state, "к"), take(state, BLANK) if blank_as else take(state, "о"), take(state, "т"))
    for offset, tile in enumerate(tiles):
        state.cells[CENTRE - 1 + offset] = tile
    if blank_as:
        state.blank_as[tiles[1]] = blank_as


def wait_for_preview(driver, word: str) -> dict:
    """The host's answer to the page's last preview question, once it names ``word``."""
    wait(driver, lambda s: word in (driver.execute_script("return S.preview") or {}).get("words", []),
         what=f"the preview of «{word}»")
    return driver.execute_script("return S.preview")


def test_hint_lays_the_rules_best_move_on_the_page_and_counts_it(driver):
    def arrange(state, seat):
        state.turn = seat

    room, got = staged_room(driver, {"hints": True}, arrange)
    try:
        me = got["me"]
        assert got["update"]["view"]["hints_used"][me] == 0
        assert click(driver, '[data-kind="hint"]'), "no «Подсказка» button on the phone"
        hinted = wait(driver, lambda s: s["update"]["view"]["hints_used"][me] == 1, what="the hint")
        move = next(e["move"] for e in hinted["update"]["events"] if e["kind"] == "hint_given")
        assert move, "the rules found no opening move for this rack"
        placed = driver.execute_script("return S.placed")
        assert sorted(placed) == sorted(f"{r},{c}" for r, c, _letter, _blank in move["tiles"])
        assert move["word"] in driver.execute_script("return document.getElementById('hint-note').textContent")
        driver.execute_script("document.querySelector('[data-kind=\"hint\"]').scrollIntoView({block: 'end'})")
        shot(driver, "board_hint")
        assert click(driver, "#send-place")
        played = wait(driver, lambda s: s["update"]["view"]["turn"] != me, what="the hinted move played")
        board = played["update"]["view"]["board"]
        assert all(board[r][c] for r, c, _letter, _blank in move["tiles"])
    finally:
        room.close()


def test_a_board_blank_is_reclaimed_and_the_new_tiles_come_from_the_chosen_bag(driver):
    """The blank «О» of «КОТ» is given back for the rack's real «О» and laid again as «С» of «СОМ» down
    through it; «Добор: гласные» draws both new tiles from the vowel bag. The rest of the rack is vowels, so
    the table's own mix would have drawn consonants."""
    def arrange(state, seat):
        state.turn = seat
        give_back_rack(state, seat)
        cat_across_the_centre(state, blank_as="о")
        state.racks[seat].extend(take(state, f) for f in ("о", "м", "а", "е", "и", "у", "я"))

    room, got = staged_room(driver, {"blank_reuse": True, "double_bag": True}, arrange)
    try:
        me, view = got["me"], got["update"]["view"]
        assert view["blank_swaps"] == [[7, 7]]
        rack = {t["letter"]: t["id"] for t in view["rack"]}
        assert click(driver, '[data-cell="7,7"]')
        shot(driver, "board_blank_offered")
        assert click(driver, f'#rack [data-id="{rack["О"]}"]')
        blank = view["board"][7][7]["id"]
        assert driver.execute_script("return !!document.querySelector(arguments[0])", f'#rack [data-id="{blank}"]'), \
            "the reclaimed blank is not on the phone's rack"
        assert click(driver, '[data-cell="6,7"]')
        assert click(driver, f'#rack [data-id="{blank}"]')
        assert click(driver, '#chooser [data-letter="с"]')
        assert click(driver, '[data-cell="8,7"]')
        assert click(driver, f'#rack [data-id="{rack["М"]}"]')
        assert click(driver, "#draw-from")
        assert "гласные" in driver.execute_script("return document.getElementById('draw-from').textContent")
        shot(driver, "board_blank_swap_double_bag")
        preview = wait_for_preview(driver, "СОМ")
        assert click(driver, "#send-place")
        played = wait(driver, lambda s: s["update"]["view"]["turn"] != me or s.get("error"), what="the move")
        assert not played.get("error"), played.get("error")
        board = played["update"]["view"]["board"]
        assert board[7][7]["id"] == rack["О"] and not board[7][7]["blank"]
        assert board[6][7]["id"] == blank and board[6][7]["letter"] == "С"
        assert played["update"]["view"]["scores"][me] == preview["score"]  # the real «О» counts in the preview too
        new = [t for t in played["update"]["view"]["rack"] if t["id"] not in set(rack.values())]
        assert len(new) == 2 and all(in_vowel_bag(t["letter"].lower()) for t in new), new
    finally:
        room.close()


def test_reverse_scrabble_takes_the_picked_tiles_of_one_word_off(driver):
    def arrange(state, seat):
        cat_across_the_centre(state)
        state.phase = "reverse"
        state.turn = seat
        state.reverse_passes = 0

    room, got = staged_room(driver, {"reverse": True}, arrange)
    try:
        me = got["me"]
        removal = next(a["cells"] for a in got["update"]["legal"] if a["kind"] == "remove")
        for r, c in removal:
            assert click(driver, f'[data-cell="{r},{c}"]')
        shot(driver, "board_reverse_pick")
        assert click(driver, '[data-kind="remove"]'), "no «Снять» button on the phone"
        done = wait(driver, lambda s: s["update"]["view"]["reverse_scores"][me] > 0 or s.get("error"), what="the removal")
        assert not done.get("error"), done.get("error")
        board = done["update"]["view"]["board"]
        assert not any(board[r][c] for r, c in removal)
    finally:
        room.close()
