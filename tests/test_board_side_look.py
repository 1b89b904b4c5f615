"""What the side column of the board-game table shows a player: each plate's name and its tiles line read apart and
inside the plate, with «Крупный текст» too; the key help under the rack names only keys that do something now (F5
where hints are on; after the game, the keys of its buttons, not of moves, the one Enter presses lit); the moves
list keeps a long name, a move of many words and its score each to its column; a refusal over the rack reads
clearly. The tables are local games with bots,
seen through the layout check's trace of the drawn frame (its lines and their ink)."""
from __future__ import annotations

import json

import pygame
import pytest

import layout_check
from board_words import COMMON, WORDS
from game.app import STEP_MS
from game.rules.board import words as wordsrc
from game.scenes.base import ACCENT, PANEL_EDGE
from game.scenes.board.dialogs import QuestionDialog
from game.scenes.board.layout import BUTTONS_Y, PREVIEW, SIDE_X, history_rect, info_rect, plate_rect
from table_driver import LocalTable, press_key
from window_support import screen_app, watched_bots_game

# names that reach below the line (Д, у, р) and above the capitals (Ф, Й) sit closest to the tiles line under them
NAMES = ["Вы", "Дуся", "Фёдор", "Йорик"]


@pytest.fixture(autouse=True)
def small_dictionary():
    wordsrc.use_words(wordsrc.FixedWords.of(WORDS, COMMON))
    yield
    wordsrc.use_words(None)


@pytest.mark.parametrize("large", [False, True], ids=["normal", "large text"])
def test_each_plate_shows_its_name_over_its_tiles_line_apart_and_inside(tmp_path, monkeypatch, large):
    (tmp_path / "settings.json").write_text(json.dumps({"large_text": large}), encoding="utf-8")
    with screen_app(tmp_path, monkeypatch) as app:
        table = LocalTable(app, "erudit", NAMES, seed=2)
        table.settle(60)
        layout_check.draw_looked_at(app)
        lines = [line for line in layout_check._lines_of(app.canvas) if not line.hidden]
        for seat, name in enumerate(NAMES):
            plate = plate_rect(seat)
            inside = plate.inflate(-6, -6)  # off the plate's border (3 px when it is lit)
            name_line = next(line for line in lines if line.words == name and plate.colliderect(line.ink))
            tiles_line = next(line for line in lines if line.words.startswith("фишек") and plate.colliderect(line.ink))
            assert inside.contains(name_line.ink) and inside.contains(tiles_line.ink), (name, plate, name_line.ink,
                                                                                       tiles_line.ink)
            assert name_line.ink.bottom < tiles_line.ink.top, (name, name_line.ink, tiles_line.ink)


def help_and_preview(app) -> list[str]:
    """The lines the side column shows under the rack's tray: the preview line and the key help."""
    layout_check.draw_looked_at(app)
    return [line.words for line in layout_check._lines_of(app.canvas) if not line.hidden and line.ink.top >= PREVIEW.top
            and line.ink.left >= SIDE_X and not line.words.isdigit()]


def lit_buttons(app, scene) -> list[str]:
    """The buttons under the rack whose edge the frame shows in the focus colour."""
    app.draw(1.0)
    lit = []
    for widget in scene.buttons.group.widgets:
        edge = app.canvas.get_at((widget.rect.left + 1, widget.rect.centery))[:3]
        if sum(abs(a - b) for a, b in zip(edge, ACCENT)) < sum(abs(a - b) for a, b in zip(edge, PANEL_EDGE)):
            lit.append(widget.label)
    return lit


@pytest.mark.parametrize("options", [{}, {"hints": True}], ids=["hints off", "hints on"])
def test_the_key_help_names_f5_only_where_hints_are_on(tmp_path, monkeypatch, options):
    with screen_app(tmp_path, monkeypatch) as app:
        table = LocalTable(app, "erudit", NAMES[:2], seed=2, options=options)
        table.settle(30)
        shown = " ".join(help_and_preview(app))
        assert "F2 пас" in shown and ("F5 подсказка" in shown) == bool(options), shown


