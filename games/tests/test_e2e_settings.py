"""The settings forms in Chromium: the dice list follows the language as the teacher
changes it."""

from __future__ import annotations

import re

import pytest

pytestmark = pytest.mark.e2e

SHOWN = """() => [...document.querySelectorAll('#id_dice option')]
  .filter((o) => !o.hidden && !o.disabled).map((o) => o.dataset.language || '')"""


def test_the_dice_list_offers_the_chosen_languages_dice_only(page, live_daphne):
    page.goto(live_daphne + "/rooms/new")
    page.select_option("#id_language", "en")
    assert set(page.evaluate(SHOWN)) == {"", "en"}
    page.select_option("#id_dice", "en-classic")
    page.select_option("#id_language", "fr")
    assert set(page.evaluate(SHOWN)) == {"", "fr"}
    assert page.input_value("#id_dice") == ""  # the English set gave way to the default
    page.select_option("#id_dice", "fr-classic")
    page.select_option("#id_language", "de")
    assert set(page.evaluate(SHOWN)) == {""}  # no German dice: the letters by frequency
    assert page.input_value("#id_dice") == ""


def test_the_vocabulary_intro_names_the_language_chosen_for_the_list(page, live_daphne):
    page.goto(live_daphne + "/rooms/new")
    page.select_option("#id_language", "es")  # the room plays Spanish
    page.select_option("#id_mode", "versus")
    page.click("main form button[type=submit]")
    page.wait_for_url(re.compile(r"/projector$"))
    code = page.inner_text(".projector-code")
    page.goto(f"{live_daphne}/r/{code}/vocabulary")
    assert page.inner_text("#form-language-name") == "Spanish"
    page.select_option("#id_language", "de")  # a German list
    assert page.inner_text("#form-language-name") == "German"
