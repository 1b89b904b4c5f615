"""The «Скрэббл Бинго» table as a LAN party sees it, read from the layout check's trace of drawn frames: a pair of
words refused by the host (over the set's tile counts) and mended rather than typed anew; the penalty of a false
«Скрэббл Бинго!»; the end of the game with names of 24 letters; the keys the hints name after the pad was rebound.
The player acts through posted events; the bots and the caller run on the host's virtual clock."""
from __future__ import annotations

import json

import pygame
import pytest

import layout_check
from game import assets
from game.app import STEP_MS
from game.net.local import LocalHost
from game.net.session import SeatInfo
from game.rules.bingo import RULES
from game.scenes import game_scene
from game.scenes.bingo.table import BINGO_BUTTON, sheet_cell_rect
from game.scenes.demo import VirtualClock
from table_driver import button_event, motion, post, press_key, type_text
from test_hardsign_look import LONG_NAMES
from window_support import kept_equals_fresh, screen_app, shown_lines


class Bingo:
    """Seat 0 a person (the window's), the others bots, the fast preset's caller."""

    def __init__(self, app, players: int, level: str = "ace"):
        self.app = app
        self.clock = VirtualClock()
        app.now_ms = self.clock
        self.names = LONG_NAMES[:players]
        seats = [SeatInfo(name, None if i == 0 else level) for i, name in enumerate(self.names)]
        self.host = LocalHost("bingo", seats, 5, {"call_seconds": 3, "choose_seconds": 30}, clock=self.clock)
        self.session = self.host.session
        self.scene = game_scene(self.host.connect(0), "bingo", self.names)
        app.push(self.scene)
        self.step(60)

    @property
    def state(self):
        return self.session.state

    def step(self, frames=1, ms=1):
        for _ in range(frames):
            self.app.handle_events()
            self.clock.ms += ms
            self.app.update(STEP_MS)

    def key(self, key):
        press_key(self.app, key)
        self.step(2)

    def click(self, pos):
        for event in (motion(pos), button_event(pygame.MOUSEBUTTONDOWN, pos), button_event(pygame.MOUSEBUTTONUP, pos)):
            post(self.app, event)
            self.step(1)

    def calls(self, count: int):
        """Let the caller call ``count`` more letters, the window crossing out each of its letters by a click."""
        goal = len(self.state.calls) + count
        while len(self.state.calls) < goal and not RULES.is_over(self.state):
            usable = RULES.crossable(self.state, 0)
            if usable:
                self.click(sheet_cell_rect(usable[0]).center)
            self.step(1, ms=250)
        self.step(120, ms=17)  # the popups and the toasts go

    def reads_whole(self):
        found = [f.detail for f in layout_check.draw_looked_at(self.app, tuple(self.names))]
        assert found == [], "\n".join(found)
        lines = shown_lines(self.app)
        for face in ("text", "bold", "heading"):  # no letter the fonts lack (the crossed-out «✓» was an empty box)
            assert not [line for line in lines if assets.missing_glyphs(face, line)], lines
        return lines


