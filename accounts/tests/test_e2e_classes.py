"""A teacher signs up and creates a class in a real browser, served by a real daphne process."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from games.tests.e2e_teachers import fill_sign_up

pytestmark = pytest.mark.e2e
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"


def test_a_teacher_signs_up_creates_a_class_and_sees_its_code_and_qr(page, live_daphne):
    page.goto(live_daphne + "/")
    page.click("text=Teachers")
    page.click("text=Create a teacher's account")
    fill_sign_up(page, "mme_e2e")
    page.fill("#id_name", "5e B")
    page.select_option("#id_language", "fr")
    page.fill("#id_roster", "Ann\nBen\nChloé")
    page.click("button[type=submit]:has-text('Create the class')")
    page.wait_for_url(re.compile(r"/classes/\d+/$"))

    code = page.locator("#join-code").inner_text()
    assert re.fullmatch(r"[23456789BCDFGHJKMNPQRSTVWXZ]{6}", code)
    assert page.locator("#join-link").inner_text() == f"{live_daphne}/join/{code}"
    qr = page.locator("svg.qr-code")
    assert qr.is_visible()
    box = qr.bounding_box()
    assert box["width"] > 150 and abs(box["width"] - box["height"]) < 1
    ET.fromstring(qr.evaluate("el => el.outerHTML"))  # well-formed
    assert page.locator(".roster li").all_inner_texts() == ["Ann", "Ben", "Chloé"]
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "teacher-class-page.png"), full_page=True)

    # This browser created the class, so it runs the room.
    page.click("text=Open the projector screen")
    page.wait_for_url(re.compile(rf"/r/{code}/projector$"))
    assert "/join/" not in page.url
    page.go_back()
    page.click("button:has-text('Log out')")
    page.wait_for_url(live_daphne + "/")
    assert page.locator("text=Teachers").is_visible()
