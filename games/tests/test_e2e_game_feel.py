"""The play page as a game, in Chromium: the 3-2-1, the clock's last seconds, sounds, motion,
the keyboard, and coming back after the network drops.

Where a test needs a moment the server would take minutes to reach (a round about to
start, its last ten seconds), it edits the round's times in the snapshots the page
receives (Playwright's websocket routing): the page is what is under test here, and it
trusts the server's times whatever they are.
"""

from __future__ import annotations

import json
import re
import time
from datetime import datetime, timedelta

import pytest

from games.tests.screens import readme_screenshot
from games.tests.test_e2e_play import board_words, drag, type_word

pytestmark = pytest.mark.e2e

# Counts the sounds the page makes (each note is an oscillator) without hearing them.
COUNT_SOUNDS = """
(() => {
  window.__notes = 0;
  const original = AudioContext.prototype.createOscillator;
  AudioContext.prototype.createOscillator = function () {
    window.__notes += 1;
    return original.call(this);
  };
})();
"""


def moment(text: str) -> datetime:
    return datetime.fromisoformat(text)


def edit_snapshots(page, change):
    """Pass every room socket message through, with ``change(snapshot)`` applied to snapshots."""

    def route(ws):
        server = ws.connect_to_server()

        def from_server(message):
            data = json.loads(message)
            if data.get("type") == "snapshot" and data["round"]["started_at"]:
                change(data)
            ws.send(json.dumps(data))

        server.on_message(from_server)

    page.route_web_socket(re.compile(r"/ws/rooms/"), route)


def start_in_three_seconds(snapshot):
    """As the server deals a round (started_at 3 s after the press), whatever this one did."""
    round_ = snapshot["round"]
    now = moment(snapshot["server_time"])
    started = moment(round_["started_at"])
    if started <= now:  # this server starts at once: as if it had said 3 s later
        started = now + timedelta(seconds=3)
        ends = started + timedelta(seconds=round_["duration_seconds"])
        round_["started_at"], round_["ends_at"] = started.isoformat(), ends.isoformat()


def solo(page, base_url, language="en", level="2"):
    page.goto(base_url + "/")
    page.select_option("#id_language", language)
    page.select_option("#id_level", level)
    page.click("form[action='/play/solo'] button[type=submit]")
    page.wait_for_url(re.compile(r"/r/[A-Z0-9]{6}/$"))


def state(page) -> str:
    return page.get_attribute("#play", "data-state")


def test_a_countdown_hides_the_letters_until_the_server_says_go(page, live_daphne):
    edit_snapshots(page, start_in_three_seconds)
    solo(page, live_daphne)
    page.wait_for_function("document.getElementById('play').dataset.state === 'countdown'")
    assert page.is_visible("#countdown")
    assert page.inner_text("#countdown-number") in {"1", "2", "3"}
    assert page.locator("#board.board-waiting").count() == 1  # face down
    assert page.locator("#board .tile").first.inner_text() == ""
    assert page.is_disabled("#word-input")
    readme_screenshot(page, "play-countdown")
    began = time.monotonic()
    page.wait_for_function("document.getElementById('play').dataset.state === 'running'")
    assert time.monotonic() - began < 4
    assert page.is_hidden("#countdown")
    assert page.locator("#board .tile").first.inner_text().strip() != ""
    assert page.is_enabled("#word-input")
    assert page.evaluate("document.activeElement.id") == "word-input"  # type at once


def test_the_clock_turns_amber_then_red_in_words_too_and_ticks_when_sound_is_on(
    browser, live_daphne
):
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    page.add_init_script(COUNT_SOUNDS)

    def twelve_seconds_left(snapshot):
        now = moment(snapshot["server_time"])
        snapshot["round"]["ends_at"] = (now + timedelta(seconds=12)).isoformat()

    edit_snapshots(page, twelve_seconds_left)
    solo(page, live_daphne)
    page.wait_for_function("document.getElementById('play').dataset.state === 'running'")
    assert page.get_attribute("#sound-toggle", "aria-pressed") == "false"  # students: off
    page.click("#sound-toggle")
    assert page.get_attribute("#sound-toggle", "aria-pressed") == "true"
    page.wait_for_function("document.getElementById('clock').classList.contains('clock-warn')")
    assert page.inner_text("#clock-note") == "30 seconds left"
    warn = page.eval_on_selector("#clock", "el => getComputedStyle(el).backgroundColor")
    page.wait_for_function("document.getElementById('clock').classList.contains('clock-low')")
    assert page.inner_text("#clock-note") == "Last 10 seconds!"
    low = page.eval_on_selector("#clock", "el => getComputedStyle(el).backgroundColor")
    assert warn != low
    notes = page.evaluate("window.__notes")
    page.wait_for_timeout(2200)
    assert page.evaluate("window.__notes") >= notes + 2  # a tick a second
    context.close()


def test_sound_is_off_by_default_and_the_choice_is_remembered(browser, live_daphne):
    context = browser.new_context()
    page = context.new_page()
    page.add_init_script(COUNT_SOUNDS)
    solo(page, live_daphne)
    page.wait_for_function("document.getElementById('play').dataset.state === 'running'")
    words = sorted(board_words(page), key=len)
    type_word(page, words[-1])
    page.wait_for_function("document.getElementById('found-count').innerText === '1'")
    assert page.evaluate("window.__notes") == 0  # nothing until asked for
    page.click("#sound-toggle")
    type_word(page, words[-2])
    page.wait_for_function("document.getElementById('found-count').innerText === '2'")
    assert page.evaluate("window.__notes") >= 2  # the found-word chime
    type_word(page, "qqqzz")
    page.wait_for_function("document.getElementById('feedback').className.includes('bad')")
    page.reload()
    page.wait_for_function("document.getElementById('play').dataset.state === 'running'")
    assert page.get_attribute("#sound-toggle", "aria-pressed") == "true"  # remembered
    assert page.evaluate("localStorage.getItem('lettergrid-sound-play')") == "on"
    context.close()


