"""The projector's presentation view in Chromium, at the sizes of classroom projectors.

The lobby is readable from the back of the class (code, QR code, who has
joined, above the fold); a round counts 3-2-1, then shows the letters; the
clock turns amber, then red; the end shows a podium; the next round with the
same settings is one click; teams are picked side by side.
"""

from __future__ import annotations

import re

import pytest

from games.tests.screens import readme_screenshot
from games.tests.test_e2e_play import board_words, join_room, type_word

pytestmark = pytest.mark.e2e
PROJECTORS = {"1366x768": (1366, 768), "1280x800": (1280, 800)}


def state_is(page, state, timeout=30_000):
    page.wait_for_function(
        f"document.getElementById('projector').dataset.state === '{state}'", timeout=timeout
    )


def open_projector(browser, base, size=(1366, 768), mode="versus", teams=2):
    width, height = size
    teacher = browser.new_context(viewport={"width": width, "height": height}).new_page()
    teacher.goto(base + "/rooms/new")
    teacher.select_option("#id_mode", mode)
    teacher.select_option("#id_level", "2")
    if mode == "teams":
        teacher.select_option("#id_team_count", str(teams))
    teacher.click("button[type=submit]")
    teacher.wait_for_url(re.compile(r"/projector$"))
    state_is(teacher, "lobby")
    return teacher, teacher.inner_text("#join-code")


def box(page, selector):
    return page.locator(selector).bounding_box()


@pytest.mark.parametrize("size", PROJECTORS)
def test_the_lobby_fills_the_screen_with_the_code_the_qr_code_and_who_joined(
    browser, live_daphne, size
):
    width, height = PROJECTORS[size]
    teacher, code = open_projector(browser, live_daphne, (width, height))
    assert teacher.locator(".site-header").count() == 0  # a presentation view
    code_box, qr_box = box(teacher, "#join-code"), box(teacher, "#join-qr svg")
    assert code_box["height"] >= 0.10 * height
    assert qr_box["height"] >= 0.35 * height
    for element in (code_box, qr_box):  # above the fold, nothing to scroll
        assert element["y"] >= 0 and element["y"] + element["height"] <= height
        assert element["x"] + element["width"] <= width
    assert teacher.inner_text("#player-count") == "0"
    students = [browser.new_context().new_page() for _ in range(3)]
    for student, name in zip(students, ("Ann", "Ben", "Chloé"), strict=True):
        join_room(student, live_daphne, code, name)
    teacher.wait_for_function("document.getElementById('player-count').innerText === '3'")
    assert "players" in teacher.inner_text(".player-count")
    listed = teacher.locator("#players li")
    assert listed.all_inner_texts() == ["Ann", "Ben", "Chloé"]
    for index in range(3):
        item = listed.nth(index).bounding_box()
        assert item["y"] + item["height"] <= height  # above the fold
    start = box(teacher, "#start")
    assert start["y"] + start["height"] <= height
    # Sound is on at the projector; muting it is remembered by this browser.
    assert teacher.get_attribute("#sound-toggle", "aria-pressed") == "true"
    teacher.click("#sound-toggle")
    teacher.reload()
    state_is(teacher, "lobby")
    assert teacher.get_attribute("#sound-toggle", "aria-pressed") == "false"
    teacher.click("#sound-toggle")
    # The host's controls are not on the projected view until the teacher opens them.
    assert not teacher.is_visible("#moderation")
    teacher.click("#open-controls")
    assert teacher.is_visible("#moderation")
    assert "Ben" in teacher.inner_text("#moderation")
    teacher.keyboard.press("Escape")
    assert not teacher.is_visible("#moderation")
    if size == "1366x768":
        readme_screenshot(teacher, "projector-lobby")
    for student in students:
        student.context.close()
    teacher.context.close()


