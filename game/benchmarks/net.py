"""LAN figures: ``reflex_correct_pct`` (simulated network, virtual time) and
``event_latency_ms_p99`` (host apply → client receive, 10 players + 20 spectators on loopback)."""
from __future__ import annotations

import itertools
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


# --------------------------------------------------------------------------- hostile clients
class RawClient:
    """A bare TCP client that speaks the protocol from docs/PROTOCOL.md, nothing more: what a
    hostile or a careless program can do. A reader thread decodes what the host sends; pongs
    to its own pings become round trips (``rtts``, ms) instead of inbox messages."""

    def __init__(self, port: int, address: str = "127.0.0.1", read: bool = True, receive_buffer: int | None = None):
        import queue
        import socket

        self.sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        if receive_buffer is not None:  # a reader that never reads fills this and stops the host's sends
            self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, receive_buffer)
        self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        self.sock.connect((address, port))
        self.inbox: "queue.Queue[dict | None]" = queue.Queue()
        self.rtts: list[float] = []
        self.closed = threading.Event()
        self._ping_ids = itertools.count(1)
        if read:
            self.read()

    def read(self) -> None:
        """Start reading what the host sends (a client made with ``read=False`` starts late)."""
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        from game.net.protocol import MAX_HOST_MESSAGE, FrameReader, ProtocolError

        reader = FrameReader(MAX_HOST_MESSAGE, strict_keys=False)
        try:
            while True:
                data = self.sock.recv(1 << 16)
                if not data:
                    break
                arrived = time.monotonic() * 1000
                for message in reader.feed(data):
                    if message.get("type") == "pong" and message.get("id", 0) < 0:
                        self.rtts.append(arrived - message["t"])
                    else:
                        self.inbox.put(message)
        except (OSError, ProtocolError):
            pass
        finally:
            self.closed.set()
            self.inbox.put(None)

    def send(self, message: dict | bytes) -> bool:
        import msgpack

        try:
            self.sock.sendall(message if isinstance(message, bytes) else msgpack.packb(message, use_bin_type=True))
            return True
        except OSError:
            return False

    def ping(self) -> None:
        """A ping timed by this client (negative ids: they never clash with a caller's own)."""
        self.send({"type": "ping", "id": -next(self._ping_ids), "t": time.monotonic() * 1000})

    def wait_for(self, predicate, timeout: float = 10.0) -> dict | None:
        """The first inbox message that fits (earlier ones are dropped); None if the host hung up."""
        import queue

        deadline = time.monotonic() + timeout
        while True:
            try:
                message = self.inbox.get(timeout=max(0.0, deadline - time.monotonic()))
            except queue.Empty:
                raise TimeoutError("хост не ответил вовремя") from None
            if message is None:
                self.inbox.put(None)  # later waits see the hang-up too
                return None
            if predicate(message):
                return message

    def hello(self, name: str, **fields) -> dict | None:
        from game.net.protocol import PROTOCOL_VERSION

        self.send({"type": "hello", "version": PROTOCOL_VERSION, "name": name, **fields})
        return self.wait_for(lambda m: m["type"] in ("welcome", "bye"))

    def close(self) -> None:
        try:
            self.sock.close()
        except OSError:
            pass


class PingProbe:
    """Pings through a client every ``every_s`` on its own thread: the other players' view of the room."""

    def __init__(self, client: RawClient, every_s: float = 0.01):
        self.client = client
        self.every_s = every_s
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def __enter__(self) -> "PingProbe":
        self._thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self._stop.set()
        self._thread.join(5)

    def _run(self) -> None:
        while not self._stop.wait(self.every_s):
            self.client.ping()

    def mark(self) -> int:
        """Where the round trips measured from now on begin (for ``p99`` of one phase)."""
        return len(self.client.rtts)

    def p99(self, *spans: tuple[int, int | None]) -> float | None:
        """p99 of the round trips in the given (start, end) spans of marks; all of them by default."""
        rtts = sorted(r for start, end in (spans or [(0, None)]) for r in self.client.rtts[start:end])
        return round(rtts[min(len(rtts) - 1, int(len(rtts) * 0.99))], 2) if rtts else None

    def quiet(self, seconds: float) -> tuple[int, int]:
        """A span of round trips measured while nobody else does anything."""
        start = self.mark()
        time.sleep(seconds)
        return start, self.mark()


