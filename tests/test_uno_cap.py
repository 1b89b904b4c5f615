"""UNO's turn cap is said where it matters: the rules screen warns when bots playing the chosen house rules run into
it, and the table names it when a round nears it («Ход 500 из 600»). The warning is judged from trial rounds of the
very combination, so a rule that makes rounds finish lifts it by itself."""
import threading

import pygame
import pytest

from game import assets, launch
from game import rules as registry
from game.app import STEP_MS
from game.net.local import LocalHost
from game.net.session import SeatInfo
from game.rules.uno import cap, house  # the cap module itself: its figures and judgement
from game.scenes import game_scene
from game.scenes.base import ACCENT, DANGER
from game.scenes.demo import VirtualClock
from game.scenes.setup import HouseRulesScene


def frames(app, n):
    for _ in range(n):
        app.frame(STEP_MS, 0.0)


def shows(surface, rect, colour, tolerance=24) -> int:
    """How many pixels of ``rect`` on ``surface`` are ``colour`` (give or take antialiasing)."""
    rect = rect.clip(surface.get_rect())
    return sum(1 for x in range(rect.left, rect.right) for y in range(rect.top, rect.bottom)
               if all(abs(a - b) <= tolerance for a, b in zip(surface.get_at((x, y))[:3], colour)))


def test_the_cap_follows_the_rules_and_the_view_carries_it():
    assert cap.turn_cap({}) == cap.ROUND_TURN_LIMIT
    assert cap.turn_cap({"seven_rounds": True}) == 7 * cap.ROUND_TURN_LIMIT
    rules = registry.load("uno")
    state = rules.new_game({"seven_rounds": True}, 3, seed=1)
    view = rules.view(state, 0)
    assert view["turn_cap"] == 2100 and view["turns"] == state.turns


def test_the_count_is_named_only_near_the_cap():
    assert cap.turn_count_label(0, 600) is None
    assert cap.turn_count_label(479, 600) is None
    assert cap.turn_count_label(480, 600) == "Ход 480 из 600"
    assert cap.turn_count_label(601, 600) == "Ход 600 из 600"


def trial(options):
    history = launch.trial_rounds("uno", options, cap.TRIAL_ROUNDS, cap.TRIAL_PLAYERS, cap.TRIAL_LEVEL,
                                  cap.TRIAL_SEED, threading.Event()).result(timeout=120)
    return cap.CapRisk(*cap.trial_counts(history), cap.turn_cap(options))


def test_bots_find_the_printed_rules_safe():
    # (every rule on is found risky on the rules screen below)
    assert not trial({}).risky


def house_screen(app, options):
    r = registry.load("uno")
    scene = HouseRulesScene(r.house_rules, r.presets, options, lambda o: None, game_id="uno")
    app.push(scene)
    frames(app, 60)  # past the pause after the last change: the trial has begun
    if scene.trial is not None:
        scene.trial[1].result(timeout=120)
    frames(app, 2)
    return scene


# every rule on but those that end a round early (teams end it at the first player out, the card limit when a team
# has left): bots ran it to the cap in the trial at each of the seeds 1–6. Every rule on is risky too (15 of its 36
# rounds capped over the seeds 1–12), but whether its three «ленивый» rounds at the trial's seed hit the cap is chance
RUNS_TO_THE_CAP = {rule: on for rule, on in house.all_on(cap.TRIAL_PLAYERS).items()
                   if not rule.startswith("team") and rule != "card_limit"}


@pytest.mark.parametrize("scale", [1.0, 1.2], ids=["text", "large text"])
def test_the_rules_screen_warns_of_a_combination_that_runs_to_the_cap(app, scale):
    assets.set_text_scale(scale)
    try:
        scene = house_screen(app, RUNS_TO_THE_CAP)
        assert scene.risk is not None and scene.risk.risky
        box = scene.warning_box()
        assert shows(app.canvas, box, DANGER) > 100, "no warning plate on the screen"
        assert not any(box.colliderect(w.rect) for w in scene.group.widgets), "the warning covers a rule"
        assert box.bottom <= scene.DESCRIPTION_TOP, "the warning covers the description"
    finally:
        assets.set_text_scale(1.0)


def test_the_printed_rules_bring_no_warning(app):
    scene = house_screen(app, {})
    assert scene.risk is not None and not scene.risk.risky


def test_the_table_names_the_cap_near_it(app):
    clock = VirtualClock(0)
    names = ["Вы", "Маша", "Петя", "Оля"]
    options = {"seven_rounds": True}
    host = LocalHost("uno", [SeatInfo(names[0])] + [SeatInfo(n, "player") for n in names[1:]], 3, options,
                     clock=clock)
    session = host.session
    app.now_ms = clock
    table = game_scene(host.connect(0), "uno", names)
    app.push(table)
    frames(app, 5)
    note = pygame.Rect(14, 66, 300, 22)  # under the round's plate
    assert shows(app.canvas, note, ACCENT) == 0
    session.state.turns = round(0.85 * cap.turn_cap(options))  # a round that has dragged on
    session._broadcast([])
    frames(app, 5)
    assert table.view["turns"] == session.state.turns
    assert shows(app.canvas, note, ACCENT) > 20, "the turn count is not shown near the cap"
