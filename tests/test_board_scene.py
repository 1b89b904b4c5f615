"""The board-game table (Эрудит, Скрэббл, Словодел) driven the way a player would: typing at the
cursor, dragging tiles with the mouse, a gamepad's intents; refusals keep the tiles; dialogs;
and whole bot games fed through the scene in virtual time. A small real dictionary keeps the
host's move generator quick."""
import copy

import pygame
import pytest

from board_words import COMMON, WORDS
from game.app import App
from game.audio import SOUND_NAMES
from game.rules import load as load_rules
from game.rules.base import Rejected
from game.rules.board import words as wordsrc
from game.rules.board import WORD_DISPUTABLE, WORD_REFUSED
from game.scenes import game_scene
from game.scenes.board.dialogs import BlankChooser, ExchangeDialog, QuestionDialog
from game.scenes.board.ending import REVIEW_ROWS
from game.scenes.board.table import EVENT_SOUNDS, BoardScene
from game.scenes.board.layout import cell_center, rack_slot
from table_driver import LocalTable, pad_device

NAMES = ["Вы", "Маша", "Петя", "Оля"]
GAMES = ("erudit", "scrabble", "slovodel")


@pytest.fixture(autouse=True)
def small_dictionary():
    wordsrc.use_words(wordsrc.FixedWords.of(WORDS, COMMON))
    yield
    wordsrc.use_words(None)


class Table(LocalTable):
    """A headless app showing seat 0 of a local board game; host time is a clock the test moves."""

    def __init__(self, app: App, game="erudit", players=2, seed=1, options=None, human=True, level="player"):
        super().__init__(app, game, NAMES[:players], seed, options, human, level)
        self.scene: BoardScene

    def my_turn(self):
        return self.scene.my_turn() and self.scene.phase == "play"

    def my_score(self):
        return self.session.state.scores[0]

    def button(self, what):
        """Click the button under the rack that does ``what``, where the player sees it."""
        self.step(1)
        widget = next(w for w in self.scene.buttons.group.widgets if w.note == what)
        self.click(widget.rect.center)


def first_turn_with_a_move(app, game="erudit", options=None, players=2, seeds=range(1, 60)):
    """A table where seat 0 moves first and the host offers it a placement."""
    for seed in seeds:
        table = Table(app, game, players, seed, options)
        table.settle(5)
        if table.my_turn() and table.scene.can("place"):
            table.settle()
            return table
        app.pop()
    raise AssertionError("no seed let seat 0 open the game with a word")


def offered_tiles(table):
    place = next(a for a in table.scene.legal if a["kind"] == "place")
    return sorted((r, c, tid, letter.upper()) for r, c, tid, letter in place["tiles"])


def put_cursor(table, cell):
    """Walk the board cursor with the arrow keys."""
    scene = table.scene
    while scene.board.cursor[0] != cell[0]:
        table.key(pygame.K_DOWN if scene.board.cursor[0] < cell[0] else pygame.K_UP)
    while scene.board.cursor[1] != cell[1]:
        table.key(pygame.K_RIGHT if scene.board.cursor[1] < cell[1] else pygame.K_LEFT)


# ---------------------------------------------------------------------------------------------- coverage
@pytest.mark.parametrize("game", GAMES)
def test_every_event_kind_has_a_sound_and_an_animation(game):
    kinds = set(load_rules(game).events.by_kind)
    assert kinds <= set(EVENT_SOUNDS), f"no sound for {sorted(kinds - set(EVENT_SOUNDS))}"
    assert set(EVENT_SOUNDS.values()) <= set(SOUND_NAMES)
    missing = [k for k in kinds if not callable(getattr(BoardScene, "ev_" + k, None))]
    assert not missing, f"no animation for {missing}"


def test_sound_depends_on_whom_it_concerns(app):
    table = Table(app)
    scene = table.scene
    table.settle(2)
    assert scene.event_sound({"kind": "phase_changed", "phase": "play", "turn": 0}) == "turn_start"
    assert scene.event_sound({"kind": "phase_changed", "phase": "play", "turn": 1}) is None
    assert scene.event_sound({"kind": "game_ended", "winners": [0]}) == "win"
    assert scene.event_sound({"kind": "game_ended", "winners": [1]}) == "lose"


