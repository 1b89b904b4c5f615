"""«Нет слов»: every rule of the printed text, on arranged tables and the real dictionary."""
from __future__ import annotations

import copy
from collections import Counter

import pytest

from game.rules.base import SPECTATOR, TV, FRAME_MS, Rejected, collect_strings, resolve_options, snapshot
from game.rules.nowords import RULES
from game.rules.nowords import cards as C
from game.rules.nowords.engine import (BETWEEN_MS, CLAIM_WINDOW_MS, DISPUTE_MS, DOUBT_MS, VOTE_MS, word_judge)
from game.rules.nowords.wire import AcceptWord, CallVote, ChooseNext, Claim, DropClaim, Lay, Vote
from nowords_tables import arrange, card_of, letters


def opts(**given):
    return resolve_options(RULES.house_rules, given)


def kinds(events):
    return [e.kind for e in events]


def settle(state, t):
    """Run every timer due by ``t``; the events they made."""
    out = []
    while (d := RULES.next_deadline(state)) is not None and d <= t:
        fired = RULES.tick(state, d)
        assert fired, "a due tick must change something"
        out += fired
    return out


def claim_and_judge(state, seat, word, t=1000):
    """Name a word alone and let the race close; a word the dictionary accepts the last mover takes at once, not
    doubting it: the events of the verdict."""
    assert [e.kind for e in RULES.apply(state, seat, Claim(word), t)] == ["claim_made"]
    events = settle(state, t + CLAIM_WINDOW_MS)
    if state.phase == "doubt":
        events += RULES.apply(state, state.last_mover, AcceptWord(), t + CLAIM_WINDOW_MS)
    return events


# --------------------------------------------------------------------------- the cards
def test_76_black_cards_from_letter_frequency_every_letter_but_yo_and_hard_sign():
    assert sum(C.BLACK_COUNTS.values()) == 76 == len(C.BLACK_IDS)
    alphabet = set("абвгдежзийклмнопрстуфхцчшщъыьэюя")
    assert set(C.BLACK_COUNTS) == alphabet - {"ъ"}
    assert all(n >= 1 for n in C.BLACK_COUNTS.values())
    # frequency order: О is the commonest letter, Ф among the rarest
    assert max(C.BLACK_COUNTS, key=C.BLACK_COUNTS.get) == "о"
    assert C.BLACK_COUNTS["н"] > C.BLACK_COUNTS["к"] > C.BLACK_COUNTS["ф"]
    assert sorted(C.RED_LETTERS) == ["а", "а", "е", "е", "и", "и", "о", "о"]
    assert C.TOTAL_CARDS == 84


@pytest.mark.parametrize("players", range(2, 7))
def test_setup_two_reds_talk_six_in_showcase_three_in_each_hand(players):
    state = RULES.new_game(opts(), players, 5)
    assert len(state.conversation) == 2 and all(C.is_red(c) for c in state.conversation)
    assert len(state.showcase) == 6 and all(C.is_red(c) for c in state.showcase)
    assert [len(h) for h in state.hands] == [3] * players
    assert len(state.deck) == 76 - 3 * players
    assert state.turn == 0  # the host who set the table typed last
    assert RULES.check_invariants(state) == []


def test_random_first_player_option_is_seeded():
    firsts = {RULES.new_game(opts(first="random"), 5, seed).turn for seed in range(40)}
    assert firsts == set(range(5))
    assert RULES.new_game(opts(first="random"), 5, 9).turn == RULES.new_game(opts(first="random"), 5, 9).turn


def test_player_counts_outside_two_to_six_are_refused():
    with pytest.raises(Rejected):
        RULES.new_game(opts(), 7, 1)
    with pytest.raises(Rejected):
        RULES.new_game(opts(), 1, 1)


