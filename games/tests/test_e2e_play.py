"""Whole rounds in headless Chromium against a real daphne process.

The tests read the board off the page and solve it with the engine, so they
know real words without peeking at the server's solution.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from games.engine.blocklist import blocked_words
from games.engine.board import parse_board
from games.engine.lexicon import load_lexicon
from games.engine.solver import solve
from games.tests.screens import readme_screenshot

pytestmark = pytest.mark.e2e
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"


def board_words(page, lang="en", level=2) -> dict[str, list]:
    """Every word on the board shown on the page that counts in class, with a path,
    solved here (a blocked word is on the board but never accepted: a test typing it
    would wait for a find that never comes)."""
    page.wait_for_selector("#board .tile")
    # The letters are on the tiles once the 3-2-1 is over, not as soon as the tiles are.
    page.wait_for_function(
        "[...document.querySelectorAll('#board .tile')].every(t => t.innerText.trim())"
    )
    cols = page.locator("#board").evaluate("el => getComputedStyle(el).gridTemplateColumns")
    faces = [t.inner_text().strip() or "." for t in page.locator("#board .tile").all()]
    size = len(cols.split())
    text = "/".join("".join(faces[r * size : (r + 1) * size]) for r in range(size))
    solution = solve(parse_board(text), load_lexicon(lang).root(level))
    blocked = blocked_words(lang)
    return {word: path for word, path in solution.paths.items() if word not in blocked}


def start_solo(page, base_url, language="en", level="2"):
    page.goto(base_url + "/")
    page.select_option("#id_language", language)
    page.select_option("#id_level", level)
    page.click("form[action='/play/solo'] button[type=submit]")
    page.wait_for_url(re.compile(r"/r/[A-Z0-9]{6}/$"))
    page.wait_for_function("document.getElementById('play').dataset.state === 'running'")


def type_word(page, word):
    page.fill("#word-input", word)
    page.press("#word-input", "Enter")


def drag(page, path):
    boxes = [page.locator("#board .tile").nth(r * 4 + c).bounding_box() for r, c in path]
    centre = [(b["x"] + b["width"] / 2, b["y"] + b["height"] / 2) for b in boxes]
    page.mouse.move(*centre[0])
    page.mouse.down()
    for x, y in centre[1:]:
        page.mouse.move(x, y, steps=4)
    page.mouse.up()


def test_a_solo_round_typed_dragged_ended_and_traced_in_the_results(page, live_daphne):
    start_solo(page, live_daphne)
    words = board_words(page)
    by_length = sorted(words, key=len)
    typed = by_length[-1]
    # Not a piece of the typed word, so finding it on the page proves the drag counted.
    dragged = next(word for word in by_length if word not in typed)
    type_word(page, typed.upper())
    page.wait_for_function(
        f"document.getElementById('finds').innerText.toUpperCase().includes('{typed.upper()}')"
    )
    assert "+" in page.inner_text("#feedback")
    type_word(page, "zzzq")
    page.wait_for_function(
        "document.getElementById('feedback').innerText.toUpperCase().includes('ZZZQ')"
    )
    assert "Not on the board" in page.inner_text("#feedback")
    drag(page, words[dragged])
    page.wait_for_function("document.getElementById('found-count').innerText === '2'")
    found = [item.split()[0].upper() for item in page.locator("#finds li").all_inner_texts()]
    assert sorted(found) == sorted([typed.upper(), dragged.upper()])
    questions = []
    page.once("dialog", lambda dialog: (questions.append(dialog.message), dialog.accept()))
    page.click("#end-round")
    page.wait_for_selector("#results-link", state="visible")
    assert questions == ["End the round now?"]  # solo: there is no "everyone"
    assert page.inner_text("#ended-title") == "The round is over."  # ended early: no bell
    assert page.inner_text("#feedback") == ""  # no word's message left over
    page.click("#results-link")
    page.wait_for_url(re.compile(r"/results$"))
    assert "You found 2 words" in page.inner_text(".summary")
    page.locator(f"button.word.found:has-text('{typed}')").first.hover()
    traced = page.locator("#board .tile-path").count()
    assert traced == len(words[typed])
    assert page.locator("#trace-status").inner_text().startswith(typed)
    page.screenshot(path=str(ARTIFACTS / "results-traced.png"), full_page=True)
    readme_screenshot(page, "results")


def test_reload_mid_round_keeps_finds_score_and_clock(page, live_daphne):
    start_solo(page, live_daphne)
    word = sorted(board_words(page), key=len)[-1]
    type_word(page, word)
    page.wait_for_function(
        f"document.getElementById('finds').innerText.toUpperCase().includes('{word.upper()}')"
    )
    settled = "() => { const s = document.getElementById('score');"
    settled += " return s.innerText !== '0' && s.innerText === s.dataset.value; }"
    page.wait_for_function(settled)  # its answer in, the count-up done
    score = page.inner_text("#score")
    page.wait_for_timeout(2000)
    before = seconds_left(page)
    page.reload()
    page.wait_for_function("document.getElementById('play').dataset.state === 'running'")
    page.wait_for_function(
        f"document.getElementById('finds').innerText.toUpperCase().includes('{word.upper()}')"
    )
    assert page.inner_text("#score") == score
    assert 120 < seconds_left(page) <= before  # the same clock, not a new one


def seconds_left(page) -> int:
    minutes, seconds = map(int, page.inner_text("#clock").split(":"))
    return minutes * 60 + seconds


def open_room(page, base_url, mode, nickname="Hana", teams=2):
    page.goto(base_url + "/rooms/new")
    page.fill("#id_nickname", nickname)
    page.select_option("#id_mode", mode)
    page.select_option("#id_level", "2")
    # The team count is offered in team mode only.
    assert page.is_visible("#id_team_count") == (mode == "teams")
    if mode == "teams":
        page.select_option("#id_team_count", str(teams))
    page.click("button[type=submit]")
    page.wait_for_selector("#lobby", state="visible")
    return page.inner_text("#room-code")


def join_room(page, base_url, code, nickname):
    page.goto(base_url + "/")
    page.fill("#id_code", code.lower())
    page.fill("#id_nickname", nickname)
    page.click("form[action='/join'] button[type=submit]")
    page.wait_for_selector("#lobby", state="visible")


def test_head_to_head_on_one_board_with_a_live_scoreboard(browser, live_daphne):
    host_ctx, guest_ctx = browser.new_context(), browser.new_context()
    host, guest = host_ctx.new_page(), guest_ctx.new_page()
    code = open_room(host, live_daphne, "versus", nickname="Amélie")
    join_room(guest, live_daphne, code, "<b>Ben</b>")
    host.wait_for_function("document.getElementById('players').innerText.includes('<b>Ben</b>')")
    host.click("#start")
    for page in (host, guest):
        page.wait_for_function("document.getElementById('play').dataset.state === 'running'")
    assert board_words(host) == board_words(guest)
    word = sorted(board_words(guest), key=len)[-1]
    type_word(guest, word)
    host.wait_for_function("document.getElementById('scores').innerText.includes('<b>Ben</b>')")
    assert word.upper() not in host.inner_text("#finds").upper()  # points, not words
    host.screenshot(path=str(ARTIFACTS / "head-to-head-host.png"), full_page=True)
    host_ctx.close()
    guest_ctx.close()


def test_a_teammates_find_lights_up_on_the_other_page(browser, live_daphne):
    contexts = [browser.new_context() for _ in range(3)]
    host, ann, chloe = (context.new_page() for context in contexts)
    code = open_room(host, live_daphne, "teams", nickname="Ms Lee")
    join_room(ann, live_daphne, code, "Ann")  # Teacher: Red, Ann: Blue, Chloe: Red
    join_room(chloe, live_daphne, code, "Chloe")
    host.wait_for_function("document.getElementById('players').innerText.includes('Chloe')")
    host.click("#start")
    for page in (host, chloe):
        page.wait_for_function("document.getElementById('play').dataset.state === 'running'")
    word = sorted(board_words(chloe), key=len)[-1]
    type_word(chloe, word)
    host.wait_for_function(
        f"document.getElementById('finds').innerText.toUpperCase().includes('{word.upper()}')"
    )
    assert "Chloe" in host.inner_text("#finds")
    assert word.upper() not in ann.inner_text("#finds").upper()
    host.screenshot(path=str(ARTIFACTS / "teams-teammate-find.png"), full_page=True)
    for context in contexts:
        context.close()


def test_finding_every_word_says_so_and_the_round_ending_does_not_take_it_back(page, live_daphne):
    start_solo(page, live_daphne, level="1")
    for word in board_words(page, level=1):
        type_word(page, word)
        page.wait_for_timeout(150)  # as fast as a player can, not past the flood limit
    page.wait_for_selector("#ended", state="visible")
    page.wait_for_function("document.getElementById('play').dataset.state === 'finished'")
    page.wait_for_timeout(500)  # the round's end has arrived by now
    assert "You found every word" in page.inner_text("#ended-title")


def test_a_frame_over_a_mebibyte_drops_the_connection_without_a_close_frame(page, live_daphne):
    """As docs/protocol.md says: daphne refuses it before the room socket sees it."""
    import asyncio
    from concurrent.futures import ThreadPoolExecutor

    import websockets

    start_solo(page, live_daphne)
    code = re.search(r"/r/([A-Z0-9]{6})/", page.url).group(1)
    cookies = "; ".join(f"{c['name']}={c['value']}" for c in page.context.cookies())

    async def send_too_much():
        url = live_daphne.replace("http", "ws") + f"/ws/rooms/{code}/"
        headers = {"Cookie": cookies}
        async with websockets.connect(url, origin=live_daphne, additional_headers=headers) as ws:
            assert '"snapshot"' in await ws.recv()
            await ws.send("x" * (1024 * 1024 + 10))
            try:
                await asyncio.wait_for(ws.recv(), timeout=10)
            except websockets.ConnectionClosed as closed:
                return closed
        return None

    # Playwright's own event loop runs in this thread: the client gets a thread of its own.
    with ThreadPoolExecutor(1) as thread:
        closed = thread.submit(asyncio.run, send_too_much()).result(timeout=30)
    assert closed is not None and closed.rcvd is None  # dropped, no close frame
