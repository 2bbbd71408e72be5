"""A class-sized load on a running server: simulated players in rooms of 30.

Rooms, players and their sessions are made through the services in the
database the server uses (so run the command with the server's settings:
the same DATABASE_URL). Each simulated player then opens a real websocket
with its session cookie and sends a word every ``interval`` seconds, one in
five a word that is on the board. Every player connects first (50 at a time,
as a class joins), then the
timed play begins. Measured: the word round trip (submit to
``word_result``), the broadcast latency (a player's accepted word to the
``scores`` event that carries the finder's new total, on the other sockets of
the room), errors, replies that never came and room events lost (gaps in the
sequence numbers).

With ``start_late`` the rounds are dealt but not started: once every player
is connected, each room's host socket starts its round, as a teacher does
with the class waiting, and the start latency (the host's ``start`` to each
player's ``round_started``) is measured too. Every play page then notes that
its player takes part, all at once.

With ``teacher_pages`` (paths on the server, and a teacher's session), one
teacher opens those pages one after another for the whole run, as a teacher
looking at leaderboards during a lesson: their server times are reported
beside the players' latencies, to compare with a run without them.

With ``server_pids`` (the server's processes, on this machine), the CPU time
they spend during the timed play alone (joining excluded) is reported, and
per 1,000 words submitted: a cost that hardly moves with what else the
machine runs, unlike the latencies.
"""

from __future__ import annotations

import asyncio
import json
import random
import statistics
import time
import urllib.request
from dataclasses import dataclass, field
from urllib.parse import urlsplit

from django.conf import settings
from django.contrib.sessions.backends.db import SessionStore
from django.db import OperationalError
from django.utils import timezone

from games import clock, selectors, services
from games.models import Room
from games.sessions import BROWSER_KEY
from tools.capacity import cpu_seconds

try:
    import websockets
except ImportError as error:  # a production install has only requirements.txt
    raise ImportError(
        "the load generator needs the development requirements: "
        ".venv/bin/pip install -r requirements-dev.txt"
    ) from error

VALID_SHARE = 0.2


@dataclass
class Seat:
    """One simulated player: its session cookie and the words it may find."""

    code: str
    round_id: int
    session_key: str
    name: str
    player_id: int
    words: list[str]
    first_seq: int = 0
    last_seq: int = 0
    # every room event's seq, with when it arrived (time.monotonic())
    seen: dict[int, float] = field(default_factory=dict)
    started: asyncio.Event = field(default_factory=asyncio.Event)


@dataclass
class Tally:
    round_trips: list[float] = field(default_factory=list)
    broadcasts: list[float] = field(default_factory=list)
    sent_at: dict[tuple[str, str], float] = field(default_factory=dict)
    valid_sent_at: dict[int, float] = field(default_factory=dict)  # player id -> last valid word
    submitted: int = 0
    answered: int = 0
    delivered: int = 0  # replies and room events received during the play
    accepted: int = 0
    play_cpu_s: float | None = None  # the server processes' CPU time during the play
    errors: int = 0
    connect_failures: int = 0
    lost_events: int = 0
    connect_seconds: float = 0.0
    start_sent: dict[str, float] = field(default_factory=dict)  # room code -> when
    starts: list[float] = field(default_factory=list)
    teacher_pages: list[float] = field(default_factory=list)
    teacher_errors: int = 0


