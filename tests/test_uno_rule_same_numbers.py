"""«Несколько одинаковых» (game/rules/uno/house/same_numbers.py) and how it meets the other house rules."""


from game.rules.uno import RULES
from game.rules.uno.house.same_numbers import PlayMany
from uno_helpers import Table


# ------------------------------------------------------------------ «Несколько одинаковых»
def test_several_of_one_number_in_one_move_the_last_counts():
    hands = {0: [("red", "5"), ("blue", "5"), ("green", "5"), ("yellow", "1")]}
    tb = Table({"same_numbers": True}, hands=hands, top=("red", "7"))
    red, blue, green = (tb.card(0, (c, "5")) for c in ("red", "blue", "green"))
    offered = [a for a in RULES.legal_actions(tb.st, 0) if a.kind == "play_many"]
    assert PlayMany((red, blue, green)) in offered and PlayMany((red, blue)) in offered
    assert all(tb.st.faces[a.cards[0]] == ("red", "5") for a in offered)  # the first card must fit
    assert "подходить" in tb.refused(0, PlayMany((blue, red)))
    tb.do(0, PlayMany((red, blue, green)))
    assert tb.st.colour == "green" and tb.st.discard[-3:] == [red, blue, green] and len(tb.st.hands[0]) == 1
    assert tb.st.turn == 1 and tb.st.watch is not None  # one card left without «УНО!»: catchable


def test_same_numbers_refuses_mixed_values_and_action_cards():
    hands = {0: [("red", "5"), ("blue", "6"), ("red", "skip"), ("blue", "skip")]}
    tb = Table({"same_numbers": True}, hands=hands, top=("red", "7"))
    assert "одной и той же цифрой" in tb.refused(0, PlayMany((tb.card(0, ("red", "5")), tb.card(0, ("blue", "6")))))
    assert tb.refused(0, PlayMany((tb.card(0, ("red", "skip")), tb.card(0, ("blue", "skip")))))


def test_same_numbers_with_seven_zero_only_the_last_seven_swaps():
    hands = {0: [("red", "7"), ("blue", "7"), ("yellow", "1")], 2: [("green", "2"), ("green", "3")]}
    tb = Table({"same_numbers": True, "seven_zero": True}, hands=hands, top=("red", "2"))
    tb.do(0, PlayMany((tb.card(0, ("red", "7")), tb.card(0, ("blue", "7"))), uno=True))
    assert tb.st.phase == "seven_swap" and tb.st.colour == "blue" and tb.st.uno_said[0]
