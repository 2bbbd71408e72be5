"""The room socket: thin. Parse a frame, call a service, reply.

Identity comes from the session (the browser id set when the page joined),
never from a message field. Rules live in games.services; messages in
games.protocol.
"""

from __future__ import annotations

import asyncio
import json
import logging
import time
from types import SimpleNamespace
from urllib.parse import parse_qs

from channels.consumer import get_handler_name
from channels.db import DatabaseSyncToAsync
from channels.generic.websocket import AsyncWebsocketConsumer
from django.http.cookie import parse_cookie
from django.utils import timezone, translation
from django.utils.translation import gettext as _

from games import protocol, selectors, services
from games.models import Player, Team
from games.nicknames import NicknameError
from games.protocol import ClientError
from games.sessions import BROWSER_KEY

logger = logging.getLogger(__name__)


def connection_language(scope: dict) -> str:
    """The interface language of a socket, chosen as for its pages: the language
    switch's cookie, else the browser's Accept-Language, else LANGUAGE_CODE."""
    headers = dict(scope.get("headers") or ())
    cookies = scope.get("cookies") or parse_cookie(headers.get(b"cookie", b"").decode("latin-1"))
    accept = headers.get(b"accept-language", b"").decode("latin-1")
    request = SimpleNamespace(COOKIES=cookies, META={"HTTP_ACCEPT_LANGUAGE": accept})
    return translation.get_language_from_request(request)


def in_worker(function):
    """Run ORM work in the thread pool. Channels' default (thread_sensitive)
    funnels every socket of the process through one thread: under a class's
    load the word round trip went from milliseconds to seconds."""
    return DatabaseSyncToAsync(function, thread_sensitive=False)


# Per connection: a burst of 20 messages, then 8 a second; far past it, close.
RATE_BURST, RATE_PER_SECOND, FLOOD_LIMIT = 20, 8.0, 60
# Room events after which the cached round is stale.
ROUND_EVENTS = frozenset({"round_started", "round_ended", "new_round", "clock"})
HOST_MESSAGES = (
    protocol.StartRound,
    protocol.EndRound,
    protocol.NextRound,
    protocol.HostAction,
)