# --------------------------------------------------------------------------- a turn
def test_laying_a_black_letter_draws_a_new_one_and_passes_the_turn_clockwise():
    state = arrange(3, "АО", ["кту"], deck="р")
    k = card_of(state, "к", state.hands[0])
    events = RULES.apply(state, 0, Lay(k), 10)
    assert kinds(events) == ["laid", "drew"]
    assert events[1].to == 0 and events[1].letter == "р"
    assert letters(state.hands[0]) == "тур"
    assert state.conversation[-1] == k and state.turn == 1 and state.last_mover == 0


def test_only_the_turn_seat_lays_and_only_its_own_cards():
    state = arrange(3, "АО", ["кту", "млн"])
    with pytest.raises(Rejected, match="не ваш ход"):
        RULES.apply(state, 1, Lay(state.hands[1][0]), 10)
    with pytest.raises(Rejected, match="нет ни у вас"):
        RULES.apply(state, 0, Lay(state.hands[1][0]), 10)


def test_a_red_comes_from_the_showcase_only_while_it_holds_five_or_more():
    state = arrange(2, "АОИ", ["кту"])
    assert len(state.showcase) == 5
    red = state.showcase[0]
    assert Lay(red) in RULES.legal_actions(state, 0)
    events = RULES.apply(state, 0, Lay(red), 10)
    assert kinds(events) == ["laid"]  # no draw for a red
    assert len(state.hands[0]) == 3 and len(state.showcase) == 4
    state.turn = 0
    assert not any(a.card in state.showcase for a in RULES.legal_actions(state, 0) if isinstance(a, Lay))
    with pytest.raises(Rejected, match="пять или больше"):
        RULES.apply(state, 0, Lay(state.showcase[0]), 20)
    assert sum(C.is_red(c) for c in state.conversation) == 4  # never more than four reds


def test_silence_is_allowed_the_game_goes_on_without_claims():
    state = arrange(3, "АОк", ["тту", "мрн", "лсв"])
    for seat in (0, 1, 2, 0):
        assert state.turn == seat
        RULES.apply(state, seat, Lay(state.hands[seat][0]), 100 * seat)
    assert settle(state, 10**9) == []  # no timer: nobody has to say anything


# --------------------------------------------------------------------------- claims
def test_a_claim_is_judged_after_the_window_the_mover_takes_black_letters_reds_go_back():
    state = arrange(3, "АОИкт", last_mover=0, turn=1)
    showcase = len(state.showcase)
    events = RULES.apply(state, 2, Claim("кот"), 1000)
    assert kinds(events) == ["claim_made"]
    assert RULES.view(state, 1)["race"]["pressed"] == [2]
    assert "кот" not in collect_strings(RULES.view(state, 1))  # the word stays secret until judged
    assert RULES.next_deadline(state) == 1000 + CLAIM_WINDOW_MS
    judged, = settle(state, 1000 + CLAIM_WINDOW_MS)
    assert judged.kind == "claim_judged" and state.phase == "doubt"  # the last mover may doubt it first
    taken, = RULES.apply(state, 0, AcceptWord(), 1200)
    assert judged.winner == 2 and judged.word == "кот" and judged.mover == 0 and judged.disputer == 0
    assert taken.seat == 0 and taken.points == 2 and [c[1] for c in taken.cards] == ["к", "о", "т"]
    assert letters(state.discards[0]) == "кт"  # black К and Т; the red О went back to the showcase
    assert len(state.showcase) == showcase + 1
    assert letters(state.conversation) == "аи"
    assert RULES.view(state, 1)["scores"][0] == 2


def test_reds_serve_the_vowels_before_black_ones():
    state = arrange(3, "АОИкто", last_mover=0, turn=1)
    claim_and_judge(state, 1, "кот")
    assert letters(state.discards[0]) == "кт"
    assert letters(state.conversation) == "аио"
    assert [C.is_red(c) for c in state.conversation] == [True, True, False]


