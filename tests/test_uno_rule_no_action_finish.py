"""«Нельзя закончить картой действия» (game/rules/uno/house/no_action_finish.py) and how it meets the other house rules."""
import pytest

from game.rules.uno import RULES
from game.rules.uno.actions import Draw, Pass, Play
from game.rules.uno.house.jumping import JumpIn
from uno_helpers import Table


def legal_kinds(tb, seat):
    return {a.kind for a in RULES.legal_actions(tb.st, seat)}


# ------------------------------------------------------------------ «Нельзя закончить картой действия»
@pytest.mark.parametrize("last", [("red", "skip"), ("red", "draw2"), ("black", "wild")])
def test_the_last_card_may_not_be_an_action_or_black_card(last):
    tb = Table({"no_action_finish": True}, hands={0: [last]}, top=("red", "5"))
    assert "только цифра" in tb.refused(0, Play(tb.card(0, last)))
    assert legal_kinds(tb, 0) >= {"draw"}  # nothing else to play: drawing is allowed


def test_the_last_card_may_be_a_number():
    tb = Table({"no_action_finish": True}, hands={0: [("red", "1")]}, top=("red", "5"))
    tb.do(0, Play(tb.card(0, ("red", "1"))))
    assert tb.st.phase in ("round_over", "match_over")


def test_no_action_finish_also_bars_a_last_jump_in_with_an_action_card():
    hands = {0: [("red", "skip"), ("red", "1")], 3: [("red", "skip")]}
    tb = Table({"no_action_finish": True, "jump_in": True}, hands=hands, top=("red", "5"))
    tb.do(0, Play(tb.card(0, ("red", "skip"))))
    assert "только цифра" in tb.refused(3, JumpIn(tb.card(3, ("red", "skip"))))


def test_with_play_drawn_a_drawn_action_card_is_played_when_it_is_not_the_last():
    # «Нельзя закончить картой действия» cannot forbid it here (two cards left), so pass stays refused …
    tb = Table({"play_drawn": True, "no_action_finish": True}, hands={0: [("green", "1")]}, top=("red", "5"))
    tb.put_on_deck(("red", "skip"))
    tb.do(0, Draw())
    assert tb.refused(0, Pass())
    tb.do(0, Play(tb.st.drawn))  # … and the skip is played, one card left
