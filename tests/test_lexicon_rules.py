"""Word rules of the lexicon on tricky words. The index is built once per machine into the cache directory and loaded
once per test process (lexicon.get caches it), so these tests are fast after the first run."""
from __future__ import annotations

import pytest

from game.rules import lexicon
from game.rules.lexicon.data import read_list

NOUN_GAMES = ("erudit", "slovodel", "nowords", "hardsign")


@pytest.fixture(scope="module")
def erudit():
    return lexicon.get("erudit")


@pytest.fixture(scope="module")
def scrabble():
    return lexicon.get("scrabble")


@pytest.fixture(scope="module")
def slovodel():
    return lexicon.get("slovodel")


def verdicts(lex, words):
    return {word: lex.check(word) for word in words}


@pytest.mark.parametrize("game", NOUN_GAMES)
@pytest.mark.parametrize("word", ["печь", "стекло", "пила", "рой", "сапог", "мороженое", "рабочий", "столовая",
                                  "ёж", "еж", "ёлка", "елка", "сирота", "качели", "кот"])
def test_homonyms_substantivised_and_yo_are_accepted(game, word):
    if game == "nowords" and len(word) < 3:
        word = {"ёж": "ёжик", "еж": "ежик"}[word]
    verdict = lexicon.get(game).check(word)
    assert verdict.ok, verdict
    assert verdict.reason == ""


@pytest.mark.parametrize("game", NOUN_GAMES)
@pytest.mark.parametrize("word", ["ножницы", "штаны", "сани", "часы", "деньги", "щипцы", "сутки", "брюки", "весы"])
def test_pluralia_tantum_are_accepted(game, word):
    assert lexicon.get(game).is_word(word)


@pytest.mark.parametrize("word, reason", [
    ("лечу", "не существительное"),
    ("мости", "не существительное"),
    ("быстро", "не существительное"),
    ("стола", "не именительный падеж"),
    ("котом", "не именительный падеж"),
    ("столы", "множественное число"),
    ("собаки", "множественное число"),
    ("москва", "имя собственное"),
    ("пушкин", "имя собственное"),
    ("иван", "имя собственное"),
    ("мвд", "сокращение"),
    ("комп", "жаргон"),
    ("суперкот", "нет в словаре"),
    ("кракозябрище", "нет в словаре"),
    ("жопа", "недопустимое слово"),
    ("", "пустое слово"),
    ("cat", "только русские буквы, без латиницы, цифр и знаков"),
    ("кот1", "только русские буквы, без латиницы, цифр и знаков"),
    ("иван-чай", "только русские буквы, без латиницы, цифр и знаков"),
    ("ё", "слишком короткое слово"),
])
def test_rejections_give_the_russian_reason(erudit, word, reason):
    verdict = erudit.check(word)
    assert not verdict.ok
    assert verdict.reason == reason


def test_check_normalises_case_and_spaces(erudit):
    assert erudit.check("  КОТ ").ok
    assert erudit.check("  КОТ ").word == "кот"
    assert lexicon.normalize(" Ёлка ") == "ёлка"


def test_words_hold_both_yo_and_e_spellings(erudit):
    assert {"ёж", "еж", "ёлка", "елка"} <= erudit.words
    assert all(word == word.lower() and word.isalpha() for word in list(erudit.words)[:5000])


def test_house_toggles_allow_proper_names_and_slang():
    assert not lexicon.get("erudit").is_word("москва")
    assert lexicon.get("erudit", allow_proper=True).check("москва").ok
    assert not lexicon.get("erudit").is_word("комп")
    assert lexicon.get("erudit", allow_slang=True).check("комп").ok
    assert lexicon.get("nowords", allow_proper=True).is_word("иван")
    assert lexicon.get("erudit", allow_proper=True, allow_slang=True).is_word("комп")


def test_proper_homonym_does_not_hide_the_common_noun(erudit):
    # «рой» is also a name (Рой), «пила» a form of a name: the common noun wins, and its tags are the noun's
    assert erudit.is_word("рой")
    assert "кто" not in lexicon.tags("рой")


def test_min_length_is_three_in_nowords_and_two_elsewhere():
    assert lexicon.get("nowords").min_len == 3
    assert lexicon.get("nowords").check("ум").reason == "слишком короткое слово"
    assert all(len(word) >= 3 for word in lexicon.get("nowords").words)
    for game in ("erudit", "scrabble", "slovodel", "hardsign"):
        assert lexicon.get(game).min_len == 2
    assert lexicon.get("erudit").is_word("ум")


