"""A bare Channels room: what this stack costs for a class's traffic with no game in it.

    .venv/bin/daphne -b 127.0.0.1 -p 8300 tools.baseline:application      # in-memory layer
    REDIS_URL=redis://... .venv/bin/daphne ... tools.baseline:application  # Redis
    .venv/bin/python deploy/cluster.py --application tools.baseline:application ...
    .venv/bin/daphne ... tools.baseline:inbox_application   # with the game's one-queue loop

The same server (daphne), the same channel layer (settings.CHANNEL_LAYERS: the
in-memory one, or boggleweb.layers on Redis) and the same load generator
(``manage.py loadtest``, ``tools.capacity``) as the game, with a consumer that
does what a room must and nothing else: no database, no session, no rules.
A socket joins its room's group and gets a snapshot of the game's size; each
word gets a ``word_result`` of the game's shape and size; a word with a vowel
(the load generator's real words have one, its refused ones are five
consonants) is "accepted" and its finder's new line goes to the whole room as a
numbered ``scores`` event, as the game's services do. The player is the one
the load generator names in the URL (``?seat=<player id>``).

CPU per delivered message on this server is the yardstick: docs/PERFORMANCE.md
gives every capacity figure as a ratio to it, measured in the same session.
"""

from __future__ import annotations

import os
from urllib.parse import parse_qs

import django

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "boggleweb.settings")
django.setup()  # the channel layer's settings; nothing here opens the database

from channels.consumer import get_handler_name  # noqa: E402
from channels.exceptions import StopConsumer  # noqa: E402
from channels.generic.websocket import AsyncJsonWebsocketConsumer  # noqa: E402
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from django.urls import path  # noqa: E402

from boggleweb.layers import InboxConsumer  # noqa: E402

VOWELS = frozenset("aeiouy")
# The game's snapshot of a running 4x4 round with a few players is ~850 bytes.
SNAPSHOT_PADDING = "x" * 700
# Each process numbers its rooms' events (a room spread over two processes gets two
# interleaved sequences: the load generator's loss count sees no gap either way).
_seqs: dict[str, int] = {}


class BareRoomConsumer(AsyncJsonWebsocketConsumer):
    async def dispatch(self, message: dict) -> None:
        """Channels' own dispatch first closes stale database connections through a
        thread (every message, database or not); a consumer without a database has
        none (the game's consumer skips it too)."""
        await getattr(self, get_handler_name(message))(message)

    async def connect(self) -> None:
        self.group = "baseline." + self.scope["url_route"]["kwargs"]["code"].upper()
        query = parse_qs(self.scope.get("query_string", b"").decode("latin-1"))
        self.player = int(query.get("seat", ["0"])[0])
        self.points = self.words = 0
        await self.accept()
        await self.channel_layer.group_add(self.group, self.channel_name)
        seq = _seqs.get(self.group, 0)
        await self.send_json({"type": "snapshot", "seq": seq, "padding": SNAPSHOT_PADDING})

    async def websocket_disconnect(self, message: dict) -> None:
        """As Channels' own, without its closing of database connections (none here)."""
        await self.channel_layer.group_discard(self.group, self.channel_name)
        raise StopConsumer()

    async def receive_json(self, content: dict, **kwargs) -> None:
        if content.get("type") != "submit":
            return
        word = str(content.get("word", ""))
        accepted = not VOWELS.isdisjoint(word)
        points = 3 if accepted else 0
        # The game's reply, field for field (its path: a cell per letter).
        await self.send_json(
            {
                "type": "word_result",
                "round": content.get("round"),
                "accepted": accepted,
                "reason": "accepted" if accepted else "not_on_board",
                "message": "Accepted." if accepted else "Not on the board.",
                "word": word,
                "display": word,
                "path": [[i % 4, i // 4] for i in range(len(word))] if accepted else None,
                "points": points,
                "shared": False,
                "all_found": False,
            }
        )
        if accepted:
            self.points += points
            self.words += 1
            seq = _seqs[self.group] = _seqs.get(self.group, 0) + 1
            line = {"id": self.player, "points": self.points, "words": self.words}
            event = {"type": "scores", "round": content.get("round"), "scores": [line], "seq": seq}
            await self.channel_layer.group_send(self.group, {"type": "room.event", "event": event})

    async def room_event(self, message: dict) -> None:
        await self.send_json(message["event"])


async def healthz(scope, receive, send) -> None:
    """200 on every path: deploy/cluster.py waits for /healthz."""
    while (await receive())["type"] != "http.request":
        pass
    await send({"type": "http.response.start", "status": 200, "headers": []})
    await send({"type": "http.response.body", "body": b"ok"})


class InboxBareRoomConsumer(InboxConsumer, BareRoomConsumer):
    """The bare room reading its socket and its channel from one queue, as the game's
    consumer does (boggleweb.layers.serve_inbox): what the stack costs with the
    game's lighter loop and nothing else of the game."""


def bare_room(consumer) -> ProtocolTypeRouter:
    return ProtocolTypeRouter(
        {
            "http": healthz,
            "websocket": URLRouter([path("ws/rooms/<str:code>/", consumer.as_asgi())]),
        }
    )


# Channels' own consumer loop: the yardstick docs/PERFORMANCE.md divides by.
application = bare_room(BareRoomConsumer)
# With the game's one-queue loop: tools.baseline:inbox_application
inbox_application = bare_room(InboxBareRoomConsumer)