# ---------------------------------------------------------------------------------------------- placing
def test_keyboard_types_a_word_at_the_cursor_and_the_host_takes_it(app):
    table = first_turn_with_a_move(app)
    scene = table.scene
    tiles = offered_tiles(table)
    (r0, c0), (r1, c1) = tiles[0][:2], tiles[-1][:2]
    put_cursor(table, (r0, c0))
    if (r0 == r1) != scene.board.across:
        table.key(pygame.K_SPACE)  # the cursor turns across/down
    assert scene.board.across == (r0 == r1 and c0 != c1 or len(tiles) == 1 and scene.board.across)
    blank_letters = {letter for r, c, tid, letter in tiles if scene.rack.letter_of(tid) == "?"}
    table.type("".join(letter for *_, letter in tiles))
    assert len(scene.rack.placed) == len(tiles)
    preview = scene.rack.preview()
    assert preview.ok and preview.score > 0, preview
    before_state, before_score = table.session.state_id, table.my_score()
    table.key(pygame.K_RETURN)
    assert table.session.state_id > before_state, scene.last_error
    assert table.my_score() - before_score == preview.score or blank_letters  # the preview was exact
    table.settle()
    assert not scene.rack.placed
    assert all(scene.view["board"][r][c] for r, c, *_ in tiles)
    assert scene.view["scores"][0] == table.my_score()


def test_mouse_drags_tiles_from_the_rack_and_the_host_takes_them(app):
    table = first_turn_with_a_move(app, seeds=range(3, 80))
    scene = table.scene
    tiles = offered_tiles(table)
    for r, c, tid, letter in tiles:
        table.settle(20)
        slot = rack_slot(scene.rack.visible().index(tid))
        table.drag(slot, cell_center(r, c))
        if isinstance(scene.dialog, BlankChooser):
            table.type(letter)
        assert scene.rack.placed[(r, c)] == (tid, letter)
    before = table.my_score()
    ok = next(w for w in scene.buttons.group.widgets if w.label == "Сыграть")
    assert ok.enabled
    table.click(ok.rect.center)
    assert table.my_score() > before, scene.last_error
    table.settle()
    assert not scene.rack.placed


def test_dragging_a_laid_tile_back_to_the_rack(app):
    table = first_turn_with_a_move(app)
    scene = table.scene
    tid = scene.rack.visible()[0]
    table.drag(rack_slot(0), cell_center(7, 7))
    if isinstance(scene.dialog, BlankChooser):
        table.type("А")
    assert (7, 7) in scene.rack.placed and tid not in scene.rack.visible()
    table.drag(cell_center(7, 7), rack_slot(3))
    assert not scene.rack.placed and tid in scene.rack.visible()


def test_an_invalid_placement_keeps_the_tiles_and_shows_the_reason(app):
    table = first_turn_with_a_move(app)
    scene = table.scene
    put_cursor(table, (0, 0))
    letters = [scene.rack.letter_of(t) for t in scene.rack.visible()[:2]]
    table.type("".join("А" if ch == "?" else ch for ch in letters))
    placed = dict(scene.rack.placed)
    assert len(placed) == 2
    assert "центр" in scene.rack.preview().error
    before = table.session.state_id
    table.key(pygame.K_RETURN)
    assert table.session.state_id == before
    assert "центр" in scene.last_error
    assert any("центр" in t.message for t in app.toasts)
    assert scene.shake.offset() != 0.0
    table.settle()
    assert scene.rack.placed == placed  # nothing lost: the tiles stay where they were put
    table.key(pygame.K_BACKSPACE)
    assert len(scene.rack.placed) == 1
    table.key(pygame.K_DELETE)
    assert not scene.rack.placed and len(scene.rack.visible()) == 7


