"""Словарь: one Russian lexicon for the four word games, built from pymorphy3's dictionary (OpenCorpora).

Use::

    from game.rules import lexicon
    lex = lexicon.get("erudit", allow_proper=False, allow_slang=False)   # erudit scrabble slovodel nowords hardsign
    lex = lexicon.judge("erudit", table_options)  # the same, with the toggles read from a table's options
    lex.check("ёж")            # Verdict(word="ёж", ok=True, reason="") — THE word verdict of the game
    lex.accepts("гвоздъ")      # check(...).ok without the reason (for searches); True for hardsign
    lex.is_word("еж")          # Е may stand for Ё
    lex.words                  # every accepted spelling (ё and е spellings); for scrabble a read-only Set over a DAWG
    lex.common                 # the common-word tier, for easy bots and hints
    lex.any_word_from("кото")  # one word from a sub-multiset of the letters, or None
    lex.words_from("кото")     # all of them
    lex.has_prefix("сто")      # a word can start so (the walk a Скрэббл/Эрудит move generator does)
    lex.match("πрог")          # Твёрдый знак readings → ["пирог"]
    lexicon.tags("кот")        # frozenset({"муж", "кто", "животное", "природа", ...})

Rules (docs/RULES.md (Словарь (все игры со словами)) has every decision):

* erudit, nowords, hardsign: common nouns in the nominative singular; the nominative plural only for nouns without a
  singular (Pltm, a plural lemma like «качели», and data/lexicon/pluralia_tantum.txt: «деньги», «щипцы»…).
* slovodel: the same, plus plurals whose meaning differs (data/lexicon/slovodel_plurals.txt), minus diminutives that
  are not words of their own (data/lexicon/diminutives.txt).
* scrabble: any form of any dictionary word.
* All: no proper names (Name Surn Patr Geox Orgn Trad) unless allow_proper, no slang (Slng) unless allow_slang, never
  abbreviations, initials, misspellings (Abbr Init Erro Dist) or the blocklist; letters а–я and ё only;
  at least ``min_len`` letters (3 in Нет слов, 2 elsewhere).

Твёрдый знак patterns (``match``): a string read one character per card, or a list of tokens:

* a Cyrillic letter in lower case is itself (е also reads ё);
* ``*`` any letter, ``æ`` any vowel, ``#`` any consonant (а..я without vowels, ъ and ь);
* ``π`` (or the token ``"пи"``) the syllable «пи»;
* ``З`` — capital Cyrillic Зэ — the «три» card: reads «з» or «три» (lower-case ``з`` is the plain letter);
* ``ъ`` is a letter too; in last place after a consonant it is the pre-reform hard sign: «слонъ» is read when «слон»
  is a noun, and «гвоздъ» when «гвоздь» is (the card text's own example).
``match`` returns the accepted readings as written (with the final ъ when there is one), sorted.

One judge: every table, bot, «Проверка слова» and ``python -m game word`` take a game's verdict from
``judge(game_id, options).check`` / ``.accepts`` — for Твёрдый знак with the final-ъ rule of :func:`hard_sign_accepts`.

This package only answers queries. The index (~67k nouns plus every word form for Скрэббл) is built, kept and read by
the app side (game/lexicon_store.py), which hands the loaded index over with ``install``, or names with ``use_loader``
the function that loads it the first time a game needs a word.
"""
from __future__ import annotations

import re
from bisect import bisect_left
from collections import Counter
from collections.abc import Set
from dataclasses import dataclass
from functools import lru_cache
from typing import Callable, Iterable, Iterator, Protocol

from game.rules.lexicon import index_format as flags
from game.rules.lexicon.data import DATA_DIR, blocklist as _blocklist, read_list as _read_list
from game.rules.lexicon.search import (ALPHABET, ANY, CONSONANT, CONSONANTS, HARD_SIGN, PI, THREE, VOWEL, VOWELS,
                                       MAX_EXPANSIONS, MinimalWords, SignatureTrie, as_counts, prefix_walk,
                                       token_readings, tokenize)

