"""The supplement from Lebedev's dictionary (supplement_lebedev.txt): words people may play that OpenCorpora lacks,
which the game itself never says — no bot lays or claims them, no hint offers them."""
from __future__ import annotations

import pytest

from game.lexicon_build import people_supplement_entries
from board_words import deal_rack
from game.rules import lexicon
from game.rules.base import Rng
from game.rules.lexicon.data import blocklist, read_list
from game.rules.lexicon.sources import verdict_source

ENTRIES = list(people_supplement_entries())
HEADWORDS = [word for word, gender, *_rest in ENTRIES if gender != "мн"]
NOUN_GAMES = ("erudit", "slovodel", "nowords", "hardsign")


def test_the_list_is_whole_and_well_formed():
    assert len(HEADWORDS) > 2000
    for word, gender, animacy, forms, marks in ENTRIES:
        assert gender in ("муж", "жен", "ср", "общ", "мн") and animacy in ("кто", "что", "?"), word
        assert word in forms and all(form.isalpha() and form == form.lower() for form in forms), word
        assert set(marks) <= {"уменьш"}, word
    header = open(lexicon.DATA_DIR / "supplement_lebedev.txt", encoding="utf-8").read(1200)
    assert "MODIFIED VERSION" in header and "Lebedev" in header and "LICENSE-lebedev.txt" in header
    assert "Modified versions must be clearly marked" in (lexicon.DATA_DIR / "LICENSE-lebedev.txt").read_text()


def test_no_word_is_one_opencorpora_knows_nor_one_the_lists_refuse():
    morph = lexicon._morph()
    listed = {word.replace("ё", "е") for name in ("slang.txt", "colloquial.txt", "not_common_nouns.txt")
              for word in read_list(name)}
    for word, _gender, _animacy, forms, _marks in ENTRIES:
        assert not morph.dictionary.words.similar_items(word, morph.char_substitutes), word
        assert not any(form in blocklist() for form in forms), word
        assert word.replace("ё", "е") not in listed, word


@pytest.mark.parametrize("game", NOUN_GAMES)
def test_people_may_play_every_headword_and_no_bot_says_one(game):
    people, bots = lexicon.get(game), lexicon.get(game, for_bots=True)
    diminutives = {word for word, _g, _a, _f, marks in ENTRIES if "уменьш" in marks}
    for word in HEADWORDS:
        if len(word) < people.min_len:
            continue
        if game == "slovodel" and word in diminutives:
            assert people.check(word).reason == "уменьшительная форма", word
        else:
            assert people.check(word).ok, (game, word)
        assert not bots.accepts(word) and word not in bots.words and word not in bots.known, (game, word)


def test_scrabble_takes_their_forms_from_people_only():
    people, bots = lexicon.get("scrabble"), lexicon.get("scrabble", for_bots=True)
    for word, _gender, _animacy, forms, _marks in ENTRIES[::7]:
        for form in forms:
            if len(form) >= 2:
                assert people.is_word(form), form
                assert not bots.is_word(form) or lexicon._morph().dictionary.words.get(form), form


def test_a_dog_breed_a_weather_forecast_and_their_tags():
    hardsign = lexicon.get("hardsign")
    assert hardsign.check("ризеншнауцер").ok and hardsign.check("радиопрогноз").ok
    assert lexicon.tags("радиопрогноз") >= {"муж", "что"}
    assert lexicon.tags("ирокезка") >= {"жен", "кто"}
    assert not lexicon.tags("ризеншнауцер") & {"кто", "что"}  # its animacy nothing told: no bonus either way
    assert lexicon.get("scrabble").check("ризеншнауцерами").ok


def test_the_word_command_names_the_supplement_and_that_bots_never_say_it():
    source = verdict_source(lexicon.get("erudit"), "ризеншнауцер")
    assert "Лебедева" in source and source.endswith("боты это слово не говорят")
    form = verdict_source(lexicon.get("scrabble"), "ризеншнауцерами")
    assert "форма слова «ризеншнауцер»" in form
    assert "помета «уменьш»" in verdict_source(lexicon.get("slovodel"), "шкафик")
    assert "боты" not in verdict_source(lexicon.get("erudit"), "кот")


@pytest.mark.parametrize("level", ["novice", "player", "master"])
def test_a_board_bot_never_lays_a_supplement_word_a_person_may(level):
    from game.bots.erudit import BoardBot
    from game.rules.board.actions import Place
    from game.rules.board.erudit import RULES

    state = RULES.new_game({rule.id: rule.default for rule in RULES.house_rules}, 2, 7)
    seat = state.turn
    deal_rack(state, seat, "шкафик")
    offered = {move.word for move in RULES.moves_for(state, seat)}  # the game's own list: hints, reviews
    assert offered and "шкафик" not in offered
    action = BoardBot("erudit", level, seat, Rng(3)).decide(RULES.view(state, seat), RULES.legal_actions(state, seat))
    if isinstance(action, Place):
        bots = lexicon.get("erudit", for_bots=True)
        assert all(bots.accepts(word.lower()) for word in _words_of(RULES, state, seat, action))
    # a person laying it is judged like any word
    tiles = list(RULES.view(state, seat)["rack"])
    place = Place(tuple((7, 5 + i, _take(tiles, letter), letter) for i, letter in enumerate("шкафик")))
    events = RULES.apply(state, seat, place, 1000)
    assert any(getattr(event, "words", None) == ("ШКАФИК",) for event in events)


def _take(tiles: list, letter: str) -> str:
    tile = next(t for t in tiles if t["letter"].lower() == letter)
    tiles.remove(tile)
    return tile["id"]


def _words_of(rules, state, seat, action) -> list[str]:
    import copy

    trial = copy.deepcopy(state)
    events = rules.apply(trial, seat, action, 1000)
    return [word for event in events for word in getattr(event, "words", ())]


def test_nowords_bots_claim_no_supplement_word():
    from game.bots.nowords import known_word
    from collections import Counter

    for word in HEADWORDS[::25]:
        if len(word) >= 3:
            claim = known_word(Counter(word), {}, common_only=False)
            assert claim is None or lexicon.get("nowords", for_bots=True).accepts(claim), (word, claim)
