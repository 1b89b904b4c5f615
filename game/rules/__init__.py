"""Pure game rules: no pygame, sockets, threads or clocks (a test enforces it).

``GAMES`` lists every game of the collection; ``load(game_id)`` imports its rules module
lazily so a game that does not exist yet shows up disabled instead of breaking the menu.
"""
from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class MenuTile:
    """A game's tile on the main menu (its picture is its scene's ``paint_menu_picture``)."""
    blurb: str  # Russian, under the title
    colour: tuple[int, int, int]  # the tile's band


@dataclass(frozen=True)
class GameInfo:
    """Everything outside a game's own packages knows of it: one entry here, read by the menus, the lobby, the host,
    the phone table, «История» and the bots' factory. Its scene and bots are named, never imported, here."""
    id: str
    title: str  # Russian, as in the menu
    module: str  # dotted path of the rules module (its ``RULES``)
    # the table that draws it: the scene package ``game.scenes.<table>`` (``create(connection, game_id, names)``,
    # ``paint_menu_picture``) and the phone page's table of that name (game/web/app.js); "": no table yet
    table: str = ""
    menu: MenuTile | None = None  # None: no tile of its own (Скрэббл is chosen on Эрудит's setup screen)
    word_board: bool = False  # a word game on the 15×15 board: a «мастер» bot, a best word kept, moves analysed
    scene: str = ""  # the dotted path of a scene package kept elsewhere (a plug-in's, a test's), instead of ``table``'s
    bots: str = ""  # the dotted path of the bots' module (its ``make``); "" is ``game.bots.<id>``

    @property
    def bots_module(self) -> str:
        return self.bots or f"game.bots.{self.id}"

    @property
    def scene_module(self) -> str:
        """The scene package that draws it; "" when it has no table."""
        return self.scene or (f"game.scenes.{self.table}" if self.table else "")


GAMES: list[GameInfo] = [
    GameInfo("uno", "UNO", "game.rules.uno", "uno",
             menu=MenuTile("Сбрось все карты первым. «УНО!»", (214, 60, 52))),
    GameInfo("erudit", "Эрудит", "game.rules.board.erudit", "board", word_board=True,
             menu=MenuTile("Слова на доске 15×15, премии", (60, 120, 200))),
    GameInfo("scrabble", "Скрэббл", "game.rules.board.scrabble", "board", word_board=True),
    GameInfo("slovodel", "Словодел", "game.rules.board.slovodel", "board", word_board=True,
             menu=MenuTile("Слова в обе стороны, много за ход", (70, 160, 90))),
    GameInfo("nowords", "Нет слов", "game.rules.nowords", "nowords",
             menu=MenuTile("Кто сложит слово — тот и проиграл", (150, 80, 170))),
    GameInfo("hardsign", "Твёрдый знак", "game.rules.hardsign", "hardsign",
             menu=MenuTile("Гонка слов из карт-букв", (210, 150, 40))),
    GameInfo("bingo", "Скрэббл Бинго", "game.rules.bingo", "bingo",
             menu=MenuTile("Два слова, ведущий, «Бинго!»", (190, 90, 140))),
]

BY_ID = {g.id: g for g in GAMES}


def register(info: GameInfo) -> None:
    """One more game (a test's toy game, a game of a plug-in): everything that reads the registry knows it."""
    GAMES[:] = [g for g in GAMES if g.id != info.id] + [info]
    BY_ID[info.id] = info


def player_range(game_id: str) -> tuple[int, int]:
    """How many may play ``game_id`` (min, max): its rules say (``min_players``, ``max_players``)."""
    rules = load(game_id)
    return rules.min_players, rules.max_players


def word_board(game_id: str) -> bool:
    """A word game on the 15×15 board (Эрудит, Скрэббл, Словодел)."""
    info = BY_ID.get(game_id)
    return info is not None and info.word_board


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
