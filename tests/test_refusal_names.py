"""A refusal that speaks of another seat names its player, as the table does («Это решает Петя.»), never a seat
number («Это решает игрок 3.»): the rules leave the name's place, the session the table plays through fills it."""
from __future__ import annotations

import pygame

from test_nowords_scene import Table as NoWordsTable
from test_uno_scene import arranged, select_card


def test_uno_names_who_chooses_the_colour_and_who_answers_the_plus_four(app):
    table, pos = arranged(app, players=4, turn=1, hands={0: [("red", "3"), ("blue", "4")],
                                                         1: [("black", "wild4"), ("green", "1")],
                                                         2: [("green", "2"), ("green", "5")]})
    session = table.session
    assert session.submit(1, {"kind": "play", "card": pos.card(1, ("black", "wild4"))}, table.clock.ms).accepted
    table.settle(30)
    select_card(table, pos.card(0, ("red", "3")))
    table.key(pygame.K_RETURN)
    assert table.scene.last_error == "Сейчас Маша выбирает цвет."
    assert session.submit(1, {"kind": "choose_colour", "colour": "green"}, table.clock.ms).accepted
    table.settle(30)
    table.key(pygame.K_RETURN)
    assert table.scene.last_error == "Это решает Петя."  # the «+4» waits for Петя's answer


def test_nowords_names_who_chooses_the_next_mover(app):
    """The table offers no card then; a phone's page or a laptop sending its old tap reaches the session."""
    table = NoWordsTable(app)
    session = table.session
    state = session.state
    state.phase, state.chooser, state.turn = "choose", 2, 0
    outcome = session.receive(0, {"kind": "lay", "card": state.hands[0][0]}, table.clock.ms)
    assert outcome.error.reason == "Сначала Петя выбирает, кто ходит следующим."
