"""Fan-out: what every connection of a room is sent besides the answers to its own messages — each lobby change,
each table update for its seat or its watcher's view, a full snapshot on arrival, and the finished game's record.

One packing serves everyone who receives the same thing (all spectators share one encoding, all TV screens another,
every lobby but for its «you»). A slow reader (docs/PROTOCOL.md, «Slow readers») is skipped and, once it catches
up, sent the latest lobby and one full snapshot in place of what it missed.
"""
from __future__ import annotations

from typing import Callable

from game.net import protocol as P
from game.net.host.peer import Peer
from game.net.host.press import remember_sent
from game.net.host.roster import Roster
from game.net.record import PHONE, GameRecord
from game.net.session import Session

Send = Callable[[Peer, dict, bytes | None], None]


class FanOut:
    def __init__(self, peers: list[Peer], roster: Roster, session: Callable[[], Session | None],
                 now: Callable[[], int], send: Send, lobby_message: Callable[..., dict]):
        self._peers = peers
        self._roster = roster
        self._session = session
        self._now = now
        self._send = send
        self._lobby_message = lobby_message
        self._listening: set[int] = set()  # seats (and SPECTATOR/TV) the session builds updates for
        self._muted = False
        self._result: tuple[int, dict] | None = None  # (state id, the rules' result) once over
        self._record_bytes: bytes | None = None

    # ------------------------------------------------------------------ the lobby
    def lobby(self) -> None:
        """The room changed: everyone is sent the lobby as it stands now."""
        self.sync_listeners()
        packed: dict[int | None, bytes] = {}  # one encoding per «you»: every watcher shares one
        base: dict | None = None
        for peer in list(self._peers):
            if peer.role is None:
                continue
            if peer.slow():  # a reader this far behind gets only the latest lobby, once it catches up
                peer.lobby_due = True
                continue
            you = self._roster.index(peer.seat) if peer.seat is not None else None
            if you not in packed:
                base = base or self._lobby_message()
                packed[you] = P.pack({**base, "you": you})
            peer.lobby_due = False
            self._send(peer, base, packed[you])

    def caught_up(self, peer: Peer) -> None:
        """A slow reader's backlog drained: what it skipped, as one lobby and one full snapshot."""
        if peer.closed or peer.role is None:
            return
        if peer.lobby_due:
            peer.lobby_due = False
            self._send(peer, self._lobby_message(peer), None)
        if peer.snapshot_due and self._session() is not None:
            peer.snapshot_due = False
            self.snapshot(peer)

    # ------------------------------------------------------------------ the table
    def listen(self) -> None:
        """Every seat, spectator and TV screen someone is at gets its first full view now."""
        assert self._session() is not None
        self._listening = set()
        self.sync_listeners(initial=True)

    def sync_listeners(self, initial: bool = False) -> None:
        """Listen to exactly the seats and watcher views someone receives: the session builds a
        view (and legal list) per listened seat on every change, and nobody's is wasted work."""
        session = self._session()
        if session is None:
            return
        wanted = self._roster.at_table()
        wanted |= {p.watch for p in self._peers if p.watch is not None and not p.closed}
        for seat in sorted(wanted - self._listening):
            self._listening.add(seat)
            # a later arrival already had its snapshot from the handshake: no second one
            self._muted = not initial
            try:
                session.listen(seat, self._fan_out)
            finally:
                self._muted = False
        for seat in self._listening - wanted:
            self._listening.discard(seat)
            session.unlisten(seat, self._fan_out)

    def snapshot(self, peer: Peer) -> None:
        """The whole table as ``peer``'s seat (or watcher's view) sees it now."""
        session = self._session()
        assert session is not None
        seat = self._roster.index(peer.seat) if peer.seat is not None else peer.watch
        message = session.snapshot_message(seat)
        remember_sent(peer, message["state_id"], self._now())
        self._send(peer, self._decorate(message), None)

    def _audience(self, seat: int) -> list[Peer]:
        if seat >= 0:
            peer = self._roster.seats[seat].peer
            return [peer] if peer is not None and not peer.closed else []
        return [p for p in self._peers if p.watch == seat and not p.closed]

    def _fan_out(self, seat: int, message: dict) -> None:
        """A Session listener: one packing per seat, the same bytes written to everyone watching
        from it (all spectators share one encoding, all TV screens another)."""
        if self._muted:
            return
        peers = self._audience(seat)
        if not peers:
            return
        for peer in peers:
            if peer.snapshot_due or peer.slow():  # behind: one snapshot replaces what it skips
                peer.snapshot_due = True
        peers = [p for p in peers if not p.snapshot_due]
        if not peers:
            return
        data = P.pack(self._decorate(message))
        if seat >= 0:  # only players press reflexes: watchers need no send times
            now = self._now()
            for peer in peers:
                remember_sent(peer, message["state_id"], now)
        for peer in peers:
            self._send(peer, message, data)

    def _decorate(self, message: dict) -> dict:
        session = self._session()
        out = {**message, "t": self._now(), "reflex_kinds": _reflex_kinds(session.rules)}
        if message.get("over"):
            if self._result is None or self._result[0] != message["state_id"]:
                self._result = (message["state_id"], session.rules.result(session.state))
            out["result"] = self._result[1]
        return out

    # ------------------------------------------------------------------ the finished game
    def keep_record(self, record: GameRecord) -> None:
        """The finished game's record as the seated windows are sent it (``send_record``)."""
        message = {"type": "game_record", **record.to_wire()}
        data = P.pack(message)
        if len(data) > P.MAX_HOST_MESSAGE // 2:  # a journal that long is not worth a link: the summary goes alone
            data = P.pack({**message, "journal": None})
        self._record_bytes = data

    def send_record(self, peer: Peer) -> None:
        """A phone's page keeps no history (its machine's is the host's), and a watcher played no game of its own."""
        if self._record_bytes is not None and peer.seat is not None and peer.via != PHONE:
            self._send(peer, {"type": "game_record"}, self._record_bytes)


def _reflex_kinds(rules) -> list[str]:
    """The action kinds of this game judged by press time: a ``legal`` entry of such a kind is
    a reflex (a client may send it whatever ``state_id`` it last saw)."""
    return sorted(kind for kind, cls in rules.actions.by_kind.items() if getattr(cls, "reflex", False))
