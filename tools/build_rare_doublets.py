"""Make game/data/lexicon/rare_doublets.txt: the rare «-нье» spellings of «-ние» nouns, which no game accepts.

The dictionary lists nearly every verbal noun twice, «окуривание» and «окуриванье»; the «-нье» spelling is a
poetic or colloquial doublet that a family would not play. A «-нье» noun is refused when its «-ние» twin is also a
noun and the «-нье» spelling is not more frequent than the twin in wordfreq (Zipf scale; data CC BY-SA 4.0), so the
words that live on in the «-нье» spelling stay: варенье, печенье, воскресенье, соленье.

Run:  pip install wordfreq && python tools/build_rare_doublets.py
"""
from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

HEADER = ("# Rare «-нье» doublets of «-ние» nouns, refused in every game with all their forms. Made by\n"
          "# tools/build_rare_doublets.py (wordfreq frequencies, CC BY-SA 4.0; pymorphy3 dictionary, CC BY-SA).\n")


def doublets(nie_nouns, is_nye_noun, zipf) -> tuple[list[str], list[str]]:
    """(refused, kept) «-нье» twins of the «-ние» nouns (is_nye_noun: the dictionary has it as a noun)."""
    refused, kept = [], []
    for twin in sorted(nie_nouns):
        word = twin[:-3] + "нье"
        if twin.endswith("ние") and is_nye_noun(word):
            (kept if zipf(word) > zipf(twin) else refused).append(word)
    return refused, kept


def main() -> int:
    import wordfreq

    from game import lexicon_store
    lexicon_store.install()  # the rules find the dictionary's index through the store
    from game.rules import lexicon

    import pymorphy3

    morph = pymorphy3.MorphAnalyzer()

    def is_nye_noun(word: str) -> bool:  # asked of the dictionary, not of the lexicon this list already trims
        return any(parse.is_known and parse.tag.POS == "NOUN" and parse.tag.case == "nomn" for parse in morph.parse(word))

    nie_nouns = {word for word in lexicon.get("erudit").words if "ё" not in word}
    refused, kept = doublets(nie_nouns, is_nye_noun, lambda word: wordfreq.zipf_frequency(word, "ru"))
    out = ROOT / "game" / "data" / "lexicon" / "rare_doublets.txt"
    lines = [HEADER] + [" ".join(refused[start:start + 8]) + "\n" for start in range(0, len(refused), 8)]
    out.write_text("".join(lines), encoding="utf-8")
    print(f"{len(refused)} редких слов на «-нье» записано в {out}; оставлены: {' '.join(kept)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
