"""Every house rule of uno.txt, and the pairs of rules that meet."""
from collections import Counter

import pytest

from game.rules.base import SPECTATOR
from game.rules.uno import RULES
from game.rules.uno.actions import Accept, Challenge, ChooseColour, Continue, Emote, Play, Ready, Shout
from game.rules.uno.house.five_swap import GiveCard, KeepCards, OfferCard
from game.rules.uno.house.jumping import JumpIn
from game.rules.uno.house.reverse_bounce import Bounce
from game.rules.uno.house.seven_zero import SwapWith
from game.rules.uno.house import ALL, PRESETS, all_on, switched_on
from uno_helpers import Table


def test_every_house_rule_is_a_russian_toggle_off_by_default_with_presets():
    ids = {r.id for r in RULES.house_rules if r.group == "house"}
    assert ids == {h.rule.id for h in ALL} and len(ids) == len(ALL) >= 17
    for r in RULES.house_rules:
        assert any("а" <= ch <= "я" for ch in r.label.lower() + r.description)
        if r.group == "house":
            assert r.default is False
    assert {k: v[0] for k, v in RULES.presets.items()} == {
        "classic": "По правилам", "party": "Вечеринка", "chaos": "Хаос", "apps": "Как в приложениях",
        "teams": "Командный", "elimination": "На вылет"}
    for _, opts in PRESETS.values():
        assert set(opts) <= ids
    assert all_on(4) == {h.rule.id: switched_on(h.rule) for h in ALL}
    assert set(all_on(3)) == set(all_on()) == set(all_on(4)) - {"team_play"}


# ------------------------------------------------------------------ jump-in
JUMP = {0: [("red", "5"), ("red", "1")], 1: [("blue", "1"), ("blue", "2")], 2: [("red", "5"), ("green", "5")],
        3: [("black", "wild4"), ("blue", "3")]}


def test_jump_in_with_an_identical_card():
    tb = Table({"jump_in": True}, hands=JUMP, top=("red", "7"))
    tb.do(0, Play(tb.card(0, ("red", "5"))))
    assert "точно такой же" in tb.refused(2, JumpIn(tb.card(2, ("green", "5"))))
    assert "в свой ход" in tb.refused(3, JumpIn(tb.card(3, ("black", "wild4"))))
    assert "ваш ход" in tb.refused(1, JumpIn(tb.card(1, ("blue", "1"))))
    assert "Две одинаковые" in tb.refused(0, JumpIn(tb.card(0, ("red", "1"))))
    tb.do(2, JumpIn(tb.card(2, ("red", "5"))))
    tb.wait(50)
    assert tb.st.turn == 3 and len(tb.st.hands[2]) == 1


def test_no_jump_in_on_the_first_card_of_a_round():
    tb = Table({"jump_in": True}, hands=JUMP, top=("green", "5"), turn=1)
    tb.st.first_card_fresh = True
    assert "первую карту" in tb.refused(2, JumpIn(tb.card(2, ("green", "5"))))


def test_no_jump_in_without_the_rule():
    tb = Table(hands=JUMP, top=("red", "7"))
    tb.do(0, Play(tb.card(0, ("red", "5"))))
    assert "не ваш ход" in tb.refused(2, JumpIn(tb.card(2, ("red", "5"))))


def test_double_play_jump_in_on_ones_own_card():
    hands = {0: [("red", "5"), ("red", "5"), ("red", "1")], 2: [("blue", "5"), ("green", "5")]}
    tb = Table({"double_play": True}, hands=hands, top=("red", "7"))
    first, second = [c for c in tb.st.hands[0] if tb.st.faces[c] == ("red", "5")]
    tb.do(0, Play(first))
    tb.do(0, JumpIn(second, uno=True))
    tb.wait(50)
    assert tb.st.hands[0] == [tb.card(0, ("red", "1"))] and tb.st.uno_said[0] and tb.st.turn == 1


def test_double_play_alone_does_not_let_others_jump_in():
    hands = {0: [("red", "5"), ("red", "1")], 2: [("red", "5"), ("green", "5")]}
    tb = Table({"double_play": True}, hands=hands, top=("red", "7"))
    tb.do(0, Play(tb.card(0, ("red", "5"))))
    assert tb.refused(2, JumpIn(tb.card(2, ("red", "5"))))


