"""The «Твёрдый знак» table driven the way a player would: typing, the mouse (clicks and drags), a gamepad's
intents; and a whole bot game fed through the scene in virtual time."""
from __future__ import annotations

import pygame
import pytest

from game.app import STEP_MS, App
from game.audio import SOUND_NAMES
from game.net.local import LocalHost
from game.net.session import SeatInfo
from game.rules.hardsign import RULES
from game.rules.hardsign import words as W
from game.scenes import game_scene
from game.scenes.demo import VirtualClock
from game.scenes.hardsign.layout import ROW, button_rects, hand_slot, row_slot
from game.scenes.hardsign.table import EVENT_SOUNDS, HardSignScene
from game.scenes.table.pause import PauseOverlay
from hardsign_support import SMALL, arrange
from table_driver import button_event, motion, pad_device, post, press_key, press_pad, type_text

NAMES = ["Вы", "Маша", "Петя", "Оля", "Дима", "Катя"]


class Table:
    """A headless app showing seat 0 of a local game with an arranged deal; host time is a clock the test moves."""

    def __init__(self, app: App, hands: list[str], table: str, players: int = 3, bots: str | None = "novice"):
        self.app = app
        self.clock = VirtualClock()  # far from 0, like a machine's monotonic clock
        app.now_ms = self.clock
        seats = [SeatInfo(n, None if i == 0 else bots) for i, n in enumerate(NAMES[:players])]
        self.host = LocalHost("hardsign", seats, 3, {}, clock=self.clock)
        self.session = self.host.session
        arrange(self.session.state, hands, table, bonuses=("муж", "животное", "жидкое"))
        self.session._replan(self.clock.ms)
        self.scene: HardSignScene = game_scene(self.host.connect(0), "hardsign", NAMES[:players])
        app.push(self.scene)
        self.step(3, ms=1)

    def step(self, frames=1, ms=17, draw_every=1):
        for i in range(frames):
            self.app.handle_events()
            self.clock.ms += ms
            self.app.update(STEP_MS)
            if draw_every and i % draw_every == 0:
                self.app.draw(0.5)

    def key(self, k):
        press_key(self.app, k)
        self.step(1, ms=1)

    def type(self, text):
        type_text(self.app, text)
        self.step(1, ms=1)

    def mouse(self, kind, pos):
        post(self.app, motion(pos) if kind == pygame.MOUSEMOTION else button_event(kind, pos))
        self.step(1, ms=1)

    def click(self, pos):
        for kind in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            self.mouse(kind, pos)

    def pad(self, name):
        press_pad(self.app, name)
        self.step(1, ms=1)

    def hand_rect(self, face):
        hand = self.scene.view["hand"]
        i = next(i for i, c in enumerate(hand) if c["face"] == face)
        return hand_slot(i, len(hand))

    def laid(self):
        laid = self.session.state.laid[0]
        return laid.word if laid else None


@pytest.fixture
def app(app):
    W.use_words(SMALL)
    yield app
    W.use_words(None)


def test_every_event_kind_has_a_sound_and_an_animation():
    kinds = set(RULES.events.by_kind)
    assert kinds <= set(EVENT_SOUNDS), f"no sound for {sorted(kinds - set(EVENT_SOUNDS))}"
    assert set(EVENT_SOUNDS.values()) <= set(SOUND_NAMES)
    missing = [k for k in kinds if not callable(getattr(HardSignScene, "ev_" + k, None))]
    assert not missing, f"no animation for {missing}"


def test_typing_a_word_picks_the_cards_and_enter_lays_it(app):
    table = Table(app, ["КОТ", "ЕЕЕ", "ИИИ"], "ААЛ")
    table.type("кот")
    assert [r for _, r in table.scene.row.cards] == ["к", "о", "т"]
    score, note = table.scene.score.read()
    assert score["letters"] == 5 and [b["tag"] for b in score["bonuses"]] == ["муж", "животное"]
    assert score["early"] == 1 and note == ("есть в словаре", True)  # green because the judge said yes
    table.key(pygame.K_RETURN)
    assert table.laid() == "кот"
    assert table.scene.view["my_word"]["score"]["total"] == score["total"]
    assert table.scene.row.cards == []


