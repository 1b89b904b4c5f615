"""«Берёшь, пока не найдёшь» (game/rules/uno/house/draw_until_fit.py) and how it meets the other house rules."""


from game.rules.uno import RULES
from game.rules.uno.actions import Draw
from uno_helpers import Table

NOTHING_FITS = {0: [("green", "1"), ("green", "2")]}


def legal_kinds(tb, seat):
    return {a.kind for a in RULES.legal_actions(tb.st, seat)}


# ------------------------------------------------------------------ «Берёшь, пока не найдёшь»
def test_draw_until_a_card_fits_then_it_may_be_played_or_kept():
    tb = Table({"draw_until_fit": True}, hands=NOTHING_FITS, top=("red", "5"))
    tb.put_on_deck(("green", "9"), ("blue", "8"), ("red", "3"))
    tb.do(0, Draw())
    assert len(tb.st.hands[0]) == 5 and tb.st.faces[tb.st.drawn] == ("red", "3") and tb.st.turn == 0
    assert {"play", "pass"} <= legal_kinds(tb, 0)


def test_without_it_one_card_is_drawn():
    tb = Table(hands=NOTHING_FITS, top=("red", "5"))
    tb.put_on_deck(("green", "9"), ("blue", "8"), ("red", "3"))
    tb.do(0, Draw())
    assert len(tb.st.hands[0]) == 3 and tb.st.turn == 1