def prepare(
    players: int, room_size: int, duration: float, language: str, start_late: bool = False
) -> tuple[list[Seat], dict[str, str]]:
    """Rooms with rounds long enough for the run (running, unless ``start_late``),
    a seat per player, and each room's host session key by room code."""
    seats = []
    hosts = {}
    room_count = -(-players // room_size)
    for room_number in range(room_count):
        room = services.room_create(
            host_browser=f"loadtest-host-{room_number}",
            language=language,
            mode=Room.Mode.VERSUS,
            duration_seconds=min(600, max(60, int(duration) + 60)),
        )
        game_round = selectors.current_round(room)
        if start_late:
            hosts[room.code] = _session_for(f"loadtest-host-{room_number}")
        else:
            # Pressed a countdown ago: the letters are up when the players connect.
            services.round_start(round=game_round, now=timezone.now() - clock.COUNTDOWN)
        words = sorted(game_round.solution)
        for seat_number in range(min(room_size, players - len(seats))):
            browser = f"loadtest-{room.code}-{seat_number}"
            name = f"Bot {seat_number + 1:03d}"  # not "Bot 88": the nickname rules refuse 88
            player = services.player_join(room=room, browser=browser, nickname=name)
            seats.append(
                Seat(
                    room.code,
                    game_round.pk,
                    _session_for(browser),
                    name,
                    player.pk,
                    random.sample(words, k=len(words)),
                )
            )
    return seats, hosts


def _session_for(browser: str) -> str:
    session = SessionStore()
    session[BROWSER_KEY] = browser
    session.create()
    return session.session_key


def teacher_session(username: str) -> str:
    """A session key logged in as ``username`` (as the login page would make)."""
    from django.contrib.auth import (
        BACKEND_SESSION_KEY,
        HASH_SESSION_KEY,
        SESSION_KEY,
        get_user_model,
    )

    user = get_user_model().objects.get(username=username)
    session = SessionStore()
    session[SESSION_KEY] = str(user.pk)
    session[BACKEND_SESSION_KEY] = settings.AUTHENTICATION_BACKENDS[-1]  # not axes: it checks only
    session[HASH_SESSION_KEY] = user.get_session_auth_hash()
    session.create()
    return session.session_key


def cleanup(seats: list[Seat]) -> None:
    """Remove the rooms made for the run. The server may still be writing the last
    words' finds: PostgreSQL can then pick the delete as a deadlock's victim, which
    once lost a whole run's figures (printed after this), so it tries again."""
    codes = {seat.code for seat in seats}
    for attempt in range(5):
        try:
            Room.objects.filter(code__in=codes).delete()
            break
        except OperationalError:
            if attempt == 4:
                raise
            time.sleep(1)
    SessionStore().clear_expired()


async def run(
    base_url: str,
    seats: list[Seat],
    duration: float,
    interval: float,
    hosts: dict[str, str] | None = None,
    teacher: tuple[str, list[str], float] | None = None,
    server_pids: tuple[int, ...] = (),
) -> Tally:
    """Connect every player (a class joining, 50 at a time), start the rounds
    from the hosts' sockets if ``hosts``, then play for ``duration``; with
    ``server_pids``, note their CPU time over the play."""
    tally = Tally()
    gate = asyncio.Semaphore(50)
    started = time.perf_counter()
    sockets = await asyncio.gather(
        *(
            join(base_url, seat.code, seat.session_key, gate, tally, seat.player_id)
            for seat in seats
        )
    )
    tally.connect_seconds = time.perf_counter() - started
    for socket, seat in zip(sockets, seats, strict=True):
        if socket:
            seat.last_seq = json.loads(socket.snapshot)["seq"]
    readers = [
        asyncio.ensure_future(listen(socket, seat, tally))
        for socket, seat in zip(sockets, seats, strict=True)
        if socket
    ]
    if hosts:
        await start_rounds(base_url, hosts, seats, gate, tally)
    cpu_before = [cpu_seconds(pid) for pid in server_pids]
    deadline = time.monotonic() + duration
    if teacher:
        readers.append(asyncio.ensure_future(browse(base_url, *teacher, deadline, tally)))
    await asyncio.gather(
        *(
            play(socket, seat, deadline, interval, tally)
            for socket, seat in zip(sockets, seats, strict=True)
            if socket
        )
    )
    if server_pids:
        spent = [
            cpu_seconds(pid) - before for pid, before in zip(server_pids, cpu_before, strict=True)
        ]
        tally.play_cpu_s = sum(spent)
    for reader in readers:
        reader.cancel()
    return tally


async def join(
    base_url: str,
    code: str,
    session_key: str,
    gate: asyncio.Semaphore,
    tally: Tally,
    player_id: int = 0,
):
    """Open a play page's socket and wait for its snapshot (kept on the socket as
    ``.snapshot``); None when it fails. ``seat``, which the game ignores, names the
    player to the bare room of tools.baseline (it has no session to read it from)."""
    parts = urlsplit(base_url)
    scheme = "wss" if parts.scheme == "https" else "ws"
    # As the play page does (?play=1)
    url = f"{scheme}://{parts.netloc}/ws/rooms/{code}/?play=1&seat={player_id}"
    headers = {"Cookie": f"{settings.SESSION_COOKIE_NAME}={session_key}"}
    async with gate:
        try:
            socket = await websockets.connect(url, additional_headers=headers, origin=base_url)
            socket.snapshot = await asyncio.wait_for(socket.recv(), timeout=30)
        except (OSError, TimeoutError, websockets.WebSocketException):
            tally.connect_failures += 1
            return None
    return socket


async def start_rounds(base_url, hosts: dict[str, str], seats, gate, tally: Tally) -> None:
    """Each room's host starts its round, all rooms at once; wait until every
    player heard it (or 30 s)."""
    host_sockets = await asyncio.gather(
        *(join(base_url, code, key, gate, tally) for code, key in hosts.items())
    )
    for code, socket in zip(hosts, host_sockets, strict=True):
        if socket:
            tally.start_sent[code] = time.perf_counter()
            await socket.send(json.dumps({"type": "start"}))
    waiting = [asyncio.wait_for(seat.started.wait(), timeout=30) for seat in seats]
    await asyncio.gather(*waiting, return_exceptions=True)
    await asyncio.sleep(clock.COUNTDOWN_SECONDS)  # the 3-2-1: players type once the letters are up
    for socket in host_sockets:
        if socket:
            await socket.close()


async def play(socket, seat: Seat, deadline: float, interval: float, tally: Tally) -> None:
    async with socket:
        await asyncio.sleep(random.uniform(0, interval))  # players do not type in step
        words = iter(seat.words)
        while time.monotonic() < deadline:
            word = next(words, None) if random.random() < VALID_SHARE else None
            if word is not None:
                tally.valid_sent_at[seat.player_id] = time.perf_counter()
            word = word or "".join(random.choices("bcdfghjklmnpqrstvwxz", k=5))
            tally.sent_at[(seat.name + seat.code, word)] = time.perf_counter()
            tally.submitted += 1
            await socket.send(json.dumps({"type": "submit", "round": seat.round_id, "word": word}))
            await asyncio.sleep(interval)
        await asyncio.sleep(2)  # let the last replies and events arrive
    tally.lost_events += len(missing_events(seat, time.monotonic()))


async def browse(
    base_url: str,
    session_key: str,
    paths: list[str],
    pause: float,
    deadline: float,
    tally: Tally,
) -> None:
    """A teacher opening ``paths`` in turn until ``deadline``, ``pause`` seconds apart
    (one request at a time)."""
    cookie = f"{settings.SESSION_COOKIE_NAME}={session_key}"

    def fetch(path: str) -> None:
        request = urllib.request.Request(base_url + path, headers={"Cookie": cookie})
        with urllib.request.urlopen(request, timeout=30) as answer:
            answer.read()
            if answer.status != 200 or answer.url != base_url + path:  # not sent to log in
                raise OSError(f"{path}: {answer.status} {answer.url}")

    while time.monotonic() < deadline:
        for path in paths:
            began = time.perf_counter()
            try:
                await asyncio.to_thread(fetch, path)
            except OSError:
                tally.teacher_errors += 1
            else:
                tally.teacher_pages.append(time.perf_counter() - began)
            await asyncio.sleep(pause)


# How long a page waits for an event missing from the numbered sequence before it counts it
# lost and asks for a snapshot: GAP_WAIT_MS in static/js/room.js, which owns it (docs/protocol.md;
# test_loadtest.py holds the two equal).
GAP_WAIT_S = 0.8


def missing_events(seat: Seat, now: float) -> list[int]:
    """The room events this seat never received, as a page counts them: a number is lost
    when a later one arrived GAP_WAIT_S or more ago and it is still missing (events may
    arrive out of order, several workers broadcast; one still in flight as the play ends
    is not lost)."""
    settled = [seq for seq, at in seat.seen.items() if now - at >= GAP_WAIT_S]
    horizon = max(settled, default=seat.first_seq)
    return [seq for seq in range(seat.first_seq + 1, horizon) if seq not in seat.seen]


async def listen(socket, seat: Seat, tally: Tally) -> None:
    seat.first_seq = seat.last_seq
    async for raw in socket:
        now = time.perf_counter()
        message = json.loads(raw)
        kind = message.get("type")
        if "seq" in message and kind != "snapshot":
            seat.seen.setdefault(message["seq"], time.monotonic())
            seat.last_seq = max(seat.last_seq, message["seq"])
        if kind in ("word_result", "scores"):
            tally.delivered += 1
        if kind == "word_result":
            sent = tally.sent_at.get((seat.name + seat.code, message["word"]))
            if sent is not None:
                tally.round_trips.append(now - sent)
                tally.answered += 1
                tally.accepted += message["accepted"]
        elif kind == "scores":
            for row in message["scores"]:
                sent = tally.valid_sent_at.get(row["id"])
                if row["id"] != seat.player_id and sent is not None:
                    tally.broadcasts.append(now - sent)
        elif kind == "round_started":
            sent = tally.start_sent.get(seat.code)
            if sent is not None:
                tally.starts.append(now - sent)
            seat.started.set()
        elif kind == "error":
            tally.errors += 1


def percentiles(samples: list[float]) -> dict[str, float | None]:
    if len(samples) < 2:
        return {"p50": None, "p95": None, "p99": None}
    cuts = statistics.quantiles(samples, n=100, method="inclusive")
    return {
        name: round(cuts[index] * 1000, 1)
        for name, index in (("p50", 49), ("p95", 94), ("p99", 98))
    }


def report(tally: Tally, players: int, rooms: int, duration: float) -> dict:
    cpu = tally.play_cpu_s
    return {
        "players": players,
        "rooms": rooms,
        "duration_s": duration,
        "submitted": tally.submitted,
        "answered": tally.answered,
        "accepted": tally.accepted,
        "lost_replies": tally.submitted - tally.answered,
        "round_trip_ms": percentiles(tally.round_trips),
        "broadcast_ms": percentiles(tally.broadcasts),
        "broadcasts": len(tally.broadcasts),
        "start_ms": percentiles(tally.starts),
        "started": len(tally.starts),
        "lost_events": tally.lost_events,
        "errors": tally.errors,
        "connect_failures": tally.connect_failures,
        "connect_s": round(tally.connect_seconds, 2),
        "teacher_page_ms": percentiles(tally.teacher_pages),
        "teacher_pages": len(tally.teacher_pages),
        "teacher_errors": tally.teacher_errors,
        "play_cpu_s": None if cpu is None else round(cpu, 2),
        "cpu_ms_per_word": None if cpu is None else round(cpu * 1000 / max(tally.submitted, 1), 3),
        # Every reply and room event a socket received: the unit tools.baseline is read in.
        "delivered": tally.delivered,
        "cpu_us_per_delivered": (
            None if cpu is None else round(cpu * 1e6 / max(tally.delivered, 1), 1)
        ),
    }
