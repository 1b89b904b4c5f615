"""«Без проверки «+4»» (game/rules/uno/house/no_challenge.py) and how it meets the other house rules."""


from game.rules.uno import RULES
from game.rules.uno.actions import Accept, Challenge, ChooseColour, Play
from uno_helpers import Table


def legal_kinds(tb, seat):
    return {a.kind for a in RULES.legal_actions(tb.st, seat)}


# ------------------------------------------------------------------ «Без проверки «+4»»
def test_no_honesty_check():
    hands = {0: [("black", "wild4"), ("red", "1")]}
    tb = Table({"no_challenge": True}, hands=hands, top=("red", "5"))
    tb.do(0, Play(tb.card(0, ("black", "wild4"))))
    tb.do(0, ChooseColour("blue"))
    assert "выключена" in tb.refused(1, Challenge()) and "challenge" not in legal_kinds(tb, 1)
    tb.do(1, Accept())
    assert len(tb.st.hands[1]) == 7
