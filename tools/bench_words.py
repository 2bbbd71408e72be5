"""What a submitted word costs the server's word service, in CPU time and queries.

    DATABASE_URL=... REDIS_URL=... .venv/bin/python -m tools.bench_words --mode versus

A room of 30 in a running round, on the database (and channel layer) the
settings name: words go through ``services.word_submit`` as a socket sends
them (the socket's cached round and player, in a worker thread beside a
running event loop, whose layer publishes the events), one that counts for every
``--refused`` that does not (random letters, as the load test sends). Printed:
the CPU time of this process per accepted and per refused word (the
service's share of the server's cost per word; the socket's fan-out and
frames are not in it: ``manage.py loadtest --server-pid`` measures the
whole), and the queries each takes. CPU time hardly moves with what else
the machine runs. ``--profile`` adds cProfile's top functions.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import cProfile
import os
import pstats
import random
import time
from types import SimpleNamespace

import django

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "boggleweb.settings")


def setup(mode: str, scoring: str, players: int):
    from django.utils import timezone

    from games import clock, selectors, services

    room = services.room_create(
        host_browser="bench-words-host",
        language="en",
        mode=mode,
        scoring=scoring,
        duration_seconds=600,
        **({"team_count": 2} if mode == "teams" else {}),
    )
    game_round = selectors.current_round(room)
    services.round_start(round=game_round, now=timezone.now() - clock.COUNTDOWN)
    game_round = selectors.current_round(room)
    seats = []
    for number in range(players):
        player = services.player_join(
            room=room, browser=f"bench-words-{number}", nickname=f"Bench {number}"
        )
        seats.append((player, services.round_enter(round=game_round, player=player)))
    return room, game_round, seats


def submit(game_round, seat, word: str):
    from games import services

    player, member = seat
    return services.word_submit(
        round=game_round, player=player, round_id=game_round.pk, word=word, member=member
    )


def main() -> None:
    asyncio.run(_main())


async def _main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--mode", choices=["versus", "teams"], default="versus")
    parser.add_argument("--scoring", choices=["standard", "classic"], default="standard")
    parser.add_argument("--words", type=int, default=600, help="Words that count.")
    parser.add_argument("--refused", type=int, default=4, help="Refused words per counted one.")
    parser.add_argument("--profile", action="store_true")
    parser.add_argument(
        "--no-queries",
        action="store_true",
        help="Do not count queries: counting them goes through Django's debug cursor, "
        "which adds about 30 us of CPU a statement.",
    )
    args = parser.parse_args()
    django.setup()
    from asgiref.sync import sync_to_async

    await sync_to_async(_bench, thread_sensitive=False)(args)


def _bench(args) -> None:
    """In a worker thread, as daphne runs the services (its event loop sends the events)."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from games.models import Round

    room, game_round, seats = setup(args.mode, args.scoring, 30)
    solution = sorted(Round.objects.get(pk=game_round.pk).solution)
    random.seed(1)
    plan = []  # (seat, word, counts)
    left = {id(seat): random.sample(solution, k=len(solution)) for seat in seats}
    while len([p for p in plan if p[2]]) < args.words:
        seat = random.choice(seats)
        if left[id(seat)]:
            plan.append((seat, left[id(seat)].pop(), True))
        for _ in range(args.refused):
            plan.append((seat, "".join(random.choices("bcdfghjklmnpqrstvwxz", k=5)), False))
    for seat, word, _counts in plan[:20]:  # warm the caches (the round's words, say)
        submit(game_round, seat, word)
    plan = plan[20:]
    spent = {True: 0.0, False: 0.0}
    done = {True: 0, False: 0}
    queries = {True: 0, False: 0}
    profiler = cProfile.Profile(time.process_time) if args.profile else None
    try:
        counting = contextlib.nullcontext(SimpleNamespace(captured_queries=()))
        with counting if args.no_queries else CaptureQueriesContext(connection) as captured:
            for seat, word, _counts in plan:
                before = len(captured.captured_queries)
                if profiler:
                    profiler.enable()
                began = time.process_time()
                result = submit(game_round, seat, word)
                accepted = result.accepted  # a team's word found by a teammate is refused
                spent[accepted] += time.process_time() - began
                if profiler:
                    profiler.disable()
                done[accepted] += 1
                queries[accepted] += len(captured.captured_queries) - before
    finally:
        room.delete()
    for accepted, label in ((True, "accepted"), (False, "refused")):
        n = max(done[accepted], 1)
        counted = "" if args.no_queries else f" and {queries[accepted] / n:.2f} queries"
        print(
            f"{label:>9}: {done[accepted]:5d} words, "
            f"{spent[accepted] * 1e6 / n:7.0f} us CPU{counted} per word"
        )
    if profiler:
        pstats.Stats(profiler).sort_stats("cumulative").print_stats(45)


if __name__ == "__main__":
    main()
