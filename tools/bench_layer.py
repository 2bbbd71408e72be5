"""The channel layer's cost of a room event, default layer against publish/subscribe.

    .venv/bin/python -m tools.bench_layer --redis redis://127.0.0.1:6379/9

Rooms of 30 channels in one process; EVENTS room events sent one after
another; measured once every channel got every event: this process's CPU
time, Redis' CPU time (from INFO) and the wall time. CPU time, unlike
latency, hardly moves with what else the machine runs.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import time

import redis as sync_redis
from channels_redis.core import RedisChannelLayer

from boggleweb import layers


def redis_cpu(url: str) -> float:
    info = sync_redis.from_url(url).info("cpu")
    return info["used_cpu_sys"] + info["used_cpu_user"]


async def measure(kind: str, url: str, rooms: int, per_room: int, events: int) -> dict:
    config = layers.redis_channel_layer(url)["CONFIG"]
    if kind == "default":
        layer = RedisChannelLayer(**config, capacity=events, expiry=60)
    else:
        layer = layers.ChannelLayer(**config)
    total = events * per_room
    received = 0
    done = asyncio.Event()

    async def listen(channel: str) -> None:
        nonlocal received
        while True:
            await layer.receive(channel)
            received += 1
            if received >= total:
                done.set()

    readers = []
    for room in range(rooms):
        for _ in range(per_room):
            channel = await layer.new_channel()
            await layer.group_add(f"room.{room}", channel)
            readers.append(asyncio.create_task(listen(channel)))
    await asyncio.sleep(0.5)
    event = {"type": "scores", "round": 1, "scores": [{"id": 1, "points": 3, "words": 1}]}
    cpu, redis_before, wall = time.process_time(), redis_cpu(url), time.perf_counter()
    for number in range(events):
        message = {"type": "room.event", "event": {**event, "seq": number}, "team": None}
        await layer.group_send(f"room.{number % rooms}", message)
    await asyncio.wait_for(done.wait(), 300)
    result = {
        "layer": kind,
        "events": events,
        "deliveries": total,
        "process_cpu_s": round(time.process_time() - cpu, 2),
        "redis_cpu_s": round(redis_cpu(url) - redis_before, 2),
        "wall_s": round(time.perf_counter() - wall, 2),
    }
    result["process_cpu_us_per_delivery"] = round(result["process_cpu_s"] / total * 1e6, 1)
    for reader in readers:
        reader.cancel()
    await asyncio.gather(*readers, return_exceptions=True)
    await layer.flush()
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--redis", default="redis://127.0.0.1:6379/9")
    parser.add_argument("--rooms", type=int, default=10)
    parser.add_argument("--room-size", type=int, default=30)
    parser.add_argument("--events", type=int, default=1500)
    args = parser.parse_args()
    for kind in ("default", "pubsub"):
        figures = asyncio.run(measure(kind, args.redis, args.rooms, args.room_size, args.events))
        print(json.dumps(figures))


if __name__ == "__main__":
    main()
