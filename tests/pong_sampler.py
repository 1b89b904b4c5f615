"""A watcher's pings to LAN rooms, timed from outside the host's process (run as a script by
tests/test_host_pongs_while_masters_think.py, so the host's threads and this one share no interpreter).

    python tests/pong_sampler.py WATCHED_PORT OTHER_PORT... --until-state N

It joins every room as a spectator, says ``ready`` on stdout, and from then on pings every room every
``INTERVAL_S`` on its own schedule, whether the pongs came or not (a loop that stalls delays every ping sent
meanwhile, and each of them counts). Once the first room's game reached state ``N`` (that many moves) and the
last pongs came, it prints one JSON line: per room the round trips in milliseconds, the pings left unanswered,
and the state the game reached.
"""
from __future__ import annotations

import argparse
import json
import selectors
import socket
import sys
import time

from game.net import protocol as P

INTERVAL_S = 0.005
LAST_PONGS_S = 5.0  # how long the pings still out at the end may take
GIVE_UP_S = 120.0


class Room:
    def __init__(self, port: int):
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=10)
        self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        self.reader = P.FrameReader(P.MAX_HOST_MESSAGE, strict_keys=False)
        self.sent: dict[int, float] = {}
        self.rtt_ms: list[float] = []
        self.state_id = -1
        self.next_id = 1

    def send(self, message: dict) -> None:
        self.sock.sendall(P.pack(message))

    def ping(self) -> None:
        self.sent[self.next_id] = time.perf_counter()
        self.send({"type": "ping", "id": self.next_id, "t": 0})
        self.next_id += 1

    def read(self) -> list[dict]:
        data = self.sock.recv(1 << 20)
        if not data:
            raise SystemExit("a room closed the connection")
        messages = self.reader.feed(data)
        now = time.perf_counter()
        for message in messages:
            if message["type"] == "pong" and message["id"] in self.sent:
                self.rtt_ms.append((now - self.sent.pop(message["id"])) * 1000)
            elif message["type"] == "update":
                self.state_id = max(self.state_id, message["state_id"])
        return messages


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("ports", type=int, nargs="+")
    parser.add_argument("--until-state", type=int, required=True)
    args = parser.parse_args()
    rooms = [Room(port) for port in args.ports]
    for room in rooms:
        room.send({"type": "hello", "version": P.PROTOCOL_VERSION, "name": "Зритель", "role": "spectator"})
        while not any(m["type"] == "welcome" for m in room.read()):
            pass
    selector = selectors.DefaultSelector()
    for room in rooms:
        room.sock.setblocking(False)
        selector.register(room.sock, selectors.EVENT_READ, room)
    print("ready", flush=True)
    started = time.perf_counter()
    next_ping = started
    watched = rooms[0]
    first = 0
    while watched.state_id < args.until_state:
        now = time.perf_counter()
        if now - started > GIVE_UP_S:
            raise SystemExit(f"the watched game reached only state {watched.state_id} in {GIVE_UP_S} s")
        if now >= next_ping:
            for k in range(len(rooms)):  # each room pinged first in turn
                rooms[(first + k) % len(rooms)].ping()
            first += 1
            next_ping += INTERVAL_S
        for key, _ in selector.select(max(0.0, next_ping - time.perf_counter())):
            key.data.read()
    deadline = time.perf_counter() + LAST_PONGS_S
    while any(room.sent for room in rooms) and time.perf_counter() < deadline:
        for key, _ in selector.select(max(0.0, deadline - time.perf_counter())):
            key.data.read()
    print(json.dumps([{"rtt_ms": room.rtt_ms, "unanswered": len(room.sent), "state_id": room.state_id}
                      for room in rooms]), flush=True)


if __name__ == "__main__":
    sys.exit(main())
