"""The UNO engine offers hook points and never names a house rule: each rule's machinery is in its own module."""
import re
from pathlib import Path

import pytest

from game.rules.uno import RULES, house
from game.rules.uno.house.base import HouseHooks

UNO = Path(__file__).resolve().parent.parent / "game" / "rules" / "uno"
CORE = ("engine.py", "state.py", "views.py", "actions.py", "events.py", "scoring.py", "cards.py")
# the flags the engine used to query instead of letting the rules act
OLD_FLAGS = ("sums_attacks", "skip_bounces", "mistakes_cost", "continues_after_out", "lazy_scoring")


@pytest.mark.parametrize("name", CORE)
def test_the_core_never_names_a_house_rule(name):
    text = (UNO / name).read_text(encoding="utf-8")
    for rule in house.ALL:
        assert not re.search(rf"""["']{rule.rule.id}["']""", text), f"{name} names the rule {rule.rule.id}"
    for flag in OLD_FLAGS:
        assert flag not in text, f"{name} asks the flag {flag}"
    assert not re.search(r"options\.get\(|options\[\"(?!scoring|match)", text), f"{name} reads a house option"


def test_every_action_event_phase_and_view_key_of_a_rule_is_gathered_from_its_module():
    for hook in house.EVERY:
        assert isinstance(hook, HouseHooks)
        for cls in hook.actions:
            assert RULES.actions.by_kind[cls.kind] is cls
            assert cls in house.HANDLERS, f"{cls.kind} has no handler in its rule"
        for cls in hook.events:
            assert RULES.events.by_kind[cls.kind] is cls
    state = RULES.new_game({}, 3, 1)
    view = RULES.view(state, 0)
    assert set(house.VIEW_DEFAULTS) <= set(view) and set(house.PLAYER_DEFAULTS) <= set(view["players"][0])


def test_the_protocols_wire_kinds_are_all_still_there():
    assert set(RULES.actions.by_kind) >= set(
        ["accept", "bounce", "catch", "challenge", "choose_colour", "continue", "draw", "emote", "give_card",
         "jump_in", "keep_cards", "offer_card", "pass", "play", "ready", "shout", "slap", "swap_with"])
    assert RULES.free_form_kinds == ("shout", "catch", "slap", "emote")