class HostileRoom:
    """A started room on loopback with two seated people: ``calm`` pings, ``hostile`` attacks.
    The host's log goes to ``log_bytes`` (everything it writes at WARNING and above)."""

    def __init__(self, game_id: str, rate_per_second: int | None = None, rate_burst: int | None = None):
        import io
        import logging

        from game.net import protocol as P

        self.log = io.StringIO()
        self._handler = logging.StreamHandler(self.log)
        self._handler.setLevel(logging.WARNING)
        logging.getLogger().addHandler(self._handler)
        core = HostCore(game_id, "Замер", seed=5, rate_per_second=rate_per_second or P.RATE_PER_SECOND,
                        rate_burst=rate_burst or P.RATE_BURST)
        self.host = LanHost(core, "127.0.0.1", 0)
        self.host.start()
        self.calm = RawClient(self.host.port)
        self.calm.hello("Спокойный")
        self.hostile = RawClient(self.host.port)
        self.token = self.hostile.hello("Шумный")["token"]
        self.hostile.send({"type": "ready", "ready": True})
        self.hostile.wait_for(lambda m: m["type"] == "lobby" and m["seats"][1]["ready"])
        self.calm.send({"type": "start"})
        self.state_id = self.hostile.wait_for(lambda m: m["type"] == "update")["state_id"]

    def reconnect_hostile(self) -> None:
        self.hostile.close()
        self.hostile = RawClient(self.host.port)
        self.hostile.hello("Шумный", token=self.token)

    @property
    def log_bytes(self) -> int:
        return len(self.log.getvalue().encode("utf-8"))

    def close(self) -> None:
        import logging

        for client in (self.calm, self.hostile):
            client.close()
        self.host.stop()
        logging.getLogger().removeHandler(self._handler)


def nested_list(depth: int) -> list:
    value: list = []
    for _ in range(depth - 1):
        value = [value]
    return value


def deep_nesting_flood(seconds: float = 4.0, per_second: int = 45, depth: int = 500) -> dict:
    """The freeze of the issue: a seated player sends, under the rate limit, actions whose field
    is a list nested ``depth`` deep; the other player's pong p99 and the host's log size."""
    room = HostileRoom("uno")
    try:
        frame = {"type": "action", "action": {"kind": "play", "card": nested_list(depth)}, "state_id": room.state_id}
        import msgpack

        data = msgpack.packb(frame, use_bin_type=True)
        with PingProbe(room.calm) as probe:
            before = probe.quiet(seconds / 2)
            flood_start = probe.mark()
            start = time.monotonic()
            for n in range(int(seconds * per_second)):
                time.sleep(max(0.0, start + n / per_second - time.monotonic()))
                if not room.hostile.send(data):
                    room.reconnect_hostile()
            flood = (flood_start, probe.mark())
            after = probe.quiet(seconds / 2)
        # the quiet round trips tell what the machine itself costs (other programs, scheduling)
        return {"flood_pong_ms_p99": probe.p99(flood), "flood_quiet_pong_ms_p99": probe.p99(before, after),
                "flood_log_bytes": room.log_bytes, "flood_messages": int(seconds * per_second)}
    finally:
        room.close()


