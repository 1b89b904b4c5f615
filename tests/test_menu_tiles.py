"""The main menu's game tiles: the subtitle counts as many games as there are tiles."""
import re

import pygame

from game.scenes.menu import GameTile, MainMenu, subtitle


def test_the_subtitle_counts_the_tiles(app):
    app.push(MainMenu())
    tiles = [w for w in app.top.group.widgets if isinstance(w, GameTile)]
    numbers = [int(n) for n in re.findall(r"\d+", subtitle())]
    assert numbers == [len(tiles)]


def test_every_tile_shows_a_picture_of_its_own_game(app):
    from game.scenes.menu import tile_picture

    app.push(MainMenu())
    app.frame(16.7, 0.0)
    tiles = [w for w in app.top.group.widgets if isinstance(w, GameTile)]
    pictures = {}
    for tile in tiles:
        picture = tile_picture(tile.game_id, True)
        inked = picture.get_bounding_rect(1)
        assert inked.width > picture.get_width() * 0.5 and inked.height > picture.get_height() * 0.4, tile.game_id
        pictures[tile.game_id] = bytes(pygame.image.tobytes(picture, "RGBA"))
    assert len(set(pictures.values())) == len(tiles), "two games share one picture"


def test_the_pictures_stand_on_the_tiles_and_the_screen(app):
    app.push(MainMenu())
    app.frame(16.7, 0.0)
    buttons = [w.rect for w in app.top.group.widgets if not isinstance(w, GameTile)]
    for tile in (w for w in app.top.group.widgets if isinstance(w, GameTile)):
        assert app.window.get_rect().contains(tile.rect)
        assert not any(tile.rect.colliderect(b) for b in buttons)