def test_backspace_erases_a_letter_instead_of_pausing(app):
    table = Table(app, ["КОТ", "ЕЕЕ", "ИИИ"], "ААЛ")
    table.type("кото")
    assert table.scene.row.cards == []  # no second О: the word cannot be made
    table.key(pygame.K_BACKSPACE)
    assert table.scene.row.typed == "кот" and len(table.scene.row.cards) == 3
    assert table.app.top is table.scene


def test_backspace_erases_at_a_couch_table_too(app):
    """Two people at one screen: the keyboard's Backspace still erases its player's letter."""
    table = Table(app, ["КОТ", "ЕЕЕ", "ИИИ"], "ААЛ", bots=None)
    scene = table.scene
    scene.bind_device("keyboard", 0)
    scene.add_local_seat(table.host.connect(1), [pad_device(app)])
    table.step(2)
    table.type("кот")
    table.key(pygame.K_BACKSPACE)
    assert scene.row.typed == "ко" and table.app.top is scene


def test_esc_pauses_and_the_word_being_built_waits(app):
    table = Table(app, ["КОТ", "ЕЕЕ", "ИИИ"], "ААЛ")
    table.type("кот")
    table.key(pygame.K_ESCAPE)
    assert isinstance(table.app.top, PauseOverlay)
    table.type("ее")  # letters in the pause menu are no word
    table.key(pygame.K_ESCAPE)
    assert table.app.top is table.scene and table.scene.row.word() == "кот"
    table.key(pygame.K_RETURN)
    assert table.laid() == "кот"


def test_letter_keys_type_letters_and_trigger_no_hotkeys(app):
    """«мышь» is typed on V (catch), S (down), I and M (mute): only the letters count."""
    table = Table(app, ["МЫШ", "ЕЕЕ", "ИИИ"], "ЬАЛ")
    muted = app.settings.muted
    table.type("мышь")
    assert table.scene.row.word() == "мышь" and app.settings.muted == muted


def test_typing_reads_jokers_and_the_three_card(app):
    table = Table(app, ["*ОГ", "ЕЕЕ", "ИИИ"], "ЗДА")
    table.type("рог")
    assert [r for _, r in table.scene.row.cards] == ["р", "о", "г"]
    table.key(pygame.K_DELETE)
    table.type("триод")
    assert [r for _, r in table.scene.row.cards] == ["три", "о", "д"]
    table.key(pygame.K_RETURN)
    assert table.laid() == "триод"


def test_mouse_clicks_cards_into_the_row_and_the_button_lays_the_word(app):
    table = Table(app, ["ТОК", "ЕЕЕ", "ИИИ"], "ААЛ")
    for face in "КОТ":
        table.click(table.hand_rect(face).center)
    assert table.scene.row.word() == "кот"
    table.click(row_slot(2, 3).center)  # a card in the row goes back to the hand
    assert table.scene.row.word() == "ко"
    table.click(table.hand_rect("Т").center)
    table.click(button_rects()["submit"].center)
    assert table.laid() == "кот"


def test_dragging_a_card_into_the_row_places_it_where_it_is_dropped(app):
    table = Table(app, ["ТОК", "ЕЕЕ", "ИИИ"], "ААЛ")
    table.click(table.hand_rect("О").center)
    table.click(table.hand_rect("Т").center)
    start = table.hand_rect("К").center
    table.mouse(pygame.MOUSEMOTION, start)
    table.mouse(pygame.MOUSEBUTTONDOWN, start)
    first = row_slot(0, 2)
    drop = (first.x + 4, ROW.centery)
    table.mouse(pygame.MOUSEMOTION, drop)
    table.step(1, ms=1)
    table.mouse(pygame.MOUSEBUTTONUP, drop)
    assert table.scene.row.word() == "кот"


