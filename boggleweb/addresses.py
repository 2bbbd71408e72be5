"""Whose request or socket is this: the client's address, for login and join-code limits."""

from __future__ import annotations

from django.conf import settings
from django.http import HttpRequest


def client_address(request: HttpRequest | None) -> str | None:
    """The client's IP address.

    Behind the trusted proxy (SECURE_PROXY_SSL_HEADER_ENABLED), the last
    X-Forwarded-For entry: the one that proxy added for the connection it
    received (entries before it come from the client and prove nothing).
    Otherwise the address the connection came from. None when unknown.
    """
    if request is None:  # a login made in code (tests, the shell)
        return None
    if settings.BEHIND_TRUSTED_PROXY:
        forwarded = request.META.get("HTTP_X_FORWARDED_FOR", "")
        last = forwarded.rsplit(",", 1)[-1].strip()
        if last:
            return last
    return request.META.get("REMOTE_ADDR") or None


def socket_address(scope: dict) -> str | None:
    """The client's IP address for a websocket, as ``client_address`` gives it for a
    request: the last X-Forwarded-For entry behind the trusted proxy, else the peer."""
    if settings.BEHIND_TRUSTED_PROXY:
        headers = dict(scope.get("headers") or ())
        forwarded = headers.get(b"x-forwarded-for", b"").decode("latin-1")
        last = forwarded.rsplit(",", 1)[-1].strip()
        if last:
            return last
    client = scope.get("client")
    return client[0] if client else None
