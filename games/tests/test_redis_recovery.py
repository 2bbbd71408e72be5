"""The channel layer through a Redis restart: every socket is told, and hears its room again.

A private redis-server (its own port: restarting it touches no other test)
carries twenty channels of one room; it stops and starts again. Every channel
gets one ``layer.lost`` (its socket closes with 4503 and its page comes
back), the outage is one log line, and once Redis is back the room's events
reach every channel, also after the connections sat idle.
"""

from __future__ import annotations

import asyncio
import logging

import pytest
from redis.exceptions import RedisError

from boggleweb import layers, outages
from conftest import PrivateRedis, free_port

pytestmark = pytest.mark.asyncio


async def test_every_channel_is_told_of_an_outage_and_hears_the_room_once_redis_is_back(
    caplog, monkeypatch
):
    monkeypatch.setattr(outages, "_last_logged", 0.0)
    redis = PrivateRedis(free_port())
    redis.start()
    config = layers.redis_channel_layer(f"redis://127.0.0.1:{redis.port}/0")["CONFIG"]
    layer = layers.ChannelLayer(**config)
    channels = [await layer.new_channel() for _ in range(20)]
    heard: dict[str, list] = {channel: [] for channel in channels}

    async def listen(channel):  # as a consumer's receive loop does
        while True:
            heard[channel].append(await layer.receive(channel))

    readers = [asyncio.create_task(listen(channel)) for channel in channels]
    try:
        for channel in channels:
            await layer.group_add("room.TEST", channel)
        await layer.group_send("room.TEST", {"type": "room.event", "n": 1})
        await asyncio.sleep(0.5)
        assert all(messages == [{"type": "room.event", "n": 1}] for messages in heard.values())

        with caplog.at_level(logging.INFO):
            redis.stop()
            await asyncio.sleep(2)
            # A broadcast during the outage fails as a service error, not a hang.
            with pytest.raises(RedisError):
                await asyncio.wait_for(layer.group_send("room.TEST", {"n": "lost"}), 10)
        for messages in heard.values():
            assert messages[1:] == [layers.LOST]  # told once, whatever the outage's length
        outage_lines = [r for r in caplog.records if "unreachable" in r.getMessage()]
        assert len(outage_lines) == 1 and outage_lines[0].exc_info is None
        assert not [r for r in caplog.records if r.exc_info]  # no traceback at all

        redis.start()
        await asyncio.sleep(2)  # the subscriptions are made again on reconnection
        for messages in heard.values():
            messages.clear()
        await layer.group_send("room.TEST", {"type": "room.event", "n": 2})
        await asyncio.sleep(1)
        assert all(messages == [{"type": "room.event", "n": 2}] for messages in heard.values())
        await asyncio.sleep(3)  # idle pooled connections are checked, not trusted
        await layer.group_send("room.TEST", {"type": "room.event", "n": 3})
        await asyncio.sleep(1)
        assert all(messages[-1] == {"type": "room.event", "n": 3} for messages in heard.values())
    finally:
        for reader in readers:
            reader.cancel()
        await asyncio.gather(*readers, return_exceptions=True)
        await layer.flush()
        redis.stop()


async def test_a_socket_opened_while_redis_is_down_gets_a_channel_and_a_service_error():
    port = free_port()  # nothing listens there
    layer = layers.ChannelLayer(
        **layers.redis_channel_layer(f"redis://127.0.0.1:{port}/0")["CONFIG"]
    )
    channel = await layer.new_channel()  # no traceback, no exception: the socket is accepted
    with pytest.raises(RedisError):  # the consumer closes with 4503
        await layer.group_add("room.TEST", channel)
    await layer.flush()
