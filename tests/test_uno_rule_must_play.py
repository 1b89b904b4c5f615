"""«Обязательный ход» (game/rules/uno/house/must_play.py) and how it meets the other house rules."""


from game.rules.uno.actions import Accept, Draw, Play
from uno_helpers import Table


# ------------------------------------------------------------------ «Обязательный ход»
def test_must_play_refuses_taking_a_penalty_one_can_answer():
    hands = {0: [("red", "draw2"), ("red", "1")], 1: [("blue", "draw2"), ("blue", "1")], 2: [("green", "1")]}
    tb = Table({"must_play": True}, hands=hands, top=("red", "5"))
    tb.do(0, Play(tb.card(0, ("red", "draw2"))))
    assert "Обязательный ход" in tb.refused(1, Accept())
    tb.do(1, Play(tb.card(1, ("blue", "draw2"))))
    tb.do(2, Accept())  # nothing to answer with: takes it
    assert len(tb.st.hands[2]) == 3


def test_without_must_play_a_penalty_may_be_taken_with_an_answer_in_hand():
    hands = {0: [("red", "draw2"), ("red", "1")], 1: [("blue", "draw2"), ("blue", "1")]}
    tb = Table(hands=hands, top=("red", "5"))
    tb.do(0, Play(tb.card(0, ("red", "draw2"))))
    tb.do(1, Accept())
    assert len(tb.st.hands[1]) == 4


def test_drawing_with_a_playable_card_is_refused_with_or_without_must_play():
    for options in ({}, {"must_play": True}):
        tb = Table(options, hands={0: [("red", "1"), ("blue", "2")]}, top=("red", "5"))
        assert "есть чем ходить" in tb.refused(0, Draw())