@pytest.mark.parametrize("players, large", [(6, True), (2, False)], ids=["6 players large text", "2 players"])
def test_a_refused_pair_stays_typed_and_a_game_reads_whole_to_its_end(tmp_path, monkeypatch, players, large):
    """«ЖУРАВЛЬ» and «ЖИЛЕТКА» need two «Ж», the set has one: the host's reason shows and the fourteen letters stay
    to be mended; then the suggested pair, a false «Скрэббл Бинго!» and its penalty, the calls to the game's end and
    the results, every line whole, inside its box, readable."""
    (tmp_path / "settings.json").write_text(json.dumps({"large_text": large}), encoding="utf-8")
    with screen_app(tmp_path, monkeypatch) as app:
        table = Bingo(app, players)
        table.reads_whole()
        type_text(app, "журавльжилетка")
        table.step(2)
        table.key(pygame.K_RETURN)
        assert not table.state.words[0] and "«Ж»" in table.scene.last_error, table.scene.last_error
        assert table.scene.typed == "журавльжилетка"
        table.key(pygame.K_BACKSPACE)
        assert table.scene.typed == "журавльжилетк"
        table.step(200, ms=17)
        table.reads_whole()
        while table.scene.typed:
            table.key(pygame.K_BACKSPACE)
        table.key(pygame.K_RETURN)  # nothing typed: the suggested pair
        assert table.state.words[0] == table.state.suggested[0]
        table.calls(3)
        table.click(BINGO_BUTTON.center)
        table.step(30, ms=17)
        assert table.state.deaf_left[0] > 0
        lines = table.reads_whole()
        assert any(line.startswith("Штраф за ложное") for line in lines), lines
        table.calls(200)
        assert table.scene.over
        while table.scene.cheer.active:
            table.step(1, ms=17)
        lines = table.reads_whole()
        assert not any("F2" in line or "зачеркнуть" in line for line in lines), lines
        assert any(line.startswith("Enter или щелчок — в меню") for line in lines), lines  # then the replay's key
        assert kept_equals_fresh(app, table.scene)


def test_the_keys_under_the_button_name_the_pad_button_the_player_bound(tmp_path, monkeypatch):
    """«Крикнуть» moved to RB in the settings: the help under «Скрэббл Бинго!» says «F2 / RB», with a pad in hand
    how to walk the sheet, and RB calls it."""
    from table_driver import press_pad, unplug_pads

    settings = {"pad_buttons": {"shout": "rightshoulder", "slap": "y"}}
    (tmp_path / "settings.json").write_text(json.dumps(settings), encoding="utf-8")
    with screen_app(tmp_path, monkeypatch) as app:
        try:
            table = Bingo(app, 2)
            table.key(pygame.K_RETURN)
            table.calls(1)
            lines = shown_lines(app)
            assert "зачеркнуть · F2 / RB — «Бинго!»" in lines, lines
            press_pad(app, "left")  # a pad in hand: the help speaks of walking the sheet
            table.step(2)
            lines = shown_lines(app)
            assert "Крестовина — буква, A — зачеркнуть," in lines and "RB или F2 — «Бинго!»" in lines, lines
            press_pad(app, "shout")
            table.step(30, ms=17)
            assert table.state.false_calls[0] == 1
        finally:
            unplug_pads()


def test_a_watcher_at_the_end_sees_the_results_and_nothing_half_under_them(tmp_path, monkeypatch):
    """Six bots with names of 24 letters play to the end, watched by a window without a seat, large text: the
    results stand alone over the table, no «Вы смотрите игру» or «Листки у игроков» half under them."""
    from game.launch import play_on

    (tmp_path / "settings.json").write_text(json.dumps({"large_text": True}), encoding="utf-8")
    with screen_app(tmp_path, monkeypatch) as app:
        clock = VirtualClock()
        host = LocalHost("bingo", [SeatInfo(name, "ace") for name in LONG_NAMES], 5, {}, clock=clock)
        play_on(host.session, clock, 10 ** 6)
        assert RULES.is_over(host.session.state)
        app.now_ms = clock
        table = game_scene(host.connect(-1), "bingo", LONG_NAMES)
        app.push(table)
        for _ in range(60):
            app.update(STEP_MS)
        found = [f.detail for f in layout_check.draw_looked_at(app, tuple(LONG_NAMES))]
        assert found == [], "\n".join(found)
        lines = shown_lines(app)
        assert "Вы смотрите игру" not in lines, lines
        assert any(line.startswith("Enter или щелчок — в меню") for line in lines), lines
        assert kept_equals_fresh(app, table)


