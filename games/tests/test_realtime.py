"""The real-time stack for real: Redis, PostgreSQL and two daphne processes.

These tests need the services CI runs (REDIS_URL, a PostgreSQL DATABASE_URL);
off CI they are skipped when those are not set.
"""

from __future__ import annotations

import asyncio
import os
import re
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from asgiref.sync import sync_to_async
from channels.layers import channel_layers
from django.db import connection
from django.test import override_settings

from boggleweb.layers import redis_channel_layer
from conftest import free_port, stop_process, wait_until_serving
from games import services
from games.tests.conftest import ANN, HOST, communicator, drain_until, make_room, start_round

ROOT = Path(__file__).resolve().parents[2]
REDIS_URL = os.environ.get("REDIS_URL")
IN_CI = os.environ.get("CI") == "true"


def need_redis():
    if not REDIS_URL:
        if IN_CI:
            pytest.fail("CI must set REDIS_URL")
        pytest.skip("REDIS_URL is not set")


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
async def test_players_idle_for_30_seconds_still_receive_a_broadcast_on_redis():
    need_redis()
    with override_settings(CHANNEL_LAYERS={"default": redis_channel_layer(REDIS_URL)}):
        channel_layers.backends.clear()
        room = await sync_to_async(make_room)(mode="versus")
        sockets = []
        for index in range(8):
            # Players: a socket that has not joined sees nobody's nickname (protocol.md).
            await sync_to_async(services.player_join)(
                room=room, browser=f"idle-{index}", nickname=f"Idle{index}"
            )
        for index in range(8):
            ws = communicator(room.code, f"idle-{index}")
            assert (await ws.connect())[0]
            await drain_until(ws, "snapshot")
            sockets.append(ws)
        await asyncio.sleep(30)  # longer than redis-py's default 5 s socket timeout, six times
        await sync_to_async(services.player_join)(room=room, browser=ANN, nickname="Latecomer")
        for ws in sockets:
            event = await drain_until(ws, "players", timeout=5)
            assert event["players"][-1]["nickname"] == "Latecomer"
            await ws.disconnect()
    channel_layers.backends.clear()


def start_daphne(port: int, env: dict) -> subprocess.Popen:
    command = [sys.executable, "-m", "daphne", "-b", "127.0.0.1", "-p", str(port)]
    return subprocess.Popen(
        [*command, "boggleweb.asgi:application"],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )


@pytest.mark.e2e
@pytest.mark.django_db(transaction=True)
def test_two_daphne_processes_share_one_round(browser):
    need_redis()
    if connection.vendor != "postgresql":
        pytest.skip("two processes share PostgreSQL here (set DATABASE_URL)")
    settings = connection.settings_dict
    database_url = "postgres://{USER}@{HOST}:{PORT}/{NAME}".format(**settings)
    env = {
        **os.environ,
        "DATABASE_URL": database_url,
        "REDIS_URL": REDIS_URL,
        "PRELOAD_LANGUAGES": "en",
    }
    ports = [free_port(), free_port()]
    servers = [start_daphne(port, env) for port in ports]
    try:
        for port, server in zip(ports, servers, strict=True):
            wait_until_serving(f"http://127.0.0.1:{port}/healthz", server)
        play_a_round_across_two_servers(browser, [f"http://127.0.0.1:{port}" for port in ports])
    finally:
        for server in servers:
            stop_process(server)


def in_thread(function, **kwargs):
    """Run a service outside this thread, where Playwright's event loop is open."""

    def call():
        try:
            return function(**kwargs)
        finally:
            connection.close()

    with ThreadPoolExecutor(max_workers=1) as pool:
        return pool.submit(call).result()


def play_a_round_across_two_servers(browser, bases):
    room = in_thread(make_room, mode="versus", duration_seconds=30)
    in_thread(services.player_join, room=room, browser=HOST, nickname="Hana")  # never connects
    game_round = in_thread(room.rounds.get)
    pages, ended = [], []
    for base, name in zip(bases, ("Ann", "Ben"), strict=True):
        page = browser.new_context().new_page()
        page.on(
            "websocket",
            lambda ws, who=name: ws.on(
                "framereceived",
                lambda frame: '"round_ended"' in str(frame) and ended.append(who),
            ),
        )
        page.goto(f"{base}/join/{room.code}")
        page.fill("#id_nickname", name)
        page.click("button[type=submit]")
        page.wait_for_selector("#lobby", state="visible")
        pages.append(page)
    in_thread(start_round, game_round=game_round)  # pressed a countdown ago: letters up
    words = sorted(game_round.solution, key=len)
    for page, word in zip(pages, (words[-1], words[-2]), strict=True):
        page.wait_for_function("document.getElementById('play').dataset.state === 'running'")
        page.fill("#word-input", word)
        page.press("#word-input", "Enter")
    for page, other in zip(pages, ("Ben", "Ann"), strict=True):
        page.wait_for_function(
            f"/{other}: [1-9]/.test(document.getElementById('scores').innerText)"
        )
    # Both servers hold a timer for the same deadline: the round still ends once.
    for page in pages:
        page.wait_for_function(
            "document.getElementById('play').dataset.state === 'finished'", timeout=45_000
        )
    pages[0].wait_for_timeout(1000)
    in_thread(game_round.refresh_from_db)
    assert game_round.finished_at is not None
    assert sorted(ended) == ["Ann", "Ben"]  # one round_ended per page, not one per server
    assert re.search(r"\d", pages[0].inner_text("#scores"))
