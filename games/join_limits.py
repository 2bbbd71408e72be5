"""How many wrong room codes one browser, and one address, may try.

Codes are 6 characters of 27 (387 million codes), so guessing one takes
millions of tries; a pupil who mistypes tries a handful. The limits are
generous because a whole school often reaches the server from one address:
thirty classes of thirty mistyping once each stay below them. Counts live in the
cache, which is Redis when REDIS_URL is set, so every server process shares
them; each window of WINDOW_SECONDS starts from zero.
"""

from __future__ import annotations

import time

from django.core.cache import cache
from django.http import HttpRequest
from django.utils.translation import gettext

from boggleweb.addresses import client_address
from games.sessions import browser_id

WINDOW_SECONDS = 10 * 60
WRONG_CODES_PER_BROWSER = 10
WRONG_CODES_PER_ADDRESS = 1000


def _keys(request: HttpRequest) -> dict[str, int]:
    window = int(time.time() // WINDOW_SECONDS)
    address = client_address(request) or "unknown"
    return {
        f"join-wrong:browser:{browser_id(request)}:{window}": WRONG_CODES_PER_BROWSER,
        f"join-wrong:address:{address}:{window}": WRONG_CODES_PER_ADDRESS,
    }


def refusal(request: HttpRequest) -> str | None:
    """Why this browser may not try a code now, or None when it may."""
    counts = cache.get_many(list(_keys(request)))
    if any(counts.get(key, 0) >= limit for key, limit in _keys(request).items()):
        return gettext(
            "Too many wrong codes. Wait a few minutes, then check the code with your teacher."
        )
    return None


def wrong_code(request: HttpRequest) -> None:
    """Count one wrong code for this browser and its address."""
    for key in _keys(request):
        cache.add(key, 0, timeout=WINDOW_SECONDS)
        try:
            cache.incr(key)
        except ValueError:  # expired between add and incr: count it in a fresh window
            cache.add(key, 1, timeout=WINDOW_SECONDS)
