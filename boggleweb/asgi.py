"""ASGI entry point: HTTP through Django, websockets through Channels.

``get_asgi_application()`` must run before anything imports models, as in
Channels' own sample; websocket origins are checked against ALLOWED_HOSTS.
"""

import gc
import os

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

from channels.auth import AuthMiddlewareStack  # noqa: E402
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from channels.security.websocket import AllowedHostsOriginValidator  # noqa: E402

from games.routing import websocket_urlpatterns  # noqa: E402

application = ProtocolTypeRouter(
    {
        "http": django_asgi_app,
        "websocket": AllowedHostsOriginValidator(
            AuthMiddlewareStack(URLRouter(websocket_urlpatterns))
        ),
    }
)
