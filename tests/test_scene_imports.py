"""Scenes see the rules only through their public surface: the registry (``game.rules``), the contract and the flow
vocabulary (``game.rules.base``, ``game.rules.flow``), the word queries (``game.rules.lexicon``), Russian number words
(``game.rules.words_ru``) and each game package's own exports (``game.rules.board``, ``game.rules.hardsign``…).
A scene that reaches a rules module inside a game package (``game.rules.board.judge``, ``from game.rules.hardsign
import cards``) copies what the rules know and drifts from it; every import spelling counts (tests/module_graph.py)."""
from __future__ import annotations

import module_graph
from game.rules import GAMES

SHARED = {"game.rules", "game.rules.base", "game.rules.flow", "game.rules.lexicon", "game.rules.words_ru"}
GAME_PACKAGES = {".".join(g.module.split(".")[:3]) for g in GAMES}
PUBLIC = SHARED | GAME_PACKAGES


def reaches_past_the_surface(modules: dict[str, module_graph.Module]) -> list[str]:
    return sorted(f"{name} imports {target}"
                  for name, module in modules.items() if name.startswith("game.scenes")
                  for target in module.internal if target.startswith("game.rules") and target not in PUBLIC)


def test_scenes_import_only_the_public_surface_of_the_rules():
    assert reaches_past_the_surface(module_graph.load()) == []


def test_the_fence_sees_every_spelling(tmp_path):
    game = tmp_path / "game"
    for package in ("", "rules", "rules/board", "scenes"):
        (game / package).mkdir(exist_ok=True)
        (game / package / "__init__.py").write_text("")
    for name in ("judge", "engine"):
        (game / "rules" / "board" / f"{name}.py").write_text("")
    (game / "rules" / "base.py").write_text("")
    (game / "scenes" / "a.py").write_text("from game.rules.board import judge\n")
    (game / "scenes" / "b.py").write_text("def f():\n    import game.rules.board.engine\n")
    (game / "scenes" / "c.py").write_text("from ..rules.board.judge import x\n")
    (game / "scenes" / "d.py").write_text("import importlib\nimportlib.import_module('game.rules.board.engine')\n")
    (game / "scenes" / "ok.py").write_text("from game.rules import board, base\nfrom game.rules.board import X\n")
    found = reaches_past_the_surface(module_graph.load(game, tmp_path))
    assert found == ["game.scenes.a imports game.rules.board.judge", "game.scenes.b imports game.rules.board.engine",
                     "game.scenes.c imports game.rules.board.judge", "game.scenes.d imports game.rules.board.engine"]


# The machinery behind a connection: who hosts the game and how. A scene talks to a ``game.net.connection.Connection``
# and starts games through ``game.launch``; knowing one of these is testing which kind of game it is.
HOSTS = {"game.net.local", "game.net.session", "game.net.host", "game.net.web"}


def reaches_a_host(modules: dict[str, module_graph.Module]) -> list[str]:
    return sorted(f"{name} imports {target}"
                  for name, module in modules.items() if name.startswith("game.scenes")
                  for target in module.internal if any(target == h or target.startswith(h + ".") for h in HOSTS))


def test_scenes_talk_to_connections_not_to_hosts():
    assert reaches_a_host(module_graph.load()) == []


def test_a_part_of_a_host_package_is_a_host_too(tmp_path):
    game = tmp_path / "game"
    for package in ("", "net", "net/host", "scenes"):
        (game / package).mkdir(exist_ok=True)
        (game / package / "__init__.py").write_text("")
    (game / "net" / "host" / "core.py").write_text("")
    (game / "net" / "connection.py").write_text("")
    (game / "scenes" / "a.py").write_text("from game.net.host import core\n")
    (game / "scenes" / "ok.py").write_text("from game.net import connection\n")
    assert reaches_a_host(module_graph.load(game, tmp_path)) == ["game.scenes.a imports game.net.host.core"]
