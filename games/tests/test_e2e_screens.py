"""The pages this issue touched, in Chromium and in both interface languages: a round
dealt to show its unit words to pupils (ticked as found), a word the teacher then
disallows told to the pupil on their results, with axe-core finding nothing serious
on any of these screens."""

from __future__ import annotations

import re

import pytest

from games.tests.e2e_teachers import sign_up_with_class
from games.tests.test_e2e_a11y import Audit
from games.tests.test_e2e_play import join_room, type_word

pytestmark = pytest.mark.e2e
UNIT = "house;maison\nkitchen;cuisine\ngarden;jardin"


@pytest.fixture(scope="module")
def axe():
    from axe_playwright_python.sync_playwright import Axe

    return Axe()


def state_is(page, state):
    page.wait_for_function(f"document.querySelector('[data-state]').dataset.state === '{state}'")


@pytest.mark.parametrize("language", ["en", "fr"])
def test_unit_words_beside_the_board_and_a_ruling_told_in_both_languages(
    browser, live_daphne, axe, language
):
    audit = Audit(axe, language)
    teacher_context = browser.new_context(viewport={"width": 1366, "height": 768})
    pupil_context = browser.new_context(viewport={"width": 360, "height": 640}, has_touch=True)
    for context in (teacher_context, pupil_context):
        context.add_cookies([{"name": "django_language", "value": language, "url": live_daphne}])
    teacher, pupil = teacher_context.new_page(), pupil_context.new_page()
    teacher.set_default_timeout(15000)
    _, code = sign_up_with_class(teacher, live_daphne, level="4")

    teacher.goto(live_daphne + "/rooms/new")
    audit.check(teacher, "open a room (settings)")
    teacher.goto(f"{live_daphne}/r/{code}/vocabulary")
    teacher.fill("#id_name", "Unit 4")
    teacher.fill("#id_text", UNIT)
    teacher.click("main form button[type=submit]")
    assert ("English" if language == "en" else "Anglais") in teacher.inner_text(".list-language")
    audit.check(teacher, "vocabulary, saved")

    teacher.goto(f"{live_daphne}/r/{code}/projector")
    teacher.click("#open-settings")
    teacher.select_option("#id_vocabulary", label="Unit 4")
    teacher.fill("#id_plant_count", "3")
    teacher.check("#id_show_vocabulary")
    audit.check(teacher, "projector, next round's settings")
    teacher.click("#next-form button[type=submit]")
    teacher.wait_for_selector("#start", state="visible")

    join_room(pupil, live_daphne, code, "Zoé")
    pupil.wait_for_selector("#vocabulary-shown", state="visible")
    listed = pupil.locator("#vocabulary-words li")
    assert listed.count() >= 1
    words = [text.split(" = ")[0].strip() for text in listed.all_inner_texts()]
    assert set(words) <= {"house", "kitchen", "garden"}
    audit.check(pupil, "lobby, unit words shown")

    teacher.click("#start")
    state_is(pupil, "running")
    type_word(pupil, words[0])
    pupil.wait_for_function(
        "document.querySelector('#vocabulary-words li.found') !== null", timeout=5000
    )
    assert words[0] in pupil.inner_text("#vocabulary-words li.found")
    audit.check(pupil, "play, a unit word ticked")

    teacher.once("dialog", lambda dialog: dialog.accept())
    teacher.click("#end")
    state_is(teacher, "finished")
    state_is(pupil, "finished")
    pupil.click("#results-link")
    pupil.wait_for_url(re.compile(r"/results$"))
    results = pupil.url

    teacher.goto(results)
    teacher.select_option("#disallow-word", words[0])
    teacher.click("form.disallow button[type=submit]")
    teacher.wait_for_selector("#standing-rulings")
    ruled = teacher.inner_text("#rulings")
    assert ruled.count(words[0].upper()) == 1  # one control for the word: its undo
    audit.check(teacher, "results, a word disallowed (the teacher's)")

    pupil.goto(results)
    told = pupil.inner_text("#told")
    assert words[0].upper() in told
    assert ("disallowed" in told) if language == "en" else ("refusé" in told)
    audit.check(pupil, "results, told of the ruling")
    teacher_context.close()
    pupil_context.close()
    audit.assert_clean()
