"""The channel layers: Redis publish/subscribe, with the fixes this stack needs, and a
lighter in-memory layer for the embedded default (``InMemoryLayer``, at the end).

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
import contextlib
import time

from channels.exceptions import ChannelFull, StopConsumer
from channels.layers import InMemoryChannelLayer, get_channel_layer
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

    def _receive_message(self, message) -> None:
        """As channels-redis' own, but a room event is decoded once for all the
        sockets of the room in this process, not once per socket (the consumers
        never change a message they receive)."""
        if message is None:
            return
        name, data = message["channel"], message["data"]
        if isinstance(name, bytes):
            name = name.decode()
        layer = self.channel_layer
        if name in layer.inboxes:
            layer.inboxes[name].put_nowait(layer.channel_layer.deserialize(data))
        elif name in layer.channels:
            layer.channels[name].put_nowait(data)
        elif name in layer.groups:
            decoded = layer.channel_layer.deserialize(data)
            for channel in layer.groups[name]:
                queue = layer.inboxes.get(channel)
                if queue is None:
                    queue = layer.channels.get(channel)
                if queue is not None:
                    queue.put_nowait(decoded)


class LoopLayer(RedisPubSubLoopLayer):
    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self._shards = [ShardConnection(shard.host, self) for shard in self._shards]
        # channel -> the socket's own inbox (``ChannelLayer.attach``): decoded messages
        self.inboxes: dict[str, asyncio.Queue] = {}

    def tell_everyone(self, message: dict) -> None:
        data = self.channel_layer.serialize(message)
        for channel, queue in self.channels.items():
            inbox = self.inboxes.get(channel)
            if inbox is not None:
                inbox.put_nowait(message)
            else:
                queue.put_nowait(data)

    async def attach(self, channel: str, inbox: asyncio.Queue) -> None:
        """Deliver ``channel``'s messages, decoded, into ``inbox``. The channel stays
        in ``channels`` (channels-redis' group_add asks for it; ``new_channel`` has
        subscribed it), but nothing is put in the queue it has there."""
        if channel not in self.channels:
            await self._subscribe_to_channel(channel)
        self.inboxes[channel] = inbox

    async def detach(self, channel: str) -> None:
        self.inboxes.pop(channel, None)
        await self._forget(channel)

    async def _forget(self, channel: str) -> None:
        """The socket is going: its channel with it. A failed unsubscribe (Redis down)
        is an outage, not a traceback."""
        if self.channels.pop(channel, None) is not None:
            try:
                await self._get_shard(channel).unsubscribe(channel)
            except (RedisError, OSError) as error:
                note_outage(error)

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
            await self._forget(channel)
            raise
        if isinstance(message, dict):  # a room event, decoded once (ShardConnection)
            return message
        return self.channel_layer.deserialize(message)


class ChannelLayer(RedisPubSubChannelLayer):
    # The calls of every delivery, straight to this loop's layer: channels-redis
    # reaches them through __getattr__, a partial and one more coroutine each time.
    async def receive(self, channel: str):
        return await self._get_layer().receive(channel)

    async def group_send(self, group: str, message: dict) -> None:
        await self._get_layer().group_send(group, message)

    async def attach(self, channel: str, inbox: asyncio.Queue) -> None:
        """Deliver ``channel``'s messages into ``inbox`` (see :func:`serve_inbox`)."""
        await self._get_layer().attach(channel, inbox)

    async def detach(self, channel: str) -> None:
        await self._get_layer().detach(channel)

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


