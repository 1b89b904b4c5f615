"""«Строгое УНО»: only the shout that goes with the card counts; a shout after the card lands never saves."""
import pytest

from game.rules.uno import RULES
from game.rules.uno.actions import Catch, Play, Shout
from game.rules.uno.engine import GRACE_MS
from game.rules.uno.house.uno_center import Slap
from uno_helpers import Table

TWO = {0: [("red", "1"), ("red", "2")], 1: [("red", "3"), ("red", "4"), ("blue", "4")]}
STRICT = {"strict_uno": True}


@pytest.mark.parametrize("dt", [50, GRACE_MS + 300])
def test_a_late_shout_is_refused_and_the_forgetful_player_can_still_be_caught(dt):
    tb = Table(STRICT, hands=TWO)
    tb.do(0, Play(tb.card(0, ("red", "1"))))
    assert Shout() not in RULES.legal_actions(tb.st, 0)
    assert "Строгое УНО" in tb.refused(0, Shout(), dt=dt)
    tb.do(2, Catch(), dt=GRACE_MS + 100)
    tb.wait(500)
    assert len(tb.st.hands[0]) == 3 and not tb.st.uno_said[0]


def test_the_shout_with_the_card_still_saves():
    tb = Table(STRICT, hands=TWO)
    ev = tb.do(0, Play(tb.card(0, ("red", "1")), uno=True))
    assert "uno_shouted" in tb.kinds(ev) and tb.st.watch is None and tb.st.uno_said[0]


def test_without_the_rule_the_late_shout_inside_the_grace_saves():
    tb = Table(hands=TWO)
    tb.do(0, Play(tb.card(0, ("red", "1"))))
    assert Shout() in RULES.legal_actions(tb.st, 0)
    tb.do(0, Shout(), dt=50)
    assert tb.st.uno_said[0]


def test_uncaught_the_window_still_closes_when_the_table_moves():
    tb = Table(STRICT, hands=TWO)
    tb.do(0, Play(tb.card(0, ("red", "1"))))
    tb.do(1, Play(tb.card(1, ("red", "3"))), dt=GRACE_MS + 100)
    assert tb.st.watch is None and len(tb.st.hands[0]) == 1


def test_strict_with_uno_center_a_late_shout_opens_no_slap_race():
    tb = Table({**STRICT, "uno_center": True}, hands=TWO)
    tb.do(0, Play(tb.card(0, ("red", "1"))))
    tb.refused(0, Shout())
    assert tb.st.ext.get("slap") is None and Slap() not in RULES.legal_actions(tb.st, 1)
    tb2 = Table({**STRICT, "uno_center": True}, hands=TWO)
    tb2.do(0, Play(tb2.card(0, ("red", "1")), uno=True))
    assert tb2.st.ext["slap"] is not None


def test_strict_in_a_silence_the_late_shout_is_refused_not_noise():
    tb = Table({**STRICT, "silent_twos": True}, hands={0: [("red", "2"), ("red", "1")]}, top=("red", "5"))
    tb.do(0, Play(tb.card(0, ("red", "2"))))
    assert tb.silence is not None
    tb.refused(0, Shout())
    assert tb.silence is not None and len(tb.st.hands[0]) == 1


def test_strict_with_penalties_a_refused_late_shout_costs_nothing():
    tb = Table({**STRICT, "penalties": True}, hands=TWO)
    tb.do(0, Play(tb.card(0, ("red", "1"))))
    tb.refused(0, Shout())
    assert len(tb.st.hands[0]) == 1
