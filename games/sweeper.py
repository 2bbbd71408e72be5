"""The round sweeper: ends every round at its bell, in every server process.

One asyncio task per process (per event loop) sleeps until the next
running round is due (looking again at least every ``ROUND_SWEEP_SECONDS``,
since another process may have started or extended one) and ends what is
due. Several processes may wake at the same bell: ending a round is one
conditional update, so exactly one of them ends it. Pages keep no timer of
their own: they hear ``round_ended``.
"""

from __future__ import annotations

import asyncio
import logging

from django.conf import settings
from django.utils import timezone

from games import services
from games.workers import in_worker

logger = logging.getLogger(__name__)

_tasks: dict[asyncio.AbstractEventLoop, asyncio.Task] = {}


def ensure_started() -> None:
    """Start this event loop's sweeper unless it runs already (or sweeping is off)."""
    interval = settings.ROUND_SWEEP_SECONDS
    loop = asyncio.get_running_loop()
    if interval <= 0 or (loop in _tasks and not _tasks[loop].done()):
        return
    _tasks[loop] = loop.create_task(_sweep(interval))


async def _sweep(interval: float) -> None:
    finish_due = in_worker(services.rounds_finish_due)
    next_due = in_worker(services.next_due)
    failing = False
    while True:
        try:
            await finish_due()
            due = await next_due()
            if failing:
                logger.warning("the round sweeper reaches the database again")
            failing = False
        except Exception as error:  # an outage must not stop the sweeping; say so once
            if not failing:
                logger.error("the round sweeper cannot reach the database: %s", error)
            failing, due = True, None
        wait = interval
        if due is not None:
            wait = min(interval, max(0.0, (due - timezone.now()).total_seconds()) + 0.01)
        await asyncio.sleep(wait)
