"""Bots that think off the frame loop: local play hands a bot's ``plan`` to a worker thread.

The window's loop calls ``LocalHost.pump`` every frame; a board-game master searching for a second inside it
froze the table for that second. A :class:`ThreadThinker` runs each ``plan`` call on one worker thread, in the
order the session asked (so every bot's random draws come in the same order as when it thinks inline), on a
copy of the view and legal actions (the session goes on changing its state meanwhile). The session reads an
answer only when that bot could act by the time it is advancing to, and then waits for it if it must: what a
bot does, and when, never depends on how fast it thought (see ``Session._settle``).
"""
from __future__ import annotations

import copy
from concurrent.futures import Future, ThreadPoolExecutor


class ThreadThinker:
    """One worker thread per table; it ends when the table's session is dropped (the executor is collected)."""

    def __init__(self):
        self._worker = ThreadPoolExecutor(max_workers=1, thread_name_prefix="bot-thinking")

    def think(self, bot, view: dict, legal: list, now_ms: int) -> Future:
        """The bot's ``plan(view, legal, now_ms)``, started on the worker; ``result()`` waits for it."""
        return self._worker.submit(bot.plan, copy.deepcopy(view), copy.deepcopy(legal), now_ms)