def test_gamepad_lays_with_shoulders_and_a_and_sends_with_y(app):
    table = first_turn_with_a_move(app)
    scene = table.scene
    tiles = offered_tiles(table)
    r0, c0 = tiles[0][:2]
    r1 = tiles[-1][0]
    while scene.board.cursor != (r0, c0):
        dr, dc = r0 - scene.board.cursor[0], c0 - scene.board.cursor[1]
        table.pad("down" if dr > 0 else "up" if dr < 0 else "right" if dc > 0 else "left")
    if (r0 == r1) != scene.board.across and len(tiles) > 1:
        table.pad("draw")  # X turns the cursor
    for r, c, tid, letter in tiles:
        for _ in range(8):
            if scene.rack.visible()[scene.rack.sel] == tid:
                break
            table.pad("slap")
        table.pad("confirm")
        if isinstance(scene.dialog, BlankChooser):
            table.type(letter)
        assert scene.rack.placed.get((r, c), (None,))[0] == tid
    before = table.my_score()
    table.pad("shout")
    assert table.my_score() > before, scene.last_error


def test_at_a_couch_only_the_player_on_screen_takes_tiles_back(app):
    """Backspace takes back the on-screen player's last tile; the other player's B does nothing to it."""
    table = first_turn_with_a_move(app)
    scene = table.scene
    table.session.set_bot(1, None)
    scene.bind_device("keyboard", 0)
    scene.add_local_seat(table.host.connect(1), [pad_device(app)])
    table.settle(2)
    assert scene.curtain_for == 0
    table.key(pygame.K_RETURN)  # «ready» behind the curtain
    assert scene.curtain_for is None
    put_cursor(table, (7, 7))
    table.type(scene.rack.letter_of(scene.rack.visible()[0]).replace("?", "А"))
    placed = dict(scene.rack.placed)
    assert len(placed) == 1
    table.pad("back")
    assert scene.rack.placed == placed and app.top is scene
    table.key(pygame.K_BACKSPACE)
    assert not scene.rack.placed and app.top is scene


def test_esc_pauses_and_the_laid_tiles_wait(app):
    from game.scenes.table.pause import PauseOverlay

    table = first_turn_with_a_move(app)
    scene = table.scene
    put_cursor(table, (7, 7))
    table.type(scene.rack.letter_of(scene.rack.visible()[0]).replace("?", "А"))
    placed = dict(scene.rack.placed)
    table.key(pygame.K_ESCAPE)
    assert isinstance(app.top, PauseOverlay)
    table.type("ыы")  # «ы» is on S, «down» in the pause menu: nothing is typed on the board
    table.key(pygame.K_ESCAPE)
    assert app.top is scene and scene.rack.placed == placed


def test_shuffle_and_recall_keep_the_same_tiles(app):
    table = first_turn_with_a_move(app)
    scene = table.scene
    rack = list(scene.rack.visible())
    table.key(pygame.K_F4)
    assert sorted(scene.rack.visible()) == sorted(rack) and scene.rack.visible() != rack
    table.type(scene.rack.letter_of(scene.rack.visible()[0]).replace("?", "А"))
    assert len(scene.rack.placed) == 1
    table.key(pygame.K_DELETE)
    assert not scene.rack.placed and sorted(scene.rack.visible()) == sorted(rack)


def test_exchange_dialog_swaps_the_chosen_tiles(app):
    table = first_turn_with_a_move(app)
    scene = table.scene
    table.key(pygame.K_F3)
    assert isinstance(scene.dialog, ExchangeDialog)
    chosen = scene.rack.visible()[:2]
    table.type("".join(scene.rack.letter_of(t) for t in chosen))
    assert scene.dialog.pick == set(chosen)
    table.key(pygame.K_RETURN)
    assert scene.dialog is None
    table.settle()
    assert not set(chosen) & {t["id"] for t in scene.view["rack"]}
    assert scene.view["history"][-1]["kind"] == "exchange"


def test_exchange_dialog_by_the_mouse_and_esc_closes_it(app):
    table = first_turn_with_a_move(app)
    scene = table.scene
    table.button("exchange")
    assert isinstance(scene.dialog, ExchangeDialog)
    table.key(pygame.K_ESCAPE)
    assert scene.dialog is None and app.top is scene
    table.button("exchange")
    chosen = scene.rack.visible()[:2]
    for slot in scene.dialog.slots()[:2]:
        table.click(slot.center)
    assert scene.dialog.pick == set(chosen)
    ok = next(rect for what, _, rect in scene.dialog.buttons() if what == "ok")
    table.click(ok.center)
    table.settle()
    assert scene.dialog is None and scene.view["history"][-1]["kind"] == "exchange"


