"""Login throttling hooks for django-axes (settings: AXES_*)."""

from __future__ import annotations

import math

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import ngettext


def username_typed(request: HttpRequest, credentials: dict | None) -> str | None:
    """The user name as typed, case-folded: Mme_Dupont and MME_DUPONT are one guesser.

    Axes asks with the login form's credentials, or with none (then the POST).
    """
    username = (credentials or {}).get("username") or request.POST.get("username")
    return username.casefold() if username else None


def locked_out(request: HttpRequest, original_response=None, credentials=None) -> HttpResponse:
    """The page a locked-out login gets, /admin/'s included (429 Too Many Requests)."""
    minutes = math.ceil(settings.AXES_COOLOFF_TIME.total_seconds() / 60)
    message = ngettext(
        "Too many failed attempts. Try again in %(count)d minute.",
        "Too many failed attempts. Try again in %(count)d minutes.",
        minutes,
    ) % {"count": minutes}
    return render(request, "accounts/locked_out.html", {"message": message}, status=429)
