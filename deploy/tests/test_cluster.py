"""`make cluster` for real: Caddy, two daphne processes, PostgreSQL and Redis.

A round is played through Caddy while one daphne process is killed with
`kill -9` (the cluster restarts it) and while Redis restarts. Every word a
player was told was accepted must be in the database, and the round must end
once, on time. Redis here is a private redis-server on a free port, so its
restart touches no other test.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import random
import signal
import subprocess
import sys
import time
import urllib.request
from datetime import timedelta
from pathlib import Path

import pytest
import websockets
from django.conf import settings
from django.contrib.sessions.backends.db import SessionStore
from django.db import connection

from conftest import PrivateRedis, database_url_of, free_port, need
from deploy.tests.room_client import RoomClient
from games import services
from games.models import Find
from games.sessions import BROWSER_KEY
from games.tests.conftest import make_room, start_round

ROOT = Path(__file__).resolve().parents[2]
IN_CI = os.environ.get("CI") == "true"
PLAYERS = 4
ROUND_SECONDS = 30  # the shortest round a room allows

pytestmark = pytest.mark.django_db(transaction=True)


def healthy(url: str) -> bool:
    try:
        with urllib.request.urlopen(url, timeout=2) as answer:
            return answer.status == 200
    except OSError:
        return False


def wait_for(condition, what: str, timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if condition():
            return
        time.sleep(0.2)
    raise AssertionError(f"{what}: not within {timeout} s")


class RunningCluster:
    def __init__(self, state_dir: Path, site: str, env: dict) -> None:
        self.state_dir, self.site = state_dir, site
        self.log = (state_dir / "supervisor.log").open("w")
        command = [sys.executable, "deploy/cluster.py", "--processes", "2", "--site", site]
        options = ["--state-dir", str(state_dir), "--env-file", str(state_dir / "no.env")]
        self.process = subprocess.Popen(
            [*command, *options],
            cwd=ROOT,
            env=env,
            stdout=self.log,
            stderr=subprocess.STDOUT,
        )
        wait_for(lambda: self.state() is not None, "the cluster's state file")
        wait_for(lambda: healthy(f"{site}/healthz"), "/healthz through Caddy")

    def state(self) -> dict | None:
        if self.process.poll() is not None:
            log = (self.state_dir / "supervisor.log").read_text()
            raise AssertionError(f"the cluster stopped:\n{log}")
        try:
            return json.loads((self.state_dir / "state.json").read_text())
        except (OSError, ValueError):
            return None

    def stop(self) -> None:
        self.process.send_signal(signal.SIGTERM)
        try:
            self.process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.process.kill()
        self.log.close()


def kill_and_await_restart(cluster: RunningCluster) -> None:
    victim = cluster.state()["web"][0]
    os.kill(victim["pid"], signal.SIGKILL)
    port = victim["port"]

    def restarted() -> bool:
        now = cluster.state()["web"][0]
        return now["pid"] != victim["pid"] and healthy(f"http://127.0.0.1:{port}/healthz")

    wait_for(restarted, "the killed daphne process back on /healthz")


def player_session(room, name: str) -> str:
    browser = f"cluster-{name}"
    services.player_join(room=room, browser=browser, nickname=name)
    session = SessionStore()
    session[BROWSER_KEY] = browser
    session.create()
    return f"{settings.SESSION_COOKIE_NAME}={session.session_key}"


async def play_through_outages(clients, words, cluster, redis, bell, marks) -> None:
    loop = asyncio.get_running_loop()
    give_up = bell + 30
    players = [
        asyncio.create_task(client.play(words[i::PLAYERS], bell, give_up))
        for i, client in enumerate(clients)
    ]
    await asyncio.sleep(3)
    marks["killed"] = time.monotonic()
    await loop.run_in_executor(None, kill_and_await_restart, cluster)
    marks["web back"] = time.monotonic()
    await asyncio.sleep(1)
    redis.stop()
    await asyncio.sleep(1)
    redis.start()
    marks["redis back"] = time.monotonic()
    await asyncio.gather(*players)


def cluster_parts(**settings) -> tuple[PrivateRedis, str, dict]:
    """A private Redis (started), the site's address and the cluster's environment."""
    need("caddy")
    if connection.vendor != "postgresql":
        pytest.skip("the cluster's processes share PostgreSQL (set DATABASE_URL)")
    redis = PrivateRedis(free_port())
    redis.start()
    env = {
        **os.environ,
        "DATABASE_URL": database_url_of(connection.settings_dict),
        "REDIS_URL": f"redis://127.0.0.1:{redis.port}/0",
        **settings,
    }
    return redis, f"http://127.0.0.1:{free_port()}", env


def test_a_round_survives_kill_9_of_a_process_and_a_redis_restart(tmp_path):
    redis, site, env = cluster_parts(PRELOAD_LANGUAGES="en", ROUND_SWEEP_SECONDS="1")
    cluster = RunningCluster(tmp_path, site, env)
    try:
        room = make_room(mode="versus", duration_seconds=ROUND_SECONDS)
        cookies = [player_session(room, f"P{n}") for n in range(PLAYERS)]
        game_round = start_round(room.rounds.get())
        bell = time.monotonic() + (game_round.ends_at - game_round.started_at).total_seconds()
        words = sorted(game_round.solution)
        random.Random(7).shuffle(words)
        clients = [RoomClient(site, room.code, cookie, game_round.pk) for cookie in cookies]
        marks: dict[str, float] = {}
        asyncio.run(play_through_outages(clients, words, cluster, redis, bell, marks))
    finally:
        cluster.stop()
        redis.stop()

    # No acknowledged word is lost: each is in the database, for its player.
    for n, client in enumerate(clients):
        stored = set(
            Find.objects.filter(
                round=game_round, player__nickname=f"P{n}", accepted=True
            ).values_list("word", flat=True)
        )
        assert set(client.acknowledged) <= stored, f"P{n} lost words"
    answered_at = [when for client in clients for when in client.acknowledged.values()]
    assert len(answered_at) >= 20
    # Play went on after the kill and after Redis came back.
    assert any(when > marks["web back"] for when in answered_at)
    assert any(when > marks["redis back"] for when in answered_at)
    assert sum(client.connections for client in clients) > PLAYERS  # some had to reconnect

    # The round ended once, on time (the sweeper runs every second in each process).
    game_round.refresh_from_db()
    assert game_round.finished_at is not None
    assert game_round.ends_at <= game_round.finished_at <= game_round.ends_at + timedelta(seconds=5)
    assert all(client.finished for client in clients)
    seqs = [seq for client in clients for seq in client.round_ended_seqs]
    assert all(len(client.round_ended_seqs) <= 1 for client in clients)
    assert len(set(seqs)) <= 1  # one broadcast, whoever heard it


def test_a_rolling_restart_replaces_every_process_while_caddy_keeps_answering(tmp_path):
    """`make cluster-restart` (SIGHUP): one process at a time, so the site never goes down."""
    redis, site, env = cluster_parts(PRELOAD_LANGUAGES="none")
    cluster = RunningCluster(tmp_path, site, env)
    try:
        before = {web["port"]: web["pid"] for web in cluster.state()["web"]}
        cluster.process.send_signal(signal.SIGHUP)
        answers = []
        log = tmp_path / "supervisor.log"
        while "rolling restart done" not in log.read_text():
            # A page, not /healthz: a draining process says "draining" there, on purpose.
            answers.append(healthy(f"{site}/how-to-play"))
            assert len(answers) < 3000, "the rolling restart never finished"
            time.sleep(0.05)
        after = {web["port"]: web["pid"] for web in cluster.state()["web"]}
    finally:
        cluster.stop()
        redis.stop()
    assert after.keys() == before.keys()
    assert all(after[port] != before[port] for port in before)
    assert len(answers) > 10 and all(answers)


async def hold_sockets(url: str, cookies: list[str], site: str, stop: asyncio.Event) -> None:
    """Pages that stay open and reconnect after any close, as room.js does."""

    async def page(cookie):
        while not stop.is_set():
            try:
                async with websockets.connect(
                    url, additional_headers={"Cookie": cookie}, origin=site, open_timeout=5
                ) as socket:
                    while not stop.is_set():
                        with contextlib.suppress(TimeoutError):
                            await asyncio.wait_for(socket.recv(), timeout=0.5)
            except (OSError, TimeoutError, websockets.WebSocketException):
                await asyncio.sleep(random.uniform(0.1, 0.5))

    await asyncio.gather(*(page(cookie) for cookie in cookies))


def socket_counts(redis_port: int) -> list[int]:
    """What each process last said it holds (games/balance.py's hash in Redis)."""
    answer = subprocess.run(
        ["redis-cli", "-p", str(redis_port), "hgetall", "lettergrid:sockets"],
        capture_output=True,
        text=True,
    ).stdout.split()
    return [int(value.split(":")[0]) for value in answer[1::2]]


def test_after_a_rolling_restart_the_sockets_spread_over_the_processes_again(tmp_path):
    redis, site, env = cluster_parts(PRELOAD_LANGUAGES="none", SOCKET_REBALANCE_SECONDS="1")
    cluster = RunningCluster(tmp_path, site, env)
    try:
        room = make_room(mode="versus")
        cookies = [player_session(room, f"S{n}") for n in range(60)]
        url = site.replace("http", "ws") + f"/ws/rooms/{room.code}/?play=1"

        async def restart_and_watch() -> list[int]:
            stop = asyncio.Event()
            pages = asyncio.create_task(hold_sockets(url, cookies, site, stop))
            loop = asyncio.get_running_loop()
            await asyncio.sleep(3)
            cluster.process.send_signal(signal.SIGHUP)
            log = tmp_path / "supervisor.log"
            while "rolling restart done" not in log.read_text():
                await asyncio.sleep(0.2)
            counts: list[int] = []
            for _ in range(90):  # a tenth a turn, a turn a second
                await asyncio.sleep(1)
                counts = await loop.run_in_executor(None, socket_counts, redis.port)
                if len(counts) == 2 and min(counts) >= 15 and sum(counts) >= 55:
                    break
            stop.set()
            await pages
            return counts

        counts = asyncio.run(restart_and_watch())
    finally:
        cluster.stop()
        redis.stop()
    # Without rebalancing, the process restarted first holds all 60 pages.
    assert len(counts) == 2 and min(counts) >= 15, counts