GAME_IDS = ("erudit", "scrabble", "slovodel", "nowords", "hardsign")
NOUN_GAMES = frozenset({"erudit", "slovodel", "nowords", "hardsign"})

REASON_NOT_NOUN = "не существительное"
REASON_NOT_NOMINATIVE = "не именительный падеж"
REASON_PLURAL = "множественное число"
REASON_PROPER = "имя собственное"
REASON_ABBREVIATION = "сокращение"
REASON_SLANG = "жаргон"
REASON_COLLOQUIAL = "просторечие"
REASON_UNKNOWN = "нет в словаре"
REASON_DIMINUTIVE = "уменьшительная форма"
REASON_BLOCKED = "недопустимое слово"
REASON_EMPTY = "пустое слово"
REASON_NOT_CYRILLIC = "только русские буквы, без латиницы, цифр и знаков"
REASON_TOO_SHORT = "слишком короткое слово"
REASON_NOT_A_WORD = "это сокращение или название буквы, а не слово"
REASON_RARE_VARIANT = "редкое написание: обычно это слово пишут на «-ние»"

TAG_NAMES = ("муж", "жен", "ср", "кто", "что", "предмет", "твёрдое", "жидкое", "съедобное", "рукотворное",
             "природа", "животное", "растение", "в_комнате", "рыба", "птица")
CATEGORY_TAGS = TAG_NAMES[5:]
# A category implies others: a fish is part of nature; a solid, edible, man-made thing or one in the room is a thing
# you can touch.
TAG_IMPLIES = {"рыба": ("природа",), "птица": ("природа",), "животное": ("природа",), "растение": ("природа",),
               "в_комнате": ("предмет",), "твёрдое": ("предмет",), "съедобное": ("предмет",),
               "рукотворное": ("предмет",)}

__all__ = ["GAME_IDS", "Verdict", "Lexicon", "get", "judge", "hard_sign_accepts", "final_hard_sign_base", "tags", "reads_rude",
           "normalize", "Index", "install", "use_loader", "is_loaded", "TAG_NAMES", "ANY", "VOWEL", "CONSONANT",
           "PI", "THREE", "HARD_SIGN"]


@dataclass(frozen=True)
class Verdict:
    word: str
    ok: bool
    reason: str = ""


def normalize(word: str) -> str:
    """Lower case, surrounding spaces removed; ё is kept (is_word also accepts е for ё)."""
    return word.strip().lower()


def _plain(word: str) -> str:
    return word.replace("ё", "е")


# --- the loaded index ----------------------------------------------------------------------------------------
class Index(Protocol):
    """What the app side hands over (game.lexicon_store.StoredIndex): the index files and the shipped lists, read."""

    nouns: dict[str, int]  # noun headword -> index_format flags
    toggled: dict[str, int]  # the same for words acceptable only with a toggle
    forms: object  # a DAWG of every word form with its toggle class (``forms[word]``, ``iteritems()``)
    blocklist: object  # ``word in blocklist``
    pluralia: frozenset[str]
    slovodel_plurals: frozenset[str]
    diminutives: frozenset[str]
    not_words: frozenset[str]  # the reviewed noise list, е spelling
    rare_doublets: frozenset[str]  # the reviewed rare «-нье» doublets, е spelling
    common_ranked: list[str]
    known_ranked: list[str]  # the known tier, read on first use

    def noun_bits(self, word: str) -> int: ...


_index: Index | None = None
_loader: Callable[[], Index] | None = None


def install(index: Index | None) -> None:
    """The index every lexicon reads from now on (None: load again through the loader when next needed)."""
    global _index
    _index = index
    _instances.clear()


def use_loader(load: Callable[[], Index]) -> None:
    """How to get the index the first time a word is asked about, when nothing was installed yet."""
    global _loader
    _loader = load


def is_loaded() -> bool:
    return _index is not None


def _load() -> Index:
    if _index is None:
        if _loader is None:
            raise LookupError("Словарь не загружен: его загружает приложение (game.lexicon_store.install()).")
        install(_loader())
    return _index


