"""A phone at 360x640 in every state of a round: the page never scrolls sideways and the
board never moves (the offline banner, the clock's warnings and last ten seconds, a
refused word's message, a pause). Measured in Chromium, the board's bounding box state
after state."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

import pytest

from games.tests.test_e2e_game_feel import edit_snapshots, moment, solo

pytestmark = pytest.mark.e2e
PHONE = {"width": 360, "height": 640}
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"


def layout(page) -> dict:
    """The board's box (in the page, not the viewport) and how wide the page is."""
    return page.evaluate(
        """() => {
          const box = document.getElementById('board').getBoundingClientRect();
          return {
            x: Math.round(box.x + scrollX), y: Math.round(box.y + scrollY),
            width: Math.round(box.width), height: Math.round(box.height),
            page_width: document.documentElement.scrollWidth,
            body_width: document.body.scrollWidth,
          };
        }"""
    )


def test_the_board_keeps_its_place_and_the_page_its_width_in_every_state(browser, live_daphne):
    context = browser.new_context(viewport=PHONE, has_touch=True)
    page = context.new_page()

    def countdown_then_fourteen_seconds(snapshot):
        # The first snapshot: a 3-2-1 first; any later one (a reconnection) keeps the end.
        round_ = snapshot["round"]
        if "ends" not in deadline:
            now = moment(snapshot["server_time"])
            deadline["starts"] = now + timedelta(seconds=3)
            deadline["ends"] = deadline["starts"] + timedelta(seconds=14)
        round_["started_at"] = deadline["starts"].isoformat()
        round_["ends_at"] = deadline["ends"].isoformat()

    deadline: dict = {}
    edit_snapshots(page, countdown_then_fourteen_seconds)
    solo(page, live_daphne)
    page.wait_for_function("document.getElementById('play').dataset.state === 'countdown'")
    states = {"the 3-2-1": layout(page)}
    page.wait_for_function("document.getElementById('play').dataset.state === 'running'")
    states["running"] = layout(page)
    page.wait_for_function("document.getElementById('clock').classList.contains('clock-warn')")
    states["warning (last 30 s)"] = layout(page)

    page.fill("#word-input", "zzzqx")
    page.press("#word-input", "Enter")
    page.wait_for_function("document.getElementById('feedback').className.includes('bad')")
    states["a refused word"] = layout(page)

    context.set_offline(True)
    page.wait_for_selector("#connection", state="visible")
    page.fill("#word-input", "zzzqy")
    page.press("#word-input", "Enter")
    page.wait_for_function("document.getElementById('feedback').innerText.includes('Not')")
    states["offline"] = layout(page)
    context.set_offline(False)
    page.wait_for_selector("#connection", state="hidden", timeout=5000)
    states["back online"] = layout(page)

    page.wait_for_function("document.getElementById('clock').classList.contains('clock-low')")
    states["last 10 seconds"] = layout(page)
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "phone-last-ten-seconds.png"))
    context.close()
    first = next(iter(states.values()))
    for name, seen in states.items():
        assert seen["page_width"] <= PHONE["width"], f"{name}: the page scrolls sideways"
        assert seen["body_width"] <= PHONE["width"], f"{name}: the page scrolls sideways"
        assert {k: seen[k] for k in ("x", "y", "width", "height")} == {
            k: first[k] for k in ("x", "y", "width", "height")
        }, f"{name}: the board moved"


def a_big_boards_figures(snapshot):
    """As a 6x6 round halfway through shows them: 12:57 left, 47 words found of 196,
    1,888 points (the widest figures the header holds)."""
    round_ = snapshot["round"]
    now = moment(snapshot["server_time"])
    round_["started_at"] = (now - timedelta(seconds=3)).isoformat()
    round_["ends_at"] = (now + timedelta(minutes=12, seconds=57)).isoformat()
    round_["word_count"] = 196
    snapshot["finds"] = [
        {"word": f"w{n}", "display": f"w{n}", "path": [], "points": 40, "shared": False, "by": ""}
        for n in range(47)
    ]
    me = snapshot["you"]["id"]
    snapshot["scores"] = [{"id": me, "points": 1888, "words": 47}]


@pytest.mark.parametrize("language", ["en", "fr", "es", "de", "it", "pt"])
def test_a_big_boards_figures_fit_a_small_phone_in_every_interface_language(
    browser, live_daphne, language
):
    context = browser.new_context(viewport={"width": 320, "height": 640}, has_touch=True)
    context.add_cookies([{"name": "django_language", "value": language, "url": live_daphne}])
    page = context.new_page()
    edit_snapshots(page, a_big_boards_figures)
    solo(page, live_daphne)
    page.wait_for_function("document.getElementById('words-left').textContent === '149'")
    page.wait_for_function("document.getElementById('score').textContent === '1888'")
    figures = page.evaluate(
        """() => ({
          found: document.getElementById('found-count').textContent,
          page_width: document.documentElement.scrollWidth,
          bar_right: document.getElementById('play-stats').getBoundingClientRect().right,
          card_right: document.querySelector('.play-bar').getBoundingClientRect().right,
        })"""
    )
    context.close()
    assert figures["found"] == "47", figures
    assert figures["page_width"] <= 320, f"{language}: the page scrolls sideways: {figures}"
    assert figures["bar_right"] <= figures["card_right"], f"{language}: out of its card"
