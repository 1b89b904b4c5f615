"""Helpers shared by the LAN tests: a host core driven in virtual time through fake wires, and peers over real
sockets (TCP and a phone's WebSocket) on loopback."""
from __future__ import annotations

import asyncio
import contextlib
import json
import socket
import time

from game.net import protocol as P
from game.net.host import HostCore, LanHost, Peer
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


def play_virtual(core: HostCore, wires: list[Wire], seed: int = 0, level: str = "player", max_steps: int = 20_000) -> bool:
    """Play a started room to the end in virtual time: each wire's seat is driven by its bot
    from the view and legal actions it received, exactly like a remote client would."""
    from game.bots import make_bot
    from game.net.client import _RandomBot
    from game.rules.base import Rng

    clock = core._clock
    bots, plans, cursor = {}, {}, {}
    for i, wire in enumerate(wires):
        seat = core.seats.index(wire.peer.seat)
        try:
            bots[i] = make_bot(core.game_id, level, seat, seed + i)
        except ModuleNotFoundError:
            bots[i] = _RandomBot(Rng(seed + i))
        cursor[i] = 0
    for _ in range(max_steps):
        if core.rules.is_over(core.session.state):
            return True
        for i, wire in enumerate(wires):
            fresh = wire.messages[cursor[i]:]
            cursor[i] = len(wire.messages)
            updates = [m for m in fresh if m.get("type") == "update"]
            refused = any(m.get("type") == "error" and m.get("ref") == "action" for m in fresh)
            last = updates[-1] if updates else (wire.last("update") if refused else None)
            if last is None:
                continue
            legal = [core.rules.actions.decode(a) for a in last["legal"]]
            choice = bots[i].plan(last["view"], legal, clock.ms) if legal else None
            if choice is None:
                plans.pop(i, None)
            else:
                plans[i] = (max(choice[0], clock.ms + (1 if refused else 0)), choice[1].to_wire(), last["state_id"])
        times = [p[0] for p in plans.values()]
        wake = core.next_wakeup()
        if wake is not None:
            times.append(wake)
        if not times:
            return False
        clock.ms = max(clock.ms, min(times))
        core.advance(clock.ms)
        for i, (at, action, state_id) in sorted(plans.items(), key=lambda kv: kv[1][0]):
            if at <= clock.ms:
                del plans[i]
                wires[i].send({"type": "action", "action": action, "state_id": state_id, "pressed": clock.ms})
                break
    return core.rules.is_over(core.session.state)


class TcpLine:
    """One peer over a real socket: it sends messages and reads the host's as they come."""

    def __init__(self, port: int):
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=5)
        self.reader = P.FrameReader(P.MAX_HOST_MESSAGE, strict_keys=False)
        self.unread: list[dict] = []
        self.seen: list[dict] = []

    def send(self, message: dict) -> None:
        self.sock.sendall(P.pack(message))

    def until(self, predicate, timeout_s: float) -> dict:
        deadline = time.monotonic() + timeout_s
        while True:
            while self.unread:
                message = self.unread.pop(0)
                self.seen.append(message)
                if predicate(message):
                    return message
            left = deadline - time.monotonic()
            assert left > 0, f"the host did not answer in {timeout_s} s: {[m.get('type') for m in self.seen]}"
            self.sock.settimeout(left)
            try:
                data = self.sock.recv(65536)
            except socket.timeout:
                continue
            assert data, "the host closed the connection"
            self.unread += self.reader.feed(data)

    def close(self) -> None:
        self.sock.close()


@contextlib.contextmanager
def started_lan_room_bot_first(clock):
    """An Эрудит room served over TCP and to phones, in virtual time: a bot at seat 0 and «Аня» over a ``TcpLine`` at
    seat 1, who has started the game, so the bot's turn has begun. Yields ``(core, host, web, line)``; stops it all
    after the ``with`` body (whose own ``finally`` can first let a held bot go)."""
    from game.net.web import WebServer

    core = HostCore("erudit", "Тест", clock=clock, bots=1, bot_level="player", seed=1)
    host = LanHost(core, "127.0.0.1", 0)
    host.start()
    web = WebServer(host, 0)
    web.start()
    line = TcpLine(host.port)
    try:
        line.send({"type": "hello", "version": P.PROTOCOL_VERSION, "name": "Аня"})
        assert line.until(lambda m: m["type"] == "welcome", 10)["seat"] == 1  # the bot sits first and begins
        line.send({"type": "start"})
        yield core, host, web, line
    finally:
        line.close()
        web.stop()
        host.stop()


def web_ping(port: int, code: str) -> dict:
    """A phone's page says hello and pings; the pong it gets."""
    import aiohttp

    async def run():
        async with aiohttp.ClientSession() as client:
            async with client.ws_connect(f"http://127.0.0.1:{port}/ws?code={code}") as ws:
                await ws.send_str(json.dumps({"type": "hello", "version": P.PROTOCOL_VERSION, "name": "Телефон",
                                              "role": "spectator"}))
                await ws.send_str(json.dumps({"type": "ping", "id": 7, "t": 0}))
                while True:
                    message = json.loads((await asyncio.wait_for(ws.receive(), 10)).data)
                    if message["type"] == "pong":
                        return message

    return asyncio.run(run())
