"""Renaming a player in Chromium: the teacher's <dialog> on the projector (no browser
prompt), and the renamed player told so on their own page; axe-core finds nothing
serious in the dialog nor the notice, in English and in French."""

from __future__ import annotations

import re

import pytest

from games.tests.test_e2e_a11y import Audit
from games.tests.test_e2e_play import join_room

pytestmark = pytest.mark.e2e


@pytest.fixture(scope="module")
def axe():
    from axe_playwright_python.sync_playwright import Axe

    return Axe()


def open_projector(page, base) -> str:
    page.goto(base + "/rooms/new")
    page.select_option("#id_mode", "versus")
    page.click("button[type=submit]")
    page.wait_for_url(re.compile(r"/projector$"))
    return page.inner_text(".projector-code")


@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_teacher_renames_a_pupil_in_a_dialog_and_the_pupil_is_told(
    browser, live_daphne, axe, language
):
    audit = Audit(axe, language)
    teacher_context = browser.new_context(viewport={"width": 1366, "height": 768})
    pupil_context = browser.new_context(viewport={"width": 360, "height": 640})
    for context in (teacher_context, pupil_context):
        context.add_cookies([{"name": "django_language", "value": language, "url": live_daphne}])
    teacher, pupil = teacher_context.new_page(), pupil_context.new_page()
    prompts = []
    teacher.on("dialog", lambda dialog: (prompts.append(dialog.type), dialog.dismiss()))
    code = open_projector(teacher, live_daphne)
    join_room(pupil, live_daphne, code, "Zoé")
    teacher.wait_for_function("document.getElementById('players').innerText.includes('Zoé')")

    teacher.click("#open-controls")
    row = teacher.locator("#moderation li", has_text="Zoé")
    row.locator("button").first.click()  # Rename
    teacher.wait_for_selector("#rename-dialog[open]")
    assert teacher.input_value("#rename-input") == "Zoé"
    audit.check(teacher, "projector, renaming")
    # Cancelled: nothing is sent.
    teacher.click("#rename-dialog button[value=cancel]")
    teacher.wait_for_selector("#rename-dialog", state="hidden")
    teacher.wait_for_timeout(300)
    assert "Zoé" in teacher.inner_text("#moderation")

    row.locator("button").first.click()
    teacher.fill("#rename-input", "Zoe B")
    teacher.press("#rename-input", "Enter")
    teacher.wait_for_function("document.getElementById('moderation').innerText.includes('Zoe B')")
    assert prompts == []  # no window.prompt on the way

    pupil.wait_for_selector(".renamed-notice", state="visible")
    told = pupil.inner_text(".renamed-notice")
    assert "Zoe B" in told
    assert ("renamed you" in told) if language == "en" else ("renommé" in told)
    audit.check(pupil, "play page, renamed")
    pupil.click(".renamed-notice button")
    pupil.wait_for_selector(".renamed-notice", state="hidden")
    teacher_context.close()
    pupil_context.close()
    audit.assert_clean()