# ------------------------------------------------------------------ seven-zero
def test_zero_passes_every_hand_along_the_direction():
    hands = {0: [("red", "0"), ("red", "1")], 1: [("blue", "1")], 2: [("blue", "2"), ("blue", "3")],
             3: [("green", "4")]}
    tb = Table({"seven_zero": True}, hands=hands)
    before = [list(h) for h in tb.st.hands]
    tb.do(0, Play(tb.card(0, ("red", "0"))))
    assert tb.st.hands[1] == [c for c in before[0] if tb.st.faces[c] != ("red", "0")]
    assert tb.st.hands[2] == before[1] and tb.st.hands[0] == before[3] and tb.st.turn == 1


def test_seven_swaps_hands_with_a_chosen_player():
    hands = {0: [("red", "7"), ("red", "1")], 2: [("blue", "2"), ("blue", "3"), ("blue", "4")]}
    tb = Table({"seven_zero": True}, hands=hands)
    tb.do(0, Play(tb.card(0, ("red", "7"))))
    assert tb.st.phase == "seven_swap" and tb.st.actor == 0
    assert tb.refused(0, SwapWith(0))
    theirs = list(tb.st.hands[2])
    tb.do(0, SwapWith(2))
    assert tb.st.hands[0] == theirs and len(tb.st.hands[2]) == 1 and tb.st.turn == 1


def test_seven_zero_with_jump_in():
    hands = {0: [("red", "7"), ("red", "1")], 2: [("red", "7"), ("blue", "3"), ("blue", "4")],
             3: [("green", "7"), ("green", "1")]}
    tb = Table({"seven_zero": True, "jump_in": True}, hands=hands, top=("red", "2"))
    tb.do(0, Play(tb.card(0, ("red", "7"))))
    # nobody jumps in while a swap is being chosen
    assert "никто ничего не выбирает" in tb.refused(2, JumpIn(tb.card(2, ("red", "7"))))
    tb.do(0, SwapWith(1))
    tb.do(2, JumpIn(tb.card(2, ("red", "7"))))
    tb.wait(50)
    assert tb.st.phase == "seven_swap" and tb.st.actor == 2  # the jumper's 7 swaps too
    tb.do(2, SwapWith(3))
    assert tb.st.turn == 3


def test_a_zero_can_never_be_jumped_in_on_because_zeros_are_single():
    st = RULES.new_game({"seven_zero": True, "jump_in": True}, 4, 1)
    zeros = Counter(f for f in st.faces.values() if f[1] == "0")
    assert set(zeros.values()) == {1}


def test_zero_rotates_along_the_current_direction():
    hands = {0: [("red", "0"), ("red", "1")], 1: [("blue", "1")], 3: [("green", "4"), ("green", "5")]}
    tb = Table({"seven_zero": True}, hands=hands, top=("red", "2"))
    tb.st.direction = -1
    before = [list(h) for h in tb.st.hands]
    tb.do(0, Play(tb.card(0, ("red", "0"))))
    assert tb.st.hands[0] == before[1] and tb.st.hands[2] == before[3] and tb.st.turn == 3


# ------------------------------------------------------------------ stacking
def test_stacking_draw_twos_add_up():
    hands = {0: [("red", "draw2"), ("red", "1")], 1: [("blue", "draw2"), ("blue", "draw2"), ("blue", "1")]}
    tb = Table({"stacking": True}, hands=hands)
    tb.do(0, Play(tb.card(0, ("red", "draw2"))))
    tb.do(1, Play(tb.card(1, ("blue", "draw2"))))
    assert tb.st.attack.amount == 4 and tb.st.attack.target == 2
    # one card per turn: the chain has moved on
    assert tb.refused(1, Play(tb.card(1, ("blue", "draw2"))))
    tb.do(2, Accept())
    assert len(tb.st.hands[2]) == 7 and tb.st.phase == "ready"  # four taken: «Готов»
    tb.do(2, Ready())
    assert tb.st.turn == 3


def test_stacking_fours_add_up_and_the_last_names_the_colour():
    hands = {0: [("black", "wild4"), ("blue", "1")], 1: [("black", "wild4"), ("blue", "2")]}
    tb = Table({"stacking": True}, hands=hands, top=("red", "5"))
    tb.do(0, Play(tb.card(0, ("black", "wild4"))))
    tb.do(0, ChooseColour("green"))
    tb.do(1, Play(tb.card(1, ("black", "wild4"))))
    tb.do(1, ChooseColour("yellow"))
    assert tb.st.attack.amount == 8 and tb.st.colour == "yellow"
    tb.do(2, Accept())
    assert len(tb.st.hands[2]) == 11 and tb.st.phase == "ready"


