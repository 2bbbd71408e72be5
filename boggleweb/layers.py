"""The Redis channel-layer configuration, with the fixes this stack needs."""

from __future__ import annotations


def redis_channel_layer(url: str) -> dict:
    """CHANNEL_LAYERS["default"] for a Redis at ``url``.

    socket_timeout=None: with redis-py 8 the default 5 s read timeout equals
    channels-redis' own blocking read, and consumers in a quiet room died
    silently ("Timeout reading from ..."), never to receive a broadcast again.
    max_connections: redis-py's default pool of 100 refused 501 of 600
    simultaneous connects. capacity: the default 100 queued messages per
    channel drops broadcasts silently under bursts (docs/PERFORMANCE.md).
    """
    return {
        "BACKEND": "channels_redis.core.RedisChannelLayer",
        "CONFIG": {
            "hosts": [{"address": url, "socket_timeout": None, "max_connections": 1000}],
            "capacity": 1500,
            "expiry": 30,
        },
    }
