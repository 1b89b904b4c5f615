"""How well the Твёрдый знак bonus tags match the hand-reviewed gold samples of ordinary nouns: tags_gold.txt (the
sample the lists were reviewed against) and tags_gold_heldout.txt (drawn afterwards, never used to change them).
The test holds the figures to their targets and ``python -m game bench --only lexicon`` reports them."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

from game.rules.lexicon.data import DATA_DIR

GOLD_FILE = "tags_gold.txt"
HELDOUT_FILE = "tags_gold_heldout.txt"
GRAMMAR_TAGS = frozenset({"муж", "жен", "ср", "кто", "что"})


@dataclass(frozen=True)
class GoldWord:
    word: str
    required: frozenset[str]
    arguable: frozenset[str]


@dataclass
class TagScore:
    """Pairs (word, tag): recall over the required ones, precision over the given ones that are not arguable."""

    required: int = 0
    found: int = 0
    given: int = 0
    right: int = 0
    missed: list[tuple[str, str]] = field(default_factory=list)
    wrong: list[tuple[str, str]] = field(default_factory=list)

    @property
    def recall(self) -> float:
        return self.found / self.required if self.required else 1.0

    @property
    def precision(self) -> float:
        return self.right / self.given if self.given else 1.0


def read_gold(text: str | None = None, name: str = GOLD_FILE) -> list[GoldWord]:
    """Lines «word: required tags | arguable tags»; «#» starts a comment. Without text, the data file name."""
    if text is None:
        text = (DATA_DIR / name).read_text(encoding="utf-8")
    gold = []
    for line in text.splitlines():
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        word, _, tags = line.partition(":")
        required, _, arguable = tags.partition("|")
        gold.append(GoldWord(word.strip(), frozenset(required.split()), frozenset(arguable.split())))
    return gold


def score(tags_of: Callable[[str], frozenset[str]], gold: list[GoldWord],
          only: Callable[[str], bool] = lambda tag: True) -> TagScore:
    """Score tags_of against gold, counting only the tags for which only(tag) holds."""
    result = TagScore()
    for entry in gold:
        given = {tag for tag in tags_of(entry.word) if only(tag)}
        required = {tag for tag in entry.required if only(tag)}
        result.required += len(required)
        result.found += len(required & given)
        result.missed.extend((entry.word, tag) for tag in sorted(required - given))
        judged = given - entry.arguable
        result.given += len(judged)
        result.right += len(judged & entry.required)
        result.wrong.extend((entry.word, tag) for tag in sorted(judged - entry.required))
    return result


def category_score(tags_of: Callable[[str], frozenset[str]], gold: list[GoldWord] | None = None) -> TagScore:
    """The curated categories only (the gender and кто/что tags come straight from the dictionary's grammemes)."""
    return score(tags_of, read_gold() if gold is None else gold, only=lambda tag: tag not in GRAMMAR_TAGS)
