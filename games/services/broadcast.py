"""Sending a room its events: numbered with the room's sequence, after commit.

Every event carries the room's next sequence number so that a page notices
a missed one and asks for a snapshot; it is sent only once the transaction
that made it has committed. Taking the number locks the room's row until
then, so the events of a room are made one at a time, in number order: an
event computed after taking its number sees every earlier one's changes.
"""

from __future__ import annotations

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.db import connection, transaction

from boggleweb.layers import InMemoryLayer
from boggleweb.outages import note_outage
from games.models import Room


def next_seq(room: Room) -> int:
    """Take the room's next event number (and its row lock, until commit).

    One statement (UPDATE ... RETURNING: PostgreSQL, and SQLite from 3.35) on
    the hot path of every word that counts."""
    with connection.cursor() as cursor:
        cursor.execute(_NEXT_SEQ, [room.pk])
        return cursor.fetchone()[0]


_NEXT_SEQ = f'UPDATE "{Room._meta.db_table}" SET "seq" = "seq" + 1 WHERE "id" = %s RETURNING "seq"'


def broadcast(room: Room, event: dict, *, team: int | None = None, seq: int | None = None) -> None:
    """Number ``event`` (with ``seq`` if already taken) and send it to the room after commit.

    ``team``: the event's ``find`` field is for that team's pages only; the
    sockets of everyone else drop it (games.consumers).
    """
    event = {**event, "seq": seq if seq is not None else next_seq(room)}
    message = {"type": "room.event", "event": event, "team": team}
    group = room.group_name
    transaction.on_commit(lambda: _send(group, message))


def close_group(group: str) -> None:
    """Tell every socket of a room that the room is gone (they close with 4004)."""
    _send(group, {"type": "room.closed"})


def _send(group: str, message: dict) -> None:
    layer = get_channel_layer()
    if layer is None:
        return
    # The in-memory layer (one process) queues it on the sockets' event loop at once.
    if isinstance(layer, InMemoryLayer) and layer.send_soon(group, message):
        return
    try:
        async_to_sync(layer.group_send)(group, message)
    except Exception as error:  # Redis down: the pages close (4503) and resync later
        note_outage(error)
