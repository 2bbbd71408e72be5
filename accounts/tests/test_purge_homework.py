"""The privacy purge covers play at home: old homework and boards of the day go whole."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from accounts.services import student_data_purge, student_delete
from accounts.tests.conftest import make_classroom
from games.homework import daily
from games.homework import services as homework_services
from games.homework.models import Attempt, DailyBoard, Homework, ScoreTally
from games.homework.pupils import Pupil
from games.models import Find, Player, Room, Round
from games.tests.homework_helpers import finish, make_class_room, make_homework, start

pytestmark = pytest.mark.django_db
NOW = timezone.now()
OLD = NOW - timedelta(days=400)


def aged(attempts, *boards) -> None:
    """Pretend these boards and attempts (their rooms, rounds, players) are from last year."""
    rounds = [a.round_id for a in attempts] + [b.pk for b in boards]
    Round.objects.filter(pk__in=rounds).update(created_at=OLD)
    Room.objects.filter(rounds__in=rounds).update(created_at=OLD)
    Player.objects.filter(attempts__in=attempts).update(joined_at=OLD)
    Attempt.objects.filter(pk__in=[a.pk for a in attempts]).update(created_at=OLD)


def test_old_homework_and_boards_of_the_day_go_with_every_attempt(teacher):
    class_room = make_class_room(teacher)
    old = make_homework(class_room, title="Last year")
    old_attempts = [finish(start(old, name), "rest") for name in ("Ana", "Ben")]
    Homework.objects.filter(pk=old.pk).update(created_at=OLD)
    aged(old_attempts, old.boards.get().round)
    old_day = daily.daily_board(language="en", level=2, day=OLD.date())
    anonymous = homework_services.attempt_start(
        board=old_day.round, pupil=Pupil.device("phone"), browser="phone"
    )
    aged([anonymous], old_day.round)
    recent = make_homework(class_room, title="This week")
    kept = finish(start(recent, "Ana"), "rest", "pets")
    today = daily.daily_board(language="en", level=2)

    deleted = student_data_purge(days=365, now=NOW)
    assert deleted["homework"] == 1 and deleted["boards of the day"] == 1
    assert deleted["attempts"] == 3 and deleted["finds"] == 2
    assert list(Homework.objects.all()) == [recent]
    assert list(DailyBoard.objects.all()) == [today]
    assert list(Attempt.objects.all()) == [kept]
    assert set(Find.objects.values_list("round", flat=True)) == {kept.round_id}
    assert not Player.objects.filter(nickname="Ben").exists()
    assert list(ScoreTally.objects.filter(players__gt=0).values_list("board", flat=True)) == [
        kept.board_id
    ]
    assert class_room.rounds.exists()  # the class itself stays


def test_deleting_a_students_record_deletes_their_homework_and_their_place(teacher):
    classroom = make_classroom(teacher, roster=("Ana", "Ben"))
    room = classroom.room
    Player.objects.create(room=room, browser="ana-pc", nickname="Ana", nickname_key="ana")
    homework = make_homework(room)
    ana = finish(start(homework, "Ana"), "rest", "pets")
    ben = finish(start(homework, "Ben"), "rest")
    assert student_delete(classroom=classroom, key="ana") == "Ana"
    assert list(Attempt.objects.all()) == [ben]
    assert not Room.objects.filter(pk=ana.round.room_id).exists()
    tally = dict(ScoreTally.objects.filter(players__gt=0).values_list("points", "players"))
    assert tally == {ben.tallied_points: 1}
