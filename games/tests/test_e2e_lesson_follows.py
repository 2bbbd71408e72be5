"""A lesson in Chromium where every page follows the teacher (issue 19).

A teacher on a 1366x768 projector, three pupils: two on phones (360x640,
390x844) and one on a laptop. Head-to-head, classic scoring, a unit's word
planted, the room locked. The projector says all of that. In classic scoring no
pupil's screen ever shows points for a word someone else also found. A removed
pupil's page says so and shows no board; let back in, she plays. After "Next
round" every pupil is in the new round before it starts, without a click: a play
page shows its lobby, an idle results page goes there within a second, a pupil
reading her results gets a banner and is taken there at the countdown. A pupil
whose page closed is shown as away, not removed.
"""

from __future__ import annotations

import re

import pytest

from games.engine.blocklist import blocked_words
from games.tests.test_e2e_a11y import Audit, axe  # noqa: F401 - the axe fixture
from games.tests.test_e2e_play import board_words, join_room, type_word

pytestmark = pytest.mark.e2e

PHONES = {"Ann": (360, 640), "Ben": (390, 844), "Chloé": (1280, 800)}

# Every text the finds list and the feedback line ever show, recorded in the page.
RECORDER = """() => {
  window.__shown = [];
  const note = () => {
    const finds = document.getElementById('finds');
    const feedback = document.getElementById('feedback');
    const text = (element) => (element ? element.innerText : '');
    window.__shown.push(text(finds) + ' | ' + text(feedback));
  };
  new MutationObserver(note).observe(document.body,
    { subtree: true, childList: true, characterData: true });
}"""


def state_is(page, state, timeout=15_000):
    page.wait_for_function(
        f"document.querySelector('[data-state]').dataset.state === '{state}'", timeout=timeout
    )


def distinct_words(board: list[str], count: int) -> list[str]:
    """``count`` words, five letters first, then four, six, three..., none inside another
    (a find's row is picked by its text); a random board may hold one word of five."""
    chosen: list[str] = []
    blocked = blocked_words("en")  # on the board, never counted in class
    for word in sorted(
        (w for w in board if w not in blocked), key=lambda w: (abs(len(w) - 4.6), w)
    ):
        if not any(word in other or other in word for other in chosen):
            chosen.append(word)
    assert len(chosen) >= count, chosen
    return chosen[:count]


def open_projector(browser, base):
    teacher = browser.new_context(viewport={"width": 1366, "height": 768}).new_page()
    teacher.on("pageerror", lambda error: print("projector:", error))
    teacher.goto(base + "/rooms/new")
    teacher.select_option("#id_mode", "versus")
    teacher.select_option("#id_level", "2")
    teacher.select_option("#id_scoring", "classic")
    teacher.click("button[type=submit]")
    teacher.wait_for_url(re.compile(r"/projector$"))
    code = teacher.inner_text("#join-code")
    # A unit's words, one planted on the next boards.
    teacher.goto(f"{base}/r/{code}/vocabulary")
    teacher.fill("#id_name", "Birds")
    teacher.select_option("#id_language", "en")
    teacher.fill("#id_text", "wren;troglodyte")
    teacher.click("form button[type=submit]")
    teacher.goto(f"{base}/r/{code}/projector")
    teacher.click("#open-settings")
    teacher.select_option("#id_vocabulary", label="Birds")
    teacher.fill("#id_plant_count", "1")
    teacher.click("#next-form button[type=submit]")
    teacher.wait_for_selector("#start", state="visible")
    teacher.wait_for_function("document.getElementById('lobby-settings').innerText !== ''")
    return teacher, code


def open_panel(teacher):
    if not teacher.is_visible("#controls-panel"):
        teacher.click("#open-controls")


def close_panel(teacher):
    if teacher.is_visible("#controls-panel"):
        teacher.click("#controls-panel [data-close]")


def player_count(teacher, count):
    teacher.wait_for_function(
        f"document.getElementById('player-count').innerText === '{count}'", timeout=5_000
    )


def start(teacher, pupils):
    teacher.click("#start")
    state_is(teacher, "running")
    for pupil in pupils:
        state_is(pupil, "running")


def accepted(pupil, word):
    type_word(pupil, word)
    pupil.wait_for_function(
        f"document.getElementById('finds').innerText.toUpperCase().includes('{word.upper()}')"
    )


