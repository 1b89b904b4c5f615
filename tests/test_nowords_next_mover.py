"""Нет слов: who moves after the letters are taken, said with the chooser and the one who moves, agreeing with each:
«Оля выбрала: ходите вы», «Вы выбрали: ходит Маша» (it read «Оля передаёт ход: Вы»)."""
from __future__ import annotations

import pygame

from test_nowords_scene import Table, set_word_table
from window_support import screen_app, shown_lines


def test_the_banner_says_who_chose_whom(tmp_path, monkeypatch):
    with screen_app(tmp_path, monkeypatch) as app:
        table = Table(app)
        state = set_word_table(table, last_mover=0)
        table.session.submit(1, {"kind": "claim", "word": "кот"}, table.clock.ms)
        table.step(5, ms=250)
        table.key(pygame.K_RETURN)  # «Беру буквы»
        table.step(3)
        table.key(pygame.K_RETURN)  # «Ходит Маша» has the focus
        table.step(30)
        assert state.turn == 1
        assert "Вы выбрали: ходит Маша" in shown_lines(app)
        state.phase, state.chooser = "choose", 3  # Оля, whose left neighbour you are
        assert table.session.submit(3, {"kind": "choose_next", "seat": 0}, table.clock.ms).accepted
        table.step(30)
        assert "Оля выбрала: ходите вы" in shown_lines(app)
        state.phase, state.chooser = "choose", 2
        assert table.session.submit(2, {"kind": "choose_next", "seat": 2}, table.clock.ms).accepted
        table.step(30)
        assert "Петя ходит сам" in shown_lines(app)
