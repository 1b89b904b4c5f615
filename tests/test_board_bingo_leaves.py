"""Скрэббл's leave term for the chance of a seven-letter word next turn: the chance is the hypergeometric sum it
claims, the shipped racks are the lexicon's, and the shipped short-leave chances agree with the direct count."""
import lzma
import random
from itertools import combinations, combinations_with_replacement

from game.rules.board import words as wordsrc
from game.rules.board.equity import (BINGO_WORTH, DATA, _sevens, _short_chances, bingo_chance, bingo_pool,
                                     chance_from_racks, leave_value)


def _drawn_chance_by_enumeration(racks, counts, kept):
    """Every ordered-free draw of single tiles from the pool less ``kept`` (tiles numbered, so equal letters are
    told apart) — the count the hypergeometric formula must equal."""
    pool = []
    for ch, n in sorted(counts.items()):
        pool += [ch] * (n - kept.count(ch))
    need = 7 - len(kept)
    hits = total = 0
    for picked in combinations(range(len(pool)), need):
        total += 1
        hits += "".join(sorted(kept + "".join(pool[i] for i in picked))) in racks
    return hits / total


def test_the_chance_is_the_count_of_draws_that_complete_a_rack():
    counts = {"а": 3, "б": 2, "в": 2, "г": 1, "д": 2}
    racks = frozenset({"".join(sorted("аабвгдд")), "".join(sorted("аббвввг")), "".join(sorted("аааббвв"))})
    total = sum(counts.values())
    for kept in ("аабв", "абвгд", "ааббв", "аабвгд", "бвг"):
        expected = _drawn_chance_by_enumeration(racks, counts, kept)
        assert abs(chance_from_racks(racks, counts, total, kept) - expected) < 1e-12, kept


def test_the_shipped_racks_are_seven_letter_words_of_the_game():
    with lzma.open(DATA / "scrabble-sevens.txt.xz", "rt", encoding="utf-8") as f:
        words = f.read().split()
    assert len(words) > 50_000 and all(len(w) == 7 for w in words)
    lexicon = wordsrc.load("scrabble", {})
    for word in random.Random(5).sample(words, 200):
        assert lexicon.is_word(word), word
    assert len(_sevens("scrabble")) == len(words)  # one word per set of letters


def test_the_shipped_short_chances_agree_with_counting_the_draws():
    counts, total = bingo_pool("scrabble")
    short = _short_chances("scrabble")
    rng = random.Random(11)
    fours = sorted(k for k in short if len(k) == 4)
    for kept in rng.sample(fours, 8) + [rng.choice(sorted(k for k in short if len(k) == 3))]:
        assert abs(short[kept] - chance_from_racks(_sevens("scrabble"), counts, total, kept)) < 2e-6, kept
    letters = sorted(counts)
    dead = next("".join(c) for c in combinations_with_replacement(letters, 4) if "".join(c) not in short)
    assert chance_from_racks(_sevens("scrabble"), counts, total, dead) < 1e-6


def test_a_leave_a_draw_from_a_word_is_worth_more_in_scrabble_only():
    near = "аеинст"  # one fresh tile from many seven-letter forms
    dead = "ашщъфы"
    assert bingo_chance("scrabble", near) > 0.5 > bingo_chance("scrabble", dead) + 0.4
    assert leave_value("scrabble", near) - leave_value("erudit", near) > 20  # Эрудит has no bingo term
    assert leave_value("scrabble", dead) < leave_value("erudit", dead)
    assert bingo_chance("erudit", near) is None and set(BINGO_WORTH) == {"scrabble"}
    assert bingo_chance("scrabble", "аеи?") is None  # a kept blank is valued by its own weight
