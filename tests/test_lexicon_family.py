"""Words that don't belong in the bots' mouths at a family table (bots_never_say.txt, reviewed in family_review.txt),
and the known tier's words, which an ordinary adult knows."""
from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from game.rules import lexicon
from game.rules.lexicon.data import read_list

ROOT = Path(__file__).resolve().parents[1]
NAMED_BY_PLAYERS = ["порнография", "мастурбация", "клитор", "сперма", "онанист", "сися", "пипка", "блевотина",
                    "шизик", "чурка", "хохлушка"]
NOUN_GAMES = ("erudit", "slovodel", "nowords", "hardsign")


def _tool(name: str):
    spec = importlib.util.spec_from_file_location(name, ROOT / "tools" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _plain(word: str) -> str:
    return word.replace("ё", "е")


@pytest.fixture(scope="module")
def review_tool():
    return _tool("build_bots_never_say")


def test_the_review_holds_every_candidate_of_today_s_dictionary_and_tiers_judged(review_tool):
    words = review_tool.lemmas_of_dictionary() | {_plain(w) for w in read_list("common.txt") + read_list("known.txt")}
    found = review_tool.candidates(words)
    judged = review_tool.read_review()
    assert {root: set(hits) for root, hits in found.items()} == {root: set(marks) for root, marks in judged.items()}
    assert not [word for marks in judged.values() for word, mark in marks.items() if mark not in "+-"]


def test_bots_never_say_holds_every_lemma_the_review_marked(review_tool):
    unfit = {word for marks in review_tool.read_review().values() for word, mark in marks.items() if mark == "+"}
    listed = {_plain(word) for word in read_list("bots_never_say.txt")}
    assert unfit <= listed and set(NAMED_BY_PLAYERS) <= listed


def test_no_bot_tier_holds_a_word_no_bot_says():
    unfit = {_plain(word) for word in read_list("bots_never_say.txt")}
    for name in ("common.txt", "known.txt"):
        assert not [word for word in read_list(name) if _plain(word) in unfit], name


@pytest.mark.parametrize("game", NOUN_GAMES)
def test_people_may_play_them_and_bots_never_say_them(game):
    people, bots = lexicon.get(game), lexicon.get(game, for_bots=True)
    for word in NAMED_BY_PLAYERS:
        assert not bots.accepts(word) and word not in bots.common and word not in bots.known, (game, word)
        if game != "hardsign":  # Твёрдый знак refuses просторечия (сися, пипка)
            assert people.accepts(word), (game, word)


def test_scrabble_bots_say_no_form_of_them():
    bots, people = lexicon.get("scrabble", for_bots=True), lexicon.get("scrabble")
    for form in ("спермы", "мастурбировать", "клиторе", "порнографией", "блевать", "наркоманы"):
        assert people.is_word(form) and not bots.is_word(form), form
    for innocent in ("потенциал", "совокупность", "аптечка", "героиня", "наркоз", "ягодица"):
        assert bots.is_word(innocent), innocent


def test_the_known_tier_holds_no_word_an_ordinary_adult_does_not_know():
    tool = _tool("build_common_tier")
    known = set(read_list("known.txt")) | set(read_list("common.txt"))
    assert not tool.NOT_KNOWN & known
    # where the master's claims concentrated (issue 29: иол ×144, ахи ×87, ува ×70…)
    for word in "иол ахи ува атта саам апис саз эфа сапа алас арат ерь арча".split():
        assert word not in lexicon.get("nowords", for_bots=True).known, word
