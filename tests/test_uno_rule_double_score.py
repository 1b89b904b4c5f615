"""«Двойной счёт» (game/rules/uno/house/double_score.py) and how it meets the other house rules."""
import pytest

from game.rules.uno.actions import Play
from uno_helpers import Table


# ------------------------------------------------------------------ «Двойной счёт»
@pytest.mark.parametrize("last,double", [(("black", "wild"), True), (("red", "1"), False)])
def test_a_round_won_with_a_black_card_scores_double(last, double):
    hands = {0: [last], 1: [("blue", "9")], 2: [("blue", "8")], 3: [("blue", "7")]}
    tb = Table({"double_score": True, "match": "1"}, hands=hands, top=("red", "5"))
    tb.do(0, Play(tb.card(0, last)))
    assert tb.st.last_round["gained"][0] == 24 * (2 if double else 1)
    assert tb.st.last_round["doubled"] is double


def test_double_score_in_own_scoring_doubles_everyones_points():
    hands = {0: [("black", "wild")], 1: [("blue", "9")], 2: [("blue", "8")], 3: [("blue", "7")]}
    tb = Table({"double_score": True, "scoring": "own", "match": "1"}, hands=hands, top=("red", "5"))
    tb.do(0, Play(tb.card(0, ("black", "wild"))))
    assert tb.st.last_round["gained"] == [0, 18, 16, 14]