def _accepted_classes(allow_proper: bool, allow_slang: bool, for_bots: bool = False) -> int:
    """The toggle classes a lexicon accepts; people's lexicons also the readings only people may play."""
    classes = flags.CLASS_PLAIN
    if allow_proper:
        classes |= flags.CLASS_PROPER
    if allow_slang:
        classes |= flags.CLASS_SLANG
    if allow_proper and allow_slang:
        classes |= flags.CLASS_PROPER_SLANG
    return classes if for_bots else classes | classes << flags.PEOPLE_SHIFT


def _with_plain_spellings(words: Iterable[str]) -> set[str]:
    result = set()
    for word in words:
        result.add(word)
        if "ё" in word:
            result.add(_plain(word))
    return result


class _FormSet(Set):
    """Read-only set of every accepted Скрэббл spelling, backed by the forms DAWG (millions of words)."""

    def __init__(self, lexicon: "Lexicon"):
        self._lexicon = lexicon

    def __contains__(self, word) -> bool:
        return isinstance(word, str) and self._lexicon.is_word(word)

    def __iter__(self) -> Iterator[str]:
        accept = self._lexicon._form_accepted
        for word, bits in self._lexicon._index.forms.iteritems():
            if accept(word, bits):
                yield word

    def __len__(self) -> int:
        if self._lexicon._form_count is None:
            self._lexicon._form_count = sum(1 for _ in self)
        return self._lexicon._form_count


