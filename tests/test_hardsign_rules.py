"""«Твёрдый знак» rules on a small real dictionary: every card type, the race, bribes, letters, ties, the bank."""
from __future__ import annotations

import copy

import pytest
from hypothesis import given, settings, strategies as st

from game.rules import lexicon
from game.rules.base import SPECTATOR, Rejected, collect_strings, snapshot
from game.rules.hardsign import RULES, split_cards
from game.rules.hardsign import cards as C
from game.rules.hardsign import words as W
from game.rules.hardsign.actions import AskLetter, Bribe, Pass, Submit, Withdraw
from hardsign_support import SMALL, arrange, ids


@pytest.fixture(autouse=True)
def small_dictionary():
    W.use_words(SMALL)
    yield
    W.use_words(None)


def game(players=3, options=None, seed=1):
    return RULES.new_game(options or {}, players, seed)


def submit(state, seat, faces, word, t=1000):
    return RULES.apply(state, seat, Submit(ids(state, seat, faces), word), t)


def kinds(events):
    return [e.kind for e in events]


def last(state):
    return RULES.view(state, SPECTATOR)["last"]


# ------------------------------------------------------------------ the deck
def test_deck_has_99_cards_with_stars_from_1_to_10_and_hard_sign_dearest():
    faces = C.deck_faces()
    assert len(faces) == 99
    values = {f: C.stars(f) for f in faces}
    assert all(1 <= v <= 10 for v in values.values())
    assert values["Ъ"] == 10 and max(values.values()) == 10
    assert values["О"] == 1 and values["Ф"] > values["К"] > values["О"]
    for special in (C.ANY, C.PI, C.VOWEL, C.CONSONANT, C.FINAL_SIGN, C.HARD_SIGN, C.THREE):
        assert special in faces
    assert len(C.BONUSES) == 18 and {b.points for b in C.BONUSES} == {1, 2, 3, 4}


def test_deal_gives_three_cards_each_three_on_table_three_bonuses():
    state = game(4)
    assert [len(h) for h in state.hands] == [3, 3, 3, 3]
    assert len(state.table) == 3 and len(state.bonus_table) == 3
    assert len(state.deck) == 99 - 15
    assert RULES.check_invariants(state) == []


# ------------------------------------------------------------------ each card type
@pytest.mark.parametrize("hand,table,row,word", [
    ("КОТ", "АИЕ", "КОТ", "кот"),            # plain letters from the hand alone (at most 3 cards)
    ("*ОГ", "АИЕ", "*ОГ", "рог"),            # * any letter
    ("πРО", "ГАЕ", "πРОГ", "пирог"),          # π reads «пи»
    ("МæС", "ОАЕ", "МæСО", "мясо"),          # æ any vowel
    ("СЛ#", "ООЕ", "СЛО#О", "слово"),        # любая согласная
    ("ЗОД", "АИЕ", "ЗОД", "триод"),          # З reads «три»
    ("СТО", "ЛАЕ", "СТОЛ", "стол"),
    ("СТъ", "ЛОЕ", "СТОЛъ", "столъ"),        # the pre-reform ъ after a consonant
    ("СЪЕ", "ЗДА", "СЪЕЗД", "съезд"),        # Ъ inside the word
])
def test_every_card_type_reads(hand, table, row, word):
    state = arrange(game(2), [hand, "ААА"], table)
    events = submit(state, 0, row, word)
    assert "word_laid" in kinds(events)


def test_three_card_reads_as_plain_z_too():
    W.use_words(W.FixedWords(["зов", "триод"]))
    state = arrange(game(2), ["ЗОВ", "ААА"], "ДИЕ")
    assert "word_laid" in kinds(submit(state, 0, "ЗОВ", "зов"))


def test_final_sign_only_at_the_end_after_a_consonant():
    state = arrange(game(2), ["СъТ", "ААА"], "ОЛЕ")
    with pytest.raises(Rejected) as err:
        submit(state, 0, "СъТОЛ", "сътол")
    assert "не складываются" in err.value.reason


