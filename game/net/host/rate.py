"""How many messages a connection may send: a token bucket per peer (docs/PROTOCOL.md, «Limits»).

Each message takes one token; the bucket refills at ``per_second`` up to ``burst``. A peer whose bucket runs dry is
cut off (``bye`` ``rate``), whether it speaks msgpack over TCP or JSON from a phone's page.
"""
from __future__ import annotations

from dataclasses import dataclass

from game.net import protocol as P


@dataclass
class Bucket:
    """One peer's tokens. A new one holds the protocol's burst whatever the room's limit: a room with a smaller
    burst caps it at the first refill."""

    tokens: float = float(P.RATE_BURST)
    refilled_ms: int | None = None


@dataclass(frozen=True)
class RateLimit:
    per_second: int = P.RATE_PER_SECOND
    burst: int = P.RATE_BURST

    def admits(self, bucket: Bucket, now: int) -> bool:
        """Take a token for a message arriving at ``now``: False once the bucket is empty."""
        if bucket.refilled_ms is not None:
            bucket.tokens = min(float(self.burst), bucket.tokens + (now - bucket.refilled_ms) * self.per_second / 1000)
        bucket.refilled_ms = now
        bucket.tokens -= 1
        return bucket.tokens >= 0
