"""Letter-multiset search (which words can be made from these letters) and Твёрдый знак pattern readings.

The noun games' words are indexed by *signature*: the word's letters sorted in SIGNATURE_ORDER, stored as a trie of
nested dicts. Walking it while taking letters from the rack visits only signatures that fit the rack, so "is there
any word" stops at the first hit and a rack that makes nothing is refuted after a few hundred nodes.
"""
from __future__ import annotations

from collections import Counter
from typing import Callable, Collection, Iterable, Iterator

ALPHABET = "абвгдеёжзийклмнопрстуфхцчшщъыьэюя"
VOWELS = frozenset("аеёиоуыэюя")
CONSONANTS = frozenset(ALPHABET) - VOWELS - {"ъ", "ь"}
# Vowels first (rare ones first), then consonants, rare ones first: nearly every signature starts with a vowel, so a
# rack short of vowels prunes the walk at the root (measured: 100x fewer nodes than rare-letters-first).
SIGNATURE_ORDER = "ёэюыяуеиоаъщфцшжхчйбзгьпдмвкнлтср"
_RANK = {letter: index for index, letter in enumerate(SIGNATURE_ORDER)}
assert sorted(SIGNATURE_ORDER) == sorted(ALPHABET)

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

    def add(self, word: str) -> None:
        node = self.root
        for letter in signature(word):
            node = node.setdefault(letter, {})
        node.setdefault(WORDS_KEY, []).append(word)

    def any_from(self, counts: Counter | dict, skip: Collection[str] = ()) -> str | None:
        """Some word that fits and is not in ``skip``, depth first (words at a node before its children)."""
        rack = dict(counts)

        def walk(node: dict) -> str | None:
            words = node.get(WORDS_KEY)
            if words:
                if not skip:
                    return words[0]
                kept = next((w for w in words if w not in skip), None)
                if kept is not None:
                    return kept
            for key, child in node.items():
                left = rack.get(key)
                if left:
                    rack[key] = left - 1
                    hit = walk(child)
                    rack[key] = left
                    if hit:
                        return hit
            return None

        return walk(self.root)

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


# --- "is there any word": the antichain of minimal signatures, tested bit-parallel -----------------------------
# A rack makes some word exactly when it makes some *minimal* word (one containing no shorter word's letters); there
# are only ~1,200 of those among the ~67k nouns. Letter counts are packed 5 bits per letter (4 bits of count, 1 guard
# bit), so "rack ⊇ word" is one subtraction: no guard bit may be borrowed.
_FIELD = 5
_GUARDS = sum(16 << (_FIELD * index) for index in range(len(ALPHABET)))
_BIT = {letter: index for index, letter in enumerate(ALPHABET)}


def pack(counts: dict[str, int]) -> tuple[int, int]:
    """(letter-set mask, packed counts) of a multiset; counts above 15 are capped (no word repeats a letter 15×)."""
    mask = packed = 0
    for letter, count in counts.items():
        index = _BIT.get(letter)
        if index is None or count <= 0:
            continue
        mask |= 1 << index
        packed |= min(count, 15) << (_FIELD * index)
    return mask, packed


class MinimalWords:
    """The minimal words of a word list, for any-word questions in time bounded by their number."""

    def __init__(self, words: Iterable[str], preference: Callable[[str], tuple] | None = None):
        by_signature: dict[str, list[str]] = {}
        for word in words:
            by_signature.setdefault(signature(word), []).append(word)
        minimal_trie = SignatureTrie(())
        chosen: list[str] = []
        for sig in sorted(by_signature, key=len):
            if minimal_trie.any_from(Counter(sig)) is None:
                best = min(by_signature[sig], key=preference or (lambda word: word))
                chosen.append(best)
                minimal_trie.add(best)
        if preference is not None:
            chosen.sort(key=preference)
        self.words = chosen
        self._entries = [(*pack(Counter(word)), word) for word in chosen]

    def any_from(self, counts: dict[str, int]) -> str | None:
        rack_mask, rack_packed = pack(counts)
        rack_packed |= _GUARDS
        for mask, packed, word in self._entries:
            if not mask & ~rack_mask and (rack_packed - packed) & _GUARDS == _GUARDS:
                return word
        return None


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
