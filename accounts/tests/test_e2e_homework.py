"""Homework in Chromium: a teacher sets it, pupils play it at home on phones, the report.

The teacher signs up, creates a class and sets a one-board homework (one
minute per board). Three pupils on phones and two on laptops open the link,
say who they are and play; one closes the tab halfway and comes back to her
words and her time; ranks show only once five have finished. The deadline
then passes (moved in the server's database: tests move time, never sleep
through it) and a sixth plays late. The report, its CSV and each pupil's
page agree with the one scoring function.
"""

from __future__ import annotations

import csv
import io
import re
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import ROOT
from games import dealing, scoring
from games.tests.e2e_teachers import sign_up_with_class
from games.tests.screens import readme_screenshot
from games.tests.test_e2e_a11y import Audit
from games.tests.test_e2e_play import board_words, type_word

pytestmark = pytest.mark.e2e
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}
ROSTER = ("Ana", "Ben", "Chloé", "Dev", "Emma", "Finn")


@pytest.fixture(scope="module")
def axe():
    from axe_playwright_python.sync_playwright import Axe

    return Axe()


def teacher_sets_homework(page, base: str) -> tuple[str, str]:
    """Sign up, create a class with a roster, set homework; the report's URL and the link."""
    sign_up_with_class(page, base, "mme_devoirs", name="Year 8 English", level="2", roster=ROSTER)
    page.click("#homework-card >> text=Set homework")
    page.fill("#id_title", "Unit 5: the weekend")
    page.select_option("#id_duration_seconds", "60")
    page.click("#homework-form button[type=submit]")
    page.wait_for_url(re.compile(r"/classes/\d+/homework/\d+/$"))
    return page.url, page.locator("#homework-link").inner_text()


def pupil_starts(page, link: str, name: str) -> None:
    page.goto(link)
    page.click(f".roster-names button:has-text('{name}')")
    page.wait_for_selector("#welcome")
    page.click("#homework-boards button:has-text('Play')")
    page.wait_for_function("document.getElementById('play').dataset.state === 'running'")


def plays(page, words: list[str]) -> None:
    for word in words:
        count = page.locator("#finds li").count()
        type_word(page, word)
        page.wait_for_function(f"document.querySelectorAll('#finds li').length > {count}")


def seconds_left(page) -> int:
    minutes, seconds = page.inner_text("#clock").split(":")
    return int(minutes) * 60 + int(seconds)


def sees_result(page) -> dict:
    """Wait for the bell, follow the way to the result; its figures."""
    page.wait_for_selector("#results-link", state="visible", timeout=90_000)
    assert page.inner_text("#results-link") == "See your result"
    page.click("#results-link")
    page.wait_for_url(re.compile(r"/result$"))
    return {
        "points": int(page.inner_text("#result-points")),
        "words": int(page.inner_text("#result-words")),
        "rank": page.locator("#result-rank").count() and page.inner_text("#result-rank"),
        "later": page.locator("#ranks-later").count() > 0,
    }


def scored(words: list[str]) -> int:
    """What the one scoring function makes of a solo attempt's words on a 4x4 board."""
    claims = [scoring.Claim(1, None, w, dealing.points(w, 4), (i,)) for i, w in enumerate(words)]
    return (
        scoring.score(claims, counts=lambda word: True, teams=False, classic=False)
        .players[1]
        .points
    )


def deadline_passes(daphne_env) -> None:
    """The homework opened an hour ago and its deadline passed a minute ago, in the live
    server's database."""
    code = (
        "from datetime import timedelta; from django.utils import timezone;"
        "from games.homework.models import Homework; now = timezone.now();"
        "Homework.objects.update(opens_at=now - timedelta(hours=1),"
        " due_at=now - timedelta(minutes=1))"
    )
    subprocess.run(
        [sys.executable, "manage.py", "shell", "-c", code], cwd=ROOT, env=daphne_env, check=True
    )


