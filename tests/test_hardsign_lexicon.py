"""«Твёрдый знак» on the real dictionary: special cards read real words, bonus tags come from the lexicon."""
from __future__ import annotations

import pytest

from game.rules.base import Rejected
from game.rules.hardsign import RULES
from game.rules.hardsign import words as W
from game.rules.hardsign.actions import Submit
from hardsign_support import arrange, ids


@pytest.fixture(autouse=True)
def real_dictionary():
    W.use_words(None)


@pytest.mark.parametrize("hand,table,row,word", [
    ("πРО", "ГАЕ", "πРОГ", "пирог"),
    ("ЗОД", "АИЕ", "ЗОД", "триод"),
    ("СЪЕ", "ЗДА", "СЪЕЗД", "съезд"),
    ("СТъ", "ЛОЕ", "СТОЛъ", "столъ"),
    ("*ОГ", "АИЕ", "*ОГ", "рог"),
    ("МæС", "ОАЕ", "МæСО", "мясо"),
    ("СЛ#", "ООЕ", "СЛО#О", "слово"),
    ("ЕЖК", "АИО", "ЕЖ", "ёж"),
])
def test_special_cards_read_real_words(hand, table, row, word):
    state = arrange(RULES.new_game({}, 2, 3), [hand, "ААА"], table)
    events = RULES.apply(state, 0, Submit(ids(state, 0, row), word), 100)
    assert events[0].kind == "word_laid"


def test_plurals_are_refused_with_the_lexicon_reason():
    state = arrange(RULES.new_game({}, 2, 3), ["СТО", "ААА"], "ЛЫЕ")
    with pytest.raises(Rejected) as err:
        RULES.apply(state, 0, Submit(ids(state, 0, "СТОЛЫ"), "столы"), 100)
    assert "столы" in err.value.reason and "множественное" in err.value.reason


def test_search_finds_the_pi_and_three_readings_and_offers_them():
    plays = W.plays_for(["π", "Р", "О"], ["Г", "А", "Е"])
    assert "пирог" in {p.word for p in plays}
    plays = W.plays_for(["З", "О", "Д"], ["А", "Е", "Е"])
    assert "триод" in {p.word for p in plays}
    state = arrange(RULES.new_game({}, 2, 3), ["СЪЕ", "ААА"], "ЗДО")
    offered = [a for a in RULES.legal_actions(state, 0) if a.kind == "submit"]
    assert offered and all(any(c in state.hands[0] for c in a.cards) for a in offered)


def test_bonus_tags_come_from_the_lexicon():
    state = arrange(RULES.new_game({}, 2, 3), ["КОТ", "ААА"], "ЕИИ", bonuses=("муж", "кто", "жен"))
    RULES.apply(state, 0, Submit(ids(state, 0, "КОТ"), "кот"), 100)
    score = RULES.view(state, 0)["my_word"]["score"]
    assert {b["tag"] for b in score["bonuses"]} == {"муж", "кто"}
