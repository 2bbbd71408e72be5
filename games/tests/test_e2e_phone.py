"""A phone at 360x640: what must stay on screen, and the landing page's order."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from games.tests.screens import readme_screenshot
from games.tests.test_e2e_play import board_words, join_room, open_room

pytestmark = pytest.mark.e2e
PHONE = {"width": 360, "height": 640}
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"


@pytest.fixture
def phone(browser, request):
    context = browser.new_context(viewport=PHONE, has_touch=True)
    page = context.new_page()
    yield page
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{request.node.name}.png"))
    context.close()


def on_screen(page, selector: str) -> bool:
    return on_screen_box(page.locator(selector).bounding_box())


def on_screen_box(box: dict | None) -> bool:
    return box is not None and box["y"] >= 0 and box["y"] + box["height"] <= PHONE["height"]


def test_the_landing_page_opens_on_joining_a_room(phone, live_daphne):
    phone.goto(live_daphne + "/")
    join = phone.locator("h2", has_text="Join a room")
    solo = phone.locator("h2", has_text="Practise alone")
    assert join.bounding_box()["y"] < solo.bounding_box()["y"]
    assert on_screen(phone, "#id_code") and on_screen(phone, "#id_nickname")


def test_a_pupil_waiting_on_a_phone_sees_who_starts_the_round(browser, phone, live_daphne):
    host_context = browser.new_context()
    host = host_context.new_page()
    code = open_room(host, live_daphne, "versus", nickname="Miss Pike")
    join_room(phone, live_daphne, code, "Zoé")
    phone.wait_for_function("document.getElementById('players').innerText.includes('Zoé')")
    # Above the (still blank) board: what is going on, and who the others are.
    assert on_screen(phone, "#waiting-host") and on_screen(phone, "#lobby h2")
    assert phone.locator("#lobby").bounding_box()["y"] < phone.locator("#board").bounding_box()["y"]
    host.click("#start")
    phone.wait_for_function("document.getElementById('play').dataset.state === 'running'")
    # Once the round runs, the board comes first again, the word box in reach.
    assert on_screen(phone, "#board") and on_screen(phone, "#word-input")
    host_context.close()


def test_playing_on_a_phone_keeps_the_word_box_the_language_and_the_results_on_screen(
    phone, live_daphne
):
    phone.goto(live_daphne + "/")
    phone.select_option("#id_language", "en")
    phone.click("form[action='/play/solo'] button[type=submit]")
    phone.wait_for_url(re.compile(r"/r/[A-Z0-9]{6}/$"))
    phone.wait_for_function("document.getElementById('play').dataset.state === 'running'")
    assert phone.is_visible("#game-language") and phone.inner_text("#game-language") == "English"
    assert on_screen(phone, "#game-language")
    assert on_screen(phone, "#word-input")
    box_before = phone.locator("#word-input").bounding_box()

    # A path traced (not yet sent) and its status, then a refused word's long message.
    words = board_words(phone)
    path = words[sorted(words, key=len)[-1]][:2]
    for row, col in path:
        phone.locator("#board .tile").nth(row * 4 + col).tap()
    phone.wait_for_function("document.getElementById('path-status').innerText !== ''")
    assert phone.locator("#word-input").bounding_box() == box_before  # nothing pushed down
    assert on_screen(phone, "#word-input") and on_screen(phone, "#path-status")
    phone.fill("#word-input", "zzzqx")
    phone.press("#word-input", "Enter")
    phone.wait_for_function("document.getElementById('feedback').className.includes('bad')")
    phone.screenshot(path=str(ARTIFACTS / "phone-refused.png"))
    assert phone.locator("#word-input").bounding_box() == box_before
    readme_screenshot(phone, "phone-play")

    phone.once("dialog", lambda dialog: dialog.accept())
    phone.click("#end-round")
    phone.wait_for_function("document.getElementById('play').dataset.state === 'finished'")
    phone.wait_for_timeout(400)  # the page scrolls the way on
    assert on_screen(phone, "#results-link")
    phone.click("#results-link")
    phone.wait_for_url(re.compile(r"/results$"))
    assert on_screen(phone, "#my-result-title")  # the player's own round first
    readme_screenshot(phone, "phone-results")

    # The board scrolled up until only its last 40 px show, then a missed word on
    # screen tapped: the whole board comes back into view, its path drawn (it used
    # to stay where it was unless it was off the screen entirely).
    phone.evaluate(
        "scrollTo(0, scrollY"
        " + document.getElementById('board').getBoundingClientRect().bottom - 40)"
    )
    assert not on_screen(phone, "#board")
    words = phone.locator(".missed-list button.word")
    shown = next(i for i in range(words.count()) if on_screen_box(words.nth(i).bounding_box()))
    words.nth(shown).tap()
    phone.wait_for_function("document.querySelectorAll('#board .tile-path').length > 0")
    # (the scroll lands within a pixel: sub-pixel layout)
    phone.wait_for_function(
        "document.getElementById('board').getBoundingClientRect().top >= -1"
        " && document.getElementById('board').getBoundingClientRect().bottom <= innerHeight + 1"
    )
