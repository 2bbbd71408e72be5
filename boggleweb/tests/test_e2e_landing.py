"""The landing page in a real browser, served by a real daphne process."""

from urllib.parse import urlsplit

import pytest

pytestmark = pytest.mark.e2e


def test_landing_page_renders_styled_and_asks_no_third_party(page, live_daphne):
    hosts = set()
    page.on("request", lambda request: hosts.add(urlsplit(request.url).hostname))
    page.goto(live_daphne + "/")
    assert page.title() == "Lettergrid"
    assert page.get_by_role("heading", level=1).inner_text() == "Find words on a grid of letters."
    # The stylesheet applied: the demo board is a 4-column grid.
    columns = page.locator(".board").evaluate("el => getComputedStyle(el).gridTemplateColumns")
    assert len(columns.split()) == 4
    assert page.locator(".tile-traced").count() == 4
    assert hosts == {"127.0.0.1"}
