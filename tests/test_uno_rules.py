"""The basic rules of uno.txt: deck, deal, matching, drawing, action cards, the +4 check, «Готов»."""
from collections import Counter

import pytest

from game.rules.uno import RULES
from game.rules.uno.actions import (
    Accept, Challenge, ChooseColour, Continue, Draw, Pass, Play, Ready,
)
from game.rules.uno.cards import base_faces, is_number
from game.rules.uno.engine import READY_MS, ROUND_TURN_LIMIT
from uno_helpers import Table


def test_deck_has_108_cards_as_the_text_counts_them():
    faces = base_faces()
    assert len(faces) == 108
    by_value = Counter(v for _, v in faces)
    assert by_value["0"] == 4 and all(by_value[str(i)] == 8 for i in range(1, 10))
    assert by_value["skip"] == by_value["draw2"] == by_value["reverse"] == 8
    assert by_value["wild"] == by_value["wild4"] == 4
    assert sum(1 for f in faces if is_number(f)) == 76


def test_deal_seven_each_first_discard_is_a_number_and_play_starts_left_of_dealer():
    for seed in range(30):
        st = RULES.new_game({}, 5, seed)
        assert all(len(h) == 7 for h in st.hands)
        assert len(st.discard) == 1 and is_number(st.faces[st.discard[0]])
        assert st.turn == (st.dealer + 1) % 5
        assert st.direction == 1
        assert RULES.check_invariants(st) == []


def test_dealer_rotates_each_round():
    tb = Table({"match": "target"}, n=3, hands={0: [("red", "7")]}, turn=0)
    dealer = tb.st.dealer
    tb.do(0, Play(tb.card(0, ("red", "7"))))
    assert tb.st.phase == "round_over"
    for s in range(3):
        tb.do(s, Continue())
    assert tb.st.round == 2 and tb.st.dealer == (dealer + 1) % 3
    assert tb.st.turn == (tb.st.dealer + 1) % 3


def test_round_over_moves_on_by_itself_after_its_deadline():
    tb = Table(n=3, hands={0: [("red", "7")]})
    tb.do(0, Play(tb.card(0, ("red", "7"))))
    tb.wait(60_000)
    assert tb.st.round == 2 and tb.st.phase == "play"


def test_matching_colour_or_value_or_black():
    tb = Table(hands={0: [("red", "1"), ("blue", "5"), ("blue", "2"), ("black", "wild")]}, top=("red", "5"))
    offered = {a.card for a in RULES.legal_actions(tb.st, 0) if isinstance(a, Play)}
    assert offered == {tb.card(0, f) for f in [("red", "1"), ("blue", "5"), ("black", "wild")]}
    reason = tb.refused(0, Play(tb.card(0, ("blue", "2"))))
    assert "не подходит" in reason


def test_out_of_turn_is_refused():
    tb = Table(hands={1: [("red", "1"), ("red", "2")]})
    assert "не ваш ход" in tb.refused(1, Play(tb.card(1, ("red", "1"))))


def test_drawing_only_without_a_fitting_card_and_the_drawn_card_may_be_played_or_kept():
    tb = Table(hands={0: [("red", "1"), ("blue", "2")]}, top=("red", "5"))
    assert "есть чем ходить" in tb.refused(0, Draw())
    tb = Table(hands={0: [("blue", "1"), ("blue", "2")]}, top=("red", "5"))
    tb.put_on_deck(("red", "9"))
    tb.do(0, Draw())
    drawn = tb.st.drawn
    assert tb.st.faces[drawn] == ("red", "9") and tb.st.turn == 0
    assert "только её" in tb.refused(0, Play(tb.card(0, ("blue", "1"))))
    tb.do(0, Pass())
    assert tb.st.turn == 1 and drawn in tb.st.hands[0]


def test_a_drawn_card_that_does_not_fit_means_pass():
    tb = Table(hands={0: [("blue", "1"), ("blue", "2")]}, top=("red", "5"))
    tb.put_on_deck(("green", "9"))
    ev = tb.do(0, Draw())
    assert "passed" in tb.kinds(ev) and tb.st.turn == 1


def test_skip_and_reverse():
    tb = Table(hands={0: [("red", "skip"), ("red", "1")]})
    tb.do(0, Play(tb.card(0, ("red", "skip"))))
    assert tb.st.turn == 2
    tb = Table(hands={0: [("red", "reverse"), ("red", "1")]})
    tb.do(0, Play(tb.card(0, ("red", "reverse"))))
    assert tb.st.direction == -1 and tb.st.turn == 3


