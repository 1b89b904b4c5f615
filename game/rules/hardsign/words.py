"""Words for «Твёрдый знак»: where they come from, how a row of cards reads as a word, and the search for
every word a hand and the table can make.

The game reaches the dictionary only through :func:`source` (the lexicon ``hardsign`` with its house toggles), so
tests may install a smaller real dictionary with :func:`use_words` and the same code runs on 50 words or 70 000.
Either way a word is judged by the lexicon's one Твёрдый знак rule (``lexicon.hard_sign_accepts``): the table, the
bots' search, the table's live note, «Проверка слова» and ``python -m game word`` agree on every word.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import lru_cache
from typing import Iterable

from game.rules import lexicon

from .cards import (ANY, CONSONANT, CONSONANTS, FINAL_SIGN, HARD_SIGN, PI, THREE, VOWEL, first_letters, readings,
                    stars)

MAX_PLAYS = 4000  # a search never returns more words than this (long jokers-heavy racks stay fast)


# ------------------------------------------------------------------------------------------------ word sources
@dataclass(frozen=True)
class Verdict:
    word: str
    ok: bool
    reason: str = ""


class FixedWords:
    """A small real dictionary with its tags: what tests install while the full lexicon is not needed."""

    def __init__(self, words: Iterable[str], tags: dict[str, Iterable[str]] | None = None,
                 common: Iterable[str] | None = None):
        self.words = frozenset(w.strip().lower() for w in words if w.strip())
        self.common = frozenset(common) if common is not None else self.words
        self._tags = {w: frozenset(t) for w, t in (tags or {}).items()}

    def is_word(self, word: str) -> bool:
        return word in self.words

    def accepts(self, reading: str) -> bool:
        return lexicon.hard_sign_accepts(reading, self.is_word)

    def base_word(self, reading: str) -> str:
        return lexicon.final_hard_sign_base(reading, self.is_word) or reading

    def check(self, word: str) -> Verdict:
        ok = self.accepts(word)
        return Verdict(word, ok, "" if ok else "нет в словаре")

    def tags(self, word: str) -> frozenset:
        return self._tags.get(word, frozenset())

    def words_from(self, letters, blanks: int = 0, vowel_blanks: int = 0, consonant_blanks: int = 0) -> list[str]:
        counts = Counter(letters)
        out = []
        for word in self.words:
            missing = Counter(word) - counts
            vowels = sum(n for ch, n in missing.items() if ch in "аеёиоуыэюя")
            consonants = sum(n for ch, n in missing.items() if ch in CONSONANTS)
            others = sum(missing.values()) - vowels - consonants
            if max(0, vowels - vowel_blanks) + max(0, consonants - consonant_blanks) + others <= blanks:
                out.append(word)
        return sorted(out, key=lambda w: (-len(w), w))


class LexiconWords:
    """The real lexicon of the game (its index loads on first use), with its tags function."""

    def __init__(self, allow_proper: bool, allow_slang: bool, for_bots: bool = False):
        self.lex = lexicon.judge("hardsign", {"allow_proper": allow_proper, "allow_slang": allow_slang},
                                 for_bots=for_bots)

    @property
    def words(self):
        return self.lex.words

    @property
    def common(self) -> frozenset:
        return self.lex.common

    def accepts(self, reading: str) -> bool:
        return self.lex.accepts(reading)

    def base_word(self, reading: str) -> str:
        return self.lex.base_word(reading)

    def check(self, word: str):
        return self.lex.check(word)

    def tags(self, word: str) -> frozenset:
        return lexicon.tags(word)

    def words_from(self, letters, blanks: int = 0, vowel_blanks: int = 0, consonant_blanks: int = 0) -> list[str]:
        return self.lex.words_from(letters, blanks=blanks, vowel_blanks=vowel_blanks,
                                   consonant_blanks=consonant_blanks)


_override = None
_real: dict[tuple[bool, bool, bool], LexiconWords] = {}


def use_words(words) -> None:
    """Install a word source for the game (None restores the real lexicon)."""
    global _override
    _override = words
    find_plays.cache_clear()


def source(options: dict | None = None, for_bots: bool = False):
    """The word source of a table: ``check`` (the verdict, with a Russian reason), ``accepts`` (its yes/no),
    ``base_word`` (the noun under a final ъ), ``tags``, ``words_from``, ``common``. ``for_bots``: the words the
    game itself may say, without those only people may play."""
    if _override is not None:
        return _override
    options = options or {}
    key = (bool(options.get("allow_proper", False)), bool(options.get("allow_slang", False)), for_bots)
    if key not in _real:
        _real[key] = LexiconWords(*key)
    return _real[key]


# ------------------------------------------------------------------------------------------------ reading a row
def read_row(faces: list[str], word: str) -> list[int] | None:
    """How many letters each card of the row stands for, if the row reads ``word`` in this order; else None."""
    spans: list[int] = []

    def walk(card: int, at: int) -> bool:
        if card == len(faces):
            return at == len(word)
        for length in readings(faces[card], word, at):
            spans.append(length)
            if walk(card + 1, at + length):
                return True
            spans.pop()
        return False

    return spans if walk(0, 0) else None


def inner_hard_sign(faces: list[str], spans: list[int]) -> bool:
    """A real Ъ card standing inside the word (съезд, подъезд): the instant win. Never * nor the final ъ."""
    at, total = 0, sum(spans)
    for face, length in zip(faces, spans):
        if face == HARD_SIGN and at < total - 1:
            return True
        at += length
    return False


# ------------------------------------------------------------------------------------------------ search
@dataclass(frozen=True)
class Play:
    """One way to lay a word: indices into hand+table (hand first), in reading order."""

    word: str
    cards: tuple[int, ...]
    stars: int
    hand_used: int
    instant: bool


def _letters_variants(faces: Iterable[str]) -> tuple[list[Counter], int, int, int]:
    base: Counter = Counter()
    three, pi = 0, 0
    blanks = vowel_blanks = consonant_blanks = 0
    for face in faces:
        if face == ANY:
            blanks += 1
        elif face == VOWEL:
            vowel_blanks += 1
        elif face == CONSONANT:
            consonant_blanks += 1
        elif face == PI:
            pi += 1
        elif face == THREE:
            three += 1
        elif face == FINAL_SIGN:
            continue  # only ever appended to a finished word
        else:
            base[face.lower()] += 1
    variants = []
    for pis in range(pi + 1):
        for threes in range(three + 1):
            counts = Counter(base)
            counts["п"] += pis
            counts["и"] += pis + threes
            counts["т"] += threes
            counts["р"] += threes
            counts["з"] += three - threes
            variants.append(+counts)
    return variants, blanks, vowel_blanks, consonant_blanks


def _assignments(word: str, groups: list[tuple[str, int]], limit: int = 8) -> list[tuple[tuple[int, int], ...]]:
    """Ways to read ``word`` with the card groups (face, count): (group, letters read) in reading order."""
    used = [0] * len(groups)
    starts = [first_letters(face) for face, _count in groups]
    found: list[tuple[tuple[int, int], ...]] = []
    chosen: list[tuple[int, int]] = []

    def walk(at: int) -> None:
        if len(found) >= limit:
            return
        if at == len(word):
            found.append(tuple(chosen))
            return
        letter = word[at]
        for g, (face, count) in enumerate(groups):
            if used[g] >= count or letter not in starts[g]:
                continue
            for length in readings(face, word, at):
                used[g] += 1
                chosen.append((g, length))
                walk(at + length)
                chosen.pop()
                used[g] -= 1

    walk(0)
    return found


@lru_cache(maxsize=4096)
def find_plays(hand: tuple[str, ...], table: tuple[str, ...], words_key: tuple = ()) -> tuple[Play, ...]:
    """Every word the hand (with the table) can make, each with its distinct ways to lay it (by stars and card
    count). Indices refer to ``hand + table``; a face in both places is taken from the hand first, which keeps the
    rule «at least one card from the hand» whenever it can be kept. ``words_key`` keys the cache per source."""
    words = source(dict(words_key))
    faces = list(hand) + list(table)
    variants, blanks, vowel_blanks, consonant_blanks = _letters_variants(faces)
    candidates: set[str] = set()
    for counts in variants:
        candidates.update(words.words_from(counts, blanks=blanks, vowel_blanks=vowel_blanks,
                                           consonant_blanks=consonant_blanks))
    if any(face in (ANY, FINAL_SIGN, HARD_SIGN) for face in faces):
        # a final ъ after a noun's consonant (слонъ) or in place of its final ь (гвоздъ): the ь is searched for as
        # if one more were at hand, and the rows found are checked against the real cards below
        softened = set()
        for counts in variants:
            softened.update(words.words_from(counts + Counter("ь"), blanks=blanks, vowel_blanks=vowel_blanks,
                                             consonant_blanks=consonant_blanks))
        candidates |= {w + "ъ" for w in candidates if w[-1] in CONSONANTS and len(w) >= 2}
        candidates |= {w[:-1] + "ъ" for w in softened if len(w) >= 3 and w[-1] == "ь" and w[-2] in CONSONANTS}
    members: dict[str, list[int]] = {}
    for index, face in enumerate(faces):  # hand indices come first
        members.setdefault(face, []).append(index)
    # plain letters before jokers, so the first ways found spend real letters
    keys = sorted(members, key=lambda face: (face in (ANY, VOWEL, CONSONANT), face))
    groups = [(face, len(members[face])) for face in keys]
    plays: list[Play] = []
    for word in sorted(candidates, key=lambda w: (-len(w), w)):
        if len(word) < 2 or not words.accepts(word):
            continue
        seen: set[tuple] = set()
        for assignment in _assignments(word, groups):
            taken = [0] * len(groups)
            cards = []
            for g, _length in assignment:
                cards.append(members[keys[g]][taken[g]])
                taken[g] += 1
            hand_used = sum(1 for c in cards if c < len(hand))
            row = [faces[c] for c in cards]
            total = sum(stars(f) for f in row)
            profile = (total, len(cards))
            if not hand_used or profile in seen:
                continue
            seen.add(profile)
            spans = [length for _g, length in assignment]
            plays.append(Play(word, tuple(cards), total, hand_used, inner_hard_sign(row, spans)))
        if len(plays) >= MAX_PLAYS:
            break
    return tuple(plays)


def plays_for(hand: list[str], table: list[str], options: dict | None = None) -> tuple[Play, ...]:
    key = tuple(sorted((k, bool(v)) for k, v in (options or {}).items() if k in ("allow_proper", "allow_slang")))
    return find_plays(tuple(hand), tuple(table), key)


MAX_TYPED = 16


def cards_for_word(word: str, hand: list[tuple[str, str]], table: list[tuple[str, str]]
                   ) -> list[tuple[str, str]] | None:
    """A row of cards reading ``word``: (card id, what it reads), hand cards first, jokers only for missing letters,
    at least one hand card. While a word is being typed, a «п» or «т» may be the start of π or «три»."""
    faces = [face for _, face in hand] + [face for _, face in table]
    ids = [card for card, _ in hand] + [card for card, _ in table]
    members: dict[str, list[int]] = {}
    for index, face in enumerate(faces):
        members.setdefault(face, []).append(index)
    keys = sorted(members, key=lambda face: (face in (ANY, VOWEL, CONSONANT), face))
    groups = [(face, len(members[face])) for face in keys]
    for text in (word, word + "и", word + "ри"):
        for assignment in _assignments(text, groups, limit=16):
            taken = [0] * len(groups)
            row, at = [], 0
            for g, length in assignment:
                index = members[keys[g]][taken[g]]
                taken[g] += 1
                row.append((index, text[at:at + length]))
                at += length
            if any(index < len(hand) for index, _ in row):
                return [(ids[index], reading) for index, reading in row]
    return None
