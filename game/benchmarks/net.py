"""LAN figures: ``reflex_correct_pct`` (simulated network, virtual time) and
``event_latency_ms_p99`` (host apply → client receive, 10 players + 20 spectators on loopback)."""
from __future__ import annotations

import json
import os
import random
import subprocess
import sys
import threading
import time

from game.net.client import AutoPlayer, ClockSync, LanConnection
from game.net.host import HostCore, LanHost, Peer
from game.net.protocol import CLOCK_SAMPLES
from game.rules.base import ReflexRace, Rng

_ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
RACES = 2_000
LATENCY_SECONDS = 10.0


def _simulated_client(rng: random.Random):
    """(peer as the host knows it, local clock, one-way delay) after syncing through a delaying link."""
    delay = rng.uniform(0, 80)
    skew = rng.randrange(-10**7, 10**7)
    one_way = lambda: delay + rng.uniform(0, 2)  # noqa: E731
    sync, peer = ClockSync(), Peer(send=lambda data: None, close=lambda: None)
    t = 0.0
    for _ in range(CLOCK_SAMPLES):
        ping = sync.make_ping(t + skew)
        host_at = t + one_way()
        sync.on_pong({"t": ping["t"], "host": host_at}, host_at + one_way() + skew)
        t += 400
    peer.offset, peer.rtt = sync.offset, sync.rtt
    return peer, skew, one_way


def reflex_correct_pct(races: int = RACES, seed: int = 1) -> float:
    """How often the truly first of two presses ≥ 20 ms apart wins, through the host's stamping."""
    rng = random.Random(seed)
    correct = 0
    for i in range(races):
        clients = [_simulated_client(rng) for _ in range(2)]
        opened = 100_000
        for peer, _, _ in clients:
            peer.sent_at[1] = opened
        first = rng.randrange(2)
        pressed = {first: opened + 90 + rng.uniform(0, 300)}
        pressed[1 - first] = pressed[first] + rng.uniform(20, 120)
        race = ReflexRace(opened_ms=opened)
        for seat, (peer, skew, one_way) in enumerate(clients):
            arrive = int(pressed[seat] + one_way())
            race.press(seat, HostCore.press_time(peer, pressed[seat] + skew, 1, arrive))
        correct += race.ranked(Rng(i))[0][0].seat == first
    return round(100.0 * correct / races, 2)


def _bench_game() -> tuple[str, int | None]:
    from game import rules as rules_registry

    if rules_registry.available("uno"):
        return "uno", None
    tests = os.path.join(_ROOT, "tests")
    sys.path.insert(0, tests)
    import toy_game  # a checkout without UNO yet: the toy game stretched to ten seats

    toy_game.register()
    return "toy", 10


def _play_clients(port: int, players: int, spectators: int, seconds: float) -> list[float]:
    """The clients' side of the latency bench: bots in every seat, watchers, arrival delays."""
    latencies: list[float] = []
    lock = threading.Lock()

    def arrival_of(conns_box: list):
        def on_message(message: dict) -> None:
            if message.get("type") == "update" and "t" in message and conns_box:
                with lock:
                    latencies.append(conns_box[0].arrived_ms - message["t"])
        return on_message

    conns: list[LanConnection] = []
    autos = []
    try:
        for i in range(players):
            box: list = []
            conn = LanConnection("127.0.0.1", port, f"Игрок {i + 1}", on_message=arrival_of(box))
            box.append(conn)
            conns.append(conn)
            # whoever reached the host first owns the room: every player is ready to start it
            autos.append(AutoPlayer(conn, speed=0.05, seed=i, start_when=players))
        for i in range(spectators):
            box = []
            box.append(LanConnection("127.0.0.1", port, f"Зритель {i}", role="spectator", on_message=arrival_of(box)))
            conns.append(box[0])
        for conn in conns:
            conn.welcomed.wait(10)
        for auto in autos:
            auto.start()
        (autos[0].over if autos else threading.Event()).wait(seconds)
    finally:
        for auto in autos:
            auto.stop()
        for conn in conns:
            conn.close()
    return latencies


