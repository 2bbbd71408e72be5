"""A class's leaderboard, a student's page and the CSV downloads, for its teacher only."""

from __future__ import annotations

import csv
import io
import re

import pytest
from django.urls import reverse
from django.utils import timezone

from accounts.history import student_slug
from accounts.tests.conftest import make_classroom
from games import selectors, services
from games.tests.conftest import start_round

pytestmark = pytest.mark.django_db


def play_round(room, words_by_nickname: dict[str, list[str]], language="en"):
    dealt = services.round_deal(room=room, board="PERS/LATG/SINE/TERS", language=language, level=4)
    game_round = dealt.round
    start_round(game_round)
    for nickname, words in words_by_nickname.items():
        player = services.player_join(room=room, browser=f"b-{nickname}", nickname=nickname)
        for word in words:
            assert services.word_submit(
                round=game_round, player=player, round_id=game_round.pk, word=word
            ).accepted
    services.round_finish(round=game_round)
    return game_round


@pytest.fixture
def classroom(teacher):
    classroom = make_classroom(teacher, language="en")
    play_round(classroom.room, {"Ann": ["alerts", "artiste"], "Ben": ["ails"]})
    return classroom


def test_the_leaderboard_shows_totals_best_rounds_and_the_trend(client, teacher, classroom):
    client.force_login(teacher)
    page = client.get(reverse("classes:leaderboard", kwargs={"pk": classroom.pk}))
    html = page.content.decode()
    assert page.status_code == 200
    totals = [line.nickname for line in page.context["students"]]
    assert totals == ["Ann", "Ben"]
    assert page.context["students"][0].points == 3 + 5  # alerts 6 letters, artiste 7
    assert "Play another round to see a trend." in html  # one round is no trend yet
    # Dates read the same on both sides of the Atlantic: "26 Nov 2026", not 11/26/2026.
    played = timezone.localtime(page.context["best"][0].played_at)
    assert played.strftime("%d %b %Y").lstrip("0") in html
    assert re.search(r"\b\d{1,2}/\d{1,2}/\d{4}\b", html) is None
    assert (
        reverse("classes:student", kwargs={"pk": classroom.pk, "slug": student_slug("ann")}) in html
    )


def test_a_students_page_and_csv(client, teacher, classroom):
    client.force_login(teacher)
    page = client.get(
        reverse("classes:student", kwargs={"pk": classroom.pk, "slug": student_slug("ann")})
    )
    assert page.status_code == 200
    assert page.context["lines"][0]["line"].longest == "artiste"
    download = client.get(
        reverse("classes:student_csv", kwargs={"pk": classroom.pk, "slug": student_slug("ann")})
    )
    assert download["Content-Type"].startswith("text/csv")
    rows = list(csv.reader(io.StringIO(download.content.decode())))
    assert rows[1][1:] == ["en", "1", "8", "2", "artiste"]


def test_class_and_round_csv(client, teacher, classroom):
    client.force_login(teacher)
    class_rows = list(
        csv.reader(
            io.StringIO(
                client.get(
                    reverse("classes:class_csv", kwargs={"pk": classroom.pk})
                ).content.decode()
            )
        )
    )
    assert [row[1] for row in class_rows[1:]] == ["Ann", "Ben"]
    number = selectors.current_round(classroom.room).number
    round_rows = list(
        csv.reader(
            io.StringIO(
                client.get(
                    reverse("classes:round_csv", kwargs={"pk": classroom.pk, "number": number})
                ).content.decode()
            )
        )
    )
    assert sorted(row[2] for row in round_rows[1:]) == ["ails", "alerts", "artiste"]


def test_another_teacher_sees_none_of_it(client, other_teacher, classroom):
    client.force_login(other_teacher)
    for name, kwargs in (
        ("classes:leaderboard", {}),
        ("classes:student", {"slug": student_slug("ann")}),
        ("classes:class_csv", {}),
    ):
        assert client.get(reverse(name, kwargs={"pk": classroom.pk, **kwargs})).status_code == 404


def test_a_stranger_is_sent_to_log_in(client, classroom):
    response = client.get(reverse("classes:leaderboard", kwargs={"pk": classroom.pk}))
    assert response.status_code == 302
    assert "/accounts/login" in response.url


def test_a_nickname_with_a_slash_or_markup_has_a_working_page(client, teacher):
    classroom = make_classroom(teacher, language="en")
    play_round(classroom.room, {"AC/DC": ["alerts"], "<b>Max</b>": ["ails"]})
    client.force_login(teacher)
    board = client.get(reverse("classes:leaderboard", kwargs={"pk": classroom.pk}))
    assert board.status_code == 200
    for key in ("ac/dc", "<b>max</b>"):
        url = reverse("classes:student", kwargs={"pk": classroom.pk, "slug": student_slug(key)})
        assert url in board.content.decode()
        assert client.get(url).status_code == 200
    bogus = reverse("classes:student", kwargs={"pk": classroom.pk, "slug": "%%%"})
    assert client.get(bogus).status_code == 404


def test_the_leaderboard_lists_players_who_scored_nothing(client, teacher):
    classroom = make_classroom(teacher)
    room = classroom.room
    services.player_join(room=room, browser="ann", nickname="Ann")  # in the round she joined
    game_round = selectors.current_round(room)
    start_round(game_round)
    services.round_finish(round=game_round)
    client.force_login(teacher)
    html = client.get(reverse("classes:leaderboard", kwargs={"pk": classroom.pk})).content.decode()
    assert "Ann" in html.split('id="totals"')[1]
    assert "Nobody has scored a point yet." in html
