"""Press-time conversion: a reflex pressed on a client's clock, told on the host's (docs/DESIGN.md, «The host»).

Each client measures its clock against the host's with its pings (NTP-style, the lowest round trip of recent
samples) and reports the offset and round trip; the host remembers when it sent each peer each state, so that a
press is never placed before the table it reacted to was on its way.
"""
from __future__ import annotations

from game.net import protocol as P
from game.net.host.peer import Peer
from game.rules.base import FRAME_MS

SENT_MEMORY = 64  # how many recent state ids each peer remembers the send time of


def take_clock_sample(peer: Peer, ping: dict) -> None:
    """The offset and round trip a ``ping`` reports, when it reports both."""
    if ping.get("offset") is not None and ping.get("rtt") is not None:
        peer.offset, peer.rtt = float(ping["offset"]), float(ping["rtt"])


def remember_sent(peer: Peer, state_id: int, now: int) -> None:
    """``state_id`` went to ``peer`` at ``now`` (the first time counts)."""
    peer.sent_at.setdefault(state_id, now)
    while len(peer.sent_at) > SENT_MEMORY:
        peer.sent_at.popitem(last=False)


def press_time(peer: Peer, pressed: float | None, state_id: int, now: int) -> int:
    """Host time of a reflex press stamped on the client's clock.

    The client's offset converts it; the result is clamped to what the measured round
    trip allows (the press travelled at most one round trip) and never precedes the
    moment this peer was sent the state it reacted to."""
    if pressed is None or peer.offset is None:
        return now
    rtt = min(max(peer.rtt or 0.0, 0.0), P.MAX_RTT_MS)
    earliest = now - rtt - FRAME_MS
    sent = peer.sent_at.get(state_id)
    if sent is not None:
        earliest = max(earliest, sent)
    return int(round(min(max(pressed + peer.offset, earliest), now)))
