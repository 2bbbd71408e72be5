"""Sending a room its events: numbered with the room's sequence, after commit.

Every event carries the room's next sequence number so that a page notices
a missed one and asks for a snapshot; it is sent only once the transaction
that made it has committed.
"""

from __future__ import annotations

import logging

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.db import transaction
from django.db.models import F

from games.models import (
    Room,
)

logger = logging.getLogger(__name__)


def broadcast(room: Room, event: dict) -> None:
    """Number the event with the room's next sequence and send it after commit."""
    Room.objects.filter(pk=room.pk).update(seq=F("seq") + 1)
    event = {**event, "seq": Room.objects.values_list("seq", flat=True).get(pk=room.pk)}
    group = room.group_name
    transaction.on_commit(lambda: _send(group, event))


def _send(group: str, event: dict) -> None:
    layer = get_channel_layer()
    if layer is None:
        return
    try:
        async_to_sync(layer.group_send)(group, {"type": "room.event", "event": event})
    except Exception:  # a lost broadcast is recovered by the page's resync
        logger.exception("broadcast to %s failed", group)