def test_countdown_round_podium_and_the_next_round_in_one_click(browser, live_daphne):
    teacher, code = open_projector(browser, live_daphne)
    students = [browser.new_context().new_page() for _ in range(2)]
    for student, name in zip(students, ("Ann", "Ben"), strict=True):
        join_room(student, live_daphne, code, name)
    teacher.wait_for_function("document.getElementById('player-count').innerText === '2'")
    settings = teacher.inner_text("#lobby-settings")

    teacher.click("#start")
    state_is(teacher, "countdown")
    assert teacher.inner_text("#countdown") in {"3", "2", "1"}
    assert teacher.locator("#board .tile").first.inner_text() == ""  # face down until the start
    state_is(teacher, "running", timeout=6_000)
    assert teacher.locator("#board .tile").first.inner_text().strip()  # the letters
    board = box(teacher, "#board")
    assert board["y"] >= 0 and board["y"] + board["height"] <= 768  # the whole board in view
    words = sorted(board_words(teacher), key=len)
    type_word(students[0], words[-1])
    type_word(students[1], words[0])
    teacher.wait_for_function(
        "/^Ann\\s+[1-9]/.test(document.getElementById('leaderboard').innerText)"
    )
    readme_screenshot(teacher, "projector-running")

    teacher.once("dialog", lambda dialog: dialog.accept())
    teacher.click("#end")
    state_is(teacher, "finished")
    teacher.wait_for_selector("#podium-places")
    places = teacher.locator("#podium-places .place-name").all_inner_texts()
    assert places[0] == "Ann" and "Ben" in places
    assert words[-1].upper() in teacher.inner_text("#longest-found")
    assert "Ann" in teacher.inner_text("#longest-found")
    assert teacher.inner_text("#best-missed").strip()
    next_same = box(teacher, "#next-same")
    assert next_same["y"] + next_same["height"] <= 768  # on screen, no scrolling
    assert teacher.is_visible("#results-link")
    readme_screenshot(teacher, "projector-podium")

    teacher.click("#next-same")  # one click: a new round with the same settings
    state_is(teacher, "lobby")
    assert teacher.inner_text("#lobby-settings") == settings
    teacher.click("#start")
    state_is(teacher, "running", timeout=10_000)
    teacher.wait_for_function(
        "/\\/rounds\\/2\\//.test(document.getElementById('results-link').href)"
    )
    for page in (*students, teacher):
        page.context.close()


def test_the_clock_turns_amber_in_the_last_30_seconds_then_red_in_the_last_10(browser, live_daphne):
    teacher, _ = open_projector(browser, live_daphne)
    teacher.clock.install()
    teacher.reload()
    state_is(teacher, "lobby")
    teacher.click("#start")
    state_is(teacher, "running", timeout=10_000)
    clock = teacher.locator("#clock")
    assert clock.get_attribute("class") in (None, "")
    teacher.clock.fast_forward("02:35")  # 25 s left of 3 minutes
    teacher.wait_for_function("document.getElementById('clock').classList.contains('clock-warn')")
    assert "clock-urgent" not in clock.get_attribute("class")
    amber = clock.evaluate("el => getComputedStyle(el).backgroundColor")
    teacher.clock.fast_forward("00:20")  # 5 s left
    teacher.wait_for_function("document.getElementById('clock').classList.contains('clock-urgent')")
    assert clock.evaluate("el => getComputedStyle(el).backgroundColor") != amber
    assert clock.evaluate("el => getComputedStyle(el).fontWeight") == "900"  # not colour alone
    teacher.context.close()


def test_teams_side_by_side_tap_or_drag_to_move_shuffle_and_balance(browser, live_daphne):
    teacher, code = open_projector(browser, live_daphne, mode="teams", teams=2)
    names = ("Ann", "Ben", "Chloe", "Dev")
    students = [browser.new_context().new_page() for _ in names]
    for student, name in zip(students, names, strict=True):
        join_room(student, live_daphne, code, name)
    teacher.wait_for_function("document.getElementById('player-count').innerText === '4'")
    teacher.click("#open-controls")
    columns = teacher.locator("#team-columns .team-column")
    assert columns.count() == 2
    first, second = columns.nth(0).bounding_box(), columns.nth(1).bounding_box()
    assert first["y"] == second["y"] and second["x"] > first["x"]  # side by side

    def team_of(name):
        for index in range(columns.count()):
            if name in columns.nth(index).locator("ul").inner_text():
                return index
        return None

    def members(index):
        return columns.nth(index).locator(".team-player").count()

    # Tap a player, then the other team.
    ann_team = team_of("Ann")
    teacher.click("#team-columns .team-player:text-is('Ann')")
    teacher.locator("#team-columns .team-column").nth(1 - ann_team).locator(".team-move").click()
    teacher.wait_for_function(
        f"document.querySelectorAll('#team-columns .team-column')[{1 - ann_team}]"
        ".innerText.includes('Ann')"
    )
    # Drag another onto the same team: one team now holds three or four.
    ben_team = team_of("Ben")
    target = 1 - ann_team
    if ben_team != target:
        teacher.drag_and_drop(
            "#team-columns .team-player:text-is('Ben')",
            f"#team-columns .team-column:nth-child({target + 1})",
        )
        teacher.wait_for_function(
            f"document.querySelectorAll('#team-columns .team-column')[{target}]"
            ".innerText.includes('Ben')"
        )
    teacher.click("#balance-teams")
    teacher.wait_for_function(
        "[...document.querySelectorAll('#team-columns .team-column')]"
        ".every((column) => column.querySelectorAll('.team-player').length === 2)"
    )
    teacher.click("#shuffle-teams")
    teacher.wait_for_timeout(500)
    assert sorted([members(0), members(1)]) == [2, 2]
    teacher.keyboard.press("Escape")
    # The projected lobby shows the teams too.
    assert "Red" in teacher.inner_text("#players") and "Blue" in teacher.inner_text("#players")
    for page in (*students, teacher):
        page.context.close()


