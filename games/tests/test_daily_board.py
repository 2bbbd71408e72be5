"""The board of the day: derived from the date, once for a rank then practice, streaks."""

from __future__ import annotations

from datetime import date, timedelta

import pytest
from django.utils import timezone

from games.homework import daily
from games.homework import services as homework_services
from games.homework.models import Attempt, DailyBoard
from games.homework.pupils import Pupil
from games.models import Round
from games.tests.homework_helpers import finish, make_class_room, make_teacher

pytestmark = pytest.mark.django_db
DAY = date(2026, 11, 26)


def start_daily(board, browser: str, pupil: Pupil | None = None, now=None):
    return homework_services.attempt_start(
        board=board.round, pupil=pupil or Pupil.device(browser), browser=browser, now=now
    )


def test_the_board_of_the_day_is_dealt_once_from_the_date():
    first = daily.daily_board(language="fr", level=2, day=DAY)
    again = daily.daily_board(language="fr", level=2, day=DAY)
    assert first.pk == again.pk and DailyBoard.objects.count() == 1
    board = first.round
    assert (board.language, board.level, board.size) == ("fr", 2, 4)
    assert board.duration_seconds == daily.DAILY_SECONDS
    assert board.started_at is None  # nobody plays the board's own round
    assert daily.daily_seed("fr", 2, DAY) == daily.daily_seed("fr", 2, DAY)
    assert daily.daily_seed("fr", 2, DAY) != daily.daily_seed("fr", 2, DAY + timedelta(days=1))
    assert daily.daily_seed("fr", 2, DAY) != daily.daily_seed("fr", 1, DAY)
    other = daily.daily_board(language="fr", level=1, day=DAY)
    assert other.pk != first.pk


def test_a_board_of_the_day_that_does_not_exist_is_refused():
    with pytest.raises(ValueError, match="unknown language"):
        daily.daily_board(language="xx", level=2, day=DAY)
    with pytest.raises(ValueError, match="level"):
        daily.daily_board(language="en", level=9, day=DAY)
    assert not Round.objects.exists()


def test_once_for_a_rank_then_practice_for_each_device():
    board = daily.daily_board(language="en", level=2)
    first = finish(start_daily(board, "phone-1"))
    second = start_daily(board, "phone-1")
    other = start_daily(board, "phone-2")
    assert first.kind == Attempt.Kind.COUNTED and first.class_room is None
    assert first.pupil == "device:phone-1" and first.player.nickname == "You"
    assert second.kind == Attempt.Kind.PRACTICE
    assert other.kind == Attempt.Kind.COUNTED


def test_a_pupil_through_a_class_plays_as_their_class_nickname():
    class_room = make_class_room(make_teacher())
    board = daily.daily_board(language="en", level=2)
    ana = Pupil.in_class(class_room, "Ana")
    attempt = start_daily(board, "ana-phone", ana)
    assert attempt.class_room == class_room and attempt.pupil == "ana"
    assert attempt.player.nickname == "Ana"
    # The same nickname in another class is another pupil.
    elsewhere = Pupil.in_class(make_class_room(make_teacher("mr_b")), "Ana")
    assert start_daily(board, "other-phone", elsewhere).kind == Attempt.Kind.COUNTED


def test_a_streak_counts_days_in_a_row_ending_today_or_yesterday():
    days = {DAY, DAY - timedelta(days=1), DAY - timedelta(days=2), DAY - timedelta(days=4)}
    assert daily.streak(days, DAY) == 3
    assert daily.streak(days, DAY + timedelta(days=1)) == 3  # today's not played yet
    assert daily.streak(days, DAY + timedelta(days=2)) == 0
    assert daily.streak(set(), DAY) == 0


def test_a_class_pupils_streak_is_kept_with_the_class():
    class_room = make_class_room(make_teacher())
    ana = Pupil.in_class(class_room, "Ana")
    today = timezone.localdate()
    for back in (0, 1, 3):
        board = daily.daily_board(language="en", level=2, day=today - timedelta(days=back))
        start_daily(board, "ana-phone", ana)
    # another level on the same day adds no day
    start_daily(daily.daily_board(language="en", level=1, day=today), "ana-phone", ana)
    assert daily.class_streak(class_room.pk, "ana", today) == 2
    assert daily.class_streak(class_room.pk, "ben", today) == 0
