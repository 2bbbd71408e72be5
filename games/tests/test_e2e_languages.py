"""Each interface language on a 360x640 phone: nothing wider than the screen, no word
cut off inside its box, and the play page's word box still in reach (German, the
longest, first)."""

from __future__ import annotations

import re

import pytest

from games.tests.test_e2e_phone import PHONE, on_screen

pytestmark = pytest.mark.e2e

# Every visible element that reaches past the screen's right edge, or whose own text
# is wider than its box where the box hides what overflows (a cut-off label).
OVERFLOWS = """() => {
  const width = document.documentElement.clientWidth, found = [];
  for (const el of document.querySelectorAll("body *")) {
    if (!el.checkVisibility()) continue;
    const box = el.getBoundingClientRect();
    if (box.width <= 2 || box.height <= 2) continue;  // hidden for all but screen readers
    const style = getComputedStyle(el);
    const hides = style.overflowX !== "visible" || style.textOverflow === "ellipsis";
    const clipped = hides && el.scrollWidth > el.clientWidth + 1 && el.innerText.trim();
    if (box.right > width + 1 || clipped) {
      found.push(`${el.tagName.toLowerCase()}#${el.id}.${el.className}: `
        + `${(el.innerText || "").trim().slice(0, 40)} (right ${Math.round(box.right)})`);
    }
  }
  return {scroll: document.documentElement.scrollWidth, width, found: found.slice(0, 8)};
}"""


def assert_fits(page, name: str) -> None:
    result = page.evaluate(OVERFLOWS)
    assert result["scroll"] <= result["width"] and not result["found"], (name, result)


@pytest.mark.parametrize("language", ["de", "es", "it", "pt", "fr"])
def test_no_text_overflows_a_phone_in_each_language(browser, live_daphne, language):
    context = browser.new_context(viewport=PHONE, has_touch=True)
    context.add_cookies([{"name": "django_language", "value": language, "url": live_daphne}])
    page = context.new_page()
    for name, path in (("landing", "/"), ("join", "/join"), ("how to play", "/how-to-play")):
        page.goto(live_daphne + path)
        assert_fits(page, name)
    page.goto(live_daphne + "/")
    page.click(".language-menu summary")
    assert_fits(page, "landing, the menu of languages open")
    page.goto(live_daphne + "/")
    page.select_option("#id_language", "en")
    page.click("form[action='/play/solo'] button[type=submit]")
    page.wait_for_url(re.compile(r"/r/[A-Z0-9]{6}/$"))
    page.wait_for_function("document.getElementById('play').dataset.state === 'running'")
    assert_fits(page, "play")
    assert on_screen(page, "#board") and on_screen(page, "#word-input")
    page.fill("#word-input", "zzzqx")
    page.press("#word-input", "Enter")
    page.wait_for_function("document.getElementById('feedback').className.includes('bad')")
    assert_fits(page, "play, a word refused")
    assert on_screen(page, "#word-input")
    context.close()
