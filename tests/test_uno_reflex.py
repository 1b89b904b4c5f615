"""«УНО!», catching, false catches, «UNO в центр» and jump-in races: timed, judged, with margins."""
from game.rules.base import FRAME_MS
from game.rules.uno import RULES
from game.rules.uno.actions import Catch, ChooseColour, Draw, Play, Shout
from game.rules.uno.engine import GRACE_MS, LOCKOUT_MS
from game.rules.uno.house.jumping import JumpIn
from game.rules.uno.house.uno_center import SLAP_MS, Slap
from uno_helpers import Table

TWO = {0: [("red", "1"), ("red", "2")], 1: [("red", "3"), ("red", "4"), ("blue", "4")]}


def test_shouting_with_the_second_to_last_card():
    tb = Table(hands=TWO)
    ev = tb.do(0, Play(tb.card(0, ("red", "1")), uno=True))
    assert "uno_shouted" in tb.kinds(ev) and tb.st.watch is None
    assert RULES.view(tb.st, 2)["players"][0]["uno"] is True


def test_shout_flag_only_with_the_second_to_last_card():
    tb = Table(hands={0: [("red", "1"), ("red", "2"), ("red", "3")]})
    assert "предпоследнюю" in tb.refused(0, Play(tb.card(0, ("red", "1")), uno=True))


def test_a_silent_second_to_last_card_is_caught_after_the_grace_period():
    tb = Table(hands=TWO)
    tb.do(0, Play(tb.card(0, ("red", "1"))))
    w = tb.st.watch
    assert w is not None and w.seat == 0
    tb.do(2, Catch(), dt=GRACE_MS + 200)  # 200 ms after the grace
    tb.do(3, Catch(), dt=90)
    tb.wait(500)
    assert len(tb.st.hands[0]) == 3
    reflex = RULES.view(tb.st, 1)["last_reflex"]
    assert reflex["kind"] == "catch" and reflex["winner"] == 2 and reflex["margin_ms"] == 90
    assert reflex["reaction_ms"] == GRACE_MS + 200


def test_a_late_shout_inside_the_grace_period_saves_the_player():
    tb = Table(hands=TWO)
    tb.do(0, Play(tb.card(0, ("red", "1"))))
    tb.do(2, Catch(), dt=100)  # too early: waits for the grace to end
    tb.do(0, Shout(), dt=200)
    tb.wait(1000)
    assert len(tb.st.hands[0]) == 1 and tb.st.uno_said[0]
    assert tb.st.last_reflex["kind"] == "shout"


def test_a_late_shout_after_a_catch_loses_by_the_margin():
    tb = Table(hands=TWO)
    tb.do(0, Play(tb.card(0, ("red", "1"))))
    tb.do(2, Catch(), dt=GRACE_MS + 100)
    tb.do(0, Shout(), dt=60)
    tb.wait(1000)
    assert len(tb.st.hands[0]) == 3
    assert tb.st.last_reflex == {**tb.st.last_reflex, "kind": "catch", "winner": 2, "margin_ms": 60}


def test_the_window_closes_when_the_next_player_plays_or_draws():
    tb = Table(hands=TWO)
    tb.do(0, Play(tb.card(0, ("red", "1"))))
    ev = tb.do(1, Play(tb.card(1, ("red", "3"))), dt=GRACE_MS + 500)
    assert "uno_window_closed" in tb.kinds(ev)
    ev = tb.do(2, Catch())
    assert "false_reflex" in tb.kinds(ev) and len(tb.st.hands[0]) == 1


def test_a_catch_pressed_before_the_next_play_still_counts():
    tb = Table(hands=TWO)
    tb.do(0, Play(tb.card(0, ("red", "1"))))
    tb.do(3, Catch(), dt=GRACE_MS + 10)
    ev = tb.do(1, Play(tb.card(1, ("red", "3"))), dt=20)  # before the catch race's collection window ends
    assert "uno_caught" in tb.kinds(ev) and len(tb.st.hands[0]) == 3


def test_a_catch_pressed_by_the_next_player_before_drawing_counts():
    tb = Table(hands={0: [("red", "1"), ("red", "2")], 1: [("blue", "3"), ("blue", "4")]})
    tb.do(0, Play(tb.card(0, ("red", "1"))))
    tb.do(1, Catch(), dt=GRACE_MS + 300)
    tb.do(1, Draw(), dt=50)
    assert len(tb.st.hands[0]) == 3


def test_false_catch_locks_out_and_cannot_be_spammed():
    tb = Table(hands=TWO)
    ev = tb.do(2, Catch())
    assert "false_reflex" in tb.kinds(ev) and len(tb.st.hands[2]) == 3  # no «Штрафы»: no cards
    assert "поторопились" in tb.refused(2, Catch())
    assert not any(isinstance(a, Catch) for a in RULES.legal_actions(tb.st, 2))
    tb.do(0, Play(tb.card(0, ("red", "1"))))  # a real slip while seat 2 is locked out
    assert "поторопились" in tb.refused(2, Catch(), dt=GRACE_MS)
    tb.wait(LOCKOUT_MS)
    assert tb.st.lockout_until[2] == 0


