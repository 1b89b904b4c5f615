"""UNO: the «Ходы» list stays in the corner the table keeps for it, the room the reflex buttons are kept out of, so
a button that jumps about the felt never lands on the last moves: at every seat count, with «Крупный текст» on or
off, in the window sizes players have. The canvas is scaled whole into the window, so what is compared are the
scene's own canvas rectangles; where the list really ends is also read off the drawn canvas."""

import pytest

from game.scenes.base import PANEL_EDGE
from game.scenes.uno.buttons import EMOTE_GRID
from game.scenes.uno.reflex import reflex_spots
from game.scenes.uno.ticker import TICKER_FILL, TICKER_ROWS, ticker_room
from table_driver import LocalTable, saved_seats_app

NAMES = ["Вы", "Маша", "Петя", "Оля", "Дима", "Катя", "Серёжа", "Аня", "Витя", "Лена"]
WINDOWS = ((1280, 720), (1366, 768), (1920, 1080))
# (seats, window, «Крупный текст»): ten seats in both text sizes in every window, the other counts where it costs least
TABLES = ([(10, window, large) for window in WINDOWS for large in (True, False)]
          + [(seats, WINDOWS[0], True) for seats in range(2, 10)] + [(seats, WINDOWS[0], False) for seats in (2, 5)])


def painted_list_bottom(canvas, room) -> int:
    """One below the lowest canvas row the list's panel paints, down the column where its rounded corner reaches the
    bottom edge, between the room's top and the emote chips (the next thing below it)."""
    x = room.left + 12
    painted = [y for y in range(room.top, EMOTE_GRID.top) if tuple(canvas.get_at((x, y)))[:3] in (TICKER_FILL, PANEL_EDGE)]
    return max(painted) + 1 if painted else room.top


@pytest.mark.parametrize("saved_seats_app", TABLES, indirect=True,
                         ids=[f"{n}seats-{w}x{h}-{'large' if big else 'normal'}" for n, (w, h), big in TABLES])
def test_the_moves_list_stays_in_its_room_and_no_reflex_button_lands_on_it(saved_seats_app):
    app, seats = saved_seats_app
    assert app.window.get_size() == tuple(app.settings.window_size)
    table = LocalTable(app, "uno", NAMES[:seats], seed=5, human=False)
    scene = table.scene
    faults: list[str] = []

    def look() -> bool:
        """Every frame on the way to a full list: the list inside its room, no shown reflex button on it."""
        room, drawn = ticker_room(), scene.ticker.rect()
        if drawn is not None and not room.contains(drawn):
            faults.append(f"{len(scene.ticker.lines)} moves stand at {drawn}, past the room kept for them {room}")
        faults.extend(f"the «{key}» button {button.rect} lands on the moves list's room {room}"
                      for key, button in scene.reflex.items()
                      if button.shown >= 0.05 and button.rect is not None and button.rect.colliderect(room))
        return len(scene.ticker.lines) == TICKER_ROWS

    table.until(look)
    table.step(1)  # the full list drawn
    room = ticker_room()
    bottom = painted_list_bottom(app.canvas, room)
    assert room.top < bottom <= room.bottom, f"the list is painted down to y {bottom}, its room ends at {room.bottom}"
    # wherever a reflex button may appear now (a new spot each time one opens), it keeps off the list
    for key in scene.reflex:
        faults.extend(f"the «{key}» button may appear at {spot}, on the moves list {room}"
                      for spot in reflex_spots(scene, key) if spot.colliderect(room))
    assert not faults, "\n".join(dict.fromkeys(faults))
