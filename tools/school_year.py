"""A school year of lessons in the database, and the teachers' pages timed against it.

``build`` makes ``classes`` classes of ``students`` students, each class with
``rounds`` finished rounds of ``finds`` words per student (the figures of
issue 8: 10 classes, 200 rounds, 30 students, 15 finds). Rows are written in
bulk, not through the services (which would take the better part of an hour),
but each round's results come from the one scoring function, as the services
would store them.

``bench`` times every teacher page in this process with Django's test client
(server time: the view, its queries and the template), ``repeat`` times each.
"""

from __future__ import annotations

import random
import statistics
import time
from dataclasses import dataclass
from datetime import timedelta

from django.contrib.auth import get_user_model
from django.db import transaction
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from accounts import history, services
from accounts.models import Classroom
from games import scoring, selectors
from games.models import Find, Player, Round, RoundPlayer

BOARD = "PERS/LATG/SINE/TERS"
TEACHER = "bench_teacher"


@dataclass(frozen=True)
class Year:
    classes: int = 10
    rounds: int = 200
    students: int = 30
    finds: int = 15


def build(year: Year, *, seed: int = 1) -> list[Classroom]:
    """The year's classes (for one teacher), every round finished and scored."""
    rng = random.Random(seed)
    teacher, _ = get_user_model().objects.get_or_create(
        username=TEACHER, defaults={"email": "bench@school.example"}
    )
    classrooms = []
    for number in range(year.classes):
        classroom = services.classroom_create(
            teacher=teacher,
            host_browser=f"bench-{number}",
            name=f"Bench class {number + 1}",
            language="en",
            level=4,
            roster=[],
        )
        _fill(classroom, year, rng)
        classrooms.append(classroom)
    return classrooms


@transaction.atomic
def _fill(classroom: Classroom, year: Year, rng: random.Random) -> None:
    room = classroom.room
    template = selectors.current_round(room)
    solution = Round.objects.values_list("solution", flat=True).get(pk=template.pk)
    words = sorted(solution)
    players = Player.objects.bulk_create(
        Player(
            room=room,
            browser=f"{room.code}-{n}",
            nickname=f"Pupil {n + 1}",
            nickname_key=f"pupil {n + 1}",
        )
        for n in range(year.students)
    )
    start = timezone.now() - timedelta(days=300)
    rounds = Round.objects.bulk_create(
        Round(
            room=room, number=n + 2, board=BOARD, seed=n, language="en", level=4, size=4,
            min_length=3, mode="versus", scoring="classic" if n % 5 == 0 else "standard",
            duration_seconds=180, solution=solution, word_count=len(words), max_score=0,
            started_at=start + timedelta(days=n * 1.5),
            ends_at=start + timedelta(days=n * 1.5, minutes=3),
            finished_at=start + timedelta(days=n * 1.5, minutes=3),
        )
        for n in range(year.rounds)
    )  # fmt: skip
    finds, members = [], []
    for game_round in rounds:
        claims = []
        for player in players:
            for word in rng.sample(words, year.finds):
                claims.append(scoring.Claim(player.pk, None, word, _points(word), (len(claims),)))
        board = scoring.score(
            claims,
            counts=lambda word: True,
            teams=False,
            classic=game_round.scoring == "classic",
            players=[p.pk for p in players],
        )
        finds += [
            Find(
                round=game_round, player_id=c.player, word=c.word, path=solution[c.word],
                points=c.points, found_at=game_round.started_at,
            )
            for c in claims
        ]  # fmt: skip
        members += [
            RoundPlayer(
                round=game_round, player_id=p, points=line.points, words=line.words,
                longest=line.longest, joined_at=game_round.started_at,
            )
            for p, line in board.players.items()
        ]  # fmt: skip
    Find.objects.bulk_create(finds, batch_size=5000)
    RoundPlayer.objects.bulk_create(members, batch_size=5000)


def _points(word: str) -> int:
    from games.engine.scoring import score_word

    return score_word(word, 4)


def pages(classroom: Classroom) -> dict[str, str]:
    """Every page a teacher opens about a class, by name."""
    pk, room = classroom.pk, classroom.room
    student = history.student_slug(room.players.order_by("pk").first().nickname_key)
    number = room.rounds.filter(finished_at__isnull=False).order_by("-number").first().number
    return {
        "class page": reverse("classes:detail", kwargs={"pk": pk}),
        "leaderboard": reverse("classes:leaderboard", kwargs={"pk": pk}),
        "student page": reverse("classes:student", kwargs={"pk": pk, "slug": student}),
        "class CSV": reverse("classes:class_csv", kwargs={"pk": pk}),
        "student CSV": reverse("classes:student_csv", kwargs={"pk": pk, "slug": student}),
        "round CSV": reverse("classes:round_csv", kwargs={"pk": pk, "number": number}),
        "round results": reverse("games:results", kwargs={"code": room.code, "number": number}),
    }


def bench(classroom: Classroom, *, repeat: int = 10) -> dict[str, dict[str, float]]:
    """Server time of each teacher page in milliseconds: median and worst of ``repeat``."""
    client = Client(SERVER_NAME="localhost")  # a host the settings allow
    client.force_login(get_user_model().objects.get(username=TEACHER))
    figures = {}
    for name, url in pages(classroom).items():
        times = []
        for _ in range(repeat):
            began = time.perf_counter()
            response = client.get(url)
            if response.streaming:
                b"".join(response.streaming_content)
            times.append((time.perf_counter() - began) * 1000)
            assert response.status_code == 200, (name, response.status_code)
        figures[name] = {
            "p50_ms": round(statistics.median(times), 1),
            "max_ms": round(max(times), 1),
        }
    return figures


def remove(classrooms: list[Classroom]) -> None:
    for classroom in classrooms:
        services.classroom_delete(classroom=classroom)
    get_user_model().objects.filter(username=TEACHER).delete()
