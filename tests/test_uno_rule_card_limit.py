"""«Лимит карт» (game/rules/uno/house/card_limit.py) and how it meets the other house rules."""
import pytest

from game.rules.base import Rejected
from game.rules.uno import RULES
from game.rules.uno.actions import Accept, Catch, Draw, Emote, Play
from game.rules.uno.house.five_swap import OfferCard
from uno_helpers import Table


# ------------------------------------------------------------------ «Лимит карт»
def test_a_hand_that_reaches_the_limit_leaves_the_round():
    hands = {0: [("red", "draw2"), ("red", "1")], 1: [("blue", v) for v in "123456789"] + [("green", v) for v in "1234"]}
    tb = Table({"card_limit": 15}, hands=hands, top=("red", "5"))
    tb.do(0, Play(tb.card(0, ("red", "draw2"))))
    tb.do(1, Accept())
    assert tb.st.out == [1] and tb.st.turn == 2 and RULES.view(tb.st, 0)["players"][1]["eliminated"]


def test_the_card_limit_is_a_choice_from_15_to_30():
    rule = next(r for r in RULES.house_rules if r.id == "card_limit")
    assert [c[0] for c in rule.choices] == [False, 15, 20, 25, 30] and rule.default is False
    with pytest.raises(Rejected):
        RULES.new_game({"card_limit": 12}, 4, 1)


def test_with_two_players_the_one_left_wins_the_round():
    hands = {0: [("red", "draw2"), ("red", "1")], 1: [("blue", v) for v in "123456789"] + [("green", v) for v in "1234"]}
    tb = Table({"card_limit": 15, "match": "1"}, n=2, hands=hands, top=("red", "5"))
    tb.do(0, Play(tb.card(0, ("red", "draw2"))))
    tb.do(1, Accept())
    assert tb.st.phase == "match_over" and tb.st.last_round["winner"] == 0 and tb.st.last_round["loser"] == 1


def test_draw_until_fit_with_the_card_limit_stops_at_the_limit():
    hands = {0: [(c, v) for c in ("green", "blue") for v in "1234678"]}  # 14 cards, none fits
    tb = Table({"draw_until_fit": True, "card_limit": 15}, hands=hands, top=("red", "5"))
    tb.put_on_deck(("green", "9"), ("blue", "8"), ("red", "3"))
    tb.do(0, Draw())
    assert tb.st.out == [0] and tb.st.turn == 1 and tb.st.hands[0] == []  # 15 cards, back under the deck
    assert tb.st.last_round is None and [e.points for e in tb.st.ext["eliminated"]] == [RULES.hand_values(tb.st)[0]]
    assert sorted(tuple(f) for f in tb.st.ext["eliminated"][0].faces) == sorted(
        hands[0] + [("green", "9")])  # the drawing stopped at the 15th card


# ------------------------------------------------------------------ a waiting attack whose target leaves the round
THIRTEEN = [("blue", v) for v in "123456789"] + [("green", v) for v in "1234"]  # two more cards reach 15


def knocked_out_by_a_false_catch(tb, target):
    return tb.do(target, Catch())  # nobody to catch: with «Штрафы» it costs two cards, and they reach the limit


def knocked_out_by_noise(tb, target):
    return tb.do(target, Emote("ура"))  # a loud emote during the silence: two cards


@pytest.mark.parametrize("knock_out, options, opening", [
    (knocked_out_by_a_false_catch, {"penalties": True}, None),
    (knocked_out_by_noise, {"silent_twos": True}, ("red", "2")),  # seat 0's 2: the table keeps silent
])
def test_an_attack_whose_target_leaves_never_lands_on_the_attackers_partner(knock_out, options, opening):
    """Seat 1 sends a «+2» to seat 2, and seat 2 reaches the limit while it waits. The next player still in, seat 3,
    is seat 1's partner: the «+2» may not land there («Не атаковать напарника»), so it falls — nobody takes it and
    seat 3 plays its turn, as after seat 2 had taken it."""
    hands = {0: [("red", "2"), ("red", "9"), ("yellow", "6")], 1: [("red", "draw2"), ("red", "1"), ("yellow", "7")],
             2: THIRTEEN}
    tb = Table({"card_limit": 15, "team_play": True, "team_no_partner_attack": True, **options}, hands=hands,
               top=("red", "5"))
    tb.do(0, Play(tb.card(0, opening or ("red", "9"))))
    tb.do(1, Play(tb.card(1, ("red", "draw2"))))
    assert tb.st.attack.target == 2
    sizes = [len(h) for h in tb.st.hands]
    knock_out(tb, 2)
    assert tb.st.out == [2]
    assert tb.st.attack is None and tb.st.phase == "play" and tb.st.turn == 3
    assert [len(h) for s, h in enumerate(tb.st.hands) if s != 2] == [sizes[0], sizes[1], sizes[3]]
    assert RULES.to_act(tb.st) == (3,) and Draw() in RULES.legal_actions(tb.st, 3)  # no red, no «+2»: it draws