class RoomConsumer(AsyncWebsocketConsumer):
    async def dispatch(self, message: dict) -> None:
        """Channels' own dispatch closes stale database connections before every
        message, through the one thread-sensitive worker: with a room's events
        fanned out to 30 sockets that single thread set the tail latency. This
        consumer touches the database only through ``in_worker``, which closes
        stale connections in its own thread."""
        handler = getattr(self, get_handler_name(message), None)
        if handler is None:
            raise ValueError(f"No handler for message type {message['type']}")
        await handler(message)

    async def connect(self) -> None:
        # Messages to this player (refusals, errors) in their interface language;
        # the game language is the room's. Worker threads inherit it (a context var).
        translation.activate(connection_language(self.scope))
        self.code = self.scope["url_route"]["kwargs"]["code"].upper()
        self.browser = self.scope.get("session", {}).get(BROWSER_KEY)
        # The play page says so (?play=1); a results page or the projector does not
        # make its player take part in the round that is running.
        query = parse_qs(self.scope.get("query_string", b"").decode("latin-1"))
        self.playing = query.get("play") == ["1"]
        # The round this play page saw running, noted for the leaderboards when
        # it ends or the page closes (not at the start, when a class starts typing).
        self.taking_part: int | None = None
        self.tokens, self.refilled, self.refused = float(RATE_BURST), time.monotonic(), 0
        self.timer: asyncio.Task | None = None
        # The room, its current round and this browser's player, read once and
        # dropped when a room event says they changed: a refused word then
        # costs no query at all.
        self.room = self.round = self.player = None
        self.is_host = False
        await self.accept()
        room = await in_worker(selectors.room_by_code)(self.code)
        if room is None:
            await self.close(code=protocol.CLOSE_NOT_A_ROOM)
            return
        self.room = room
        self.group = room.group_name
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.send_snapshot()

    async def disconnect(self, code: int) -> None:
        if self.timer is not None:
            self.timer.cancel()
        await self._write_taking_part()
        if hasattr(self, "group"):
            await self.channel_layer.group_discard(self.group, self.channel_name)

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        if not self._within_rate():
            if self.refused > FLOOD_LIMIT:
                await self.close(code=protocol.CLOSE_FLOOD)
            else:
                await self.send_json(protocol.error_event("slow_down", _("Too many messages.")))
            return
        try:
            message = protocol.parse_client_message(text_data, bytes_data)
            reply = await in_worker(self.handle)(message)
        except ClientError as error:
            reply = protocol.error_event(error.code, error.message)
        if reply is not None:
            await self.send_json(reply)

    def _state(self) -> tuple:
        """The room, current round and player, from the cache or the database."""
        room = self.room
        if self.round is None:
            self.round = selectors.current_round(room)
        if self.player is None:
            self.player = selectors.player_for(room, self.browser)
        return room, self.round, self.player

    def handle(self, message: protocol.ClientMessage) -> dict | None:
        """Run in a worker thread: the service call for one client message."""
        room, game_round, player = self._state()
        if isinstance(message, protocol.Resync):
            self.room, self.round = selectors.room_by_code(self.code), None
            room, game_round, player = self._state()
            return selectors.snapshot(room=room, round=game_round, player=player, host=self.is_host)
        if isinstance(message, HOST_MESSAGES):
            if not self.is_host:
                raise ClientError("not_host", _("Only the host can do that."))
            self._host(room, game_round, message)
            return None
        if player is None:
            raise ClientError("not_joined", _("Join the room with a nickname first."))
        if isinstance(message, protocol.CheckPath):
            return services.path_feedback(
                round=game_round, round_id=message.round_id, path=list(message.path)
            )
        result = services.word_submit(
            round=game_round,
            player=player,
            round_id=message.round_id,
            word=message.word,
            path=list(message.path) if message.path else None,
        )
        return services.word_result_event(result, game_round)

    def _host(self, room, game_round, message) -> None:
        """The host's controls, each one service call."""
        if isinstance(message, protocol.StartRound):
            services.round_start(round=game_round)
        elif isinstance(message, protocol.EndRound):
            if game_round.started_at is not None:
                services.round_finish(round=game_round)
        elif isinstance(message, protocol.NextRound):
            try:
                services.round_next(room=room)
            except services.RoomSettingsError as error:
                raise ClientError("round_running", str(error)) from None
        else:
            self._host_action(room, game_round, message)

    def _host_action(self, room, game_round, action: protocol.HostAction) -> None:
        simple = {
            "pause": lambda: services.round_pause(round=game_round),
            "resume": lambda: services.round_resume(round=game_round),
            "extend": lambda: services.round_extend(round=game_round, seconds=action.seconds),
            "lock": lambda: services.room_lock(room=room, locked=action.on),
            "top_only": lambda: services.room_show_top_only(room=room, top_only=action.on),
            "remove": lambda: services.player_remove(room=room, player_id=action.player),
            "move": lambda: services.player_set_team(
                room=room, player_id=action.player, team_number=action.team
            ),
            "rename": lambda: services.player_rename(
                room=room, player_id=action.player, nickname=action.nickname
            ),
        }
        try:
            simple[action.action]()
        except NicknameError as error:
            raise ClientError("bad_nickname", str(error)) from None
        except (Player.DoesNotExist, Team.DoesNotExist):
            raise ClientError("no_such_player", _("No such player or team in this room.")) from None

    # --- events from the room group -------------------------------------------

    async def room_event(self, message: dict) -> None:
        event = message["event"]
        if event["type"] in ROUND_EVENTS:
            self.round = None
        await self.send_json(event)
        removed = event["type"] == "removed" and self.player is not None
        if removed and event["player"] == self.player.pk:
            self.player = None
            await self.close(code=protocol.CLOSE_REMOVED)
        if event["type"] in ("round_started", "clock") and event.get("status") != "paused":
            self._schedule_finish()
        if event["type"] == "round_started" and self.playing:
            self.taking_part = event["round"]
        elif event["type"] == "round_ended":
            await self._write_taking_part()

    async def send_snapshot(self) -> None:
        room = await in_worker(selectors.room_by_code)(self.code)
        snapshot = await in_worker(self._snapshot)(room)
        await self.send_json(snapshot)
        if snapshot["round"]["status"] == "running":
            self._schedule_finish()

    def _snapshot(self, room) -> dict:
        self.room, self.round, self.player = room, None, None
        room, game_round, player = self._state()
        services.round_finish_if_due(round=game_round)
        self.is_host = selectors.is_host(room, self.browser, self.scope.get("user"))
        running = game_round.started_at is not None and game_round.finished_at is None
        if self.playing and running:
            self.taking_part = game_round.pk
        return selectors.snapshot(room=room, round=game_round, player=player, host=self.is_host)

    async def _write_taking_part(self) -> None:
        """Note that this play page's player took part in the round it saw running.

        Written once the round has ended or the page has closed, so that the
        start of a round costs no write per page. Bookkeeping for the
        leaderboards only: a failure is logged, never passed on to the page.
        """
        round_id, self.taking_part = getattr(self, "taking_part", None), None
        if round_id is not None and getattr(self, "room", None) is not None:
            await in_worker(self._record_taking_part)(round_id)

    def _record_taking_part(self, round_id: int) -> None:
        try:
            player = selectors.player_for(self.room, self.browser)
            if player is not None and not player.removed:
                services.participation_record(round_id=round_id, player=player)
        except Exception:
            logger.exception("recording who took part in room %s failed", self.code)

    def _schedule_finish(self) -> None:
        """Every open page keeps a timer; the first to fire ends the round, once."""
        if self.timer is None or self.timer.done():
            self.timer = asyncio.ensure_future(self._finish_when_due())

    async def _finish_when_due(self) -> None:
        while True:
            game_round = await in_worker(selectors.current_round)(self.room)
            if game_round.finished_at or game_round.paused_at or game_round.ends_at is None:
                return  # a resumed clock arrives as a "clock" event and restarts the timer
            delay = (game_round.ends_at - timezone.now()).total_seconds()
            if delay <= 0:
                await in_worker(services.round_finish_if_due)(round=game_round)
                return
            await asyncio.sleep(min(delay + 0.05, 30))

    # --- helpers ----------------------------------------------------------------

    def _within_rate(self) -> bool:
        now = time.monotonic()
        self.tokens = min(RATE_BURST, self.tokens + (now - self.refilled) * RATE_PER_SECOND)
        self.refilled = now
        if self.tokens >= 1:
            self.tokens -= 1
            self.refused = 0
            return True
        self.refused += 1
        return False

    async def send_json(self, content: dict) -> None:
        await self.send(text_data=json.dumps(content, separators=(",", ":")))
