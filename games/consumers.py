"""The room socket: thin. Parse a frame, call a service, reply.

Identity comes from the session (the browser id set when the page joined),
never from a message field. Rules live in games.services, host controls in
games.host_actions, flood control in games.ratelimit, messages in
games.protocol.
"""

from __future__ import annotations

import contextlib
import functools
import json
from types import SimpleNamespace
from urllib.parse import parse_qs

from autobahn.exception import Disconnected
from channels.consumer import get_handler_name
from channels.generic.websocket import AsyncWebsocketConsumer
from django.db import DatabaseError
from django.http.cookie import parse_cookie
from django.utils import translation
from django.utils.translation import gettext as _

from boggleweb.class_language import cookie_language
from boggleweb.layers import InboxConsumer
from boggleweb.outages import note_outage
from games import (
    balance,
    clock,
    host_actions,
    join_limits,
    presence,
    protocol,
    ratelimit,
    selectors,
    services,
    sweeper,
    verdicts,
)
from games.homework.selectors import not_theirs
from games.models import Room, Round
from games.protocol import ClientError
from games.sessions import BROWSER_KEY
from games.workers import in_word_thread, in_worker

# Room events after which the cached round is stale.
ROUND_EVENTS = frozenset({"round_started", "round_ended", "clock", "new_round", "ruling"})


def _service_errors() -> tuple[type[BaseException], ...]:
    """What an unreachable database or Redis raises (a page can only retry)."""
    from redis.exceptions import RedisError

    return (DatabaseError, RedisError, OSError)


SERVICE_ERRORS = _service_errors()


def connection_language(scope: dict, room_language: str = "") -> str:
    """The interface language of a socket, chosen as for its pages
    (boggleweb/class_language.py): the language switch's cookie, else the class's
    language, else the browser's Accept-Language, else LANGUAGE_CODE."""
    headers = dict(scope.get("headers") or ())
    cookies = scope.get("cookies") or parse_cookie(headers.get(b"cookie", b"").decode("latin-1"))
    if room_language and not cookie_language(cookies):
        return room_language
    accept = headers.get(b"accept-language", b"").decode("latin-1")
    request = SimpleNamespace(COOKIES=cookies, META={"HTTP_ACCEPT_LANGUAGE": accept})
    return translation.get_language_from_request(request)


