"""What a table scene talks to: a ``Connection``, whichever way the game is played — the in-process host
(``game.net.local``), a LAN room (``game.net.client``) or a replay (``game.net.replay``). Scenes name this protocol,
never one of its implementations, and ask it what they need to know about the game's reach (``goes_on_elsewhere``)
instead of testing its class."""
from __future__ import annotations

from typing import Protocol


class SeatRefused(Exception):
    """A connection's request for a seat was refused; ``str(error)`` is the Russian reason for the player."""


class Connection(Protocol):
    seat: int
    # the game goes on on other screens while this one is paused (a LAN room, phones); a local table or a replay
    # stands still with it
    goes_on_elsewhere: bool
    lobby: dict | None  # the room as the host last told it (its seats, which of them bots play); None off the LAN
    replaying: bool  # a replay: the table keeps the viewer's corner clear and saves nothing

    def send(self, action: dict, pressed_ms: int | None = None) -> None:
        """An action made against the latest view; refusals come back as ``error`` messages."""

    def poll(self) -> list[dict]:
        """The messages that arrived since the last poll (docs/PROTOCOL.md)."""

    def pump(self) -> None:
        """Once a frame: lets the game move on (bots, deadlines) where this connection drives it."""

    def take_bot_seat(self) -> "Connection":
        """A second person at this screen takes a bot's seat: their own connection; SeatRefused if none."""

    def finished_journal(self) -> tuple[dict, list] | None:
        """The game's journal (header, entries) once it is over, for «Повтор партии»; None while it goes on."""

    def close(self) -> None:
        """The scene is done with the game."""
