"""What is shown equals a fresh repaint. Whole games of every table scene run in a headless app
(seat 0 on screen, its moves made through the app's event route where the test plays it); after
a frame in which the scene received an event kind (its first few arrivals), after every input of
the player and every few frames in between, the frame drawn from the scene's kept pictures is
compared, pixel for pixel, with a frame painted after ``forget_drawn()`` dropped them. Each game also states which event kinds
its run covers, and one test checks that every event kind of every game is covered by some run
(or named as out of reach, with the reason)."""
from __future__ import annotations

from collections import Counter
from pathlib import Path

import pygame
import pytest

from board_words import COMMON, WORDS
from game.app import STEP_MS
from game.rules import load as load_rules
from game.rules.board import words as wordsrc
from game.scenes.board.dialogs import BlankChooser, QuestionDialog
from table_driver import LocalTable

NAMES = ["Вы", "Маша", "Петя", "Оля", "Дима", "Катя"]
TIME_CHECK_FRAMES = 37  # between events, animations end and timers fire: looked at every so often
CHECKS_PER_KIND = 8  # an event kind is compared the first times it arrives; every input always
DRAW_EVERY = 3  # the frames in between are drawn too (kept pictures follow them), not all: CPU is short


class CacheWatch:
    """A local table whose every interesting frame is compared with a repaint from scratch."""

    def __init__(self, table: LocalTable, game: str, shots: Path):
        self.table, self.app, self.scene, self.game = table, table.app, table.scene, game
        self.shots = shots
        self.arrived: list[str] = []
        self.checked: Counter[str] = Counter()
        self.inputs: list[str] = []
        self.frames = 0
        table.session.listen(0, self._hear)

    def _hear(self, seat: int, message: dict) -> None:
        self.arrived += [e["kind"] for e in message.get("events", [])]

    def frame(self, ms: int = 80) -> None:
        """One pass of the app's loop (events, a simulation step, a draw), compared when it matters."""
        for event in pygame.event.get():
            self.app.dispatch(event)
        self.table.clock.ms += ms
        self.app.update(STEP_MS)
        self.frames += 1
        fresh_kinds = [k for k in self.arrived if self.checked[k] < CHECKS_PER_KIND]
        why = sorted(set(fresh_kinds)) + self.inputs
        if why:
            self.compare(" + ".join(why))
            self.checked.update(self.arrived)
            self.checked.update(f"input:{name}" for name in self.inputs)
        elif self.frames % TIME_CHECK_FRAMES == 0:
            self.compare("time")
        elif self.frames % DRAW_EVERY == 0:
            self.app.draw(0.5)
        self.arrived.clear()
        self.inputs.clear()

    def compare(self, why: str) -> None:
        canvas = self.app.canvas
        self.app.draw(0.5)
        shown = bytes(canvas.get_view("1"))
        self.scene.forget_drawn()
        self.app.draw(0.5)
        fresh = bytes(canvas.get_view("1"))
        if shown == fresh:
            return
        box = differing_box(shown, fresh, canvas)
        name = f"{self.game}-{self.frames}"
        pygame.image.save(canvas, str(self.shots / f"{name}-fresh.png"))
        canvas.get_buffer().write(shown)
        pygame.image.save(canvas, str(self.shots / f"{name}-shown.png"))
        raise AssertionError(f"{self.game}, frame {self.frames}, after {why}: the frame drawn from the kept "
                             f"pictures differs from a fresh repaint in {box}; see {self.shots / name}-*.png")

    # --- the human's input, through pygame's event queue like a person's
    def post(self, label: str, *events: pygame.event.Event) -> None:
        for event in events:
            pygame.event.post(event)
        self.inputs.append(label)
        self.frame(ms=1)

    def key(self, k: int, unicode: str = "") -> None:
        self.post(pygame.key.name(k), pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=unicode, scancode=0))

    def type(self, text: str) -> None:
        self.post("text", pygame.event.Event(pygame.TEXTINPUT, text=text))

    def hover(self, pos: tuple[int, int]) -> None:
        self.post("hover", pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))

    def click(self, pos: tuple[int, int]) -> None:
        self.post("click", pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
                  pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
                  pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))

    def pause_and_back(self) -> None:
        self.key(pygame.K_ESCAPE)
        assert self.app.top is not self.scene, "Esc opens the pause menu"
        self.key(pygame.K_ESCAPE)
        assert self.app.top is self.scene