# --------------------------------------------------------------------------- host memory
_RETURN_S = 1.5  # the host hands freed memory back to the system a second after connections close
class HostProcess:
    """``python -m game host`` on loopback in its own process, so its memory is its own."""

    def __init__(self, game_id: str = "uno"):
        import tempfile

        self._folder = tempfile.TemporaryDirectory()
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "game", "host", "--game", game_id, "--bind", "127.0.0.1", "--port", "0",
             "--no-discovery", "--journal", self._folder.name],
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, cwd=_ROOT,
            env={**os.environ, "PYTHONUNBUFFERED": "1"},
        )
        for line in self.proc.stdout:
            if line.startswith("ENDPOINT"):
                self.port = int(line.rsplit(":", 1)[1])
                break
        else:
            raise RuntimeError("хост не запустился")

    def rss_mb(self) -> float:
        with open(f"/proc/{self.proc.pid}/status") as fh:
            for line in fh:
                if line.startswith("VmRSS:"):
                    return round(int(line.split()[1]) / 1024, 1)
        raise RuntimeError("нет VmRSS")

    def settled(self) -> None:
        """Everything sent to the host before this call has been handled (one handshake round trip)."""
        probe = RawClient(self.port)
        probe.hello("Проба", role="spectator")
        probe.close()

    def close(self) -> None:
        self.proc.terminate()
        try:
            self.proc.wait(10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
        self._folder.cleanup()


def abandoned_connections_rss(rounds: int = 10, per_round: int = 1_000) -> dict:
    """Host RSS at the start, at its peak and at the end of ``rounds`` × ``per_round``
    connections that send the first byte of a message and are dropped without a handshake.
    The start is taken after a first small round, so that what the host loads once on its first
    connections (code paths, caches) is not counted as growth."""
    import resource
    import socket

    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (max(soft, min(hard, per_round + 256)), hard))
    host = HostProcess()
    try:
        host.settled()
        start = peak = None
        for round_size in [min(100, per_round)] + [per_round] * rounds:
            sockets = []
            for _ in range(round_size):
                sock = socket.create_connection(("127.0.0.1", host.port))
                sock.sendall(b"\x82")  # the start of a map, never finished
                sockets.append(sock)
            host.settled()
            if start is not None:
                peak = max(peak, host.rss_mb())
            for sock in sockets:
                sock.close()
            host.settled()
            if start is None:  # the warm-up round is over
                time.sleep(_RETURN_S)
                start = peak = host.rss_mb()
        host.settled()
        end = host.rss_mb()
        deadline = time.monotonic() + 5.0  # the host gives freed memory back a moment later (1 s)
        while end - start > 20 and time.monotonic() < deadline:
            time.sleep(0.25)
            end = min(end, host.rss_mb())
    finally:
        host.close()
    return {"abandoned_rss_start_mb": start, "abandoned_rss_peak_mb": peak, "abandoned_rss_end_mb": end,
            "abandoned_rss_growth_mb": round(end - start, 1), "abandoned_connections": rounds * per_round}


def slow_watchers_rss(watchers: int = 64, seconds: float = 20.0, renames_per_second: int = 45) -> dict:
    """Host RSS while ``watchers`` spectators never read and a player renames itself
    ``renames_per_second`` times a second (every rename is a lobby broadcast to all)."""
    host = HostProcess()
    idle: list[RawClient] = []
    try:
        player = RawClient(host.port)
        player.hello("Игрок")
        for n in range(watchers):
            client = RawClient(host.port, read=False, receive_buffer=4096)
            client.send({"type": "hello", "version": 1, "name": f"Зритель {n}", "role": "spectator"})
            idle.append(client)
        host.settled()
        start = peak = host.rss_mb()
        began = time.monotonic()
        renames = int(seconds * renames_per_second)
        for n in range(renames):
            time.sleep(max(0.0, began + n / renames_per_second - time.monotonic()))
            player.send({"type": "rename", "name": f"Игрок {n % 2}"})
            if n % renames_per_second == 0:
                peak = max(peak, host.rss_mb())
        last = player.wait_for(lambda m: m["type"] == "lobby" and m["seats"][0]["name"] == f"Игрок {(renames - 1) % 2}")
        peak = max(peak, host.rss_mb())
        alive = last is not None and not player.closed.is_set()
    finally:
        for client in idle:
            client.close()
        host.close()
    return {"slow_watchers_rss_start_mb": start, "slow_watchers_rss_peak_mb": peak,
            "slow_watchers_player_served": alive, "slow_watchers": watchers}


def measure() -> dict:
    return {"reflex_correct_pct": reflex_correct_pct(), **host_update_ms(), **event_latency_ms_p99(),
            **deep_nesting_flood(), **abandoned_connections_rss(), **slow_watchers_rss()}


if __name__ == "__main__":
    if sys.argv[1:2] == ["--clients"]:
        _bench_game()  # the same game registry as the host's
        port, players, spectators, seconds = sys.argv[2:6]
        print(json.dumps(_play_clients(int(port), int(players), int(spectators), float(seconds))))
    else:
        print(measure())
