"""Real words the dictionary's marks used to refuse, and the reason a refusal names: the reading a person means."""
from __future__ import annotations

import pytest

from game.rules import lexicon

NOUN_GAMES = ("erudit", "slovodel", "nowords", "hardsign")
# one of OpenCorpora's readings is «разговорное», but a plain reading is there too (often the ё spelling)
PLAIN_READING_TOO = ["жалюзи", "шофер", "бытие", "береста", "вахтер", "комбайнер", "планер", "стартер", "дрема",
                     "электростартер", "утонченность", "обыденность", "настороженность"]
ABBREVIATIONS_BECOME_WORDS = ["вуз", "втуз", "загс", "нэп"]


@pytest.mark.parametrize("game", NOUN_GAMES)
def test_a_spur_and_the_pe_teacher_are_words(game):
    judge = lexicon.get(game)
    for word in ("шпора", "физрук", "военрук", "завхоз", "завуч"):
        assert judge.check(word).ok, (game, word)


def test_hard_sign_judges_the_reading_that_would_be_played():
    hardsign = lexicon.get("hardsign")
    for word in PLAIN_READING_TOO:
        assert hardsign.check(word).ok, word
    # the ё spelling the dictionary marks stays refused, and so do the words whose every reading is marked
    assert hardsign.check("бытиё").reason == "просторечие"
    for word in ("батя", "харя", "простынь"):
        assert not hardsign.check(word).ok, word


@pytest.mark.parametrize("game", NOUN_GAMES)
def test_lower_case_abbreviations_that_decline_are_nouns(game):
    judge = lexicon.get(game)
    for word in ABBREVIATIONS_BECOME_WORDS:
        assert judge.check(word).ok, (game, word)
    assert judge.check("вузом").reason == "не именительный падеж"
    # still spelt in capitals, or names: abbreviations
    for word in ("гост", "спид", "омон"):
        assert judge.check(word).reason in ("сокращение", "имя собственное"), word


def test_abbreviations_that_became_words_decline_in_scrabble():
    scrabble = lexicon.get("scrabble")
    for word in ("вузе", "загсом", "нэпа", "втузов"):
        assert scrabble.check(word).ok, word
    assert lexicon.tags("вуз") >= {"муж", "что"}


@pytest.mark.parametrize("word, reason", [
    ("цветы", "множественное число"),  # the plural of «цветок», not the name «Цвета»
    ("стекла", "множественное число"),
    ("красная", "не существительное"),  # the adjective, not a place name
    ("зеленый", "не существительное"),
    ("стали", "не существительное"),  # «они стали», before the genitive of «сталь»
    ("бегу", "не именительный падеж"),
    ("маша", "имя собственное"),
    ("ивана", "имя собственное"),
])
def test_the_reason_is_that_of_the_reading_a_person_means(word, reason):
    assert lexicon.get("erudit").check(word).reason == reason


def test_a_name_allowed_leaves_the_case_as_the_reason():
    assert lexicon.get("erudit", allow_proper=True).check("ивана").reason == "не именительный падеж"
