"""The Redis channel layer: Redis publish/subscribe, with the fixes this stack needs.

Why publish/subscribe (channels-redis' ``RedisPubSubChannelLayer``) and not its
default layer: a room event goes to the 30 sockets of a class. The default
layer stores one copy per socket in Redis, and every process then pops them
one Redis round trip each; with publish/subscribe an event is one PUBLISH, and
each process that holds sockets of the room gets it once and hands it to
them. Measured on this machine (`docs/PERFORMANCE.md`, "The channel layer"):
a fifth of the server's CPU and a fifteenth of Redis' per event. What it
gives up, a message queued while nobody listens, the game does not use: every
room event is numbered, and a page that missed one asks for a snapshot.

What this module adds to channels-redis:

- An outage is one log line per process, not a traceback per socket, and
  every socket of the process is told (a ``layer.lost`` message), so it closes
  with 4503 and its page comes back, with a fresh snapshot, once Redis does.
- A socket opened while Redis is down is not lost to a traceback: its channel
  is made, its subscription waits for Redis, and its group_add fails as a
  service error (4503).
"""

from __future__ import annotations

import asyncio

from channels_redis.pubsub import (
    RedisPubSubChannelLayer,
    RedisPubSubLoopLayer,
    RedisSingleShardConnection,
)
from channels_redis.utils import _wrap_close
from redis.asyncio.retry import Retry  # the asyncio one: channels-redis awaits it
from redis.backoff import ExponentialWithJitterBackoff
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import RedisError
from redis.exceptions import TimeoutError as RedisTimeoutError

from boggleweb.outages import note_outage

LOST = {"type": "layer.lost"}


class ShardConnection(RedisSingleShardConnection):
    async def _do_receiving(self) -> None:
        down = False
        while True:
            try:
                if self._pubsub and self._pubsub.subscribed:
                    message = await self._pubsub.get_message(
                        ignore_subscribe_messages=True, timeout=0.1
                    )
                    down = False
                    self._receive_message(message)
                else:
                    await asyncio.sleep(0.1)
            except (RedisError, OSError) as error:
                note_outage(error)
                if not down:  # every socket of this process: close, come back later
                    down = True
                    self.channel_layer.tell_everyone(LOST)
                await asyncio.sleep(0.5)


class LoopLayer(RedisPubSubLoopLayer):
    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self._shards = [ShardConnection(shard.host, self) for shard in self._shards]

    def tell_everyone(self, message: dict) -> None:
        data = self.channel_layer.serialize(message)
        for queue in self.channels.values():
            queue.put_nowait(data)

    async def _subscribe_to_channel(self, channel: str) -> None:
        self.channels[channel] = asyncio.Queue()
        try:
            await self._get_shard(channel).subscribe(channel)
        except (RedisError, OSError) as error:
            note_outage(error)  # the socket's group_add fails next: 4503

    async def receive(self, channel: str):
        """As channels-redis' own, but a failed unsubscribe (Redis down) as the
        socket closes is an outage, not a traceback."""
        if channel not in self.channels:
            await self._subscribe_to_channel(channel)
        queue = self.channels[channel]
        try:
            message = await queue.get()
        except (TimeoutError, asyncio.CancelledError, GeneratorExit):
            if self.channels.pop(channel, None) is not None:
                try:
                    await self._get_shard(channel).unsubscribe(channel)
                except (RedisError, OSError) as error:
                    note_outage(error)
            raise
        return self.channel_layer.deserialize(message)


class ChannelLayer(RedisPubSubChannelLayer):
    def _get_layer(self) -> LoopLayer:
        loop = asyncio.get_running_loop()
        if loop not in self._layers:
            self._layers[loop] = LoopLayer(*self._args, **self._kwargs, channel_layer=self)
            _wrap_close(self, loop)
        return self._layers[loop]


def redis_channel_layer(url: str) -> dict:
    """CHANNEL_LAYERS["default"] for a Redis at ``url``.

    socket_timeout=None: with redis-py 8 the default 5 s read timeout cut
    quiet connections ("Timeout reading from ..."). max_connections:
    redis-py's default pool of 100 refused 501 of 600 simultaneous connects.
    retry: redis-py's connections retry nothing by default, so after a Redis
    restart the first command on each pooled connection failed; now a dead
    connection is replaced and the command sent again.
    health_check_interval and socket_keepalive: a connection idle for a while
    is checked (PING) before use, and the kernel notices a peer that went away.
    """
    return {
        "BACKEND": "boggleweb.layers.ChannelLayer",
        "CONFIG": {
            "hosts": [
                {
                    "address": url,
                    "socket_timeout": None,
                    "max_connections": 1000,
                    "health_check_interval": 15,
                    "socket_keepalive": True,
                    "retry": Retry(ExponentialWithJitterBackoff(base=0.05, cap=1.0), 3),
                    "retry_on_error": [RedisConnectionError, RedisTimeoutError],
                }
            ],
        },
    }