def test_table_only_word_is_refused():
    state = arrange(game(2), ["ААА", "ЕЕЕ"], "КОТ")
    with pytest.raises(Rejected) as err:
        RULES.apply(state, 0, Submit(tuple(state.table), "кот"), 10)
    assert "с руки" in err.value.reason
    assert RULES.legal_actions(state, 0)[0] == Pass()  # no word offered either


def test_foreign_cards_twice_used_cards_and_unknown_words_are_refused_and_change_nothing():
    state = arrange(game(2), ["КОТ", "РОГ"], "АИЕ")
    before = snapshot(state)
    bad = [
        Submit((state.hands[1][0], state.hands[0][1], state.hands[0][2]), "рот"),
        Submit((state.hands[0][0], state.hands[0][0]), "кк"),
        Submit(ids(state, 0, "ТОК"), "кот"),
        Submit(ids(state, 0, "КОТА"), "кота"),
        Submit(ids(state, 0, "КОТ"), "cat"),
    ]
    for action in bad:
        with pytest.raises(Rejected) as err:
            RULES.apply(state, 0, action, 5)
        assert any("а" <= ch <= "я" for ch in err.value.reason.lower())
        assert snapshot(state) == before


# ------------------------------------------------------------------ «Раньше всех», withdrawing, the race
def test_first_word_takes_early_card_and_withdrawing_gives_it_back():
    state = arrange(game(3), ["КОТ", "РОС", "ЕЕЕ"], "ОНЛ")
    events = submit(state, 0, "КОТ", "кот", t=1000)
    assert state.early == 0 and "early_card" in kinds(events)
    submit(state, 1, "СОН", "сон", t=2000)
    assert state.early == 0
    events = RULES.apply(state, 0, Withdraw(), 3000)
    assert state.early == -1 and events[-1].seat == -1
    # the card went back to the table: the next word laid takes it, not the earlier one still lying there
    submit(state, 0, "ТОК", "ток", t=4000)
    assert state.early == 0
    assert RULES.view(state, 0)["my_word"]["score"]["early"] == 1


def test_early_card_is_decided_by_time_not_by_arrival():
    state = arrange(game(3), ["КОТ", "РОС", "ЕЕЕ"], "ОНЛ")
    submit(state, 0, "КОТ", "кот", t=2000)
    submit(state, 1, "СОН", "сон", t=1500)  # pressed earlier, arrived later
    assert state.early == 1


def test_others_cannot_see_a_laid_word_until_the_reveal_but_see_that_it_was_laid():
    state = arrange(game(3), ["КОТ", "РОС", "ЕЕЕ"], "ОНЛ")
    submit(state, 0, "КОТ", "кот")
    for seat in (1, 2, SPECTATOR):
        view = RULES.view(state, seat)
        assert view["laid_order"] == [0] and view["status"][0] == "laid"
        assert "кот" not in collect_strings(view)
        assert not collect_strings(view) & RULES.secret_ids(state, seat)
    assert RULES.view(state, 0)["my_word"]["word"] == "кот"


# ------------------------------------------------------------------ scoring
def test_score_has_letters_each_matching_bonus_early_and_all_cards():
    state = arrange(game(2), ["КОТ", "ЕЕЕ"], "", bonuses=("животное", "жен", "кто"))
    state.table = []
    submit(state, 0, "КОТ", "кот")
    score = RULES.view(state, 0)["my_word"]["score"]
    assert score["letters"] == 2 + 1 + 2
    assert [b["tag"] for b in score["bonuses"]] == ["животное", "кто"]
    assert score["early"] == 1
    assert score["all_cards"] == 5  # every card in hand and on the (empty) table
    assert score["total"] == 5 + 3 + 2 + 1 + 5


def test_card_count_bonuses_count_cards_not_letters():
    state = arrange(game(2), ["πРО", "ЕЕЕ"], "Г", bonuses=("4+", "5+", "съедобное"))
    submit(state, 0, "πРОГ", "пирог")  # five letters, four cards
    score = RULES.view(state, 0)["my_word"]["score"]
    assert [b["tag"] for b in score["bonuses"]] == ["4+", "съедобное"]