def test_fewer_than_two_reds_left_starts_a_new_conversation():
    state = arrange(3, "АОктр", last_mover=0, turn=1)
    events = claim_and_judge(state, 2, "кот")
    assert kinds(events) == ["claim_judged", "letters_taken", "conversation_reset"]
    reset = events[-1]
    assert sorted(letter for _, letter in reset.discarded) == ["р"]
    assert len(state.conversation) == 2 and all(C.is_red(c) for c in state.conversation)
    assert len(state.showcase) == 6
    assert letters(state.common_discard) == "р"
    assert RULES.check_invariants(state) == []


def test_two_reds_left_keep_the_conversation():
    state = arrange(3, "АОИкт", last_mover=0, turn=1)
    events = claim_and_judge(state, 2, "кит")
    assert "conversation_reset" not in kinds(events)
    assert letters(state.conversation) == "ао"


def test_the_penalised_player_chooses_themself_or_the_left_neighbour():
    state = arrange(4, "АОкт", last_mover=2, turn=3)
    claim_and_judge(state, 0, "кот")
    assert state.phase == "choose" and state.chooser == 2
    assert RULES.legal_actions(state, 2)[-2:] == [ChooseNext(2), ChooseNext(3)]
    assert not any(isinstance(a, Lay) for a in RULES.legal_actions(state, 3))
    with pytest.raises(Rejected):
        RULES.apply(state, 2, ChooseNext(0), 2000)
    with pytest.raises(Rejected):
        RULES.apply(state, 3, ChooseNext(3), 2000)
    with pytest.raises(Rejected, match="выбирает"):
        RULES.apply(state, 3, Lay(state.hands[3][0]), 2000)
    assert kinds(RULES.apply(state, 2, ChooseNext(2), 2000)) == ["next_chosen"]
    assert state.phase == "play" and state.turn == 2


def test_choosing_the_left_neighbour_wraps_around_the_table():
    state = arrange(3, "АОкт", last_mover=2, turn=0)
    claim_and_judge(state, 1, "кот")
    RULES.apply(state, 2, ChooseNext(0), 2000)
    assert state.turn == 0


def test_the_last_mover_cannot_claim_anyone_else_can_even_the_next_player_at_any_moment():
    state = arrange(3, "АОкт", last_mover=0, turn=1)
    with pytest.raises(Rejected, match="выложили вы"):
        RULES.apply(state, 0, Claim("кот"), 10)
    assert Claim("") not in RULES.legal_actions(state, 0)
    assert Claim("") in RULES.legal_actions(state, 1) and Claim("") in RULES.legal_actions(state, 2)
    assert kinds(claim_and_judge(state, 1, "кот"))[:1] == ["claim_judged"]


def test_no_claims_before_anyone_laid_a_letter():
    state = RULES.new_game(opts(), 3, 1)
    assert not any(isinstance(a, Claim) for a in RULES.legal_actions(state, 1))
    with pytest.raises(Rejected, match="никто"):
        RULES.apply(state, 1, Claim("кот"), 10)


@pytest.mark.parametrize("word, message", [
    ("кит", "не хватает И"),
    ("от", "не меньше трёх"),
    ("cat", "русскими"),
    ("ко т", "русскими"),
])
def test_a_word_not_spelt_from_the_conversation_gets_a_clear_message(word, message):
    state = arrange(3, "АОкт", last_mover=0, turn=1)
    before = snapshot(state)
    with pytest.raises(Rejected, match=message):
        RULES.apply(state, 1, Claim(word), 10)
    assert snapshot(state) == before


def test_order_does_not_matter_and_not_all_letters_are_needed():
    state = arrange(3, "АОтрк", last_mover=0, turn=1)
    events = claim_and_judge(state, 1, "КРОТ ")
    assert events[0].winner == 1 and events[0].word == "крот"


def test_e_stands_for_yo():
    state = arrange(3, "АЕлк", last_mover=0, turn=1)
    events = claim_and_judge(state, 1, "ёлка")
    assert events[0].winner == 1
    assert [c[1] for c in events[1].cards] == ["е", "л", "к", "а"]


