"""The common-word tier (the novice bots' and the hints' words): nothing a family would frown at or not know.

How the tier was reviewed is recorded in game/data/lexicon/REVIEW.md; these tests hold the causes fixed there."""
from __future__ import annotations

import importlib.util
from itertools import product
from pathlib import Path

import pytest

from game.rules import lexicon
from game.rules.lexicon import index_format as build
from game.rules.lexicon.data import read_list

ROOT = Path(__file__).resolve().parents[1]
WRONG_FOR_AN_EASY_BOT = [
    # slurs and vulgar words, slang, names and brands (issue 16's finds)
    "сучка", "фигня", "бош", "москаль", "чувак", "тусовка", "мент", "христос", "будда", "айфон",
    # ordinary plurals
    "белые", "близкие", "супруги", "родные", "козлы", "коты", "черви", "шмотки",
    # counted for another word: a name, a foreign word, another word's form
    "сити", "хаус", "реал", "фифа", "соня", "майя", "пирога", "свитка", "ага", "батя", "харя", "секс",
]


def _tool():
    spec = importlib.util.spec_from_file_location("build_common_tier", ROOT / "tools" / "build_common_tier.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("game", lexicon.GAME_IDS)
@pytest.mark.parametrize("allow_proper, allow_slang", list(product((False, True), repeat=2)))
def test_known_wrong_words_are_in_no_common_tier(game, allow_proper, allow_slang):
    common = lexicon.get(game, allow_proper=allow_proper, allow_slang=allow_slang).common
    assert not set(WRONG_FOR_AN_EASY_BOT) & common
    assert {"дом", "кот", "мама", "вода", "деньги", "ножницы", "столовая"} & common


def test_common_tier_has_no_slang_names_or_prostorechie_under_any_toggle():
    plain = lexicon.get("erudit")
    every = lexicon.get("erudit", allow_proper=True, allow_slang=True)
    assert every.common == plain.common  # a toggle never teaches the novice bots a word
    index = lexicon._load()
    assert not [word for word in plain.common if index.noun_bits(word) & build.INFORMAL]
    assert not set(read_list("slang.txt") + read_list("not_common_nouns.txt") + read_list("colloquial.txt")) \
        & plain.common


def test_plural_headwords_of_the_tier_are_no_ordinary_plurals():
    import pymorphy3

    tool, morph = _tool(), pymorphy3.MorphAnalyzer()
    pluralia = frozenset(read_list("pluralia_tantum.txt"))
    index = lexicon._load()
    plurals = [word for word in lexicon.get("erudit").common if index.noun_bits(word) & build.PLURAL
               and not index.noun_bits(word) & build.SINGULAR]
    assert len(plurals) > 20
    assert not [word for word in plurals if tool.ordinary_plural(morph, word, pluralia)]
    assert tool.ordinary_plural(morph, "коты", pluralia) and not tool.ordinary_plural(morph, "ножницы", pluralia)


def test_known_tier_continues_the_common_one_with_words_people_know():
    nowords = lexicon.get("nowords")
    assert nowords.common <= nowords.known <= nowords.words
    assert len(nowords.known) > 2 * len(nowords.common)
    assert not {"дёр", "цеж", "рюм"} & nowords.known
    assert not set(WRONG_FOR_AN_EASY_BOT) & nowords.known


def test_the_strongest_nowords_bots_claim_only_known_words():
    from collections import Counter

    from game.bots.nowords import known_word

    for rare in ("дёр", "цеж", "рюм"):
        assert lexicon.get("nowords").is_word(rare)  # the dictionary has them, so nobody could contest them
        assert known_word(Counter(rare), {}, common_only=False) is None
    assert known_word(Counter("кот"), {}, common_only=False) == "кот"
