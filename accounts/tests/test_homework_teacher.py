"""A teacher sets homework, shares its link, reads the report and its CSV, rules on words."""

from __future__ import annotations

import csv
import io
from datetime import timedelta
from urllib.parse import quote

import pytest
from django.urls import reverse
from django.utils import timezone

from accounts.homework_views import HEADERS
from accounts.tests.conftest import make_classroom
from games import dealing
from games.homework.models import Homework
from games.homework.report import homework_report
from games.models import Round
from games.tests.homework_helpers import finish, make_homework, past_due, start

pytestmark = pytest.mark.django_db
MOMENT = "%Y-%m-%dT%H:%M"


@pytest.fixture
def classroom(teacher):
    return make_classroom(teacher, roster=("Ana", "Ben", "Chloé"), language="en")


def form_data(**changes) -> dict:
    now = timezone.localtime()
    data = {
        "title": "Unit 4",
        "language": "en",
        "level": "2",
        "size": "4",
        "dice": "",
        "min_length": "0",
        "duration_seconds": "120",
        "boards": "2",
        "plant_count": "0",
        "plant_bonus": "0",
        "opens_at": (now - timedelta(minutes=5)).strftime(MOMENT),
        "due_at": (now + timedelta(days=3)).strftime(MOMENT),
        "show_ranks": "on",
    }
    return data | changes


def rows(response) -> list[list[str]]:
    text = response.content.decode("utf-8-sig")
    return list(csv.reader(io.StringIO(text)))


def test_a_teacher_sets_homework_and_gets_a_link_to_share(teacher_client, classroom):
    url = reverse("classes:homework_create", args=[classroom.pk])
    assert teacher_client.get(url).status_code == 200
    response = teacher_client.post(url, form_data())
    homework = Homework.objects.get()
    assert response.url == reverse("classes:homework_report", args=[classroom.pk, homework.pk])
    assert homework.class_room == classroom.room and homework.boards.count() == 2
    board = homework.boards.first().round
    assert (board.language, board.level, board.duration_seconds) == ("en", 2, 120)
    page = teacher_client.get(response.url).content.decode()
    link = f"http://testserver/h/{homework.token}/"
    assert link in page and 'class="qr-code"' in page
    assert f"https://classroom.google.com/share?url={quote(link, safe='')}" in page
    assert f"https://teams.microsoft.com/share?href={quote(link, safe='')}" in page
    assert "Not yet:" in page and "Ana, Ben, Chloé" in page


def test_homework_that_cannot_be_set_says_why_and_makes_nothing(teacher_client, classroom):
    url = reverse("classes:homework_create", args=[classroom.pk])
    now = timezone.localtime()
    response = teacher_client.post(
        url, form_data(due_at=(now - timedelta(days=1)).strftime(MOMENT))
    )
    assert "deadline must come after the opening" in response.content.decode()
    response = teacher_client.post(url, form_data(boards="9"))
    assert "Select a valid choice" in response.content.decode()
    assert not Homework.objects.exists() and not Round.objects.filter(room__locked=True).exists()


def test_another_teachers_class_and_another_classs_homework_are_not_found(
    client, teacher, other_teacher, classroom
):
    homework = make_homework(classroom.room)
    theirs = make_classroom(other_teacher, name="Other class")
    client.force_login(other_teacher)
    for name in ("classes:homework_report", "classes:homework_csv", "classes:homework_flashcards"):
        assert client.get(reverse(name, args=[classroom.pk, homework.pk])).status_code == 404
        # the other teacher's own class, with this homework's id
        assert client.get(reverse(name, args=[theirs.pk, homework.pk])).status_code == 404
    rule = reverse("classes:homework_rule", args=[theirs.pk, homework.pk, 1])
    assert client.post(rule, {"word": "rest", "verdict": "disallow"}).status_code == 404
    assert not homework.boards.get().round.rulings.exists()


def test_the_csv_has_the_reports_columns_and_the_scoring_functions_figures(
    teacher_client, classroom
):
    homework = make_homework(classroom.room)
    ana = finish(start(homework, "Ana"), "rest", "pets")
    past_due(homework)
    finish(start(homework, "Ben"), "tale")
    response = teacher_client.get(reverse("classes:homework_csv", args=[classroom.pk, homework.pk]))
    table = rows(response)
    assert table[0] == [str(name) for name in HEADERS.values()]
    lines = {row[0]: row for row in table[1:]}
    report = {line.nickname: line for line in homework_report(homework).lines}
    assert lines["Ana"][2] == "on time" and lines["Ben"][2] == "late"
    assert int(lines["Ana"][3]) == report["Ana"].points == ana.tallied_points
    assert float(lines["Ana"][4]) == report["Ana"].share
    assert int(lines["Ana"][5]) == 2
    page = teacher_client.get(reverse("classes:homework_report", args=[classroom.pk, homework.pk]))
    text = page.content.decode()
    assert 'data-pupil="Ana"' in text and "Not yet:" in text and "Chloé" in text


