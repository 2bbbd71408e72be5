"""A whole lesson in Chromium: a teacher's class, two students, two rounds, the results.

The teacher signs up, creates a class and opens the projector screen; two
students join with the code; the teacher starts, pauses, extends and ends a
round; the leaderboard and a student's history show it; the CSV downloads;
a vocabulary word planted in the next round shows with its translation.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from games.tests.e2e_teachers import sign_up_with_class
from games.tests.test_e2e_play import board_words, join_room, type_word

pytestmark = pytest.mark.e2e
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"


def state_is(page, state):
    page.wait_for_function(f"document.querySelector('[data-state]').dataset.state === '{state}'")


def sign_up_and_create_class(page, base, username="mr_lesson"):
    return sign_up_with_class(page, base, username, level="4")


def end_round(teacher):
    teacher.once("dialog", lambda dialog: dialog.accept())
    teacher.click("#end")
    state_is(teacher, "finished")


def test_a_lesson_from_sign_up_to_planted_vocabulary(browser, live_daphne):
    teacher = browser.new_context(viewport={"width": 1400, "height": 1000}).new_page()
    class_url, code = sign_up_and_create_class(teacher, live_daphne)
    teacher.click("text=Open the projector screen")
    teacher.wait_for_url(re.compile(rf"/r/{code}/projector$"))
    assert teacher.locator(".join-panel svg").is_visible()  # the QR code while the lobby is open

    students = [browser.new_context().new_page() for _ in range(2)]
    for student, name in zip(students, ("Ann", "Ben"), strict=True):
        join_room(student, live_daphne, code, name)
    teacher.wait_for_function("document.getElementById('players').innerText.includes('Ben')")

    # Round 1: start, pause, extend, end.
    teacher.click("#start")
    state_is(teacher, "running")  # the 3-2-1 is over: the letters are up
    state_is(students[0], "running")
    word = sorted(board_words(students[0], level=4), key=len)[-1]
    type_word(students[0], word)
    teacher.wait_for_function(
        "/Ann\\s+[1-9]/.test(document.getElementById('leaderboard').innerText)"
    )
    teacher.click("#pause")
    state_is(students[1], "paused")
    teacher.click("#resume")
    state_is(students[1], "running")
    teacher.click("#extend")
    end_round(teacher)

    # The leaderboard and Ann's history show the round; the class CSV downloads.
    teacher.goto(class_url)
    teacher.click("text=Leaderboard and students' progress")
    assert "Ann" in teacher.inner_text("#totals")
    assert "Ben" in teacher.inner_text("#totals")  # took part, found nothing: 0, not missing
    with teacher.expect_download() as download:
        teacher.click("text=Download the class (CSV)")
    rows = Path(download.value.path()).read_text(encoding="utf-8-sig").splitlines()  # a BOM first
    assert rows[0].startswith("language,nickname")
    assert any(row.startswith("en,Ann,1,") for row in rows)
    assert any(row.startswith("en,Ben,1,0,") for row in rows)
    teacher.click("#totals a:has-text('Ann')")
    assert word in teacher.inner_text("main")
    assert "Play another round to see a trend." in teacher.inner_text("main")

    # Round 2 plants the unit's words, shown with their translations afterwards.
    teacher.goto(f"{live_daphne}/r/{code}/vocabulary")
    teacher.fill("#id_name", "Unit 4: at home")
    teacher.fill("#id_text", "house;maison\nkitchen;cuisine\nzzzq;rien")
    teacher.click("form button[type=submit]")
    assert "keeps 2 of 3 entries" in teacher.inner_text("main")
    teacher.goto(f"{live_daphne}/r/{code}/projector")
    state_is(teacher, "finished")
    teacher.click("#change-settings")  # the next round's settings, a click away
    teacher.select_option("#id_vocabulary", label="Unit 4: at home")
    teacher.fill("#id_plant_count", "1")
    teacher.fill("#id_plant_bonus", "4")
    teacher.click("#next-form button[type=submit]")
    teacher.wait_for_selector("#start", state="visible")
    teacher.click("#start")
    state_is(teacher, "running")
    end_round(teacher)
    teacher.click("#results-link")
    teacher.wait_for_url(re.compile(r"/results$"))
    planted = teacher.inner_text(".planted")
    assert "(+4 each)" in planted
    assert "= maison" in planted or "= cuisine" in planted
    teacher.screenshot(path=str(ARTIFACTS / "lesson-results-planted.png"), full_page=True)
    teacher.goto(class_url)
    teacher.click("text=Leaderboard and students' progress")
    assert teacher.locator("svg.chart circle").count() == 2  # two rounds: a trend
