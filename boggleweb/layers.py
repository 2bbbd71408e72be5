"""The Redis channel-layer configuration, with the fixes this stack needs."""

from __future__ import annotations

from redis.asyncio.retry import Retry  # the asyncio one: channels-redis awaits it
from redis.backoff import ExponentialWithJitterBackoff
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import TimeoutError as RedisTimeoutError


def redis_channel_layer(url: str) -> dict:
    """CHANNEL_LAYERS["default"] for a Redis at ``url``.

    socket_timeout=None: with redis-py 8 the default 5 s read timeout equals
    channels-redis' own blocking read, and consumers in a quiet room died
    silently ("Timeout reading from ..."), never to receive a broadcast again.
    max_connections: redis-py's default pool of 100 refused 501 of 600
    simultaneous connects. capacity: the default 100 queued messages per
    channel drops broadcasts silently under bursts (docs/PERFORMANCE.md).
    retry: redis-py's connections retry nothing by default, so after a Redis
    restart the first command on each pooled connection failed, and a consumer
    whose receive loop got one died (pages dropped minutes after Redis came
    back); now a dead connection is replaced and the command sent again.
    health_check_interval and socket_keepalive: a connection idle for a while
    is checked (PING) before use, and the kernel notices a peer that went away.
    """
    return {
        "BACKEND": "channels_redis.core.RedisChannelLayer",
        "CONFIG": {
            "hosts": [
                {
                    "address": url,
                    "socket_timeout": None,
                    "max_connections": 1000,
                    "health_check_interval": 15,
                    "socket_keepalive": True,
                    "retry": Retry(ExponentialWithJitterBackoff(base=0.05, cap=1.0), 5),
                    "retry_on_error": [RedisConnectionError, RedisTimeoutError],
                }
            ],
            "capacity": 1500,
            "expiry": 30,
        },
    }
