"""Нет слов's banner at a series' next deal speaks to you when you start: «первым ходите вы» (it read
«первым ходит вы»)."""

from __future__ import annotations

from table_driver import LocalTable
from window_support import screen_app, shown_lines


def test_the_next_deal_banner_says_you_start(tmp_path, monkeypatch):
    """Bots play both seats of a three-game series (yours too, so it runs by itself); Маша opens the first game, so
    the second deal's first turn is yours, and its banner says so in the second person."""
    with screen_app(tmp_path, monkeypatch) as app:
        table = LocalTable(app, "nowords", ["Вы", "Маша"], seed=SEED_MASHA_FIRST, options={"series": 3, "first": "random"}, human=False)
        table.step(2, ms=1)
        assert table.scene.view["turn"] == 1
        table.until(lambda: table.scene.view["game_no"] == 2, limit=20_000, ms=200)
        table.step(3, ms=1)
        said = [line for line in shown_lines(app) if line.startswith("первым")]
        assert said == ["первым ходите вы"], said


SEED_MASHA_FIRST = 1  # with «случайный игрок» this seed's first game opens at Маша's seat