def test_the_first_valid_claim_wins_and_the_margin_is_shown():
    state = arrange(4, "АОктр", last_mover=0, turn=1)
    RULES.apply(state, 3, Claim("крот"), 1000)
    RULES.apply(state, 1, Claim("кот"), 1000 + 60)
    with pytest.raises(Rejected, match="уже назвали"):
        RULES.apply(state, 3, Claim("рот"), 1070)
    with pytest.raises(Rejected, match="разбирают"):
        RULES.apply(state, 1, Lay(state.hands[1][0]), 1080)
    events = settle(state, 1000 + CLAIM_WINDOW_MS)
    judged = events[0]
    assert judged.winner == 3 and judged.word == "крот" and judged.margin_ms == 60 and not judged.tied
    assert [p[0] for p in judged.presses] == [3, 1] and judged.presses[1][4] == 60


def test_a_refused_word_does_not_beat_a_later_valid_one():
    state = arrange(4, "АОктр", last_mover=0, turn=1)
    RULES.apply(state, 3, Claim("ркота"), 1000)  # spelt from the letters, but no such word
    RULES.apply(state, 2, Claim("рот"), 1040)
    judged = settle(state, 1000 + CLAIM_WINDOW_MS)[0]
    assert judged.winner == 2 and judged.presses[0][:3] == (3, "ркота", False)
    assert judged.presses[0][3]  # the Russian reason


def test_presses_within_one_frame_are_a_tie_broken_by_the_seeded_coin():
    winners = set()
    for seed in range(30):
        state = arrange(3, "АОктр", last_mover=0, turn=1, seed=seed)
        RULES.apply(state, 1, Claim("кот"), 1000)
        RULES.apply(state, 2, Claim("рот"), 1000 + FRAME_MS - 1)
        judged = settle(state, 2000)[0]
        assert judged.tied
        winners.add(judged.winner)
        again = arrange(3, "АОктр", last_mover=0, turn=1, seed=seed)
        RULES.apply(again, 1, Claim("кот"), 1000)
        RULES.apply(again, 2, Claim("рот"), 1000 + FRAME_MS - 1)
        assert settle(again, 2000)[0].winner == judged.winner  # replays identically
    assert winners == {1, 2}


def test_a_late_claim_after_someone_elses_move_penalises_whoever_moved_last():
    state = arrange(3, "АОкт", ["лмн", "срв", "пдз"], last_mover=0, turn=1)
    # nobody noticed КОТ; player 2 lays a letter
    RULES.apply(state, 1, Lay(card_of(state, "с", state.hands[1])), 100)
    assert state.last_mover == 1
    events = claim_and_judge(state, 2, "кот", t=5000)
    assert events[1].seat == 1 and letters(state.discards[1]) == "кт" and state.discards[0] == []
    # the one who laid the first word may now name it too: the last move was not theirs
    state2 = arrange(3, "АОкт", ["лмн", "срв", "пдз"], last_mover=0, turn=1)
    RULES.apply(state2, 1, Lay(card_of(state2, "с", state2.hands[1])), 100)
    assert claim_and_judge(state2, 0, "кот", t=5000)[0].winner == 0


def test_claims_are_open_during_the_next_choice_and_hit_the_same_last_mover():
    state = arrange(3, "АОИктмр", last_mover=0, turn=1)
    claim_and_judge(state, 1, "кот", t=1000)
    assert state.phase == "choose"
    events = claim_and_judge(state, 2, "мир", t=3000)
    assert events[0].winner == 2 and letters(state.discards[0]) == "ктмр"


def test_announcing_a_claim_shows_others_someone_found_a_word():
    state = arrange(3, "АОкт", last_mover=0, turn=1)
    events = RULES.apply(state, 2, Claim(""), 10)
    assert kinds(events) == ["claim_announced"] and RULES.view(state, 0)["announced"] == [2]
    RULES.apply(state, 2, Claim(""), 20)  # pressing again is harmless
    assert RULES.view(state, 0)["announced"] == [2]
    claim_and_judge(state, 2, "кот", t=40)
    assert RULES.view(state, 0)["announced"] == []


