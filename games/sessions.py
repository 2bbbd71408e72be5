"""A browser's identity: a random id kept in its session, no account needed.

The same browser reloading the page is the same player; the id never comes
from a form field or a websocket message.
"""

from __future__ import annotations

import secrets

from django.http import HttpRequest

BROWSER_KEY = "lettergrid_browser"


def browser_id(request: HttpRequest) -> str:
    """This browser's id, created (and the session saved) on first use."""
    value = request.session.get(BROWSER_KEY)
    if not value:
        value = secrets.token_hex(16)
        request.session[BROWSER_KEY] = value
    return value
