"""One who has left the round — by «Лимит карт», by going out under «До последнего» — watches it: no catch, slap,
jump-in or «УНО!» of theirs is judged, a silence does not bind them, and «Лимит карт» sends their hand back under the
draw pile (docs/RULES.md, UNO, «Out of the round»)."""
import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from game.rules.base import Rejected, Rng
from game.rules.uno import RULES
from game.rules.uno.actions import Accept, Catch, ChooseColour, Continue, Emote, Play, Shout
from game.rules.uno.cards import hand_points
from game.rules.uno.house.jumping import JumpIn
from game.rules.uno.house.uno_center import Slap
from uno_helpers import Table

OUT = "Вы уже вышли из этого тура."
FOURTEEN = [("blue", v) for v in "123456789"] + [("green", v) for v in "1234"]  # 13: a +2 brings them to 15


def eliminated_seat_one(options, n=4, **hands):
    """Seat 0 gives seat 1 a «+2» at «Лимит карт» 15: seat 1 leaves the round, the turn is seat 2's."""
    given_hands = {0: [("red", "draw2"), ("red", "1"), ("yellow", "7")], 1: FOURTEEN,
                   **{int(k[1:]): v for k, v in hands.items()}}
    tb = Table({"card_limit": 15, **options}, n=n, hands=given_hands, top=("red", "5"))
    tb.do(0, Play(tb.card(0, ("red", "draw2"))))
    tb.do(1, Accept())
    assert tb.st.out == [1]
    return tb


def refused_as_out(tb, seat, action):
    with pytest.raises(Rejected) as refusal:
        tb.do(seat, action)
    assert str(refusal.value) == OUT


# ------------------------------------------------------------------ reflexes
def test_an_eliminated_player_may_not_catch():
    tb = eliminated_seat_one({}, s2=[("red", "3"), ("yellow", "4")])
    tb.do(2, Play(tb.card(2, ("red", "3"))))  # a silent second-to-last card
    assert tb.st.watch is not None
    assert Catch() not in RULES.legal_actions(tb.st, 1) and Catch() in RULES.legal_actions(tb.st, 3)
    refused_as_out(tb, 1, Catch())
    assert tb.st.lockout_until[1] == 0


def test_an_eliminated_player_may_not_slap():
    tb = eliminated_seat_one({"uno_center": True, "penalties": True}, s2=[("red", "3"), ("yellow", "4")])
    tb.do(2, Play(tb.card(2, ("red", "3")), uno=True))
    assert tb.st.ext["slap"] is not None
    assert Slap() not in RULES.legal_actions(tb.st, 1)
    refused_as_out(tb, 1, Slap())
    assert tb.st.hands[1] == [] and tb.st.lockout_until[1] == 0


def test_one_who_went_out_during_a_slap_race_does_not_pay_for_it():
    hands = {0: [("red", "3"), ("yellow", "4")], 1: [("red", "7")]}
    tb = Table({"uno_center": True, "last_standing": True}, hands=hands, top=("red", "5"))
    tb.do(0, Play(tb.card(0, ("red", "3")), uno=True))
    tb.do(1, Play(tb.card(1, ("red", "7"))))  # seat 1 goes out before putting a hand on the pile
    assert tb.st.out == [1]
    tb.t += 5000
    tb.tick()
    assert tb.st.hands[1] == [] and len(tb.st.hands[2]) == 3 + 2


def test_one_who_went_out_may_not_shout_even_with_penalties():
    hands = {0: [("red", "7")]}
    tb = Table({"last_standing": True, "penalties": True}, hands=hands, top=("red", "5"))
    tb.do(0, Play(tb.card(0, ("red", "7"))))
    assert tb.st.out == [0]
    refused_as_out(tb, 0, Shout())
    assert tb.st.hands[0] == []


def test_one_who_went_out_may_not_jump_in():
    hands = {0: [("red", "7")], 1: [("red", "8"), ("blue", "1")], 2: [("red", "8"), ("blue", "2")]}
    tb = Table({"last_standing": True, "jump_in": True}, hands=hands, top=("red", "5"))
    tb.do(0, Play(tb.card(0, ("red", "7"))))
    tb.do(1, Play(tb.card(1, ("red", "8"))))
    refused_as_out(tb, 0, JumpIn(tb.card(2, ("red", "8"))))  # not even a card of someone else's: out first


# ------------------------------------------------------------------ silences
@pytest.mark.parametrize("rule", ["silent_twos", "silent_black"])
def test_a_silence_does_not_bind_an_eliminated_player(rule):
    card = ("red", "2") if rule == "silent_twos" else ("black", "wild")
    tb = eliminated_seat_one({rule: True}, s2=[card, ("yellow", "4"), ("yellow", "5")])
    tb.do(2, Play(tb.card(2, card)))
    if rule == "silent_black":
        tb.do(2, ChooseColour("yellow"))
    assert tb.silence is not None
    assert not [a for a in RULES.legal_actions(tb.st, 1) if isinstance(a, Emote)]  # no «ой» for a spectator
    tb.do(1, Emote("ой"))  # shown, but not noise
    assert tb.st.hands[1] == [] and tb.silence is not None