def differing_box(a: bytes, b: bytes, canvas: pygame.Surface) -> tuple[int, int, int, int]:
    """(left, top, right, bottom) of the pixels that differ, for the failure message."""
    pitch, depth = canvas.get_pitch(), canvas.get_bytesize()
    width, height = canvas.get_size()
    rows = [y for y in range(height) if a[y * pitch:(y + 1) * pitch] != b[y * pitch:(y + 1) * pitch]]
    xs = [x for y in rows for x in range(width)
          if a[y * pitch + depth * x:y * pitch + depth * (x + 1)] != b[y * pitch + depth * x:y * pitch + depth * (x + 1)]]
    return min(xs), rows[0], max(xs) + 1, rows[-1] + 1


def watch(app, tmp_path, game, players, seed, options, human=True, level="player") -> CacheWatch:
    table = LocalTable(app, game, NAMES[:players], seed, options, human=human, level=level)
    return CacheWatch(table, game, tmp_path)


def report(watcher: CacheWatch, expected: set[str], inputs: set[str] = frozenset({"hover", "escape"})) -> None:
    kinds = {k for k in watcher.checked if not k.startswith("input:")}
    print(f"\n{watcher.game}: {watcher.frames} frames; event kinds checked: "
          + ", ".join(f"{k}×{watcher.checked[k]}" for k in sorted(kinds))
          + "; input checked: " + ", ".join(sorted(k[6:] for k in watcher.checked if k.startswith("input:"))))
    missing = expected - kinds
    assert not missing, f"{watcher.game}: these event kinds never reached the table in this run: {sorted(missing)}"
    untried = inputs - {k[6:] for k in watcher.checked if k.startswith("input:")}
    assert not untried, f"{watcher.game}: the player never did {sorted(untried)} in this run"


# ---------------------------------------------------------------------------------------------- board games
@pytest.fixture
def small_dictionary():
    wordsrc.use_words(wordsrc.FixedWords.of(WORDS, COMMON))
    yield
    wordsrc.use_words(None)


def board_pokes(w: CacheWatch) -> None:
    """What a person does before a move without sending anything: hover, move the cursor, turn it,
    lay a letter and take it back, shuffle, open the exchange and close it, pause."""
    scene = w.scene
    if scene.buttons.group.widgets:
        w.hover(scene.buttons.group.widgets[0].rect.center)
        w.hover((20, 20))
    w.key(pygame.K_RIGHT)
    w.key(pygame.K_DOWN)
    w.key(pygame.K_SPACE, " ")
    rack = scene.rack.visible()
    letters = [scene.rack.letter_of(t) for t in rack]
    plain = next((ch for ch in letters if ch != "?"), None)
    if plain is not None:
        w.type(plain.lower())
        w.key(pygame.K_BACKSPACE)
    board_blank_chooser(w)
    w.key(pygame.K_F4)
    if scene.can("exchange"):
        w.key(pygame.K_F3)
        if plain is not None:
            w.type(plain.lower())
        w.key(pygame.K_ESCAPE)
    w.pause_and_back()


def pad_visit(w: CacheWatch) -> None:
    """A gamepad plugged in (the board's help turns to the pad's), moving the cursor, unplugged."""
    from virtual_pad import VirtualPad

    pad = VirtualPad()
    try:
        w.post("pad plugged")
        assert w.app.input.pads, "the virtual pad arrived"
        pad.press("dpright")  # pressed and let go
        w.post("pad")
    finally:
        pad.unplug()
    w.post("pad unplugged")