class Lexicon:
    """The word rules of one game with its house toggles. Get one with ``lexicon.get``."""

    def __init__(self, game_id: str, allow_proper: bool = False, allow_slang: bool = False, for_bots: bool = False):
        if game_id not in GAME_IDS:
            raise ValueError(f"Неизвестная игра для словаря: {game_id!r} (есть: {', '.join(GAME_IDS)})")
        self.game_id = game_id
        self.allow_proper = allow_proper
        self.allow_slang = allow_slang
        # the words the game itself says (bots' moves and claims, hints): no word only people may play
        self.for_bots = for_bots
        self.min_len = 3 if game_id == "nowords" else 2
        self._index = _load()
        self._classes = _accepted_classes(allow_proper, allow_slang, for_bots)
        self._trie: SignatureTrie | None = None
        self._minimal: MinimalWords | None = None
        self._sorted: list[str] | None = None
        self._form_count: int | None = None
        self._letter_graph = None
        self._common: frozenset[str] | None = None
        self._known: frozenset[str] | None = None
        if game_id in NOUN_GAMES:
            self.words: frozenset[str] | Set = frozenset(self._noun_words())
        else:
            self.words = _FormSet(self)

    # --- membership ----------------------------------------------------------------------------------------
    def _noun_words(self) -> set[str]:
        index, classes, min_len = self._index, self._classes & flags.CLASS_MASK, self.min_len
        unsaid = flags.PEOPLE_ONLY if self.for_bots else 0
        if unsaid:
            words = {word for word, bits in index.nouns.items() if not bits & unsaid and len(word) >= min_len}
        elif min_len <= 2:
            words = set(index.nouns)
        else:
            words = {word for word in index.nouns if len(word) >= min_len}
        # the built lists already leave blocked words out; the hand-made additions are filtered here
        extra = _with_plain_spellings(index.pluralia)
        if classes != flags.CLASS_PLAIN:
            words.update(word for word, bits in index.toggled.items()
                         if bits & classes and not bits & unsaid and len(word) >= min_len)
        if self.game_id == "slovodel":
            extra |= _with_plain_spellings(index.slovodel_plurals)
            words -= _with_plain_spellings(index.diminutives)
        if self.game_id == "hardsign" and not self.allow_slang:  # the card: «жаргон, просторечия — не учитываются»
            words = {word for word in words if not index.noun_bits(word) & flags.INFORMAL}
        words.update(word for word in extra if len(word) >= min_len and word not in index.blocklist)
        return words

    def _form_accepted(self, word: str, bits: int) -> bool:
        # the forms index holds no blocked spelling but as an innocent word's, people's alone (lexicon_build)
        return bool(bits & self._classes) and len(word) >= self.min_len

    def is_word(self, word: str) -> bool:
        if self.game_id in NOUN_GAMES:
            return word in self.words or word.strip().lower() in self.words
        word = word.strip().lower()
        bits = self._index.forms.get(word)
        return bits is not None and self._form_accepted(word, bits)

    def has_prefix(self, prefix: str) -> bool:
        """Whether a word can start with prefix — the walk a move generator does. Noun games: exactly, some
        accepted word starts so. Скрэббл: some dictionary word form does (a superset: proper names too), so confirm
        whole words with is_word. Both hold the е spellings of ё words."""
        prefix = prefix.lower()
        if self.game_id not in NOUN_GAMES:
            return self._index.forms.has_keys_with_prefix(prefix)
        if self._sorted is None:
            self._sorted = sorted(self.words)
        at = bisect_left(self._sorted, prefix)
        return at < len(self._sorted) and self._sorted[at].startswith(prefix)

    def letter_graph(self):
        """Скрэббл: every word form as the letter graph the board move generator walks (``FormGraph``), read from the
        forms index as the generator goes and kept for the next search."""
        if self._letter_graph is None:
            from game.rules.lexicon.form_graph import FormGraph

            self._letter_graph = FormGraph(self._index.forms.tobytes(), self._classes, self.is_word)
        return self._letter_graph

    @property
    def common(self) -> frozenset[str]:
        """The common-word tier that this game accepts (see data/lexicon/common.txt for the source)."""
        if self._common is None:
            self._common = frozenset(word for word in self._index.common_ranked if self.is_word(word))
        return self._common

    @property
    def known(self) -> frozenset[str]:
        """The known tier this game accepts: the words people at a table know (data/lexicon/known.txt, the common
        tier continued to ~22,000 nouns). The strongest bots of Нет слов claim only these."""
        if self._known is None:
            self._known = frozenset(word for word in self._index.known_ranked if self.is_word(word))
        return self._known

    def common_ranked(self) -> list[str]:
        """The common tier, most frequent first."""
        return [word for word in self._index.common_ranked if word in self.common]

    # --- verdicts ------------------------------------------------------------------------------------------
    def accepts(self, word: str) -> bool:
        """Whether this game's table takes the word — ``check(word).ok`` without working out a reason."""
        text = normalize(word)
        if self.game_id == "hardsign":
            return hard_sign_accepts(text, self.is_word)
        return self.is_word(text)

    def base_word(self, reading: str) -> str:
        """The dictionary word behind a reading: «столъ» → «стол», «гвоздъ» → «гвоздь»; else the reading."""
        if self.game_id != "hardsign":
            return reading
        return final_hard_sign_base(reading, self.is_word) or reading

    def check(self, word: str) -> Verdict:
        """The game's verdict on a word, with the Russian reason of a refusal."""
        text = normalize(word)
        if self.accepts(text):  # words never hold blocked or malformed spellings
            return Verdict(text, True, "")
        return Verdict(text, False, self._refusal(self.base_word(text)))

    def _refusal(self, text: str) -> str:
        if not text:
            return REASON_EMPTY
        if any(letter not in ALPHABET for letter in text):
            return REASON_NOT_CYRILLIC
        if text in self._index.blocklist:
            return REASON_BLOCKED
        if _plain(text) in self._index.not_words:
            return REASON_NOT_A_WORD
        if len(text) < self.min_len:
            return REASON_TOO_SHORT
        return self._reason(text)

    def _reason(self, text: str) -> str:
        if self.game_id == "hardsign" and not self.allow_slang and self._index.noun_bits(text) & flags.INFORMAL:
            return REASON_COLLOQUIAL
        if self.game_id == "slovodel" and text in _with_plain_spellings(self._index.diminutives):
            return REASON_DIMINUTIVE
        if self.game_id in NOUN_GAMES and _plain(text) in self._index.rare_doublets:
            return REASON_RARE_VARIANT
        lemma, readings = _meant_readings(text)
        if self.game_id in NOUN_GAMES and readings and not any("NOUN" in grammemes for grammemes in readings):
            return REASON_NOT_NOUN  # before the index's marks: «красная» is meant as an adjective, not a place
        bits = self._index.noun_bits(text) if self.game_id in NOUN_GAMES else self._index.forms.get(text, 0)
        if bits & (flags.CLASS_PROPER | flags.CLASS_PROPER_SLANG) and not self.allow_proper:
            return REASON_PROPER
        if bits & (flags.CLASS_SLANG | flags.CLASS_PROPER_SLANG) and not self.allow_slang:
            return REASON_SLANG
        if not readings:
            return REASON_UNKNOWN
        if self.game_id not in NOUN_GAMES:
            if any(grammemes & {"Abbr", "Init"} for grammemes in readings):
                return REASON_ABBREVIATION
            return REASON_UNKNOWN
        return self._reading_reason(lemma, readings)

    def _reading_reason(self, lemma: str, readings: list[frozenset[str]]) -> str:
        """Why a noun game refuses the readings of one lexeme, its nominative readings first."""
        nominative = [grammemes for grammemes in readings if "NOUN" in grammemes and "nomn" in grammemes]
        abbreviation = frozenset() if _plain(lemma) in _abbreviation_nouns() else frozenset({"Abbr", "Init"})
        for grammemes in nominative or readings:
            if grammemes & abbreviation:
                return REASON_ABBREVIATION
            if grammemes & flags.PROPER_GRAMMEMES and not self.allow_proper:
                return REASON_PROPER
            if "Slng" in grammemes and not self.allow_slang:
                return REASON_SLANG
        if not nominative:
            return REASON_NOT_NOMINATIVE
        if any("plur" in grammemes for grammemes in nominative):
            return REASON_PLURAL
        return REASON_UNKNOWN  # only misspelt or distorted forms (Erro, Dist)

    # --- search --------------------------------------------------------------------------------------------
    def _signature_trie(self) -> SignatureTrie:
        if self._trie is None:
            self._trie = SignatureTrie(self.words)
        return self._trie

    def _minimal_words(self) -> MinimalWords:
        if self._minimal is None:
            common = self.common
            self._minimal = MinimalWords(self.words, preference=lambda word: (word not in common, len(word), word))
        return self._minimal

    def any_word_from(self, letters) -> str | None:
        """One accepted word (at least min_len letters) whose letters are a sub-multiset of letters, or None.
        Noun games answer in well under a millisecond for 20 letters (a common word when one fits)."""
        counts = as_counts(letters)
        if self.game_id in NOUN_GAMES:
            return self._minimal_words().any_from(counts)
        found = prefix_walk(counts, self.has_prefix, self.is_word, self.min_len, stop_at_first=True)
        return found[0] if found else None

    def words_from(self, letters, min_len: int | None = None, common_only: bool = False, blanks: int = 0,
                   vowel_blanks: int = 0, consonant_blanks: int = 0) -> list[str]:
        """All accepted words formable from a sub-multiset of letters, sorted by length (longest first) then
        alphabetically. Blanks cover missing letters (vowel/consonant blanks only those kinds)."""
        counts = as_counts(letters)
        shortest = max(self.min_len, min_len or 0)
        if self.game_id in NOUN_GAMES:
            found = set(self._signature_trie().all_from(counts, blanks, vowel_blanks, consonant_blanks))
        else:
            found = set(prefix_walk(counts, self.has_prefix, self.is_word, self.min_len,
                                    blanks=blanks + vowel_blanks + consonant_blanks))
            if vowel_blanks or consonant_blanks:
                found = {word for word in found if _fits(word, counts, blanks, vowel_blanks, consonant_blanks)}
        common = self.common if common_only else None
        return sorted((word for word in found if len(word) >= shortest and (common is None or word in common)),
                      key=lambda word: (-len(word), word))

    def match(self, pattern) -> list[str]:
        """Readings of a Твёрдый знак card sequence that are accepted words (see the module docstring)."""
        tokens = tokenize(pattern)
        if not tokens:
            return []
        options = [token_readings(token) for token in tokens]
        total = 1
        for choice in options:
            total *= len(choice)
        if total <= MAX_EXPANSIONS:
            readings = _expand(options)
        else:
            readings = self._scan(options)
        return sorted({reading for reading in readings if self.accepts(reading)})

    def _scan(self, options: list[tuple[str, ...]]) -> Iterator[str]:
        """Too many combinations to expand: test every word (and its final-ъ spellings) against the pattern."""
        import re

        fullmatch = re.compile("".join("(?:" + "|".join(map(re.escape, choice)) + ")" for choice in options)).fullmatch
        candidates = self.words if self.game_id in NOUN_GAMES else ()
        for word in candidates:
            for reading in (word, word + HARD_SIGN, word[:-1] + HARD_SIGN if word.endswith("ь") else None):
                if reading and fullmatch(reading):
                    yield reading


