"""Two gamepads at an Эрудит table, nobody at the keyboard: what the table says to a pad player must name the pad's
buttons, never a key to type or a mouse to drag (the laid tiles' line, the blank's letters, the exchange)."""
import pytest

from game import assets
from game.rules import load as load_rules
from game.scenes.board.dialogs import BlankChooser, ExchangeDialog, QuestionDialog
from test_couch_play import app, frames, pads, press, run_until, start_from_seats, two_pads_seated  # noqa: F401

KEYBOARD_WORDS = ("Перетащите", "печатайте", "Напечатайте", "Enter", "стрелками", "пробел", "щелч", "мыш")


@pytest.fixture
def drawn(monkeypatch):
    """Every line of text a frame draws, as it reached the fonts."""
    lines = []
    text = assets.text

    def recording(words, *args, **kwargs):
        lines.append(str(words))
        return text(words, *args, **kwargs)

    monkeypatch.setattr(assets, "text", recording)
    return lines


def seed_where_seat0_starts_with_a_blank():
    rules = load_rules("erudit")
    for seed in range(1, 400):
        state = rules.new_game({}, 3, seed, 0)
        if state.turn == 0 and any(t["letter"] == "?" for t in rules.view(state, 0)["rack"]):
            return seed
    raise AssertionError("no seed")


def keyboard_talk(lines):
    return [line for line in lines if any(word in line for word in KEYBOARD_WORDS)]


def frame_text(app, drawn):
    """The text of a frame painted from scratch (kept layers and plates would not reach the fonts again)."""
    from game.scenes.board.side import plate_picture

    app.top.forget_drawn()
    plate_picture.cache_clear()
    drawn.clear()
    app.draw(1.0)
    return list(drawn)


def test_pad_player_reads_pad_buttons_laying_a_blank_and_exchanging(app, pads, drawn):
    first, second, _ = two_pads_seated(app, pads, players=3, game_id="erudit", options={},
                                       seed=seed_where_seat0_starts_with_a_blank())
    table = start_from_seats(app, first)
    run_until(app, lambda: table.curtain_for == 0)
    press(app, first, "a")  # behind the curtain: seat 0 is ready
    assert table.seat == 0 and not table.hand_hidden
    assert keyboard_talk(frame_text(app, drawn)) == []

    rack = table.rack.visible()
    blank = next(i for i, tid in enumerate(rack) if table.rack.letter_of(tid) == "?")
    for _ in range(blank):
        press(app, first, "rightshoulder", 1)
    press(app, first, "a")  # the blank on the centre square: which letter?
    assert isinstance(table.dialog, BlankChooser)
    assert keyboard_talk(frame_text(app, drawn)) == []
    press(app, first, "dpright", 1)
    press(app, first, "a")
    assert table.dialog is None and list(table.rack.placed.values())[0][1] == "Б"
    press(app, first, "b")  # the tile goes back to the rack

    for _ in range(20):  # off the board's right edge to the buttons, then to «Обмен»
        if table.zone == "buttons" and table.buttons.group.focused.note == "exchange":
            break
        press(app, first, "dpright", 1)
    press(app, first, "a")
    assert isinstance(table.dialog, ExchangeDialog)
    assert keyboard_talk(frame_text(app, drawn)) == []
    press(app, first, "a")  # the first tile marked
    press(app, first, "y")  # and exchanged
    session = table.conn.host.session
    run_until(app, lambda: any(e.action.get("kind") == "exchange" for e in session.journal.entries))


def test_each_couch_seats_plate_names_its_pad(app, pads, drawn):
    first, second, _ = two_pads_seated(app, pads, players=3, game_id="slovodel", options={}, seed=2)
    table = start_from_seats(app, first)
    frames(app, 2)
    if table.curtain_for is not None:
        press(app, (first, second)[table.curtain_for], "a")
    plates = [line for line in frame_text(app, drawn) if line.startswith("фишек:")]
    assert sum("Геймпад 1" in line for line in plates) == 1 and sum("Геймпад 2" in line for line in plates) == 1, plates
    second.unplug()
    frames(app)
    plates = [line for line in frame_text(app, drawn) if line.startswith("фишек:")]
    assert any("геймпад отключён" in line for line in plates), plates


def test_a_pad_asks_the_hint_reads_its_button_and_plays_it(app, pads, drawn):
    first, second, _ = two_pads_seated(app, pads, players=3, game_id="slovodel", options={"hints": True}, seed=1)
    table = start_from_seats(app, first)
    run_until(app, lambda: table.curtain_for == 0)
    press(app, first, "a")
    for _ in range(20):  # off the board's right edge to the buttons, then to «Подсказка»
        if table.zone == "buttons" and table.buttons.group.focused.note == "hint":
            break
        press(app, first, "dpright", 1)
    press(app, first, "a")
    run_until(app, lambda: bool(table.rack.placed))  # the hint's tiles lie on the board
    shown = frame_text(app, drawn)
    assert keyboard_talk(shown) == [] and any("Y — сыграть" in line for line in shown), shown
    session = table.conn.host.session
    press(app, first, "y")
    run_until(app, lambda: any(e.seat == 0 and e.action["kind"] == "place" for e in session.journal.entries))


def test_the_second_couch_voter_gets_the_vote_dialog(app, pads):
    """Seat 0 sends a word the dictionary refuses to the vote; seat 1, the other couch player, votes with the pad
    from the dialog the moment its curtain is lifted, as the player on screen when a vote opens does."""
    first, second, _ = two_pads_seated(app, pads, players=3, game_id="erudit", options={"vote": True}, seed=1)
    table = start_from_seats(app, first)
    session = table.conn.host.session
    run_until(app, lambda: table.curtain_for == 0)
    press(app, first, "a")
    for letter in "БК":  # «БК» across the centre: no word
        while table.rack.letter_of(table.rack.visible()[table.rack.sel]) != letter:
            press(app, first, "rightshoulder", 1)
        press(app, first, "a", 1)
    press(app, first, "y")
    run_until(app, lambda: table.rack.can_dispute())
    for _ in range(20):
        if table.zone == "buttons" and table.buttons.group.focused.note == "dispute":
            break
        press(app, first, "dpright", 1)
    press(app, first, "a")
    run_until(app, lambda: table.curtain_for == 1)
    press(app, second, "a")
    assert table.seat == 1 and isinstance(table.dialog, QuestionDialog)
    press(app, second, "a")
    run_until(app, lambda: any(e.seat == 1 and e.action["kind"] == "vote" for e in session.journal.entries))
