"""«Сыграть сразу» (game/rules/uno/house/play_drawn.py) and how it meets the other house rules."""


from game.rules.uno.actions import Draw, Pass, Play
from uno_helpers import Table

NOTHING_FITS = {0: [("green", "1"), ("green", "2")]}


# ------------------------------------------------------------------ «Сыграть сразу»
def test_a_drawn_card_that_fits_must_be_played():
    tb = Table({"play_drawn": True}, hands=NOTHING_FITS, top=("red", "5"))
    tb.put_on_deck(("red", "3"))
    tb.do(0, Draw())
    assert "Сыграть сразу" in tb.refused(0, Pass())
    tb.do(0, Play(tb.st.drawn))
    assert tb.st.turn == 1
