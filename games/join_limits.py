"""Who may look a room code up, and what a wrong one costs.

Codes are 6 characters of 27 (387 million codes): guessing one takes
millions of tries, so every path that tells whether a code exists (the join
form and its links, a round's results and flashcards, the room socket)
counts a code that opens nothing against the browser and against its
address. A browser may get 10 wrong in 10 minutes; an address, 20 in 30
minutes, so a script that drops its cookie is stopped by its 21st wrong
code, and then gets 20 more every half hour at most (under 1,000 a day).
A right code costs nothing: a class of 30 behind the school's one address
joins at once however many of them there are, and pupils who mistype
once each take a class of 20 to reach the limit.

Once over a limit, no code is looked up for that browser or address (a right
one would tell that it is right), except the rooms it is already in: a
player's own room, or the room of its host or its class's teacher, opens
whatever the limits, so a lesson in progress never stops because a pupil
somewhere in the school typed too many wrong codes.

Counts live in the cache, which is Redis when REDIS_URL is set (every
server process shares them), in one-minute slots: each limit is over the
last N minutes, not a window that empties at once.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from django.core.cache import cache
from django.http import HttpRequest
from django.utils.translation import gettext

from boggleweb.addresses import client_address, socket_address
from games import selectors
from games.models import Room
from games.sessions import BROWSER_KEY, browser_id

WRONG_CODES_PER_BROWSER, BROWSER_MINUTES = 10, 10
WRONG_CODES_PER_ADDRESS, ADDRESS_MINUTES = 20, 30
KEY_PREFIX = "join-wrong"


class CodeRefused(Exception):
    """No room is looked up for this code now: the message says why."""


@dataclass(frozen=True)
class Asker:
    """Who asks for a code: a browser (None when it keeps no cookie) and an address."""

    browser: str | None
    address: str

    @classmethod
    def of_request(cls, request: HttpRequest) -> Asker:
        """A page's asker: its browser id is made now if it has none (a browser that
        keeps its cookie is then counted as itself)."""
        return cls(browser_id(request), client_address(request) or "unknown")

    @classmethod
    def of_socket(cls, scope: dict) -> Asker:
        browser = scope.get("session", {}).get(BROWSER_KEY)
        return cls(browser, socket_address(scope) or "unknown")

    def limits(self) -> list[tuple[str, int, int]]:
        """(key, limit, minutes) of every count this asker is held to."""
        limits = [(f"address:{self.address}", WRONG_CODES_PER_ADDRESS, ADDRESS_MINUTES)]
        if self.browser:
            limits.append((f"browser:{self.browser}", WRONG_CODES_PER_BROWSER, BROWSER_MINUTES))
        return limits


def _slots(key: str, minutes: int) -> list[str]:
    now = int(time.time() // 60)
    return [f"{KEY_PREFIX}:{key}:{minute}" for minute in range(now - minutes + 1, now + 1)]


def refusal(asker: Asker) -> str | None:
    """Why this asker may not try a code now, or None when it may."""
    limits = asker.limits()
    slots = {key: _slots(key, minutes) for key, _limit, minutes in limits}
    counts = cache.get_many([slot for keys in slots.values() for slot in keys])
    for key, limit, _minutes in limits:
        if sum(counts.get(slot, 0) for slot in slots[key]) >= limit:
            return gettext(
                "Too many wrong codes. Wait a few minutes, then check the code with your teacher."
            )
    return None


def wrong_code(asker: Asker) -> None:
    """Count one wrong code for this asker's browser and address."""
    for key, _limit, minutes in asker.limits():
        slot = _slots(key, 1)[0]
        cache.add(slot, 0, timeout=(minutes + 1) * 60)
        try:
            cache.incr(slot)
        except ValueError:  # expired between add and incr
            cache.add(slot, 1, timeout=(minutes + 1) * 60)


def room_for(code: str, *, asker: Asker, user=None) -> Room | None:
    """The room ``code`` opens for this asker, or None (a wrong code, counted).

    A room the asker is in (a player's, or the room of its host or its class's
    teacher) opens whatever the limits, by its code or by one its teacher
    replaced. Any other room only while the asker is within the limits; a code
    its teacher replaced then says so (not counted: it was a real code).
    Raises CodeRefused.
    """
    room = selectors.room_by_code(code)
    replaced = room is None and (room := selectors.room_by_replaced_code(code)) is not None
    if room is not None and selectors.is_in_room(room, asker.browser, user):
        return room
    reason = refusal(asker)
    if reason is not None:
        raise CodeRefused(reason)
    if replaced:
        raise CodeRefused(gettext("This class has a new code: ask your teacher for it."))
    if room is None:
        wrong_code(asker)
    return room
