"""The lobby roster: a room's seats in order, who holds each (a person's key, a bot's level), under which name and
colour, and whether they are ready; and the one refusal every seat question ends in (``Refused``)."""
from __future__ import annotations

import secrets

from game.net import protocol as P
from game.net.host.peer import LobbySeat


def new_key() -> str:
    """A seat's key: whoever brings it back sits there again (docs/PROTOCOL.md §2)."""
    return secrets.token_urlsafe(18)


class Refused(Exception):
    """What the room will not do for the peer that asked (a lobby change, a bot's seat): that peer is sent an
    ``error`` with this code and reason, and nothing changes."""

    def __init__(self, code: str, reason: str):
        super().__init__(reason)
        self.code = code
        self.reason = reason


class Roster:
    def __init__(self) -> None:
        self.seats: list[LobbySeat] = []
        self.returned_keys: set[str] = set()  # keys of seats that went back to their bot, told apart from strangers'

    def index(self, seat: LobbySeat) -> int:
        return self.seats.index(seat)

    def seat_person(self, name: str) -> LobbySeat:
        seat = LobbySeat(self.unique_name(name), self.free_colour(), new_key())
        self.seats.append(seat)
        return seat

    def add_bot(self, level: str) -> None:
        n = sum(1 for s in self.seats if s.is_bot) + 1
        self.seats.append(LobbySeat(self.unique_name(f"Бот {n}"), self.free_colour(), new_key(), level))

    def rename(self, seat: LobbySeat, wanted: str) -> None:
        seat.name = ""  # its own name is no clash
        seat.name = self.unique_name(wanted)

    def unique_name(self, wanted: str) -> str:
        base = P.clean_name(wanted) or f"Игрок {len(self.seats) + 1}"
        taken = {s.name for s in self.seats}
        name, n = base, 2
        while name in taken:
            name = f"{base[:P.MAX_NAME_CHARS - 3]} {n}"
            n += 1
        return name

    def free_colour(self) -> str:
        taken = {s.colour for s in self.seats}
        return next((c for c in P.COLOUR_IDS if c not in taken), P.COLOUR_IDS[0])

    def owner(self) -> LobbySeat | None:
        """The first person seated who is here: they choose the game and start it."""
        return next((s for s in self.seats if not s.is_bot and s.peer is not None), None)

    def holding(self, token: str) -> LobbySeat | None:
        """The seat this key opens, if any."""
        return next((s for s in self.seats if secrets.compare_digest(s.token, token)), None)

    def first_bot(self) -> int | None:
        """The first seat a bot plays for nobody (a person's seat a bot covers is not a bot's)."""
        return next((i for i, s in enumerate(self.seats) if s.is_bot), None)

    def at_table(self) -> set[int]:
        """The seats someone is connected at."""
        return {i for i, s in enumerate(self.seats) if s.peer is not None and not s.peer.closed}

    def unready(self) -> None:
        for seat in self.seats:
            seat.ready = False
