"""How many games Игротека has is said once: the main menu's tiles (Эрудит's holds Скрэббл, Скрэббл Бинго has its
own), and the README and ``python -m game --help`` say the same number. The help is Russian throughout: none of
argparse's English words, no hidden command showing as «==SUPPRESS==»."""
from __future__ import annotations

import argparse
import re
from pathlib import Path

from game.cli import build_parser
from game.scenes.menu import GameTile, MainMenu

ENGLISH = ("usage", "options", "positional arguments", "show this help", "SUPPRESS", "required", "invalid")
KEPT_LATIN = {"JSON", "PNG", "TAB", "GCG", "SDL"}  # names, not argparse's words


def every_help(parser: argparse.ArgumentParser):
    yield parser.format_help()
    for action in parser._actions:  # the subcommands' own parsers
        if isinstance(action, argparse._SubParsersAction):
            for sub in action.choices.values():
                yield from every_help(sub)


def test_the_readme_and_the_help_count_the_menus_games(app):
    app.push(MainMenu())
    tiles = len([w for w in app.top.group.widgets if isinstance(w, GameTile)])
    readme = (Path(__file__).parents[1] / "README.md").read_text(encoding="utf-8").split("\n\n")[1]
    assert readme.startswith(f"{tiles} русских настольных игр"), readme[:60]
    assert f"Игротека — {tiles} русских настольных игр." in build_parser().format_help()


def test_the_help_is_russian_throughout():
    for text in every_help(build_parser()):
        assert not [word for word in ENGLISH if word in text], text
        placeholders = set(re.findall(r"\b[A-Z][A-Z_]+\b", text)) - KEPT_LATIN
        assert not placeholders, (placeholders, text)


def test_a_wrong_command_line_is_told_in_russian(capsys):
    import pytest

    for argv, said in ((["screenshot"], "не хватает: СЦЕНА, --out"),
                       (["simulate", "chess"], "ИГРА: варианта «chess» нет"),
                       (["duel", "--games", "много"], "--games: «много» — не число")):
        with pytest.raises(SystemExit):
            build_parser().parse_args(argv)
        told = capsys.readouterr()
        assert said in told.err and "Как вызвать:" in told.out, told
