"""Enter, Space and the pad's A do what the UNO table's hint says, in each state whose hint names an action."""
import pygame
import pytest

from test_uno_scene import arranged, plus_four_on_me

CONFIRMS = {"Enter": lambda t: t.key(pygame.K_RETURN), "Space": lambda t: t.key(pygame.K_SPACE),
            "A": lambda t: t.pad("confirm")}


def drew_a_card_that_fits(app, by_mouse=False):
    """Seat 0 holds nothing for a red 5, draws a red 7 (with the old blue 4 under the cursor)."""
    table, pos = arranged(app, hands={0: [("blue", "4"), ("green", "3")]})
    pos.put_on_deck(("red", "7"))
    scene = table.scene
    before = set(table.session.state.hands[0])
    if by_mouse:
        button = next(w for w in scene.group.widgets if w.key == "draw")
        table.click(button.rect.center)  # the mouse stays there: «Взять карту» becomes «Пас» under it
    else:
        table.key(pygame.K_x)
    table.settle(30)
    (drawn,) = set(table.session.state.hands[0]) - before
    return table, drawn


@pytest.mark.parametrize("press", CONFIRMS)
def test_after_drawing_a_card_that_fits_confirm_plays_it(app, press):
    table, drawn = drew_a_card_that_fits(app)
    assert "Enter — сыграть" in table.scene.status_text()
    CONFIRMS[press](table)
    assert table.session.state.discard[-1] == drawn


@pytest.mark.parametrize("press", CONFIRMS)
def test_the_draw_button_turning_into_pass_under_the_mouse_does_not_make_enter_pass(app, press):
    table, drawn = drew_a_card_that_fits(app, by_mouse=True)
    assert "Enter — сыграть" in table.scene.status_text()
    CONFIRMS[press](table)
    assert table.session.state.discard[-1] == drawn


@pytest.mark.parametrize("press", CONFIRMS)
def test_ready_is_said_by_confirm_when_it_is_due(app, press):
    table, _ = plus_four_on_me(app)
    table.key(pygame.K_x)  # «Беру +4»
    table.settle(30)
    scene = table.scene
    assert scene.can("ready") and "«Готов» (Enter)" in scene.status_text()
    CONFIRMS[press](table)
    table.settle(30)
    assert not scene.can("ready")


@pytest.mark.parametrize("press", CONFIRMS)
def test_a_plus_two_nothing_can_answer_is_taken_by_confirm(app, press):
    table, pos = arranged(app, {"stacking": True}, turn=2,
                          hands={0: [("green", "3"), ("blue", "4")], 2: [("red", "draw2"), ("red", "9"), ("red", "1")]})
    assert table.session.submit(2, {"kind": "play", "card": pos.card(2, ("red", "draw2"))}, table.clock.ms).accepted
    table.settle(60)
    scene = table.scene
    assert scene.can("accept") and not scene.can("play")
    assert "Enter" in scene.status_text() and scene.group.focused.key == "accept"
    CONFIRMS[press](table)
    table.settle(30)
    assert len(table.session.state.hands[0]) == 4


def test_the_seat_that_is_waited_for_is_told_so_in_the_second_person(app):
    table, _ = plus_four_on_me(app)
    table.key(pygame.K_x)
    table.settle(30)
    state = table.session.state
    card = state.hands[0][0]
    outcome = table.session.submit(0, {"kind": "play", "card": card}, table.clock.ms)
    assert not outcome.accepted
    reason = outcome.error.to_wire()["reason"]
    assert "игрока 1" not in reason and "вы разбираете карты" in reason, reason