def test_two_reverses_cancel_out():
    tb = Table(hands={0: [("red", "reverse"), ("red", "1")], 3: [("red", "reverse"), ("red", "2")]})
    tb.do(0, Play(tb.card(0, ("red", "reverse"))))
    tb.do(3, Play(tb.card(3, ("red", "reverse"))))
    assert tb.st.direction == 1 and tb.st.turn == 0


def test_reverse_with_two_players_works_as_a_skip():
    tb = Table(n=2, hands={0: [("red", "reverse"), ("red", "1")]})
    tb.do(0, Play(tb.card(0, ("red", "reverse"))))
    assert tb.st.turn == 0


def test_draw_two_is_taken_and_the_turn_lost():
    tb = Table(hands={0: [("red", "draw2"), ("red", "1")]})
    tb.do(0, Play(tb.card(0, ("red", "draw2"))))
    assert tb.st.phase == "attack" and tb.st.attack.target == 1
    tb.do(1, Accept())
    assert len(tb.st.hands[1]) == 5 and tb.st.turn == 2


def test_draw_two_chain_is_not_summed():
    tb = Table(hands={0: [("red", "draw2"), ("red", "1")], 1: [("blue", "draw2"), ("blue", "1")]})
    tb.do(0, Play(tb.card(0, ("red", "draw2"))))
    tb.do(1, Play(tb.card(1, ("blue", "draw2"))))
    assert tb.st.attack.amount == 2 and tb.st.attack.target == 2
    tb.do(2, Accept())
    assert len(tb.st.hands[2]) == 5 and tb.st.turn == 3


def test_only_a_draw_two_dodges_a_draw_two():
    tb = Table(hands={0: [("red", "draw2"), ("red", "1")], 1: [("red", "3"), ("black", "wild")]})
    tb.do(0, Play(tb.card(0, ("red", "draw2"))))
    assert "Возьми две" in tb.refused(1, Play(tb.card(1, ("red", "3"))))
    assert "Возьми две" in tb.refused(1, Play(tb.card(1, ("black", "wild"))))


def _play_four(tb, seat, colour, **kw):
    tb.do(seat, Play(tb.card(seat, ("black", "wild4")), **kw))
    assert tb.st.phase == "choose_colour"
    tb.do(seat, ChooseColour(colour))


def test_wild_draw_four_dodged_only_by_draw_two_of_the_named_colour():
    tb = Table(hands={0: [("black", "wild4"), ("blue", "1")], 1: [("green", "draw2"), ("red", "draw2")]},
               top=("red", "5"))
    _play_four(tb, 0, "green")
    assert "заказанного цвета" in tb.refused(1, Play(tb.card(1, ("red", "draw2"))))
    tb.do(1, Play(tb.card(1, ("green", "draw2"))))
    assert tb.st.attack.amount == 2 and tb.st.attack.target == 2


def test_a_bluffing_four_is_accepted_and_a_challenge_catches_it():
    tb = Table(hands={0: [("black", "wild4"), ("red", "1"), ("blue", "1")]}, top=("red", "5"))
    assert any(isinstance(a, Play) and tb.st.faces[a.card][1] == "wild4" for a in RULES.legal_actions(tb.st, 0))
    four = tb.card(0, ("black", "wild4"))
    _play_four(tb, 0, "blue")
    ev = tb.do(1, Challenge())
    shown = next(e for e in ev if e.kind == "hand_shown")
    assert shown.to == 1 and {"colour": "red", "value": "1"} in shown.faces
    assert four in tb.st.hands[0] and len(tb.st.hands[0]) == 3 + 4
    assert tb.st.colour == "red" and tb.st.faces[tb.st.discard[-1]] == ("red", "5")
    assert tb.st.phase == "ready" and tb.st.actor == 0
    tb.do(0, Ready())
    assert tb.st.turn == 1 and tb.st.phase == "play"


def test_a_wrong_challenge_costs_four_plus_two_and_the_turn():
    tb = Table(hands={0: [("black", "wild4"), ("blue", "1")]}, top=("red", "5"))
    _play_four(tb, 0, "blue")
    tb.do(1, Challenge())
    assert len(tb.st.hands[1]) == 3 + 6
    assert tb.st.phase == "ready" and tb.st.actor == 1
    tb.do(1, Ready())
    assert tb.st.turn == 2


def test_politeness_pause_holds_the_table_until_ready_or_its_deadline():
    tb = Table(hands={0: [("black", "wild4"), ("blue", "1")], 2: [("blue", "2"), ("blue", "3")]}, top=("red", "5"))
    _play_four(tb, 0, "blue")
    tb.do(1, Accept())
    assert tb.st.phase == "ready"
    assert tb.refused(2, Play(tb.card(2, ("blue", "2"))))
    tb.wait(READY_MS + 10)
    assert tb.st.phase == "play" and tb.st.turn == 2


