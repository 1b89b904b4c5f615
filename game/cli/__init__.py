"""Subcommands of ``python -m game``: every module in this package that defines
``register(subparsers)`` adds its own (play, screenshot, simulate, bench, word, host, …).

The help is Russian throughout: argparse's own words (usage, the section titles, -h, the errors it raises) and the
placeholders it makes from an option's name (``--seed SEED``) are said here in Russian."""
from __future__ import annotations

import argparse
import importlib
import pkgutil
import re

# the placeholder of an option's value, by the option's name; anything else takes ЗНАЧЕНИЕ
METAVARS = {"seed": "ЗЕРНО", "players": "ЧИСЛО", "games": "ЧИСЛО", "bots": "ЧИСЛО", "start_when": "ЧИСЛО",
            "port": "ПОРТ", "web_port": "ПОРТ", "bind": "АДРЕС", "interface": "АДРЕС", "name": "ИМЯ",
            "room": "НАЗВАНИЕ", "game": "ИГРА", "a": "УРОВЕНЬ", "b": "УРОВЕНЬ", "bot": "УРОВЕНЬ",
            "bot_level": "УРОВЕНЬ", "levels": "УРОВНИ", "house": "ПРАВИЛА", "only": "ЗАМЕРЫ", "out": "ФАЙЛ",
            "journal": "ПУТЬ", "token_file": "ФАЙЛ", "size": "ШИРИНАxВЫСОТА", "frames": "ЧИСЛО",
            "turn_timer": "СЕКУНДЫ", "takeover": "СЕКУНДЫ", "wait": "СЕКУНДЫ", "speed": "МНОЖИТЕЛЬ",
            "origin": "МС", "lexicon_share": "ДОЛЯ", "scene": "СЦЕНА", "endpoint": "АДРЕС:ПОРТ"}

# argparse's errors, said in Russian (a message it has no line for here stays as it is)
ERRORS = (
    (r"the following arguments are required: (.*)", r"не хватает: \1"),
    (r"unrecognized arguments: (.*)", r"непонятно, что это: \1"),
    (r"argument (\S+): invalid choice: '([^']*)' \(choose from (.*)\)", r"\1: варианта «\2» нет, есть: \3"),
    (r"argument (\S+): invalid (\w+) value: '([^']*)'", r"\1: «\3» — не число"),
    (r"argument (\S+): expected one argument", r"\1: нужно значение"),
    (r"argument (\S+): expected at least one argument", r"\1: нужно хотя бы одно значение"),
    (r"argument (\S+): ignored explicit argument '([^']*)'", r"\1: значение «\2» здесь не нужно"),
)


def russian_error(message: str) -> str:
    for english, russian in ERRORS:
        said, found = re.subn(f"^{english}$", russian, message)
        if found:
            return said
    return message


class RussianHelp(argparse.HelpFormatter):
    def add_usage(self, usage, actions, groups, prefix=None):
        return super().add_usage(usage, actions, groups, "Как вызвать: " if prefix is None else prefix)

    def _get_default_metavar_for_optional(self, action) -> str:
        return METAVARS.get(action.dest, "ЗНАЧЕНИЕ")

    def _get_default_metavar_for_positional(self, action) -> str:
        return METAVARS.get(action.dest, action.dest)


class RussianParser(argparse.ArgumentParser):
    def __init__(self, *args, **kwargs):
        kwargs.setdefault("formatter_class", RussianHelp)
        kwargs["add_help"] = False
        super().__init__(*args, **kwargs)
        self._positionals.title = "что указать"
        self._optionals.title = "параметры"
        self.add_argument("-h", "--help", action="help", default=argparse.SUPPRESS, help="показать эту справку и выйти")

    def error(self, message: str):  # argparse's own messages are English; say it in Russian
        self.print_usage()
        self.exit(2, f"Ошибка в командной строке: {russian_error(message)}\n")


def build_parser() -> argparse.ArgumentParser:
    from game.rules.words_ru import count
    from game.scenes import menu_games  # as many games as the main menu has tiles (Эрудит's holds Скрэббл)

    parser = RussianParser(prog="python -m game",
                           description=f"Игротека — {count(len(menu_games()), 'русская настольная игра')}.")
    sub = parser.add_subparsers(dest="command", parser_class=RussianParser, title="команды", metavar="КОМАНДА")
    for info in sorted(pkgutil.iter_modules(__path__), key=lambda m: m.name):
        module = importlib.import_module(f"{__name__}.{info.name}")
        register = getattr(module, "register", None)
        if register is not None:
            register(sub)
    return parser
