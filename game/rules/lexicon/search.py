"""Letter-multiset search (which words can be made from these letters) and Твёрдый знак pattern readings.

The noun games' words are indexed by *signature*: the word's letters sorted in SIGNATURE_ORDER, stored as a trie of
nested dicts. Walking it while taking letters from the rack visits only signatures that fit the rack, so "is there
any word" stops at the first hit and a rack that makes nothing is refuted after a few hundred nodes.
"""
from __future__ import annotations

from collections import Counter
from typing import Callable, Iterable, Iterator

ALPHABET = "абвгдеёжзийклмнопрстуфхцчшщъыьэюя"
VOWELS = frozenset("аеёиоуыэюя")
CONSONANTS = frozenset(ALPHABET) - VOWELS - {"ъ", "ь"}
# Rare letters first: a rack missing them prunes whole subtrees at the root.
SIGNATURE_ORDER = "ъэщфцюшжёхчйгзбьыяхпудмвктслрнеиоа"
_RANK = {letter: index for index, letter in enumerate(dict.fromkeys(SIGNATURE_ORDER + ALPHABET))}

WORDS_KEY = ""  # key of a trie node's list of words (letters are never empty strings)


def signature(word: str) -> str:
    return "".join(sorted(word, key=_RANK.__getitem__))


def as_counts(letters: str | Counter | Iterable[str]) -> Counter:
    if isinstance(letters, Counter):
        return Counter({letter.lower(): count for letter, count in letters.items() if count > 0})
    return Counter(letter.lower() for letter in letters if not letter.isspace())


class SignatureTrie:
    """Words grouped by their sorted letters; walk with a rack of letter counts."""

    def __init__(self, words: Iterable[str]):
        self.root: dict = {}
        for word in words:
            node = self.root
            for letter in signature(word):
                node = node.setdefault(letter, {})
            node.setdefault(WORDS_KEY, []).append(word)
        self._sort(self.root)

    def _sort(self, node: dict) -> None:
        for key, child in node.items():
            if key == WORDS_KEY:
                child.sort()
            else:
                self._sort(child)

    def any_from(self, counts: Counter, accept: Callable[[str], bool] | None = None) -> str | None:
        rack = dict(counts)
        found: list[str] = []

        def walk(node: dict) -> bool:
            for key, child in node.items():
                if key == WORDS_KEY:
                    for word in child:
                        if accept is None or accept(word):
                            found.append(word)
                            return True
                    continue
                left = rack.get(key)
                if left:
                    rack[key] = left - 1
                    hit = walk(child)
                    rack[key] = left
                    if hit:
                        return True
            return False

        walk(self.root)
        return found[0] if found else None

    def all_from(self, counts: Counter, blanks: int = 0, vowel_blanks: int = 0,
                 consonant_blanks: int = 0) -> Iterator[str]:
        """Every word whose letters are a sub-multiset of counts, each missing letter covered by a blank (a vowel
        blank for a missing vowel, a consonant blank for a missing consonant, else an any-letter blank)."""
        rack = dict(counts)
        spare = {"any": blanks, "vowel": vowel_blanks, "consonant": consonant_blanks}

        def walk(node: dict) -> Iterator[str]:
            for key, child in node.items():
                if key == WORDS_KEY:
                    yield from child
                    continue
                left = rack.get(key)
                if left:
                    rack[key] = left - 1
                    yield from walk(child)
                    rack[key] = left
                    continue
                kind = "vowel" if key in VOWELS else "consonant" if key in CONSONANTS else None
                for pool in ((kind, "any") if kind else ("any",)):
                    if spare[pool]:
                        spare[pool] -= 1
                        yield from walk(child)
                        spare[pool] += 1
                        break

        yield from walk(self.root)


def prefix_walk(counts: Counter, has_prefix: Callable[[str], bool], is_word: Callable[[str], bool],
                min_len: int, blanks: int = 0, stop_at_first: bool = False) -> list[str]:
    """Words from a rack found by extending prefixes in a prefix-closed dictionary (the Скрэббл forms DAWG)."""
    rack = dict(counts)
    found: list[str] = []
    spare = [blanks]

    def walk(prefix: str) -> bool:
        if len(prefix) >= min_len and is_word(prefix):
            found.append(prefix)
            if stop_at_first:
                return True
        for letter in ALPHABET:
            left = rack.get(letter)
            use_blank = not left and spare[0] > 0
            if not left and not use_blank:
                continue
            extended = prefix + letter
            if not has_prefix(extended):
                continue
            if use_blank:
                spare[0] -= 1
            else:
                rack[letter] = left - 1
            stop = walk(extended)
            if use_blank:
                spare[0] += 1
            else:
                rack[letter] = left
            if stop:
                return True
        return False

    walk("")
    return found


# --- Твёрдый знак patterns -------------------------------------------------------------------------------------
ANY = "*"          # любая буква (also ъ, but then it does not win the round — the game decides that)
VOWEL = "æ"        # любая гласная
CONSONANT = "#"    # любая согласная (the card has no letter of its own; the text shows only its effect)
PI = "π"           # слог «пи»
THREE = "З"        # capital Cyrillic Зэ: the card read as «з» or «три»
HARD_SIGN = "ъ"

TOKEN_READINGS: dict[str, tuple[str, ...]] = {
    ANY: tuple(ALPHABET),
    VOWEL: tuple(sorted(VOWELS)),
    CONSONANT: tuple(sorted(CONSONANTS)),
    PI: ("пи",),
    THREE: ("з", "три"),
}
MAX_EXPANSIONS = 50_000


def tokenize(pattern: str | Iterable[str]) -> list[str]:
    """A string is read one character per card; a list/tuple is taken as given (tokens may be «пи» or «три»)."""
    tokens = list(pattern) if isinstance(pattern, str) else [str(token) for token in pattern]
    normal = []
    for token in tokens:
        if token in TOKEN_READINGS:
            normal.append(token)
        elif token.lower() == "пи":
            normal.append(PI)
        elif token.lower() == "три":
            normal.append(THREE)
        elif len(token) == 1 and token.lower() in ALPHABET:
            normal.append(token.lower())
        else:
            raise ValueError(f"Непонятная карта в образце: {token!r}")
    return normal


def token_readings(token: str) -> tuple[str, ...]:
    return TOKEN_READINGS.get(token, (token,))
