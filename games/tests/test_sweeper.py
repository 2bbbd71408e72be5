"""The round sweeper runs in every server process from start-up, sockets or not."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
import time
from datetime import timedelta
from pathlib import Path

import pytest
from asgiref.sync import sync_to_async
from asgiref.testing import ApplicationCommunicator
from django.db import connection
from django.utils import timezone

from boggleweb.asgi import application
from conftest import database_url_of, free_port, stop_process
from games import services, sweeper
from games.models import Round
from games.tests.conftest import make_room

ROOT = Path(__file__).resolve().parents[2]


def round_due_since(seconds: float) -> Round:
    """A started round whose time was up ``seconds`` ago, that nobody has ended."""
    game_round = make_room(mode="versus", duration_seconds=30).rounds.get()
    started = timezone.now() - timedelta(seconds=30 + seconds)
    return services.round_start(round=game_round, now=started)


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
async def test_the_lifespan_startup_starts_the_sweeper_and_shutdown_stops_it(settings):
    settings.ROUND_SWEEP_SECONDS = 0.2
    game_round = await sync_to_async(round_due_since)(5)
    server = ApplicationCommunicator(application, {"type": "lifespan"})
    await server.send_input({"type": "lifespan.startup"})
    assert await server.receive_output(timeout=5) == {"type": "lifespan.startup.complete"}
    try:
        for _ in range(50):  # no socket is open: only the sweeper can end it
            await sync_to_async(game_round.refresh_from_db)()
            if game_round.finished_at is not None:
                break
            await asyncio.sleep(0.1)
        assert game_round.finished_at is not None
    finally:
        await server.send_input({"type": "lifespan.shutdown"})
        assert await server.receive_output(timeout=5) == {"type": "lifespan.shutdown.complete"}
        for task in sweeper._tasks.values():  # the sweeper lives as long as its process
            task.cancel()
        sweeper._tasks.clear()


@pytest.mark.django_db(transaction=True)
def test_a_freshly_started_daphne_ends_a_due_round_before_any_page_connects():
    """After a restart with no page open, a due round still ends (it ended 41 s late
    when the sweeper started on a first socket)."""
    game_round = round_due_since(2)
    env = {
        **os.environ,
        "DATABASE_URL": database_url_of(connection.settings_dict),
        "PRELOAD_LANGUAGES": "none",
        "ROUND_SWEEP_SECONDS": "1",
    }
    port = free_port()
    command = [sys.executable, "-m", "daphne", "-b", "127.0.0.1", "-p", str(port)]
    server = subprocess.Popen(
        [*command, "boggleweb.asgi:application"],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline and server.poll() is None:
            game_round.refresh_from_db()
            if game_round.finished_at is not None:
                break
            time.sleep(0.2)
        assert game_round.finished_at is not None, "the new process never swept"
    finally:
        stop_process(server)