def test_all_cards_bonus_needs_every_table_card_too():
    state = arrange(game(2), ["КОТ", "ЕЕЕ"], "А")
    submit(state, 0, "КОТ", "кот")
    assert RULES.view(state, 0)["my_word"]["score"]["all_cards"] == 0


def test_best_total_wins_takes_every_played_card_and_banks_bonus_points():
    state = arrange(game(3), ["КОТ", "СЛН", "ЕЕЕ"], "ОАИ", bonuses=("животное", "рыба", "птица"))
    submit(state, 0, "КОТ", "кот", t=100)      # 5 + 3 (животное) + 1 early = 9
    submit(state, 1, "СЛОН", "слон", t=200)    # 2+2+1+2 = 7 + 3 = 10
    events = RULES.apply(state, 2, Pass(), 300)
    won = next(e for e in events if e.kind == "round_won")
    assert won.winners == (1,) and not won.instant
    assert sorted(C.stars(state.face(c)) for c in state.banks[1]) == sorted([2, 1, 2, 2, 2, 1, 2])
    assert state.bonus_points[1] == 3
    assert state.phase == "reveal" and RULES.check_invariants(state) == []
    # the used bonus card went under the stack; the unused ones stay for the next deal
    tags = [state.bonus_tag(b) for b in state.bonus_table]
    assert tags == ["рыба", "птица"] and state.bonus_tag(state.bonus_stack[0]) == "животное"
    RULES.tick(state, state.deadline)
    assert len(state.bonus_table) == 3 and state.round == 2


def test_instant_win_with_hard_sign_inside_ends_the_race_at_once():
    state = arrange(game(3), ["СЪЕ", "КОТ", "ЕЕЕ"], "ЗДА", bonuses=("рыба", "птица", "растение"))
    submit(state, 1, "КОТ", "кот", t=100)
    events = submit(state, 0, "СЪЕЗД", "съезд", t=200)
    won = next(e for e in events if e.kind == "round_won")
    assert won.instant and won.winners == (0,)
    assert len(state.banks[0]) == 8  # his five and the other word's three


def test_joker_as_hard_sign_and_the_final_sign_never_win_at_once():
    state = arrange(game(3), ["С*Е", "СТъ", "ЕЕЕ"], "ЗДЛ")
    events = submit(state, 0, "С*ЕЗД", "съезд", t=100)
    assert "round_won" not in kinds(events) and not RULES.view(state, 0)["my_word"]["score"]["instant"]
    state2 = arrange(game(2), ["СТъ", "ЕЕЕ"], "ОЛА")
    events = submit(state2, 0, "СТОЛъ", "столъ")
    assert "round_won" not in kinds(events)
    assert RULES.view(state2, 0)["my_word"]["score"]["letters"] == 2 + 2 + 1 + 2 + 10


def test_tie_on_total_and_length_splits_the_won_cards_evenly():
    W.use_words(W.FixedWords(["кот", "ток"]))
    state = arrange(game(3), ["КОТ", "ТОК", "ЕЕЕ"], "ААА")
    submit(state, 0, "КОТ", "кот", t=100)
    submit(state, 1, "ТОК", "ток", t=100)
    state.early = -1  # a dead heat: nobody holds «Раньше всех»
    events = RULES.apply(state, 2, Pass(), 300)
    won = next(e for e in events if e.kind == "round_won")
    assert won.winners == (0, 1)
    assert len(state.banks[0]) == len(state.banks[1]) == 3
    assert sum(C.stars(state.face(c)) for c in state.banks[0]) == sum(C.stars(state.face(c)) for c in state.banks[1])


