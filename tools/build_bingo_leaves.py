"""Which rack leaves are one fresh draw away from a seven-letter word (a «бинго», +50 in Скрэббл).

    python tools/build_bingo_leaves.py --game scrabble

Writes two files under game/data/leaves/, which game/rules/board/equity.py reads:
- ``<game>-sevens.txt.xz``: one seven-letter word per distinct set of letters (an anagram rack), every such
  rack of the game's lexicon; the master's leave of five or six tiles asks it at play time which draws complete
  a word (at most 561 questions per leave);
- ``<game>-bingo-short.txt.xz``: for every leave of three or four tiles that some rack contains, the chance
  (in millionths) that it and a fresh draw from the full tile set make such a rack — asking the racks at play
  time would take up to 58 905 questions for one such leave.

Скрэббл takes every word form (millions of them): walking them all takes a while, so the racks are shipped
rather than found at every start. Run again after the lexicon's build changes; about two minutes.
"""
from __future__ import annotations

import argparse
import lzma
import sys
import time
from collections import Counter
from itertools import product
from math import comb
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game import lexicon_store  # noqa: E402
lexicon_store.install()  # the rules find the dictionary's index through the store
from game.rules.board import words as wordsrc  # noqa: E402
from game.rules.board.equity import BINGO_SHORT_LEAVES, DATA, bingo_pool  # noqa: E402
from game.rules.board.layout import RACK  # noqa: E402


def sevens(game_id: str) -> dict[str, str]:
    """Sorted letters → the first seven-letter word (alphabetically) made of exactly them."""
    racks: dict[str, str] = {}
    for word in sorted(w for w in wordsrc.load(game_id, {}).words if len(w) == RACK):
        racks.setdefault("".join(sorted(word)), word)
    return racks


def short_chances(racks, counts: dict[str, int], total: int) -> dict[str, float]:
    """Every leave of BINGO_SHORT_LEAVES tiles inside a rack → the chance that it and the draw to a full rack
    (from the full tile set less the leave) make one of the racks."""
    out: Counter = Counter()
    for rack in racks:
        letters = Counter(rack)
        if any(n > counts.get(ch, 0) for ch, n in letters.items()):
            continue  # more of a letter than the set holds
        items = sorted(letters.items())
        for kept in product(*(range(n + 1) for _, n in items)):
            size = sum(kept)
            if size not in BINGO_SHORT_LEAVES:
                continue
            ways = 1
            for (ch, n), k in zip(items, kept):
                ways *= comb(counts[ch] - k, n - k)
            out["".join(ch * k for (ch, _), k in zip(items, kept))] += ways / comb(total - size, RACK - size)
    return dict(out)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="scrabble", choices=["scrabble", "erudit"])
    args = parser.parse_args()
    started = time.perf_counter()
    racks = sevens(args.game)
    counts, total = bingo_pool(args.game)
    chances = short_chances(racks, counts, total)
    with lzma.open(DATA / f"{args.game}-sevens.txt.xz", "wt", encoding="utf-8", preset=9) as f:
        f.write("".join(f"{racks[r]}\n" for r in sorted(racks)))
    with lzma.open(DATA / f"{args.game}-bingo-short.txt.xz", "wt", encoding="utf-8", preset=9) as f:
        for leave in sorted(chances):
            millionths = round(chances[leave] * 1_000_000)
            if millionths:
                f.write(f"{leave} {millionths}\n")
    print(f"{args.game}: {len(racks)} racks, {len(chances)} short leaves, {time.perf_counter() - started:.0f} s",
          file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
