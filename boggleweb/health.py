"""``/healthz``: does this process reach its database and its Redis?

Load balancers and Kubernetes probe it with whatever ``Host`` they like (an
upstream's address, a pod's IP) and over plain HTTP, so it is answered by the
first middleware, before ``ALLOWED_HOSTS`` is checked and before an HTTPS
redirect: every other URL still refuses a host it does not know.

200 ``{"status": "ok", "database": "ok", "redis": "ok"}`` when both answer
(``"redis": "not used"`` on the in-memory channel layer); 503 with the part
that failed as ``"down"`` otherwise. The reason goes to the log, not to the
page, which anyone can read.

While the file HEALTHZ_DRAIN_FILE exists, 503 ``{"status": "draining"}``: the
balancer sends the process no new request, so it can be stopped without
failing one (``make cluster-restart``, a Kubernetes preStop hook). A drain is
deliberate, not a fault: it is logged once, at INFO, when it begins and when
it ends, never as Django's ERROR line for a 503 (anyone alerting on ERROR
would be paged at every upgrade).
"""

from __future__ import annotations

import logging
import os

import redis
from django.conf import settings
from django.db import connection
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.utils.cache import add_never_cache_headers

logger = logging.getLogger(__name__)

PATH = "/healthz"
# A check must answer well within a balancer's own timeout (Caddy: 5 s by default).
TIMEOUT_SECONDS = 2

_redis_clients: dict[str, redis.Redis] = {}
_draining = False  # as last answered, to log the change only


def database_ok() -> bool:
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
    except Exception as error:
        logger.warning("health check: the database does not answer: %s", error)
        connection.close()  # the next check starts from a fresh connection
        return False
    return True


def redis_ok(url: str) -> bool:
    client = _redis_clients.get(url)
    if client is None:
        client = _redis_clients[url] = redis.Redis.from_url(
            url, socket_timeout=TIMEOUT_SECONDS, socket_connect_timeout=TIMEOUT_SECONDS
        )
    try:
        client.ping()
    except Exception as error:
        logger.warning("health check: Redis does not answer: %s", error)
        client.connection_pool.disconnect()
        return False
    return True


def draining() -> bool:
    """Is the drain file there? Says so in the log when that changes."""
    global _draining
    now = bool(settings.HEALTHZ_DRAIN_FILE) and os.path.exists(settings.HEALTHZ_DRAIN_FILE)
    if now != _draining:
        _draining = now
        if now:
            logger.info("draining: /healthz answers 503 so that the balancer sends no new request")
        else:
            logger.info("drain over: /healthz answers again")
    return now


def healthz(request: HttpRequest) -> JsonResponse:
    if draining():
        response = JsonResponse({"status": "draining"}, status=503)
        add_never_cache_headers(response)
        response._has_been_logged = True  # on purpose: not Django's "ERROR Service Unavailable"
        return response
    parts = {"database": "ok" if database_ok() else "down"}
    if settings.REDIS_URL:
        parts["redis"] = "ok" if redis_ok(settings.REDIS_URL) else "down"
    else:
        parts["redis"] = "not used"
    healthy = "down" not in parts.values()
    response = JsonResponse({"status": "ok" if healthy else "down", **parts})
    response.status_code = 200 if healthy else 503
    add_never_cache_headers(response)
    return response


class HealthCheckMiddleware:
    """Answer ``/healthz`` for any host and scheme; pass everything else on."""

    def __init__(self, get_response) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if request.path == PATH and request.method in ("GET", "HEAD"):
            return healthz(request)
        return self.get_response(request)
