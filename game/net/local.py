"""The in-process host: local play against bots goes through the same ``Session`` and the
same message shapes as a LAN game, without sockets; only the bots think on a worker thread
(game/net/thinking.py), so a long search never holds up the window's frame.

Scenes talk to a ``Connection`` (this one or the LAN client's): ``send`` an action, ``poll``
messages, ``pump`` once a frame. See docs/PROTOCOL.md for the message shapes.
"""
from __future__ import annotations

import secrets
import time
from collections import deque
from typing import Callable

from game.net.connection import SeatRefused
from game.net.session import SeatInfo, Session
from game.net.thinking import ThreadThinker


def monotonic_ms() -> int:
    return int(time.monotonic() * 1000)


class LocalHost:
    def __init__(
        self,
        game_id: str,
        seats: list[SeatInfo],
        seed: int,
        options: dict | None = None,
        clock: Callable[[], int] = monotonic_ms,
    ):
        self.clock = clock
        self.game_key = f"local-{secrets.token_hex(8)}"  # this game in «История» (HistoryStore.by_key)
        # bots think on a worker, not in the frame that pumps the host; what they do and when stays the same
        self.session = Session(game_id, seats, seed, options, start_ms=clock(), thinker=ThreadThinker())

    def connect(self, seat: int) -> "LocalConnection":
        return LocalConnection(self, seat)

    def pump(self) -> None:
        # a frame never waits for a bot: a move still being thought of comes on a later frame, at its own time
        self.session.advance(self.clock(), wait=False)

    def take_bot_seat(self) -> "LocalConnection":
        """A person who sits down at this screen mid-game takes the first seat a bot plays: the seat is handed back
        to a person the way the session hands it back to a player who returns (``Session.set_bot``)."""
        seat = next((i for i, info in enumerate(self.session.seats) if info.is_bot), None)
        if seat is None:
            raise SeatRefused("Свободных мест нет: все места заняты людьми.")
        self.session.set_bot(seat, None)
        return self.connect(seat)


class LocalConnection:
    """One seat's (or a spectator's) line to the local host: a ``game.net.connection.Connection``."""

    goes_on_elsewhere = False  # the host lives in this window: paused here, it waits
    lobby = None
    replaying = False

    def __init__(self, host: LocalHost, seat: int):
        self.host = host
        self.seat = seat
        self.inbox: deque[dict] = deque()
        self.state_id = 0
        host.session.listen(seat, self._receive)

    def _receive(self, seat: int, message: dict) -> None:
        self.state_id = message.get("state_id", self.state_id)
        self.inbox.append(message)

    def send(self, action: dict, pressed_ms: int | None = None) -> None:
        """Send an action made against the latest view; refusals arrive as ``error`` messages.
        The session judges it exactly as it judges a LAN player's (``Session.receive``)."""
        now = self.host.clock()
        pressed = pressed_ms if pressed_ms is not None else now
        outcome = self.host.session.receive(self.seat, action, now, pressed, state_id=self.state_id)
        if not outcome.accepted and outcome.error is not None:
            self.inbox.append({"type": "error", **outcome.error.to_wire(), "action": action})

    def pump(self) -> None:
        self.host.pump()

    def take_bot_seat(self) -> "LocalConnection":
        """A second person at this screen takes over a bot's seat: their own connection; SeatRefused if none."""
        return self.host.take_bot_seat()

    def finished_journal(self) -> tuple[dict, list] | None:
        """The game's journal (header, entries) once it is over, for «Повтор партии»; None while it goes on."""
        session = self.host.session
        if not session.rules.is_over(session.state):
            return None
        return session.journal.header, list(session.journal.entries)

    def poll(self) -> list[dict]:
        out = list(self.inbox)
        self.inbox.clear()
        return out

    def close(self) -> None:
        self.host.session.unlisten(self.seat, self._receive)
