"""A student's record in a class: no trace of a player removed before they found a word,
and a teacher who deletes a student's record for good."""

from __future__ import annotations

import csv
import io

import pytest
from django.urls import reverse

from accounts import history, services
from accounts.history import student_slug
from accounts.tests.conftest import make_classroom
from games import selectors
from games import services as game_services
from games.models import Find, Player, Room, RoundPlayer
from games.tests.conftest import start_round

pytestmark = pytest.mark.django_db


def a_round(room, finds: dict[str, list[str]], *, removed=(), refused=()):
    """A finished round: each nickname joins and finds its words; ``removed`` nicknames
    are removed by the host (after their finds); ``refused`` try a word that is not one."""
    game_round = game_services.round_deal(room=room, board="PERS/LATG/SINE/TERS", level=4).round
    start_round(game_round)
    for nickname, words in finds.items():
        player = game_services.player_join(room=room, browser=f"b-{nickname}", nickname=nickname)
        game_services.round_enter(round=game_round, player=player)
        for word in words:
            game_services.word_submit(
                round=game_round, player=player, round_id=game_round.pk, word=word
            )
        if nickname in refused:
            game_services.word_submit(
                round=game_round, player=player, round_id=game_round.pk, word="pltg"
            )
        if nickname in removed:
            game_services.player_remove(room=room, player_id=player.pk)
    game_services.round_finish(round=game_round)
    return game_round


@pytest.fixture
def classroom(teacher):
    return make_classroom(teacher, language="en")


def everything_a_teacher_sees(client, classroom) -> str:
    pk = classroom.pk
    pages = [
        client.get(reverse("classes:leaderboard", kwargs={"pk": pk})).content.decode(),
        client.get(reverse("classes:class_csv", kwargs={"pk": pk})).content.decode(),
    ]
    for game_round in classroom.room.rounds.filter(finished_at__isnull=False):
        url = reverse("classes:round_csv", kwargs={"pk": pk, "number": game_round.number})
        pages.append(client.get(url).content.decode())
    return "\n".join(pages)


def test_a_player_removed_before_finding_a_word_leaves_no_trace(client, teacher, classroom):
    room = classroom.room
    first = a_round(room, {"Ann": ["alerts"], "Fuk Face": [], "Tom": []}, removed={"Fuk Face"})
    a_round(room, {"Ann": ["ails"], "Zed": []}, removed={"Zed"}, refused={"Zed"})
    client.force_login(teacher)
    seen = everything_a_teacher_sees(client, classroom)
    assert "Ann" in seen and "Tom" in seen  # Tom took part and found nothing: 0 points
    assert "Fuk Face" not in seen and "Zed" not in seen  # a refused try is not a word found
    assert [line.nickname for line in history.students(room, "en")] == ["Ann", "Tom"]
    assert history.trend(room, "en")[0][1] == 1.5  # (3 + 0) / 2, not / 3
    gone = Player.objects.get(nickname="Fuk Face")
    slug = student_slug(gone.nickname_key)
    assert client.get(reverse("classes:student", args=[classroom.pk, slug])).status_code == 404
    csv_url = reverse("classes:student_csv", args=[classroom.pk, slug])
    assert len(list(csv.reader(io.StringIO(client.get(csv_url).content.decode())))) == 1
    # Not on the round's results page either.
    assert [name for name, _ in selectors.results(first, None)["scoreboard"]] == ["Ann", "Tom"]


def test_a_player_removed_after_finding_a_word_stays_on_the_record(client, teacher, classroom):
    a_round(classroom.room, {"Ann": ["alerts"], "Ben": ["ails"]}, removed={"Ben"})
    client.force_login(teacher)
    assert "Ben" in everything_a_teacher_sees(client, classroom)
    assert {line.nickname for line in history.students(classroom.room, "en")} == {"Ann", "Ben"}


def test_the_teacher_deletes_a_students_record_after_confirming(client, teacher, classroom):
    room = classroom.room
    a_round(room, {"Ann": ["alerts"], "Ben": ["ails", "alerts"]})
    client.force_login(teacher)
    ben = Player.objects.get(nickname="Ben")
    slug = student_slug(ben.nickname_key)
    student_page = reverse("classes:student", kwargs={"pk": classroom.pk, "slug": slug})
    delete = reverse("classes:student_delete", kwargs={"pk": classroom.pk, "slug": slug})
    assert delete in client.get(student_page).content.decode()
    confirm = client.get(delete).content.decode()
    assert "Delete Ben" in confirm and "deleted for good" in confirm
    assert Player.objects.filter(pk=ben.pk).exists()  # asking is not deleting
    response = client.post(delete)
    assert response.url == reverse("classes:leaderboard", kwargs={"pk": classroom.pk})
    assert "record was deleted" in client.get(response.url).content.decode()
    assert not Player.objects.filter(pk=ben.pk).exists()
    assert not Find.objects.filter(player_id=ben.pk).exists()
    assert "Ben" not in everything_a_teacher_sees(client, classroom)
    assert client.get(student_page).status_code == 404
    assert client.post(delete).status_code == 404  # once


def test_rounds_are_added_up_again_without_a_deleted_student(classroom):
    room = classroom.room
    Room.objects.filter(pk=room.pk).update(scoring="classic")
    room.refresh_from_db()
    a_round(room, {"Ann": ["alerts", "ails"], "Ben": ["alerts"]})  # classic: alerts shared
    ann = RoundPlayer.objects.get(player__nickname="Ann", round__finished_at__isnull=False)
    assert ann.points == 1  # ails only
    key = Player.objects.get(nickname="Ben").nickname_key
    assert services.student_delete(classroom=classroom, key=key) == "Ben"
    ann.refresh_from_db()
    assert ann.points == 1 + 3  # alerts is hers alone now
    assert services.student_delete(classroom=classroom, key=key) is None


def test_another_teacher_cannot_delete_a_student(client, other_teacher, classroom):
    a_round(classroom.room, {"Ann": ["alerts"]})
    slug = student_slug(Player.objects.get(nickname="Ann").nickname_key)
    client.force_login(other_teacher)
    delete = reverse("classes:student_delete", kwargs={"pk": classroom.pk, "slug": slug})
    assert client.post(delete).status_code == 404
    assert Player.objects.filter(nickname="Ann").exists()
