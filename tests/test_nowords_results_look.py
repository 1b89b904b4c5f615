"""The end of a «Нет слов» game leaves the player a way on: the results say «Enter или щелчок — в меню» (and «Tab —
повтор партии») and Enter does it, and the panel stands clear of what the table still shows (no line half under it).
The game is played to its end by bots from a seed, the table opened there and handed to a person; input arrives as
posted events, the lines come from the layout check's trace of the drawn frame."""
from __future__ import annotations

import json

import pygame
import pytest

import layout_check
from game.app import STEP_MS
from table_driver import press_key
from window_support import finished_demo_table, screen_app, watched_bots_game


@pytest.mark.parametrize("players, large", [(6, True), (2, False)], ids=["6 players large text", "2 players"])
def test_the_finished_game_says_how_to_leave_and_enter_leaves(tmp_path, monkeypatch, players, large):
    (tmp_path / "settings.json").write_text(json.dumps({"large_text": large}), encoding="utf-8")
    with screen_app(tmp_path, monkeypatch) as app:
        table = finished_demo_table(app, "nowords", players)
        found = layout_check.draw_looked_at(app)
        shown = [line.words for line in layout_check._lines_of(app.canvas) if not line.hidden]
        assert "Enter или щелчок — в меню · Tab — повтор партии" in shown, shown
        assert [f.detail for f in found] == []
        press_key(app, pygame.K_RETURN)
        assert app.top is not table, "Enter at the results leaves the table"


def test_between_the_games_of_a_series_every_line_reads_whole(tmp_path, monkeypatch):
    """A series of three, six players, large text, the first game just over: the results' title and its note apart,
    your pile's «личный отбой · … · серия N» inside its panel, «Последний спор» naming who took the letters."""
    from game.launch import BOT_NAMES
    from game.net.local import LocalHost
    from game.net.session import SeatInfo
    from game.scenes import game_scene
    from game.scenes.demo import VirtualClock
    from game.scenes.nowords.layout import RIGHT

    (tmp_path / "settings.json").write_text(json.dumps({"large_text": True}), encoding="utf-8")
    with screen_app(tmp_path, monkeypatch) as app:
        clock = VirtualClock()
        names = ["Вы"] + BOT_NAMES[:5]
        host = LocalHost("nowords", [SeatInfo(name, "player") for name in names], 7, {"series": 3}, clock=clock)
        session = host.session
        while session.state.phase != "between":  # the bots play the first game of the series
            clock.ms = session.next_due()
            session.advance(clock.ms)
        session.set_bot(0, None)
        app.now_ms = clock
        app.push(game_scene(host.connect(0), "nowords", names))
        for _ in range(120):
            app.update(STEP_MS)
        found = layout_check.draw_looked_at(app)
        assert [f.detail for f in found] == []
        told = " ".join(line.words for line in layout_check._lines_of(app.canvas)
                        if not line.hidden and RIGHT.contains(line.ink))
        assert "буквы достались:" in told and "…" not in told, told


@pytest.mark.parametrize("large", [False, True], ids=["normal", "large text"])
def test_a_watcher_sees_the_game_not_a_shout_button_it_cannot_press(tmp_path, monkeypatch, large):
    """A window watching «Нет слов» (no seat, no seat to take, no phones' card in its corner): the corner says
    «Вы смотрите игру» and who has the fewest penalty letters; no «Не говори!» button, which a watcher never presses."""
    from game.launch import BOT_NAMES
    from game.scenes.nowords.layout import MY_PILE

    (tmp_path / "settings.json").write_text(json.dumps({"large_text": large}), encoding="utf-8")
    with screen_app(tmp_path, monkeypatch) as app:
        names = BOT_NAMES[:4]
        table, host = watched_bots_game(app, "nowords", names, 7, 10)
        found = layout_check.draw_looked_at(app)
        lines = [line for line in layout_check._lines_of(app.canvas) if not line.hidden]
        shown = [line.words for line in lines]
        assert "Не говори!" not in shown and not any("сейчас нельзя" in words for words in shown), shown
        corner = [line.words for line in lines if MY_PILE.contains(line.ink)]
        assert "Вы смотрите игру" in corner, corner
        penalties = table.view["scores"]  # what each seat's plate shows as «штраф N»
        leaders = [names[seat] for seat, points in enumerate(penalties) if points == min(penalties)]
        assert any(all(name in words for name in leaders) for words in corner), corner
        assert [f.detail for f in found if any(f"«{words}»" in f.key for words in corner)] == []