def test_pass_button_by_keyboard(app):
    table = first_turn_with_a_move(app)
    table.key(pygame.K_F2)
    table.settle()
    assert table.scene.view["history"][-1]["kind"] == "pass"


def test_hint_lays_the_best_move_to_confirm(app):
    table = first_turn_with_a_move(app, options={"hints": True})
    scene = table.scene
    table.key(pygame.K_F5)
    table.settle()
    assert scene.rack.placed, "the hint's tiles are laid for the player to confirm"
    before = table.my_score()
    table.key(pygame.K_RETURN)
    assert table.my_score() > before, scene.last_error


def test_a_refused_word_can_go_to_a_vote(app):
    table = first_turn_with_a_move(app, options={"vote": True})
    scene = table.scene
    rack = scene.rack.visible()
    pair = next((a, b) for a in rack for b in rack
                if a != b and "?" not in (scene.rack.letter_of(a), scene.rack.letter_of(b))
                and (scene.rack.letter_of(a) + scene.rack.letter_of(b)).lower() not in WORDS)
    put_cursor(table, (7, 7))
    table.type(scene.rack.letter_of(pair[0]) + scene.rack.letter_of(pair[1]))
    table.key(pygame.K_RETURN)
    assert scene.last_error.startswith("Слово «")
    assert scene.rack.can_dispute()
    table.settle(2)
    button = next(w for w in scene.buttons.group.widgets if w.label == "На голосование")
    table.click(button.rect.center)
    table.until(lambda: scene.phase == "play" and scene.view["history"], limit=400)
    assert scene.view["history"][-1]["kind"] in ("place", "withdrawn")


def a_vote_on_the_bots_word(app):
    """Seat 1 lays two letters that make no word and puts them to the vote: seat 0 is asked."""
    for seed in range(1, 40):
        table = Table(app, "erudit", 2, seed, {"vote": True})
        if table.session.state.turn == 1:
            break
        app.pop()
    session = table.session
    session.bots.clear()
    session.plans.clear()
    rules, state = session.rules, session.state
    rack = [t for t in state.racks[1] if state.faces[t] != "?"]
    pair = next((a, b) for a in rack for b in rack if a != b and state.faces[a] + state.faces[b] not in WORDS)
    tiles = [[7, 7 + i, rules.tid(t), state.faces[t]] for i, t in enumerate(pair)]
    outcome = session.submit(1, {"kind": "place", "tiles": tiles, "dispute": True}, table.clock.ms)
    assert outcome.accepted and session.state.phase == "vote", outcome
    table.settle()
    assert isinstance(table.scene.dialog, QuestionDialog)
    return table


def test_the_vote_dialog_takes_a_typed_answer(app):
    table = a_vote_on_the_bots_word(app)
    table.type("н")  # «нет»: not a letter on the board, an answer
    table.settle()
    assert table.session.state.phase != "vote" and table.scene.dialog is None
    assert table.session.state.scores[1] == 0


def test_the_vote_dialog_esc_closes_it_and_the_button_brings_it_back(app):
    table = a_vote_on_the_bots_word(app)
    scene = table.scene
    table.key(pygame.K_ESCAPE)
    assert scene.dialog is None and app.top is scene
    table.button("vote")
    assert isinstance(scene.dialog, QuestionDialog)
    yes = next(rect for _, label, rect in scene.dialog.buttons() if label == "Принять слово")
    table.click(yes.center)
    table.settle()
    assert table.session.state.phase != "vote" and table.session.state.scores[1] > 0


def test_challenge_button_in_challenge_mode(app):
    for seed in range(1, 40):
        table = Table(app, "erudit", 2, seed, {"checking": "challenge"})
        table.until(lambda: table.scene.phase == "challenge" or table.my_turn(), limit=300)
        if table.scene.phase == "challenge" and table.scene.can("challenge"):
            break
        app.pop()
    else:
        raise AssertionError("the bot never laid a word to challenge")
    scene = table.scene
    table.settle(2)
    assert any(w.label == "Оспорить" for w in scene.buttons.group.widgets)
    table.key(pygame.K_F6)
    table.settle()
    assert scene.phase != "challenge"
    assert any(h["kind"] in ("place", "withdrawn") for h in scene.view["history"])


