"""Spreading sockets over the server processes again after a rolling restart.

The balancer sends each new socket to the process with the fewest open
(Caddy's least_conn), but a socket stays where it landed: after a rolling
restart the processes restarted first hold every page. So every few seconds
each process writes how many room sockets it holds to Redis (a hash shared
by the processes, each entry with its time) and reads the others'. A process
holding clearly more than its share closes a few of its sockets with
``CLOSE_MOVE``; their pages reconnect at once, and the balancer sends them to
the emptier processes. A little at a time (at most a tenth of its sockets a
turn), so a class never reconnects all at once, and only once the excess has
lasted two turns with this process no longer filling up: while a class joins,
the processes' counts are read a few seconds apart and look uneven for a
moment (600 players joining through the balancer were moved about for no
reason before this).

Never while a process drains (a rolling restart, ``HEALTHZ_DRAIN_FILE``): its
pages move when it stops, once, and moving others meanwhile would move some
of them twice.

Only with the Redis channel layer (several processes); ``SOCKET_REBALANCE_SECONDS``
sets the period (0: never).
"""

from __future__ import annotations

import asyncio
import logging
import os
import random
import socket
import time
import weakref

from django.conf import settings

from boggleweb.health import draining

logger = logging.getLogger(__name__)

KEY = "lettergrid:sockets"
PROCESS = f"{socket.gethostname()}:{os.getpid()}"
SLACK = 1.2  # a process may hold 20% more than the average before it sheds
FLOOR = 10  # ... and always at least this many more
MOST_PER_TURN = 0.1

_sockets: weakref.WeakSet = weakref.WeakSet()
_tasks: dict[asyncio.AbstractEventLoop, asyncio.Task] = {}
_last_turn: dict[str, int] = {"held": 0, "excess": 0}  # what the previous turn saw


def track(consumer) -> None:
    """A room socket this process holds (forgotten when it closes)."""
    _sockets.add(consumer)


def forget(consumer) -> None:
    _sockets.discard(consumer)


def to_shed(mine: int, counts: list[int]) -> int:
    """How many of ``mine`` sockets to move, given every process's count (``mine`` among
    them): the excess over a fair share, a tenth of ``mine`` at most."""
    if len(counts) < 2 or mine == 0:
        return 0
    average = sum(counts) / len(counts)
    if mine <= average * SLACK + FLOOR:
        return 0
    return max(1, min(int(mine - average), int(mine * MOST_PER_TURN)))


def ensure_started() -> None:
    interval = settings.SOCKET_REBALANCE_SECONDS
    url = settings.REDIS_URL
    loop = asyncio.get_running_loop()
    if interval <= 0 or url is None or (loop in _tasks and not _tasks[loop].done()):
        return
    _tasks[loop] = loop.create_task(_balance(url, interval))


async def _balance(url: str, interval: float) -> None:
    import redis.asyncio as redis

    client = redis.from_url(url)
    while True:
        await asyncio.sleep(interval * random.uniform(0.8, 1.2))  # processes out of step
        try:
            await balance_once(client, interval)
        except Exception as error:  # Redis down: nothing to balance; the layer says so
            logger.debug("socket balance skipped: %s", error)


async def balance_once(client, interval: float) -> int:
    """Publish this process's count, read the others', shed the excess; how many closed."""
    now = time.time()
    mine = len(_sockets)
    await client.hset(KEY, PROCESS, f"{mine}:{now}:{int(draining())}")
    await client.expire(KEY, int(interval * 10) + 1)
    entries = await client.hgetall(KEY)
    counts, stale, restarting = [], [], False
    for process, value in entries.items():
        count, at, *drain = value.decode().split(":")
        if now - float(at) > interval * 3:
            stale.append(process)
        else:
            counts.append(int(count))
            restarting = restarting or drain == ["1"]
    if stale:
        await client.hdel(KEY, *stale)
    excess = 0 if restarting else to_shed(mine, counts)
    settled = _last_turn["excess"] > 0 and mine <= _last_turn["held"]
    _last_turn.update(held=mine, excess=excess)
    shed = excess if settled else 0
    if shed:
        logger.info("moving %d of %d sockets to less busy processes", shed, mine)
        for consumer in random.sample(list(_sockets), shed):
            await consumer.move()
    return shed