def board_blank_chooser(w: CacheWatch) -> bool:
    """With a blank on the rack: «*» at the cursor opens the chooser, a letter closes it, Del takes
    the tile back. True when it was done."""
    scene = w.scene
    if "?" not in [scene.rack.letter_of(t) for t in scene.rack.visible()]:
        return False
    for arrow in [pygame.K_DOWN] * 15 + [pygame.K_RIGHT] * 15:  # an empty square for it
        if not scene.board.tile(scene.board.cursor) and scene.board.cursor not in scene.rack.placed:
            break
        w.key(arrow)
    w.type("*")
    assert isinstance(scene.dialog, BlankChooser)
    w.post("blank chooser", pygame.event.Event(pygame.TEXTINPUT, text="а"))
    assert scene.dialog is None and scene.rack.placed
    w.key(pygame.K_DELETE)
    return True


def out_of_time(w: CacheWatch) -> None:
    """With «Часы» on, seat 0 lets its clock run out once, on its turn: over the game's time by a minute and more
    (a penalty when the game is scored), or out of the move's (the move passes)."""
    scene = w.scene
    if scene.view["clock"]["mode"] == "move":
        while scene.my_turn():
            w.frame(ms=2000)
        assert scene.view["history"][-1].get("timeout"), "the move passed when its time was out"
        return
    while scene.side.clock_left_ms(0) > -61_000:
        w.frame(ms=5000)


def play_board(w: CacheWatch, limit: int = 9000) -> None:
    """Seat 0 plays the hint of each turn (F5, then Enter), passes when there is none, accepts
    words in challenge mode, votes for words, and in the reverse game passes; with «Часы» it lets its clock run
    out once."""
    scene, session = w.scene, w.table.session
    poked = 0
    asked_at = None
    chose_blank = False
    timed_out = False
    for _ in range(limit):
        if scene.over and scene.showing_results():
            break
        w.frame(ms=160)  # the bots think in host time: a faster clock, the same animations
        if scene.flights or scene.rack.awaiting or w.table.clock.ms < 0:
            continue
        if isinstance(scene.dialog, QuestionDialog):
            w.key(pygame.K_RETURN)
        elif scene.phase == "challenge" and scene.can("accept"):
            w.key(pygame.K_F7 if session.state.moves_made % 2 else pygame.K_F6)
        elif scene.phase == "reverse" and scene.my_turn():
            w.key(pygame.K_F2)
        elif scene.my_turn() and scene.phase == "play" and scene.dialog is None:
            if poked < 3 and asked_at is None:
                poked += 1
                board_pokes(w)
                if poked == 1:
                    pad_visit(w)
            elif scene.view.get("clock") and not timed_out and asked_at is None:
                timed_out = True
                out_of_time(w)
                continue
            elif not chose_blank and asked_at is None:
                chose_blank = board_blank_chooser(w)
            if scene.rack.placed and asked_at is not None:
                w.key(pygame.K_RETURN)
                asked_at = None
            elif asked_at is None and scene.can("hint"):
                w.key(pygame.K_F5)
                asked_at = w.frames
            elif asked_at is None or w.frames - asked_at > 40:
                w.key(pygame.K_F2)
                asked_at = None
    assert scene.over, "the game never ended"
    for _ in range(60):
        w.frame(ms=17)
    for button in list(scene.buttons.group.widgets):
        w.hover(button.rect.center)


BOARD_EVENTS_OUT_OF_REACH = {
    "order_drawn": "declared in the rules' events but never sent: the draw for the first move is not played out",
    "move_withdrawn": "a word is withdrawn only when a challenge finds it wrong: bots and hints lay dictionary words",
    "vote_opened": "a vote opens when a player disputes the dictionary's refusal: bots and hints lay dictionary words",
    "voted": "as vote_opened",
    "vote_closed": "as vote_opened",
    "blank_swapped": "blank reuse needs a board blank and its letter in the rack at one's turn: not reached",
}
BOARD_RUNS = [
    # game, players, seed, options, event kinds this run must show
    ("erudit", 2, 3, {"hints": True, "checking": "challenge", "jacks_to_open": True, "blank_reuse": True},
     {"dealt", "drew", "placed", "move_stands", "challenged", "accepted", "phase_changed", "opening_relaxed",
      "exchanged", "hint_given", "passed", "game_ended"}),
    ("scrabble", 2, 5, {"hints": True, "reverse": True, "clock": "game10"},
     {"dealt", "drew", "placed", "removed", "phase_changed", "hint_given", "game_ended", "clock_paused",
      "clock_resumed", "time_penalty"}),
    ("slovodel", 2, 4, {"hints": True, "clock": "move1"},
     {"dealt", "drew", "placed", "hint_given", "game_ended", "clock_paused", "clock_resumed", "move_timed_out"}),
]


