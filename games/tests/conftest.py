"""Personas and helpers for the game app's tests."""

from __future__ import annotations

import asyncio
import json

import pytest
from channels.routing import URLRouter
from channels.testing import WebsocketCommunicator
from django.db.models import F
from django.utils import timezone

from games import clock, protocol, services
from games.consumers import RoomConsumer
from games.models import Round
from games.routing import websocket_urlpatterns
from games.sessions import BROWSER_KEY

# PERS/LATG/SINE/TERS: the best 4x4 board known for ENABLE2K, rich in words.
RICH_BOARD = "PERS/LATG/SINE/TERS"
HOST, ANN, BEN, CHLOE = "hana-browser", "ann-browser", "ben-browser", "chloe-browser"


def make_room(**settings):
    settings.setdefault("board", RICH_BOARD)
    return services.room_create(host_browser=settings.pop("host", HOST), **settings)


def start_round(game_round):
    """The host pressed Start one countdown ago: the letters are up now. (Tests move
    time by passing ``now``, never by sleeping through the 3-2-1.)"""
    return services.round_start(round=game_round, now=timezone.now() - clock.COUNTDOWN)


def skip_countdown(game_round) -> None:
    """A round started through a socket: its clock moved back by the countdown, as if
    the 3-2-1 were over. A socket that already read the round reads it again on its
    next snapshot (``resync``)."""
    Round.objects.filter(pk=game_round.pk).update(
        started_at=F("started_at") - clock.COUNTDOWN, ends_at=F("ends_at") - clock.COUNTDOWN
    )
    game_round.refresh_from_db()


@pytest.fixture
def solo_room(db):
    room = make_room()
    services.player_join(room=room, browser=HOST, nickname="Hana")
    return room


def communicator(code: str, browser: str | None, *, play: bool = False) -> WebsocketCommunicator:
    """A socket to a room as a given browser (its session already holds the id);
    ``play``: as the play page opens it (``?play=1``)."""
    path = f"/ws/rooms/{code}/" + ("?play=1" if play else "")
    ws = WebsocketCommunicator(URLRouter(websocket_urlpatterns), path)
    ws.scope["session"] = {BROWSER_KEY: browser} if browser else {}
    return ws


async def drain_until(ws: WebsocketCommunicator, kind: str, timeout: float = 10.0) -> dict:
    """The next message of type ``kind``, skipping others (order-independent tests)."""
    deadline = asyncio.get_running_loop().time() + timeout
    while True:
        remaining = deadline - asyncio.get_running_loop().time()
        if remaining <= 0:
            raise AssertionError(f"no {kind!r} message within {timeout} s")
        message = await ws.receive_json_from(timeout=remaining)
        if message.get("type") == kind:
            return message


@pytest.fixture(autouse=True)
def _only_documented_messages(monkeypatch):
    """Every message a socket sends in any test must be one docs/protocol.md describes
    (games/protocol/server.py's definitions, which test_protocol holds to the document)."""
    send = RoomConsumer.send_json

    async def checked(self, content, text=None):
        protocol.check_server_message(content)
        if text is not None:  # encoded once for the room: the same message
            assert json.loads(text) == content
        await send(self, content, text)

    monkeypatch.setattr(RoomConsumer, "send_json", checked)


@pytest.fixture(autouse=True)
def _no_round_sweeper(settings):
    """The sweeper is a per-process task; tests that want it turn it on."""
    settings.ROUND_SWEEP_SECONDS = 0
