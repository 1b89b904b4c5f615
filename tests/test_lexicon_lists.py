"""The reviewed word lists the index build applies: slang, просторечия, names and brands, noise, rare doublets, and
the supplement of nouns the dictionary lacks."""
from __future__ import annotations

import pytest

from game.rules import lexicon
from game.rules.lexicon.data import DATA_DIR, read_list

NOUN_GAMES = ("erudit", "slovodel", "nowords", "hardsign")
SLANG = ["чувак", "чувиха", "тусовка", "халява", "мент", "бабло", "ботан", "движуха", "инет", "препод", "универ",
         "фигня", "шмотки", "пацан", "бухло"]
COLLOQUIAL = ["батя", "башка", "деваха", "училка", "харя"]
NAMES_AND_BRANDS = ["адидас", "айфон", "лего", "пепси", "тойота", "христос", "алёнка", "габдулхай", "будда"]
SUBSTANTIVISED = ["больной", "дежурный", "заведующий", "служащий", "подопечный", "приезжий", "заведующая",
                  "знакомый", "верующий", "подозреваемый", "согласный"]
MODERN = ["капучино", "круассан", "шаурма", "латте", "эспрессо", "смузи", "тирамису", "хумус", "мультиварка",
          "эмодзи", "лазанья", "хачапури"]


def supplement_words() -> list[str]:
    words = []
    for line in (DATA_DIR / "supplement.txt").read_text(encoding="utf-8").splitlines():
        fields = line.split("#", 1)[0].split()
        if fields:
            words.append(fields[0])
    return words


@pytest.mark.parametrize("game", NOUN_GAMES)
def test_slang_needs_the_slang_toggle(game):
    plain, slangy = lexicon.get(game), lexicon.get(game, allow_slang=True)
    for word in SLANG:
        assert plain.check(word).reason == "жаргон", word
        assert slangy.check(word).ok, word
    assert not set(SLANG) & plain.common and not set(SLANG) & slangy.common


def test_slang_forms_need_the_toggle_in_scrabble():
    for word in ("ментами", "чуваку", "тусовкой", "бабла"):
        assert lexicon.get("scrabble").check(word).reason == "жаргон", word
        assert lexicon.get("scrabble", allow_slang=True).check(word).ok, word


def test_hard_sign_refuses_prostorechie_and_infr_unless_slang_is_allowed():
    hardsign = lexicon.get("hardsign")
    for word in COLLOQUIAL + ["ботан", "движуха"]:
        assert not hardsign.check(word).ok, word
    assert hardsign.check("батя").reason == "просторечие"
    assert hardsign.check("харя").reason == "просторечие"
    allowed = lexicon.get("hardsign", allow_slang=True)
    assert all(allowed.check(word).ok for word in COLLOQUIAL)
    for game in ("erudit", "slovodel", "nowords"):
        assert all(lexicon.get(game).check(word).ok for word in COLLOQUIAL), game
    assert not set(COLLOQUIAL) & lexicon.get("erudit").common


@pytest.mark.parametrize("game", NOUN_GAMES + ("scrabble",))
def test_names_and_brands_are_proper_names(game):
    for word in NAMES_AND_BRANDS:
        if game == "nowords" and len(word) < 3:
            continue
        assert lexicon.get(game).check(word).reason == "имя собственное", word
        assert lexicon.get(game, allow_proper=True).check(word).ok, word
    if game == "scrabble":
        assert lexicon.get(game).check("айфоны").reason == "имя собственное"


@pytest.mark.parametrize("game", NOUN_GAMES)
def test_substantivised_adjectives_and_modern_words_are_nouns(game):
    lex = lexicon.get(game)
    assert not [word for word in SUBSTANTIVISED + MODERN if not lex.check(word).ok]
    assert not [word for word in supplement_words() if not lex.is_word(word)]


def test_supplement_words_decline_in_scrabble_and_carry_their_gender():
    scrabble = lexicon.get("scrabble")
    for word in ("больного", "дежурной", "круассана", "круассанами", "шаурмой", "мультиварки", "лазаний",
                 "лазаньей", "баристы", "капучино"):
        assert scrabble.check(word).ok, word
    assert not scrabble.check("капучины").ok  # indeclinable
    assert {"муж", "кто"} <= lexicon.tags("больной")
    assert {"жен", "что"} <= lexicon.tags("лазанья")
    assert {"муж", "жен", "кто"} <= lexicon.tags("бариста")


@pytest.mark.parametrize("game", lexicon.GAME_IDS)
def test_one_letter_words_and_noise_are_refused(game):
    lex = lexicon.get(game, allow_proper=True, allow_slang=True)
    for word in ("б", "е", "ы", "ё", "га", "ди"):
        assert not lex.check(word).ok, word
    if game != "scrabble":
        assert min(map(len, lex.words)) >= 2


@pytest.mark.parametrize("game", lexicon.GAME_IDS)
def test_noise_and_rare_doublets_are_refused_with_the_reviewed_lists_reason(game):
    """The reason names why the reviewed list refused the word, not what the raw dictionary parse suggests («га» is
    no plural, «ди» is in the dictionary)."""
    lex = lexicon.get(game, allow_proper=True, allow_slang=True)
    for word in read_list("not_words.txt"):
        assert lex.check(word).reason == lexicon.REASON_NOT_A_WORD, word
    if game in NOUN_GAMES:
        assert lex.check("окуриванье").reason == lexicon.REASON_RARE_VARIANT
    assert lexicon.REASON_NOT_A_WORD[0].islower() and " " in lexicon.REASON_NOT_A_WORD


def test_rare_nye_doublets_are_refused_and_living_ones_kept():
    for game in NOUN_GAMES:
        lex = lexicon.get(game)
        for word in ("окуриванье", "нахмуриванье", "абонированье"):
            assert not lex.check(word).ok, (game, word)
        for word in ("варенье", "печенье", "воскресенье", "окуривание", "гулянье", "жалованье", "сиденье"):
            assert lex.check(word).ok, (game, word)
    assert not lexicon.get("scrabble").check("окуриванья").ok
    assert lexicon.get("scrabble").check("окуривания").ok


@pytest.mark.parametrize("name", ["slang.txt", "colloquial.txt", "not_common_nouns.txt", "not_words.txt"])
def test_every_listed_word_is_in_the_dictionary_and_moved(name):
    """A listed word the dictionary does not hold would silently do nothing."""
    erudit = lexicon.get("erudit")
    every = lexicon.get("erudit", allow_proper=True, allow_slang=True)
    for word in read_list(name):
        verdict = erudit.check(word)
        if name == "colloquial.txt":
            assert verdict.ok and not lexicon.get("hardsign").check(word).ok, word
        else:
            assert not verdict.ok and verdict.reason != "нет в словаре" or name == "not_words.txt", word
            assert every.check(word).ok != (name == "not_words.txt"), word