@pytest.mark.parametrize("game,players,seed,options,expected", BOARD_RUNS, ids=[r[0] for r in BOARD_RUNS])
def test_board_table_shows_what_a_fresh_repaint_shows(app, tmp_path, small_dictionary, game, players, seed,
                                                       options, expected):
    w = watch(app, tmp_path, game, players, seed, options)
    play_board(w)
    dialogs = {"blank chooser"} if game == "erudit" else set()  # the blank comes to seat 0's rack in this run
    report(w, expected, {"hover", "escape", "text", "backspace", "space", "f3", "f4", "f5", "return", "pad plugged",
                         "pad", "pad unplugged"} | dialogs)


# ---------------------------------------------------------------------------------------------- UNO
def uno_pokes(w: CacheWatch) -> None:
    """Look over the hand with the arrows and the mouse, then pause and come back."""
    scene = w.scene
    w.key(pygame.K_RIGHT)
    w.key(pygame.K_LEFT)
    hand = scene.visible_hand()
    if hand and hand[0]["id"] in scene.hand_pos:
        x, y, _ = scene.hand_pos[hand[0]["id"]]
        w.hover((round(x) - 30, round(y) - 40))
    w.hover((640, 40))
    w.pause_and_back()


def play_uno(w: CacheWatch, limit: int = 12000) -> None:
    """Seat 0 plays with the keyboard: Enter lays the card the cursor goes to (or answers a dialog,
    picks the colour under the cursor), X draws or passes, U says «УНО!», V and C catch and slap."""
    scene, session = w.scene, w.table.session
    human = 0 not in session.bots  # a bot's seat is only looked at: arrows, the mouse, the pause
    poked = 0
    waited = 0
    for _ in range(limit):
        if session.rules.is_over(session.state) and scene.results_open():
            break
        w.frame()
        kinds = {a["kind"] for a in scene.legal}
        if scene.flights or not kinds or scene.me != 0:
            continue
        if not human:
            if poked < 4 and "play" in kinds:
                poked += 1
                uno_pokes(w)
            continue
        if "catch" in kinds:
            w.key(pygame.K_v)
        elif "slap" in kinds:
            w.key(pygame.K_c)
        elif "shout" in kinds and len(scene.view.get("hand", [])) <= 2:
            w.key(pygame.K_u)
        waited += 1
        if waited < 6:  # a person takes a moment
            continue
        waited = 0
        if poked < 4 and "play" in kinds:
            poked += 1
            uno_pokes(w)
        if kinds & {"accept", "challenge"}:
            w.key(pygame.K_x)  # take the +4 rather than dispute it
        elif kinds & {"play", "choose_colour", "ready", "continue", "swap_with", "offer_card", "give_card",
                      "jump_in", "bounce"}:
            ids = [c["id"] for c in scene.visible_hand()]
            legal = [i for i in ids if i in scene.legal_card_ids()]
            if "play" in kinds and scene.selected not in legal and legal:
                here = ids.index(scene.selected) if scene.selected in ids else 0
                w.key(pygame.K_RIGHT if ids.index(legal[0]) > here else pygame.K_LEFT)
            else:
                w.key(pygame.K_RETURN)
        elif kinds & {"draw", "pass"}:
            w.key(pygame.K_x)
    assert session.rules.is_over(session.state), "the match never ended"
    for _ in range(60):
        w.frame(ms=17)


# Rules a preset gained after its run's seed was chosen to reach the kinds listed: with them on, none of ten seeds
# tried reached a +4 challenge with its shown hand, so the run keeps the preset as it was chosen.
PINNED_OFF = {"chaos": {"same_numbers": False, "double_score": False}}

