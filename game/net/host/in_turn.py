"""The bots of a room thinking off the host's loop, and what waits for them (docs/DESIGN.md, «The host»).

Under a ``LanHost`` a room's bots think on a worker thread (``ThreadThinker``), so the loop answers every peer while
a master searches. What must come after a move a bot is still thinking about — an action, a timer, a seat changing
hands — is a step run ``in turn``: at once when nothing waits, else held, in arrival order and keeping its moment,
until the answers before it are in. The game changes exactly as if every bot had thought inline.
"""
from __future__ import annotations

import logging
from collections import deque
from concurrent.futures import Future
from typing import Callable

from game.net.session import Session
from game.net.thinking import ThreadThinker

log = logging.getLogger(__name__)

Step = Callable[[], None]


class InTurn:
    def __init__(self, session: Callable[[], Session | None]):
        self._session = session
        self._wake: Callable[[], None] | None = None
        # steps waiting for a bot: (their moment or None, the step, the answer it needs first or None)
        self._held: deque[tuple[int | None, Step, Future | None]] = deque()
        self._stepping = False

    def think_off_loop(self, wake: Callable[[], None]) -> None:
        """From now on the bots think on a worker thread. ``wake`` is called on the worker as each answer is ready:
        it must have the host's thread advance the room, and what waited for that bot goes on."""
        self._wake = wake
        session = self._session()
        if session is not None and session.thinker is None:
            session.thinker = self.thinker()

    def thinker(self) -> ThreadThinker | None:
        """What a new session's bots think with: a worker once the room thinks off the loop, else nothing (inline)."""
        return ThreadThinker(on_answer=self._answered) if self._wake is not None else None

    def _answered(self) -> None:
        self._wake()  # the loop serving the room now: a core served again by another loop keeps its thinker

    @property
    def waiting(self) -> bool:
        """Something that happened waits for a bot still thinking about a move that comes before it."""
        return bool(self._held)

    def run(self, step: Step, at_ms: int | None = None) -> None:
        """Run ``step`` on the game in its turn: after every step that came before it and, with ``at_ms``, after
        every timer and bot move due by then. When a bot still thinks about such a move, the step waits for its
        answer (in arrival order, keeping ``at_ms``) and the host's thread goes on answering the peers: the game
        changes exactly as if the bot had thought inline."""
        if self._stepping:
            step()  # part of the step running now
            return
        self._run_held()
        if not self._held and self._caught_up(at_ms):
            self._step(step)
        else:
            self._held.append((at_ms, step, None))

    def after_answer(self, answer: Future, step: Step) -> None:
        """From inside a running step: the rest of it, ``step``, runs once ``answer`` is in, before anything held."""
        self._held.appendleft((None, step, answer))

    def clear(self) -> None:
        """The room ends: what still waits for a bot is never answered."""
        self._held.clear()

    def _caught_up(self, at_ms: int | None) -> bool:
        return at_ms is None or self._session().advance(at_ms, wait=False)

    def _run_held(self) -> None:
        """The steps that waited for the bots, in order, as far as their answers allow."""
        while self._held:
            at_ms, step, answer = self._held[0]
            if (answer is not None and not answer.done()) or not self._caught_up(at_ms):
                return
            self._held.popleft()
            try:
                self._step(step)
            except Exception:  # noqa: BLE001 - a late step's bug must not cost the message that let it run
                log.exception("host: a step that waited for a bot failed")

    def _step(self, step: Step) -> None:
        self._stepping = True
        try:
            step()
        finally:
            self._stepping = False
