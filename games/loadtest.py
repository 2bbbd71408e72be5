"""A class-sized load on a running server: simulated players in rooms of 30.

Rooms, players and their sessions are made through the services in the
database the server uses (so run the command with the server's settings:
the same DATABASE_URL). Each simulated player then opens a real websocket
with its session cookie and sends a word every ``interval`` seconds, one in
five a word that is on the board. Every player connects first (50 at a time,
as a class joins), then the
timed play begins. Measured: the word round trip (submit to
``word_result``), the broadcast latency (a player's accepted word to the
``find`` event on the other sockets of the room), errors, replies that never
came and room events lost (gaps in the sequence numbers).
"""

from __future__ import annotations

import asyncio
import json
import random
import statistics
import time
from dataclasses import dataclass, field
from urllib.parse import urlsplit

import websockets
from django.conf import settings
from django.contrib.sessions.backends.db import SessionStore

from games import selectors, services
from games.models import Room
from games.sessions import BROWSER_KEY

VALID_SHARE = 0.2


@dataclass
class Seat:
    """One simulated player: its session cookie and the words it may find."""

    code: str
    round_id: int
    session_key: str
    name: str
    words: list[str]
    first_seq: int = 0
    last_seq: int = 0
    seen: set[int] = field(default_factory=set)


@dataclass
class Tally:
    round_trips: list[float] = field(default_factory=list)
    broadcasts: list[float] = field(default_factory=list)
    sent_at: dict[tuple[str, str], float] = field(default_factory=dict)
    submitted: int = 0
    answered: int = 0
    errors: int = 0
    connect_failures: int = 0
    lost_events: int = 0
    connect_seconds: float = 0.0


def prepare(players: int, room_size: int, duration: float, language: str) -> list[Seat]:
    """Rooms with running rounds long enough for the run, and a seat per player."""
    seats = []
    room_count = -(-players // room_size)
    for room_number in range(room_count):
        room = services.room_create(
            host_browser=f"loadtest-host-{room_number}",
            language=language,
            mode=Room.Mode.VERSUS,
            duration_seconds=min(600, max(60, int(duration) + 60)),
        )
        game_round = selectors.current_round(room)
        services.round_start(round=game_round)
        words = sorted(game_round.solution)
        for seat_number in range(min(room_size, players - len(seats))):
            browser = f"loadtest-{room.code}-{seat_number}"
            name = f"Bot {seat_number + 1}"
            services.player_join(room=room, browser=browser, nickname=name)
            session = SessionStore()
            session[BROWSER_KEY] = browser
            session.create()
            seats.append(
                Seat(
                    room.code,
                    game_round.pk,
                    session.session_key,
                    name,
                    random.sample(words, k=len(words)),
                )
            )
    return seats


def cleanup(seats: list[Seat]) -> None:
    codes = {seat.code for seat in seats}
    Room.objects.filter(code__in=codes).delete()
    SessionStore().clear_expired()


async def run(base_url: str, seats: list[Seat], duration: float, interval: float) -> Tally:
    """Connect every player (a class joining, 50 at a time), then play for ``duration``."""
    tally = Tally()
    gate = asyncio.Semaphore(50)
    started = time.perf_counter()
    sockets = await asyncio.gather(*(join(base_url, seat, gate, tally) for seat in seats))
    tally.connect_seconds = time.perf_counter() - started
    deadline = time.monotonic() + duration
    await asyncio.gather(
        *(
            play(socket, seat, deadline, interval, tally)
            for socket, seat in zip(sockets, seats, strict=True)
            if socket
        )
    )
    return tally


async def join(base_url: str, seat: Seat, gate: asyncio.Semaphore, tally: Tally):
    """Open a player's socket and wait for its snapshot; None when it fails."""
    parts = urlsplit(base_url)
    scheme = "wss" if parts.scheme == "https" else "ws"
    url = f"{scheme}://{parts.netloc}/ws/rooms/{seat.code}/?play=1"  # as the play page does
    headers = {"Cookie": f"{settings.SESSION_COOKIE_NAME}={seat.session_key}"}
    async with gate:
        try:
            socket = await websockets.connect(url, additional_headers=headers, origin=base_url)
            snapshot = json.loads(await asyncio.wait_for(socket.recv(), timeout=30))
        except (OSError, TimeoutError, websockets.WebSocketException):
            tally.connect_failures += 1
            return None
    seat.last_seq = snapshot["seq"]
    return socket


async def play(socket, seat: Seat, deadline: float, interval: float, tally: Tally) -> None:
    async with socket:
        reader = asyncio.ensure_future(listen(socket, seat, tally))
        await asyncio.sleep(random.uniform(0, interval))  # players do not type in step
        words = iter(seat.words)
        while time.monotonic() < deadline:
            word = next(words, None) if random.random() < VALID_SHARE else None
            word = word or "".join(random.choices("bcdfghjklmnpqrstvwxz", k=5))
            tally.sent_at[(seat.name + seat.code, word)] = time.perf_counter()
            tally.submitted += 1
            await socket.send(json.dumps({"type": "submit", "round": seat.round_id, "word": word}))
            await asyncio.sleep(interval)
        await asyncio.sleep(2)  # let the last replies and events arrive
        reader.cancel()
    # Events may arrive out of order (several workers broadcast); lost is what never came.
    expected = set(range(seat.first_seq + 1, seat.last_seq + 1))
    tally.lost_events += len(expected - seat.seen)


async def listen(socket, seat: Seat, tally: Tally) -> None:
    seat.first_seq = seat.last_seq
    async for raw in socket:
        now = time.perf_counter()
        message = json.loads(raw)
        kind = message.get("type")
        if "seq" in message and kind != "snapshot":
            seat.seen.add(message["seq"])
            seat.last_seq = max(seat.last_seq, message["seq"])
        if kind == "word_result":
            sent = tally.sent_at.get((seat.name + seat.code, message["word"]))
            if sent is not None:
                tally.round_trips.append(now - sent)
                tally.answered += 1
        elif kind == "find" and message["nickname"] != seat.name:
            sent = tally.sent_at.get((message["nickname"] + seat.code, message["word"]))
            if sent is not None:
                tally.broadcasts.append(now - sent)
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
    return {
        "players": players,
        "rooms": rooms,
        "duration_s": duration,
        "submitted": tally.submitted,
        "answered": tally.answered,
        "lost_replies": tally.submitted - tally.answered,
        "round_trip_ms": percentiles(tally.round_trips),
        "broadcast_ms": percentiles(tally.broadcasts),
        "broadcasts": len(tally.broadcasts),
        "lost_events": tally.lost_events,
        "errors": tally.errors,
        "connect_failures": tally.connect_failures,
        "connect_s": round(tally.connect_seconds, 2),
    }