def reads_rude(letters: str) -> bool:
    """Whether a row of letters shown side by side (cards on a table) spells a blocklisted word anywhere in it,
    read left to right: «ахуя» does, «ауху» not. Letters only: a gap or a non-letter splits the row."""
    blocked = _blocklist()
    for run in re.split(r"[^а-яё]+", letters.lower()):
        if any(run[i:j] in blocked for i in range(len(run)) for j in range(i + 3, len(run) + 1)):
            return True
    return False


def final_hard_sign_base(reading: str, is_word) -> str | None:
    """The noun under a pre-reform final ъ: «слонъ» → «слон»; «гвоздъ» → «гвоздь» (the card text's own example:
    the ъ stands after the final consonant sound, taking the soft sign's place). None if there is no final ъ
    after a consonant. ``is_word`` is the dictionary asked (with the table's toggles)."""
    if len(reading) < 3 or reading[-1] != HARD_SIGN or reading[-2] not in CONSONANTS:
        return None
    stem = reading[:-1]
    if not is_word(stem) and is_word(stem + "ь"):
        return stem + "ь"
    return stem


def hard_sign_accepts(reading: str, is_word) -> bool:
    """Твёрдый знак's word rule over a dictionary: a noun as the dictionary spells it (a Ъ inside only where it does:
    съезд, подъезд), or a noun ending in a consonant with the pre-reform ъ after it (слонъ, ёжъ) or in place of its
    final ь (гвоздъ, мышъ, ночъ, дверъ). The only place this rule lives: every judge of the game comes here."""
    if is_word(reading):
        return True
    base = final_hard_sign_base(reading, is_word)
    return base is not None and is_word(base)


