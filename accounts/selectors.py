"""Reads for teachers' pages and for the game's join page. Nothing here writes."""

from __future__ import annotations

import math
from datetime import datetime, timedelta

from django.db.models import QuerySet
from django.utils import timezone

from accounts.models import Classroom, LoginFailure

# Five wrong passwords for one user name from one address, then a 15-minute wait.
LOGIN_FAILURE_LIMIT = 5
LOGIN_FAILURE_WINDOW = timedelta(minutes=15)


def classrooms_of(teacher) -> QuerySet[Classroom]:
    """A teacher's classes and nobody else's: every class page starts from here."""
    return Classroom.objects.filter(room__owner=teacher).select_related("room")


def login_wait(*, username: str, ip: str, now: datetime | None = None) -> int:
    """Whole minutes before this user name may be tried again from this address (0: now)."""
    now = now or timezone.now()
    recent = LoginFailure.objects.filter(
        username=username.casefold(), ip=ip, attempted_at__gt=now - LOGIN_FAILURE_WINDOW
    ).order_by("-attempted_at")
    # The block lifts when the LIMIT-th most recent failure leaves the window.
    times = list(recent.values_list("attempted_at", flat=True)[:LOGIN_FAILURE_LIMIT])
    if len(times) < LOGIN_FAILURE_LIMIT:
        return 0
    free_at = times[-1] + LOGIN_FAILURE_WINDOW
    return max(1, math.ceil((free_at - now).total_seconds() / 60))