class InMemoryLayer(InMemoryChannelLayer):
    """The embedded default's layer (no REDIS_URL): Channels' in-memory layer without
    the work that made a word cost more CPU on ``make run`` than on Redis.

    Channels' own layer, per message delivered to a socket, walked every channel
    and group of the process to expire old messages (300 sockets: 300 queues
    looked at for each of a room event's 30 deliveries), built and threw away an
    ``asyncio.Queue`` on every send and receive, deep-copied the message for each
    socket and made a task per socket of the group (docs/PERFORMANCE.md, "The
    embedded default"). Here expiry runs at most once a second, a socket's
    queue is kept while it listens (not built anew for each message), and a
    room event is handed to each socket's queue as it is: messages through a
    layer are never changed by their receivers in this project (the consumers
    build a new dict to filter one), as over Redis,
    where every socket decodes its own copy.

    ``send_soon``: a worker thread's broadcast queued on the event loop without
    waiting for it (nothing can fail in memory), where ``async_to_sync`` held the
    worker thread and cost more than the delivery.
    """

    CLEAN_EVERY = 1.0  # seconds; messages expire after ``expiry`` (60 s)

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self._cleaned = 0.0
        self._loop: asyncio.AbstractEventLoop | None = None
        # channel -> the socket's own inbox (``attach``): messages as they are
        self._inboxes: dict[str, asyncio.Queue] = {}

    async def attach(self, channel: str, inbox: asyncio.Queue) -> None:
        """Deliver ``channel``'s messages into ``inbox`` (see :func:`serve_inbox`)."""
        self._loop = asyncio.get_running_loop()
        self._inboxes[channel] = inbox

    async def detach(self, channel: str) -> None:
        self._inboxes.pop(channel, None)

    def _clean_expired(self) -> None:
        now = time.monotonic()
        if now - self._cleaned >= self.CLEAN_EVERY:
            self._cleaned = now
            super()._clean_expired()

    def _queue(self, channel: str) -> asyncio.Queue:
        queue = self.channels.get(channel)
        if queue is None:
            queue = self.channels[channel] = asyncio.Queue(maxsize=self.get_capacity(channel))
        return queue

    async def send(self, channel: str, message: dict) -> None:
        assert isinstance(message, dict), "message is not a dict"
        self.require_valid_channel_name(channel)
        self._put(channel, message)

    def _put(self, channel: str, message: dict) -> None:
        inbox = self._inboxes.get(channel)
        if inbox is not None:  # the socket's messages wait at most ``capacity`` deep
            if inbox.qsize() >= self.get_capacity(channel):
                raise ChannelFull(channel)
            inbox.put_nowait(message)
            return
        try:
            self._queue(channel).put_nowait((time.time() + self.expiry, message))
        except asyncio.QueueFull:
            raise ChannelFull(channel) from None

    async def receive(self, channel: str) -> dict:
        self._loop = asyncio.get_running_loop()
        self.require_valid_channel_name(channel)
        self._clean_expired()
        queue = self._queue(channel)
        try:
            _, message = await queue.get()
        except BaseException:  # the socket is going: its queue with it, unless it holds some
            if queue.empty():
                self.channels.pop(channel, None)
            raise
        return message

    async def group_send(self, group: str, message: dict) -> None:
        assert isinstance(message, dict), "message is not a dict"
        self.require_valid_group_name(group)
        self._group_put(group, message)

    def _group_put(self, group: str, message: dict) -> None:
        self._clean_expired()
        for channel in list(self.groups.get(group, ())):
            with contextlib.suppress(ChannelFull):  # as Channels' own: a full socket misses it
                self._put(channel, message)

    def send_soon(self, group: str, message: dict) -> bool:
        """From a worker thread: queue ``message`` for ``group`` on the event loop the
        sockets receive on, without waiting. False when no socket has received yet
        (then the caller sends as usual)."""
        loop = self._loop
        if loop is None or not loop.is_running():
            return False
        loop.call_soon_threadsafe(self._group_put, group, message)
        return True


class InboxConsumer:
    """Mixin for a Channels consumer: served by :func:`serve_inbox` where the server and
    the layer allow, by Channels' own loop otherwise."""

    async def __call__(self, scope: dict, receive, send) -> None:
        if not await serve_inbox(self, scope, receive, send):
            await super().__call__(scope, receive, send)


async def serve_inbox(consumer, scope: dict, receive, send) -> bool:
    """Run ``consumer`` (a Channels consumer) on one queue: its socket's and its
    channel's messages, in the order they came. False, having done nothing, when the
    server's ``receive`` is not a queue's ``get`` or the layer cannot deliver into it
    (then Channels' own ``__call__`` runs the consumer).

    Channels' ``AsyncConsumer.__call__`` waits on two tasks, the socket's receive
    and the layer's, with ``asyncio.wait``, and makes a new task after every
    message: per message delivered, more event-loop work than the delivery
    itself (docs/PERFORMANCE.md). daphne (and asgiref's test communicator) hand
    the application its connection's ``asyncio.Queue.get``: the layer puts the
    channel's messages into that same queue, so one ``get`` serves both, one
    message at a time, as before."""
    inbox = getattr(receive, "__self__", None)
    layer = get_channel_layer(consumer.channel_layer_alias)
    if not isinstance(inbox, asyncio.Queue) or not hasattr(layer, "attach"):
        return False
    consumer.scope, consumer.channel_layer, consumer.base_send = scope, layer, send
    consumer.channel_name = await layer.new_channel()
    await layer.attach(consumer.channel_name, inbox)
    try:
        while True:
            await consumer.dispatch(await inbox.get())
    except StopConsumer:
        pass
    finally:
        await layer.detach(consumer.channel_name)
    return True