# ------------------------------------------------------------------ «Лимит карт»: the hand goes back under the deck
def test_an_eliminated_hand_goes_under_the_draw_pile():
    hands = {0: [("red", "draw2"), ("red", "1")], 1: FOURTEEN}
    tb = Table({"card_limit": 15}, hands=hands, top=("red", "5"))
    deck_before = len(tb.st.deck)
    tb.do(0, Play(tb.card(0, ("red", "draw2"))))
    drawn = tb.st.deck[-2:]
    tb.do(1, Accept())
    assert tb.st.hands[1] == []
    assert len(tb.st.deck) == deck_before - 2 + 15
    returned = tb.st.deck[:15]  # the bottom: drawn last
    # the whole hand went back, the two taken with it
    assert sorted(tb.st.faces[c] for c in returned) == sorted(FOURTEEN + [tb.st.faces[c] for c in drawn])
    view = RULES.view(tb.st, 0)["players"][1]
    assert view["eliminated"] and view["cards"] == 0


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 10**6), team=st.booleans())
def test_the_ids_an_eliminated_player_saw_say_nothing_about_the_draw_pile(seed, team):
    """Seat 1's hand goes under the pile. Every id seat 1 was ever shown for those cards (its hand, the two it
    took) names no card any more — the cards lie there under new ids nobody was shown, their new numbering
    drawn by the seeded coin — so neither seat 1 nor a partner it tells can say which card lies where."""
    hands = {0: [("red", "draw2"), ("red", "1")], 1: FOURTEEN}
    options = {"card_limit": 15, **({"team_play": True} if team else {})}
    tb = Table(options, hands=hands, top=("red", "5"), seed=seed)
    held = [(c["id"], c["colour"], c["value"]) for c in RULES.view(tb.st, 1)["hand"]]
    tb.do(0, Play(tb.card(0, ("red", "draw2"))))
    events = tb.do(1, Accept())
    held += [(c["id"], c["colour"], c["value"]) for e in events if e.kind == "cards_received" and e.to == 1
             for c in e.cards]
    shown = {c for c, _, _ in held}
    assert tb.st.out == [1] and len(shown) == 15
    on_table = set(tb.st.deck) | set(tb.st.discard) | {c for h in tb.st.hands for c in h}
    assert not shown & on_table
    returned = tb.st.deck[:15]
    assert sorted(tb.st.faces[c] for c in returned) == sorted(tb.st.faces[c] for c in shown)  # the same cards
    assert RULES.check_invariants(tb.st) == []
    # the new numbering follows neither the order the hand was held in nor the pile's
    by_number = [tb.st.faces[c] for c in sorted(returned, key=lambda c: int(c[1:]))]
    assert by_number != [(colour, value) for _, colour, value in held]
    assert by_number != [tb.st.faces[c] for c in returned]


def test_new_ids_keep_their_faces_and_the_next_round_deals_them():
    """A card under a new id keeps it: in the next round's deck the retired ids are gone for good."""
    hands = {0: [("red", "draw2"), ("red", "1")], 1: FOURTEEN}
    tb = Table({"card_limit": 15, "match": "3"}, n=2, hands=hands, top=("red", "5"))
    tb.do(0, Play(tb.card(0, ("red", "draw2"))))
    tb.do(1, Accept())
    retired = set(tb.st.retired)
    assert len(retired) == 15 and tb.st.phase == "round_over"
    tb.do(0, Continue())
    tb.do(1, Continue())
    assert tb.st.round == 2 and RULES.check_invariants(tb.st) == []
    dealt = set(tb.st.deck) | set(tb.st.discard) | {c for h in tb.st.hands for c in h}
    assert not dealt & retired and len(dealt) == 108


def test_an_eliminated_hand_still_counts_against_its_player():
    hands = {0: [("red", "draw2"), ("red", "1")], 1: FOURTEEN}
    tb = Table({"card_limit": 15, "match": "1"}, n=2, hands=hands, top=("red", "5"))
    tb.put_on_deck(("green", "9"), ("yellow", "8"))
    tb.do(0, Play(tb.card(0, ("red", "draw2"))))
    tb.do(1, Accept())
    last = tb.st.last_round
    fifteen = FOURTEEN + [("green", "9"), ("yellow", "8")]
    assert last["loser"] == 1 and last["points"][1] == hand_points(fifteen)
    assert sorted((c["colour"], c["value"]) for c in last["hands"][1]) == sorted(fifteen)  # the results show it
    assert tb.st.hands[1] == []


# ------------------------------------------------------------------ a property over random tables
SPECTATOR_MAY = (ChooseColour, Continue)  # a black last card is still named; the next round is for all


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6))
@example(seed=4211)  # a «+4» laid, then its player over the limit by a broken silence, then challenged: 5 cards out
def test_whoever_has_left_the_round_takes_no_card_and_is_offered_nothing(seed):
    options = {"card_limit": 15, "last_standing": True, "uno_center": True, "silent_twos": True, "silent_black": True,
               "jump_in": True, "penalties": True, "stacking": True, "reverse_bounce": True, "match": "1"}
    state = RULES.new_game(options, 4, seed)
    rng, t = Rng(seed), 0
    for _ in range(400):
        if state.phase in ("round_over", "match_over"):
            break
        for seat in state.out:
            assert state.hands[seat] == []
            assert all(isinstance(a, SPECTATOR_MAY) for a in RULES.legal_actions(state, seat)), seat
        t += 30 + rng.below(400)
        RULES.tick(state, t)
        offers = [(s, a) for s in range(4) for a in RULES.legal_actions(state, s)]
        if not offers:
            continue
        seat, action = offers[rng.below(len(offers))]
        RULES.apply(state, seat, action, t)
        assert RULES.check_invariants(state) == []
