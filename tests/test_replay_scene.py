"""«Повтор партии» in the window, driven only by events posted into the app: opened from a finished game's results
(Tab, the button), it shows the game's own table at the last step; the keys, the mouse and a pad step through it,
play it at 1× and 4×, switch whose hand is shown and leave it; each step's table is the view that seat was sent then.
A board game's analysis comes in beside the board, and the final board with its score sheet is saved as a picture;
«История»'s door (``open_replay``) opens any journal, and refuses one whose game is not over."""
from __future__ import annotations

import pygame
import pytest

from board_words import COMMON, WORDS
from game.app import STEP_MS
from game.net.session import replay_session
from game.rules.board import words as wordsrc
from game.scenes.table.replay import ReplayScene
from table_driver import click, motion, post, press_key, press_pad
from window_support import finished_demo_table

WAIT_S = 300


@pytest.fixture
def small_dictionary():
    wordsrc.use_words(wordsrc.FixedWords.of(WORDS, COMMON))
    yield
    wordsrc.use_words(None)


def frames(app, count: int = 1) -> None:
    for _ in range(count):
        app.handle_events()
        app.update(STEP_MS)
        app.draw(0.5)


def ready(app) -> ReplayScene:
    """The viewer on top, its journal walked (and a board game's analysis done), a frame drawn."""
    replay = app.top
    assert isinstance(replay, ReplayScene), f"no replay viewer on top: {app.top}"
    if replay.preparing is not None:
        replay.preparing.result(timeout=WAIT_S)
    if replay.analysing is not None:
        replay.analysing.result(timeout=WAIT_S)
    frames(app, 2)
    assert replay.table is not None and replay.table.replaying
    return replay


def seen_then(table, step: int, seat: int) -> dict:
    """What ``seat`` was sent after the game's first ``step`` entries, replayed apart from the viewer."""
    header, entries = table.finished_journal()
    return replay_session(header, entries[:step]).snapshot_message(seat)


@pytest.mark.parametrize("game_id, players", [("uno", 2), ("nowords", 3), ("hardsign", 2), ("bingo", 2),
                                              ("erudit", 2)])
def test_from_the_results_by_keys(app, request, game_id, players):
    if game_id == "erudit":
        request.getfixturevalue("small_dictionary")  # the master's analysis of a board game, in a second
    results = finished_demo_table(app, game_id, players)
    press_key(app, pygame.K_TAB)
    replay = ready(app)
    last = replay.last
    assert replay.step == last and replay.table.over and replay.table.me == 0
    for key in [pygame.K_LEFT] * 3 + [pygame.K_RIGHT] * 2:
        press_key(app, key)
    frames(app, 30)
    assert replay.step == last - 1
    shown = replay.table
    then = seen_then(results, last - 1, 0)
    assert (shown.view, shown.legal, list(shown.to_act)) == (then["view"], then["legal"], then["to_act"])
    press_key(app, pygame.K_TAB)  # the next seat's hand
    frames(app)
    assert replay.seat == 1 and replay.table.me == 1 and replay.table.view == seen_then(results, last - 1, 1)["view"]
    press_key(app, pygame.K_HOME)
    assert replay.step == 0
    press_key(app, pygame.K_DOWN)
    assert replay.step == min(10, last)
    press_key(app, pygame.K_x)  # 4×
    press_key(app, pygame.K_RETURN)
    assert replay.playing and replay.speed == 4
    before = replay.step
    frames(app, 240)  # four seconds at 4×: a dozen steps at least (a step stands 3 s at most at 1×)
    assert replay.step > before + 4 or replay.step == last
    press_key(app, pygame.K_RETURN)
    assert not replay.playing
    press_key(app, pygame.K_END)
    assert replay.step == last
    press_key(app, pygame.K_ESCAPE)
    assert app.top is results, "Esc leaves the replay for the results it was opened from"