def test_a_caught_cheating_four_in_a_stack_costs_the_whole_sum():
    hands = {0: [("black", "wild4"), ("blue", "1")], 1: [("black", "wild4"), ("green", "2")]}
    tb = Table({"stacking": True}, hands=hands, top=("red", "5"))
    tb.do(0, Play(tb.card(0, ("black", "wild4"))))
    tb.do(0, ChooseColour("green"))
    tb.do(1, Play(tb.card(1, ("black", "wild4"))))  # holds green: a bluff
    tb.do(1, ChooseColour("blue"))
    tb.do(2, Challenge())
    assert len(tb.st.hands[1]) == 2 + 8 and tb.st.colour == "green"


def test_stacking_with_jump_in_no_jump_while_a_penalty_is_pending():
    hands = {0: [("red", "draw2"), ("red", "1")], 1: [("blue", "3"), ("blue", "4")],
             3: [("red", "draw2"), ("green", "1")]}
    tb = Table({"stacking": True, "jump_in": True}, hands=hands)
    tb.do(0, Play(tb.card(0, ("red", "draw2"))))
    reason = tb.refused(3, JumpIn(tb.card(3, ("red", "draw2"))))
    assert "штраф" in reason
    tb.do(1, Accept())
    # once taken, an identical +2 jumps in and starts a fresh chain from the jumper (not summed)
    tb.do(3, JumpIn(tb.card(3, ("red", "draw2"))))
    tb.wait(50)
    assert tb.st.attack.source == 3 and tb.st.attack.target == 0 and tb.st.attack.amount == 2


# ------------------------------------------------------------------ reverse bounce
def test_reverse_bounces_a_draw_two_back():
    hands = {0: [("red", "draw2"), ("red", "1")], 1: [("red", "reverse"), ("blue", "1")]}
    tb = Table({"reverse_bounce": True}, hands=hands)
    tb.do(0, Play(tb.card(0, ("red", "draw2"))))
    assert tb.refused(1, Play(tb.card(1, ("blue", "1"))))
    tb.do(1, Play(tb.card(1, ("red", "reverse"))))
    assert tb.st.attack.target == 0 and tb.st.attack.amount == 2 and tb.st.direction == -1
    tb.do(0, Accept())
    assert len(tb.st.hands[0]) == 3 and tb.st.turn == 3


def test_reverse_of_the_named_colour_bounces_a_four():
    hands = {0: [("black", "wild4"), ("blue", "1")], 1: [("green", "reverse"), ("red", "reverse")]}
    tb = Table({"reverse_bounce": True}, hands=hands, top=("red", "5"))
    tb.do(0, Play(tb.card(0, ("black", "wild4"))))
    tb.do(0, ChooseColour("green"))
    assert tb.refused(1, Play(tb.card(1, ("red", "reverse"))))
    tb.do(1, Play(tb.card(1, ("green", "reverse"))))
    assert tb.st.attack.target == 0 and tb.st.attack.amount == 4
    assert not any(isinstance(a, Challenge) for a in RULES.legal_actions(tb.st, 0))


def test_reverse_bounces_a_skip():
    hands = {0: [("red", "skip"), ("red", "1")], 1: [("red", "reverse"), ("blue", "1")]}
    tb = Table({"reverse_bounce": True}, hands=hands)
    tb.do(0, Play(tb.card(0, ("red", "skip"))))
    assert tb.st.turn == 2
    tb.do(1, Bounce(tb.card(1, ("red", "reverse"))))
    # direction flips, seat 0 is skipped: from seat 1 counter-clockwise past 0 to 3
    assert tb.st.direction == -1 and tb.st.turn == 3


def test_reverse_bounce_with_stacking_carries_the_sum_back_and_can_be_stacked_on():
    hands = {0: [("red", "draw2"), ("blue", "draw2"), ("red", "1")],
             1: [("red", "draw2"), ("red", "reverse"), ("blue", "1")]}
    tb = Table({"reverse_bounce": True, "stacking": True}, hands=hands)
    tb.do(0, Play(tb.card(0, ("red", "draw2"))))
    tb.do(1, Play(tb.card(1, ("red", "reverse"))))
    assert tb.st.attack.amount == 2 and tb.st.attack.target == 0
    tb.do(0, Play(tb.card(0, ("blue", "draw2"))))
    # the direction is now counter-clockwise: the +4 in total goes to seat 3
    assert tb.st.attack.amount == 4 and tb.st.attack.target == 3


