"""Fair reflexes: presses stamped on the clients' clocks and judged in host time, in virtual time.

A simulated network gives each client its own one-way delay (0–80 ms, plus up to 2 ms of
jitter per packet) and its own clock; the real host core converts and clamps the stamps, and
the toy game's ReflexRace ranks them.
"""
from __future__ import annotations

import random

from game.net.client import ClockSync
from game.net.protocol import CLOCK_SAMPLES
from game.rules.base import FRAME_MS, ReflexRace
from net_support import VirtualClock, seated_room

TRIALS = 1_000


class SimClient:
    def __init__(self, wire, rng: random.Random):
        self.wire = wire
        self.rng = rng
        self.delay = rng.uniform(0, 80)
        self.skew = rng.randrange(-10**7, 10**7)  # its monotonic clock started at another moment
        self.sync = ClockSync()

    def local(self, true_ms: float) -> float:
        return true_ms + self.skew

    def one_way(self) -> float:
        return self.delay + self.rng.uniform(0, 2)

    def sync_clock(self, clock: VirtualClock, start: float) -> None:
        """Pings through the delaying network; the last one reports the estimate to the host."""
        t = start
        for _ in range(CLOCK_SAMPLES + 1):
            ping = self.sync.make_ping(self.local(t))
            arrive = t + self.one_way()
            clock.ms = arrive
            self.wire.send(ping)
            pong = self.wire.last("pong")
            self.sync.on_pong(pong, self.local(arrive + self.one_way()))
            t += 400


def _race_once(rng: random.Random, gap: float) -> tuple[int, int]:
    """(truly first seat, winning seat) for one race between seats 0 and 1."""
    clock = VirtualClock(10_000)
    core, wires, _ = seated_room(2, clock=clock, rate_burst=10**6)
    clients = [SimClient(w, rng) for w in wires]
    for client in clients:
        client.sync_clock(clock, 10_000)
    opened = 20_000
    clock.ms = opened
    core.session.state.race = ReflexRace(opened_ms=opened, collect_ms=100)
    core.session._broadcast([])  # the table shows the race to everyone now
    state_id = core.session.state_id
    first = rng.randrange(2)
    pressed = {first: opened + 90 + rng.uniform(0, 300)}
    pressed[1 - first] = pressed[first] + gap
    arrivals = sorted((pressed[s] + clients[s].one_way(), s) for s in (0, 1))
    for arrive, seat in arrivals:
        clock.ms = int(arrive)
        wires[seat].send({"type": "action", "action": {"kind": "slap"}, "state_id": state_id,
                          "pressed": clients[seat].local(pressed[seat])})
    clock.ms += 1_000
    core.advance()
    slapped = [e for e in wires[0].last("update")["events"] if e["kind"] == "slapped"]
    assert slapped, wires[0].of_type("error")
    return first, slapped[0]["winner"]


def test_the_truly_first_wins_when_the_gap_is_at_least_20_ms():
    rng = random.Random(77)
    correct = sum(first == winner for first, winner in (_race_once(rng, rng.uniform(20, 120)) for _ in range(TRIALS)))
    assert correct / TRIALS >= 0.99, f"{correct} of {TRIALS}"


def test_stamping_on_arrival_would_let_the_network_decide(monkeypatch):
    """The same races with presses stamped when they reach the host: the test can tell."""
    from game.net.host import HostCore

    monkeypatch.setattr(HostCore, "press_time", lambda self, peer, pressed, state_id, now: now)
    rng = random.Random(78)
    correct = sum(first == winner for first, winner in (_race_once(rng, rng.uniform(20, 120)) for _ in range(200)))
    assert correct / 200 < 0.95


def test_a_lying_stamp_is_clamped_by_the_round_trip_and_the_send_time():
    clock = VirtualClock(10_000)
    core, wires, _ = seated_room(2, clock=clock)
    wires[1].send({"type": "ping", "id": 1, "t": 0, "offset": 0.0, "rtt": 40.0})
    clock.ms = 20_000
    core.session.state.race = ReflexRace(opened_ms=20_000, collect_ms=100)
    core.session._broadcast([])
    clock.ms = 20_500
    wires[1].act({"kind": "slap"}, pressed=1)  # "I pressed long before the race began"
    stamped = core.session.journal.entries[-1].t_ms
    assert stamped == 20_500 - 40 - FRAME_MS
    clock.ms = 20_510
    wires[0].act({"kind": "slap"}, pressed=10**12)  # from the future: no later than arrival
    assert core.session.journal.entries[-1].t_ms == 20_510


def test_clock_sync_prefers_the_fastest_round_trip():
    sync = ClockSync()
    sync.on_pong({"t": 0, "host": 5_000 + 60}, 200)  # slow and lopsided: offset guess off by 40
    sync.on_pong({"t": 1_000, "host": 6_000 + 5}, 1_010)  # quick: true offset 5_000
    assert sync.rtt == 10 and abs(sync.offset - 5_000) <= 5