UNO_RUNS = [
    # preset, rounds, players, seed, seat 0 played by the test (else by a bot), event kinds this run must show
    ("classic", "3", 3, 12, True,
     {"round_started", "dealt", "card_played", "colour_chosen", "turn_started", "turn_skipped", "direction_changed",
      "attack_pending", "cards_drawn", "cards_received", "choice_wait", "passed", "player_out", "ready_said",
      "ready_wait", "uno_missed", "uno_shouted", "round_over", "continue_pressed", "match_over"}),
    ("chaos", "1", 6, 2, False,
     {"attack_bounced", "attack_pending", "card_played", "cards_drawn", "cards_exchanged", "cards_received",
      "challenged", "choice_wait", "colour_chosen", "deck_recycled", "direction_changed", "emoted", "hand_shown",
      "hands_rotated", "hands_swapped", "jump_in_won", "jump_pressed", "match_over", "new_hand", "passed",
      "player_out", "ready_said", "ready_wait", "round_over", "silence_ended", "silence_started", "slap_opened",
      "slap_result", "slapped", "turn_skipped", "turn_started", "uno_shouted"}),
]


@pytest.mark.parametrize("preset,rounds,players,seed,human,expected", UNO_RUNS, ids=[r[0] for r in UNO_RUNS])
def test_uno_table_shows_what_a_fresh_repaint_shows(app, tmp_path, preset, rounds, players, seed, human, expected):
    options = {**load_rules("uno").presets[preset][1], **PINNED_OFF.get(preset, {}), "match": rounds}
    w = watch(app, tmp_path, "uno", players, seed, options, human=human)
    play_uno(w)
    report(w, expected, {"hover", "escape", "left", "right"} | ({"return", "x"} if human else set()))

UNO_EVENTS_OUT_OF_REACH = {
    "card_taken_back": "a card taken back (house rule) is not reached by these seeds",
    "catch_pressed": "a catch needs a player who forgot «УНО!» with a catcher quicker than the grace: not reached",
    "uno_caught": "as catch_pressed",
    "uno_window_closed": "as catch_pressed: the window closes on a forgotten «УНО!» nobody caught",
    "false_reflex": "a false catch or «УНО!» needs a wrong press: bots do not make them, the test's player neither",
    "lockout_over": "follows a false reflex",
    "mistake": "follows a false reflex («Штрафы»)",
    "hand_refilled": "«до последнего»-type refills: not reached by these seeds",
    "starter_returned": "a wild first card going back: not dealt by these seeds",
}


# ---------------------------------------------------------------------------------------------- Нет слов
def nowords_pokes(w: CacheWatch) -> None:
    """Walk the table with the arrows and the mouse, begin a word and take it back, pause."""
    scene = w.scene
    w.key(pygame.K_RIGHT)
    w.key(pygame.K_LEFT)
    targets = scene.table_targets()
    if targets:
        w.hover(targets[0][2].center)
    w.hover((640, 300))
    if scene.can("claim"):
        w.type("к")  # opens the «Не говори …!» panel with the letter typed
        w.type("о")
        w.key(pygame.K_BACKSPACE)
        w.key(pygame.K_ESCAPE)
    w.pause_and_back()


def play_nowords(w: CacheWatch, limit: int = 9000) -> None:
    """Seat 0 lays the card under the cursor with Enter in its turn and answers every dialog with Enter."""
    scene, session = w.scene, w.table.session
    poked = waited = 0
    for _ in range(limit):
        if session.rules.is_over(session.state) and scene.over:
            break
        w.frame()
        if scene.flights:
            continue
        waited += 1
        if waited < 5:
            continue
        waited = 0
        if scene.dialog is not None:
            w.key(pygame.K_RETURN)
        elif scene.can("lay") and not scene.claiming:
            if poked < 4:
                poked += 1
                nowords_pokes(w)
            scene_targets = scene.table_targets()
            if scene_targets and scene_targets[min(scene.focus_index, len(scene_targets) - 1)][0] == "shout":
                w.key(pygame.K_LEFT)
            w.key(pygame.K_RETURN)
    assert session.rules.is_over(session.state), "the game never ended"
    for _ in range(60):
        w.frame(ms=17)


NOWORDS_EXPECTED = {"laid", "drew", "claim_announced", "claim_made", "claim_judged", "letters_taken", "next_chosen",
                    "game_ended"}
