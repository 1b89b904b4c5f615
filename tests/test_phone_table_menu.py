"""«Стол с телефонами»'s first screen: the games a phones' table can play, each once, the same ones «Играть с
ботами» offers."""
from __future__ import annotations

from collections import Counter

from game import rules as rules_registry
from game.scenes import playable, table_games
from game.scenes.menu import MainMenu
from table_driver import click
from window_support import screen_app, shown_lines  # noqa: F401 - screen_app is a context manager here


def test_the_phones_table_lists_every_game_once(tmp_path, monkeypatch):
    with screen_app(tmp_path, monkeypatch) as app:
        app.push(MainMenu())
        app.frame(16.7, 0.0)
        entry = next(w for w in app.top.group.widgets if w.label == "Стол с телефонами")
        click(app, entry.rect.center)
        app.frame(16.7, 0.0)
        assert app.top.title == "Стол с телефонами"
        titles = {rules_registry.BY_ID[g].title for g in table_games() if playable(g)}
        listed = Counter(words for words in shown_lines(app) if words in titles)
        assert listed == Counter(titles), listed