def test_a_found_word_flies_and_the_score_counts_up_without_holding_up_the_next_word(
    page, live_daphne
):
    solo(page, live_daphne)
    page.wait_for_function("document.getElementById('play').dataset.state === 'running'")
    words = sorted(board_words(page), key=len, reverse=True)
    type_word(page, words[0])
    page.wait_for_selector(".flying-word", state="attached", timeout=3000)
    # Typeable straight away, while the word is still flying.
    assert page.evaluate("document.activeElement.id") == "word-input"
    assert page.is_enabled("#word-input") and page.input_value("#word-input") == ""
    page.keyboard.type(words[1])
    assert page.input_value("#word-input") == words[1]
    readme_screenshot(page, "play-found-word")
    page.keyboard.press("Enter")
    page.wait_for_function("document.getElementById('found-count').innerText === '2'")
    page.wait_for_selector(".flying-word", state="detached")
    expected = sum(
        int(text.split("+")[-1]) for text in page.locator("#finds .points").all_inner_texts()
    )
    page.wait_for_function(f"document.getElementById('score').innerText === '{expected}'")


def test_with_reduced_motion_nothing_flies(browser, live_daphne):
    context = browser.new_context(reduced_motion="reduce")
    page = context.new_page()
    solo(page, live_daphne)
    page.wait_for_function("document.getElementById('play').dataset.state === 'running'")
    word = sorted(board_words(page), key=len)[-1]
    type_word(page, word)
    page.wait_for_function("document.getElementById('found-count').innerText === '1'")
    assert page.locator(".flying-word").count() == 0
    # The total comes with the room's scores message, which may land after the verdict:
    # wait for it, then check it arrived straight, without the count-up's bump.
    points = page.inner_text("#finds .points").lstrip("+")
    page.wait_for_function(f"document.getElementById('score').innerText === '{points}'")
    assert "bump" not in (page.get_attribute("#score", "class") or "")
    context.close()


def arrow_keys(start, end) -> list[str]:
    (r0, c0), (r1, c1) = start, end
    vertical = ["ArrowDown" if r1 > r0 else "ArrowUp"] * abs(r1 - r0)
    return vertical + ["ArrowRight" if c1 > c0 else "ArrowLeft"] * abs(c1 - c0)


def test_a_word_made_with_the_keyboard_alone(page, live_daphne):
    solo(page, live_daphne)
    page.wait_for_function("document.getElementById('play').dataset.state === 'running'")
    words = board_words(page)
    word = sorted(words, key=len)[-1]
    path = [tuple(cell) for cell in words[word]]
    assert "arrow keys" in page.inner_text("#board-hint")  # a mouse and keyboard: keys named
    page.focus("#board .tile >> nth=0")
    assert page.locator("#board .tile[tabindex='0']").count() == 1  # one tab stop
    here = (0, 0)
    for cell in path:
        for key in arrow_keys(here, cell):
            page.keyboard.press(key)
        here = cell
        page.keyboard.press("Space")
    assert page.locator("#board .tile-path, #board .tile-good").count() == len(path)
    focused = page.evaluate(
        "(() => { const s = getComputedStyle(document.activeElement);"
        " return [s.outlineStyle, s.outlineColor]; })()"
    )
    page.keyboard.press("ArrowLeft" if here[1] > 0 else "ArrowRight")
    in_path = page.evaluate(
        "(() => { const t = document.querySelector('#board .tile-path:not(:focus)');"
        " const s = getComputedStyle(t); return [s.outlineStyle, s.outlineColor]; })()"
    )
    assert focused != in_path  # focus looks different from a tile in the path
    page.keyboard.press("ArrowRight" if here[1] > 0 else "ArrowLeft")  # back on the last tile
    page.keyboard.press("Backspace")
    assert page.locator("#board [data-step]").count() == len(path) - 1
    page.keyboard.press("Space")  # the last tile again
    page.keyboard.press("Enter")  # on the last tile: send
    page.wait_for_function("document.getElementById('found-count').innerText === '1'")
    assert word in page.inner_text("#finds").lower()


def test_the_page_is_back_within_two_seconds_of_the_network(browser, live_daphne):
    context = browser.new_context()
    page = context.new_page()
    solo(page, live_daphne)
    page.wait_for_function("document.getElementById('play').dataset.state === 'running'")
    word = sorted(board_words(page), key=len)[-1]
    context.set_offline(True)
    page.wait_for_selector("#connection", state="visible")
    type_word(page, word)
    assert "Not connected" in page.inner_text("#feedback")
    page.wait_for_timeout(4000)  # a few failed attempts: the backoff has grown
    context.set_offline(False)
    began = time.monotonic()
    page.wait_for_selector("#connection", state="hidden", timeout=5000)
    assert time.monotonic() - began < 2
    assert "Not connected" not in page.inner_text("#feedback")  # the notice goes with it
    type_word(page, word)
    page.wait_for_function("document.getElementById('found-count').innerText === '1'")
    context.close()


def test_a_traced_path_can_be_dragged_then_the_next_word_typed(page, live_daphne):
    """Drag and type interleaved: the status line and the box stay usable."""
    solo(page, live_daphne)
    page.wait_for_function("document.getElementById('play').dataset.state === 'running'")
    words = board_words(page)
    ordered = sorted(words, key=len)
    drag(page, words[ordered[-1]])
    type_word(page, ordered[-2])
    page.wait_for_function("document.getElementById('found-count').innerText === '2'")
