"""One log line per process and minute while the database or Redis is unreachable.

A class's worth of sockets each failing would otherwise write a traceback
apiece (about a hundred per process in one outage)."""

from __future__ import annotations

import logging
import time

logger = logging.getLogger("boggleweb.outages")

EVERY_SECONDS = 60
_last_logged = 0.0


def note_outage(error: BaseException) -> None:
    global _last_logged
    now = time.monotonic()
    if now - _last_logged > EVERY_SECONDS:
        _last_logged = now
        logger.error("database or Redis unreachable, pages are asked to retry (4503): %s", error)
