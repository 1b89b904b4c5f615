"""A screen waiting for its table to be dealt on the background thread (the setup and seat screens): the table's
own pictures drawn ahead a few milliseconds a frame, and the sitting down once the deal is done."""
from __future__ import annotations

import importlib
import time

from game import rules

PICTURES_MS_PER_FRAME = 4.0  # the table's pictures drawn ahead leave the waiting screen's frames this much


def picture_steps(game_id: str):
    """The table's own pictures to draw ahead, one a step (pictures need the window's thread), if it names any."""
    steps = getattr(importlib.import_module(rules.BY_ID[game_id].scene_module), "warm_steps", None)
    return steps(game_id) if steps is not None else iter(())


def draw_pictures_ahead(pictures) -> None:
    """A few milliseconds of the table's pictures (``picture_steps``), drawn while a screen waits for its deal."""
    until = time.perf_counter() + PICTURES_MS_PER_FRAME / 1000
    while time.perf_counter() < until and next(pictures, StopIteration) is not StopIteration:
        pass


def wait_for_deal(screen, dt_ms: float) -> None:
    """One frame of a screen (setup or seats) waiting for its table: a few of the table's pictures drawn ahead, the
    busy plate's clock moved, and ``screen.sit_down()`` once ``screen.dealing`` is done."""
    draw_pictures_ahead(screen.pictures)
    if screen.dealing is not None:
        screen.dealing_ms += dt_ms
        if screen.dealing.done():
            for _ in screen.pictures:  # whatever is left: the table would draw it in its first frame anyway
                pass
            screen.sit_down()