def test_scrabble_accepts_any_form_but_no_proper_names(scrabble):
    for word in ("столами", "лечу", "мости", "красивее", "бежал", "ёлками", "елками", "печь", "коты"):
        assert scrabble.check(word).ok, word
    assert scrabble.check("москвой").reason == "имя собственное"
    assert scrabble.check("мвд").reason == "сокращение"
    assert scrabble.check("суперкот").reason == "нет в словаре"
    assert scrabble.check("хуями").reason == "недопустимое слово"
    assert lexicon.get("scrabble", allow_proper=True).is_word("москвой")
    assert "столами" in scrabble.words and "москвой" not in scrabble.words
    assert scrabble.has_prefix("стол") and scrabble.has_prefix("ёлк") and scrabble.has_prefix("елк")
    assert not scrabble.has_prefix("ъъ")


def test_slovodel_plurals_with_a_meaning_of_their_own_and_diminutives(slovodel, erudit):
    assert slovodel.check("весы").ok and slovodel.check("часы").ok
    assert slovodel.check("права").ok and not erudit.is_word("права")
    assert slovodel.check("ложечка").reason == "уменьшительная форма"
    assert erudit.check("ложечка").ok
    assert slovodel.check("мостик").ok  # the text's «мости»: a word of its own
    assert slovodel.check("мости").reason == "не существительное"
    for word in ("девочка", "бабочка", "ручка", "водка", "частица", "блюдце", "поводок", "росток"):
        assert slovodel.check(word).ok, word
    assert "домик" not in slovodel.words


def test_hardsign_accepts_the_final_hard_sign_after_a_consonant():
    hardsign = lexicon.get("hardsign")
    for word in ("слонъ", "ёжъ", "гвоздъ", "столъ"):
        assert hardsign.check(word).ok, word
    for word in ("съезд", "въезд", "подъезд", "объект"):
        assert hardsign.check(word).ok, word
    assert not hardsign.check("водаъ").ok
    assert not lexicon.get("erudit").check("слонъ").ok


def test_common_tier_is_a_subset_of_the_words_and_skips_rarities(erudit):
    common = erudit.common
    assert 7000 <= len(common) <= 12000
    assert common <= erudit.words
    for word in ("дом", "кот", "вода", "человек", "деньги"):
        assert word in common
    for word in ("буж", "кеа"):
        assert word not in common
    assert erudit.common_ranked()[0] == "человек"


BLOCKED = ["жопа", "говно", "дерьмо", "хуй", "пизда", "блядь", "сука", "мудак", "пиздец", "залупа", "шлюха",
           "пидор", "жид", "говнюк", "засранец", "херня", "ебальник", "еблан"]
HARMLESS_NEIGHBOURS = ["мандарин", "педикюр", "трахея", "сукно", "жидкость", "бляха", "хрен", "сук", "мудрость",
                       "хлебница", "задница", "команда", "учебник", "ссылка", "чурка"]


@pytest.mark.parametrize("game", NOUN_GAMES + ("scrabble",))
def test_blocked_words_are_never_accepted_or_listed(game):
    lex = lexicon.get(game, allow_proper=True, allow_slang=True)
    for word in BLOCKED:
        verdict = lex.check(word)
        if game == "scrabble" and word == "сука":  # the genitive of «сук», a person's to play
            assert verdict.ok and not lexicon.get(game, True, True, for_bots=True).is_word(word)
            continue
        assert not verdict.ok and verdict.reason == "недопустимое слово", (game, word)
    if game != "scrabble":
        assert not set(BLOCKED) & lex.words


def test_every_exact_blocklist_entry_is_rejected():
    erudit = lexicon.get("erudit", allow_proper=True, allow_slang=True)
    entries = [entry.lstrip("@") for entry in read_list("blocklist.txt") if entry[0] not in "^~+!"]
    assert len(entries) > 20
    for entry in entries:
        assert not erudit.is_word(entry), entry
    blocked = lexicon._load().blocklist
    for entry in read_list("blocklist.txt"):
        if not entry.startswith("!"):
            sample = entry.lstrip("^~+@")
            assert sample in blocked, entry


@pytest.mark.parametrize("word", HARMLESS_NEIGHBOURS)
def test_words_next_to_blocked_roots_stay_valid(erudit, word):
    assert erudit.check(word).ok, word


def test_no_listed_word_contains_a_blocked_root():
    blocked = lexicon._load().blocklist
    lex = lexicon.get("erudit", allow_proper=True, allow_slang=True)
    assert not [word for word in lex.words if word in blocked]
    assert not set(lexicon.get("nowords").words_from("жопаговнохуйпизда")) & set(BLOCKED)


def test_is_word_answers_as_the_word_list_does(erudit):
    # how fast it answers is the bench's figure (python -m game bench --only lexicon: word_is_word_us, ≤ 5 µs)
    sample = sorted(erudit.words)[::100]
    assert all(erudit.is_word(word) for word in sample)
    assert not any(erudit.is_word(word + "щщ") for word in sample[:200])


def test_unknown_game_is_refused_in_russian():
    with pytest.raises(ValueError, match="Неизвестная игра"):
        lexicon.get("chess")