# ------------------------------------------------------------------ silence
def test_silent_twos_noise_costs_two_and_the_silence_ends_when_the_turn_returns():
    hands = {0: [("red", "2"), ("red", "1"), ("red", "3")], 1: [("red", "4"), ("blue", "9")],
             2: [("red", "6"), ("blue", "8")], 3: [("red", "8"), ("blue", "7")]}
    tb = Table({"silent_twos": True}, hands=hands)
    tb.do(0, Play(tb.card(0, ("red", "2"))))
    assert tb.silence is not None
    tb.do(2, Emote("смех"))  # laughter does not count
    assert len(tb.st.hands[2]) == 2 and tb.silence is not None
    tb.do(2, Emote("ой"))
    assert len(tb.st.hands[2]) == 4 and tb.silence is None
    tb.do(1, Play(tb.card(1, ("red", "4"))))
    tb2 = Table({"silent_twos": True}, hands=hands)
    tb2.do(0, Play(tb2.card(0, ("red", "2"))))
    for s, f in [(1, ("red", "4")), (2, ("red", "6")), (3, ("red", "8"))]:
        tb2.do(s, Play(tb2.card(s, f)))
    assert tb2.st.turn == 0 and tb2.silence is None


@pytest.mark.parametrize("rule, opening", [("silent_twos", ("red", "2")), ("silent_black", ("black", "wild"))])
def test_a_cough_is_offered_sent_and_breaks_no_silence(rule, opening):
    """«Кашель, смех, крики «УНО!» и оспаривание карты «+4» не считаются нарушением тишины»: the cough is an emote
    every seat's view offers, the table shows it, and it costs nothing in either silence."""
    hands = {0: [opening, ("red", "1"), ("red", "3")], 1: [("red", "4"), ("blue", "9")]}
    tb = Table({rule: True}, hands=hands)
    assert "кашель" in RULES.view(tb.st, 2)["emotes"] and RULES.view(tb.st, SPECTATOR)["emotes"] == []
    tb.do(0, Play(tb.card(0, opening)))
    if opening[0] == "black":
        tb.do(0, ChooseColour("green"))
    assert tb.silence is not None
    events = tb.do(2, Emote("кашель"))
    assert [(e.kind, e.seat, e.emote) for e in events if e.kind == "emoted"] == [("emoted", 2, "кашель")]
    assert len(tb.st.hands[2]) == 3 and tb.silence is not None  # no cards, the silence holds
    tb.do(2, Emote("ура"))  # a loud one still breaks it
    assert len(tb.st.hands[2]) == 5 and tb.silence is None


def test_silent_black_until_the_colour_changes():
    hands = {0: [("black", "wild"), ("red", "1")], 1: [("green", "4"), ("green", "9")],
             2: [("green", "7"), ("blue", "7")], 3: [("yellow", "7"), ("yellow", "1")]}
    tb = Table({"silent_black": True}, hands=hands)
    tb.do(0, Play(tb.card(0, ("black", "wild"))))
    tb.do(0, ChooseColour("green"))
    assert tb.silence is not None and tb.silence.colour == "green"
    tb.do(1, Play(tb.card(1, ("green", "4"))))
    tb.do(2, Play(tb.card(2, ("green", "7"))))
    assert tb.silence is not None
    tb.do(3, Play(tb.card(3, ("yellow", "7"))))
    assert tb.silence is None


def test_silence_and_shout_a_real_uno_is_no_noise_but_a_false_one_is():
    hands = {0: [("red", "2"), ("red", "1")], 1: [("red", "4"), ("blue", "9"), ("blue", "1")]}
    tb = Table({"silent_twos": True}, hands=hands)
    tb.do(0, Play(tb.card(0, ("red", "2")), uno=True))
    assert tb.silence is not None and len(tb.st.hands[0]) == 1
    tb.do(2, Shout())  # nothing to shout about: it is noise
    assert len(tb.st.hands[2]) == 5 and tb.silence is None
    tb2 = Table({"silent_twos": True}, hands=hands)
    tb2.do(0, Play(tb2.card(0, ("red", "2"))))
    tb2.do(0, Shout(), dt=100)  # a late but real «УНО!» in silence
    assert len(tb2.st.hands[0]) == 1 and tb2.silence is not None


