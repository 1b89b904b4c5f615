"""The house-rules screen names the preset the chosen rules are («По правилам» for the rules as printed), and
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
    assert scene.preset_choice.value_text() == "‹ По правилам ›"
    press_key(app, pygame.K_DOWN)  # the first rule
    press_key(app, pygame.K_RETURN)  # switched on: no preset has just that
    assert scene.preset_choice.value_text() == "‹ свои ›"
    press_key(app, pygame.K_RETURN)  # back off: the rules as printed again
    assert scene.preset_choice.value_text() == "‹ По правилам ›"


def test_every_rule_of_every_game_stands_on_screen_above_the_description(app):
    """UNO has about thirty rules: each one must be on screen and reachable by the arrows, none under the
    description box or past the bottom edge."""
    for game_id in ("uno", "erudit", "scrabble", "slovodel", "nowords", "hardsign"):
        scene = open_rules(app, game_id, {})
        rows = [w for w in scene.group.widgets if getattr(w, "rule", None) is not None]
        assert len(rows) == len(load(game_id).house_rules)
        for w in rows:
            assert w.rect.bottom <= scene.DESCRIPTION_TOP and w.rect.right <= 1280, (game_id, w.rule.id, w.rect)
        press_key(app, pygame.K_DOWN)  # from «Набор» into the rules, then to the first column
        for _ in range(3):
            press_key(app, pygame.K_LEFT)
        reached, way = set(), pygame.K_DOWN
        for _ in range(3 * len(rows)):  # the arrows walk every row: down a column, right, up the next one…
            before = scene.group.focused
            reached.add(getattr(before, "rule", None))
            press_key(app, way)
            if scene.group.focused is before:
                press_key(app, pygame.K_RIGHT)
                way = pygame.K_UP if way == pygame.K_DOWN else pygame.K_DOWN
        assert {w.rule for w in rows} <= reached, (game_id, {w.rule.id for w in rows} - {r.id for r in reached if r})
        app.pop()
