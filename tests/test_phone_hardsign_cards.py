"""Твёрдый знак on a phone: what a card shows (its letter, its stars, up to ten of them) stays inside its tile at the
narrow widths phones have. The dearest cards are dealt on the host and every glyph the page draws is measured in a
real browser: the text's own boxes, not the element holding it, since a line of stars spills out of a box that
keeps its size."""
from __future__ import annotations

import pytest

from tests.hardsign_support import arrange
from tests.phone_support import PhoneRoom, join, phone, shot, wait

pytestmark = pytest.mark.timeout(120)

# the dearest letters and the special cards: ten stars on Ъ and ъ, the widest letters (Ж, Ш, Щ, Ю)
TABLE = "ЪъЩШЦ"
HANDS = ["ЭЖπ", "ФЮæ"]  # whichever seat the phone gets, it holds a special card

# every rect (the tile's, then each of its elements' and each line of its text's) of the Твёрдый знак cards on the page
MEASURE = """
const box = (r) => [r.left, r.top, r.right, r.bottom];
return [...document.querySelectorAll('#table-cards .tile, #hand .tile')].map((tile) => {
  const parts = [];
  const walker = document.createTreeWalker(tile, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (node.nodeType === Node.TEXT_NODE) {
      if (!node.textContent.trim()) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const r of range.getClientRects()) parts.push({ what: node.textContent, rect: box(r) });
    } else parts.push({ what: '<' + node.tagName.toLowerCase() + '>', rect: box(node.getBoundingClientRect()) });
  }
  return { id: tile.dataset.id, text: tile.textContent, rect: box(tile.getBoundingClientRect()), parts };
});
"""


def dealt_dear_cards(driver) -> PhoneRoom:
    """The phone seated against a bot; once dealt, the cards above are put on the table and in the hands on the
    host's thread and every seat is sent the new view."""
    room = PhoneRoom("hardsign", bots=1, speed=1.0)
    join(driver, room.url, "Петя")

    def deal() -> None:
        room.core.start()
        session = room.core.session
        arrange(session.state, HANDS, TABLE)
        session._replan(session.now_ms)
        session._broadcast([])

    room.call(deal)
    wait(driver, lambda s: s["update"] is not None and len(s["update"]["view"].get("table", [])) == len(TABLE)
         and len(s["update"]["view"].get("hand", [])) == 3, what="the arranged deal")
    return room


def outside(part: list[float], tile: list[float], slack: float = 0.5) -> bool:
    left, top, right, bottom = part
    return (left < tile[0] - slack or top < tile[1] - slack or right > tile[2] + slack or bottom > tile[3] + slack)


@pytest.mark.parametrize("width", [320, 360, 390])
def test_every_card_keeps_its_letter_and_stars_inside_its_tile(width):
    driver = phone(width, 720)
    room = None
    try:
        room = dealt_dear_cards(driver)
        tiles = driver.execute_script(MEASURE)
        shot(driver, f"hardsign_cards_{width}")
        assert len(tiles) == len(TABLE) + 3
        spills = [f"{t['text']!r}: {p['what']!r} at {[round(x, 1) for x in p['rect']]} outside {[round(x, 1) for x in t['rect']]}"
                  for t in tiles for p in t["parts"] if outside(p["rect"], t["rect"])]
        assert not spills, "\n".join(spills)
        # each card still shows its whole value (the boxes above say no star is pushed out of sight)
        shown = {t["id"]: t["text"].count("★") for t in tiles}
        view = wait(driver, lambda s: True)["update"]["view"]
        cards = view["table"] + view["hand"]
        assert shown == {c["id"]: c["stars"] for c in cards}
        # and its face as the big table shows it: the final ъ is not the hard sign Ъ, π is not Π
        assert {t["id"]: t["text"].replace("★", "") for t in tiles} == {c["id"]: c["face"] for c in cards}
    finally:
        if room is not None:
            room.close()
        driver.quit()
