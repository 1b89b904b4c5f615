"""Scenes: screens that render views and animate events. They talk to a connection (local
or LAN) and never reach into rules internals or sockets.

Each game's registry entry (``game.rules.GameInfo``) names the scene package whose ``create(connection, game_id,
names)`` returns its table scene. A game is playable when its rules and its scene exist.
"""
from __future__ import annotations

import importlib

from game import rules

def menu_games() -> list[str]:
    """The games with a tile on the main menu, in the registry's order."""
    return [g.id for g in rules.GAMES if g.menu is not None]


def table_games() -> list[str]:
    """The games that have a table scene (Скрэббл too, which is chosen on Эрудит's setup screen)."""
    return [g.id for g in rules.GAMES if g.scene_module]


def _module_exists(path: str) -> bool:
    try:
        importlib.import_module(path)
    except ModuleNotFoundError as exc:
        if exc.name and path.startswith(exc.name):
            return False
        raise
    return True


def playable(game_id: str) -> bool:
    scene = rules.BY_ID[game_id].scene_module
    return bool(scene) and rules.available(game_id) and _module_exists(scene)


def feature_available(module: str) -> bool:
    """Menu entries for features another part provides (LAN, the word checker)."""
    return _module_exists(module)


def game_scene(connection, game_id: str, names: list[str]):
    return importlib.import_module(rules.BY_ID[game_id].scene_module).create(connection, game_id, names)


def paint_menu_picture(canvas, game_id: str) -> None:
    """The game's picture on its menu tile, drawn by its own scene package."""
    importlib.import_module(rules.BY_ID[game_id].scene_module).paint_menu_picture(canvas, game_id)
