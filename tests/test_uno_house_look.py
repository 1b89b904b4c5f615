"""A house rule's look lives beside the rule: the sound of each of its events, its lines in the table's record of
moves and the words for why it makes a seat take cards are declared in its own module (game/rules/uno/house/), and
the UNO table reads them through game.rules.uno (``look``), never a copy of its own. So adding a house rule with a
sound and a ticker line touches its own file and house/__init__.py, and no scene.

What a scene may still name of a rule is what it reads of a move's state: the rule's actions (the legal list), its
view keys and the fields it reads of the view, and the view's scoring modes. The animation of an event stays the scene's own (``ev_<kind>``, the one
dispatch of tests/test_table_pieces.py): what it draws is pygame, not data of the rules."""
from __future__ import annotations

import ast
import pathlib

import pygame

from game.audio import SOUND_NAMES
from game.rules.uno import house
from game.rules.uno.events import BASE_EVENTS
from game.rules.uno.look import BASE_DRAW_REASONS, BASE_SOUNDS, BASE_TICKER_LINES, EVENT_SOUNDS, draw_reason
from game.rules.uno.scoring import Scoring
from test_uno_scene import arranged, play_with_keys

SCENES = pathlib.Path(__file__).resolve().parent.parent / "game" / "scenes"


def subclasses(cls) -> set[type]:
    return {cls}.union(*(subclasses(sub) for sub in cls.__subclasses__()))


def house_names() -> set[str]:
    """What belongs to a house rule module alone: its events' kinds, its draw reasons, its id."""
    names = {e.kind for h in house.EVERY for e in h.events}
    names |= {reason for h in house.EVERY for reason in h.draw_reasons}
    names |= {h.rule.id for h in house.EVERY if h.rule is not None}
    # spelled alike, these are what a table reads of the state: a rule's actions, view keys, the scoring's mode
    readable = {a.kind for h in house.EVERY for a in h.actions}
    readable |= {key for h in house.EVERY for key in (*h.view_defaults, *h.player_defaults)}
    readable |= {way.mode for way in subclasses(Scoring)}
    return names - readable


def strings_in(path: pathlib.Path) -> list[tuple[int, str]]:
    """The words a module says, but the keys it reads of a view or an event (``slap.get("slapped")``,
    ``view["slap"]``): those are the data's fields, whatever else a rule calls so."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    keys = {id(node.slice) for node in ast.walk(tree) if isinstance(node, ast.Subscript)}
    keys |= {id(node.args[0]) for node in ast.walk(tree) if isinstance(node, ast.Call) and node.args
             and isinstance(node.func, ast.Attribute) and node.func.attr == "get"}
    return [(node.lineno, node.value) for node in ast.walk(tree)
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in keys]


def test_no_scene_names_an_event_a_draw_reason_or_an_id_of_a_house_rule():
    names = house_names()
    assert {"hands_swapped", "slap_result", "refill", "seven_zero"} <= names  # the fence sees what it guards
    found = [f"{path.relative_to(SCENES)}:{line} «{text}»" for path in sorted(SCENES.rglob("*.py"))
             for line, text in strings_in(path) if text in names]
    assert not found, f"a scene names what belongs to a house rule's module: {found}"


def test_every_event_of_a_house_rule_sounds_as_its_own_module_says():
    base = {e.kind for e in BASE_EVENTS}
    assert set(BASE_SOUNDS) == base, "the base look names the basic game's events, and every one of them"
    assert set(BASE_TICKER_LINES) <= base
    unsounded = [f"{h.name}: {e.kind}" for h in house.EVERY for e in h.events if e.kind not in h.sounds]
    assert not unsounded, f"no sound declared beside the rule for {unsounded}"
    stray = [f"{h.name}: {kind}" for h in house.EVERY for kind in (*h.sounds, *h.ticker_lines)
             if kind not in {e.kind for e in h.events}]
    assert not stray, f"a rule tells an event that is not its own: {stray}"
    assert not set(BASE_DRAW_REASONS) & set(house.DRAW_REASONS), "one draw reason, one place"
    assert set(EVENT_SOUNDS.values()) <= set(SOUND_NAMES)


def test_a_house_rules_ticker_line_reaches_the_uno_table(app):
    """«Семь-ноль»: a seven swaps hands, and the table's record of moves shows the line the rule declares for its
    ``hands_swapped``, as the panel draws it."""
    table, pos = arranged(app, {"seven_zero": True},
                          hands={0: [("red", "7"), ("red", "3"), ("blue", "4")], 1: [("green", "1")], 2: [("green", "2")]})
    play_with_keys(table, pos.card(0, ("red", "7")))
    scene = table.scene
    chosen = scene.chooser.seat
    table.key(pygame.K_RETURN)
    table.settle(30)
    seven_zero = house.BY_ID["seven_zero"]
    line = seven_zero.ticker_lines["hands_swapped"]({"kind": "hands_swapped", "seat": 0, "other": chosen},
                                                   scene.name, scene.me)
    assert line == f"Обмен руками: Вы и {scene.names[chosen]}"
    assert scene.ticker.lines[-1] == line, scene.ticker.lines
    table.app.draw(0.5)
    rows, _ = scene.ticker.drawn[1]
    assert rows[-1] == line


def test_every_false_reflex_is_told_by_its_price():
    """A reflex pressed when it was not due costs cards («Штрафы»): «+2 · ложный хлопок» said what the slap cost
    (it was a bare «+2», the reason «false_slap» had no words)."""
    reflexes = {"catch", "shout"} | {a.kind for h in house.EVERY for a in h.actions if a.kind == "slap"}
    assert reflexes == {"catch", "shout", "slap"}
    assert all(draw_reason(f"false_{what}").words for what in reflexes)
