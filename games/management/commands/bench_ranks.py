"""Ranks at scale: `manage.py bench_ranks` (docs/PERFORMANCE.md)."""

from __future__ import annotations

import json
import time

from django.core.management.base import BaseCommand, CommandError
from django.db import connection

from games.management.database import require_migrated
from tools import rank_bench


class Command(BaseCommand):
    help = (
        "Give a board of the day --attempts finished attempts (in bulk), then time "
        "--submissions real final submissions with their rank and percentile read, "
        "taking turns with the same on a baseline board that only they play (server "
        "time: p50, p95, p99, worst). Run it on PostgreSQL (DATABASE_URL). The boards "
        "and their attempts are removed afterwards unless --keep."
    )

    def add_arguments(self, parser):
        parser.add_argument("--attempts", type=int, default=100_000)
        parser.add_argument("--submissions", type=int, default=500)
        parser.add_argument("--json", action="store_true", help="Print one JSON object.")
        parser.add_argument("--keep", action="store_true", help="Keep the boards it built.")
        parser.add_argument(
            "--reuse",
            action="store_true",
            help="Time again on a board kept from a run before (--keep) if it has at least "
            "--attempts attempts, instead of seeding a new one.",
        )

    def handle(self, *args, **options):
        attempts, submissions = options["attempts"], options["submissions"]
        if not 0 <= attempts <= 2_000_000 or not 1 <= submissions <= 10_000:
            raise CommandError("--attempts 0-2000000, --submissions 1-10000", returncode=2)
        require_migrated()
        boards = {"seeded": rank_bench.board(), "baseline": rank_bench.board(baseline=True)}
        reuse = options["reuse"] and boards["seeded"].attempts.count() >= attempts
        for name, board in boards.items():
            if board.attempts.exists() and not (reuse and name == "seeded"):
                rank_bench.remove(board)  # kept from a run before: start from nothing
                boards[name] = rank_bench.board(baseline=name == "baseline")
        began = time.perf_counter()
        if not reuse:
            rank_bench.seed(boards["seeded"], attempts)
        seeded = time.perf_counter() - began
        try:
            figures = rank_bench.bench(boards, submissions)
        finally:
            if not options["keep"]:
                for board in boards.values():
                    rank_bench.remove(board)
        result = {
            "database": connection.vendor,
            "attempts_seeded": attempts,
            "seed_s": round(seeded, 1),
            **figures,
        }
        if options["json"]:
            self.stdout.write(json.dumps(result))
            return
        self.stdout.write(f"{attempts} attempts seeded in {seeded:.1f} s on {connection.vendor}")
        for name, board in figures.items():
            self.stdout.write(
                f"{name}: {board['players']} players, {board['distinct_scores']} distinct scores"
            )
            for key in board:
                if key in ("players", "distinct_scores"):
                    continue
                times = board[key]
                self.stdout.write(
                    f"  {key:>16}: p50 {times['p50_ms']:6.2f} ms, p95 {times['p95_ms']:6.2f} ms,"
                    f" p99 {times['p99_ms']:6.2f} ms, worst {times['max_ms']:6.2f} ms"
                )