# --------------------------------------------------------------------------- doubting an accepted word
def doubted_table(players=3, **options):
    """КОТ, which the dictionary knows, named by seat 1 against seat 0, who laid the last letter."""
    state = arrange(players, "АОИктр", last_mover=0, turn=1, options=options)
    RULES.apply(state, 1, Claim("кот"), 1000)
    judged, = settle(state, 1000 + CLAIM_WINDOW_MS)
    assert judged.winner == 1 and judged.disputer == 0 and state.phase == "doubt"
    return state


def test_the_last_mover_alone_may_doubt_a_word_the_dictionary_accepts_or_take_its_letters():
    """«Если игрок, завершивший ход, сомневается, существует ли составленное слово… можете начать голосование»."""
    state = doubted_table()
    assert RULES.to_act(state) == (0,)
    assert RULES.legal_actions(state, 0) == [AcceptWord(), CallVote()]
    assert RULES.legal_actions(state, 1) == RULES.legal_actions(state, 2) == []
    view = RULES.view(state, 2)["dispute"]
    assert (view["seat"], view["word"], view["ok"], view["closes_ms"]) == (1, "кот", True, 1150 + DOUBT_MS)
    before = snapshot(state)
    for seat, action, code in [(1, CallVote(), "doubt"), (2, AcceptWord(), "doubt"), (2, Claim("рот"), "phase"),
                               (1, Lay(state.hands[1][0]), "phase"), (0, DropClaim(), "phase")]:
        with pytest.raises(Rejected) as refused:
            RULES.apply(state, seat, action, 1200)
        assert refused.value.code == code, (seat, action)
    assert snapshot(state) == before
    events = RULES.apply(state, 0, AcceptWord(), 1300)
    assert kinds(events) == ["letters_taken"] and letters(state.discards[0]) == "кт" and state.phase == "choose"
    for seat in range(3):  # the window is closed: nobody doubts the word any more
        assert not {AcceptWord(), CallVote()} & set(RULES.legal_actions(state, seat))
    with pytest.raises(Rejected) as refused:
        RULES.apply(state, 0, CallVote(), 1400)
    assert refused.value.code == "phase"


def test_outside_an_accepted_words_window_nobody_may_doubt():
    state = arrange(3, "АОкт", last_mover=0, turn=1)
    for seat in range(3):
        for action in (AcceptWord(), CallVote()):
            assert action not in RULES.legal_actions(state, seat)
            with pytest.raises(Rejected) as refused:
                RULES.apply(state, seat, action, 10)
            assert refused.value.code == "phase"
    refused_word = refused_table()  # a word the dictionary refused: its claimer disputes, the mover takes nothing
    assert AcceptWord() not in RULES.legal_actions(refused_word, 0)


def test_an_undoubted_word_is_taken_when_the_window_lapses():
    state = doubted_table()
    events = settle(state, 1150 + DOUBT_MS)
    assert kinds(events) == ["letters_taken"] and len(state.discards[0]) == 2


def test_a_doubted_word_voted_down_is_not_counted_and_cannot_be_named_again():
    state = doubted_table(players=4, wrong_claim_penalty=True)
    called, = RULES.apply(state, 0, CallVote(), 2000)
    assert (called.kind, called.seat, called.word, called.ok) == ("vote_called", 0, "кот", True)
    assert RULES.to_act(state) == (0, 1, 2, 3)  # everyone votes, the claimer and the doubter too
    for seat, accept in [(0, False), (1, True), (2, False)]:
        RULES.apply(state, seat, Vote(accept), 2100)
    events = RULES.apply(state, 3, Vote(True), 2200)  # 2 to 2: «В случае равенства голосов… не засчитывается»
    assert kinds(events) == ["voted", "vote_result"] and not events[1].accepted
    assert not events[1].fined and state.fines == [0, 0, 0, 0]  # the dictionary took it: no «Штраф за ошибку»
    assert state.discards[0] == [] and state.phase == "play" and state.turn == 1 and state.last_mover == 0
    assert RULES.view(state, 2)["voted_down"] == ["кот"]
    with pytest.raises(Rejected) as refused:
        RULES.apply(state, 2, Claim("кот"), 2300)
    assert refused.value.code == "word" and "проголосовал" in str(refused.value)
    assert kinds(claim_and_judge(state, 2, "рот", t=2400))[:2] == ["claim_judged", "letters_taken"]


