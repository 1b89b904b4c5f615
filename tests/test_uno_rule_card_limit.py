"""«Лимит карт» (game/rules/uno/house/card_limit.py) and how it meets the other house rules."""
import pytest

from game.rules.base import Rejected
from game.rules.uno import RULES
from game.rules.uno.actions import Accept, Draw, Play
from uno_helpers import Table


# ------------------------------------------------------------------ «Лимит карт»
def test_a_hand_that_reaches_the_limit_leaves_the_round():
    hands = {0: [("red", "draw2"), ("red", "1")], 1: [("blue", v) for v in "123456789"] + [("green", v) for v in "1234"]}
    tb = Table({"card_limit": 15}, hands=hands, top=("red", "5"))
    tb.do(0, Play(tb.card(0, ("red", "draw2"))))
    tb.do(1, Accept())
    assert tb.st.out == [1] and tb.st.turn == 2 and RULES.view(tb.st, 0)["players"][1]["eliminated"]


def test_the_card_limit_is_a_choice_from_15_to_30():
    rule = next(r for r in RULES.house_rules if r.id == "card_limit")
    assert [c[0] for c in rule.choices] == [False, 15, 20, 25, 30] and rule.default is False
    with pytest.raises(Rejected):
        RULES.new_game({"card_limit": 12}, 4, 1)


def test_with_two_players_the_one_left_wins_the_round():
    hands = {0: [("red", "draw2"), ("red", "1")], 1: [("blue", v) for v in "123456789"] + [("green", v) for v in "1234"]}
    tb = Table({"card_limit": 15, "match": "1"}, n=2, hands=hands, top=("red", "5"))
    tb.do(0, Play(tb.card(0, ("red", "draw2"))))
    tb.do(1, Accept())
    assert tb.st.phase == "match_over" and tb.st.last_round["winner"] == 0 and tb.st.last_round["loser"] == 1


def test_draw_until_fit_with_the_card_limit_stops_at_the_limit():
    hands = {0: [(c, v) for c in ("green", "blue") for v in "1234678"]}  # 14 cards, none fits
    tb = Table({"draw_until_fit": True, "card_limit": 15}, hands=hands, top=("red", "5"))
    tb.put_on_deck(("green", "9"), ("blue", "8"), ("red", "3"))
    tb.do(0, Draw())
    assert tb.st.out == [0] and tb.st.turn == 1 and tb.st.hands[0] == []  # 15 cards, back under the deck
    assert tb.st.last_round is None and [e.points for e in tb.st.ext["eliminated"]] == [RULES.hand_values(tb.st)[0]]
    assert sorted(tuple(f) for f in tb.st.ext["eliminated"][0].faces) == sorted(
        hands[0] + [("green", "9")])  # the drawing stopped at the 15th card
