"""The «Скрэббл Бинго» table driven as a player would: typing the words (and taking the suggested
pair), crossing out by a typed letter, a click and a pad, a wrong cross-out refused with the host's
reason, «Скрэббл Бинго!» by the button; every event kind has a sound."""
from __future__ import annotations

import pygame
import pytest

from game.app import STEP_MS, App
from game.audio import SOUND_NAMES
from game.net.local import LocalHost
from game.net.session import SeatInfo
from game.rules.bingo import RULES
from game.scenes import game_scene
from game.scenes.bingo.table import EVENT_SOUNDS, BingoScene
from game.scenes.bingo.table import BINGO_BUTTON, sheet_cell_rect
from game.scenes.demo import VirtualClock
from table_driver import button_event, motion, post, press_key, press_pad, type_text

NAMES = ["Вы", "Маша", "Петя"]


class Table:
    def __init__(self, app: App, bots: str | None = "novice"):
        self.app = app
        self.clock = VirtualClock()
        app.now_ms = self.clock
        seats = [SeatInfo(n, None if i == 0 else bots) for i, n in enumerate(NAMES)]
        self.host = LocalHost("bingo", seats, 5, {}, clock=self.clock)
        self.session = self.host.session
        self.scene: BingoScene = game_scene(self.host.connect(0), "bingo", NAMES)
        app.push(self.scene)
        self.step(3, ms=1)

    def step(self, frames=1, ms=17):
        for _ in range(frames):
            self.app.handle_events()
            self.clock.ms += ms
            self.app.update(STEP_MS)
            self.app.draw(0.5)

    def wait_for_call(self):
        calls = len(self.session.state.calls)
        while len(self.session.state.calls) == calls:
            self.step(1, ms=250)

    def click(self, pos):
        for kind in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            post(self.app, motion(pos) if kind == pygame.MOUSEMOTION else button_event(kind, pos))
            self.step(1, ms=1)

    @property
    def state(self):
        return self.session.state


def test_every_event_kind_has_a_sound():
    assert set(RULES.events.by_kind) <= set(EVENT_SOUNDS)
    assert {s for s in EVENT_SOUNDS.values() if s} <= set(SOUND_NAMES)


def test_typed_words_are_judged_and_the_suggested_pair_is_taken_with_enter(app):
    t = Table(app)
    type_text(app, "каталогквазырь")
    t.step(1, ms=1)
    press_key(app, pygame.K_RETURN)
    t.step(2, ms=1)
    assert not t.state.words[0] and "КВАЗЫРЬ" in t.scene.last_error
    for _ in range(14):
        press_key(app, pygame.K_BACKSPACE)
        t.step(1, ms=1)
    press_key(app, pygame.K_RETURN)
    t.step(2, ms=1)
    assert t.state.words[0] == t.state.suggested[0]


def test_crossing_out_by_letter_click_and_pad_and_a_wrong_one_is_refused(app):
    t = Table(app)
    type_text(app, "".join(t.state.suggested[0]).upper())  # typing the pair in capitals writes it too
    t.step(1, ms=1)
    press_key(app, pygame.K_RETURN)
    t.step(2, ms=1)
    assert t.state.words[0]
    letters = "".join(t.state.words[0])
    crossed_by = set()
    while len(crossed_by) < 3 and t.state.bag:
        t.wait_for_call()
        usable = RULES.crossable(t.state, 0)
        if not usable:
            continue
        cell = usable[0]
        if "letter" not in crossed_by:
            type_text(app, letters[cell])
            t.step(2, ms=1)
            crossed_by.add("letter")
        elif "click" not in crossed_by:
            t.click(sheet_cell_rect(cell).center)
            crossed_by.add("click")
        else:
            for _ in range((cell - t.scene.focus_cell) % 14):
                press_pad(app, "right")
                t.step(1, ms=1)
            press_pad(app, "confirm")
            t.step(2, ms=1)
            crossed_by.add("pad")
        assert t.state.crossed[0][cell], crossed_by
    # a letter not called yet: the host refuses it and the table shows why
    called = {t.state.face(x) for x in t.state.calls}
    missing = next((c for c, ch in enumerate(letters) if ch not in called), None)
    if missing is not None:
        t.click(sheet_cell_rect(missing).center)
        assert not t.state.crossed[0][missing] and "ещё не называлась" in t.scene.last_error
    # a false «Скрэббл Бинго!» by the button costs the next calls
    t.click(BINGO_BUTTON.center)
    t.step(20, ms=17)
    assert t.state.false_calls[0] == 1 and t.state.deaf_left[0] > 0