def _expand(options: list[tuple[str, ...]]) -> Iterator[str]:
    from itertools import product

    for parts in product(*options):
        yield "".join(parts)


def _fits(word: str, counts: Counter, blanks: int, vowel_blanks: int, consonant_blanks: int) -> bool:
    missing = Counter(word) - counts
    vowels_missing = sum(count for letter, count in missing.items() if letter in VOWELS)
    consonants_missing = sum(count for letter, count in missing.items() if letter in CONSONANTS)
    others = sum(missing.values()) - vowels_missing - consonants_missing
    return (max(0, vowels_missing - vowel_blanks) + max(0, consonants_missing - consonant_blanks) + others
            <= blanks)


@lru_cache(maxsize=1)
def _morph():
    import pymorphy3

    return pymorphy3.MorphAnalyzer()


@lru_cache(maxsize=1)
def _abbreviation_nouns() -> frozenset[str]:
    """Abbreviations that became ordinary nouns (вуз, загс): the index has them as plain nouns; the dictionary's
    readings still carry the «Abbr» mark."""
    return frozenset(_plain(word) for word in _read_list("abbreviation_nouns.txt"))


def _meant_readings(word: str) -> tuple[str, list[frozenset[str]]]:
    """The lemma and the grammemes of the dictionary's readings of word (е may stand for ё; no guessing) that belong
    to the word a person most likely means: the lexeme the dictionary's corpus finds most probable for this spelling. «красная» is
    the adjective before it is a place name, «цветы» the plural of «цветок» before the name «Цвета», «маша» a name
    before a form of «маш»."""
    weights: dict[tuple[str, str], float] = {}
    readings: dict[tuple[str, str], list[frozenset[str]]] = {}
    for parse in _morph().parse(word):
        if not parse.is_known:
            continue
        lexeme = (parse.normal_form, str(parse.tag.POS))
        weights[lexeme] = weights.get(lexeme, 0.0) + parse.score
        readings.setdefault(lexeme, []).append(frozenset(parse.tag.grammemes))
    if not weights:
        return "", []
    meant = max(weights, key=lambda lexeme: (weights[lexeme], lexeme))
    return meant[0], readings[meant]


