"""Personas and helpers for the tests of play at home (homework, the board of the day)."""

from __future__ import annotations

from datetime import timedelta

from django.contrib.auth import get_user_model
from django.utils import timezone

from games import services
from games.homework import services as homework_services
from games.homework.pupils import Pupil
from games.models import Round

RICH_BOARD = "PERS/LATG/SINE/TERS"
ROSTER = ("Ana", "Ben", "Chloé", "Dev", "Emma", "Finn", "Gus")


def make_teacher(username: str = "mme_martin"):
    return get_user_model().objects.create_user(
        username=username, email=f"{username}@school.example", password="grid-of-letters-42"
    )


def make_class_room(teacher, roster=ROSTER, browser: str = "teacher-browser"):
    return services.room_create(
        host_browser=browser,
        owner=teacher,
        roster="\n".join(roster),
        language="en",
        level=2,
        mode="versus",
    )


def make_homework(class_room, *, boards: int = 1, opens_in=-3600, due_in=86400, **options):
    now = timezone.now()
    options.setdefault("title", "Unit 3: at home")
    options.setdefault("show_ranks", True)
    settings = {"language": "en", "level": 2, "size": 4, "duration_seconds": 180}
    settings.update(
        {
            k: options.pop(k)
            for k in list(options)
            if k in settings
            or k in {"vocabulary", "plant_count", "plant_bonus", "min_length", "dice"}
        }
    )
    return homework_services.homework_create(
        class_room=class_room,
        opens_at=now + timedelta(seconds=opens_in),
        due_at=now + timedelta(seconds=due_in),
        boards=boards,
        board=options.pop("board", RICH_BOARD),
        **options,
        **settings,
    )


def past_due(homework) -> None:
    """The homework's deadline passed an hour ago."""
    now = timezone.now()
    type(homework).objects.filter(pk=homework.pk).update(
        opens_at=now - timedelta(days=2), due_at=now - timedelta(hours=1)
    )
    homework.refresh_from_db()


def pupil(class_room, nickname: str) -> Pupil:
    return Pupil.in_class(class_room, nickname)


def start(homework, nickname: str, browser: str | None = None, position: int = 1, now=None):
    placed = homework.boards.get(position=position)
    return homework_services.attempt_start(
        board=placed.round,
        pupil=pupil(homework.class_room, nickname),
        browser=browser or f"{nickname.lower()}-phone",
        opens_at=homework.opens_at,
        deadline=homework.due_at,
        now=now,
    )


def play(attempt, *words: str) -> list:
    """Send ``words`` in the attempt as its page would (the room socket's service)."""
    return [
        services.word_submit(
            round=attempt.round, player=attempt.player, round_id=attempt.round.pk, word=word
        )
        for word in words
    ]


def time_up(attempt) -> None:
    """The attempt's clock ran out a moment ago (tests move time, never sleep)."""
    game_round = attempt.round
    game_round.refresh_from_db()
    moved = timezone.now() - timedelta(seconds=5) - game_round.ends_at
    Round.objects.filter(pk=game_round.pk).update(
        started_at=game_round.started_at + moved, ends_at=game_round.ends_at + moved
    )
    game_round.refresh_from_db()


def finish(attempt, *words: str):
    """Play ``words``, let the clock run out, settle: the attempt's final submission."""
    play(attempt, *words)
    time_up(attempt)
    return homework_services.attempt_settle(attempt=attempt)
