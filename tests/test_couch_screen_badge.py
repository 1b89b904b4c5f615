"""A couch table's «На экране: …» badge (whose seat the screen shows now) stands clear of the table's own text:
on the board tables the top-right corner is the first plate's score."""
import pytest

import layout_check
from game import assets
from test_couch_cover_words import app, bot_first_couch  # noqa: F401 - the couch window fixture
from test_couch_play import pads  # noqa: F401


@pytest.mark.parametrize("scale", [1.0, 1.2])
@pytest.mark.parametrize("game_id", ["erudit", "scrabble", "nowords"])
def test_the_on_screen_badge_covers_nothing(app, pads, game_id, scale):
    assets.set_text_scale(scale)
    table, _, _ = bot_first_couch(app, pads, game_id)
    findings = [str(f) for f in layout_check.draw_looked_at(app) if "На экране" in str(f)]
    badge = [line for line in layout_check._lines_of(app.canvas) if line.words.startswith("На экране")]
    assert badge and findings == [], findings
