"""Твёрдый знак on a phone: a card that may be read more than one way («*», «æ», «#», «З» as «три», «Е» as «ё»,
as the rules' table `reading_choices` gives them) offers exactly its readings in the bottom bar when it is put into
the word, and the word goes to the host as the window sends it: the cards in order and the letters they read
(«π» as «пи»). The readings come in the view, so the page holds no table of its own; a seat is sent only the cards
it may see.

The browser plays arranged hands on the real host over loopback; the score each word gets is the one the rules give
the same action on a copy of the state."""
from __future__ import annotations

from game.rules.base import SPECTATOR, TV
from game.rules.hardsign import RULES, reading_choices
from game.rules.hardsign import cards as C
from game.rules.hardsign.engine import HardSignState
from tests.hardsign_support import arrange

EVERY_FACE = list(C.LETTERS) + list(C.SPECIALS)


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
