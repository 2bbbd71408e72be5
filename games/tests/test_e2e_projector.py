"""The projector screen in Chromium: a host runs a round for two students."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from games.tests.test_e2e_play import board_words, join_room, type_word

pytestmark = pytest.mark.e2e
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"


def state_is(page, state):
    page.wait_for_function(f"document.querySelector('[data-state]').dataset.state === '{state}'")


def clock_seconds(page) -> int:
    minutes, seconds = map(int, page.inner_text("#clock").split(":"))
    return minutes * 60 + seconds


def test_a_host_starts_pauses_extends_and_ends_a_round_on_the_projector(browser, live_daphne):
    teacher = browser.new_context(viewport={"width": 1366, "height": 768}).new_page()
    teacher.goto(live_daphne + "/rooms/new")
    teacher.select_option("#id_mode", "versus")
    teacher.click("button[type=submit]")
    teacher.wait_for_url(re.compile(r"/projector$"))
    code = teacher.inner_text(".projector-code")
    assert re.fullmatch(r"[A-Z0-9]{6}", code)
    students = [browser.new_context().new_page() for _ in range(2)]
    for student, name in zip(students, ("Ann", "Ben"), strict=True):
        join_room(student, live_daphne, code, name)
    teacher.wait_for_function("document.getElementById('players').innerText.includes('Ben')")
    teacher.screenshot(path=str(ARTIFACTS / "projector-lobby.png"))

    teacher.click("#start")
    state_is(teacher, "running")
    state_is(students[0], "running")
    word = sorted(board_words(students[0]), key=len)[-1]
    type_word(students[0], word)
    teacher.wait_for_function(
        "/Ann\\s+[1-9]/.test(document.getElementById('leaderboard').innerText)"
    )

    teacher.click("#pause")
    state_is(students[1], "paused")
    assert students[1].is_disabled("#word-input")
    assert "paused" in students[1].inner_text("#feedback")
    assert students[1].get_attribute("#board", "aria-hidden") is not None  # no letters to read out
    frozen = clock_seconds(students[1])
    teacher.wait_for_timeout(1500)
    assert clock_seconds(students[1]) == frozen  # the clock really stopped
    teacher.click("#resume")
    state_is(students[1], "running")
    assert "paused" not in students[1].inner_text("#feedback")  # the notice goes with the pause
    assert students[1].get_attribute("#board", "aria-hidden") is None
    before = clock_seconds(teacher)
    teacher.click("#extend")
    teacher.wait_for_function(
        "document.getElementById('clock').innerText.split(':')"
        f".reduce((total, part) => total * 60 + Number(part), 0) > {before + 20}"
    )
    teacher.screenshot(path=str(ARTIFACTS / "projector-running.png"))

    teacher.once("dialog", lambda dialog: dialog.accept())
    teacher.click("#end")
    for page in (teacher, *students):
        state_is(page, "finished")
    teacher.click("#results-link")
    teacher.wait_for_url(re.compile(r"/results$"))
    assert "Ann" in teacher.inner_text("#scoreboard")
