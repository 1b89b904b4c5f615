"""Pure game rules: no pygame, sockets, threads or clocks (a test enforces it).

``GAMES`` lists every game of the collection; ``load(game_id)`` imports its rules module
lazily so a game that does not exist yet shows up disabled instead of breaking the menu.
"""
from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import Any

from game.rules.flow import PLAYERS


@dataclass(frozen=True)
class GameInfo:
    id: str
    title: str  # Russian, as in the menu
    module: str  # dotted path of the rules module
    players: tuple[int, int]  # from flow.PLAYERS, the one table of seat counts


GAMES: tuple[GameInfo, ...] = (
    GameInfo("uno", "UNO", "game.rules.uno", PLAYERS["uno"]),
    GameInfo("erudit", "Эрудит", "game.rules.board.erudit", PLAYERS["erudit"]),
    GameInfo("scrabble", "Скрэббл", "game.rules.board.scrabble", PLAYERS["scrabble"]),
    GameInfo("slovodel", "Словодел", "game.rules.board.slovodel", PLAYERS["slovodel"]),
    GameInfo("nowords", "Нет слов", "game.rules.nowords", PLAYERS["nowords"]),
    GameInfo("hardsign", "Твёрдый знак", "game.rules.hardsign", PLAYERS["hardsign"]),
    GameInfo("bingo", "Скрэббл Бинго", "game.rules.bingo", PLAYERS["bingo"]),
)
BY_ID = {g.id: g for g in GAMES}


def load(game_id: str) -> Any:
    """The rules object of a game (its module's ``RULES``); KeyError if unknown,
    ModuleNotFoundError if that game is not built yet."""
    info = BY_ID[game_id]
    module = importlib.import_module(info.module)
    if not hasattr(module, "RULES"):
        raise ModuleNotFoundError(f"{info.module} has no RULES yet", name=info.module)
    return module.RULES


def available(game_id: str) -> bool:
    try:
        load(game_id)
    except ModuleNotFoundError as exc:
        if exc.name and BY_ID[game_id].module.startswith(exc.name):
            return False
        raise
    return True
