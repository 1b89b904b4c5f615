"""The UNO table keeps a short record of what just happened: who played what, who took how many, the colour
named, a catch; three quick bot moves can be read back."""
import pygame

from game.rules.uno import ticker_line
from game.scenes.uno.ticker import TICKER_ROWS
from test_uno_scene import arranged


def names(seat):
    return ["Вы", "Маша", "Петя"][seat]


def test_each_kind_of_move_has_its_line():
    assert ticker_line({"kind": "card_played", "seat": 1, "card": {"colour": "red", "value": "7"}}, names, 0) == \
        "Маша: 7 (красный)"
    assert ticker_line({"kind": "cards_drawn", "seat": 0, "count": 2, "reason": "penalty"}, names, 0) == \
        "Вы берёте 2 карты · штраф"
    assert ticker_line({"kind": "cards_drawn", "seat": 2, "count": 5, "reason": "draw"}, names, 0) == "Петя берёт 5 карт"
    assert ticker_line({"kind": "colour_chosen", "seat": 2, "colour": "green"}, names, 0) == "Петя: цвет — зелёный"
    assert ticker_line({"kind": "uno_caught", "seat": 1, "by": 0}, names, 0) == "Вы поймали: Маша без «УНО!»"
    assert ticker_line({"kind": "uno_caught", "seat": 2, "by": 1}, names, 0) == "Маша поймала: Петя без «УНО!»"
    assert ticker_line({"kind": "uno_caught", "seat": 1, "by": 2}, names, 0) == "Петя поймал: Маша без «УНО!»"
    assert ticker_line({"kind": "cards_drawn", "seat": 1, "count": 2, "reason": "silence"}, names, 0) == \
        "Маша берёт 2 карты · нарушение тишины"
    assert ticker_line({"kind": "passed", "seat": 1}, names, 0) == "Маша: пас"
    assert ticker_line({"kind": "turn_skipped", "seat": 2}, names, 0) == "Петя пропускает ход"
    assert ticker_line({"kind": "emoted", "seat": 1}, names, 0) is None


def test_the_table_records_the_last_moves_in_order(app):
    table, pos = arranged(app, turn=1, hands={0: [("blue", "4"), ("green", "3")], 1: [("red", "7"), ("red", "1")],
                                              2: [("red", "9"), ("yellow", "2")]})
    session = table.session
    assert session.submit(1, {"kind": "play", "card": pos.card(1, ("red", "7"))}, table.clock.ms).accepted
    assert session.submit(2, {"kind": "play", "card": pos.card(2, ("red", "9"))}, table.clock.ms).accepted
    table.settle(30)
    table.key(pygame.K_x)  # nothing red or nine in the hand: take a card
    table.settle(30)
    lines = list(table.scene.ticker.lines)
    start = lines.index("Маша: 7 (красный)")
    assert lines[start:start + 3] == ["Маша: 7 (красный)", "Петя: 9 (красный)", "Вы берёте 1 карту"], lines
    assert len(lines) <= TICKER_ROWS
    table.app.draw(0.5)  # the panel draws


def test_a_seven_swap_names_both_hands_that_changed(app):
    """«Семь-ноль»: the swap's line names who played the seven and whom they chose (it read «Игрок 0 и Игрок 0»)."""
    from test_uno_scene import play_with_keys

    table, pos = arranged(app, {"seven_zero": True},
                          hands={0: [("red", "7"), ("red", "3"), ("blue", "4")], 1: [("green", "1")], 2: [("green", "2")]})
    play_with_keys(table, pos.card(0, ("red", "7")))
    chosen = table.scene.chooser.seat
    table.key(pygame.K_RETURN)
    table.settle(30)
    assert f"Обмен руками: Вы и {table.scene.names[chosen]}" in list(table.scene.ticker.lines)