NOWORDS_EVENTS_OUT_OF_REACH = {
    "dealt": "the first deal is in the snapshot the table starts from; later deals only in a series of games",
    "hand_dealt": "as dealt",
    "conversation_reset": "a new conversation after its red letters run out: not reached in one short game",
    "claim_dropped": "the test's player opens a claim and Esc should drop it; today Backspace in the panel "
                     "opens the pause menu (being fixed elsewhere), so the drop is not reached",
    "vote_called": "a vote follows a word the dictionary refuses, or one the last mover doubts: the bots claim "
                   "dictionary words and never doubt one, and the test's player takes the letters of every word",
    "voted": "as vote_called",
    "vote_result": "as vote_called",
}


def test_nowords_table_shows_what_a_fresh_repaint_shows(app, tmp_path):
    w = watch(app, tmp_path, "nowords", 3, 5, {})
    play_nowords(w)
    report(w, NOWORDS_EXPECTED, {"hover", "escape", "text", "return", "left"})


# ---------------------------------------------------------------------------------------------- Твёрдый знак
def hardsign_pokes(w: CacheWatch) -> None:
    """Build a row by typing, erase a letter, clear it, walk the cards with the arrows and the mouse, pause."""
    scene = w.scene
    hand = scene.view.get("hand", [])
    if hand:
        w.type("".join(c["face"] for c in hand[:2] if len(c["face"]) == 1).lower() or "а")
        w.key(pygame.K_BACKSPACE)
        w.key(pygame.K_DELETE)
    w.key(pygame.K_RIGHT)
    w.key(pygame.K_DOWN)
    targets = scene.targets()
    if targets:
        w.hover(targets[0].rect.center)
    w.hover((640, 20))
    w.pause_and_back()


def play_hardsign(w: CacheWatch, limit: int = 9000) -> None:
    """Seat 0 types the best word a «player» bot would see in its cards and lays it with Enter,
    or passes with F2 when there is none."""
    from game.bots.hardsign import make

    scene, session = w.scene, w.table.session
    finder = make("player", 0)
    poked = 0
    tried_stage = seen_stage = None
    since = 0
    for _ in range(limit):
        if session.rules.is_over(session.state) and scene.over:
            break
        w.frame(ms=250)
        v = scene.view
        stage = (v.get("round"), v.get("phase"))
        since = since + 1 if stage == seen_stage else 0
        seen_stage = stage
        if not scene.can("submit") and not scene.can("pass") or stage == tried_stage or since < 6:
            continue  # a person looks at the new cards for a moment
        if poked < 3:
            poked += 1
            hardsign_pokes(w)
        tried_stage = stage
        options = finder.options(v)
        if v.get("round", 1) % 3 == 0 and scene.can("pass"):
            w.key(pygame.K_F2)  # now and then a person gives a deal up
        elif v.get("round", 1) % 3 == 2 and scene.can("ask_letter"):
            w.key(pygame.K_F3)  # or asks the deck for a letter, and looks again when it comes
            tried_stage = None
        elif options and scene.can("submit"):
            w.type(options[0].submit.word)
            w.key(pygame.K_RETURN)
        else:
            w.key(pygame.K_F2)
    assert session.rules.is_over(session.state), "the game never ended"
    for _ in range(60):
        w.frame(ms=17)


HARDSIGN_EXPECTED = {"round_dealt", "hand_dealt", "word_laid", "early_card", "passed", "letter_asked", "longest_word",
                     "round_won", "game_over"}
HARDSIGN_EVENTS_OUT_OF_REACH = {
    "letter_added": "the asked letter comes only once the deal goes on; the ace bots win the deal first",
    "bribe_paid": "a bribe needs stars in the bank and a deal without a word: not reached",
    "round_void": "a deal nobody makes a word of: the ace bots always find one",
    "time_up": "the ace bots lay before the time runs out",
    "word_taken": "a word taken back (F5): the test's player never takes one back",
}


def test_hardsign_table_shows_what_a_fresh_repaint_shows(app, tmp_path):
    w = watch(app, tmp_path, "hardsign", 3, 9, {"think_seconds": 60, "answer_seconds": 15}, level="ace")
    play_hardsign(w)
    report(w, HARDSIGN_EXPECTED, {"hover", "escape", "text", "backspace", "delete", "return", "f2", "f3"})