def test_a_doubted_word_the_table_upholds_costs_the_last_mover_its_letters():
    state = doubted_table(players=3)
    RULES.apply(state, 0, CallVote(), 2000)
    RULES.apply(state, 0, Vote(False), 2100)
    RULES.apply(state, 1, Vote(True), 2200)
    events = RULES.apply(state, 2, Vote(True), 2300)
    assert kinds(events) == ["voted", "vote_result", "letters_taken"]
    assert events[1].accepted and letters(state.discards[0]) == "кт" and state.phase == "choose"


# --------------------------------------------------------------------------- disputes
def refused_table(players=3, **options):
    state = arrange(players, "АОктр", last_mover=0, turn=1, options=options)
    events = claim_and_judge(state, 1, "ркота", t=1000)  # the dictionary does not know it
    assert events[0].winner == -1 and events[0].disputer == 1 and events[0].reason
    assert state.phase == "dispute"
    return state


def test_a_refused_word_lets_its_claimer_call_a_vote_or_drop_it():
    state = refused_table()
    assert RULES.legal_actions(state, 1) == [CallVote(), DropClaim()]
    assert RULES.legal_actions(state, 2) == []
    with pytest.raises(Rejected, match="спор"):
        RULES.apply(state, 2, Claim("кот"), 1200)
    with pytest.raises(Rejected):
        RULES.apply(state, 1, Lay(state.hands[1][0]), 1200)
    assert kinds(RULES.apply(state, 1, DropClaim(), 1300)) == ["claim_dropped"]
    assert state.phase == "play" and state.turn == 1 and state.fines == [0, 0, 0]


def test_the_dispute_lapses_when_nobody_calls_the_vote():
    state = refused_table(wrong_claim_penalty=True)
    events = settle(state, 1000 + CLAIM_WINDOW_MS + DISPUTE_MS)
    assert kinds(events) == ["claim_dropped"] and events[0].fined
    assert state.fines == [0, 1, 0] and RULES.view(state, 0)["scores"][1] == 1


def test_a_majority_accepts_the_word_and_the_mover_takes_it():
    state = refused_table(players=4)
    assert kinds(RULES.apply(state, 1, CallVote(), 2000)) == ["vote_called"]
    assert RULES.legal_actions(state, 3) == [Vote(True), Vote(False)]
    RULES.apply(state, 1, Vote(True), 2100)
    RULES.apply(state, 2, Vote(True), 2200)
    with pytest.raises(Rejected, match="уже"):
        RULES.apply(state, 2, Vote(False), 2250)
    RULES.apply(state, 3, Vote(True), 2300)
    events = RULES.apply(state, 0, Vote(False), 2400)
    assert kinds(events) == ["voted", "vote_result", "letters_taken", "conversation_reset"]
    assert events[1].accepted and (events[1].yes, events[1].no) == (3, 1)
    assert len(state.discards[0]) == 3 and state.phase == "choose" and state.chooser == 0


def test_a_tied_vote_does_not_count_the_word():
    state = refused_table(players=4, wrong_claim_penalty=True)
    RULES.apply(state, 1, CallVote(), 2000)
    for seat, accept in [(0, False), (1, True), (2, True)]:
        RULES.apply(state, seat, Vote(accept), 2100)
    events = RULES.apply(state, 3, Vote(False), 2200)
    assert kinds(events) == ["voted", "vote_result"]
    assert not events[1].accepted and events[1].fined
    assert state.discards[0] == [] and state.fines[1] == 1 and state.phase == "play"


