"""Словодел: «Запрещены уменьшительно-ласкательные формы слов, если они не являются самостоятельными терминами»."""
from __future__ import annotations

import pytest

from game.rules import lexicon

DIMINUTIVES = ["кошечка", "хлебушек", "папочка", "птичка", "ручонка", "ножичек", "чашечка", "горшочек", "ниточка",
               "стульчик", "ведёрко", "кусочек", "ёжик", "столик", "платочек", "ложечка", "домик", "котик", "синичка"]
OWN_WORDS = ["девочка", "бабочка", "бабушка", "девушка", "ручка", "носок", "цветок", "мостик", "лампочка", "карточка",
             "график", "мужик", "веник", "переводчик", "счётчик", "утечка", "матка", "граница", "страница", "полка",
             "платок", "образец", "сорочка", "табличка", "книжка", "девчонка", "булочка", "кузнечик", "колокольчик"]


# issue 29: -ышко, -ечко, -ошко, -онька, -енька, -ушка, -ушко, and a word's ё spelling as well as its е spelling
DIMINUTIVES_29 = ["зёрнышко", "зернышко", "колечко", "брёвнышко", "гнёздышко", "пёрышко", "стёклышко", "яблонька",
                  "кухонька", "деревенька", "дяденька", "хлебушко", "избушка", "деревушка", "речушка", "тётушка",
                  "окошко", "полюшко", "судёнышко", "пенёк", "пенек", "ручеёк", "ручеек"]
# words that end like a diminutive, or are one by their letters, with a meaning of their own
OWN_WORDS_29 = ["собачка", "кукушка", "подушка", "ловушка", "старушка", "игрушка", "лягушка", "кормушка", "веснушка",
                "частушка", "ракушка", "раскладушка", "дедушка", "батюшка", "матушка", "ступенька", "пелёнка",
                "серёдка", "зелёнка", "холодец", "песец", "зубец", "поморец", "якутец", "блик", "бойница", "высотка",
                "встречка", "глубинка", "грудка", "иконка", "лунка", "улика", "описка", "осечка", "ягодица", "кочка",
                "леска", "ширинка", "скалка", "кодек", "методичка", "коронка", "пунктик"]


@pytest.mark.parametrize("word", DIMINUTIVES_29)
def test_issue_29_diminutives_are_refused_in_slovodel(word):
    assert lexicon.get("slovodel").check(word).reason == "уменьшительная форма"
    assert lexicon.get("erudit").check(word).ok


@pytest.mark.parametrize("word", OWN_WORDS_29)
def test_issue_29_words_of_their_own_stay(word):
    assert lexicon.get("slovodel").check(word).ok


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
