"""Make game/data/lexicon/common.txt: the common-word tier of nouns, most frequent first.

Frequencies come from the `wordfreq` package (Robyn Speer et al., data CC BY-SA 4.0; its Russian "large" list merges
Wikipedia, subtitles (OpenSubtitles), news, books (Google Books) and web text). pymorphy3 has no frequencies (its
`score` is the probability of a parse given the word, not of the word). A word enters the tier when

* it is a noun that Эрудит accepts (our lexicon, built from pymorphy3's dictionary), 2+ letters, and
* its noun reading is not a rare homograph: pymorphy3's P(tag | word) summed over its nominative common-noun parses is
  at least MIN_NOUN_SHARE (drops «стать», «мой», «вести» whose counts belong to a verb or pronoun), and it is not in
  NOT_COMMON (уж, пора, рада… where that share misleads).

ё: wordfreq counts ё words under both spellings; the tier lists the dictionary spelling (ёлка).

Run:  pip install wordfreq && python tools/build_common_tier.py [--size 10000]
"""
from __future__ import annotations

import argparse
import itertools
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

MIN_NOUN_SHARE = 0.25
# Homographs whose counts belong to another part of speech although the corpus share says noun (a particle, a
# predicative, an adjective, a proper name).
NOT_COMMON = frozenset("уж пора рада сан второе третье".split())
HEADER = """# Common-word tier: the {size} most frequent nouns that Эрудит accepts, most frequent first.
# Made by tools/build_common_tier.py from wordfreq {version} (Russian "large" list; data CC BY-SA 4.0, see
# ATTRIBUTION.md) and pymorphy3's dictionary (OpenCorpora, CC BY-SA). Bots at easy levels and hints use only these.
"""


def noun_share(morph, word: str) -> float:
    share = 0.0
    for parse in morph.parse(word):
        tag = parse.tag
        if tag.POS == "NOUN" and tag.case == "nomn" and not ({"Name", "Surn", "Patr", "Geox", "Orgn", "Trad"}
                                                               & set(tag.grammemes)):
            share += parse.score
    return share


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", type=int, default=10_000)
    parser.add_argument("--out", type=Path, default=ROOT / "game" / "data" / "lexicon" / "common.txt")
    args = parser.parse_args()

    import pymorphy3
    import wordfreq

    from game.rules import lexicon

    lex = lexicon.get("erudit")
    morph = pymorphy3.MorphAnalyzer()
    chosen: list[str] = []
    seen: set[str] = set()
    for word in itertools.islice(wordfreq.iter_wordlist("ru", "large"), 400_000):
        if len(chosen) >= args.size:
            break
        if len(word) < 2 or word in NOT_COMMON or not lex.is_word(word):
            continue
        spelling = next((p.word for p in morph.parse(word) if "ё" in p.word and p.word.replace("ё", "е") == word),
                        word)
        if spelling not in lex.words or spelling in seen:
            continue
        if noun_share(morph, word) < MIN_NOUN_SHARE:
            continue
        seen.add(spelling)
        chosen.append(spelling)
    lines = [HEADER.format(size=len(chosen), version=getattr(wordfreq, "__version__", "3"))]
    for start in range(0, len(chosen), 12):
        lines.append(" ".join(chosen[start:start + 12]) + "\n")
    args.out.write_text("".join(lines), encoding="utf-8")
    print(f"{len(chosen)} слов записано в {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
