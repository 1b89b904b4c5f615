"""``python -m game`` and the ``igroteka`` script: play, or one of the subcommands."""
from __future__ import annotations

import gc
import os
import sys

# A board search makes tens of thousands of moves that all live until it ends (a two-blank Скрэббл rack: 40 000):
# at Python's default (a young collection every 700 new objects) the collector walked them again and again and took
# 40 % of that search (p90 623 → 377 ms CPU on the bench's positions). Young collections of 10 000 objects still
# take well under a millisecond of a frame. A full collection walks the whole heap whenever it comes: at every 50th
# middle one instead of every 10th, the collector's share of 60 two-blank Скрэббл searches fell from about 3.5 to
# 2.6 s (timed with gc.callbacks), and a frame meets one no more often than before.
COLLECTOR_THRESHOLDS = (10_000, 10, 50)


def main(argv: list[str] | None = None) -> int:
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    gc.set_threshold(*COLLECTOR_THRESHOLDS)
    from game import lexicon_store

    lexicon_store.install()  # every command's word tables find the dictionary's index in the user's cache
    from game.cli import build_parser

    args = build_parser().parse_args(sys.argv[1:] if argv is None else argv)
    if getattr(args, "func", None) is None:
        from game.cli.play import run

        return run(args) or 0
    return args.func(args) or 0


if __name__ == "__main__":
    sys.exit(main())
