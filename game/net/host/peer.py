"""The two records a room keeps: a connection (``Peer``) and a seat at the table (``LobbySeat``). A person's seat
points at the peer they sit at it through, and that peer back at the seat; a bot's seat has no peer."""
from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Callable

from game.net import protocol as P
from game.net.host.rate import Bucket
from game.net.record import LAN


@dataclass
class AwaitedNewcomer:
    """A seat taken from a bot whose key has not come yet: at ``until_ms`` it goes back to that bot."""

    bot_name: str
    bot_level: str
    until_ms: int


@dataclass
class LobbySeat:
    name: str
    colour: str
    token: str
    bot_level: str | None = None
    ready: bool = False
    peer: Peer | None = None
    away_since: int | None = None
    substituted: bool = False  # a bot plays while the person is away
    awaited: AwaitedNewcomer | None = None  # taken from a bot, its key not come yet
    via: str = LAN  # how its person last came in: a window over the LAN or a phone's page (record.KINDS)

    @property
    def is_bot(self) -> bool:
        return self.bot_level is not None


@dataclass
class Peer:
    """One connection as the host sees it; ``send`` and ``close`` come from the transport."""

    send: Callable[[bytes], None]
    close: Callable[[], None]
    id: int = 0
    role: str | None = None  # None until the handshake
    seat: LobbySeat | None = None
    watch: int | None = None  # SPECTATOR or TV for watchers
    name: str = ""  # as the hello gave it: a spectator who sits down in a bot's seat brings it there
    may_sit: bool = True  # False for a phone's page opened without the room code: it may only watch
    via: str = LAN  # a window's TCP line, or PHONE for a phone's page (game/net/web.py)
    offset: float | None = None  # host clock minus client clock, as the client measured it (press.py)
    rtt: float | None = None
    sent_at: OrderedDict = field(default_factory=OrderedDict)  # state id -> host ms it was sent
    bucket: Bucket = field(default_factory=Bucket)  # its allowance of messages (rate.py)
    closed: bool = False
    reader: P.FrameReader = field(default_factory=lambda: P.FrameReader(P.MAX_CLIENT_MESSAGE))
    backlog: Callable[[], int] = lambda: 0  # bytes written to this connection and not yet sent
    lobby_due: bool = False  # a slow reader skipped lobby changes: the latest goes when it catches up
    snapshot_due: bool = False  # … skipped table updates: a full snapshot goes when it catches up

    def slow(self) -> bool:
        return self.backlog() > P.SLOW_READER_BYTES
