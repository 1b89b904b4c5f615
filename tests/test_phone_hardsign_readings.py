"""Твёрдый знак on a phone: a card that may be read more than one way («*», «æ», «#», «З» as «три», «Е» as «ё»,
as the rules' table `reading_choices` gives them) offers exactly its readings in the bottom bar when it is put into
the word, and the word goes to the host as the window sends it: the cards in order and the letters they read
(«π» as «пи»). The readings come in the view, so the page holds no table of its own; a seat is sent only the cards
it may see.

The browser plays arranged hands on the real host over loopback; the score each word gets is the one the rules give
the same action on a copy of the state."""
from __future__ import annotations

import copy
from contextlib import contextmanager

import pytest

from game.rules.base import SPECTATOR, TV
from game.rules.hardsign import RULES, reading_choices
from game.rules.hardsign import cards as C
from game.rules.hardsign.actions import Submit
from game.rules.hardsign.engine import HardSignState, LAID, THINKING
from tests.hardsign_support import arrange
from tests.phone_support import PhoneRoom, click, join, phone, shot, wait

pytestmark = pytest.mark.timeout(120)

EVERY_FACE = list(C.LETTERS) + list(C.SPECIALS)
BOT_HAND = "ААЬ"

# (hand, table, the row: each card's face and the reading the player picks); every word needs the readings the
# bug refused: «*», «#» and «З» as «три» in триод, «π» and «æ» in пирог, «Е» as «ё» in ёж
WORDS = [
    ("З*#", "КЛМ", [("З", "три"), ("*", "о"), ("#", "д")]),   # триод, from the hand alone
    ("πæК", "РГН", [("π", "пи"), ("Р", "р"), ("æ", "о"), ("Г", "г")]),  # пирог
    ("ЕЖС", "ОТВ", [("Е", "ё"), ("Ж", "ж")]),  # ёж
]


def fresh_state() -> HardSignState:
    return RULES.new_game({}, 2, 7)


def test_the_view_gives_each_visible_card_the_rules_readings():
    """Every card kind, in one's hand and on the table: the view's readings are the rules' own, in their order,
    with the reading the card has before a choice; the other seat's hand is not in the view."""
    for start in range(0, len(EVERY_FACE), 3):
        faces = (EVERY_FACE[start:start + 3] + ["О", "О"])[:3]
        table = "".join(f for f in EVERY_FACE[start + 3:start + 8] if f not in faces)[:5]
        state = arrange(fresh_state(), ["".join(faces), "АЕИ"], table)
        for seat in (0, SPECTATOR, TV):
            view = RULES.view(state, seat)
            for card in view["hand"] + view["table"]:
                assert card["readings"] == list(reading_choices(card["face"])), card
                assert card["reading"] == C.default_reading(card["face"]), card
        assert {c["face"] for c in RULES.view(state, 0)["hand"]} == set(faces)
        assert not RULES.view(state, SPECTATOR)["hand"]


def silent_bot_room(driver) -> PhoneRoom:
    """The phone against a seat that makes no move (its bot sent away), so a laid word waits for the count."""
    room = PhoneRoom("hardsign", bots=1, speed=1.0)
    join(driver, room.url, "Петя")
    room.call(room.core.start)
    wait(driver, lambda s: s["update"] is not None and s["me"] is not None, what="the deal")
    room.call(lambda: [room.core.session.set_bot(seat, None) for seat in list(room.core.session.bots)])
    return room


@contextmanager
def seated_phone():
    """(driver, room, the phone's seat): a 360×740 phone seated in a silent-bot Твёрдый знак room, both closed after."""
    driver = phone(360, 740)
    room = None
    try:
        room = silent_bot_room(driver)
        me = wait(driver, lambda s: s["me"] is not None)["me"]
        yield driver, room, me
    finally:
        if room is not None:
            room.close()
        driver.quit()


def deal(driver, room: PhoneRoom, me: int, hand: str, table: str) -> None:
    """A fresh start of the race with these cards in the phone's seat, «Раньше всех» on the table; back once the
    phone shows that hand."""
    def arranged() -> None:
        session = room.core.session
        state = session.state
        hands = [hand, BOT_HAND] if me == 0 else [BOT_HAND, hand]
        state.laid = [None] * state.players
        state.status = [THINKING] * state.players
        state.early, state.early_free_since = -1, 0
        arrange(state, hands, table, bonuses=("муж", "съедобное", "4+"))
        session._broadcast([])

    room.call(arranged)
    wait(driver, lambda s: [c["id"] for c in s["update"]["view"]["hand"]] == room.call(
        lambda: list(room.core.session.state.hands[me])), what=f"the hand {hand}")


def row_ids(state: HardSignState, seat: int, row: list[tuple[str, str]]) -> list[str]:
    out: list[str] = []
    for face, _ in row:
        out.append(next(c for c in state.hands[seat] + state.table if state.face(c) == face and c not in out))
    return out


def word_of(row: list[tuple[str, str]]) -> str:
    return "".join(reading for _, reading in row)


def offered(driver) -> list[str] | None:
    return driver.execute_script(
        "const p=document.getElementById('readings');"
        "return p ? [...p.querySelectorAll('[data-reading]')].map(b=>b.dataset.reading) : null;")


def test_a_phone_lays_words_that_need_every_reading():
    with seated_phone() as (driver, room, me):
        for hand, table, row in WORDS:
            deal(driver, room, me, hand, table)
            ids = room.call(lambda: row_ids(room.core.session.state, me, row))
            for (face, reading), card in zip(row, ids):
                assert click(driver, f'#table-cards [data-id="{card}"], #hand [data-id="{card}"]')
                choices = list(reading_choices(face))
                if len(choices) > 1:
                    assert offered(driver) == choices, face
                    if face in C.WILDCARDS:
                        # a letter must be named before the word goes
                        assert driver.execute_script("return document.getElementById('submit').disabled")
                        shot(driver, f"hardsign_readings_of_{word_of(row)}_{len(choices)}")
                    assert click(driver, f'#readings [data-reading="{reading}"]')
                assert offered(driver) is None, f"{face}: the picker stays after the choice"
            word = word_of(row)
            assert driver.execute_script("return document.getElementById('word').textContent") == word.upper()
            # a tap on a letter of the word asks its card's reading again, the chosen one marked
            (face, reading), card = next(((f, r), c) for (f, r), c in zip(row, ids) if len(reading_choices(f)) > 1)
            assert click(driver, f'#word [data-card="{card}"]')
            assert offered(driver) == list(reading_choices(face))
            assert driver.execute_script("return document.querySelector('#readings .sel').dataset.reading") == reading
            assert click(driver, f'#readings [data-reading="{reading}"]')
            shot(driver, f"hardsign_reading_{word}")

            def expected() -> dict:
                probe = copy.deepcopy(room.core.session.state)
                RULES.apply(probe, me, Submit(tuple(ids), word), room.core.session.now_ms)
                return RULES.score_word(probe, me)

            score = room.call(expected)
            assert click(driver, "#submit")
            got = wait(driver, lambda s: s["update"]["view"]["status"][me] == LAID or s.get("error"),
                       what=f"«{word}» laid")
            assert got["update"]["view"]["status"][me] == LAID, got.get("error")
            laid = room.call(lambda: room.core.session.state.laid[me])
            assert (laid.cards, laid.word) == (ids, word)
            assert got["update"]["view"]["my_word"]["score"] == score
        assert not room.leaks, room.leaks