def test_false_catch_and_false_shout_cost_two_with_penalties():
    tb = Table({"penalties": True}, hands=TWO)
    tb.do(2, Catch())
    assert len(tb.st.hands[2]) == 5
    tb.do(3, Shout())
    assert len(tb.st.hands[3]) == 5


def test_false_shout_without_penalties_is_refused():
    tb = Table(hands=TWO)
    assert "незачем" in tb.refused(3, Shout())


def test_catch_during_a_colour_choice():
    tb = Table(hands={0: [("black", "wild"), ("red", "2")]})
    tb.do(0, Play(tb.card(0, ("black", "wild"))))
    assert tb.st.phase == "choose_colour"
    assert any(isinstance(a, Catch) for a in RULES.legal_actions(tb.st, 1))
    tb.do(1, Catch(), dt=GRACE_MS + 100)
    tb.wait(500)
    assert len(tb.st.hands[0]) == 3  # caught while choosing…
    assert tb.st.phase == "choose_colour" and tb.st.actor == 0  # …and still choosing
    tb.do(0, ChooseColour("green"))
    assert tb.st.colour == "green" and tb.st.turn == 1


def test_catch_ties_within_a_frame_are_broken_by_the_seeded_coin():
    winners = set()
    for seed in range(12):
        tb = Table(hands=TWO, seed=seed)
        tb.do(0, Play(tb.card(0, ("red", "1"))))
        tb.do(2, Catch(), dt=GRACE_MS + 100)
        tb.do(3, Catch(), dt=FRAME_MS - 5)
        tb.wait(1000)
        r = tb.st.last_reflex
        assert r["tie"] is True
        winners.add(r["winner"])
        again = Table(hands=TWO, seed=seed)
        again.do(0, Play(again.card(0, ("red", "1"))))
        again.do(2, Catch(), dt=GRACE_MS + 100)
        again.do(3, Catch(), dt=FRAME_MS - 5)
        again.wait(1000)
        assert again.st.last_reflex["winner"] == r["winner"]  # the same seed, the same verdict
    assert winners == {2, 3}


def test_uno_center_the_last_hand_on_the_pile_takes_two():
    tb = Table({"uno_center": True}, hands=TWO)
    ev = tb.do(0, Play(tb.card(0, ("red", "1")), uno=True))
    assert "slap_opened" in tb.kinds(ev)
    tb.do(2, Slap(), dt=300)
    tb.do(1, Slap(), dt=100)
    ev = tb.do(3, Slap(), dt=250)
    result = next(e for e in ev if e.kind == "slap_result")
    assert result.losers == (3,) and result.last == 3 and result.margin_ms == 250
    assert len(tb.st.hands[3]) == 5


def test_uno_center_those_who_never_slap_take_two():
    tb = Table({"uno_center": True}, hands=TWO)
    tb.do(0, Play(tb.card(0, ("red", "1")), uno=True))
    tb.do(2, Slap(), dt=300)
    tb.wait(SLAP_MS)
    assert len(tb.st.hands[1]) == 5 and len(tb.st.hands[3]) == 5 and len(tb.st.hands[2]) == 3


def test_slap_and_catch_are_different_buttons():
    # the shouter shouted: a catch is false; a silent slip: a slap is false
    tb = Table({"uno_center": True}, hands=TWO)
    tb.do(0, Play(tb.card(0, ("red", "1")), uno=True))
    ev = tb.do(2, Catch())
    assert "false_reflex" in tb.kinds(ev)
    assert "поторопились" in tb.refused(2, Slap())  # the false catch locked the slap button too
    tb2 = Table({"uno_center": True}, hands=TWO)
    tb2.do(0, Play(tb2.card(0, ("red", "1"))))
    ev = tb2.do(3, Slap())
    assert "false_reflex" in tb2.kinds(ev)
    tb2.do(2, Catch(), dt=GRACE_MS)
    tb2.wait(500)
    assert len(tb2.st.hands[0]) == 3
    # a late shout that wins opens the slap race
    tb3 = Table({"uno_center": True}, hands=TWO)
    tb3.do(0, Play(tb3.card(0, ("red", "1"))))
    ev = tb3.do(0, Shout(), dt=200)
    assert "slap_opened" in tb3.kinds(ev)


def test_jump_in_race_first_identical_card_wins_with_margin():
    hands = {0: [("red", "5"), ("red", "1")], 2: [("red", "5"), ("blue", "1")], 3: [("blue", "2"), ("blue", "3")]}
    tb = Table({"jump_in": True}, hands=hands, top=("red", "7"))
    tb.do(0, Play(tb.card(0, ("red", "5"))))
    tb.do(2, JumpIn(tb.card(2, ("red", "5"))), dt=400)
    tb.wait(100)
    assert tb.st.last_reflex["kind"] == "jump_in" and tb.st.last_reflex["winner"] == 2
    assert tb.st.last_reflex["reaction_ms"] == 400
    assert tb.st.turn == 3  # play goes on from the one who jumped in
