"""What a page opening (and closing) its room socket costs the database, pinned so
that it cannot grow back: a class of 30 opens its pages at once, and each page's
statements are paid on every join and departure (docs/PERFORMANCE.md)."""

from __future__ import annotations

import asyncio
import logging

import pytest
from asgiref.sync import sync_to_async

from games import selectors, services
from games.tests.conftest import communicator, drain_until, make_room, start_round

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]

# Opening: the room by its code, its player (for the limits on codes), the round, the
# player again and their place in it (the snapshot), the presence row (BEGIN, the
# stale rows, one upsert, COMMIT), the finds, the round's players for the scores, the
# list of players and when each was last seen.
QUERIES_TO_OPEN = 13
# Closing: BEGIN, the presence row, its delete, the player's other pages, left_at, the
# round, the list of players, when each was last seen, the removed ones, the room's
# event number, COMMIT.
QUERIES_TO_CLOSE = 11


class Statements(logging.Handler):
    """Every SQL statement any thread runs (settings.DEBUG logs them)."""

    def __init__(self):
        super().__init__()
        self.sql: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.sql.append(record.sql)


@pytest.fixture
def statements(settings):
    settings.DEBUG = True  # every connection the worker threads open logs its statements
    handler, logger = Statements(), logging.getLogger("django.db.backends")
    level = logger.level
    logger.addHandler(handler)
    logger.setLevel(logging.DEBUG)
    yield handler.sql
    logger.removeHandler(handler)
    logger.setLevel(level)


@sync_to_async
def class_of(size: int):
    room = make_room()
    for number in range(size):
        services.player_join(room=room, browser=f"pupil-{number}", nickname=f"Pupil{number}")
    start_round(selectors.current_round(room))
    return room


@pytest.mark.parametrize("size", [3, 30])
async def test_a_page_opens_and_closes_with_the_same_few_queries_however_big_the_class(
    size, statements
):
    room = await class_of(size)
    statements.clear()
    ws = communicator(room.code, "pupil-1", play=True)
    connected, _ = await ws.connect()
    assert connected
    snapshot = await drain_until(ws, "snapshot")
    assert len(snapshot["players"]) == size
    assert len(statements) == QUERIES_TO_OPEN, statements
    statements.clear()
    await ws.disconnect()
    for _ in range(100):  # the departure is recorded after the socket closed
        if any(sql.startswith("COMMIT") for sql in statements):
            break
        await asyncio.sleep(0.02)
    assert len(statements) == QUERIES_TO_CLOSE, statements
