"""Flood control for the room socket: a token bucket per browser.

A burst of ``BURST`` messages, then ``PER_SECOND`` a second; a socket that
keeps sending far past it (``FLOOD`` refusals in a row) is closed. Buckets
are kept per browser (its session's id) in the process, so reconnecting
does not refill one; a process keeps at most ``KEEP`` of them.
"""

from __future__ import annotations

import time
from collections import OrderedDict

BURST, PER_SECOND, FLOOD = 20, 8.0, 60
KEEP = 10_000


class Bucket:
    def __init__(self) -> None:
        self.tokens = float(BURST)
        self.refilled = time.monotonic()
        self.refused = 0

    def take(self) -> bool:
        """One message: True if it may go through."""
        now = time.monotonic()
        self.tokens = min(BURST, self.tokens + (now - self.refilled) * PER_SECOND)
        self.refilled = now
        if self.tokens >= 1:
            self.tokens -= 1
            self.refused = 0
            return True
        self.refused += 1
        return False

    @property
    def flooding(self) -> bool:
        return self.refused > FLOOD


_buckets: OrderedDict[str, Bucket] = OrderedDict()


def bucket_for(key: str) -> Bucket:
    """The bucket of a browser (or of one socket, for a browser without a session)."""
    bucket = _buckets.pop(key, None) or Bucket()
    _buckets[key] = bucket
    while len(_buckets) > KEEP:
        _buckets.popitem(last=False)
    return bucket
