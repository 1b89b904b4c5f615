"""What a couch table writes on the covers it puts between players, read off the frame: the hidden hand's cover and
the curtain fit their boxes (large text too), name the buttons the player holds (a pad's, as bound, while a pad
plays the seat) and call the hand what the game calls it (tiles on a board, cards at Нет слов)."""
import pytest

import layout_check
import toy_game
from game import assets, scenes
from game.scenes.demo import VirtualClock
from game.scenes.seats import SeatScene
from table_driver import unplug_pads
from test_couch_play import frames, pads, press, run_until, until_table  # noqa: F401
from window_support import screen_app


@pytest.fixture
def app(tmp_path, monkeypatch):
    toy_game.with_table(monkeypatch)
    with screen_app(tmp_path, monkeypatch) as application:
        clock = VirtualClock()
        application.now_ms = application.clock = clock
        yield application
        unplug_pads()
    assets.set_text_scale(1.0)


def lines_in(app, area):
    """The shown lines whose letters stand in ``area`` (their middle inside it), with the frame's findings."""
    findings = layout_check.draw_looked_at(app)
    lines = [line for line in layout_check._lines_of(app.canvas)
             if not line.hidden and line.words.strip() and area.collidepoint(line.ink.center)]
    return lines, [str(f) for f in findings]


def bot_first_couch(app, pads, game_id, keyboard=False):
    """Two pads (or the keyboard and a pad) on seats 1 and 2 of ``game_id``, a bot on seat 0 who moves first: the
    table, its hand covered."""
    first, second = pads(), pads()
    frames(app)
    seats = SeatScene(game_id, 3, "player", {},
                      {1: "keyboard" if keyboard else f"pad:{first.instance_id}", 2: f"pad:{second.instance_id}"})
    seats.plan.clock, seats.plan.seed = app.clock, 1
    app.push(seats)
    frames(app, 1)
    first.press("start")
    table = until_table(app)
    assert table.hand_hidden and table.curtain_for is None
    return table, first, second


@pytest.mark.parametrize("scale", [1.0, 1.2])
@pytest.mark.parametrize("game_id, hand", [("erudit", "фишки"), ("nowords", "карты")])
def test_the_hidden_hands_cover_fits_and_names_the_pads_button(app, pads, game_id, hand, scale):
    assets.set_text_scale(scale)
    table, _, _ = bot_first_couch(app, pads, game_id)
    area = table.HAND_AREA
    lines, findings = lines_in(app, area)
    words = " ".join(line.words for line in lines)
    outside = [(line.words, tuple(line.ink)) for line in lines if not area.contains(line.ink)]
    assert outside == [] and not [f for f in findings if "cut by" in f], (outside, findings)
    assert hand in words and "Select" in words, words
    assert "Tab" not in words and "мыш" not in words, words


def test_the_curtain_for_a_challenge_says_what_the_player_is_called_for(app, pads):
    """Seat 0 lays «БК» where the table checks words only when challenged: the curtain then calls seat 1 up to check
    the word, not to a turn that is not theirs, and names the confirm button as the settings bind it."""
    first, second = pads(), pads()
    frames(app)
    seats = SeatScene("erudit", 3, "player", {"checking": "challenge"},
                      {0: f"pad:{first.instance_id}", 1: f"pad:{second.instance_id}"})
    seats.plan.clock, seats.plan.seed = app.clock, 1
    app.push(seats)
    frames(app, 1)
    first.press("start")
    table = until_table(app)
    run_until(app, lambda: table.curtain_for == 0)
    press(app, first, "a")
    for letter in "БК":
        while table.rack.letter_of(table.rack.visible()[table.rack.sel]) != letter:
            press(app, first, "rightshoulder", 1)
        press(app, first, "a", 1)
    press(app, first, "y")
    run_until(app, lambda: table.curtain_for == 1)
    assert table.phase == "challenge"
    app.settings.pad_buttons["confirm"] = "x"  # the curtain names the button as bound
    lines, findings = lines_in(app, app.canvas.get_rect())
    words = " ".join(line.words for line in lines)
    assert "Ход игрока" not in words and "Проверка слова" in words, words
    assert "нажмите X" in words and "нажмите A" not in words, words
    assert "фишки покажутся" in words, words


def test_a_pad_keeps_its_number_from_the_seat_screen_to_the_table_and_through_an_unplug(app, pads):
    """The second pad plugged in sits first: the seat screen and the table's plates give it the same number, and it
    keeps it when the other pad is unplugged."""
    from game.scenes.board.layout import plate_rect

    def numbers_in(rect):
        lines, _ = lines_in(app, rect)
        return [word for line in lines for word in (line.words.split("·")) if "Геймпад" in word]

    first, second = pads(), pads()
    frames(app)
    seats = SeatScene("slovodel", 3, "player", {})
    seats.plan.clock, seats.plan.seed = app.clock, 2
    app.push(seats)
    frames(app, 1)
    press(app, second, "a")
    press(app, first, "a")
    assert seats.plan.seated == {0: f"pad:{second.instance_id}", 1: f"pad:{first.instance_id}"}
    on_seat_screen = [numbers_in(seats.slots[seat].rect) for seat in (0, 1)]
    assert sorted(on_seat_screen) == [["Геймпад 1"], ["Геймпад 2"]], on_seat_screen
    table = start_from_seats_with(app, second)
    if table.curtain_for is not None:
        press(app, (second, first)[table.curtain_for], "a")
    on_table = [[n.strip() for n in numbers_in(plate_rect(seat))] for seat in (0, 1)]
    assert on_table == on_seat_screen, (on_table, on_seat_screen)
    first.unplug()
    frames(app)
    assert [n.strip() for n in numbers_in(plate_rect(0))] == on_seat_screen[0]


def start_from_seats_with(app, pad):
    pad.press("start")
    table = until_table(app)
    frames(app, 2)
    return table


@pytest.mark.parametrize("game_id", ["erudit", "nowords"])
def test_the_cover_of_a_keyboard_and_pad_couch_names_both_and_fits(app, pads, game_id):
    assets.set_text_scale(1.2)
    table, _, _ = bot_first_couch(app, pads, game_id, keyboard=True)
    area = table.HAND_AREA
    lines, findings = lines_in(app, area)
    words = " ".join(line.words for line in lines)
    outside = [(line.words, tuple(line.ink)) for line in lines if not area.contains(line.ink)]
    assert outside == [] and not [f for f in findings if "cut by" in f], (outside, findings)
    assert "Tab" in words and "Select" in words and "щёлкните" in words, words
