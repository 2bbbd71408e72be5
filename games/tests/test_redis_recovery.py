"""The Redis channel layer comes back with Redis: no consumer is left on a dead connection.

A private redis-server (its own port: restarting it touches no other test)
carries twenty sockets' channels; it restarts; every channel still gets the
room's next message, including after the pool's connections sat idle.
"""

from __future__ import annotations

import asyncio

import pytest
from channels_redis.core import RedisChannelLayer

from boggleweb.layers import redis_channel_layer
from conftest import PrivateRedis, free_port

pytestmark = pytest.mark.asyncio


async def test_every_channel_hears_the_room_again_after_redis_restarts():
    redis = PrivateRedis(free_port())
    redis.start()
    layer = RedisChannelLayer(**redis_channel_layer(f"redis://127.0.0.1:{redis.port}/0")["CONFIG"])
    channels = [await layer.new_channel() for _ in range(20)]
    heard: dict[str, list] = {channel: [] for channel in channels}

    async def listen(channel):  # as a consumer's receive loop does
        while True:
            try:
                heard[channel].append(await layer.receive(channel))
            except Exception:  # Redis is down for a moment
                await asyncio.sleep(0.1)

    try:
        for channel in channels:
            await layer.group_add("room.TEST", channel)
        readers = [asyncio.create_task(listen(channel)) for channel in channels]
        await layer.group_send("room.TEST", {"type": "room.event", "n": 1})
        await asyncio.sleep(0.5)
        assert all(messages for messages in heard.values())
        redis.stop()
        await asyncio.sleep(1)
        redis.start()  # groups live in Redis: pages resync and join again
        await asyncio.sleep(1)
        for channel in channels:
            await layer.group_add("room.TEST", channel)
            heard[channel].clear()
        await layer.group_send("room.TEST", {"type": "room.event", "n": 2})
        await asyncio.sleep(2)
        assert sum(bool(messages) for messages in heard.values()) == len(channels)
        for messages in heard.values():  # idle pooled connections are checked, not trusted
            messages.clear()
        await asyncio.sleep(3)
        await layer.group_send("room.TEST", {"type": "room.event", "n": 3})
        await asyncio.sleep(1)
        assert sum(bool(messages) for messages in heard.values()) == len(channels)
        for reader in readers:
            reader.cancel()
    finally:
        await layer.flush()
        redis.stop()
