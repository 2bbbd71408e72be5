"""Ranks at scale: a board of the day with 100,000 attempts, final submissions timed on it.

``seed`` gives a board ``count`` finished, settled attempts (each its own room,
player, round with the board's words, stored result, and the tally they make),
written in bulk rather than through the services (which would take an hour),
with points drawn around a third of the board's. ``bench`` then plays
``submissions`` real attempts through the services (started, words found,
clock run out: not timed) and times what the pupil's results page asks when
the attempt is over: its final submission (``attempt_settle``: the round
ended, its result stored by the one scoring function, its points tallied) and
its rank and percentile (``ranks.standing``). ``remove`` deletes it all.

The board is the board of the day of ``BENCH_DAY`` (a day long gone), so the
benchmark never touches a board anyone plays.
"""

from __future__ import annotations

import random
import secrets
import statistics
import time
from collections import Counter
from datetime import date, timedelta

from django.db import transaction
from django.utils import timezone

from games import dealing, services, verdicts
from games.homework import daily, ranks
from games.homework import services as homework_services
from games.homework.models import Attempt, DailyBoard, ScoreTally
from games.homework.pupils import Pupil
from games.models import (
    ROOM_CODE_ALPHABET,
    ROOM_CODE_LENGTH,
    Find,
    Player,
    Room,
    Round,
    RoundPlayer,
    WordRuling,
)
from games.modes import Mode

BENCH_DAY = date(2000, 1, 1)  # the seeded board's day; the day after: the baseline's
BATCH = 2000


def board(baseline: bool = False) -> Round:
    day = BENCH_DAY + timedelta(days=1) if baseline else BENCH_DAY
    return daily.daily_board(language="en", level=2, day=day).round


def _codes(count: int, rng: random.Random) -> list[str]:
    taken = set(Room.objects.values_list("code", flat=True))
    codes: set[str] = set()
    while len(codes) < count:
        code = "".join(rng.choice(ROOM_CODE_ALPHABET) for _ in range(ROOM_CODE_LENGTH))
        if code not in taken:
            codes.add(code)
    return sorted(codes)


def seed(board: Round, count: int, *, rng_seed: int = 1) -> None:
    """``count`` finished attempts on ``board``, settled and tallied, in batches."""
    rng = random.Random(rng_seed)
    solution = Round.objects.values_list("solution", flat=True).get(pk=board.pk)
    total = sum(dealing.points(word, board.size) for word in solution)
    codes = _codes(count, rng)
    ended = timezone.now() - timedelta(hours=1)
    tally: Counter[int] = Counter()
    for start in range(0, count, BATCH):
        batch = codes[start : start + BATCH]
        points = [max(0, min(total, int(rng.gauss(total / 3, total / 8)))) for _ in batch]
        with transaction.atomic():
            _seed_batch(board, batch, points, solution, ended)
        tally.update(points)
    ScoreTally.objects.bulk_create(
        [ScoreTally(board=board, points=p, players=n) for p, n in tally.items()],
        update_conflicts=True,
        unique_fields=["board", "points"],
        update_fields=["players"],
    )


def _seed_batch(board, codes, points, solution, ended) -> None:
    rooms = Room.objects.bulk_create(
        Room(
            code=code,
            host_browser=homework_services.NOBODY + code,
            locked=True,
            mode=Mode.SOLO,
            language=board.language,
            level=board.level,
            size=board.size,
            duration_seconds=board.duration_seconds,
        )
        for code in codes
    )
    players = Player.objects.bulk_create(
        Player(room=room, browser=f"bench-{room.code}", nickname="You", nickname_key="you")
        for room in rooms
    )
    rounds = Round.objects.bulk_create(
        Round(
            room=room,
            number=1,
            board=board.board,
            seed=board.seed,
            share_code=board.share_code,
            language=board.language,
            level=board.level,
            size=board.size,
            dice=board.dice,
            min_length=board.min_length,
            mode=Mode.SOLO,
            scoring=board.scoring,
            duration_seconds=board.duration_seconds,
            solution=solution,
            word_count=board.word_count,
            max_score=board.max_score,
            started_at=ended - timedelta(seconds=board.duration_seconds),
            ends_at=ended,
            finished_at=ended,
        )
        for room in rooms
    )
    RoundPlayer.objects.bulk_create(
        RoundPlayer(round=game_round, player=player, points=score, words=score)
        for game_round, player, score in zip(rounds, players, points, strict=True)
    )
    Attempt.objects.bulk_create(
        Attempt(
            board=board,
            round=game_round,
            player=player,
            pupil=f"device:bench-{game_round.room.code}",
            kind=Attempt.Kind.COUNTED,
            created_at=ended,
            settled_at=ended,
            tallied_points=score,
        )
        for game_round, player, score in zip(rounds, players, points, strict=True)
    )


