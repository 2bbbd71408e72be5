"""Keeping a process's sockets fresh in the ``Presence`` table.

One asyncio task per process (per event loop), as the sweeper: every
``PRESENCE_TOUCH_SECONDS`` it marks the player sockets this process holds as
still open, in one statement. A process that dies stops doing so, and its rows go
stale (``selectors.rooms.PRESENCE_STALE``): its players show as away until their
pages reconnect elsewhere.
"""

from __future__ import annotations

import asyncio
import logging
import weakref

from games import services
from games.workers import in_worker

logger = logging.getLogger(__name__)

PRESENCE_TOUCH_SECONDS = 20

_sockets: weakref.WeakSet = weakref.WeakSet()
_tasks: dict[asyncio.AbstractEventLoop, asyncio.Task] = {}


def track(consumer) -> None:
    """``consumer`` (a player's socket) is kept fresh from now on."""
    _sockets.add(consumer)


def forget(consumer) -> None:
    _sockets.discard(consumer)


def ensure_started() -> None:
    """Start this event loop's task unless it runs already."""
    loop = asyncio.get_running_loop()
    if loop in _tasks and not _tasks[loop].done():
        return
    _tasks[loop] = loop.create_task(_touch_forever())


async def _touch_forever() -> None:
    touch = in_worker(services.presence_touch)
    while True:
        await asyncio.sleep(PRESENCE_TOUCH_SECONDS)
        channels = [consumer.channel_name for consumer in list(_sockets)]
        try:
            await touch(channels=channels)
        except Exception as error:  # an outage must not stop the task; the rows go stale
            logger.warning("cannot mark this process's sockets as open: %s", error)
