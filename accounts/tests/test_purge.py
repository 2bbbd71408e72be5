"""Students' data goes after STUDENT_DATA_DAYS; classes and recent play stay."""

from __future__ import annotations

from datetime import timedelta
from io import StringIO

import pytest
from django.core.management import call_command
from django.utils import timezone

from accounts.models import Classroom
from accounts.services import student_data_purge
from accounts.tests.conftest import make_classroom
from games import services
from games.models import Find, Player, Room, Round
from games.tests.conftest import make_room, start_round

pytestmark = pytest.mark.django_db
NOW = timezone.now()
OLD = NOW - timedelta(days=400)
RECENT = NOW - timedelta(days=3)


def aged(room: Room, when):
    """Pretend the room, its rounds and its players all date from ``when``."""
    Room.objects.filter(pk=room.pk).update(created_at=when)
    room.rounds.update(created_at=when)
    room.players.update(joined_at=when)
    return room


def played(room: Room, nickname: str, browser: str, when, word="pers", accepted=True) -> Player:
    """A player who joined at ``when`` and sent ``word`` in the room's latest round."""
    player = services.player_join(room=room, browser=browser, nickname=nickname)
    Player.objects.filter(pk=player.pk).update(joined_at=when)
    game_round = room.rounds.order_by("-number").first()
    services.round_enter(round=game_round, player=player)
    Find.objects.create(
        round=game_round, player=player, word=word, path=[], points=1, accepted=accepted
    )
    return player


def next_round(room: Room) -> Round:
    """The room's current round played and over, a new one dealt."""
    current = room.rounds.order_by("-number").first()
    start_round(current)
    services.round_finish(round=current)
    return services.round_deal(room=room).round


@pytest.fixture
def world(teacher):
    """A class used last year and this week, a stale open room, a fresh open room."""
    classroom = make_classroom(teacher)
    class_room = classroom.room
    aged(class_room, OLD)
    played(class_room, "Ann", "ann", OLD)  # left last year
    next_round(class_room)  # this week's round
    class_room.rounds.filter(number=2).update(created_at=RECENT)
    played(class_room, "Ben", "ben", RECENT)
    stale = aged(make_room(), OLD)
    played(stale, "Zoé", "zoe", OLD)
    played(stale, "Zoé", "zoe", OLD, word="pres", accepted=False)  # refused: kept for a ruling
    fresh = make_room()
    played(fresh, "Chloé", "chloe", RECENT)
    return {"classroom": classroom, "stale": stale, "fresh": fresh}


def test_purge_deletes_old_play_and_keeps_classes_and_recent_play(world):
    deleted = student_data_purge(days=365, now=NOW)
    assert deleted == {
        "rooms": 1,
        "teams": 0,
        "rounds": 2,
        "players": 2,
        "finds": 3,
        "round players": 2,
    }
    assert not Room.objects.filter(pk=world["stale"].pk).exists()
    class_room = world["classroom"].room
    assert Classroom.objects.filter(pk=world["classroom"].pk, room=class_room).exists()
    assert list(class_room.rounds.values_list("number", flat=True)) == [2]
    assert list(class_room.players.values_list("nickname", flat=True)) == ["Ben"]
    assert list(Find.objects.values_list("player__nickname", flat=True).order_by("pk")) == [
        "Ben",
        "Chloé",
    ]
    assert world["fresh"].players.get().nickname == "Chloé"


def test_a_class_room_left_without_rounds_gets_a_fresh_one(teacher):
    class_room = aged(make_classroom(teacher).room, OLD)
    played(class_room, "Ann", "ann", OLD)
    old_round = class_room.rounds.get()
    assert student_data_purge(days=30, now=NOW)["rounds"] == 1
    assert Player.objects.count() == 0
    fresh = class_room.rounds.get()
    assert fresh.pk != old_round.pk
    assert (fresh.started_at, fresh.created_at > NOW) == (None, True)


def test_a_player_still_finding_words_stays_though_they_joined_long_ago(teacher):
    class_room = make_classroom(teacher).room
    played(class_room, "Ann", "ann", OLD)  # joined last year, found a word this round
    assert student_data_purge(days=365, now=NOW)["players"] == 0
    assert class_room.players.get().finds.count() == 1


def test_the_command_prints_counts_and_a_dry_run_deletes_nothing(world, settings):
    settings.STUDENT_DATA_DAYS = 365
    out = StringIO()
    call_command("purge_student_data", "--dry-run", stdout=out)
    assert out.getvalue().startswith(
        "Would delete 1 rooms, 0 teams, 2 rounds, 2 players, 3 finds, 2 round players "
        "(older than 365 days"
    )
    assert (Room.objects.count(), Round.objects.count(), Player.objects.count()) == (3, 4, 4)
    out = StringIO()
    call_command("purge_student_data", "--days", "1000", stdout=out)
    assert out.getvalue().startswith(
        "Deleted 0 rooms, 0 teams, 0 rounds, 0 players, 0 finds (older"
    )
    call_command("purge_student_data", stdout=StringIO())
    assert (Room.objects.count(), Round.objects.count(), Player.objects.count()) == (2, 2, 2)


def test_housekeeping_clears_expired_sessions_and_purges_old_play(world, settings):
    """`manage.py housekeeping`: what cron, Compose and the Kubernetes CronJob run daily."""
    from django.contrib.sessions.backends.db import SessionStore
    from django.contrib.sessions.models import Session

    settings.STUDENT_DATA_DAYS = 365
    expired, current = SessionStore(), SessionStore()
    for session in (expired, current):
        session["lettergrid_browser"] = "b"
        session.create()
    Session.objects.filter(pk=expired.session_key).update(expire_date=NOW - timedelta(days=1))
    out = StringIO()
    call_command("housekeeping", stdout=out)
    assert list(Session.objects.values_list("pk", flat=True)) == [current.session_key]
    assert "Expired sessions deleted." in out.getvalue()
    assert "Deleted 1 rooms, 0 teams, 2 rounds, 2 players" in out.getvalue()
    assert (Room.objects.count(), Player.objects.count()) == (2, 2)
