"""Every table ends with a cheer: when its game's last event arrives, confetti and fireworks start over the table
(the whole cheer for a win at this screen, a lighter shower for someone else's) and the fireworks crackle."""
import pygame
import pytest

from game.app import STEP_MS
from game.net.local import LocalHost
from game.net.session import SeatInfo
from game.scenes import game_scene
from game.scenes.demo import VirtualClock
from game.scenes.table.cheer import Cheer, winners_of

GAMES = [("uno", {"match": "1"}), ("erudit", {}), ("nowords", {}), ("hardsign", {}), ("bingo", {})]


def play_to_the_end(app, game_id, options, seed=3):
    """Bots play every seat (seat 0's moves shown on this screen) until the game is over; the table and the
    winners its end event named."""
    clock = VirtualClock()
    names = ["Вы", "Маша"]
    host = LocalHost(game_id, [SeatInfo(n, "player") for n in names], seed, options, clock=clock)
    session = host.session
    app.now_ms = clock
    table = game_scene(host.connect(0), game_id, names)
    app.push(table)
    seen = []
    original = table.on_event

    def on_event(event, before):  # the events as the table takes them, to know the end's winners
        seen.append(event)
        original(event, before)

    table.on_event = on_event
    for _ in range(20_000):
        if table.over:
            break
        due = session.next_due()
        if due is not None:
            clock.ms = max(clock.ms, due)
        app.update(STEP_MS)
    assert table.over, "the bots did not finish the game"
    ends = [e for e in seen if e.get("kind") == table.GAME_OVER_EVENT and e.get("final", True)]
    assert len(ends) == 1, f"{game_id}: no single «{table.GAME_OVER_EVENT}» event ended the game"
    return table, winners_of(ends[0])


@pytest.mark.parametrize("game_id, options", GAMES, ids=[g for g, _ in GAMES])
def test_the_game_over_starts_the_cheer(app, game_id, options):
    table, winners = play_to_the_end(app, game_id, options)
    assert winners, "the end names no winner"
    assert table.cheer.active
    assert table.cheer.won == (0 in winners)
    before = pygame.image.tobytes(app.canvas, "RGB")
    app.update(STEP_MS)
    app.draw(1.0)
    assert pygame.image.tobytes(app.canvas, "RGB") != before


def test_a_won_cheer_crackles_and_ends():
    cheer = Cheer()
    cheer.start(won=True)
    sounds = []
    for _ in range(60 * 12):
        sounds += cheer.step(STEP_MS)
    assert len(sounds) >= 3 and all(-1 <= pan <= 1 for _, pan in sounds)
    assert not cheer.active, "the cheer never ends"