def test_longer_word_breaks_a_tie_on_points():
    W.use_words(W.FixedWords(["кот", "ааа", "оно"]))
    state = arrange(game(3), ["КОТ", "ОНО", "ЕЕЕ"], "ААА")
    submit(state, 0, "КОТ", "кот", t=100)  # 5 (+1 early)
    submit(state, 1, "ОНО", "оно", t=200)  # 4
    events = RULES.apply(state, 2, Pass(), 300)
    assert next(e for e in events if e.kind == "round_won").winners == (0,)
    W.use_words(W.FixedWords(["кот", "сова"]))
    state = arrange(game(3), ["КОТ", "СОВ", "ЕЕЕ"], "ААА")
    submit(state, 0, "КОТ", "кот", t=100)  # 5 + 1 = 6
    submit(state, 1, "СОВА", "сова", t=200)  # 2+1+2+1 = 6, longer
    events = RULES.apply(state, 2, Pass(), 300)
    assert next(e for e in events if e.kind == "round_won").winners == (1,)


@given(st.lists(st.integers(1, 10), max_size=20), st.integers(1, 4))
@settings(max_examples=60, deadline=None)
def test_split_is_even_by_count_and_keeps_every_card(values, ways):
    cards = [f"k{i}" for i in range(len(values))]
    shares = split_cards(cards, ways, lambda c: values[int(c[1:])])
    assert len({len(s) for s in shares}) <= 1
    flat = [c for s in shares for c in s]
    assert len(flat) == len(set(flat)) and len(cards) - len(flat) < ways
    if flat:  # dealt dearest first in a snake, no share is ahead by more than one card
        totals = [sum(values[int(c[1:])] for c in s) for s in shares]
        assert max(totals) - min(totals) <= max(values)


# ------------------------------------------------------------------ the longest word
def test_longest_word_card_passes_to_a_longer_word_not_an_equal_one():
    state = arrange(game(2), ["КОТ", "ЕЕЕ"], "ААА")
    events = submit(state, 0, "КОТ", "кот")
    RULES.apply(state, 1, Pass(), 10)
    assert (state.longest_seat, state.longest_word) == (0, "кот")
    RULES.tick(state, state.deadline)
    arrange(state, ["ЕЕЕ", "СОН"], "ААА")
    submit(state, 1, "СОН", "сон")
    RULES.apply(state, 0, Pass(), 10)
    assert state.longest_seat == 0  # equal length: the card stays
    RULES.tick(state, state.deadline)
    arrange(state, ["ЕЕЕ", "СЛН"], "ОАА")
    events = submit(state, 1, "СЛОН", "слон") + RULES.apply(state, 0, Pass(), 10)
    moved = next(e for e in events if e.kind == "longest_word")
    assert (moved.seat, moved.previous, moved.length) == (1, 0, 4)
    assert RULES.scores(state)[1] == RULES.bank_stars(state, 1) + state.bonus_points[1] + 10


def test_longest_word_card_needs_the_longest_word_of_the_deal():
    """«Карту получает победитель раздачи, составивший в ней самое длинное слово»: щит wins the deal on stars, but
    рота was laid in it too, so nobody takes the card; a winner as long as the deal's longest word takes it."""
    W.use_words(W.FixedWords(["щит", "рота", "кот", "сон"]))
    state = arrange(game(3), ["ЩИТ", "РОТ", "ЕЕЕ"], "ААА", bonuses=("муж", "жен", "ср"))
    submit(state, 0, "ЩИТ", "щит", t=100)  # 8+1+2, +1 «Раньше всех»
    submit(state, 1, "РОТА", "рота", t=200)  # 2+1+2+1, longer
    events = RULES.apply(state, 2, Pass(), 300)
    assert next(e for e in events if e.kind == "round_won").winners == (0,)
    assert "longest_word" not in kinds(events) and state.longest_seat == -1
    RULES.tick(state, state.deadline)
    arrange(state, ["КОТ", "СОН", "ЕЕЕ"], "ААА", bonuses=("муж", "жен", "ср"))
    submit(state, 0, "КОТ", "кот", t=state.stage_started + 100)  # 2+1+2, +1
    submit(state, 1, "СОН", "сон", t=state.stage_started + 200)  # 2+1+2: as long, cheaper
    events = RULES.apply(state, 2, Pass(), state.stage_started + 300)
    moved = next(e for e in events if e.kind == "longest_word")
    assert (moved.seat, moved.word, moved.previous) == (0, "кот", -1)