def test_a_finished_game_offers_no_moves_under_the_rack(tmp_path, monkeypatch):
    """The game is over: no «drag tiles» invitation nor keys for moves; the help names the keys of the buttons
    there are, over the results and over the board looked at after them."""
    from game.scenes import game_scene
    from game.scenes.demo import demo_connection

    monkeypatch.setenv("IGROTEKA_DATA_DIR", str(tmp_path / "games"))
    with screen_app(tmp_path, monkeypatch) as app:
        connection, clock, names = demo_connection("erudit", seed=3, players=2, actions=10_000)
        app.now_ms = clock
        scene = game_scene(connection, "erudit", names)
        app.push(scene)
        for _ in range(240):
            app.update(STEP_MS)
        assert scene.showing_results()
        for looking_at in ("results", "board"):
            shown = help_and_preview(app)
            assert not any("Перетащите" in words or "сыграть" in words or "F2" in words for words in shown), shown
            assert any("Enter — нажать" in words for words in shown), shown
            assert lit_buttons(app, scene) == [scene.buttons.group.focused.label], "the button Enter presses is shown lit"
            press_key(app, pygame.K_RETURN)  # the focused button: «Поле», the board without the results
            for _ in range(5):
                app.update(STEP_MS)
            assert scene.showing_results() == (looking_at == "board")


@pytest.mark.parametrize("large", [False, True], ids=["normal", "large text"])
def test_a_long_move_and_a_long_name_keep_to_their_columns_in_the_moves_list(tmp_path, monkeypatch, large):
    """A Словодел move that made six words, by a player with a long name: the name stays in its column, the words
    end before the score (cut after a whole word, with «…»), the score stands whole."""
    (tmp_path / "settings.json").write_text(json.dumps({"large_text": large}), encoding="utf-8")
    names = ["Вы", "Константин"]
    words = ["ПОДОКОННИК", "КОТ", "ОКНО", "НОС", "ТОН", "КИТ", "ПОТОК"]
    with screen_app(tmp_path, monkeypatch) as app:
        table = LocalTable(app, "slovodel", names, seed=2)
        session = table.session
        session.rules.log(session.state, {"kind": "place", "seat": 1, "words": words, "score": 55, "total": 55,
                                          "tiles": [], "bingo": False})
        session._broadcast([])  # the arranged history goes out as a fresh view, as after any move
        table.settle(30)
        layout_check.draw_looked_at(app)
        box = history_rect(2)
        rows = [line for line in layout_check._lines_of(app.canvas) if not line.hidden and box.contains(line.ink)]
        name = next(line for line in rows if line.words == "Константин")
        told = next(line for line in rows if line.words.startswith("ПОДОКОННИК"))
        score = next(line for line in rows if line.words == "+55")
        assert told.words == " + ".join(words) or (told.words.endswith(" + …")
                                                    and " + ".join(words).startswith(told.words[:-1])), told.words
        assert name.ink.right < told.ink.left and told.ink.right < score.ink.left, (tuple(name.ink), tuple(told.ink),
                                                                                 tuple(score.ink))


def test_a_refused_word_reads_clearly_over_the_rack(tmp_path, monkeypatch):
    """The host's refusal stays over the rack while the tiles wait on the board: it reads at 4.5:1."""
    from test_board_scene import first_turn_with_a_move, refusal_of_a_made_up_word

    with screen_app(tmp_path, monkeypatch) as app:
        table = first_turn_with_a_move(app)
        scene = table.scene
        refusal_of_a_made_up_word(table)
        table.key(pygame.K_RETURN)
        table.settle(20)
        assert scene.rack.refused and scene.rack.placed
        found = layout_check.draw_looked_at(app)
        assert any(scene.rack.refused == words for words in help_and_preview(app))
        assert [f.detail for f in found if scene.rack.refused in f.key] == []


