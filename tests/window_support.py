"""A headless window beside a room that runs on its own threads: its loop paced like the real one."""
from __future__ import annotations

import time

from game.app import STEP_MS, App


def frames(app: App, condition, timeout: float = 15.0) -> bool:
    """The window's loop (events, simulation steps, a draw) until ``condition`` holds or the time is up."""
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            return False
        app.frame(STEP_MS, 0.0)
        time.sleep(STEP_MS / 1000)  # the window's pace: the room talks on its own threads
    app.frame(STEP_MS, 0.0)
    return True

