"""«Командная игра» (game/rules/uno/house/team_play.py) and how it meets the other house rules."""
import pytest

from game.rules.base import Rejected
from game.rules.uno import RULES
from game.rules.uno.actions import Play
from game.rules.uno.house.five_swap import OfferCard
from game.rules.uno.house.team_play import count_colour
from uno_helpers import Table


# ------------------------------------------------------------------ «Командная игра»
def test_teams_need_four_six_eight_or_ten_players():
    for n in (2, 3, 5, 7):
        with pytest.raises(Rejected) as err:
            RULES.new_game({"team_play": True}, n, 1)
        assert "4, 6, 8 или 10" in err.value.reason
    view = RULES.view(RULES.new_game({"team_play": True}, 6, 1), 0)
    assert view["teams"]["members"] == [[0, 2, 4], [1, 3, 5]] and view["players"][3]["team"] == 1


def test_the_winner_collects_the_opponents_hands_only_and_the_team_wins_the_match():
    hands = {0: [("red", "1")], 1: [("blue", "9")], 2: [("blue", "8")], 3: [("blue", "7")]}
    tb = Table({"team_play": True, "match": "1"}, hands=hands, top=("red", "5"))
    tb.do(0, Play(tb.card(0, ("red", "1"))))
    assert tb.st.last_round["gained"] == [16, 0, 0, 0] and tb.st.last_round["team_scores"] == [16, 0]
    result = tb.st.result_data
    assert result["winners"] == [0, 2] and result["losers"] == [1, 3] and result["winning_team"] == 0


def test_teams_with_own_scoring_lose_together():
    hands = {0: [("red", "1")], 1: [("blue", "9")], 2: [("blue", "8")], 3: [("blue", "1")]}
    tb = Table({"team_play": True, "scoring": "own", "match": "1"}, hands=hands, top=("red", "5"))
    tb.do(0, Play(tb.card(0, ("red", "1"))))
    assert tb.st.last_round["team_scores"] == [8, 10] and tb.st.result_data["losers"] == [1, 3]


def test_teams_with_lazy_scoring_count_round_wins_per_team():
    hands = {0: [("red", "1")], 1: [("blue", "9")], 2: [("blue", "8")], 3: [("blue", "1")]}
    tb = Table({"team_play": True, "lazy": True, "match": "1"}, hands=hands, top=("red", "5"))
    tb.do(0, Play(tb.card(0, ("red", "1"))))
    assert tb.st.last_round["team_round_wins"] == [1, 0] and tb.st.result_data["winners"] == [0, 2]


def test_teams_with_last_standing_end_the_round_at_the_first_player_out():
    hands = {0: [("red", "1")]}
    tb = Table({"team_play": True, "last_standing": True}, hands=hands, top=("red", "5"))
    tb.do(0, Play(tb.card(0, ("red", "1"))))
    assert tb.st.phase in ("round_over", "match_over")


def test_no_partner_attack_refuses_a_draw_card_aimed_at_a_partner():
    hands = {0: [("red", "draw2"), ("red", "1"), ("red", "2")]}
    tb = Table({"team_play": True, "team_no_partner_attack": True}, hands=hands, top=("red", "5"))
    tb.do(0, Play(tb.card(0, ("red", "1"))))  # an opponent next: fine
    tb2 = Table({"team_play": True, "team_no_partner_attack": True}, hands=hands, top=("red", "5"))
    tb2.st.out = [1]  # seat 1 has left the round (the card limit): the partner, seat 2, is next
    assert "напарника" in tb2.refused(0, Play(tb2.card(0, ("red", "draw2"))))
    assert all(a.kind != "play" or tb2.st.faces[a.card][1] != "draw2" for a in RULES.legal_actions(tb2.st, 0))
    tb3 = Table({"team_no_partner_attack": True}, hands=hands, top=("red", "5"))  # no teams: no partners
    tb3.st.out = [1]
    tb3.do(0, Play(tb3.card(0, ("red", "draw2"))))


def test_partner_counts_are_colour_coded_in_the_view():
    tb = Table({"team_play": True, "team_partner_counts": True})
    view = RULES.view(tb.st, 0)
    assert view["players"][2]["count_colour"] == count_colour(len(tb.st.hands[2])) == "yellow"
    assert [count_colour(n) for n in (1, 2, 3, 5, 6)] == ["green", "green", "yellow", "yellow", "red"]
    assert RULES.view(Table({"team_partner_counts": True}).st, 0)["players"][2]["count_colour"] is None


def test_five_swap_offers_go_to_anyone_even_a_partner():
    hands = {0: [("red", "5"), ("red", "1"), ("blue", "1")]}
    tb = Table({"team_play": True, "five_swap": True}, hands=hands, top=("red", "7"))
    tb.do(0, Play(tb.card(0, ("red", "5"))))
    assert OfferCard(2, tb.card(0, ("red", "1"))) in RULES.legal_actions(tb.st, 0)
