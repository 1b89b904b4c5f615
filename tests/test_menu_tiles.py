"""The main menu's game tiles: the subtitle counts as many games as there are tiles."""
import re

from game.scenes.menu import GameTile, MainMenu, subtitle


def test_the_subtitle_counts_the_tiles(app):
    app.push(MainMenu())
    tiles = [w for w in app.top.group.widgets if isinstance(w, GameTile)]
    numbers = [int(n) for n in re.findall(r"\d+", subtitle())]
    assert numbers == [len(tiles)]
