"""ASGI entry point: HTTP through Django, websockets through Channels.

``get_asgi_application()`` must run before anything imports models, as in
Channels' own sample; websocket origins are checked against ALLOWED_HOSTS.

Start-up work that needs the server's event loop (the round sweeper) starts
on the ASGI lifespan protocol where the server speaks it (uvicorn), and on
Twisted's "reactor running" hook under daphne, which has no lifespan support
(daphne 4.2 never sends a ``lifespan`` scope): either way, from start-up and
not on a first request.
"""

import gc
import os
import sys

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "boggleweb.settings")
django_asgi_app = get_asgi_application()

from django.conf import settings  # noqa: E402

from games.engine.lexicon import load_lexicon  # noqa: E402

# Load the dictionaries before the first player arrives, then move everything
# loaded so far out of the garbage collector's sight: full collections over
# the word graphs paused the server for 56-88 ms every few seconds under load
# (docs/PERFORMANCE.md); frozen, they cost nothing.
for language in settings.PRELOAD_LANGUAGES:
    load_lexicon(language)
gc.freeze()
# What is left for a full collection (the sockets, Django's and Channels' state)
# still took 60-166 ms each under load, Python's default one every 10 young
# collections: a whole room's words waited. One every 100 keeps memory bounded
# (+12 MB a process over three 600-player runs) and took the broadcast's p99 at
# 600 players on two processes from 25-59 ms to 27-45 (docs/PERFORMANCE.md).
FULL_COLLECTION_EVERY = 100  # young (generation 1) collections; Python: 10
gc.set_threshold(*gc.get_threshold()[:2], FULL_COLLECTION_EVERY)

from channels.auth import AuthMiddleware  # noqa: E402
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from channels.security.websocket import AllowedHostsOriginValidator  # noqa: E402
from channels.sessions import CookieMiddleware, InstanceSessionWrapper  # noqa: E402

from games import balance, sweeper  # noqa: E402
from games.routing import websocket_urlpatterns  # noqa: E402


def start_background_work() -> None:
    """Each process's own tasks: the round sweeper and the socket balance."""
    sweeper.ensure_started()
    balance.ensure_started()


async def lifespan(scope: dict, receive, send) -> None:
    """The ASGI lifespan protocol: start the round sweeper with the server."""
    while True:
        message = await receive()
        if message["type"] == "lifespan.startup":
            start_background_work()
            await send({"type": "lifespan.startup.complete"})
        elif message["type"] == "lifespan.shutdown":
            await send({"type": "lifespan.shutdown.complete"})
            return


def start_with_daphne() -> None:
    """Under daphne, start the sweeper once its Twisted reactor runs the asyncio loop.

    daphne installs the reactor (``daphne.server``) before it imports this
    module; elsewhere (tests, uvicorn) the reactor never runs and this does nothing.
    """
    reactor = sys.modules.get("twisted.internet.reactor")
    if reactor is not None and hasattr(reactor, "_asyncioEventloop"):
        # call_soon: ensure_started wants the loop running, which it is by then.
        loop = reactor._asyncioEventloop
        reactor.callWhenRunning(lambda: loop.call_soon(start_background_work))


start_with_daphne()


class SocketSessionMiddleware:
    """Channels' SessionMiddleware for sockets, without its wrapper around ``send``.

    Channels wraps every message a socket sends to save a modified session, which it
    does only on ``http.response.start``: never on a socket. The check still read the
    session twice through a lazy object on every reply and room event, about 6% of
    the event loop's time under a class's load (docs/PERFORMANCE.md). A socket reads
    its session when it connects and never writes it, so its messages go straight to
    the server."""

    def __init__(self, inner):
        self.inner = inner

    async def __call__(self, scope, receive, send):
        wrapper = InstanceSessionWrapper(scope, send)
        await wrapper.resolve_session()
        return await self.inner(wrapper.scope, receive, send)


def socket_auth_stack(inner):
    """Channels' AuthMiddlewareStack with :class:`SocketSessionMiddleware`."""
    return CookieMiddleware(SocketSessionMiddleware(AuthMiddleware(inner)))


application = ProtocolTypeRouter(
    {
        "http": django_asgi_app,
        "lifespan": lifespan,
        "websocket": AllowedHostsOriginValidator(
            socket_auth_stack(URLRouter(websocket_urlpatterns))
        ),
    }
)