def test_without_teams_the_attack_passes_to_the_next_player_still_in():
    hands = {0: [("red", "9"), ("yellow", "6")], 1: [("red", "draw2"), ("red", "1"), ("yellow", "7")], 2: THIRTEEN}
    tb = Table({"card_limit": 15, "penalties": True}, hands=hands, top=("red", "5"))
    tb.do(0, Play(tb.card(0, ("red", "9"))))
    tb.do(1, Play(tb.card(1, ("red", "draw2"))))
    events = tb.do(2, Catch())
    assert tb.st.out == [2] and tb.st.attack.target == tb.st.actor == 3
    assert ("attack_pending", 3) in [(e.kind, getattr(e, "target", None)) for e in events]  # the new target is told


# ------------------------------------------------------------------ «Лимит карт» × «До последнего»
def test_with_last_standing_the_player_left_holding_cards_loses_the_round():
    """Seat 0 goes out, seat 1 reaches the limit: seat 2 is the last player still holding cards and loses
    («проигрывает последний игрок»); seat 0 won it."""
    fourteen_misfits = [(c, v) for c in ("green", "blue") for v in "1234678"]
    hands = {0: [("red", "9")], 1: fourteen_misfits, 2: [("yellow", "9"), ("yellow", "8")]}
    tb = Table({"card_limit": 15, "last_standing": True, "match": "1"}, n=3, hands=hands, top=("red", "5"))
    tb.put_on_deck(("yellow", "3"))
    tb.do(0, Play(tb.card(0, ("red", "9"))))
    assert tb.st.out == [0] and tb.st.turn == 1
    tb.do(1, Draw())  # the 15th card
    last = tb.st.last_round
    assert tb.st.out == [0, 1] and last["winner"] == 0 and last["loser"] == 2


def test_with_last_standing_but_nobody_out_the_first_knocked_out_still_loses():
    """Before anyone has gone out «До последнего» has not begun: the limit's own rule holds — one left alone wins
    the round, the first to reach the limit loses it."""
    fourteen_misfits = [(c, v) for c in ("green", "blue") for v in "1234678"]
    hands = {0: [("red", "draw2"), ("red", "1")], 1: THIRTEEN, 2: fourteen_misfits}
    tb = Table({"card_limit": 15, "last_standing": True, "match": "1"}, n=3, hands=hands, top=("red", "5"))
    tb.put_on_deck(("yellow", "3"))
    tb.do(0, Play(tb.card(0, ("red", "draw2"))))
    tb.do(1, Accept())
    assert tb.st.out == [1] and tb.st.turn == 2
    tb.do(2, Draw())
    last = tb.st.last_round
    assert tb.st.out == [1, 2] and last["winner"] == 0 and last["loser"] == 1


# ------------------------------------------------------------------ a choice whose player leaves the round
@pytest.mark.parametrize("who", ["offerer", "target"])
def test_an_exchange_after_a_five_falls_when_one_of_its_two_leaves(who):
    """Seat 0 laid a 5 and offered seat 1 a card; one of them reaches the limit (a false catch under «Штрафы»)
    before seat 1 answers: the exchange falls and play goes on (the table froze, waiting for an empty hand, or the
    answer crashed on a card gone under the pile)."""
    big = [("red", "5"), ("red", "9")] + THIRTEEN[:12] if who == "offerer" else [("red", "5"), ("red", "9"), ("yellow", "6")]
    hands = {0: big, 1: THIRTEEN}
    tb = Table({"card_limit": 15, "five_swap": True, "penalties": True}, hands=hands, top=("red", "3"))
    tb.do(0, Play(tb.card(0, ("red", "5"))))
    tb.do(0, OfferCard(1, tb.card(0, ("red", "9"))))
    leaving = 0 if who == "offerer" else 1
    tb.do(leaving, Catch())
    assert tb.st.out == [leaving] and tb.st.ext["exchange"] is None
    assert tb.st.phase == "play" and tb.st.turn == (2 if who == "target" else 1)
    assert RULES.to_act(tb.st) and RULES.legal_actions(tb.st, tb.st.turn)


def test_a_swap_after_a_seven_falls_when_its_player_leaves():
    """Seat 0 laid a 7 with thirteen cards left and reaches the limit before choosing: no hand is swapped into an
    empty place, and play goes on from the next seat."""
    hands = {0: [("red", "7")] + THIRTEEN}
    tb = Table({"card_limit": 15, "seven_zero": True, "penalties": True}, hands=hands, top=("red", "3"))
    tb.do(0, Play(tb.card(0, ("red", "7"))))
    assert tb.st.phase == "seven_swap"
    tb.do(0, Catch())
    assert tb.st.out == [0] and tb.st.phase == "play" and tb.st.turn == 1 and tb.st.hands[0] == []
