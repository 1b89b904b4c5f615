"""Board variants are plug-ins: each module under game/rules/board/variants holds its rule and its hooks, the games
offer it from there, and the engine never names it (nor switches on a game id: the game profile says)."""
from __future__ import annotations

import importlib
import pathlib
import re

from game.rules import load
from game.rules.board import variants

ROOT = pathlib.Path(__file__).resolve().parent.parent
ENGINE = (ROOT / "game/rules/board/engine.py").read_text(encoding="utf-8")
MODULES = sorted(p.stem for p in (ROOT / "game/rules/board/variants").glob("*.py") if p.stem not in ("__init__", "base"))


def test_every_variant_module_is_registered_and_offered():
    registered = {v.rule.id: v for v in variants.EVERY}
    for name in MODULES:
        variant = importlib.import_module(f"game.rules.board.variants.{name}").VARIANT
        assert registered.get(variant.rule.id) is variant, name
        for game in ("erudit", "scrabble", "slovodel"):
            offered = variant.rule in load(game).house_rules
            assert offered == (game != "slovodel" or not variant.classic_only), (name, game)


def test_the_engine_names_no_moved_variant_and_no_game():
    for variant in variants.EVERY:
        assert f'"{variant.rule.id}"' not in ENGINE, variant.rule.id
    assert not re.search(r"game_id (==|in|!=)", ENGINE)
