"""Нет слов with names as long as a name may be (24 letters), in large and normal text: on every other seat's plate
the name, as the plate fits it, stands whole and clear of the small card backs that count the seat's hand, at every
seat count (the backs used to lie over the name's end at six seats in large text)."""
from __future__ import annotations

import json

import pytest

import layout_check
from game.app import STEP_MS
from game.net.local import LocalHost
from game.net.session import SeatInfo
from game.scenes import game_scene
from game.scenes.demo import VirtualClock
from window_support import screen_app

pytestmark = pytest.mark.timeout(120)

LONG_NAMES = ["Александра Константинова", "Владимир Александрович", "Екатерина Великолепная",
              "Святослав Игоревич Кар", "Маргарита Николаевна Ш", "Бонифаций Леопольдович"]  # 24 letters: the most


@pytest.mark.parametrize("large", [True, False], ids=["large text", "normal text"])
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_long_names_on_the_plates_stand_clear_of_the_hand_backs(tmp_path, monkeypatch, players, large):
    (tmp_path / "settings.json").write_text(json.dumps({"large_text": large}), encoding="utf-8")
    with screen_app(tmp_path, monkeypatch) as app:
        clock = VirtualClock()
        app.now_ms = clock
        names = LONG_NAMES[:players]
        seats = [SeatInfo(name, None if i == 0 else "novice") for i, name in enumerate(names)]
        host = LocalHost("nowords", seats, 3, {}, clock=clock)
        scene = game_scene(host.connect(0), "nowords", names)
        app.push(scene)
        for _ in range(90):
            app.handle_events()
            clock.ms += 1
            app.update(STEP_MS)
        assert scene.view is not None and any(scene.view["hand_counts"][s] for s in scene.others())
        found = [f.detail for f in layout_check.draw_looked_at(app, tuple(names))]
        assert found == [], "\n".join(found)
