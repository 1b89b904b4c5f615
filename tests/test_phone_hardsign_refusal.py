"""Твёрдый знак on a phone: bad input loses nothing. A word the host refuses (here «кож», not in the nominative,
as the rules of the game ask) stays built on the page — the same cards, the same chosen readings — with the host's
Russian reason under it, so the player mends one card instead of building it all again while the clock runs; the
word is cleared only when the host has laid it.

The browser plays an arranged hand on the real host over loopback; the reason shown is the one the rules give."""
from __future__ import annotations

import copy

import pytest

from game.rules.base import Rejected
from game.rules.hardsign import RULES
from game.rules.hardsign.engine import LAID, THINKING
from tests.phone_support import click, shot, wait
from tests.test_phone_hardsign_readings import deal, row_ids, seated_phone, word_of

pytestmark = pytest.mark.timeout(120)

HAND, TABLE = "*ОЖ", "ТМР"
REFUSED = [("*", "к"), ("О", "о"), ("Ж", "ж")]  # «кож»: a noun's form, but not the nominative
MENDED = [("*", "к"), ("О", "о"), ("Т", "т")]   # «кот»: the last card changed


def built(driver) -> dict:
    """The word as the page holds and shows it: its cards, what each reads, the row's text, the reason under it."""
    return driver.execute_script(
        "const r=document.getElementById('word-refusal');"
        "return {cards: S.word.slice(), reads: S.word.map(id=>S.reads[id]),"
        " text: document.getElementById('word').textContent, refusal: r ? r.textContent : null,"
        " can_submit: !document.getElementById('submit').disabled};")


def lay_row(driver, ids: list[str], row: list[tuple[str, str]]) -> None:
    for (face, reading), card in zip(row, ids):
        assert click(driver, f'#table-cards [data-id="{card}"], #hand [data-id="{card}"]'), face
        if driver.execute_script("return !!document.getElementById('readings')"):
            assert click(driver, f'#readings [data-reading="{reading}"]'), (face, reading)


def test_a_refused_word_stays_built_with_the_reason_until_the_host_lays_it():
    with seated_phone() as (driver, room, me):
        deal(driver, room, me, HAND, TABLE)
        ids = room.call(lambda: row_ids(room.core.session.state, me, REFUSED))

        def refusal() -> str:
            try:
                RULES.judge_word(copy.deepcopy(room.core.session.state), me, ids, word_of(REFUSED))
            except Rejected as rej:
                return rej.reason
            raise AssertionError(f"the rules took «{word_of(REFUSED)}»")

        reason = room.call(refusal)
        lay_row(driver, ids, REFUSED)
        before = built(driver)
        assert before["text"] == word_of(REFUSED).upper() and before["can_submit"], before
        assert click(driver, "#submit")
        got = wait(driver, lambda s: (s.get("error") or {}).get("reason") == reason, what=f"the refusal «{reason}»")
        assert got["update"]["view"]["status"][me] == THINKING
        after = built(driver)  # the page redraws as it reads the refusal
        shot(driver, "hardsign_refused_word")
        assert after == dict(before, refusal=reason), after

        # one card changed (the last one out, the table's «Т» in), the joker keeps the letter chosen for it
        assert click(driver, "#erase")
        lay_row(driver, [room.call(lambda: row_ids(room.core.session.state, me, MENDED))[2]], MENDED[2:])
        mended = built(driver)
        assert mended["text"] == word_of(MENDED).upper() and mended["refusal"] is None, mended
        assert click(driver, "#submit")
        got = wait(driver, lambda s: s["update"]["view"]["status"][me] == LAID, what=f"«{word_of(MENDED)}» laid")
        laid = room.call(lambda: room.core.session.state.laid[me])
        assert (laid.cards, laid.word) == (mended["cards"], word_of(MENDED))
        assert built(driver) == {"cards": [], "reads": [], "text": "…", "refusal": None, "can_submit": False}
        assert not room.leaks, room.leaks