_instances: dict[tuple[str, bool, bool, bool], Lexicon] = {}


def judge(game_id: str, options: dict | None = None, for_bots: bool = False) -> Lexicon:
    """The word judge of a game's table with its options (``allow_proper``, ``allow_slang``): the tables, the bots,
    «Проверка слова» and ``python -m game word`` all take their verdicts from it. ``for_bots``: the words the game
    itself may say — what bots lay and claim and hints offer — which leaves out the words only people may play (the
    supplement from a second dictionary, bots_never_say.txt, an innocent reading of a blocked spelling); a bot judging
    a person's word asks the judge itself."""
    options = options or {}
    return get(game_id, allow_proper=bool(options.get("allow_proper")), allow_slang=bool(options.get("allow_slang")),
               for_bots=for_bots)


def get(game_id: str, allow_proper: bool = False, allow_slang: bool = False, for_bots: bool = False) -> Lexicon:
    """The lexicon of a game with its toggles (cached; the first call loads the index)."""
    key = (game_id, bool(allow_proper), bool(allow_slang), bool(for_bots))
    lexicon = _instances.get(key)
    if lexicon is None:
        lexicon = _instances[key] = Lexicon(*key)
    return lexicon


# --- Твёрдый знак bonus tags ----------------------------------------------------------------------------------
@lru_cache(maxsize=1)
def _category_lists() -> dict[str, frozenset[str]]:
    lists = {}
    for tag in CATEGORY_TAGS:
        # compared in the е spelling: a list may spell «лепешка» and a player «лепёшка», or the other way round
        lists[tag] = frozenset(_plain(word) for word in _read_list(f"tags/{tag}.txt"))
    return lists


@lru_cache(maxsize=1)
def _animacy_overrides() -> dict[str, frozenset[str]]:
    overrides = {}
    for line in (DATA_DIR / "animacy.txt").read_text(encoding="utf-8").splitlines():
        fields = line.split("#", 1)[0].split()
        if len(fields) >= 2:
            for spelling in _with_plain_spellings([normalize(fields[0])]):
                overrides[spelling] = frozenset(fields[1].split(","))
    return overrides


def tags(word: str) -> frozenset[str]:
    """Твёрдый знак bonus tags of a noun: gender (муж жен ср; common gender is both), кто/что, and the curated
    categories. A final pre-reform ъ (слонъ) is ignored. Unknown words get only their category tags (often none)."""
    text = normalize(word)
    index = _load()
    text = final_hard_sign_base(text, lambda w: bool(index.noun_bits(w))) or text
    bits = index.noun_bits(text)
    result: set[str] = set()
    if bits & flags.MASC:
        result.add("муж")
    if bits & flags.FEMN:
        result.add("жен")
    if bits & flags.NEUT:
        result.add("ср")
    if bits & flags.COMMON_GENDER:
        result.update(("муж", "жен"))
    animacy = _animacy_overrides().get(text)
    if animacy is not None:
        result.update(animacy)
    else:
        if bits & flags.ANIM:
            result.add("кто")
        if bits & flags.INAN:
            result.add("что")
    for tag, members in _category_lists().items():
        if _plain(text) in members:
            result.add(tag)
            result.update(TAG_IMPLIES.get(tag, ()))
    if animacy is None and result & {"животное", "рыба", "птица"}:
        result.add("кто")
    return frozenset(result)