# ------------------------------------------------------------------ five swap
def test_five_exchanges_one_card_each_chooses_what_to_give():
    hands = {0: [("red", "5"), ("red", "1"), ("black", "wild")], 2: [("blue", "2"), ("blue", "3")]}
    tb = Table({"five_swap": True}, hands=hands)
    tb.do(0, Play(tb.card(0, ("red", "5"))))
    assert tb.st.phase == "five_offer"
    tb.do(0, OfferCard(2, tb.card(0, ("red", "1"))))
    assert tb.st.phase == "five_reply" and tb.st.actor == 2
    view = RULES.view(tb.st, 2)
    assert view["exchange"]["card"] is None  # the offered card stays hidden until the exchange
    tb.do(2, GiveCard(tb.card(2, ("blue", "3"))))
    assert tb.faces(0) == [("black", "wild"), ("blue", "3")] and tb.faces(2) == [("blue", "2"), ("red", "1")]
    assert tb.st.turn == 1


def test_five_exchange_may_be_declined():
    tb = Table({"five_swap": True}, hands={0: [("red", "5"), ("red", "1")]})
    tb.do(0, Play(tb.card(0, ("red", "5"))))
    tb.do(0, KeepCards())
    assert tb.st.turn == 1 and len(tb.st.hands[0]) == 1


# ------------------------------------------------------------------ colours, decks, scoring
def test_colour_cycle_picks_the_next_colour_on_the_card():
    tb = Table({"colour_cycle": True}, hands={0: [("black", "wild"), ("red", "1")]})
    tb.do(0, Play(tb.card(0, ("black", "wild"))))
    assert tb.st.colour == "blue" and tb.st.phase == "play" and tb.st.turn == 1
    tb = Table({"colour_cycle": True}, hands={0: [("black", "wild"), ("red", "1")]}, top=("yellow", "5"))
    tb.st.direction = -1
    tb.do(0, Play(tb.card(0, ("black", "wild"))))
    assert tb.st.colour == "green"


def test_plus_ten_cards_deal_ten():
    st = RULES.new_game({"plus_ten": True}, 4, 3)
    assert len(st.faces) == 112 and Counter(v for _, v in st.faces.values())["draw10"] == 4
    tb = Table({"plus_ten": True}, hands={0: [("black", "draw10"), ("red", "1")]})
    tb.do(0, Play(tb.card(0, ("black", "draw10"))))
    tb.do(0, ChooseColour("blue"))
    tb.do(1, Accept())
    assert len(tb.st.hands[1]) == 13 and tb.st.phase == "ready"


def test_h2o_deck_and_going_out_bonus():
    st = RULES.new_game({"h2o": True}, 4, 3)
    values = Counter(v for _, v in st.faces.values())
    assert len(st.faces) == 120 and values["draw1"] == 8 and values["wild2"] == 4
    tb = Table({"h2o": True}, hands={0: [("red", "draw1")], 1: [("blue", "1")], 2: [("blue", "2")],
                                     3: [("blue", "3")]})
    tb.put_on_deck(("blue", "4"))
    tb.do(0, Play(tb.card(0, ("red", "draw1"))))
    assert tb.st.scores[0] == (1 + 4) + 2 + 3 + 20  # seat 1 also took the +1
    tb = Table({"h2o": True, "scoring": "own"}, hands={0: [("red", "draw1")], 1: [("blue", "1")]})
    tb.do(0, Play(tb.card(0, ("red", "draw1"))))
    assert tb.st.scores[0] == -20


def test_zero_fifty():
    tb = Table({"zero_fifty": True}, hands={0: [("red", "7")], 1: [("blue", "0")], 2: [("green", "0"), ("green", "1")],
                                             3: [("yellow", "1")]})
    tb.do(0, Play(tb.card(0, ("red", "7"))))
    assert tb.st.scores[0] == 50 + 1 + 1


def test_lazy_scoring_winner_starts_loser_deals_three_rounds():
    tb = Table({"lazy": True}, hands={0: [("red", "7")], 2: [("black", "wild"), ("black", "wild")]})
    tb.do(0, Play(tb.card(0, ("red", "7"))))
    assert tb.st.round_wins[0] == 1 and tb.st.last_round["loser"] == 2
    for s in range(4):
        tb.do(s, Continue())
    assert tb.st.dealer == 2 and tb.st.turn == 0
    assert RULES.view(tb.st, 0)["scoring"] == "lazy"


