"""A seventh game is its own packages plus one registry entry: the toy game «Выше» (rules and bots in
tests/toy_game.py, its table in tests/couch_toy_scene.py) declared once as a ``GameInfo`` is on the main menu with
its picture, is dealt from its setup screen to its table by a player's clicks, is offered by the phones' table and
listed in a LAN room's games; and no module of the collection keeps a table of its own keyed by the games' ids."""
from __future__ import annotations

import ast
import dataclasses
import pathlib

import pygame
import pytest

import toy_game
from game import rules
from game.app import STEP_MS
from game.scenes.menu import GameTile, MainMenu
from game.scenes.setup import SetupScene
from game.scenes.table.scene import TableScene
from table_driver import click
from window_support import screen_app

ENTRY = dataclasses.replace(toy_game.ENTRY, scene="couch_toy_scene",
                            menu=rules.MenuTile("Кто выложит карту выше — тот и берёт", (90, 110, 130)))


@pytest.fixture
def seventh(monkeypatch):
    monkeypatch.setattr(rules, "GAMES", [ENTRY if g.id == "toy" else g for g in rules.GAMES])
    monkeypatch.setitem(rules.BY_ID, "toy", ENTRY)


def frames(app, n: int = 3) -> None:
    for _ in range(n):
        app.frame(STEP_MS, 0.0)


def test_the_seventh_game_is_played_from_the_main_menu(seventh, tmp_path, monkeypatch):
    with screen_app(tmp_path, monkeypatch) as app:
        menu = MainMenu()
        app.push(menu)
        frames(app)
        tiles = [w for w in menu.group.widgets if isinstance(w, GameTile)]
        assert [t.label for t in tiles][-1] == "Выше" and len(tiles) == 7
        assert all(t.rect.bottom < 660 for t in tiles), [t.rect for t in tiles]  # above the hint line
        toy = tiles[-1]
        assert toy.enabled
        pygame.image.save(app.canvas, str(tmp_path / "menu.png"))
        click(app, toy.rect.center)
        frames(app)
        assert isinstance(app.top, SetupScene) and app.top.game_id == "toy"
        start = next(w for w in app.top.group.widgets if w.label == "Начать игру")
        click(app, start.rect.center)
        for _ in range(200):
            frames(app, 1)
            if isinstance(app.top, TableScene) and app.top.view is not None:
                break
        assert isinstance(app.top, TableScene) and app.top.game_id == "toy", type(app.top)


def test_the_phones_table_and_a_lan_room_offer_it(seventh):
    from game.net.host import HostCore
    from game.scenes.phone_table import PhoneTableMenu

    listed = {g["id"]: g for g in HostCore("uno", "Комната").lobby_message()["games"]}
    assert listed["toy"] == {"id": "toy", "title": "Выше", "available": True, "players": [2, 4], "page": ""}
    menu = PhoneTableMenu()
    menu.build()
    assert "Выше" in [w.label for w in menu.group.widgets]


# what may name several games by id outside their own packages: the lexicon's own policies per game, the pictures
# of card backs, the benches and the screenshots' demo records, which measure and show particular games
OWN_TABLES = {"game/rules/lexicon/__init__.py", "game/art.py", "game/benchmarks/app.py", "game/benchmarks/board.py",
              "game/scenes/history.py"}
GAME_IDS = {"uno", "erudit", "scrabble", "slovodel", "nowords", "hardsign", "bingo"}


def tables_keyed_by_game(root: pathlib.Path) -> list[str]:
    found = []
    for path in sorted(root.rglob("*.py")):
        name = path.relative_to(root.parent).as_posix()
        parts = path.relative_to(root).parts
        own = len(parts) > 2 and parts[0] in ("rules", "scenes", "bots") and parts[1] in GAME_IDS | {"board"}
        if own or name in OWN_TABLES or parts[:2] == ("bots", "erudit.py"):
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            items = (node.keys if isinstance(node, ast.Dict) else node.elts
                     if isinstance(node, (ast.Tuple, ast.List, ast.Set)) else [])
            ids = [n.value for n in items if isinstance(n, ast.Constant) and n.value in GAME_IDS]
            if len(ids) >= 2:
                found.append(f"{name}:{node.lineno} {ids}")
    return found


def test_no_module_keeps_its_own_table_of_the_games():
    assert tables_keyed_by_game(pathlib.Path(rules.__file__).parents[1]) == []
