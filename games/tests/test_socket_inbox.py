"""A room socket reads its page's frames and its room's events from one queue
(boggleweb.layers.serve_inbox), one message at a time, on either channel layer;
Channels' own loop serves it where the server's ``receive`` is not a queue's."""

from __future__ import annotations

import asyncio

import pytest
from channels.layers import get_channel_layer
from channels.routing import URLRouter
from channels.testing import WebsocketCommunicator
from django.conf import settings
from django.contrib.sessions.backends.db import SessionStore

from boggleweb.asgi import SocketSessionMiddleware
from boggleweb.layers import InMemoryLayer
from games.routing import websocket_urlpatterns
from games.sessions import BROWSER_KEY
from games.tests.conftest import ANN, BEN, drain_until
from games.tests.test_consumers import connected, room_with, words_of_length

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]


def attached(layer) -> set[str]:
    """The channels whose messages the layer puts straight into a socket's queue."""
    if isinstance(layer, InMemoryLayer):
        return set(layer._inboxes)
    return set(layer._get_layer().inboxes)


def waiting(layer, channels: set[str]) -> int:
    """Messages for ``channels`` left in queues of the layer's own (the ones Channels'
    loop reads), which nothing reads for a socket that has its own queue."""
    queues = layer.channels if isinstance(layer, InMemoryLayer) else layer._get_layer().channels
    return sum(queues[name].qsize() for name in channels if name in queues)


async def test_the_reply_to_a_word_comes_before_the_room_event_it_made():
    room, game_round = await room_with(players=(ANN, BEN))
    before = attached(get_channel_layer())
    ann, _ = await connected(room, ANN)
    ben, _ = await connected(room, BEN)
    sockets = attached(get_channel_layer()) - before
    assert len(sockets) == 2  # each socket reads its room's events from its own queue
    word = words_of_length(game_round, 5)[0]
    await ann.send_json_to({"type": "submit", "round": game_round.pk, "word": word})
    # The event is queued while the word is still being recorded: the socket answers
    # its page first, then reads the event, one message at a time.
    kinds = []
    while "scores" not in kinds:
        message = await ann.receive_json_from(timeout=10)
        kinds.append(message["type"])
        if message["type"] == "word_result":
            points = message["points"]
            assert message["accepted"] and points > 0
        elif message["type"] == "scores":
            assert message["scores"][0]["points"] == points
    assert kinds.index("word_result") < kinds.index("scores")
    assert (await drain_until(ben, "scores"))["scores"][0]["points"] == points
    assert waiting(get_channel_layer(), sockets) == 0  # every event went to the sockets' own
    await ann.disconnect()
    await ben.disconnect()
    await asyncio.sleep(0.1)
    assert not sockets & attached(get_channel_layer())  # let go when they close


class NotAQueue:
    """A server whose ``receive`` is not an ``asyncio.Queue``'s ``get``."""

    def __init__(self, application):
        self.application = application

    async def __call__(self, scope, receive, send):
        async def receive_one():
            return await receive()

        await self.application(scope, receive_one, send)


async def test_where_receive_is_not_a_queue_channels_own_loop_serves_the_socket():
    room, game_round = await room_with(players=(ANN, BEN))
    ann, _ = await connected(room, ANN)
    before = attached(get_channel_layer())
    ben = WebsocketCommunicator(
        NotAQueue(URLRouter(websocket_urlpatterns)), f"/ws/rooms/{room.code}/"
    )
    ben.scope["session"] = {BROWSER_KEY: BEN}
    assert (await ben.connect())[0]
    await drain_until(ben, "snapshot")
    assert attached(get_channel_layer()) == before  # Ben's socket: Channels' loop
    word = words_of_length(game_round, 5)[0]
    await ben.send_json_to({"type": "submit", "round": game_round.pk, "word": word})
    points = (await drain_until(ben, "word_result"))["points"]
    assert points > 0
    assert (await drain_until(ann, "scores"))["scores"][0]["points"] == points
    assert (await drain_until(ben, "scores"))["scores"][0]["points"] == points
    await ann.disconnect()
    await ben.disconnect()


async def test_a_socket_that_reads_nothing_misses_events_past_its_capacity():
    """As Channels' own layer: a full socket misses a room event, the others do not."""
    layer = InMemoryLayer(capacity=3)
    slow, quick = asyncio.Queue(), asyncio.Queue()
    await layer.attach("slow", slow)
    await layer.attach("quick", quick)
    await layer.group_add("room", "slow")
    await layer.group_add("room", "quick")
    for number in range(5):
        await layer.group_send("room", {"type": "room.event", "n": number})
        if not quick.empty():
            await quick.get()
    assert [slow.get_nowait()["n"] for _ in range(slow.qsize())] == [0, 1, 2]
    await layer.detach("slow")
    await layer.group_send("room", {"type": "room.event", "n": 5})
    assert slow.empty() and (await quick.get())["n"] == 5


async def test_a_socket_reads_its_session_and_sends_straight_to_the_server():
    """The session is read when the socket opens; its replies are not wrapped to save
    a session a socket never writes (Channels' wrapper read it on every message)."""
    store = SessionStore()
    store[BROWSER_KEY] = ANN
    await store.asave()
    seen = {}

    async def inner(scope, receive, send):
        seen["session"] = await scope["session"].aget(BROWSER_KEY)
        seen["send"] = send

    async def send(message):
        pass

    scope = {"type": "websocket", "cookies": {settings.SESSION_COOKIE_NAME: store.session_key}}
    await SocketSessionMiddleware(inner)(scope, None, send)
    assert seen == {"session": ANN, "send": send}
