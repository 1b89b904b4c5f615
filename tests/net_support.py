"""Helpers shared by the LAN tests: a host core driven in virtual time through fake wires."""
from __future__ import annotations

from game.net import protocol as P
from game.net.host import HostCore, Peer
from game.rules.base import snapshot


class VirtualClock:
    def __init__(self, start: int = 1_000):
        self.ms = start

    def __call__(self) -> int:
        return self.ms


class Wire:
    """A client as the host core sees it, without sockets: what it sends is handled at once."""

    def __init__(self, core: HostCore):
        self.core = core
        self.reader = P.FrameReader(P.MAX_HOST_MESSAGE, strict_keys=False)
        self.messages: list[dict] = []
        self.raw = bytearray()
        self.closed = False
        self.peer = core.connect(Peer(send=self._receive, close=self._close))

    def _receive(self, data: bytes) -> None:
        self.raw += data
        self.messages += self.reader.feed(data)

    def _close(self) -> None:
        self.closed = True

    def send(self, message: dict) -> None:
        self.core.receive(self.peer, P.pack(message))

    def send_bytes(self, data: bytes) -> None:
        self.core.receive(self.peer, data)

    def hello(self, name: str = "Игрок", **fields) -> dict:
        self.send({"type": "hello", "version": P.PROTOCOL_VERSION, "name": name, **fields})
        welcomes = self.of_type("welcome")
        return welcomes[-1] if welcomes else None

    def drop(self) -> None:
        self.closed = True
        self.core.disconnect(self.peer)

    def of_type(self, kind: str) -> list[dict]:
        return [m for m in self.messages if m.get("type") == kind]

    def last(self, kind: str) -> dict:
        found = self.of_type(kind)
        assert found, f"no {kind!r} among {[m.get('type') for m in self.messages]}"
        return found[-1]

    def take(self) -> list[dict]:
        out, self.messages = self.messages, []
        return out

    def act(self, action: dict, **fields) -> None:
        state_id = self.last("update")["state_id"] if self.of_type("update") else 0
        self.send({"type": "action", "action": action, "state_id": state_id, **fields})


def seated_room(players: int = 2, game: str = "toy", clock: VirtualClock | None = None, **kwargs):
    """A started room with ``players`` people; returns (core, wires, clock)."""
    clock = clock or VirtualClock()
    core = HostCore(game, "Комната", clock=clock, seed=7, **kwargs)
    wires = [Wire(core) for _ in range(players)]
    for i, wire in enumerate(wires):
        wire.hello(f"Игрок {i + 1}")
        wire.send({"type": "ready", "ready": True})
    wires[0].send({"type": "start"})
    assert core.started, [m for w in wires for m in w.of_type("error")]
    return core, wires, clock


def state_bytes(core: HostCore) -> bytes:
    return snapshot(core.session.state)