def test_a_game_the_bag_ends_names_its_leaders_inside_the_results(tmp_path, monkeypatch):
    """Six seats of 24-letter names, nobody crossing out: the bag runs out with all six level, and the results say so
    in lines that stand inside the panel, large text."""
    (tmp_path / "settings.json").write_text(json.dumps({"large_text": True}), encoding="utf-8")
    with screen_app(tmp_path, monkeypatch) as app:
        clock = VirtualClock()
        host = LocalHost("bingo", [SeatInfo(name, None) for name in LONG_NAMES], 5, {}, clock=clock)
        table = game_scene(host.connect(0), "bingo", LONG_NAMES)
        app.now_ms = clock
        app.push(table)
        while not RULES.is_over(host.session.state):
            clock.ms = host.session.next_due()
            host.session.advance(clock.ms)
        assert host.session.state.end_reason == "bag_empty" and len(host.session.state.winners) == 6
        for _ in range(60):
            app.update(STEP_MS)
        while table.cheer.active:
            app.update(STEP_MS)
        found = [f.detail for f in layout_check.draw_looked_at(app, tuple(LONG_NAMES))]
        assert found == [], "\n".join(found)
        assert "Мешочек пуст" in shown_lines(app)


def test_letters_typed_in_a_latin_layout_are_named_so(tmp_path, monkeypatch):
    """Writing the words with the English layout on: the table says to switch it (the letters vanished without a
    word), once however many are typed."""
    with screen_app(tmp_path, monkeypatch) as app:
        table = Bingo(app, 2)
        type_text(app, "rfnfkju")  # «каталог»
        table.step(3)
        messages = [toast.message for toast in app.toasts]
        assert messages == ["Латинские буквы не подойдут: переключите раскладку на русскую."], messages
        assert table.scene.typed == ""


def test_a_watchers_plates_name_a_call_of_bingo_inside_them(tmp_path, monkeypatch):
    """Six seats watched in large text, the moment a bot calls «Скрэббл Бинго!»: its plate's ««Скрэббл Бинго!»»
    stands inside the plate (it ran out of the narrow plates)."""
    (tmp_path / "settings.json").write_text(json.dumps({"large_text": True}), encoding="utf-8")
    with screen_app(tmp_path, monkeypatch) as app:
        clock = VirtualClock()
        host = LocalHost("bingo", [SeatInfo(name, "ace") for name in LONG_NAMES], 5, {}, clock=clock)
        session = host.session
        while not (session.state.race and session.state.race.presses):
            clock.ms = session.next_due()
            session.advance(clock.ms)
        app.now_ms = clock
        table = game_scene(host.connect(-1), "bingo", LONG_NAMES)
        app.push(table)
        for _ in range(3):
            app.update(STEP_MS)
        assert table.view["pressed"]
        found = [f.detail for f in layout_check.draw_looked_at(app, tuple(LONG_NAMES)) if "Бинго" in f.detail]
        assert found == [], "\n".join(found)


def test_one_button_at_a_time_is_lit_while_the_words_are_written(tmp_path, monkeypatch):
    """Gold is what Enter does now: «Взять предложенные» with nothing typed, «Записать мои» once both words are
    typed, the other plain (both were gold, as if two buttons had the focus)."""
    from game.scenes.base import GOLD
    from game.scenes.bingo.table import SUGGEST_BUTTON, WRITE_BUTTON

    def lit() -> list[str]:
        app.draw(0.5)
        return [label for label, rect in (("suggest", SUGGEST_BUTTON), ("write", WRITE_BUTTON))
                if tuple(app.canvas.get_at((rect.centerx, rect.top + 1)))[:3] == GOLD]

    with screen_app(tmp_path, monkeypatch) as app:
        bingo = Bingo(app, 2)
        assert lit() == ["suggest"]
        type_text(app, "пародия")
        bingo.step(3)
        assert lit() == []  # half a pair: Enter asks for the rest
        type_text(app, "рубрика")
        bingo.step(3)
        assert lit() == ["write"]
        assert {"Взять предложенные", "Записать мои"} <= set(bingo.reads_whole())
