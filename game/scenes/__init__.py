"""Scenes: screens that render views and animate events. They talk to a connection (local
or LAN) and never reach into rules internals or sockets.

``GAME_SCENES`` maps a game id to the module whose ``create(connection, game_id, names)``
returns that game's table scene. A game is playable when its rules and its scene exist.
"""
from __future__ import annotations

import importlib

from game import rules

GAME_SCENES = {
    "uno": "game.scenes.uno",
    "erudit": "game.scenes.board",
    "scrabble": "game.scenes.board",
    "slovodel": "game.scenes.board",
    "nowords": "game.scenes.nowords",
    "hardsign": "game.scenes.hardsign",
    "bingo": "game.scenes.bingo",
}
MENU_GAMES = ("uno", "erudit", "slovodel", "nowords", "hardsign", "bingo")


def _module_exists(path: str) -> bool:
    try:
        importlib.import_module(path)
    except ModuleNotFoundError as exc:
        if exc.name and path.startswith(exc.name):
            return False
        raise
    return True


def playable(game_id: str) -> bool:
    return rules.available(game_id) and _module_exists(GAME_SCENES[game_id])


def feature_available(module: str) -> bool:
    """Menu entries for features another part provides (LAN, the word checker)."""
    return _module_exists(module)


def game_scene(connection, game_id: str, names: list[str]):
    return importlib.import_module(GAME_SCENES[game_id]).create(connection, game_id, names)
