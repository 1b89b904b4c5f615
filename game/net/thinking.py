"""Bots that think off the loop: local play and the LAN host hand a bot's ``plan`` to a worker thread.

The window's loop calls ``LocalHost.pump`` every frame, and the LAN host's loop answers every peer; a board-game
master searching for a second inside either froze the table (or every peer's messages) for that second. A
:class:`ThreadThinker` runs each ``plan`` call on one worker thread, in the order the session asked (so every bot's
random draws come in the same order as when it thinks inline), on a copy of the view and legal actions (the session
goes on changing its state meanwhile). The session reads an answer only when that bot could act by the time it is
advancing to, and then waits for it if it must: what a bot does, and when, never depends on how fast it thought
(see ``Session._settle``). A loop that does not run every frame (the LAN host's) learns of each answer from
``on_answer``. A ``plan`` that raises answers too: the session reads the exception in the answer's turn, as if the
bot had raised inline, and that bot's seat falls back (``session.fallback_action``).
"""
from __future__ import annotations

import copy
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Callable


class ThreadThinker:
    """One worker thread per table; it ends when the table's session is dropped (the executor is collected).
    ``on_answer`` is called on the worker thread after each answer is ready (or the plan failed)."""

    def __init__(self, on_answer: Callable[[], None] | None = None):
        self._worker = ThreadPoolExecutor(max_workers=1, thread_name_prefix="bot-thinking")
        self._on_answer = on_answer

    def think(self, bot, view: dict, legal: list, now_ms: int) -> Future:
        """The bot's ``plan(view, legal, now_ms)``, started on the worker; ``result()`` waits for it."""
        future = self._worker.submit(bot.plan, copy.deepcopy(view), copy.deepcopy(legal), now_ms)
        if self._on_answer is not None:
            on_answer = self._on_answer
            future.add_done_callback(lambda _: on_answer())
        return future
