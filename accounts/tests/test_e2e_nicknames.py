"""A class's nickname rule in a real browser: the teacher chooses it on the class form, and a
pupil on a phone joins with a given name, or by tapping their name on the roster."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from games.nicknames.words import names
from games.tests.e2e_teachers import sign_up

pytestmark = pytest.mark.e2e
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
PHONE = {"viewport": {"width": 360, "height": 640}, "is_mobile": True, "has_touch": True}


def test_pupils_on_phones_join_with_a_given_name_or_their_roster_name(browser, page, live_daphne):
    sign_up(page, live_daphne, "mme_pseudos")
    page.fill("#id_name", "4e A")
    page.select_option("#id_language", "fr")
    page.check("input[name=nicknames][value=generated]")
    page.click("button[type=submit]:has-text('Create the class')")
    page.wait_for_url(re.compile(r"/classes/\d+/$"))
    code = page.locator("#join-code").inner_text()
    assert "The game gives each student a nickname" in page.locator("#nickname-rule").inner_text()

    phone = browser.new_context(**PHONE)
    pupil = phone.new_page()
    pupil.goto(f"{live_daphne}/join/{code}")
    first = pupil.locator("#offered-name").inner_text()
    assert first in names("fr")
    assert pupil.locator("input[type=text]").count() == 0  # nothing to type
    ARTIFACTS.mkdir(exist_ok=True)
    pupil.screenshot(path=str(ARTIFACTS / "join-given-name-phone.png"), full_page=True)
    pupil.click("#another-name")
    offered = pupil.locator("#offered-name").inner_text()
    assert offered in names("fr")
    join = pupil.locator("#offered button[type=submit]")
    assert join.inner_text() == f"Join as {offered}"
    assert join.bounding_box()["height"] >= 40  # a thumb's target
    join.click()
    pupil.wait_for_url(re.compile(rf"/r/{code}/$"))
    phone.close()

    # The teacher switches the class to its roster only.
    page.click("text=Edit")
    page.fill("#id_roster", "Ann\nChloé")
    page.check("input[name=nicknames][value=roster]")
    page.screenshot(path=str(ARTIFACTS / "class-form-nicknames.png"), full_page=True)
    page.click("button[type=submit]:has-text('Save')")
    page.wait_for_url(re.compile(r"/classes/\d+/$"))

    phone = browser.new_context(**PHONE)
    chloe = phone.new_page()
    chloe.goto(f"{live_daphne}/join/{code}")
    assert chloe.locator("input[type=text]").count() == 0
    chloe.screenshot(path=str(ARTIFACTS / "join-roster-only-phone.png"), full_page=True)
    chloe.click("button:has-text('Chloé')")
    chloe.wait_for_url(re.compile(rf"/r/{code}/$"))
    phone.close()

    # Another pupil types "chloe" on the home page: the name is Chloé's, taken.
    phone = browser.new_context(**PHONE)
    other = phone.new_page()
    other.goto(live_daphne + "/")
    other.fill("input[name=code]", code)
    other.fill("input[name=nickname]", "chloe")
    other.click("form.join-card-start button[type=submit]")
    other.wait_for_url(re.compile(r"/join$"))
    assert "Someone in this room already has that nickname" in other.content()
    assert other.locator("button:has-text('Chloé')").is_disabled()
    other.screenshot(path=str(ARTIFACTS / "join-roster-name-taken-phone.png"), full_page=True)
    phone.close()


@pytest.fixture(scope="module")
def axe():
    from axe_playwright_python.sync_playwright import Axe

    return Axe()


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_the_nickname_pages_have_no_serious_violations(browser, live_daphne, axe, size):
    from games.tests.test_e2e_a11y import SIZES, Audit

    audit = Audit(axe, size)
    context = browser.new_context(viewport=SIZES[size])
    page = context.new_page()
    sign_up(page, live_daphne, f"a11y_pseudos_{size}")
    page.fill("#id_name", "3e C")
    page.check("input[name=nicknames][value=roster]")
    page.click("main form button[type=submit]")  # a roster class needs a roster
    audit.check(page, "class form, an error")
    page.fill("#id_roster", "Ann\nBen")
    page.click("main form button[type=submit]")
    page.wait_for_url(re.compile(r"/classes/\d+/$"))
    code = page.locator("#join-code").inner_text()
    pupil = browser.new_context(viewport=SIZES[size]).new_page()
    pupil.goto(f"{live_daphne}/join/{code}")
    audit.check(pupil, "join, roster only")
    page.click("text=Edit")
    page.check("input[name=nicknames][value=generated]")
    page.click("main form button[type=submit]")
    pupil.goto(f"{live_daphne}/join/{code}")
    audit.check(pupil, "join, a given name")
    pupil.context.close()
    context.close()
    audit.assert_clean()