# ------------------------------------------------------------------ more letters, void deals, timers
def test_fourth_and_fifth_letters_then_the_deal_is_void():
    state = arrange(game(2), ["ЕЕЕ", "ИИИ"], "ААА")
    assert AskLetter() in RULES.legal_actions(state, 0)
    RULES.apply(state, 0, AskLetter(), 10)
    events = RULES.apply(state, 1, AskLetter(), 20)
    added = next(e for e in events if e.kind == "letter_added")
    assert added.count == 4 and len(state.table) == 4 and state.status == ["thinking", "thinking"]
    RULES.apply(state, 0, AskLetter(), 30)
    RULES.apply(state, 1, AskLetter(), 40)
    assert len(state.table) == 5
    assert AskLetter() not in RULES.legal_actions(state, 0)
    with pytest.raises(Rejected):
        RULES.apply(state, 0, AskLetter(), 50)
    RULES.apply(state, 0, Pass(), 50)
    events = RULES.apply(state, 1, Pass(), 60)
    assert "round_void" in kinds(events)
    assert len(state.deck) == 99 and RULES.check_invariants(state) == []
    RULES.tick(state, state.deadline)
    assert state.round == 2 and state.phase == "race"


def test_passing_everyone_with_no_word_voids_and_three_voids_end_the_game():
    state = game(2)
    for _ in range(3):
        RULES.apply(state, 0, Pass(), state.stage_started + 1)
        RULES.apply(state, 1, Pass(), state.stage_started + 2)
        assert state.phase == "reveal"
        events = RULES.tick(state, state.deadline)
    assert "game_over" in kinds(events) and RULES.is_over(state)
    assert RULES.result(state)["winners"] == [0, 1]


def test_think_timer_adds_a_letter_and_answer_timer_closes_the_race():
    state = arrange(game(3), ["КОТ", "ЕЕЕ", "ИИИ"], "ААА")
    think = RULES.next_deadline(state)
    assert think == 90_000
    events = RULES.tick(state, think)
    assert kinds(events)[:2] == ["time_up", "letter_added"] and len(state.table) == 4
    assert RULES.next_deadline(state) == think + 90_000
    submit(state, 0, "КОТ", "кот", t=think + 1000)
    assert RULES.next_deadline(state) == think + 1000 + 30_000
    events = RULES.tick(state, RULES.next_deadline(state))
    assert events[0].seats == (1, 2) and "round_won" in kinds(events)


def test_tick_before_the_deadline_changes_nothing():
    state = game(2)
    before = snapshot(state)
    assert RULES.tick(state, RULES.next_deadline(state) - 1) == []
    assert snapshot(state) == before


# ------------------------------------------------------------------ bribes
def test_bribe_pays_each_player_who_laid_a_word_and_adds_a_letter():
    state = arrange(game(3), ["КОТ", "РОС", "ЕЕЕ"], "ОНЛ", banks=["", "", "ФЩЦ"])
    submit(state, 0, "КОТ", "кот", t=100)
    assert Bribe() not in RULES.legal_actions(state, 2)  # one word is not enough
    with pytest.raises(Rejected) as err:
        RULES.apply(state, 2, Bribe(), 150)
    assert "хотя бы 2 слова" in err.value.reason
    submit(state, 1, "СОН", "сон", t=200)
    assert Bribe() in RULES.legal_actions(state, 2)
    events = RULES.apply(state, 2, Bribe(), 300)
    paid = events[0]
    assert paid.kind == "bribe_paid" and paid.takers == (0, 1) and len(paid.faces) == 2
    assert len(state.banks[2]) == 1 and len(state.banks[0]) == len(state.banks[1]) == 1
    assert events[1].kind == "letter_added" and len(state.table) == 4
    assert RULES.next_deadline(state) == 300 + 30_000
    assert RULES.check_invariants(state) == []