# ---------------------------------------------------------------------------------------------- Скрэббл Бинго
def play_bingo(w: CacheWatch, limit: int = 6000) -> None:
    """Seat 0 types two letters and erases them, takes the suggested words with Enter, calls «Бинго!»
    too early once (F2), then crosses out each called letter — by typing it or by clicking its tile —
    and calls «Бинго!» when the sheet is full."""
    from game.scenes.bingo.table import sheet_cell_rect

    scene, session = w.scene, w.table.session
    wrote = called_early = False
    crossings = 0
    for _ in range(limit):
        if session.rules.is_over(session.state) and scene.over:
            break
        w.frame()
        v = scene.view
        if v["phase"] == "words" and scene.can("choose_words") and not wrote:
            w.type("ко")
            w.key(pygame.K_BACKSPACE)
            w.key(pygame.K_BACKSPACE)
            w.key(pygame.K_RIGHT)
            w.hover((640, 200))
            w.pause_and_back()
            w.key(pygame.K_RETURN)
            wrote = True
        elif v["phase"] == "calling":
            if not called_early and scene.can("call_bingo") and v["calls"]:
                w.key(pygame.K_F2)
                called_early = True
            elif v["crossed"] and all(v["crossed"]) and scene.can("call_bingo"):
                w.key(pygame.K_F2)
            elif v["crossable"]:
                cell = v["crossable"][0]
                crossings += 1
                if crossings % 2:
                    w.type(scene.letters()[cell])
                else:
                    w.click(sheet_cell_rect(cell).center)
    assert session.rules.is_over(session.state), "the game never ended"
    for _ in range(60):
        w.frame(ms=17)


BINGO_EXPECTED = {"sheet_ready", "sheet_written", "calling_started", "letter_called", "crossed", "bingo_pressed",
                  "false_bingo", "bingo_won", "game_over"}
BINGO_EVENTS_OUT_OF_REACH = {}


def test_bingo_table_shows_what_a_fresh_repaint_shows(app, tmp_path):
    w = watch(app, tmp_path, "bingo", 3, 4, load_rules("bingo").presets["fast"][1], level="novice")
    play_bingo(w)
    report(w, BINGO_EXPECTED, {"hover", "escape", "text", "backspace", "return", "f2", "click"})


# ---------------------------------------------------------------------------------------------- settings
def test_a_table_after_large_text_is_switched_on_equals_one_painted_from_scratch(app, tmp_path, small_dictionary):
    """«Крупный текст» is switched in the settings between two games: pictures kept across
    tables (plates, squares, badges) must not keep the old text size."""
    from game import assets
    from game.scenes.settings import SettingsScene

    first = watch(app, tmp_path, "erudit", 2, 3, {})
    for _ in range(40):
        first.frame()
    app.pop()
    settings = SettingsScene()
    app.push(settings)
    toggle = next(w for w in settings.group.widgets if w.label == "Крупный текст")
    for kind in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        extra = {"rel": (0, 0), "buttons": (0, 0, 0)} if kind == pygame.MOUSEMOTION else {"button": 1}
        pygame.event.post(pygame.event.Event(kind, pos=toggle.rect.center, **extra))
    for event in pygame.event.get():
        app.dispatch(event)
    assert app.settings.large_text
    app.pop()
    second = watch(app, tmp_path, "erudit", 2, 3, {})
    for _ in range(40):
        second.frame()
    app.draw(0.5)
    shown = bytes(app.canvas.get_view("1"))
    assets.reset()  # every picture and font anew
    second.scene.forget_drawn()
    app.draw(0.5)
    fresh = bytes(app.canvas.get_view("1"))
    if shown != fresh:
        box = differing_box(shown, fresh, app.canvas)
        pygame.image.save(app.canvas, str(tmp_path / "large-text-fresh.png"))
        raise AssertionError(f"after «Крупный текст» the table differs from a fresh repaint in {box}")