class RoomConsumer(InboxConsumer, AsyncWebsocketConsumer):
    """One queue for the socket's and the room's messages (boggleweb.layers.serve_inbox)."""

    async def dispatch(self, message: dict) -> None:
        """Channels' own dispatch closes stale database connections before every
        message through its one thread-sensitive worker, which set the tail
        latency of a class's fan-out. This consumer touches the database only
        through ``in_worker`` and ``in_word_thread``, which close stale connections in their
        own threads."""
        handler = getattr(self, _handler_name(message["type"]), None)
        if handler is None:
            raise ValueError(f"No handler for message type {message['type']}")
        await handler(message)

    async def connect(self) -> None:
        # Started with the process (boggleweb/asgi.py); here too for a server that
        # starts neither way (the tests' communicator, say).
        sweeper.ensure_started()
        balance.ensure_started()
        presence.ensure_started()
        balance.track(self)
        self.code = self.scope["url_route"]["kwargs"]["code"].upper()
        self.browser = self.scope.get("session", {}).get(BROWSER_KEY)
        # The play page says so (?play=1): its player is in the rounds it opens on.
        query = parse_qs(self.scope.get("query_string", b"").decode("latin-1"))
        self.playing = query.get("play") == ["1"]
        self.bucket = ratelimit.bucket_for(self.browser or self.channel_name)
        # Read once and dropped when a room event says they changed: a refused
        # word then costs no query at all.
        self.room = self.round = self.player = self.member = None
        # The cached round with its words, once a word went through a worker: most
        # words are refused, and those are answered from these at once (answer_at_once).
        self.judging: tuple[Round, verdicts.RoundWords] | None = None
        self.team = None  # this page's team number in the current round
        self.removed_id = None  # this page's player, removed by the host: waiting to come back
        self.present_as = None  # the player this socket counts as a page of (games.presence)
        self.is_host = False
        self.public = True  # until the snapshot finds it is a player's, or the host's
        await self.accept()
        try:
            self.room = await in_worker(self.find_room)()
            if self.room is None:
                await self.close(code=protocol.CLOSE_NOT_A_ROOM)
                return
            # Replies in this page's interface language; worker threads inherit it.
            language = connection_language(self.scope, self.room.interface_language)
            translation.activate(language)
            await self.channel_layer.group_add(self.room.group_name, self.channel_name)
            self.group = self.room.group_name
            await self.send_json(await in_worker(self.snapshot)(room_read=True))
        except SERVICE_ERRORS as error:
            await self.unavailable(error)

    def find_room(self) -> Room | None:
        """The room of the URL's code, counted and limited as every path that tells
        whether a code exists (games.join_limits); None (the socket closes with 4004)
        for a wrong code, or a homework attempt's room opened by another browser."""
        asker = join_limits.Asker.of_socket(self.scope)
        try:
            room = join_limits.room_for(self.code, asker=asker, user=self.scope.get("user"))
        except join_limits.CodeRefused:
            return None
        return None if room is None or not_theirs(room, self.browser) else room

    async def disconnect(self, code: int) -> None:
        balance.forget(self)
        presence.forget(self)
        if self.present_as is not None:
            try:
                await in_worker(services.presence_leave)(channel=self.channel_name)
            except SERVICE_ERRORS as error:  # the row goes stale: away a minute later
                note_outage(error)
        if hasattr(self, "group"):
            try:
                await self.channel_layer.group_discard(self.group, self.channel_name)
            except SERVICE_ERRORS as error:  # the group forgets it when Redis comes back
                note_outage(error)

    async def unavailable(self, error: BaseException) -> None:
        note_outage(error)
        await self.close(code=protocol.CLOSE_UNAVAILABLE)

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        if not self.bucket.take():
            if self.bucket.flooding:
                await self.close(code=protocol.CLOSE_FLOOD)
            else:
                await self.send_json(protocol.error("slow_down", _("Too many messages.")))
            return
        try:
            message = protocol.parse_client_message(text_data, bytes_data)
            reply = self.answer_at_once(message)
            if reply is None:
                # Words and traced paths on the word threads; a host's command (a new
                # board, say) or a resync on the worker threads, where it holds up no word.
                words = isinstance(message, (protocol.SubmitWord, protocol.CheckPath))
                reply = await (in_word_thread if words else in_worker)(self.handle)(message)
        except ClientError as error:
            reply = protocol.error(error.code, error.message)
        except SERVICE_ERRORS as error:
            await self.unavailable(error)
            return
        if reply is not None:
            await self.send_json(reply)

    def handle(self, message: protocol.ClientMessage) -> dict | None:
        """Run in a worker thread: the service call for one client message."""
        if isinstance(message, protocol.Resync):
            return self.snapshot()
        if self.round is None:
            self.round = selectors.current_round(self.room)
        if isinstance(message, protocol.HOST_MESSAGES):
            if not self.is_host:
                raise ClientError("not_host", _("Only the host can do that."))
            host_actions.perform(room=self.room, game_round=self.round, message=message)
            return None
        if self.player is None:
            raise ClientError("not_joined", _("Join the room with a nickname first."))
        game_round = self.round
        if game_round.finished_at is None:  # a finished round's words change with rulings
            self.judging = (game_round, verdicts.round_words(game_round))
        if isinstance(message, protocol.CheckPath):
            path = list(message.path)
            return services.path_feedback(round=game_round, round_id=message.round_id, path=path)
        result = services.word_submit(
            round=game_round,
            player=self.player,
            round_id=message.round_id,
            word=message.word,
            path=list(message.path) if message.path else None,
            member=self.member,
        )
        return services.word_result_event(result, game_round)

    def answer_at_once(self, message: protocol.ClientMessage) -> dict | None:
        """The answer to a word refused, or a traced path judged, on what this socket
        holds (its round and the round's words, no query): without the round trip
        through a worker thread, which cost more CPU than the verdict. None when the
        message needs a worker (a word that counts is recorded there)."""
        held = self.judging
        if held is None or held[0] is not self.round or self.player is None:
            return None
        game_round, words = held
        if isinstance(message, protocol.CheckPath):
            path = list(message.path)
            return services.path_feedback(
                round=game_round, round_id=message.round_id, path=path, words=words
            )
        if not isinstance(message, protocol.SubmitWord):
            return None
        path = list(message.path) if message.path else None
        result = services.word_refusal(
            round=game_round, words=words, round_id=message.round_id, word=message.word, path=path
        )
        return None if result is None else services.word_result_event(result, game_round)

    def snapshot(self, room_read: bool = False) -> dict:
        """Everything the page shows, read afresh; a play page enters the round it sees.
        ``room_read``: the room was read a moment ago (the socket is opening)."""
        if not room_read:
            self.room = selectors.room_by_id(self.room.pk)  # its code may have changed
        self.round = selectors.current_round(self.room)
        self.player = selectors.player_for(self.room, self.browser)
        removed = None if self.player else selectors.removed_player_for(self.room, self.browser)
        self.removed_id = removed.pk if removed else None
        services.round_finish_if_due(round=self.round)
        self.is_host = selectors.is_host(self.room, self.browser, self.scope.get("user"))
        member = selectors.round_player(self.round, self.player)
        entering = member is None and self.playing and self.player is not None
        if entering and clock.status(self.round) != clock.FINISHED:
            member = services.round_enter(round=self.round, player=self.player)
        self.member = member
        self.team = member.team.number if member is not None and member.team else None
        # Not joined, not the host: the room's public state only (protocol.public_view).
        self.public = self.player is None and not self.is_host
        if self.player is not None and self.present_as != self.player.pk:
            services.presence_enter(player=self.player, channel=self.channel_name)
            self.present_as = self.player.pk
            presence.track(self)
        snapshot = selectors.snapshot(
            room=self.room,
            round=self.round,
            player=self.player,
            member=member,
            host=self.is_host,
            removed=removed,
        )
        return protocol.public_view(snapshot) if self.public else snapshot

    # --- events from the room group -------------------------------------------

    async def room_event(self, message: dict) -> None:
        event = message["event"]
        kind = event["type"]
        if kind in ROUND_EVENTS:
            self.round = None
        elif kind == "players" and self.player is not None:
            mine = next((p for p in event["players"] if p["id"] == self.player.pk), None)
            self.team = mine["team"] if mine else self.team
            self.member = None  # a move, say: read again with the next word
        if kind == "new_round":
            self.member = None
        with_find = "find" in event and message.get("team") == self.team
        with_shared = "shared" in event and self._shares(event["shared"])
        key = (self.group, event.get("seq"), kind, event.get("round"), with_find, with_shared)
        key += (self.public, self.is_host)
        shown = _room_text(key, lambda: self._as_shown(event, with_find, with_shared))
        await self.send_json(shown[0], text=shown[1])
        if kind == "removed":
            await self._on_removed(event)

    def _as_shown(self, event: dict, with_find: bool, with_shared: bool) -> dict:
        """``event`` as this page may see it."""
        # A team's words are for its own pages, a shared word for its finders' pages: the
        # others see only the scores.
        drop = {"find"} if "find" in event and not with_find else set()
        drop |= {"shared"} if "shared" in event and not with_shared else set()
        if drop:
            event = {key: value for key, value in event.items() if key not in drop}
        if self.public:
            return protocol.public_view(event)
        if not self.is_host:
            return protocol.without_host_fields(event)
        return event

    def _shares(self, shared: dict) -> bool:
        """This page's player (or team) found the shared word."""
        if self.player is not None and self.player.pk in shared["players"]:
            return True
        return self.team is not None and self.team in shared["teams"]

    async def _on_removed(self, event: dict) -> None:
        """The host removed someone: if this page's player, it waits to be let back in
        (a snapshot brings it back), or closes for good when they were banned."""
        mine = self.player.pk if self.player is not None else self.removed_id
        if mine is None or event["player"] != mine:
            return
        self.player = self.member = None
        self.removed_id, self.public = mine, True
        if event["banned"]:
            await self.close(code=protocol.CLOSE_REMOVED)

    async def move(self) -> None:
        """This process holds more than its share of sockets: the page reconnects at
        once, and the balancer sends it to a less busy process."""
        await self.close(code=protocol.CLOSE_MOVE)

    async def layer_lost(self, message: dict) -> None:
        """Redis went away (boggleweb.layers): the page retries, and comes back with a
        fresh snapshot once Redis does."""
        await self.close(code=protocol.CLOSE_UNAVAILABLE)

    async def room_closed(self, message: dict) -> None:
        """The room was deleted (its class, say): this page has nothing left to show."""
        await self.close(code=protocol.CLOSE_NOT_A_ROOM)

    async def send_json(self, content: dict, text: str | None = None) -> None:
        """Send ``content`` (``text``: already encoded, a room event, say)."""
        # The page may have gone while a reply or a room event for it was on its way
        # (a class closing its laptops): nothing to tell it, nothing to log.
        with contextlib.suppress(Disconnected):
            await self.send(text_data=text or _encode(content))


@functools.cache
def _handler_name(kind: str) -> str:
    """Channels' handler name for a message type (``room.event`` -> ``room_event``),
    worked out once per type, not once per message."""
    return get_handler_name({"type": kind})


def _encode(content: dict) -> str:
    return json.dumps(content, separators=(",", ":"))


# Room events as sent, by (group, seq, type, round, with the find or not, ...): every
# socket of a room in this process sends the same event, so it is filtered and encoded
# once, not once per socket. Only the event loop's thread uses it; the latest few hundred
# are kept, each as (the event as shown, its text).
_room_texts: dict[tuple, tuple[dict, str]] = {}
ROOM_TEXTS_KEPT = 256


def _room_text(key: tuple, make) -> tuple[dict, str]:
    """The event as this kind of page sees it, and its text: ``make()``'s, made once for
    the room's pages in this process (``key[1]``: the event's number)."""
    shown = _room_texts.get(key) if key[1] is not None else None
    if shown is None:
        event = make()
        shown = (event, _encode(event))
        if key[1] is not None:  # not numbered: nothing to know it by
            _room_texts[key] = shown
            if len(_room_texts) > ROOM_TEXTS_KEPT:
                del _room_texts[next(iter(_room_texts))]
    return shown