def test_the_pad_help_names_the_buttons_the_player_bound(tmp_path, monkeypatch):
    """«Сыграть» bound to RB in the settings and «хлопнуть» (the next tile) moved to Y: with a pad plugged in, the help
    under the rack names those, and RB plays as it says."""
    from table_driver import unplug_pads
    from test_board_scene import first_turn_with_a_move, offered_tiles, put_cursor

    settings = {"pad_buttons": {"shout": "rightshoulder", "slap": "y"}}
    (tmp_path / "settings.json").write_text(json.dumps(settings), encoding="utf-8")
    with screen_app(tmp_path, monkeypatch) as app:
        try:
            table = first_turn_with_a_move(app)
            table.pad("up")  # the pad is plugged in: the help speaks of its buttons
            shown = " ".join(help_and_preview(app))
            assert "LB/Y — фишка" in shown and "RB — сыграть" in shown and "Y — сыграть" not in shown, shown
            tiles = offered_tiles(table)
            (r0, c0), (r1, c1) = tiles[0][:2], tiles[-1][:2]
            put_cursor(table, (r0, c0))
            if (r0 == r1) != table.scene.board.across:
                table.key(pygame.K_SPACE)
            table.type("".join(letter for *_, letter in tiles))
            before = table.session.state_id
            table.pad("shout")
            assert table.session.state_id > before, table.scene.last_error
        finally:
            unplug_pads()


@pytest.mark.parametrize("large", [False, True], ids=["normal", "large text"])
def test_the_bag_line_and_the_status_share_their_row_without_meeting(tmp_path, monkeypatch, large):
    """Скрэббл with the double bag and the five-letter opening: «В мешочке: 90 (гласных 38)» and «Первое слово — через
    центр, от 5 букв» both stand whole in their row, apart."""
    (tmp_path / "settings.json").write_text(json.dumps({"large_text": large}), encoding="utf-8")
    with screen_app(tmp_path, monkeypatch) as app:
        table = LocalTable(app, "scrabble", NAMES[:2], seed=2, options={"double_bag": True, "jacks_to_open": True})
        table.settle(30)
        layout_check.draw_looked_at(app)
        row = info_rect(2)
        lines = [line for line in layout_check._lines_of(app.canvas) if not line.hidden and row.collidepoint(line.ink.center)]
        bag = next(line for line in lines if line.words.startswith("В мешочке"))
        status = next(line for line in lines if line.words.startswith("Первое слово"))
        assert "гласных" in bag.words and "от 5 букв" in status.words
        assert bag.ink.right < status.ink.left and row.contains(bag.ink.union(status.ink)), (tuple(bag.ink),
                                                                                             tuple(status.ink))



def test_the_vote_dialog_stands_over_the_words_passing_score(tmp_path, monkeypatch):
    """The word put to the vote shows its score rising from the board («+8»): the dialog that asks about it opens at
    once and stands over that passing popup, which shows nowhere on it (the dialog looks the same once it is gone)."""
    from test_board_scene import a_vote_on_the_bots_word

    with screen_app(tmp_path, monkeypatch) as app:
        table = a_vote_on_the_bots_word(app)
        scene = table.scene
        assert scene.popups, "the word's score is still rising"
        box = scene.dialog.rect
        app.draw(1.0)
        passing = pygame.image.tobytes(app.canvas.subsurface(box), "RGB")
        table.settle(200)
        assert not scene.popups and isinstance(scene.dialog, QuestionDialog)
        app.draw(1.0)
        assert pygame.image.tobytes(app.canvas.subsurface(box), "RGB") == passing


def test_after_a_reconnection_the_rack_shows_the_tiles_the_seat_holds(tmp_path, monkeypatch):
    """The link drops on one's turn and a bot plays the seat meanwhile; back, the window gets the host's snapshot (an
    update without events): the rack shows the seat's tiles now, none left over from before (a gone tile drew as an
    empty square, like a blank) and none missing."""
    from game.launch import play_on
    from test_board_scene import first_turn_with_a_move

    with screen_app(tmp_path, monkeypatch) as app:
        table = first_turn_with_a_move(app)
        scene, session = table.scene, table.session
        before = set(scene.rack.visible())
        session.set_bot(0, "player")  # away: the host's bot plays the seat
        play_on(session, table.clock, session.state_id + 1)
        session.set_bot(0, None)  # back
        assert any(h.get("seat") == 0 for h in session.rules.history(session.state)), "the bot moved for seat 0"
        scene.conn.inbox.clear()  # what was sent while the link was down never arrived
        scene.conn.inbox.append(session.snapshot_message(0))  # the reconnection's snapshot
        table.settle(20)
        held = {tile["id"] for tile in scene.view["rack"]}
        assert held != before
        assert set(scene.rack.visible()) == held


