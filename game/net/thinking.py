"""Bots that think off the loop: local play and the LAN host hand a bot's whole move to a worker thread.

The window's loop calls ``LocalHost.pump`` every frame, and the LAN host's loop answers every peer; a board-game
master searching for a second inside either froze the table (or every peer's messages) for that second. So did the
rules' own list of the moves it may make, which on a board is the full move search (tens of milliseconds, and up to
half a second for a rack with two blanks in Скрэббл). A :class:`ThreadThinker` runs each bot's move on one worker
thread — the rules' legal actions and view for its seat, then its ``plan`` — on a copy of the state taken when the
session asked (the session goes on changing its own state meanwhile), in the order the session asked (so every
bot's random draws come in the same order as when it thinks inline). The session reads an answer only when that bot
could act by the time it is advancing to, and then waits for it if it must: what a bot does, and when, never depends
on how fast it thought (see ``Session._settle``). A loop that does not run every frame (the LAN host's) learns of
each answer from ``on_answer``. A ``plan`` that raises answers too: the session reads the exception in the answer's
turn, as if the bot had raised inline, and that bot's seat falls back (``session.fallback_action``).
"""
from __future__ import annotations

import copy
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any, Callable


class ThreadThinker:
    """One worker thread per table; it ends when the table's session is dropped (the executor is collected).
    ``on_answer`` is called on the worker thread after each answer is ready (or the plan failed)."""

    def __init__(self, on_answer: Callable[[], None] | None = None):
        self._worker = ThreadPoolExecutor(max_workers=1, thread_name_prefix="bot-thinking")
        self._on_answer = on_answer

    def think(self, bot, view: dict, legal: list, now_ms: int) -> Future:
        """The bot's ``plan(view, legal, now_ms)``, started on the worker; ``result()`` waits for it."""
        return self.run(bot.plan, copy.deepcopy(view), copy.deepcopy(legal), now_ms)

    def consider(self, bot, rules, state, seat: int, now_ms: int,
                 offered: Callable[[list], list] = list) -> Future:
        """The bot's move for ``seat`` worked out on the worker from a copy of ``state`` taken now: the rules'
        legal actions (what ``offered`` keeps of them), and when there are any, the bot's ``plan`` on the seat's
        view. ``result()`` is ``(legal, what plan returned or raised)``, with ``(legal, None)`` when nothing is
        offered; it raises only what the rules raised."""
        return self.run(_considered, bot, rules, copy.deepcopy(state), seat, now_ms, offered)

    def run(self, fn: Callable[..., Any], *args: Any) -> Future:
        future = self._worker.submit(fn, *args)
        if self._on_answer is not None:
            on_answer = self._on_answer
            future.add_done_callback(lambda _: on_answer())
        return future


def _considered(bot, rules, state, seat: int, now_ms: int, offered: Callable[[list], list]) -> tuple:
    legal = offered(rules.legal_actions(state, seat))
    if not legal:
        return legal, None
    try:
        return legal, bot.plan(rules.view(state, seat), legal, now_ms)
    except Exception as exc:  # noqa: BLE001 - a bot's bug costs its seat a move (``session.ask``)
        return legal, exc