def test_votes_not_cast_in_time_abstain():
    state = refused_table(players=3)
    RULES.apply(state, 1, CallVote(), 2000)
    RULES.apply(state, 1, Vote(True), 2100)
    events = settle(state, 2000 + VOTE_MS)
    assert kinds(events)[:1] == ["vote_result"] and events[0].accepted  # 1 to 0


def test_without_the_house_rule_a_wrong_word_costs_nothing():
    state = refused_table()
    RULES.apply(state, 1, CallVote(), 2000)
    for seat in range(3):
        RULES.apply(state, seat, Vote(False), 2100)
    assert state.fines == [0, 0, 0]


def test_proper_names_and_jargon_are_house_toggles_passed_to_the_dictionary():
    assert not word_judge(opts()).check("москва").ok
    assert word_judge(opts(allow_proper=True)).check("москва").ok
    state = arrange(3, "АОмскв", last_mover=0, turn=1, options={"allow_proper": True})
    assert claim_and_judge(state, 1, "москва")[0].winner == 1
    state = arrange(3, "АОмскв", last_mover=0, turn=1)
    assert claim_and_judge(state, 1, "москва")[0].winner == -1


# --------------------------------------------------------------------------- the end
def test_ten_black_letters_end_the_game_fewest_points_win():
    state = arrange(3, "АОкт", last_mover=0, turn=1)
    state.discards[0] = [c for c in state.deck if C.LETTER[c] in "нс"][:8]
    state.deck = [c for c in state.deck if c not in state.discards[0]]
    state.discards[2] = [state.deck.pop(0)]
    events = claim_and_judge(state, 1, "кот")
    assert kinds(events)[-1] == "game_ended"
    end = events[-1]
    assert end.reason == "ten" and end.final and end.scores == (10, 0, 1) and end.winners == (1,)
    assert RULES.is_over(state) and RULES.result(state)["winners"] == [1]
    assert RULES.legal_actions(state, 1) == []
    with pytest.raises(Rejected, match="закончилась"):
        RULES.apply(state, 1, Claim("кот"), 9000)


def test_drawing_the_last_black_card_ends_the_game_and_ties_share_the_win():
    state = arrange(3, "АО", ["к"], last_mover=-1, turn=0)
    spare = state.deck[:-1]
    state.common_discard += spare
    state.deck = state.deck[-1:]
    assert RULES.check_invariants(state) == []
    events = RULES.apply(state, 0, Lay(card_of(state, "к", state.hands[0])), 10)
    assert kinds(events) == ["laid", "drew", "game_ended"]
    assert events[-1].reason == "deck" and set(events[-1].winners) == {0, 1, 2}
    assert RULES.is_over(state) and len(state.hands[0]) == 3


def test_a_series_adds_up_the_games_and_deals_again():
    state = arrange(3, "АОкт", last_mover=0, turn=1, options={"series": 3})
    state.discards[0] = [c for c in state.deck if C.LETTER[c] == "о"][:8]
    state.deck = [c for c in state.deck if c not in state.discards[0]]
    events = claim_and_judge(state, 1, "кот", t=1000)
    end = events[-1]
    assert end.kind == "game_ended" and not end.final and end.totals == (10, 0, 0)
    assert state.phase == "between" and not RULES.is_over(state)
    assert all(RULES.legal_actions(state, s) == [] for s in range(3))
    events = settle(state, 1000 + CLAIM_WINDOW_MS + BETWEEN_MS)
    assert kinds(events) == ["dealt", "hand_dealt", "hand_dealt", "hand_dealt"]
    assert [e.to for e in events[1:]] == [0, 1, 2]
    assert state.game_no == 2 and state.turn == 1  # the next game starts one seat further
    assert RULES.check_invariants(state) == [] and state.discards == [[], [], []]
    assert RULES.view(state, 2)["totals"] == [10, 0, 0]


