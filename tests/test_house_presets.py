"""The house-rules screen names the preset the chosen rules are («Классика» for the rules as printed), and
says «свои» only once a rule is changed away from every preset."""
import pygame

from game.rules import load
from game.scenes.setup import HouseRulesScene
from table_driver import press_key


def open_rules(app, game_id, options):
    rules = load(game_id)
    scene = HouseRulesScene(rules.house_rules, rules.presets, options, lambda o: None)
    app.push(scene)
    return scene


def test_the_rules_as_printed_open_on_the_classic_preset(app):
    for game_id in ("uno", "erudit", "nowords", "hardsign"):
        scene = open_rules(app, game_id, {})
        assert scene.preset_choice.value_text() != "‹ свои ›", game_id
        app.pop()


def test_a_changed_rule_shows_свои_and_a_preset_shows_its_name(app):
    scene = open_rules(app, "uno", {})
    assert scene.preset_choice.value_text() == "‹ Классика ›"
    press_key(app, pygame.K_DOWN)  # the first rule
    press_key(app, pygame.K_RETURN)  # switched on: no preset has just that
    assert scene.preset_choice.value_text() == "‹ свои ›"
    press_key(app, pygame.K_RETURN)  # back off: the rules as printed again
    assert scene.preset_choice.value_text() == "‹ Классика ›"
