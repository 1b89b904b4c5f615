"""What the board table shows of a house variant — what its phases are called and what the table does in them, its
buttons and their keys and refusals, its question, its pause, its logged moves, its events' sounds — is the variant's
own look, in its module under game/rules/board/variants (gathered as ``game.rules.board.LOOK``). The table names no
variant: a phase, an action kind or an event kind only a variant defines, written in a scene module, is a second copy
of that variant, and adding a variant would touch the scene. (Its animation of a variant's event is the scene's own,
found by the event's kind: ``ev_<kind>``.)"""
from __future__ import annotations

import ast
import inspect
import pathlib

import pytest

from game.rules.board import LOOK, actions, variants
from game.rules.board.phases import P

ROOT = pathlib.Path(__file__).resolve().parent.parent
SCENES = sorted((ROOT / "game/scenes/board").glob("*.py"))


def kinds_of(variant) -> dict[str, set[str]]:
    return {"phase": {str(p) for p in variant.phases}, "action": {a.kind for a in variant.actions},
            "event": {e.kind for e in variant.events}}


def variant_only_names() -> dict[str, str]:
    """Each phase, action kind and event kind a variant defines and the base game does not, with whose it is."""
    base = {a.kind for a in actions.ACTIONS} | {e.kind for e in actions.EVENTS} | {str(p) for p in P}
    return {name: f"{what} of «{v.rule.label}»" for v in variants.EVERY for what, names in kinds_of(v).items()
            for name in names if name not in base}


def named_in(source: str, names: dict[str, str]) -> list[tuple[int, str]]:
    """(line, name) of every string in ``source`` that is one of ``names`` (f-strings' pieces too)."""
    return sorted((node.lineno, node.value) for node in ast.walk(ast.parse(source))
                  if isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value in names)


def test_the_fence_sees_what_it_looks_for():
    names = variant_only_names()
    assert {"challenge", "vote", "reverse", "paused", "hint", "remove", "pause", "challenged", "vote_opened",
            "time_penalty"} <= set(names)
    assert not {"play", "over", "place", "pass", "exchange", "placed", "phase_changed"} & set(names)
    assert SCENES and ROOT / "game/scenes/board/table.py" in SCENES
    old = 'if self.can("vote"):\n    self.open_dialog("vote")\nx = {"challenged": "catch"}\ny = f"{k}" == "reverse"\n'
    assert named_in(old, names) == [(1, "vote"), (2, "vote"), (3, "challenged"), (4, "reverse")]


@pytest.mark.parametrize("path", SCENES, ids=lambda p: p.name)
def test_no_board_scene_module_names_a_variants_phase_action_or_event(path):
    names = variant_only_names()
    found = [f"{path.relative_to(ROOT)}:{line}: «{name}» ({names[name]})"
             for line, name in named_in(path.read_text(encoding="utf-8"), names)]
    assert not found, "стол называет вариант вместо его вида (look):\n" + "\n".join(found)


@pytest.mark.parametrize("variant", variants.EVERY, ids=lambda v: v.rule.id)
def test_each_look_stands_beside_its_variant_and_speaks_of_it_alone(variant):
    """Every phase a variant owns has its look, and a look names only its own variant's phases, actions and events."""
    look, own = variant.look, kinds_of(variant)
    assert set(look.phases) == own["phase"]
    acted = {b.action for b in look.turn_buttons} | set(look.pause)
    for phase in look.phases.values():
        acted |= {b.action for b in phase.buttons}
        acted |= {phase.pick.action} if phase.pick else set()
        acted |= {a.action.kind for a in phase.question.answers} if phase.question else set()
    assert acted <= own["action"], acted - own["action"]
    # a logged move is one of the variant's actions, or an entry of the history the variant itself writes
    source = inspect.getsource(inspect.getmodule(type(variant)))
    assert all(kind in own["action"] or f'"{kind}"' in source for kind in look.logged), look.logged
    assert set(look.sounds) == own["event"], "every event of a variant sounds, as its look says"
    assert {p for t in look.tallies for p in t.phases} <= own["phase"]


def test_the_table_reads_the_looks_gathered():
    for variant in variants.EVERY:
        for phase, shown in variant.look.phases.items():
            assert LOOK.phases[phase] is shown
        assert all(LOOK.sounds[kind] == sound for kind, sound in variant.look.sounds.items())
        assert set(variant.look.turn_buttons) <= set(LOOK.turn_buttons)