def test_a_lesson_where_every_page_follows_the_teacher(browser, live_daphne, axe):  # noqa: F811
    audit = Audit(axe, "lesson")
    teacher, code = open_projector(browser, live_daphne)
    facts = teacher.inner_text("#lobby-settings")
    assert "head-to-head" in facts and "classic" in facts
    assert "1 unit word planted" in facts and "(+0)" not in facts  # no bonus: none said
    pupils = {}
    for name, (width, height) in PHONES.items():
        page = browser.new_context(viewport={"width": width, "height": height}).new_page()
        join_room(page, live_daphne, code, name)
        page.evaluate(RECORDER)
        pupils[name] = page
    ann, ben, chloe = pupils["Ann"], pupils["Ben"], pupils["Chloé"]
    player_count(teacher, 3)

    # Locked: the join code and the QR code give way to saying so, in the lobby and in play.
    open_panel(teacher)
    teacher.check("#lock")
    close_panel(teacher)
    teacher.wait_for_selector("#room-locked", state="visible")
    assert not teacher.is_visible("#join-code") and not teacher.is_visible("#join-qr")
    audit.check(teacher, "projector, locked lobby")

    # Round 1: a word Ann finds, then Ben. Ben's page never shows it scoring.
    start(teacher, pupils.values())
    assert "classic" in teacher.inner_text("#round-settings")
    assert teacher.is_visible("#locked-reminder") and not teacher.is_visible("#join-reminder")
    # The letters are on the tiles once the 3-2-1 is over, not when the state says running.
    ann.wait_for_function(
        "[...document.querySelectorAll('#board .tile')].every(t => t.innerText.trim())"
    )
    words = distinct_words(board_words(ann), 4)
    shared, ann_own, chloe_own = words[0], words[1], words[2]
    accepted(ann, ann_own)
    accepted(ann, shared)
    ann.wait_for_function("document.getElementById('feedback').innerText.includes('+')")
    accepted(ben, shared)
    ben.wait_for_function("document.getElementById('feedback').innerText.includes('classic')")
    # Ann's page marks it shared at 0 and says why her score went down.
    ann.wait_for_function(
        "document.getElementById('feedback').innerText.includes('score went down')"
    )
    assert "shared · 0" in ann.locator("#finds li", has_text=shared.upper()).inner_text()
    for pupil in (ann, ben):
        shown = pupil.evaluate("window.__shown")
        after = (
            shown
            if pupil is ben
            else shown[next(i for i, text in enumerate(shown) if "score went down" in text) :]
        )
        for text in after:
            finds = text.split(" | ")[0].upper()
            assert not re.search(rf"(^|\W){shared.upper()}\s*\+\d", finds), text
    own_points = int(ann.locator("#finds li", has_text=ann_own.upper()).inner_text().split("+")[1])
    # The score counts up to its value: it ends at her own word's points, nothing more.
    ann.wait_for_function(
        f"document.getElementById('score').innerText.trim() === '{own_points}'", timeout=5000
    )

    # Chloé is removed: her page says so and offers nothing to press; let back in, she plays.
    accepted(chloe, chloe_own)
    open_panel(teacher)
    teacher.once("dialog", lambda dialog: dialog.accept())
    teacher.locator("#moderation li", has_text="Chloé").get_by_role("button", name="Remove").click()
    chloe.wait_for_selector("#removed-card", state="visible")
    assert not chloe.is_visible("#board") and not chloe.is_visible("#clock")
    assert "let you back in" in chloe.inner_text("#removed-card")
    audit.check(chloe, "play, removed")
    player_count(teacher, 2)
    assert teacher.locator("#players li").all_inner_texts() == ["Ann", "Ben"]
    teacher.wait_for_selector("#removed-players li", state="visible")
    audit.check(teacher, "projector, players panel with a removed pupil")
    ann.wait_for_function("document.getElementById('scores').innerText.includes('Chloé') === false")
    teacher.locator("#removed-players li", has_text="Chloé").get_by_role(
        "button", name="Let back in"
    ).click()
    chloe.wait_for_selector("#removed-card", state="hidden")
    state_is(chloe, "running")
    player_count(teacher, 3)
    close_panel(teacher)
    accepted(chloe, words[3])

    # The end: Chloé opens her results and leaves them; Ann opens hers and reads them.
    teacher.once("dialog", lambda dialog: dialog.accept())
    teacher.click("#end")
    for page in (teacher, *pupils.values()):
        state_is(page, "finished")
    for pupil in (ann, chloe):
        pupil.click("#results-link")
        pupil.wait_for_url(re.compile(r"/results$"))
        pupil.wait_for_load_state("networkidle")
    ann.mouse.wheel(0, 600)  # reading

    # Next round: every pupil is in it before it starts, with no click.
    teacher.click("#next-same")
    player_count(teacher, 3)
    state_is(ben, "lobby")  # the play page shows the new round's lobby
    chloe.wait_for_url(re.compile(rf"/r/{code}/$"), timeout=2_500)  # idle: within a second
    state_is(chloe, "lobby")
    ann.wait_for_selector("#next-round.follow-banner", state="visible", timeout=2_000)
    assert "/results" in ann.url and "you are in it" in ann.inner_text("#next-round")
    audit.check(ann, "results, next round banner")
    # On a 360 px phone the banner fits: nothing to scroll sideways.
    assert ann.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    start(teacher, [ben, chloe])
    ann.wait_for_url(re.compile(rf"/r/{code}/$"), timeout=5_000)  # at the countdown
    state_is(ann, "running")
    assert teacher.inner_text("#player-count") == "3"

    # And again: the round ends with every page on it, and the next one holds them all.
    teacher.once("dialog", lambda dialog: dialog.accept())
    teacher.click("#end")
    for page in (teacher, *pupils.values()):
        state_is(page, "finished")
    teacher.click("#next-same")
    for pupil in pupils.values():
        state_is(pupil, "lobby")
    player_count(teacher, 3)
    start(teacher, pupils.values())

    # A pupil whose page closes is away, not removed; back when it opens again.
    ben.context.close()
    teacher.wait_for_selector("#players li.away", state="attached", timeout=12_000)
    assert teacher.inner_text("#player-count") == "3"
    assert "away" in teacher.text_content("#away-count")
    open_panel(teacher)
    assert "away" in teacher.locator("#moderation li", has_text="Ben").inner_text()
    close_panel(teacher)
    audit.assert_clean()
