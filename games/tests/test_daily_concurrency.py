"""1,000 final submissions to the board of the day at once: none lost, every rank consistent.

Real concurrency on the configured database: PostgreSQL when DATABASE_URL is
set (CI sets it), with 50 threads each on its own connection; SQLite (one
writer at a time, waiting out its busy timeout) with 8.
"""

from __future__ import annotations

import random
import threading
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from datetime import timedelta

import pytest
from django.db import connection, connections
from django.utils import timezone

from games import dealing, verdicts
from games.homework import daily, ranks
from games.homework import services as homework_services
from games.homework.models import Attempt, ScoreTally
from games.homework.pupils import Pupil
from games.models import Find, Round, RoundPlayer

pytestmark = pytest.mark.django_db(transaction=True)
PLAYERS = 1000


def _players_with_finds(board) -> list[Attempt]:
    """PLAYERS anonymous players' attempts on ``board``, each with a few of its words
    found (as the socket records them), their clocks run out."""
    words = sorted(verdicts.round_words(board).countable())
    rng = random.Random(20)
    attempts = []
    for index in range(PLAYERS):
        browser = f"browser-{index:04d}"
        attempt = homework_services.attempt_start(
            board=board, pupil=Pupil.device(browser), browser=browser
        )
        found = rng.sample(words, k=rng.randint(0, min(12, len(words))))
        Find.objects.bulk_create(
            Find(
                round=attempt.round,
                player=attempt.player,
                word=word,
                path=[[0, 0]],
                points=dealing.points(word, board.size),
            )
            for word in found
        )
        attempts.append(attempt)
    past = timezone.now() - timedelta(seconds=10)
    Round.objects.filter(attempt__in=attempts).update(
        started_at=past - timedelta(seconds=board.duration_seconds), ends_at=past
    )
    return attempts


def test_a_thousand_final_submissions_at_once_lose_none_and_rank_consistently():
    board = daily.daily_board(language="en", level=2).round
    attempts = _players_with_finds(board)
    workers = 50 if connection.vendor == "postgresql" else 8
    go = threading.Event()

    def submit(attempt: Attempt) -> tuple[int, int, int]:
        go.wait()
        try:
            settled = homework_services.attempt_settle(attempt=attempt)
            standing = ranks.standing(board.pk, settled.tallied_points)
            return settled.pk, standing.rank, standing.players
        finally:
            connections.close_all()

    with ThreadPoolExecutor(max_workers=workers) as pool:
        futures = [pool.submit(submit, attempt) for attempt in attempts]
        go.set()
        submitted = [future.result() for future in futures]

    # None lost: every attempt settled once, the tally holds every stored result.
    points = dict(
        RoundPlayer.objects.filter(round__attempt__board=board).values_list(
            "round__attempt", "points"
        )
    )
    assert len(points) == PLAYERS
    settled = dict(Attempt.objects.filter(board=board).values_list("pk", "tallied_points"))
    assert settled == points
    tally = dict(
        ScoreTally.objects.filter(board=board, players__gt=0).values_list("points", "players")
    )
    assert tally == Counter(points.values())
    assert len(set(points.values())) > 10  # a real spread of scores

    # Every rank consistent with the final distribution: read now, it is 1 + the players
    # with more points; read at submission, it was no worse (fewer had played).
    ordered = sorted(points.values(), reverse=True)
    for attempt_id, rank_then, players_then in submitted:
        mine = points[attempt_id]
        final = ranks.standing(board.pk, mine)
        ahead = sum(other > mine for other in ordered)
        assert final.rank == ahead + 1 and final.players == PLAYERS
        assert final.below == sum(other < mine for other in ordered)
        assert rank_then <= final.rank and players_then <= PLAYERS
    assert max(players for _, _, players in submitted) == PLAYERS