def test_a_joker_picked_by_hand_waits_for_its_letter_then_the_arrows_turn_it(app):
    table = Table(app, ["*ОГ", "ЕЕЕ", "ИИИ"], "ААЛ")
    for face in "*ОГ":
        table.click(table.hand_rect(face).center)
    assert table.scene.row.word() == "?ог"
    table.click(button_rects()["submit"].center)
    assert table.laid() is None  # refused on the client: the joker has no letter yet
    scene = table.scene
    scene.focus_index = next(i for i, t in enumerate(scene.targets()) if t.kind == "row" and t.key == "0")
    for _ in range(40):
        if scene.row.word() == "рог":
            break
        table.key(pygame.K_UP)
    assert scene.row.word() == "рог"
    table.key(pygame.K_RETURN)
    assert table.laid() == "рог"


def test_a_gamepad_picks_cards_with_the_dpad_and_lays_with_y(app):
    table = Table(app, ["КОТ", "ЕЕЕ", "ИИИ"], "ААЛ")
    scene = table.scene
    scene.focus_index = 0  # the first hand card
    table.pad("confirm")
    table.pad("right")
    table.pad("confirm")
    table.pad("right")
    table.pad("confirm")
    assert scene.row.word() == "кот"
    table.pad("back")  # B takes the last card back rather than pausing
    assert scene.row.word() == "ко" and table.app.top is scene
    table.pad("confirm")
    table.pad("shout")
    assert table.laid() == "кот"
    table.pad("catch")  # LB takes the word back
    assert table.laid() is None


def test_buttons_pass_and_ask_for_a_letter(app):
    table = Table(app, ["ЕЕЕ", "ИИИ", "ААА"], "ООО", bots=None)
    table.click(button_rects()["letter"].center)
    assert table.session.state.status[0] == "asked"
    table.key(pygame.K_F2)
    assert table.session.state.status[0] == "passed"
    table.click(button_rects()["bribe"].center)  # not possible: a toast, nothing sent
    assert table.session.state.status[0] == "passed"


def test_a_gamepad_asks_for_a_letter_with_x_and_passes_with_rb(app):
    table = Table(app, ["ЕЕЕ", "ИИИ", "ААА"], "ООО", bots=None)
    table.pad("draw")  # X: «Ещё букву»
    assert table.session.state.status[0] == "asked"
    table.pad("slap")  # RB: «Пас»
    assert table.session.state.status[0] == "passed"
    assert table.app.top is table.scene


def test_a_whole_bot_game_plays_through_the_scene(app, monkeypatch):
    W.use_words(None)
    clock = VirtualClock()
    app.now_ms = clock
    seats = [SeatInfo(n, level) for n, level in zip(NAMES[:4], ("ace", "player", "novice", "ace"))]
    host = LocalHost("hardsign", seats, 9, {"think_seconds": 60, "answer_seconds": 15}, clock=clock)
    scene = game_scene(host.connect(0), "hardsign", NAMES[:4])
    app.push(scene)
    kinds = set()
    original = scene.on_event
    monkeypatch.setattr(scene, "on_event", lambda e, before: (kinds.add(e["kind"]), original(e, before)))
    for i in range(20000):
        if RULES.is_over(host.session.state) and scene.over:
            break
        clock.ms += 250
        app.update(STEP_MS)
        if i % 7 == 0:
            app.draw(0.5)
    assert scene.over and "game_over" in kinds and "round_won" in kinds
    app.draw(0.5)


def test_the_live_score_gives_early_as_the_rules_do_after_its_holder_took_the_word_back(app):
    """«Раньше всех» back on the table while another word lies there: the next word takes it, and the live score
    says so (it used to count it only while no word at all lay on the table)."""
    from game.rules.hardsign.actions import Submit, Withdraw
    from hardsign_support import ids

    table = Table(app, ["КОТ", "КОТ", "КОТ"], "ААЛ", bots=None)
    state = table.session.state
    for seat in (1, 2):
        table.clock.ms += 50
        assert table.session.submit(seat, Submit(ids(state, seat, "КОТ"), "кот"), table.clock.ms).accepted
    table.clock.ms += 50
    assert table.session.submit(1, Withdraw(), table.clock.ms).accepted
    table.step(2, ms=1)
    assert table.scene.view["early"] == -1 and table.scene.view["laid_order"] == [2]
    table.type("кот")
    score, _ = table.scene.score.read()
    assert score["early"] == 1
    table.key(pygame.K_RETURN)
    assert table.session.state.early == 0 and table.scene.view["my_word"]["score"]["early"] == 1