# ---------------------------------------------------------------------------------------------- whole games
@pytest.mark.parametrize("game,players,seed", [("erudit", 2, 3), ("slovodel", 3, 3), ("scrabble", 4, 6)])
def test_a_whole_bot_game_runs_through_the_scene(app, game, players, seed):
    table = Table(app, game, players, seed, human=False)
    table.until(lambda: table.scene.over, limit=6000, ms=80)
    table.step(200, ms=17, draw_every=5)
    scene = table.scene
    assert scene.showing_results()
    assert scene.view["scores"] == list(table.session.state.scores)
    assert not scene.flights and not scene.board.in_air
    labels = [w.label for w in scene.buttons.group.widgets]
    assert "В меню" in labels


def test_a_finished_erudit_game_is_saved_as_gcg(app, tmp_path, monkeypatch):
    monkeypatch.setenv("IGROTEKA_DATA_DIR", str(tmp_path / "games"))
    from game.scenes.demo import demo_connection

    connection, clock, names = demo_connection("erudit", seed=3, players=2, actions=10_000)
    assert connection.host.session.rules.is_over(connection.host.session.state)
    scene = game_scene(connection, "erudit", names)
    app.push(scene)
    for _ in range(3):
        app.update(16.7)
    saved = list((tmp_path / "games").glob("erudit-*.gcg"))
    assert len(saved) == 1
    text = saved[0].read_text(encoding="utf-8")
    assert text.startswith("#character-encoding UTF-8\n") and "#player1" in text and ">p1:" in text


def test_results_list_each_turns_best_alternative_with_hints_on(app, tmp_path, monkeypatch):
    monkeypatch.setenv("IGROTEKA_DATA_DIR", str(tmp_path / "games"))
    table = Table(app, "erudit", 2, 3, {"hints": True}, human=False, level="novice")
    table.until(lambda: table.scene.over, limit=6000, ms=80)
    table.step(200, ms=17, draw_every=5)
    scene = table.scene
    listed = scene.view["result"]["best_alternatives"]
    assert listed and "Лучшие ходы" in [w.label for w in scene.buttons.group.widgets]
    table.button("review")
    table.step(2)
    lines = scene.ending.review_lines()
    assert len(lines) == min(len(listed), REVIEW_ROWS)
    first = listed[0]
    assert lines[0][1] == NAMES[first["seat"]] and lines[0][3] == str(first["score"])
    assert any(better for *_, better in scene.ending.review_lines()) or all(
        e["best"] is None or e["best"]["score"] <= e["score"] for e in listed[: REVIEW_ROWS])
    if scene.ending.review_pages() > 1:
        table.button("review_next")
        assert scene.ending.review_lines()[0][0] == str(REVIEW_ROWS + 1)
    table.button("review")
    assert scene.ending.review_page is None
    assert "Лучшие ходы" in [w.label for w in (scene.buttons.rebuild() or scene.buttons.group).widgets]


def test_results_have_no_best_moves_page_without_hints(app, tmp_path, monkeypatch):
    monkeypatch.setenv("IGROTEKA_DATA_DIR", str(tmp_path / "games"))
    table = Table(app, "erudit", 2, 3, human=False)
    table.until(lambda: table.scene.over, limit=6000, ms=80)
    table.step(200, ms=17, draw_every=5)
    assert "Лучшие ходы" not in [w.label for w in table.scene.buttons.group.widgets]


def blank_on_the_board(app, options):
    """Seat 0 to move on a board with «КОТ» across the centre, its «О» a blank; the rack holds
    a real «О» and an «М» (and two «С») so «СОМ» can go down through it with the blank as «С»."""
    from game.rules.board.layout import CENTRE

    for seed in range(1, 40):
        table = Table(app, "erudit", 2, seed, options)
        s = table.session.state
        if s.turn == 0:
            break
        app.pop()
    rules = table.session.rules
    pool = s.bag

    def take(ch):
        t = next(t for t in pool if s.faces[t] == ch)
        pool.remove(t)
        return t

    for t in list(s.racks[0]):
        s.racks[0].remove(t)
        pool.append(t)
    k, blank, t = take("к"), take("?"), take("т")
    for offset, tile in enumerate((k, blank, t)):
        s.cells[CENTRE - 1 + offset] = tile
    s.blank_as[blank] = "о"
    s.racks[0].extend([take("о"), take("м"), take("с")] + [pool.pop() for _ in range(4)])
    connection = table.scene.conn
    connection.inbox.clear()
    connection.inbox.append(table.session.snapshot_message(0))
    table.settle()
    return table, rules.tid(blank)