def _played(board: Round, rng: random.Random) -> Attempt:
    """A real attempt (the services), a dozen words found, its clock run out."""
    browser = "bench-live-" + secrets.token_hex(6)
    attempt = homework_services.attempt_start(
        board=board, pupil=Pupil.device(browser), browser=browser
    )
    words = sorted(verdicts.round_words(attempt.round).countable())
    for word in rng.sample(words, k=min(12, len(words))):
        Find.objects.create(
            round=attempt.round,
            player=attempt.player,
            word=word,
            path=[[0, 0]],
            points=dealing.points(word, board.size),
        )
    over = timezone.now() - timedelta(seconds=1)
    Round.objects.filter(pk=attempt.round_id).update(
        started_at=over - timedelta(seconds=board.duration_seconds), ends_at=over
    )
    return Attempt.objects.select_related("round", "round__room").get(pk=attempt.pk)


def bench(boards: dict[str, Round], submissions: int, *, rng_seed: int = 2) -> dict:
    """Time ``submissions`` final submissions on each board, taking turns (so that a
    busy moment of a shared machine falls on both alike): server time in ms of

    - ``round_end``: the attempt's round ended at its bell (``round_finish``, as the
      sweeper or the pupil's page does for any round; not the ranking's cost),
    - ``submit``: the final submission (``attempt_settle``: rulings, tally),
    - ``rank_read``: its rank and percentile (``ranks.standing``),
    - ``submit_and_rank`` (the two above) and ``total`` (all three),
    - ``submit_and_rank_cpu``: this process's CPU time for the two.
    """
    rng = random.Random(rng_seed)
    keys = ("round_end", "submit", "rank_read", "submit_and_rank", "total", "submit_and_rank_cpu")
    times: dict[str, dict[str, list[float]]] = {name: {key: [] for key in keys} for name in boards}
    for _ in range(submissions):
        for name, game_board in boards.items():
            attempt = _played(game_board, rng)
            began = time.perf_counter()
            services.round_finish_if_due(round=attempt.round)
            ended, cpu = time.perf_counter(), time.thread_time()
            settled = homework_services.attempt_settle(attempt=attempt)
            submitted = time.perf_counter()
            standing = ranks.standing(game_board.pk, settled.tallied_points)
            read, cpu_read = time.perf_counter(), time.thread_time()
            assert standing.players >= 1 and settled.tallied_points is not None
            mine = times[name]
            mine["round_end"].append((ended - began) * 1000)
            mine["submit"].append((submitted - ended) * 1000)
            mine["rank_read"].append((read - submitted) * 1000)
            mine["submit_and_rank"].append((read - ended) * 1000)
            mine["total"].append((read - began) * 1000)
            # This process's CPU alone (Python, Django, the driver): what waiting for a
            # core or for PostgreSQL leaves out.
            mine["submit_and_rank_cpu"].append((cpu_read - cpu) * 1000)
    return {
        name: {
            "players": ranks.standing(game_board.pk, 0).players,
            "distinct_scores": ScoreTally.objects.filter(board=game_board, players__gt=0).count(),
            **{key: _figures(values) for key, values in times[name].items()},
        }
        for name, game_board in boards.items()
    }


def _figures(times: list[float]) -> dict:
    ordered = sorted(times)

    def at(share: float) -> float:
        return round(ordered[min(len(ordered) - 1, int(share * len(ordered)))], 2)

    return {
        "n": len(ordered),
        "p50_ms": round(statistics.median(ordered), 2),
        "p95_ms": at(0.95),
        "p99_ms": at(0.99),
        "max_ms": round(ordered[-1], 2),
    }


def remove(board: Round) -> None:
    """Delete the bench board with every attempt on it: in bulk, in one transaction (the
    foreign keys are checked at commit), each table by its way back to the attempts,
    which go last. QuerySet.delete() would first load 100,000 rooms' rows of every
    related table into memory."""
    database = Room.objects.db
    mine = {"round__attempt__board": board}
    with transaction.atomic():
        for model in (Find, WordRuling, RoundPlayer):
            model.objects.filter(**mine)._raw_delete(database)
        Player.objects.filter(attempts__board=board)._raw_delete(database)
        Room.objects.filter(rounds__attempt__board=board)._raw_delete(database)
        Round.objects.filter(attempt__board=board)._raw_delete(database)
        Attempt.objects.filter(board=board)._raw_delete(database)
        ScoreTally.objects.filter(board=board)._raw_delete(database)
        DailyBoard.objects.filter(round=board).delete()
        Room.objects.filter(pk=board.room_id).delete()
