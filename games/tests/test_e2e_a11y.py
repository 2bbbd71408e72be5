"""axe-core on every page and state, at a projector's and a phone's size.

axe-core comes from the registry, vendored by axe-playwright-python (requirements-dev.txt);
it is injected through the browser's debugging protocol, so the pages' Content-Security-
Policy is unchanged. A serious or critical violation fails the test, with every page's
list in the message; so does a page without exactly one h1.
"""

from __future__ import annotations

import re

import pytest

from games.tests.e2e_teachers import sign_up_with_class
from games.tests.screens import readme_screenshot
from games.tests.test_e2e_play import join_room

pytestmark = pytest.mark.e2e

SIZES = {"desktop": {"width": 1366, "height": 768}, "phone": {"width": 360, "height": 640}}
GRAVE = {"serious", "critical"}


@pytest.fixture(scope="module")
def axe():
    from axe_playwright_python.sync_playwright import Axe

    return Axe()


class Audit:
    """Checks pages one after another and keeps every problem for one report."""

    def __init__(self, axe, size: str) -> None:
        self.axe, self.size, self.problems, self.checked = axe, size, [], []

    def check(self, page, name: str) -> None:
        page.wait_for_timeout(150)  # let the page's script finish drawing
        # and its fades end: axe reads a half-faded text's contrast (a busy machine slows
        # them); an endless animation (a pulse) is not waited for.
        page.wait_for_function(
            "document.getAnimations().every(a => a.playState !== 'running'"
            " || a.effect?.getComputedTiming().iterations === Infinity)",
            timeout=5_000,
        )
        results = self.axe.run(page)
        for violation in results.response["violations"]:
            if violation["impact"] in GRAVE:
                targets = [node["target"] for node in violation["nodes"]][:4]
                self.problems.append(
                    f"{name} [{self.size}]: {violation['id']} ({violation['impact']}): "
                    f"{violation['help']} at {targets}"
                )
        headings = page.locator("h1").count()
        if headings != 1:
            self.problems.append(f"{name} [{self.size}]: {headings} h1 elements, not 1")
        self.checked.append(name)

    def assert_clean(self) -> None:
        assert not self.problems, "\n".join(self.problems)


def state_is(page, state: str) -> None:
    page.wait_for_function(f"document.querySelector('[data-state]').dataset.state === '{state}'")


@pytest.mark.parametrize("size", SIZES)
def test_the_pages_anyone_opens_have_no_serious_violations(browser, live_daphne, axe, size):
    audit = Audit(axe, size)
    context = browser.new_context(viewport=SIZES[size])
    page = context.new_page()
    page.goto(live_daphne + "/")
    audit.check(page, "landing")
    if size == "phone":
        readme_screenshot(page, "phone-landing")
    page.goto(live_daphne + "/join")
    audit.check(page, "join")
    page.goto(live_daphne + "/how-to-play")
    audit.check(page, "how to play")
    page.goto(live_daphne + "/accounts/signup")
    audit.check(page, "sign-up")
    page.goto(live_daphne + "/accounts/login")
    audit.check(page, "log in")
    context.close()
    audit.assert_clean()