def test_blank_reuse_swaps_a_rack_tile_for_a_board_blank_and_plays_it(app):
    table, blank_id = blank_on_the_board(app, {"blank_reuse": True})
    scene = table.scene
    assert table.my_turn()
    real_o = next(t for t in scene.rack.visible() if scene.rack.letter_of(t) == "О")
    index = scene.rack.visible().index(real_o)
    table.drag(rack_slot(index), cell_center(7, 7))
    table.settle(10)
    assert scene.rack.swaps == {(7, 7): real_o}
    assert blank_id in scene.rack.visible() and real_o not in scene.rack.visible()
    # the taken blank goes above as «С», the «М» below: «СОМ» down
    table.drag(rack_slot(scene.rack.visible().index(blank_id)), cell_center(6, 7))
    table.settle(5)
    assert isinstance(scene.dialog, BlankChooser)
    table.key(pygame.K_ESCAPE)  # Esc closes the chooser, the tile stays in the rack
    assert scene.dialog is None and app.top is scene and blank_id in scene.rack.visible()
    table.drag(rack_slot(scene.rack.visible().index(blank_id)), cell_center(6, 7))
    table.settle(5)
    assert isinstance(scene.dialog, BlankChooser)
    table.type("с")  # the typed letter chooses
    table.settle(5)
    assert scene.rack.placed.get((6, 7)) == (blank_id, "С")
    m = next(t for t in scene.rack.visible() if scene.rack.letter_of(t) == "М")
    table.drag(rack_slot(scene.rack.visible().index(m)), cell_center(8, 7))
    table.settle(5)
    table.key(pygame.K_RETURN)
    table.settle()
    board = scene.view["board"]
    assert board[7][7]["id"] == real_o and not board[7][7]["blank"]
    assert board[6][7]["id"] == blank_id and board[6][7]["blank"] and board[6][7]["letter"] == "С"
    assert not scene.rack.swaps and table.session.state.scores[0] > 0


def test_blank_reuse_recall_undoes_the_swap_and_is_off_without_the_option(app):
    table, blank_id = blank_on_the_board(app, {"blank_reuse": True})
    scene = table.scene
    real_o = next(t for t in scene.rack.visible() if scene.rack.letter_of(t) == "О")
    table.drag(rack_slot(scene.rack.visible().index(real_o)), cell_center(7, 7))
    table.settle(10)
    assert scene.rack.swaps and blank_id in scene.rack.visible()
    table.key(pygame.K_DELETE)  # «Вернуть»
    assert not scene.rack.swaps and real_o in scene.rack.visible() and blank_id not in scene.rack.visible()
    app.pop()
    table, blank_id = blank_on_the_board(app, {})
    scene = table.scene
    real_o = next(t for t in scene.rack.visible() if scene.rack.letter_of(t) == "О")
    assert not scene.rack.can_swap(real_o, (7, 7))


@pytest.mark.parametrize("choice,all_vowels", [("Добор: гласные", True), ("Добор: согласн.", False)])
def test_double_bag_toggle_chooses_the_bag_for_an_exchange(app, choice, all_vowels):
    from game.rules.board.layout import VOWELS

    table = first_turn_with_a_move(app, options={"double_bag": True})
    scene = table.scene
    while scene.buttons.draw_label() != choice:
        table.button("draw_from")
    assert choice in [w.label for w in scene.buttons.group.widgets]
    before = set(scene.rack.visible())
    table.key(pygame.K_F3)
    chosen = scene.rack.visible()[:3]
    table.type("".join(scene.rack.letter_of(t) for t in chosen))
    table.key(pygame.K_RETURN)
    table.settle()
    assert scene.view["history"][-1]["kind"] == "exchange"
    new = [t for t in scene.view["rack"] if t["id"] not in before]
    assert len(new) == 3
    assert all((t["letter"].lower() in VOWELS or t["letter"] == "?") == all_vowels for t in new)


