"""Login throttling: django-axes counts, this module decides how long a login waits.

Failures are counted per account (the user name as typed, case-folded), from
any address: a school reaches the server from one address, so a lock on the
address would let any pupil lock their teacher out for a quarter of an hour.
Instead, after ``AXES_FAILURE_LIMIT`` failures each further try on the account
waits a little longer after the last one (``wait_after``: 5 s, 10 s, 20 s ...
never more than two minutes), and tries made while waiting are refused
without being counted, so hammering the name does not lengthen the wait. A
password guesser gets a few hundred tries a day at most; a teacher a pupil
played a trick on waits seconds. The right password, a password reset, or a
day without a failure clears the count (``AXES_COOLOFF_TIME``).

The teacher hears of it: the first time in a day that their account reaches
the limit, they get an e-mail (``tell_the_teacher``).
"""

from __future__ import annotations

import logging
import math
from datetime import timedelta

from axes.handlers.database import AxesDatabaseHandler
from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.core.mail import send_mail
from django.db.models import Max
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.translation import ngettext

logger = logging.getLogger(__name__)

FIRST_WAIT = timedelta(seconds=5)
LONGEST_WAIT = timedelta(minutes=2)
ALERT_EVERY = timedelta(days=1)  # at most one e-mail a day per account


def username_typed(request: HttpRequest, credentials: dict | None) -> str | None:
    """The user name as typed, case-folded: Mme_Dupont and MME_DUPONT are one guesser.

    Axes asks with the login form's credentials, or with none (then the POST).
    """
    username = (credentials or {}).get("username") or request.POST.get("username")
    return username.casefold() if username else None


def wait_after(failures: int) -> timedelta:
    """How long after its last failure an account with ``failures`` waits."""
    beyond = failures - settings.AXES_FAILURE_LIMIT
    if beyond < 0:
        return timedelta(0)
    return min(FIRST_WAIT * 2 ** min(beyond, 16), LONGEST_WAIT)


class LoginThrottle(AxesDatabaseHandler):
    """Axes' database handler, with a wait that grows in place of a fixed lockout."""

    def wait_left(self, request: HttpRequest, credentials: dict | None = None) -> timedelta:
        failures = self.get_failures(request, credentials)
        if failures < settings.AXES_FAILURE_LIMIT:
            return timedelta(0)
        lasts = [
            attempts.aggregate(last=Max("attempt_time"))["last"]
            for attempts in self.get_user_attempts(request, credentials)
        ]
        last = max((moment for moment in lasts if moment is not None), default=None)
        if last is None:
            return timedelta(0)
        now = getattr(request, "axes_attempt_time", None) or timezone.now()
        return max(last + wait_after(failures) - now, timedelta(0))

    def is_locked(self, request: HttpRequest, credentials: dict | None = None) -> bool:
        return self.wait_left(request, credentials) > timedelta(0)


def waiting_message(left: timedelta) -> str:
    seconds = max(1, math.ceil(left.total_seconds()))
    if seconds < 60:
        return ngettext(
            "Too many failed attempts for this account. Try again in %(count)d second.",
            "Too many failed attempts for this account. Try again in %(count)d seconds.",
            seconds,
        ) % {"count": seconds}
    minutes = math.ceil(seconds / 60)
    return ngettext(
        "Too many failed attempts for this account. Try again in %(count)d minute.",
        "Too many failed attempts for this account. Try again in %(count)d minutes.",
        minutes,
    ) % {"count": minutes}


def locked_out(request: HttpRequest, original_response=None, credentials=None) -> HttpResponse:
    """The page a login that must wait gets, /admin/'s included (429 Too Many Requests)."""
    left = LoginThrottle().wait_left(request, credentials)
    message = waiting_message(left or FIRST_WAIT)
    return render(request, "accounts/locked_out.html", {"message": message}, status=429)


def tell_the_teacher(sender, request: HttpRequest, username: str | None, **kwargs) -> None:
    """Axes' ``user_locked_out`` signal: mail the account's owner, once a day at most.

    Sent in the school's language (LANGUAGE_CODE): the request is the guesser's."""
    if not username:
        return
    user = get_user_model().objects.filter(username__iexact=username).first()
    if user is None or not user.email:
        return
    if not cache.add(f"login-alert:{user.pk}", True, timeout=ALERT_EVERY.total_seconds()):
        return
    context = {
        "user": user,
        "address": kwargs.get("ip_address") or "?",
        "when": timezone.localtime(),
        "reset_url": request.build_absolute_uri(reverse("accounts:password_reset")),
        "failures": settings.AXES_FAILURE_LIMIT,
    }
    with translation.override(settings.LANGUAGE_CODE):
        subject = render_to_string("accounts/login_alert_subject.txt", context).strip()
        body = render_to_string("accounts/login_alert_email.txt", context)
    try:
        send_mail(subject, body, None, [user.email])
    except OSError as error:  # a dead mail server must not fail the login page
        logger.warning("could not send the failed-login alert to user %s: %s", user.pk, error)
