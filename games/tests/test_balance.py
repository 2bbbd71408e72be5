"""After a rolling restart, a process holding more than its share of sockets moves some."""

from __future__ import annotations

import time

import pytest
from asgiref.sync import sync_to_async

from conftest import PrivateRedis, free_port
from games import balance, protocol, services
from games.tests.conftest import communicator, drain_until, make_room


@pytest.mark.parametrize(
    ("mine", "counts", "moved"),
    [
        (100, [100, 0], 10),  # everything here: a tenth a turn
        (60, [60, 40], 0),  # within the slack
        (100, [100, 80, 90], 0),
        (300, [300, 0, 0], 30),
        (30, [30, 0], 3),
        (12, [12, 0], 0),  # a few sockets are never worth moving
        (100, [100], 0),  # alone: nowhere to go
    ],
)
def test_a_process_sheds_its_excess_a_little_at_a_time(mine, counts, moved):
    assert balance.to_shed(mine, counts) == moved


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
async def test_the_busier_process_closes_some_sockets_to_reconnect_elsewhere():
    import redis.asyncio as redis

    server = PrivateRedis(free_port())
    server.start()
    client = redis.from_url(f"redis://127.0.0.1:{server.port}/0")
    room = await sync_to_async(make_room)(mode="versus")
    pages = []
    try:
        for n in range(30):
            await sync_to_async(services.player_join)(room=room, browser=f"p{n}", nickname=f"P{n}")
            ws = communicator(room.code, f"p{n}", play=True)
            assert (await ws.connect())[0]
            await drain_until(ws, "snapshot")
            pages.append(ws)
        # Another process, just restarted, holds nothing yet.
        await client.hset(balance.KEY, "other:1", f"0:{time.time()}")
        balance._last_turn.update(held=0, excess=0)
        # The first turn that sees the excess waits: the class may still be joining.
        assert await balance.balance_once(client, interval=10) == 0
        assert await balance.balance_once(client, interval=10) == 3
        closed = 0
        for ws in pages:
            while not await ws.receive_nothing(timeout=0.1):  # what the page got so far
                if (await ws.receive_output()).get("code") == protocol.CLOSE_MOVE:
                    closed += 1
        assert closed == 3
        entry = (await client.hget(balance.KEY, balance.PROCESS)).decode()
        assert entry.startswith("30:")  # what it held when it compared
        # A process still filling up (more sockets than a turn ago) moves none.
        balance._last_turn.update(held=10, excess=5)
        await client.hset(balance.KEY, "other:1", f"0:{time.time()}")
        assert await balance.balance_once(client, interval=10) == 0
        # Entries of processes gone silent are forgotten, not averaged in.
        await client.hset(balance.KEY, "gone:2", f"0:{time.time() - 3600}")
        await balance.balance_once(client, interval=10)
        assert await client.hget(balance.KEY, "gone:2") is None
        # While a process drains (a rolling restart) nobody moves a page: each moves
        # once, when its process stops.
        balance._last_turn.update(held=30, excess=3)
        await client.hset(balance.KEY, "other:1", f"0:{time.time()}")
        await client.hset(balance.KEY, "old:3", f"30:{time.time()}:1")
        assert await balance.balance_once(client, interval=10) == 0
        await client.hdel(balance.KEY, "old:3")  # the restart is over: two turns, as ever
        assert await balance.balance_once(client, interval=10) == 0
        assert await balance.balance_once(client, interval=10) > 0
    finally:
        for ws in pages:
            await ws.disconnect()
        await client.aclose()
        server.stop()