def event_latency_ms_p99(players: int = 10, spectators: int = 20, seconds: float = LATENCY_SECONDS) -> dict:
    """The host in this process, the 30 clients in another (one interpreter lock each); both read
    the same system-wide monotonic clock, so host send → client arrival is measured directly.
    Arrival is when the update's bytes are read off the socket, before the client decodes them:
    decoding is the client's own work, and 30 clients decoding in one interpreter would time
    each other rather than the network path.
    (Splitting the clients over two processes was tried: on two shared cores it did not help.)"""
    game_id, max_players = _bench_game()
    host = LanHost(HostCore(game_id, "Замер", seed=3, max_players=max_players), "127.0.0.1", 0)
    host.start()
    try:
        out = subprocess.run(
            [sys.executable, "-m", "game.benchmarks.net", "--clients", str(host.port), str(players),
             str(spectators), str(seconds)],
            capture_output=True, text=True, timeout=seconds + 60, cwd=_ROOT,
        )
    finally:
        host.stop()
    latencies = sorted(json.loads(out.stdout.strip().splitlines()[-1])) if out.returncode == 0 else []

    def percentile(q: float) -> float | None:
        return round(latencies[min(len(latencies) - 1, int(len(latencies) * q))], 2) if latencies else None

    return {"event_latency_ms_p99": percentile(0.99), "event_latency_ms_p50": percentile(0.5),
            "event_latency_samples": len(latencies), "event_latency_game": game_id}


def host_update_ms(players: int = 10, spectators: int = 20, updates: int = 400, seed: int = 3) -> dict:
    """The host's own cost of one update (build every seat's view and legal list, encode, write),
    in CPU time of the host's thread so that other load on the machine does not count: a room of
    ``players`` people and ``spectators`` watchers on null transports, played in virtual time."""
    import msgpack

    game_id, max_players = _bench_game()
    clock = [1_000]
    core = HostCore(game_id, "Замер", clock=lambda: clock[0], seed=seed, max_players=max_players)
    written = [0]

    def write(data: bytes) -> None:
        written[0] += len(data)

    def hello(role: str, name: str) -> Peer:
        peer = core.connect(Peer(send=write, close=lambda: None))
        core.receive(peer, msgpack.packb({"type": "hello", "version": 1, "name": name, "role": role}))
        return peer

    people = [hello("player", f"Игрок {i + 1}") for i in range(players)]
    for i in range(spectators):
        hello("spectator", f"Зритель {i + 1}")
    for peer in people:
        core.receive(peer, msgpack.packb({"type": "ready", "ready": True}))
    core.receive(people[0], msgpack.packb({"type": "start"}))
    session = core.session
    for seat in range(players):  # the people's moves come from bots, their updates still go out
        session.set_bot(seat, "novice")
    costs: list[float] = []
    broadcast = session._broadcast

    def timed(events):
        start = time.thread_time()
        broadcast(events)
        costs.append((time.thread_time() - start) * 1000)

    session._broadcast = timed
    written[0] = 0
    while len(costs) < updates:
        if core.rules.is_over(session.state):
            break
        clock[0] = core.next_wakeup()
        core.advance(clock[0])
    costs.sort()
    return {"host_update_ms": round(sum(costs) / len(costs), 3),
            "host_update_ms_p99": round(costs[min(len(costs) - 1, int(len(costs) * 0.99))], 3),
            "host_update_kib": round(written[0] / len(costs) / 1024, 1)}


def measure() -> dict:
    return {"reflex_correct_pct": reflex_correct_pct(), **host_update_ms(), **event_latency_ms_p99()}


if __name__ == "__main__":
    if sys.argv[1:2] == ["--clients"]:
        _bench_game()  # the same game registry as the host's
        port, players, spectators, seconds = sys.argv[2:6]
        print(json.dumps(_play_clients(int(port), int(players), int(spectators), float(seconds))))
    else:
        print(measure())
