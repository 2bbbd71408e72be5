"""What the play page and the projector cost a school's network, measured in Chromium.

Everything a page loads (HTML, CSS, scripts and the modules they import, icons; sounds
are made in the browser, so there is none to load) counts, body by body, as the browser
received it; and nothing may come from another host.
"""

from __future__ import annotations

import re
from urllib.parse import urlsplit

import pytest

pytestmark = pytest.mark.e2e
BUDGET = 120 * 1024


class Transfer:
    """Every HTTP response a page receives, and every host it asks."""

    def __init__(self, page, base_url: str) -> None:
        self.host = urlsplit(base_url).netloc
        self.bodies: dict[str, int] = {}
        self.foreign: list[str] = []
        page.on("request", self._request)
        page.on("response", self._response)

    def _request(self, request) -> None:
        if urlsplit(request.url).netloc != self.host and not request.url.startswith("data:"):
            self.foreign.append(request.url)

    def _response(self, response) -> None:
        try:
            size = len(response.body())
        except Exception:  # a redirect has no body
            size = 0
        if "/static/" in response.url:
            # A content-hashed file is fetched once: WhiteNoise tells the browser to keep
            # it for good, so a second page of the same visit reads it from the cache.
            self.bodies[response.url] = size
        else:
            self.bodies[response.url] = self.bodies.get(response.url, 0) + size

    @property
    def total(self) -> int:
        return sum(self.bodies.values())

    def report(self) -> str:
        return ", ".join(f"{urlsplit(u).path}: {n}" for u, n in sorted(self.bodies.items()))


def settle(page) -> None:
    page.wait_for_load_state("networkidle")
    page.wait_for_timeout(300)


def test_the_play_page_loads_at_most_120_kb_all_from_this_site(browser, live_daphne):
    context = browser.new_context()
    page = context.new_page()
    page.goto(live_daphne + "/")
    page.select_option("#id_language", "en")
    transfer = Transfer(page, live_daphne)
    page.click("form[action='/play/solo'] button[type=submit]")
    page.wait_for_url(re.compile(r"/r/[A-Z0-9]{6}/$"))
    page.wait_for_function("document.getElementById('play').dataset.state === 'running'")
    settle(page)
    for script in ("sound", "play"):  # content-hashed names (boggleweb/static.py)
        assert any(
            re.search(rf"/static/js/{script}\.[0-9a-f]{{12}}\.js$", url) for url in transfer.bodies
        )
    assert not transfer.foreign
    assert transfer.total <= BUDGET, transfer.report()
    context.close()


def test_the_projector_loads_at_most_120_kb_all_from_this_site(browser, live_daphne):
    context = browser.new_context(viewport={"width": 1366, "height": 768})
    page = context.new_page()
    transfer = Transfer(page, live_daphne)
    page.goto(live_daphne + "/rooms/new")
    transfer.bodies.clear()  # the form page is not the projector's cost
    page.select_option("#id_mode", "versus")
    page.click("button[type=submit]")
    page.wait_for_url(re.compile(r"/projector$"))
    settle(page)
    page.click("#start")
    page.wait_for_function("document.querySelector('[data-state]').dataset.state === 'running'")
    settle(page)
    assert any("/projector" in url for url in transfer.bodies)
    assert not transfer.foreign
    assert transfer.total <= BUDGET, transfer.report()
    context.close()
