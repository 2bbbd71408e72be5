"""`make cluster` for real: Caddy, two daphne processes, PostgreSQL and Redis.

A round is played through Caddy while one daphne process is killed with
`kill -9` (the cluster restarts it) and while Redis restarts. Every word a
player was told was accepted must be in the database, the round must end
once, on time, and every page must be playing again within
``RECOVERY_SECONDS`` of each fault (its players reconnecting as pages do).
A lesson goes on through the README's upgrade (`make cluster-restart`): no
request fails, no word is lost, and no page reconnects more than once.
Redis here is a private redis-server on a free port, so its restart touches
no other test.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import random
import re
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request
from datetime import timedelta
from pathlib import Path

import pytest
import websockets
from django.conf import settings
from django.contrib.sessions.backends.db import SessionStore
from django.db import connection
from django.utils import timezone

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
RECOVERY_SECONDS = 5.0  # from the fault until every page plays again (issue 21)

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


def established(port: int) -> int:
    """TCP connections open to a local ``port`` (Caddy's, to a daphne process)."""
    count = 0
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        with contextlib.suppress(OSError), open(table) as lines:
            next(lines)
            for line in lines:
                local, state = line.split()[1], line.split()[3]
                count += state == "01" and int(local.rsplit(":", 1)[1], 16) == port
    return count


def kill_and_await_restart(cluster: RunningCluster) -> None:
    # The process holding most of the players' sockets: Caddy's least_conn may have
    # given all four to one process when they connected together.
    victim = max(cluster.state()["web"], key=lambda web: established(web["port"]))
    os.kill(victim["pid"], signal.SIGKILL)
    port = victim["port"]

    def restarted() -> bool:
        now = next(web for web in cluster.state()["web"] if web["port"] == port)
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
    marks["redis stopped"] = time.monotonic()
    await loop.run_in_executor(None, redis.stop)
    await asyncio.sleep(1)
    await loop.run_in_executor(None, redis.start)
    marks["redis back"] = time.monotonic()
    await asyncio.gather(*players)


def recoveries(clients, fault: float, until: float) -> list[float | None]:
    """Per page, seconds from ``fault`` until it played again."""
    return [client.back_after(fault, until) for client in clients]


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
        bell = time.monotonic() + (game_round.ends_at - timezone.now()).total_seconds()
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

    # Every page was playing again within RECOVERY_SECONDS of each fault.
    after_kill = recoveries(clients, marks["killed"], marks["redis stopped"])
    after_redis = recoveries(clients, marks["redis stopped"], bell)
    print(f"back after kill -9: {after_kill}; after the Redis restart: {after_redis}")
    for fault, back in (("kill -9", after_kill), ("the Redis restart", after_redis)):
        assert None not in back, f"a page never played again after {fault}: {back}"
        assert max(back) <= RECOVERY_SECONDS, f"pages back {back} s after {fault}"
    assert max(after_kill) > 0.5  # the killed process's pages did have to come back

    # The round ended once, on time (the sweeper runs every second in each process).
    game_round.refresh_from_db()
    assert game_round.finished_at is not None
    assert game_round.ends_at <= game_round.finished_at <= game_round.ends_at + timedelta(seconds=5)
    assert all(client.finished for client in clients)
    seqs = [seq for client in clients for seq in client.round_ended_seqs]
    assert all(len(client.round_ended_seqs) <= 1 for client in clients)
    assert len(set(seqs)) <= 1  # one broadcast, whoever heard it


def connections(clients) -> list[int]:
    return [client.connections for client in clients]


def fetch(url: str) -> int:
    try:
        with urllib.request.urlopen(url, timeout=5) as answer:
            return answer.status
    except urllib.error.HTTPError as error:
        return error.code
    except OSError:
        return 0


def test_a_lesson_goes_on_through_the_readme_upgrade_each_page_reconnecting_once(tmp_path):
    """`make cluster-restart` (after `git pull`) during a round: every process is
    replaced, no request fails, no word is lost, each page reconnects exactly once."""
    redis, site, env = cluster_parts(PRELOAD_LANGUAGES="en", ROUND_SWEEP_SECONDS="1")
    cluster = RunningCluster(tmp_path, site, env)
    players = 8
    try:
        before = {web["port"]: web["pid"] for web in cluster.state()["web"]}
        room = make_room(mode="versus", duration_seconds=300)
        cookies = [player_session(room, f"U{n}") for n in range(players)]
        game_round = start_round(room.rounds.get())
        words = sorted(game_round.solution)
        clients = [RoomClient(site, room.code, cookie, game_round.pk) for cookie in cookies]
        page = urllib.request.urlopen(f"{site}/how-to-play", timeout=5).read().decode()
        stylesheet = re.search(r'href="(/static/css/site[^"]+)"', page).group(1)
        answers: list[int] = []
        marks: dict[str, float] = {}

        async def upgrade_during_the_round() -> None:
            loop = asyncio.get_running_loop()
            start = time.monotonic()
            playing = [
                asyncio.create_task(client.play(words[n::players], start + 240, start + 260))
                for n, client in enumerate(clients)
            ]
            await asyncio.sleep(3)
            restart = ["make", "cluster-restart", f"CLUSTER_DIR={tmp_path}"]
            marks["restart asked"] = time.monotonic()
            subprocess.run(restart, cwd=ROOT, env=env, check=True, capture_output=True)
            log = tmp_path / "supervisor.log"
            while "rolling restart done" not in log.read_text():
                # A page and the files it was served with, not /healthz: a draining
                # process says "draining" there, on purpose.
                for url in (f"{site}/how-to-play", f"{site}{stylesheet}"):
                    answers.append(await loop.run_in_executor(None, fetch, url))
                assert time.monotonic() - start < 180, "the rolling restart never finished"
                await asyncio.sleep(0.05)
            marks["restarted"] = time.monotonic()
            await asyncio.sleep(3)  # play goes on
            for client in clients:
                client.bell = time.monotonic()
            await loop.run_in_executor(None, lambda: services.round_finish(round=game_round))
            await asyncio.gather(*playing)

        asyncio.run(upgrade_during_the_round())
        after = {web["port"]: web["pid"] for web in cluster.state()["web"]}
    finally:
        cluster.stop()
        redis.stop()
    took = marks["restarted"] - marks["restart asked"]
    print(f"rolling restart: {took:.1f} s, {len(answers)} requests, sockets {connections(clients)}")
    # Every process was replaced, and the site answered all along.
    assert len(after) == len(before) and not set(after.values()) & set(before.values())
    assert len(answers) > 20 and set(answers) == {200}, sorted(set(answers))
    # Each page reconnected exactly once: its process was replaced, by one of the new release.
    assert connections(clients) == [2] * players
    for n, client in enumerate(clients):
        stored = set(
            Find.objects.filter(
                round=game_round, player__nickname=f"U{n}", accepted=True
            ).values_list("word", flat=True)
        )
        assert set(client.acknowledged) <= stored, f"U{n} lost words"
        answered = [when for when, what in client.timeline if what == "answer"]
        assert any(when > marks["restarted"] for when in answered)  # and played on


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
