"""Enter, Space and the pad's A do what the hint of the board, Нет слов, Твёрдый знак and Бинго tables says, in each
state whose hint names one of them (UNO's are in test_enter_hint.py). Every press goes through the app's event
route, as a player's does."""
import pygame
import pytest

from game.rules.bingo import RULES as BINGO
from game.scenes.demo import demo_connection
from game.scenes import game_scene
from game.scenes.table.scene import TableScene
from game.scenes.board.dialogs import BlankChooser, ExchangeDialog
from table_driver import press_key, press_pad, type_text

import test_bingo_scene as bingo
import test_board_scene as board
import test_hardsign_scene as hardsign
import test_nowords_scene as nowords


@pytest.fixture
def small_words():
    from board_words import COMMON, WORDS
    from game.rules.board import words as wordsrc
    from game.rules.hardsign import words as hardsign_words
    from hardsign_support import SMALL

    wordsrc.use_words(wordsrc.FixedWords.of(WORDS, COMMON))
    hardsign_words.use_words(SMALL)
    yield
    wordsrc.use_words(None)
    hardsign_words.use_words(None)


# ---------------------------------------------------------------------------------------------- the board games
def laid_word(app):
    """Seat 0's first turn with the offered word typed on the board (the hint: «Enter — сыграть»)."""
    table = board.first_turn_with_a_move(app)
    tiles = board.offered_tiles(table)
    (r0, c0), (r1, c1) = tiles[0][:2], tiles[-1][:2]
    board.put_cursor(table, (r0, c0))
    if (r0 == r1) != table.scene.board.across:
        table.key(pygame.K_SPACE)
    table.type("".join(letter for *_, letter in tiles))
    assert table.scene.rack.preview().ok
    return table


def test_board_enter_plays_the_laid_word(app, small_words):
    table = laid_word(app)
    assert "Enter — сыграть" in " ".join(table.scene.side.help_lines())
    before = table.session.state_id
    table.key(pygame.K_RETURN)
    assert table.session.state_id > before, table.scene.last_error


def test_board_space_turns_the_cursor(app, small_words):
    table = board.first_turn_with_a_move(app)
    assert "пробел — направление" in " ".join(table.scene.side.help_lines())
    across = table.scene.board.across
    table.key(pygame.K_SPACE)
    assert table.scene.board.across != across
    table.key(pygame.K_SPACE)
    assert table.scene.board.across == across


def test_board_pad_a_lays_a_tile_and_takes_it_back(app, small_words):
    table = board.first_turn_with_a_move(app)
    scene = table.scene
    table.pad("up")  # the pad is plugged in: the table's hint now speaks of the pad
    board.put_cursor(table, (7, 7))
    lines = " ".join(scene.side.help_lines())
    assert "A — выложить или убрать" in lines, lines
    table.pad("confirm")
    assert list(scene.rack.placed) == [(7, 7)], "A did not lay a tile at the cursor"
    board.put_cursor(table, (7, 7))  # the cursor moved on: back onto the laid tile
    table.pad("confirm")
    assert not scene.rack.placed, "A on a laid tile did not take it back"


@pytest.mark.parametrize("press", ["Space", "A"])
def test_board_exchange_marks_the_focused_tile_with_space_or_a(app, small_words, press):
    table = board.first_turn_with_a_move(app)
    scene = table.scene
    table.key(pygame.K_F3)
    assert isinstance(scene.dialog, ExchangeDialog)
    assert not scene.dialog.pick
    if press == "Space":
        table.key(pygame.K_SPACE)
    else:
        table.pad("confirm")
    assert len(scene.dialog.pick) == 1, "the hint says «A или пробел» mark a tile"


# ---------------------------------------------------------------------------------------------- Нет слов
def test_nowords_enter_says_the_word_typed_in_the_panel(app):
    table = nowords.Table(app)
    nowords.set_word_table(table)
    table.refresh()
    table.type("кот")
    assert table.scene.claiming
    table.key(pygame.K_RETURN)
    assert not table.scene.claiming
    table.step(5, ms=250)
    assert table.session.state.phase == "doubt"  # the dictionary took «кот»: the last mover may take or doubt it


# ---------------------------------------------------------------------------------------------- Твёрдый знак
def test_hardsign_enter_lays_the_word_being_built(app, small_words):
    table = hardsign.Table(app, ["КОТ", "ЕЕЕ", "ИИИ"], "ААЛ")
    table.type("кот")
    label, enabled, hint = table.scene.buttons.state("submit")
    assert enabled and "Enter" in hint
    table.key(pygame.K_RETURN)
    assert table.laid() == "кот"


# ---------------------------------------------------------------------------------------------- Бинго
@pytest.mark.parametrize("press", ["Enter", "A"])
def test_bingo_enter_or_a_with_nothing_typed_takes_the_suggested_words(app, press):
    t = bingo.Table(app)
    if press == "Enter":
        press_key(app, pygame.K_RETURN)
    else:
        press_pad(app, "confirm")
    t.step(2, ms=1)
    assert t.state.words[0] == t.state.suggested[0]


def test_bingo_enter_crosses_out_the_focused_letter(app):
    t = bingo.Table(app)
    press_key(app, pygame.K_RETURN)
    t.step(2, ms=1)
    for _ in range(200):
        t.wait_for_call()
        usable = BINGO.crossable(t.state, 0)
        if usable:
            break
    cell = usable[0]
    while t.scene.focus_cell != cell:
        press_key(app, pygame.K_RIGHT)
        t.step(1, ms=1)
    press_key(app, pygame.K_RETURN)
    t.step(2, ms=1)
    assert t.state.crossed[0][cell]


# ---------------------------------------------------------------------------------------------- the results
@pytest.mark.parametrize("game_id", ["hardsign", "bingo"])
def test_enter_on_the_results_goes_to_the_menu_as_they_say(app, game_id):
    connection, clock, names = demo_connection(game_id, 7, 2, actions=10 ** 6)
    app.now_ms = clock
    table = game_scene(connection, game_id, names)
    app.push(table)
    for _ in range(240):  # the results open after the last move's animations
        app.frame(1000 / 60, 0.0)
    assert table.over
    press_key(app, pygame.K_RETURN)
    app.frame(1000 / 60, 0.0)
    assert not isinstance(app.top, TableScene), "«Enter или щелчок — в меню» did not leave the table"


@pytest.mark.parametrize("press", ["Enter", "Space", "A"])
def test_board_blank_letter_is_chosen_with_enter_or_a(app, small_words, press):
    from game.rules.board.layout import BLANK

    table = board.first_turn_with_a_move(app)
    state = table.session.state
    faces = list(state.faces)
    for tile in state.racks[0]:  # every tile of the rack a blank: whichever A lays, the chooser opens
        faces[tile] = BLANK
    state.faces = "".join(faces)
    table.session._broadcast([])
    table.settle(5)
    table.pad("up")
    board.put_cursor(table, (7, 7))
    table.pad("confirm")
    scene = table.scene
    assert isinstance(scene.dialog, BlankChooser)
    {"Enter": lambda: table.key(pygame.K_RETURN), "Space": lambda: table.key(pygame.K_SPACE),
     "A": lambda: table.pad("confirm")}[press]()
    assert scene.dialog is None and (7, 7) in scene.rack.placed, "the hint says «стрелками и Enter (A)»"
