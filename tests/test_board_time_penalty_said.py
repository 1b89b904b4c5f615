"""A «Часы» game lost time is said in words at the table's moves list and in «Повтор партии» alike: the person lets
their clock run a minute past the game's ten, passes to the end, and both lists say «штраф за время: … сверх» with
the points taken off (the replay said the history's raw «time» with «+-10»). Driven by keys posted into the app on
a clock far from 0."""
from __future__ import annotations

import pygame
import pytest

import layout_check
from board_words import COMMON, WORDS
from game.rules.board import words as wordsrc
from game.scenes.table.replay import ReplayScene
from table_driver import LocalTable
from window_support import screen_app

MINUTE_MS = 60_000


@pytest.fixture(autouse=True)
def small_dictionary():
    wordsrc.use_words(wordsrc.FixedWords.of(WORDS, COMMON))
    yield
    wordsrc.use_words(None)


def said_lines(app) -> list[str]:
    layout_check.draw_looked_at(app)
    return [line.words for line in layout_check._lines_of(app.canvas) if not line.hidden]


def test_a_time_penalty_is_said_at_the_table_and_in_the_replay(tmp_path, monkeypatch):
    with screen_app(tmp_path, monkeypatch) as app:
        table = LocalTable(app, "erudit", ["Вы", "Маша"], seed=3, options={"clock": "game10"})
        scene = table.scene
        table.until(lambda: scene.my_turn() and not scene.flights)
        for _ in range(11 * 60):  # eleven minutes of the person's turn: a minute begun over the game's ten
            table.step(1, ms=1000, draw_every=0)
        for _ in range(400):  # then a pass at every turn, to the end of the game
            if scene.over:
                break
            table.until(lambda: scene.over or (scene.my_turn() and not scene.flights))
            if not scene.over:
                table.key(pygame.K_F2)
        assert scene.over, "the game never ended"
        table.settle(60)
        penalty = next(h for h in scene.view["history"] if h.get("seat") == 0 and h.get("score", 0) < 0)
        points = str(penalty["score"])
        lines = said_lines(app)
        assert any(line.startswith("штраф за время: 1:") and line.endswith("сверх") for line in lines), lines
        assert points in lines

        table.key(pygame.K_TAB)  # «Повтор партии» from the results
        replay = app.top
        assert isinstance(replay, ReplayScene)
        table.until(lambda: replay.table is not None and (replay.preparing is None or replay.preparing.done()))
        table.key(pygame.K_END)
        table.settle(30)
        lines = said_lines(app)
        assert any(line.startswith("штраф за время: 1:") and line.endswith("сверх") for line in lines), lines
        assert "time" not in lines and f"+{points}" not in lines and points in lines