# ---------------------------------------------------------------------------------------------- coverage
@pytest.mark.parametrize("game", ["erudit", "uno", "nowords", "hardsign", "bingo"])
def test_every_event_kind_is_checked_by_a_run_or_named_out_of_reach(game):
    """A new event kind fails here until a run above reaches it (and lists it) or it is named, with
    the reason, among those no run reaches."""
    runs, out_of_reach = {
        "erudit": ([r[-1] for r in BOARD_RUNS], BOARD_EVENTS_OUT_OF_REACH),
        "uno": ([r[-1] for r in UNO_RUNS], UNO_EVENTS_OUT_OF_REACH),
        "nowords": ([NOWORDS_EXPECTED], NOWORDS_EVENTS_OUT_OF_REACH),
        "hardsign": ([HARDSIGN_EXPECTED], HARDSIGN_EVENTS_OUT_OF_REACH),
        "bingo": ([BINGO_EXPECTED], BINGO_EVENTS_OUT_OF_REACH),
    }[game]
    checked = set().union(*runs)
    kinds = set(load_rules(game).events.by_kind)
    assert not checked & set(out_of_reach), "a kind both checked and named out of reach"
    missing = kinds - checked - set(out_of_reach)
    assert not missing, f"{game}: no run checks these event kinds and none is named out of reach: {sorted(missing)}"
    print(f"\n{game}: {len(checked)} of {len(kinds)} event kinds checked against a fresh repaint; "
          f"not reached: {', '.join(sorted(out_of_reach))}")


def test_every_game_scene_has_a_whole_game_cache_run():
    """A new table scene joins the runs above (its kept pictures checked like the others')."""
    from game.scenes import playable, table_games

    watched = {r[0] for r in BOARD_RUNS} | {"uno", "nowords", "hardsign", "bingo"}
    tables = {game for game in table_games() if playable(game)}
    assert tables <= watched, f"no whole-game cache run for {sorted(tables - watched)}"


# ---------------------------------------------------------------------------------------------- «Повтор партии»
@pytest.mark.parametrize("game, players", [("uno", 3), ("erudit", 2), ("nowords", 3), ("hardsign", 2), ("bingo", 2)])
def test_a_replay_draws_from_its_tables_kept_pictures_as_from_scratch(app, request, tmp_path, game, players):
    """The replay viewer over a finished game, opened from its results: every step forward (with its events), a
    step back (the table opened afresh), another seat's hand, playing at 4×, compared after each and every few
    frames while playing with a repaint from scratch."""
    from table_driver import press_key
    from window_support import finished_demo_table

    if game == "erudit":
        request.getfixturevalue("small_dictionary")
    finished_demo_table(app, game, players)
    press_key(app, pygame.K_TAB)
    replay = app.top
    replay.preparing.result(timeout=300)
    if replay.analysing is not None:
        replay.analysing.result(timeout=300)
    compared = 0

    def frame_and_compare(why: str, frames: int = 1) -> None:
        nonlocal compared
        for _ in range(frames):
            app.handle_events()
            app.update(STEP_MS)
        canvas = app.canvas
        app.draw(0.5)
        shown = bytes(canvas.get_view("1"))
        replay.forget_drawn()
        app.draw(0.5)
        fresh = bytes(canvas.get_view("1"))
        compared += 1
        if shown != fresh:
            box = differing_box(shown, fresh, canvas)
            pygame.image.save(canvas, str(tmp_path / f"replay-{game}-{compared}-fresh.png"))
            raise AssertionError(f"{game} replay, step {replay.step}, after {why}: the frame drawn from the kept "
                                 f"pictures differs from a fresh repaint in {box}")

    frame_and_compare("the last step")
    press_key(app, pygame.K_HOME)
    frame_and_compare("the deal")
    for _ in range(min(12, replay.last)):
        press_key(app, pygame.K_RIGHT)
        for _ in range(3):
            frame_and_compare("a step forward", 7)
    press_key(app, pygame.K_LEFT)
    frame_and_compare("a step back")
    press_key(app, pygame.K_TAB)
    frame_and_compare("another seat's hand")
    press_key(app, pygame.K_x)
    press_key(app, pygame.K_RETURN)
    for _ in range(12):
        frame_and_compare("playing at 4×", 9)
    press_key(app, pygame.K_END)
    for _ in range(4):
        frame_and_compare("the end", 30)
    assert replay.step == replay.last and compared > 50
