"""A whole lesson in Chromium with every page open throughout: one truth on every screen.

A teacher runs a class from the projector; three students keep their play
pages open from the first round to the last. Between rounds the teacher
switches mode (teams, head-to-head), scoring (classic) and plants a word.
Every screen must agree (play page, projector, results, leaderboard, CSV)
and no earlier round may change.
"""

from __future__ import annotations

import csv
import io
import re
from pathlib import Path

import pytest

from accounts.tests.test_e2e_lesson import sign_up_and_create_class, state_is
from games.engine.board import parse_board
from games.engine.solver import find_cell_path
from games.tests.test_e2e_play import board_words, drag, join_room, type_word

pytestmark = pytest.mark.e2e
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"


def deal(teacher, **fields):
    """The projector's next-round panel: change what is given, deal."""
    if not teacher.is_visible("#next-form"):
        teacher.locator("#open-settings:visible, #change-settings:visible").first.click()
    for name, value in fields.items():
        teacher.select_option(f"#next-form #id_{name}", value)
    teacher.click("#next-form button[type=submit]")
    teacher.wait_for_selector("#start", state="visible")


def start(teacher, students):
    teacher.click("#start")
    state_is(teacher, "running")  # the 3-2-1 is over: the letters are up
    for student in students:
        state_is(student, "running")


def end(teacher, students):
    teacher.once("dialog", lambda dialog: dialog.accept())
    teacher.click("#end")
    for page in (teacher, *students):
        state_is(page, "finished")


def leaderboard(teacher) -> dict[str, int]:
    """The projector's live leaderboard, as shown."""
    rows = teacher.locator("#leaderboard li").all_inner_texts()
    return {row.rsplit(maxsplit=1)[0]: int(row.rsplit(maxsplit=1)[1]) for row in rows}


def results_table(page) -> dict[str, int]:
    rows = page.locator("#scoreboard li").all_inner_texts()
    return {row.rsplit(maxsplit=1)[0]: int(row.rsplit(maxsplit=1)[1]) for row in rows}


def round_csv(page, base, class_url, number) -> list[list[str]]:
    pk = re.search(r"/classes/(\d+)/", class_url).group(1)
    text = page.request.get(f"{base}/classes/{pk}/rounds/{number}/export.csv").text()
    return list(csv.reader(io.StringIO(text)))[1:]


def test_a_lesson_of_team_and_classic_rounds_keeps_one_truth(browser, live_daphne):
    teacher = browser.new_context(viewport={"width": 1366, "height": 900}).new_page()
    class_url, code = sign_up_and_create_class(teacher, live_daphne, username="ms_truth")
    teacher.goto(f"{live_daphne}/r/{code}/projector")
    names = ("Ann", "Ben", "Chloe")
    students = [browser.new_context().new_page() for _ in names]
    for student, name in zip(students, names, strict=True):
        join_room(student, live_daphne, code, name)
    ann, ben, chloe = students
    teacher.wait_for_function("document.getElementById('players').innerText.includes('Chloe')")

    # Round 1, teams: the pages were open when the room switched to teams.
    deal(teacher, mode="teams", team_count="2", scoring="standard")
    for student in students:  # each page learns its team without a reload
        student.wait_for_function(
            "/Team (Red|Blue)/.test(document.getElementById('finds-title').innerText)"
        )
    teams = {n: s.inner_text("#finds-title") for n, s in zip(names, students, strict=True)}
    assert teams["Ann"] == teams["Chloe"] != teams["Ben"]  # Ann and Chloe play for one team
    start(teacher, students)
    words = sorted(board_words(ann, level=4), key=len)
    type_word(ann, words[-1])
    chloe.wait_for_function(  # a teammate's find lights up at once
        f"document.getElementById('finds').innerText.toUpperCase().includes('{words[-1].upper()}')"
    )
    type_word(chloe, words[-1])
    chloe.wait_for_function("document.getElementById('feedback').innerText.includes('team')")
    type_word(ben, words[-2])
    ben.wait_for_function(
        f"document.getElementById('finds').innerText.toUpperCase().includes('{words[-2].upper()}')"
    )
    teacher.wait_for_function("document.getElementById('leaderboard').children.length === 2")
    end(teacher, students)
    first = leaderboard(teacher)
    assert set(first) == {"Red", "Blue"} and sum(first.values()) > 0  # no nameless row

    # Round 2, head-to-head with classic scoring: a shared word scores for nobody.
    deal(teacher, mode="versus", scoring="classic")
    ann.wait_for_selector("#scoring-note", state="visible")  # the play page says so
    start(teacher, students)
    words = sorted(board_words(ann, level=4), key=len)
    shared, own = words[-1], words[-2]
    type_word(ann, shared)
    type_word(ben, shared)
    type_word(ann, own)
    ann.wait_for_function(
        f"document.getElementById('finds').innerText.toUpperCase().includes('{own.upper()}')"
    )
    teacher.wait_for_function(
        "/Ann\\s+[1-9]/.test(document.getElementById('leaderboard').innerText)"
    )
    live = leaderboard(teacher)
    end(teacher, students)
    assert live == leaderboard(teacher)
    assert live["Ben"] == 0 and live["Chloe"] == 0  # Ben's only word was shared
    # The play page and the projector agree (once the play page's score has counted up).
    ann.wait_for_function(
        f"document.getElementById('score').innerText.trim() === '{live['Ann']}'", timeout=5000
    )
    teacher.click("#results-link")
    teacher.wait_for_url(re.compile(r"/rounds/2/results$"))
    assert results_table(teacher) == live
    csv_points = {}
    for row in round_csv(teacher, live_daphne, class_url, 2):
        csv_points[row[0]] = csv_points.get(row[0], 0) + int(row[3])
    # Every word that counts is a CSV row (Ben's shared word too, at 0 points).
    assert csv_points == {name: live[name] for name in ("Ann", "Ben")}

    # Results pages follow the room: round 3 (French, 5x5) is dealt while Ben has round 2's
    # open; he is in it, and his page goes to its lobby by itself (issue 19).
    ben.click("#results-link")
    ben.wait_for_url(re.compile(r"/rounds/2/results$"))
    teacher.goto(f"{live_daphne}/r/{code}/projector")
    deal(teacher, language="fr", size="5")
    ben.wait_for_url(re.compile(rf"/r/{code}/$"))
    state_is(ben, "lobby")

    # Round 1 is still what it was: the team round's results survived two switches,
    # and its page says what it was played with, not what the room plays next.
    teacher.goto(f"{live_daphne}/r/{code}/rounds/1/results")
    assert results_table(teacher) == first
    assert "English" in teacher.inner_text(".results-head")
    assert "4×4" in teacher.inner_text(".results-head")
    assert len(round_csv(teacher, live_daphne, class_url, 1)) >= 2
    teacher.goto(f"{live_daphne}/r/{code}/projector")
    teacher.wait_for_function("document.getElementById('players').innerText.includes('Ben')")
    teacher.click("#open-controls")  # the host's controls: a panel the teacher opens
    teacher.locator("#moderation li", has_text="Ben").locator("text=Rename").click()
    teacher.fill("#rename-input", "Benji")  # the rename dialog (static/js/rename.js)
    teacher.press("#rename-input", "Enter")
    ann.wait_for_function("document.getElementById('players').innerText.includes('Benji')")
    teacher.once("dialog", lambda dialog: dialog.accept())
    teacher.locator("#moderation li", has_text="Chloe").locator("text=Remove").click()
    chloe.wait_for_function("document.getElementById('play').dataset.state === 'stopped'")
    assert "removed you" in chloe.inner_text("#removed-card")  # for now: no dead board
    assert chloe.locator("#board").evaluate("el => el.inert") and not chloe.is_visible("#board")
    teacher.wait_for_function("!document.getElementById('players').innerText.includes('Chloe')")
    assert set(leaderboard(teacher)) == {"Ann", "Benji"}  # no row without a name
    teacher.screenshot(path=str(ARTIFACTS / "one-truth-projector.png"), full_page=True)

    # The leaderboard adds up the same rounds.
    teacher.goto(class_url)
    teacher.click("text=Leaderboard and students' progress")
    totals = teacher.inner_text("#totals")
    assert re.search(r"Ann\s+2\s+\d+", totals)  # two rounds played


