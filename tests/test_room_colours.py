"""The colour a player chooses in a LAN room is their colour at the table too: their face on the plates is drawn on
it, as the room's seat row shows it (the tables drew every seat on a colour of its number). A room of two laptops on
loopback; Петя picks purple, Аня's window plays."""
from __future__ import annotations

import pygame
import pytest

from game import launch
from game.net.protocol import PALETTE
from game.scenes import lobby as lobby_screens
from game.scenes.table.scene import TableScene
from window_support import frames, kept_equals_fresh, screen_app

pytestmark = pytest.mark.timeout(120)
PURPLE = pygame.Color(dict((cid, hex_) for cid, _, hex_ in PALETTE)["purple"])


def pixels_of(surface: pygame.Surface, colour: pygame.Color, within: int = 4) -> int:
    """How many pixels of ``surface`` show ``colour`` (give or take ``within`` in each channel)."""
    lo = [max(0, c - within) for c in colour[:3]]
    hi = [min(255, c + within) for c in colour[:3]]
    return sum(1 for x in range(0, surface.get_width(), 2) for y in range(0, surface.get_height(), 2)
               if all(a <= c <= b for a, c, b in zip(lo, surface.get_at((x, y))[:3], hi)))


@pytest.mark.parametrize("game_id", ["uno", "erudit", "nowords", "hardsign"])
def test_the_colour_chosen_in_the_room_is_the_seats_colour_at_the_table(tmp_path, monkeypatch, game_id):
    with screen_app(tmp_path, monkeypatch) as app:
        core = launch.new_room(game_id, "Комната", seed=7)
        host = launch.serve(core, "127.0.0.1", 0, False)
        anya = launch.join_room("127.0.0.1", host.port, "Аня")
        petya = None
        try:
            anya.wait_for(lambda m: m.get("type") == "lobby")
            petya = launch.join_room("127.0.0.1", host.port, "Петя")
            petya.wait_for(lambda m: m.get("type") == "lobby")
            petya.set_colour("purple")
            petya.set_ready()
            app.push(lobby_screens.LobbyScene(anya, f"127.0.0.1:{host.port}"))
            assert frames(app, lambda: anya.lobby is not None and len(anya.lobby["seats"]) == 2
                          and anya.lobby["seats"][1]["ready"] and anya.lobby["seats"][1]["colour"] == "purple")
            anya.start_game()
            assert frames(app, lambda: isinstance(app.top, TableScene) and app.top.view is not None)
            frames(app, lambda: False, timeout=1.0)  # the deal lands
            app.draw(0.5)
            assert pixels_of(app.canvas, PURPLE) > 40, "Петя's face is not on his purple"
            assert kept_equals_fresh(app, app.top)
        finally:
            for connection in (petya, anya):
                if connection is not None:
                    connection.close()
            host.stop()