def test_homework_at_home_from_the_link_to_the_report(browser, live_daphne, daphne_env, axe):
    teacher = browser.new_context(viewport={"width": 1366, "height": 900}).new_page()
    report_url, link = teacher_sets_homework(teacher, live_daphne)
    assert re.fullmatch(rf"{live_daphne}/h/[\w-]+/", link)
    assert (
        teacher.locator("#share-classroom")
        .get_attribute("href")
        .startswith("https://classroom.google.com/share?url=http")
    )

    phones = {name: browser.new_context(**PHONE).new_page() for name in ("Ana", "Ben", "Chloé")}
    laptops = {name: browser.new_context().new_page() for name in ("Dev", "Emma")}
    pupils = {**phones, **laptops}
    for name in ("Ana", "Ben", "Chloé", "Dev"):
        pupil_starts(pupils[name], link, name)
    words = sorted(board_words(pupils["Ana"]), key=lambda w: (len(w), w))
    assert len(words) >= 12
    sent = {
        "Ana": words[0:3],
        "Ben": words[3:5],
        "Chloé": words[5:7],
        "Dev": words[:1],
        "Emma": words[7:11],
    }
    for name in ("Ana", "Ben", "Dev"):
        plays(pupils[name], sent[name])

    # Chloé's tab closes halfway; the link takes her back to her words and her time.
    plays(pupils["Chloé"], sent["Chloé"][:1])
    before = seconds_left(pupils["Chloé"])
    context = pupils["Chloé"].context
    pupils["Chloé"].close()
    pupils["Chloé"] = page = context.new_page()
    page.goto(link)
    assert "You are playing as Chloé." in page.inner_text("#welcome")
    page.click("#homework-boards button:has-text('Carry on')")
    page.wait_for_function("document.getElementById('play').dataset.state === 'running'")
    assert page.locator("#finds li").all_inner_texts()[0].startswith(sent["Chloé"][0].upper()) or (
        sent["Chloé"][0] in page.inner_text("#finds").lower()
    )
    assert 0 < seconds_left(page) <= before  # the server's clock ran on meanwhile
    plays(page, sent["Chloé"][1:])

    # Emma starts a little later: she is the fifth to finish.
    pupil_starts(pupils["Emma"], link, "Emma")
    plays(pupils["Emma"], sent["Emma"])
    deadline_passes(daphne_env)  # attempts already started keep their clocks

    results = {name: sees_result(pupils[name]) for name in ("Ana", "Ben", "Chloé", "Dev")}
    for name, result in results.items():
        assert result["points"] == scored(sent[name]) and result["words"] == len(sent[name])
        assert not result["rank"]  # four have finished: no place yet
    assert results["Ana"]["later"]
    results["Emma"] = sees_result(pupils["Emma"])
    assert results["Emma"]["rank"] == "1 of 5"
    pupils["Ana"].reload()
    assert pupils["Ana"].inner_text("#result-rank").endswith("of 5")
    assert "Better than" in pupils["Ana"].inner_text("#result-percentile")
    readme_screenshot(pupils["Ana"], "homework-pupil-result", full_page=True)

    # Finn comes after the deadline: his attempt is kept, marked late, and takes no place.
    finn = browser.new_context(**PHONE).new_page()
    finn.goto(link)
    assert "you can still play" in finn.inner_text("#homework-status")
    finn.click(".roster-names button:has-text('Finn')")
    finn.click("#homework-boards button:has-text('Play')")
    finn.wait_for_function("document.getElementById('play').dataset.state === 'running'")
    assert "Late" in finn.inner_text(".play-room")
    sent["Finn"] = words[11:12]
    plays(finn, sent["Finn"])
    results["Finn"] = sees_result(finn)
    assert results["Finn"]["points"] == scored(sent["Finn"]) and not results["Finn"]["rank"]

    # The report and its CSV say the same, in the same columns.
    teacher.goto(report_url)
    table = {
        row.get_attribute("data-pupil"): row.locator("td").all_inner_texts()
        for row in teacher.locator("#report-table tbody tr").all()
    }
    assert set(table) == set(results)
    for name, result in results.items():
        assert int(table[name][3]) == result["points"] and int(table[name][5]) == result["words"]
    assert table["Finn"][2] == "late" and table["Ana"][2] == "on time"
    assert "Not yet:" not in teacher.inner_text("main")  # the whole roster played
    with teacher.expect_download() as download:
        teacher.click("#report-csv")
    rows = list(csv.reader(io.StringIO(Path(download.value.path()).read_text("utf-8-sig"))))
    assert rows[0][:4] == ["nickname", "board", "status", "points"]
    assert {row[0]: [*row[:3], row[3], row[4], row[5]] for row in rows[1:]} == {
        name: [name, "1", cells[2], cells[3], cells[4].rstrip("%"), cells[5]]
        for name, cells in table.items()
    }
    assert teacher.locator("#missed-most li").count() > 0
    teacher.locator("#results-title").scroll_into_view_if_needed()
    readme_screenshot(teacher, "homework-report", full_page=True)
    ARTIFACTS.mkdir(exist_ok=True)
    teacher.screenshot(path=str(ARTIFACTS / "homework-report.png"), full_page=True)

    # Every page of it passes axe-core, the teacher's and the pupils' (a phone's).
    desk, phone = Audit(axe, "desktop"), Audit(axe, "phone")
    desk.check(teacher, "homework report")
    teacher.goto(report_url.rsplit("/", 2)[0] + "/")
    desk.check(teacher, "the class's homework")
    teacher.click("#set-homework")
    desk.check(teacher, "homework form")
    ana = pupils["Ana"]
    phone.check(ana, "a pupil's result")
    ana.goto(link)
    phone.check(ana, "the homework's page")
    ana.goto(live_daphne + "/today/en/2/")
    phone.check(ana, "the board of the day")
    fresh = browser.new_context(**PHONE).new_page()
    fresh.goto(link)
    phone.check(fresh, "who are you")
    desk.assert_clean()
    phone.assert_clean()