def test_a_planted_word_traces_green_and_a_red_path_is_answered(browser, live_daphne):
    teacher = browser.new_context(viewport={"width": 1366, "height": 900}).new_page()
    teacher.goto(live_daphne + "/rooms/new")
    teacher.select_option("#id_mode", "versus")
    teacher.select_option("#id_level", "1")
    teacher.click("button[type=submit]")
    teacher.wait_for_url(re.compile(r"/projector$"))
    code = teacher.inner_text(".projector-code")
    teacher.goto(f"{live_daphne}/r/{code}/vocabulary")
    teacher.fill("#id_name", "Birds")
    teacher.select_option("#id_language", "en")
    teacher.fill("#id_text", "wren;troglodyte")  # not a common word: planted, it counts
    teacher.click("form button[type=submit]")
    teacher.goto(f"{live_daphne}/r/{code}/projector")
    teacher.click("#open-settings")  # in the lobby: the next round's settings, a click away
    teacher.select_option("#id_vocabulary", label="Birds")
    teacher.fill("#id_plant_count", "1")
    teacher.click("#next-form button[type=submit]")
    teacher.wait_for_selector("#start", state="visible")
    pupil = browser.new_context().new_page()
    join_room(pupil, live_daphne, code, "Ann")
    start(teacher, [pupil])
    pupil.wait_for_selector("#board .tile")
    faces = [t.inner_text().strip() or "." for t in pupil.locator("#board .tile").all()]
    board = parse_board("/".join("".join(faces[r * 4 : r * 4 + 4]) for r in range(4)))
    cells = find_cell_path(board, "wren")
    assert cells is not None, "the word was planted on the board"
    path = [board.position(cell) for cell in cells]
    drag_and_hold(pupil, path)
    pupil.wait_for_function("document.getElementById('path-status').innerText.includes('a word')")
    assert "tile-good" in pupil.locator("#board .tile").nth(
        path[-1][0] * 4 + path[-1][1]
    ).get_attribute("class")
    pupil.mouse.up()
    pupil.wait_for_function(
        "document.getElementById('finds').innerText.toUpperCase().includes('WREN')"
    )
    # A path the hint calls red is still sent, and answered with its reason.
    dead = [path[0], path[1]]
    drag(pupil, dead)
    pupil.wait_for_function("document.getElementById('feedback').innerText.includes('Too short')")


def drag_and_hold(page, path):
    """Drag across ``path`` without releasing (to read the hint at its end)."""
    boxes = [page.locator("#board .tile").nth(r * 4 + c).bounding_box() for r, c in path]
    centre = [(b["x"] + b["width"] / 2, b["y"] + b["height"] / 2) for b in boxes]
    page.mouse.move(*centre[0])
    page.mouse.down()
    for x, y in centre[1:]:
        page.mouse.move(x, y, steps=4)
