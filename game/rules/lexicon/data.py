"""The hand-made data files in game/data/lexicon and the blocklist matcher."""
from __future__ import annotations

import hashlib
import re
from functools import lru_cache
from pathlib import Path
from typing import Iterable

DATA_DIR = Path(__file__).resolve().parents[2] / "data" / "lexicon"
VOWELS_E = "аеиоуыэюя"  # the vowels of the е spelling (ё is compared as е)

# Russian prefixes a blocked root may follow («+root» entries): на|хуй, вы|бляд|ок, рас|пизд|яй, отъ|еб|ать.
# A root that starts with a vowel takes only the prefixes that end in a vowel or in ъ: a consonant prefix is joined
# to it by ъ (съ|еб), so «в|еб|инар», «с|еб|е» and «не|бал|анс» are never read as the obscene root.
PREFIXES = ("в", "во", "вз", "взо", "вс", "вы", "до", "за", "из", "изо", "ис", "на", "над", "надо", "недо", "о", "об",
            "обо", "от", "ото", "пере", "по", "под", "подо", "пре", "пред", "при", "про", "раз", "разо", "рас", "с",
            "со", "у", "въ", "взъ", "изъ", "объ", "отъ", "подъ", "предъ", "разъ", "съ", "надъ")
VOWEL_ROOT_PREFIXES = tuple(prefix for prefix in PREFIXES if prefix[-1] in VOWELS_E + "ъ")

# The files the index build reads besides the dictionary: their digest is part of the cache key.
BUILD_FILES = ("blocklist.txt", "blocklist_forms.txt", "slang.txt", "colloquial.txt", "not_common_nouns.txt",
               "not_words.txt", "rare_doublets.txt", "supplement.txt", "abbreviation_nouns.txt",
               "bots_never_say.txt", "supplement_lebedev.txt")


def read_list(name: str) -> list[str]:
    """A data file: words separated by white space, «#» starts a comment; words come back lower-cased."""
    words: list[str] = []
    for line in (DATA_DIR / name).read_text(encoding="utf-8").splitlines():
        words.extend(word.strip().lower() for word in line.split("#", 1)[0].split())
    return words


def _plain(word: str) -> str:
    return word.replace("ё", "е")


def _alternation(words: Iterable[str]) -> str:
    # longest first, so that a shorter alternative does not end a match that a longer one would continue
    return "|".join(map(re.escape, sorted(set(words), key=lambda word: (-len(word), word))))


def root_pattern(root: str) -> str:
    """The regular expression of a «+root» entry: the root at the start of a word or after one prefix. One, not a
    chain: chains read «о|бо|со|блять» into обособлять and «с|у|перд» into супердержава."""
    prefixes = VOWEL_ROOT_PREFIXES if root[0] in VOWELS_E else PREFIXES
    return f"(?:{_alternation(prefixes)})?{re.escape(root)}"


def entry_pattern(entry: str) -> str | None:
    """The regular expression (matched at the start of the word) of a pattern entry, None for exact entries."""
    kind, body = entry[0], _plain(entry[1:])
    if kind == "^":
        return re.escape(body)
    if kind == "+":
        return root_pattern(body)
    if kind == "~":
        return f".*?{re.escape(body)}"
    return None


class Blocklist:
    """Entries (blocklist.txt): «word» exactly; «^stem» any word starting so; «+root» the root at the start or after
    prefixes (PREFIXES); «~part» anywhere (only for compound roots, every hit reviewed); «@lemma» every form of that
    dictionary word, and «!@lemma» every form of an innocent word that a pattern would catch — both expanded into
    blocklist_forms.txt by tools/build_blocklist.py. ё counts as е."""

    def __init__(self, entries: Iterable[str], forms: Iterable[str] = ()):
        exact, exempt, patterns, prefixes, infixes = set(), set(), [], set(), set()
        for entry in entries:
            if entry[0] in "@!":
                continue  # expanded into forms
            pattern = entry_pattern(entry)
            if pattern is None:
                exact.add(_plain(entry))
            else:
                patterns.append(pattern)
                body = _plain(entry[1:])
                if entry[0] == "~":
                    infixes.add(body)
                else:
                    prefixes.add(body)
                    if entry[0] == "+":
                        prefixes.update(prefix + body for prefix in
                                        (VOWEL_ROOT_PREFIXES if body[0] in VOWELS_E else PREFIXES))
        # what every word the patterns refuse starts with, or holds: where the index build looks for them
        self.prefixes, self.infixes = frozenset(prefixes), frozenset(infixes)
        for form in forms:
            if form.startswith("!"):
                exempt.add(_plain(form[1:]))
            else:
                exact.add(_plain(form))
        self.exact, self.exempt = frozenset(exact), frozenset(exempt - exact)
        self.patterns = tuple(patterns)
        self._match = re.compile("|".join(f"(?:{pattern})" for pattern in patterns) or "(?!)").match

    def __contains__(self, word: str) -> bool:
        word = _plain(word)
        if word in self.exact:
            return True
        return word not in self.exempt and self._match(word) is not None


@lru_cache(maxsize=1)
def blocklist() -> Blocklist:
    return Blocklist(read_list("blocklist.txt"), read_list("blocklist_forms.txt"))


def pattern_entries() -> list[str]:
    return [entry for entry in read_list("blocklist.txt") if entry_pattern(entry) is not None]


def blocklist_digest() -> str:
    """Part of the index's cache key: the built lists follow every data file the build reads."""
    digest = hashlib.sha1()
    for name in BUILD_FILES:
        path = DATA_DIR / name
        digest.update(name.encode() + b"\0" + (path.read_bytes() if path.exists() else b"") + b"\0")
    return digest.hexdigest()[:10]