def test_bribe_needs_a_bank_for_everyone_and_can_follow_one_word_by_house_rule():
    state = arrange(game(3, {"bribe_after_one": True}), ["КОТ", "РОС", "ЕЕЕ"], "ОНЛ", banks=["", "", "Ф"])
    submit(state, 0, "КОТ", "кот", t=100)
    assert Bribe() in RULES.legal_actions(state, 2)
    submit(state, 1, "СОН", "сон", t=200)
    with pytest.raises(Rejected) as err:
        RULES.apply(state, 2, Bribe(), 300)
    assert "мало карт" in err.value.reason


# ------------------------------------------------------------------ the end of the game
def test_game_ends_when_the_deck_cannot_deal_three_to_everyone():
    state = arrange(game(2), ["КОТ", "ЕЕЕ"], "ААА")
    submit(state, 0, "КОТ", "кот")
    RULES.apply(state, 1, Pass(), 10)
    # leave only 8 cards in the deck: 2 × 3 + 3 = 9 are needed
    surplus = state.deck[:-8]
    state.deck = state.deck[-8:]
    state.banks[1].extend(surplus)
    events = RULES.tick(state, state.deadline)
    over = events[-1]
    assert over.kind == "game_over" and "не хватает" in over.reason
    result = RULES.result(state)
    assert result["scores"][0] == RULES.bank_stars(state, 0) + state.bonus_points[0] + 10
    assert RULES.legal_actions(state, 0) == [] and RULES.next_deadline(state) is None


def test_offered_words_always_apply():
    state = arrange(game(2), ["πРО", "ЗОД"], "ГАК")
    for seat in (0, 1):
        for action in RULES.legal_actions(state, seat):
            RULES.apply(copy.deepcopy(state), seat, action, 10)


@given(st.permutations(C.deck_faces()), st.integers(3, 5))
@settings(max_examples=40, deadline=None)
def test_every_word_the_search_finds_is_accepted_by_the_judge(faces, table_size):
    W.use_words(None)  # the real dictionary: a random deal makes words there
    hand, table = "".join(faces[:3]), "".join(faces[3:3 + table_size])
    state = arrange(game(2), [hand, "ЕЕЕ" if "Е" * 3 not in hand else "ААА"], table)
    ids_all = state.hands[0] + state.table
    for play in W.plays_for([state.face(c) for c in state.hands[0]], [state.face(c) for c in state.table]):
        trial = copy.deepcopy(state)
        events = RULES.apply(trial, 0, Submit(tuple(ids_all[i] for i in play.cards), play.word), 10)
        assert events[0].kind == "word_laid"
        assert ("round_won" in kinds(events)) == play.instant


def table_letters(state) -> str:
    return "".join(state.face(c) for c in state.table)


def test_a_deal_lays_its_table_so_that_it_spells_nothing_rude():
    """Х, У, Я dealt to the table lie in another order: the same three cards (docs/RULES.md)."""
    state = arrange(game(2), ["ЕЕЕ", "ИИИ"], "ААА", deck_top="ЕЕЕИИИХУЯ")
    state.deck[:0] = [c for hand in state.hands for c in hand] + state.table  # back under the deck
    state.hands, state.table = [[], []], []
    RULES._deal(state, 100)
    assert sorted(table_letters(state)) == sorted("ХУЯ") and table_letters(state) != "ХУЯ"
    assert not lexicon.reads_rude(table_letters(state)) and RULES.check_invariants(state) == []


def test_a_fourth_letter_comes_last_and_the_table_still_spells_nothing_rude():
    state = arrange(game(2), ["ЕЕЕ", "ИИИ"], "АХУ", deck_top="Я")
    RULES.apply(state, 0, AskLetter(), 10)
    events = RULES.apply(state, 1, AskLetter(), 20)
    added = next(e for e in events if e.kind == "letter_added")
    assert added.card["face"] == "Я" and table_letters(state)[-1] == "Я"
    assert sorted(table_letters(state)) == sorted("АХУЯ") and not lexicon.reads_rude(table_letters(state))


@pytest.mark.parametrize("letters, rude", [("ахуя", True), ("бля", True), ("ауху", False), ("кот", False),
                                           ("ху*я", False)])
def test_a_row_of_letters_reads_rude_where_a_blocked_word_stands_in_it(letters, rude):
    assert lexicon.reads_rude(letters) is rude
