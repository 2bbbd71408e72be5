"""The embedded default's lighter parts: the in-memory channel layer and SQLite's
writers queued in the process (docs/PERFORMANCE.md, "The embedded default")."""

from __future__ import annotations

import asyncio
import threading

import pytest
from django.db import connection, transaction
from django.db.models import F

from boggleweb.layers import InMemoryLayer
from boggleweb.sqlite3.base import _write_lock
from games.models import Room
from games.tests.conftest import make_room


@pytest.mark.asyncio
async def test_a_room_event_reaches_every_socket_of_the_group_once():
    layer = InMemoryLayer()
    sockets = [await layer.new_channel() for _ in range(30)]
    for channel in sockets:
        await layer.group_add("room", channel)
    outsider = await layer.new_channel()
    await layer.group_send("room", {"type": "room.event", "event": {"seq": 1}})
    for channel in sockets:
        assert await layer.receive(channel) == {"type": "room.event", "event": {"seq": 1}}
    assert all(
        layer.channels.get(channel) is None or layer.channels[channel].empty()
        for channel in sockets
    )
    assert outsider not in layer.channels


@pytest.mark.asyncio
async def test_a_worker_threads_broadcast_arrives_in_order_without_waiting():
    layer = InMemoryLayer()
    channel = await layer.new_channel()
    await layer.group_add("room", channel)
    first = asyncio.ensure_future(layer.receive(channel))  # the socket listens: the loop is known
    await asyncio.sleep(0)

    def from_a_worker() -> list[bool]:
        return [layer.send_soon("room", {"type": "room.event", "seq": n}) for n in range(3)]

    assert await asyncio.to_thread(from_a_worker) == [True, True, True]
    got = [await first, await layer.receive(channel), await layer.receive(channel)]
    assert [message["seq"] for message in got] == [0, 1, 2]


@pytest.mark.asyncio
async def test_send_soon_declines_before_any_socket_listens():
    assert InMemoryLayer().send_soon("room", {"type": "room.event"}) is False


@pytest.mark.asyncio
async def test_a_full_socket_misses_the_event_and_the_others_still_get_it():
    layer = InMemoryLayer(capacity=1)
    full, other = await layer.new_channel(), await layer.new_channel()
    for channel in (full, other):
        await layer.group_add("room", channel)
    await layer.send(full, {"type": "first"})
    await layer.group_send("room", {"type": "room.event"})
    assert await layer.receive(full) == {"type": "first"}
    assert await layer.receive(other) == {"type": "room.event"}


@pytest.mark.asyncio
async def test_expired_messages_still_leave_and_take_their_socket_out_of_the_group():
    layer = InMemoryLayer(expiry=0)
    gone = await layer.new_channel()
    await layer.group_add("room", gone)
    await layer.group_send("room", {"type": "room.event"})
    layer._cleaned = 0.0  # a second has passed
    layer._clean_expired()
    assert gone not in layer.channels
    assert gone not in layer.groups.get("room", {})


def _sqlite() -> None:
    if connection.vendor != "sqlite":
        pytest.skip("the embedded default's SQLite only")


@pytest.mark.django_db(transaction=True)
def test_two_threads_writing_at_once_take_turns_and_both_commit():
    _sqlite()
    room = make_room()
    inside = threading.Event()
    release = threading.Event()
    errors: list[BaseException] = []

    def writer(hold: bool) -> None:
        try:
            with transaction.atomic():
                Room.objects.filter(pk=room.pk).update(seq=F("seq") + 1)
                if hold:
                    inside.set()
                    release.wait(10)
        except BaseException as error:  # reported below
            errors.append(error)
        finally:
            connection.close()

    first = threading.Thread(target=writer, args=(True,))
    first.start()
    assert inside.wait(10)
    lock = _write_lock(str(connection.settings_dict["NAME"]))
    assert lock.locked()  # the first writer holds this process's turn
    second = threading.Thread(target=writer, args=(False,))
    second.start()
    second.join(0.2)
    assert second.is_alive()  # waiting for its turn, not failing
    release.set()
    first.join(10)
    second.join(10)
    assert errors == []
    room.refresh_from_db()
    assert room.seq >= 2
    assert not lock.locked()


@pytest.mark.django_db(transaction=True)
def test_a_transaction_that_fails_gives_its_turn_back():
    _sqlite()
    lock = _write_lock(str(connection.settings_dict["NAME"]))
    held = []

    def fails() -> None:
        with transaction.atomic():
            make_room()
            held.append(lock.locked())
            raise ZeroDivisionError

    with pytest.raises(ZeroDivisionError):
        fails()
    assert held == [True]
    assert not lock.locked()
    with transaction.atomic():
        make_room()
    assert not lock.locked()