def test_a_ruling_from_the_report_changes_every_result_and_can_be_undone(teacher_client, classroom):
    homework = make_homework(classroom.room)
    finish(start(homework, "Ana"), "rest", "pets")
    rule = reverse("classes:homework_rule", args=[classroom.pk, homework.pk, 1])
    csv_url = reverse("classes:homework_csv", args=[classroom.pk, homework.pk])
    response = teacher_client.post(rule, {"word": "rest", "verdict": "disallow"}, follow=True)
    assert "every result is updated" in response.content.decode()
    assert int(rows(teacher_client.get(csv_url))[1][3]) == dealing.points("pets", 4)
    teacher_client.post(rule, {"word": "rest", "verdict": "undo"})
    expected = dealing.points("rest", 4) + dealing.points("pets", 4)
    assert int(rows(teacher_client.get(csv_url))[1][3]) == expected
    response = teacher_client.post(rule, {"word": "zzzz", "verdict": "allow"}, follow=True)
    assert "cannot be played on this board" in response.content.decode()


def test_a_french_teachers_csv_reads_in_a_french_spreadsheet(teacher_client, classroom):
    homework = make_homework(classroom.room)
    finish(start(homework, "Ana"), "rest", "pets", "tale")
    teacher_client.cookies["django_language"] = "fr"
    response = teacher_client.get(reverse("classes:homework_csv", args=[classroom.pk, homework.pk]))
    text = response.content.decode("utf-8-sig")
    header, line = text.splitlines()[:2]
    assert ";" in header and line.startswith("Ana;1;")
    share = line.split(";")[4]
    assert "," in share or share.isdigit()


def test_before_the_opening_the_teacher_does_not_see_the_board_either(teacher_client, classroom):
    homework = make_homework(classroom.room, opens_in=3600, due_in=7200)
    page = teacher_client.get(reverse("classes:homework_report", args=[classroom.pk, homework.pk]))
    text = page.content.decode()
    assert "hidden until the opening" in text and 'class="tile"' not in text


def test_the_class_pages_lead_to_homework_and_today_s_board(teacher_client, classroom):
    homework = make_homework(classroom.room, title="Week 1")
    finish(start(homework, "Ana"), "rest")
    detail = teacher_client.get(reverse("classes:detail", args=[classroom.pk])).content.decode()
    assert reverse("classes:homework_create", args=[classroom.pk]) in detail
    assert 'id="today-class"' in detail
    listing = teacher_client.get(reverse("classes:homework", args=[classroom.pk])).content.decode()
    assert "Week 1" in listing and 'id="easy-words"' in listing and "Ana" in listing


def test_a_teacher_deletes_homework_with_every_attempt_and_only_that(teacher_client, classroom):
    """Asked first; then the homework, its boards and the pupils' attempts go (the link is
    a 404), and the class's other homework keeps its attempts."""
    from games.homework.models import Attempt
    from games.models import Room

    homework = make_homework(classroom.room)
    other = make_homework(classroom.room, title="Unit 4")
    finish(start(homework, "Ana"), "rest", "pets")
    finish(start(other, "Ben"), "tale")
    rooms = Room.objects.count()
    url = reverse("classes:homework_delete", args=[classroom.pk, homework.pk])
    page = teacher_client.get(url)
    assert "Unit 3: at home" in page.content.decode() and Homework.objects.count() == 2
    response = teacher_client.post(url, follow=True)
    assert "deleted" in response.content.decode()
    assert list(Homework.objects.all()) == [other]
    assert list(Attempt.objects.values_list("pupil", flat=True)) == [
        other.boards.get().round.attempts.get().pupil
    ]
    assert Room.objects.count() == rooms - 2  # the board's room and Ana's attempt's
    assert (
        teacher_client.get(reverse("homework:homework", args=[homework.token])).status_code == 404
    )


def test_another_teachers_homework_cannot_be_deleted(client, other_teacher, classroom):
    homework = make_homework(classroom.room)
    client.force_login(other_teacher)
    url = reverse("classes:homework_delete", args=[classroom.pk, homework.pk])
    assert client.post(url).status_code == 404
    assert Homework.objects.filter(pk=homework.pk).exists()