def test_the_vote_is_offered_by_the_refusal_code_not_its_wording(app):
    """A refusal of the same wording but another code offers no vote (a refused word with no appeal neither); the
    code of a disputable word does, whatever it says."""
    table = first_turn_with_a_move(app, options={"vote": True})
    scene = table.scene
    rack = [t for t in scene.rack.visible() if scene.rack.letter_of(t) != "?"]
    put_cursor(table, (7, 7))
    table.type(scene.rack.letter_of(rack[0]) + scene.rack.letter_of(rack[1]))
    scene.rack.awaiting = True
    scene.on_error("Слово «ЖЖ» не принимается: нет в словаре.", "illegal")
    assert not scene.rack.can_dispute()
    scene.rack.awaiting = True
    scene.on_error("Слово «ЖЖ» не принимается: нет в словаре.", WORD_REFUSED)
    assert not scene.rack.can_dispute()
    scene.rack.awaiting = True
    scene.on_error("Такого слова словарь не знает.", WORD_DISPUTABLE)
    assert scene.rack.can_dispute()


def refusal_of_a_made_up_word(table):
    """Seat 0 lays two of its letters that make no word across the centre; the tiles it sends."""
    scene = table.scene
    rack = [t for t in scene.rack.visible() if scene.rack.letter_of(t) != "?"]
    pair = next((a, b) for a in rack for b in rack
                if a != b and (scene.rack.letter_of(a) + scene.rack.letter_of(b)).lower() not in WORDS)
    put_cursor(table, (7, 7))
    table.type(scene.rack.letter_of(pair[0]) + scene.rack.letter_of(pair[1]))
    return [[r, c, tid, letter.lower()] for (r, c), (tid, letter) in sorted(scene.rack.placed.items())]


def rules_take_the_dispute(table, tiles) -> bool:
    """What the rules do with the same tiles sent to the vote, tried on a copy of the game."""
    session = table.session
    trial = copy.deepcopy(session.state)
    try:
        session.rules.apply(trial, 0, session.decode({"kind": "place", "tiles": tiles, "dispute": True}),
                            table.clock.ms)
    except Rejected:
        return False
    return trial.phase == "vote"


@pytest.mark.parametrize("game,options,disputable", [
    ("erudit", {"vote": True}, True),
    ("slovodel", {"vote": True}, True),
    ("erudit", {}, False),
    ("erudit", {"vote": True, "checking": "challenge"}, False),  # the move waits for a challenge instead
    ("scrabble", {"checking": "challenge"}, False),
])
def test_the_vote_button_stands_exactly_when_the_rules_would_take_the_dispute(app, game, options, disputable):
    table = first_turn_with_a_move(app, game, options)
    scene = table.scene
    tiles = refusal_of_a_made_up_word(table)
    assert rules_take_the_dispute(table, tiles) is disputable
    table.key(pygame.K_RETURN)
    table.settle(2)
    labels = [w.label for w in scene.buttons.group.widgets]
    assert ("На голосование" in labels) is disputable, (labels, scene.last_error)
    if disputable:
        table.button("dispute")
        assert table.session.state.phase == "vote"


@pytest.mark.parametrize("options", [{"hints": True}, {}])
def test_the_hint_button_stands_with_the_hints_rule_whoever_moves(app, options):
    """With hints on the button stays under the rack (enabled on one's turn); without, there is none, and the
    shortcut says hints are off."""
    table = first_turn_with_a_move(app, options=options)
    scene = table.scene
    hint = [w for w in scene.buttons.group.widgets if w.note == "hint"]
    assert len(hint) == bool(options)
    table.key(pygame.K_F2)  # pass: the other player moves now
    table.settle()
    assert not scene.my_turn()
    hint = [w for w in scene.buttons.group.widgets if w.note == "hint"]
    assert [w.enabled for w in hint] == ([False] if options else [])
    table.key(pygame.K_F5)
    expected = "Подсказка — только в свой ход." if options else "Подсказки выключены в этой партии."
    assert app.toasts and app.toasts[-1].message == expected