def test_playing_the_last_card_ends_the_round_and_scores_for_the_winner():
    tb = Table(hands={0: [("red", "7")], 1: [("blue", "skip"), ("black", "wild")], 2: [("green", "9")],
                      3: [("yellow", "0")]})
    tb.do(0, Play(tb.card(0, ("red", "7"))))
    assert tb.st.phase == "round_over"
    assert tb.st.scores[0] == 20 + 50 + 9 + 0
    view = RULES.view(tb.st, 1)
    assert view["round_result"]["winner"] == 0 and view["round_result"]["hands"][1]


def test_own_points_scoring():
    tb = Table({"scoring": "own"}, hands={0: [("red", "7")], 1: [("blue", "skip")], 2: [("green", "9")],
                                          3: [("yellow", "0")]})
    tb.do(0, Play(tb.card(0, ("red", "7"))))
    assert tb.st.scores == [0, 20, 9, 0]


def test_match_to_500_ends_with_the_winner():
    tb = Table(hands={0: [("red", "7")], 1: [("black", "wild")] * 1})
    tb.st.scores[0] = 480
    tb.do(0, Play(tb.card(0, ("red", "7"))))
    assert RULES.is_over(tb.st)
    assert RULES.result(tb.st)["winners"] == [0]


def test_own_points_match_ends_when_someone_reaches_200_and_the_others_win():
    tb = Table({"scoring": "own"}, hands={0: [("red", "7")], 1: [("black", "wild")]})
    tb.st.scores[1] = 160
    tb.do(0, Play(tb.card(0, ("red", "7"))))
    res = RULES.result(tb.st)
    assert res["loser"] == 1 and 1 not in res["winners"] and set(res["winners"]) == {0, 2, 3}


def test_last_card_draw_two_still_makes_the_next_player_draw():
    tb = Table(hands={0: [("red", "draw2")]})
    tb.do(0, Play(tb.card(0, ("red", "draw2"))))
    assert len(tb.st.hands[1]) == 5 and tb.st.phase == "round_over"


def test_a_round_that_drags_on_ends_at_the_turn_limit():
    tb = Table(hands={0: [("red", "1"), ("red", "2")]})
    tb.st.turns = ROUND_TURN_LIMIT
    ev = tb.do(0, Play(tb.card(0, ("red", "1"))))
    result = next(e for e in ev if e.kind == "round_over").result
    assert result["reason"] == "limit" and tb.st.phase == "round_over"


def test_drawing_from_an_exhausted_table_gives_what_there_is():
    tb = Table(hands={0: [("blue", "1"), ("blue", "2")]}, top=("red", "5"))
    everything = tb.st.deck
    tb.st.hands[3] += everything
    tb.st.deck = []
    ev = tb.do(0, Draw())
    drawn = next(e for e in ev if e.kind == "cards_drawn")
    assert drawn.count == 0 and drawn.short == 1 and tb.st.turn == 1


def test_match_is_bounded_by_a_number_of_rounds():
    st = RULES.new_game({"match": "3"}, 2, 5)
    assert st.options["match"] == "3"
    with pytest.raises(Exception):
        RULES.new_game({"match": "7"}, 2, 5)


def test_own_points_every_player_reaching_200_in_one_round_loses():
    tb = Table({"scoring": "own"}, hands={0: [("red", "7")], 1: [("black", "wild")], 2: [("black", "wild4")]})
    tb.st.scores[1], tb.st.scores[2] = 150, 170  # both pass 200 in this round: 200 and 220
    tb.do(0, Play(tb.card(0, ("red", "7"))))
    res = RULES.result(tb.st)
    assert RULES.is_over(tb.st) and tb.st.scores[1:3] == [200, 220]
    assert set(res["winners"]) == {0, 3} and set(res["losers"]) == {1, 2}
    assert res["loser"] == 2  # the highest score heads the losers


def test_own_points_after_a_set_number_of_rounds_the_highest_scores_lose_together():
    tb = Table({"scoring": "own", "match": "1"},
               hands={0: [("red", "7")], 1: [("black", "wild")], 2: [("black", "wild")]})
    tb.do(0, Play(tb.card(0, ("red", "7"))))
    res = RULES.result(tb.st)
    assert tb.st.scores == [0, 50, 50, 23]
    assert set(res["losers"]) == {1, 2} and set(res["winners"]) == {0, 3}


def test_own_points_all_level_is_a_draw_everyone_wins():
    tb = Table({"scoring": "own", "match": "1"}, n=2, hands={0: [("red", "7")], 1: [("red", "0")]})
    tb.do(0, Play(tb.card(0, ("red", "7"))))
    res = RULES.result(tb.st)
    assert tb.st.scores == [0, 0] and res["losers"] == [] and set(res["winners"]) == {0, 1}