def test_last_standing_goes_on_to_the_last_player():
    hands = {0: [("red", "7")], 1: [("red", "3"), ("red", "1")], 2: [("red", "4")], 3: [("red", "8"), ("blue", "9")]}
    tb = Table({"last_standing": True}, hands=hands)
    tb.do(0, Play(tb.card(0, ("red", "7"))))
    assert tb.st.phase == "play" and tb.st.out == [0] and tb.st.turn == 1
    frozen = tb.st.round_points
    tb.do(1, Play(tb.card(1, ("red", "3"))))
    tb.do(2, Play(tb.card(2, ("red", "4"))))
    assert tb.st.out == [0, 2] and tb.st.turn == 3
    tb.do(3, Play(tb.card(3, ("red", "8"))))
    tb.do(1, Play(tb.card(1, ("red", "1"))))
    assert tb.st.phase == "round_over"
    result = tb.st.last_round
    assert result["winner"] == 0 and result["loser"] == 3 and result["points"] == frozen


def test_seven_rounds_refills_an_emptied_hand():
    tb = Table({"seven_rounds": True}, hands={0: [("red", "7")]})
    ev = tb.do(0, Play(tb.card(0, ("red", "7"))))
    assert "hand_refilled" in tb.kinds(ev) and len(tb.st.hands[0]) == 6 and tb.st.ext["refill"][0] == 5
    assert tb.st.phase == "play" and tb.st.turn == 1


def test_penalties_a_wrong_card_costs_two():
    tb = Table({"penalties": True}, hands={0: [("blue", "1"), ("red", "1")]})
    ev = tb.do(0, Play(tb.card(0, ("blue", "1"))))
    assert "mistake" in tb.kinds(ev) and len(tb.st.hands[0]) == 4 and tb.st.turn == 0
    tb = Table({"penalties": True, "jump_in": True}, hands=JUMP, top=("red", "7"))
    tb.do(0, Play(tb.card(0, ("red", "5"))))
    tb.do(2, JumpIn(tb.card(2, ("green", "5"))))
    assert len(tb.st.hands[2]) == 4


@pytest.mark.parametrize("preset", ["classic", "party", "chaos"])
def test_presets_start(preset):
    st = RULES.new_game(PRESETS[preset][1], 6, 1)
    assert RULES.check_invariants(st) == []
    assert RULES.view(st, 0)["rules"] == [h.rule.id for h in ALL if PRESETS[preset][1].get(h.rule.id)]


def test_ready_after_bounced_four_needs_the_right_seat():
    hands = {0: [("black", "wild4"), ("blue", "1")], 1: [("green", "reverse"), ("red", "reverse")]}
    tb = Table({"reverse_bounce": True}, hands=hands, top=("red", "5"))
    tb.do(0, Play(tb.card(0, ("black", "wild4"))))
    tb.do(0, ChooseColour("green"))
    tb.do(1, Play(tb.card(1, ("green", "reverse"))))
    tb.do(0, Accept())
    assert tb.refused(1, Ready())
    tb.do(0, Ready())
    assert tb.st.turn == 3


# ------------------------------------------------------------------ silence × «До последнего»
SILENT_LAST = {0: [("red", "2")], 1: [("red", "4"), ("red", "1"), ("blue", "1")],
               2: [("red", "6"), ("red", "3"), ("blue", "3")], 3: [("red", "8"), ("red", "9"), ("blue", "9")]}


def test_a_last_card_two_keeps_silence_until_the_turn_passes_its_players_empty_place():
    tb = Table({"silent_twos": True, "last_standing": True}, hands=SILENT_LAST)
    tb.do(0, Play(tb.card(0, ("red", "2"))))
    assert tb.st.out == [0] and tb.silence is not None and tb.st.turn == 1
    for seat, face in [(1, ("red", "4")), (2, ("red", "6"))]:
        tb.do(seat, Play(tb.card(seat, face)))
        assert tb.silence is not None  # the turn has not come back round yet
    tb.do(3, Play(tb.card(3, ("red", "8"))))
    # where seat 0 would have moved the turn goes past its empty place: the silence is over
    assert tb.st.turn == 1 and tb.silence is None
    tb.do(1, Emote("ой"))
    assert len(tb.st.hands[1]) == 2  # talking is free again


def test_a_reverse_sends_the_turn_back_past_the_empty_place_and_ends_the_silence():
    hands = {**SILENT_LAST, 1: [("red", "reverse"), ("red", "1"), ("blue", "1")]}
    tb = Table({"silent_twos": True, "last_standing": True}, hands=hands)
    tb.do(0, Play(tb.card(0, ("red", "2"))))
    tb.do(1, Play(tb.card(1, ("red", "reverse"))))
    # the turn heads back towards seat 0, whose place is empty, and on to seat 3
    assert tb.st.turn == 3 and tb.silence is None