def test_the_buttons_under_the_rack_share_one_label_size(tmp_path, monkeypatch):
    """Six buttons in a row (Скрэббл with the double bag), large text: the labels that had to shrink to fit and those
    that did not are drawn at one size, not «Пас» large beside a small «Сыграть»; so are the two lines of key help."""
    (tmp_path / "settings.json").write_text(json.dumps({"large_text": True}), encoding="utf-8")
    with screen_app(tmp_path, monkeypatch) as app:
        table = LocalTable(app, "scrabble", NAMES[:2], seed=2, options={"double_bag": True})
        table.settle(30)
        scene = table.scene
        labels = {w.label for w in scene.buttons.group.widgets}
        assert len(labels) == 6, labels
        layout_check.draw_looked_at(app)
        heights = {line.words: line.picture.get_height() for line in layout_check._lines_of(app.canvas)
                   if not line.hidden and line.words in labels and line.ink.top >= BUTTONS_Y - 4}
        assert set(heights) == labels and len(set(heights.values())) == 1, heights
        help_heights = {line.picture.get_height() for line in layout_check._lines_of(app.canvas)
                        if line.words in scene.side.help_lines()}
        assert len(help_heights) == 1, "the two lines of key help at one size"


@pytest.mark.parametrize("large", [False, True], ids=["normal", "large text"])
def test_a_watcher_sees_the_game_not_controls_it_cannot_use(tmp_path, monkeypatch, large):
    """A window watching a board game (no seat of its own, no seat to take, no phones' card in the corner): the corner
    says «Вы смотрите игру» and who leads, with no invitation to drag tiles, no empty rack, no greyed move buttons
    and no move keys."""
    (tmp_path / "settings.json").write_text(json.dumps({"large_text": large}), encoding="utf-8")
    with screen_app(tmp_path, monkeypatch) as app:
        scene, host = watched_bots_game(app, "erudit", NAMES, 2, 8)
        found = layout_check.draw_looked_at(app)
        corner = [line for line in layout_check._lines_of(app.canvas) if not line.hidden and line.ink.top >= PREVIEW.top
                  and line.ink.left >= SIDE_X]
        shown = [line.words for line in corner]
        assert "Вы смотрите игру" in shown, shown
        scores = host.session.state.scores
        leader = NAMES[max(range(len(NAMES)), key=lambda s: scores[s])]
        assert any(leader in words for words in shown), shown
        for never in ("Перетащите", "Подставка пуста", "Сыграть", "сыграть", "F2 пас"):
            assert not any(never in words for words in shown), (never, shown)
        assert [f.detail for f in found if any(f"«{words}»" in f.key for words in shown)] == []


def test_the_saved_record_notice_reads_with_a_long_path(tmp_path, monkeypatch):
    """A finished Эрудит is saved where the games folder lies deep, its path without a space: the notice
    «Запись партии сохранена: …» stays in letters a notice is read in (it shrank to 9 px, one line narrowed to the
    moves list) and names the file whole."""
    from game import assets
    from game.app import NOTICE_INK, NOTICE_LEAST
    from game.scenes import game_scene
    from game.scenes.demo import demo_connection

    deep = tmp_path.joinpath(*["папка-с-длинным-названием-без-пробелов"] * 3)
    monkeypatch.setenv("IGROTEKA_DATA_DIR", str(deep))
    with screen_app(tmp_path, monkeypatch) as app:
        connection, clock, names = demo_connection("erudit", seed=3, players=2, actions=10_000)
        app.push(game_scene(connection, "erudit", names))
        for _ in range(3):
            app.update(STEP_MS)
        scene = app.top
        assert scene.ending.saved_gcg is not None and str(deep) in str(scene.ending.saved_gcg)
        found = layout_check.draw_looked_at(app)
        zone = scene.notice_zone()
        notice = [line for line in layout_check._lines_of(app.canvas)
                  if not line.hidden and line.colour == NOTICE_INK and zone.inflate(0, 40).colliderect(line.ink)]
        told = "".join(line.words for line in notice)
        assert told.startswith("Запись партии сохранена") and scene.ending.saved_gcg.name in told, told
        least = assets.text("Жу", NOTICE_LEAST, NOTICE_INK, "bold").get_height()
        assert all(line.picture.get_height() >= least for line in notice), [(l.words, l.picture.get_height()) for l in notice]
        assert [f.detail for f in found if any(f"«{line.words}»" in f.key for line in notice)] == []