@pytest.mark.parametrize("size", [(1366, 768), (360, 640)], ids=["projector", "phone"])
def test_no_serious_accessibility_problem_in_any_view_or_panel(browser, live_daphne, size):
    """axe-core (from the registry, vendored by axe-playwright-python) on every view of
    the projector and the teacher's panels, in a team round."""
    axe_module = pytest.importorskip("axe_playwright_python.sync_playwright")
    axe = axe_module.Axe()
    problems = []

    def audit(page, name):
        page.wait_for_timeout(150)
        for violation in axe.run(page).response["violations"]:
            if violation["impact"] in {"serious", "critical"}:
                targets = [node["target"] for node in violation["nodes"]][:3]
                problems.append(f"{name}: {violation['id']}: {violation['help']} at {targets}")

    teacher, code = open_projector(browser, live_daphne, size, mode="teams", teams=3)
    students = [browser.new_context().new_page() for _ in range(2)]
    for student, name in zip(students, ("Ann", "Ben"), strict=True):
        join_room(student, live_daphne, code, name)
    teacher.wait_for_function("document.getElementById('player-count').innerText === '2'")
    audit(teacher, "lobby")
    teacher.click("#open-controls")
    teacher.click("#team-columns .team-player:text-is('Ann')")  # a player picked
    audit(teacher, "players and teams")
    teacher.keyboard.press("Escape")
    teacher.click("#open-settings")
    audit(teacher, "settings")
    teacher.keyboard.press("Escape")
    teacher.click("#start")
    state_is(teacher, "countdown")
    audit(teacher, "countdown")
    state_is(teacher, "running", timeout=6_000)
    type_word(students[0], sorted(board_words(teacher), key=len)[-1])
    teacher.wait_for_function("/[1-9]/.test(document.getElementById('leaderboard').innerText)")
    audit(teacher, "running")
    teacher.click("#pause")
    state_is(teacher, "paused")
    audit(teacher, "paused")
    teacher.once("dialog", lambda dialog: dialog.accept())
    teacher.click("#end")
    state_is(teacher, "finished")
    teacher.wait_for_selector("#podium-places")
    audit(teacher, "podium")
    assert teacher.locator("h1").count() == 1
    assert not problems, "\n".join(problems)
    for page in (*students, teacher):
        page.context.close()


@pytest.mark.parametrize("motion", ["no-preference", "reduce"])
def test_the_leaderboard_slides_into_its_new_order_unless_motion_is_reduced(
    browser, live_daphne, motion
):
    teacher = browser.new_context(
        viewport={"width": 1366, "height": 768}, reduced_motion=motion
    ).new_page()
    teacher.goto(live_daphne + "/rooms/new")
    teacher.select_option("#id_mode", "versus")
    teacher.click("button[type=submit]")
    state_is(teacher, "lobby")
    code = teacher.inner_text("#join-code")
    ann, ben = (browser.new_context().new_page() for _ in range(2))
    join_room(ann, live_daphne, code, "Ann")
    join_room(ben, live_daphne, code, "Ben")
    teacher.wait_for_function("document.getElementById('player-count').innerText === '2'")
    teacher.click("#start")
    state_is(teacher, "running", timeout=10_000)
    words = sorted(board_words(teacher), key=len)
    ann.wait_for_function("document.getElementById('play').dataset.state === 'running'")
    type_word(ann, words[0])
    teacher.wait_for_function(
        "/^Ann\\s+[1-9]/.test(document.getElementById('leaderboard').innerText)"
    )
    # Count the rows' animations from here on (Element.animate, which the FLIP uses).
    teacher.evaluate(
        """() => {
            window.slides = 0;
            const animate = Element.prototype.animate;
            Element.prototype.animate = function (...args) {
                if (this.closest("#leaderboard")) { window.slides += 1; }
                return animate.apply(this, args);
            };
        }"""
    )
    # Ben's two longest words outscore Ann's shortest whatever the board holds (a board
    # whose longest word scores no more than its shortest would otherwise leave a tie).
    ben.wait_for_function("document.getElementById('play').dataset.state === 'running'")
    for count, word in enumerate(words[-2:], start=1):
        type_word(ben, word)
        ben.wait_for_function(f"document.getElementById('found-count').innerText === '{count}'")
    teacher.wait_for_function(
        "/^Ben\\s+[1-9]/.test(document.getElementById('leaderboard').innerText)"
    )
    slides = teacher.evaluate("() => window.slides")
    assert (slides > 0) == (motion == "no-preference"), slides
    for page in (ann, ben, teacher):
        page.context.close()