@pytest.mark.parametrize("size", SIZES)
def test_a_lesson_has_no_serious_violations_on_any_screen(browser, live_daphne, axe, size):
    """The teacher's pages, the projector and a student's play page, through every state
    of a round."""
    audit = Audit(axe, size)
    projector = Audit(axe, size)
    teacher_context = browser.new_context(viewport=SIZES[size])
    student_context = browser.new_context(viewport=SIZES[size])
    teacher, student = teacher_context.new_page(), student_context.new_page()
    class_url, code = sign_up_with_class(teacher, live_daphne)
    audit.check(teacher, "class")
    teacher.goto(live_daphne + "/classes/")
    audit.check(teacher, "classes")

    teacher.goto(f"{live_daphne}/r/{code}/projector")
    join_room(student, live_daphne, code, "Zoé")
    teacher.wait_for_function("document.getElementById('players').innerText.includes('Zoé')")
    projector.check(teacher, "projector lobby")
    audit.check(student, "lobby")

    teacher.click("#start")
    state_is(student, "running")
    state_is(teacher, "running")
    audit.check(student, "play")
    projector.check(teacher, "projector running")
    student.fill("#word-input", "zzzq")
    student.press("#word-input", "Enter")
    student.wait_for_function("document.getElementById('feedback').className.includes('bad')")
    audit.check(student, "play, a word refused")

    teacher.click("#pause")
    state_is(student, "paused")
    state_is(teacher, "paused")
    audit.check(student, "paused")
    projector.check(teacher, "projector paused")
    teacher.click("#resume")
    state_is(student, "running")

    teacher.once("dialog", lambda dialog: dialog.accept())
    teacher.click("#end")
    state_is(teacher, "finished")
    state_is(student, "finished")
    audit.check(student, "ended")
    projector.check(teacher, "projector finished")

    student.click("#results-link")
    student.wait_for_url(re.compile(r"/results$"))
    audit.check(student, "results")
    teacher.goto(student.url)
    audit.check(teacher, "rulings (the teacher's results)")

    teacher.goto(class_url)
    teacher.click("text=Leaderboard and students' progress")
    audit.check(teacher, "leaderboard")
    teacher.click("#totals a:has-text('Zoé')")
    audit.check(teacher, "student")
    teacher.goto(f"{live_daphne}/r/{code}/vocabulary")
    audit.check(teacher, "vocabulary")
    teacher.fill("#id_name", "Unit 4: at home")
    teacher.fill("#id_text", "house;maison\nzzzq;rien")
    teacher.click("main form button[type=submit]")
    audit.check(teacher, "vocabulary, checked")

    teacher_context.close()
    student_context.close()
    audit.assert_clean()
    projector.assert_clean()


@pytest.mark.parametrize("language", ["es", "de", "it", "pt"])
@pytest.mark.parametrize("size", SIZES)
def test_the_pages_anyone_opens_have_no_serious_violations_in_each_new_language(
    browser, live_daphne, axe, size, language
):
    """The same pages through the switch's cookie, and a solo round being played: the
    page's lang, the menu of languages on a phone (open and closed) and longer words."""
    audit = Audit(axe, f"{size}, {language}")
    context = browser.new_context(viewport=SIZES[size])
    context.add_cookies([{"name": "django_language", "value": language, "url": live_daphne}])
    page = context.new_page()
    page.goto(live_daphne + "/")
    assert page.locator("html").get_attribute("lang") == language
    audit.check(page, "landing")
    if size == "phone":
        page.click(".language-menu summary")
        page.wait_for_selector(".language-options button[value=en]", state="visible")
        audit.check(page, "landing, the menu of languages open")
    for name, path in (("join", "/join"), ("how to play", "/how-to-play")):
        page.goto(live_daphne + path)
        audit.check(page, name)
    page.goto(live_daphne + "/")
    page.select_option("#id_language", "en")
    page.click("form[action='/play/solo'] button[type=submit]")
    state_is(page, "running")
    audit.check(page, "play (solo)")
    context.close()
    audit.assert_clean()


@pytest.mark.parametrize("language", ["de", "pt"])
def test_a_teachers_pages_and_projector_have_no_serious_violations_in_a_new_language(
    browser, live_daphne, axe, language
):
    """German (the longest words) and Portuguese: sign-up, the class, the classes, the
    projector's lobby with a pupil in it."""
    audit = Audit(axe, f"desktop, {language}")
    cookie = [{"name": "django_language", "value": language, "url": live_daphne}]
    teacher_context = browser.new_context(viewport=SIZES["desktop"])
    student_context = browser.new_context(viewport=SIZES["phone"])
    for context in (teacher_context, student_context):
        context.add_cookies(cookie)
    teacher, student = teacher_context.new_page(), student_context.new_page()
    _, code = sign_up_with_class(teacher, live_daphne)
    assert teacher.locator("html").get_attribute("lang") == language
    audit.check(teacher, "class")
    teacher.goto(live_daphne + "/classes/")
    audit.check(teacher, "classes")
    teacher.goto(f"{live_daphne}/r/{code}/projector")
    join_room(student, live_daphne, code, "Zoé")
    teacher.wait_for_function("document.getElementById('players').innerText.includes('Zoé')")
    audit.check(teacher, "projector lobby")
    audit.check(student, "lobby")
    teacher_context.close()
    student_context.close()
    audit.assert_clean()