def test_by_mouse_buttons_timeline_and_wheel(app):
    results = finished_demo_table(app, "uno", 2)
    click(app, results.replay_button_rect().center)  # the match's results: «Повтор партии» beside «В меню»
    replay = ready(app)
    last = replay.last
    back = next(w for w in replay.group.widgets if w.label == "Назад")
    click(app, back.rect.center)
    assert replay.step == last - 1
    line = replay.timeline()
    click(app, (line.left + line.width // 2, line.centery))
    assert abs(replay.step - last // 2) <= 1
    middle = replay.step
    post(app, pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False, precise_x=0.0, precise_y=-1.0))
    assert replay.step == middle + 1
    seat = next(w for w in replay.group.widgets if w.key == "seat")
    click(app, seat.rect.center)
    assert replay.seat == 1
    post(app, motion((640, 360)), pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(640, 360), button=3))
    assert app.top is results, "the right button leaves, as «back» does everywhere"


def test_by_pad(app):
    results = finished_demo_table(app, "uno", 2)
    press_pad(app, "peek")  # Select at the results
    replay = ready(app)
    last = replay.last
    press_pad(app, "left")
    press_pad(app, "up")
    assert replay.step == last - 1 - 10
    press_pad(app, "catch")
    assert replay.step == 0
    press_pad(app, "slap")
    assert replay.step == last
    press_pad(app, "draw")
    assert replay.speed == 4
    press_pad(app, "peek")
    assert replay.seat == 1
    frames(app)
    assert "Крестовина" in replay.hints()[0]
    press_pad(app, "back")
    assert app.top is results


def test_a_board_games_analysis_and_its_page(app, small_dictionary, monkeypatch, tmp_path):
    monkeypatch.setenv("IGROTEKA_DATA_DIR", str(tmp_path))
    results = finished_demo_table(app, "erudit", 2)
    names = {b.label for b in results.buttons.group.widgets}
    assert "Повтор партии" in names, f"the board's results have no «Повтор партии»: {names}"
    click(app, next(b for b in results.buttons.group.widgets if b.label == "Повтор партии").rect.center)
    replay = ready(app)
    analysis = replay.analysis
    assert analysis is not None and analysis.turns and len(analysis.players) == 2
    turn = analysis.turns[len(analysis.turns) // 2]
    press_key(app, pygame.K_HOME)
    for _ in range(turn.step):
        press_key(app, pygame.K_RIGHT)
    frames(app, 60)
    assert replay.step == turn.step and replay.analysis.at(replay.step) is turn
    from game.scenes.board.replay import step_line

    line, _ = step_line(replay.table, replay)
    assert line and (turn.same == ("так же" in line)), line
    png = next(w for w in replay.group.widgets if w.key == "png")
    click(app, png.rect.center)
    saved = sorted(tmp_path.glob("erudit-*.png"))
    assert saved, "no picture was saved"
    page = pygame.image.load(str(saved[0]))
    assert page.get_width() == 1280 and page.get_height() >= 720
    assert replay.step == replay.last, "the page is of the game as it ended"
    gcg = next(w for w in replay.group.widgets if w.key == "gcg")
    click(app, gcg.rect.center)
    assert any(path.suffix == ".gcg" for path in tmp_path.iterdir())


def test_the_door_of_the_history_screen(app):
    from game.scenes.replay import open_replay

    results = finished_demo_table(app, "hardsign", 2)
    header, entries = results.finished_journal()
    app.pop()
    open_replay(app, header, entries, ["Аня", "Боря"], seat=1)
    replay = ready(app)
    assert (replay.step, replay.seat, replay.table.me) == (replay.last, 1, 1)
    assert replay.table.names == ["Аня", "Боря"]
    open_replay(app, header, entries[: len(entries) // 2], ["Аня", "Боря"])
    viewer = app.top
    viewer.preparing.exception(timeout=WAIT_S)
    frames(app)
    assert app.top is replay, "a game not over is not shown"
    assert any("Партия не окончена" in toast.message for toast in app.toasts)


def test_a_clock_shows_the_time_left_at_the_step_and_stands_still(app, small_dictionary):
    """«Часы» (ten minutes on the game): a replayed step's running clock is the time left at that step's moment on
    the game's own clock, and it does not run on while the step is shown."""
    from game.scenes import game_scene
    from game.scenes.demo import demo_connection

    connection, clock, names = demo_connection("erudit", 7, 2, actions=10 ** 6, options={"clock": "game10"})
    app.now_ms = clock
    results = game_scene(connection, "erudit", names)
    app.push(results)
    frames(app, 30)
    press_key(app, pygame.K_TAB)
    replay = ready(app)
    press_key(app, pygame.K_HOME)
    for _ in range(5):
        press_key(app, pygame.K_RIGHT)
    frames(app, 30)
    table = replay.table
    view = table.view["clock"]
    runs = view["runs"]
    assert runs is not None, "a clock runs on the turn the step shows"
    then = replay.tape.time_ms(replay.step)
    left = table.side.clock_left_ms(runs)
    assert left == view["left_ms"][runs] - max(0, then - view["at"])
    clock.ms += 60_000  # a minute of this window's time while the step is shown
    frames(app, 120)
    assert table.side.clock_left_ms(runs) == left


def test_a_reflex_race_is_told_again_as_it_was_judged(app):
    """UNO: a «УНО!» forgotten and caught, jumped to in the replay: the table's banner names the catcher and by how
    many milliseconds they were first, as it did when the game was played."""
    from game.net.session import SeatInfo, Session
    from game.scenes.demo import demo_connection

    for seed in range(1, 60):  # the first demo game with a catch in it
        connection, _, names = demo_connection("uno", seed, 3, actions=10 ** 6)
        header, entries = connection.finished_journal()
        session = Session("uno", [SeatInfo(n) for n in names], header["seed"], header["options"],
                          start_ms=header["start_ms"])
        caught = []
        session.on_record = lambda entry, events: caught.extend(
            (session.state_id, e.to_wire()) for e in events if e.kind == "uno_caught" and not e.to_wire().get("tie"))
        for number, entry in enumerate(entries, 1):
            session.replay(number, entry)
        if caught:
            break
    else:
        raise AssertionError("no caught «УНО!» in the demo games")
    step, verdict = caught[0]
    finished_demo_table(app, "uno", 3, seed=seed)
    press_key(app, pygame.K_TAB)
    replay = ready(app)
    press_key(app, pygame.K_HOME)
    for _ in range(step // 10):
        press_key(app, pygame.K_DOWN)
    for _ in range(step % 10):
        press_key(app, pygame.K_RIGHT)
    frames(app, 3)
    assert replay.step == step
    said = [banner.sub for banner in replay.table.banners]
    assert any(f"на {verdict['margin_ms']} мс раньше" in sub for sub in said), said
