"""Subcommands of ``python -m game``: every module in this package that defines
``register(subparsers)`` adds its own (play, screenshot, simulate, bench, word, host, …)."""
from __future__ import annotations

import argparse
import importlib
import pkgutil


class RussianParser(argparse.ArgumentParser):
    def error(self, message: str):  # argparse's own messages are English; say it in Russian
        self.print_usage()
        self.exit(2, f"Ошибка в командной строке: {message}\n")


def build_parser() -> argparse.ArgumentParser:
    parser = RussianParser(prog="python -m game", description="Игротека — пять русских настольных игр.")
    sub = parser.add_subparsers(dest="command", parser_class=RussianParser)
    for info in sorted(pkgutil.iter_modules(__path__), key=lambda m: m.name):
        module = importlib.import_module(f"{__name__}.{info.name}")
        register = getattr(module, "register", None)
        if register is not None:
            register(sub)
    return parser
