"""A passing notice in a table's small notice strip: it wraps to the strip's width in letters still read at a
glance, even when its lines stand taller than the strip (a single unwrapped line ran off the screen)."""

from __future__ import annotations

import json

import layout_check
from game import assets
from game.app import NOTICE_INK, NOTICE_LEAST, STEP_MS
from window_support import screen_app

LONG_NOTICE = ("Соединение с хостом прервалось, мы пробуем вернуться за стол: ваши карты и очки сохранены, "
               "подождите несколько секунд или вернитесь в меню")


def test_a_long_notice_in_a_small_strip_wraps_in_readable_letters(tmp_path, monkeypatch):
    """Твёрдый знак keeps notices to the lower part of its score panel; in large text a notice of four lines does
    not fit its height. Each of its lines stays inside the screen and the strip's width, none under the size a
    notice is read in."""
    from game.scenes import game_scene
    from game.scenes.demo import demo_connection

    (tmp_path / "settings.json").write_text(json.dumps({"large_text": True}), encoding="utf-8")
    with screen_app(tmp_path, monkeypatch) as app:
        connection, clock, names = demo_connection("hardsign", seed=3, players=2, actions=0)
        app.push(game_scene(connection, "hardsign", names))
        for _ in range(3):
            app.update(STEP_MS)
        zone = app.top.notice_zone()
        app.toast(LONG_NOTICE)
        found = layout_check.draw_looked_at(app)
        notice = [line for line in layout_check._lines_of(app.canvas)
                  if not line.hidden and line.colour == NOTICE_INK and line.words and line.words in LONG_NOTICE]
        assert " ".join(line.words for line in notice).split() == LONG_NOTICE.split(), [l.words for l in notice]
        least = assets.text("Жу", NOTICE_LEAST, NOTICE_INK, "bold").get_height()
        assert all(line.picture.get_height() >= least for line in notice), [(l.words, l.picture.get_height())
                                                                              for l in notice]
        assert all(zone.left <= line.ink.left and line.ink.right <= zone.right for line in notice), \
            [(l.words, l.ink) for l in notice]
        assert [f.detail for f in found if "cut by the screen" in f.detail] == []
