"""``python -m game bench [--json]``: every figure from ``game/benchmarks`` in one object."""
from __future__ import annotations

import importlib
import json
import os
import pkgutil


def register(sub) -> None:
    p = sub.add_parser("bench", help="замеры производительности")
    p.add_argument("--json", action="store_true", help="одной строкой JSON")
    p.add_argument("--only", default="", help="только эти модули замеров, через запятую")
    p.set_defaults(func=run)


def run(args) -> int:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    import game.benchmarks as pkg

    only = {s.strip() for s in args.only.split(",") if s.strip()}
    figures: dict = {}
    for info in sorted(pkgutil.iter_modules(pkg.__path__), key=lambda m: m.name):
        if only and info.name not in only:
            continue
        module = importlib.import_module(f"game.benchmarks.{info.name}")
        try:
            figures.update(module.measure())
        except Exception as exc:  # noqa: BLE001 - one broken figure must not hide the others
            figures[f"{info.name}_error"] = f"{exc.__class__.__name__}: {exc}"
    if args.json:
        print(json.dumps(figures, ensure_ascii=False))
    else:
        for key, value in figures.items():
            print(f"{key}\t{value}")
    return 0

