"""Draw a gold sample for the Твёрдый знак tags: ordinary nouns (the common tier that Твёрдый знак accepts), seeded,
with their gender and кто/что from the dictionary, one line each, for a person to complete by hand with the
categories and to file as game/data/lexicon/tags_gold*.txt (game/rules/lexicon/tag_gold.py reads the format).

Run:  python tools/draw_tag_sample.py SEED [--size 320] [--exclude game/data/lexicon/tags_gold.txt]
(tags_gold.txt: seed 16; tags_gold_heldout.txt: seed 1617, excluding tags_gold.txt; tags_gold_heldout_29.txt:
seed 2929, excluding both; tags_gold_heldout_4242.txt: seed 4242, excluding the three.)
"""
from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("seed", type=int)
    parser.add_argument("--size", type=int, default=320)
    parser.add_argument("--exclude", action="append", default=[], help="a gold file whose words are left out")
    args = parser.parse_args()

    from game import lexicon_store
    lexicon_store.install()  # the rules find the dictionary's index through the store
    from game.rules import lexicon
    from game.rules.lexicon import tag_gold
    from game.rules.lexicon.data import read_list

    hardsign = lexicon.get("hardsign")
    taken = {entry.word for path in args.exclude for entry in tag_gold.read_gold(Path(path).read_text("utf-8"))}
    common = [word for word in read_list("common.txt") if hardsign.check(word).ok and word not in taken]
    for word in sorted(random.Random(args.seed).sample(common, args.size)):
        grammar = sorted(lexicon.tags(word) & tag_gold.GRAMMAR_TAGS, key=lexicon.TAG_NAMES.index)
        print(f"{word}: {' '.join(grammar)}")


if __name__ == "__main__":
    main()
