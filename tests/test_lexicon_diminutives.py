"""Словодел: «Запрещены уменьшительно-ласкательные формы слов, если они не являются самостоятельными терминами»."""
from __future__ import annotations

import pytest

from game.rules import lexicon

DIMINUTIVES = ["кошечка", "хлебушек", "папочка", "птичка", "ручонка", "ножичек", "чашечка", "горшочек", "ниточка",
               "стульчик", "ведёрко", "кусочек", "ёжик", "столик", "платочек", "ложечка", "домик", "котик", "синичка"]
OWN_WORDS = ["девочка", "бабочка", "бабушка", "девушка", "ручка", "носок", "цветок", "мостик", "лампочка", "карточка",
             "график", "мужик", "веник", "переводчик", "счётчик", "утечка", "матка", "граница", "страница", "полка",
             "платок", "образец", "сорочка", "табличка", "книжка", "девчонка", "булочка", "кузнечик", "колокольчик"]


@pytest.mark.parametrize("slang", [False, True])
def test_plain_diminutives_are_refused_in_slovodel(slang):
    slovodel = lexicon.get("slovodel", allow_slang=slang)
    assert {word: slovodel.check(word).reason for word in DIMINUTIVES} == \
        {word: "уменьшительная форма" for word in DIMINUTIVES}
    assert all(lexicon.get("erudit").check(word).ok for word in DIMINUTIVES)  # other games take them


def test_words_of_their_own_stay():
    slovodel = lexicon.get("slovodel")
    assert not [word for word in OWN_WORDS if not slovodel.check(word).ok]


def test_bots_never_find_a_diminutive():
    slovodel = lexicon.get("slovodel")
    found = set(slovodel.words_from("кошечкастолик")) | set(slovodel.words_from("ёжикплаточек"))
    assert {"кошка", "стол", "ёж", "платок"} <= found
    assert not found & set(DIMINUTIVES)
    assert not slovodel.common & set(DIMINUTIVES)
