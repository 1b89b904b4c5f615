"""The hand-made data files in game/data/lexicon and the blocklist matcher."""
from __future__ import annotations

import hashlib
import re
from functools import lru_cache
from pathlib import Path
from typing import Iterable

DATA_DIR = Path(__file__).resolve().parents[2] / "data" / "lexicon"


def read_list(name: str) -> list[str]:
    """A data file: words separated by white space, «#» starts a comment; words come back lower-cased."""
    words: list[str] = []
    with open(DATA_DIR / name, encoding="utf-8") as handle:
        for line in handle:
            words.extend(word.strip().lower() for word in line.split("#", 1)[0].split())
    return words


class Blocklist:
    """Entries: «word» exactly, «^stem» any word starting so, «~part» any word containing it; ё counts as е."""

    def __init__(self, entries: Iterable[str]):
        exact, prefixes, parts = set(), [], []
        for entry in entries:
            entry = entry.replace("ё", "е")
            if entry.startswith("^"):
                prefixes.append(entry[1:])
            elif entry.startswith("~"):
                parts.append(entry[1:])
            else:
                exact.add(entry)
        self.exact, self.prefixes = frozenset(exact), tuple(prefixes)
        self._part = re.compile("|".join(map(re.escape, parts)) or "(?!)").search

    def __contains__(self, word: str) -> bool:
        word = word.replace("ё", "е")
        return word in self.exact or word.startswith(self.prefixes) or self._part(word) is not None


@lru_cache(maxsize=1)
def blocklist() -> Blocklist:
    return Blocklist(read_list("blocklist.txt"))


def blocklist_digest() -> str:
    """Part of the index's cache key: the built noun lists leave blocked words out."""
    return hashlib.sha1((DATA_DIR / "blocklist.txt").read_bytes()).hexdigest()[:10]
