"""``python -m game`` and the ``igroteka`` script: play, or one of the subcommands."""
from __future__ import annotations

import os
import sys


def main(argv: list[str] | None = None) -> int:
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    from game.cli import build_parser

    args = build_parser().parse_args(sys.argv[1:] if argv is None else argv)
    if getattr(args, "func", None) is None:
        from game.cli.play import run

        return run(args) or 0
    return args.func(args) or 0


if __name__ == "__main__":
    sys.exit(main())
