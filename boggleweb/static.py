"""Static files a page keeps for its whole life, through an upgrade.

``collectstatic`` (``make run``, ``make cluster``, the Docker image) copies
``static/`` into ``STATIC_ROOT`` with each file's content hash in its name
(``js/play.3f2a....js``), rewriting the CSS ``url()``s and the scripts'
``import ... from "./board.js"`` to the hashed names too, and pages link to
those names. A file's hashed name never changes content, and a new release
adds new names beside the old ones: a page served before an upgrade keeps
loading exactly the files it was written for, and one served after gets the
new ones. (Unhashed, a process started before a ``git pull`` served the
changed JavaScript cut to the length it had at its start.)

Without ``collectstatic`` (a fresh checkout, the tests) pages link to the
unhashed names, served straight from ``static/``, as before.
"""

from __future__ import annotations

import os
import re
from urllib.parse import unquote, urlsplit

from django.http import HttpRequest, HttpResponse
from whitenoise.middleware import WhiteNoiseMiddleware
from whitenoise.storage import CompressedManifestStaticFilesStorage

# What ManifestStaticFilesStorage puts in a name: a dot and 12 hex digits before the suffix.
HASHED_NAME = re.compile(r"\.[0-9a-f]{12}\.[A-Za-z0-9]+$")


class ContentHashedStorage(CompressedManifestStaticFilesStorage):
    """WhiteNoise's manifest storage (hashed names, gzip and Brotli copies), with the
    scripts' module imports rewritten to hashed names too, and the unhashed name of
    any file the manifest does not list (no collectstatic yet: served from static/)."""

    support_js_module_import_aggregation = True

    def stored_name(self, name: str) -> str:
        if self.hashed_files.get(self.hash_key(urlsplit(unquote(name)).path.strip())) is None:
            return name
        return super().stored_name(name)


class StaticFilesMiddleware(WhiteNoiseMiddleware):
    """WhiteNoise, which also serves a hashed file collected after this process started.

    WhiteNoise lists the files once, at start. During a rolling restart a page
    served by a process of the new release may ask a process of the old one for
    the new release's files: they are in STATIC_ROOT (collectstatic ran before
    the restart), so they are served, and remembered, rather than answered 404.
    """

    def __call__(self, request: HttpRequest) -> HttpResponse:
        url = request.path_info
        if url not in self.files and url.startswith(self.static_prefix) and HASHED_NAME.search(url):
            collected = self.collected_since_start(url)
            if collected is not None:
                self.files[url] = collected
        return super().__call__(request)

    def collected_since_start(self, url: str):
        """The StaticFile of ``url`` in STATIC_ROOT, if it is there now."""
        if not self.static_root or not self.url_is_canonical(url):
            return None
        root = os.path.abspath(self.static_root).rstrip(os.path.sep) + os.path.sep
        path = os.path.join(root, url[len(self.static_prefix) :])
        if not self.path_is_child_of(path, root) or not os.path.isfile(path):
            return None
        return self.get_static_file(path, url)
