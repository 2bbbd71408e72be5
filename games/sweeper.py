"""The round sweeper: every server process ends rounds whose time is up.

A round's deadline is a column; pages end it when they see the bell, but a
round must also end when every page of it has closed, and after a restart
with no page open. So each process runs ``services.rounds_finish_due`` every
``ROUND_SWEEP_SECONDS`` from start-up (``boggleweb.asgi`` starts it), in the
event loop that serves its sockets: the in-memory channel layer delivers
the sweep's ``round_ended`` only within that loop. Finishing is idempotent,
so several processes sweeping the same database end a round once.
"""

from __future__ import annotations

import asyncio
import logging

from channels.db import DatabaseSyncToAsync
from django.conf import settings

from games import services

logger = logging.getLogger(__name__)

_sweepers: dict[asyncio.AbstractEventLoop, asyncio.Task] = {}


async def sweep_forever(interval: float) -> None:
    # Database work in the thread pool, not the one thread-sensitive worker that
    # Django's sync views use (docs/PERFORMANCE.md: no single-thread funnels).
    finish_due = DatabaseSyncToAsync(services.rounds_finish_due, thread_sensitive=False)
    while True:
        await asyncio.sleep(interval)
        try:
            await finish_due()
        except Exception:  # a database hiccup must not stop the sweeping
            logger.exception("ending due rounds failed")


def start(loop: asyncio.AbstractEventLoop | None = None) -> asyncio.Task | None:
    """Start sweeping in ``loop`` (default: the running one), once per loop.

    Returns the sweeping task, or None when ROUND_SWEEP_SECONDS is 0.
    """
    interval = settings.ROUND_SWEEP_SECONDS
    if interval <= 0:
        return None
    loop = loop or asyncio.get_running_loop()
    task = _sweepers.get(loop)
    if task is None or task.done():
        task = _sweepers[loop] = loop.create_task(sweep_forever(interval))
        logger.info("round sweeper started: every %s s", interval)
    return task


def stop() -> None:
    """Cancel every sweeper of this process (tests, and a server's shutdown)."""
    for task in _sweepers.values():
        task.cancel()
    _sweepers.clear()