def test_the_series_winner_has_the_fewest_points_over_all_games():
    state = RULES.new_game(opts(series=3), 3, 1)
    state.totals = [7, 3, 9]
    state.game_no = 3
    state.history = [[4, 1, 5], [3, 2, 4]]
    end = RULES._end_game(state, "deck", 100)[0]
    assert end.final and end.totals == (7, 3, 9) and end.winners == (1,)
    assert RULES.result(state)["games"][-1] == [0, 0, 0]


# --------------------------------------------------------------------------- views and secrets
def test_views_show_my_hand_and_only_counts_of_others():
    state = arrange(4, "АОкт", ["лмн", "срв", "пдз", "гбч"], last_mover=0, turn=1)
    view = RULES.view(state, 1)
    assert [c["letter"] for c in view["hand"]] == ["с", "р", "в"]
    assert all(c["id"].startswith("n") for c in view["hand"])
    assert view["hand_counts"] == [3, 3, 3, 3] and view["deck"] == len(state.deck)
    strings = collect_strings(view)
    for seat in (0, 2, 3):
        assert not strings & set(state.hands[seat])
    assert not strings & set(state.deck)
    for watcher in (SPECTATOR, TV):
        assert RULES.view(state, watcher)["hand"] == []
        assert RULES.secret_ids(state, watcher) >= {c for h in state.hands for c in h}
    assert RULES.secret_ids(state, 1) == set(state.deck) | {c for s, h in enumerate(state.hands) if s != 1 for c in h}


def test_a_refused_action_leaves_the_state_untouched():
    state = arrange(3, "АОкт", last_mover=0, turn=1)
    before = snapshot(state)
    for seat, action in [(0, Claim("кот")), (2, Lay(state.hands[2][0])), (1, ChooseNext(1)), (1, Vote(True)),
                         (1, CallVote()), (1, Lay("r99")), (9, Claim("кот"))]:
        trial = copy.deepcopy(state)
        with pytest.raises(Rejected):
            RULES.apply(trial, seat, action, 50)
        assert snapshot(trial) == before


def test_wire_round_trip_and_malformed_actions():
    for action in [Lay("n3"), Claim("кот"), ChooseNext(2), CallVote(), DropClaim(), Vote(False)]:
        assert RULES.actions.decode(action.to_wire()) == action
    with pytest.raises(Rejected):
        RULES.actions.decode({"kind": "lay", "card": 5})
    with pytest.raises(Rejected):
        RULES.actions.decode({"kind": "claim", "word": "к" * 100})
    with pytest.raises(Rejected):
        RULES.actions.decode({"kind": "vote", "accept": 1})


def test_no_conversation_ever_holds_more_than_four_reds_and_hands_hold_three():
    # random play through many moves, claims found by the dictionary included
    from game.rules.base import Rng

    lex = word_judge(opts())
    for seed in range(6):
        rng = Rng(seed)
        state = RULES.new_game(opts(), 2 + seed % 5, seed)
        t = 0
        while not RULES.is_over(state) and t < 400_000:
            t += 300
            settle(state, t)
            if RULES.is_over(state):
                break
            counts = Counter(C.LETTER[c] for c in state.conversation)
            word = lex.any_word_from(counts)
            claimers = [s for s in range(state.players) if RULES.can_claim(state, s)]
            if word and word not in state.voted_down and claimers and rng.chance(0.5):
                RULES.apply(state, rng.choice(claimers), Claim(word), t)
                continue
            moves = [(s, a) for s in range(state.players) for a in RULES.legal_actions(state, s)
                     if not isinstance(a, Claim)]
            if moves:
                seat, action = rng.choice(moves)
                RULES.apply(state, seat, action, t)
            assert RULES.check_invariants(state) == []
            assert sum(C.is_red(c) for c in state.conversation) <= 4
        assert RULES.is_over(state)
